//! Random valid `.bc` programs for differential testing, deterministic per
//! seed and always terminating: loops have dedicated counters and bounded
//! trip counts, calls go down an acyclic call graph (plus two bounded
//! recursions, one ending around the oracle's depth limit in a small
//! helper), and control flow only jumps backward to close a loop. Small
//! helpers, which may trap, are called from everywhere, loops included, so
//! compiled code inlines them.
//!
//! Registers are typed, integer or float, so that a NaN's bits (which the
//! spec leaves open) never reach `print`: floats are only ever printed with
//! `fprint`, and stored to memory never. Everything else goes: every
//! arithmetic instruction, `div`/`rem` by constants of every class (±1,
//! powers of two up to `i64::MIN`, small and large others) and by values
//! that may be zero (and by a constant zero), shifts by counts past 63,
//! NaN, infinities and -0.0, loads and stores in and out of bounds,
//! register swaps and rotations across loop iterations, constant-heavy
//! code, immediates everywhere; computations repeated (operands maybe
//! swapped) and a remainder beside the quotient of the same division,
//! for value numbering.

use std::fmt::Write;

/// Where the generator's choices come from.
enum Rng<'a> {
    /// A seed, through splitmix64: `bcvm fuzz`, the tests.
    Seeded(u64),
    /// A fuzzer's input, eight bytes (little-endian) per choice, zeros
    /// once it runs out: libFuzzer's mutations of the bytes become changes
    /// of the program's shape that coverage can guide (the
    /// `differential` fuzz target). An empty input is the smallest
    /// program.
    Bytes(&'a [u8]),
}

impl Rng<'_> {
    fn next(&mut self) -> u64 {
        match self {
            Rng::Seeded(state) => {
                // splitmix64
                *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
                let mut z = *state;
                z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
                z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
                z ^ (z >> 31)
            }
            Rng::Bytes(data) => {
                let (word, rest) = data.split_at(data.len().min(8));
                *data = rest;
                let mut bytes = [0; 8];
                bytes[..word.len()].copy_from_slice(word);
                u64::from_le_bytes(bytes)
            }
        }
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n.max(1)
    }

    fn chance(&mut self, percent: u64) -> bool {
        self.below(100) < percent
    }

    fn pick<'a, T>(&mut self, items: &'a [T]) -> &'a T {
        &items[self.below(items.len() as u64) as usize]
    }
}

/// Integer registers per program: usually 10, sometimes many more than the
/// machine has, so values must live in memory too.
fn int_registers(rng: &mut Rng<'_>) -> u64 {
    if rng.chance(25) {
        20 + rng.below(21)
    } else {
        10
    }
}
const FLOATS: usize = 6;
const MEMORY: i64 = 128;
/// The mask that keeps most accesses among a few cells, so that stores
/// and loads meet.
const DENSE: i64 = 15;

struct Gen<'a> {
    rng: Rng<'a>,
    ints: u64,
    out: String,
    label: usize,
    /// Loop counters in use (nested loops get their own).
    depth: usize,
    /// Functions this one may call: (name, parameter count).
    callees: Vec<(String, usize)>,
    budget: usize,
}

