//! Writing a package folder whole or not at all.

use super::{File, PackageError};
use std::io;
use std::path::{Path, PathBuf};

/// What [`write()`] wrote.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Written {
    /// Files written.
    pub files: usize,
    /// Their bytes, all together.
    pub bytes: u64,
    /// Whether a non-empty folder was replaced (`force`).
    pub replaced: bool,
}

fn io_error(path: &Path) -> impl FnOnce(io::Error) -> PackageError + '_ {
    move |source| PackageError::Io {
        path: path.to_path_buf(),
        source,
    }
}

/// Writes `files` as the folder `dir`, whole or not at all: they are
/// written into a new temporary folder beside `dir`, which is then renamed
/// to `dir`. A `dir` that exists must be a folder (a link is refused, not
/// followed); when it is not empty it is replaced only with `force`, and
/// then only once the new folder is complete (the old one is renamed
/// aside, the new one into place, the old one removed). Any failure
/// leaves `dir` as it was and no temporary folder behind.
pub fn write(dir: &Path, files: &[File], force: bool) -> Result<Written, PackageError> {
    let existing = match dir.symlink_metadata() {
        Ok(meta) if !meta.is_dir() => return Err(PackageError::NotAFolder(dir.to_path_buf())),
        Ok(_) => {
            let empty = std::fs::read_dir(dir)
                .map_err(io_error(dir))?
                .next()
                .is_none();
            if !empty && !force {
                return Err(PackageError::NotEmpty(dir.to_path_buf()));
            }
            Some(empty)
        }
        Err(e) if e.kind() == io::ErrorKind::NotFound => None,
        Err(e) => return Err(io_error(dir)(e)),
    };
    let parent = match dir.parent() {
        Some(p) if !p.as_os_str().is_empty() => p.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&parent).map_err(io_error(&parent))?;
    let name = dir.file_name().unwrap_or(dir.as_os_str()).to_string_lossy();
    let temp = tempfile::Builder::new()
        .prefix(&format!(".{name}."))
        .suffix(".new")
        .tempdir_in(&parent)
        .map_err(io_error(&parent))?;
    let mut bytes = 0;
    for file in files {
        let path = temp.path().join(&file.path);
        if let Some(folder) = path.parent() {
            std::fs::create_dir_all(folder).map_err(io_error(folder))?;
        }
        std::fs::write(&path, &file.bytes).map_err(io_error(&path))?;
        #[cfg(unix)]
        if file.executable {
            use std::os::unix::fs::PermissionsExt;
            std::fs::set_permissions(&path, std::fs::Permissions::from_mode(0o755))
                .map_err(io_error(&path))?;
        }
        bytes += file.bytes.len() as u64;
    }
    // The new folder's own mode, as a folder made by `mkdir` would have it
    // (a temporary folder is private).
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(temp.path(), std::fs::Permissions::from_mode(0o755))
            .map_err(io_error(temp.path()))?;
    }
    match existing {
        None => {}
        Some(true) => std::fs::remove_dir(dir).map_err(io_error(dir))?,
        Some(false) => {
            // The old folder is set aside under a fresh name, and removed
            // once the new one is in place.
            let old = tempfile::Builder::new()
                .prefix(&format!(".{name}."))
                .suffix(".old")
                .tempdir_in(&parent)
                .map_err(io_error(&parent))?;
            std::fs::rename(dir, old.path()).map_err(io_error(dir))?;
            if let Err(e) = std::fs::rename(temp.path(), dir) {
                // Put the old folder back.
                let _ = std::fs::rename(old.path(), dir);
                return Err(io_error(dir)(e));
            }
            drop(old);
            return Ok(Written {
                files: files.len(),
                bytes,
                replaced: true,
            });
        }
    }
    let kept = temp.keep();
    if let Err(e) = std::fs::rename(&kept, dir) {
        let _ = std::fs::remove_dir_all(&kept);
        return Err(io_error(dir)(e));
    }
    Ok(Written {
        files: files.len(),
        bytes,
        replaced: false,
    })
}

#[cfg(all(test, unix))]
mod unit {
    use super::*;

    fn some_files() -> Vec<File> {
        vec![
            File::new("a/b.txt", "b"),
            File::program("run.py", "#!/usr/bin/env python3\n"),
        ]
    }

    #[test]
    fn a_new_folder_is_written_whole() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("deep/pkg");
        let written = write(&dir, &some_files(), false).unwrap();
        assert_eq!((written.files, written.bytes), (2, 24));
        assert_eq!(std::fs::read_to_string(dir.join("a/b.txt")).unwrap(), "b");
        use std::os::unix::fs::PermissionsExt;
        let mode = dir.join("run.py").metadata().unwrap().permissions().mode();
        assert_eq!(mode & 0o111, 0o111);
        // Nothing left beside it.
        assert_eq!(
            std::fs::read_dir(root.path().join("deep")).unwrap().count(),
            1
        );
    }

    #[test]
    fn a_folder_with_files_is_kept_unless_forced() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("pkg");
        std::fs::create_dir(&dir).unwrap();
        std::fs::write(dir.join("mine.txt"), "mine").unwrap();
        let e = write(&dir, &some_files(), false).unwrap_err();
        assert!(matches!(e, PackageError::NotEmpty(_)), "{e}");
        assert_eq!(
            std::fs::read_to_string(dir.join("mine.txt")).unwrap(),
            "mine"
        );
        assert!(!dir.join("run.py").exists());
        let written = write(&dir, &some_files(), true).unwrap();
        assert!(written.replaced);
        assert!(!dir.join("mine.txt").exists() && dir.join("run.py").exists());
        assert_eq!(std::fs::read_dir(root.path()).unwrap().count(), 1);
    }

    #[test]
    fn an_empty_folder_is_used_and_a_file_or_link_refused() {
        let root = tempfile::tempdir().unwrap();
        let dir = root.path().join("pkg");
        std::fs::create_dir(&dir).unwrap();
        assert!(!write(&dir, &some_files(), false).unwrap().replaced);
        let file = root.path().join("file");
        std::fs::write(&file, "x").unwrap();
        let link = root.path().join("link");
        std::os::unix::fs::symlink(&dir, &link).unwrap();
        for target in [&file, &link] {
            let e = write(target, &some_files(), true).unwrap_err();
            assert!(matches!(e, PackageError::NotAFolder(_)), "{e}");
        }
        assert_eq!(std::fs::read_to_string(&file).unwrap(), "x");
    }
}
