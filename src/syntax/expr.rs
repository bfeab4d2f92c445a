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
    /// An `@` specifier after a symbol that is none of the relocation variants.
    Variant(&'a str),
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
            | ExprError::Depth(at)
            | ExprError::Variant(at) => at,
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
            ExprError::Variant(_) => "invalid variant",
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
    let mut e = Eval::new(s, Abs(syms, Dialect::Operand), Dialect::Operand);
    let v = e.binary(1)?;
    Ok((&s[e.pos..], v.unwrap_or(0)))
}

/// A primary expression only (a number, a symbol, a parenthesized expression, or a
/// unary operator applied to one): what llvm-mc accepts inside `|...|`.
pub fn primary<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    let mut e = Eval::new(s, Abs(syms, Dialect::Operand), Dialect::Operand);
    let v = e.unary()?;
    Ok((&s[e.pos..], v.unwrap_or(0)))
}

/// Evaluates an expression inside a symbolic immediate ([`Dialect::Symbolic`]):
/// the input after it (trailing blanks not consumed) and its value, `None` when it is
/// not absolute (a symbol, a forward label reference, a division by zero).
pub fn symbolic_expr(s: &str) -> Result<(&str, Option<i64>), ExprError<'_>> {
    let mut e = Eval::new(s, Abs(&(), Dialect::Symbolic), Dialect::Symbolic);
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
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[allow(missing_docs)]
pub enum Bin {
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

/// What the values of an expression are: the evaluator reads the grammar once and
/// hands numbers, symbols and operators to its domain, which computes an absolute value
/// ([`Abs`]) or builds a [`Tree`] for later evaluation.
trait Domain<'a> {
    type V;
    /// Whether `.` (the location), `sym@variant` and function calls (`max(...)`) are read.
    const EXTENDED: bool;
    fn num(&self, v: i64) -> Self::V;
    fn sym(&self, name: &'a str, variant: Variant, at: &'a str) -> Result<Self::V, ExprError<'a>>;
    fn bin(&self, op: Bin, a: Self::V, b: Self::V, at: &'a str) -> Result<Self::V, ExprError<'a>>;
    fn un(&self, op: u8, v: Self::V) -> Self::V;
    fn call(&self, f: Func, args: Vec<Self::V>) -> Self::V;
}

/// The absolute domain: values known now (`None` when not absolute, only in
/// [`Dialect::Symbolic`]).
struct Abs<'y>(&'y dyn Symbols, Dialect);

impl<'a> Domain<'a> for Abs<'_> {
    type V = Option<i64>;
    const EXTENDED: bool = false;
    fn num(&self, v: i64) -> Option<i64> {
        Some(v)
    }
    fn sym(&self, name: &'a str, _: Variant, at: &'a str) -> Result<Option<i64>, ExprError<'a>> {
        match (self.0.value(name), self.1) {
            (Some(v), _) => Ok(Some(v)),
            (None, Dialect::Operand) => Err(ExprError::Unknown(at)),
            (None, Dialect::Symbolic) => Ok(None),
        }
    }
    fn bin(
        &self,
        op: Bin,
        a: Option<i64>,
        b: Option<i64>,
        at: &'a str,
    ) -> Result<Option<i64>, ExprError<'a>> {
        match (a, b) {
            (Some(a), Some(b)) => match op.apply(a, b) {
                Some(v) => Ok(Some(v)),
                None if self.1 == Dialect::Operand => Err(ExprError::DivZero(at)),
                None => Ok(None),
            },
            _ => Ok(None),
        }
    }
    fn un(&self, op: u8, v: Option<i64>) -> Option<i64> {
        v.map(|x| unary_op(op, x))
    }
    fn call(&self, _: Func, _: Vec<Option<i64>>) -> Option<i64> {
        None
    }
}

fn unary_op(op: u8, x: i64) -> i64 {
    match op {
        b'-' => x.wrapping_neg(),
        b'+' => x,
        b'~' => !x,
        _ => (x == 0) as i64,
    }
}

impl Bin {
    /// The operator applied to two values (`None` for a division by zero).
    pub fn apply(self, a: i64, b: i64) -> Option<i64> {
        let t = |c: bool| -(c as i64);
        Some(match self {
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
            Bin::Div | Bin::Rem if b == 0 => return None,
            Bin::Div => a.wrapping_div(b),
            Bin::Rem => a.wrapping_rem(b),
            Bin::Shl => a.wrapping_shl(b as u32),
            Bin::Shr => (a as u64).wrapping_shr(b as u32) as i64,
        })
    }
}

