#!/usr/bin/env python3
"""Labels positions with Fairy-Stockfish's scores, for `duckchess tune`.

    python3 scripts/fsf_label.py FAIRY_STOCKFISH RECORDS_DIR OUT [DEPTH] [EVERY]

Reads every game record that `duckchess match --records` writes in
RECORDS_DIR — Duck Chess's `*.in` (the judge's move list), chess's
`*.pgn` (read with python-chess), or another game's `*.txt` (its start
FEN on the first line, then a move a line in UCI notation) — and for every EVERY-th position of each game (default 3,
skipping the first 8 plies) asks Fairy-Stockfish for its score at DEPTH
(default 7). Duck Chess is given to Fairy-Stockfish as `duckchess
fsf-config` prints it; another game is Fairy-Stockfish's variant of the
name FSF_VARIANT (in the environment, e.g. `xiangqi`). For chess the
engine may be Stockfish itself (it ignores `UCI_Variant`). Writes one line a position to OUT:
the moves from the start in UCI notation, a tab, and the score in
centipawns for the side to move (mates as +/-3000). Fairy-Stockfish is not
part of this project: build or install it yourself and pass its path.
"""
import os
import subprocess
import sys
import tempfile


def uci_moves(path):
    lines = open(path).read().split("\n")
    n = int(lines[0])
    out = []
    for line in lines[1 : 1 + n]:
        r1, c1, r2, c2 = map(int, line.split())
        out.append(f"{chr(97 + c1)}{r1 + 1}{chr(97 + c2)}{r2 + 1}")
    return out


def txt_record(path):
    """A `*.txt` record: the start FEN, and the moves in UCI notation."""
    lines = [l.strip() for l in open(path).read().split("\n") if l.strip()]
    return lines[0], lines[1:]


def pgn_record(path):
    """A `*.pgn` record (chess): the start FEN, and the moves in UCI."""
    import chess.pgn

    with open(path) as f:
        game = chess.pgn.read_game(f)
    return game.board().fen(), [m.uci() for m in game.mainline_moves()]


def main():
    if len(sys.argv) < 4:
        sys.exit(__doc__)
    fsf, records, out_path = sys.argv[1:4]
    depth = int(sys.argv[4]) if len(sys.argv) > 4 else 7
    every = int(sys.argv[5]) if len(sys.argv) > 5 else 3
    txt = sorted(f for f in os.listdir(records) if f.endswith((".txt", ".pgn")))
    if txt:
        name = os.environ.get("FSF_VARIANT")
        if not name:
            sys.exit("fsf_label.py: *.txt records: name Fairy-Stockfish's variant in FSF_VARIANT")
        return label(fsf, name, None, records, txt, out_path, depth, every)
    config = subprocess.run(
        ["cargo", "run", "--release", "-q", "--", "fsf-config"],
        capture_output=True, text=True, check=True,
    ).stdout if os.environ.get("DUCKCHESS") is None else subprocess.run(
        [os.environ["DUCKCHESS"], "fsf-config"], capture_output=True, text=True, check=True
    ).stdout
    ini = tempfile.NamedTemporaryFile("w", suffix=".ini", delete=False)
    ini.write(config)
    ini.close()
    name = config.split("[", 1)[1].split("]", 1)[0]
    files = sorted(f for f in os.listdir(records) if f.endswith(".in"))
    label(fsf, name, ini.name, records, files, out_path, depth, every)
    os.unlink(ini.name)


def label(fsf, name, variant_path, records, files, out_path, depth, every):
    engine = subprocess.Popen([fsf], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)

    def send(text):
        engine.stdin.write(text + "\n")
        engine.stdin.flush()

    def until(prefix):
        lines = []
        while True:
            line = engine.stdout.readline()
            if not line:
                sys.exit("fsf_label.py: Fairy-Stockfish ended unexpectedly")
            lines.append(line)
            if line.startswith(prefix):
                return lines

    send("uci")
    until("uciok")
    if variant_path:
        send(f"setoption name VariantPath value {variant_path}")
    send(f"setoption name UCI_Variant value {name}")
    send("isready")
    until("readyok")
    tmp = out_path + ".part"
    count = 0
    with open(tmp, "w") as out:
        for f in files:
            path = os.path.join(records, f)
            if f.endswith((".txt", ".pgn")):
                fen, moves = (pgn_record if f.endswith(".pgn") else txt_record)(path)
                start = f"fen {fen}"
            else:
                moves, start = uci_moves(path), "startpos"
            for ply in range(8, len(moves), every):
                line = " ".join(moves[:ply])
                send(f"position {start} moves {line}")
                send(f"go depth {depth}")
                found = until("bestmove")
                scores = [l.split() for l in found if " score " in l]
                if not scores:
                    continue
                words = scores[-1]
                i = words.index("score")
                kind, value = words[i + 1], int(words[i + 2])
                cp = value if kind == "cp" else (3000 if value > 0 else -3000)
                out.write(f"{line}\t{cp}\n")
                count += 1
    send("quit")
    os.replace(tmp, out_path)
    print(f"{count} positions from {len(files)} games labelled at depth {depth}")


if __name__ == "__main__":
    main()
