//! The terminal game's config file, `~/.config/duckchess/config.toml`
//! (under `$XDG_CONFIG_HOME` when it is set; `--config PATH` names
//! another): the pieces' style, colours, and the key bindings.
//!
//! ```
//! use duckchess_tui::config::parse;
//! let config = parse("style = \"ascii\"\n[keys]\nundo = \"z\"\n").unwrap();
//! assert_eq!(config.keys.undo, 'z');
//! let bad = parse("style = \"fancy\"\n").unwrap_err().to_string();
//! assert_eq!(bad, "line 1: style: expected glyphs or ascii, not \"fancy\"");
//! ```
//!
//! The command line wins over the file, and `NO_COLOR` over the file's
//! colours. A bad file is one line naming the line and what is wrong.

use super::game::Action;
use crate::variants::picture::{ColorChoice, Style};
use ratatui::style::Color as Tint;
use serde::Deserialize;
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use toml::Spanned;

/// The keys that may be bound, their names in the file and their
/// defaults. The rest (arrows, Tab, Enter, Esc, `y`, the promotion
/// letters) are fixed.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Bindings {
    /// `undo`: take back a move.
    pub undo: char,
    /// `redo`: play it again.
    pub redo: char,
    /// `hint`.
    pub hint: char,
    /// `flip` the board.
    pub flip: char,
    /// `claim` a draw.
    pub claim: char,
    /// `save` the game.
    pub save: char,
    /// `load` the newest saved game.
    pub load: char,
    /// `new` game.
    pub new: char,
    /// `quit`.
    pub quit: char,
    /// `eval`: the evaluation line.
    pub eval: char,
    /// `resign`.
    pub resign: char,
    /// `offer` a draw.
    pub offer: char,
    /// `help` screen.
    pub help: char,
    /// `prompt`: the move prompt.
    pub prompt: char,
}

impl Default for Bindings {
    fn default() -> Bindings {
        Bindings {
            undo: 'u',
            redo: 'r',
            hint: 'h',
            flip: 'f',
            claim: 'd',
            save: 's',
            load: 'l',
            new: 'n',
            quit: 'q',
            eval: 'e',
            resign: 'x',
            offer: 'o',
            help: '?',
            prompt: ':',
        }
    }
}

/// Keys no binding may take: `y` answers questions, Space picks up.
const FIXED: [char; 2] = ['y', ' '];

