//! `verify` reads its files as streams: the memory it allocates does not
//! grow with the input, the output or the length of a line. Measured with
//! a counting allocator, so the test needs no outside tool.

use duckchess::contest::verify::{verify_streams, Verdict};
use std::alloc::{GlobalAlloc, Layout, System};
use std::io::{BufReader, Read};
use std::sync::atomic::{AtomicUsize, Ordering};

/// The system allocator, counting the bytes in use and their peak.
struct Counting;

static IN_USE: AtomicUsize = AtomicUsize::new(0);
static PEAK: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, layout: Layout) -> *mut u8 {
        let now = IN_USE.fetch_add(layout.size(), Ordering::Relaxed) + layout.size();
        PEAK.fetch_max(now, Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.alloc(layout) }
    }

    unsafe fn dealloc(&self, ptr: *mut u8, layout: Layout) {
        IN_USE.fetch_sub(layout.size(), Ordering::Relaxed);
        // SAFETY: the caller's contract is passed on unchanged.
        unsafe { System.dealloc(ptr, layout) }
    }
}

#[global_allocator]
static ALLOCATOR: Counting = Counting;

/// `head`, then `pattern` repeated `times`, produced on the fly.
struct Repeat {
    head: &'static [u8],
    pattern: &'static [u8],
    times: usize,
    at: usize,
}

impl Read for Repeat {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if !self.head.is_empty() {
            let n = self.head.read(buf)?;
            return Ok(n);
        }
        let mut n = 0;
        while n < buf.len() && self.times > 0 {
            buf[n] = self.pattern[self.at];
            n += 1;
            self.at += 1;
            if self.at == self.pattern.len() {
                self.at = 0;
                self.times -= 1;
            }
        }
        Ok(n)
    }
}

fn repeat(head: &'static [u8], pattern: &'static [u8], times: usize) -> BufReader<Repeat> {
    BufReader::new(Repeat {
        head,
        pattern,
        times,
        at: 0,
    })
}

/// The most memory allocated at once while `f` runs, beyond what was in
/// use before.
fn peak_during<T>(f: impl FnOnce() -> T) -> (T, usize) {
    let before = IN_USE.load(Ordering::Relaxed);
    PEAK.store(before, Ordering::Relaxed);
    let value = f();
    (value, PEAK.load(Ordering::Relaxed) - before)
}

#[test]
fn memory_does_not_grow_with_the_files_or_a_line() {
    // One test function, so no other test allocates while this measures.
    const Q: usize = 200_000;
    let head: &'static [u8] = b"200000\n";
    let (report, peak) = peak_during(|| {
        verify_streams(
            repeat(head, b"0 0 0 0\n", Q),
            repeat(b"", b"Invalid command\n", Q),
            Some(repeat(b"", b"Invalid command\r\n", Q)),
        )
        .unwrap()
    });
    assert_eq!(report.verdict, Verdict::Ok(Q));
    assert_eq!(report.answer_disagrees, None);
    assert!(peak < 1 << 20, "{peak} bytes for {Q} lines");

    // A single line of 16 MiB.
    let (report, peak) = peak_during(|| {
        verify_streams(
            &b"1\n0 0 0 0\n"[..],
            repeat(b"", b"x", 16 << 20),
            None::<&[u8]>,
        )
        .unwrap()
    });
    assert_eq!(report.exit_code(), 2);
    assert!(peak < 1 << 20, "{peak} bytes for a 16 MiB line");
}
