//! The parser: one line of the text the disassembler prints (LLVM's R600 syntax plus
//! `KEY:value` fields) into an instruction, a literal slot or data. The assembler
//! ([`super::asm`]) lays the lines out and checks the program.

use super::disasm::Kind;
use super::inst::{alu, cf, cfalu, exp, fetch, Fmt, Inst};
use super::print::{BANK_SWIZZLE, CHAN, INLINE, SWZ};
use super::tables::{tables, AluOp, CfSyntax, Named};
use super::Chip;

/// An error at a line and column (both 1-based).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    /// Line.
    pub line: usize,
    /// Column.
    pub col: usize,
    /// Message.
    pub msg: String,
}

impl std::fmt::Display for Error {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}:{}: {}", self.line, self.col, self.msg)
    }
}

impl std::error::Error for Error {}

pub(super) type Res<T> = Result<T, (usize, String)>;

/// A token and its 0-based byte column.
#[derive(Clone, Copy, Debug)]
pub(super) struct Tok<'a> {
    pub(super) s: &'a str,
    pub(super) col: usize,
}

/// Splits on white space and commas, keeping (..) and [..] together.
pub(super) fn tokens(line: &str) -> Vec<Tok<'_>> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut start = None;
    for (k, c) in line.char_indices() {
        match c {
            '(' | '[' => depth += 1,
            ')' | ']' => depth -= 1,
            _ => {}
        }
        let sep = depth <= 0 && (c.is_whitespace() || c == ',');
        match (sep, start) {
            (true, Some(s)) => {
                out.push(Tok {
                    s: &line[s..k],
                    col: s,
                });
                start = None;
            }
            (false, None) => start = Some(k),
            _ => {}
        }
    }
    if let Some(s) = start {
        out.push(Tok {
            s: &line[s..],
            col: s,
        });
    }
    out
}

fn number(s: &str) -> Option<u64> {
    if let Some(h) = s.strip_prefix("0x").or_else(|| s.strip_prefix("0X")) {
        u64::from_str_radix(h, 16).ok()
    } else {
        s.parse().ok()
    }
}

pub(super) fn int(t: Tok, max: u64) -> Res<u32> {
    match number(t.s) {
        Some(v) if v <= max => Ok(v as u32),
        Some(_) => Err((t.col, format!("value {} out of range (0-{max})", t.s))),
        None => Err((t.col, format!("expected a number, found '{}'", t.s))),
    }
}

fn set(i: &mut Inst, k: usize, v: u32, col: usize) -> Res<()> {
    let f = i.fmt.fields()[k];
    if f.width < 32 && v >> f.width != 0 {
        return Err((
            col,
            format!(
                "{} value {v} out of range (0-{})",
                f.key,
                (1u64 << f.width) - 1
            ),
        ));
    }
    i.v[k] = v;
    Ok(())
}

/// Reads `KEY:value` annotations (and LLVM's BS:NAME and CT:NNUU).
fn annotations(i: &mut Inst, toks: &[Tok]) -> Res<()> {
    for t in toks {
        let Some((key, val)) = t.s.split_once(':') else {
            return Err((t.col, format!("unexpected '{}'", t.s)));
        };
        let vcol = t.col + key.len() + 1;
        if key == "BS" && i.fmt.is_alu() {
            if let Some(b) = BANK_SWIZZLE
                .iter()
                .position(|n| *n == val || n.split('/').any(|p| p == val))
            {
                i.v[alu::BS] = b as u32;
                continue;
            }
        }
        if key == "CT" && i.fmt == Fmt::Tex {
            let b = val.as_bytes();
            if b.len() != 4 || !b.iter().all(|c| matches!(c, b'N' | b'U')) {
                return Err((vcol, "expected CT: and four of N or U".to_string()));
            }
            for (k, c) in b.iter().enumerate() {
                i.v[fetch::CT + k] = u32::from(*c == b'N');
            }
            continue;
        }
        let k = i
            .fmt
            .field(key)
            .ok_or_else(|| (t.col, format!("unknown field '{key}' for this instruction")))?;
        let v = int(Tok { s: val, col: vcol }, u32::MAX as u64)?;
        set(i, k, v, vcol)?;
    }
    Ok(())
}

