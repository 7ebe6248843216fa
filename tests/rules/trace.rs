//! Snapshots of trace mode on every sample, read through the library.

use duckchess::judge::Position;
use duckchess::variants::duck::trace;
use duckchess::variants::picture::Style;

fn trace_text(input: &[u8], options: &trace::Options) -> String {
    let mut out = Vec::new();
    // Malformed samples are traced up to the bad line; the error is shown too.
    let result = trace::run(input, &mut out, Position::initial(), options);
    let mut text = String::from_utf8(out).expect("traces are UTF-8");
    if let Err(e) = result {
        text += &format!("error: {e}\n");
    }
    text
}

#[test]
fn trace_every_sample_with_fen() {
    let options = trace::Options {
        fen: true,
        ..trace::Options::default()
    };
    insta::glob!("../../samples", "*.in", |path| {
        let input = std::fs::read(path).unwrap();
        // Named for the sample even while it is the only one, so adding
        // samples does not rename this snapshot.
        let name = path.file_name().unwrap().to_str().unwrap();
        insta::with_settings!({ snapshot_suffix => name }, {
            insta::assert_snapshot!(trace_text(&input, &options));
        });
    });
}

#[test]
fn trace_official_sample_with_ascii_boards() {
    let options = trace::Options {
        board: true,
        style: Style::Ascii,
        ..trace::Options::default()
    };
    let input = include_bytes!("../../samples/official.in");
    insta::assert_snapshot!(trace_text(input, &options));
}

/// The judge lines inside a trace are exactly the judge's answers.
#[test]
fn trace_judge_lines_match_the_answers() {
    insta::glob!("../../samples", "*.in", |path| {
        let Ok(answer) = std::fs::read_to_string(path.with_extension("ans")) else {
            return;
        };
        let input = std::fs::read(path).unwrap();
        let text = trace_text(&input, &trace::Options::default());
        let judged: Vec<&str> = text
            .lines()
            .filter_map(|l| l.split_once(" -> ").map(|(_, verdict)| verdict))
            .collect();
        assert_eq!(judged, answer.lines().collect::<Vec<_>>(), "{path:?}");
    });
}

/// Colour is the caller's choice (the CLI asks `picture::color_for_stdout`).
#[test]
fn boards_are_coloured_only_when_asked() {
    let input = b"1\n0 3 1 2\n";
    let plain = trace::Options {
        board: true,
        ..trace::Options::default()
    };
    let colored = trace::Options {
        color: true,
        ..plain
    };
    assert!(!trace_text(input, &plain).contains('\x1b'));
    let text = trace_text(input, &colored);
    assert!(text.contains("\x1b[1;31m士 \x1b[0m"), "red guard in red");
    assert!(
        text.contains("\x1b[1;34m王 \x1b[0m"),
        "blue captain in blue"
    );
}
