//! The seam between the shared front (targets, diagnostics, the command line) and the
//! two instruction-set backends: GCN (`asm`, `codec`, `disasm`, `syntax`, `lint`) and
//! R600 (`r600`), which share nothing below this trait. R600 code is a CF program with
//! clauses at addresses rather than a flat stream of instructions, so it is a backend
//! of its own, as yaxpeax keeps one crate per architecture behind shared traits.

use crate::asm::Diagnostic;
use crate::target::Target;

/// An assembler and disassembler for one family of targets.
pub trait Backend {
    /// Assembles source text: the bytes, or located errors.
    fn assemble(&self, t: Target, src: &str) -> Result<Vec<u8>, Vec<Diagnostic>>;
    /// Disassembles raw code into text that assembles back to the same bytes.
    fn disassemble(&self, t: Target, bytes: &[u8]) -> String;
}

/// The GCN and CDNA backend.
pub struct Gcn;
/// The R600 and R700 backend.
pub struct R600;

impl Backend for Gcn {
    fn assemble(&self, t: Target, src: &str) -> Result<Vec<u8>, Vec<Diagnostic>> {
        let a = crate::asm::assemble(t, src);
        if a.diags.is_empty() {
            Ok(a.bytes(t))
        } else {
            Err(a.diags)
        }
    }
    fn disassemble(&self, t: Target, bytes: &[u8]) -> String {
        let mut s = String::new();
        for l in crate::disasm::lines(t, bytes) {
            let _ = crate::disasm::write_line(&mut s, t, bytes, &l, false);
        }
        s
    }
}

impl Backend for R600 {
    fn assemble(&self, t: Target, src: &str) -> Result<Vec<u8>, Vec<Diagnostic>> {
        crate::r600::assemble(t, src).map_err(|es| {
            es.into_iter()
                .map(|e| {
                    let source = src.lines().nth(e.line - 1).unwrap_or("");
                    Diagnostic::new(e.line, e.col, e.msg, source)
                })
                .collect()
        })
    }
    fn disassemble(&self, t: Target, bytes: &[u8]) -> String {
        crate::r600::disassemble(t, bytes)
    }
}

/// The backend of a target.
pub fn of(t: Target) -> &'static dyn Backend {
    if t.gen.is_r600() {
        &R600
    } else {
        &Gcn
    }
}
