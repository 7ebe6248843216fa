#!/usr/bin/env python3
"""Every game of a variants.ini file (and chess, xiangqi) against pyffish.

pyffish is Fairy-Stockfish's own Python binding (PyPI: pyffish): the
rules as Fairy-Stockfish states them today. For each game, seeded random
games are played with pyffish's moves; at every position the legal moves
duckchess lists (`duckchess moves --long`, one batch a game) must be
pyffish's, and each move's position after it (placement, with the pocket
`[...]` and promoted pieces' `~` in games with drops, side to move, and
the checks still to give in n-check games) pyffish's too. A position where
pyffish lists no move (mate, stalemate, a goal reached) must have none in
duckchess either, and the same result (who wins, or a draw: pyffish's
`game_result`).

    python3 -m pip install pyffish
    cargo build
    python3 scripts/pyffish_check.py [--ini FILE] [--games G] [--plies P] [--seed S] [NAME ...]

A section named like one of Fairy-Stockfish's built-in games (`[nocastle:chess]`)
is compared with that built-in: pyffish keeps its own and says "already
exists". Prints one line a game and a total; exits 1 on a difference
(with the position and the moves each side lists), 2 on bad use.
DUCKCHESS names the binary (default target/debug/duckchess).
"""
import argparse
import os
import random
import re
import subprocess
import sys

try:
    import pyffish as sf
except ImportError:
    print("pyffish_check: pyffish is not installed (python3 -m pip install pyffish)", file=sys.stderr)
    sys.exit(3)

BIN = os.environ.get("DUCKCHESS", "target/debug/duckchess")
# duckchess's names of Fairy-Stockfish's games where they differ
# (duckchess's `duck` is the THUPC game).
PYFFISH_NAMES = {"chess-duck": "duck"}
# Per game, the games' ends whose results were compared.
ENDS = {}


def sections(text):
    return [m.group(1) for m in re.finditer(r"^\[([A-Za-z0-9_-]+)(?::[A-Za-z0-9_-]+)?\]", text, re.M)]


def ours(variant_args, name, lines):
    """duckchess's moves for each line (`FEN moves ...`): a list, one entry
    a line, of {move: (fen after, status)} (empty where the game is over),
    and, by line (from 0), why duckchess says the game is over."""
    run = subprocess.run([BIN, *variant_args, "moves", "--long", "--variant", name, "-"],
                         input="".join(l + "\n" for l in lines), capture_output=True, text=True)
    if run.returncode != 0:
        raise SystemExit(f"duckchess failed on {name}: {run.stderr.strip()}")
    # Each answer ends with a blank line; a game that is over answers
    # with the blank line alone.
    blocks, block = [], {}
    for line in run.stdout.split("\n")[:-1]:
        if not line:
            blocks.append(block)
            block = {}
            continue
        coord, _own, fen, status = line.split("\t")
        block[coord] = (fen, status)
    over = {}
    for note in run.stderr.splitlines():
        m = re.search(r"standard input line (\d+): no moves: the game is over: (.*)", note)
        if m:
            over[int(m.group(1)) - 1] = m.group(2)
    return blocks, over


def placement_and_side(fen):
    """The board, the side to move and, in n-check games, the checks each
    side has still to give (`3+3`)."""
    fields = fen.split()
    return " ".join(fields[:2] + [f for f in fields[2:] if re.fullmatch(r"\d+\+\d+", f)])


def result_word(value, fen):
    """pyffish's result (a value to the side to move in `fen`) as
    `white`, `black` (who wins) or `draw`."""
    if value == 0:
        return "draw"
    us = "white" if fen.split()[1] == "w" else "black"
    return us if value > 0 else ("black" if us == "white" else "white")


def duckchess_result(why):
    """duckchess's reason for the game's end as `white`, `black` or
    `draw`."""
    m = re.match(r"(white|black) wins", why)
    return m.group(1) if m else "draw"


def next_move(theirs, moves):
    """The move played from the position after `moves`."""
    later = [m for m, _ in theirs if len(m) == len(moves) + 1]
    return later[0][-1] if later else None


