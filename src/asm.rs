//! The assembler: source text to instructions and bytes, with labels, `.set`
//! symbols and data directives, and located diagnostics like llvm-mc's.

use crate::codec;
use crate::inst::Inst;
use crate::syntax::bind::{bind, Fixup};
use crate::syntax::error::Error;
use crate::syntax::expr::{self, Symbols};
use crate::syntax::lex::{self, ws};
use crate::syntax::operands::Cx;
use crate::target::Target;
use std::collections::HashMap;
use std::fmt;

/// An error at a place in the source.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Diagnostic {
    /// 1-based line number.
    pub line: usize,
    /// 1-based column (in bytes).
    pub col: usize,
    /// The message, as llvm-mc words it.
    pub msg: String,
    /// The text of the offending line, for the caret display.
    pub source: String,
}

impl Diagnostic {
    /// `NAME:LINE:COL: error: MSG`, then the line and a caret, as llvm-mc prints them.
    pub fn render(&self, name: &str) -> String {
        self.render_as(name, "error")
    }

    /// [`Diagnostic::render`] of a warning (`NAME:LINE:COL: warning: MSG`).
    pub fn render_warning(&self, name: &str) -> String {
        self.render_as(name, "warning")
    }

    fn render_as(&self, name: &str, kind: &str) -> String {
        format!(
            "{name}:{}:{}: {kind}: {}\n{}\n{}^",
            self.line,
            self.col,
            self.msg,
            self.source,
            " ".repeat(self.col.saturating_sub(1))
        )
    }
}

impl fmt::Display for Diagnostic {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}:{}: error: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for Diagnostic {}

/// What a source statement produced.
#[derive(Clone, Debug, PartialEq)]
pub enum Item {
    /// An instruction.
    Inst(Inst),
    /// A label definition.
    Label(String),
    /// Data from `.long`, `.short`, `.byte` or alignment padding: (directive, bytes).
    Data(&'static str, Vec<u8>),
}

/// One statement with its 1-based source line and byte offset in the output.
#[derive(Clone, Debug, PartialEq)]
pub struct Stmt {
    /// 1-based source line.
    pub line: usize,
    /// 1-based column where the statement starts.
    pub col: usize,
    /// 1-based columns where the operands the text lists (not the trailing modifiers
    /// such as `offset:4` or `glc`) start, in order; 0 past the last.
    pub operand_cols: [u16; 8],
    /// Byte offset in the output.
    pub offset: usize,
    /// What the statement produced.
    pub item: Item,
    /// The label a branch was written with (`s_branch loop`), for display.
    pub label: Option<String>,
}

impl Stmt {
    /// The statement's instruction as llvm-mc echoes it, a branch with the label it
    /// was written with (`None` for labels and data).
    pub fn display(&self, target: Target) -> Option<impl fmt::Display + '_> {
        match &self.item {
            Item::Inst(inst) => Some(StmtText {
                inst,
                label: self.label.as_deref(),
                target,
            }),
            _ => None,
        }
    }

    /// The machine code of an instruction statement (`None` for labels and data).
    /// Statements come from the assembler, which only makes well-formed ones, so this
    /// skips [`codec::encode`]'s decode-back check.
    pub fn words(&self, target: Target) -> Option<Result<codec::Words, codec::EncodeError>> {
        match &self.item {
            Item::Inst(i) => Some(codec::encode_unchecked(target, i)),
            _ => None,
        }
    }
}

struct StmtText<'a> {
    inst: &'a Inst,
    label: Option<&'a str>,
    target: Target,
}

impl fmt::Display for StmtText<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        crate::syntax::print::write_inst_labeled(f, self.target, self.inst, self.label)
    }
}

/// The result of assembling a source: statements in order and diagnostics.
/// Lines with errors produce no statement; the others still assemble.
#[derive(Clone, Debug, Default)]
pub struct Assembly {
    /// The statements, in source order.
    pub stmts: Vec<Stmt>,
    /// The errors, by line and column.
    pub diags: Vec<Diagnostic>,
    /// The warnings (the line assembles, as llvm-mc assembles it), by line.
    pub warnings: Vec<Diagnostic>,
}

