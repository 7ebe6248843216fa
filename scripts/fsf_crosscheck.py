#!/usr/bin/env python3
"""Cross-check duckchess against Fairy-Stockfish, outside the test suite.

Plays random games; at every position compares the valid moves that
`duckchess moves` lists with the legal moves of Fairy-Stockfish given
`duckchess fsf-config`, and the FEN after each move (placement, side and
the move counters).

    python3 -m venv /tmp/venv && /tmp/venv/bin/pip install pyffish
    cargo build
    /tmp/venv/bin/python scripts/fsf_crosscheck.py [SEED] [GAMES]

Exits 1 on the first difference. DUCKCHESS names the binary
(default target/debug/duckchess).
"""
import os
import random
import subprocess
import sys

import pyffish as sf

BIN = os.environ.get("DUCKCHESS", "target/debug/duckchess")
VARIANT = "duckxq"


def run(args, stdin=""):
    return subprocess.run([BIN, *args], input=stdin, capture_output=True,
                          text=True, check=True).stdout


def square(x, y):
    # FSF: files a..i are the columns y = 0..8, ranks 1..10 the rows x = 0..9.
    return "abcdefghi"[y] + str(x + 1)


def our_moves(fen):
    moves = {}
    for line in run(["moves", fen]).splitlines():
        xs, ys, xt, yt = map(int, line.split())
        moves[square(xs, ys) + square(xt, yt)] = line
    return moves


def after(fen, command):
    """The FEN after one command, and the command's judge line."""
    lines = run(["trace", "--fen", "--from", fen], f"1\n{command}\n").splitlines()
    fens = [l.strip()[len("fen: "):] for l in lines if l.strip().startswith("fen: ")]
    verdict = next(l for l in lines if " -> " in l).split(" -> ")[1]
    return fens[-1], verdict


def main():
    seed = int(sys.argv[1]) if len(sys.argv) > 1 else 1
    games = int(sys.argv[2]) if len(sys.argv) > 2 else 20
    sf.load_variant_config(run(["fsf-config"]))
    rng = random.Random(seed)
    positions = 0
    for game in range(games):
        fen = sf.start_fen(VARIANT)
        for _ in range(150):
            mine = our_moves(fen)
            theirs = set(sf.legal_moves(VARIANT, fen, []))
            positions += 1
            if set(mine) != theirs:
                sys.exit(f"moves differ at {fen}: {sorted(set(mine) ^ theirs)}")
            if not mine:
                break
            move = rng.choice(sorted(mine))
            my_fen, verdict = after(fen, mine[move])
            their_fen = sf.get_fen(VARIANT, fen, [move])
            # The whole FEN: placement, side and both move counters.
            if my_fen != their_fen:
                sys.exit(f"FEN differs after {move} from {fen}: {my_fen} vs {their_fen}")
            if verdict.endswith(";yes"):  # a captain was removed
                if sf.legal_moves(VARIANT, their_fen, []):
                    sys.exit(f"FSF plays on after a captain is removed: {their_fen}")
                break
            fen = my_fen
    print(f"{games} games, {positions} positions: same moves and FEN")


if __name__ == "__main__":
    main()