impl Gen<'_> {
    fn int(&mut self) -> String {
        format!("%i{}", self.rng.below(self.ints))
    }

    fn float(&mut self) -> String {
        format!("%f{}", self.rng.below(FLOATS as u64))
    }

    fn int_literal(&mut self) -> String {
        let r = &mut self.rng;
        match r.below(8) {
            0 => format!("{}", r.below(130)),
            1 => "0x8000000000000000".to_string(),
            2 => "-1".to_string(),
            3 => format!("0x{:x}", r.next()),
            4 => format!("-{}", r.below(1000)),
            5 => "0".to_string(),
            _ => format!("{}", r.below(20)),
        }
    }

    fn float_literal(&mut self) -> String {
        (*self.rng.pick(&[
            "0.0", "-0.0", "1.5", "-2.25", "1e308", "-1e-300", "inf", "-inf", "nan", "3.0", "0.1",
        ]))
        .to_string()
    }

    /// An integer operand: a register or an immediate.
    fn int_operand(&mut self) -> String {
        if self.rng.chance(30) {
            self.int_literal()
        } else {
            self.int()
        }
    }

    fn float_operand(&mut self) -> String {
        if self.rng.chance(25) {
            self.float_literal()
        } else {
            self.float()
        }
    }

    /// A nonzero divisor: ±1, a power of two up to `i64::MIN`, small and
    /// large others, the extremes.
    fn constant_divisor(&mut self) -> i64 {
        let magnitude = match self.rng.below(8) {
            0..=2 => 1 + self.rng.below(9) as i64,
            3 => 1i64 << self.rng.below(63),
            4 => 3 + self.rng.below(1000) as i64,
            5 => (1i64 << (2 + self.rng.below(61))) + *self.rng.pick(&[-1, 1]),
            6 => (self.rng.next() >> 1) as i64 | 1,
            _ => *self.rng.pick(&[i64::MAX, 1, 1 << 62]),
        };
        match self.rng.below(10) {
            0..=2 => -magnitude,
            3 if magnitude == 1 << 62 => i64::MIN,
            _ => magnitude,
        }
    }

    /// A function of `params` parameters that may call `callees`, of
    /// `budget` statements at nesting `nesting` (deeper nests fewer loops
    /// and branches), returning one of its registers.
    fn function(
        &mut self,
        name: &str,
        params: usize,
        callees: Vec<(String, usize)>,
        budget: usize,
        nesting: usize,
    ) {
        let list: Vec<String> = (0..params).map(|p| format!("%i{p}")).collect();
        let _ = writeln!(self.out, "func {name}({})", list.join(", "));
        self.callees = callees;
        self.budget = budget;
        while self.budget > 0 {
            self.statement(nesting);
        }
        let r = self.int();
        self.line(&format!("ret {r}"));
        self.out.push_str("end\n");
    }

    fn line(&mut self, text: &str) {
        self.out.push_str("    ");
        self.out.push_str(text);
        self.out.push('\n');
    }

    fn fresh_label(&mut self, kind: &str) -> String {
        self.label += 1;
        format!("{kind}{}", self.label)
    }

    fn statement(&mut self, nesting: usize) {
        if self.budget == 0 {
            return;
        }
        self.budget -= 1;
        let choice = self.rng.below(101);
        match choice {
            0..=24 => {
                let op = *self.rng.pick(&[
                    "add", "sub", "mul", "and", "or", "xor", "shl", "shr", "ushr", "eq", "ne",
                    "lt", "le", "gt", "ge",
                ]);
                let (d, a, b) = (self.int(), self.int_operand(), self.int_operand());
                self.line(&format!("{op} {d}, {a}, {b}"));
                if self.rng.chance(20) {
                    // The same again, operands maybe swapped: value
                    // numbering merges it unless `d` was one of them.
                    let e = self.int();
                    let (a, b) = if self.rng.chance(50) { (b, a) } else { (a, b) };
                    self.line(&format!("{op} {e}, {a}, {b}"));
                }
            }
            25..=29 if self.rng.chance(25) => {
                // A remainder and a quotient of one division, in either
                // order (they share the quotient when compiled).
                let (r, q, a) = (self.int(), self.int(), self.int_operand());
                let c = self.constant_divisor();
                let (first, second) = if self.rng.chance(50) {
                    (format!("rem {r}, {a}, {c}"), format!("div {q}, {a}, {c}"))
                } else {
                    (format!("div {q}, {a}, {c}"), format!("rem {r}, {a}, {c}"))
                };
                self.line(&first);
                self.line(&second);
            }
            25..=29 => {
                let op = *self.rng.pick(&["div", "rem"]);
                let (d, a) = (self.int(), self.int_operand());
                // Mostly constant divisors of every class the back end
                // divides by in its own way, sometimes whatever is there.
                let b = if self.rng.chance(94) {
                    self.constant_divisor().to_string()
                } else {
                    self.int_operand()
                };
                self.line(&format!("{op} {d}, {a}, {b}"));
            }
            30..=33 => {
                let op = *self.rng.pick(&["neg", "not"]);
                let (d, a) = (self.int(), self.int_operand());
                self.line(&format!("{op} {d}, {a}"));
            }
            34..=43 => {
                let op = *self.rng.pick(&["fadd", "fsub", "fmul", "fdiv"]);
                let (d, a, b) = (self.float(), self.float_operand(), self.float_operand());
                self.line(&format!("{op} {d}, {a}, {b}"));
            }
            44..=46 => {
                let op = *self.rng.pick(&["feq", "fne", "flt", "fle", "fgt", "fge"]);
                let (d, a, b) = (self.int(), self.float_operand(), self.float_operand());
                self.line(&format!("{op} {d}, {a}, {b}"));
            }
            47..=49 => match self.rng.below(4) {
                0 => {
                    let (d, a) = (self.float(), self.int_operand());
                    self.line(&format!("itof {d}, {a}"));
                }
                1 => {
                    let (d, a) = (self.int(), self.float_operand());
                    self.line(&format!("ftoi {d}, {a}"));
                }
                2 => {
                    let (d, a) = (self.float(), self.float_operand());
                    self.line(&format!("fsqrt {d}, {a}"));
                }
                _ => {
                    let (d, a) = (self.float(), self.float_operand());
                    self.line(&format!("fneg {d}, {a}"));
                }
            },
            50..=55 => {
                let (d, s) = if self.rng.chance(70) {
                    (self.int(), self.int_operand())
                } else {
                    (self.float(), self.float_operand())
                };
                self.line(&format!("mov {d}, {s}"));
            }
            56..=61 => self.memory(),
            62..=66 => {
                let x = self.int();
                self.line(&format!("print {x}"));
            }
            67 => {
                let x = self.float_operand();
                let p = self.rng.below(18);
                self.line(&format!("fprint {x}, {p}"));
            }
            68..=75 if nesting < 3 => self.diamond(nesting),
            76..=81 if nesting < 3 => self.counted_loop(nesting),
            82..=83 if nesting < 3 => self.two_entry_loop(nesting),
            91..=93 if nesting < 3 => self.branch_chain(nesting),
            94..=95 if nesting < 3 => self.indexed_loop(nesting),
            96 if nesting < 3 => self.row_loop(),
            97 if nesting < 3 => self.fill_loop(),
            98 if nesting < 3 => self.counting_loop(),
            99 if nesting < 3 => self.dot_loop(),
            100 if nesting < 3 => self.record_loop(),
            84..=90 if !self.callees.is_empty() => {
                let (name, n) = self.rng.pick(&self.callees).clone();
                let mut args: Vec<String> = (0..n).map(|_| self.int_operand()).collect();
                if name == "rec" {
                    // Keep the recursion short.
                    let a = args[0].clone();
                    self.line(&format!("and %depth, {a}, 15"));
                    args[0] = "%depth".to_string();
                }
                let d = self.int();
                let sep = if args.is_empty() { "" } else { ", " };
                self.line(&format!("call {d}, {name}{sep}{}", args.join(", ")));
            }
            _ => {
                let op = *self.rng.pick(&["add", "xor", "mul"]);
                let d = self.int();
                let a = self.int_literal();
                let b = self.int_literal();
                self.line(&format!("{op} {d}, {a}, {b}"));
            }
        }
    }

    fn memory(&mut self) {
        // Mostly in bounds (masked, with room for the offsets), sometimes
        // near the end or anywhere: a trap ends the program, and what
        // follows goes untested.
        let addr = self.int();
        let tmp = "%addr";
        match self.rng.below(100) {
            0..90 => self.line(&format!("and {tmp}, {addr}, {DENSE}")),
            90..96 => self.line(&format!("and {tmp}, {addr}, {}", MEMORY - 1)),
            _ => self.line(&format!("mov {tmp}, {addr}")),
        }
        // Several fields of one record: accesses on one base at offsets
        // that earlier ones may cover (`dedup_checks`), checked as a
        // group (`group_checks`) unless output or a division that may
        // trap comes between, and read back (`forward`).
        for k in 0..1 + self.rng.below(5) {
            if k > 0 && self.rng.chance(10) {
                let (d, a, b) = (self.int(), self.int(), self.int());
                if self.rng.chance(50) {
                    self.line(&format!("print {a}"));
                } else {
                    self.line(&format!("div {d}, {a}, {b}"));
                }
            }
            let offset = match self.rng.below(3) {
                0 => String::new(),
                1 => format!("+{}", self.rng.below(8)),
                _ => format!("-{}", self.rng.below(2)),
            };
            if self.rng.chance(50) {
                let d = self.int();
                self.line(&format!("load {d}, [{tmp}{offset}]"));
            } else {
                let v = self.int_operand();
                self.line(&format!("store [{tmp}{offset}], {v}"));
            }
        }
    }

    fn diamond(&mut self, nesting: usize) {
        let (otherwise, join) = (self.fresh_label("else"), self.fresh_label("join"));
        let op = *self.rng.pick(&["jeq", "jne", "jlt", "jle", "jgt", "jge"]);
        let (a, b) = (self.int_operand(), self.int_operand());
        if self.rng.chance(20) {
            let z = *self.rng.pick(&["jz", "jnz"]);
            self.line(&format!("{z} {a}, {otherwise}"));
        } else if self.rng.chance(20) {
            let z = *self.rng.pick(&["jz", "jnz"]);
            let cmp = *self.rng.pick(&["eq", "ne", "lt", "le", "gt", "ge"]);
            self.line(&format!("{cmp} %cmp, {a}, {b}"));
            self.line(&format!("{z} %cmp, {otherwise}"));
        } else {
            self.line(&format!("{op} {a}, {b}, {otherwise}"));
        }
        for _ in 0..1 + self.rng.below(3) {
            self.statement(nesting + 1);
        }
        self.line(&format!("jmp {join}"));
        self.out.push_str(&format!("{otherwise}:\n"));
        for _ in 0..self.rng.below(3) {
            self.statement(nesting + 1);
        }
        self.out.push_str(&format!("{join}:\n"));
    }

    /// A chain of conditional branches, each skipping forward to its own
    /// label further down, with statements between the labels: blocks
    /// with many predecessors, and branches to the same join from afar.
    fn branch_chain(&mut self, nesting: usize) {
        let labels: Vec<String> = (0..2 + self.rng.below(4))
            .map(|_| self.fresh_label("chain"))
            .collect();
        for label in &labels {
            let (a, b) = (self.int_operand(), self.int_operand());
            if self.rng.chance(25) {
                let z = *self.rng.pick(&["jz", "jnz"]);
                self.line(&format!("{z} {a}, {label}"));
            } else {
                let op = *self.rng.pick(&["jeq", "jne", "jlt", "jle", "jgt", "jge"]);
                self.line(&format!("{op} {a}, {b}, {label}"));
            }
        }
        for label in &labels {
            if self.rng.chance(70) {
                self.statement(nesting + 1);
            }
            self.out.push_str(&format!("{label}:\n"));
        }
    }

    /// An irreducible loop: entered at its top by falling through, or in
    /// its middle by a branch, so neither entry dominates the other.
    fn two_entry_loop(&mut self, nesting: usize) {
        let counter = format!("%c{}", self.depth);
        self.depth += 1;
        let (top, middle) = (self.fresh_label("top"), self.fresh_label("mid"));
        let trips = 1 + self.rng.below(4);
        let entry = self.int_operand();
        self.line(&format!("mov {counter}, 0"));
        self.line(&format!("jz {entry}, {middle}"));
        self.out.push_str(&format!("{top}:\n"));
        for _ in 0..1 + self.rng.below(3) {
            self.statement(nesting + 1);
        }
        self.out.push_str(&format!("{middle}:\n"));
        for _ in 0..1 + self.rng.below(3) {
            self.statement(nesting + 1);
        }
        self.line(&format!("add {counter}, {counter}, 1"));
        self.line(&format!("jlt {counter}, {trips}, {top}"));
        self.depth -= 1;
    }

    /// A loop walking memory with an index of its own, the shapes whose
    /// bounds checks the emitter hoists (`jit::bounds`): counting up or
    /// down, tested at the top or at the bottom. Start, limit and step
    /// mostly keep it in bounds, sometimes not (a start below 0 or past
    /// the end, a limit past the end, below 0 or from a register, a zero,
    /// wrong-way or huge step, a negative offset, the index redefined in
    /// the body), some accesses at an array base set before the loop
    /// (`[%b + %j]`: mostly small, sometimes past the end or negative),
    /// sometimes an indexed loop inside (outer loops are versioned too).
    /// A trip counter ends it whatever the step.
    fn indexed_loop(&mut self, nesting: usize) {
        let d = self.depth;
        self.depth += 1;
        let (index, trips) = (format!("%j{d}"), format!("%c{d}"));
        let (top, out) = (self.fresh_label("walk"), self.fresh_label("walked"));
        let down = self.rng.chance(35);
        let bottom = self.rng.chance(30);
        let (start, limit) = if down {
            (self.falling_start(), self.falling_limit(d))
        } else {
            (self.rising_start(), self.rising_limit(d))
        };
        let step = self.index_step(d, down);
        let array = self.rng.chance(30).then(|| {
            let at = match self.rng.below(10) {
                0 => format!("{}", MEMORY - self.rng.below(4) as i64),
                1 => "-1".to_string(),
                2 => self.int_operand(),
                _ => format!("{}", self.rng.below(4)),
            };
            self.line(&format!("mov %b{d}, {at}"));
            format!("%b{d}")
        });
        let strided = self.rng.chance(35).then(|| self.strided_start(d));
        self.line(&format!("mov {index}, {start}"));
        self.line(&format!("mov {trips}, 0"));
        self.out.push_str(&format!("{top}:\n"));
        // Going up, a third of the loops stay while `index <= limit`
        // (`bounds`' inclusive loops).
        let inclusive = !down && self.rng.chance(33);
        if !bottom {
            let test = match (down, inclusive, self.rng.chance(70)) {
                (false, false, true) => format!("jge {index}, {limit}"),
                (false, false, false) => format!("jle {limit}, {index}"),
                (false, true, true) => format!("jgt {index}, {limit}"),
                (false, true, false) => format!("jlt {limit}, {index}"),
                (true, _, true) => format!("jlt {index}, {limit}"),
                (true, _, false) => format!("jle {index}, {limit}"),
            };
            self.line(&format!("{test}, {out}"));
        }
        for _ in 0..self.rng.below(3) {
            self.statement(nesting + 1);
        }
        for _ in 0..1 + self.rng.below(2) {
            self.indexed_access(d, &index, array.as_deref());
        }
        if let Some((pointer, _)) = &strided {
            self.pointer_access(pointer);
        }
        if nesting < 2 && self.rng.chance(30) {
            // An outer loop's own accesses around an inner loop: the
            // copies of the inner loop nest in the outer one's copy.
            self.indexed_loop(nesting + 1);
            self.indexed_access(d, &index, array.as_deref());
        }
        if self.rng.chance(10) {
            self.line(&format!("and {index}, {index}, {DENSE}"));
        }
        for _ in 0..self.rng.below(2) {
            self.statement(nesting + 1);
        }
        self.line(&format!("add {trips}, {trips}, 1"));
        let most = 1 + self.rng.below(40);
        self.line(&format!("jge {trips}, {most}, {out}"));
        if let Some((pointer, step)) = &strided {
            self.line(&format!("add {pointer}, {pointer}, {step}"));
            if self.rng.chance(30) {
                // One step on: the guard's `after` case.
                self.pointer_access(pointer);
            }
        }
        self.line(&step.replace("INDEX", &index));
        if self.rng.chance(15) {
            // The index has moved past its test: this one stays checked.
            let r = self.int();
            self.line(&format!("load {r}, [{index}]"));
        }
        if bottom {
            let test = match (down, inclusive, self.rng.chance(60)) {
                (false, false, true) => format!("jlt {index}, {limit}"),
                (false, false, false) => format!("jgt {limit}, {index}"),
                (false, true, true) => format!("jle {index}, {limit}"),
                (false, true, false) => format!("jge {limit}, {index}"),
                (true, _, true) => format!("jge {index}, {limit}"),
                (true, _, false) => format!("jgt {index}, {limit}"),
            };
            self.line(&format!("{test}, {top}"));
        } else {
            self.line(&format!("jmp {top}"));
        }
        self.out.push_str(&format!("{out}:\n"));
        self.depth -= 1;
    }

    /// A walk along a row reached through a pointer, as `a[i][j]` is
    /// lowered (`add %re, %ra, %ri` then `[%re+k]`), with nothing else in
    /// the loop but arithmetic (`jit::rebase` indexes such rows from their
    /// machine addresses): the row mostly inside the memory, sometimes
    /// running off its end, starting below 0 or anywhere; sometimes a
    /// second exit, a store, a division that may trap, the index stepped
    /// between the cell's `add` and its access; the row's pointer read as
    /// a number after the loop.
    fn row_loop(&mut self) {
        let d = self.depth;
        let (row, index, cell) = (format!("%ra{d}"), format!("%ri{d}"), format!("%re{d}"));
        let (top, out) = (self.fresh_label("row"), self.fresh_label("rowed"));
        // Mostly a row the program computes (as a loaded pointer would
        // be: no constant), inside the memory or running off its end.
        let base = match self.rng.below(20) {
            0 => "-1".to_string(),
            1 => self.int_operand(),
            2 => format!("{}", MEMORY - self.rng.below(4) as i64),
            3..=5 => format!("{}", self.rng.below(MEMORY as u64 - 48)),
            _ => {
                let x = self.int_operand();
                let mask = if self.rng.chance(80) { 63 } else { MEMORY - 1 };
                self.line(&format!("and {row}, {x}, {mask}"));
                row.clone()
            }
        };
        let limit = match self.rng.below(10) {
            0 => self.int_operand(),
            _ => format!("{}", self.rng.below(44)),
        };
        let acc = self.int();
        if base != row {
            self.line(&format!("mov {row}, {base}"));
        }
        let start = self.rng.below(3);
        self.line(&format!("mov {index}, {start}"));
        self.out.push_str(&format!("{top}:\n"));
        self.line(&format!("jge {index}, {limit}, {out}"));
        if self.rng.chance(50) {
            self.line(&format!("add {cell}, {row}, {index}"));
        } else {
            self.line(&format!("add {cell}, {index}, {row}"));
        }
        // Sometimes the index moves on before the cell is read: the
        // access must read the cell its `add` made.
        let stepped_early = self.rng.chance(20);
        if stepped_early {
            self.line(&format!("add {index}, {index}, 1"));
        }
        let x = self.int();
        let k = self.rng.below(3);
        self.line(&format!("load {x}, [{cell}+{k}]"));
        self.line(&format!("add {acc}, {acc}, {x}"));
        if self.rng.chance(40) {
            let k = self.rng.below(3);
            self.line(&format!("store [{cell}+{k}], {acc}"));
        }
        if self.rng.chance(20) {
            let y = self.int();
            let divisor = self.int_operand();
            self.line(&format!("div {y}, {x}, {divisor}"));
        }
        if self.rng.chance(30) {
            let bound = self.int_operand();
            self.line(&format!("jgt {x}, {bound}, {out}"));
        }
        if !stepped_early {
            self.line(&format!("add {index}, {index}, 1"));
        }
        self.line(&format!("jmp {top}"));
        self.out.push_str(&format!("{out}:\n"));
        self.line(&format!("add {acc}, {acc}, {row}"));
        if self.rng.chance(50) {
            self.line(&format!("print {acc}"));
        }
    }

    /// A dot product whose index only counts its iterations (`jit::lockstep`
    /// tests the first pointer in its place): pointers mostly inside the
    /// memory, sometimes starting below 0 or near its end (the checked
    /// copy traps), the second stepped by a stride from a register; the
    /// index sometimes read in the loop or after it, the first pointer
    /// sometimes stepped by 2; a division that may trap in the unchecked
    /// copy; a second exit.
    fn dot_loop(&mut self) {
        let d = self.depth;
        let (k, ai, bi) = (format!("%dk{d}"), format!("%da{d}"), format!("%db{d}"));
        let (top, out) = (self.fresh_label("dot"), self.fresh_label("dotted"));
        let (a, b) = (self.dot_start(), self.dot_start());
        let stride = match self.rng.below(8) {
            0 => self.int_operand(),
            _ => format!("{}", self.rng.below(4)),
        };
        let limit = match self.rng.below(10) {
            0 => self.int_operand(),
            _ => format!("{}", self.rng.below(40)),
        };
        let acc = self.int();
        let k0 = self.rng.below(3);
        self.line(&format!("mov {k}, {k0}"));
        self.line(&format!("mov {ai}, {a}"));
        self.line(&format!("mov {bi}, {b}"));
        self.out.push_str(&format!("{top}:\n"));
        self.line(&format!("jge {k}, {limit}, {out}"));
        let (x, y) = (self.int(), self.int());
        self.line(&format!("load {x}, [{ai}]"));
        self.line(&format!("load {y}, [{bi}]"));
        self.line(&format!("mul {y}, {x}, {y}"));
        self.line(&format!("add {acc}, {acc}, {y}"));
        if self.rng.chance(15) {
            let divisor = self.int_operand();
            self.line(&format!("div {y}, {acc}, {divisor}"));
        }
        if self.rng.chance(15) {
            let bound = self.int_operand();
            self.line(&format!("jgt {x}, {bound}, {out}"));
        }
        if self.rng.chance(10) {
            self.line(&format!("add {acc}, {acc}, {k}"));
        }
        let step = if self.rng.chance(10) { 2 } else { 1 };
        self.line(&format!("add {ai}, {ai}, {step}"));
        self.line(&format!("add {bi}, {bi}, {stride}"));
        self.line(&format!("add {k}, {k}, 1"));
        self.line(&format!("jmp {top}"));
        self.out.push_str(&format!("{out}:\n"));
        if self.rng.chance(20) {
            self.line(&format!("add {acc}, {acc}, {k}"));
        }
        self.line(&format!("add {acc}, {acc}, {ai}"));
        if self.rng.chance(50) {
            self.line(&format!("print {acc}"));
        }
    }

    /// A loop counted by its index that reads and writes a record's
    /// fields through a pointer it does not move (`bounds::Fixed`): the
    /// pointer mostly inside the memory, sometimes so near its end or
    /// below its start that a field is out of it, where the guard sends
    /// the loop to its checked copy to trap at that field's access.
    fn record_loop(&mut self) {
        let d = self.depth;
        let (q, k) = (format!("%qb{d}"), format!("%qk{d}"));
        let (top, out) = (self.fresh_label("rec"), self.fresh_label("recd"));
        // From a register, so the pointer is no constant.
        let x = self.int();
        self.line(&format!("and {q}, {x}, 63"));
        match self.rng.below(12) {
            0 => self.line(&format!("sub {q}, {q}, 2")),
            1 => self.line(&format!("add {q}, {q}, {}", MEMORY - 64 - 3)),
            2 => {
                let y = self.int_operand();
                self.line(&format!("add {q}, {q}, {y}"));
            }
            _ => {}
        }
        let limit = match self.rng.below(10) {
            0 => self.int_operand(),
            _ => format!("{}", self.rng.below(20)),
        };
        let acc = self.int();
        let start = self.rng.below(3);
        self.line(&format!("mov {k}, {start}"));
        self.out.push_str(&format!(
            "{top}:
"
        ));
        self.line(&format!("jge {k}, {limit}, {out}"));
        let fields = 3 + self.rng.below(3);
        for field in 0..fields {
            let t = self.int();
            if self.rng.chance(30) {
                self.line(&format!("store [{q}+{field}], {acc}"));
            } else {
                self.line(&format!("load {t}, [{q}+{field}]"));
                self.line(&format!("add {acc}, {acc}, {t}"));
            }
            // A test between fields mostly: it keeps them out of one
            // group (`group_checks`), so each keeps a check of its own.
            if self.rng.chance(70) {
                let bound = self.rng.below(50) as i64 - 100;
                self.line(&format!("jlt {acc}, {bound}, {out}"));
            }
        }
        if self.rng.chance(20) {
            self.line(&format!("print {acc}"));
        }
        self.line(&format!("add {k}, {k}, 1"));
        self.line(&format!("jmp {top}"));
        self.out.push_str(&format!(
            "{out}:
"
        ));
        if self.rng.chance(50) {
            self.line(&format!("print {acc}"));
        }
    }

    /// Where a dot product's pointer starts: mostly inside the memory.
    fn dot_start(&mut self) -> String {
        match self.rng.below(12) {
            0 => "-1".to_string(),
            1 => format!("{}", MEMORY - 1 - self.rng.below(4) as i64),
            _ => format!("{}", self.rng.below(MEMORY as u64 - 64)),
        }
    }

    /// A loop that only stores one value from its index up (`jit::fill`):
    /// runs long and short, empty, to the end of memory or one past it,
    /// from below 0, at an offset; the limit sometimes from a register (a
    /// run past the end traps at the end of memory, however long). One in
    /// three stores an array's elements instead, `[%fe + K]` after `%fe =
    /// add %fa, %index`, from a base that may be below 0.
    fn fill_loop(&mut self) {
        let d = self.depth;
        let index = format!("%g{d}");
        let (top, out) = (self.fresh_label("fill"), self.fresh_label("filled"));
        let start = match self.rng.below(20) {
            0 => "-1".to_string(),
            1 => self.int_operand(),
            2..=4 => format!("{}", MEMORY / 2),
            _ => format!("{}", self.rng.below(4)),
        };
        let limit = match self.rng.below(20) {
            0 => format!("{}", MEMORY + 1),
            1 => self.int_operand(),
            2..=5 => format!("{}", 4 + self.rng.below(60)),
            6..=9 => format!("{MEMORY}"),
            _ => format!("{}", MEMORY - 3 - self.rng.below(8) as i64),
        };
        let offset = match self.rng.below(10) {
            0 => "-1".to_string(),
            1..=2 => format!("+{}", self.rng.below(4)),
            _ => String::new(),
        };
        let value = match self.rng.below(4) {
            0 => self.float_literal(),
            _ => self.int_operand(),
        };
        let element = self.rng.below(3) == 0;
        let (base, addr) = (format!("%fa{d}"), format!("%fe{d}"));
        if element {
            let at = match self.rng.below(4) {
                0 => format!("-{}", 1 + self.rng.below(3)),
                1 => self.int_operand(),
                _ => format!("{}", self.rng.below(8)),
            };
            self.line(&format!("mov {base}, {at}"));
        }
        self.line(&format!("mov {index}, {start}"));
        self.out.push_str(&format!("{top}:\n"));
        self.line(&format!("jge {index}, {limit}, {out}"));
        if element {
            self.line(&format!("add {addr}, {base}, {index}"));
            let k = self.rng.below(3);
            self.line(&format!("store [{addr}+{k}], {value}"));
        } else {
            self.line(&format!("store [{index}{offset}], {value}"));
        }
        self.line(&format!("add {index}, {index}, 1"));
        self.line(&format!("jmp {top}"));
        self.out.push_str(&format!("{out}:\n"));
        if self.rng.chance(50) {
            self.line(&format!("print {index}"));
        }
    }

    /// A loop of one block that only counts (`jit::exit_values`): a count
    /// from a small start to a limit near it (a few iterations; none
    /// wraps), a second variable stepped beside it, a copy of the count
    /// before its step (the lost copy), and sometimes a value that is no
    /// counting variable used after the loop, which keeps it a loop.
    fn counting_loop(&mut self) {
        let d = self.depth;
        let (x, s, y, t) = (
            format!("%x{d}"),
            format!("%v{d}"),
            format!("%y{d}"),
            format!("%w{d}"),
        );
        let top = self.fresh_label("count");
        let start = match self.rng.below(4) {
            0 => {
                let r = self.int();
                self.line(&format!("and {x}, {r}, 255"));
                x.clone()
            }
            _ => format!("{}", self.rng.below(20)),
        };
        if start != x {
            self.line(&format!("mov {x}, {start}"));
        }
        let limit = match self.rng.below(3) {
            0 => format!("{}", self.rng.below(40)),
            _ => {
                let k = self.rng.below(44) as i64 - 3;
                self.line(&format!("add %n{d}, {x}, {k}"));
                format!("%n{d}")
            }
        };
        let step = self.int_operand();
        let s0 = self.int_operand();
        self.line(&format!("mov {s}, {s0}"));
        self.out.push_str(&format!("{top}:\n"));
        self.line(&format!("mov {y}, {x}"));
        let op = *self.rng.pick(&["mul", "xor", "sub"]);
        self.line(&format!("{op} {t}, {s}, {x}"));
        self.line(&format!("add {s}, {s}, {step}"));
        self.line(&format!("add {x}, {x}, 1"));
        if self.rng.chance(50) {
            self.line(&format!("jlt {x}, {limit}, {top}"));
        } else {
            self.line(&format!("jgt {limit}, {x}, {top}"));
        }
        let after = if self.rng.chance(20) { &t } else { &y };
        self.line(&format!("print {after}"));
        self.line(&format!("print {s}"));
        self.line(&format!("print {x}"));
    }

    /// A pointer stepped beside a loop's index (`jit::bounds::Strided`):
    /// its name and step. Mostly a small start and step; sometimes below
    /// 0, near the end, from a register; a step of 0, -1 or from a
    /// register.
    fn strided_start(&mut self, d: usize) -> (String, String) {
        let start = match self.rng.below(20) {
            0 => "-1".to_string(),
            1 => self.int_operand(),
            2..=3 => format!("{}", MEMORY - 1 - self.rng.below(8) as i64),
            _ => format!("{}", self.rng.below(8)),
        };
        let step = match self.rng.below(20) {
            0 => "-1".to_string(),
            1 => "0".to_string(),
            2..=3 => {
                let r = self.int();
                self.line(&format!("and %t{d}, {r}, 7"));
                format!("%t{d}")
            }
            _ => format!("{}", 1 + self.rng.below(4)),
        };
        self.line(&format!("mov %p{d}, {start}"));
        (format!("%p{d}"), step)
    }

    /// A load or store at a stepped pointer, at a small offset.
    fn pointer_access(&mut self, pointer: &str) {
        let offset = match self.rng.below(4) {
            0 => format!("+{}", self.rng.below(4)),
            _ => String::new(),
        };
        if self.rng.chance(50) {
            let r = self.int();
            self.line(&format!("load {r}, [{pointer}{offset}]"));
        } else {
            let v = self.int_operand();
            self.line(&format!("store [{pointer}{offset}], {v}"));
        }
    }

    /// Where a rising index starts: mostly at a small cell.
    fn rising_start(&mut self) -> String {
        match self.rng.below(50) {
            0 => format!("-{}", 1 + self.rng.below(3)),
            1 => self.int_operand(),
            _ => format!("{}", self.rng.below(4)),
        }
    }

    /// What a rising index stays below: mostly near the end of memory.
    fn rising_limit(&mut self, d: usize) -> String {
        match self.rng.below(50) {
            0 => format!("{}", MEMORY + 1 + self.rng.below(3) as i64),
            1 => self.int_operand(),
            2..=6 => {
                let r = self.int();
                self.line(&format!("and %l{d}, {r}, {}", MEMORY - 1));
                format!("%l{d}")
            }
            7..=9 => format!("{MEMORY}"),
            _ => format!("{}", MEMORY - 3 - self.rng.below(3) as i64),
        }
    }

    /// Where a falling index starts: mostly near the end of memory.
    fn falling_start(&mut self) -> String {
        match self.rng.below(50) {
            0 => format!("{}", MEMORY + self.rng.below(3) as i64),
            1 => self.int_operand(),
            2..=4 => format!("{}", self.rng.below(4)),
            5..=7 => format!("-{}", 1 + self.rng.below(2)),
            _ => format!("{}", MEMORY - 1 - self.rng.below(8) as i64),
        }
    }

    /// What a falling index stays at or above: mostly a small cell.
    fn falling_limit(&mut self, d: usize) -> String {
        match self.rng.below(50) {
            0..=2 => format!("-{}", 1 + self.rng.below(3)),
            3 => self.int_operand(),
            4..=8 => {
                let r = self.int();
                self.line(&format!("and %l{d}, {r}, 7"));
                format!("%l{d}")
            }
            _ => format!("{}", self.rng.below(4)),
        }
    }

    /// The instruction that moves the index (`INDEX` in it): mostly a
    /// small step the right way, sometimes from a register, zero, the
    /// wrong way or huge.
    fn index_step(&mut self, d: usize, down: bool) -> String {
        let step = match self.rng.below(50) {
            0..=4 => {
                let r = self.int();
                self.line(&format!("and %s{d}, {r}, 3"));
                format!("%s{d}")
            }
            5 => {
                let r = self.int_operand();
                self.line(&format!("mov %s{d}, {r}"));
                format!("%s{d}")
            }
            6 => "-1".to_string(),
            _ => format!("{}", 1 + self.rng.below(3)),
        };
        match (down, self.rng.chance(30)) {
            (false, _) => format!("add INDEX, INDEX, {step}"),
            (true, false) => format!("sub INDEX, INDEX, {step}"),
            // A constant step down written as an addition.
            (true, true) => format!("add INDEX, INDEX, -{}", 1 + self.rng.below(3)),
        }
    }

    /// A load or store at the index, through a copy or at the array base.
    fn indexed_access(&mut self, d: usize, index: &str, array: Option<&str>) {
        let offset = match self.rng.below(40) {
            0 => "-1".to_string(),
            1..=6 => format!("+{}", self.rng.below(4)),
            _ => String::new(),
        };
        let base = if self.rng.chance(15) {
            // Through a copy, sometimes replaced on one path.
            self.line(&format!("mov %k{d}, {index}"));
            if self.rng.chance(50) {
                let (skip, x) = (self.fresh_label("keep"), self.int_operand());
                self.line(&format!("jz {x}, {skip}"));
                self.line(&format!("and %k{d}, {x}, {}", MEMORY - 1));
                self.out.push_str(&format!("{skip}:\n"));
            }
            format!("%k{d}")
        } else {
            index.to_string()
        };
        let base = match array {
            Some(array) if self.rng.chance(50) => {
                if self.rng.chance(50) {
                    self.line(&format!("add %q{d}, {array}, {base}"));
                } else {
                    self.line(&format!("add %q{d}, {base}, {array}"));
                }
                format!("%q{d}")
            }
            _ => base,
        };
        if self.rng.chance(50) {
            let r = self.int();
            self.line(&format!("load {r}, [{base}{offset}]"));
        } else {
            let v = self.int_operand();
            self.line(&format!("store [{base}{offset}], {v}"));
        }
    }

    fn counted_loop(&mut self, nesting: usize) {
        let counter = format!("%c{}", self.depth);
        self.depth += 1;
        let top = self.fresh_label("loop");
        let trips = 1 + self.rng.below(5);
        self.line(&format!("mov {counter}, 0"));
        self.out.push_str(&format!("{top}:\n"));
        for _ in 0..1 + self.rng.below(4) {
            self.statement(nesting + 1);
        }
        if self.rng.chance(40) {
            // A swap or rotation carried around the loop.
            let (a, b, c) = (self.int(), self.int(), self.int());
            self.line(&format!("mov %t, {a}"));
            self.line(&format!("mov {a}, {b}"));
            if self.rng.chance(50) {
                self.line(&format!("mov {b}, {c}"));
                self.line(&format!("mov {c}, %t"));
            } else {
                self.line(&format!("mov {b}, %t"));
            }
        }
        self.line(&format!("add {counter}, {counter}, 1"));
        self.loop_test(&counter, trips, &top);
        self.depth -= 1;
    }

    /// `counter < trips` back to `top`: a fused branch, or (sometimes) a
    /// comparison into a register and a branch on it, which the
    /// machine-code interpreter fuses in its own way.
    fn loop_test(&mut self, counter: &str, trips: u64, top: &str) {
        if !self.rng.chance(30) {
            self.line(&format!("jlt {counter}, {trips}, {top}"));
            return;
        }
        if self.rng.chance(50) {
            self.line(&format!("lt %cmp, {counter}, {trips}"));
        } else {
            self.line(&format!("itof %fcmp, {counter}"));
            self.line(&format!("flt %cmp, %fcmp, {trips}.0"));
        }
        self.line(&format!("jnz %cmp, {top}"));
    }
}

