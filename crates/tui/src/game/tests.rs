//! The game's state machine through [`Game::handle`]: selecting and
//! moving, promotion, undo and redo, hints, claims, saving and loading,
//! in every game.

use super::super::test_variants::{fourfold_like, small_cube};
use super::*;
use crate::variants::by_name;
use Action as A;

fn chess() -> &'static dyn Notation {
    by_name("chess").unwrap()
}

fn human(notation: &'static dyn Notation) -> Game {
    Game::new(Options::new(notation))
}

fn from(notation: &'static dyn Notation, text: &str) -> Game {
    Game::new(Options {
        start: notation.read_position(text).unwrap(),
        ..Options::new(notation)
    })
}

fn sq(game: &Game, name: &str) -> usize {
    let layout = game.layout();
    (0..layout.shape().len())
        .find(|&s| game.notation().square_name(game.position(), s) == name)
        .unwrap_or_else(|| panic!("no square {name}"))
}

/// Drives the cursor with arrow actions (within a board) to `target`,
/// which must be on the cursor's board.
fn walk(game: &mut Game, target: usize) {
    let layout = game.layout();
    let (tr, tc) = layout.place(target);
    for _ in 0..64 {
        let (r, c) = layout.place(game.cursor());
        let action = if r > tr {
            A::Up
        } else if r < tr {
            A::Down
        } else if c > tc {
            A::Left
        } else if c < tc {
            A::Right
        } else {
            return;
        };
        game.handle(action);
    }
    assert_eq!(game.cursor(), target, "could not walk there");
}

fn keys_move(game: &mut Game, a: &str, b: &str) {
    let (a, b) = (sq(game, a), sq(game, b));
    walk(game, a);
    game.handle(A::Activate);
    walk(game, b);
    game.handle(A::Activate);
}

fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("duckchess-kg-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// A computer for tests: the first legal move.
fn first_move() -> Computer {
    crate::engine::computer::first_legal()
}

#[test]
fn chess_select_shows_reach_and_moves_by_keys() {
    let mut game = human(chess());
    assert_eq!(game.cursor(), sq(&game, "e1"), "starts on the king");
    let e2 = sq(&game, "e2");
    walk(&mut game, e2);
    game.handle(A::Activate);
    assert_eq!(game.selected(), Some(e2));
    assert_eq!(game.reach(), vec![sq(&game, "e3"), sq(&game, "e4")]);
    assert!(game.prompt().contains("2 targets"), "{}", game.prompt());
    let e4 = sq(&game, "e4");
    walk(&mut game, e4);
    game.handle(A::Activate);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.last_move().map(|m| (m.from(), m.to())), Some((e2, e4)));
    assert_eq!(
        game.notes()[0],
        chess().write_move(&*chess().start(), game.moves()[0])
    );
    assert!(
        game.status().starts_with("black to move"),
        "{}",
        game.status()
    );
    // The cursor stops at the board's edge.
    for _ in 0..10 {
        game.handle(A::Right);
    }
    assert_eq!(game.cursor(), sq(&game, "h4"));
}

#[test]
fn a_wrong_target_or_piece_says_why() {
    let mut game = human(chess());
    keys_move(&mut game, "g1", "g3");
    assert!(game.moves().is_empty());
    assert_eq!(game.prompt(), "the white knight on g1 cannot go to g3");
    assert_eq!(game.selected(), Some(sq(&game, "g1")), "still selected");
    game.handle(A::Cancel);
    assert_eq!(game.selected(), None);
    game.handle(A::Click(sq(&game, "e7")));
    assert_eq!(
        game.prompt(),
        "e7 holds the black pawn, but it is white's turn"
    );
    game.handle(A::Click(sq(&game, "e5")));
    assert_eq!(game.prompt(), "e5 is empty");
}

/// A promotion that ends the game leaves no prompt behind (issue 32,
/// finding 6): the screen says the game is over.
#[test]
fn a_promotion_that_mates_closes_its_prompt() {
    for key in [A::Promote('q'), A::Activate] {
        let mut game = from(chess(), "7k/4P3/6K1/8/8/8/8/8 w - - 0 1");
        game.handle(A::Click(sq(&game, "e7")));
        game.handle(A::Click(sq(&game, "e8")));
        assert!(game.prompt().starts_with("promote to: "));
        game.handle(key);
        assert!(game.outcome().is_some(), "e8=Q mates");
        assert!(
            game.prompt().contains("review the moves"),
            "{}",
            game.prompt()
        );
    }
}

