//! The shared sequences run as machine code against the spec's
//! semantics, written out in Rust.

use crate::encode::*;
use crate::regs::*;
use crate::{executable, CodeBuffer, Cond};
use dynasmrt::{dynasm, DynasmApi, DynasmLabelApi};
use proptest::prelude::*;

/// `rax` and `rdx`, as System V returns a `u128`: the result, and 1 if
/// the body jumped to its trap label.
type Binary = unsafe extern "sysv64" fn(u64, u64) -> u128;

/// Runs `body` as `fn(rdi, rsi) -> rax`, with `rax` = `rdi`, `rcx` =
/// `rsi`, `xmm0` and `xmm1` their bits, on entry; `None` if it jumped to
/// the trap label it is given.
fn run(body: impl Fn(&mut CodeBuffer<()>, dynasmrt::DynamicLabel), a: u64, b: u64) -> Option<u64> {
    let mut buf = CodeBuffer::<()>::new(Default::default());
    let trap = buf.new_dynamic_label();
    dynasm!(buf
        ; .arch x64
        ; mov rax, rdi
        ; mov rcx, rsi
        ; movq xmm0, rdi
        ; movq xmm1, rsi
    );
    body(&mut buf, trap);
    dynasm!(buf ; .arch x64 ; xor edx, edx ; ret ; =>trap ; mov edx, 1 ; ret);
    let code = buf.finish().expect("assembles");
    let exec = executable(&code.code).expect("maps");
    // SAFETY: the buffer holds the function assembled above, which
    // follows the System V ABI: it reads its two arguments, clobbers only
    // caller-saved registers and returns.
    let f: Binary = unsafe { std::mem::transmute::<*const u8, Binary>(exec.as_ptr()) };
    // SAFETY: `exec` outlives the call.
    let r = unsafe { f(a, b) };
    let trapped = (r >> 64) != 0;
    (!trapped).then_some(r as u64)
}

fn divided(op: Division, a: i64, d: i64) -> Option<i64> {
    if d == 0 {
        return None;
    }
    Some(match op {
        Division::Quotient => a.wrapping_div(d),
        Division::Remainder => a.wrapping_rem(d),
    })
}

fn ftoi(x: f64) -> i64 {
    // Rust's `as` saturates and maps NaN to 0, as the spec does.
    x as i64
}

fn compared(c: FloatCmp, a: f64, b: f64) -> bool {
    match c {
        FloatCmp::Eq => a == b,
        FloatCmp::Ne => a != b,
        FloatCmp::Lt => a < b,
        FloatCmp::Le => a <= b,
        FloatCmp::Gt => a > b,
        FloatCmp::Ge => a >= b,
    }
}

fn check_division(a: i64, d: i64) {
    for op in [Division::Quotient, Division::Remainder] {
        let got = run(|b, trap| divide(b, op, trap), a as u64, d as u64);
        assert_eq!(
            got.map(|r| r as i64),
            divided(op, a, d),
            "{op:?} {a} by {d}"
        );
    }
}

fn check_ftoi(x: f64) {
    let got = run(|b, _| float_to_int(b), x.to_bits(), 0);
    assert_eq!(got, Some(ftoi(x) as u64), "ftoi {x}");
}

fn check_float_compare(a: f64, b: f64) {
    for c in [
        FloatCmp::Eq,
        FloatCmp::Ne,
        FloatCmp::Lt,
        FloatCmp::Le,
        FloatCmp::Gt,
        FloatCmp::Ge,
    ] {
        let got = run(
            |buf, _| {
                if c.swaps() {
                    ucomisd(buf, XMM1, XSrc::Reg(XMM0));
                } else {
                    ucomisd(buf, XMM0, XSrc::Reg(XMM1));
                }
                set_if_float(buf, c, RAX);
            },
            a.to_bits(),
            b.to_bits(),
        );
        assert_eq!(got, Some(compared(c, a, b) as u64), "{c:?} {a} {b}");
    }
}

const EDGES: [i64; 9] = [
    i64::MIN,
    i64::MIN + 1,
    -2,
    -1,
    0,
    1,
    2,
    i64::MAX - 1,
    i64::MAX,
];