/// A random program for `seed`. It loads, and it terminates in every tier
/// (possibly with a trap).
pub fn random_program(seed: u64) -> String {
    generate(Rng::Seeded(seed))
}

/// The program whose every choice `data` makes (eight bytes a choice,
/// zeros past its end): what a coverage-guided fuzzer drives. Like
/// `random_program`'s, it loads and terminates in every tier.
pub fn program_from_bytes(data: &[u8]) -> String {
    generate(Rng::Bytes(data))
}

fn generate(mut rng: Rng<'_>) -> String {
    let ints = int_registers(&mut rng);
    let mut g = Gen {
        rng,
        ints,
        out: format!(".memory {MEMORY}\n"),
        label: 0,
        depth: 0,
        callees: Vec::new(),
        budget: 0,
    };
    // A bounded recursion, callable by everyone.
    g.out.push_str("func rec(%n)\n    jle %n, 0, done\n    sub %m, %n, 1\n    call %r, rec, %m\n    add %r, %r, %n\n    ret %r\ndone:\n    ret 0\nend\n");
    // Small helpers, inlined where compiled, that may trap (a division by
    // a value that may be zero, an access out of bounds); each may call
    // the ones before it, so inlined bodies nest.
    let mut helpers: Vec<(String, usize)> = Vec::new();
    for k in 0..1 + g.rng.below(3) {
        let name = format!("h{k}");
        let params = 1 + g.rng.below(2) as usize;
        let budget = 1 + g.rng.below(4) as usize;
        g.function(&name, params, helpers.clone(), budget, 2);
        helpers.push((name, params));
    }
    // A recursion that ends in the last helper, called from `main` to end
    // around the oracle's depth limit (`oracle::FUZZ_DEPTH`): at the
    // recursive call, at the helper's (inlined) call or at a call inlined
    // into the helper.
    let (last, params) = helpers.last().cloned().expect("a helper");
    let args = vec!["%n"; params].join(", ");
    // Returning the call's result, or that plus `k` or `n` (all run as
    // loops when compiled, `tail_loops`, the sums with an accumulator);
    // `k` is mixed on the way down, and gets the old `n` half the time
    // (the header's phis then read each other).
    let tail = match g.rng.below(4) {
        0 => "",
        1 => "add %r, %r, %k\n    ",
        2 => "add %r, %k, %r\n    ",
        _ => "add %r, %r, %n\n    ",
    };
    let (first, second) = if g.rng.chance(50) {
        ("%m", "%k")
    } else {
        ("%m", "%n")
    };
    // A remainder that traps with division by zero at one level down,
    // sometimes (FUZZ_DEPTH levels are made, so one such level is often
    // reached).
    let trap = if g.rng.chance(25) {
        let level = 1 + g.rng.below(crate::testing::oracle::FUZZ_DEPTH as u64 + 10);
        format!("sub %d, %n, {level}\n    rem %d, %k, %d\n    add %k, %k, %d\n    ")
    } else {
        String::new()
    };
    let _ = write!(
        g.out,
        "func deep(%n, %k)\n    jle %n, 0, bottom\n    sub %m, %n, 1\n    xor %k, %k, %n\n    {trap}call %r, deep, {first}, {second}\n    {tail}ret %r\nbottom:\n    call %r, {last}, {args}\n    add %r, %r, %k\n    ret %r\nend\n"
    );
    let functions = 1 + g.rng.below(4) as usize;
    let mut defined: Vec<(String, usize)> = vec![("rec".to_string(), 1)];
    defined.extend(helpers);
    for k in 0..functions {
        let name = format!("f{k}");
        let params = g.rng.below(4) as usize;
        let budget = 10 + g.rng.below(30) as usize;
        g.function(&name, params, defined.clone(), budget, 0);
        defined.push((name, params));
    }
    g.out.push_str("func main()\n");
    g.callees = defined;
    g.budget = 15 + g.rng.below(20) as usize;
    while g.budget > 0 {
        g.statement(0);
    }
    for i in 0..3 {
        g.line(&format!("print %i{i}"));
    }
    g.line("call %x, rec, 7");
    g.line("print %x");
    let deep = crate::testing::oracle::FUZZ_DEPTH as u64 - 6 + g.rng.below(5);
    let k = g.int();
    g.line(&format!("call %x, deep, {deep}, {k}"));
    g.line("print %x");
    g.line("ret 0");
    g.out.push_str("end\n");
    g.out
}

