//! The resolution of a finished object: kernel descriptors filled in, each fixup
//! patched with its value or made a relocation (`R_AMDGPU_*`, as llvm-mc makes
//! them), symbols' sizes evaluated.

use super::error::{Error, ErrorKind};
use super::kd::descriptor::fill;
use super::object::{has_variant, r, Bind, Def, Fixup, FixupKind, Object, Reloc, Value, NO_SYMBOL};
use crate::syntax::expr::Variant;

impl Object {
    /// Resolves every fixup: patches values and makes relocations. Errors are
    /// collected with their places.
    pub fn finish(&mut self) -> Vec<Error> {
        let mut errs = std::mem::take(&mut self.deferred);
        for p in std::mem::take(&mut self.pending_kds) {
            for (loc, msg) in fill(self, &p) {
                errs.push(Error::new(ErrorKind::Kernel, msg).at(loc));
            }
        }
        self.relocs = vec![Vec::new(); self.sections.len()];
        for si in 0..self.sections.len() {
            let fixups = std::mem::take(&mut self.sections[si].fixups);
            for f in &fixups {
                let before = self.relocs[si].len();
                if let Err(msg) = self.apply(si, f) {
                    errs.push(Error::new(ErrorKind::Fixup, msg).at(f.loc.clone()));
                } else if !self.uses_rela() {
                    // SHT_REL: the addends are the fixups' values, in the bytes.
                    for k in before..self.relocs[si].len() {
                        let addend = self.relocs[si][k].addend;
                        let (n, v) = match f.kind {
                            FixupKind::Data(n) => (n as usize, addend),
                            FixupKind::Literal => (4, addend),
                            FixupKind::Branch => (2, (addend - 4) / 4),
                        };
                        let at = f.offset as usize;
                        self.sections[si].data[at..at + n].copy_from_slice(&v.to_le_bytes()[..n]);
                    }
                }
            }
            self.sections[si].fixups = fixups;
        }
        errs.extend(self.unevaluated_vars());
        // Sizes (of the listed symbols: llvm-mc evaluates no other).
        for k in 0..self.symbols.len() {
            if !self.in_symtab(&self.symbols[k]) {
                continue;
            }
            if let Some((t, loc)) = self.symbols[k].size.clone() {
                if let Err(msg) = self.absolute(&t) {
                    errs.push(Error::new(ErrorKind::Expression, msg).at(loc));
                }
            }
        }
        errs
    }

    /// The errors of symbols set to what cannot be evaluated, each at its last
    /// definition, as llvm-mc's object writer reports them: the first that has no
    /// value at all (`x = 1/0`; llvm-mc stops there), and every difference that
    /// does not fold (an undefined symbol subtracted, or a label of another section).
    fn unevaluated_vars(&self) -> Vec<Error> {
        let mut errs = Vec::new();
        let mut stopped = false;
        // (In symbol order: the first symbol named goes first.)
        for (&k, loc) in &self.var_locs {
            let Def::Var(t) = &self.symbols[k].def else {
                continue;
            };
            let msg = match self.eval(t) {
                Err(_) if stopped => continue,
                Err(_) => {
                    stopped = true;
                    "expression could not be evaluated".to_string()
                }
                // (A difference left after folding: llvm-mc has no relocation for it.)
                Ok(v) => match self.simplify(v).sub {
                    Some(b) => format!(
                        "symbol '{}' could not be evaluated in a subtraction expression",
                        self.symbols[b].name
                    ),
                    _ => continue,
                },
            };
            errs.push(Error::new(ErrorKind::Expression, msg).at(loc.clone()));
        }
        errs
    }

