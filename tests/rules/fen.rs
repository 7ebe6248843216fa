//! FEN round trips: any placement, and any position reached by play.

use duckchess::judge::perft::perft;
use duckchess::judge::{self, Board, Color, Command, Piece, Point, Position, Role};
use proptest::prelude::*;

/// Every piece but the captains, which are placed separately (at most one
/// a side).
fn others() -> Vec<Piece> {
    Color::ALL
        .into_iter()
        .flat_map(|c| Role::ALL.into_iter().map(move |r| Piece::new(c, r)))
        .filter(|p| p.role != Role::Captain)
        .collect()
}

prop_compose! {
    /// Any placement a game can reach: no more pieces of a kind than a side
    /// starts with (nothing promotes), and a missing captain only on the
    /// side to move (the side that took it has just moved).
    fn positions()(
        cells in proptest::collection::vec(0usize..24, Point::COUNT),
        red_captain in 0..Point::COUNT,
        // Blue's captain this many points after red's: never on it.
        blue_gap in 1..Point::COUNT,
        taken in proptest::option::of(any::<bool>()),
        blue_to_move in any::<bool>(),
    ) -> Position {
        let others = others();
        let start = Board::initial();
        let mut board = Board::empty();
        for (i, &c) in cells.iter().enumerate() {
            // About half the codes are empty points, so runs of digits occur.
            let piece = others.get(c).copied();
            let full = piece.is_some_and(|p| {
                board.bits_of(p).count_ones() >= start.bits_of(p).count_ones()
            });
            if !full {
                board.set(Point::from_index(i), piece);
            }
        }
        let turn = if blue_to_move { Color::Blue } else { Color::Red };
        let captains = [red_captain, (red_captain + blue_gap) % Point::COUNT];
        for (color, &at) in Color::ALL.iter().zip(&captains) {
            if taken.is_none() || color != &turn {
                board.set(Point::from_index(at), Some(Piece::new(*color, Role::Captain)));
            }
        }
        Position::new(board, turn).expect("at most one captain a side")
    }
}

proptest! {
    #[test]
    fn any_placement_round_trips(pos in positions()) {
        let fen = pos.to_fen();
        let back: Position = fen.parse().unwrap();
        prop_assert_eq!(&back, &pos, "{}", fen);
        // The trailing fields are optional on input.
        let short = fen.trim_end_matches(" - - 0 1");
        prop_assert_eq!(short.parse::<Position>().unwrap(), pos);
    }

    #[test]
    fn positions_reached_by_play_round_trip(choices in proptest::collection::vec(any::<prop::sample::Index>(), 0..60)) {
        let mut game = Position::initial();
        for choice in choices {
            let moves = game.moves();
            if moves.is_empty() {
                break;
            }
            game.play(Command::from(moves[choice.index(moves.len())])).unwrap();
            // A finished game too: the placement lacks a captain, which is
            // what ends a game read from FEN; the counters come back as well.
            prop_assert_eq!(game.to_fen().parse::<Position>().unwrap(), game.clone());
        }
    }
}

#[test]
fn a_position_without_a_captain_is_over() {
    // Blue's captain is missing, blue to move; the board is an ordinary one.
    let fen = "rhea1aehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR b";
    let mut pos: Position = fen.parse().unwrap();
    assert!(pos.is_over(), "{fen}");
    assert!(pos.moves().is_empty(), "{fen}");
    assert!(!pos.is_check(), "{fen}");
    for depth in 1..=3 {
        assert_eq!(perft(&mut pos, depth), 0, "{fen} depth {depth}");
    }
    let mut out = Vec::new();
    let input = "3\n0 0 1 0\n3 0 4 0\n9 0 8 0\n";
    judge::run(input.as_bytes(), &mut out, pos).unwrap();
    assert_eq!(
        String::from_utf8(out).unwrap(),
        "Invalid command\n".repeat(3)
    );
}

#[test]
fn a_placement_no_game_reaches_is_refused() {
    let err = |fen: &str| fen.parse::<Position>().unwrap_err().to_string();
    // The captain is taken by the side that moves: the other is then to move.
    assert_eq!(
        err("rhea1aehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR w"),
        "impossible position: blue has no captain with red to move (after taking it, blue \
         would be to move)"
    );
    // The game ends when the first captain is taken.
    assert_eq!(
        err("rhea1aehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEA1AEHR b"),
        "impossible position: neither side has a captain (the game ends when the first is taken)"
    );
    // Nothing promotes: no side has more of a kind than it starts with.
    assert_eq!(
        err("rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/4R4/RHEAKAEHR w"),
        "impossible position: red has 3 cars, more than the 2 it starts with"
    );
    assert_eq!(
        err("rheakaehr/9/d7d/s1s1s1s1s/9/9/S1S1S1S1S/D7D/9/RHEAKAEHR w - - -1 1"),
        "field 5 '-1' should be a whole number from 0 to 1000000000"
    );
}

#[test]
fn move_counters_follow_fairy_stockfish() {
    let mut game = Position::initial();
    let mut fens = Vec::new();
    // Quiet moves count up; the car capturing the soldier resets the clock.
    for c in [
        (0, 0, 1, 0),
        (9, 0, 8, 0),
        (1, 0, 1, 1),
        (8, 0, 8, 1),
        (3, 0, 4, 0),
        (6, 0, 5, 0),
        (4, 0, 5, 0),
    ] {
        game.play(Command::new(c.0, c.1, c.2, c.3)).unwrap();
        let fen = game.to_fen();
        fens.push(fen.split(' ').skip(1).collect::<Vec<_>>().join(" "));
    }
    assert_eq!(
        fens,
        [
            "b - - 1 1",
            "w - - 2 2",
            "b - - 3 2",
            "w - - 4 3",
            "b - - 5 3",
            "w - - 6 4",
            "b - - 0 4",
        ]
    );
}