#[cfg(test)]
mod tests {
    use crate::pipeline::context::Context;
    use crate::pipeline::phase::Phase;

    /// The generator's fill loops reach the `fill` phase: most compile as
    /// fills (the rest have an offset or start the guard cannot take).
    #[test]
    fn programs_from_bytes_load_and_agree_in_every_tier() {
        use crate::testing::oracle::check;
        // The empty input is the smallest program; any bytes make one.
        let mut inputs: Vec<Vec<u8>> = vec![Vec::new(), vec![0xff; 3], vec![7; 500]];
        let mut x = 1u64;
        for len in [8, 64, 300, 2000] {
            inputs.push(
                (0..len)
                    .map(|_| {
                        x = x
                            .wrapping_mul(6364136223846793005)
                            .wrapping_add(1442695040888963407);
                        (x >> 56) as u8
                    })
                    .collect(),
            );
        }
        for data in inputs {
            let text = super::program_from_bytes(&data);
            let program = vm::load(text.as_bytes()).expect("loads");
            let verdict = check(&program);
            assert!(verdict.divergent.is_empty(), "{text}");
        }
        // Different bytes, different programs.
        assert_ne!(
            super::program_from_bytes(&[1; 64]),
            super::program_from_bytes(&[2; 64])
        );
    }

