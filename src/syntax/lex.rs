//! Tokens of the assembly language, as nom parsers over `&str`: identifiers, integer
//! and floating-point numbers (expressions are in [`super::expr`]).

use nom::IResult;

/// An identifier: letters, digits, `_`, `.`, `$`, not starting with a digit.
pub fn ident(s: &str) -> IResult<&str, &str> {
    match ident_and_case(s) {
        Some((rest, name, _)) => Ok((rest, name)),
        None => Err(nom::Err::Error(nom::error::Error::new(
            s,
            nom::error::ErrorKind::TakeWhile1,
        ))),
    }
}

/// [`ident`], and whether the identifier has an upper-case letter (found in the same
/// scan: a mnemonic is read case-blind, and nearly always is lower case already).
pub fn ident_and_case(s: &str) -> Option<(&str, &str, bool)> {
    // The hottest token of the parser: a plain byte scan, a table lookup a byte
    // (same grammar as take_while1(alpha _ . $) followed by take_while(alnum _ . $)).
    let b = s.as_bytes();
    match b.first() {
        Some(&c) if ident_tail(c) && !c.is_ascii_digit() => {
            let mut upper = 0;
            let mut n = 0;
            while let Some(&c) = b.get(n) {
                let class = CLASS[c as usize];
                if class & TAIL == 0 {
                    break;
                }
                upper |= class;
                n += 1;
            }
            Some((&s[n..], &s[..n], upper & UPPER != 0))
        }
        _ => None,
    }
}

/// Whether `c` may be in an identifier after its first byte: a letter, a digit, `_`,
/// `.` or `$` (one table lookup: identifiers are most of the bytes the parser scans).
#[inline(always)]
pub fn ident_tail(c: u8) -> bool {
    CLASS[c as usize] & TAIL != 0
}

/// The classes of [`CLASS`]: a byte an identifier may hold after its first, an
/// upper-case letter.
const TAIL: u8 = 1;
const UPPER: u8 = 2;

/// Each byte's classes.
static CLASS: [u8; 256] = {
    let mut t = [0; 256];
    let mut c = 0;
    while c < 256 {
        let b = c as u8;
        if b.is_ascii_alphanumeric() || b == b'_' || b == b'.' || b == b'$' {
            t[c] |= TAIL;
        }
        if b.is_ascii_uppercase() {
            t[c] |= UPPER;
        }
        c += 1;
    }
    t
};

/// An unsigned integer as llvm-mc lexes it: decimal, `0x` hex, `0b` binary, or octal
/// with a leading `0`. A value that does not fit in 64 bits fails with `TooLarge`.
pub fn integer(s: &str) -> IResult<&str, u64> {
    // A byte scan (the nom grammar it replaces, `0x` hex_digit1 | `0b` [01]+ |
    // digit1, is the oracle of a test): integers are most of what data reads.
    let b = s.as_bytes();
    let run = |from: usize, ok: fn(&u8) -> bool| {
        from + b[from..]
            .iter()
            .position(|c| !ok(c))
            .unwrap_or(b.len() - from)
    };
    let (radix, start, end) = match b {
        [b'0', b'x' | b'X', c, ..] if c.is_ascii_hexdigit() => {
            (16, 2, run(2, u8::is_ascii_hexdigit))
        }
        [b'0', b'b' | b'B', b'0' | b'1', ..] => (2, 2, run(2, |c| matches!(c, b'0' | b'1'))),
        [c, ..] if c.is_ascii_digit() => {
            let end = run(0, u8::is_ascii_digit);
            if end > 1 && b[0] == b'0' {
                if !b[1..end].iter().all(|c| (b'0'..=b'7').contains(c)) {
                    return Err(nom::Err::Error(nom::error::Error::new(
                        s,
                        nom::error::ErrorKind::Digit,
                    )));
                }
                (8, 1, end)
            } else {
                (10, 0, end)
            }
        }
        _ => {
            return Err(nom::Err::Error(nom::error::Error::new(
                s,
                nom::error::ErrorKind::Digit,
            )))
        }
    };
    Ok((&s[end..], parse_radix(s, &s[start..end], radix)?))
}

fn parse_radix<'a>(
    at: &'a str,
    digits: &str,
    radix: u32,
) -> Result<u64, nom::Err<nom::error::Error<&'a str>>> {
    u64::from_str_radix(digits, radix)
        .map_err(|_| nom::Err::Failure(nom::error::Error::new(at, nom::error::ErrorKind::TooLarge)))
}

