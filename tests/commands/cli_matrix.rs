//! The README's table of commands × games, checked: every command that
//! serves every game does so through the same options, and the commands of
//! one game's own format refuse the others in one line.

use std::process::Output;

fn duckchess(args: &[&str]) -> Output {
    assert_cmd::cargo_bin_cmd!("duckchess")
        .args(args)
        .output()
        .unwrap()
}

fn ok(args: &[&str]) -> String {
    let out = duckchess(args);
    assert_eq!(
        out.status.code(),
        Some(0),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

fn refused(args: &[&str]) -> String {
    let out = duckchess(args);
    assert_eq!(out.status.code(), Some(2), "{args:?}");
    let err = String::from_utf8(out.stderr).unwrap();
    assert_eq!(err.lines().count(), 1, "{args:?}: {err}");
    err
}

#[test]
fn every_game_through_every_command_that_takes_a_position() {
    for notation in duckchess::variants::all() {
        let name = notation.name();
        let start = notation.write_position(&*notation.start());
        // The game named in any case, or recognised from its position
        // (the two Fourfold setups read the same positions: `fourfold`).
        let upper = name.to_uppercase();
        let named: [&[&str]; 2] = [&["--variant", &upper], &["--variant", name]];
        for game in named {
            let show = ok(&[&["show"], game, &["start", "--style", "ascii"]].concat());
            assert!(show.contains(" to move\n"), "{name}: {show}");
            let moves = ok(&[&["moves"], game, &["--from", "start"]].concat());
            let count = moves.lines().count();
            let perft = ok(&[&["perft", "1"], game, &["start"]].concat());
            assert_eq!(perft, format!("{count}\n"), "{name}");
            if count > 0 {
                let best = ok(&[&["best", "--depth", "1"], game, &["start"]].concat());
                assert!(best.starts_with("best "), "{name}: {best}");
                let played = ok(&[
                    &[
                        "match",
                        "--games",
                        "1",
                        "--think-ms",
                        "5",
                        "--move-cap",
                        "6",
                    ],
                    game,
                ]
                .concat());
                assert!(played.contains(&format!(" in {name}: ")), "{played}");
            }
            // `play` takes the game and its position, then needs a terminal.
            let err = refused(&[&["play"], game, &["start"]].concat());
            assert!(err.contains("play needs a terminal"), "{name}: {err}");
        }
        let recognised = ok(&["show", &start, "--style", "ascii"]);
        let expected = ok(&["show", "--variant", name, &start, "--style", "ascii"]);
        if name != "fourfold-classic" {
            assert_eq!(recognised, expected, "{name} recognised from {start:?}");
        }
        let listed = ok(&["variants"]);
        assert!(listed.lines().any(|l| l.starts_with(name)), "{listed}");
    }
}

#[test]
fn one_games_own_formats_refuse_the_others_in_one_line() {
    for (args, says) in [
        (
            &["judge", "--variant", "chess"][..],
            "the judge input (Q, then commands xs ys xt yt) is Duck Chess's: --variant chess has none (only --variant duck)",
        ),
        (
            &["trace", "--variant", "cube"][..],
            "the judge input (Q, then commands xs ys xt yt) is Duck Chess's: --variant cube has none (only --variant duck)",
        ),
        (
            &["pgn", "--variant", "duck"][..],
            "PGN is chess's record: --variant duck has none (only --variant chess)",
        ),
        (
            &["mate", "--variant", "Chess"][..],
            "the checkmate puzzle is the cube's: --variant chess has none (only --variant cube)",
        ),
        (
            &["show", "--variant", "hex"][..],
            "unknown variant \"hex\": the variants are duck, chess, cube, fourfold, fourfold-classic, xiangqi, and Fairy-Stockfish's games that `duckchess variants` lists",
        ),
        (
            &["show", "--from", "start", "start"][..],
            "the position is given twice: use --from POSITION or POSITION, not both",
        ),
    ] {
        let err = refused(args);
        assert_eq!(err, format!("duckchess: {says}\n"), "{args:?}");
    }
    // The judge still takes `--variant duck`, in any case.
    let out = duckchess(&["judge", "--variant", "DUCK", "samples/official.in"]);
    assert_eq!(out.status.code(), Some(0));
}

#[test]
fn a_position_names_its_game_and_a_text_no_game_reads_says_so() {
    let chess = ok(&[
        "moves",
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    ]);
    assert_eq!(chess.lines().count(), 20);
    let err = refused(&["show", "hello"]);
    assert!(
        err.contains("no game recognises this position (--variant names the game:"),
        "{err}"
    );
    // `start moves` is every command's, `best` included.
    let best = ok(&[
        "best",
        "--depth",
        "1",
        "--variant",
        "chess",
        "start",
        "moves",
        "e4",
    ]);
    assert!(best.starts_with("best "), "{best}");
    // A missing file is a file that cannot be opened (exit 1).
    let out = duckchess(&["play", "--variant", "chess", "--from", "nosuch.pgn"]);
    assert_eq!(out.status.code(), Some(1));
    assert_eq!(
        String::from_utf8(out.stderr).unwrap(),
        "duckchess: cannot open nosuch.pgn: no such file\n"
    );
}

#[test]
fn help_speaks_of_the_family() {
    let top = ok(&["--help"]);
    assert!(top.contains("chess, cube chess, Fourfold"), "{top}");
    for command in ["show", "moves", "perft", "best", "match", "play"] {
        let help = ok(&[command, "--help"]);
        assert!(!help.contains("kernel variant"), "{command}: {help}");
        assert!(help.contains("--variant <NAME>"), "{command}: {help}");
        assert!(help.contains("--from <POSITION>"), "{command}: {help}");
    }
}

#[test]
fn one_result_in_one_wording_and_one_depth_limit() {
    // Red's car takes the blue captain: the same sentence everywhere.
    let over = "4k4/9/9/9/9/9/9/9/4R4/4K4 w moves 1 4 9 4";
    let show = ok(&["show", over]);
    assert!(
        show.ends_with("red wins by taking the blue captain\n"),
        "{show}"
    );
    let err = refused(&["best", over]);
    assert_eq!(
        err,
        "duckchess: no move: the game is over: red wins by taking the blue captain\n"
    );
    // The same depth limits wherever the computer thinks.
    for command in ["best", "play"] {
        let out = duckchess(&[command, "--depth", "65"]);
        assert_eq!(out.status.code(), Some(2), "{command}");
        let err = String::from_utf8(out.stderr).unwrap();
        assert!(
            err.contains("expected a depth from 1 to 64"),
            "{command}: {err}"
        );
    }
}
