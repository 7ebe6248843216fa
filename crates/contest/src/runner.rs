//! Running a program under test: standard input from memory, standard
//! output read into a bounded buffer, a wall-clock time limit.
//!
//! How a run ended is decided only once its output has been read to the
//! end (or the run was stopped): a program that writes past the cap and
//! exits at once is still judged over the cap, however the threads and
//! processes interleave.
//!
//! On Unix one thread drives a run: it feeds standard input, reads standard
//! output and standard error (all non-blocking, so a program that never
//! reads, or a descendant that holds a pipe open, cannot block it) and
//! watches the clock. The program runs in its own process group, and its
//! descendants carry a marker in their environment ([`MARKER`]). When the
//! program exits or is stopped, everything it left behind is killed: its
//! group, every process below it, and every process carrying its marker
//! (a descendant that called `setsid` left the group but kept the marker).
//! On Linux the checker is a child subreaper, so orphans are handed to it
//! rather than to PID 1 (which in a container may never reap them): it
//! finds them among its own children, kills them and reaps them. A
//! descendant that leaves its session (`setsid`), clears its environment
//! and is orphaned cannot be told apart from another run's; the checker
//! kills every such orphan once no run is left ([`kill_strays`]). (A
//! checker killed outright, by SIGKILL, cleans up nothing: its programs
//! run on. Setting their parent-death signal needs `pre_exec`, which makes
//! std fork instead of spawning, and made every run dearer and the timing
//! tests flaky on a loaded machine; a cgroup per run needs delegation.)
//!
//! [`kill_all`] stops every run in progress, for a checker that is told
//! to stop (Ctrl-C, SIGTERM, SIGHUP).

use std::ffi::OsString;
use std::io;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The environment variable set for every program run (and inherited by
/// its descendants): it names the run, so that a descendant that left the
/// process group can still be found and killed.
pub const MARKER: &str = "DUCKCHESS_RUN";

/// Bytes of standard error kept: the last ones, where a crash says why.
/// The rest is read and dropped, so a chatty program is never blocked.
pub const STDERR_CAP: usize = 64 * 1024;

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
    /// The program exited by itself with this status, and its output was
    /// read to the end within the limits.
    Exited(ExitStatus),
    /// Killed at the time limit (or its output was still open then).
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
    /// The end of standard error: at most [`STDERR_CAP`] bytes, the last
    /// ones, since a crash's reason comes last.
    pub stderr: Vec<u8>,
    /// The program's peak resident memory in KiB, its own or that of a
    /// descendant it waited for, whichever is larger (the kernel's
    /// `ru_maxrss` of `wait4`); `None` where it is not measured (off
    /// Linux, or when reaping failed).
    pub peak_memory_kib: Option<u64>,
}

/// The runs in progress: the id of each program and its marker. A spawn
/// holds the lock until the program is listed, so [`kill_all`] sees every
/// program that was started.
struct Registry {
    /// Set by [`kill_all`]: no program may start any more.
    stopped: bool,
    runs: Vec<(u32, String)>,
}

static REGISTRY: Mutex<Registry> = Mutex::new(Registry {
    stopped: false,
    runs: Vec::new(),
});

fn registry() -> std::sync::MutexGuard<'static, Registry> {
    // A panic elsewhere must not stop the clean-up.
    REGISTRY.lock().unwrap_or_else(|e| e.into_inner())
}

/// Kills every program being run, with all its descendants, and makes
/// every later [`run`] fail with [`io::ErrorKind::Interrupted`]. Meant for
/// a signal handler's thread, just before the process exits: the runs in
/// progress end as if timed out.
pub fn kill_all() {
    let mut registry = registry();
    registry.stopped = true;
    let all: Vec<u32> = registry.runs.iter().map(|(pid, _)| *pid).collect();
    for (pid, marker) in &registry.runs {
        sweep(*pid, marker, &all);
    }
    drop(registry);
    kill_strays();
}

