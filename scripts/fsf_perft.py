#!/usr/bin/env python3
"""Perft of the games of a variants.ini file against Fairy-Stockfish.

For every section of the file (default samples/fsf-variants.ini) whose
name is one of Fairy-Stockfish's built-in variants, compares
`duckchess --variants FILE perft DEPTH --variant NAME --divide FEN` with
Fairy-Stockfish's `go perft DEPTH` of its built-in variant: from the start
and from POSITIONS positions of seeded random play (4 to 30 random legal
moves from the start, Fairy-Stockfish's `go perft 1` listing them; a game
with no move left stops there), each position handed to both programs as
the FEN Fairy-Stockfish's `d` writes. The start FEN of the file's section
must be Fairy-Stockfish's too.

On a difference it follows the first move whose count differs, one ply at
a time, down to the position where the two move lists differ, prints that
path, the FEN and the moves only one side has, and the script exits 1
(after the other variants). Prints one line per variant: positions
checked, nodes compared (the sum of the perft totals), seconds.

    cargo build --release
    python3 scripts/fsf_perft.py [FILE] [--depth 4] [--positions 10]
        [--seed 1] [--max-plies 30] [--variants normal,minixiangqi]
        [--fsf PATH] [--duckchess PATH]

`--self-test` needs no duckchess: the other side is then Fairy-Stockfish
itself reading the file, translated to the option names of Fairy-Stockfish
11.1 (Debian's), under the names NAME-ini; it checks the file's
definitions where 11.1 can read them, and says what it skipped.

One Fairy-Stockfish process serves a variant (two under --self-test);
duckchess runs once a position. Python 3 standard library only.
"""
import argparse
import os
import random
import re
import shutil
import subprocess
import sys
import tempfile
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def default_fsf():
    return shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"


class Failure(Exception):
    """A program failed or said something unexpected (not a count difference)."""


# --- the ini file -----------------------------------------------------------

def read_ini(path):
    """The sections of a variants.ini file in order: (name, base or None,
    [(key, value)])."""
    sections = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            text = line.strip()
            if not text or text.startswith("#") or text.startswith(";"):
                continue
            if text.startswith("["):
                m = re.fullmatch(r"\[([^\]:]+)(?::([^\]]+))?\]", text)
                if not m:
                    raise SystemExit(f"{path}:{number}: not a section header: {text}")
                sections.append((m.group(1).strip(), (m.group(2) or "").strip() or None, []))
            elif "=" in text and sections:
                key, value = text.split("=", 1)
                sections[-1][2].append((key.strip(), value.strip()))
            else:
                raise SystemExit(f"{path}:{number}: not `key = value`: {text}")
    return sections


CHESS_START = "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"


def start_fen(sections, name):
    """The section's startFen, through its bases in the file (a base
    outside the file, or none, is taken as chess's start)."""
    by_name = {s[0]: s for s in sections}
    seen = set()
    while name in by_name and name not in seen:
        seen.add(name)
        _, base, keys = by_name[name]
        for key, value in reversed(keys):
            if key == "startFen":
                return value
        name = base
    return CHESS_START


# --- translation to Fairy-Stockfish 11.1's option names (--self-test) -------

ALIASES = {"khon": "silver", "met": "fers", "dragon": "bers"}
# A royal piece's Betza (one atom) and the built-in piece that moves so.
ROYAL_ATOMS = {"W": ("wazir", "w"), "F": ("fers", "f"), "N": ("knight", "n")}


def ranks_of(value):
    """The ranks of a region written as whole ranks (`*6 *7`), else None."""
    words = value.split()
    if not words or not all(re.fullmatch(r"\*\d+", w) for w in words):
        return None
    return sorted(int(w[1:]) for w in words)


