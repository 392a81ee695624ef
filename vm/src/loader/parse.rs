//! Text to syntax tree, one line at a time, in one linear pass.
//!
//! A line holds at most one item: a directive, a `func` header, `end`, or a
//! label optionally followed by an instruction. Operands are parsed by form
//! only (register, literal, name, memory operand, string); whether a form
//! fits its position is the verifier's question. The first problem on a line
//! ends that line, so one typo gives one error, and parsing goes on with the
//! next line so that every independent problem is reported.

use crate::bytecode::{Op, OperandKind, Pos};
use crate::loader::diag::Diagnostic;

#[derive(Clone, Debug, PartialEq)]
pub enum Operand<'a> {
    /// A register name without its `%`.
    Reg(&'a str),
    Int(i64),
    Float(f64),
    /// An identifier: a label, a function, or one of `inf` and `nan`.
    Name(&'a str),
    /// `[BASE±K]`; `offset` is K, already negated for `-` (wrapping).
    Mem {
        base: MemBase<'a>,
        offset: i64,
    },
    Str(Vec<u8>),
}

#[derive(Clone, Debug, PartialEq)]
pub enum MemBase<'a> {
    Reg(&'a str),
    Int(i64),
}

/// An operand and where it stands.
pub type SrcOperand<'a> = (Operand<'a>, Pos);

#[derive(Clone, Debug)]
pub struct SrcInstr {
    pub op: Op,
    pub sig: &'static [OperandKind],
    /// Position of the mnemonic.
    pub pos: Pos,
    /// Its operands' place in the program's `operands`: one vector for
    /// all, not one per instruction, since an allocation and a free per
    /// instruction were a fifth of the loader's time.
    operands: std::ops::Range<u32>,
}

#[derive(Clone, Debug)]
pub enum Item<'a> {
    Label(&'a str, Pos),
    Instr(SrcInstr),
    /// A line that did not parse (already reported); it stands in for
    /// whatever the line held, so later checks do not misread the body.
    Broken(Pos),
}

#[derive(Clone, Debug)]
pub struct SrcFunc<'a> {
    pub name: &'a str,
    pub pos: Pos,
    pub params: Vec<(&'a str, Pos)>,
    pub items: Vec<Item<'a>>,
    /// Where `end` stands; `None` when it is missing.
    pub end: Option<Pos>,
    /// Its `func` line did not parse: it is checked, but not callable.
    pub broken_header: bool,
}

#[derive(Clone, Debug, Default)]
pub struct SrcProgram<'a> {
    pub memory: Option<(u64, Pos)>,
    pub funcs: Vec<SrcFunc<'a>>,
    /// Every instruction's operands, in order (`operands`).
    operands: Vec<SrcOperand<'a>>,
}

impl<'a> SrcProgram<'a> {
    /// The operands of `instr`.
    pub fn operands(&self, instr: &SrcInstr) -> &[SrcOperand<'a>] {
        &self.operands[instr.operands.start as usize..instr.operands.end as usize]
    }
}

/// The largest `.memory` size: 2^28 cells, 2 GiB.
pub const MAX_MEMORY_CELLS: u64 = 1 << 28;

