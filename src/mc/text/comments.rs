//! Comments, as llvm-mc's lexer takes them: `/* ... */` blocks made blanks, and a
//! line's `;`, `//` or leading `#` comment stripped (string literals left alone).

use crate::syntax::lex::trim_start;
use std::borrow::Cow;

/// [`str::trim_end`], the blanks before a stripped comment taken a byte at a time
/// (the char-by-char walk is for text that ends in a character past ASCII).
pub(super) fn trim_end(s: &str) -> &str {
    let b = s.as_bytes();
    let n = b.len()
        - b.iter()
            .rev()
            .take_while(|c| c.is_ascii_whitespace() || **c == 0x0b)
            .count();
    let t = &s[..n];
    match t.as_bytes().last() {
        Some(&c) if !c.is_ascii() => t.trim_end(),
        _ => t,
    }
}

/// `src` with its `/* ... */` comments made blanks (each byte a space, line ends
/// kept), as llvm-mc's lexer takes them: not inside a string or a line comment
/// (`;`, `//`, `#` first on a line). An unterminated one is left as it is: the
/// statement then reads it as an operand and fails, as llvm-mc does.
pub(crate) fn blank_block_comments(src: &str) -> Cow<'_, str> {
    let b = src.as_bytes();
    if memchr::memmem::find(b, b"/*").is_none() {
        return Cow::Borrowed(src);
    }
    let mut out = b.to_vec();
    let (mut k, mut in_str, mut line_comment, mut blank_so_far) = (0, false, false, true);
    while k < b.len() {
        let c = b[k];
        if c == b'\n' {
            (in_str, line_comment, blank_so_far) = (false, false, true);
        } else if in_str {
            match c {
                b'\\' => k += 1,
                b'"' => in_str = false,
                _ => {}
            }
        } else if !line_comment {
            match c {
                b'"' => in_str = true,
                b';' => line_comment = true,
                b'#' if blank_so_far => line_comment = true,
                b'/' if b.get(k + 1) == Some(&b'/') => line_comment = true,
                b'/' if b.get(k + 1) == Some(&b'*') => {
                    let Some(e) = memchr::memmem::find(&b[k + 2..], b"*/") else {
                        break;
                    };
                    let end = k + 2 + e + 2;
                    for x in &mut out[k..end] {
                        if *x != b'\n' && *x != b'\r' {
                            *x = b' ';
                        }
                    }
                    k = end;
                    continue;
                }
                _ => {}
            }
        }
        blank_so_far &= c == b' ' || c == b'\t' || c == b'\n';
        k += 1;
    }
    // (Only ASCII bytes became spaces, and whole characters: still UTF-8.)
    Cow::Owned(String::from_utf8(out).unwrap_or_else(|_| src.to_string()))
}

/// Strips a comment (`;`, `//`, or `#` at the start of a line), leaving string
/// literals alone (the crate's one comment rule: the reader's and
/// [`crate::assemble_line`]'s).
pub(crate) fn strip_comment(line: &str) -> &str {
    if trim_start(line).starts_with('#') {
        return "";
    }
    let b = line.as_bytes();
    // (Up to the first quote, a comment is the first `;` or `//`: found by a
    // vector search.)
    let mut k = 0;
    loop {
        let Some(j) = memchr::memchr3(b';', b'/', b'"', &b[k..]) else {
            return line;
        };
        k += j;
        match b[k] {
            b';' => return &line[..k],
            b'/' if b.get(k + 1) == Some(&b'/') => return &line[..k],
            b'"' => break,
            _ => k += 1,
        }
    }
    let mut q = false;
    while k < b.len() {
        match b[k] {
            b'"' => q = !q,
            b'\\' if q => k += 1,
            b';' if !q => return &line[..k],
            b'/' if !q && b.get(k + 1) == Some(&b'/') => return &line[..k],
            _ => {}
        }
        k += 1;
    }
    line
}
