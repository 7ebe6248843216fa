#!/usr/bin/env python3
"""Cross-check duckchess's chess against python-chess, outside the test suite.

Plays seeded random games with python-chess, biased toward moving a piece
back where it came from (so positions repeat), pawn moves (promotions, en
passant) and captures, from the usual start and from positions with
castling, en passant, promotions and bare endings. Every position of every
game, with the moves that led to it, goes to one run of

    duckchess moves --variant chess --long -

and for each position the script compares the set of legal moves (UCI),
and for each move its SAN, the FEN after it and the status after it:
check, checkmate, stalemate, dead position (python-chess's insufficient
material), the 50- and 75-move rules and three- and fivefold repetition
(from the game's history, an en passant square counted only when the
capture is legal); a game that is over has no moves. Besides the random
games, a few are played as written (SCRIPTED): repetition across a double
step whose en passant capture is illegal, and a stalemate in a dead
position.

    pip install chess        # python-chess; tested with 1.11
    cargo build
    python3 scripts/chess_crosscheck.py [--seed N] [--games N]

Prints the figures and exits 1 if anything differs. --drop-one removes one
move from duckchess's answer before comparing, to show a difference is
caught. --write-data FILE writes 20 of the games (those that end in mate or
stalemate first), ply by ply, as the data
tests/rules/chess_data.rs replays. DUCKCHESS names the binary (default
target/debug/duckchess).
"""
import argparse
import os
import random
import subprocess
import sys

import chess

BIN = os.environ.get("DUCKCHESS", "target/debug/duckchess")

STARTS = [
    chess.STARTING_FEN,
    # Castling both ways for both sides, rooks that can be taken.
    "r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1",
    # Kiwipete: castling, pins, en passant chances.
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    # Double steps next to enemy pawns, a king on the en passant rank.
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    # Promotions, with and without capture, for both sides.
    "n1n5/PPPk4/8/8/8/8/4Kppp/5N1N b - - 0 1",
    # Bishops on one colour: dead positions when the pawns go.
    "4k3/8/8/8/2b5/8/1P6/4KB2 w - - 0 1",
    # Knight and pawn: a lone minor piece after a capture.
    "8/8/4k3/8/8/3p4/8/3NK3 w - - 0 10",
    # A double step beside a pawn pinned to its king: no en passant on offer.
    "8/8/8/8/k1p4R/8/1P6/4K2N w - - 0 1",
    # A capture that leaves a stalemate in a dead position.
    "7k/5K2/6p1/7B/8/8/8/8 w - - 0 1",
]

# Games played as written, beside the random ones: repetition counted
# across a double step whose en passant capture is illegal (the pawn
# beside it is pinned), and one that is legal; a stalemate that is also a
# dead position.
SCRIPTED = [
    ("8/8/8/8/k1p4R/8/1P6/4K2N w - - 0 1",
     "b2b4 a4b5 h1f2 b5a4 f2h1 a4b5 h1f2 b5a4 f2h1 a4b5 h1f2 b5a4 f2h1 a4b5 h1f2 b5a4 f2h1".split()),
    ("8/8/8/8/k1p5/8/1P6/4K2N w - - 0 1",
     "b2b4 a4b5 h1f2 b5a4 f2h1 a4b5 h1f2 b5a4 f2h1 a4b5 h1f2 b5a4 f2h1".split()),
    ("7k/5K2/6p1/7B/8/8/8/8 w - - 0 1", ["h5g6"]),
]


def words(board):
    """The status words duckchess writes, from python-chess."""
    checks = [
        (board.is_check(), "check"),
        (board.is_checkmate(), "checkmate"),
        (board.is_stalemate(), "stalemate"),
        (board.is_insufficient_material(), "dead"),
        (board.is_fifty_moves(), "claim-moves"),
        (board.is_seventyfive_moves(), "moves"),
        (board.is_repetition(3), "claim-repetition"),
        (board.is_fivefold_repetition(), "repetition"),
    ]
    found = [w for ok, w in checks if ok]
    return " ".join(found) if found else "-"


def pick(board, rng, back_bias):
    """A random legal move, biased toward repetition, pawns and captures."""
    moves = list(board.legal_moves)
    r = rng.random()
    if r < back_bias and len(board.move_stack) >= 2:
        prev = board.move_stack[-2]
        back = chess.Move(prev.to_square, prev.from_square)
        if back in moves:
            return back
    if r < back_bias + 0.2:
        pawns = [m for m in moves if board.piece_type_at(m.from_square) == chess.PAWN]
        if pawns:
            return rng.choice(pawns)
    if r < back_bias + 0.35:
        captures = [m for m in moves if board.is_capture(m)]
        if captures:
            return rng.choice(captures)
    return rng.choice(moves)


def play(rng, start, plies, back_bias):
    """A random game: its start FEN and its moves (UCI)."""
    board = chess.Board(start)
    moves = []
    while len(moves) < plies and not board.is_game_over():
        move = pick(board, rng, back_bias)
        moves.append(move.uci())
        board.push(move)
    return moves