/// Parses a whole program; problems go to `diags`, and whatever parsed
/// cleanly is returned so later checks can still report theirs.
pub fn parse<'a>(text: &'a [u8], diags: &mut Vec<Diagnostic>) -> SrcProgram<'a> {
    let mut program = SrcProgram {
        // Room for one operand every four bytes of text (a typical line
        // is 15 to 20 bytes with two or three operands), reserved once
        // rather than grown by doubling; pages not written are not
        // touched.
        operands: Vec::with_capacity(text.len() / 4),
        ..SrcProgram::default()
    };
    let mut open: Option<SrcFunc<'a>> = None;
    let mut memory_seen = false;
    // Valid UTF-8 as a whole (the usual case) is checked once, not line
    // by line; otherwise each line is, to report where it goes wrong.
    let whole = std::str::from_utf8(text).ok();
    let mut offset = 0;
    for (index, raw) in text.split(|&b| b == b'\n').enumerate() {
        let line_no = u32::try_from(index + 1).unwrap_or(u32::MAX);
        let start = offset;
        offset += raw.len() + 1;
        let line = match whole.map_or_else(
            || std::str::from_utf8(raw),
            |all| Ok(&all[start..start + raw.len()]),
        ) {
            Ok(line) => line,
            Err(e) => {
                let valid = std::str::from_utf8(&raw[..e.valid_up_to()]).unwrap_or("");
                let col = valid.chars().count() + 1;
                diags.push(Diagnostic::at(pos(line_no, col), "invalid UTF-8"));
                continue;
            }
        };
        let mut cur = Cursor::new(line, line_no);
        let before = program.operands.len();
        let (parsed, problem) = cur.line(&mut program.operands);
        if problem.is_some() || open.is_none() {
            // Nothing refers to them: the line is broken, or outside any
            // function (reported below).
            program.operands.truncate(before);
        }
        diags.extend(problem);
        match parsed {
            Line::Empty => {}
            Line::Memory(n, at) => {
                if memory_seen {
                    diags.push(Diagnostic::at(at, "duplicate `.memory` directive"));
                } else if open.is_some() || !program.funcs.is_empty() {
                    diags.push(Diagnostic::at(
                        at,
                        "`.memory` must come before any function",
                    ));
                } else {
                    program.memory = Some((n, at));
                }
                memory_seen = true;
            }
            Line::Func(f) => open_function(f, &mut open, &mut program, diags),
            Line::End(at) => match open.take() {
                Some(mut f) => {
                    f.end = Some(at);
                    program.funcs.push(f);
                }
                None => diags.push(Diagnostic::at(at, "`end` without a matching `func`")),
            },
            Line::Broken(at) => {
                if let Some(f) = &mut open {
                    f.items.push(Item::Broken(at));
                }
            }
            Line::Items(label, instr) => match &mut open {
                Some(f) => {
                    f.items.extend(label);
                    f.items.extend(instr.map(Item::Instr));
                }
                None => {
                    let at = label
                        .map(|item| match item {
                            Item::Label(_, at) | Item::Broken(at) => at,
                            Item::Instr(i) => i.pos,
                        })
                        .or(instr.map(|i| i.pos))
                        .unwrap_or_default();
                    diags.push(Diagnostic::at(
                        at,
                        "label or instruction outside a function",
                    ));
                }
            },
        }
    }
    if let Some(unclosed) = open.take() {
        diags.push(missing_end(&unclosed));
        program.funcs.push(unclosed);
    }
    program
}

/// The spec's integer literal, alone (as in a command-line argument).
pub fn int_literal(text: &str) -> Option<i64> {
    let mut cur = Cursor::new(text, 1);
    match cur.number() {
        Ok(Operand::Int(n)) if cur.i == text.len() => Some(n),
        _ => None,
    }
}

/// Starts function `f`, closing one left open (which lacks its `end`).
fn open_function<'a>(
    f: SrcFunc<'a>,
    open: &mut Option<SrcFunc<'a>>,
    program: &mut SrcProgram<'a>,
    diags: &mut Vec<Diagnostic>,
) {
    if let Some(unclosed) = open.take() {
        diags.push(missing_end(&unclosed));
        program.funcs.push(unclosed);
    }
    *open = Some(f);
}

fn missing_end(f: &SrcFunc) -> Diagnostic {
    if f.name.is_empty() {
        Diagnostic::at(f.pos, "function has no `end`")
    } else {
        Diagnostic::at(f.pos, format!("function `{}` has no `end`", f.name))
    }
}

fn pos(line: u32, col: usize) -> Pos {
    Pos {
        line,
        col: u32::try_from(col).unwrap_or(u32::MAX),
    }
}