fn chan(c: u8) -> Option<u32> {
    CHAN.iter().position(|&x| x as u8 == c).map(|p| p as u32)
}

/// `Tn` / `Tn.E` / `T(n + AR.x).E+`: (gpr, rel, elem).
fn reg(t: Tok, want_elem: bool) -> Res<(u32, bool, Option<u32>)> {
    let bad = || (t.col, format!("expected a register, found '{}'", t.s));
    let s = t.s.strip_prefix('T').ok_or_else(bad)?;
    let (n, rel, rest) = if let Some(r) = s.strip_prefix('(') {
        let (inner, rest) = r.split_once(')').ok_or_else(bad)?;
        let n = inner.strip_suffix(" + AR.x").ok_or_else(bad)?;
        let rest = rest.strip_suffix('+').ok_or_else(bad)?;
        (n, true, rest)
    } else {
        let e = s.find('.').unwrap_or(s.len());
        (&s[..e], false, &s[e..])
    };
    let g = int(
        Tok {
            s: n,
            col: t.col + 1,
        },
        127,
    )?;
    let elem = match rest.as_bytes() {
        [] if !want_elem => None,
        [b'.', c] => Some(chan(*c).ok_or_else(bad)?),
        _ => return Err(bad()),
    };
    Ok((g, rel, elem))
}

/// An ALU source: (sel, rel, elem, neg, abs).
fn alu_src(t: Tok) -> Res<(u32, bool, u32, bool, bool)> {
    let bad = || (t.col, format!("invalid source operand '{}'", t.s));
    let mut s = t.s;
    let mut neg = false;
    let mut abs = false;
    // "-1" is the inline constant; "-X" negates X.
    let core = s.strip_suffix('+').unwrap_or(s);
    let inline_m1 = core == "-1"
        || (core.len() == 4 && core.starts_with("-1.") && chan(core.as_bytes()[3]).is_some());
    if !inline_m1 {
        if let Some(r) = s.strip_prefix('-') {
            neg = true;
            s = r;
        }
    }
    if let Some(r) = s.strip_prefix('|').and_then(|r| r.strip_suffix('|')) {
        abs = true;
        s = r;
    }
    if s.starts_with('T') {
        let (g, rel, e) = reg(Tok { s, col: t.col }, true)?;
        return Ok((g, rel, e.unwrap_or(0), neg, abs));
    }
    let rel = s.ends_with('+');
    if rel {
        s = &s[..s.len() - 1];
    }
    // A negated inline integer prints in parentheses: -(1).
    let unparen;
    if let Some(r) = s.strip_prefix('(') {
        let e = r.find(')').ok_or_else(bad)?;
        unparen = format!("{}{}", &r[..e], &r[e + 1..]);
        s = &unparen;
    }
    let el = |suffix: &str| -> Res<Option<u32>> {
        match suffix.as_bytes() {
            [] => Ok(None),
            [b'.', c] => chan(c.to_ascii_uppercase()).map(Some).ok_or_else(bad),
            _ => Err(bad()),
        }
    };
    let (sel, elem) = if let Some(r) = s.strip_prefix("KC0[").or(s.strip_prefix("KC1[")) {
        let (n, rest) = r.split_once(']').ok_or_else(bad)?;
        let base = if s.starts_with("KC0") { 128 } else { 160 };
        (
            base + int(Tok { s: n, col: t.col }, 31)?,
            el(rest)?.ok_or_else(bad)?,
        )
    } else if let Some(r) = s.strip_prefix("literal") {
        (253, el(r)?.ok_or_else(bad)?)
    } else if let Some(r) = s.strip_prefix("PV") {
        (254, el(r)?.ok_or_else(bad)?)
    } else if let Some(r) = s.strip_prefix("PS") {
        (255, el(r)?.unwrap_or(0))
    } else if let Some(r) = s.strip_prefix('C') {
        let e = r.find('.').ok_or_else(bad)?;
        (
            256 + int(
                Tok {
                    s: &r[..e],
                    col: t.col + 1,
                },
                255,
            )?,
            el(&r[e..])?.ok_or_else(bad)?,
        )
    } else {
        // Inline constants, longest first ("1.0" before "1").
        let mut found = None;
        for (k, name) in INLINE.iter().enumerate() {
            if let Some(r) = s.strip_prefix(name) {
                if (r.is_empty() || r.starts_with('.'))
                    && found.is_none_or(|(_, n): (u32, &str)| name.len() > n.len())
                {
                    found = Some((248 + k as u32, *name));
                }
            }
        }
        let (sel, name) = found.ok_or_else(bad)?;
        (sel, el(&s[name.len()..])?.unwrap_or(0))
    };
    Ok((sel, rel, elem, neg, abs))
}