#[test]
fn promotion_asks_and_takes_the_letter() {
    // Black's pawn keeps a knight's promotion from a dead position.
    let mut game = from(chess(), "7k/P6p/8/8/8/8/8/K7 w - - 0 1");
    game.handle(A::Click(sq(&game, "a7")));
    game.handle(A::Click(sq(&game, "a8")));
    assert!(game.moves().is_empty());
    assert_eq!(game.promotion_choices(), Some(vec!['q', 'r', 'b', 'n']));
    assert!(
        game.prompt().starts_with("promote to: q r b n"),
        "{}",
        game.prompt()
    );
    game.handle(A::Promote('x'));
    assert!(game.moves().is_empty());
    game.handle(A::Promote('n'));
    assert_eq!(game.moves().len(), 1);
    let knight = game.position().piece_at(sq(&game, "a8")).unwrap();
    assert_eq!(game.position().variant().kind(knight.kind).name, "knight");
    // Esc drops the prompt; Enter takes the queen.
    game.handle(A::Undo);
    game.handle(A::Click(sq(&game, "a7")));
    game.handle(A::Click(sq(&game, "a8")));
    game.handle(A::Cancel);
    assert_eq!(game.promotion_choices(), None);
    game.handle(A::Click(sq(&game, "a7")));
    game.handle(A::Click(sq(&game, "a8")));
    game.handle(A::Activate);
    let queen = game.position().piece_at(sq(&game, "a8")).unwrap();
    assert_eq!(game.position().variant().kind(queen.kind).name, "queen");
}

#[test]
fn castling_is_the_king_moving_two_squares() {
    let mut game = from(chess(), "r3k2r/8/8/8/8/8/8/R3K2R w KQkq - 0 1");
    game.handle(A::Click(sq(&game, "e1")));
    assert!(game.reach().contains(&sq(&game, "g1")));
    game.handle(A::Click(sq(&game, "g1")));
    assert_eq!(game.moves().len(), 1);
    let rook = game.position().piece_at(sq(&game, "f1")).unwrap();
    assert_eq!(game.position().variant().kind(rook.kind).name, "rook");
}

#[test]
fn undo_and_redo_step_through_the_game() {
    let mut game = human(chess());
    game.handle(A::Redo);
    assert_eq!(game.prompt(), "nothing to redo");
    keys_move(&mut game, "e2", "e4");
    keys_move(&mut game, "e7", "e5");
    keys_move(&mut game, "g1", "f3");
    let end = chess().write_position(game.position());
    game.handle(A::Undo);
    game.handle(A::Undo);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.notes().len(), 1);
    game.handle(A::Redo);
    game.handle(A::Redo);
    assert_eq!(chess().write_position(game.position()), end);
    // A different move after an undo forgets what was undone.
    game.handle(A::Undo);
    keys_move(&mut game, "b1", "c3");
    game.handle(A::Redo);
    assert_eq!(game.prompt(), "nothing to redo");
    // A new game over unsaved moves asks first; any other key keeps
    // the game, y goes on.
    game.handle(A::New);
    assert_eq!(game.confirming(), Some(Confirm::New));
    assert!(
        game.prompt()
            .starts_with("start a new game? 3 unsaved moves"),
        "{}",
        game.prompt()
    );
    game.handle(A::Cancel);
    assert_eq!(game.moves().len(), 3);
    assert_eq!(game.prompt(), "kept the game");
    game.handle(A::New);
    game.handle(A::Yes);
    assert!(game.moves().is_empty());
    assert_eq!(
        chess().write_position(game.position()),
        chess().write_position(&*chess().start())
    );
}

#[test]
fn against_the_computer_undo_and_redo_take_the_reply_too() {
    let mut game = Game::new(Options {
        vs: Vs::Computer,
        chooser: Some(first_move()),
        ..Options::new(chess())
    });
    keys_move(&mut game, "e2", "e4");
    assert!(game.status().contains("black (computer) to move"));
    game.handle(A::Click(sq(&game, "e7")));
    assert!(game.prompt().contains("computer"), "{}", game.prompt());
    game.think_here();
    assert_eq!(game.moves().len(), 2);
    let after = chess().write_position(game.position());
    game.handle(A::Undo);
    assert!(game.moves().is_empty());
    assert_eq!(game.prompt(), "took back 2 moves");
    game.handle(A::Redo);
    assert_eq!(game.prompt(), "replayed 2 moves");
    assert_eq!(chess().write_position(game.position()), after);
}

