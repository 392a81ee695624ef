//! `jit-PID.dump`, the Linux perf jitdump format (the kernel's
//! `tools/perf/Documentation/jitdump-specification.txt`, version 1 of the
//! file header): a header, then per compiled function a
//! `JIT_CODE_DEBUG_INFO` record mapping its code addresses to `.bc` lines
//! and the `JIT_CODE_LOAD` record with its name and code bytes. All
//! fields are in the machine's byte order, which the magic number tells.
//!
//! perf finds the file through a mapping of it: the file's first page
//! stays mapped readable and executable while it is written, so `perf
//! record -k 1` sees the mapping, and `perf inject --jit` reads the
//! records and makes an ELF object per function, with line tables, for
//! `perf report` and `perf annotate`. Timestamps are `CLOCK_MONOTONIC`,
//! the clock `-k 1` selects.

use crate::observe::code_info::CodeInfo;
use std::fs::File;
use std::io::{self, Write};
use std::path::{Path, PathBuf};

const MAGIC: u32 = 0x4A69_5444;
const VERSION: u32 = 1;
const HEADER_SIZE: u32 = 40;
const EM_X86_64: u32 = 62;
const JIT_CODE_LOAD: u32 = 0;
const JIT_CODE_DEBUG_INFO: u32 = 2;
/// Bytes of a record's prefix: id, total size, timestamp.
const PREFIX: usize = 16;

/// An open jitdump file.
pub struct JitDump {
    file: io::BufWriter<File>,
    path: PathBuf,
    /// The mapping perf notices, unmapped on drop.
    marker: *mut libc::c_void,
    pid: u32,
    code_index: u64,
}

/// Nanoseconds of `CLOCK_MONOTONIC`.
fn timestamp() -> u64 {
    let mut now = libc::timespec {
        tv_sec: 0,
        tv_nsec: 0,
    };
    // SAFETY: `now` is a valid timespec to fill.
    unsafe { libc::clock_gettime(libc::CLOCK_MONOTONIC, &mut now) };
    now.tv_sec as u64 * 1_000_000_000 + now.tv_nsec as u64
}

impl JitDump {
    /// Creates `DIR/jit-PID.dump`, writes its header and maps it so perf
    /// can find it.
    pub fn create(dir: &Path) -> io::Result<JitDump> {
        let pid = std::process::id();
        let path = dir.join(format!("jit-{pid}.dump"));
        let file = std::fs::OpenOptions::new()
            .read(true)
            .write(true)
            .create(true)
            .truncate(true)
            .open(&path)?;
        let mut header = Vec::with_capacity(HEADER_SIZE as usize);
        for word in [MAGIC, VERSION, HEADER_SIZE, EM_X86_64, 0, pid] {
            header.extend_from_slice(&word.to_ne_bytes());
        }
        header.extend_from_slice(&timestamp().to_ne_bytes());
        header.extend_from_slice(&0u64.to_ne_bytes());
        (&file).write_all(&header)?;
        let page = 4096;
        // SAFETY: maps the first page of a file we own, readable and
        // executable, private: nothing runs or writes through it; it only
        // tells perf where the dump is.
        let marker = unsafe {
            libc::mmap(
                std::ptr::null_mut(),
                page,
                libc::PROT_READ | libc::PROT_EXEC,
                libc::MAP_PRIVATE,
                std::os::fd::AsRawFd::as_raw_fd(&file),
                0,
            )
        };
        if marker == libc::MAP_FAILED {
            return Err(io::Error::last_os_error());
        }
        Ok(JitDump {
            file: io::BufWriter::new(file),
            path,
            marker,
            pid,
            code_index: 0,
        })
    }

    pub fn path(&self) -> &Path {
        &self.path
    }

    /// Records a compiled function: its line table, then its code.
    pub fn code_load(&mut self, load: &CodeInfo) -> io::Result<()> {
        let now = timestamp();
        self.debug_info(load, now)?;
        let name = load.name.as_bytes();
        let size = PREFIX + 40 + name.len() + 1 + load.code.len();
        let mut record = Vec::with_capacity(size);
        prefix(&mut record, JIT_CODE_LOAD, size, now);
        // SAFETY: gettid has no preconditions.
        let tid = unsafe { libc::gettid() } as u32;
        record.extend_from_slice(&self.pid.to_ne_bytes());
        record.extend_from_slice(&tid.to_ne_bytes());
        for word in [
            load.address,
            load.address,
            load.code.len() as u64,
            self.code_index,
        ] {
            record.extend_from_slice(&word.to_ne_bytes());
        }
        record.extend_from_slice(name);
        record.push(0);
        record.extend_from_slice(load.code);
        self.code_index += 1;
        self.file.write_all(&record)?;
        self.file.flush()
    }

    fn debug_info(&mut self, load: &CodeInfo, now: u64) -> io::Result<()> {
        let source = load.source.as_bytes();
        let entry = 8 + 4 + 4 + source.len() + 1;
        let unpadded = PREFIX + 16 + entry * load.lines.len();
        let size = unpadded.next_multiple_of(8);
        let mut record = Vec::with_capacity(size);
        prefix(&mut record, JIT_CODE_DEBUG_INFO, size, now);
        record.extend_from_slice(&load.address.to_ne_bytes());
        record.extend_from_slice(&(load.lines.len() as u64).to_ne_bytes());
        for &(address, line) in load.lines {
            record.extend_from_slice(&address.to_ne_bytes());
            record.extend_from_slice(&line.to_ne_bytes());
            record.extend_from_slice(&0u32.to_ne_bytes());
            record.extend_from_slice(source);
            record.push(0);
        }
        record.resize(size, 0);
        self.file.write_all(&record)
    }
}