const FLOAT_EDGES: [f64; 14] = [
    f64::NAN,
    f64::INFINITY,
    f64::NEG_INFINITY,
    0.0,
    -0.0,
    1.5,
    -1.5,
    // 2^63, the first value past `i64::MAX`; -2^63, `i64::MIN` exactly;
    // the next double below it.
    9_223_372_036_854_775_808.0,
    -9_223_372_036_854_775_808.0,
    -9_223_372_036_854_777_856.0,
    1e300,
    -1e300,
    f64::MIN_POSITIVE,
    4.9e-324,
];

#[test]
fn division_at_every_edge() {
    for a in EDGES {
        for d in EDGES {
            check_division(a, d);
        }
    }
}

#[test]
fn float_to_int_at_every_edge() {
    for x in FLOAT_EDGES {
        check_ftoi(x);
    }
}

#[test]
fn float_compares_at_every_edge() {
    for a in FLOAT_EDGES {
        for b in FLOAT_EDGES {
            check_float_compare(a, b);
        }
    }
}

#[test]
fn set_if_follows_each_condition() {
    let all = [
        Cond::E,
        Cond::Ne,
        Cond::L,
        Cond::Le,
        Cond::G,
        Cond::Ge,
        Cond::A,
        Cond::Ae,
        Cond::B,
        Cond::Be,
    ];
    for c in all {
        for a in EDGES {
            for b in EDGES {
                let flags = run(
                    |buf, _| {
                        compare(buf, RAX, Src::Reg(RCX));
                        set_if(buf, c, RAX);
                    },
                    a as u64,
                    b as u64,
                );
                let jumped = run(
                    |buf, _| {
                        let yes = buf.new_dynamic_label();
                        compare(buf, RAX, Src::Reg(RCX));
                        buf.jcc(c, yes);
                        dynasm!(buf ; .arch x64 ; xor eax, eax ; xor edx, edx ; ret ; =>yes ; mov eax, 1);
                    },
                    a as u64,
                    b as u64,
                );
                let moved = run(
                    |buf, _| {
                        dynasm!(buf ; .arch x64 ; mov rdx, rax ; xor eax, eax ; mov esi, 1);
                        compare(buf, RDX, Src::Reg(RCX));
                        cmov(buf, c, RAX, RSI);
                    },
                    a as u64,
                    b as u64,
                );
                assert_eq!(flags, jumped, "{c:?} {a} {b}");
                assert_eq!(flags, moved, "{c:?} {a} {b}");
            }
        }
    }
}

/// The one instruction `emit` makes, decoded.
fn decoded(emit: impl Fn(&mut CodeBuffer<()>)) -> (iced_x86::Instruction, usize) {
    let mut buf = CodeBuffer::<()>::new(Default::default());
    emit(&mut buf);
    let code = buf.finish().expect("assembles").code;
    let mut decoder = iced_x86::Decoder::new(64, &code, iced_x86::DecoderOptions::NONE);
    let inst = decoder.decode();
    assert_eq!(inst.len(), code.len(), "one instruction: {code:02x?}");
    (inst, code.len())
}

fn named(r: iced_x86::Register) -> String {
    format!("{r:?}").to_lowercase()
}

/// Every register as destination or source, every register as base,
/// displacements of each size: the moves decode as themselves, in the
/// length their displacement needs.
#[test]
fn frame_and_state_moves_take_the_shortest_displacement() {
    let disps = [
        0,
        1,
        -1,
        8,
        127,
        -128,
        128,
        -129,
        0x1234,
        i32::MIN,
        i32::MAX,
    ];
    for d in Gpr::ALL {
        for base in Gpr::ALL {
            for disp in disps {
                let sib = usize::from(base.number() & 7 == 4);
                let bytes = match i8::try_from(disp) {
                    Ok(0) if base.number() & 7 != 5 => 0,
                    Ok(_) => 1,
                    Err(_) => 4,
                };
                for is_load in [true, false] {
                    let (inst, len) = decoded(|b| match is_load {
                        true => load(b, d, base, disp),
                        false => store(b, base, disp, d),
                    });
                    let what = format!(
                        "{inst} (load {is_load}, {} [{} + {disp}])",
                        d.name(),
                        base.name()
                    );
                    assert_eq!(inst.mnemonic(), iced_x86::Mnemonic::Mov, "{what}");
                    let reg = if is_load {
                        inst.op0_register()
                    } else {
                        inst.op1_register()
                    };
                    assert_eq!(named(reg), d.name(), "{what}");
                    assert_eq!(named(inst.memory_base()), base.name(), "{what}");
                    assert_eq!(inst.memory_index(), iced_x86::Register::None, "{what}");
                    assert_eq!(inst.memory_displacement64(), disp as i64 as u64, "{what}");
                    assert_eq!(len, 3 + sib + bytes, "{what}");
                }
            }
        }
    }
}

