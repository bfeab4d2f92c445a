//! Expressions in statements: read to the statement's end or as a list, their
//! values, and their errors as llvm-mc words them.

use super::state::{TextAsm, R};
use crate::mc::object::{Def, Object};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Tree};
use crate::syntax::lex::ws;

impl TextAsm {
    /// An expression that must end the statement, with its symbols mentioned.
    /// (`junk`: llvm-mc's message for what follows the expression, which depends on
    /// the directive.)
    pub(super) fn tree_to_end(
        &mut self,
        line: &str,
        s: &str,
        at: usize,
        used: bool,
        junk: &'static str,
    ) -> R<Tree> {
        let (r, mut t) = self.tree_at(line, s, at)?;
        if !ws(r).is_empty() {
            return Err(Error::new(line.len() - ws(r).len(), junk));
        }
        self.o.mention(&mut t, used);
        Ok(t)
    }

    pub(super) fn tree_at<'a>(&self, line: &str, s: &'a str, at: usize) -> R<(&'a str, Tree)> {
        let s2 = ws(s);
        if s2.is_empty() {
            return Err(Error::new(at, "expected expression"));
        }
        expr::tree(s2).map_err(|e| expr_error(line, e))
    }

    /// At most `max` comma-separated expressions, then the end of the statement;
    /// anything else after an expression is `junk`, the error llvm-mc gives there
    /// (a directive's "unexpected token in directive", a macro call's "expected
    /// newline"). `used` marks the symbols they name as used.
    pub(super) fn expr_list(
        &mut self,
        line: &str,
        s: &str,
        used: bool,
        max: usize,
        junk: &'static str,
    ) -> R<Vec<(usize, Tree)>> {
        let mut out = Vec::new();
        let mut r = ws(s);
        if r.is_empty() {
            return Ok(out);
        }
        loop {
            let p = line.len() - r.len();
            let (r2, mut t) = self.tree_at(line, r, p)?;
            self.o.mention(&mut t, used);
            out.push((p, t));
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) if out.len() < max => r = ws(r3),
                None if r.is_empty() => return Ok(out),
                _ => return Err(Error::new(line.len() - r.len(), junk)),
            }
        }
    }

    pub(super) fn abs(&mut self, line: &str, s: &str, at: usize) -> R<i64> {
        let t = self.tree_to_end(line, s, at, false, "expected newline")?;
        self.o
            .absolute(&t)
            .map_err(|_| Error::new(at, "expected absolute expression"))
    }
}

/// Whether an expression names only numbers and symbols set to numbers (llvm-mc
/// takes its value as it reads it).
pub(super) fn constant(o: &Object, t: &Tree) -> bool {
    match t {
        Tree::Num(_) => true,
        Tree::Sym(n, _) => o
            .lookup(n)
            .is_some_and(|k| matches!(o.symbols[k].def, Def::Var(Tree::Num(_)))),
        Tree::Un(_, a) => constant(o, a),
        Tree::Bin(_, a, b) => constant(o, a) && constant(o, b),
        Tree::Call(_, args) => args.iter().all(|a| constant(o, a)),
    }
}

/// An expression error at its place, as llvm-mc words it.
pub(super) fn expr_error(line: &str, e: expr::ExprError) -> Error {
    let at = line.len() - e.at().len();
    match e {
        expr::ExprError::Variant(r) => {
            let name = r[1..]
                .split(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '@'))
                .next()
                .unwrap_or("");
            Error::new(at + 1, format!("invalid variant '{name}'"))
        }
        e => Error::new(at, e.message()),
    }
}