def ours(lines, drop_one):
    """duckchess's answer for each line: {uci: (san, fen, words)}."""
    out = subprocess.run(
        [BIN, "moves", "--variant", "chess", "--long", "-"],
        input="".join(l + "\n" for l in lines),
        capture_output=True, text=True)
    if out.returncode != 0:
        sys.exit(f"duckchess failed: {out.stderr.strip()}")
    # Each answer ends with an empty line (a position without moves is one).
    answers, moves = [], {}
    for row in out.stdout.split("\n")[:-1]:
        if not row:
            answers.append(moves)
            moves = {}
            continue
        uci, san, fen, status = row.split("\t")
        moves[uci] = (san, fen, status)
    if len(answers) != len(lines):
        sys.exit(f"{len(lines)} positions asked, {len(answers)} answered")
    if drop_one:
        victim = next(a for a in answers if a)
        del victim[next(iter(victim))]
    return answers


def theirs(board):
    """python-chess's answer for a position, like `ours`: a game that is
    over (mate, stalemate, a dead position, 75 moves, fivefold) has no
    moves."""
    moves = {}
    if board.is_game_over():
        return moves
    for move in board.legal_moves:
        san = board.san(move)
        board.push(move)
        moves[move.uci()] = (san, board.fen(en_passant="fen"), words(board))
        board.pop()
    return moves


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--games", type=int, default=60)
    parser.add_argument("--plies", type=int, default=200)
    parser.add_argument("--drop-one", action="store_true")
    parser.add_argument("--write-data", metavar="FILE")
    parser.add_argument("--data-games", type=int, default=20)
    parser.add_argument("--data-plies", type=int, default=150)
    args = parser.parse_args()

    rng = random.Random(args.seed)
    games = [(STARTS[0] if i % 2 == 0 else STARTS[1 + (i // 2) % (len(STARTS) - 1)])
             for i in range(args.games)]
    # Every third game mostly moves pieces back, to reach fivefold repetition.
    games = [(start, play(rng, start, args.plies, 0.6 if i % 3 == 2 else 0.3))
             for i, start in enumerate(games)] + SCRIPTED

    lines, boards = [], []
    for start, moves in games:
        board = chess.Board(start)
        for k in range(len(moves) + 1):
            lines.append(f"{start} moves {' '.join(moves[:k])}".rstrip())
            boards.append(board.copy())
            if k < len(moves):
                board.push_uci(moves[k])
    answers = ours(lines, args.drop_one)

    compared = differences = 0
    seen = {"castling": 0, "en passant": 0, "promotion": 0, "check": 0,
            "checkmate": 0, "stalemate": 0, "dead": 0, "claim-repetition": 0,
            "repetition": 0, "claim-moves": 0}
    for line, board, answer in zip(lines, boards, answers):
        expected = theirs(board)
        for move in (board.legal_moves if expected else []):
            seen["castling"] += board.is_castling(move)
            seen["en passant"] += board.is_en_passant(move)
            seen["promotion"] += move.promotion is not None
        for _, _, status in expected.values():
            for w in status.split():
                if w in seen:
                    seen[w] += 1
        if set(answer) != set(expected):
            differences += 1
            if differences <= 10:
                print(f"legal moves differ at {board.fen()}: only ours "
                      f"{sorted(set(answer) - set(expected))}, only python-chess "
                      f"{sorted(set(expected) - set(answer))}")
        for uci in set(answer) & set(expected):
            compared += 1
            if answer[uci] != expected[uci]:
                differences += 1
                if differences <= 10:
                    print(f"{uci} differs at {board.fen()}:\n  ours   {answer[uci]}\n"
                          f"  theirs {expected[uci]}")

    print(f"games: {len(games)}  positions: {len(lines)}  moves compared: {compared} "
          f"(SAN, FEN after and status each)  differences: {differences}")
    print("moves seen: " + ", ".join(f"{k} {v}" for k, v in seen.items()))

    if args.write_data:
        write_data(args, games)
    sys.exit(1 if differences else 0)


def write_data(args, games):
    """The first games, ply by ply, as python-chess plays them."""
    def ends(game):
        """Whether the game ends in mate or stalemate within the plies kept."""
        start, moves = game
        board = chess.Board(start)
        for uci in moves[:args.data_plies]:
            board.push_uci(uci)
        return board.is_checkmate() or board.is_stalemate()
    # Games that end on the board first, then the others, in play order.
    chosen = sorted(games, key=lambda g: not ends(g))[:args.data_games]
    with open(args.write_data, "w") as f:
        f.write(
            "# Chess facts from python-chess " + chess.__version__ + ", written once by\n"
            f"#   python3 scripts/chess_crosscheck.py --seed {args.seed} --games {args.games}"
            f" --write-data {args.write_data}\n"
            f"# ({args.data_games} games, at most {args.data_plies} plies each: first those\n"
            "# that end in mate or stalemate, then the others in the order played).\n"
            "# A game is `game START-FEN`, then one line per ply, tab-separated:\n"
            "# the move in UCI, its SAN, the FEN after it, the status words after it.\n"
            "# tests/rules/chess_data.rs replays every ply through duckchess.\n")
        for start, moves in chosen:
            board = chess.Board(start)
            f.write(f"\ngame {start}\n")
            for uci in moves[:args.data_plies]:
                move = chess.Move.from_uci(uci)
                san = board.san(move)
                board.push(move)
                f.write(f"{uci}\t{san}\t{board.fen(en_passant='fen')}\t{words(board)}\n")


if __name__ == "__main__":
    main()
