//! The lines that make lines: macros (`.macro`, `.purgem`, a macro's call),
//! repetitions (`.rept`, `.irp`, `.irpc`), conditions (the `.if` family) and
//! `.include`; and `.incbin`, read with them (its bytes come from a file).

use super::comments::{blank_block_comments, strip_comment};
use super::data::string_literal;
use super::directive::Dir;
use super::line::Line;
use super::options::{Options, ReadError};
use super::state::{Cond, TextAsm, DIRECTIVE_JUNK, R};
use crate::mc::asm_text;
use crate::mc::macros::{self, Macro, Queue};
use crate::mc::object::Def;
use crate::syntax::error::Error;
use crate::syntax::lex::{trim_start, ws};
use std::borrow::Cow;
use std::collections::HashMap;

/// Puts `lines` first in the queue, in their order.
fn front<'a>(q: &mut Queue<'a>, lines: Vec<Line<'a>>) {
    for x in lines.into_iter().rev() {
        q.push_front(x);
    }
}

impl TextAsm {
    /// Handles the line if it makes lines (macros, repetitions, conditions,
    /// includes), else assembles it.
    pub(super) fn preprocess<'a>(
        &mut self,
        l: &Line<'a>,
        q: &mut Queue<'a>,
        opts: &Options,
    ) -> R<()> {
        let code = strip_comment(&l.text);
        // Most lines are instructions: a line that starts with no `.` makes lines only
        // as a macro's name, and there may be no macros.
        if self.macros.is_empty() && !trim_start(code).starts_with('.') {
            self.statement(l, code);
            return Ok(());
        }
        let (w, rest) = macros::first_word(code);
        let pos = code.len() - code.trim_start().len();
        let at = code.len() - rest.trim_start().len();
        let wl: Cow<str> = if w.bytes().any(|c| c.is_ascii_uppercase()) {
            Cow::Owned(w.to_ascii_lowercase())
        } else {
            Cow::Borrowed(w)
        };
        let d = Dir {
            l,
            line: code,
            pos,
            name: w,
            rest,
            at,
        };
        match &*wl {
            ".macro" => self.define_macro(d, q),
            ".endm" | ".endmacro" => Err(Error::new(
                pos + w.len(),
                format!("unexpected '{w}' in file, no current macro definition"),
            )),
            ".purgem" => self.purge_macro(d),
            ".rept" => self.rept(d, q),
            ".irp" | ".irpc" => self.irp(d, wl == ".irp", q),
            ".endr" => Err(Error::new(pos + w.len(), "unmatched '.endr' directive")),
            w if w.starts_with(".if") => self.open_if(l),
            ".else" | ".elseif" | ".endif" => self.end_branch(d, &wl),
            ".include" => self.include(d, q, opts),
            ".incbin" => self.incbin(d, opts),
            _ => self.call_macro(d, q),
        }
    }

    /// A new buffer for the lines an expansion asked for by line `l` makes.
    fn instantiation(&mut self, l: &Line) -> u32 {
        let col = l.text.len() - l.text.trim_start().len() + 1;
        let input_line = self.buffers.input_line(l.buf, l.line);
        self.buffers
            .instantiation(l.buf, l.line, col, &l.text, input_line)
    }

    /// Counts `lines` more lines of `bytes` bytes made by expansions, refusing too
    /// many (at `pos`).
    pub(super) fn budget(&mut self, lines: usize, bytes: usize, pos: usize) -> R<()> {
        self.budget
            .take(lines, bytes)
            .map_err(|m| Error::new(pos, m))
    }

    /// `.macro NAME PARAMS`, with its body to `.endm`.
    pub(super) fn define_macro(&mut self, d: Dir, q: &mut Queue) -> R<()> {
        let Dir { pos, rest, at, .. } = d;
        let (name, params) = macros::first_word(rest);
        if name.is_empty() {
            return Err(Error::new(at, "expected identifier in '.macro' directive"));
        }
        let body = macros::macro_block(q)
            .ok_or(Error::new(pos, "no matching '.endmacro' in definition"))?;
        if self.macros.contains_key(name) {
            return Err(Error::new(at, format!("macro '{name}' is already defined")));
        }
        let m = Macro::new(params.trim_start_matches(',').trim(), body)
            .map_err(|m| Error::new(at, m))?;
        self.macros.insert(name.to_string(), m);
        Ok(())
    }

    /// `.purgem NAME`.
    pub(super) fn purge_macro(&mut self, d: Dir) -> R<()> {
        let Dir { pos, rest, .. } = d;
        let name = rest.trim();
        if self.macros.remove(name).is_none() {
            return Err(Error::new(pos, format!("macro '{name}' is not defined")));
        }
        Ok(())
    }

    /// `.rept COUNT`, with its body to `.endr`.
    pub(super) fn rept<'a>(&mut self, d: Dir, q: &mut Queue<'a>) -> R<()> {
        let Dir {
            l,
            line: code,
            pos,
            rest,
            at,
            ..
        } = d;
        let body =
            macros::rept_block(q).ok_or(Error::new(pos, "no matching '.endr' in definition"))?;
        let n = self.abs(code, rest, at)?;
        if n < 0 {
            return Err(Error::new(at, "Count is negative"));
        }
        let n = n as usize;
        let bytes: usize = body.iter().map(|b| b.text.len()).sum();
        self.budget(n.saturating_mul(body.len()), n.saturating_mul(bytes), pos)?;
        let mut lines = Vec::new();
        let at = l.origin();
        let buf = self.instantiation(l);
        // (An empty body repeats nothing, however many times.)
        if !body.is_empty() {
            for k in 0..n {
                let first = k * body.len();
                lines.extend(body.iter().enumerate().map(|(j, b)| Line {
                    at,
                    buf,
                    line: first + j + 1,
                    text: macros::body_text(j, &b.text),
                    depth: b.depth,
                }));
            }
        }
        front(q, lines);
        Ok(())
    }

    /// `.irp NAME, VALUES` (`irp`) or `.irpc NAME, CHARACTERS`, with its body.
    pub(super) fn irp<'a>(&mut self, d: Dir, irp: bool, q: &mut Queue<'a>) -> R<()> {
        let Dir {
            l, pos, rest, at, ..
        } = d;
        let body =
            macros::rept_block(q).ok_or(Error::new(pos, "no matching '.endr' in definition"))?;
        let (name, args) = macros::first_word(rest);
        let args = args.trim_start().trim_start_matches(',');
        if name.is_empty() {
            return Err(Error::new(at, "expected identifier in directive"));
        }
        let values: Vec<String> = if irp {
            macros::split_args(args)
        } else {
            args.trim().chars().map(|c| c.to_string()).collect()
        };
        let mut lines = Vec::new();
        let at = l.origin();
        let buf = self.instantiation(l);
        for v in values {
            let map: HashMap<&str, String> = [(name, v)].into_iter().collect();
            for (j, b) in body.iter().enumerate() {
                let text = macros::substitute(&macros::body_text(j, &b.text), &map, 0);
                self.budget(1, text.len(), pos)?;
                lines.push(Line {
                    text: Cow::Owned(text),
                    at,
                    buf,
                    line: lines.len() + 1,
                    depth: b.depth,
                });
            }
        }
        front(q, lines);
        Ok(())
    }

    /// An `.if`-family line: a block opens.
    pub(super) fn open_if(&mut self, l: &Line) -> R<()> {
        let take = self.condition(l);
        self.conds.push(Cond {
            on: *take.as_ref().unwrap_or(&false),
            done: true,
            outer: true,
        });
        if let Some(c) = self.conds.last_mut() {
            c.done = c.on;
        }
        take?;
        Ok(())
    }

    /// `.else`, `.elseif` or `.endif` (`wl`, in lower case) in a branch being read.
    pub(super) fn end_branch(&mut self, d: Dir, wl: &str) -> R<()> {
        let (pos, w) = (d.pos, d.name);
        match wl {
            ".else" | ".elseif" if !self.conds.is_empty() => {
                // (The branch being read ends: the block is done.)
                if let Some(c) = self.conds.last_mut() {
                    c.on = false;
                    c.done = true;
                }
            }
            ".endif" if !self.conds.is_empty() => {
                self.conds.pop();
            }
            ".else" | ".elseif" => {
                return Err(Error::new(
                    pos,
                    format!("Encountered a {w} that doesn't follow  an .if or an .elseif"),
                ))
            }
            ".endif" => {
                return Err(Error::new(
                    pos,
                    "Encountered a .endif that doesn't follow an .if or .else",
                ))
            }
            _ => unreachable!("an .else, .elseif or .endif"),
        }
        Ok(())
    }

    /// `.include "FILE"`: its lines, read where the directive is.
    pub(super) fn include<'a>(&mut self, d: Dir, q: &mut Queue<'a>, opts: &Options) -> R<()> {
        let Dir {
            l,
            line: code,
            pos,
            rest,
            at,
            ..
        } = d;
        let r = rest.trim();
        let (r2, name) = string_literal(r).map_err(|m| Error::new(at, m))?;
        if !r2.trim().is_empty() {
            return Err(Error::new(
                code.len() - r2.trim_start().len(),
                "unexpected token in '.include' directive",
            ));
        }
        let name = String::from_utf8_lossy(&name).into_owned();
        let failed = |e: ReadError| Error::new(at, e.message("include", &name));
        let read = opts.include.ok_or_else(|| failed(ReadError::NotFound))?;
        let text = read(&name).map_err(failed)?;
        if l.depth >= macros::MAX_DEPTH {
            return Err(Error::new(pos, "includes nested too deeply"));
        }
        let input_line = self.buffers.input_line(l.buf, l.line);
        let buf = self.buffers.included(&name, l.buf, l.line, input_line);
        let mut lines: Vec<Line> = blank_block_comments(&text)
            .lines()
            .enumerate()
            .map(|(k, t)| Line {
                text: Cow::Owned(t.to_string()),
                line: k + 1,
                depth: l.depth + 1,
                buf,
                at: l.origin(),
            })
            .collect();
        // llvm-mc prints a blank line for the directive and one at the end of
        // the file it includes (an empty line here).
        if self.llvm {
            self.list_raw("");
            lines.push(Line {
                text: Cow::Borrowed(""),
                line: lines.len() + 1,
                depth: l.depth + 1,
                buf,
                at: l.origin(),
            });
        }
        self.budget(lines.len(), text.len(), pos)?;
        front(q, lines);
        Ok(())
    }

    /// `.incbin "FILE"[, SKIP[, COUNT]]`: bytes of a file, placed as data where the
    /// line is (not kept in the memo).
    pub(super) fn incbin(&mut self, d: Dir, opts: &Options) -> R<()> {
        let Dir {
            line: code,
            rest,
            at,
            ..
        } = d;
        // (Placed as data where the line is; not kept in the memo.)
        let r = rest.trim();
        let (r2, name) = string_literal(r).map_err(|m| Error::new(at, m))?;
        let name = String::from_utf8_lossy(&name).into_owned();
        let list = match ws(r2) {
            "" => Vec::new(),
            r3 => match r3.strip_prefix(',') {
                Some(r4) => self.expr_list(code, r4, false, 2, DIRECTIVE_JUNK)?,
                None => return Err(Error::new(code.len() - r3.len(), DIRECTIVE_JUNK)),
            },
        };
        let mut vals = [0i64, -1];
        for (k, (p, t)) in list.iter().enumerate() {
            vals[k] = self
                .o
                .absolute(t)
                .map_err(|_| Error::new(*p, "expected absolute expression"))?;
            if vals[k] < 0 {
                let what = if k == 0 { "skip" } else { "count" };
                return Err(Error::new(*p, format!("negative {what} has no effect")));
            }
        }
        let failed = |e: ReadError| Error::new(at, e.message("incbin", &name));
        let read = opts.incbin.ok_or_else(|| failed(ReadError::NotFound))?;
        let bytes = read(&name).map_err(failed)?;
        let skip = (vals[0] as usize).min(bytes.len());
        let mut data = &bytes[skip..];
        if vals[1] >= 0 {
            data = &data[..(vals[1] as usize).min(data.len())];
        }
        self.room(data.len() as u64, at)?;
        self.o.emit(data).map_err(|m| Error::new(at, m))?;
        if self.llvm {
            asm_text::bytes_lines(data, &mut self.llvm_lines);
            self.list_llvm_lines();
        } else if let Some(list) = &mut self.listing {
            list.directive(".incbin", rest.trim());
        }
        Ok(())
    }

    /// A line that starts with a macro's name is its call; any other line is a
    /// statement.
    pub(super) fn call_macro<'a>(&mut self, d: Dir, q: &mut Queue<'a>) -> R<()> {
        let Dir {
            l,
            line: code,
            pos,
            name: w,
            rest,
            at,
        } = d;
        if self.macros.contains_key(w) {
            if l.depth >= macros::MAX_DEPTH {
                return Err(Error::new(
                    pos,
                    "macros cannot be nested more than 20 levels deep",
                ));
            }
            let count = self.macro_calls;
            self.macro_calls += 1;
            let buf = self.instantiation(l);
            let lines = self.macros[w]
                .expand(rest, count, l.depth + 1, l.origin(), buf, &mut self.budget)
                .map_err(|m| Error::new(at, m))?;
            self.budget(1, 0, pos)?;
            front(q, lines);
        } else {
            self.statement(l, code);
        }
        Ok(())
    }

    /// A line inside a branch not taken: only the `.if` family counts, to find
    /// where the branch ends and whether a later one is taken.
    pub(super) fn skipped(&mut self, l: &Line) -> R<()> {
        let code = strip_comment(&l.text);
        let (w, _) = macros::first_word(code);
        if !w.starts_with('.') {
            return Ok(());
        }
        let w = w.to_ascii_lowercase();
        let top = self.conds.len() - 1;
        let c = self.conds[top];
        match w.as_str() {
            w if w.starts_with(".if") => self.conds.push(Cond {
                on: false,
                done: true,
                outer: false,
            }),
            ".endif" => {
                self.conds.pop();
            }
            ".else" if c.outer => {
                self.conds[top] = Cond {
                    on: !c.done,
                    done: true,
                    ..c
                };
            }
            ".elseif" if c.outer && !c.done => {
                let take = self.condition(l)?;
                self.conds[top] = Cond {
                    on: take,
                    done: take,
                    ..c
                };
            }
            _ => {}
        }
        Ok(())
    }

    /// Whether an `.if`-family line holds.
    pub(super) fn condition(&mut self, l: &Line) -> R<bool> {
        let code = strip_comment(&l.text);
        let (w, rest) = macros::first_word(code);
        let at = code.len() - rest.trim_start().len();
        let w = w.to_ascii_lowercase();
        let w = if w == ".elseif" { ".if".to_string() } else { w };
        Ok(match w.as_str() {
            ".ifdef" | ".ifndef" | ".ifnotdef" => {
                let name = rest.trim();
                let defined = self
                    .o
                    .lookup(name)
                    .is_some_and(|k| self.o.symbols[k].def != Def::Undef);
                defined == (w == ".ifdef")
            }
            ".ifb" => rest.trim().is_empty(),
            ".ifnb" => !rest.trim().is_empty(),
            ".ifc" | ".ifnc" => {
                let (a, b) = rest
                    .split_once(',')
                    .ok_or(Error::new(at, "expected comma"))?;
                let unq = |s: &str| s.trim().trim_matches('\'').to_string();
                (unq(a) == unq(b)) == (w == ".ifc")
            }
            _ => {
                let v = self.abs(code, rest, at)?;
                match w.as_str() {
                    ".if" | ".ifne" => v != 0,
                    ".ifeq" => v == 0,
                    ".ifgt" => v > 0,
                    ".ifge" => v >= 0,
                    ".iflt" => v < 0,
                    ".ifle" => v <= 0,
                    _ => return Err(Error::new(0, "unknown directive")),
                }
            }
        })
    }
}
