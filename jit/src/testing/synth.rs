//! Synthetic `.bc` functions for benchmarks and budget tests: a family of
//! any size with a realistic mix of control flow, and a pathological one
//! whose SSA form needs a phi for every register at every join.

use std::fmt::Write;

/// A deterministic generator (xorshift64*), so sizes and shapes repeat.
struct Rng(u64);

impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D)
    }

    fn below(&mut self, n: u64) -> u64 {
        self.next() % n
    }
}

const REGISTERS: u64 = 16;

/// A program whose function `f` has about `instructions` instructions:
/// straight-line arithmetic, if/else diamonds and short counted loops over
/// 16 registers. It terminates; `main` calls `f(1, 2)` and prints the result.
pub fn sized(instructions: usize, seed: u64) -> String {
    let mut rng = Rng(seed | 1);
    let mut s = String::from("func f(%r0, %r1)\n");
    let mut count = 0;
    let mut label = 0;
    let reg = |rng: &mut Rng| format!("%r{}", rng.below(REGISTERS));
    while count < instructions {
        label += 1;
        match rng.below(4) {
            0 => {
                let (a, b, c, d) = (reg(&mut rng), reg(&mut rng), reg(&mut rng), reg(&mut rng));
                let _ = write!(
                    s,
                    "    jlt {a}, {b}, else{label}\n    add {c}, {a}, 3\n    jmp join{label}\nelse{label}:\n    mul {c}, {b}, 5\njoin{label}:\n    xor {d}, {c}, {a}\n"
                );
                count += 5;
            }
            1 => {
                let (a, b) = (reg(&mut rng), reg(&mut rng));
                let _ = write!(
                    s,
                    "    mov %c, 0\nloop{label}:\n    add {a}, {a}, %c\n    sub {b}, {b}, 1\n    add %c, %c, 1\n    jlt %c, 4, loop{label}\n"
                );
                count += 5;
            }
            _ => {
                let op = ["add", "sub", "mul", "xor", "and", "shr"][rng.below(6) as usize];
                let (d, a, b) = (reg(&mut rng), reg(&mut rng), reg(&mut rng));
                let _ = writeln!(s, "    {op} {d}, {a}, {b}");
                count += 1;
            }
        }
    }
    s.push_str(
        "    ret %r0\nend\n\nfunc main()\n    call %x, f, 1, 2\n    print %x\n    ret 0\nend\n",
    );
    s
}

/// A function `f(%x)` of `joins` join blocks and `registers` registers that
/// all stay live to the end: block D defines every register and, through a
/// ladder of `joins` side exits, dominates a predecessor of every join
/// without dominating the join. Pruned SSA needs `joins x registers` phis.
pub fn pathological(joins: usize, registers: usize) -> String {
    let mut s = String::from("func f(%x)\n    jnz %x, d\n");
    for i in 1..=joins {
        let _ = writeln!(s, "j{i}:\n    add %k, %k, 1");
    }
    let _ = writeln!(s, "    mov %s, 0");
    for r in 0..registers {
        let _ = writeln!(s, "    add %s, %s, %r{r}");
    }
    s.push_str("    ret %s\nd:\n");
    for r in 0..registers {
        let _ = writeln!(s, "    mov %r{r}, {}", r + 1);
    }
    for i in 1..joins {
        let _ = writeln!(s, "    jnz %k, j{i}");
    }
    let _ = writeln!(
        s,
        "    jmp j{joins}\nend\n\nfunc main()\n    call %x, f, 1\n    print %x\n    ret 0\nend"
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_programs_load_and_run() {
        for n in [10, 100, 1000] {
            let text = sized(n, 7);
            let program =
                vm::load(text.as_bytes()).unwrap_or_else(|e| panic!("{:?}\n{text}", e.diagnostics));
            assert!(program.func(vm::FuncId(0)).code.len() >= n);
            let mut vm =
                vm::Vm::new(&program, vm::Output::discard(), vm::Limits::default()).unwrap();
            assert!(vm.run(&[], false).is_ok());
        }
        let text = pathological(10, 5);
        let program = vm::load(text.as_bytes()).unwrap();
        let out = vm::runtime::SharedBuffer::default();
        let mut vm = vm::Vm::new(
            &program,
            vm::Output::capture(out.clone()),
            vm::Limits::default(),
        )
        .unwrap();
        vm.run(&[], false).unwrap();
        vm.out.flush();
        assert_eq!(out.contents(), b"15\n");
    }
}