impl Bindings {
    /// Each binding: its name in the file, its key, its action.
    pub fn all(&self) -> [(&'static str, char, Action); 14] {
        use Action as A;
        [
            ("undo", self.undo, A::Undo),
            ("redo", self.redo, A::Redo),
            ("hint", self.hint, A::Hint),
            ("flip", self.flip, A::Flip),
            ("claim", self.claim, A::ClaimDraw),
            ("save", self.save, A::Save),
            ("load", self.load, A::Load),
            ("new", self.new, A::New),
            ("quit", self.quit, A::Quit),
            ("eval", self.eval, A::Eval),
            ("resign", self.resign, A::Resign),
            ("offer", self.offer, A::OfferDraw),
            ("help", self.help, A::Help),
            ("prompt", self.prompt, A::OpenPrompt),
        ]
    }

    /// The action of a character key, if it is bound.
    pub fn action(&self, key: char) -> Option<Action> {
        self.all()
            .into_iter()
            .find(|&(_, c, _)| c == key)
            .map(|(_, _, a)| a)
    }

    fn slot(&mut self, name: &str) -> Option<&mut char> {
        Some(match name {
            "undo" => &mut self.undo,
            "redo" => &mut self.redo,
            "hint" => &mut self.hint,
            "flip" => &mut self.flip,
            "claim" => &mut self.claim,
            "save" => &mut self.save,
            "load" => &mut self.load,
            "new" => &mut self.new,
            "quit" => &mut self.quit,
            "eval" => &mut self.eval,
            "resign" => &mut self.resign,
            "offer" => &mut self.offer,
            "help" => &mut self.help,
            "prompt" => &mut self.prompt,
            _ => return None,
        })
    }
}

/// Colours of the board, where the file sets them (`None`: the game's
/// own).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq)]
pub struct Palette {
    /// The first side's pieces (red in Duck Chess, white).
    pub first: Option<Tint>,
    /// The second side's pieces.
    pub second: Option<Tint>,
    /// The marks of the selected piece and its targets, `( )` and `[ ]`.
    pub marks: Option<Tint>,
    /// The hint's `* *`.
    pub hint: Option<Tint>,
    /// A royal piece under attack, `! !`.
    pub check: Option<Tint>,
    /// The chess family's light squares' background.
    pub light: Option<Tint>,
    /// Its dark squares' background.
    pub dark: Option<Tint>,
}

/// What the config file sets.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Config {
    /// `style`: glyphs or ascii.
    pub style: Option<Style>,
    /// `color`: auto, always or never (`NO_COLOR` wins over always).
    pub color: Option<ColorChoice>,
    /// `[colors]`.
    pub palette: Palette,
    /// `[keys]`.
    pub keys: Bindings,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Raw {
    style: Option<Spanned<String>>,
    color: Option<Spanned<String>>,
    colors: Option<RawColors>,
    keys: Option<BTreeMap<String, Spanned<String>>>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct RawColors {
    first: Option<Spanned<String>>,
    second: Option<Spanned<String>>,
    marks: Option<Spanned<String>>,
    hint: Option<Spanned<String>>,
    check: Option<Spanned<String>>,
    light: Option<Spanned<String>>,
    dark: Option<Spanned<String>>,
}

/// The line of byte `at` in `text`, from 1.
fn line_of(text: &str, at: usize) -> usize {
    text[..at.min(text.len())].matches('\n').count() + 1
}

/// What is wrong in a config file, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigError {
    /// The file cannot be read.
    #[error("{path}: {why}")]
    Read {
        /// The file.
        path: String,
        /// The system's words.
        why: String,
    },
    /// The file says something wrong, at this line (when TOML names one).
    #[error("{}{problem}", .line.map(|n| format!("line {n}: ")).unwrap_or_default())]
    At {
        /// The line, from 1.
        line: Option<usize>,
        /// What is wrong there.
        problem: ConfigProblem,
    },
    /// A config file's error, with the file's name.
    #[error("{path}: {error}")]
    In {
        /// The file.
        path: String,
        /// What is wrong in it.
        error: Box<ConfigError>,
    },
}

/// What is wrong at a line of a config file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ConfigProblem {
    /// Not TOML, or not the keys a config file has (TOML's words).
    #[error("{0}")]
    Toml(String),
    /// `style` is neither `glyphs` nor `ascii`.
    #[error("style: expected glyphs or ascii, not {0:?}")]
    Style(String),
    /// `color` is none of `auto`, `always`, `never`.
    #[error("color: expected auto, always or never, not {0:?}")]
    Color(String),
    /// A colour that is neither a name nor `#rrggbb`.
    #[error("colors.{name}: {value:?} is not a colour (a name such as light-red, or #rrggbb)")]
    Tint {
        /// The entry of `[colors]`.
        name: String,
        /// What it says.
        value: String,
    },
    /// A key binding that is not one character.
    #[error("keys.{name}: expected one character, not {value:?}")]
    NotOneKey {
        /// The binding.
        name: String,
        /// What it says.
        value: String,
    },
    /// A key the game keeps for itself.
    #[error("keys.{name}: {key:?} is a fixed key")]
    FixedKey {
        /// The binding.
        name: String,
        /// The key.
        key: char,
    },
    /// A binding the game does not have.
    #[error("keys: unknown key {name:?}; expected one of {expected}")]
    UnknownBinding {
        /// The binding named.
        name: String,
        /// The bindings there are, comma-separated.
        expected: String,
    },
    /// One key for two bindings.
    #[error("keys: {key:?} is bound to both {first} and {second}")]
    BoundTwice {
        /// The key.
        key: char,
        /// The binding listed first.
        first: String,
        /// The other.
        second: String,
    },
}

