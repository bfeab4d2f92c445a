//! The statements that make statements: `.macro`/`.endm` with arguments,
//! `.rept`/`.irp`/`.irpc`/`.endr`, `.if` and its relatives with `.elseif`/`.else`/
//! `.endif`, and `.include`. They work on the queue of lines the text assembler
//! reads, so that conditions see the symbols set before them.

use super::memo;
use super::text::line::Line;
use std::borrow::Cow;
use std::collections::{HashMap, VecDeque};

/// A macro definition.
#[derive(Clone, Debug)]
pub struct Macro {
    params: Vec<(String, Option<String>)>,
    body: Vec<Line<'static>>,
}

/// The lines still to read: those expansions made (first), then the source's, read
/// from the source text as they are reached (no copy of the whole source).
pub struct Queue<'a> {
    made: VecDeque<Line<'a>>,
    /// The source, what is left of it, and the number of the next line.
    src: &'a str,
    rest: &'a str,
    next: usize,
    /// The memo hash of the line last taken from the source (`None`: the last line
    /// came from an expansion).
    hash: Option<u64>,
}

impl<'a> Queue<'a> {
    /// The lines of `src`.
    pub fn new(src: &'a str) -> Self {
        Queue {
            made: VecDeque::new(),
            src,
            rest: src,
            next: 1,
            hash: None,
        }
    }

    /// The next line (split as [`str::lines`] splits: at `\n`, a `\r` before it
    /// dropped).
    #[inline]
    pub fn pop_front(&mut self) -> Option<Line<'a>> {
        if !self.made.is_empty() {
            return self.pop_made();
        }
        if self.rest.is_empty() {
            return None;
        }
        let b = self.rest.as_bytes();
        // The line's end, found eight bytes at a time, which make the steps of the
        // line's memo hash as they go (see `memo::hash`).
        let mut h = memo::SEED;
        let (words, _) = b.as_chunks::<8>();
        let mut end = None;
        for (k, c) in words.iter().enumerate() {
            let w = u64::from_le_bytes(*c);
            // (The lowest byte that was a line feed is the lowest that is zero
            // here; a borrow can set bits above it only.)
            let x = w ^ 0x0a0a_0a0a_0a0a_0a0a;
            let z = x.wrapping_sub(0x0101_0101_0101_0101) & !x & 0x8080_8080_8080_8080;
            if z != 0 {
                let n = (z.trailing_zeros() / 8) as usize;
                if n > 0 {
                    h = memo::step(h, w & (u64::MAX >> (64 - 8 * n)));
                }
                end = Some(8 * k + n);
                break;
            }
            h = memo::step(h, w);
        }
        let hashed = end.is_some();
        if !hashed {
            // (The last bytes of the source, fewer than eight.)
            let k = 8 * words.len();
            end = memchr::memchr(b'\n', &b[k..]).map(|n| k + n);
        }
        let (text, rest) = match end {
            Some(n) => (&self.rest[..n], &self.rest[n + 1..]),
            None => (self.rest, ""),
        };
        let (text, hash) = match text.strip_suffix('\r') {
            Some(t) => (t, memo::hash(t)),
            None if hashed => (text, memo::finish(h, text.len())),
            None => (text, memo::hash(text)),
        };
        self.hash = Some(hash);
        self.rest = rest;
        self.next += 1;
        Some(Line {
            text: Cow::Borrowed(text),
            line: self.next - 1,
            depth: 0,
            buf: 0,
            at: (0, 0),
        })
    }

    /// The next line an expansion made.
    #[inline(never)]
    fn pop_made(&mut self) -> Option<Line<'a>> {
        self.hash = None;
        self.made.pop_front()
    }

    /// The memo hash of the line last taken, if it came from the source.
    pub fn hash(&self) -> Option<u64> {
        self.hash
    }

    /// How many lines the source has (as [`str::lines`] counts them: a last line
    /// without its line feed counts too).
    pub fn source_lines(&self) -> usize {
        let b = self.src.as_bytes();
        let feeds = memchr::memchr_iter(b'\n', b).count();
        feeds + usize::from(b.last().is_some_and(|&c| c != b'\n'))
    }

    /// Puts a line back in front.
    pub fn push_front(&mut self, l: Line<'a>) {
        self.made.push_front(l);
    }
}

/// How deep macros may call macros (llvm-mc's limit).
pub const MAX_DEPTH: usize = 20;