enum Line<'a> {
    Empty,
    Memory(u64, Pos),
    Func(SrcFunc<'a>),
    End(Pos),
    Items(Option<Item<'a>>, Option<SrcInstr>),
    /// A line that did not parse, at its start.
    Broken(Pos),
}

type Parsed<T> = Result<T, Diagnostic>;

/// A cursor over one line. Offsets are bytes; positions are reported in
/// characters, which for the usual all-ASCII line are the same thing.
struct Cursor<'a> {
    s: &'a str,
    bytes: &'a [u8],
    i: usize,
    line: u32,
    ascii: bool,
}

/// Each byte's class for names: `START` (may begin one), `CHAR` (may
/// continue one), looked up rather than tested range by range, since
/// names are most of a program's text.
const START: u8 = 1;
const CHAR: u8 = 2;
const NAME_CLASS: [u8; 256] = {
    let mut class = [0u8; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphabetic() || b == b'_' {
            class[c] = START | CHAR;
        } else if b.is_ascii_digit() || b == b'.' {
            class[c] = CHAR;
        }
        c += 1;
    }
    class
};

fn is_ident_start(c: u8) -> bool {
    NAME_CLASS[c as usize] & START != 0
}

fn is_ident_char(c: u8) -> bool {
    NAME_CLASS[c as usize] & CHAR != 0
}

impl<'a> Cursor<'a> {
    fn new(s: &'a str, line: u32) -> Cursor<'a> {
        Cursor {
            s,
            bytes: s.as_bytes(),
            i: 0,
            line,
            ascii: s.is_ascii(),
        }
    }

    fn pos_of(&self, byte: usize) -> Pos {
        let col = if self.ascii {
            byte + 1
        } else {
            self.s[..byte].chars().count() + 1
        };
        pos(self.line, col)
    }

    fn here(&self) -> Pos {
        self.pos_of(self.i)
    }

    fn error<T>(&self, at: usize, message: impl Into<String>) -> Parsed<T> {
        Err(Diagnostic::at(self.pos_of(at), message))
    }

    fn peek(&self) -> Option<u8> {
        self.bytes.get(self.i).copied()
    }

    fn peek_at(&self, k: usize) -> Option<u8> {
        self.bytes.get(self.i + k).copied()
    }

    fn skip_ws(&mut self) {
        while matches!(self.peek(), Some(b' ' | b'\t' | b'\r')) {
            self.i += 1;
        }
    }

    /// At the end of the line or of its code (a comment follows).
    fn at_end(&self) -> bool {
        matches!(self.peek(), None | Some(b';'))
    }

    fn eat(&mut self, c: u8) -> bool {
        if self.peek() == Some(c) {
            self.i += 1;
            true
        } else {
            false
        }
    }

    fn expect(&mut self, c: u8, what: &str) -> Parsed<()> {
        self.skip_ws();
        if self.eat(c) {
            Ok(())
        } else {
            self.error(
                self.i,
                format!("expected {what}, found {}", self.describe()),
            )
        }
    }

    fn expect_end(&mut self) -> Parsed<()> {
        self.skip_ws();
        if self.at_end() {
            Ok(())
        } else {
            self.error(
                self.i,
                format!("expected end of line, found {}", self.describe()),
            )
        }
    }

    /// A short description of what stands at the cursor, for messages.
    fn describe(&self) -> String {
        match self.s[self.i..].chars().next() {
            None => "end of line".to_string(),
            Some(';') => "a comment".to_string(),
            Some(c) if c.is_control() => format!("character {:?}", c),
            Some(c) => format!("`{c}`"),
        }
    }

    fn ident(&mut self) -> Option<&'a str> {
        let start = self.i;
        if !self.peek().is_some_and(is_ident_start) {
            return None;
        }
        while self.peek().is_some_and(is_ident_char) {
            self.i += 1;
        }
        Some(&self.s[start..self.i])
    }

