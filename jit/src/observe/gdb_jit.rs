//! The GDB JIT interface (GDB manual, "JIT Compilation Interface"): each
//! compiled function is described to a debugger by an in-memory ELF
//! object, linked into `__jit_debug_descriptor`'s list, after which
//! `__jit_debug_register_code` is called; a debugger that knows the
//! interface has a breakpoint there and reads the object.
//!
//! The object (written with `object`, its DWARF with `gimli`) holds:
//! - a `.text` section with the code, placed at its real address, and
//!   the function's symbol;
//! - a compile unit for the `.bc` file with one subprogram and a line
//!   table from code addresses to `.bc` lines, so `break fib.bc:9` stops
//!   in compiled code;
//! - `.debug_frame` call-frame information, so a debugger unwinds through
//!   compiled frames: the frame pointer chain every compiled function
//!   keeps (`push rbp; mov rbp, rsp` at its internal entry, offset 8).
//!
//! A registration is undone when it is dropped, with the code it
//! describes.

use crate::observe::code_info::CodeInfo;
use gimli::write::{
    Address, AttributeValue, CallFrameInstruction, CommonInformationEntry, DwarfUnit, EndianVec,
    FrameDescriptionEntry, FrameTable, LineProgram, LineString, Sections,
};
use gimli::{Encoding, Format, LineEncoding, LittleEndian, X86_64};
use object::write::{Object, StandardSection, Symbol, SymbolSection};
use object::{Architecture, BinaryFormat, Endianness, SymbolFlags, SymbolKind, SymbolScope};
use std::sync::Mutex;

#[repr(C)]
struct JitCodeEntry {
    next: *mut JitCodeEntry,
    prev: *mut JitCodeEntry,
    symfile_addr: *const u8,
    symfile_size: u64,
}

#[repr(C)]
pub struct JitDescriptor {
    version: u32,
    action_flag: u32,
    relevant_entry: *mut JitCodeEntry,
    first_entry: *mut JitCodeEntry,
}

const JIT_REGISTER_FN: u32 = 1;
const JIT_UNREGISTER_FN: u32 = 2;

/// The list a debugger reads; the name and layout are the interface's.
#[no_mangle]
#[allow(non_upper_case_globals)]
pub static mut __jit_debug_descriptor: JitDescriptor = JitDescriptor {
    version: 1,
    action_flag: 0,
    relevant_entry: std::ptr::null_mut(),
    first_entry: std::ptr::null_mut(),
};

/// A debugger breaks here to learn of a change to the list.
#[no_mangle]
#[inline(never)]
pub extern "C" fn __jit_debug_register_code() {
    // Keeps the call (and the function) from being optimized away.
    std::hint::black_box(());
}

/// Serializes changes to the descriptor's list.
static LIST: Mutex<()> = Mutex::new(());

/// A function described to the debugger, until dropped.
pub struct Registration {
    entry: Box<JitCodeEntry>,
    _object: Vec<u8>,
}

impl Registration {
    /// Builds the object for `f` and registers it.
    pub fn register(f: &CodeInfo) -> Result<Registration, String> {
        let object = elf(f)?;
        let mut entry = Box::new(JitCodeEntry {
            next: std::ptr::null_mut(),
            prev: std::ptr::null_mut(),
            symfile_addr: object.as_ptr(),
            symfile_size: object.len() as u64,
        });
        let _list = LIST.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: the descriptor is changed only under `LIST`; `entry` is
        // boxed, so its address stays valid while it is linked (until
        // `drop` unlinks it), and `object` lives as long as it.
        unsafe {
            let d = &raw mut __jit_debug_descriptor;
            let e: *mut JitCodeEntry = &mut *entry;
            (*e).next = (*d).first_entry;
            if !(*d).first_entry.is_null() {
                (*(*d).first_entry).prev = e;
            }
            (*d).first_entry = e;
            (*d).relevant_entry = e;
            (*d).action_flag = JIT_REGISTER_FN;
            __jit_debug_register_code();
        }
        Ok(Registration {
            entry,
            _object: object,
        })
    }
}

