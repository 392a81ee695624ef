//! Addresses to compile against when there is no VM (disassembly,
//! benchmarks, tests): code compiled against them is never run.

use vm::tier::JitEnv;
use vm::Program;

/// What the emitter needs to embed when there is no VM (disassembly,
/// benchmarks, tests): code compiled against it is never run.
pub struct ScratchEnv {
    memory: vm::runtime::LinearMemory,
    state: Box<vm::tier::CallState>,
    entries: Vec<usize>,
    counts: Vec<u64>,
}

impl ScratchEnv {
    pub fn new(program: &Program) -> std::io::Result<ScratchEnv> {
        let n = program.funcs.len();
        Ok(ScratchEnv {
            memory: vm::runtime::LinearMemory::new(program.memory_cells)?,
            state: Box::default(),
            entries: vec![0; n],
            counts: vec![0; 3 * n],
        })
    }

    pub fn env(&mut self) -> JitEnv {
        JitEnv {
            memory: vm::tier::MemoryView {
                base: self.memory.as_mut_ptr(),
                cells: self.memory.len(),
            },
            state: &mut *self.state,
            entries: self.entries.as_ptr(),
            call_counts: self.counts.as_mut_ptr(),
            count_stride: std::mem::size_of::<vm::profile::FuncProfile>(),
            count_calls: false,
            count_slots: false,
        }
    }
}
