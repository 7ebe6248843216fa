#!/usr/bin/env python3
"""duckchess uci driven by python-chess's engine client, as any program
using the library would: a game of engine.play moves from the start, an
engine.analyse with a depth limit, a mate found and reported, and a clock
(wtime/btime) respected.

    python3 scripts/uci_python_chess.py [PATH-TO-duckchess]

Prints what it checked; exits 1 on the first failure."""

import sys
import time

import chess
import chess.engine

binary = sys.argv[1] if len(sys.argv) > 1 else "duckchess"


def fail(message):
    print(f"FAILED: {message}")
    sys.exit(1)


with chess.engine.SimpleEngine.popen_uci([binary, "uci"]) as engine:
    name = engine.id.get("name", "")
    if not name.startswith("duckchess"):
        fail(f"id name is {name!r}")
    if "UCI_Variant" not in engine.options or "Hash" not in engine.options:
        fail(f"options are {sorted(engine.options)}")
    engine.configure({"Hash": 8})

    # A game: 12 plies of engine.play from the start, every move legal.
    board = chess.Board()
    for _ in range(12):
        result = engine.play(board, chess.engine.Limit(time=0.05))
        if result.move not in board.legal_moves:
            fail(f"illegal move {result.move} in {board.fen()}")
        board.push(result.move)
    print(f"ok: 12 moves played by engine.play, now {board.fen()}")

    # Analysis to a depth: the info has a score, a depth and a line.
    info = engine.analyse(chess.Board(), chess.engine.Limit(depth=5))
    if info.get("depth") != 5 or "score" not in info or not info.get("pv"):
        fail(f"analyse gave {info}")
    print(f"ok: analyse to depth 5: score {info['score'].white()}, pv {' '.join(m.uci() for m in info['pv'][:5])}")

    # A mate in 2 is found and reported as a mate score.
    mate = chess.Board("5r1k/6pp/7N/8/8/1Q6/8/6K1 w - - 0 1")
    info = engine.analyse(mate, chess.engine.Limit(depth=4))
    if info["score"].relative != chess.engine.Mate(2):
        fail(f"mate in 2 reported as {info['score']}")
    if info["pv"][0] != chess.Move.from_uci("b3g8"):
        fail(f"mate in 2 begins {info['pv'][0]}")
    print("ok: the mate in 2 (Qg8+) is reported as mate 2")

    # The clock: 1 second left, no increment: the move comes well inside it.
    started = time.monotonic()
    engine.play(chess.Board(), chess.engine.Limit(white_clock=1.0, black_clock=1.0))
    took = time.monotonic() - started
    if took > 0.6:
        fail(f"with 1 s on the clock it took {took:.2f} s")
    print(f"ok: with 1 s on the clock it moved in {took:.2f} s")

print("python-chess's engine client: all checks passed")