fn prefix(record: &mut Vec<u8>, id: u32, size: usize, now: u64) {
    record.extend_from_slice(&id.to_ne_bytes());
    record.extend_from_slice(&(size as u32).to_ne_bytes());
    record.extend_from_slice(&now.to_ne_bytes());
}

impl Drop for JitDump {
    fn drop(&mut self) {
        let _ = self.file.flush();
        // SAFETY: `marker` is the page mapped in `create`, used by nothing.
        unsafe { libc::munmap(self.marker, 4096) };
    }
}

/// A parsed record, for tests and tools.
#[derive(Debug, PartialEq, Eq)]
pub enum Record {
    Load {
        name: String,
        address: u64,
        code: Vec<u8>,
        index: u64,
        timestamp: u64,
    },
    DebugInfo {
        address: u64,
        /// (address, line, file) per entry.
        entries: Vec<(u64, u32, String)>,
        timestamp: u64,
    },
}

/// Reads a dump written on this machine: its header's pid, and its
/// records; an error names what is malformed.
pub fn parse(bytes: &[u8]) -> Result<(u32, Vec<Record>), String> {
    let u32_at = |at: usize| -> Result<u32, String> {
        let b = bytes.get(at..at + 4).ok_or(format!("truncated at {at}"))?;
        Ok(u32::from_ne_bytes(b.try_into().map_err(|_| "u32")?))
    };
    let u64_at = |at: usize| -> Result<u64, String> {
        let b = bytes.get(at..at + 8).ok_or(format!("truncated at {at}"))?;
        Ok(u64::from_ne_bytes(b.try_into().map_err(|_| "u64")?))
    };
    let c_string = |at: usize| -> Result<(String, usize), String> {
        let rest = bytes.get(at..).ok_or("truncated string")?;
        let len = rest
            .iter()
            .position(|&b| b == 0)
            .ok_or("unterminated string")?;
        Ok((
            String::from_utf8_lossy(&rest[..len]).into_owned(),
            at + len + 1,
        ))
    };
    if u32_at(0)? != MAGIC || u32_at(4)? != VERSION || u32_at(12)? != EM_X86_64 {
        return Err("not a version-1 x86-64 jitdump".into());
    }
    let pid = u32_at(20)?;
    let mut at = u32_at(8)? as usize;
    let mut records = Vec::new();
    while at < bytes.len() {
        let (id, size, timestamp) = (u32_at(at)?, u32_at(at + 4)? as usize, u64_at(at + 8)?);
        if size < PREFIX || at + size > bytes.len() {
            return Err(format!("record at {at} has size {size}"));
        }
        let body = at + PREFIX;
        records.push(match id {
            JIT_CODE_LOAD => {
                let (address, code_size, index) =
                    (u64_at(body + 16)?, u64_at(body + 24)?, u64_at(body + 32)?);
                let (name, code_at) = c_string(body + 40)?;
                let code = bytes
                    .get(code_at..code_at + code_size as usize)
                    .ok_or("truncated code")?
                    .to_vec();
                if code_at + code.len() != at + size {
                    return Err(format!("load record at {at}: size disagrees"));
                }
                Record::Load {
                    name,
                    address,
                    code,
                    index,
                    timestamp,
                }
            }
            JIT_CODE_DEBUG_INFO => {
                let (address, count) = (u64_at(body)?, u64_at(body + 8)?);
                let mut entry = body + 16;
                let mut entries = Vec::new();
                for _ in 0..count {
                    let (file, next) = c_string(entry + 16)?;
                    entries.push((u64_at(entry)?, u32_at(entry + 8)?, file));
                    entry = next;
                }
                Record::DebugInfo {
                    address,
                    entries,
                    timestamp,
                }
            }
            other => return Err(format!("unexpected record type {other} at {at}")),
        });
        at += size;
    }
    Ok((pid, records))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn records_read_back_as_written() {
        let dir = std::env::temp_dir().join(format!("bcvm-jitdump-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let mut dump = JitDump::create(&dir).unwrap();
        let path = dump.path().to_path_buf();
        let lines = [(0x1000, 3), (0x1004, 4)];
        dump.code_load(&CodeInfo {
            name: "bcvm:f",
            address: 0x1000,
            code: &[0x90, 0xc3],
            source: "f.bc",
            lines: &lines,
            first_line: 3,
        })
        .unwrap();
        drop(dump);
        let (pid, records) = parse(&std::fs::read(&path).unwrap()).unwrap();
        assert_eq!(pid, std::process::id());
        let [Record::DebugInfo { entries, .. }, Record::Load { name, code, .. }] = &records[..]
        else {
            panic!("{records:?}")
        };
        assert_eq!(
            entries,
            &[
                (0x1000, 3, "f.bc".to_string()),
                (0x1004, 4, "f.bc".to_string())
            ]
        );
        assert_eq!((name.as_str(), &code[..]), ("bcvm:f", &[0x90, 0xc3][..]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}
