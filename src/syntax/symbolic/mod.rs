//! Symbolic 16-bit immediates of scalar instructions, as text: `hwreg(...)`
//! (s_getreg_b32, s_setreg_b32, s_setreg_imm32_b32), `sendmsg(...)` (s_sendmsg,
//! s_sendmsghalt), the `s_waitcnt` counters, and `gpr_idx(...)` (s_set_gpr_idx_on,
//! s_set_gpr_idx_mode). The fields, layouts and names (with the generations on which
//! each is valid) are ISA facts in [`crate::isa::hwreg`], [`crate::isa::sendmsg`],
//! [`crate::isa::waitcnt`] and [`crate::isa::gpr_idx`]; this module prints and parses.
//!
//! Printers follow llvm-mc 22 text exactly, except where llvm-mc's text does not
//! reassemble to the same bits (each module lists those accepted disagreements).
//! Parsers follow llvm-mc's syntax and error messages, including its integer
//! expressions ([`crate::syntax::expr`], [`Dialect::Symbolic`]). Verified against
//! llvm-mc 22 for all 65536 values (gfx900, gfx906, gfx801, gfx942 disassembly;
//! gfx600/gfx700 assembly only).
//!
//! Not supported by the parsers (llvm-mc accepts them): symbols defined elsewhere (every
//! identifier inside an expression counts as a non-absolute symbol), floating-point and
//! character literals.

mod gpr_idx;
mod hwreg;
mod sendmsg;
mod waitcnt;

pub use gpr_idx::{parse_gpr_idx, write_gpr_idx};
pub use hwreg::{parse_hwreg, parse_hwreg_struct, write_hwreg};
pub use sendmsg::{parse_sendmsg, write_sendmsg};
pub use waitcnt::{parse_waitcnt, write_waitcnt};

use super::expr::{self, Dialect};
use std::fmt;

/// A parse error: the message and its byte offset in the input.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymError {
    /// Where the error is, in bytes from the start of the input.
    pub offset: usize,
    /// llvm-mc's message.
    pub msg: String,
}

impl fmt::Display for SymError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.msg)
    }
}

impl std::error::Error for SymError {}

/// Whether `w` is a name the symbolic operands know on `gen` or another generation (a
/// register, message, operation, mode or counter): such a name keeps its meaning
/// inside `hwreg(...)`, `sendmsg(...)`, `gpr_idx(...)` and `s_waitcnt` even where a
/// symbol of that name is defined, as in llvm-mc.
pub fn is_builtin_name(gen: crate::target::Gen, w: &str) -> bool {
    use crate::isa::gens::Lookup;
    use crate::isa::{gpr_idx, hwreg, sendmsg, waitcnt};
    hwreg::lookup(gen, w) != Lookup::Unknown
        || sendmsg::lookup(gen, w) != Lookup::Unknown
        || sendmsg::GS_OPS
            .iter()
            .chain(sendmsg::SYSMSG_OPS)
            .any(|n| n.name == w)
        || gpr_idx::NAMES.contains(&w)
        || waitcnt::Counter::from_name(w).is_some()
}

fn err(offset: usize, msg: impl Into<String>) -> SymError {
    SymError {
        offset,
        msg: msg.into(),
    }
}

#[cfg(test)]
/// Parses an absolute integer expression as in a symbolic immediate. Returns the value
/// and the bytes consumed (trailing blanks excluded). Identifiers are taken as symbols,
/// which makes the expression non-absolute.
pub fn parse_int_expr(s: &str) -> Result<(i64, usize), SymError> {
    let mut c = Cur::new(s);
    let (v, _) = c.abs_expr("")?;
    Ok((v, c.pos))
}

/// A scanner over the text of a symbolic immediate.
struct Cur<'a> {
    s: &'a str,
    pos: usize,
}

impl<'a> Cur<'a> {
    fn new(s: &'a str) -> Self {
        Cur { s, pos: 0 }
    }

    /// The byte at `pos + k`, or 0 past the end.
    fn peek_at(&self, k: usize) -> u8 {
        self.pos
            .checked_add(k)
            .and_then(|i| self.s.as_bytes().get(i))
            .copied()
            .unwrap_or(0)
    }

    fn peek(&self) -> u8 {
        self.peek_at(0)
    }

    /// Takes byte `b` at `pos`, or is the error `msg` there.
    fn expect(&mut self, b: u8, msg: &'static str) -> Result<(), SymError> {
        if self.peek() != b {
            return Err(err(self.pos, msg));
        }
        self.pos += 1;
        Ok(())
    }

    /// Skips blanks and closed `/* ... */` comments.
    fn skip_ws(&mut self) {
        self.pos += expr::blanks(&self.s[self.pos..], Dialect::Symbolic);
    }

