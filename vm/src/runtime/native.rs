//! The runtime side of the boundary with compiled code: the helpers it
//! calls (`extern "sysv64"`, each taking the running `Vm` as an opaque
//! pointer), and the checks a call from compiled code makes, the same ones
//! the interpreter makes, in the same order, so every tier traps at the
//! same call.

use crate::bytecode::FuncId;
use crate::interp::Vm;
use crate::profile::sampler::Activity;
use crate::runtime::{Trap, TrapKind};
use crate::tier::JitReturn;
use std::ffi::c_void;

/// Where in the bytecode a helper was called from: function and
/// instruction index, packed as `func << 32 | pc` by the emitter.
pub fn site(func: FuncId, pc: u32) -> u64 {
    (func.0 as u64) << 32 | pc as u64
}

fn site_func(site: u64) -> FuncId {
    FuncId((site >> 32) as u32)
}

fn trap_at(kind: TrapKind, site: u64) -> Trap {
    Trap {
        kind,
        func: site_func(site),
        pc: site as u32,
    }
}

/// Turns the opaque pointer compiled code carries back into the VM.
///
/// # Safety
/// `vm` must be the pointer `Vm::invoke` passed to the compiled code now
/// running; no other reference to that VM is in use meanwhile.
unsafe fn vm_of<'a>(vm: *mut c_void) -> &'a mut Vm<'static> {
    // SAFETY: guaranteed by the caller (see above). The lifetime is only
    // named, never relied on: nothing escapes the helper.
    unsafe { &mut *(vm as *mut Vm<'static>) }
}

fn returned(result: Result<u64, Trap>, vm: &mut Vm) -> JitReturn {
    match result {
        Ok(value) => JitReturn { value, trapped: 0 },
        Err(trap) => {
            vm.trap = Some(trap);
            JitReturn {
                value: 0,
                trapped: 1,
            }
        }
    }
}

impl Vm<'_> {
    /// A call made by compiled code: the interpreter's checks, then
    /// `invoke`, which runs the callee compiled or interpreted.
    fn call_from_compiled(&mut self, callee: FuncId, args: &[u64], site: u64) -> Result<u64, Trap> {
        self.position
            .set(Activity::Runtime, site_func(site), site as u32);
        if self.state.depth + 1 > self.limits.max_call_depth as usize {
            return Err(trap_at(TrapKind::StackOverflow, site));
        }
        let f = self.program().func(callee);
        let base = self.state.stack_top;
        let top = base + f.frame_size();
        if top > self.limits.max_stack_slots {
            return Err(trap_at(TrapKind::StackOverflow, site));
        }
        if !self.ensure_stack(top) {
            return Err(trap_at(TrapKind::StackOverflow, site));
        }
        self.stack[base..base + args.len()].copy_from_slice(args);
        let calls = {
            let c = &mut self.profile.funcs[callee.index()].calls;
            *c += 1;
            *c
        };
        self.offer_if_wanted(callee, calls);
        self.invoke(callee)
    }
}

/// A call from compiled code to function `callee` with `args`.
///
/// # Safety
/// `vm` as for `vm_of`; `args` points at as many readable `u64` as the
/// callee has parameters.
pub unsafe extern "sysv64" fn jit_call(
    vm: *mut c_void,
    callee: u64,
    args: *const u64,
    site: u64,
) -> JitReturn {
    // SAFETY: the caller's contract.
    let vm = unsafe { vm_of(vm) };
    let callee = FuncId(callee as u32);
    let n = vm.program().func(callee).nparams as usize;
    // SAFETY: the caller's contract: `n` arguments at `args`.
    let args = unsafe { std::slice::from_raw_parts(args, n) };
    let result = vm.call_from_compiled(callee, args, site);
    returned(result, vm)
}