/// A relocation specifier written after a symbol (`sym@rel32@lo`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Variant {
    /// None written.
    None,
    /// `@rel32@lo`: the low half of a PC-relative address.
    Rel32Lo,
    /// `@rel32@hi`
    Rel32Hi,
    /// `@gotpcrel`: the PC-relative address of the GOT entry.
    GotPcRel,
    /// `@gotpcrel32@lo`
    GotPcRel32Lo,
    /// `@gotpcrel32@hi`
    GotPcRel32Hi,
    /// `@abs32@lo`: the low half of the absolute address.
    Abs32Lo,
    /// `@abs32@hi`
    Abs32Hi,
    /// `@rel64`
    Rel64,
    /// `@abs64`
    Abs64,
}

impl Variant {
    /// How it is written (`@rel32@lo`; empty for [`Variant::None`]).
    pub fn spelling(self) -> &'static str {
        VARIANTS
            .iter()
            .find(|(_, v)| *v == self)
            .map_or("", |(s, _)| s)
    }
}

impl Func {
    /// Its name (`max`).
    pub fn name(self) -> &'static str {
        FUNCS
            .iter()
            .find(|(_, f)| *f == self)
            .map_or("", |(s, _)| s)
    }
}

/// The variants by spelling (longest first where one is a prefix of another).
const VARIANTS: &[(&str, Variant)] = &[
    ("@rel32@lo", Variant::Rel32Lo),
    ("@rel32@hi", Variant::Rel32Hi),
    ("@gotpcrel32@lo", Variant::GotPcRel32Lo),
    ("@gotpcrel32@hi", Variant::GotPcRel32Hi),
    ("@gotpcrel", Variant::GotPcRel),
    ("@abs32@lo", Variant::Abs32Lo),
    ("@abs32@hi", Variant::Abs32Hi),
    ("@rel64", Variant::Rel64),
    ("@abs64", Variant::Abs64),
];

/// The functions llvm-mc's AMDGPU expressions know.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Func {
    /// `max(a, ...)`
    Max,
    /// `or(a, ...)`: bitwise or.
    Or,
    /// `extrasgprs(vcc_used, flat_scratch_used, xnack_used)`: the SGPRs the hardware
    /// reserves after the numbered ones.
    ExtraSgprs,
    /// `totalnumvgprs(agprs, vgprs)`: the VGPRs a wave allocates for both files.
    TotalNumVgprs,
    /// `alignto(value, alignment)`
    AlignTo,
    /// `occupancy(...)`: waves per SIMD.
    Occupancy,
}

const FUNCS: &[(&str, Func)] = &[
    ("max", Func::Max),
    ("or", Func::Or),
    ("extrasgprs", Func::ExtraSgprs),
    ("totalnumvgprs", Func::TotalNumVgprs),
    ("alignto", Func::AlignTo),
    ("occupancy", Func::Occupancy),
];

/// An expression kept for later evaluation: what directives and relocatable operands
/// hold until the symbols they name are defined.
#[derive(Clone, Debug, PartialEq)]
pub enum Tree {
    /// A number.
    Num(i64),
    /// A symbol (`.` is the location counter), with its relocation specifier.
    Sym(Box<str>, Variant),
    /// A unary operator (`-`, `+`, `~`, `!`).
    Un(u8, Box<Tree>),
    /// A binary operator.
    Bin(Bin, Box<Tree>, Box<Tree>),
    /// A function call.
    Call(Func, Vec<Tree>),
}

impl Tree {
    /// Calls `f` with every symbol the tree names, in order, with its specifier.
    pub fn each_symbol(&self, f: &mut impl FnMut(&str, Variant)) {
        match self {
            Tree::Num(_) => {}
            Tree::Sym(n, v) => f(n, *v),
            Tree::Un(_, a) => a.each_symbol(f),
            Tree::Bin(_, a, b) => {
                a.each_symbol(f);
                b.each_symbol(f);
            }
            Tree::Call(_, args) => args.iter().for_each(|a| a.each_symbol(f)),
        }
    }
}

/// The tree domain.
struct Build {
    /// Operators joined so far: a tree is walked recursively, so its size is bounded.
    nodes: std::cell::Cell<usize>,
}