impl Drop for Registration {
    fn drop(&mut self) {
        let _list = LIST.lock().unwrap_or_else(|e| e.into_inner());
        // SAFETY: under `LIST`; the entry is linked (by `register`), and
        // its neighbours are live entries or null.
        unsafe {
            let d = &raw mut __jit_debug_descriptor;
            let e: *mut JitCodeEntry = &mut *self.entry;
            if !(*e).prev.is_null() {
                (*(*e).prev).next = (*e).next;
            } else {
                (*d).first_entry = (*e).next;
            }
            if !(*e).next.is_null() {
                (*(*e).next).prev = (*e).prev;
            }
            (*d).relevant_entry = e;
            (*d).action_flag = JIT_UNREGISTER_FN;
            __jit_debug_register_code();
        }
    }
}

/// The ELF object describing `f`.
pub fn elf(f: &CodeInfo) -> Result<Vec<u8>, String> {
    let mut obj = Object::new(BinaryFormat::Elf, Architecture::X86_64, Endianness::Little);
    let text = obj.section_id(StandardSection::Text);
    obj.set_section_data(text, f.code.to_vec(), 16);
    obj.add_symbol(Symbol {
        name: f.name.as_bytes().to_vec(),
        value: 0,
        size: f.code.len() as u64,
        kind: SymbolKind::Text,
        scope: SymbolScope::Linkage,
        weak: false,
        section: SymbolSection::Section(text),
        flags: SymbolFlags::None,
    });
    let mut sections = dwarf(f)?;
    sections.for_each_mut(|id, data| -> Result<(), String> {
        if !data.slice().is_empty() {
            let s = obj.add_section(
                Vec::new(),
                id.name().as_bytes().to_vec(),
                object::SectionKind::Debug,
            );
            obj.set_section_data(s, data.take(), 1);
        }
        Ok(())
    })?;
    let frame = frame_table(f)?;
    let s = obj.add_section(
        Vec::new(),
        b".debug_frame".to_vec(),
        object::SectionKind::Debug,
    );
    obj.set_section_data(s, frame, 8);
    let mut bytes = obj.write().map_err(|e| e.to_string())?;
    place_section(&mut bytes, b".text", f.address)?;
    Ok(bytes)
}

const ENCODING: Encoding = Encoding {
    format: Format::Dwarf32,
    version: 4,
    address_size: 8,
};

/// `.debug_info`, `.debug_abbrev`, `.debug_line`, `.debug_str`...
fn dwarf(f: &CodeInfo) -> Result<Sections<EndianVec<LittleEndian>>, String> {
    let (dir, file) = match f.source.rsplit_once('/') {
        Some((dir, file)) if !dir.is_empty() => (dir, file),
        _ => ("/", f.source),
    };
    let mut dwarf = DwarfUnit::new(ENCODING);
    let mut program = LineProgram::new(
        ENCODING,
        LineEncoding::default(),
        LineString::String(dir.as_bytes().to_vec()),
        LineString::String(file.as_bytes().to_vec()),
        None,
    );
    let dir_id = program.default_directory();
    let file_id = program.add_file(LineString::String(file.as_bytes().to_vec()), dir_id, None);
    program.begin_sequence(Some(Address::Constant(f.address)));
    for &(address, line) in f.lines {
        let row = program.row();
        row.address_offset = address - f.address;
        row.file = file_id;
        row.line = line as u64;
        row.is_statement = true;
        program.generate_row();
    }
    program.end_sequence(f.code.len() as u64);
    dwarf.unit.line_program = program;
    let root = dwarf.unit.root();
    let cu = dwarf.unit.get_mut(root);
    cu.set(
        gimli::DW_AT_producer,
        AttributeValue::String(b"bcvm".to_vec()),
    );
    cu.set(
        gimli::DW_AT_name,
        AttributeValue::String(f.source.as_bytes().to_vec()),
    );
    cu.set(
        gimli::DW_AT_comp_dir,
        AttributeValue::String(dir.as_bytes().to_vec()),
    );
    cu.set(
        gimli::DW_AT_language,
        AttributeValue::Language(gimli::DW_LANG_Mips_Assembler),
    );
    set_range(cu, f);
    let sub = dwarf.unit.add(root, gimli::DW_TAG_subprogram);
    let sub = dwarf.unit.get_mut(sub);
    sub.set(
        gimli::DW_AT_name,
        AttributeValue::String(f.name.as_bytes().to_vec()),
    );
    sub.set(gimli::DW_AT_external, AttributeValue::Flag(true));
    sub.set(
        gimli::DW_AT_decl_file,
        AttributeValue::FileIndex(Some(file_id)),
    );
    sub.set(
        gimli::DW_AT_decl_line,
        AttributeValue::Udata(f.first_line as u64),
    );
    set_range(sub, f);
    let mut sections = Sections::new(EndianVec::new(LittleEndian));
    dwarf.write(&mut sections).map_err(|e| e.to_string())?;
    Ok(sections)
}