    fn apply(&mut self, si: usize, f: &Fixup) -> Result<(), String> {
        let v = self.simplify(self.eval(&f.expr)?);
        // A literal naming a symbol whose value is absolute only later (a `.set`
        // after the instruction): llvm-mc leaves it PC-relative against no symbol,
        // R_AMDGPU_REL32 with the value as addend, and so do we.
        if f.kind == FixupKind::Literal && !has_variant(&f.expr) {
            if let Some(x) = v.absolute() {
                self.relocs[si].push(Reloc {
                    offset: f.offset,
                    ty: r::REL32,
                    sym: NO_SYMBOL,
                    addend: x,
                });
                return Ok(());
            }
        }
        let (v, pcrel) = self.relative(si, f, v)?;
        match (f.kind, v.absolute()) {
            (FixupKind::Branch, Some(_)) if !pcrel => Err("branch target must be a label".into()),
            (FixupKind::Branch, _) => self.branch(si, f, v),
            (kind, Some(x)) => self.patch(si, f, kind, x),
            (kind, None) => self.relocate(si, f, kind, v, pcrel),
        }
    }

    /// A fixup's value made relative to its place where it is PC-relative (a plain
    /// symbol as an instruction literal, or a difference with a label of its
    /// section), folded when both ends are local labels of the section; and whether
    /// it is PC-relative.
    fn relative(&self, si: usize, f: &Fixup, mut v: Value) -> Result<(Value, bool), String> {
        let local_here = |a: usize| match self.symbols[a].def {
            Def::Label { sec, off }
                if sec == si && self.symbols[a].bind.unwrap_or(Bind::Local) == Bind::Local =>
            {
                Some(off)
            }
            _ => None,
        };
        // A plain symbol as an instruction literal is PC-relative to the literal.
        let mut pcrel = false;
        if f.kind == FixupKind::Literal
            && matches!(v.add, Some((_, Variant::None)))
            && v.sub.is_none()
        {
            pcrel = true;
            if let Some(off) = v.add.and_then(|(a, _)| local_here(a)) {
                v = Value::abs(v.cst.wrapping_add(off as i64 - f.offset as i64));
            }
        }
        if let Some(b) = v.sub {
            match self.symbols[b].def {
                Def::Label { sec, off } if sec == si => {
                    pcrel = true;
                    v.sub = None;
                    v.cst = v.cst.wrapping_add(f.offset as i64 - off as i64);
                    if let Some((a, Variant::None)) = v.add {
                        if let Some(oa) = local_here(a) {
                            v = Value::abs(v.cst + oa as i64 - f.offset as i64);
                        }
                    }
                }
                Def::Undef => {
                    return Err(format!(
                        "symbol '{}' can not be undefined in a subtraction expression",
                        self.symbols[b].name
                    ))
                }
                _ => return Err("Cannot represent a difference across sections".into()),
            }
        }
        Ok((v, pcrel))
    }

    /// A branch's SIMM16 to a label: patched when the label is local to the
    /// section, else `R_AMDGPU_REL16`.
    fn branch(&mut self, si: usize, f: &Fixup, v: Value) -> Result<(), String> {
        let at = f.offset as usize;
        let Some((a, Variant::None)) = v.add else {
            return Err("branch target must be a label".into());
        };
        let local = self.bind_of(&self.symbols[a]) == Bind::Local;
        let (sym, addend) = match self.symbols[a].def {
            Def::Label { sec, off } if sec == si && local => {
                let delta = off as i64 + v.cst - (f.offset as i64 + 4);
                if delta % 4 != 0 || !(-0x8000 * 4..=0x7fff * 4).contains(&delta) {
                    return Err("branch size exceeds simm16".into());
                }
                let d = &mut self.sections[si].data;
                d[at..at + 2].copy_from_slice(&((delta / 4) as i16).to_le_bytes());
                return Ok(());
            }
            // A global or weak label may be preempted: llvm-mc leaves
            // R_AMDGPU_REL16 and -1 in the field (its (0 - 4) / 4).
            Def::Label { sec, .. } if sec == si => (a, v.cst),
            Def::Undef => return Err(format!("undefined label '{}'", self.symbols[a].name)),
            // A label of another section: R_AMDGPU_REL16 as for a global one
            // (a local label through its section's symbol).
            Def::Label { sec, off } if local => (self.sections[sec].sym, v.cst + off as i64),
            Def::Label { .. } => (a, v.cst),
            _ => return Err("branch target must be a label".into()),
        };
        self.symbols[sym].in_reloc = true;
        self.relocs[si].push(Reloc {
            offset: f.offset,
            ty: r::REL16,
            sym,
            addend,
        });
        let d = &mut self.sections[si].data;
        d[at..at + 2].copy_from_slice(&(-1i16).to_le_bytes());
        Ok(())
    }

