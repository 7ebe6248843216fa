//! Pieces and pawns of other shapes from a file: steps to empty squares
//! only in some directions (`fmWfF`, breakthrough's piece; `mfF`, the
//! hounds). Each move list is pyffish 0.0.90's `legal_moves`.

use super::betza;
use super::tests::{after, sample};
use super::*;
use crate::geometry::Vector;

/// The legal moves in UCI, sorted.
fn moves(g: &FileGame, fen: &str) -> Vec<String> {
    super::tests::sorted_moves(g, &*after(g, fen, ""))
}

#[test]
fn quiet_steps_are_read_with_their_directions_and_written_back() {
    let piece = betza::read("fmWfF").unwrap();
    assert_eq!(piece.quiet_steps, [Vector::new(&[0, 1])]);
    assert_eq!(piece.steps.len(), 2);
    let hound = betza::read("mfF").unwrap();
    assert_eq!(hound.quiet_steps.len(), 2);
    assert!(hound.steps.is_empty() && hound.leaps.is_empty());
    let kind = hound.apply(crate::kernel::PieceKind::new("hound", 'h', 100));
    assert_eq!(betza::write(&kind).unwrap(), "mfF");
    // A one-way quiet step to one side (Black's turned half round).
    let left = betza::read("mflF").unwrap();
    assert_eq!(left.quiet_steps, [Vector::new(&[-1, 1])]);
}

#[test]
fn breakthroughs_piece_moves_straight_and_takes_diagonally() {
    let g = sample("breakthrough");
    // Blocked straight ahead, it takes on e5 and moves to c5.
    assert_eq!(
        moves(&g, "8/8/8/3pp3/3P4/8/8/8 w - - 0 1"),
        ["d4c5", "d4e5"]
    );
    assert_eq!(moves(&g, "7p/8/8/8/8/8/P7/8 w - - 0 1"), ["a2a3", "a2b3"]);
}

#[test]
fn hounds_move_diagonally_forward_and_never_take() {
    let g = sample("fox-and-hounds");
    // Black's hound steps down the board, never onto the fox.
    assert_eq!(moves(&g, "8/8/8/8/3h4/2F5/8/8 b - - 0 1"), ["d4e3"]);
    // The fox steps diagonally both ways, and does not take the hound.
    assert_eq!(
        moves(&g, "8/8/8/8/3h4/2F5/8/8 w - - 0 1"),
        ["c3b2", "c3b4", "c3d2"]
    );
}

#[test]
fn a_pawn_with_other_quiet_steps_is_still_the_pawn() {
    let sideways = betza::read("fsmWfceFifmnD").unwrap();
    assert_eq!(sideways.pawn, Some(true));
    assert_eq!(
        sideways.quiet_steps,
        [Vector::new(&[1, 0]), Vector::new(&[-1, 0])]
    );
    assert_eq!(betza::read("fbmWfceF").unwrap().pawn, Some(false));
    let g = sample("pawnsideways");
    let pawn = g.variant().kinds.iter().find(|k| k.pawn.is_some()).unwrap();
    assert_eq!(betza::write(pawn).unwrap(), "fmWmsWfcFifmnD");
}

#[test]
fn pawns_step_aside_and_back() {
    let g = sample("pawnsideways");
    assert_eq!(
        moves(&g, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1"),
        ["b2a2", "b2b3", "b2b4", "b2c2", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    // A step aside is undone by a step aside: the count goes on; a push
    // restarts it.
    let p = after(&g, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", "b2c2");
    assert_eq!(p.halfmove(), 1);
    let p = after(&g, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1", "b2c2 e8d8 c2c3");
    assert_eq!(p.halfmove(), 0);
    let back = sample("pawnback");
    // Back from b3, but never onto the first rank from b2.
    assert_eq!(
        moves(&back, "4k3/8/8/8/8/8/1P6/4K3 w - - 0 1"),
        ["b2b3", "b2b4", "e1d1", "e1d2", "e1e2", "e1f1", "e1f2"]
    );
    assert_eq!(
        moves(&back, "4k3/1p6/8/8/8/1P6/8/4K3 b - - 0 1"),
        ["b7b5", "b7b6", "e8d7", "e8d8", "e8e7", "e8f7", "e8f8"]
    );
    assert!(moves(&back, "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1").contains(&"b3b2".to_string()));
    // No pawn move restarts the count.
    let p = after(&back, "4k3/8/8/8/8/1P6/8/4K3 w - - 0 1", "b3b4 e8d8 b4b3");
    assert_eq!(p.halfmove(), 3);
}

#[test]
fn a_pinned_leaper_does_not_jump_past_its_pinner() {
    let g = sample("tencubed");
    let from_g3 = |fen: &str| -> Vec<String> {
        moves(&g, fen)
            .into_iter()
            .filter(|m| m.starts_with("g3"))
            .collect()
    };
    // The champion on g3, pinned by the queen on g4, takes her; its D leap
    // to g5 would leave the king on g2 in check.
    assert_eq!(
        from_g3("k9/10/10/10/10/10/6q3/6C3/6K3/10 w - - 0 1"),
        ["g3g4"]
    );
    // Pinned by a queen on g5, it may leap to her.
    assert_eq!(
        from_g3("k9/10/10/10/10/6q3/10/6C3/6K3/10 w - - 0 1"),
        ["g3g4", "g3g5"]
    );
}

#[test]
fn grand_pawns_may_decline_promotion_and_promote_only_to_what_is_missing() {
    let g = sample("grand");
    let from = |fen: &str, square: &str| -> Vec<String> {
        moves(&g, fen)
            .into_iter()
            .filter(|m| m.starts_with(square))
            .collect()
    };
    // Rank 8: a pawn may stay one; with its queen on the board, no queen.
    assert_eq!(
        from("7k2/10/10/4P5/10/10/10/10/10/Q8K w - - 0 1", "e7"),
        ["e7e8", "e7e8a", "e7e8b", "e7e8c", "e7e8n", "e7e8r"]
    );
    // The last rank: it must promote...
    assert_eq!(
        from("7k2/4P5/10/10/10/10/10/10/10/Q8K w - - 0 1", "e9"),
        ["e9e10a", "e9e10b", "e9e10c", "e9e10n", "e9e10r"]
    );
    // ... and with every kind at its limit it cannot go there.
    assert!(from("7k2/4P5/10/10/10/10/10/10/10/QACRRBBNNK w - - 0 1", "e9").is_empty());
}

#[test]
fn promotion_limits_are_read_with_their_errors() {
    let g = sample("grand");
    let pawn = g
        .variant()
        .kinds
        .iter()
        .find_map(|k| k.pawn.as_ref())
        .unwrap();
    let choice = pawn.choice.as_ref().unwrap();
    assert!(choice.optional);
    assert_eq!(choice.limits.len(), 6);
    let text = super::write::write(g.variant()).unwrap();
    assert!(
        text.contains("promotionLimit = a:1 c:1 q:1 r:2 b:2 n:2"),
        "{text}"
    );
    assert!(text.contains("mandatoryPawnPromotion = false"), "{text}");
    let err = super::tests::error("[x:chess]\npromotionLimit = q1\n");
    assert!(err.starts_with("line 2: promotionLimit"), "{err}");
    let err = super::tests::error("[x:chess]\nmandatoryPawnPromotion = false\n");
    assert!(err.contains("immobilityIllegal = true"), "{err}");
}