fn swizzle(t: Tok, s: &str, i: &mut Inst, first: usize) -> Res<()> {
    let b = s.as_bytes();
    if b.len() != 4 {
        return Err((t.col, format!("expected a 4-letter swizzle in '{}'", t.s)));
    }
    for (k, &ch) in b.iter().enumerate() {
        let v = SWZ
            .iter()
            .position(|&c| c as u8 == ch && c != '?')
            .ok_or_else(|| (t.col, format!("bad swizzle letter in '{}'", t.s)))?;
        i.v[first + k] = v as u32;
    }
    Ok(())
}

/// An address operand: `@123` or `@label`.
#[derive(Debug)]
pub(super) enum Addr<'a> {
    /// A raw address.
    Num(u32),
    /// A label and its column.
    Label(&'a str, usize),
}

fn addr(t: Tok<'_>) -> Res<Addr<'_>> {
    let s =
        t.s.strip_prefix('@')
            .ok_or_else(|| (t.col, format!("expected @address, found '{}'", t.s)))?;
    Ok(match number(s) {
        Some(v) if v <= u32::MAX as u64 => Addr::Num(v as u32),
        _ if s.starts_with(|c: char| c.is_ascii_alphabetic() || c == '_' || c == '.') => {
            Addr::Label(s, t.col)
        }
        _ => return Err((t.col, format!("bad address '{}'", t.s))),
    })
}

fn need<'a>(toks: &[Tok<'a>], k: usize, what: &str, end: usize) -> Res<Tok<'a>> {
    toks.get(k)
        .copied()
        .ok_or((end, format!("expected {what}")))
}

fn kc(t: Tok, i: &mut Inst, n: usize) -> Res<()> {
    let bad = || {
        (
            t.col,
            format!("expected KC{n}[] or KC{n}[CBb:s-e], found '{}'", t.s),
        )
    };
    let body =
        t.s.strip_prefix(if n == 0 { "KC0[" } else { "KC1[" })
            .and_then(|r| r.strip_suffix(']'))
            .ok_or_else(bad)?;
    let (b, m, a) = if n == 0 {
        (cfalu::KB0, cfalu::KM0, cfalu::KA0)
    } else {
        (cfalu::KB1, cfalu::KM1, cfalu::KA1)
    };
    if body.is_empty() {
        return Ok(());
    }
    let r = body.strip_prefix("CB").ok_or_else(bad)?;
    let (bank, range) = r.split_once(':').ok_or_else(bad)?;
    let (range, lp) = match range.strip_suffix("+AL") {
        Some(r) => (r, true),
        None => (range, false),
    };
    let (s, e) = range.split_once('-').ok_or_else(bad)?;
    let (s, e) = (number(s).ok_or_else(bad)?, number(e).ok_or_else(bad)?);
    let mode = match (e.checked_sub(s), lp) {
        (Some(0), false) => 0,
        (Some(16), false) => 1,
        (Some(32), false) => 2,
        (Some(32), true) => 3,
        _ => return Err(bad()),
    };
    if s % 16 != 0 || s / 16 > 255 {
        return Err((
            t.col,
            "kcache lines start at a multiple of 16, below 4096".to_string(),
        ));
    }
    i.v[b] = int(
        Tok {
            s: bank,
            col: t.col + 6,
        },
        15,
    )?;
    i.v[m] = mode;
    i.v[a] = (s / 16) as u32;
    Ok(())
}