def to_fsf11(sections):
    """The file in the option names Fairy-Stockfish 11.1 reads, each
    section renamed NAME-ini; and {name: reason} of the sections 11.1
    cannot state."""
    names = {s[0] for s in sections}
    skipped = {}
    out = []
    for name, base, keys in sections:
        if base in skipped:
            skipped[name] = f"its base {base} is skipped"
            continue
        values = dict(keys)
        max_rank = int(values.get("maxRank", 8))
        lines = []
        used_letters = {v[0].lower() for k, v in keys if re.fullmatch(r"[a-z][A-Za-z]*", k) and v[:1].isalpha()}
        reason = None
        for key, value in keys:
            key = ALIASES.get(key, key)
            if key in ("promotionRegionWhite", "doubleStepRegionWhite"):
                ranks = ranks_of(value)
                black = ranks_of(values.get(key.replace("White", "Black"), ""))
                if ranks is None or black is None or [max_rank + 1 - r for r in reversed(black)] != ranks:
                    reason = f"{key} = {value} is not whole ranks mirrored for black"
                    break
                # 11.1 promotes on one rank (mandatory promotion) and double
                # steps from one rank.
                if key.startswith("promotion"):
                    lines.append(f"promotionRank = {ranks[0]}")
                elif len(ranks) != 1:
                    reason = f"{key} = {value}: 11.1 double steps from one rank"
                    break
                else:
                    lines.append(f"doubleStepRank = {ranks[0]}")
            elif key in ("promotionRegionBlack", "doubleStepRegionBlack", "pieceValueMg", "pieceValueEg"):
                continue
            elif key == "king" and ":" in value:
                letter, betza = value.split(":", 1)
                if betza == "K":
                    lines.append(f"king = {letter}")
                elif betza in ROYAL_ATOMS:
                    # 11.1 moves the king as `kingType`, a piece of the game:
                    # the piece is added, never on the board.
                    piece, own = ROYAL_ATOMS[betza]
                    free = next(c for c in own + "xyzuvwtj" if c not in used_letters)
                    used_letters.add(free)
                    lines += [f"king = {letter}", f"{piece} = {free}", f"kingType = {free}"]
                else:
                    reason = f"king = {value}: 11.1 moves a king only as a built-in piece"
                    break
            elif key.startswith("customPiece"):
                reason = f"{key}: 11.1 has no custom pieces"
                break
            elif key == "castlingRookPieces":
                lines.append(f"castlingRookPiece = {value[:1]}")
            elif key == "castlingKingPiece":
                if value != "k":
                    reason = "castlingKingPiece: 11.1 castles the king only"
                    break
            else:
                lines.append(f"{key} = {value}")
        if reason:
            skipped[name] = reason
            continue
        header = f"[{name}-ini" + (f":{base}-ini" if base in names else f":{base}" if base else "") + "]"
        out.append("\n".join([header] + lines))
    return "\n\n".join(out) + "\n", skipped


# --- Fairy-Stockfish over UCI -----------------------------------------------

# A demotion (kyotoshogi's `a1a2-`) and a promoted drop (`+N@c3`) too.
MOVE_COUNT = re.compile(r"^([a-z]\d+[a-z]\d+[a-z+-]?|\+?[A-Z]@[a-z]\d+): (\d+)$")


