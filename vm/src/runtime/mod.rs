//! What running code needs besides its frames: the linear memory, buffered
//! stdout, and the trap type. Shared by both tiers, so a program's output
//! and its trap messages cannot differ between them.

pub mod alloc;
pub mod native;

use crate::bytecode::{FuncId, Pos, Program};
use memmap2::MmapMut;
use std::fmt;
use std::io::{self, Write};

/// The program's linear memory: `cells` 8-byte cells, zero-filled.
///
/// An anonymous mapping, so the kernel hands out zero pages only as they
/// are touched: `.memory 268435456` (2 GiB) costs nothing up front.
pub struct LinearMemory {
    map: Option<MmapMut>,
    cells: usize,
}

impl LinearMemory {
    pub fn new(cells: u64) -> io::Result<LinearMemory> {
        let cells = usize::try_from(cells).map_err(|_| io::Error::other("memory too large"))?;
        if cells == 0 {
            return Ok(LinearMemory { map: None, cells });
        }
        let bytes = cells
            .checked_mul(8)
            .ok_or_else(|| io::Error::other("memory too large"))?;
        let map = MmapMut::map_anon(bytes)?;
        // No transparent huge pages: they halve a sieve's page-fault time
        // inside one process, but a fresh process may stall for hundreds
        // of milliseconds in the kernel's compaction to get them.
        Ok(LinearMemory {
            map: Some(map),
            cells,
        })
    }

    pub fn len(&self) -> usize {
        self.cells
    }

    pub fn is_empty(&self) -> bool {
        self.cells == 0
    }

    pub fn cells_mut(&mut self) -> &mut [u64] {
        match &mut self.map {
            // SAFETY: the mapping is page-aligned (so aligned for u64), exactly
            // `cells * 8` bytes long, readable and writable, and lives as long
            // as `self`, which the returned slice borrows mutably. Every bit
            // pattern is a valid u64.
            Some(map) => unsafe {
                std::slice::from_raw_parts_mut(map.as_mut_ptr().cast::<u64>(), self.cells)
            },
            None => &mut [],
        }
    }

    /// The base address, for compiled code that indexes the memory itself.
    pub fn as_mut_ptr(&mut self) -> *mut u64 {
        self.cells_mut().as_mut_ptr()
    }
}

/// Buffered program output. Nothing reaches the sink before `flush`, which
/// the VM calls when the buffer fills, before a trap message and at exit.
/// The first write error (a closed pipe, a full disk) is kept: output
/// stops there, and the VM stops the program after the instruction whose
/// output met it (`TrapKind::OutputFailed`).
pub struct Output {
    buf: Vec<u8>,
    sink: Box<dyn Write>,
    error: Option<io::Error>,
}

const FLUSH_AT: usize = 1 << 16;

impl Output {
    pub fn new(sink: Box<dyn Write>) -> Output {
        Output {
            buf: Vec::with_capacity(FLUSH_AT + 512),
            sink,
            error: None,
        }
    }

    pub fn stdout() -> Output {
        Output::new(Box::new(io::stdout()))
    }

    /// Output that is thrown away, as in benchmarks.
    pub fn discard() -> Output {
        Output::new(Box::new(io::sink()))
    }

    /// Output collected in memory, for tests.
    pub fn capture(shared: SharedBuffer) -> Output {
        Output::new(Box::new(shared))
    }

    #[inline]
    fn maybe_flush(&mut self) {
        if self.buf.len() >= FLUSH_AT {
            self.flush();
        }
    }

    pub fn print_int(&mut self, v: i64) {
        let mut digits = itoa::Buffer::new();
        self.buf.extend_from_slice(digits.format(v).as_bytes());
        self.buf.push(b'\n');
        self.maybe_flush();
    }

    pub fn print_float(&mut self, x: f64, precision: u32) {
        format_fixed(x, precision as usize, &mut self.buf);
        self.buf.push(b'\n');
        self.maybe_flush();
    }

    pub fn put_byte(&mut self, b: u8) {
        self.buf.push(b);
        self.maybe_flush();
    }

    /// A string longer than the buffer goes out directly rather than grow
    /// it (an allocation that could fail).
    pub fn put_bytes(&mut self, bytes: &[u8]) {
        if bytes.len() > FLUSH_AT {
            self.flush();
            if self.error.is_none() {
                let written = self.sink.write_all(bytes).and_then(|_| self.sink.flush());
                self.error = written.err();
            }
            return;
        }
        self.buf.extend_from_slice(bytes);
        self.maybe_flush();
    }

    pub fn flush(&mut self) {
        if self.buf.is_empty() {
            return;
        }
        if self.error.is_none() {
            let written = self
                .sink
                .write_all(&self.buf)
                .and_then(|_| self.sink.flush());
            self.error = written.err();
        }
        self.buf.clear();
    }

