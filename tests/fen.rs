//! FEN round trips: any placement, and any position reached by play.

use duckchess::duck::{Board, Color, Command, Piece, Point, Position, Role};
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
    fn positions()(
        cells in proptest::collection::vec(0usize..24, Point::COUNT),
        red in proptest::option::of(0..Point::COUNT),
        blue in proptest::option::of(0..Point::COUNT),
        blue_to_move in any::<bool>(),
    ) -> Position {
        let others = others();
        let mut board = Board::empty();
        for (i, &c) in cells.iter().enumerate() {
            // About half the codes are empty points, so runs of digits occur.
            board.set(Point::from_index(i), others.get(c).copied());
        }
        for (color, at) in [(Color::Red, red), (Color::Blue, blue)] {
            if let Some(i) = at {
                board.set(Point::from_index(i), Some(Piece::new(color, Role::Captain)));
            }
        }
        let turn = if blue_to_move { Color::Blue } else { Color::Red };
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
            if game.is_over() {
                // A finished game has no FEN of its own: FEN does not say who won.
                break;
            }
            prop_assert_eq!(game.to_fen().parse::<Position>().unwrap(), game.clone());
        }
    }
}
