//! bcvm as a library: load `.bc` programs, run their functions in any
//! tier, and read what every compile cost.
//!
//! An [`Engine`] is a tier and its settings; it loads programs (a
//! [`Module`]: the program and its file name) and makes an [`Instance`]
//! of one, a VM with its compilers, which runs functions
//! with arguments and returns their results or their traps as Rust
//! values. The command line (`bcvm run`) is a client of the same set-up
//! (`jit::driver::engine`), as are the differential oracle, the benchmarks and
//! the tests.
//!
//! ```
//! use bcvm::{Engine, Output, Tier};
//!
//! let engine = Engine::new(Tier::Jit);
//! let module = engine.load("square.bc", "func main(%n)\n    mul %r, %n, %n\n    ret %r\nend\n")?;
//! let mut instance = engine.instantiate(&module, Output::discard())?;
//! assert_eq!(instance.call("main", &[12])?, 144);
//! // `--tier jit` compiled `main` before its first call.
//! let records = instance.records();
//! assert_eq!(records.len(), 1);
//! assert_eq!(records[0].function, "main");
//! # Ok::<(), bcvm::Error>(())
//! ```
//!
//! A trap comes back as [`Error::Trap`], with the line the interpreter
//! would report, in every tier:
//!
//! ```
//! use bcvm::{Engine, Error, Output, Tier, TrapKind};
//!
//! let text = "func main(%n)\n    div %q, 100, %n\n    ret %q\nend\n";
//! for tier in Tier::ALL {
//!     let engine = Engine::new(tier);
//!     let module = engine.load("div.bc", text)?;
//!     let mut instance = engine.instantiate(&module, Output::discard())?;
//!     match instance.call("main", &[0]) {
//!         Err(Error::Trap(trap)) => {
//!             assert_eq!(trap.kind, TrapKind::DivisionByZero);
//!             assert_eq!(trap.line, "div.bc:2:5: trap: division by zero (in function main)");
//!         }
//!         other => panic!("{tier}: {other:?}"),
//!     }
//! }
//! # Ok::<(), bcvm::Error>(())
//! ```

use std::fmt;
use std::time::Duration;

pub use jit::driver::engine::Tier;
pub use jit::driver::threads::Lender;
pub use jit::observe::listen::{GdbJit, Installed, JitDumpFile, Listener, PerfMap, TraceLines};
pub use jit::observe::record::{CodeTier, CompileRecord};
pub use jit::pipeline::context::Options as CompileOptions;
pub use jit::Phase;
pub use vm::tier::Thresholds;
pub use vm::{Limits, Output, Program, TrapKind};

/// A tier and its settings: what every [`Instance`] it makes runs with.
#[derive(Clone, Debug)]
pub struct Engine {
    tier: Tier,
    thresholds: Thresholds,
    limits: Limits,
    compile_units: u64,
    compile_time: Duration,
    options: CompileOptions,
    code_cache_bytes: usize,
    compile_threads: usize,
    lender: Option<&'static Lender>,
}

impl Engine {
    /// `tier` with the command line's defaults: thresholds of 10 calls
    /// and 100 back-edges, one compiler thread (made by the first request:
    /// `with_lender` to run it on a thread of the embedder's), a call
    /// depth of 100,000, a compile budget of 1,000,000 units and 50 ms.
    pub fn new(tier: Tier) -> Engine {
        Engine {
            tier,
            thresholds: jit::driver::engine::DEFAULT_THRESHOLDS,
            limits: Limits::default(),
            compile_units: jit::pipeline::budget::DEFAULT_UNITS,
            compile_time: Duration::from_millis(50),
            options: CompileOptions::default(),
            code_cache_bytes: jit::backend::code_cache::DEFAULT_BYTES,
            compile_threads: jit::driver::engine::DEFAULT_COMPILE_THREADS,
            lender: None,
        }
    }

    pub fn tier(&self) -> Tier {
        self.tier
    }

    /// When `auto` compiles a function (its calls) and takes a running
    /// loop over (its back-edges), and when `tiered` code asks for
    /// optimized code.
    pub fn with_thresholds(mut self, calls: u64, back_edges: u64) -> Engine {
        self.thresholds = Thresholds { calls, back_edges };
        self
    }

    /// The deepest call allowed (`main` runs at depth 1); a call beyond it
    /// traps with `stack overflow`.
    pub fn with_max_call_depth(mut self, depth: u32) -> Engine {
        self.limits.max_call_depth = depth;
        self
    }

    /// What each optimizing compile does: phases switched off, the IR
    /// verified after every phase.
    pub fn with_compile_options(mut self, options: CompileOptions) -> Engine {
        self.options = options;
        self
    }

    /// Work units and wall-clock time one compile may spend; a function
    /// over budget stays in the tier below.
    pub fn with_compile_budget(mut self, units: u64, time: Duration) -> Engine {
        self.compile_units = units;
        self.compile_time = time;
        self
    }