/// A floating-point number as llvm-mc lexes it: digits with a `.` or an exponent
/// (`1.0`, `5.`, `.5`, `1e3`, `2.5e-1`), or a hexadecimal float (`0x1.8p1`).
pub fn float(s: &str) -> IResult<&str, f64> {
    let fail = || nom::Err::Error(nom::error::Error::new(s, nom::error::ErrorKind::Float));
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        return hex_float(h).ok_or_else(fail);
    }
    let exp = |r: &str| -> usize {
        let b = r.as_bytes();
        if !matches!(b.first(), Some(b'e' | b'E')) {
            return 0;
        }
        let mut n = 1;
        if matches!(b.get(n), Some(b'+' | b'-')) {
            n += 1;
        }
        while b.get(n).is_some_and(u8::is_ascii_digit) {
            n += 1;
        }
        n
    };
    let b = s.as_bytes();
    let int = b.iter().take_while(|c| c.is_ascii_digit()).count();
    let mut n = int;
    if b.get(n) == Some(&b'.') {
        let frac = b[n + 1..].iter().take_while(|c| c.is_ascii_digit()).count();
        if int == 0 && frac == 0 {
            return Err(fail());
        }
        n += 1 + frac;
        n += exp(&s[n..]);
    } else if int > 0 {
        let e = exp(&s[n..]);
        if e == 0 {
            return Err(fail());
        }
        n += e;
    } else {
        return Err(fail());
    }
    // `1e` and `1e+` read as `1e0`, as llvm-mc's lexer takes them.
    let text = &s[..n];
    let v: f64 = match text.parse() {
        Ok(v) => v,
        Err(_) => format!("{}0", text.trim_end_matches(['+', '-']))
            .parse()
            .map_err(|_| fail())?,
    };
    Ok((&s[n..], v))
}

/// The digits of a hexadecimal float after `0x`: `1.8p1`, `.8p0`, `1p-2`.
fn hex_float(h: &str) -> Option<(&str, f64)> {
    let b = h.as_bytes();
    let int = b.iter().take_while(|c| c.is_ascii_hexdigit()).count();
    let mut n = int;
    let mut frac = 0;
    if b.get(n) == Some(&b'.') {
        frac = b[n + 1..]
            .iter()
            .take_while(|c| c.is_ascii_hexdigit())
            .count();
        n += 1 + frac;
    }
    if int + frac == 0 || !matches!(b.get(n), Some(b'p' | b'P')) {
        return None;
    }
    n += 1;
    let sign_len = usize::from(matches!(b.get(n), Some(b'+' | b'-')));
    let digits = b[n + sign_len..]
        .iter()
        .take_while(|c| c.is_ascii_digit())
        .count();
    if digits == 0 {
        return None;
    }
    let e: i32 = h[n..n + sign_len + digits].parse().ok()?;
    n += sign_len + digits;
    let mut m = 0f64;
    for c in h[..int].chars().chain(h[int..].chars().skip(1).take(frac)) {
        m = m * 16.0 + c.to_digit(16)? as f64;
    }
    Some((&h[n..], m * 2f64.powi(e - 4 * frac as i32)))
}

/// `s.trim_start()` (Unicode's white space), with the common case, ASCII white space
/// then an ASCII byte, by a loop over bytes: the `char` decoding `str::trim_start`
/// does costs about forty executed instructions a call, and every line is trimmed
/// several times.
#[inline]
pub fn trim_start(s: &str) -> &str {
    let b = s.as_bytes();
    // (The ASCII characters `char::is_whitespace` takes.)
    let k = b
        .iter()
        .position(|c| !matches!(c, b' ' | b'\t' | b'\n' | 0x0b | 0x0c | b'\r'))
        .unwrap_or(b.len());
    match b.get(k) {
        Some(c) if !c.is_ascii() => s[k..].trim_start(),
        _ => &s[k..],
    }
}

/// Skips spaces and tabs. (By bytes: a `char` pattern decodes each character, and
/// this is called several times for every operand.)
#[inline]
pub fn ws(s: &str) -> &str {
    let k = s
        .bytes()
        .position(|c| c != b' ' && c != b'\t')
        .unwrap_or(s.len());
    &s[k..]
}