class Fsf:
    """A Fairy-Stockfish process playing one variant."""

    def __init__(self, path, variant, variant_path=None):
        self.proc = subprocess.Popen([path], stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                     stderr=subprocess.DEVNULL, text=True, bufsize=1)
        self.send("uci")
        lines = self.until(lambda l: l == "uciok")
        if variant_path:
            self.send(f"setoption name VariantPath value {variant_path}")
        self.send(f"setoption name UCI_Variant value {variant}")
        self.send("isready")
        lines += self.until(lambda l: l == "readyok")
        self.variant = variant
        # Fairy-Stockfish names a variant it switched to, unless a GUI
        # knows it (its built-in ones are checked against `uci`'s list).
        self.announced = any(l.startswith(f"info string variant {variant} ") for l in lines)

    @staticmethod
    def variants(path):
        """The names of Fairy-Stockfish's built-in variants."""
        out = subprocess.run([path], input="uci\nquit\n", capture_output=True, text=True).stdout
        for line in out.splitlines():
            if line.startswith("option name UCI_Variant "):
                return set(line.split(" var ")[1:])
        raise Failure(f"{path} lists no UCI_Variant")

    def send(self, line):
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def until(self, done):
        lines = []
        while True:
            line = self.proc.stdout.readline()
            if not line:
                raise Failure("Fairy-Stockfish quit")
            line = line.strip()
            lines.append(line)
            if done(line):
                return lines

    def position(self, fen, moves=()):
        self.send(f"position fen {fen}" + (" moves " + " ".join(moves) if moves else ""))

    def divide(self, fen, moves, depth):
        """Each first move's perft(depth - 1) in Fairy-Stockfish's order,
        and the total."""
        self.position(fen, moves)
        self.send(f"go perft {depth}")
        parts = {}
        for line in self.until(lambda l: l.startswith("Nodes searched:")):
            m = MOVE_COUNT.match(line)
            if m:
                parts[m.group(1)] = int(m.group(2))
            elif line.startswith("Nodes searched:"):
                return parts, int(line.split(":")[1])
        raise AssertionError

    def moves(self, fen, moves=()):
        return list(self.divide(fen, moves, 1)[0])

    def fen(self, fen=None, moves=()):
        """The FEN `d` writes, of the start (fen None) or after moves."""
        if fen is None:
            self.send("position startpos" + (" moves " + " ".join(moves) if moves else ""))
        else:
            self.position(fen, moves)
        self.send("d")
        self.send("isready")
        for line in self.until(lambda l: l == "readyok"):
            if line.startswith("Fen: "):
                return line[5:]
        raise Failure("`d` wrote no FEN")

    def close(self):
        try:
            self.send("quit")
            self.proc.wait(timeout=10)
        except Exception:
            self.proc.kill()


# --- duckchess --------------------------------------------------------------

class Duck:
    """duckchess reading a variants.ini file, one process a position: the
    file cut down to the variant's section and its bases (duckchess builds
    every game of a file it is given, so the whole file would be built
    again for every position; `main` has it read the whole file once)."""

    def __init__(self, path, sections, variant):
        self.path, self.variant = path, variant
        by_name = {s[0]: s for s in sections}
        chain, name = [], variant
        while name in by_name and name not in chain:
            chain.append(name)
            name = by_name[name][1]
        handle, self.ini = tempfile.mkstemp(prefix=f"{variant}-", suffix=".ini")
        with os.fdopen(handle, "w") as f:
            for name, base, keys in sections:
                if name in chain:
                    f.write(f"[{name}{':' + base if base else ''}]\n")
                    f.write("".join(f"{k} = {v}\n" for k, v in keys) + "\n")

    def divide(self, fen, moves, depth):
        args = [self.path, "--variants", self.ini, "perft", str(depth), "--variant", self.variant,
                "--divide", fen] + (["moves", *moves] if moves else [])
        run = subprocess.run(args, capture_output=True, text=True)
        if run.returncode != 0:
            raise Failure(f"`{' '.join(map(quote, args))}` exited {run.returncode}: {run.stderr.strip()}")
        lines = [l.strip() for l in run.stdout.splitlines() if l.strip()]
        parts = {}
        for line in lines[:-1]:
            m = MOVE_COUNT.match(line)
            if not m:
                raise Failure(f"duckchess wrote `{line}` among its divide")
            parts[m.group(1)] = int(m.group(2))
        if not lines or not lines[-1].isdigit():
            raise Failure(f"duckchess's divide does not end with its total: {run.stdout!r}")
        total = int(lines[-1])
        if sum(parts.values()) != total:
            raise Failure(f"duckchess's divide sums to {sum(parts.values())}, its total is {total}")
        return parts, total

    def close(self):
        os.unlink(self.ini)


def quote(word):
    return word if re.fullmatch(r"[\w./:=-]+", word) else "'" + word + "'"


# --- comparison -------------------------------------------------------------

