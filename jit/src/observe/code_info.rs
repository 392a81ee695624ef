//! What the tools that describe compiled code to the outside world (perf's
//! jitdump, the GDB JIT interface) are told of one compiled function.

/// A compiled function as installed: its name, where its code runs, the
/// code, and where each bytecode instruction's code starts.
pub struct CodeInfo<'a> {
    pub name: &'a str,
    pub address: u64,
    pub code: &'a [u8],
    /// The `.bc` file, as an absolute path.
    pub source: &'a str,
    /// (code address, line) where each bytecode instruction's code starts.
    pub lines: &'a [(u64, u32)],
    /// The line of the function's first instruction.
    pub first_line: u32,
}

/// Which bytecode instruction each machine address of compiled code came
/// from, for the time profiler (`vm::tier::Compiler::locate`). Kept only
/// when asked for (`Jit::code_map`): it holds a table per compiled
/// function for the life of the VM.
#[derive(Debug, Default)]
pub struct CodeMap {
    /// Sorted by start address; code never overlaps.
    ranges: Vec<MappedCode>,
}

#[derive(Debug)]
struct MappedCode {
    start: u64,
    end: u64,
    func: vm::FuncId,
    /// (address, instruction) where each instruction's code starts, in
    /// address order.
    starts: Vec<(u64, u32)>,
}

impl CodeMap {
    /// Adds the code of `func` at `start`, `len` bytes, whose instruction
    /// `pc` starts at `start + offset` for each `(offset, pc)` of `starts`.
    pub fn insert(&mut self, func: vm::FuncId, start: u64, len: usize, starts: &[(usize, u32)]) {
        let at = self.ranges.partition_point(|r| r.start < start);
        self.ranges.insert(
            at,
            MappedCode {
                start,
                end: start + len as u64,
                func,
                starts: starts
                    .iter()
                    .map(|&(offset, pc)| (start + offset as u64, pc))
                    .collect(),
            },
        );
    }

    /// The instruction whose code holds `address`. Code before the first
    /// instruction's (the prologue) belongs to instruction 0; stubs after
    /// the last belong to the last.
    pub fn locate(&self, address: u64) -> Option<(vm::FuncId, u32)> {
        let i = self.ranges.partition_point(|r| r.start <= address);
        let code = &self.ranges[i.checked_sub(1)?];
        if address >= code.end {
            return None;
        }
        let j = code.starts.partition_point(|&(a, _)| a <= address);
        let pc = j.checked_sub(1).map_or(0, |j| code.starts[j].1);
        Some((code.func, pc))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn addresses_map_to_the_instruction_whose_code_holds_them() {
        let mut map = CodeMap::default();
        map.insert(
            vm::FuncId(1),
            0x2000,
            0x40,
            &[(0x8, 0), (0x10, 3), (0x30, 7)],
        );
        map.insert(vm::FuncId(0), 0x1000, 0x20, &[(0x0, 0), (0x4, 1)]);
        assert_eq!(map.locate(0xfff), None);
        assert_eq!(map.locate(0x1000), Some((vm::FuncId(0), 0)));
        assert_eq!(map.locate(0x101f), Some((vm::FuncId(0), 1)));
        assert_eq!(map.locate(0x1020), None);
        assert_eq!(map.locate(0x2000), Some((vm::FuncId(1), 0)));
        assert_eq!(map.locate(0x2010), Some((vm::FuncId(1), 3)));
        assert_eq!(map.locate(0x202f), Some((vm::FuncId(1), 3)));
        assert_eq!(map.locate(0x203f), Some((vm::FuncId(1), 7)));
        assert_eq!(map.locate(0x2040), None);
    }
}
