//! A statement: labels, then a directive, an assignment or an instruction; and a
//! line read before, placed again from the memo.

use super::comments::trim_end;
use super::expr::expr_error;
use super::line::Line;
use super::state::{ObjSyms, TextAsm, MAX_KEPT_INSTS, R};
use super::statements::{data_name, Read, Statement};
use super::symbols::assignment_after;
use crate::inst::Inst;
use crate::mc::asm_text;
use crate::mc::error::{Error as McError, ErrorKind};
use crate::mc::memo::Bytes;
use crate::mc::object::{sht, FixupKind};
use crate::syntax::bind::Routes;
use crate::syntax::bind::{bind, Fixup};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Symbols};
use crate::syntax::lex::{self, trim_start, ws};
use crate::syntax::operands::{Cx, Items, Kind};
use crate::target::Target;
use std::borrow::Cow;

impl TextAsm {
    /// Assembles a line; `code` is its text without the comment.
    pub(super) fn statement(&mut self, l: &Line, code: &str) {
        let raw: &str = &l.text;
        // Inside .amdgpu_metadata: the YAML lines verbatim.
        if let Some((_, text, kind)) = &mut self.metadata {
            if raw.trim() != kind.end() {
                text.push_str(raw);
                text.push('\n');
                return;
            }
        }
        // llvm-mc prints a blank line for a line of blanks (not for a comment, nor
        // inside a kernel descriptor block, whose lines its target parser reads).
        if self.llvm && raw.trim().is_empty() && self.kernel.is_none() {
            self.list_raw("");
            return;
        }
        let line = trim_end(code);
        // (The place is kept for errors found later; its text's buffer is reused.)
        let here = &mut self.o.here;
        here.line = l.line;
        here.buf = l.buf;
        here.col = line.len() - trim_start(line).len() + 1;
        here.source.clear();
        here.source.push_str(raw);
        self.directive_stmt = false;
        if let Err(e) = self.statement_text(l, line) {
            let mut d = self.diag_at(l, e.pos, e.msg.into_owned());
            d.source = raw.to_string();
            // (Readers of statements pass over what directives say.)
            match self.pass_directives && self.directive_stmt {
                true => self.passed.push(d),
                false => self.diags.push(d),
            }
        }
    }

    pub(super) fn statement_text(&mut self, l: &Line, line: &str) -> R<()> {
        if self.code_t.is_some() {
            self.directive_stmt = true;
            return self.code_t_line(l, line);
        }
        let mut s = ws(line);
        // The first word: a label's name where a `:` follows it (one label or more),
        // an assignment's where `=` does, else the statement's (an instruction's
        // mnemonic, read once: the binder takes it).
        let mut word = lex::ident_and_case(s);
        while let Some((rest, name, _)) = word {
            let r = ws(rest);
            if !r.starts_with(':') || r.starts_with("::") {
                break;
            }
            let at = line.len() - s.len();
            if self.kernel.is_some() {
                return Err(Error::new(at, "labels are not allowed in .amdhsa_kernel"));
            }
            self.o.label(name).map_err(|m| Error::new(at, m))?;
            if let Some(list) = &mut self.listing {
                list.label(name);
            }
            if let Some(reads) = &mut self.reads {
                let (sec, off) = (self.o.cur, self.o.sections[self.o.cur].len());
                reads.push(Statement::new(
                    l,
                    at,
                    [0; 8],
                    sec,
                    off,
                    Read::Label(name.into()),
                ));
            }
            s = ws(&r[1..]);
            word = lex::ident_and_case(s);
        }
        if s.is_empty() {
            return Ok(());
        }
        let pos = line.len() - s.len();
        if s.starts_with('.') {
            let (rest, name) = lex::ident(s).map_err(|_| Error::new(pos, "unknown directive"))?;
            // (Directives are mostly written in lower case: no copy then.)
            let name_lc: Cow<str> = if name.bytes().any(|c| c.is_ascii_uppercase()) {
                Cow::Owned(name.to_ascii_lowercase())
            } else {
                Cow::Borrowed(name)
            };
            self.directive_stmt = true;
            if self.kernel.is_some() && name_lc != ".end_amdhsa_kernel" {
                return self.kernel_directive(l, line, pos, &name_lc, rest);
            }
            self.plain = None;
            self.llvm_lines.clear();
            let (sec, start) = (self.o.cur, self.o.sections[self.o.cur].len());
            self.directive(l, line, pos, &name_lc, rest)?;
            // (Bytes a directive placed in the section it started in are data.)
            let len = self.o.sections[sec].len().saturating_sub(start);
            if let Some(reads) = self.reads.as_mut().filter(|_| len > 0 && sec == self.o.cur) {
                let read = Read::Data {
                    directive: data_name(&name_lc),
                    len,
                };
                reads.push(Statement::new(l, pos, [0; 8], sec, start, read));
            }
            if self.llvm {
                self.list_llvm(l, pos, &name_lc);
                return Ok(());
            }
            // Data of numbers only, on a line that is only the directive: kept
            // as an instruction's line is (see `instruction`).
            let id = match self.plain.take() {
                Some(b) if s.len() == trim_start(line).len() => self.memo.put(&l.text, b),
                _ => None,
            };
            if self.no_relocs {
                self.list_directive(line, pos, &name_lc, rest, id)?;
            }
            return Ok(());
        }
        if self.kernel.is_some() {
            self.directive_stmt = true;
            return Err(Error::new(
                pos,
                "expected .amdhsa_ directive or .end_amdhsa_kernel",
            ));
        }
        if let Some((name, rest)) = word.and_then(|(rest, name, _)| assignment_after(name, rest)) {
            let at = line.len() - ws(rest).len();
            self.llvm_lines.clear();
            self.set(line, name, at, rest, false)?;
            self.list_llvm_lines();
            return Ok(());
        }
        self.instruction(l, line, s, word)
    }

