//! Dobutsu's safe flag (`flagPieceSafe`): a lion on the far rank wins
//! only where no piece of the other side attacks it. Every result is
//! Fairy-Stockfish's (pyffish 0.0.90: `is_immediate_game_end`,
//! `legal_moves`).

use super::read;
use super::tests::{after, error, sample};
use crate::kernel::{Color, Draw, Outcome, Win};

fn won(winner: Color) -> Option<Outcome> {
    Some(Outcome::Decisive {
        winner,
        how: Win::Flag,
    })
}

#[test]
fn a_lion_on_the_far_rank_wins_only_unattacked() {
    let g = sample("dobutsu");
    // White's lion on a4, Black's on c2 far from it: White has won.
    assert_eq!(
        after(&g, "L2/3/2l/3[-] b 0 1", "").outcome(),
        won(Color::White)
    );
    // Black's lion on b3 attacks a4: the game goes on, and Black may
    // take the lion (pyffish lists b3a4 among eight moves).
    let attacked = after(&g, "L2/1l1/3/3[-] b 0 1", "");
    assert_eq!(attacked.outcome(), None);
    assert_eq!(attacked.legal_moves().len(), 8);
    // Black's lion steps away to b2: White's still stands on a4 at its
    // turn, unattacked, and wins.
    assert_eq!(
        after(&g, "L2/1l1/3/3[-] b 0 1", "b3b2").outcome(),
        won(Color::White)
    );
    // A lion that stood attacked at its side's turn has not won yet.
    assert_eq!(after(&g, "L2/1l1/3/3[-] w 0 1", "").outcome(), None);
    // Both lions safe on their far ranks: a draw.
    assert_eq!(
        after(&g, "L2/3/3/l2[-] b 0 1", "").outcome(),
        Some(Outcome::Draw(Draw::Flag))
    );
}

#[test]
fn the_safe_flag_needs_a_region_and_no_extra_move() {
    assert_eq!(
        error("[a:chess]\nflagPieceSafe = true\n"),
        "line 2: flagPieceSafe = true is not supported: there is no flag region"
    );
    assert_eq!(
        error("[a:chess]\nflagPiece = k\nflagRegion = d4\nflagMove = true\nflagPieceSafe = true\n"),
        "line 5: flagPieceSafe = true is not supported: played here without flagMove"
    );
    assert!(read("[a:chess]\nflagPiece = k\nflagRegion = d4\nflagPieceSafe = true\n").is_ok());
    assert_eq!(
        error("[a:chess]\nflagPieceSafe = maybe\n"),
        "line 2: flagPieceSafe = \"maybe\": true or false"
    );
}
