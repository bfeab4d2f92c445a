//! Random well-formed R600 instructions and programs from `arbitrary` bytes, and the
//! round-trip properties: one generator shared by the property tests (tests/r600.rs)
//! and the cargo-fuzz target (fuzz/fuzz_targets/roundtrip.rs).

use super::disasm::Kind;
use super::inst::{alu, cf, cfalu, fetch, Fmt, Inst};
use super::tables::{tables, CfEnc};
use super::{parse, print, Chip};
use arbitrary::{Result, Unstructured};

/// The R600-family targets the properties exercise (one per layout).
pub const CPUS: &[&str] = &["r600", "rv770"];

/// A random instruction of format class `kind` (`None`: CF) that passes
/// [`Inst::check`], with every field drawn at random.
pub fn inst(chip: Chip, kind: Option<Kind>, u: &mut Unstructured) -> Result<Inst> {
    let t = tables();
    for _ in 0..16 {
        let mut i = match kind {
            None => {
                let op = t.cf[u.choose_index(t.cf.len())?];
                let fmt = match op.enc {
                    CfEnc::Basic => Fmt::Cf,
                    CfEnc::Alu => Fmt::CfAlu,
                    CfEnc::Buf => Fmt::ExpBuf,
                    CfEnc::Swiz => Fmt::ExpSwiz,
                };
                let mut i = random(fmt, u)?;
                i.v[fmt.field("INST").unwrap_or(0)] = op.code as u32;
                i
            }
            Some(Kind::Alu) => {
                let op = t.alu[u.choose_index(t.alu.len())?];
                let mut i = random(if op.op3 { Fmt::Op3 } else { Fmt::op2(chip) }, u)?;
                i.v[alu::INST] = op.code as u32;
                i
            }
            Some(k) => {
                let rows: Vec<_> = t
                    .fetch
                    .iter()
                    .filter(|f| f.vtx == (k == Kind::Vtx))
                    .collect();
                let op = rows[u.choose_index(rows.len())?];
                let fmt = match (op.vtx, op.code) {
                    (false, _) => Fmt::Tex,
                    (true, 0) => Fmt::Vtx,
                    _ => Fmt::VtxSem,
                };
                let mut i = random(fmt, u)?;
                i.v[fetch::INST] = op.code as u32;
                i
            }
        };
        if i.fmt == Fmt::Cf && !chip.r700 {
            i.v[cf::COUNT_3] = 0;
        }
        if i.check(chip).is_ok() {
            return Ok(i);
        }
    }
    Err(arbitrary::Error::IncorrectFormat)
}

/// Every field of `fmt` at random (mostly small or default values, as real code has).
fn random(fmt: Fmt, u: &mut Unstructured) -> Result<Inst> {
    let mut i = Inst::new(fmt);
    for (k, f) in fmt.fields().iter().enumerate() {
        let max = if f.width == 32 {
            u32::MAX
        } else {
            (1u32 << f.width) - 1
        };
        i.v[k] = match u.int_in_range(0..=3u8)? {
            0 => f.default,
            1 => u.int_in_range(0..=max.min(3))?,
            _ => u.int_in_range(0..=max)?,
        };
    }
    Ok(i)
}

/// decode(encode(i)) == i and parse(print(i)) == i.
///
/// Hidden: a test helper, whose `String` error is a failed property's report.
#[doc(hidden)]
pub fn check_inst(chip: Chip, kind: Option<Kind>, i: &Inst) -> std::result::Result<(), String> {
    let w = i.encode();
    let back = match kind {
        None => Inst::decode_cf(chip, w[0], w[1]),
        Some(Kind::Alu) => Inst::decode_alu(chip, w[0], w[1]),
        Some(k) => Inst::decode_fetch(chip, k == Kind::Vtx, &w),
    }
    .map_err(|e| format!("decode(encode(i)) fails ({e}): {i:?}"))?;
    if back != *i {
        return Err(format!("decode(encode(i)) != i:\n  {i:?}\n  {back:?}"));
    }
    let mut text = String::new();
    let _ = print::write(&mut text, chip, i, &());
    let parsed = parse::parse_inst(chip, kind, &text).map_err(|e| match e.col {
        0 => format!("parse of printed {text:?} fails: {}", e.msg),
        c => format!("parse of printed {text:?} fails: {c}: {}", e.msg),
    })?;
    if parsed != *i {
        return Err(format!(
            "parse(print(i)) != i for {text:?}:\n  {i:?}\n  {parsed:?}"
        ));
    }
    Ok(())
}