/// A hint in Duck Chess, whose moves are coordinates, names the piece
/// (issue 32, finding 6).
#[test]
fn a_duck_chess_hint_names_the_piece() {
    let mut game = Game::new(Options {
        chooser: Some(first_move()),
        ..Options::new(duck())
    });
    game.handle(A::Hint);
    let request = game.request().expect("a hint search");
    let best = request.think();
    game.reply(request.id, best);
    let m = game.hint().unwrap();
    let start = duck().start();
    let piece = start.piece_at(m.from()).unwrap();
    let prompt = game.prompt();
    assert!(
        prompt.starts_with(&format!(
            "hint: {} to ",
            duck().piece_on(&*start, piece, m.from())
        )),
        "{prompt}"
    );
    assert!(
        prompt.ends_with(&format!("({})", duck().write_move(&*start, m))),
        "{prompt}"
    );
}

#[test]
fn a_hint_is_asked_of_the_chooser_and_shown() {
    let mut game = Game::new(Options {
        chooser: Some(first_move()),
        ..Options::new(chess())
    });
    game.handle(A::Hint);
    let request = game.request().expect("a hint search");
    assert_eq!(request.purpose, Purpose::Hint);
    let best = request.think();
    game.reply(request.id, best);
    let m = game.hint().unwrap();
    assert_eq!(m, chess().start().legal_moves()[0]);
    let text = chess().write_move(&*chess().start(), m);
    assert_eq!(game.prompt(), format!("hint: {text}"));
    // A hint that comes after the player moved is dropped.
    game.handle(A::Hint);
    let request = game.request().expect("a hint search");
    game.handle(A::Click(12));
    game.handle(A::Click(28));
    assert!(
        request.stop.load(Ordering::Relaxed),
        "the search is told to stop"
    );
    game.reply(request.id, request.think());
    assert_eq!(game.hint(), None);
    assert!(!game.prompt().starts_with("hint"), "{}", game.prompt());
    // Without a computer there is nobody to ask.
    let mut alone = human(chess());
    alone.handle(A::Hint);
    assert!(alone.request().is_none());
    assert_eq!(alone.prompt(), "no computer to ask for a hint");
}