/// Kills the strays of finished runs: every process handed to this
/// process (a child subreaper, on Linux) that left its session with
/// `setsid`, and everything below it. Such a process escaped its run's
/// group and may have cleared its environment, marker included, so no
/// run can tell it is its own; once no run is in progress, none is
/// anyone's. Meant for the end of a checker (`check`, `test`): a library
/// user whose other threads start processes that call `setsid` should
/// not call it. Does nothing elsewhere than on Linux.
pub fn kill_strays() {
    #[cfg(target_os = "linux")]
    procs::kill_strays();
}

/// Removes a run from the registry when it ends, however it ends.
struct Listed(u32);

impl Drop for Listed {
    fn drop(&mut self) {
        registry().runs.retain(|(pid, _)| *pid != self.0);
    }
}

/// Runs `argv` (program and arguments) with `input` on standard input.
/// Fails when the program cannot be started, when waiting for it fails,
/// and after [`kill_all`].
pub fn run(argv: &[OsString], input: &[u8], limits: Limits) -> io::Result<Run> {
    let (program, args) = argv
        .split_first()
        .ok_or_else(|| io::Error::new(io::ErrorKind::InvalidInput, "no program given"))?;
    static RUNS: AtomicU64 = AtomicU64::new(0);
    let marker = format!(
        "{}.{}",
        std::process::id(),
        RUNS.fetch_add(1, Ordering::Relaxed)
    );
    let mut command = Command::new(program);
    command
        .args(args)
        .env(MARKER, &marker)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped());
    #[cfg(unix)]
    {
        use std::os::unix::process::CommandExt;
        command.process_group(0);
    }
    adopt_orphans();
    let (start, child) = {
        let mut registry = registry();
        if registry.stopped {
            return Err(io::Error::new(
                io::ErrorKind::Interrupted,
                "the checker is stopping",
            ));
        }
        let start = Instant::now();
        let child = command.spawn()?;
        registry.runs.push((child.id(), marker.clone()));
        (start, child)
    };
    let _listed = Listed(child.id());
    drive(child, &marker, input, limits, start)
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