    #[test]
    fn the_generators_fill_loops_compile_as_fills() {
        let (mut written, mut found) = (0, 0);
        for seed in 0..200 {
            let text = super::random_program(seed);
            written += text.matches("filled").count() / 2;
            let program = vm::load(text.as_bytes()).expect("loads");
            for k in 0..program.funcs.len() {
                let id = vm::FuncId(k as u32);
                if let Ok(ctx) = Context::compiled_to(&program, id, Phase::Fill) {
                    found += ctx.fills.map_or(0, |f| f.len());
                }
            }
        }
        assert!(
            written >= 20 && found * 2 >= written,
            "{found} of {written}"
        );
    }
    /// Some of the generator's element loops (`[%fe + K]`) compile as
    /// fills with their offset.
    #[test]
    fn the_generators_element_loops_compile_as_fills() {
        let counts = per_program(0..400, Phase::Fill, |ctx| {
            ctx.fills
                .map_or(0, |f| f.iter().filter(|fill| fill.disp != 0).count())
        });
        let (programs, fills) = programs_and_total(&counts);
        assert!(programs >= 10, "{programs} programs, {fills} fills");
    }

    /// Per generated program of `seeds`: `found` summed over its
    /// functions, each compiled up to `phase` (those that compile).
    fn per_program(
        seeds: std::ops::Range<u64>,
        phase: Phase,
        found: impl Fn(Context) -> usize,
    ) -> Vec<usize> {
        seeds
            .map(|seed| {
                let program = vm::load(super::random_program(seed).as_bytes()).expect("loads");
                (0..program.funcs.len())
                    .filter_map(|k| {
                        Context::compiled_to(&program, vm::FuncId(k as u32), phase).ok()
                    })
                    .map(&found)
                    .sum()
            })
            .collect()
    }

