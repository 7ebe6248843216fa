// Input validator of Duck Chess (THUPC 2019, Luogu P5380, LOJ 6619),
// written by duckchess (`duckchess package`), without testlib. It accepts
// exactly what `duckchess validate` accepts: a line holding Q
// (0 <= Q <= 1000, no leading zero), then exactly Q lines `xs ys xt yt`
// with 0 <= xs, xt <= 9 and 0 <= ys, yt <= 8, single spaces between the
// numbers, every line ended by a newline (no CR), nothing after the last.
//
// Reads standard input. Exit code 0: valid; 3: invalid, the line and the
// reason on standard error (testlib's codes, which Polygon reads).
#include <cstdio>
#include <cstdlib>
#include <string>

static void invalid(long line, const char *why) {
    std::fprintf(stderr, "FAIL line %ld: %s\n", line, why);
    std::exit(3);
}

int main() {
    std::string data;
    char buffer[1 << 16];
    size_t n;
    while ((n = std::fread(buffer, 1, sizeof buffer, stdin)) > 0) data.append(buffer, n);
    if (data.empty()) invalid(1, "the input is empty: expected Q");
    size_t at = 0;
    long line = 1;
    // Q: digits, no leading zero, at most 1000.
    size_t start = at;
    while (at < data.size() && data[at] >= '0' && data[at] <= '9' && at - start < 5) at++;
    if (at == start || (data[start] == '0' && at - start > 1) || at >= data.size() ||
        data[at] != '\n')
        invalid(1, "expected Q alone, a non-negative integer without a leading zero");
    long q = std::atol(data.substr(start, at - start).c_str());
    if (q > 1000) invalid(1, "Q is out of range 0..=1000");
    at++;
    static const char MAX[4] = {'9', '8', '9', '8'};
    for (long i = 0; i < q; i++) {
        line++;
        if (at >= data.size()) invalid(line, "the input ends before Q commands");
        if (data.size() - at < 8) invalid(line, "expected `xs ys xt yt` and a newline");
        for (int k = 0; k < 4; k++) {
            char c = data[at + 2 * k];
            char after = data[at + 2 * k + 1];
            if (c < '0' || c > MAX[k]) invalid(line, "a coordinate is off the board");
            if (after != (k < 3 ? ' ' : '\n'))
                invalid(line, "expected `xs ys xt yt`: four digits, single spaces, a newline");
        }
        at += 8;
    }
    if (at != data.size()) invalid(line + 1, "unexpected input after the Q commands");
    std::fprintf(stderr, "ok %ld commands\n", q);
    return 0;
}