    /// Threads that compile what gets hot in `auto` and `tiered` while
    /// the program goes on (1 by default, at most 7: more are taken as 7);
    /// 0 compiles on the thread that calls, which then waits, so code
    /// arrives at points the program alone decides.
    pub fn with_compile_threads(mut self, threads: usize) -> Engine {
        self.compile_threads = threads;
        self
    }

    /// Runs an instance's first compiler thread on the thread lent to
    /// `lender` (`Lender::lend`) when that thread is free, instead of
    /// making one: a thread of the embedder's that would otherwise wait.
    ///
    /// ```
    /// use bcvm::{Engine, Lender, Output, Tier};
    ///
    /// static LENDER: Lender = Lender::new();
    /// std::thread::spawn(|| LENDER.lend());
    /// let engine = Engine::new(Tier::Auto).with_lender(&LENDER);
    /// let text = "func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main()\n    ret 0\nend\n";
    /// let module = engine.load("sq.bc", text)?;
    /// let mut instance = engine.instantiate(&module, Output::discard())?;
    /// // `sq` gets hot at its tenth call, is compiled on the lent thread
    /// // while the calls go on, and its code is installed at a later one.
    /// let mut calls = 0;
    /// while instance.records().is_empty() && calls < 100_000 {
    ///     assert_eq!(instance.call("sq", &[12])?, 144);
    ///     calls += 1;
    ///     std::thread::sleep(std::time::Duration::from_micros(10));
    /// }
    /// let records = instance.records();
    /// let sq = records.iter().find(|r| r.function == "sq").expect("sq compiled");
    /// assert_eq!(sq.worker, Some(1), "on compiler thread 1");
    /// # Ok::<(), bcvm::Error>(())
    /// ```
    pub fn with_lender(mut self, lender: &'static Lender) -> Engine {
        self.lender = Some(lender);
        self
    }

    /// Loads a program from its text; `name` is the file name its
    /// diagnostics and traps give.
    pub fn load(&self, name: &str, text: &str) -> Result<Module, Error> {
        Module::new(name.to_string(), text.as_bytes())
    }

    /// Loads a program from a file.
    pub fn load_file(&self, path: &std::path::Path) -> Result<Module, Error> {
        let name = path.display().to_string();
        match std::fs::read(path) {
            Ok(text) => Module::new(name, &text),
            Err(error) => Err(Error::Read { name, error }),
        }
    }

    /// A VM for `module`'s program with this engine's tier and compilers,
    /// writing the program's output to `out`.
    pub fn instantiate<'p>(&self, module: &'p Module, out: Output) -> Result<Instance<'p>, Error> {
        self.instantiate_observed(module, out, Vec::new())
    }

    /// `instantiate`, with `listeners` told of every compile and every
    /// piece of code installed (the trace, perf's map and jitdump, the GDB
    /// JIT interface, or an embedder's own):
    ///
    /// ```
    /// use bcvm::{CompileRecord, Engine, Listener, Output, Tier};
    /// use std::{cell::Cell, rc::Rc};
    ///
    /// struct Bytes(Rc<Cell<usize>>);
    /// impl Listener for Bytes {
    ///     fn compiled(&mut self, record: &CompileRecord) {
    ///         self.0.set(self.0.get() + record.code_bytes);
    ///     }
    /// }
    ///
    /// let engine = Engine::new(Tier::Baseline);
    /// let module = engine.load("one.bc", "func main()\n    ret 1\nend\n")?;
    /// let bytes = Rc::new(Cell::new(0));
    /// let listener = Box::new(Bytes(bytes.clone()));
    /// let mut instance = engine.instantiate_observed(&module, Output::discard(), vec![listener])?;
    /// assert_eq!(instance.call("main", &[])?, 1);
    /// assert!(bytes.get() > 0);
    /// # Ok::<(), bcvm::Error>(())
    /// ```
    pub fn instantiate_observed<'p>(
        &self,
        module: &'p Module,
        out: Output,
        listeners: Vec<Box<dyn Listener>>,
    ) -> Result<Instance<'p>, Error> {
        let program = &module.program;
        let records = jit::observe::listen::Records::default();
        let jit = jit::driver::compiler::Jit {
            units: self.compile_units,
            time: Some(self.compile_time),
            options: self.options,
            records: records.clone(),
            listeners,
            code_cache: jit::backend::code_cache::CodeCache::new(self.code_cache_bytes),
            ..jit::driver::compiler::Jit::default()
        };
        let setup = jit::driver::engine::Setup {
            tier: self.tier,
            thresholds: self.thresholds,
            limits: self.limits,
            asm_interp: true,
            jit,
            compile_threads: self.compile_threads,
            lender: self.lender,
        };
        let vm = setup.vm(program, out).map_err(|e| match e {
            jit::driver::engine::SetupError::Memory(e) => Error::Memory(e),
        })?;
        Ok(Instance {
            vm,
            records,
            name: &module.name,
        })
    }
}