    /// Places the bytes of a whole source line read before (an instruction, or data
    /// of numbers), if it was kept (see [`Memo`]): they then depend only on its text, so
    /// long as no macro, kernel descriptor or metadata block can change how lines
    /// are read, and the section can hold code. (`hash`: the line's memo hash, when
    /// the reader computed it.)
    pub(super) fn again(&mut self, l: &Line, hash: Option<u64>) -> bool {
        let raw: &str = &l.text;
        if !self.macros.is_empty()
            || self.kernel.is_some()
            || self.code_t.is_some()
            || self.metadata.is_some()
        {
            return false;
        }
        let hash = hash.unwrap_or_else(|| crate::mc::memo::hash(raw));
        let Some((bytes, id)) = self.memo.lookup(raw, hash) else {
            return false;
        };
        let cur = self.o.cur;
        let sec = self.o.sec();
        if sec.ty == sht::NOBITS {
            return false;
        }
        // (A listing has the printed line of every line kept, unless it was full:
        // see `instruction`.)
        if let Some(list) = &mut self.listing {
            if !list.again(id) {
                return false;
            }
        }
        // (A reader of statements keeps the instruction of the line too; a line of
        // data, or one past its table, is read again.)
        if let Some(reads) = &mut self.reads {
            let Some(Some((inst, cols, pos))) = self.kept_insts.get(id as usize) else {
                return false;
            };
            let read = Read::Inst {
                inst: *inst,
                branch: None,
            };
            reads.push(Statement::new(
                l,
                *pos as usize,
                *cols,
                cur,
                sec.len(),
                read,
            ));
        }
        sec.data.extend_from_slice(bytes.as_slice());
        true
    }

    /// For [`super::read_statements`]: the instruction of memo line `id`, its
    /// operand columns and column, so that a line read again is a statement too.
    fn keep_inst(&mut self, id: u32, inst: Inst, cols: [u16; 8], pos: u32) {
        let k = id as usize;
        if k < MAX_KEPT_INSTS {
            if self.kept_insts.len() <= k {
                self.kept_insts.resize(k + 1, None);
            }
            self.kept_insts[k] = Some((inst, cols, pos));
        }
    }