/// What one line holds.
#[derive(Debug)]
pub(super) enum Body<'a> {
    Inst(Inst, Option<(Addr<'a>, usize)>),
    Lit([u32; 2]),
    Words(Vec<u32>),
    Bytes(Vec<u8>),
}

pub(super) fn parse_cf<'a>(chip: Chip, toks: &[Tok<'a>], end: usize) -> Res<Body<'a>> {
    let t = tables();
    let name = toks[0];
    let mut k = 1;
    let mut i = Inst::new(Fmt::Cf);
    let mut target = None;
    match name.s {
        "PAD" => i.v[cf::BARRIER] = 0,
        "CF_END" => i.v[cf::EOP] = 1,
        _ => {
            let row = match t.named(1, name.s) {
                Some(Named::Cf(r)) => r as usize,
                Some(_) => {
                    return Err((
                        name.col,
                        format!(
                        "'{}' is not a CF instruction (use .alu, .tex or .vtx before clause code)",
                        name.s
                    ),
                    ))
                }
                None => return Err((name.col, format!("unknown instruction '{}'", name.s))),
            };
            let op = t.cf[row];
            i = Inst::new(match op.enc {
                super::tables::CfEnc::Basic => Fmt::Cf,
                super::tables::CfEnc::Alu => Fmt::CfAlu,
                super::tables::CfEnc::Buf => Fmt::ExpBuf,
                super::tables::CfEnc::Swiz => Fmt::ExpSwiz,
            });
            match op.syntax {
                CfSyntax::None => i.v[cf::INST] = op.code as u32,
                CfSyntax::Clause => {
                    i.v[cf::INST] = op.code as u32;
                    let c = int(
                        need(toks, 1, "a count", end)?,
                        if chip.r700 { 15 } else { 7 },
                    )?;
                    i.v[cf::COUNT] = c & 7;
                    i.v[cf::COUNT_3] = c >> 3;
                    target = Some((addr(need(toks, 2, "@address", end)?)?, cf::ADDR));
                    k = 3;
                }
                CfSyntax::Addr => {
                    i.v[cf::INST] = op.code as u32;
                    target = Some((addr(need(toks, 1, "@address", end)?)?, cf::ADDR));
                    k = 2;
                }
                CfSyntax::Alu => {
                    i.v[cfalu::INST] = op.code as u32;
                    i.v[cfalu::COUNT] = int(need(toks, 1, "a count", end)?, 127)?;
                    target = Some((addr(need(toks, 2, "@address", end)?)?, cfalu::ADDR));
                    kc(need(toks, 3, "KC0[..]", end)?, &mut i, 0)?;
                    kc(need(toks, 4, "KC1[..]", end)?, &mut i, 1)?;
                    k = 5;
                }
                CfSyntax::Export => {
                    i.v[exp::INST] = op.code as u32;
                    let r = need(toks, 1, "a register", end)?;
                    let (g, rest) = match r.s.find('.') {
                        Some(p) => (&r.s[..p], Some(&r.s[p + 1..])),
                        None => (r.s, None),
                    };
                    let (g, _, _) = reg(Tok { s: g, col: r.col }, false)?;
                    i.v[exp::GPR] = g;
                    match (i.fmt, rest) {
                        (Fmt::ExpSwiz, Some(s)) => swizzle(r, s, &mut i, exp::SEL)?,
                        (Fmt::ExpSwiz, None) => {
                            return Err((r.col, format!("{} needs a swizzle (Tn.XYZW)", op.name)))
                        }
                        (_, Some(_)) => {
                            return Err((
                                r.col,
                                format!("{} takes no swizzle (it writes MASK:)", op.name),
                            ))
                        }
                        _ => {}
                    }
                    k = 2;
                }
            }
        }
    }
    annotations(&mut i, &toks[k..])?;
    i.check(chip).map_err(|e| (name.col, e.to_string()))?;
    Ok(Body::Inst(i, target))
}

/// A literal slot: `LITERAL a, b`.
fn parse_literal<'a>(toks: &[Tok<'a>], end: usize) -> Res<Body<'a>> {
    let a = int(need(toks, 1, "a literal value", end)?, u32::MAX as u64)?;
    let b = int(
        need(toks, 2, "a second literal value", end)?,
        u32::MAX as u64,
    )?;
    if let Some(x) = toks.get(3) {
        return Err((x.col, "a literal slot holds two values".to_string()));
    }
    Ok(Body::Lit([a, b]))
}

