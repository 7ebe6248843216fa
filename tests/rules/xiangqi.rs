//! Xiangqi on the kernel: the published perft counts from the start, its
//! notation (FEN, coordinates, WXF), the rules the kernel gained for it,
//! and every first move's count compared with Fairy-Stockfish's from the
//! start and from positions of seeded random play.

use crate::system;

use duckchess::kernel::{divide, perft, Color, Outcome, Position, Win};
use duckchess::variants::{self, xiangqi};
use std::collections::BTreeMap;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};

fn fen(text: &str) -> Position<u128> {
    xiangqi::from_fen(text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Published (the Chess Programming Wiki's xiangqi perft table;
/// Fairy-Stockfish counts the same): 44, 1,920, 79,666, 3,290,240,
/// 133,312,995.
#[test]
fn start_perft_depths_one_to_three() {
    let start = xiangqi::start();
    let counts: Vec<u64> = (1..=3).map(|d| perft(&start, d)).collect();
    assert_eq!(counts, [44, 1_920, 79_666]);
}

/// Seconds unoptimised: `scripts/kernel_perft_release.sh` runs it in
/// release (and depth 5 with its time).
#[cfg(not(debug_assertions))]
#[test]
fn start_perft_depth_four() {
    assert_eq!(perft(&xiangqi::start(), 4), 3_290_240);
}

#[test]
fn the_registry_knows_it_and_its_fen_reads_back() {
    let game = variants::by_name("xiangqi").unwrap();
    let start = game.start();
    assert_eq!(game.write_position(&*start), xiangqi::START_FEN);
    assert_eq!(
        variants::recognize(xiangqi::START_FEN).unwrap().name(),
        "xiangqi"
    );
    // Duck Chess's start, on the same board, is still Duck Chess's.
    let duck = variants::by_name("duck").unwrap();
    let duck_fen = duck.write_position(&*duck.start());
    assert_eq!(variants::recognize(&duck_fen).unwrap().name(), "duck");
    let text = "r1bakabr1/9/1cn3nc1/p1p1p1p1p/9/9/P1P1P1P1P/1CN3NC1/9/R1BAKABR1 w - - 4 3";
    assert_eq!(xiangqi::write_fen(&fen(text)), text);
}

#[test]
fn moves_read_in_coordinates_and_wxf_and_write_in_wxf() {
    let game = variants::by_name("xiangqi").unwrap();
    let start = game.start();
    for (text, coordinates, wxf) in [
        ("h3e3", "h3e3", "C2=5"),
        ("C2.5", "h3e3", "C2=5"),
        ("H2+3", "h1g3", "H2+3"),
        ("b1c3", "b1c3", "H8+7"),
        ("P7+1", "c4c5", "P7+1"),
        ("E3+5", "g1e3", "E3+5"),
        ("A4+5", "f1e2", "A4+5"),
        ("K5+1", "e1e2", "K5+1"),
        ("R1+2", "i1i3", "R1+2"),
    ] {
        let m = game.read_move(&*start, text).unwrap();
        assert_eq!(game.coordinate_move(&*start, m), coordinates, "{text}");
        assert_eq!(game.write_move(&*start, m), wxf, "{text}");
    }
    assert!(game.read_move(&*start, "C2+6").is_err());
    assert!(game.read_move(&*start, "e1e3").is_err());
    // Black counts files from its own right: its cannon on b8 is on file 2.
    let after = fen("rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C2C4/9/RNBAKABNR b - - 1 1");
    let m = game.read_move(&after, "h8e8").unwrap();
    assert_eq!(game.write_move(&after, m), "C8=5");
    let m = game.read_move(&after, "b8e8").unwrap();
    assert_eq!(game.write_move(&after, m), "C2=5");
    // Two chariots on one file: front and rear.
    let tandem = fen("3k5/9/9/9/9/4R4/9/4R4/9/5K3 w - - 0 1");
    let m = game.read_move(&tandem, "e5d5").unwrap();
    assert_eq!(game.write_move(&tandem, m), "R+=6");
    let m = game.read_move(&tandem, "e3e2").unwrap();
    assert_eq!(game.write_move(&tandem, m), "R--1");
}

#[test]
fn the_rules_the_kernel_gained() {
    // The flying general: with the e-file open, Red's general may not
    // step onto it (d1 to e1 would face e10).
    let open = fen("4k4/9/9/9/9/9/9/9/9/3K5 w - - 0 1");
    let names: Vec<String> = open
        .legal_moves()
        .iter()
        .map(|&m| xiangqi::uci(m))
        .collect();
    assert!(!names.contains(&"d1e1".to_string()), "{names:?}");
    // The palace: the general on d1 has d2 alone besides (c1 and d0 are
    // off it or off the board).
    assert_eq!(names, ["d1d2"]);
    // A cannon captures over exactly one screen, of either side.
    let cannon = fen("3k5/9/9/4p4/4p4/9/9/4C4/9/5K3 w - - 0 1");
    let targets: Vec<String> = cannon
        .legal_moves()
        .iter()
        .filter(|m| m.from() == 2 * 9 + 4)
        .map(|&m| xiangqi::uci(m))
        .collect();
    assert!(targets.contains(&"e3e7".to_string()), "{targets:?}");
    assert!(!targets.contains(&"e3e6".to_string()), "{targets:?}");
    // Stalemate loses: Black's general cannot move and is not in check.
    let stalemated = fen("3k5/4R4/9/9/9/9/9/9/9/5K3 b - - 0 1");
    assert!(!stalemated.is_check());
    assert_eq!(
        stalemated.outcome(),
        Some(Outcome::Decisive {
            winner: Color::White,
            how: Win::Stalemate
        })
    );
}

/// Fairy-Stockfish: on PATH, or where Debian's package puts it.
fn fairy_stockfish() -> Option<PathBuf> {
    system::find("fairy-stockfish").or_else(|| {
        let games = PathBuf::from("/usr/games/fairy-stockfish");
        games.exists().then_some(games)
    })
}

/// A Fairy-Stockfish process playing xiangqi.
struct Fsf {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Fsf {
    fn start(path: &PathBuf) -> Fsf {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::null())
            .spawn()
            .expect("Fairy-Stockfish starts");
        let input = child.stdin.take().unwrap();
        let output = BufReader::new(child.stdout.take().unwrap());
        let mut fsf = Fsf {
            child,
            input,
            output,
        };
        fsf.send("uci");
        fsf.send("setoption name UCI_Variant value xiangqi");
        fsf
    }

    fn send(&mut self, line: &str) {
        writeln!(self.input, "{line}").unwrap();
        self.input.flush().unwrap();
    }

    /// `go perft` from a FEN: each first move's count, and the total.
    fn divide(&mut self, fen: &str, depth: u32) -> (BTreeMap<String, u64>, u64) {
        self.send(&format!("position fen {fen}"));
        self.send(&format!("go perft {depth}"));
        let mut parts = BTreeMap::new();
        loop {
            let mut line = String::new();
            assert!(
                self.output.read_line(&mut line).unwrap() > 0,
                "Fairy-Stockfish quit"
            );
            let line = line.trim();
            if let Some(total) = line.strip_prefix("Nodes searched:") {
                return (parts, total.trim().parse().unwrap());
            }
            if let Some((m, n)) = line.split_once(": ") {
                if let Ok(n) = n.parse() {
                    if m.len() <= 6 && m.chars().all(|c| c.is_ascii_alphanumeric()) {
                        parts.insert(m.to_string(), n);
                    }
                }
            }
        }
    }
}

impl Drop for Fsf {
    fn drop(&mut self) {
        self.send("quit");
        let _ = self.child.wait();
    }
}

/// Positions of seeded random play: `count` games of 8 to 60 plies each,
/// their last position (games that end early are played again).
fn random_positions(count: usize, seed: u64) -> Vec<Position<u128>> {
    let mut state = seed;
    let mut next = move || {
        // SplitMix64: seeded, no crate needed.
        state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
        let mut z = state;
        z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        z ^ (z >> 31)
    };
    let mut positions = Vec::new();
    while positions.len() < count {
        let plies = 8 + next() % 53;
        let mut p = xiangqi::start();
        let mut alive = true;
        for _ in 0..plies {
            let moves = p.legal_moves();
            if moves.is_empty() {
                alive = false;
                break;
            }
            p.play(moves[(next() % moves.len() as u64) as usize])
                .unwrap();
        }
        if alive && !p.legal_moves().is_empty() {
            positions.push(p);
        }
    }
    positions
}

#[test]
fn divide_matches_fairy_stockfish_from_the_start_and_random_play() {
    let Some(path) = fairy_stockfish() else {
        system::have(
            &[("fairy-stockfish", "fairy-stockfish")],
            "xiangqi perft against Fairy-Stockfish",
        );
        return;
    };
    let mut fsf = Fsf::start(&path);
    let mut positions = vec![xiangqi::start()];
    positions.extend(random_positions(12, 31));
    let mut nodes = 0;
    for p in &positions {
        let text = xiangqi::write_fen(p);
        let ours: BTreeMap<String, u64> = divide(p, 3)
            .into_iter()
            .map(|(m, n)| (xiangqi::uci(m), n))
            .collect();
        let (theirs, total) = fsf.divide(&text, 3);
        assert_eq!(ours, theirs, "{text}");
        assert_eq!(ours.values().sum::<u64>(), total, "{text}");
        nodes += total;
    }
    eprintln!(
        "xiangqi: {} positions, {nodes} perft(3) nodes, the same as Fairy-Stockfish's",
        positions.len()
    );
}