    /// The instruction of `s` (in `line`), whose first word `word` the caller read
    /// (`lex::ident_and_case(s)`).
    pub(super) fn instruction<'a>(
        &mut self,
        l: &Line,
        line: &'a str,
        s: &'a str,
        word: Option<(&'a str, &'a str, bool)>,
    ) -> R<()> {
        let t = self.o.target;
        let syms = ObjSyms::new(&self.o);
        let mut cols = [0; 8];
        // (A line of the source itself may have been bound on another thread.)
        let mpos = line.len() - s.len();
        let (inst, fix, warning) = match self.ahead.as_ref().and_then(|a| a.take(line, mpos, t)) {
            Some(b) => {
                cols = b.cols;
                (b.inst, None, b.warning)
            }
            None => bind_word(t, line, s, word, &syms, &mut cols, Some(&mut self.routes))?,
        };
        // (The binder checked the instruction's fields.)
        let words = crate::codec::encode_checked(t, &inst)
            .map_err(|_| Error::new(line.len() - s.len(), "instruction does not encode"))?;
        if let Some(w) = &warning {
            self.warnings
                .push(self.diag_at(l, w.pos, w.msg.to_string()));
        }
        let named_symbol = syms.1.get();
        let cur = self.o.cur;
        let sec = self.o.sec();
        if sec.ty == sht::NOBITS {
            let msg = format!("BSS section '{}' cannot have non-zero bytes", sec.name);
            let e = McError::new(ErrorKind::Section, msg).at(self.o.here.clone());
            self.o.deferred.push(e);
            return Ok(());
        }
        // Kept: a line that is only an instruction, naming no symbol (labels define
        // something, and what a name means can change), without a warning (which
        // each reading of the line reports); once placed, so that a listing names
        // the instruction of every line kept.
        let bytes = Bytes::of_words(&words);
        let id = if fix.is_none()
            && warning.is_none()
            && !named_symbol
            && s.len() == trim_start(line).len()
        {
            self.memo.put(&l.text, bytes)
        } else {
            None
        };
        if let (Some(id), Some(_)) = (id, &self.reads) {
            self.keep_inst(id, inst, cols, (line.len() - s.len()) as u32);
        }
        let sec = self.o.sec();
        let start = sec.len();
        sec.data.extend_from_slice(bytes.as_slice());
        // (llvm-mc's text shows a symbol as a literal as it shows a branch's.)
        if self.no_relocs && !self.llvm && fix.is_some_and(|f| f.literal) {
            sec.data.truncate(start as usize);
            let pos = fix.map_or(0, |f| f.pos);
            return Err(Error::new(
                pos,
                "a symbol as a literal needs an object file (asm --filetype obj)",
            ));
        }
        let fix_tree = match fix {
            Some(f) => Some(expr::tree_with_root(&line[f.pos..]).map_err(|e| expr_error(line, e))?),
            None => None,
        };
        if let Some(reads) = &mut self.reads {
            let read = Read::Inst {
                inst,
                branch: fix
                    .filter(|f| !f.literal)
                    .map(|f| line[f.pos..].trim_end().into()),
            };
            let pos = line.len() - s.len();
            reads.push(Statement::new(l, pos, cols, cur, start, read));
        }
        if let Some(list) = &mut self.listing {
            let bytes = &self.o.sections[cur].data[start as usize..];
            if !id.is_some_and(|id| list.kept(t, &inst, id, bytes)) {
                match (self.llvm, fix, &fix_tree) {
                    // llvm-mc prints the expression of a fixup as it prints
                    // expressions.
                    (true, Some(f), Some((_, tree, _))) => {
                        let shown = asm_text::expr(tree);
                        list.inst_fixup(inst, cur, start, &shown, f.literal);
                    }
                    _ => {
                        let label = fix.filter(|f| !f.literal).map(|f| line[f.pos..].trim_end());
                        list.inst(inst, cur, start, label);
                    }
                }
            }
        }
        if let (Some(f), Some((_, mut tree, root))) = (fix, fix_tree) {
            self.o.mention(&mut tree, true);
            let (kind, off) = if f.literal {
                (FixupKind::Literal, start + 4)
            } else {
                (FixupKind::Branch, start)
            };
            let loc = self.loc(l, f.pos + root);
            if self.no_relocs {
                self.fixup_locs.push((self.o.cur, off, loc.clone()));
            }
            self.o.fixup(off, kind, tree, loc);
        }
        Ok(())
    }
}