    /// An absolute value, in the fixup's bytes.
    fn patch(&mut self, si: usize, f: &Fixup, kind: FixupKind, x: i64) -> Result<(), String> {
        let at = f.offset as usize;
        let n = match kind {
            FixupKind::Data(n) => n as usize,
            _ => 4,
        };
        if n < 8 {
            let bits = n * 8;
            if x < -(1i64 << (bits - 1)) || x >= (1i64 << bits) {
                return Err("value evaluated as out of range".into());
            }
        }
        self.sections[si].data[at..at + n].copy_from_slice(&x.to_le_bytes()[..n]);
        Ok(())
    }

    /// A relocatable value: its relocation (a local label's through its section's
    /// symbol).
    fn relocate(
        &mut self,
        si: usize,
        f: &Fixup,
        kind: FixupKind,
        v: Value,
        pcrel: bool,
    ) -> Result<(), String> {
        let Some((a, variant)) = v.add else {
            return Err("expected relocatable expression".into());
        };
        let n = match kind {
            FixupKind::Data(n) => n,
            _ => 4,
        };
        let ty = match (variant, n, pcrel) {
            (Variant::Abs32Lo, 4, false) => r::ABS32_LO,
            (Variant::Abs32Hi, 4, false) => r::ABS32_HI,
            (Variant::Rel32Lo, 4, false) => r::REL32_LO,
            (Variant::Rel32Hi, 4, false) => r::REL32_HI,
            (Variant::GotPcRel32Lo, 4, false) => r::GOTPCREL32_LO,
            (Variant::GotPcRel32Hi, 4, false) => r::GOTPCREL32_HI,
            (Variant::GotPcRel, 4, _) => r::GOTPCREL,
            (Variant::Rel64, 8, _) => r::REL64,
            (Variant::Abs64, 8, false) => r::ABS64,
            (Variant::None, 4, true) => r::REL32,
            (Variant::None, 4, false) => r::ABS32,
            (Variant::None, 8, true) => r::REL64,
            (Variant::None, 8, false) => r::ABS64,
            // llvm-mc takes 1- and 2-byte data for its branch fixup: a
            // defined target gets R_AMDGPU_REL16, an undefined one is refused.
            (_, 1 | 2, _) if self.symbols[a].def == Def::Undef => {
                return Err(format!("undefined label '{}'", self.symbols[a].name))
            }
            (Variant::None, 1 | 2, _) => r::REL16,
            _ => return Err("unsupported relocation type".into()),
        };
        let mut addend = v.cst;
        let mut sym = a;
        let s = &self.symbols[a];
        if let Def::Label { sec, off } = s.def {
            if s.bind.unwrap_or(Bind::Local) == Bind::Local && !s.section {
                sym = self.sections[sec].sym;
                addend = addend.wrapping_add(off as i64);
            }
        }
        if let Def::Var(_) = s.def {
            return Err(format!("cannot relocate against variable '{}'", s.name));
        }
        if s.def == Def::Undef && s.name.starts_with(".L") {
            return Err(format!("Undefined temporary symbol {}", s.name));
        }
        self.symbols[sym].in_reloc = true;
        self.relocs[si].push(Reloc {
            offset: f.offset,
            ty,
            sym,
            addend,
        });
        Ok(())
    }
}
