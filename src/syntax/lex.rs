//! Tokens of the assembly language, as nom parsers over `&str`: identifiers,
//! integer and floating-point numbers, and absolute expressions.

use nom::branch::alt;
use nom::bytes::complete::{tag, take_while, take_while1};
use nom::character::complete::{char, digit1, hex_digit1, one_of, space0};
use nom::combinator::{opt, recognize};
use nom::sequence::{pair, preceded, tuple};
use nom::IResult;

/// An identifier: letters, digits, `_`, `.`, `$`, not starting with a digit.
pub fn ident(s: &str) -> IResult<&str, &str> {
    recognize(pair(
        take_while1(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '.' || c == '$'),
        take_while(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'),
    ))(s)
}

/// An unsigned integer: decimal, `0x` hex, `0b` binary, or hex with an `h` suffix.
pub fn integer(s: &str) -> IResult<&str, u64> {
    let hex = preceded(
        alt((tag("0x"), tag("0X"))),
        hex_digit1::<&str, nom::error::Error<&str>>,
    );
    let bin = preceded(
        alt((tag("0b"), tag("0B"))),
        take_while1::<_, &str, nom::error::Error<&str>>(|c| c == '0' || c == '1'),
    );
    if let Ok((rest, h)) = { hex }(s) {
        return Ok((rest, parse_radix(s, h, 16)?));
    }
    if let Ok((rest, b)) = { bin }(s) {
        return Ok((rest, parse_radix(s, b, 2)?));
    }
    let (rest, d) = digit1(s)?;
    Ok((rest, parse_radix(s, d, 10)?))
}

fn parse_radix<'a>(
    at: &'a str,
    digits: &str,
    radix: u32,
) -> Result<u64, nom::Err<nom::error::Error<&'a str>>> {
    u64::from_str_radix(digits, radix)
        .map_err(|_| nom::Err::Failure(nom::error::Error::new(at, nom::error::ErrorKind::TooLarge)))
}

/// A floating-point number (needs a `.` or an exponent): `1.0`, `0.5e1`, `1e-3`.
pub fn float(s: &str) -> IResult<&str, f64> {
    let exp = tuple((one_of("eE"), opt(one_of("+-")), digit1));
    let with_dot = recognize(tuple((
        digit1,
        char('.'),
        take_while(|c: char| c.is_ascii_digit()),
        opt(exp),
    )));
    let exp2 = tuple((one_of("eE"), opt(one_of("+-")), digit1));
    let no_dot = recognize(pair(digit1, exp2));
    let (rest, text) = alt((with_dot, no_dot))(s)?;
    if rest.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_') {
        return Err(nom::Err::Error(nom::error::Error::new(
            s,
            nom::error::ErrorKind::Float,
        )));
    }
    let v: f64 = text
        .parse()
        .map_err(|_| nom::Err::Error(nom::error::Error::new(s, nom::error::ErrorKind::Float)))?;
    Ok((rest, v))
}

/// Skips spaces and tabs.
pub fn ws(s: &str) -> &str {
    space0::<&str, nom::error::Error<&str>>(s)
        .map(|(r, _)| r)
        .unwrap_or(s)
}

/// Why an expression could not be evaluated (the remaining input marks the place).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExprError<'a> {
    Syntax(&'a str),
    Unknown(&'a str),
    DivZero(&'a str),
}

/// Symbol values for expressions.
pub trait Symbols {
    fn value(&self, name: &str) -> Option<i64>;
}

impl Symbols for () {
    fn value(&self, _: &str) -> Option<i64> {
        None
    }
}

/// Evaluates an absolute integer expression (C operators and precedence, as llvm-mc).
pub fn expr<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    binary(s, 0, syms, true)
}

/// Like `expr`, without the `|` operator: inside `|x|` the bar closes the operand.
pub fn expr_in_abs<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    binary(s, 0, syms, false)
}

const LEVELS: &[&[&str]] = &[
    &["||"],
    &["&&"],
    &["|"],
    &["^"],
    &["&"],
    &["==", "!=", "<>"],
    &["<=", ">=", "<", ">"],
    &["<<", ">>"],
    &["+", "-"],
    &["*", "/", "%"],
];