    /// How many programs of `counts` have any, and how many in all.
    fn programs_and_total(counts: &[usize]) -> (usize, usize) {
        (
            counts.iter().filter(|&&n| n > 0).count(),
            counts.iter().sum(),
        )
    }

    /// The oracle's programs index rows from their machine addresses
    /// (`rebase`) in some of their loops' unchecked copies.
    #[test]
    fn the_generators_rows_are_rebased() {
        let counts = per_program(0..400, Phase::Rebase, |ctx| {
            ctx.rebased.map_or(0, |r| r.len())
        });
        let (programs, rows) = programs_and_total(&counts);
        assert!(programs >= 20, "{programs} programs, {rows} loops");
    }

    /// The oracle's programs test a lockstep value in place of an index
    /// (`lockstep`) in some of their loops' unchecked copies.
    #[test]
    fn the_generators_dot_products_test_their_pointers() {
        let counts = per_program(0..200, Phase::Lockstep, |ctx| {
            ctx.lockstep.map_or(0, |l| l.len())
        });
        let (programs, loops) = programs_and_total(&counts);
        assert!(programs >= 40, "{programs} programs, {loops} loops");
    }

    /// The generator's record loops read their fields behind a guard
    /// (`bounds::Fixed`).
    #[test]
    fn the_generators_records_are_read_behind_a_guard() {
        let counts = per_program(0..200, Phase::Fields, |ctx| {
            let versioned = ctx.versioned.expect("the bounds phase ran");
            versioned.iter().filter(|l| !l.fixed.is_empty()).count()
        });
        let (programs, loops) = programs_and_total(&counts);
        assert!(programs >= 25, "{programs} programs, {loops} loops");
    }