/// What expansions (`.rept`, `.irp`, macro calls, `.include`) may make in all, in
/// lines and in bytes of text, to keep memory bounded: a `.rept` of a long line and
/// macro arguments that grow at each call are held by the bytes, a `.rept` of
/// `.rept`s by the lines.
#[derive(Clone, Copy, Debug, Default)]
pub struct Budget {
    lines: usize,
    bytes: usize,
}

impl Budget {
    /// The most lines expansions make.
    pub const LINES: usize = 1 << 22;
    /// The most bytes of text expansions make.
    pub const BYTES: usize = 1 << 28;

    /// Counts `lines` more lines of `bytes` bytes in all, refusing too many.
    pub fn take(&mut self, lines: usize, bytes: usize) -> Result<(), &'static str> {
        self.lines = self.lines.saturating_add(lines);
        self.bytes = self.bytes.saturating_add(bytes);
        if self.lines > Self::LINES {
            return Err("too many lines from repetitions and macros");
        }
        if self.bytes > Self::BYTES {
            return Err("too much text from repetitions and macros");
        }
        Ok(())
    }
}

/// The first word of a line (after blanks), lower-cased when it is a directive.
pub fn first_word(text: &str) -> (&str, &str) {
    let t = text.trim_start();
    // (Bytes while they are ASCII; other whitespace is found by chars.)
    let b = t.as_bytes();
    let n = b
        .iter()
        .position(|&c| c.is_ascii_whitespace() || c == 0x0b || c == b',' || c >= 0x80)
        .unwrap_or(b.len());
    let n = match b.get(n) {
        Some(&c) if c >= 0x80 => {
            n + t[n..]
                .find(|c: char| c.is_whitespace() || c == ',')
                .unwrap_or(t.len() - n)
        }
        _ => n,
    };
    (&t[..n], &t[n..])
}

/// Whether `w` opens a block that `.endr` closes.
fn opens_rept(w: &str) -> bool {
    matches!(w, ".rept" | ".irp" | ".irpc")
}

/// Takes the lines of a block from the queue up to its closing directive (nested
/// blocks of the same kind counted); `None` when the queue ends first.
pub fn take_block<'a>(
    q: &mut Queue<'a>,
    opens: fn(&str) -> bool,
    close: &str,
) -> Option<Vec<Line<'a>>> {
    let mut depth = 0;
    let mut body = Vec::new();
    while let Some(l) = q.pop_front() {
        let w = first_word(&l.text).0.to_ascii_lowercase();
        if opens(&w) {
            depth += 1;
        } else if w == close {
            if depth == 0 {
                return Some(body);
            }
            depth -= 1;
        }
        body.push(l);
    }
    None
}

/// `.rept`, `.irp`, `.irpc` bodies.
pub fn rept_block<'a>(q: &mut Queue<'a>) -> Option<Vec<Line<'a>>> {
    take_block(q, opens_rept, ".endr")
}

/// A `.macro` body.
pub fn macro_block<'a>(q: &mut Queue<'a>) -> Option<Vec<Line<'a>>> {
    take_block(q, |w| w == ".macro", ".endm")
}

/// Splits macro or `.irp` arguments: by commas, or by blanks when there is no comma.
pub fn split_args(s: &str) -> Vec<String> {
    let s = s.trim();
    if s.is_empty() {
        return Vec::new();
    }
    if s.contains(',') {
        s.split(',').map(|a| a.trim().to_string()).collect()
    } else {
        s.split_whitespace().map(str::to_string).collect()
    }
}

impl Macro {
    /// A macro from its `.macro NAME PARAMS` rest and body.
    pub fn new(params: &str, body: Vec<Line<'_>>) -> Result<Macro, String> {
        let mut ps = Vec::new();
        for p in split_args(params) {
            let (name, default) = match p.split_once('=') {
                Some((n, d)) => (n.trim().to_string(), Some(d.trim().to_string())),
                None => (p.clone(), None),
            };
            let name = name.trim_end_matches(":req").to_string();
            if name.is_empty()
                || !name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$')
            {
                return Err(format!(
                    "expected identifier in '.macro' directive, got '{name}'"
                ));
            }
            if ps.iter().any(|(n, _)| *n == name) {
                return Err(format!("macro '{name}' has multiple parameters named"));
            }
            ps.push((name, default));
        }
        let body = body
            .into_iter()
            .map(|l| Line {
                text: Cow::Owned(l.text.into_owned()),
                line: l.line,
                depth: l.depth,
                buf: l.buf,
                at: l.at,
            })
            .collect();
        Ok(Macro { params: ps, body })
    }

