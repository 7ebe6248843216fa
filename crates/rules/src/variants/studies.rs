//! Positions to study, for every game of the registry: chess endgames and
//! tactics, the ten published cube puzzles, Fourfold positions with a
//! forced mate, Duck Chess situations from the hand-worked `samples/` and
//! the contest's sample game, a xiangqi opening and mate.
//!
//! Each study is a text the page's import reads ([`super::line::read_text`]:
//! a position, a line `start moves ...` or a record), the goal in words,
//! where it opens (the last position, or the first to step through), and
//! what `tests/rules/studies.rs` checks about it: a forced mate the engine
//! confirms, the move it finds, or the puzzle's published answer.
//!
//! ```
//! let chess: Vec<_> = duckchess_rules::variants::studies::of("chess").collect();
//! assert!(chess.len() >= 12);
//! assert!(chess.iter().all(|s| !s.goal.is_empty()));
//! ```

use std::sync::OnceLock;

/// What a study's check is: what its goal claims, which the tests confirm.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Claim {
    /// Nothing beyond a legal position (an endgame whose plan is told in
    /// words, a game to step through).
    Nothing,
    /// The side to move mates (or takes the royal piece) in this many of
    /// its moves, and no fewer: a search `2n − 1` plies deep finds it.
    Mate(u32),
    /// The engine, searching this many plies, plays this move (in the
    /// game's notation) first.
    Best(&'static str, u32),
    /// The cube puzzle's answer: whether the side to move is checkmated.
    Checkmated(bool),
}

/// One position to study.
#[derive(Clone, Debug)]
pub struct Study {
    /// The game's name in the registry.
    pub game: &'static str,
    /// A short title for the menu.
    pub title: String,
    /// What to find or to learn, in words.
    pub goal: String,
    /// The position, line or record ([`super::line::read_text`]).
    pub text: String,
    /// Open at the first position, to step through the moves; otherwise
    /// at the last.
    pub from_start: bool,
    /// The answer in words, for the page to show on demand (empty when the
    /// goal says it all).
    pub solution: String,
    /// What the goal claims, checked by the tests.
    pub claim: Claim,
}

fn study(
    game: &'static str,
    title: &str,
    goal: &str,
    text: &str,
    solution: &str,
    claim: Claim,
) -> Study {
    Study {
        game,
        title: title.into(),
        goal: goal.into(),
        text: text.into(),
        from_start: false,
        solution: solution.into(),
        claim,
    }
}

/// Every study, grouped by game in the registry's order.
pub fn all() -> &'static [Study] {
    static ALL: OnceLock<Vec<Study>> = OnceLock::new();
    ALL.get_or_init(|| {
        let mut all = duck();
        all.extend(chess());
        all.extend(cube());
        all.extend(fourfold());
        all.extend(xiangqi());
        all
    })
}

/// The studies of one game.
pub fn of(game: &str) -> impl Iterator<Item = &'static Study> + '_ {
    all().iter().filter(move |s| s.game == game)
}

