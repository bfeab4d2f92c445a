//! The R600-family side of `asm` and `disasm` (see amdgpu_mc::backend).

use amdgpu_mc::backend;
use amdgpu_mc::Target;
use std::io::Write;

/// `asm` for an R600-family target: the bytes to `output` (or standard output), the
/// errors to standard error; exit status 1 on errors.
pub fn asm(t: Target, name: &str, src: &str, output: Option<&str>) -> Result<u8, String> {
    match backend::of(t).assemble(t, src) {
        Ok(code) => {
            match output {
                Some(path) => std::fs::write(path, code)
                    .map_err(|e| format!("amdgpu-mc: error: {path}: {e}"))?,
                None => std::io::stdout()
                    .write_all(&code)
                    .map_err(|e| format!("amdgpu-mc: error: {e}"))?,
            }
            Ok(0)
        }
        Err(diags) => {
            for d in &diags {
                eprintln!("{}", d.render(name));
            }
            Ok(1)
        }
    }
}

/// `disasm` for an R600-family target.
pub fn disasm(t: Target, bytes: &[u8]) -> Result<u8, String> {
    let text = backend::of(t).disassemble(t, bytes);
    std::io::stdout()
        .write_all(text.as_bytes())
        .map_err(|e| format!("amdgpu-mc: error: {e}"))?;
    Ok(0)
}
