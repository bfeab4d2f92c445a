//! Symbols and assignments: `.globl`, `.local`, `.weak`, `.hidden`, `.protected`,
//! `.internal`, `.type`, `.size`, `.set`, `.equ`, `.equiv`, and `NAME = EXPR`.

use super::directive::Dir;
use super::state::{TextAsm, R};
use crate::mc::object::{stt, Bind, Def};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Tree};
use crate::syntax::lex::{self, ws};

impl TextAsm {
    /// `.globl`, `.global`, `.local`, `.weak`: symbols' binding.
    pub(super) fn binding(&mut self, d: Dir) -> R<()> {
        let Dir {
            line,
            pos,
            name,
            rest,
            ..
        } = d;
        for (p, n) in self.symbol_names(line, rest)? {
            if self.llvm {
                let shown = if name == ".global" { ".globl" } else { name };
                self.llvm_lines.push(format!("\t{shown}\t{n}"));
            }
            if n.starts_with(".L") && name.starts_with(".glob") {
                return Err(Error::new(p, "non-local symbol required"));
            }
            let k = self.o.symbol(n);
            let s = &mut self.o.symbols[k];
            // (A symbol given an attribute is listed, defined or not.)
            s.used = true;
            let new = match name {
                ".local" => Bind::Local,
                ".weak" => Bind::Weak,
                _ => Bind::Global,
            };
            // llvm-mc lets weak win over global, and refuses other changes.
            match (s.bind, new) {
                (Some(Bind::Weak | Bind::Local), Bind::Global) => {
                    return Err(Error::new(
                        pos,
                        format!("{n} changed binding to STB_GLOBAL"),
                    ))
                }
                (Some(Bind::Weak | Bind::Global), Bind::Local) => {
                    return Err(Error::new(pos, format!("{n} changed binding to STB_LOCAL")))
                }
                _ => s.bind = Some(new),
            }
        }
        Ok(())
    }

    /// `.hidden`, `.protected`, `.internal`: symbols' visibility.
    pub(super) fn visibility(&mut self, d: Dir) -> R<()> {
        let Dir {
            line, name, rest, ..
        } = d;
        for (_, n) in self.symbol_names(line, rest)? {
            if self.llvm {
                self.llvm_lines.push(format!("\t{name}\t{n}"));
            }
            let k = self.o.symbol(n);
            self.o.symbols[k].used = true;
            self.o.symbols[k].vis = match name {
                ".hidden" => 2,
                ".protected" => 3,
                _ => 1,
            };
        }
        Ok(())
    }

    /// `.type NAME, @TYPE`.
    pub(super) fn symbol_type(&mut self, d: Dir) -> R<()> {
        let Dir { line, rest, at, .. } = d;
        let (n, r3) = name_and_comma(line, rest, at, "expected comma")?;
        let r3 = ws(r3);
        let body = r3
            .strip_prefix('@')
            .or_else(|| r3.strip_prefix('%'))
            .or_else(|| r3.strip_prefix('"'))
            .unwrap_or(r3);
        let tpos = line.len() - body.len();
        let ty = body.trim_end_matches('"');
        let ty = match ty {
            "function" | "STT_FUNC" => stt::FUNC,
            "object" | "STT_OBJECT" => stt::OBJECT,
            "notype" | "STT_NOTYPE" => stt::NOTYPE,
            _ => return Err(Error::new(tpos, "unsupported attribute")),
        };
        if self.llvm {
            let shown = match ty {
                stt::FUNC => "function",
                stt::OBJECT => "object",
                _ => "notype",
            };
            self.llvm_lines.push(format!("\t.type\t{n},@{shown}"));
        }
        let k = self.o.symbol(n);
        let s = &mut self.o.symbols[k];
        s.ty = combine_types(s.ty, ty);
        s.used = true;
        Ok(())
    }

    /// `.size NAME, EXPR`.
    pub(super) fn symbol_size(&mut self, d: Dir) -> R<()> {
        let Dir {
            l, line, rest, at, ..
        } = d;
        let (n, r3) = name_and_comma(line, rest, at, "expected comma")?;
        let k = self.o.symbol(n);
        let p = line.len() - ws(r3).len();
        let t = self.tree_to_end(line, r3, p, false, "unexpected token")?;
        if self.llvm {
            let shown = self.llvm_shown(&t);
            self.llvm_lines.push(format!("\t.size\t{n}, {shown}"));
        }
        let loc = self.loc(l, p);
        self.o.symbols[k].size = Some((t, loc));
        Ok(())
    }