fn chess() -> Vec<Study> {
    use Claim::*;
    let c = "chess";
    let mut legal = study(
        c,
        "Legal's mate",
        "Step through a short game: White gives up the queen and mates with three minor pieces.",
        "start moves e4 e5 Nf3 d6 Bc4 Bg4 Nc3 g6 Nxe5 Bxd1 Bxf7+ Ke7 Nd5#",
        "5. Nxe5! leaves the queen to be taken; 6. Bxf7+ Ke7 7. Nd5# follows.",
        Nothing,
    );
    legal.from_start = true;
    vec![
        study(
            c,
            "Back-rank mate",
            "White to move mates in 1: the black king is shut in by its own pawns.",
            "6k1/5ppp/8/8/8/8/5PPP/3R2K1 w - - 0 1",
            "1. Rd8#",
            Mate(1),
        ),
        study(
            c,
            "Arabian mate",
            "White to move mates in 1 with rook and knight.",
            "7k/R7/5N2/8/8/8/8/6K1 w - - 0 1",
            "1. Rh7#: the knight guards h7 and g8, the rook g7.",
            Mate(1),
        ),
        study(
            c,
            "King and rook against king",
            "White to move mates in 2: a waiting move first.",
            "4k3/8/3K4/8/8/8/8/7R w - - 0 1",
            "1. Rf1! Kd8 2. Rf8#",
            Mate(2),
        ),
        study(
            c,
            "King and queen against king",
            "White to move mates in 4: drive the king to the edge with the queen, then bring the king.",
            "8/8/8/8/8/2k5/8/2K4Q w - - 0 1",
            "1. Qe4 Kb3 2. Qd4 Ka3 3. Kc2 Ka2 4. Qb2#",
            Mate(4),
        ),
        study(
            c,
            "Smothered mate",
            "White to move mates in 4: the knight mates a king hemmed in by its own pieces.",
            "r6k/6pp/8/6N1/2Q5/8/8/6K1 w - - 0 1",
            "1. Nf7+ Kg8 2. Nh6+ Kh8 3. Qg8+ Rxg8 4. Nf7#",
            Mate(4),
        ),
        study(
            c,
            "Knight fork",
            "White to move wins the queen: one knight move attacks king and queen at once.",
            "q3k3/8/8/1N6/8/8/P7/4K3 w - - 0 1",
            "1. Nc7+ and 2. Nxa8",
            Best("Nc7+", 4),
        ),
        study(
            c,
            "Skewer",
            "White to move wins the queen: check the king so that the queen behind it falls.",
            "8/8/8/8/2k3q1/8/8/R6K w - - 0 1",
            "1. Ra4+ and 2. Rxg4",
            Best("Ra4+", 4),
        ),
        study(
            c,
            "Pin",
            "White to move wins the queen for a rook: pin it to its king.",
            "4k3/8/8/4q3/8/8/5PPP/R4K2 w - - 0 1",
            "1. Re1 pins the queen; 1... Qxe1+ 2. Kxe1",
            Best("Re1", 4),
        ),
        study(
            c,
            "The square of the pawn",
            "White to move wins: the black king is outside the pawn's square and cannot catch it.",
            "8/8/8/8/P7/8/6k1/K7 w - - 0 1",
            "1. a5 and the pawn queens in four moves.",
            Best("a5", 4),
        ),
        study(
            c,
            "King in front of its pawn",
            "White wins whoever moves: the king on the sixth rank in front of its pawn.",
            "4k3/8/4K3/4P3/8/8/8/8 w - - 0 1",
            "1. Kd6 Kd8 2. e6 Ke8 3. e7 Kf7 4. Kd7 and the pawn queens.",
            Nothing,
        ),
        study(
            c,
            "The opposition",
            "Black to move draws, but only by taking the opposition.",
            "4k3/8/4P3/4K3/8/8/8/8 b - - 0 1",
            "1... Ke7! (1... Kf8? 2. Kd6 Ke8 3. e7 wins); after 2. Kf5 Ke8! 3. Kf6 Kf8 4. e7+ Ke8 5. Ke6 it is stalemate.",
            Best("Ke7", 4),
        ),
        study(
            c,
            "Lucena position",
            "White to move wins: build a bridge with the rook on the fourth rank against the checks.",
            "1K6/1P1k4/8/8/8/8/r7/2R5 w - - 0 1",
            "1. Rd1+ Ke7 2. Rd4! Rb2 3. Kc7 Rc2+ 4. Kb6 Rb2+ 5. Kc6 Rc2+ 6. Kb5 Rb2+ 7. Rb4",
            Nothing,
        ),
        study(
            c,
            "Philidor position",
            "Black to move draws: the rook keeps the white king off the sixth rank, then checks from behind.",
            "8/4k3/7r/3KP3/8/8/8/R7 b - - 0 1",
            "Keep the rook on the sixth rank (1... Rb6); once the pawn steps to e6, the rook goes back to check from behind.",
            Nothing,
        ),
        legal,
    ]
}