    /// Whether a write has failed: the program must stop.
    #[inline]
    pub fn failed(&self) -> bool {
        self.error.is_some()
    }

    /// The write error that stopped output, if any.
    pub fn error(&self) -> Option<&io::Error> {
        self.error.as_ref()
    }
}

impl Drop for Output {
    fn drop(&mut self) {
        self.flush();
    }
}

/// A cloneable in-memory sink.
#[derive(Clone, Default)]
pub struct SharedBuffer(pub std::rc::Rc<std::cell::RefCell<Vec<u8>>>);

impl Write for SharedBuffer {
    fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
        self.0.borrow_mut().extend_from_slice(bytes);
        Ok(bytes.len())
    }

    fn flush(&mut self) -> io::Result<()> {
        Ok(())
    }
}

impl SharedBuffer {
    pub fn contents(&self) -> Vec<u8> {
        self.0.borrow().clone()
    }
}

/// C's `%.Pf`: the exact decimal expansion rounded to P digits, ties to
/// even, `-0.000` kept; `nan`, `inf`, `-inf` spelled as C spells them.
/// Rust's fixed-precision formatting is exact and rounds ties to even;
/// only its `NaN` differs.
pub fn format_fixed(x: f64, precision: usize, out: &mut Vec<u8>) {
    if x.is_nan() {
        out.extend_from_slice(b"nan");
    } else {
        // Writing to a Vec cannot fail.
        let _ = write!(out, "{:.*}", precision, x);
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TrapKind {
    DivisionByZero,
    OutOfBounds,
    StackOverflow,
    /// Not in the spec: only a run given `Limits::fuel` ends this way.
    OutOfFuel,
    /// Not in the spec: stdout could not be written (`Output::error` says
    /// why), so the program stops after the instruction that met it. The
    /// command line reports it, never as a trap line.
    OutputFailed,
}

impl fmt::Display for TrapKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            TrapKind::DivisionByZero => "division by zero",
            TrapKind::OutOfBounds => "memory access out of bounds",
            TrapKind::StackOverflow => "stack overflow",
            TrapKind::OutOfFuel => "out of fuel",
            TrapKind::OutputFailed => "output failed",
        })
    }
}

/// A trap: what happened, and at which instruction of which function.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Trap {
    pub kind: TrapKind,
    pub func: FuncId,
    /// Index of the trapping instruction in the function's code.
    pub pc: u32,
}

impl Trap {
    pub fn pos(&self, program: &Program) -> Pos {
        program.func(self.func).positions[self.pc as usize]
    }

    /// `FILE:LINE:COL: trap: KIND (in function NAME)`.
    pub fn render(&self, program: &Program, file: &str) -> String {
        format!(
            "{file}:{}: trap: {} (in function {})",
            self.pos(program),
            self.kind,
            program.func(self.func).name
        )
    }
}

impl fmt::Display for Trap {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "trap: {} (function #{}, instruction {})",
            self.kind, self.func.0, self.pc
        )
    }
}

impl std::error::Error for Trap {}

#[cfg(test)]
mod tests {
    use super::*;

    fn fixed(x: f64, p: usize) -> String {
        let mut out = Vec::new();
        format_fixed(x, p, &mut out);
        String::from_utf8(out).unwrap()
    }

    #[test]
    fn fixed_matches_c() {
        assert_eq!(fixed(0.125, 2), "0.12");
        assert_eq!(fixed(0.375, 2), "0.38");
        assert_eq!(fixed(2.5, 0), "2");
        assert_eq!(fixed(3.5, 0), "4");
        assert_eq!(fixed(-0.0, 3), "-0.000");
        assert_eq!(fixed(-0.01, 1), "-0.0");
        assert_eq!(fixed(0.1, 17), "0.10000000000000001");
        assert_eq!(fixed(f64::NAN, 2), "nan");
        assert_eq!(fixed(-f64::NAN, 2), "nan");
        assert_eq!(fixed(f64::INFINITY, 5), "inf");
        assert_eq!(fixed(f64::NEG_INFINITY, 0), "-inf");
        assert_eq!(fixed(1e21, 1), "1000000000000000000000.0");
        assert_eq!(fixed(5e-324, 3), "0.000");
    }

    #[test]
    fn memory_is_zeroed_and_lazy() {
        let mut m = LinearMemory::new(1 << 28).unwrap();
        let cells = m.cells_mut();
        assert_eq!(cells.len(), 1 << 28);
        assert_eq!(cells[(1 << 28) - 1], 0);
        cells[12345] = 7;
        assert_eq!(m.cells_mut()[12345], 7);
        assert!(LinearMemory::new(0).unwrap().cells_mut().is_empty());
    }
}
