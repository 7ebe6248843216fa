//! Running a program under test: standard input from memory, standard
//! output read into a bounded buffer, a wall-clock time limit.
//!
//! Three threads per run, so that no program can block the checker: one
//! feeds standard input (a program that never reads cannot deadlock us),
//! one reads standard output (and stops at the cap, so output is never
//! buffered without bound), and the caller's, which watches the clock.
//! The child is always waited for, after a kill too, so no zombie is left;
//! on Unix it runs in its own process group, and the whole group is killed,
//! so a wrapper script's children cannot keep the output pipe open. On
//! Linux the checker is also a child subreaper: such orphans are handed to
//! it rather than to PID 1 (which in a container may never reap them), and
//! it reaps them.

use std::ffi::OsString;
use std::io::{self, Read, Write};
use std::process::{Child, ChildStdout, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::thread;
use std::time::{Duration, Instant};

/// Limits of one run.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Wall-clock time after which the program is killed.
    pub timeout: Duration,
    /// Bytes of output after which the program is killed.
    pub max_output: usize,
}

/// How a run ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Ending {
    /// The program exited by itself with this status.
    Exited(ExitStatus),
    /// Killed at the time limit.
    TimedOut,
    /// Killed when its output passed the cap.
    OutputLimit,
}

/// What one run did.
#[derive(Clone, Debug)]
pub struct Run {
    /// How it ended.
    pub ending: Ending,
    /// Standard output, at most [`Limits::max_output`] bytes.
    pub output: Vec<u8>,
    /// Wall-clock time from spawn to exit or kill.
    pub elapsed: Duration,
    /// The end of standard error: at most [`STDERR_KEPT`] bytes, the last
    /// ones, since a crash's reason comes last.
    pub stderr: Vec<u8>,
}

/// Bytes of standard error a [`Run`] keeps.
pub const STDERR_KEPT: usize = 64 * 1024;

/// Runs `argv` (program and arguments) with `input` on standard input.
/// The end of standard error is kept. Fails only when the program cannot
/// be started.
pub fn run(argv: &[OsString], input: &[u8], limits: Limits) -> io::Result<Run> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program given"))?;
    let mut command = Command::new(program);
    command
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    adopt_orphans();
    let start = Instant::now();
    let mut child = command.spawn()?;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let stdout = child.stdout.take().expect("stdout is piped");
    let stderr = StderrTail::start(child.stderr.take().expect("stderr is piped"));
    let overflow = AtomicBool::new(false);
    thread::scope(|s| {
        s.spawn(move || {
            // A program may exit or stop reading early: that is its
            // business, so a broken pipe here is no error of ours.
            let _ = stdin.write_all(input);
        });
        let reader = s.spawn(|| read_bounded(stdout, limits.max_output, &overflow));
        let ending = watch(&mut child, start, limits.timeout, &overflow);
        let output = reader.join().expect("the reader thread does not panic");
        let elapsed = start.elapsed();
        Ok(Run {
            ending,
            output,
            elapsed,
            stderr: stderr.finish(),
        })
    })
}

