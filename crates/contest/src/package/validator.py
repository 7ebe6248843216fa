#!/usr/bin/env python3
"""Input validator of Duck Chess (THUPC 2019, Luogu P5380, LOJ 6619),
written by duckchess (`duckchess package`). It accepts exactly what
`duckchess validate` accepts: a line holding Q (0 <= Q <= 1000, no leading
zero), then exactly Q lines `xs ys xt yt` with 0 <= xs, xt <= 9 and
0 <= ys, yt <= 8, single spaces between the numbers, every line ended by
a newline (no CR), nothing after the last one.

Exit code 42: valid; 43: invalid, the reason on standard error (the
Kattis problem format's convention)."""
import re
import sys

MAX_Q = 1000
COMMAND = re.compile(rb"[0-9] [0-8] [0-9] [0-8]")


def invalid(line, why):
    sys.stderr.write("line %d: %s\n" % (line, why))
    sys.exit(43)


def main():
    data = sys.stdin.buffer.read()
    lines = data.split(b"\n")
    # A final newline leaves an empty last piece; its absence is an error.
    if lines[-1] != b"":
        invalid(len(lines), "the last line does not end with a newline"
                if data else "the input is empty: expected Q")
    lines.pop()
    if not lines:
        invalid(1, "the input is empty: expected Q")
    head = lines[0]
    if not re.fullmatch(rb"0|[1-9][0-9]*", head):
        invalid(1, "expected Q alone, a non-negative integer without a leading zero")
    q = int(head)
    if q > MAX_Q:
        invalid(1, "Q = %d is out of range 0..=%d" % (q, MAX_Q))
    for i in range(1, q + 1):
        if i >= len(lines):
            invalid(i + 1, "the input ends after %d of the %d commands" % (i - 1, q))
        if not COMMAND.fullmatch(lines[i]):
            invalid(i + 1, "expected `xs ys xt yt`, 0 <= xs, xt <= 9, 0 <= ys, yt <= 8, "
                    "single spaces")
    if len(lines) > q + 1:
        invalid(q + 2, "unexpected input after %d commands" % q)
    sys.stderr.write("ok %d commands\n" % q)
    sys.exit(42)


if __name__ == "__main__":
    main()
