//! Writing test files so that nothing the user has is lost: a file is
//! written whole to a temporary file in its own folder and renamed over
//! its name, so a killed or failed write leaves the old file as it was; a
//! symbolic link at the name is replaced, never written through (it may
//! lead out of the folder, or to the input being answered); a folder for
//! new files is always a new one, never an existing folder or a link.

use std::ffi::OsString;
use std::io::{self, BufWriter, Write};
use std::path::{Path, PathBuf};

/// Writes `path` with what `write` produces, all or nothing: on an error
/// (from `write` or the file system) `path` is left as it was, and no
/// temporary file stays behind. A link at `path` is replaced by the file,
/// and the link's target is untouched. A file replaced keeps its mode; a
/// new one gets 0666 less the umask.
///
/// ```
/// use duckchess_contest::files::write_atomic;
/// use std::io::Write;
/// let dir = tempfile::tempdir().unwrap();
/// let path = dir.path().join("x.ans");
/// std::fs::write(&path, "old").unwrap();
/// let failed: std::io::Result<()> = write_atomic(&path, |w| {
///     w.write_all(b"half")?;
///     Err(std::io::Error::other("the input is malformed"))
/// });
/// assert!(failed.is_err());
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "old");
/// write_atomic(&path, |w| w.write_all(b"new")).unwrap();
/// assert_eq!(std::fs::read_to_string(&path).unwrap(), "new");
/// ```
pub fn write_atomic<T, E>(
    path: &Path,
    write: impl FnOnce(&mut BufWriter<&std::fs::File>) -> Result<T, E>,
) -> Result<T, E>
where
    E: From<io::Error>,
{
    let folder = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    let name = path.file_name().unwrap_or(path.as_os_str());
    let mut prefix = OsString::from(".");
    prefix.push(name);
    prefix.push(".");
    // The temporary file is removed when it is dropped, so any early
    // return leaves nothing behind. Its mode is what the file ends with,
    // as any tool writing files gives: a replaced file's own, otherwise
    // 0666 less the umask (tempfile's default, 0600, would hide a test
    // from a judge running as another user).
    let mut builder = tempfile::Builder::new();
    builder.prefix(&prefix).suffix(".tmp");
    #[cfg(unix)]
    builder.permissions(std::os::unix::fs::PermissionsExt::from_mode(0o666));
    let temp = builder.tempfile_in(folder)?;
    if let Ok(old) = std::fs::symlink_metadata(path) {
        if old.is_file() {
            temp.as_file().set_permissions(old.permissions())?;
        }
    }
    let value = {
        let mut out = BufWriter::new(temp.as_file());
        let value = write(&mut out)?;
        out.flush()?;
        value
    };
    temp.persist(path).map_err(|e| e.error)?;
    Ok(value)
}

/// Creates a new, empty folder `parent/name` (`parent` created if need
/// be); when that name is taken, by a folder, a file or a link, the first
/// free of `name-2`, `name-3`, … instead. Returns the folder made.
///
/// ```
/// use duckchess_contest::files::fresh_folder;
/// let dir = tempfile::tempdir().unwrap();
/// assert_eq!(fresh_folder(dir.path(), "7").unwrap(), dir.path().join("7"));
/// assert_eq!(fresh_folder(dir.path(), "7").unwrap(), dir.path().join("7-2"));
/// ```
pub fn fresh_folder(parent: &Path, name: &str) -> io::Result<PathBuf> {
    std::fs::create_dir_all(parent)?;
    for n in 1u64.. {
        let path = match n {
            1 => parent.join(name),
            n => parent.join(format!("{name}-{n}")),
        };
        // `create_dir` fails on any existing entry, a link included: it
        // never reuses a folder or follows a link.
        match std::fs::create_dir(&path) {
            Ok(()) => return Ok(path),
            Err(e) if e.kind() == io::ErrorKind::AlreadyExists => continue,
            Err(e) => return Err(e),
        }
    }
    unreachable!("some name is free")
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn a_link_is_replaced_not_written_through() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        let target = outside.path().join("precious");
        std::fs::write(&target, "keep me").unwrap();
        let link = dir.path().join("case.out");
        std::os::unix::fs::symlink(&target, &link).unwrap();
        write_atomic(&link, |w| w.write_all(b"output")).unwrap();
        assert_eq!(std::fs::read_to_string(&target).unwrap(), "keep me");
        assert!(!link.symlink_metadata().unwrap().is_symlink());
        assert_eq!(std::fs::read_to_string(&link).unwrap(), "output");
    }

    /// Defect: every file was written 0600 (the temporary file's mode
    /// survived the rename), so a judge running as another user could
    /// not read the tests, and `answer` turned a 0644 `.ans` into 0600.
    #[test]
    fn modes_as_any_tool_gives_them() {
        use std::os::unix::fs::PermissionsExt;
        let mode = |p: &Path| std::fs::metadata(p).unwrap().permissions().mode() & 0o7777;
        let dir = tempfile::tempdir().unwrap();
        // The umask, read without changing it: a file made by std gets
        // 0666 less it.
        let probe = dir.path().join("probe");
        std::fs::write(&probe, "").unwrap();
        let expected = mode(&probe);
        let new = dir.path().join("01.ans");
        write_atomic(&new, |w| w.write_all(b"new")).unwrap();
        assert_eq!(mode(&new), expected, "a new file: 0666 less the umask");
        for kept in [0o644, 0o600, 0o640, 0o755] {
            std::fs::set_permissions(&new, std::fs::Permissions::from_mode(kept)).unwrap();
            write_atomic(&new, |w| w.write_all(b"again")).unwrap();
            assert_eq!(mode(&new), kept, "a replaced file keeps its mode");
        }
    }

    #[test]
    fn a_failed_write_leaves_no_temporary_file() {
        let dir = tempfile::tempdir().unwrap();
        let path = dir.path().join("x.ans");
        let r: io::Result<()> = write_atomic(&path, |_| Err(io::Error::other("no")));
        assert!(r.is_err());
        assert_eq!(std::fs::read_dir(dir.path()).unwrap().count(), 0);
    }

    #[test]
    fn a_taken_name_or_a_link_gives_a_new_folder() {
        let dir = tempfile::tempdir().unwrap();
        let outside = tempfile::tempdir().unwrap();
        std::os::unix::fs::symlink(outside.path(), dir.path().join("3")).unwrap();
        std::fs::write(dir.path().join("3-2"), "a file").unwrap();
        let made = fresh_folder(dir.path(), "3").unwrap();
        assert_eq!(made, dir.path().join("3-3"));
        assert!(made.symlink_metadata().unwrap().is_dir());
    }
}