fn cube() -> Vec<Study> {
    let cases = include_str!("../../samples/cube/published.txt").lines();
    let answers = include_str!("../../samples/cube/published.ans").lines();
    cases
        .zip(answers)
        .enumerate()
        .map(|(i, (case, answer))| {
            let mate = answer.trim() == "true";
            study(
                "cube",
                &format!("Published puzzle {}", i + 1),
                "The puzzle: is White, to move, checkmated? (The puzzle box answers, with the reasons.)",
                case.trim(),
                if mate {
                    "true: White is checkmated."
                } else {
                    "false: White is not checkmated."
                },
                Claim::Checkmated(mate),
            )
        })
        .collect()
}

fn fourfold() -> Vec<Study> {
    use Claim::*;
    let f = "fourfold";
    let line = [
        "a2[1,0]-a3[1,0]+",
        "Ka4[1,1]-b4[0,0]",
        "c2[0,0]-c3[0,0]+",
        "Qd4[0,1]xc3[0,0]",
        "d2[0,0]xc3[0,0]+",
        "Bc4[0,1]xc3[0,0]",
    ];
    let after = |plies: usize| format!("start moves {}", line[..plies].join(" "));
    let classic = "start moves b2[0,0]-b3[0,0] b3[1,1]-b2[1,1] b3[0,0]xb4[0,1]=Q+ \
        Qa4[1,1]xb4[0,1] c2[0,0]-c3[0,0] a3[1,1]-a2[1,1] Rc1[1,0]-c1[1,1] \
        b2[1,1]-b1[1,1]=Q+ Rc1[1,1]xb1[1,1]+ a2[1,1]xb1[1,1]=Q+ Kc1[0,0]xb1[1,1] \
        Nc4[1,1]-d2[1,1]+ Qd1[0,0]xd2[1,1] c3[1,1]xd2[1,1] c3[0,0]xc4[0,1]=Q+ \
        Kb4[1,1]xc4[0,1] Ra1[0,0]-a1[0,1]";
    vec![
        study(
            f,
            "Mate from the start",
            "White mates in 4 from the full army's starting position.",
            "start",
            "1. a2[1,0]-a3[1,0]+ Ka4[1,1]-b4[0,0] 2. c2[0,0]-c3[0,0]+ Qd4[0,1]xc3[0,0] 3. d2[0,0]xc3[0,0]+ Bc4[0,1]xc3[0,0] 4. Qd1[0,0]-b3[0,0]#",
            Mate(4),
        ),
        study(
            f,
            "Mate in 3",
            "White to move mates in 3 (the line from the start, after 1. a2[1,0]-a3[1,0]+ Ka4[1,1]-b4[0,0]).",
            &after(2),
            "2. c2[0,0]-c3[0,0]+ Qd4[0,1]xc3[0,0] 3. d2[0,0]xc3[0,0]+ Bc4[0,1]xc3[0,0] 4. Qd1[0,0]-b3[0,0]#",
            Mate(3),
        ),
        study(
            f,
            "Mate in 2",
            "White to move mates in 2.",
            &after(4),
            "3. d2[0,0]xc3[0,0]+ Bc4[0,1]xc3[0,0] 4. Qd1[0,0]-b3[0,0]#",
            Mate(2),
        ),
        study(
            f,
            "Mate in 1",
            "White to move mates in 1 with the queen.",
            &after(6),
            "4. Qd1[0,0]-b3[0,0]#",
            Mate(1),
        ),
    ]
    .into_iter()
    .chain([study(
        "fourfold-classic",
        "Black mates in 4",
        "Black to move mates in 4 (a game from the classic setup, 17 plies in).",
        classic,
        "9... Kc4[0,1]-c3[1,0] 10. Nb1[0,0]-a3[0,0]+ Qb4[0,1]xa3[0,0] 11. Kb1[1,1]-c1[0,1] Qa3[0,0]-b2[0,1]+ 12. Kc1[0,1]-d1[1,1] Qb2[0,1]-c2[1,1]#",
        Mate(4),
    )])
    .collect()
}