def compare(ref, other, fsf, fen, depth, names):
    """Perft of `fen` by both; None when equal, else a report following the
    first differing move down to where the move lists differ."""
    a, total_a = ref.divide(fen, [], depth)
    b, total_b = other.divide(fen, [], depth)
    if a == b and total_a == total_b:
        return total_a, None
    report = [f"  from {fen}", f"  perft({depth}): {names[0]} {total_a}, {names[1]} {total_b}"]
    path = []
    while True:
        only_a = [m for m in a if m not in b]
        only_b = [m for m in b if m not in a]
        if only_a or only_b or depth == 1:
            report.append(f"  after [{' '.join(path)}]: {fsf.fen(fen, path)}")
            if only_a:
                report.append(f"    only {names[0]} has: {' '.join(only_a)}")
            if only_b:
                report.append(f"    only {names[1]} has: {' '.join(only_b)}")
            for m in a:
                if m in b and a[m] != b[m]:
                    report.append(f"    {m}: {names[0]} {a[m]}, {names[1]} {b[m]}")
            return total_a, "\n".join(report)
        m = next(m for m in a if a[m] != b[m])
        report.append(f"  {' '.join(path + [m])}: perft({depth - 1}) {names[0]} {a[m]}, {names[1]} {b[m]}")
        path.append(m)
        depth -= 1
        a, _ = ref.divide(fen, path, depth)
        b, _ = other.divide(fen, path, depth)
        if a == b:
            report.append(f"  ... but their divides after [{' '.join(path)}] agree")
            return total_a, "\n".join(report)


def random_positions(fsf, rng, count, max_plies=30):
    """FENs of `count` games of 4 to `max_plies` random legal moves from the
    start."""
    start = fsf.fen()
    fens = []
    for _ in range(count):
        moves = []
        for _ in range(rng.randint(4, max(4, max_plies))):
            legal = sorted(fsf.moves(start, moves))
            if not legal:
                break
            moves.append(rng.choice(legal))
        fens.append(fsf.fen(start, moves))
    return fens


def same_start(fen):
    """A start FEN as Fairy-Stockfish writes it: an empty hand `[]`, and
    the castling and en passant fields of shogi's short form (`w 0 1`)."""
    fields = fen.replace("[-]", "[]").split()
    if len(fields) > 2 and fields[2][:1].isdigit():
        fields[2:2] = ["-", "-"]
    return " ".join(fields)


def check_variant(args, name, start, variant_path=None):
    """(positions, nodes, seconds, problem or None) of one variant."""
    began = time.time()
    fsf = Fsf(args.fsf, name)
    other = None
    try:
        if variant_path:
            other = Fsf(args.fsf, f"{name}-ini", variant_path)
            if not other.announced:
                return 0, 0, 0.0, f"Fairy-Stockfish 11.1 did not load {name}-ini from the translated file"
            names = ("fsf", "fsf-ini")
        else:
            other = Duck(args.duckchess, read_ini(args.file), name)
            names = ("fsf", "duckchess")
        fsf_start = fsf.fen()
        if same_start(fsf_start).split()[:4] != same_start(start).split()[:4]:
            return 0, 0, time.time() - began, f"startFen {start!r} is not Fairy-Stockfish's {fsf_start!r}"
        rng = random.Random(f"{args.seed}/{name}")
        fens = [fsf_start] + random_positions(fsf, rng, args.positions, args.max_plies)
        nodes = 0
        for i, fen in enumerate(fens):
            total, problem = compare(fsf, other, fsf, fen, args.depth, names)
            if problem:
                return i, nodes, time.time() - began, "perft differs:\n" + problem
            nodes += total
        return len(fens), nodes, time.time() - began, None
    except Failure as e:
        return 0, 0, time.time() - began, str(e)
    finally:
        fsf.close()
        if other:
            other.close()