/// Binds one instruction's text (`s`, a suffix of `line`): the instruction, a symbol
/// it names that a fixup resolves, and what llvm-mc warns of (located in `line`);
/// the mnemonic's plain route from `routes` where the caller keeps them.
pub(crate) fn bind_instruction<'a>(
    target: Target,
    line: &'a str,
    s: &'a str,
    syms: &dyn Symbols,
    operand_cols: &mut [u16; 8],
    routes: Option<&mut Routes>,
) -> Result<(Inst, Option<Fixup<'a>>, Option<Error>), Error> {
    let word = lex::ident_and_case(s);
    bind_word(target, line, s, word, syms, operand_cols, routes)
}

/// [`bind_instruction`] of `s`, whose first word (`lex::ident_and_case(s)`: the
/// mnemonic, its text after it, and whether it has an upper-case letter) the caller
/// read; the plain path's route of the mnemonic from `routes` where it keeps them.
fn bind_word<'a>(
    target: Target,
    line: &'a str,
    s: &'a str,
    word: Option<(&'a str, &'a str, bool)>,
    syms: &dyn Symbols,
    operand_cols: &mut [u16; 8],
    routes: Option<&mut Routes>,
) -> Result<(Inst, Option<Fixup<'a>>, Option<Error>), Error> {
    let mpos = line.len() - s.len();
    let (rest, mnemonic, upper) =
        word.ok_or_else(|| Error::new(mpos, "unexpected token at start of statement"))?;
    let lower;
    let mnemonic = if upper {
        lower = mnemonic.to_ascii_lowercase();
        lower.as_str()
    } else {
        mnemonic
    };
    let cx = Cx {
        line,
        target,
        mnemonic,
        syms,
    };
    // Plain ALU lines (registers, numbers, the ALU's modifiers) in one step, the
    // rest by the operand grammar and the binder.
    #[cfg(debug_assertions)]
    let cols_before = *operand_cols;
    let plain = match routes {
        Some(routes) => {
            let route = routes.route(target, mnemonic);
            debug_assert_eq!(
                route,
                crate::syntax::bind::route(target, mnemonic),
                "{line:?}"
            );
            route.and_then(|r| crate::syntax::bind::bind_routed(&cx, r, rest, operand_cols))
        }
        None => crate::syntax::bind::bind_plain(&cx, mnemonic, rest, operand_cols),
    };
    if let Some(inst) = plain {
        // (The general path is the rule: it must say the same.)
        #[cfg(debug_assertions)]
        {
            let mut cols = cols_before;
            let general = bind_general(&cx, mpos, rest, &mut cols);
            assert!(
                matches!(&general, Ok((i, None, None)) if *i == inst) && cols == *operand_cols,
                "{line:?}: the plain path's {inst:?}, the general path's {general:?}"
            );
        }
        return Ok((inst, None, None));
    }
    bind_general(&cx, mpos, rest, operand_cols)
}

/// [`bind_instruction`] by the operand grammar and the binder, for the mnemonic of
/// `cx` and its operand text `rest` (`mpos`: where the mnemonic starts).
pub(crate) fn bind_general<'a>(
    cx: &Cx<'a, '_>,
    mpos: usize,
    rest: &'a str,
    operand_cols: &mut [u16; 8],
) -> Result<(Inst, Option<Fixup<'a>>, Option<Error>), Error> {
    let mut items = Items::new();
    cx.items(rest, &mut items);
    let operands = items.iter().filter(|it| !matches!(it.kind, Kind::Mod(_)));
    for (slot, it) in operand_cols.iter_mut().zip(operands) {
        *slot = u16::try_from(it.start + 1).unwrap_or(0);
    }
    let b = bind(cx.target, cx.mnemonic, mpos, &items)?;
    let warning = b.warning.map(|m| Error::new(mpos, m));
    Ok((b.inst, b.fixup, warning))
}