#[cfg(unix)]
fn drive(
    mut child: Child,
    marker: &str,
    input: &[u8],
    limits: Limits,
    start: Instant,
) -> io::Result<Run> {
    use nix::poll::{poll, PollFd, PollFlags};
    use std::io::Write;
    use std::os::fd::AsFd;

    let mut stdin = child.stdin.take();
    let mut stdout = child.stdout.take();
    let mut stderr = child.stderr.take();
    if input.is_empty() {
        stdin = None;
    }
    if let Some(p) = &stdin {
        nonblocking(p)?;
    }
    if let Some(p) = &stdout {
        nonblocking(p)?;
    }
    if let Some(p) = &stderr {
        nonblocking(p)?;
    }
    let deadline = start + limits.timeout;
    let mut output = Vec::new();
    let mut errors = Vec::new();
    let mut written = 0;
    let mut exited = false;
    let mut elapsed = None;
    let mut peak_memory_kib = None;
    let mut buf = vec![0u8; 1 << 16];
    // Poll with a growing pause, back to the shortest after any pipe
    // activity: quick programs are seen quickly, slow ones cost few
    // wake-ups. Pipe events end a pause at once.
    let shortest = Duration::from_micros(50);
    let mut pause = shortest;
    let ending = loop {
        if !exited {
            match exit_seen(&mut child) {
                Ok(true) => {
                    exited = true;
                    elapsed = Some(start.elapsed());
                    // Nobody is left to read the rest of the input.
                    stdin = None;
                    // What the program left behind would keep the pipes
                    // open; it goes. The program itself is not reaped yet,
                    // so its id (and group id) cannot be reused meanwhile.
                    sweep(child.id(), marker, &others());
                }
                Ok(false) => {}
                Err(e) => {
                    stop(&mut child, marker);
                    return Err(io::Error::new(
                        e.kind(),
                        format!("cannot wait for the program: {e}"),
                    ));
                }
            }
        }
        if exited && stdout.is_none() && stderr.is_none() {
            // Read to the end: only now is the ending known.
            let (status, peak) = reap(&mut child)?;
            peak_memory_kib = peak;
            break Ending::Exited(status);
        }
        let now = Instant::now();
        if now >= deadline {
            break Ending::TimedOut;
        }
        let wait = if exited {
            deadline - now
        } else {
            pause.min(deadline - now)
        };
        pause = (pause * 2).min(Duration::from_millis(5));
        let mut fds = Vec::with_capacity(3);
        let mut slots = [usize::MAX; 3];
        if let Some(p) = &stdin {
            slots[0] = fds.len();
            fds.push(PollFd::new(p.as_fd(), PollFlags::POLLOUT));
        }
        if let Some(p) = &stdout {
            slots[1] = fds.len();
            fds.push(PollFd::new(p.as_fd(), PollFlags::POLLIN));
        }
        if let Some(p) = &stderr {
            slots[2] = fds.len();
            fds.push(PollFd::new(p.as_fd(), PollFlags::POLLIN));
        }
        if fds.is_empty() {
            // Only the exit is awaited: poll counts whole milliseconds.
            std::thread::sleep(wait);
            continue;
        }
        // Whole milliseconds, rounded up, so a pause is never zero.
        let ms = wait.as_micros().div_ceil(1000).min(i32::MAX as u128) as i32;
        let timeout = nix::poll::PollTimeout::try_from(ms).unwrap_or(nix::poll::PollTimeout::MAX);
        match poll(&mut fds, timeout) {
            Ok(0) | Err(nix::errno::Errno::EINTR) => {}
            Ok(_) => pause = shortest,
            Err(e) => {
                stop(&mut child, marker);
                return Err(io::Error::from(e));
            }
        }
        let ready: [bool; 3] = std::array::from_fn(|i| {
            fds.get(slots[i])
                .and_then(|f| f.revents())
                .is_some_and(|r| !r.is_empty())
        });
        drop(fds);
        if ready[0] {
            let done = match stdin.as_mut().map(|p| p.write(&input[written..])) {
                Some(Ok(n)) => {
                    written += n;
                    written == input.len()
                }
                Some(Err(e)) if transient(&e) => false,
                // A program may exit or stop reading early: that is its
                // business, so a broken pipe here is no error of ours.
                _ => true,
            };
            if done {
                stdin = None;
            }
        }
        if ready[1] {
            if let Some(p) = &mut stdout {
                let (open, over) = drain(p, &mut buf, &mut output, limits.max_output);
                if !open {
                    stdout = None;
                }
                if over {
                    break Ending::OutputLimit;
                }
            }
        }
        if ready[2] {
            if let Some(p) = &mut stderr {
                let open = drain(p, &mut buf, &mut errors, 2 * STDERR_CAP).0;
                // Reading goes on (a full pipe would block the program);
                // only the last bytes are kept.
                keep_tail(&mut errors, STDERR_CAP);
                if !open {
                    stderr = None;
                }
            }
        }
    };
    if !matches!(ending, Ending::Exited(_)) {
        peak_memory_kib = stop(&mut child, marker);
    }
    Ok(Run {
        ending,
        output,
        stderr: errors,
        elapsed: elapsed.unwrap_or_else(|| start.elapsed()),
        peak_memory_kib,
    })
}

/// Drops all but the last `cap` bytes of `bytes`.
fn keep_tail(bytes: &mut Vec<u8>, cap: usize) {
    let extra = bytes.len().saturating_sub(cap);
    bytes.drain(..extra);
}

/// Reads what a non-blocking pipe holds into `out`, keeping at most `cap`
/// bytes. Returns whether the pipe is still open, and whether more than
/// `cap` bytes came.
#[cfg(unix)]
fn drain(pipe: &mut impl io::Read, buf: &mut [u8], out: &mut Vec<u8>, cap: usize) -> (bool, bool) {
    loop {
        match pipe.read(buf) {
            Ok(0) => return (false, false),
            Ok(n) => {
                let room = cap - out.len();
                out.extend_from_slice(&buf[..n.min(room)]);
                if n > room {
                    return (true, true);
                }
            }
            Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
            Err(e) if transient(&e) => return (true, false),
            Err(_) => return (false, false),
        }
    }
}

#[cfg(unix)]
fn transient(e: &io::Error) -> bool {
    matches!(
        e.kind(),
        io::ErrorKind::WouldBlock | io::ErrorKind::Interrupted
    )
}

