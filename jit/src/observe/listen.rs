//! What watches compiles: one trait, `Listener`, told of every compile as
//! it ends (its record) and of every piece of code installed (where, how
//! big, and, for listeners that ask, its bytes and line table). The
//! observers a run can have are its implementations: the compile records
//! (`Records`), the one-line trace (`TraceLines`), perf's map
//! (`PerfMap`) and jitdump (`JitDumpFile`), and the GDB JIT interface
//! (`GdbJit`). An embedder adds its own the same way.

use crate::observe::code_info::CodeInfo;
use crate::observe::gdb_jit::Registration;
use crate::observe::jitdump::JitDump;
use crate::observe::record::CompileRecord;
use std::any::Any;
use std::cell::RefCell;
use std::io::Write;
use std::rc::Rc;

/// Code a compile installed.
pub struct Installed<'a> {
    /// The function's name.
    pub function: &'a str,
    /// For on-stack-replacement code, the line of the loop header it
    /// enters at.
    pub entry_line: Option<u32>,
    pub address: u64,
    pub size: usize,
    /// The code and where each bytecode line's code starts, when some
    /// listener wants them (`Listener::wants_code`).
    pub code: Option<&'a [u8]>,
    /// (code address, `.bc` line), in address order.
    pub lines: &'a [(u64, u32)],
    /// The line of the function's first instruction.
    pub first_line: u32,
}

impl Installed<'_> {
    /// perf's name for the code: `bcvm:NAME`, and where OSR code enters.
    pub fn perf_name(&self) -> String {
        let osr = self
            .entry_line
            .map_or(String::new(), |line| format!(" (osr at line {line})"));
        format!("bcvm:{}{osr}", self.function)
    }

    /// The code described for a tool, under `name`, from `source`.
    pub fn info<'b>(&'b self, name: &'b str, source: &'b str) -> Option<CodeInfo<'b>> {
        Some(CodeInfo {
            name,
            address: self.address,
            code: self.code?,
            source,
            lines: self.lines,
            first_line: self.first_line,
        })
    }
}

/// An observer of compiles. Every method has a default that does
/// nothing, so a listener says only what it listens for.
pub trait Listener {
    /// A compile ended, its code installed or not.
    fn compiled(&mut self, _record: &CompileRecord) {}

    /// Whether `installed` needs the code's bytes and line table: they
    /// are made only when some listener does.
    fn wants_code(&self) -> bool {
        false
    }

    /// Code was installed. What is returned lives as long as the code (a
    /// debugger's registration, taken back when the code goes).
    fn installed(&mut self, _code: &Installed<'_>) -> Option<Box<dyn Any>> {
        None
    }
}

/// Every compile's record, in order, shared so it can be read after the
/// VM took the compiler (`bcvm bench`, `--compile-summary`, the oracle).
/// Each record is boxed so that the list's growth, on the VM's thread at
/// an install, moves pointers: moving the records themselves (about a
/// kilobyte each) paused the install that took a list of 256 to 512 for
/// 200 to 300 µs, most of it faulting in the fresh mapping.
#[derive(Clone, Default)]
#[allow(clippy::vec_box)] // The boxes are the point (above).
pub struct Records(Rc<RefCell<Vec<Box<CompileRecord>>>>);

impl Records {
    /// The records so far.
    pub fn snapshot(&self) -> Vec<CompileRecord> {
        self.0
            .borrow()
            .iter()
            .map(|r| CompileRecord::clone(r))
            .collect()
    }

    /// Keeps `record`, moved rather than cloned (as `Listener::compiled`
    /// must): a clone cost 640 instructions of each compile's 7,000 or so
    /// for a small function.
    pub fn push(&self, record: CompileRecord) {
        self.0.borrow_mut().push(Box::new(record));
    }
}

impl Listener for Records {
    fn compiled(&mut self, record: &CompileRecord) {
        self.0.borrow_mut().push(Box::new(record.clone()));
    }
}

/// One line per compile (`--trace-compile`, `--trace-file`).
pub struct TraceLines(pub Box<dyn Write>);

impl Listener for TraceLines {
    fn compiled(&mut self, record: &CompileRecord) {
        let _ = writeln!(self.0, "{}", record.line());
    }
}

/// `START SIZE NAME` per piece of code, for `perf` (`--perf-map`).
pub struct PerfMap(pub Box<dyn Write>);

impl Listener for PerfMap {
    fn installed(&mut self, code: &Installed<'_>) -> Option<Box<dyn Any>> {
        let _ = writeln!(
            self.0,
            "{:x} {:x} {}",
            code.address,
            code.size,
            code.perf_name()
        );
        let _ = self.0.flush();
        None
    }
}

/// Each piece of code and its line table, for `perf inject --jit`
/// (`--perf-jitdump`), naming the `.bc` file `source`.
pub struct JitDumpFile {
    pub dump: JitDump,
    pub source: String,
}

impl Listener for JitDumpFile {
    fn wants_code(&self) -> bool {
        true
    }

    fn installed(&mut self, code: &Installed<'_>) -> Option<Box<dyn Any>> {
        let name = code.perf_name();
        if let Some(info) = code.info(&name, &self.source) {
            // A failed write loses the record, not the run.
            let _ = self.dump.code_load(&info);
        }
        None
    }
}

/// Each piece of code described to a debugger through the GDB JIT
/// interface (`--gdb-jit`), naming the `.bc` file `source`.
pub struct GdbJit {
    pub source: String,
}

impl Listener for GdbJit {
    fn wants_code(&self) -> bool {
        true
    }

    fn installed(&mut self, code: &Installed<'_>) -> Option<Box<dyn Any>> {
        let info = code.info(code.function, &self.source)?;
        // Undescribed code still runs: a debugger just sees less.
        let registration = Registration::register(&info).ok()?;
        Some(Box::new(registration))
    }
}
