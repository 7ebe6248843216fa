//! The I/O floor of judge mode: a program that reads a judge input the way
//! the judge does — `Q`, then `4 Q` numbers as one stream of
//! white-space-separated tokens, as `scanf("%d")` reads them — and writes
//! one fixed verdict line per command, with no game at all. Judge mode can
//! be no faster than this; the ratio of the two says how much of the
//! judge's time the rules take.
//!
//! ```text
//! cargo build --release --example judge_floor
//! target/release/duckchess gen --seed 1 --profile quiet --commands 1000000 > /tmp/quiet.in
//! taskset -c 1 /usr/bin/time -f '%e s %M KiB' target/release/examples/judge_floor /tmp/quiet.in > /dev/null
//! taskset -c 1 /usr/bin/time -f '%e s %M KiB' target/release/duckchess /tmp/quiet.in > /dev/null
//! ```
//!
//! It reads FILE (standard input when absent) in 64 KiB blocks, as judge
//! mode does, and writes `red soldier;NA;yes;no` (the quiet input's most
//! frequent line, about as long as its average one) in 64 KiB blocks. It
//! checks nothing but that every token is a number, and prints the sum of
//! the numbers to standard error so that none of the reading can be
//! optimised away.

use std::io::{self, Read, Write};

const LINE: &[u8] = b"red soldier;NA;yes;no\n";
const BLOCK: usize = 1 << 16;

/// White space as `scanf` sees it.
fn is_space(b: u8) -> bool {
    matches!(b, b' ' | b'\t' | b'\n' | b'\r' | b'\x0b' | b'\x0c')
}

/// Reads `input` as numbers and writes `LINE` once for each four after
/// the first, `Q`. One pass over each block, byte by byte, with the number
/// being read carried from one block to the next: tokens may span blocks.
fn run(mut input: impl Read) -> io::Result<u64> {
    let stdout = io::stdout();
    let mut output = stdout.lock();
    let mut out = Vec::with_capacity(BLOCK + LINE.len());
    let mut buf = vec![0u8; BLOCK];
    // The number being read, whether a token is open, numbers read so far,
    // Q once read, and a sum that keeps the numbers alive.
    let (mut n, mut in_token, mut count, mut q, mut sum) = (0u64, false, 0u64, None, 0u64);
    let mut emit = |n: u64, out: &mut Vec<u8>| match q {
        None => q = Some(n),
        Some(_) => {
            sum = sum.wrapping_add(n);
            count += 1;
            if count % 4 == 0 {
                out.extend_from_slice(LINE);
            }
        }
    };
    loop {
        let len = match input.read(&mut buf) {
            Ok(0) => break,
            Ok(len) => len,
            Err(e) if e.kind() == io::ErrorKind::Interrupted => continue,
            Err(e) => return Err(e),
        };
        for &b in &buf[..len] {
            let digit = b.wrapping_sub(b'0');
            if digit < 10 {
                n = n.wrapping_mul(10).wrapping_add(u64::from(digit));
                in_token = true;
            } else if is_space(b) {
                if in_token {
                    emit(n, &mut out);
                    n = 0;
                    in_token = false;
                }
            } else {
                return Err(io::Error::new(io::ErrorKind::InvalidData, "not a number"));
            }
        }
        if out.len() >= BLOCK {
            output.write_all(&out)?;
            out.clear();
        }
    }
    if in_token {
        emit(n, &mut out);
    }
    output.write_all(&out)?;
    output.flush()?;
    Ok(sum)
}

fn main() {
    let result = match std::env::args_os().nth(1) {
        Some(path) if path != "-" => std::fs::File::open(path).and_then(run),
        _ => run(io::stdin().lock()),
    };
    match result {
        Ok(sum) => eprintln!("sum of the numbers: {sum}"),
        Err(e) => {
            eprintln!("judge_floor: {e}");
            std::process::exit(1);
        }
    }
}
