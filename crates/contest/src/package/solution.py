#!/usr/bin/env python3
"""A solution of Duck Chess (THUPC 2019 "duckchess", Luogu P5380, LOJ 6619),
written by duckchess for `duckchess package`: Python 3, standard library
only. Reads Q and the Q commands `xs ys xt yt`; for each writes
`Invalid command` or `MOVED;REMOVED;CHECK;OVER`."""
import sys

ROWS, COLS = 10, 9
NAMES = {"K": "captain", "G": "guard", "E": "elephant", "H": "horse",
         "C": "car", "D": "duck", "S": "soldier"}
BACK = "CHEGKGEHC"


def initial():
    board = [[None] * COLS for _ in range(ROWS)]
    for y, kind in enumerate(BACK):
        board[0][y] = ("red", kind)
        board[9][y] = ("blue", kind)
    for x, color in ((2, "red"), (7, "blue")):
        board[x][0] = board[x][8] = (color, "D")
    for x, color in ((3, "red"), (6, "blue")):
        for y in range(0, COLS, 2):
            board[x][y] = (color, "S")
    return board


def on_board(x, y):
    return 0 <= x < ROWS and 0 <= y < COLS


def reaches(board, xs, ys, xt, yt):
    """Whether the piece on (xs, ys) may move to (xt, yt) by its rule,
    whoever's turn it is."""
    color, kind = board[xs][ys]
    if not on_board(xt, yt) or (xs, ys) == (xt, yt):
        return False
    target = board[xt][yt]
    if target is not None and target[0] == color:
        return False
    dx, dy = xt - xs, yt - ys
    ax, ay = abs(dx), abs(dy)
    sx = (dx > 0) - (dx < 0)
    sy = (dy > 0) - (dy < 0)

    def empty(x, y):
        return board[x][y] is None

    if kind == "K":
        return ax + ay == 1
    if kind == "G":
        return ax == 1 and ay == 1
    if kind == "S":
        return max(ax, ay) == 1
    if kind == "E":
        return ax == 2 and ay == 2 and empty(xs + sx, ys + sy)
    if kind == "H":
        if ax == 2 and ay == 1:
            return empty(xs + sx, ys)
        if ax == 1 and ay == 2:
            return empty(xs, ys + sy)
        return False
    if kind == "D":
        if ax == 3 and ay == 2:
            return empty(xs + sx, ys) and empty(xs + 2 * sx, ys + sy)
        if ax == 2 and ay == 3:
            return empty(xs, ys + sy) and empty(xs + sx, ys + 2 * sy)
        return False
    if kind == "C":
        if dx != 0 and dy != 0:
            return False
        return all(empty(xs + sx * i, ys + sy * i) for i in range(1, max(ax, ay)))
    raise AssertionError(kind)


def captain_attacked(board, color):
    pieces = [(x, y) for x in range(ROWS) for y in range(COLS) if board[x][y]]
    for x, y in pieces:
        if board[x][y] == (color, "K"):
            return any(board[px][py][0] != color and reaches(board, px, py, x, y)
                       for px, py in pieces)
    return False


def name(piece):
    return "%s %s" % (piece[0], NAMES[piece[1]])


def solve(commands):
    board = initial()
    turn, over = "red", False
    for xs, ys, xt, yt in commands:
        if (over or not on_board(xs, ys) or board[xs][ys] is None
                or board[xs][ys][0] != turn or not reaches(board, xs, ys, xt, yt)):
            yield "Invalid command"
            continue
        moved, removed = board[xs][ys], board[xt][yt]
        board[xt][yt], board[xs][ys] = moved, None
        over = removed is not None and removed[1] == "K"
        check = not over and (captain_attacked(board, "red")
                              or captain_attacked(board, "blue"))
        yield "%s;%s;%s;%s" % (name(moved), name(removed) if removed else "NA",
                               "yes" if check else "no", "yes" if over else "no")
        turn = "blue" if turn == "red" else "red"


def main():
    numbers = [int(t) for t in sys.stdin.read().split()]
    q = numbers[0]
    commands = [tuple(numbers[1 + 4 * i: 5 + 4 * i]) for i in range(q)]
    sys.stdout.write("".join(line + "\n" for line in solve(commands)))


if __name__ == "__main__":
    main()