fn binary<'a>(
    s: &'a str,
    level: usize,
    syms: &dyn Symbols,
    bar: bool,
) -> Result<(&'a str, i64), ExprError<'a>> {
    if level == LEVELS.len() {
        return unary(s, syms);
    }
    let (mut rest, mut acc) = binary(s, level + 1, syms, bar)?;
    loop {
        let r = ws(rest);
        // `||`, `&&` must not be taken as `|`, `&`; `|` ends an |abs| operand in source
        // modifiers, so a lone `|` followed by nothing expression-like ends the expression.
        let Some(op) = LEVELS[level].iter().find(|op| {
            r.starts_with(**op)
                && !(op.len() == 1
                    && (r.starts_with("||")
                        || r.starts_with("&&")
                        || r.starts_with("<<")
                        || r.starts_with(">>")
                        || r.starts_with("<=")
                        || r.starts_with(">=")
                        || r.starts_with("<>")))
        }) else {
            return Ok((rest, acc));
        };
        if *op == "|" && (!bar || !starts_operand(ws(&r[1..]))) {
            return Ok((rest, acc));
        }
        let (r2, rhs) = binary(ws(&r[op.len()..]), level + 1, syms, bar)?;
        acc = match *op {
            "||" => ((acc != 0) || (rhs != 0)) as i64,
            "&&" => ((acc != 0) && (rhs != 0)) as i64,
            "|" => acc | rhs,
            "^" => acc ^ rhs,
            "&" => acc & rhs,
            "==" => (acc == rhs) as i64,
            "!=" | "<>" => (acc != rhs) as i64,
            "<=" => (acc <= rhs) as i64,
            ">=" => (acc >= rhs) as i64,
            "<" => (acc < rhs) as i64,
            ">" => (acc > rhs) as i64,
            "<<" => acc.wrapping_shl(rhs as u32),
            ">>" => acc.wrapping_shr(rhs as u32),
            "+" => acc.wrapping_add(rhs),
            "-" => acc.wrapping_sub(rhs),
            "*" => acc.wrapping_mul(rhs),
            "/" | "%" if rhs == 0 => return Err(ExprError::DivZero(r)),
            "/" => acc.wrapping_div(rhs),
            _ => acc.wrapping_rem(rhs),
        };
        rest = r2;
    }
}

fn starts_operand(s: &str) -> bool {
    s.starts_with(|c: char| c.is_ascii_alphanumeric() || "(-~!_.$".contains(c))
}

fn unary<'a>(s: &'a str, syms: &dyn Symbols) -> Result<(&'a str, i64), ExprError<'a>> {
    let s = ws(s);
    if let Some(r) = s.strip_prefix('-') {
        let (r, v) = unary(r, syms)?;
        return Ok((r, v.wrapping_neg()));
    }
    if let Some(r) = s.strip_prefix('+') {
        return unary(r, syms);
    }
    if let Some(r) = s.strip_prefix('~') {
        let (r, v) = unary(r, syms)?;
        return Ok((r, !v));
    }
    if let Some(r) = s.strip_prefix('!') {
        let (r, v) = unary(r, syms)?;
        return Ok((r, (v == 0) as i64));
    }
    if let Some(r) = s.strip_prefix('(') {
        let (r, v) = binary(r, 0, syms, true)?;
        let r = ws(r);
        return match r.strip_prefix(')') {
            Some(r) => Ok((r, v)),
            None => Err(ExprError::Syntax(r)),
        };
    }
    if let Ok((r, v)) = integer(s) {
        if r.starts_with(|c: char| c.is_ascii_alphanumeric() || c == '_' || c == '.') {
            return Err(ExprError::Syntax(r));
        }
        return Ok((r, v as i64));
    }
    if let Ok((r, name)) = ident(s) {
        return match syms.value(name) {
            Some(v) => Ok((r, v)),
            None => Err(ExprError::Unknown(s)),
        };
    }
    Err(ExprError::Syntax(s))
}

/// `name:` at the start of `s` (a modifier with a value, e.g. `offset:16`).
pub fn keyword_colon<'a>(s: &'a str, name: &str) -> Option<&'a str> {
    let r = s.strip_prefix(name)?;
    let r = ws(r);
    r.strip_prefix(':').map(ws)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_and_expressions() {
        assert_eq!(integer("0x1f,"), Ok((",", 31)));
        assert_eq!(float("1.5 "), Ok((" ", 1.5)));
        assert!(float("15").is_err());
        assert_eq!(expr("2*2+1]", &()), Ok(("]", 5)));
        assert_eq!(expr("(1<<4)|1", &()), Ok(("", 17)));
        assert_eq!(expr("-16", &()), Ok(("", -16)));
        assert!(matches!(expr("foo", &()), Err(ExprError::Unknown(_))));
        assert!(matches!(expr("1/0", &()), Err(ExprError::DivZero(_))));
        // A closing `|` of an abs modifier is not an or-operator.
        assert_eq!(expr("1| ,", &()), Ok(("| ,", 1)));
    }
}
