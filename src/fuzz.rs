//! The round-trip properties, as functions returning the first violation. Shared by
//! the property tests (tests/props.rs) and the cargo-fuzz targets (fuzz/).
//!
//! Hidden from the documentation: test helpers whose `String` errors are reports of a
//! failed property for a test to print, not part of the library's API.
#![doc(hidden)]

/// The targets the fuzz targets and property tests exercise: one per implemented
/// generation, plus gfx900 (Vega without the gfx906 additions).
pub const CPUS: &[&str] = &[
    "gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942", "gfx950",
];

use crate::asm::assemble;
use crate::disasm;
use crate::inst::Inst;
use crate::target::Target;
use crate::{assemble_line, decode, encode};

/// decode(encode(i)) == i and parse(print(i)) == i for a well-formed `i`.
pub fn check_inst(t: Target, i: &Inst) -> Result<(), String> {
    let w = encode(t, i).map_err(|e| format!("encode {i:?}: {e}"))?;
    let mut bytes = Vec::new();
    w.write_to(&mut bytes);
    let back = decode(t, &bytes).map_err(|e| format!("decode {bytes:02x?} of {i:?}: {e}"))?;
    if back != *i {
        return Err(format!("decode(encode(i)) != i:\n  {i:?}\n  {back:?}"));
    }
    let text = i.display(t).to_string();
    let parsed = assemble_line(t, &text).map_err(|e| format!("parse {text:?}: {e}"))?;
    if parsed != *i {
        return Err(format!(
            "parse(print(i)) != i for {text:?}:\n  {i:?}\n  {parsed:?}"
        ));
    }
    Ok(())
}

/// For arbitrary bytes: whatever decodes re-encodes to the same bytes, and the
/// disassembly of the whole buffer (`.long` for what does not decode) assembles back
/// to exactly the input (whole dwords; a ragged tail is printed as `.byte`).
pub fn check_bytes(t: Target, bytes: &[u8]) -> Result<(), String> {
    if let Ok(i) = decode(t, bytes) {
        let w = encode(t, &i).map_err(|e| format!("encode of decoded {bytes:02x?}: {e}"))?;
        let mut b = Vec::new();
        w.write_to(&mut b);
        if b[..] != bytes[..b.len()] {
            return Err(format!("encode(decode(b)) != b: {bytes:02x?} -> {b:02x?}"));
        }
    }
    let mut text = String::new();
    for l in disasm::lines(t, bytes) {
        disasm::write_line(&mut text, t, bytes, &l, false).map_err(|e| e.to_string())?;
    }
    let a = assemble(t, &text);
    if let Some(d) = a.diags.first() {
        return Err(format!("disassembly does not assemble: {d}\n{text}"));
    }
    let back = a.bytes(t);
    if back != bytes {
        return Err(format!(
            "disassemble-assemble changed the bytes:\n  {bytes:02x?}\n  {back:02x?}\n{text}"
        ));
    }
    Ok(())
}

/// The encoder's contract: `encode(i)` is Ok exactly for the instructions that decode
/// back to themselves (everything the decoder refuses or normalises, the encoder refuses).
pub fn check_encode_contract(t: Target, i: &Inst) -> Result<(), String> {
    let Ok(w) = encode(t, i) else { return Ok(()) };
    let mut bytes = Vec::new();
    w.write_to(&mut bytes);
    match decode(t, &bytes) {
        Ok(back) if back == *i => Ok(()),
        Ok(back) => Err(format!(
            "encode accepts what decodes otherwise:\n  {i:?}\n  {back:?}"
        )),
        Err(e) => Err(format!("encode accepts what does not decode ({e}): {i:?}")),
    }
}

/// Limits for reading code objects in the fuzz targets and properties: small, so
/// that a decompression bomb is refused cheaply.
const OBJECT_LIMITS: crate::code_object::Limits = crate::code_object::Limits {
    max_decompressed: 16 << 20,
    max_nesting: 8,
};

/// For arbitrary bytes read as a code object (ELF, offload bundle, compressed
/// bundle): no panic; what loads has sections whose regions cover their bytes exactly
/// and symbols inside them, and disassembles as llvm-objdump's layout without error
/// for the targets this crate knows.
pub fn check_object_file(bytes: &[u8]) -> Result<(), String> {
    for want in [None, Some("gfx906")] {
        let Ok(objs) = crate::code_object::load_with(bytes, want, &OBJECT_LIMITS) else {
            continue;
        };
        for o in &objs {
            for s in &o.sections {
                let len = s.bytes.len() as u64;
                if let Some((off, name)) = s.symbols.iter().find(|(off, _)| *off >= len) {
                    return Err(format!("symbol {name} at {off:#x} outside {}", s.name));
                }
                let covered: usize = s.regions().iter().map(|r| r.2.len()).sum();
                if covered != s.bytes.len() {
                    return Err(format!(
                        "regions of {} cover {covered} of {} bytes",
                        s.name,
                        s.bytes.len()
                    ));
                }
                if s.address.checked_add(len).is_none() {
                    return Err(format!("section {} passes 2^64", s.name));
                }
            }
        }
        let gcn: Vec<_> = objs
            .into_iter()
            .filter(|o| {
                o.target
                    .as_deref()
                    .and_then(|t| Target::from_name(t).ok())
                    .is_some_and(|t| !t.gen.is_r600())
            })
            .collect();
        let mut text = Vec::new();
        crate::objdump::write(&mut text, "fuzz", &gcn, None).map_err(|e| e.to_string())?;
    }
    Ok(())
}

/// For an assembly file: no panic in either assembler (the section-less text one
/// and the object one); a file the object assembler accepts gives an ELF object that
/// the code-object reader loads for the same target, that disassembles in
/// llvm-objdump's layout, and whose `.text` disassembles to text that assembles back
/// to the same bytes.
pub fn check_asm_file(t: Target, text: &str) -> Result<(), String> {
    let _ = assemble(t, text).bytes(t);
    let a = crate::mc::assemble_object(&crate::mc::Triple::default(), t, None, None, text, None);
    if !a.diags.is_empty() {
        return Ok(());
    }
    let elf = a.elf();
    let objs = crate::code_object::load(&elf, None)
        .map_err(|e| format!("our object does not load: {e}\n{text}"))?;
    let [o] = &objs[..] else {
        return Err(format!("{} code objects in one object", objs.len()));
    };
    if o.target.as_deref() != Some(t.name) {
        return Err(format!("object for {:?}, not {}", o.target, t.name));
    }
    let mut listing = Vec::new();
    crate::objdump::write(&mut listing, "fuzz", &objs, Some(t)).map_err(|e| e.to_string())?;
    if let Some(s) = o.sections.iter().find(|s| s.name == ".text") {
        check_bytes(t, &s.bytes).map_err(|e| format!("{e}\nfrom:\n{text}"))?;
    }
    Ok(())
}