/// Reads until end of file or until more than `cap` bytes came, keeping at
/// most `cap`; raises `overflow` in the second case.
fn read_bounded(mut stdout: ChildStdout, cap: usize, overflow: &AtomicBool) -> Vec<u8> {
    let mut out = Vec::new();
    let mut buf = vec![0u8; 1 << 16];
    loop {
        match stdout.read(&mut buf) {
            Ok(0) => break,
            Ok(n) => {
                let room = cap - out.len();
                out.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    overflow.store(true, Ordering::SeqCst);
                    break;
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(_) => break,
        }
    }
    out
}

/// The end of a child's standard error, read by a thread of its own that
/// is never joined: whatever still holds the pipe open, the run does not
/// wait for it beyond a short grace.
struct StderrTail {
    kept: std::sync::Arc<std::sync::Mutex<(Vec<u8>, bool)>>,
}

impl StderrTail {
    fn start(mut stderr: std::process::ChildStderr) -> StderrTail {
        let kept = std::sync::Arc::new(std::sync::Mutex::new((Vec::new(), false)));
        let shared = kept.clone();
        thread::spawn(move || {
            let mut buf = vec![0u8; 1 << 14];
            loop {
                match stderr.read(&mut buf) {
                    Ok(0) => break,
                    Ok(n) => {
                        let mut k = shared.lock().unwrap_or_else(|e| e.into_inner());
                        k.0.extend_from_slice(&buf[..n]);
                        // Reading goes on (a full pipe would block the
                        // program); only the last bytes are kept.
                        if k.0.len() > 2 * STDERR_KEPT {
                            let extra = k.0.len() - STDERR_KEPT;
                            k.0.drain(..extra);
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break,
                }
            }
            shared.lock().unwrap_or_else(|e| e.into_inner()).1 = true;
        });
        StderrTail { kept }
    }

    /// What was read, once the pipe closed or after a grace of 200 ms.
    fn finish(self) -> Vec<u8> {
        let deadline = Instant::now() + Duration::from_millis(200);
        loop {
            let mut k = self.kept.lock().unwrap_or_else(|e| e.into_inner());
            if k.1 || Instant::now() >= deadline {
                let mut tail = std::mem::take(&mut k.0);
                let extra = tail.len().saturating_sub(STDERR_KEPT);
                tail.drain(..extra);
                return tail;
            }
            drop(k);
            thread::sleep(Duration::from_millis(1));
        }
    }
}

/// Waits for the child, killing it at the timeout or on overflow; always
/// reaps it.
fn watch(child: &mut Child, start: Instant, timeout: Duration, overflow: &AtomicBool) -> Ending {
    // Poll with a growing pause: quick programs are seen quickly, slow ones
    // cost few wake-ups.
    let mut pause = Duration::from_micros(50);
    loop {
        match child.try_wait() {
            Ok(Some(status)) => {
                // Anything the program left behind in its group would keep
                // the output pipe open; it goes too.
                kill_group(child);
                reap_group(child);
                if overflow.load(Ordering::SeqCst) {
                    return Ending::OutputLimit;
                }
                return Ending::Exited(status);
            }
            Ok(None) => {}
            Err(_) => {
                kill(child);
                return Ending::TimedOut;
            }
        }
        if overflow.load(Ordering::SeqCst) {
            kill(child);
            return Ending::OutputLimit;
        }
        let elapsed = start.elapsed();
        if elapsed >= timeout {
            kill(child);
            return Ending::TimedOut;
        }
        thread::sleep(pause.min(timeout - elapsed));
        pause = (pause * 2).min(Duration::from_millis(5));
    }
}

/// Kills the child (and its group) and reaps it.
fn kill(child: &mut Child) {
    kill_group(child);
    let _ = child.kill();
    let _ = child.wait();
    reap_group(child);
}

/// Makes this process a child subreaper, once (Linux only).
fn adopt_orphans() {
    #[cfg(target_os = "linux")]
    {
        static ONCE: std::sync::Once = std::sync::Once::new();
        ONCE.call_once(|| {
            // Without it orphans go to PID 1 as usual: nothing breaks.
            let _ = nix::sys::prctl::set_child_subreaper(true);
        });
    }
}

/// Reaps the members of the child's killed group that were handed to us,
/// once the child itself has been reaped (so this cannot take it from
/// `std`). Gives up after a second: SIGKILL is not instant, but nearly.
#[cfg(unix)]
fn reap_group(child: &Child) {
    use nix::sys::wait::{waitpid, WaitPidFlag, WaitStatus};
    use nix::unistd::Pid;
    let group = Pid::from_raw(-(child.id() as i32));
    let deadline = Instant::now() + Duration::from_secs(1);
    loop {
        match waitpid(group, Some(WaitPidFlag::WNOHANG)) {
            Ok(WaitStatus::StillAlive) if Instant::now() < deadline => {
                thread::sleep(Duration::from_millis(1))
            }
            Ok(WaitStatus::StillAlive) => return,
            Ok(_) => {}
            // No child of ours is left in the group.
            Err(_) => return,
        }
    }
}

#[cfg(not(unix))]
fn reap_group(_child: &Child) {}

#[cfg(unix)]
fn kill_group(child: &Child) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    // The child leads its own group, whose id is the child's id. An empty
    // group (everything already gone) is not an error.
    let _ = killpg(Pid::from_raw(child.id() as i32), Signal::SIGKILL);
}

#[cfg(not(unix))]
fn kill_group(_child: &Child) {}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    fn sh(script: &str, input: &[u8], ms: u64, cap: usize) -> Run {
        let argv: Vec<OsString> = ["sh", "-c", script].map(OsString::from).to_vec();
        let limits = Limits {
            timeout: Duration::from_millis(ms),
            max_output: cap,
        };
        run(&argv, input, limits).unwrap()
    }

    #[test]
    fn echoes_input_and_reports_the_exit_status() {
        let r = sh("cat; exit 3", b"hello\n", 5000, 1 << 20);
        assert_eq!(r.output, b"hello\n");
        match r.ending {
            Ending::Exited(s) => assert_eq!(s.code(), Some(3)),
            other => panic!("{other:?}"),
        }
    }

    #[test]
    fn a_sleeper_that_never_reads_is_killed_at_the_timeout() {
        // 1 MiB of input that nobody reads must not block the checker.
        let input = vec![b'1'; 1 << 20];
        let t = Instant::now();
        let r = sh("sleep 30", &input, 200, 1 << 20);
        assert_eq!(r.ending, Ending::TimedOut);
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }

    #[test]
    fn endless_output_is_cut_at_the_cap() {
        let r = sh("yes", b"", 5000, 10_000);
        assert_eq!(r.ending, Ending::OutputLimit);
        assert_eq!(r.output.len(), 10_000);
    }

    #[test]
    fn a_background_child_holding_the_pipe_does_not_hang_the_run() {
        let t = Instant::now();
        let r = sh("sleep 30 & echo done", b"", 5000, 1 << 20);
        assert_eq!(r.output, b"done\n");
        assert!(matches!(r.ending, Ending::Exited(s) if s.success()));
        assert!(t.elapsed() < Duration::from_secs(5), "{:?}", t.elapsed());
    }

    /// The zombie children of this process: `/proc` lists every process
    /// with its parent and state.
    #[cfg(target_os = "linux")]
    fn zombies_of_mine() -> Vec<String> {
        let me = std::process::id().to_string();
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| std::fs::read_to_string(e.ok()?.path().join("stat")).ok())
            .filter(|stat| {
                // "pid (name) state ppid ...": the name may hold spaces.
                let rest = stat.rsplit_once(')').map_or("", |(_, r)| r);
                let fields: Vec<&str> = rest.split_whitespace().collect();
                fields.first() == Some(&"Z") && fields.get(1) == Some(&me.as_str())
            })
            .collect()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_wrapper_scripts_killed_children_are_reaped() {
        // `sh` forks the sleepers; killing the group orphans them, and as
        // subreaper this process must reap them.
        let r = sh("sleep 30 & sleep 30 & sleep 30", b"", 200, 1 << 20);
        assert_eq!(r.ending, Ending::TimedOut);
        assert!(nix::sys::prctl::get_child_subreaper().unwrap());
        // Other tests run programs in parallel in this process, and each
        // of their children is a zombie for a moment before its own thread
        // reaps it; only a zombie that stays is a leak.
        let deadline = Instant::now() + Duration::from_secs(3);
        let mine = loop {
            let mine: Vec<String> = zombies_of_mine()
                .into_iter()
                .filter(|s| s.contains("(sleep)") || s.contains("(sh)"))
                .collect();
            if mine.is_empty() || Instant::now() > deadline {
                break mine;
            }
            std::thread::sleep(Duration::from_millis(20));
        };
        assert!(mine.is_empty(), "{mine:?}");
    }

    #[test]
    fn the_end_of_standard_error_is_kept() {
        let r = sh("echo start >&2; head -c 200000 /dev/zero | tr '\\0' x >&2; echo last words >&2; exit 1", b"", 5000, 1 << 20);
        assert!(r.stderr.starts_with(b"xxx"), "{:?}", &r.stderr[..10]);
        assert!(r.stderr.ends_with(b"xlast words\n"));
        assert_eq!(r.stderr.len(), STDERR_KEPT);
        assert!(r.output.is_empty());
    }

    #[test]
    fn a_missing_program_is_an_error() {
        let argv = vec![OsString::from("/nonexistent/program")];
        let limits = Limits {
            timeout: Duration::from_secs(1),
            max_output: 10,
        };
        assert!(run(&argv, b"", limits).is_err());
    }
}