def check_game(variant_args, ours_name, rng, plies):
    blocks_name, name = ours_name, PYFFISH_NAMES.get(ours_name, ours_name)
    start = sf.start_fen(name)
    played, lines, theirs = [], [], []
    for _ in range(plies):
        legal = sf.legal_moves(name, start, played)
        lines.append(start + (" moves " + " ".join(played) if played else ""))
        theirs.append((list(played), legal))
        if not legal:
            # The end of the game (mate, stalemate, a goal reached): it
            # must be the end in duckchess too.
            break
        if sf.is_optional_game_end(name, start, played)[0]:
            # Repetition or the move limit: duckchess ends the game here
            # (a draw, or a win for the side with draw odds).
            break
        played.append(rng.choice(legal))
    blocks, over = ours(variant_args, blocks_name, lines)
    compared = 0
    for i, ((moves, legal), block) in enumerate(zip(theirs, blocks)):
        where = start + (" moves " + " ".join(moves) if moves else "")
        # A draw by repetition or the move limit ends duckchess's game,
        # while pyffish lists the moves all the same: the game stops here.
        # A repetition that a side wins (`nFoldValue`: tori shogi,
        # minishogi) must be pyffish's win too.
        won = re.match(r"(white|black) wins by repetition", over.get(i, ""))
        if not block and legal and won:
            ended, value = sf.is_optional_game_end(name, start, moves)
            want = result_word(value, sf.get_fen(name, start, moves)) if ended else "no end"
            if want != won.group(1):
                print(f"{name}: the results differ at `{where}`\n"
                      f"  duckchess: {won.group(1)} ({over[i]})\n  pyffish:   {want}")
                return compared, False
            ENDS[name] = ENDS.get(name, 0) + 1
            return compared, True
        if not block and legal and re.search(r"repetition|move limit", over.get(i, "")):
            return compared, True
        # Where such a draw is won by the side with draw odds (armageddon),
        # pyffish must see the game's end too (`is_optional_game_end`),
        # with the same winner.
        if not block and legal and "draw odds" in over.get(i, ""):
            ended, value = sf.is_optional_game_end(name, start, moves)
            want = result_word(value, sf.get_fen(name, start, moves)) if ended else "no end"
            got = duckchess_result(over[i])
            if want != got:
                print(f"{name}: the results differ at `{where}`\n"
                      f"  duckchess: {got} ({over[i]})\n  pyffish:   {want}")
                return compared, False
            ENDS[name] = ENDS.get(name, 0) + 1
            return compared, True
        if set(block) != set(legal):
            print(f"{name}: the moves differ at `{where}`\n"
                  f"  only duckchess: {sorted(set(block) - set(legal))}\n"
                  f"  only pyffish:   {sorted(set(legal) - set(block))}"
                  + (f"\n  duckchess: the game is over: {over[i]}" if i in over else ""))
            return compared, False
        if not legal:
            # The game's end: its result must be pyffish's too.
            want = result_word(sf.game_result(name, start, moves), sf.get_fen(name, start, moves))
            got = duckchess_result(over.get(i, ""))
            if want != got:
                print(f"{name}: the results differ at `{where}`\n"
                      f"  duckchess: {got} ({over.get(i, 'no reason given')})\n"
                      f"  pyffish:   {want}")
                return compared, False
            ENDS[name] = ENDS.get(name, 0) + 1
        # The position after a few of the moves (the one played among
        # them): pyffish replays the game for each, which is the slow part.
        for m in (set(rng.sample(legal, min(3, len(legal)))) | {next_move(theirs, moves)}) - {None}:
            want = placement_and_side(sf.get_fen(name, start, moves + [m]))
            got = placement_and_side(block[m][0])
            if want != got:
                print(f"{name}: after {m} from `{where}`\n  duckchess: {got}\n  pyffish:   {want}")
                return compared, False
        compared += 1
    if len(blocks) != len(theirs):
        print(f"{name}: duckchess answered {len(blocks)} of {len(theirs)} positions")
        return compared, False
    return compared, True


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--ini", help="a variants.ini file: its games are checked")
    ap.add_argument("--games", type=int, default=4)
    ap.add_argument("--plies", type=int, default=40)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("names", nargs="*", help="only these games")
    args = ap.parse_args()
    variant_args, names = [], ["chess", "xiangqi"]
    if args.ini:
        text = open(args.ini).read()
        sf.load_variant_config(text)
        variant_args = ["--variants", args.ini]
        names = sections(text)
    if args.names:
        names = args.names
    total, bad = 0, 0
    for name in names:
        rng = random.Random(f"{args.seed}:{name}")
        positions, ok = 0, True
        for _ in range(args.games):
            n, ok = check_game(variant_args, name, rng, args.plies)
            positions += n
            if not ok:
                break
        total += positions
        bad += not ok
        ends = ENDS.get(name, 0)
        print(f"{name:14} {positions:5} positions {'agree' if ok else 'DIFFER'}"
              + (f" ({ends} ends, results compared)" if ends else ""))
    print(f"{len(names)} games, {total} positions, {bad} differing (pyffish {'.'.join(map(str, sf.version()))})")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
