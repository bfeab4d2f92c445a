//! Disassembly of code objects in llvm-objdump's `-d` layout: section headers, symbols
//! as `<name>:` labels, `// ADDRESS: WORDS` comments, branch targets as `<sym+0x..>`,
//! and runs of zero bytes elided as `...`.

use crate::code_object::CodeObject;
use crate::disasm;
use crate::isa::Role;
use crate::target::Target;
use std::fmt::Write;

/// Column where llvm-objdump starts the `//` comment (after the tab).
const COMMENT_COL: usize = 59;

/// Writes the disassembly of `objs` (from file `name`). The target is `mcpu` when
/// given, else each object's own; an object with neither is an error. Entries of a
/// bundle for targets this crate does not support are skipped, the others printed:
/// returns what was skipped and why, one line each.
pub fn write(
    out: &mut String,
    name: &str,
    objs: &[CodeObject],
    mcpu: Option<Target>,
) -> Result<Vec<String>, String> {
    let mut skipped = Vec::new();
    for obj in objs {
        let target = match (mcpu, obj.target.as_deref()) {
            (Some(t), _) => t,
            (None, Some(t)) => match Target::from_name(t) {
                Ok(t) => t,
                Err(e) if obj.bundle_id.is_some() => {
                    skipped.push(format!(
                        "{name}:{}: skipped: {e}",
                        obj.bundle_id.as_deref().unwrap_or("")
                    ));
                    continue;
                }
                Err(e) => return Err(format!("{name}: {e}")),
            },
            (None, None) => {
                return Err(format!(
                    "{name}: the code object does not name its processor; use --mcpu"
                ))
            }
        };
        let shown = match &obj.bundle_id {
            Some(id) => format!("{name}:{id}"),
            None => name.to_string(),
        };
        let _ = write!(out, "\n{shown}:\tfile format elf64-amdgpu\n");
        for sec in &obj.sections {
            let _ = write!(out, "\nDisassembly of section {}:\n", sec.name);
            let all: Vec<(u64, &str)> = sec.symbols.iter().map(|(o, n)| (*o, n.as_str())).collect();
            for (start, names, bytes) in sec.regions() {
                for n in &names {
                    let _ = write!(out, "\n{:016x} <{n}>:\n", sec.address + start);
                }
                // Code before any symbol is labelled with the section's name.
                if names.is_empty() {
                    let _ = write!(out, "\n{:016x} <{}>:\n", sec.address + start, sec.name);
                }
                region(out, target, sec.address + start, bytes, sec.address, &all);
            }
        }
    }
    Ok(skipped)
}

/// The symbol at or before `offset` (section-relative), as `<sym>` or `<sym+0x..>`.
fn symbolize(offset: u64, syms: &[(u64, &str)]) -> Option<String> {
    let (o, n) = syms
        .iter()
        .filter(|(o, _)| *o <= offset)
        .max_by_key(|(o, _)| *o)?;
    Some(if *o == offset {
        format!("<{n}>")
    } else {
        format!("<{n}+0x{:x}>", offset - o)
    })
}

fn region(
    out: &mut String,
    target: Target,
    base: u64,
    bytes: &[u8],
    sec_addr: u64,
    syms: &[(u64, &str)],
) {
    let mut pos = 0usize;
    while pos < bytes.len() {
        // llvm-objdump elides zero runs of 8 bytes or more, or reaching the end.
        let zeros = bytes[pos..].iter().take_while(|b| **b == 0).count() & !3;
        if zeros >= 4 && (zeros >= 8 || pos + zeros == bytes.len()) {
            out.push_str("\t\t...\n");
            pos += zeros;
            continue;
        }
        let l = match disasm::lines(target, &bytes[pos..]).next() {
            Some(l) => l,
            None => break,
        };
        let raw = &bytes[pos..pos + l.len];
        let start = out.len();
        out.push('\t');
        match &l.inst {
            Ok(i) => {
                let _ = crate::syntax::print::write_inst(out, target, i);
            }
            Err(_) if raw.len() == 4 => {
                let _ = write!(
                    out,
                    ".long {:#010x}",
                    u32::from_le_bytes([raw[0], raw[1], raw[2], raw[3]])
                );
            }
            Err(_) => {
                out.push_str(".byte ");
                let list: Vec<String> = raw.iter().map(|b| format!("{b:#04x}")).collect();
                out.push_str(&list.join(", "));
            }
        }
        let width = out.len() - start - 1;
        for _ in width..COMMENT_COL {
            out.push(' ');
        }
        let addr = base + pos as u64;
        let _ = write!(out, "// {addr:012X}:");
        for w in raw.chunks(4) {
            let mut b = [0u8; 4];
            b[..w.len()].copy_from_slice(w);
            let _ = write!(out, " {:08X}", u32::from_le_bytes(b));
        }
        if let Ok(i) = &l.inst {
            if i.desc().sig.iter().any(|s| s.role == Role::Label) {
                let dest = (addr as i64 + 4 + 4 * (i.imm as u16 as i16 as i64)) as u64;
                if let Some(s) = symbolize(dest.wrapping_sub(sec_addr), syms) {
                    let _ = write!(out, " {s}");
                }
            }
        }
        out.push('\n');
        pos += l.len;
    }
}