/// The most operators an expression tree may have.
pub const MAX_TREE_OPS: usize = 1024;

impl<'a> Domain<'a> for Build {
    type V = Tree;
    const EXTENDED: bool = true;
    fn num(&self, v: i64) -> Tree {
        Tree::Num(v)
    }
    fn sym(&self, name: &'a str, variant: Variant, _: &'a str) -> Result<Tree, ExprError<'a>> {
        Ok(Tree::Sym(name.into(), variant))
    }
    fn bin(&self, op: Bin, a: Tree, b: Tree, at: &'a str) -> Result<Tree, ExprError<'a>> {
        self.nodes.set(self.nodes.get() + 1);
        if self.nodes.get() > MAX_TREE_OPS {
            return Err(ExprError::Depth(at));
        }
        // Constants fold now (a division by zero stays, for the evaluation to refuse).
        if let (Tree::Num(x), Tree::Num(y)) = (&a, &b) {
            if let Some(v) = op.apply(*x, *y) {
                return Ok(Tree::Num(v));
            }
        }
        Ok(Tree::Bin(op, Box::new(a), Box::new(b)))
    }
    fn un(&self, op: u8, v: Tree) -> Tree {
        match v {
            Tree::Num(x) => Tree::Num(unary_op(op, x)),
            v => Tree::Un(op, Box::new(v)),
        }
    }
    fn call(&self, f: Func, args: Vec<Tree>) -> Tree {
        Tree::Call(f, args)
    }
}

/// Reads an expression of a directive or relocatable operand into a [`Tree`]: the
/// operand grammar of [`expr`], plus `.`, `sym@variant` and llvm-mc's functions.
/// Returns the input after it (trailing blanks not consumed).
pub fn tree(s: &str) -> Result<(&str, Tree), ExprError<'_>> {
    tree_with_root(s).map(|(r, t, _)| (r, t))
}

/// [`tree`], and where llvm-mc places the expression (its diagnostics point there):
/// the first operator outside parentheses of a binary expression, else the start
/// (blanks skipped).
pub fn tree_with_root(s: &str) -> Result<(&str, Tree, usize), ExprError<'_>> {
    // The most common expression, a data word's plain integer, without the
    // evaluator: what it would give, when no operator or other token follows.
    if let Ok((r, v)) = lex::integer(s) {
        let after = r.trim_start_matches([' ', '\t']);
        if after.is_empty() || after.starts_with(',') {
            return Ok((r, Tree::Num(v as i64), 0));
        }
    }
    tree_evaluated(s)
}

/// [`tree_with_root`] by the evaluator.
fn tree_evaluated(s: &str) -> Result<(&str, Tree, usize), ExprError<'_>> {
    let build = Build {
        nodes: std::cell::Cell::new(0),
    };
    let mut e = Eval::new(s, build, Dialect::Operand);
    let v = e.binary(1)?;
    let root = match v {
        Tree::Bin(..) => e.first_op.unwrap_or(0),
        _ => blanks(s, Dialect::Operand),
    };
    Ok((&s[e.pos..], v, root))
}

/// An evaluation in progress: the input, the place reached, the nesting depth, and
/// the domain of the values.
struct Eval<'a, D> {
    s: &'a str,
    pos: usize,
    depth: u32,
    d: D,
    dialect: Dialect,
    /// Where the first operator outside parentheses is: llvm-mc places a binary
    /// expression there (each operator its loop joins takes the place of the loop's
    /// first), so its diagnostics point there (`1/0 + 1`: at `/`).
    first_op: Option<usize>,
}