/// What follows a modifier's name (`rest`, after `offset` in `offset:16`) past
/// blanks, a `:` and blanks: its value; `None` where no `:` follows.
pub fn after_colon(rest: &str) -> Option<&str> {
    ws(rest).strip_prefix(':').map(ws)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nom::branch::alt;
    use nom::bytes::complete::{tag, take_while1};
    use nom::character::complete::{digit1, hex_digit1};
    use nom::sequence::preceded;

    /// `trim_start` is `str::trim_start`, on ASCII and other white space.
    #[test]
    fn trim_start_is_the_standard_one() {
        let texts = [
            "",
            " ",
            "\t v1",
            "\u{b}\u{c}\r\n x",
            "x ",
            "\u{a0}x",
            " \u{3000}\u{85} y",
            "\t\u{200b}z",
            "é",
            " \u{2029}",
            "\u{1680}\t",
        ];
        for t in texts {
            assert_eq!(trim_start(t), t.trim_start(), "{t:?}");
        }
        for c in (0..0x3100u32).filter_map(char::from_u32) {
            let t = format!(" \t{c}x");
            assert_eq!(trim_start(&t), t.trim_start(), "{c:?}");
        }
    }

    /// The grammar `integer` scans, in nom: the oracle.
    fn integer_nom(s: &str) -> IResult<&str, u64> {
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
        if d.len() > 1 && d.starts_with('0') {
            if d.bytes().all(|b| (b'0'..=b'7').contains(&b)) {
                return Ok((rest, parse_radix(s, &d[1..], 8)?));
            }
            return Err(nom::Err::Error(nom::error::Error::new(
                s,
                nom::error::ErrorKind::Digit,
            )));
        }
        Ok((rest, parse_radix(s, d, 10)?))
    }

    /// `ident` scans what the nom grammar it replaces reads (take_while1 of letters,
    /// `_`, `.`, `$`, then take_while of those and digits), and `ident_and_case`
    /// says whether that has an upper-case letter, on every one- and two-byte
    /// string and some longer ones.
    #[test]
    fn identifiers_scan_as_the_grammar_reads_them() {
        use nom::bytes::complete::take_while;
        let head = |c: char| c.is_ascii_alphabetic() || matches!(c, '_' | '.' | '$');
        let tail = |c: char| c.is_ascii_alphanumeric() || matches!(c, '_' | '.' | '$');
        let nom_ident = |s| -> IResult<&str, &str> {
            let (r, a) = take_while1(head)(s)?;
            let (r, b) = take_while(tail)(r)?;
            Ok((r, &s[..a.len() + b.len()]))
        };
        let mut texts: Vec<String> = (0u8..128)
            .flat_map(|a| (0u8..128).map(move |b| format!("{}{}", a as char, b as char)))
            .collect();
        texts.extend(
            [
                "v_ADD_f32 v1",
                "s_mov.b32$x,",
                "V_MOV_B32",
                "_a9 ",
                "9a",
                "é",
                "aé",
                "",
            ]
            .map(String::from),
        );
        for s in &texts {
            assert_eq!(ident(s), nom_ident(s), "{s:?}");
            let want = nom_ident(s)
                .ok()
                .map(|(r, id)| (r, id, id.bytes().any(|b| b.is_ascii_uppercase())));
            assert_eq!(ident_and_case(s), want, "{s:?}");
        }
    }

    #[test]
    fn integers_scan_as_the_grammar_reads_them() {
        for text in [
            "0",
            "7",
            "42,",
            "0x0",
            "0X1f",
            "0xffffffffffffffff",
            "0x10000000000000000",
            "0x",
            "0xg",
            "0x1g",
            "0b",
            "0b2",
            "0b101",
            "0B11x",
            "01",
            "07",
            "08",
            "010",
            "0778",
            "00",
            "18446744073709551615",
            "18446744073709551616",
            "1u",
            "12abc",
            "",
            "x1",
            "-1",
            " 1",
            "9\u{0663}",
            "0x\u{0663}",
        ] {
            assert_eq!(integer(text), integer_nom(text), "{text:?}");
        }
    }

    #[test]
    fn numbers_and_expressions() {
        assert_eq!(integer("0x1f,"), Ok((",", 31)));
        assert_eq!(float("1.5 "), Ok((" ", 1.5)));
        assert!(float("15").is_err());
        assert_eq!(integer("077"), Ok(("", 63)));
        assert_eq!(integer("0b101x"), Ok(("x", 5)));
        assert!(integer("08").is_err());
        assert_eq!(float(".5,"), Ok((",", 0.5)));
        assert_eq!(float("0x1.8p1"), Ok(("", 3.0)));
        assert!(float("0x18").is_err());
    }
}
