//! The built-in games' slider magics come from `kernel::magics::KNOWN`,
//! with no search at start-up; `write_known_magics` (ignored: run it in
//! release when a game's board or sliders change) writes that table from
//! the search.

use crate::kernel::{Big, Bits};
use crate::kernel::{Rules, SquareSet};
use crate::variants::cube::CubeSet;
use crate::variants::{chess, cube, duck, fourfold, xiangqi};

/// A rules' slider groups: each group's key and its factors and shifts.
type Factors = Vec<(u64, Vec<(u64, u8)>)>;

/// Every built-in game's rules (each cube size), by name: what the table
/// serves.
fn each_game(mut f: impl FnMut(&str, &dyn Fn() -> Factors, bool)) {
    fn of<S: SquareSet>(r: &'static Rules<S>) -> (Factors, bool) {
        // The tables filled from the known factors answer as the rays do.
        if let Some(at) = r.magic_disagreement(24) {
            panic!("{}: the magic table is wrong at {at}", r.variant().name);
        }
        (r.magic_factors(), r.magics_all_known())
    }
    fn searched<S: SquareSet>(r: &'static Rules<S>) -> Factors {
        Rules::<S>::searched(r.variant().clone())
            .expect("a built-in game's rules")
            .magic_factors()
    }
    let (_, known) = of(chess::rules());
    f("chess", &|| searched(chess::rules()), known);
    let (_, known) = of(duck::rules());
    f("duck", &|| searched(duck::rules()), known);
    let (_, known) = of(xiangqi::rules());
    f("xiangqi", &|| searched(xiangqi::rules()), known);
    for army in [fourfold::Army::Full, fourfold::Army::Classic] {
        let (_, known) = of(fourfold::rules(army));
        f("fourfold", &|| searched(fourfold::rules(army)), known);
    }
    for n in cube::MIN_N..=cube::MAX_N {
        let name = format!("cube {n}");
        match n {
            ..=4 => f(
                &name,
                &|| searched(<u64 as CubeSet>::rules(n)),
                of(<u64 as CubeSet>::rules(n)).1,
            ),
            5 => f(
                &name,
                &|| searched(<u128 as CubeSet>::rules(n)),
                of(<u128 as CubeSet>::rules(n)).1,
            ),
            6 => f(
                &name,
                &|| searched(<Bits<4> as CubeSet>::rules(n)),
                of(<Bits<4> as CubeSet>::rules(n)).1,
            ),
            7 | 8 => f(
                &name,
                &|| searched(<Bits<8> as CubeSet>::rules(n)),
                of(<Bits<8> as CubeSet>::rules(n)).1,
            ),
            _ => f(
                &name,
                &|| searched(<Big as CubeSet>::rules(n)),
                of(<Big as CubeSet>::rules(n)).1,
            ),
        }
    }
}

#[test]
fn every_built_in_game_starts_from_known_magics() {
    let mut stale = Vec::new();
    each_game(|name, _, known| {
        if !known {
            stale.push(name.to_string());
        }
    });
    assert!(
        stale.is_empty(),
        "searched at start-up (crates/rules/src/kernel/magics_known.rs is out of date: \
         cargo test --release --lib write_known_magics -- --ignored): {stale:?}"
    );
}

/// Writes `crates/rules/src/kernel/magics_known.rs` from the search (atomically: a
/// temporary file renamed into place).
#[test]
#[ignore]
fn write_known_magics() {
    let mut groups: Factors = Vec::new();
    each_game(|_, searched, _| {
        for (key, magics) in searched() {
            if !groups.iter().any(|(k, _)| *k == key) {
                groups.push((key, magics));
            }
        }
    });
    let mut text = String::from(
        "// Written by `cargo test --release --lib write_known_magics -- --ignored`\n\
         // from the seeded search in `Rules`: do not edit.\n\n\
         /// The magic factors of the built-in games' slider groups.\n\
         pub(crate) static KNOWN: &[KnownGroup] = &[\n",
    );
    for (key, magics) in &groups {
        text.push_str(&format!(
            "    KnownGroup {{\n        key: {key:#018x},\n        magics: &[\n"
        ));
        for chunk in magics.chunks(4) {
            let items: Vec<String> = chunk
                .iter()
                .map(|(f, s)| format!("({f:#018x}, {s})"))
                .collect();
            text.push_str(&format!("            {},\n", items.join(", ")));
        }
        text.push_str("        ],\n    },\n");
    }
    text.push_str("];\n");
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("src/kernel/magics_known.rs");
    let tmp = path.with_extension("rs.tmp");
    std::fs::write(&tmp, text).unwrap();
    std::fs::rename(&tmp, &path).unwrap();
    println!("{} groups written to {}", groups.len(), path.display());
}