impl<'a, D: Domain<'a>> Eval<'a, D> {
    fn new(s: &'a str, d: D, dialect: Dialect) -> Self {
        Eval {
            s,
            pos: 0,
            depth: 0,
            d,
            dialect,
            first_op: None,
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
    fn binary(&mut self, min: u8) -> Result<D::V, ExprError<'a>> {
        let mut lhs = self.unary()?;
        loop {
            let end = self.pos;
            self.skip_blanks();
            match self.binop() {
                Some((op, prec, len)) if prec >= min => {
                    if min == 1 && self.depth == 0 && self.first_op.is_none() {
                        self.first_op = Some(self.pos);
                    }
                    let at = self.rest();
                    self.pos += len;
                    let rhs = self.binary(prec + 1)?;
                    lhs = self.d.bin(op, lhs, rhs, at)?;
                }
                _ => {
                    self.pos = end;
                    return Ok(lhs);
                }
            }
        }
    }

    /// A number, a symbol, a parenthesized expression, or a unary operator applied to
    /// one of them.
    fn unary(&mut self) -> Result<D::V, ExprError<'a>> {
        self.skip_blanks();
        if self.depth >= MAX_DEPTH {
            return Err(ExprError::Depth(self.rest()));
        }
        let b = self.peek_at(0);
        if b.is_ascii_digit() {
            return match self.dialect {
                Dialect::Operand => self.operand_integer().map(|v| self.d.num(v)),
                Dialect::Symbolic => match self.symbolic_integer()? {
                    Some(v) => Ok(self.d.num(v)),
                    None => self.d.sym("", Variant::None, self.rest()),
                },
            };
        }
        if let Some(name) = ident(self.rest(), self.dialect) {
            let at = self.rest();
            self.pos += name.len();
            if D::EXTENDED {
                return self.extended(name, at);
            }
            return self.d.sym(name, Variant::None, at);
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
                self.unary().map(|v| self.d.un(b, v))
            }
            _ => Err(ExprError::Syntax(self.rest())),
        };
        self.depth -= 1;
        r
    }

    /// After a name in the extended grammar: a function call, a variant, or the name.
    fn extended(&mut self, name: &'a str, at: &'a str) -> Result<D::V, ExprError<'a>> {
        if let Some(&(_, f)) = FUNCS.iter().find(|(n, _)| name.eq_ignore_ascii_case(n)) {
            if self.peek_at(0) == b'(' {
                self.pos += 1;
                let mut args = Vec::new();
                loop {
                    self.depth += 1;
                    if self.depth >= MAX_DEPTH {
                        return Err(ExprError::Depth(self.rest()));
                    }
                    args.push(self.binary(1)?);
                    self.depth -= 1;
                    self.skip_blanks();
                    match self.peek_at(0) {
                        b',' => self.pos += 1,
                        b')' => {
                            self.pos += 1;
                            break;
                        }
                        _ => return Err(ExprError::Paren(self.rest())),
                    }
                }
                return Ok(self.d.call(f, args));
            }
        }
        let mut variant = Variant::None;
        if self.peek_at(0) == b'@' {
            let r = self.rest();
            let found = VARIANTS
                .iter()
                .find(|(sp, _)| {
                    // (Bytes: the text after `@` may be any UTF-8.)
                    let b = r.as_bytes();
                    b.len() >= sp.len()
                        && b[..sp.len()].eq_ignore_ascii_case(sp.as_bytes())
                        && !b.get(sp.len()).is_some_and(u8::is_ascii_alphanumeric)
                })
                .ok_or(ExprError::Variant(r))?;
            self.pos += found.0.len();
            variant = found.1;
        }
        self.d.sym(name, variant, at)
    }

    /// An integer literal of [`Dialect::Operand`] (see [`lex::integer`]).
    fn operand_integer(&mut self) -> Result<i64, ExprError<'a>> {
        let at = self.rest();
        match lex::integer(at) {
            Ok((r, v)) => {
                self.pos = self.s.len() - r.len();
                Ok(v as i64)
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

    /// A plain integer reads as the evaluator reads it, wherever the text ends.
    #[test]
    fn plain_integers_read_as_the_evaluator_reads_them() {
        for text in [
            "0",
            "0x00000000",
            "7",
            "0x7fffffffffffffff",
            "0xffffffffffffffff",
            "18446744073709551615",
            "18446744073709551616",
            "010",
            "08",
            "0b101",
            "0b2",
            "0x",
            "1 ",
            "1\t, 2",
            "1,2",
            "1 + 2",
            "1+2",
            "1 ,",
            "0x10 )",
            "1b",
            "1f",
            "1u",
            "12abc",
            "0x1g",
            "1 # c",
            "1 ; c",
        ] {
            let fast = tree_with_root(text);
            let slow = tree_evaluated(text);
            match (&fast, &slow) {
                (Ok(a), Ok(b)) => assert_eq!(a, b, "{text:?}"),
                (Err(_), Err(_)) => {}
                _ => panic!("{text:?}: {fast:?} against {slow:?}"),
            }
        }
    }

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