    /// The body with the arguments substituted (`\NAME`, `\@` the expansion count,
    /// `\()` nothing), each line a level deeper, made at `at` (see [`Line::at`]), in
    /// buffer `buf` (the call's instantiation).
    pub fn expand(
        &self,
        args: &str,
        count: usize,
        depth: usize,
        at: (u32, u32),
        buf: u32,
        budget: &mut Budget,
    ) -> Result<Vec<Line<'static>>, String> {
        let given = split_args(args);
        if given.len() > self.params.len() {
            return Err("too many positional arguments".into());
        }
        let mut values: HashMap<&str, String> = HashMap::new();
        for (k, (name, default)) in self.params.iter().enumerate() {
            let v = match given.get(k).filter(|v| !v.is_empty()) {
                Some(v) => v.clone(),
                None => default.clone().unwrap_or_default(),
            };
            values.insert(name.as_str(), v);
        }
        let mut lines = Vec::with_capacity(self.body.len());
        for (k, l) in self.body.iter().enumerate() {
            let text = substitute(&body_text(k, &l.text), &values, count);
            budget.take(1, text.len())?;
            lines.push(Line {
                text: Cow::Owned(text),
                line: k + 1,
                depth,
                buf,
                at,
            });
        }
        Ok(lines)
    }
}

/// The text of line `k` of a body as an expansion makes it: llvm-mc's copy of a
/// body starts at its first token, so the first line loses its leading blanks
/// (and errors on it are placed as llvm-mc places them).
pub fn body_text<'a>(k: usize, text: &Cow<'a, str>) -> Cow<'a, str> {
    match k {
        0 => match text {
            Cow::Borrowed(t) => Cow::Borrowed(t.trim_start_matches([' ', '\t'])),
            Cow::Owned(t) => Cow::Owned(t.trim_start_matches([' ', '\t']).to_string()),
        },
        _ => text.clone(),
    }
}

/// Replaces `\NAME` by its value, `\@` by the count and `\()` by nothing.
pub fn substitute(text: &str, values: &HashMap<&str, String>, count: usize) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(i) = rest.find('\\') {
        out.push_str(&rest[..i]);
        let after = &rest[i + 1..];
        if let Some(r) = after.strip_prefix("()") {
            rest = r;
            continue;
        }
        if let Some(r) = after.strip_prefix('@') {
            out.push_str(&count.to_string());
            rest = r;
            continue;
        }
        let n = after
            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '_' || c == '.' || c == '$'))
            .unwrap_or(after.len());
        match values.get(&after[..n]) {
            Some(v) if n > 0 => {
                out.push_str(v);
                rest = &after[n..];
            }
            _ => {
                out.push('\\');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hash the queue computes as it splits lines is the memo's hash of each
    /// line, whatever its length, its line end, and at the end of the source.
    #[test]
    fn lines_come_with_their_memo_hash() {
        let mut src = String::new();
        let mut want = Vec::new();
        for n in 0..40 {
            // (Letters, and now and then a character of several bytes.)
            let line: String = (0..n)
                .map(|k| match (k * 7 + n) % 29 {
                    26 => 'é',
                    27 => '→',
                    28 => '\u{8a}',
                    c => (b'a' + c as u8) as char,
                })
                .collect();
            src.push_str(&line);
            src.push_str(if n % 3 == 0 { "\r\n" } else { "\n" });
            want.push(line);
        }
        for tail in ["", "x", "s_nop 0", "s_nop 0 ; a longer last line"] {
            let mut s = src.clone();
            s.push_str(tail);
            let mut q = Queue::new(&s);
            let mut got = Vec::new();
            while let Some(l) = q.pop_front() {
                assert_eq!(q.hash(), Some(memo::hash(&l.text)), "{:?}", l.text);
                got.push(l.text.into_owned());
            }
            let mut w = want.clone();
            if !tail.is_empty() {
                w.push(tail.to_string());
            }
            assert_eq!(got, w);
        }
    }

    /// The source's line count is what [`str::lines`] counts.
    #[test]
    fn source_lines_count_as_str_lines() {
        for s in [
            "",
            "\n",
            "a",
            "a\n",
            "a\nb",
            "a\r\nb\r\n",
            "\n\n\nx",
            "é\n→",
        ] {
            assert_eq!(Queue::new(s).source_lines(), s.lines().count(), "{s:?}");
        }
    }
}