/// Reads a config file's text; the error is `line N: what is wrong`.
pub fn parse(text: &str) -> Result<Config, ConfigError> {
    let raw: Raw = toml::from_str(text).map_err(|e| ConfigError::At {
        line: e.span().map(|span| line_of(text, span.start)),
        problem: ConfigProblem::Toml(e.message().split_whitespace().collect::<Vec<_>>().join(" ")),
    })?;
    let at = |v: &Spanned<String>, problem: ConfigProblem| ConfigError::At {
        line: Some(line_of(text, v.span().start)),
        problem,
    };
    let mut config = Config::default();
    if let Some(v) = raw.style {
        config.style = Some(match v.get_ref().as_str() {
            "glyphs" => Style::Glyphs,
            "ascii" => Style::Ascii,
            other => return Err(at(&v, ConfigProblem::Style(other.to_string()))),
        });
    }
    if let Some(v) = raw.color {
        config.color = Some(match v.get_ref().as_str() {
            "auto" => ColorChoice::Auto,
            "always" => ColorChoice::Always,
            "never" => ColorChoice::Never,
            other => return Err(at(&v, ConfigProblem::Color(other.to_string()))),
        });
    }
    if let Some(colors) = raw.colors {
        let tint = |name: &str, v: Option<Spanned<String>>| -> Result<Option<Tint>, ConfigError> {
            let Some(v) = v else { return Ok(None) };
            v.get_ref().parse::<Tint>().map(Some).map_err(|_| {
                at(
                    &v,
                    ConfigProblem::Tint {
                        name: name.to_string(),
                        value: v.get_ref().clone(),
                    },
                )
            })
        };
        config.palette = Palette {
            first: tint("first", colors.first)?,
            second: tint("second", colors.second)?,
            marks: tint("marks", colors.marks)?,
            hint: tint("hint", colors.hint)?,
            check: tint("check", colors.check)?,
            light: tint("light", colors.light)?,
            dark: tint("dark", colors.dark)?,
        };
    }
    if let Some(keys) = raw.keys {
        // Two bindings on one key are refused at the later one.
        let mut spans: Vec<(&str, usize)> = Vec::new();
        for (name, v) in &keys {
            let mut chars = v.get_ref().chars();
            let key = match (chars.next(), chars.next()) {
                (Some(c), None) if !c.is_control() => c,
                _ => {
                    return Err(at(
                        v,
                        ConfigProblem::NotOneKey {
                            name: name.clone(),
                            value: v.get_ref().clone(),
                        },
                    ))
                }
            };
            if FIXED.contains(&key) {
                return Err(at(
                    v,
                    ConfigProblem::FixedKey {
                        name: name.clone(),
                        key,
                    },
                ));
            }
            let Some(slot) = config.keys.slot(name) else {
                let names: Vec<&str> = Bindings::default().all().iter().map(|b| b.0).collect();
                return Err(at(
                    v,
                    ConfigProblem::UnknownBinding {
                        name: name.clone(),
                        expected: names.join(", "),
                    },
                ));
            };
            *slot = key;
            spans.push((name.as_str(), v.span().start));
        }
        let all = config.keys.all();
        for (i, (name, key, _)) in all.iter().enumerate() {
            if let Some((other, ..)) = all[..i].iter().find(|(_, k, _)| k == key) {
                // The line of the one the file set last.
                let start = spans
                    .iter()
                    .filter(|(n, _)| n == name || n == other)
                    .map(|&(_, s)| s)
                    .max()
                    .unwrap_or(0);
                return Err(ConfigError::At {
                    line: Some(line_of(text, start)),
                    problem: ConfigProblem::BoundTwice {
                        key: *key,
                        first: other.to_string(),
                        second: name.to_string(),
                    },
                });
            }
        }
    }
    Ok(config)
}

/// Reads the config file at `path`; the error names the file.
pub fn load(path: &Path) -> Result<Config, ConfigError> {
    let shown = || path.display().to_string();
    let text = std::fs::read_to_string(path).map_err(|e| ConfigError::Read {
        path: shown(),
        why: e.to_string(),
    })?;
    parse(&text).map_err(|e| ConfigError::In {
        path: shown(),
        error: Box::new(e),
    })
}

/// Where the config file is looked for: `$XDG_CONFIG_HOME/duckchess/config.toml`
/// when that is set (and absolute, as the XDG spec asks), else
/// `$HOME/.config/duckchess/config.toml`.
pub fn default_path(xdg_config_home: Option<&str>, home: Option<&str>) -> Option<PathBuf> {
    let base = match xdg_config_home.filter(|x| Path::new(x).is_absolute()) {
        Some(x) => PathBuf::from(x),
        None => Path::new(home.filter(|h| !h.is_empty())?).join(".config"),
    };
    Some(base.join("duckchess").join("config.toml"))
}