/// A trap in compiled code at `site`: division by zero, an access outside
/// the memory or a stack overflow (`kind`, one of the `TRAP_` constants). Returns the trapped marker the
/// compiled code passes on.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_trap(vm: *mut c_void, kind: u64, site: u64) -> JitReturn {
    // SAFETY: the caller's contract.
    let vm = unsafe { vm_of(vm) };
    let kind = match kind {
        TRAP_DIVISION_BY_ZERO => TrapKind::DivisionByZero,
        TRAP_STACK_OVERFLOW => TrapKind::StackOverflow,
        _ => TrapKind::OutOfBounds,
    };
    returned(Err(trap_at(kind, site)), vm)
}

/// Compiled code of `func` whose calls reached its tier-up threshold: the
/// compiler is asked for better code, which later calls run. The caller
/// goes on in the code it is running.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_tier_up(vm: *mut c_void, func: u64) {
    // SAFETY: the caller's contract.
    let vm = unsafe { vm_of(vm) };
    vm.tier_up(FuncId(func as u32));
}

/// Compiled code of `func` whose back-edges reached their tier-up
/// threshold at the loop header `pc`: the entry (`tier::Entry`) of code
/// that runs the rest of the activation from its registers, or 0 if there
/// is none. `CallState::depth` must be the activation's depth.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_osr_entry(vm: *mut c_void, func: u64, pc: u64) -> usize {
    // SAFETY: the caller's contract.
    let vm = unsafe { vm_of(vm) };
    vm.hot_osr(FuncId(func as u32), pc as u32)
        .map_or(0, |entry| entry as usize)
}

/// `jit_trap`'s kinds.
pub const TRAP_DIVISION_BY_ZERO: u64 = 0;
pub const TRAP_OUT_OF_BOUNDS: u64 = 1;
/// A call past the depth limit that compiled code makes without `jit_call`
/// (an inlined one).
pub const TRAP_STACK_OVERFLOW: u64 = 2;

/// An output instruction at `site`: `write` adds to the output, and a
/// failed write is a trap (`OutputFailed`) the compiled code passes up.
///
/// # Safety
/// `vm` as for `vm_of`.
unsafe fn output(vm: *mut c_void, site: u64, write: impl FnOnce(&mut Vm)) -> JitReturn {
    // SAFETY: the caller's contract.
    let vm = unsafe { vm_of(vm) };
    vm.position
        .set(Activity::Runtime, site_func(site), site as u32);
    write(vm);
    let result = if vm.out.failed() {
        Err(trap_at(TrapKind::OutputFailed, site))
    } else {
        Ok(0)
    };
    returned(result, vm)
}

/// `print`.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_print(
    vm: *mut c_void,
    value: u64,
    _: u64,
    site: u64,
) -> JitReturn {
    // SAFETY: the caller's contract.
    unsafe { output(vm, site, |vm| vm.out.print_int(value as i64)) }
}

/// `putc`.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_putc(
    vm: *mut c_void,
    value: u64,
    _: u64,
    site: u64,
) -> JitReturn {
    // SAFETY: the caller's contract.
    unsafe { output(vm, site, |vm| vm.out.put_byte(value as u8)) }
}

/// `fprint` with `precision` digits.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_fprint(
    vm: *mut c_void,
    bits: u64,
    precision: u64,
    site: u64,
) -> JitReturn {
    // SAFETY: the caller's contract.
    unsafe {
        output(vm, site, |vm| {
            vm.out.print_float(f64::from_bits(bits), precision as u32)
        })
    }
}

/// `puts` of the program's string `index`.
///
/// # Safety
/// `vm` as for `vm_of`.
pub unsafe extern "sysv64" fn jit_puts(
    vm: *mut c_void,
    index: u64,
    _: u64,
    site: u64,
) -> JitReturn {
    // SAFETY: the caller's contract.
    unsafe {
        output(vm, site, |vm| {
            let program = vm.program();
            vm.out.put_bytes(&program.strings[index as usize]);
        })
    }
}
