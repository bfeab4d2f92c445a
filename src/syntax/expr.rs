//! The absolute integer expressions of the assembly language, evaluated the way
//! llvm-mc does: GNU `as` operator precedence (`||` < `&&` < comparisons < `+ -` <
//! `| ^ & !` < `* / % << >>`; unary `- + ~ !`), 64-bit wrapping arithmetic, comparisons
//! giving -1 (true) or 0, a logical `>>`, and a nesting limit.
//!
//! One evaluator serves two dialects, which differ in how the tokens around the
//! operators are read (see [`Dialect`]): instruction operands and directives
//! ([`expr`], [`primary`]) and the arguments of the symbolic immediates `hwreg(...)`,
//! `sendmsg(...)`, `s_waitcnt` counters and `gpr_idx(...)` ([`symbolic_expr`]).

use super::lex;

/// Why an expression could not be evaluated (the remaining input marks the place).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExprError<'a> {
    /// Not an expression here ("unknown token in expression").
    Syntax(&'a str),
    /// A symbol without a value.
    Unknown(&'a str),
    /// A division or remainder by zero.
    DivZero(&'a str),
    /// A `(` without its `)`: the place where `)` was expected.
    Paren(&'a str),
    /// An integer that does not fit in 64 bits.
    Range(&'a str),
    /// A digit that its radix does not have, or a prefix without digits (`08`, `0x`).
    Digit(&'a str),
    /// A reference to a preceding local label (`1b`), which is never defined here.
    Label(&'a str),
    /// Parentheses and unary operators nested deeper than the limit.
    Depth(&'a str),
}

impl<'a> ExprError<'a> {
    /// The input from the place of the error on.
    pub fn at(self) -> &'a str {
        match self {
            ExprError::Syntax(at)
            | ExprError::Unknown(at)
            | ExprError::DivZero(at)
            | ExprError::Paren(at)
            | ExprError::Range(at)
            | ExprError::Digit(at)
            | ExprError::Label(at)
            | ExprError::Depth(at) => at,
        }
    }

    /// The message llvm-mc gives for this error in an operand.
    pub fn message(self) -> &'static str {
        match self {
            ExprError::Syntax(_) => "unknown token in expression",
            ExprError::Unknown(_) => "expected an absolute expression",
            ExprError::DivZero(_) => "division by zero",
            ExprError::Paren(_) => "expected ')'",
            ExprError::Range(_) => "literal value out of range for directive",
            ExprError::Digit(_) => "failed parsing operand.",
            ExprError::Label(_) => "directional label undefined",
            ExprError::Depth(_) => "expression nested too deeply",
        }
    }
}

/// Symbol values for expressions.
pub trait Symbols {
    /// The value of symbol `name`, if it has one.
    fn value(&self, name: &str) -> Option<i64>;
}

impl Symbols for () {
    fn value(&self, _: &str) -> Option<i64> {
        None
    }
}

/// How the tokens of an expression are read: the two places the assembler reads
/// expressions have grown different token rules, kept as they are so that every
/// input keeps its result and its error.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dialect {
    /// Instruction operands and directives: blanks are spaces and tabs; integers are
    /// decimal, `0x` hex, `0b` binary or `0` octal without suffix (a bad octal digit is
    /// "unknown token"); a symbol without a value and a division by zero are errors
    /// ([`ExprError::Unknown`], [`ExprError::DivZero`]).
    Operand,
    /// Inside symbolic immediates: `/* */` comments count as blanks and `//` ends the
    /// expression; identifiers may contain `?`; integers take a `[uU]?[lL]{0,2}`
    /// suffix, `Nb`/`Nf` are local label references, bad digits are
    /// [`ExprError::Digit`]; symbols (whose values the caller has substituted in the
    /// text) and division by zero make the value non-absolute (`None`), as llvm-mc's
    /// "expected absolute expression" has it.
    Symbolic,
}

/// Nesting limit for parentheses and unary operators (keeps recursion bounded).
const MAX_DEPTH: u32 = 256;

/// Evaluates an absolute integer expression of an operand or directive; returns the
/// input after it (trailing blanks not consumed) and its value.
pub fn expr<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    let mut e = Eval::new(s, syms, Dialect::Operand);
    let v = e.binary(1)?;
    Ok((&s[e.pos..], v.unwrap_or(0)))
}

/// A primary expression only (a number, a symbol, a parenthesized expression, or a
/// unary operator applied to one): what llvm-mc accepts inside `|...|`.
pub fn primary<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    let mut e = Eval::new(s, syms, Dialect::Operand);
    let v = e.unary()?;
    Ok((&s[e.pos..], v.unwrap_or(0)))
}

/// Evaluates an expression inside a symbolic immediate ([`Dialect::Symbolic`]):
/// the input after it (trailing blanks not consumed) and its value, `None` when it is
/// not absolute (a symbol, a forward label reference, a division by zero).
pub fn symbolic_expr(s: &str) -> Result<(&str, Option<i64>), ExprError<'_>> {
    let mut e = Eval::new(s, &(), Dialect::Symbolic);
    let v = e.binary(1)?;
    Ok((&s[e.pos..], v))
}

/// The length of the blanks at the start of `s` in `dialect`: spaces and tabs, and in
/// [`Dialect::Symbolic`] closed `/* ... */` comments.
pub fn blanks(s: &str, dialect: Dialect) -> usize {
    let b = s.as_bytes();
    let mut n = 0;
    loop {
        match b.get(n) {
            Some(b' ' | b'\t') => n += 1,
            Some(b'/') if dialect == Dialect::Symbolic && b.get(n + 1) == Some(&b'*') => {
                match b[n + 2..].windows(2).position(|w| w == b"*/") {
                    Some(i) => n += 2 + i + 2,
                    None => return n,
                }
            }
            _ => return n,
        }
    }
}

/// The identifier at the start of `s` in `dialect` (letters, digits, `_`, `.`, `$`,
/// not starting with a digit; in [`Dialect::Symbolic`] also `?` after the start).
pub fn ident(s: &str, dialect: Dialect) -> Option<&str> {
    match dialect {
        Dialect::Operand => lex::ident(s).ok().map(|(_, name)| name),
        Dialect::Symbolic => {
            let b = s.as_bytes();
            let start = |c: u8| c.is_ascii_alphabetic() || matches!(c, b'_' | b'.' | b'$');
            let tail = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'.' | b'$' | b'?');
            if !b.first().is_some_and(|&c| start(c)) {
                return None;
            }
            let n = b.iter().position(|&c| !tail(c)).unwrap_or(b.len());
            Some(&s[..n])
        }
    }
}