#[cfg(test)]
mod tests {
    use super::*;

    const EXAMPLE: &str = r##"
style = "ascii"
color = "never"

[colors]
first = "light-red"
second = "#00aaff"
marks = "green"

[keys]
undo = "z"
redo = "Z"
"##;

    #[test]
    fn a_full_file_is_read() {
        let config = parse(EXAMPLE).unwrap();
        assert_eq!(config.style, Some(Style::Ascii));
        assert_eq!(config.color, Some(ColorChoice::Never));
        assert_eq!(config.palette.first, Some(Tint::LightRed));
        assert_eq!(config.palette.second, Some(Tint::Rgb(0, 0xaa, 0xff)));
        assert_eq!(config.palette.hint, None);
        assert_eq!(config.keys.undo, 'z');
        assert_eq!(config.keys.action('Z'), Some(Action::Redo));
        assert_eq!(config.keys.action('u'), None, "u is free now");
        assert_eq!(config.keys.action('h'), Some(Action::Hint));
        assert_eq!(parse("").unwrap(), Config::default());
    }

    #[test]
    fn a_bad_file_says_which_line_and_what() {
        for (text, says) in [
            (
                "style = \"ascii\"\ncolour = \"never\"\n",
                "line 2: unknown field `colour`",
            ),
            (
                "[colors]\nfirst = \"mauve-ish\"\n",
                "line 2: colors.first: \"mauve-ish\" is not a colour",
            ),
            (
                "[keys]\nundo = \"zz\"\n",
                "line 2: keys.undo: expected one character",
            ),
            (
                "[keys]\nundo = \"r\"\n",
                "line 2: keys: 'r' is bound to both undo and redo",
            ),
            ("[keys]\nfly = \"k\"\n", "line 2: keys: unknown key \"fly\""),
            (
                "[keys]\nquit = \"y\"\n",
                "line 2: keys.quit: 'y' is a fixed key",
            ),
            ("style = \n", "line 1: "),
            ("color = 3\n", "line 1: "),
            ("\n\n[colors\n", "line 3: "),
        ] {
            let e = parse(text).unwrap_err().to_string();
            assert!(e.starts_with(says), "{text:?}: {e}");
            assert!(!e.contains('\n'), "one line: {e}");
        }
    }

    #[test]
    fn the_file_is_named_in_its_errors() {
        let dir = std::env::temp_dir().join(format!("duckchess-config-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("config.toml");
        std::fs::write(&path, "style = 1\n").unwrap();
        let e = load(&path).unwrap_err().to_string();
        assert!(
            e.starts_with(&format!("{}: line 1: ", path.display())),
            "{e}"
        );
        let missing = load(&dir.join("none.toml")).unwrap_err().to_string();
        assert!(missing.contains("none.toml"), "{missing}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// docs/terminal.md's example is a file that reads.
    #[test]
    fn the_documented_example_reads() {
        let page = include_str!("../../../docs/terminal.md");
        let example = page
            .split("```toml\n")
            .nth(1)
            .and_then(|rest| rest.split("```").next())
            .expect("a toml example in docs/terminal.md");
        let config = parse(example).unwrap();
        assert_eq!(config.style, Some(Style::Ascii));
        assert_eq!(config.keys.undo, 'z');
        assert_eq!(config.palette.check, Some(Tint::Red));
    }

    #[test]
    fn xdg_config_home_comes_first() {
        assert_eq!(
            default_path(Some("/x"), Some("/home/a")),
            Some(PathBuf::from("/x/duckchess/config.toml"))
        );
        assert_eq!(
            default_path(None, Some("/home/a")),
            Some(PathBuf::from("/home/a/.config/duckchess/config.toml"))
        );
        // A relative XDG_CONFIG_HOME is ignored, as the spec says.
        assert_eq!(
            default_path(Some("rel"), Some("/h")),
            Some(PathBuf::from("/h/.config/duckchess/config.toml"))
        );
        assert_eq!(default_path(None, None), None);
    }
}