/// The sources of ALU instruction `i` (row `op`) from token `k` on, up to the first
/// annotation or `Pred_sel_*`: how many, and the token after them.
fn alu_sources(i: &mut Inst, op: AluOp, toks: &[Tok<'_>], mut k: usize) -> Res<(usize, usize)> {
    let mut n = 0;
    let op3 = op.op3;
    let max = if op3 { 3 } else { 2 };
    while let Some(x) = toks.get(k) {
        if x.s.contains(':') || x.s.starts_with("Pred_sel_") {
            break;
        }
        if n == max {
            return Err((x.col, format!("too many operands for {}", op.name)));
        }
        let (sel, rel, elem, neg, abs) = alu_src(*x)?;
        if abs && op3 {
            return Err((x.col, "OP3 instructions have no |abs| modifier".to_string()));
        }
        i.v[alu::SRC_SEL[n]] = sel;
        i.v[alu::SRC_REL[n]] = rel as u32;
        i.v[alu::SRC_ELEM[n]] = elem;
        i.v[alu::SRC_NEG[n]] = neg as u32;
        if abs {
            i.v[alu::SRC_ABS[n]] = 1;
        }
        n += 1;
        k += 1;
    }
    Ok((n, k))
}

pub(super) fn parse_alu<'a>(chip: Chip, toks: &[Tok<'a>], end: usize) -> Res<Body<'a>> {
    let t = tables();
    let name = toks[0];
    if name.s == "LITERAL" {
        return parse_literal(toks, end);
    }
    let row = match t.named(0, name.s) {
        Some(Named::Alu(r)) => r as usize,
        Some(_) => return Err((name.col, format!("'{}' is not an ALU instruction", name.s))),
        None => return Err((name.col, format!("unknown instruction '{}'", name.s))),
    };
    let op = t.alu[row];
    if op.fp64 && !chip.fp64 {
        return Err((
            name.col,
            format!(
                "{} is not available on {} (no double precision)",
                op.name, chip.name
            ),
        ));
    }
    let mut i = Inst::new(if op.op3 { Fmt::Op3 } else { Fmt::op2(chip) });
    let op3 = op.op3;
    i.v[alu::INST] = op.code as u32;
    let mut k = 1;
    if toks.get(k).is_some_and(|x| x.s == "*") {
        i.v[alu::LAST] = 1;
        k += 1;
    }
    let d = need(toks, k, "a destination", end)?;
    let special = |a: &str| {
        toks.get(k).map(|x| x.s) == Some(a)
            && toks.get(k + 1).map(|x| x.s) == Some("PredicateBit")
            && toks.get(k + 2).map(|x| x.s) == Some("(MASKED)")
    };
    if !op3 && (special("Pred") || special("ExecMask")) {
        i.v[if d.s == "Pred" { alu::UP } else { alu::UEM }] = 1;
        k += 3;
    } else {
        let (g, rel, e) = reg(d, true)?;
        i.v[alu::DST_GPR] = g;
        i.v[alu::DST_REL] = rel as u32;
        i.v[alu::DST_ELEM] = e.unwrap_or(0);
        k += 1;
        if !op3 {
            if toks.get(k).is_some_and(|x| x.s == "(MASKED)") {
                k += 1;
            } else {
                i.v[alu::WM] = 1;
            }
        }
    }
    let (n, mut k) = alu_sources(&mut i, op, toks, k)?;
    if n < op.nsrc as usize || (op3 && n < 3) {
        return Err((end, format!("too few operands for {}", op.name)));
    }
    match toks.get(k).map(|x| x.s) {
        Some("Pred_sel_zero") => {
            i.v[alu::PRED_SEL] = 2;
            k += 1
        }
        Some("Pred_sel_one") => {
            i.v[alu::PRED_SEL] = 3;
            k += 1
        }
        _ => {}
    }
    annotations(&mut i, &toks[k..])?;
    i.check(chip).map_err(|e| (name.col, e.to_string()))?;
    Ok(Body::Inst(i, None))
}