    /// The oracle's programs give if-conversion branches to convert.
    #[test]
    fn the_generators_branches_are_if_converted() {
        let counts = per_program(0..100, Phase::IfConvert, |ctx| {
            ctx.stats.count(Phase::IfConvert, "if-converted") as usize
        });
        let converted: usize = counts.iter().sum();
        assert!(converted >= 50, "{converted} branches converted");
    }

    /// The generator's recursion reaches `tail_loops` in every program.
    #[test]
    fn the_generators_recursion_becomes_a_loop() {
        for seed in 0..50 {
            let program = vm::load(super::random_program(seed).as_bytes()).expect("loads");
            let id = program.func_by_name("deep").expect("deep");
            let ctx = Context::compiled_to(&program, id, Phase::TailLoops).expect("compiles");
            assert_eq!(
                ctx.stats.count(Phase::TailLoops, "tail-jumps"),
                1,
                "seed {seed}"
            );
        }
    }

    /// The generator's counting loops reach `exit_values`: most are
    /// replaced (the rest use a value after the loop that is no counting
    /// variable).
    #[test]
    fn the_generators_counting_loops_reach_exit_values() {
        let (mut written, mut counted) = (0, 0);
        for seed in 0..300 {
            let text = super::random_program(seed);
            written += text.matches("\ncount").count();
            let program = vm::load(text.as_bytes()).expect("loads");
            for k in 0..program.funcs.len() {
                let id = vm::FuncId(k as u32);
                if let Ok(ctx) = Context::compiled_to(&program, id, Phase::ExitValues) {
                    counted += ctx.stats.count(Phase::ExitValues, "counted") as usize;
                }
            }
        }
        assert!(
            written >= 20 && counted * 2 >= written,
            "{counted} of {written}"
        );
    }

    /// Some of the generator's stepped pointers are guarded as strided
    /// (the rest step a loop whose index does not step by one).
    #[test]
    fn the_generators_pointers_reach_the_strided_guard() {
        let counts = per_program(0..300, Phase::Bounds, |ctx| {
            let versioned = ctx.versioned.expect("bounds ran");
            versioned.iter().map(|l| l.strided.len()).sum()
        });
        let strided: usize = counts.iter().sum();
        assert!(strided >= 10, "{strided}");
    }
}