/// The code's address range, on a compile unit or a subprogram.
fn set_range(entry: &mut gimli::write::DebuggingInformationEntry, f: &CodeInfo) {
    let low = AttributeValue::Address(Address::Constant(f.address));
    entry.set(gimli::DW_AT_low_pc, low);
    entry.set(
        gimli::DW_AT_high_pc,
        AttributeValue::Udata(f.code.len() as u64),
    );
}

/// `.debug_frame`: on entry the return address is at the CFA, `rsp + 8`,
/// and so until the internal entry's `push rbp` (offset 8, or after an
/// early exit's test and return: `frame_push`); after it the CFA is
/// `rsp + 16` with the caller's `rbp` below the return address; after
/// `mov rbp, rsp` and to the end, `rbp + 16`.
fn frame_table(f: &CodeInfo) -> Result<Vec<u8>, String> {
    let mut cie = CommonInformationEntry::new(ENCODING, 1, -8, X86_64::RA);
    cie.add_instruction(CallFrameInstruction::Cfa(X86_64::RSP, 8));
    cie.add_instruction(CallFrameInstruction::Offset(X86_64::RA, -8));
    let mut table = FrameTable::default();
    let cie = table.add_cie(cie);
    let size = u32::try_from(f.code.len() as u64).map_err(|_| "code too large")?;
    let mut fde = FrameDescriptionEntry::new(Address::Constant(f.address), size);
    let push = frame_push(f.code) as u32;
    fde.add_instruction(push + 1, CallFrameInstruction::CfaOffset(16));
    fde.add_instruction(push + 1, CallFrameInstruction::Offset(X86_64::RBP, -16));
    // `mov rbp, rsp` is three bytes.
    fde.add_instruction(push + 4, CallFrameInstruction::CfaRegister(X86_64::RBP));
    table.add_fde(cie, fde);
    let mut frame = gimli::write::DebugFrame(EndianVec::new(LittleEndian));
    table
        .write_debug_frame(&mut frame)
        .map_err(|e| e.to_string())?;
    Ok(frame.0.into_vec())
}

/// The offset of the internal entry's `push rbp`: the first instruction
/// there, or the first after an early exit's few (`passes::early_exit`),
/// found by decoding them.
fn frame_push(code: &[u8]) -> usize {
    use iced_x86::{Code, Decoder, DecoderOptions, Register};
    let entry = crate::backend::INTERNAL_ENTRY as usize;
    let Some(from) = code.get(entry..) else {
        return entry;
    };
    let mut decoder = Decoder::with_ip(64, from, entry as u64, DecoderOptions::NONE);
    decoder
        .iter()
        .take(16)
        .find(|i| i.code() == Code::Push_r64 && i.op0_register() == Register::RBP)
        .map_or(entry, |i| i.ip() as usize)
}

/// Sets the address of section `name` in an ELF64 little-endian object:
/// a relocatable object's sections are at 0, and the debugger takes the
/// addresses as they are.
fn place_section(bytes: &mut [u8], name: &[u8], address: u64) -> Result<(), String> {
    let header = section_header(bytes, name)?;
    let addr = bytes
        .get_mut(header + 16..header + 24)
        .ok_or_else(malformed)?;
    addr.copy_from_slice(&address.to_le_bytes());
    Ok(())
}

fn malformed() -> String {
    "malformed ELF object".to_string()
}

/// A little-endian field of `n` bytes at `at`.
fn field(b: &[u8], at: usize, n: usize) -> Result<usize, String> {
    let bytes = b.get(at..at + n).ok_or_else(malformed)?;
    Ok(bytes
        .iter()
        .rev()
        .fold(0usize, |v, &byte| v << 8 | byte as usize))
}