pub(super) fn parse_fetch<'a>(
    chip: Chip,
    kind: Kind,
    toks: &[Tok<'a>],
    end: usize,
) -> Res<Body<'a>> {
    let t = tables();
    let name = toks[0];
    let row = match t.named(2, name.s) {
        Some(Named::Fetch(r)) => r as usize,
        Some(_) => return Err((name.col, format!("'{}' is not a fetch instruction", name.s))),
        None => return Err((name.col, format!("unknown instruction '{}'", name.s))),
    };
    let op = t.fetch[row];
    if op.vtx != (kind == Kind::Vtx) {
        return Err((
            name.col,
            format!(
                "{} does not belong in a {} clause",
                op.name,
                kind.directive()
            ),
        ));
    }
    let fmt = match (op.vtx, op.code) {
        (false, _) => Fmt::Tex,
        (true, 0) => Fmt::Vtx,
        _ => Fmt::VtxSem,
    };
    let mut i = Inst::new(fmt);
    i.v[fetch::INST] = op.code as u32;
    let d = need(toks, 1, "a destination", end)?;
    let (dr, dsw) =
        d.s.split_once('.')
            .ok_or((d.col, "expected Tn.XYZW".to_string()))?;
    i.v[fetch::DST_GPR] = if fmt == Fmt::VtxSem {
        let n = dr
            .strip_prefix("SEM")
            .ok_or((d.col, "expected SEMn.XYZW".to_string()))?;
        int(
            Tok {
                s: n,
                col: d.col + 3,
            },
            255,
        )?
    } else {
        reg(Tok { s: dr, col: d.col }, false)?.0
    };
    swizzle(d, dsw, &mut i, fetch::DST_SEL)?;
    let s = need(toks, 2, "a source", end)?;
    let (sr, ssw) =
        s.s.split_once('.')
            .ok_or((s.col, "expected Tn.swizzle".to_string()))?;
    i.v[fetch::SRC_GPR] = reg(Tok { s: sr, col: s.col }, false)?.0;
    let k = if fmt == Fmt::Tex {
        swizzle(s, ssw, &mut i, fetch::SRC_SEL)?;
        3
    } else {
        let b = ssw.as_bytes();
        i.v[fetch::SRC_SEL] = match b {
            [c] => chan(*c).ok_or((s.col, "expected Tn.X, .Y, .Z or .W".to_string()))?,
            _ => return Err((s.col, "a vertex fetch reads one element (Tn.X)".to_string())),
        };
        i.v[fetch::OFFSET] = int(need(toks, 3, "an offset", end)?, 0xffff)?;
        4
    };
    annotations(&mut i, &toks[k..])?;
    i.check(chip).map_err(|e| (name.col, e.to_string()))?;
    Ok(Body::Inst(i, None))
}

/// Parses one instruction of a clause of `kind` (`None`: CF), without the program
/// checks; addresses must be numbers. An error is on line 1, at column 0 when it is
/// about the whole line (empty, a label, not an instruction).
pub fn parse_inst(chip: Chip, kind: Option<Kind>, line: &str) -> Result<Inst, Error> {
    let whole = |msg: &str| Error {
        line: 1,
        col: 0,
        msg: msg.into(),
    };
    let toks = tokens(line);
    if toks.is_empty() {
        return Err(whole("empty line"));
    }
    let end = line.trim_end().len();
    let body = match kind {
        None => parse_cf(chip, &toks, end),
        Some(Kind::Alu) => parse_alu(chip, &toks, end),
        Some(k) => parse_fetch(chip, k, &toks, end),
    }
    .map_err(|(c, msg)| Error {
        line: 1,
        col: c + 1,
        msg,
    })?;
    match body {
        Body::Inst(mut i, target) => {
            if let Some((a, f)) = target {
                match a {
                    Addr::Num(v) => i.v[f] = v,
                    Addr::Label(..) => return Err(whole("labels need a program")),
                }
            }
            Ok(i)
        }
        _ => Err(whole("not an instruction")),
    }
}