# Built-in games whose rules changed after 11.1 (the Debian package):
# today's, pyffish's, are the file's.
CHANGED_SINCE = {
    **{
        name: "11.1 keeps the king's leap when a rook aims at it, and lets the met's double step take"
        for name in ("cambodian", "karouk")
    },
    "dobutsu": "11.1's perft(4) from the start is 412, today's 976",
    **{
        name: "11.1 writes every first-rank file as a gate (KQABCDEFGH) and the hand EH"
        for name in ("seirawan", "shouse")
    },
}


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("file", nargs="?", default=os.path.join(ROOT, "samples", "fsf-variants.ini"),
                        help="a variants.ini file (default: samples/fsf-variants.ini)")
    parser.add_argument("--depth", type=int, default=4, help="perft depth (default 4)")
    parser.add_argument("--positions", type=int, default=10,
                        help="positions of random play besides the start (default 10)")
    parser.add_argument("--seed", default="1", help="random play's seed (default 1)")
    parser.add_argument("--max-plies", type=int, default=30,
                        help="the longest random game, in plies (default 30; the shortest is 4)")
    parser.add_argument("--variants", help="comma-separated section names (default: every one FSF knows)")
    parser.add_argument("--fsf", default=default_fsf(),
                        help="Fairy-Stockfish (default: fairy-stockfish on PATH, else /usr/games/fairy-stockfish)")
    parser.add_argument("--duckchess", default=os.path.join(ROOT, "target", "release", "duckchess"),
                        help="duckchess (default: target/release/duckchess)")
    parser.add_argument("--self-test", action="store_true",
                        help="compare FSF's built-ins with FSF 11.1 reading the file (no duckchess)")
    args = parser.parse_args()

    sections = read_ini(args.file)
    if not os.access(args.fsf, os.X_OK):
        raise SystemExit(f"{args.fsf} is not an executable (install fairy-stockfish, or --fsf PATH)")
    known = Fsf.variants(args.fsf)
    wanted = [s[0] for s in sections]
    if args.variants:
        chosen = [v.strip() for v in args.variants.split(",") if v.strip()]
        missing = [v for v in chosen if v not in wanted]
        if missing:
            raise SystemExit(f"no section {', '.join(missing)} in {args.file}")
        wanted = [v for v in wanted if v in chosen]
    if not args.self_test and not os.access(args.duckchess, os.X_OK):
        raise SystemExit(f"{args.duckchess} is not an executable (cargo build --release, or --duckchess PATH)")

    variant_path = None
    skipped = {}
    if args.self_test:
        text, skipped = to_fsf11(sections)
        handle, variant_path = tempfile.mkstemp(prefix="fsf11-", suffix=".ini")
        with os.fdopen(handle, "w") as f:
            f.write(text)
        check = subprocess.run([args.fsf, "check", variant_path], capture_output=True, text=True)
        # (pieceToCharTable, the XBoard pictures, comes with a built-in
        # base: a section that changes the pieces leaves it behind.)
        complaints = [l for l in (check.stdout + check.stderr).splitlines()
                      if l.strip() and not l.startswith("Parsing variant") and "Fairy-Stockfish" not in l
                      and not l.startswith("pieceToCharTable")]
        for line in complaints:
            print(f"Fairy-Stockfish 11.1 `check` of the translated file: {line}")

    failed = False
    began = time.time()
    total_nodes = 0
    if not args.self_test:
        # The whole file, once.
        run = subprocess.run([args.duckchess, "--variants", args.file, "variants"], capture_output=True, text=True)
        if run.returncode != 0:
            failed = True
            print(f"duckchess does not read {args.file}: {run.stderr.strip()}")
    try:
        for name in wanted:
            if name not in known:
                print(f"{name:12} skipped: Fairy-Stockfish has no built-in {name}")
                continue
            if name in CHANGED_SINCE and not args.self_test:
                print(f"{name:12} skipped: Fairy-Stockfish has no built-in {name} of today's rules "
                      f"({CHANGED_SINCE[name]}): pyffish checks it")
                continue
            if name in skipped:
                print(f"{name:12} skipped: {skipped[name]}")
                continue
            positions, nodes, seconds, problem = check_variant(args, name, start_fen(sections, name), variant_path)
            total_nodes += nodes
            line = f"{name:12} {positions:3} positions  perft({args.depth})  {nodes:12,} nodes  {seconds:7.1f} s"
            if problem:
                failed = True
                print(f"{line}  MISMATCH: {problem}")
            else:
                print(line)
            sys.stdout.flush()
    finally:
        if variant_path:
            os.unlink(variant_path)
    print(f"{'total':12} {total_nodes:,} nodes in {time.time() - began:.1f} s: "
          + ("DIFFERENCES" if failed else "identical"))
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
