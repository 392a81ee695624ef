//! Reading and loading programs, and `main`'s arguments.

use super::*;

/// The largest program file read: far above any real program (the tests
/// load 50 MB ones), small enough that `/dev/zero` is refused at once.
pub(crate) const MAX_PROGRAM_BYTES: u64 = 1 << 30;

/// A program file's bytes. Only regular files are read (a FIFO would block
/// in `open`, a device could stream forever), and at most
/// `MAX_PROGRAM_BYTES` of them.
pub(crate) fn read_program(file: &str) -> io::Result<Vec<u8>> {
    use std::io::Read;
    use std::os::unix::fs::OpenOptionsExt;
    let refuse = |why: &str| io::Error::new(io::ErrorKind::InvalidInput, why.to_string());
    if !std::fs::metadata(file)?.is_file() {
        return Err(refuse("not a regular file"));
    }
    // Non-blocking, should the path have become a FIFO since.
    let f = std::fs::OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(file)?;
    let meta = f.metadata()?;
    if !meta.is_file() {
        return Err(refuse("not a regular file"));
    }
    if meta.len() > MAX_PROGRAM_BYTES {
        return Err(refuse("larger than 1 GiB"));
    }
    let mut text = Vec::new();
    f.take(MAX_PROGRAM_BYTES + 1).read_to_end(&mut text)?;
    if text.len() as u64 > MAX_PROGRAM_BYTES {
        return Err(refuse("larger than 1 GiB"));
    }
    Ok(text)
}

pub(crate) fn load(file: &str) -> Result<Program, Failure> {
    let text = read_program(file).map_err(|error| Failure::Unreadable {
        file: file.to_string(),
        error,
    })?;
    vm::load(&text).map_err(|error| Failure::Load {
        file: file.to_string(),
        error,
    })
}

pub(crate) fn check(files: &[String]) -> Result<(), Vec<Failure>> {
    let failures: Vec<Failure> = files.iter().filter_map(|file| load(file).err()).collect();
    if failures.is_empty() {
        Ok(())
    } else {
        Err(failures)
    }
}

pub(crate) fn main_args(
    file: &str,
    program: &Program,
    args: &[String],
) -> Result<Vec<i64>, Failure> {
    let setup = |message: String| Failure::Setup {
        file: file.to_string(),
        message,
    };
    let expected = program.func(program.main).nparams as usize;
    if args.len() != expected {
        return Err(setup(format!(
            "`main` takes {expected} argument{}, {} given",
            if expected == 1 { "" } else { "s" },
            args.len()
        )));
    }
    args.iter()
        .map(|a| {
            vm::loader::parse_int_literal(a)
                .ok_or_else(|| setup(format!("argument `{a}` is not an integer literal")))
        })
        .collect()
}