    /// End of statement: end of input, a newline, or a `;` or `//` comment.
    fn at_eos(&self) -> bool {
        match self.peek() {
            0 | b'\n' | b'\r' | b';' => true,
            b'/' => self.peek_at(1) == b'/',
            _ => false,
        }
    }

    /// The identifier at `pos`, if any (not consumed).
    fn ident(&self) -> Option<&'a str> {
        expr::ident(&self.s[self.pos..], Dialect::Symbolic)
    }

    /// Looks the identifier at `pos` up with `lookup`, consuming it when it names
    /// something (valid here or on another generation); `Unknown` leaves `pos`, for an
    /// expression to be read there instead.
    fn symbol<T: PartialEq>(
        &mut self,
        lookup: impl FnOnce(&str) -> crate::isa::gens::Lookup<T>,
    ) -> crate::isa::gens::Lookup<T> {
        use crate::isa::gens::Lookup;
        let Some(word) = self.ident() else {
            return Lookup::Unknown;
        };
        let found = lookup(word);
        if found != Lookup::Unknown {
            self.pos += word.len();
        }
        found
    }

    /// Consumes `kw` (as a whole identifier) and `(`, with blanks allowed around them.
    /// Leaves `pos` unchanged and returns false if they are not there.
    fn macro_open(&mut self, kw: &str) -> bool {
        let save = self.pos;
        self.skip_ws();
        if self.ident() == Some(kw) {
            self.pos += kw.len();
            self.skip_ws();
            if self.peek() == b'(' {
                self.pos += 1;
                return true;
            }
        }
        self.pos = save;
        false
    }

    fn close_paren(&mut self) -> Result<(), SymError> {
        self.skip_ws();
        if self.peek() != b')' {
            return Err(err(self.pos, "expected a closing parenthesis"));
        }
        self.pos += 1;
        Ok(())
    }

    /// An absolute expression and the offset where it starts; a non-absolute one is
    /// reported as "expected {what}absolute expression" at its start.
    fn abs_expr(&mut self, what: &str) -> Result<(i64, usize), SymError> {
        self.skip_ws();
        let start = self.pos;
        let offset = |rest: &str| self.s.len() - rest.len();
        match expr::symbolic_expr(&self.s[start..]) {
            Ok((rest, Some(v))) => {
                self.pos = offset(rest);
                Ok((v, start))
            }
            Ok((_, None)) => Err(err(start, format!("expected {}absolute expression", what))),
            Err(e) => Err(err(offset(e.at()), e.message())),
        }
    }
}

#[cfg(test)]
fn show(f: impl Fn(&mut String) -> fmt::Result) -> String {
    let mut s = String::new();
    f(&mut s).unwrap();
    s
}

#[cfg(test)]
fn err_at(offset: usize, msg: &str) -> Result<(u16, usize), SymError> {
    Err(SymError {
        offset,
        msg: msg.to_string(),
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::target::Gen;

    #[test]
    fn round_trip_all_values() {
        for gen in [Gen::Gfx6, Gen::Gfx8, Gen::Gfx9, Gen::Gfx940] {
            let mut s = String::new();
            for v in 0..=u16::MAX {
                s.clear();
                write_hwreg(&mut s, gen, v).unwrap();
                assert_eq!(parse_hwreg(gen, &s), Ok((v, s.len())), "{}", s);
                s.clear();
                write_waitcnt(&mut s, gen, v).unwrap();
                assert_eq!(parse_waitcnt(gen, &s), Ok((v, s.len())), "{}", s);
                s.clear();
                write_sendmsg(&mut s, gen, v).unwrap();
                let r = if s.starts_with("sendmsg") {
                    parse_sendmsg(gen, &s)
                } else {
                    parse_int_expr(&s).map(|(x, n)| (x as u16, n))
                };
                assert_eq!(r, Ok((v, s.len())), "{}", s);
            }
        }
        for v in 0..16 {
            let t = show(|s| write_gpr_idx(s, v));
            assert_eq!(parse_gpr_idx(&t), Ok((v, t.len())));
        }
    }

    #[test]
    fn no_panic_on_odd_input() {
        let deep = "(".repeat(10_000) + "1";
        assert!(parse_waitcnt(Gen::Gfx9, &deep).is_err());
        for t in [
            "",
            "(",
            "é",
            "hwreg(é",
            "sendmsg(\u{0}",
            "vmcnt(/*",
            "-0x8000000000000000 / -1",
        ] {
            let _ = parse_hwreg(Gen::Gfx9, t);
            let _ = parse_sendmsg(Gen::Gfx9, t);
            let _ = parse_waitcnt(Gen::Gfx9, t);
            let _ = parse_gpr_idx(t);
        }
    }
}
