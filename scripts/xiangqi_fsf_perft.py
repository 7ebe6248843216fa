#!/usr/bin/env python3
"""Xiangqi perft against Fairy-Stockfish, deeper than tests/rules/xiangqi.rs.

Plays seeded random games with `duckchess`, and from the last position of
each compares every first move's perft(DEPTH) (`perft --divide`) with
Fairy-Stockfish's `go perft DEPTH`.

    cargo build --release
    python3 scripts/xiangqi_fsf_perft.py [SEED] [POSITIONS] [DEPTH]

Defaults: seed 1, 10 positions, depth 4. Exits 1 at the first difference.
DUCKCHESS names the binary (default target/release/duckchess), FSF
Fairy-Stockfish (default: on PATH, else Debian's /usr/games/fairy-stockfish).
"""
import os
import random
import shutil
import subprocess
import sys

BIN = os.environ.get("DUCKCHESS", "target/release/duckchess")
FSF = os.environ.get("FSF") or shutil.which("fairy-stockfish") or "/usr/games/fairy-stockfish"
def ours_moves(fen):
    out = subprocess.run([BIN, "moves", "--long", "--variant", "xiangqi", fen], capture_output=True, text=True, check=True).stdout
    return [l.split("\t") for l in out.splitlines() if l]
def ours_divide(fen, d):
    out = subprocess.run([BIN, "perft", str(d), "--divide", "--variant", "xiangqi", fen], capture_output=True, text=True, check=True).stdout
    parts = {}
    for l in out.splitlines():
        if ": " in l:
            m, n = l.split(": "); parts[m] = int(n)
    return parts
fsf = subprocess.Popen([FSF], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, bufsize=1)
def send(s): fsf.stdin.write(s + "\n"); fsf.stdin.flush()
send("uci"); send("setoption name UCI_Variant value xiangqi")
def fsf_divide(fen, d):
    send("position fen " + fen); send(f"go perft {d}")
    parts = {}
    while True:
        l = fsf.stdout.readline().strip()
        if l.startswith("Nodes searched:"): return parts, int(l.split(":")[1])
        if ": " in l:
            m, n = l.split(": ", 1)
            if n.isdigit() and len(m) <= 6: parts[m] = int(n)
args = sys.argv[1:] + [None] * 3
rng = random.Random(int(args[0] or 1))
count = int(args[1] or 10)
depth = int(args[2] or 4)
start = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1"
done = 0; nodes = 0
while done < count:
    fen = start
    for _ in range(rng.randint(10, 80)):
        moves = ours_moves(fen)
        if not moves: break
        fen = rng.choice(moves)[2]
    if not ours_moves(fen): continue
    a = ours_divide(fen, depth); b, total = fsf_divide(fen, depth)
    if a != b:
        print("DIFF", fen); print(sorted(set(a.items()) ^ set(b.items()))[:10]); sys.exit(1)
    done += 1; nodes += total
print(f"{done} positions, perft({depth}) {nodes} nodes: identical divides")
send("quit")