    /// `.set`, `.equ`, `.equiv NAME, EXPR`.
    pub(super) fn set_directive(&mut self, d: Dir) -> R<()> {
        let Dir {
            line,
            name,
            rest,
            at,
            ..
        } = d;
        let (n, r3) = name_and_comma(line, rest, at, "expected comma")?;
        let p = line.len() - ws(r3).len();
        if name == ".equiv"
            && self
                .o
                .lookup(n)
                .is_some_and(|k| self.o.symbols[k].def != Def::Undef)
        {
            return Err(Error::new(p, format!("redefinition of '{n}'")));
        }
        self.set(line, n, p, r3, true)?;
        Ok(())
    }

    /// `name = expr` and `.set name, expr` (`directive`: the latter, which llvm-mc's
    /// text follows with `.no_dead_strip`).
    pub(super) fn set(
        &mut self,
        line: &str,
        name: &str,
        at: usize,
        rest: &str,
        directive: bool,
    ) -> R<()> {
        let fresh = self.o.lookup(name).is_none();
        let k = self.o.symbol(name);
        let tree = self.tree_to_end(line, rest, at, true, "expected newline")?;
        let s = &self.o.symbols[k];
        if let Def::Label { .. } = s.def {
            return Err(Error::new(at, format!("redefinition of '{name}'")));
        }
        if self.llvm {
            let shown = self.llvm_shown(&tree);
            self.llvm_lines.push(format!(".set {name}, {shown}"));
            if directive {
                self.llvm_lines.push(format!("\t.no_dead_strip\t{name}"));
            }
        }
        // Absolute now: keep the value (so that `.set x, x + 1` counts); else the
        // expression, for the end.
        match self.o.absolute(&tree) {
            Ok(v) => self.o.define(k, Def::Var(Tree::Num(v)), fresh),
            Err(_) => {
                if tree_uses(&tree, name) {
                    return Err(Error::new(at, format!("Recursive use of '{name}'")));
                }
                // (Where llvm-mc reports an expression it cannot evaluate at the
                // end: its first operator.)
                let s2 = ws(rest);
                let root = expr::tree_with_root(s2).map_or(0, |x| x.2);
                let mut loc = self.o.here.clone();
                loc.col = line.len() - s2.len() + root + 1;
                self.o.define_var(k, tree, fresh, loc);
            }
        }
        // (A line that named no symbol may name one now.)
        self.memo.clear();
        Ok(())
    }

    /// The comma-separated symbol names of `.globl` and its kin, with their places.
    pub(super) fn symbol_names<'a>(
        &mut self,
        line: &str,
        rest: &'a str,
    ) -> R<Vec<(usize, &'a str)>> {
        let mut out = Vec::new();
        let mut r = ws(rest);
        loop {
            let p = line.len() - r.len();
            let (r2, name) = label_name(r).map_err(|_| Error::new(p, "expected identifier"))?;
            out.push((p, name));
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) => r = ws(r3),
                None if r.is_empty() => return Ok(out),
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token in directive",
                    ))
                }
            }
        }
    }
}

/// A symbol's type after `.type` gives it another, as llvm-mc combines them: of
/// no type, data, code and the OS-specific types (`STT_AMDGPU_HSA_KERNEL`), the
/// later in that list wins.
pub(super) fn combine_types(old: u8, new: u8) -> u8 {
    use crate::mc::object::stt;
    for ty in [stt::NOTYPE, stt::OBJECT, stt::FUNC] {
        if old == ty {
            return new;
        }
        if new == ty {
            return old;
        }
    }
    new
}

/// A symbol name: an identifier, or a quoted string.
/// `NAME,` at the start of a directive's operands (`rest`, in `line`): the name and
/// the text after the comma, or llvm-mc's errors (`comma` says which it gives for a
/// missing comma).
pub(super) fn name_and_comma<'a>(
    line: &str,
    rest: &'a str,
    at: usize,
    comma: &'static str,
) -> R<(&'a str, &'a str)> {
    let (r2, n) = label_name(ws(rest)).map_err(|_| Error::new(at, "expected identifier"))?;
    let r3 = ws(r2)
        .strip_prefix(',')
        .ok_or(Error::new(line.len() - ws(r2).len(), comma))?;
    Ok((n, r3))
}

pub(super) fn label_name(s: &str) -> nom::IResult<&str, &str> {
    lex::ident(s)
}

pub(super) fn assignment(s: &str) -> Option<(&str, &str)> {
    let (rest, name) = lex::ident(s).ok()?;
    assignment_after(name, rest)
}

/// [`assignment`] of a line whose first word `name` was read, `rest` after it.
/// (Inlined: every instruction line asks it.)
#[inline]
pub(super) fn assignment_after<'a>(name: &'a str, rest: &'a str) -> Option<(&'a str, &'a str)> {
    let r = ws(rest);
    let r = r.strip_prefix('=')?;
    if r.starts_with('=') {
        return None;
    }
    Some((name, r))
}

pub(super) fn tree_uses(t: &Tree, name: &str) -> bool {
    let mut uses = false;
    t.each_symbol(&mut |n, _| uses |= n == name);
    uses
}