/// Binary operators.
#[derive(Clone, Copy)]
enum Bin {
    LOr,
    LAnd,
    Eq,
    Ne,
    Lt,
    Le,
    Gt,
    Ge,
    Add,
    Sub,
    Or,
    Xor,
    And,
    OrNot,
    Mul,
    Div,
    Rem,
    Shl,
    Shr,
}

/// An evaluation in progress: the input, the place reached, and the nesting depth.
/// Values are `None` when not absolute (only in [`Dialect::Symbolic`]).
struct Eval<'a, 'y> {
    s: &'a str,
    pos: usize,
    depth: u32,
    syms: &'y dyn Symbols,
    dialect: Dialect,
}

impl<'a, 'y> Eval<'a, 'y> {
    fn new(s: &'a str, syms: &'y dyn Symbols, dialect: Dialect) -> Self {
        Eval {
            s,
            pos: 0,
            depth: 0,
            syms,
            dialect,
        }
    }

    fn rest(&self) -> &'a str {
        &self.s[self.pos..]
    }

    /// The byte at `pos + k`, or 0 past the end.
    fn peek_at(&self, k: usize) -> u8 {
        self.s.as_bytes().get(self.pos + k).copied().unwrap_or(0)
    }

    fn skip_blanks(&mut self) {
        self.pos += blanks(self.rest(), self.dialect);
    }

    /// The binary operator at `pos`: (operator, precedence, length). Longer spellings
    /// win (`||` is not `|`, `<<` is not `<`, `!=` is not `!`).
    fn binop(&self) -> Option<(Bin, u8, usize)> {
        let (a, b) = (self.peek_at(0), self.peek_at(1));
        Some(match (a, b) {
            (b'|', b'|') => (Bin::LOr, 1, 2),
            (b'&', b'&') => (Bin::LAnd, 2, 2),
            (b'=', b'=') => (Bin::Eq, 3, 2),
            (b'!', b'=') => (Bin::Ne, 3, 2),
            (b'<', b'>') => (Bin::Ne, 3, 2),
            (b'<', b'=') => (Bin::Le, 3, 2),
            (b'>', b'=') => (Bin::Ge, 3, 2),
            (b'<', b'<') => (Bin::Shl, 6, 2),
            (b'>', b'>') => (Bin::Shr, 6, 2),
            (b'<', _) => (Bin::Lt, 3, 1),
            (b'>', _) => (Bin::Gt, 3, 1),
            (b'+', _) => (Bin::Add, 4, 1),
            (b'-', _) => (Bin::Sub, 4, 1),
            (b'|', _) => (Bin::Or, 5, 1),
            (b'^', _) => (Bin::Xor, 5, 1),
            (b'&', _) => (Bin::And, 5, 1),
            (b'!', _) => (Bin::OrNot, 5, 1),
            (b'*', _) => (Bin::Mul, 6, 1),
            (b'/', b'/' | b'*') if self.dialect == Dialect::Symbolic => return None,
            (b'/', _) => (Bin::Div, 6, 1),
            (b'%', _) => (Bin::Rem, 6, 1),
            _ => return None,
        })
    }

    /// Precedence climbing: operators of precedence `min` and up, left-associative.
    fn binary(&mut self, min: u8) -> Result<Option<i64>, ExprError<'a>> {
        let mut lhs = self.unary()?;
        loop {
            let end = self.pos;
            self.skip_blanks();
            match self.binop() {
                Some((op, prec, len)) if prec >= min => {
                    let at = self.rest();
                    self.pos += len;
                    let rhs = self.binary(prec + 1)?;
                    lhs = match (lhs, rhs) {
                        (Some(a), Some(b)) => self.apply(op, a, b, at)?,
                        _ => None,
                    };
                }
                _ => {
                    self.pos = end;
                    return Ok(lhs);
                }
            }
        }
    }

    fn apply(&self, op: Bin, a: i64, b: i64, at: &'a str) -> Result<Option<i64>, ExprError<'a>> {
        let t = |c: bool| -(c as i64);
        Ok(Some(match op {
            Bin::LOr => (a != 0 || b != 0) as i64,
            Bin::LAnd => (a != 0 && b != 0) as i64,
            Bin::Eq => t(a == b),
            Bin::Ne => t(a != b),
            Bin::Lt => t(a < b),
            Bin::Le => t(a <= b),
            Bin::Gt => t(a > b),
            Bin::Ge => t(a >= b),
            Bin::Add => a.wrapping_add(b),
            Bin::Sub => a.wrapping_sub(b),
            Bin::Or => a | b,
            Bin::Xor => a ^ b,
            Bin::And => a & b,
            Bin::OrNot => a | !b,
            Bin::Mul => a.wrapping_mul(b),
            Bin::Div | Bin::Rem if b == 0 => {
                return match self.dialect {
                    Dialect::Operand => Err(ExprError::DivZero(at)),
                    Dialect::Symbolic => Ok(None),
                }
            }
            Bin::Div => a.wrapping_div(b),
            Bin::Rem => a.wrapping_rem(b),
            Bin::Shl => a.wrapping_shl(b as u32),
            Bin::Shr => (a as u64).wrapping_shr(b as u32) as i64,
        }))
    }

    /// A number, a symbol, a parenthesized expression, or a unary operator applied to
    /// one of them.
    fn unary(&mut self) -> Result<Option<i64>, ExprError<'a>> {
        self.skip_blanks();
        if self.depth >= MAX_DEPTH {
            return Err(ExprError::Depth(self.rest()));
        }
        let b = self.peek_at(0);
        if b.is_ascii_digit() {
            return match self.dialect {
                Dialect::Operand => self.operand_integer(),
                Dialect::Symbolic => self.symbolic_integer(),
            };
        }
        if let Some(name) = ident(self.rest(), self.dialect) {
            let at = self.rest();
            self.pos += name.len();
            return match (self.syms.value(name), self.dialect) {
                (Some(v), _) => Ok(Some(v)),
                (None, Dialect::Operand) => Err(ExprError::Unknown(at)),
                (None, Dialect::Symbolic) => Ok(None),
            };
        }
        self.depth += 1;
        let r = match b {
            b'(' => {
                self.pos += 1;
                self.binary(1).and_then(|v| {
                    self.skip_blanks();
                    if self.peek_at(0) == b')' {
                        self.pos += 1;
                        Ok(v)
                    } else {
                        Err(ExprError::Paren(self.rest()))
                    }
                })
            }
            b'-' | b'+' | b'~' | b'!' => {
                self.pos += 1;
                self.unary().map(|v| {
                    v.map(|x| match b {
                        b'-' => x.wrapping_neg(),
                        b'+' => x,
                        b'~' => !x,
                        _ => (x == 0) as i64,
                    })
                })
            }
            _ => Err(ExprError::Syntax(self.rest())),
        };
        self.depth -= 1;
        r
    }

    /// An integer literal of [`Dialect::Operand`] (see [`lex::integer`]).
    fn operand_integer(&mut self) -> Result<Option<i64>, ExprError<'a>> {
        let at = self.rest();
        match lex::integer(at) {
            Ok((r, v)) => {
                self.pos = self.s.len() - r.len();
                Ok(Some(v as i64))
            }
            Err(nom::Err::Failure(_)) => Err(ExprError::Range(at)),
            // A bad octal digit: not a number, and not an identifier either.
            Err(_) => Err(ExprError::Syntax(at)),
        }
    }

    /// An integer literal of [`Dialect::Symbolic`]: decimal, `0x` hex, `0b` binary,
    /// `0` octal, with an ignored `[uU]?[lL]{0,2}` suffix; `Nb`/`Nf` local label
    /// references.
    fn symbolic_integer(&mut self) -> Result<Option<i64>, ExprError<'a>> {
        let s = self.s.as_bytes();
        let start = self.pos;
        let at = self.rest();
        let (radix, digits_at): (u32, usize) = match (self.peek_at(0), self.peek_at(1)) {
            (b'0', b'x' | b'X') => (16, start + 2),
            (b'0', b'b' | b'B') if self.peek_at(2).is_ascii_digit() => (2, start + 2),
            (b'0', b'0'..=b'9') => (8, start + 1),
            _ => (10, start),
        };
        let digit = |c: u8| match radix {
            16 => c.is_ascii_hexdigit(),
            2 => matches!(c, b'0' | b'1'),
            _ => c.is_ascii_digit(),
        };
        let end = digits_at + s[digits_at..].iter().take_while(|&&c| digit(c)).count();
        if end == digits_at {
            return Err(ExprError::Digit(at));
        }
        let mut value: u64 = 0;
        for &d in &s[digits_at..end] {
            let d = (d as char).to_digit(16).unwrap_or(0) as u64;
            if d >= radix as u64 {
                return Err(ExprError::Digit(at));
            }
            value = value
                .checked_mul(radix as u64)
                .and_then(|x| x.checked_add(d))
                .ok_or(ExprError::Range(at))?;
        }
        self.pos = end;
        if matches!(self.peek_at(0), b'u' | b'U') {
            self.pos += 1;
        }
        for _ in 0..2 {
            if matches!(self.peek_at(0), b'l' | b'L') {
                self.pos += 1;
            }
        }
        // A following identifier `b` or `f` makes this a local label reference.
        let end = self.pos;
        self.skip_blanks();
        match ident(self.rest(), self.dialect) {
            Some("b") => Err(ExprError::Label(at)),
            Some("f") => {
                self.pos += 1;
                Ok(None)
            }
            _ => {
                self.pos = end;
                Ok(Some(value as i64))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn operand_expressions() {
        assert_eq!(expr("2*2+1]", &()), Ok(("]", 5)));
        assert_eq!(expr("(1<<4)|1", &()), Ok(("", 17)));
        assert_eq!(expr("-16", &()), Ok(("", -16)));
        assert!(matches!(expr("foo", &()), Err(ExprError::Unknown(_))));
        assert!(matches!(expr("1/0", &()), Err(ExprError::DivZero(_))));
        // GNU precedence: `|` binds tighter than `+`, shifts as tight as `*`.
        assert_eq!(expr("1|2+3", &()), Ok(("", 6)));
        assert_eq!(expr("1<<2+1", &()), Ok(("", 5)));
        assert_eq!(expr("1==1", &()), Ok(("", -1)));
        assert_eq!(expr("5!1", &()), Ok(("", -1)));
        assert_eq!(expr("-16>>60", &()), Ok(("", 15)));
        assert_eq!(expr("077", &()), Ok(("", 63)));
        assert_eq!(primary("1|", &()), Ok(("|", 1)));
        // The operand dialect's literals.
        assert_eq!(expr("0x", &()), Ok(("x", 0)));
        assert_eq!(expr("08", &()), Err(ExprError::Syntax("08")));
        assert_eq!(expr("1 /* c */", &()), Err(ExprError::Syntax("* c */")));
        assert_eq!(expr("1 ", &()), Ok((" ", 1)));
        let deep = "(".repeat(300) + "1";
        assert!(matches!(expr(&deep, &()), Err(ExprError::Depth(_))));
    }

    #[test]
    fn symbolic_expressions() {
        assert_eq!(symbolic_expr("1 /* c */ + 2 ;"), Ok((" ;", Some(3))));
        assert_eq!(symbolic_expr("foo + 1"), Ok(("", None)));
        assert_eq!(symbolic_expr("1/0"), Ok(("", None)));
        assert_eq!(symbolic_expr("1 // c"), Ok((" // c", Some(1))));
        assert_eq!(symbolic_expr("10ULL)"), Ok((")", Some(10))));
        assert_eq!(symbolic_expr("1f"), Ok(("", None)));
        assert_eq!(symbolic_expr("1b"), Err(ExprError::Label("1b")));
        assert_eq!(symbolic_expr("08"), Err(ExprError::Digit("08")));
    }
}