#[test]
fn a_dropped_search_is_stopped_and_its_answer_ignored() {
    for action in [A::Undo, A::New, A::Quit] {
        let slow: Computer = Arc::new(|game: &dyn AnyGame, _: Limits, stop: &AtomicBool| {
            while !stop.load(Ordering::Relaxed) {
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
            game.position()
                .legal_moves()
                .first()
                .map(|&m| crate::engine::computer::just(m))
        });
        let mut game = Game::new(Options {
            vs: Vs::Computer,
            computer: Color::White,
            chooser: Some(slow),
            ..Options::new(chess())
        });
        let request = game.request().expect("white (the computer) moves first");
        let id = request.id;
        let (tx, rx) = std::sync::mpsc::channel();
        std::thread::spawn(move || tx.send(request.think()));
        game.handle(action);
        let answer = rx.recv_timeout(std::time::Duration::from_secs(5));
        assert!(answer.is_ok(), "{action:?}: the search did not stop");
        if action != A::Quit {
            game.reply(id, answer.unwrap());
            assert!(
                game.moves().is_empty(),
                "{action:?}: a stale reply was played"
            );
        }
    }
}

#[test]
fn the_end_says_who_won_and_why() {
    // Fool's mate, by clicks.
    let mut game = human(chess());
    for (a, b) in [("f2", "f3"), ("e7", "e5"), ("g2", "g4"), ("d8", "h4")] {
        game.handle(A::Click(sq(&game, a)));
        game.handle(A::Click(sq(&game, b)));
    }
    assert_eq!(game.status(), "game over: black wins by checkmate");
    game.handle(A::Click(sq(&game, "e2")));
    assert!(
        game.prompt().contains("the game is over"),
        "{}",
        game.prompt()
    );
    // Undo and the arrows walk the finished game; the result stays.
    game.handle(A::Undo);
    assert_eq!(game.status(), "game over: black wins by checkmate");
    assert_eq!(game.reviewing(), Some(3));
    assert_eq!(game.prompt(), format!("move 3 of 4: {}", game.notes()[2]));
    assert_eq!(game.last_move(), Some(game.moves()[2]));
    assert!(game.position().piece_at(sq(&game, "h4")).is_none());
    game.handle(A::First);
    assert_eq!(game.reviewing(), Some(0));
    game.handle(A::Left);
    assert_eq!(game.reviewing(), Some(0), "no further back than the start");
    game.handle(A::Right);
    game.handle(A::Redo);
    assert_eq!(game.reviewing(), Some(2));
    game.handle(A::Last);
    assert_eq!(game.reviewing(), None);
    assert!(game.position().piece_at(sq(&game, "h4")).is_some());
    assert_eq!(game.moves().len(), 4, "nothing taken back");
    let stalemate = from(chess(), "k7/8/1Q6/8/8/8/8/7K b - - 0 1");
    assert_eq!(stalemate.status(), "game over: draw by stalemate");
    let bare = from(chess(), "k7/8/8/8/8/8/8/7K w - - 0 1");
    assert_eq!(
        bare.status(),
        "game over: draw by a dead position (neither side can mate)"
    );
    let check = from(chess(), "k7/8/8/8/8/8/8/r6K w - - 0 1");
    assert!(check.status().contains(", check"), "{}", check.status());
}

#[test]
fn a_repetition_may_be_claimed() {
    let mut game = human(chess());
    game.handle(A::ClaimDraw);
    assert!(game.outcome().is_none());
    for _ in 0..2 {
        for (a, b) in [("g1", "f3"), ("g8", "f6"), ("f3", "g1"), ("f6", "g8")] {
            game.handle(A::Click(sq(&game, a)));
            game.handle(A::Click(sq(&game, b)));
        }
    }
    assert!(
        game.status().contains("d claims a draw"),
        "{}",
        game.status()
    );
    game.handle(A::ClaimDraw);
    assert_eq!(
        game.status(),
        "game over: draw by repetition (the position occurred 3 times)"
    );
    // A claimed draw is a result: undo reviews the game.
    game.handle(A::Undo);
    assert!(game.outcome().is_some());
    assert_eq!(game.reviewing(), Some(7));
}

#[test]
fn the_move_list_pairs_moves_and_splits_long_pairs() {
    let mut game = human(chess());
    keys_move(&mut game, "e2", "e4");
    keys_move(&mut game, "e7", "e5");
    keys_move(&mut game, "g1", "f3");
    let n = game.notes().to_vec();
    assert_eq!(
        game.move_lines(40),
        [format!("1. {} {}", n[0], n[1]), format!("2. {}", n[2])]
    );
    // Too narrow for "1. e4 e5": each move on a line of its own.
    let narrow = game.move_lines(6);
    assert_eq!(narrow[0], format!("1. {}", n[0]));
    assert_eq!(narrow[1], format!("1... {}", n[1]));
    let black_first = from(chess(), "k7/8/8/8/8/8/8/1R5K b - - 0 7");
    let mut g = black_first;
    g.handle(A::Click(sq(&g, "a8")));
    g.handle(A::Click(sq(&g, "a7")));
    assert_eq!(g.move_lines(40)[0], format!("7... {}", g.notes()[0]));
}

#[test]
fn save_and_load_round_trip() {
    let dir = scratch("save");
    let mut game = Game::new(Options {
        save_dir: dir.clone(),
        ..Options::new(chess())
    });
    game.handle(A::Load);
    assert!(
        game.prompt().starts_with("no saved chess game"),
        "{}",
        game.prompt()
    );
    keys_move(&mut game, "e2", "e4");
    keys_move(&mut game, "e7", "e5");
    let moves = game.moves().to_vec();
    let position = chess().write_position(game.position());
    game.handle(A::Save);
    let files: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(files.len(), 1);
    let name = files[0].file_name().unwrap().to_string_lossy().into_owned();
    // Chess saves its record as PGN.
    assert!(
        name.starts_with("chess-") && name.ends_with(".pgn"),
        "{name}"
    );
    assert_eq!(game.prompt(), format!("saved {name}"));
    game.handle(A::New);
    assert!(game.moves().is_empty());
    game.handle(A::Load);
    assert_eq!(game.prompt(), format!("loaded {name} (2 moves)"));
    assert_eq!(game.moves(), moves);
    assert_eq!(chess().write_position(game.position()), position);
    // A broken record is refused, and the game is kept.
    std::fs::write(&files[0], "not a position\n").unwrap();
    game.handle(A::Load);
    assert!(
        game.prompt()
            .starts_with(&format!("could not load {name}: game 1, line 1")),
        "{}",
        game.prompt()
    );
    assert_eq!(game.moves(), moves);
    std::fs::remove_dir_all(&dir).unwrap();
}

/// For every board (chess, Fourfold-like, the cubes): select, move,
/// undo, redo, and a save and load that give back the same game.
#[test]
fn every_board_selects_moves_undoes_redoes_saves_and_loads() {
    use super::super::test_variants::cube4;
    let dir = scratch("every");
    for notation in [chess(), fourfold_like(), small_cube(), cube4()] {
        let mut game = Game::new(Options {
            save_dir: dir.clone(),
            ..Options::new(notation)
        });
        let start = notation.write_position(game.position());
        for _ in 0..4 {
            game.handle(A::Next);
            game.handle(A::Activate);
            assert!(game.selected().is_some(), "{}", notation.name());
            game.handle(A::Next);
            assert!(game.reach().contains(&game.cursor()));
            game.handle(A::Activate);
        }
        assert_eq!(game.moves().len(), 4, "{}", notation.name());
        let end = notation.write_position(game.position());
        let keys = game.keys();
        assert_eq!(keys.len(), 5);
        assert_eq!(keys[4], game.position().key());
        game.handle(A::Undo);
        game.handle(A::Undo);
        assert_eq!(game.moves().len(), 2);
        game.handle(A::Redo);
        game.handle(A::Redo);
        assert_eq!(notation.write_position(game.position()), end);
        game.handle(A::Save);
        game.handle(A::New);
        assert_eq!(notation.write_position(game.position()), start);
        game.handle(A::Load);
        assert!(game.prompt().starts_with("loaded"), "{}", game.prompt());
        assert_eq!(notation.write_position(game.position()), end);
        assert_eq!(game.notes().len(), 4);
    }
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A Fourfold pawn becomes a queen at once: one choice, no prompt.
#[test]
fn a_single_promotion_choice_asks_nothing() {
    let notation = fourfold_like();
    let mut board: Vec<char> = vec!['.'; 64];
    let shape = notation.start().variant().shape;
    let at = |c: [i32; 4]| shape.index(c).unwrap();
    board[at([0, 0, 0, 0])] = 'K';
    board[at([3, 3, 1, 1])] = 'k';
    board[at([1, 2, 0, 0])] = 'P';
    let text: String = board.iter().collect::<String>() + " w";
    let mut game = from(notation, &text);
    game.handle(A::Click(at([1, 2, 0, 0])));
    game.handle(A::Click(at([1, 3, 0, 0])));
    assert_eq!(game.promotion_choices(), None);
    assert_eq!(game.moves().len(), 1);
    let queen = game.position().piece_at(at([1, 3, 0, 0])).unwrap();
    assert_eq!(game.position().variant().kind(queen.kind).name, "queen");
}

#[test]
fn fourfold_keys_play_the_first_move_across_boards() {
    let notation = fourfold_like();
    let mut game = human(notation);
    // The cursor starts on white's king c1[0,0].
    assert_eq!(game.cursor(), sq(&game, "c1[0,0]"));
    game.handle(A::Left);
    game.handle(A::Left);
    assert_eq!(game.cursor(), sq(&game, "a1[0,0]"));
    game.handle(A::Activate);
    let reach = game.reach();
    assert!(
        reach.contains(&sq(&game, "a1[0,1]")),
        "the rook reaches the board above"
    );
    assert!(
        reach.contains(&sq(&game, "a1[1,0]")),
        "and the board to the right"
    );
    game.handle(A::BoardUp);
    assert_eq!(game.cursor(), sq(&game, "a1[0,1]"));
    game.handle(A::Activate);
    assert_eq!(game.notes(), ["a1[0,0]-a1[0,1]"]);
    // Alt+arrows stop at the page's edge of boards.
    game.handle(A::BoardUp);
    assert_eq!(game.cursor(), sq(&game, "a1[0,1]"));
    game.handle(A::BoardRight);
    assert_eq!(game.cursor(), sq(&game, "a1[1,1]"));
    game.handle(A::BoardDown);
    assert_eq!(game.cursor(), sq(&game, "a1[1,0]"));
    // Arrows stay on their board.
    game.handle(A::Left);
    assert_eq!(game.cursor(), sq(&game, "a1[1,0]"));
}

#[test]
fn tab_visits_the_movable_pieces_then_the_targets() {
    let mut game = human(fourfold_like());
    let movable = game.movable();
    assert!(movable.len() > 3);
    game.handle(A::Next);
    let first = game.cursor();
    assert!(movable.contains(&first));
    for _ in 0..movable.len() {
        game.handle(A::Next);
    }
    assert_eq!(game.cursor(), first, "Tab wraps around");
    game.handle(A::Previous);
    game.handle(A::Next);
    assert_eq!(game.cursor(), first);
    game.handle(A::Activate);
    game.handle(A::Next);
    assert!(
        game.reach().contains(&game.cursor()),
        "with a piece up, Tab goes to its targets"
    );
    game.handle(A::Activate);
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn cube_levels_by_key_and_a_move_between_levels() {
    let notation = small_cube();
    let mut game = human(notation);
    let start = game.cursor();
    let z = |g: &Game, s| g.layout().shape().coords(s)[2];
    game.handle(A::LevelUp);
    assert_eq!(z(&game, game.cursor()), z(&game, start) + 1);
    game.handle(A::LevelDown);
    assert_eq!(game.cursor(), start);
    // The top level is drawn left: Alt+Left goes up a level.
    game.handle(A::BoardLeft);
    assert_eq!(z(&game, game.cursor()), z(&game, start) + 1);
    game.handle(A::BoardRight);
    game.handle(A::Activate);
    let target = game.reach()[0];
    game.handle(A::Click(target));
    assert_eq!(game.moves().len(), 1);
    // Save and load through the default record.
    let dir = scratch("cube");
    let path = game.save(&dir, SystemTime::now()).unwrap();
    let mut other = human(notation);
    other.load(&path).unwrap();
    assert_eq!(other.moves(), game.moves());
    std::fs::remove_dir_all(&dir).unwrap();
}

fn duck() -> &'static dyn Notation {
    by_name("duck").unwrap()
}

/// The kernel square of the judge's point (x, y).
fn point(x: i64, y: i64) -> usize {
    crate::variants::duck::square(x, y).unwrap()
}

#[test]
fn duck_chess_explains_refusals_in_the_judges_words() {
    let mut game = human(duck());
    game.handle(A::Click(point(9, 0)));
    assert_eq!(game.selected(), None);
    assert_eq!(game.prompt(), "(9,0) holds blue car, but it is red's turn");
    game.handle(A::Click(point(5, 5)));
    assert_eq!(
        game.prompt(),
        "(5,5) is empty: there is no red piece to move"
    );
    game.handle(A::Click(point(0, 0)));
    game.handle(A::Click(point(7, 0)));
    assert_eq!(
        game.prompt(),
        "car at (0,0) cannot pass (2,0), which holds red duck"
    );
    assert_eq!(
        game.selected(),
        Some(point(0, 0)),
        "the car stays picked up"
    );
    assert!(game.moves().is_empty());
}

#[test]
fn duck_chess_lists_each_move_with_its_judge_line() {
    let mut game = human(duck());
    for (x, y) in [(0, 3), (1, 2), (9, 4), (8, 4)] {
        game.handle(A::Click(point(x, y)));
    }
    assert_eq!(game.notes(), ["0 3 1 2", "9 4 8 4"]);
    assert_eq!(
        game.move_lines(30),
        [
            "1. 0 3 1 2",
            "   red guard;NA;no;no",
            "1... 9 4 8 4",
            "   blue captain;NA;no;no"
        ]
    );
    // A long line breaks after a semicolon.
    assert_eq!(game.move_lines(16)[1..3], ["   red guard;NA;", "   no;no"]);
    assert!(
        game.status().starts_with("red to move"),
        "{}",
        game.status()
    );
}

#[test]
fn duck_chess_ends_when_a_captain_is_taken() {
    let mut game = from(duck(), "4k4/9/9/9/9/9/9/9/4R4/4K4 w");
    assert!(game.status().contains("check"), "{}", game.status());
    assert_eq!(
        game.prompt(),
        "check: red car at (1,4) attacks blue captain at (9,4)"
    );
    game.handle(A::Click(point(1, 4)));
    game.handle(A::Click(point(9, 4)));
    assert_eq!(
        game.status(),
        "game over: red wins by taking the blue captain"
    );
    assert_eq!(
        game.verdicts()[0].as_deref(),
        Some("red car;blue captain;no;yes")
    );
    game.handle(A::Click(point(0, 4)));
    assert!(game
        .prompt()
        .starts_with("the game is over (red wins by taking the blue captain)"));
    // A position without the side to move's captain is over from the
    // start.
    let over = from(duck(), "9/9/9/9/9/9/9/9/9/4K4 b");
    assert!(over.outcome().is_some());
    assert!(
        over.status().starts_with("game over: "),
        "{}",
        over.status()
    );
}

#[test]
fn duck_chess_saves_a_judge_input_that_replays_the_game() {
    let dir = scratch("duck-save");
    let mut game = Game::new(Options {
        save_dir: dir.clone(),
        ..Options::new(duck())
    });
    for (x, y) in [(3, 4), (4, 4), (6, 4), (5, 4), (0, 0), (1, 0)] {
        game.handle(A::Click(point(x, y)));
    }
    game.handle(A::Save);
    let saved: Vec<PathBuf> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    assert_eq!(saved.len(), 1);
    let name = saved[0].file_name().unwrap().to_string_lossy().into_owned();
    assert!(name.starts_with("duck-") && name.ends_with(".in"), "{name}");
    assert_eq!(game.prompt(), format!("saved {name}"));
    let text = std::fs::read_to_string(&saved[0]).unwrap();
    assert_eq!(text, "3\n3 4 4 4\n6 4 5 4\n0 0 1 0\n");
    // The judge replays it to the same verdicts.
    let mut out = Vec::new();
    duckchess_judge::run(
        text.as_bytes(),
        &mut out,
        duckchess_judge::Position::initial(),
    )
    .unwrap();
    let verdicts: Vec<String> = game
        .verdicts()
        .iter()
        .map(|v| v.clone().unwrap() + "\n")
        .collect();
    assert_eq!(String::from_utf8(out).unwrap(), verdicts.concat());
    // Saved: quitting asks nothing now.
    game.handle(A::Quit);
    assert!(game.should_quit());
    let _ = std::fs::remove_dir_all(&dir);
}

/// The count asked about is of the moves since the save, and a
/// finished game unsaved asks too (issue 32, finding 6).
#[test]
fn quitting_counts_the_moves_since_the_save_and_a_finished_game_asks() {
    let dir = scratch("unsaved-count");
    let mut game = Game::new(Options {
        save_dir: dir.clone(),
        vs: Vs::Human,
        ..Options::new(duck())
    });
    for (x, y) in [(3, 4), (4, 4), (6, 4), (5, 4)] {
        game.handle(A::Click(point(x, y)));
    }
    game.handle(A::Save);
    game.handle(A::Click(point(0, 0)));
    game.handle(A::Click(point(1, 0)));
    game.handle(A::Quit);
    assert!(
        game.prompt().starts_with("quit? 1 unsaved move:"),
        "{}",
        game.prompt()
    );
    game.handle(A::Cancel);
    let _ = std::fs::remove_dir_all(&dir);
    // Red's car takes the blue captain: over, and not saved.
    let mut over = from(duck(), "4k4/9/9/9/9/9/9/9/4R4/4K4 w");
    over.handle(A::Click(point(1, 4)));
    over.handle(A::Click(point(9, 4)));
    assert!(over.outcome().is_some());
    over.handle(A::Quit);
    assert!(!over.should_quit());
    assert_eq!(over.confirming(), Some(Confirm::Quit));
    over.handle(A::Yes);
    assert!(over.should_quit());
}

/// A saved PGN names the computer's side (issue 32, finding 6).
#[test]
fn a_pgn_names_the_computer() {
    for (computer, named, unnamed) in [
        (Color::Black, "[Black \"duckchess\"]", "[White \"?\"]"),
        (Color::White, "[White \"duckchess\"]", "[Black \"?\"]"),
    ] {
        let game = Game::new(Options {
            vs: Vs::Computer,
            computer,
            ..Options::new(chess())
        });
        let record = game.record();
        assert!(record.contains(named), "{record}");
        assert!(record.contains(unnamed), "{record}");
    }
    let two = human(chess()).record();
    assert!(two.contains("[White \"?\"]") && two.contains("[Black \"?\"]"));
}

#[test]
fn no_key_loses_a_game_unasked() {
    let mut game = human(duck());
    game.handle(A::Click(point(3, 4)));
    game.handle(A::Click(point(4, 4)));
    // Esc only drops; q asks; any other key keeps the game.
    game.handle(A::Cancel);
    assert!(!game.should_quit());
    game.handle(A::Quit);
    assert!(!game.should_quit());
    assert_eq!(game.confirming(), Some(Confirm::Quit));
    assert!(
        game.prompt().starts_with("quit? 1 unsaved move"),
        "{}",
        game.prompt()
    );
    game.handle(A::Undo);
    assert_eq!(
        game.moves().len(),
        1,
        "the key after a question only answers it"
    );
    assert!(!game.should_quit());
    game.handle(A::Load);
    assert_eq!(game.confirming(), Some(Confirm::Load));
    game.handle(A::Cancel);
    assert_eq!(game.moves().len(), 1);
    game.handle(A::Quit);
    game.handle(A::Yes);
    assert!(game.should_quit());
    // Nothing played: q leaves at once.
    let mut fresh = human(chess());
    fresh.handle(A::Quit);
    assert!(fresh.should_quit());
}

#[test]
fn flip_turns_the_board_and_the_computer_as_first_side_flips_it() {
    let mut game = human(chess());
    let e2 = sq(&game, "e2");
    let upright = game.layout().place(e2);
    game.handle(A::Flip);
    assert!(game.is_flipped());
    let (rows, cols) = (game.layout().rows(), game.layout().cols());
    assert_eq!(
        game.layout().place(e2),
        (rows - 1 - upright.0, cols - 1 - upright.1)
    );
    let against_white = Game::new(Options {
        vs: Vs::Computer,
        computer: Color::White,
        ..Options::new(chess())
    });
    assert!(
        against_white.is_flipped(),
        "playing Black, Black is at the bottom"
    );
}

#[test]
fn fourfold_has_no_draw_to_claim() {
    let mut game = human(by_name("fourfold").unwrap());
    assert!(!game.has_claims());
    game.handle(A::ClaimDraw);
    assert_eq!(
        game.prompt(),
        "fourfold has no draw to claim: its draws come by themselves"
    );
    assert!(human(chess()).has_claims());
}

/// S-chess: a move that may gate a piece in asks which (`-` for none,
/// Enter's), a castling's capital letter putting it on the rook's square.
#[test]
fn a_gating_move_asks_which_piece_to_gate_in() {
    let mut game = from(
        crate::test_samples::sample("seirawan"),
        "r3k2r/8/8/8/8/8/8/R3K2R[H] w KQkq - 0 1",
    );
    game.handle(A::Click(sq(&game, "e1")));
    game.handle(A::Click(sq(&game, "g1")));
    assert_eq!(game.promotion_choices(), Some(vec!['-', 'h', 'H']));
    assert!(
        game.prompt().starts_with("gate in: - h H"),
        "{}",
        game.prompt()
    );
    game.handle(A::Promote('H'));
    assert_eq!(game.moves().len(), 1);
    let hawk = game.position().piece_at(sq(&game, "h1")).unwrap();
    assert_eq!(game.position().variant().kind(hawk.kind).name, "archbishop");
    // Enter plays the move without a gate.
    game.handle(A::Undo);
    game.handle(A::Click(sq(&game, "a1")));
    game.handle(A::Click(sq(&game, "b1")));
    // No castling: no capital, and no word of the rook's square.
    assert_eq!(game.prompt(), "gate in: - h (Enter: none; Esc: cancel)");
    game.handle(A::Activate);
    assert_eq!(game.moves().len(), 1);
    assert_eq!(game.position().piece_at(sq(&game, "a1")), None);
}

/// chess-duck: a promotion's piece is chosen before the duck's square, one
/// letter a piece (not one a piece and duck square), and the board shows
/// the knight on a8 while the duck is placed.
#[test]
fn a_walling_promotion_asks_the_piece_then_the_wall() {
    let mut game = from(
        crate::test_samples::sample("chess-duck"),
        "4k3/P7/8/8/8/8/8/4K3 w - - 0 1",
    );
    game.handle(A::Click(sq(&game, "a7")));
    game.handle(A::Click(sq(&game, "a8")));
    let mut choices = game.promotion_choices().expect("the piece asked first");
    choices.sort_unstable();
    assert_eq!(choices, ['b', 'n', 'q', 'r']);
    assert!(game.placing().is_none(), "no duck's square yet");
    game.handle(A::Promote('n'));
    let placing = game.placing().expect("the duck's square next");
    // Tab goes to the duck's squares: from a8, the next is b8.
    game.handle(A::Next);
    assert_eq!(game.cursor(), sq(&game, "b8"));
    // 64 squares less the two kings and the knight.
    assert_eq!(placing.squares.len(), 61);
    let knight = placing.after.piece_at(sq(&game, "a8")).unwrap();
    assert_eq!(game.position().variant().kind(knight.kind).name, "knight");
    game.handle(A::Click(sq(&game, "h1")));
    assert_eq!(game.moves().len(), 1, "{}", game.prompt());
    assert!(game.position().is_wall(sq(&game, "h1")));
    let knight = game.position().piece_at(sq(&game, "a8")).unwrap();
    assert_eq!(game.position().variant().kind(knight.kind).name, "knight");
}