impl Assembly {
    /// The machine code, all statements concatenated.
    pub fn bytes(&self, target: Target) -> Vec<u8> {
        let mut out = Vec::new();
        for s in &self.stmts {
            match &s.item {
                Item::Inst(i) => {
                    if let Ok(w) = codec::encode_unchecked(target, i) {
                        w.write_to(&mut out);
                    }
                }
                Item::Data(_, b) => out.extend_from_slice(b),
                Item::Label(_) => {}
            }
        }
        out
    }
}

struct Syms<'a>(&'a HashMap<String, i64>);

impl Symbols for Syms<'_> {
    fn value(&self, name: &str) -> Option<i64> {
        self.0.get(name).copied()
    }
}

/// Strips a comment (`;`, `//`, or `#` at the start of a line).
pub(crate) fn strip_comment(line: &str) -> &str {
    if line.trim_start().starts_with('#') {
        return "";
    }
    let end = [line.find(';'), line.find("//")]
        .into_iter()
        .flatten()
        .min()
        .unwrap_or(line.len());
    &line[..end]
}

/// Assembles a whole source text.
pub fn assemble(target: Target, src: &str) -> Assembly {
    assemble_with(target, src, false)
}

fn assemble_with(target: Target, src: &str, symbol_literals: bool) -> Assembly {
    let mut out = Assembly::default();
    let mut symbols: HashMap<String, i64> = HashMap::new();
    let mut labels: HashMap<String, usize> = HashMap::new();
    let mut fixups: Vec<(usize, usize, String, i64, usize, &str)> = Vec::new(); // (stmt, line, sym, addend, col, text)
    let mut offset = 0usize;
    let mut in_text = true;
    for (ln, raw) in src.lines().enumerate() {
        let line_no = ln + 1;
        let line = strip_comment(raw);
        let diag = |e: Error| Diagnostic {
            line: line_no,
            col: e.pos + 1,
            msg: e.msg.into_owned(),
            source: raw.to_string(),
        };
        let mut s = ws(line);
        // Only .text is assembled here: a switch to another section is an error, and
        // what that section holds is left out (an object file has sections).
        if let Some((text, name)) = section_switch(s) {
            in_text = text;
            if !text {
                out.diags.push(diag(Error::new(
                    line.len() - s.len(),
                    format!(
                        "section '{name}' needs an object file (asm --filetype obj); its contents are left out"
                    ),
                )));
            }
            continue;
        }
        if !in_text {
            continue;
        }
        // Labels.
        while let Ok((rest, name)) = lex::ident(s) {
            let r = ws(rest);
            if !r.starts_with(':') || r.starts_with("::") {
                break;
            }
            if labels.insert(name.to_string(), offset).is_some() {
                out.diags.push(diag(Error::new(
                    line.len() - s.len(),
                    format!("symbol '{name}' is already defined"),
                )));
            }
            out.stmts.push(Stmt {
                line: line_no,
                col: line.len() - s.len() + 1,
                operand_cols: [0; 8],
                offset,
                item: Item::Label(name.to_string()),
                label: None,
            });
            s = ws(&r[1..]);
        }
        if s.trim().is_empty() {
            continue;
        }
        // (Positions are `line.len() - rest.len()`: trim both alike, or whitespace
        // before a comment would shift every column.)
        let (line, s) = (line.trim_end(), s.trim_end());
        let pos = line.len() - ws(s).len();
        let mut label = None;
        let mut operand_cols = [0u16; 8];
        let res = if s.starts_with('.') {
            directive(target, line, s, &mut symbols, offset)
        } else if let Some((name, rest)) = assignment(s) {
            let cx_syms = Syms(&symbols);
            match expr::expr(rest, &cx_syms) {
                Ok((r, v)) if ws(r).is_empty() => {
                    symbols.insert(name.to_string(), v);
                    Ok(None)
                }
                _ => Err(Error::new(pos, "expected absolute expression")),
            }
        } else {
            instruction(target, line, s, &Syms(&symbols), &mut operand_cols).and_then(
                |(inst, fix, warning)| {
                    if let Some(w) = warning {
                        out.warnings.push(diag(w));
                    }
                    if fix.as_ref().is_some_and(|f| f.literal) && symbol_literals {
                        return Ok(Some(Item::Inst(inst)));
                    }
                    if let Some(f) = fix.filter(|f| f.literal) {
                        return Err(Error::new(
                            f.pos,
                            "a symbol as a literal needs an object file (asm --filetype obj)",
                        ));
                    }
                    if let Some(f) = fix {
                        fixups.push((
                            out.stmts.len(),
                            line_no,
                            f.sym.to_string(),
                            f.addend,
                            f.pos,
                            raw,
                        ));
                        label = Some(line[f.pos..].trim_end().to_string());
                    }
                    Ok(Some(Item::Inst(inst)))
                },
            )
        };
        match res {
            Ok(Some(item)) => {
                let size = match &item {
                    Item::Inst(i) => i.size(),
                    Item::Data(_, b) => b.len(),
                    Item::Label(_) => 0,
                };
                out.stmts.push(Stmt {
                    line: line_no,
                    col: pos + 1,
                    operand_cols,
                    offset,
                    item,
                    label,
                });
                offset += size;
            }
            Ok(None) => {}
            Err(e) => out.diags.push(diag(e)),
        }
    }
    // Resolve branch targets: SIMM16 = (target - (pc + 4)) / 4. A branch that cannot
    // be resolved is reported and dropped from the output.
    let mut dropped = Vec::new();
    for (idx, line_no, sym, addend, col, raw) in fixups {
        let st = &mut out.stmts[idx];
        let mk = |msg: &str| Diagnostic {
            line: line_no,
            col: col + 1,
            msg: msg.to_string(),
            source: raw.to_string(),
        };
        let Some(&dest) = labels.get(&sym) else {
            out.diags.push(mk(&format!("undefined label '{sym}'")));
            dropped.push(idx);
            continue;
        };
        let delta = dest as i64 + addend - (st.offset as i64 + 4);
        if delta % 4 != 0 || !(-0x8000 * 4..=0x7fff * 4).contains(&delta) {
            out.diags.push(mk("branch size exceeds simm16"));
            dropped.push(idx);
            continue;
        }
        if let Item::Inst(i) = &mut st.item {
            i.imm = (delta / 4) as i16 as u16 as u32;
        }
    }
    // (One pass, however many are dropped.)
    if !dropped.is_empty() {
        let mut k = 0;
        let mut next = dropped.iter().peekable();
        out.stmts.retain(|_| {
            let keep = next.peek() != Some(&&k);
            if !keep {
                next.next();
            }
            k += 1;
            keep
        });
    }
    out.diags.sort_by_key(|d| (d.line, d.col));
    out
}