/// A loaded program and the file name its diagnostics and traps give.
#[derive(Clone, Debug)]
pub struct Module {
    pub name: String,
    /// Shared with the compiler threads of the instances made from it.
    pub program: std::sync::Arc<Program>,
}

impl Module {
    fn new(name: String, text: &[u8]) -> Result<Module, Error> {
        match vm::load(text) {
            Ok(program) => Ok(Module {
                name,
                program: std::sync::Arc::new(program),
            }),
            Err(error) => Err(Error::Load {
                message: error.render(&name),
                name,
            }),
        }
    }
}

/// A program's VM and compilers: runs its functions, keeps what was
/// compiled (compiled code stays for the next call) and the records of
/// every compile.
pub struct Instance<'p> {
    vm: vm::Vm<'p>,
    records: jit::observe::listen::Records,
    /// The file name traps give.
    name: &'p str,
}

impl Instance<'_> {
    /// Runs `function` with `args` and returns its result, or its trap.
    /// Output is flushed before this returns.
    pub fn call(&mut self, function: &str, args: &[i64]) -> Result<i64, Error> {
        let program = self.vm.program();
        let id = program
            .func_by_name(function)
            .ok_or_else(|| Error::NoFunction(function.to_string()))?;
        let expected = program.func(id).nparams as usize;
        if args.len() != expected {
            return Err(Error::Arguments {
                function: function.to_string(),
                expected,
                given: args.len(),
            });
        }
        let result = self.vm.call(id, args, false);
        self.vm.out.flush();
        match result {
            Ok(value) => Ok(value as i64),
            Err(trap) => Err(Error::Trap(TrapInfo {
                kind: trap.kind,
                function: program.func(trap.func).name.clone(),
                line: trap.render(program, self.name),
            })),
        }
    }

    /// Every compile so far, in order: what it cost phase by phase, what
    /// it made, or why it bailed out.
    pub fn records(&self) -> Vec<CompileRecord> {
        self.records.snapshot()
    }
}

/// A trap, as Rust values.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TrapInfo {
    pub kind: TrapKind,
    /// The function whose instruction trapped.
    pub function: String,
    /// The line `bcvm run` prints: `FILE:LINE:COL: trap: KIND (in
    /// function NAME)`.
    pub line: String,
}

/// Why an engine call did not give a value.
#[derive(Debug)]
pub enum Error {
    /// The file could not be read.
    Read { name: String, error: std::io::Error },
    /// The program does not load: every diagnostic, rendered.
    Load { name: String, message: String },
    /// The linear memory could not be mapped.
    Memory(std::io::Error),
    /// No function of that name.
    NoFunction(String),
    /// The wrong number of arguments.
    Arguments {
        function: String,
        expected: usize,
        given: usize,
    },
    /// The function trapped.
    Trap(TrapInfo),
}

impl fmt::Display for Error {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Error::Read { name, error } => write!(f, "{name}: cannot read: {error}"),
            Error::Load { message, .. } => f.write_str(message.trim_end()),
            Error::Memory(error) => write!(f, "cannot map the linear memory: {error}"),
            Error::NoFunction(name) => write!(f, "no function {name}"),
            Error::Arguments {
                function,
                expected,
                given,
            } => write!(f, "{function} takes {expected} arguments, not {given}"),
            Error::Trap(trap) => f.write_str(&trap.line),
        }
    }
}

impl std::error::Error for Error {}

#[cfg(test)]
mod tests {
    use super::*;

    /// A function the host calls often is compiled as one the program
    /// calls often is: at the call that reaches the threshold.
    #[test]
    fn a_function_the_host_calls_gets_hot() {
        let engine = Engine::new(Tier::Auto).with_compile_threads(0);
        let text =
            "func sq(%x)\n    mul %y, %x, %x\n    ret %y\nend\nfunc main()\n    ret 0\nend\n";
        let module = engine.load("sq.bc", text).expect("loads");
        let mut instance = engine
            .instantiate(&module, Output::discard())
            .expect("a VM");
        let threshold = jit::driver::engine::DEFAULT_THRESHOLDS.calls as i64;
        for k in 1..=threshold {
            assert!(instance.records().is_empty(), "compiled before call {k}");
            assert_eq!(instance.call("sq", &[k]).expect("runs"), k * k);
        }
        let records = instance.records();
        assert_eq!(records.len(), 1, "{records:?}");
        assert_eq!(records[0].function, "sq");
        assert_eq!(
            instance.call("sq", &[-3]).expect("runs"),
            9,
            "compiled code"
        );
    }
}
