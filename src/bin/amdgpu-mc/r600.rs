//! The R600-family side of `asm` and `disasm` (see amdgpu_mc::backend).

use amdgpu_mc::backend;
use amdgpu_mc::code_object::CodeObject;
use amdgpu_mc::Target;

use super::io::{self, diag};

/// `asm` for an R600-family target: the bytes to `output` (or standard output), the
/// errors to standard error; exit status 1 on errors.
pub fn asm(
    t: Target,
    name: &str,
    src: &str,
    output: Option<&str>,
    inputs: &[&str],
) -> Result<u8, String> {
    match backend::of(t).assemble(t, src) {
        Ok(code) => {
            io::write_all(output, inputs, &code)?;
            Ok(0)
        }
        Err(diags) => {
            report(name, &diags);
            Ok(1)
        }
    }
}

/// The errors of a program that does not assemble, on standard error.
fn report(name: &str, diags: &[amdgpu_mc::asm::Diagnostic]) {
    for d in diags {
        diag(d.render(name));
    }
}

/// `asm --show-encoding` for an R600-family target: each line that emits bytes, then
/// `; encoding: [..]`; labels and directives as written; to `output` (`None`:
/// standard output).
pub fn show_encoding(
    t: Target,
    name: &str,
    src: &str,
    output: Option<&str>,
    inputs: &[&str],
) -> Result<u8, String> {
    let lines = match amdgpu_mc::r600::listing(t, src) {
        Ok(l) => l,
        Err(_) => return errors_of(t, name, src),
    };
    let mut text = String::new();
    let mut next = lines.iter().peekable();
    for (n, line) in src.lines().enumerate() {
        let code = line.split(';').next().unwrap_or("").trim_end();
        match next.peek() {
            Some((l, b)) if *l == n + 1 => {
                let hex: Vec<String> = b.iter().map(|x| format!("{x:#04x}")).collect();
                text.push_str(&format!("{code:<40} ; encoding: [{}]\n", hex.join(",")));
                next.next();
            }
            _ if !code.trim().is_empty() => {
                text.push_str(code);
                text.push('\n');
            }
            _ => {}
        }
    }
    io::write_all(output, inputs, text.as_bytes())?;
    Ok(0)
}

/// Reports the errors of a program that does not assemble: exit status 1.
fn errors_of(t: Target, name: &str, src: &str) -> Result<u8, String> {
    if let Err(diags) = backend::of(t).assemble(t, src) {
        report(name, &diags);
    }
    Ok(1)
}

/// `disasm` for an R600-family target (with `--show-encoding`, each line's bytes).
pub fn disasm(t: Target, name: &str, bytes: &[u8], encodings: bool) -> Result<u8, String> {
    let text = backend::of(t).disassemble(t, bytes);
    if encodings {
        return show_encoding(t, name, &text, None, &[]);
    }
    io::write_all(None, &[], text.as_bytes())?;
    Ok(0)
}

/// The R600-family target of a code object (`--mcpu` first), if it has one.
pub fn object_target(want: Option<Target>, obj: &CodeObject) -> Option<Target> {
    let t = want.or_else(|| {
        obj.target
            .as_deref()
            .and_then(|n| Target::from_name(n).ok())
    })?;
    t.gen.is_r600().then_some(t)
}

/// Disassembles the code sections of an R600-family code object: each symbol starts a
/// program (its CF addresses count from there), printed under a `; <symbol>` line.
pub fn object(t: Target, name: &str, obj: &CodeObject) -> Result<u8, String> {
    let mut text = format!("; {name}: {}\n", t.name);
    for sec in &obj.sections {
        for (start, names, bytes) in sec.regions() {
            let label = names.first().copied().unwrap_or(sec.name.as_str());
            let at = sec.address.checked_add(start).ok_or_else(|| {
                format!(
                    "{name}: error: section {}: address {:#x} plus offset {start:#x} passes 2^64",
                    sec.name, sec.address
                )
            })?;
            text.push_str(&format!("\n; {} {label} at {at:#x}\n", sec.name));
            text.push_str(&backend::of(t).disassemble(t, bytes));
        }
    }
    io::write_all(None, &[], text.as_bytes())?;
    Ok(0)
}

/// `lint` for an R600-family target: assembles each input and prints the hazard
/// findings as `FILE:LINE:COL: warning: [RULE] message`; exit status 1 with findings,
/// 2 when an input does not assemble.
pub fn lint(t: Target, inputs: &[String]) -> Result<u8, String> {
    let chip = amdgpu_mc::r600::Chip::of(t).ok_or("not an R600-family target")?;
    let mut status = 0;
    let mut out = String::new();
    for name in inputs {
        let src = io::read_text(name)?.text;
        let lines = match amdgpu_mc::r600::listing(t, &src) {
            Ok(l) => l,
            Err(_) => {
                errors_of(t, name, &src)?;
                status = 2;
                continue;
            }
        };
        let mut at = Vec::with_capacity(lines.len());
        let mut bytes = Vec::new();
        for (line, b) in &lines {
            at.push((bytes.len(), *line));
            bytes.extend_from_slice(b);
        }
        for f in amdgpu_mc::r600::lint::lint(chip, &bytes) {
            let k = at
                .partition_point(|&(o, _)| o <= f.offset)
                .saturating_sub(1);
            let line = at.get(k).map_or(1, |a| a.1);
            let text = src.lines().nth(line - 1).unwrap_or("");
            let col = text.len() - text.trim_start().len() + 1;
            out.push_str(&format!(
                "{name}:{line}:{col}: warning: [{}] {}\n{text}\n",
                f.rule, f.msg
            ));
            status = status.max(1);
        }
    }
    io::write_all(None, &[], out.as_bytes())?;
    Ok(status)
}