/// A directive that switches sections: whether the new one is `.text`, and its name.
fn section_switch(s: &str) -> Option<(bool, String)> {
    let (rest, name) = lex::ident(s).ok()?;
    let rest = ws(rest);
    let target = match name {
        ".text" | ".data" | ".bss" | ".rodata" => name.to_string(),
        ".section" | ".pushsection" => rest
            .split(|c: char| c == ',' || c.is_whitespace())
            .next()
            .unwrap_or("")
            .trim_matches('"')
            .to_string(),
        ".popsection" | ".previous" => name.to_string(),
        _ => return None,
    };
    Some((target == ".text", target))
}

fn assignment(s: &str) -> Option<(&str, &str)> {
    let (rest, name) = lex::ident(s).ok()?;
    let r = ws(rest);
    let r = r.strip_prefix('=')?;
    if r.starts_with('=') {
        return None;
    }
    Some((name, ws(r)))
}

/// Binds one instruction's text (`s`, a suffix of `line`): the instruction, a symbol
/// it names that a fixup resolves, and what llvm-mc warns of (located in `line`).
pub(crate) fn instruction<'a>(
    target: Target,
    line: &'a str,
    s: &'a str,
    syms: &dyn Symbols,
    operand_cols: &mut [u16; 8],
) -> Result<(Inst, Option<Fixup<'a>>, Option<Error>), Error> {
    let mpos = line.len() - s.len();
    let (rest, mnemonic) =
        lex::ident(s).map_err(|_| Error::new(mpos, "unexpected token at start of statement"))?;
    let lower;
    let mnemonic = if mnemonic.bytes().any(|b| b.is_ascii_uppercase()) {
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
    let mut items = crate::syntax::operands::Items::new();
    cx.items(rest, &mut items);
    let operands = items
        .iter()
        .filter(|it| !matches!(it.kind, crate::syntax::operands::Kind::Mod(_)));
    for (slot, it) in operand_cols.iter_mut().zip(operands) {
        *slot = u16::try_from(it.start + 1).unwrap_or(0);
    }
    let b = bind(target, mnemonic, mpos, &items)?;
    let warning = b.warning.map(|m| Error::new(mpos, m));
    Ok((b.inst, b.fixup, warning))
}

fn directive(
    target: Target,
    line: &str,
    s: &str,
    symbols: &mut HashMap<String, i64>,
    offset: usize,
) -> Result<Option<Item>, Error> {
    let pos = line.len() - s.len();
    let (rest, name) = lex::ident(s).map_err(|_| Error::new(pos, "unknown directive"))?;
    let _ = target;
    let data = |width: usize, dname: &'static str| -> Result<Option<Item>, Error> {
        let mut bytes = Vec::new();
        let syms = Syms(symbols);
        let mut r = ws(rest);
        loop {
            let p = line.len() - r.len();
            let (r2, v) =
                expr::expr(r, &syms).map_err(|_| Error::new(p, "expected absolute expression"))?;
            let bits = width * 8;
            let fits = if bits == 64 {
                true
            } else {
                v >= -(1i64 << (bits - 1)) && v < (1i64 << bits)
            };
            if !fits {
                return Err(Error::new(p, "out of range literal value"));
            }
            bytes.extend_from_slice(&v.to_le_bytes()[..width]);
            r = ws(r2);
            match r.strip_prefix(',') {
                Some(r3) => r = ws(r3),
                None if r.is_empty() => break,
                None => {
                    return Err(Error::new(
                        line.len() - r.len(),
                        "unexpected token in directive",
                    ))
                }
            }
        }
        Ok(Some(Item::Data(dname, bytes)))
    };
    match name {
        ".long" | ".int" | ".4byte" => data(4, ".long"),
        ".short" | ".2byte" | ".value" => data(2, ".short"),
        ".byte" => data(1, ".byte"),
        ".quad" | ".8byte" => data(8, ".quad"),
        ".fill" | ".space" | ".skip" | ".zero" => {
            // .fill REPEAT[, SIZE[, VALUE]]; .space/.skip/.zero SIZE[, BYTE].
            let syms = Syms(symbols);
            let mut args = Vec::new();
            let mut r = ws(rest);
            while !r.is_empty() {
                let p = line.len() - r.len();
                let (r2, v) = expr::expr(r, &syms)
                    .map_err(|_| Error::new(p, "expected absolute expression"))?;
                args.push((p, v));
                r = ws(r2);
                match r.strip_prefix(',') {
                    Some(r3) if args.len() < 3 => r = ws(r3),
                    None if r.is_empty() => {}
                    _ => {
                        return Err(Error::new(
                            line.len() - r.len(),
                            "unexpected token in directive",
                        ))
                    }
                }
            }
            let arg = |k: usize, dflt: i64| args.get(k).map_or(dflt, |a| a.1);
            let (count, size, value) = if name == ".fill" {
                (arg(0, 0), arg(1, 1), arg(2, 0))
            } else {
                (arg(0, 0), 1, arg(1, 0))
            };
            if !(0..=8).contains(&size) || !(0..=1 << 24).contains(&count) {
                return Err(Error::new(
                    args.first().map_or(pos, |a| a.0),
                    "invalid fill size or count",
                ));
            }
            let unit = &value.to_le_bytes()[..size as usize];
            let bytes = unit.repeat(count as usize);
            Ok((!bytes.is_empty()).then_some(Item::Data(".byte", bytes)))
        }
        ".text"
        | ".globl"
        | ".global"
        | ".amdgcn_target"
        | ".hsa_code_object_version"
        | ".type"
        | ".size" => Ok(None),
        ".set" | ".equ" => {
            let r = ws(rest);
            let (r2, sym) = lex::ident(r)
                .map_err(|_| Error::new(line.len() - r.len(), "expected identifier"))?;
            let r3 = ws(r2)
                .strip_prefix(',')
                .ok_or(Error::new(line.len() - r2.len(), "expected comma"))?;
            let syms = Syms(symbols);
            let (r4, v) = expr::expr(ws(r3), &syms)
                .map_err(|_| Error::new(line.len() - r3.len(), "expected absolute expression"))?;
            if !ws(r4).is_empty() {
                return Err(Error::new(line.len() - r4.len(), "unexpected token"));
            }
            symbols.insert(sym.to_string(), v);
            Ok(None)
        }
        ".p2align" | ".align" | ".balign" | ".p2alignw" | ".balignw" | ".p2alignl" | ".balignl" => {
            // ALIGN[, FILL[, MAX]]; FILL is a byte, a 2-byte (w) or 4-byte (l) unit.
            let syms = Syms(symbols);
            let mut args: [Option<(usize, i64)>; 3] = [None; 3];
            let mut r = ws(rest);
            let mut k = 0;
            loop {
                let p = line.len() - r.len();
                if !(r.is_empty() || r.starts_with(',')) {
                    let (r2, v) = expr::expr(r, &syms)
                        .map_err(|_| Error::new(p, "expected absolute expression"))?;
                    args[k] = Some((p, v));
                    r = ws(r2);
                }
                match r.strip_prefix(',') {
                    Some(r3) if k < 2 => {
                        r = ws(r3);
                        k += 1;
                    }
                    None if r.is_empty() => break,
                    _ => {
                        return Err(Error::new(
                            line.len() - r.len(),
                            "unexpected token in directive",
                        ))
                    }
                }
            }
            let (at, v) = args[0].ok_or(Error::new(pos, "unknown token in expression"))?;
            // (.align counts bytes on AMDGPU, like .balign.)
            let align = if name.starts_with(".p2") {
                if !(0..32).contains(&v) {
                    return Err(Error::new(at, "invalid alignment value"));
                }
                1i64 << v
            } else {
                if v < 0 || (v != 0 && v & (v - 1) != 0) {
                    return Err(Error::new(at, "alignment must be a power of 2"));
                }
                v.max(1)
            };
            // Our own limit, to keep padding in memory.
            if align > 1 << 24 {
                return Err(Error::new(at, "alignment too large (at most 16 MiB)"));
            }
            let width = match name.as_bytes().last() {
                Some(b'w') => 2,
                Some(b'l') => 4,
                _ => 1,
            };
            if let Some((p, f)) = args[1] {
                let bits = width * 8;
                if f < -(1i64 << (bits - 1)) || f >= 1i64 << bits {
                    return Err(Error::new(p, "invalid fill value"));
                }
            }
            let pad = (align as usize - offset % align as usize) % align as usize;
            if args[2].is_some_and(|(_, m)| pad as i64 > m) {
                return Ok(None);
            }
            let bytes = match args[1] {
                Some((_, f)) => {
                    let unit = &f.to_le_bytes()[..width];
                    (0..pad).map(|k| unit[k % width]).collect()
                }
                None => {
                    // Code pads with s_nop 0 where whole dwords fit.
                    let mut bytes = vec![0u8; pad % 4];
                    for _ in 0..pad / 4 {
                        bytes.extend_from_slice(&0xbf80_0000u32.to_le_bytes());
                    }
                    bytes
                }
            };
            Ok(if bytes.is_empty() {
                None
            } else {
                Some(Item::Data(".p2align", bytes))
            })
        }
        _ => Err(Error::new(pos, "unknown directive")),
    }
}

/// Assembles a single instruction line (no labels or directives). llvm-mc's warnings
/// are not returned here ([`assemble`] has them).
pub fn assemble_line(target: Target, line: &str) -> Result<Inst, Diagnostic> {
    let text = strip_comment(line).trim_end();
    let s = ws(text);
    instruction(target, text, s, &(), &mut [0; 8])
        .map(|(i, _, _)| i)
        .map_err(|e| Diagnostic {
            line: 1,
            col: e.pos + 1,
            msg: e.msg.into_owned(),
            source: line.to_string(),
        })
}