    /// `%name`, returning the name without `%`.
    fn register(&mut self) -> Parsed<&'a str> {
        let start = self.i;
        debug_assert_eq!(self.peek(), Some(b'%'));
        self.i += 1;
        while self.peek().is_some_and(is_ident_char) {
            self.i += 1;
        }
        if self.i == start + 1 {
            return self.error(start, "expected a register name after `%`");
        }
        Ok(&self.s[start + 1..self.i])
    }

    /// Parses the line. On a problem, returns it with what the line still
    /// counts as, so one error does not cause others: a `func` line opens
    /// its function anyway, an `end` line closes it, any other line stands
    /// as a broken item.
    /// The operands of an instruction on it go to `operands`.
    fn line(&mut self, operands: &mut Vec<SrcOperand<'a>>) -> (Line<'a>, Option<Diagnostic>) {
        self.skip_ws();
        let start = self.i;
        let mut word = self.ident();
        self.skip_ws();
        if self.peek() == Some(b':') {
            word = None; // a label, whatever its name
        }
        self.i = start;
        if word == Some("func") {
            return self.func_header();
        }
        match self.line_item(operands) {
            Ok(line) => (line, None),
            Err(d) if word == Some("end") => (Line::End(self.pos_of(start)), Some(d)),
            Err(d) => (Line::Broken(self.pos_of(start)), Some(d)),
        }
    }

    fn line_item(&mut self, operands: &mut Vec<SrcOperand<'a>>) -> Parsed<Line<'a>> {
        self.skip_ws();
        if self.at_end() {
            return Ok(Line::Empty);
        }
        let start = self.i;
        match self.peek() {
            Some(b'.') => return self.directive(),
            Some(b'%') => {
                self.register()?;
                self.skip_ws();
                let message = if self.peek() == Some(b':') {
                    "a label may not have the form of a register"
                } else {
                    "expected a label or an instruction, found a register"
                };
                return self.error(start, message);
            }
            _ => {}
        }
        let Some(word) = self.ident() else {
            return self.error(
                start,
                format!(
                    "expected a label or an instruction, found {}",
                    self.describe()
                ),
            );
        };
        self.skip_ws();
        if self.eat(b':') {
            let label = Item::Label(word, self.pos_of(start));
            self.skip_ws();
            if self.at_end() {
                return Ok(Line::Items(Some(label), None));
            }
            let at = self.i;
            let Some(word) = self.ident() else {
                return self.error(
                    at,
                    format!("expected an instruction, found {}", self.describe()),
                );
            };
            if word == "func" || word == "end" {
                return self.error(at, format!("`{word}` cannot follow a label"));
            }
            let instr = self.instruction(word, at, operands)?;
            return Ok(Line::Items(Some(label), Some(instr)));
        }
        match word {
            "end" => {
                self.expect_end()?;
                Ok(Line::End(self.pos_of(start)))
            }
            _ => Ok(Line::Items(
                None,
                Some(self.instruction(word, start, operands)?),
            )),
        }
    }

    fn directive(&mut self) -> Parsed<Line<'a>> {
        let start = self.i;
        self.i += 1;
        let name = self.ident().unwrap_or("");
        if name != "memory" {
            return self.error(start, format!("unknown directive `.{name}`"));
        }
        self.skip_ws();
        let at = self.i;
        let cells = match self.operand()? {
            Operand::Int(n) => n,
            _ => return self.error(at, "`.memory` takes an integer literal"),
        };
        if !(0..=MAX_MEMORY_CELLS as i64).contains(&cells) {
            return self.error(
                at,
                format!("bad `.memory` size {cells}: it must be 0 to {MAX_MEMORY_CELLS} cells"),
            );
        }
        self.expect_end()?;
        Ok(Line::Memory(cells as u64, self.pos_of(start)))
    }

    /// A `func` line. It always opens a function, marked broken if the
    /// line has a problem.
    fn func_header(&mut self) -> (Line<'a>, Option<Diagnostic>) {
        let start = self.i;
        self.i += "func".len();
        let mut f = SrcFunc {
            name: "",
            pos: self.pos_of(start),
            params: Vec::new(),
            items: Vec::new(),
            end: None,
            broken_header: false,
        };
        let problem = self.func_signature(&mut f).err();
        f.broken_header = problem.is_some();
        (Line::Func(f), problem)
    }

    fn func_signature(&mut self, f: &mut SrcFunc<'a>) -> Parsed<()> {
        self.skip_ws();
        let at = self.i;
        let Some(name) = self.ident() else {
            return self.error(
                at,
                format!("expected a function name, found {}", self.describe()),
            );
        };
        f.name = name;
        f.pos = self.pos_of(at);
        self.expect(b'(', "`(`")?;
        let params = &mut f.params;
        self.skip_ws();
        if !self.eat(b')') {
            loop {
                self.skip_ws();
                let p = self.i;
                if self.peek() != Some(b'%') {
                    return self.error(
                        p,
                        format!("expected a parameter register, found {}", self.describe()),
                    );
                }
                params.push((self.register()?, self.pos_of(p)));
                self.skip_ws();
                if self.eat(b')') {
                    break;
                }
                self.expect(b',', "`,` or `)`")?;
            }
        }
        self.expect_end()
    }

    /// An instruction, its operands pushed to `operands`.
    fn instruction(
        &mut self,
        word: &'a str,
        start: usize,
        operands: &mut Vec<SrcOperand<'a>>,
    ) -> Parsed<SrcInstr> {
        let Some((op, sig)) = Op::from_mnemonic(word) else {
            return self.error(start, format!("unknown instruction `{word}`"));
        };
        let first = operands.len();
        self.skip_ws();
        if !self.at_end() {
            loop {
                self.skip_ws();
                let at = self.here();
                operands.push((self.operand()?, at));
                self.skip_ws();
                if self.at_end() {
                    break;
                }
                self.expect(b',', "`,` between operands")?;
            }
        }
        let index = |k: usize| u32::try_from(k).unwrap_or(u32::MAX);
        Ok(SrcInstr {
            op,
            sig,
            pos: self.pos_of(start),
            operands: index(first)..index(operands.len()),
        })
    }

    fn operand(&mut self) -> Parsed<Operand<'a>> {
        let start = self.i;
        match self.peek() {
            Some(b'%') => Ok(Operand::Reg(self.register()?)),
            Some(b'[') => self.memory_operand(),
            Some(b'"') => self.string(),
            Some(b'-' | b'0'..=b'9') => self.number(),
            Some(c) if is_ident_start(c) => Ok(Operand::Name(self.ident().unwrap_or(""))),
            _ => self.error(
                start,
                format!("expected an operand, found {}", self.describe()),
            ),
        }
    }

    fn memory_operand(&mut self) -> Parsed<Operand<'a>> {
        self.i += 1; // `[`
        self.skip_ws();
        let at = self.i;
        let base = match self.peek() {
            Some(b'%') => MemBase::Reg(self.register()?),
            Some(b'-' | b'0'..=b'9') => match self.number()? {
                Operand::Int(n) => MemBase::Int(n),
                _ => return self.error(at, "a memory address must be an integer"),
            },
            _ => {
                return self.error(
                    at,
                    format!(
                        "expected a register or an integer as memory base, found {}",
                        self.describe()
                    ),
                )
            }
        };
        self.skip_ws();
        let mut offset = 0i64;
        let sign = self.peek();
        if matches!(sign, Some(b'+' | b'-')) {
            self.i += 1;
            self.skip_ws();
            let k = self.i;
            if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
                return self.error(
                    k,
                    format!(
                        "expected an unsigned integer offset, found {}",
                        self.describe()
                    ),
                );
            }
            offset = match self.number()? {
                Operand::Int(n) => n,
                _ => return self.error(k, "a memory offset must be an integer"),
            };
            if sign == Some(b'-') {
                offset = offset.wrapping_neg();
            }
        }
        self.expect(b']', "`]`")?;
        Ok(Operand::Mem { base, offset })
    }

    fn string(&mut self) -> Parsed<Operand<'a>> {
        let start = self.i;
        self.i += 1;
        let mut out = Vec::new();
        loop {
            let Some(c) = self.peek() else {
                return self.error(start, "unterminated string literal");
            };
            self.i += 1;
            match c {
                b'"' => return Ok(Operand::Str(out)),
                b'\\' => {
                    let esc = self.i - 1;
                    let byte = match self.peek() {
                        Some(b'n') => b'\n',
                        Some(b't') => b'\t',
                        Some(b'\\') => b'\\',
                        Some(b'"') => b'"',
                        Some(b'0') => 0,
                        Some(b'x') => {
                            let hex = |c: Option<u8>| c.and_then(|c| (c as char).to_digit(16));
                            match (hex(self.peek_at(1)), hex(self.peek_at(2))) {
                                (Some(h), Some(l)) => {
                                    self.i += 2;
                                    (h * 16 + l) as u8
                                }
                                _ => return self.error(esc, "`\\x` needs two hex digits"),
                            }
                        }
                        _ => return self.error(esc, "unknown escape sequence in string"),
                    };
                    self.i += 1;
                    out.push(byte);
                }
                _ => out.push(c),
            }
        }
    }

    /// An integer or float literal, or `-inf`.
    fn number(&mut self) -> Parsed<Operand<'a>> {
        let start = self.i;
        let negative = self.eat(b'-');
        if negative && self.s[self.i..].starts_with("inf") {
            self.i += 3;
            if self.peek().is_some_and(is_ident_char) {
                return self.error(start, "malformed literal");
            }
            return Ok(Operand::Float(f64::NEG_INFINITY));
        }
        if !self.peek().is_some_and(|c| c.is_ascii_digit()) {
            return self.error(start, "expected digits after `-`");
        }
        let operand = if self.s[self.i..].starts_with("0x") {
            self.i += 2;
            self.hex_literal(start, negative)?
        } else {
            self.decimal_literal(start, negative)?
        };
        // An error points at the first character that cannot belong.
        match self.peek() {
            None | Some(b' ' | b'\t' | b'\r' | b',' | b']' | b'+' | b'-' | b';') => Ok(operand),
            Some(c) if c.is_ascii_graphic() => self.error(self.i, "malformed number literal"),
            Some(_) => {
                let c = self.s[self.i..]
                    .chars()
                    .next()
                    .unwrap_or(char::REPLACEMENT_CHARACTER);
                self.error(self.i, format!("unexpected character U+{:04X}", c as u32))
            }
        }
    }

    /// Digits with single `_` separators between two digits. Returns the
    /// value, or `None` if it exceeds `limit`; always consumes every digit,
    /// so a huge literal costs linear time.
    fn digits(&mut self, radix: u32, limit: u128) -> Parsed<Option<u128>> {
        let first = self.i;
        let mut value: u128 = 0;
        let mut overflow = false;
        loop {
            match self.peek() {
                Some(c) if (c as char).is_digit(radix) => {
                    let d = (c as char).to_digit(radix).unwrap_or(0);
                    value = value * radix as u128 + d as u128;
                    if value > limit {
                        overflow = true;
                        value = 0;
                    }
                    self.i += 1;
                }
                Some(b'_') => {
                    let prev = self.i > first && (self.bytes[self.i - 1] as char).is_digit(radix);
                    let next = self.peek_at(1).is_some_and(|c| (c as char).is_digit(radix));
                    if !(prev && next) {
                        return self.error(self.i, "`_` must stand between two digits");
                    }
                    self.i += 1;
                }
                _ => break,
            }
        }
        if self.i == first {
            return self.error(first, "expected digits");
        }
        Ok((!overflow).then_some(value))
    }

    fn hex_literal(&mut self, start: usize, negative: bool) -> Parsed<Operand<'a>> {
        let Some(value) = self.digits(16, u64::MAX as u128)? else {
            return self.error(start, "hex literal does not fit in 64 bits");
        };
        let bits = value as u64 as i64;
        Ok(Operand::Int(if negative {
            bits.wrapping_neg()
        } else {
            bits
        }))
    }

    fn decimal_literal(&mut self, start: usize, negative: bool) -> Parsed<Operand<'a>> {
        let magnitude = self.digits(10, 1u128 << 63)?;
        let fraction =
            self.peek() == Some(b'.') && self.peek_at(1).is_some_and(|c| c.is_ascii_digit());
        let exponent = self.exponent_len();
        if !fraction && exponent == 0 {
            let value = match magnitude {
                Some(m) if negative && m <= 1u128 << 63 => (m as i128).wrapping_neg() as i64,
                Some(m) if !negative && m < 1u128 << 63 => m as i64,
                _ => return self.error(start, "integer literal out of range [-2^63, 2^63-1]"),
            };
            return Ok(Operand::Int(value));
        }
        if fraction {
            self.i += 1;
            while self.peek().is_some_and(|c| c.is_ascii_digit()) {
                self.i += 1;
            }
        }
        let exponent = self.exponent_len();
        self.i += exponent;
        let text = &self.s[start..self.i];
        if text.contains('_') {
            return self.error(start, "`_` is allowed in integer literals only");
        }
        match text.parse::<f64>() {
            Ok(v) => Ok(Operand::Float(v)),
            Err(_) => self.error(start, "malformed float literal"),
        }
    }

    /// Length of an exponent (`e`, optional sign, digits) at the cursor, or 0.
    fn exponent_len(&self) -> usize {
        if !matches!(self.peek(), Some(b'e' | b'E')) {
            return 0;
        }
        let mut k = 1;
        if matches!(self.peek_at(k), Some(b'+' | b'-')) {
            k += 1;
        }
        let digits_start = k;
        while self.peek_at(k).is_some_and(|c| c.is_ascii_digit()) {
            k += 1;
        }
        if k == digits_start {
            0
        } else {
            k
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn operand(text: &str) -> Result<Operand<'_>, Diagnostic> {
        let mut cur = Cursor::new(text, 1);
        let op = cur.operand()?;
        cur.expect_end()?;
        Ok(op)
    }

    #[test]
    fn integer_literals() {
        assert_eq!(operand("42"), Ok(Operand::Int(42)));
        assert_eq!(operand("-7"), Ok(Operand::Int(-7)));
        assert_eq!(operand("1_000_000"), Ok(Operand::Int(1_000_000)));
        assert_eq!(operand("0xFF"), Ok(Operand::Int(255)));
        assert_eq!(operand("0xFFFFFFFFFFFFFFFF"), Ok(Operand::Int(-1)));
        assert_eq!(operand("-0x1"), Ok(Operand::Int(-1)));
        assert_eq!(operand("-0x8000000000000000"), Ok(Operand::Int(i64::MIN)));
        assert_eq!(operand("-9223372036854775808"), Ok(Operand::Int(i64::MIN)));
        assert_eq!(operand("9223372036854775807"), Ok(Operand::Int(i64::MAX)));
        assert!(operand("9223372036854775808").is_err());
        assert!(operand("0x10000000000000000").is_err());
        assert!(operand("1__0").is_err());
        assert!(operand("1_").is_err());
        assert!(operand("0x_1").is_err());
        assert!(operand("12ab").is_err());
        assert!(operand(&"9".repeat(100_000)).is_err());
    }

    #[test]
    fn float_literals() {
        assert_eq!(operand("1.0"), Ok(Operand::Float(1.0)));
        assert_eq!(operand("-2.5e-3"), Ok(Operand::Float(-2.5e-3)));
        assert_eq!(operand("1e9"), Ok(Operand::Float(1e9)));
        assert_eq!(operand("6.02E+23"), Ok(Operand::Float(6.02e23)));
        assert_eq!(operand("1e400"), Ok(Operand::Float(f64::INFINITY)));
        assert_eq!(operand("-inf"), Ok(Operand::Float(f64::NEG_INFINITY)));
        assert_eq!(operand("inf"), Ok(Operand::Name("inf")));
        assert!(operand("1.").is_err());
        assert!(operand(".5").is_err());
        assert!(operand("1.5_0").is_err());
        assert!(operand("1e").is_err());
    }

    #[test]
    fn memory_operands() {
        let mem = |base, offset| Ok(Operand::Mem { base, offset });
        assert_eq!(operand("[%p]"), mem(MemBase::Reg("p"), 0));
        assert_eq!(operand("[%p+3]"), mem(MemBase::Reg("p"), 3));
        assert_eq!(operand("[ %p - 3 ]"), mem(MemBase::Reg("p"), -3));
        assert_eq!(operand("[%p-1]"), mem(MemBase::Reg("p"), -1));
        assert_eq!(operand("[5-1]"), mem(MemBase::Int(5), -1));
        assert_eq!(operand("[-5+0x10]"), mem(MemBase::Int(-5), 16));
        assert!(operand("[%p+-1]").is_err());
        assert!(operand("[1.5]").is_err());
        assert!(operand("[%p").is_err());
    }

    #[test]
    fn strings() {
        assert_eq!(
            operand(r#""a;b\n\t\\\"\0\x41é""#),
            Ok(Operand::Str(b"a;b\n\t\\\"\0A\xc3\xa9".to_vec()))
        );
        assert!(operand(r#""abc"#).is_err());
        assert!(operand(r#""\q""#).is_err());
        assert!(operand(r#""\x4""#).is_err());
    }

    #[test]
    fn columns_count_characters() {
        let mut diags = Vec::new();
        parse("func main()\n  puts \"é\" x\nend\n".as_bytes(), &mut diags);
        assert_eq!(diags[0].pos, Some(Pos { line: 2, col: 12 }));
    }

    #[test]
    fn labels_and_structure() {
        let mut diags = Vec::new();
        let text = b"func main(%a)\ntop: add %a, %a, 1\nnext:\n  jmp top\nend\n";
        let p = parse(text, &mut diags);
        assert!(diags.is_empty(), "{diags:?}");
        assert_eq!(p.funcs.len(), 1);
        assert_eq!(p.funcs[0].items.len(), 4);
        assert!(matches!(
            p.funcs[0].items[2],
            Item::Label("next", Pos { line: 3, col: 1 })
        ));
    }

    /// Operands of broken lines and of lines outside any function are
    /// dropped; every instruction kept finds its own.
    #[test]
    fn each_instruction_finds_its_operands() {
        let mut diags = Vec::new();
        let text = b"add %a, 1, 2\nfunc main(%x)\n  mul %y, %x, 3\n  sub %y, 7, @\n  store [%y+2], 9\nend\njmp top\nfunc f()\n  ret 5\nend\n";
        let p = parse(text, &mut diags);
        assert_eq!(diags.len(), 3, "{diags:?}");
        let instrs: Vec<(Op, Vec<Operand>)> = p
            .funcs
            .iter()
            .flat_map(|f| &f.items)
            .filter_map(|item| match item {
                Item::Instr(i) => {
                    Some((i.op, p.operands(i).iter().map(|(o, _)| o.clone()).collect()))
                }
                _ => None,
            })
            .collect();
        let mem = Operand::Mem {
            base: MemBase::Reg("y"),
            offset: 2,
        };
        assert_eq!(
            instrs,
            [
                (
                    Op::Mul,
                    vec![Operand::Reg("y"), Operand::Reg("x"), Operand::Int(3)]
                ),
                (Op::Store, vec![mem, Operand::Int(9)]),
                (Op::Ret, vec![Operand::Int(5)]),
            ]
        );
        assert_eq!(p.operands.len(), 6);
    }

    #[test]
    fn invalid_utf8_is_reported_with_its_column() {
        let mut diags = Vec::new();
        parse(b"func main()\n  ab\xff\nend\n", &mut diags);
        assert_eq!(
            diags,
            vec![Diagnostic::at(Pos { line: 2, col: 5 }, "invalid UTF-8")]
        );
    }
}