/// Where the header of section `name` starts in an ELF64 object.
fn section_header(bytes: &[u8], name: &[u8]) -> Result<usize, String> {
    let (shoff, shentsize, shnum, shstrndx) = (
        field(bytes, 0x28, 8)?,
        field(bytes, 0x3a, 2)?,
        field(bytes, 0x3c, 2)?,
        field(bytes, 0x3e, 2)?,
    );
    let header = |i: usize| shoff + i * shentsize;
    let names = field(bytes, header(shstrndx) + 24, 8)?;
    for i in 0..shnum {
        let at = names + field(bytes, header(i), 4)?;
        let found = bytes.get(at..at + name.len() + 1);
        if found.is_some_and(|n| &n[..name.len()] == name && n[name.len()] == 0) {
            return Ok(header(i));
        }
    }
    Err(format!("no section {}", String::from_utf8_lossy(name)))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn described<'a>(code: &'a [u8], lines: &'a [(u64, u32)]) -> CodeInfo<'a> {
        CodeInfo {
            name: "f",
            address: 0x7000_0000,
            code,
            source: "/tmp/f.bc",
            lines,
            first_line: 1,
        }
    }

    #[test]
    fn the_object_is_elf_with_its_text_at_the_code() {
        let code = [0x90u8; 32];
        let bytes = elf(&described(&code, &[(0x7000_0000, 2), (0x7000_0010, 3)])).unwrap();
        assert_eq!(&bytes[..4], b"\x7fELF");
        // `.text` is placed at the code (sh_addr), and holds it (sh_offset,
        // sh_size).
        let text = section_header(&bytes, b".text").unwrap();
        assert_eq!(field(&bytes, text + 16, 8).unwrap(), 0x7000_0000);
        let (offset, size) = (
            field(&bytes, text + 24, 8).unwrap(),
            field(&bytes, text + 32, 8).unwrap(),
        );
        assert_eq!(&bytes[offset..offset + size], &code[..]);
        assert!(section_header(&bytes, b".debug_line").is_ok());
        assert!(section_header(&bytes, b".debug_frame").is_ok());
    }

    /// The frame's `push rbp` is the internal entry's first instruction,
    /// or comes after an early exit's test and return (fib's `n < 2`).
    #[test]
    fn the_frame_table_finds_the_push_after_an_early_exit() {
        let fib = "func fib(%n)\n    jlt %n, 2, base\n    sub %a, %n, 1\n    call %x, fib, %a\n    sub %a, %n, 2\n    call %y, fib, %a\n    add %x, %x, %y\n    ret %x\nbase:\n    ret %n\nend\n\
                   func main()\n    call %r, fib, 20\n    print %r\n    ret 0\nend\n";
        let program = vm::load(fib.as_bytes()).expect("loads");
        let code_of = |func: &str| {
            let id = program.func_by_name(func).expect("the function");
            let options = crate::pipeline::context::Options::verified();
            let ctx =
                crate::tools::disasm::compiled(&program, id, None, options).expect("compiles");
            ctx.code.expect("the code").code
        };
        let fib = code_of("fib");
        let push = frame_push(&fib);
        assert!(push > crate::backend::INTERNAL_ENTRY as usize);
        assert_eq!(&fib[push..push + 4], &[0x55, 0x48, 0x89, 0xe5]);
        // `main` has no early exit: the push is where it always was.
        let main = code_of("main");
        assert_eq!(frame_push(&main), crate::backend::INTERNAL_ENTRY as usize);
        assert_eq!(main[frame_push(&main)], 0x55);
    }

    #[test]
    fn registering_links_an_entry_and_dropping_unlinks_it() {
        let code = [0xc3u8; 4];
        let lines = [(0x7000_0000, 1)];
        let first = || {
            let _list = LIST.lock().unwrap();
            let d = &raw const __jit_debug_descriptor;
            // SAFETY: read under `LIST`, through a raw pointer.
            unsafe { (*d).first_entry }
        };
        let before = first();
        let r = Registration::register(&described(&code, &lines)).unwrap();
        assert_eq!(
            first(),
            &*r.entry as *const JitCodeEntry as *mut JitCodeEntry
        );
        drop(r);
        assert_eq!(first(), before);
    }
}