#[test]
fn constants_move_in_their_shortest_form() {
    for (value, len) in [
        (0i64, 2),
        (1, 5),
        (0xffff_ffff, 5),
        (-1, 7),
        (i32::MIN as i64, 7),
        (1 << 32, 10),
        (i64::MIN, 10),
    ] {
        for d in [RAX, RSI, R8, R13] {
            let (_, n) = decoded(|b| mov_imm(b, d, value));
            let extra = usize::from(d.number() >= 8 && len < 7);
            let (inst, _) = decoded(|b| mov_imm(b, d, value));
            let mnemonic = match value {
                0 => iced_x86::Mnemonic::Xor,
                _ => iced_x86::Mnemonic::Mov,
            };
            assert_eq!(inst.mnemonic(), mnemonic);
            // The 32-bit forms name the register's low half.
            let low = match d.number() {
                0..=7 => format!("e{}", &d.name()[1..]),
                _ => format!("{}d", d.name()),
            };
            let name = named(inst.op0_register());
            assert!(
                name == d.name() || (len < 7 && name == low),
                "{name} for {}",
                d.name()
            );
            assert_eq!(n, len + extra, "{value:#x} into {}", d.name());
        }
        assert_eq!(run(|b, _| mov_imm(b, RAX, value), 7, 7), Some(value as u64));
    }
}

#[test]
fn short_jumps_where_the_target_is_placed_within_reach() {
    let mut buf = CodeBuffer::<()>::new(Default::default());
    let back = buf.new_dynamic_label();
    dynasm!(buf ; .arch x64 ; =>back);
    buf.jcc(Cond::L, back);
    buf.jmp(back);
    let ahead = buf.new_dynamic_label();
    buf.jmp(ahead);
    dynasm!(buf ; .arch x64 ; =>ahead);
    let code = buf.finish().expect("assembles").code;
    assert_eq!(&code[..4], &[0x7c, 0xfe, 0xeb, 0xfc]);
    assert_eq!(code.len(), 4 + 5);
}

#[test]
fn the_pool_follows_the_code_aligned_and_once_per_constant() {
    let mut buf = CodeBuffer::<&str>::new(Default::default());
    buf.mark("start");
    buf.line(0);
    let one = buf.pooled(1.0f64.to_bits());
    buf.line(0);
    buf.line(1);
    let again = buf.pooled(1.0f64.to_bits());
    assert_eq!(one, again);
    dynasm!(buf ; .arch x64 ; movsd xmm0, QWORD [=>one] ; ret);
    let code = buf.finish().expect("assembles");
    assert_eq!(code.code_end, 9);
    assert_eq!(code.code.len(), 16 + 8);
    assert_eq!(&code.code[16..], &1.0f64.to_bits().to_le_bytes());
    assert_eq!(code.lines, [(0, 0), (0, 1)]);
    assert_eq!(code.marks, [(0, "start")]);
}

proptest! {
    #[test]
    fn any_constant_moves_as_itself(value in any::<i64>()) {
        prop_assert_eq!(run(|b, _| mov_imm(b, RCX, value), 3, 3).map(|_| ()), Some(()));
        prop_assert_eq!(run(|b, _| mov_imm(b, RAX, value), 3, 3), Some(value as u64));
    }

    #[test]
    fn any_division(a in any::<i64>(), d in any::<i64>()) {
        check_division(a, d);
    }

    #[test]
    fn any_float_to_int(bits in any::<u64>()) {
        check_ftoi(f64::from_bits(bits));
    }

    #[test]
    fn any_float_compare(a in any::<f64>(), b in any::<f64>()) {
        check_float_compare(a, b);
    }
}