fn duck() -> Vec<Study> {
    use Claim::*;
    let d = "duck";
    let mut official = study(
        d,
        "The contest's sample game",
        "Step through the 9 valid moves of the judge's sample input (its other 9 commands are invalid and left out); the red duck takes the blue captain at the end.",
        include_str!("../../samples/official.in"),
        "",
        Nothing,
    );
    official.from_start = true;
    let sample =
        |title: &str, goal: &str, text: &str, claim: Claim| study(d, title, goal, text, "", claim);
    vec![
        official,
        sample(
            "The sample game's last move",
            "Red to move wins at once: take the blue captain.",
            "start moves 0 3 1 2, 9 4 8 4, 3 2 2 3, 9 2 7 4, 2 0 4 3, 9 1 8 3, 4 3 6 6, 8 4 9 4",
            Mate(1),
        ),
        sample(
            "A captain walks into attack",
            "Blue to move wins at once: the red captain stepped onto the blue car's line (Duck Chess allows it); take it.",
            include_str!("../../samples/check_when_captain_walks_into_attack.in"),
            Mate(1),
        ),
        sample(
            "Check by a horse",
            "The red horse at (6,6) attacks the blue captain at (7,4): its leg point (6,5) is free. Blue to move.",
            include_str!("../../samples/check_by_horse.in"),
            Nothing,
        ),
        sample(
            "Check by an elephant",
            "The red elephant at (6,8) attacks the blue captain at (8,6) across its free eye (7,7). Blue to move.",
            include_str!("../../samples/check_by_elephant.in"),
            Nothing,
        ),
        sample(
            "Check by the duck",
            "The blue duck at (2,1) attacks the red captain at (0,4): a duck checks too. Red to move.",
            include_str!("../../samples/check_by_duck.in"),
            Nothing,
        ),
        sample(
            "Check by a soldier",
            "The red soldier at (6,4) attacks the blue captain at (7,4). Blue to move.",
            include_str!("../../samples/check_by_soldier.in"),
            Nothing,
        ),
        sample(
            "Check by a guard",
            "The red guard at (4,3) attacks the blue captain at (5,4). Blue to move.",
            include_str!("../../samples/check_by_guard.in"),
            Nothing,
        ),
        sample(
            "Check by a car",
            "The red car at (6,4) attacks the blue captain at (9,4) along the open file. Blue to move.",
            include_str!("../../samples/check_by_car_and_blocking_it.in"),
            Nothing,
        ),
        sample(
            "Captains face to face",
            "Each captain attacks the other: the judge's check counts either side's. Blue to move takes first.",
            include_str!("../../samples/check_by_captain.in"),
            Mate(1),
        ),
    ]
}

fn xiangqi() -> Vec<Study> {
    use Claim::*;
    let x = "xiangqi";
    let mut opening = study(
        x,
        "Central cannon against screen horses",
        "Step through the commonest opening: Red brings a cannon to the central file, aiming \
         at Black's central soldier over it; Black screens with horses and a chariot.",
        "start moves C2=5 H8+7 H2+3 R9=8",
        "",
        Nothing,
    );
    opening.from_start = true;
    vec![
        opening,
        study(
            x,
            "Two chariots",
            "Red mates in 2: the lone general has few points in its palace, and the flying \
             general keeps it off Red's file.",
            "4k4/9/9/9/9/9/9/9/R7R/3K5 w - - 0 1",
            "1. R9=5 (the e-file closed; d10 faces Red's general) K5=6 2. R1=4#",
            Mate(2),
        ),
    ]
}