#[cfg(unix)]
fn nonblocking(pipe: &impl std::os::fd::AsFd) -> io::Result<()> {
    use nix::fcntl::{fcntl, FcntlArg, OFlag};
    let flags = OFlag::from_bits_truncate(fcntl(pipe.as_fd(), FcntlArg::F_GETFL)?);
    fcntl(pipe.as_fd(), FcntlArg::F_SETFL(flags | OFlag::O_NONBLOCK))?;
    Ok(())
}

/// Whether the program has exited. On Linux it is left unreaped (a
/// zombie), so that its process id stays its own while its descendants are
/// swept.
#[cfg(unix)]
fn exit_seen(child: &mut Child) -> io::Result<bool> {
    #[cfg(target_os = "linux")]
    {
        use nix::sys::wait::{waitid, Id, WaitPidFlag, WaitStatus};
        use nix::unistd::Pid;
        let flags = WaitPidFlag::WEXITED | WaitPidFlag::WNOHANG | WaitPidFlag::WNOWAIT;
        match waitid(Id::Pid(Pid::from_raw(child.id() as i32)), flags) {
            Ok(WaitStatus::StillAlive) => Ok(false),
            Ok(_) => Ok(true),
            Err(nix::errno::Errno::EINTR) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        // std keeps the status for the `wait` that follows.
        Ok(child.try_wait()?.is_some())
    }
}

/// Reaps the program that has exited: its status, and on Linux its peak
/// memory (`wait4`'s `ru_maxrss`, in KiB).
#[cfg(unix)]
fn reap(child: &mut Child) -> io::Result<(ExitStatus, Option<u64>)> {
    #[cfg(target_os = "linux")]
    {
        use std::os::unix::process::ExitStatusExt;
        let pid = child.id() as libc::pid_t;
        let mut status: libc::c_int = 0;
        // SAFETY: an all-zero rusage is a valid value of the plain C
        // struct, which wait4 overwrites.
        let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
        loop {
            // SAFETY: both pointers are to live locals of the right types.
            let got = unsafe { libc::wait4(pid, &mut status, 0, &mut usage) };
            if got == pid {
                let peak = u64::try_from(usage.ru_maxrss).ok();
                return Ok((ExitStatus::from_raw(status), peak));
            }
            let e = io::Error::last_os_error();
            if e.kind() != io::ErrorKind::Interrupted {
                return Err(e);
            }
        }
    }
    #[cfg(not(target_os = "linux"))]
    {
        Ok((child.wait()?, None))
    }
}

/// Kills the program and everything it left behind, and reaps it: its
/// peak memory where [`reap`] measures it.
#[cfg(unix)]
fn stop(child: &mut Child, marker: &str) -> Option<u64> {
    let _ = child.kill();
    // Dead but not reaped: its children are ours now, and its id cannot be
    // reused while they are swept.
    #[cfg(target_os = "linux")]
    {
        use nix::sys::wait::{waitid, Id, WaitPidFlag};
        use nix::unistd::Pid;
        let id = Pid::from_raw(child.id() as i32);
        while waitid(Id::Pid(id), WaitPidFlag::WEXITED | WaitPidFlag::WNOWAIT)
            == Err(nix::errno::Errno::EINTR)
        {}
    }
    sweep(child.id(), marker, &others());
    reap(child).ok().and_then(|(_, peak)| peak)
}

/// The programs of every run in progress.
fn others() -> Vec<u32> {
    registry().runs.iter().map(|(pid, _)| *pid).collect()
}

/// Kills the program whose id is `root` and everything it left behind: its
/// process group, and on Linux every process below it or carrying its
/// marker; reaps those handed to this process. The program itself is
/// killed but not reaped (std's `Child` does that).
#[cfg(unix)]
fn sweep(root: u32, marker: &str, others: &[u32]) {
    use nix::sys::signal::{killpg, Signal};
    use nix::unistd::Pid;
    // An empty group (everything already gone) is not an error.
    let _ = killpg(Pid::from_raw(root as i32), Signal::SIGKILL);
    #[cfg(target_os = "linux")]
    procs::sweep(root as i32, marker, others);
    #[cfg(not(target_os = "linux"))]
    let _ = (marker, others);
}

#[cfg(not(unix))]
fn drive(
    mut child: Child,
    _marker: &str,
    input: &[u8],
    limits: Limits,
    start: Instant,
) -> io::Result<Run> {
    // Threads that may block on a pipe held open are left behind rather
    // than joined: the verdict does not wait for them.
    use std::io::{Read, Write};
    use std::sync::mpsc;
    let mut stdin = child.stdin.take().expect("stdin is piped");
    let input = input.to_vec();
    std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let reader = |mut pipe: Box<dyn Read + Send>, cap: usize| {
        let (tx, rx) = mpsc::channel();
        std::thread::spawn(move || {
            let mut out = Vec::new();
            let mut buf = vec![0u8; 1 << 16];
            let over = loop {
                match pipe.read(&mut buf) {
                    Ok(0) => break false,
                    Ok(n) => {
                        let room = cap - out.len();
                        out.extend_from_slice(&buf[..n.min(room)]);
                        if n > room {
                            break true;
                        }
                    }
                    Err(e) if e.kind() == io::ErrorKind::Interrupted => {}
                    Err(_) => break false,
                }
            };
            let _ = tx.send((out, over));
        });
        rx
    };
    let out = reader(
        Box::new(child.stdout.take().expect("stdout is piped")),
        limits.max_output,
    );
    let err = reader(
        Box::new(child.stderr.take().expect("stderr is piped")),
        STDERR_CAP,
    );
    let deadline = start + limits.timeout;
    let left = || deadline.saturating_duration_since(Instant::now());
    let mut elapsed = None;
    let ending = match out.recv_timeout(left()) {
        Ok((output, true)) => (Ending::OutputLimit, output),
        Ok((output, false)) => loop {
            if let Some(status) = child.try_wait()? {
                elapsed = Some(start.elapsed());
                break (Ending::Exited(status), output);
            }
            if left().is_zero() {
                break (Ending::TimedOut, output);
            }
            std::thread::sleep(Duration::from_millis(1));
        },
        Err(_) => (Ending::TimedOut, Vec::new()),
    };
    let _ = child.kill();
    let _ = child.wait();
    let errors = err
        .recv_timeout(Duration::from_millis(10))
        .map_or_else(|_| Vec::new(), |(e, _)| e);
    Ok(Run {
        ending: ending.0,
        output: ending.1,
        stderr: errors,
        elapsed: elapsed.unwrap_or_else(|| start.elapsed()),
        peak_memory_kib: None,
    })
}

#[cfg(not(unix))]
fn sweep(_root: u32, _marker: &str, _others: &[u32]) {}

/// Finding a program's descendants in `/proc`.
#[cfg(target_os = "linux")]
mod procs {
    use nix::errno::Errno;
    use nix::sys::signal::{kill, Signal};
    use nix::sys::wait::waitpid;
    use nix::unistd::Pid;
    use std::collections::{HashMap, HashSet};
    use std::time::{Duration, Instant};

    /// From `/proc/PID/stat`: the parent, the group and the session.
    struct Stat {
        ppid: i32,
        pgrp: i32,
        session: i32,
    }

    fn stat(pid: i32) -> Option<Stat> {
        let text = std::fs::read_to_string(format!("/proc/{pid}/stat")).ok()?;
        // "pid (name) state ppid pgrp session ...": the name may hold
        // anything.
        let rest = text.rsplit_once(')')?.1;
        let mut fields = rest.split_whitespace();
        let _state = fields.next()?;
        Some(Stat {
            ppid: fields.next()?.parse().ok()?,
            pgrp: fields.next()?.parse().ok()?,
            session: fields.next()?.parse().ok()?,
        })
    }

    /// See [`super::kill_strays`].
    pub(super) fn kill_strays() {
        let me = std::process::id() as i32;
        let Some(mine) = stat(me) else { return };
        let mut killed: HashSet<i32> = HashSet::new();
        // A stray killed while it forked may leave a child behind for the
        // next round; a bound keeps a pathological case from spinning.
        for _ in 0..100 {
            let procs = all();
            let mut found: Vec<i32> = procs
                .iter()
                .filter(|(pid, s)| {
                    s.ppid == me && s.session != mine.session && !killed.contains(pid)
                })
                .map(|(&pid, _)| pid)
                .collect();
            // Everything below them too.
            let mut i = 0;
            while i < found.len() {
                let parent = found[i];
                found.extend(
                    procs
                        .iter()
                        .filter(|(pid, s)| {
                            s.ppid == parent && !killed.contains(pid) && !found.contains(pid)
                        })
                        .map(|(&pid, _)| pid)
                        .collect::<Vec<_>>(),
                );
                i += 1;
            }
            if found.is_empty() {
                break;
            }
            for pid in found {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
                killed.insert(pid);
            }
        }
        reap(killed);
    }

    fn all() -> HashMap<i32, Stat> {
        let Ok(dir) = std::fs::read_dir("/proc") else {
            return HashMap::new();
        };
        dir.filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
            .filter_map(|pid| Some((pid, stat(pid)?)))
            .collect()
    }

    fn carries(pid: i32, marker: &str) -> bool {
        let Ok(env) = std::fs::read(format!("/proc/{pid}/environ")) else {
            return false;
        };
        let wanted = format!("{}={marker}", super::MARKER);
        env.split(|&b| b == 0).any(|v| v == wanted.as_bytes())
    }

    /// Kills, until none is left, every process that is in `root`'s group,
    /// below `root` or below one already killed, or that carries the
    /// marker; then reaps those that became this process's children (a
    /// zombie is killed harmlessly, and reaped). `others` are the programs
    /// of the other runs in progress.
    pub(super) fn sweep(root: i32, marker: &str, others: &[u32]) {
        if has_children_lists() {
            sweep_tree(root, marker, others);
        } else {
            sweep_all(root, marker);
        }
    }

    /// Whether `/proc/PID/task/TID/children` exists (it needs a kernel
    /// option most kernels have): the sweep then reads only the lists of
    /// this process and of the run's processes, not every process's stat.
    fn has_children_lists() -> bool {
        static HAS: std::sync::OnceLock<bool> = std::sync::OnceLock::new();
        *HAS.get_or_init(|| std::path::Path::new("/proc/thread-self/children").exists())
    }

    /// The children of `pid`, all its threads' (a child belongs to the
    /// thread that forked it).
    fn children(pid: i32) -> Vec<i32> {
        let Ok(tasks) = std::fs::read_dir(format!("/proc/{pid}/task")) else {
            return Vec::new();
        };
        tasks
            .filter_map(|t| std::fs::read_to_string(t.ok()?.path().join("children")).ok())
            .flat_map(|text| {
                text.split_whitespace()
                    .filter_map(|w| w.parse().ok())
                    .collect::<Vec<i32>>()
            })
            .collect()
    }

    /// [`sweep`] with the children lists: everything below `root`, and
    /// every child of this process (an orphan handed to it) that is in
    /// `root`'s group or carries the marker, with everything below it.
    /// `others` are the programs of the other runs, children of this
    /// process that are not looked at.
    fn sweep_tree(root: i32, marker: &str, others: &[u32]) {
        let me = std::process::id() as i32;
        let mut killed: HashSet<i32> = HashSet::new();
        // A process killed while it forked may leave a child behind for the
        // next round; a bound keeps a pathological case from spinning.
        for _ in 0..100 {
            let mut stack = children(root);
            for c in children(me) {
                if c == root || killed.contains(&c) || others.contains(&(c as u32)) {
                    continue;
                }
                if stat(c).is_some_and(|s| s.pgrp == root) || carries(c, marker) {
                    stack.push(c);
                }
            }
            let mut found = Vec::new();
            while let Some(p) = stack.pop() {
                if p != me && p != root && !killed.contains(&p) && !found.contains(&p) {
                    found.push(p);
                    stack.extend(children(p));
                }
            }
            if found.is_empty() {
                break;
            }
            for pid in found {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
                killed.insert(pid);
            }
        }
        reap(killed);
    }

    /// [`sweep`] by reading every process's stat: for kernels without
    /// children lists.
    fn sweep_all(root: i32, marker: &str) {
        let me = std::process::id() as i32;
        let mut killed: HashSet<i32> = HashSet::new();
        // A process killed while it forked may leave a child behind for the
        // next round; a bound keeps a pathological case from spinning.
        for _ in 0..100 {
            let procs = all();
            let doomed = |pid: i32| pid == root || killed.contains(&pid);
            let mut found = Vec::new();
            for (&pid, s) in &procs {
                if pid == me || pid == root || killed.contains(&pid) {
                    continue;
                }
                let mut below = s.pgrp == root;
                let mut up = s.ppid;
                for _ in 0..procs.len() {
                    if below || up <= 1 || up == me {
                        break;
                    }
                    below = doomed(up);
                    up = procs.get(&up).map_or(0, |p| p.ppid);
                }
                // Only orphans handed to us (or to PID 1, when we could not
                // be a subreaper) can have left the tree: read their
                // environment only.
                if below || ((s.ppid == me || s.ppid == 1) && carries(pid, marker)) {
                    found.push(pid);
                }
            }
            if found.is_empty() {
                break;
            }
            for pid in found {
                let _ = kill(Pid::from_raw(pid), Signal::SIGKILL);
                killed.insert(pid);
            }
        }
        reap(killed);
    }

    /// Reaps the killed processes as they become our zombies (waiting for
    /// a killed child is short: SIGKILL cannot be caught). One whose parent
    /// is still dying is not ours yet: it is tried again after the others.
    /// Gives up after a second.
    fn reap(mut left: HashSet<i32>) {
        let deadline = Instant::now() + Duration::from_secs(1);
        while !left.is_empty() && Instant::now() < deadline {
            let before = left.len();
            left.retain(|&pid| match waitpid(Pid::from_raw(pid), None) {
                Ok(_) => false,
                Err(Errno::EINTR) => true,
                // Not (yet) our child: gone, or on its way to us.
                Err(_) => stat(pid).is_some(),
            });
            if left.len() == before {
                std::thread::sleep(Duration::from_millis(1));
            }
        }
    }
}

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
        let r = sh("cat; echo oops >&2; exit 3", b"hello\n", 5000, 1 << 20);
        assert_eq!(r.output, b"hello\n");
        assert_eq!(r.stderr, b"oops\n");
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
        // 0.2 s, far below the sleeper's 30 s; loose for a loaded machine.
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn peak_memory_is_measured() {
        // dd fills a 64 MiB buffer: its peak (a descendant the shell
        // waited for, or the shell itself after exec) is at least that.
        let r = sh(
            "dd if=/dev/zero of=/dev/null bs=64M count=1 2>/dev/null",
            b"",
            20_000,
            1 << 20,
        );
        let peak = r.peak_memory_kib.expect("measured on Linux");
        assert!(peak >= 60 << 10, "{peak} KiB");
        let r = sh("sleep 30", b"", 100, 1 << 20);
        assert_eq!(r.ending, Ending::TimedOut);
        assert!(r.peak_memory_kib.is_some());
    }

    #[test]
    fn endless_output_is_cut_at_the_cap() {
        let r = sh("yes", b"", 5000, 10_000);
        assert_eq!(r.ending, Ending::OutputLimit);
        assert_eq!(r.output.len(), 10_000);
    }

    #[test]
    fn a_background_child_holding_the_pipe_does_not_hang_the_run() {
        // Waiting for the child would end at the 20 s limit (TimedOut); the
        // bound, far below it, is loose for a loaded machine.
        let t = Instant::now();
        let r = sh("sleep 30 & echo done", b"", 20_000, 1 << 20);
        assert_eq!(r.output, b"done\n");
        assert!(matches!(r.ending, Ending::Exited(s) if s.success()));
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
    }

    /// Output past the cap is over the cap, even when the program exits
    /// the moment it has written it: hundreds of runs at once, none may
    /// come back `Exited`. (Before the fix, about one in eight did.)
    #[test]
    fn output_past_the_cap_is_never_misreported() {
        let runs = 320;
        let misreported = std::sync::atomic::AtomicUsize::new(0);
        let next = std::sync::atomic::AtomicUsize::new(0);
        std::thread::scope(|s| {
            for _ in 0..32 {
                s.spawn(|| {
                    while next.fetch_add(1, Ordering::SeqCst) < runs {
                        let r = sh("head -c 130000 /dev/zero", b"", 10_000, 100_000);
                        if r.ending != Ending::OutputLimit {
                            misreported.fetch_add(1, Ordering::SeqCst);
                        }
                    }
                });
            }
        });
        assert_eq!(misreported.into_inner(), 0, "of {runs} runs");
    }

    /// The live processes whose command line holds `needle` (a zombie's
    /// command line is empty).
    #[cfg(target_os = "linux")]
    fn alive_with(needle: &str) -> Vec<i32> {
        std::fs::read_dir("/proc")
            .unwrap()
            .filter_map(|e| e.ok()?.file_name().to_str()?.parse::<i32>().ok())
            .filter(|pid| {
                std::fs::read(format!("/proc/{pid}/cmdline"))
                    .is_ok_and(|c| c.windows(needle.len()).any(|w| w == needle.as_bytes()))
            })
            .collect()
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_descendant_that_left_the_group_cannot_hold_the_run_open() {
        // The escaped sleeper holds standard output and input; the program
        // itself loops. The run ends at the limit, and the sleeper dies.
        let t = Instant::now();
        let r = sh(
            "setsid sleep 31.5 & while :; do sleep 1; done",
            &vec![b'1'; 1 << 20],
            300,
            1 << 20,
        );
        assert_eq!(r.ending, Ending::TimedOut);
        // Far below the sleeper's 31.5 s, loose for a loaded machine.
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert_eq!(alive_with("31.5"), Vec::<i32>::new());
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_descendant_that_left_the_group_and_was_orphaned_dies_too() {
        // The program exits once its child has left the group; the child
        // keeps standard output open. The run ends when the program did,
        // and the orphan is killed (it carries the run's marker).
        // The program takes 0.3 s; waiting for the orphan would end at the
        // 20 s limit. The bound is loose for a loaded machine.
        let t = Instant::now();
        let r = sh(
            "setsid sleep 32.5 & sleep 0.3; echo done",
            b"",
            20_000,
            1 << 20,
        );
        assert_eq!(r.output, b"done\n");
        assert!(matches!(r.ending, Ending::Exited(s) if s.success()));
        assert!(t.elapsed() < Duration::from_secs(10), "{:?}", t.elapsed());
        assert_eq!(alive_with("32.5"), Vec::<i32>::new());
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

    /// A failure to wait for the program is an error, not a time-out. It
    /// is provoked in a copy of this test binary, where SIGCHLD is ignored
    /// (children are then reaped by the kernel, and waiting fails).
    #[test]
    fn a_failed_wait_is_an_error_not_a_time_out() {
        const CHILD: &str = "DUCKCHESS_TEST_IGNORE_SIGCHLD";
        if std::env::var_os(CHILD).is_some() {
            use nix::sys::signal::{signal, SigHandler, Signal};
            // SAFETY: only this process's copy of the test runs here.
            unsafe { signal(Signal::SIGCHLD, SigHandler::SigIgn) }.unwrap();
            let argv: Vec<OsString> = vec!["true".into()];
            let limits = Limits {
                timeout: Duration::from_secs(5),
                max_output: 10,
            };
            match run(&argv, b"", limits) {
                Err(e) => assert!(e.to_string().contains("cannot wait"), "{e}"),
                Ok(r) => panic!("no error: {:?}", r.ending),
            }
            return;
        }
        let me = std::env::current_exe().unwrap();
        let status = std::process::Command::new(me)
            .args([
                "--exact",
                "contest::runner::tests::a_failed_wait_is_an_error_not_a_time_out",
            ])
            .env(CHILD, "1")
            .stdout(Stdio::null())
            .status()
            .unwrap();
        assert!(status.success());
    }

    #[test]
    fn the_end_of_standard_error_is_kept() {
        let r = sh("echo start >&2; head -c 200000 /dev/zero | tr '\\0' x >&2; echo last words >&2; exit 1", b"", 5000, 1 << 20);
        assert!(r.stderr.starts_with(b"xxx"), "{:?}", &r.stderr[..10]);
        assert!(r.stderr.ends_with(b"xlast words\n"));
        assert_eq!(r.stderr.len(), STDERR_CAP);
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