/// For arbitrary bytes: disassembly never panics and assembles back to exactly the
/// input.
///
/// Hidden: a test helper, whose `String` error is a failed property's report.
#[doc(hidden)]
pub fn check_bytes(chip: Chip, bytes: &[u8]) -> std::result::Result<(), String> {
    let text = super::disasm::disassemble(chip, bytes);
    match super::asm::assemble(chip, &text) {
        Ok(b) if b == bytes => Ok(()),
        Ok(b) => Err(format!(
            "disassemble-assemble changed the bytes:\n  {bytes:02x?}\n  {b:02x?}\n{text}"
        )),
        Err(e) => Err(format!("disassembly does not assemble: {e:?}\n{text}")),
    }
}

/// A random program's bytes: a CF program whose clause instructions point at clauses
/// of random (but well-placed) instructions, so that the disassembler's clause walk is
/// exercised, not only its `.long` path.
pub fn program(chip: Chip, u: &mut Unstructured) -> Result<Vec<u8>> {
    let ncf = u.int_in_range(1..=6usize)?;
    let mut cfs = Vec::new();
    let mut bodies: Vec<(Kind, Vec<u32>)> = Vec::new();
    for _ in 0..ncf {
        let kind = match u.int_in_range(0..=3u8)? {
            0 => None,
            1 => Some(Kind::Alu),
            2 => Some(Kind::Tex),
            _ => Some(Kind::Vtx),
        };
        let mut c = match kind {
            None => inst(chip, None, u)?,
            Some(Kind::Alu) => {
                let mut i = inst(chip, None, u)?;
                if i.fmt != Fmt::CfAlu {
                    i = Inst::new(Fmt::CfAlu);
                    i.v[cfalu::INST] = 8;
                }
                i
            }
            Some(k) => {
                let mut i = Inst::new(Fmt::Cf);
                i.v[cf::INST] = if k == Kind::Tex { 1 } else { 2 };
                i
            }
        };
        if c.fmt == Fmt::Cf {
            c.v[cf::EOP] = 0;
        }
        if let Some(k) = kind {
            let mut words = Vec::new();
            let n = u.int_in_range(1..=4usize)?;
            for g in 0..n {
                let i = inst(chip, Some(k), u)?;
                let mut w = i.encode();
                if k == Kind::Alu && g + 1 == n {
                    w[0] |= 1 << 31;
                }
                words.extend_from_slice(&w[..i.fmt.dwords()]);
                if k == Kind::Alu && w[0] >> 31 != 0 {
                    let lits = super::inst::literal_slots(w[0], w[1]);
                    for _ in 0..2 * lits {
                        words.push(u.arbitrary()?);
                    }
                }
            }
            bodies.push((k, words));
        }
        cfs.push((c, kind));
    }
    let mut end = Inst::new(Fmt::Cf);
    end.v[cf::EOP] = 1;
    cfs.push((end, None));
    // Layout: CF program, padded to 128 bits, then the clauses (fetch ones aligned).
    let mut at = cfs.len().div_ceil(2) * 2;
    let mut out = Vec::new();
    let mut body = 0;
    let mut places = Vec::new();
    for (_, words) in &bodies {
        places.push(at);
        at += words.len().div_ceil(4) * 2;
    }
    for (c, kind) in &mut cfs {
        if let Some(k) = kind {
            let (bk, words) = &bodies[body];
            debug_assert_eq!(bk, k);
            let a = places[body] as u32;
            if *k == Kind::Alu {
                c.v[cfalu::ADDR] = a;
                c.v[cfalu::COUNT] = (words.len() / 2 - 1) as u32;
            } else {
                let n = (words.len() / 4 - 1) as u32;
                c.v[cf::ADDR] = a;
                c.v[cf::COUNT] = n & 7;
                c.v[cf::COUNT_3] = if chip.r700 { n >> 3 } else { 0 };
            }
            body += 1;
        }
        let w = c.encode();
        out.extend_from_slice(&w[0].to_le_bytes());
        out.extend_from_slice(&w[1].to_le_bytes());
    }
    if cfs.len() % 2 == 1 {
        out.extend_from_slice(&[0; 8]);
    }
    for (_, words) in &bodies {
        for w in words {
            out.extend_from_slice(&w.to_le_bytes());
        }
        while out.len() % 16 != 0 {
            out.extend_from_slice(&[0; 4]);
        }
    }
    Ok(out)
}
