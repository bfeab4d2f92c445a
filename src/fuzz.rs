//! The round-trip properties, as functions returning the first violation. Shared by
//! the property tests (tests/props.rs) and the cargo-fuzz targets (fuzz/).

/// The targets the fuzz targets and property tests exercise: one per implemented
/// generation, plus gfx900 (Vega without the gfx906 additions).
pub const CPUS: &[&str] = &[
    "gfx600", "gfx700", "gfx803", "gfx900", "gfx906", "gfx908", "gfx90a", "gfx942",
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
