//! Parsing an instruction's operand text into located items: registers, numbers,
//! symbolic operands and named modifiers. Which field each item lands in is decided
//! afterwards by `bind.rs`, from the instruction's signature.

use super::lex::{self, expr, float, ident, integer, keyword_colon, ws, ExprError, Symbols};
use super::symbolic;
use crate::operand::{RegFile, RegRange, ALIASES, NAMED};
use crate::target::Target;

/// A number or a symbol reference as written.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Value<'a> {
    Int(i64),
    Float(f64),
    /// An undefined symbol plus an addend (a label defined later).
    Sym(&'a str, i64),
}

/// A named modifier after the operands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Modifier {
    Clamp,
    /// 1 = mul:2, 2 = mul:4, 3 = div:2 (0 = mul:1 / div:1).
    Omod(u8),
    /// Bit list with its length: op_sel, op_sel_hi, neg_lo, neg_hi.
    OpSel(u8, u8),
    OpSelHi(u8, u8),
    NegLo(u8, u8),
    NegHi(u8, u8),
    Glc,
    Nv,
    Offset(i64),
}

#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Kind<'a> {
    /// A register, register tuple or named register: its operand code and width.
    Reg {
        code: u16,
        dwords: u8,
    },
    Val(Value<'a>),
    /// `lit(...)`: forced literal encoding.
    Lit(Value<'a>),
    Hwreg(u16),
    Sendmsg(u16),
    GprIdx(u16),
    Waitcnt(u16),
    Mod(Modifier),
}

/// One operand item with its source modifiers and byte position in the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item<'a> {
    pub kind: Kind<'a>,
    pub neg: bool,
    pub abs: bool,
    pub sext: bool,
    pub pos: usize,
}

/// A parse error: byte position in the line and message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Error {
    pub pos: usize,
    pub msg: String,
}

pub(crate) fn err<T>(pos: usize, msg: impl Into<String>) -> Result<T, Error> {
    if std::env::var("AMC_DEBUG").is_ok() {
        eprintln!("{}", std::backtrace::Backtrace::force_capture());
    }
    Err(Error {
        pos,
        msg: msg.into(),
    })
}

/// Up to 16 items without allocation.
pub struct Items<'a> {
    buf: [Option<Item<'a>>; 16],
    len: usize,
}

impl<'a> Items<'a> {
    fn new() -> Self {
        Items {
            buf: [None; 16],
            len: 0,
        }
    }
    fn push(&mut self, it: Item<'a>) -> Result<(), Error> {
        if self.len == self.buf.len() {
            return err(it.pos, "too many operands");
        }
        self.buf[self.len] = Some(it);
        self.len += 1;
        Ok(())
    }
    pub fn iter(&self) -> impl Iterator<Item = &Item<'a>> {
        self.buf[..self.len].iter().flatten()
    }
    pub fn len(&self) -> usize {
        self.len
    }
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }
}

/// Parser state: the whole line (for positions), the target, and symbol values.
pub struct Cx<'a, 's> {
    pub line: &'a str,
    pub target: Target,
    pub syms: &'s dyn Symbols,
    /// Inside `|...|`, where `|` closes the operand instead of being an operator.
    pub in_abs: std::cell::Cell<bool>,
}

impl<'a> Cx<'a, '_> {
    fn pos(&self, rest: &str) -> usize {
        self.line.len() - rest.len()
    }

    /// Parses the operand list that starts at `s` (after the mnemonic).
    pub fn items(&self, s: &'a str) -> Result<Items<'a>, Error> {
        let mut items = Items::new();
        let mut s = ws(s);
        let mut first = true;
        while !s.is_empty() {
            if !first {
                if let Some(r) = s.strip_prefix(',') {
                    s = ws(r);
                    if s.is_empty() {
                        return err(self.pos(s), "expected an operand after ','");
                    }
                }
            }
            first = false;
            let (rest, it) = self.item(s)?;
            items.push(it)?;
            let next = ws(rest);
            if next.len() == rest.len() && !next.is_empty() && !next.starts_with(',') {
                let msg = if next.starts_with(|c: char| "+-*/%&|^<>=!~(".contains(c)) {
                    "unknown token in expression"
                } else {
                    "unexpected token"
                };
                return err(self.pos(next), msg);
            }
            s = next;
        }
        Ok(items)
    }

    fn item(&self, s: &'a str) -> Result<(&'a str, Item<'a>), Error> {
        let pos = self.pos(s);
        let mk = |kind| Item {
            kind,
            neg: false,
            abs: false,
            sext: false,
            pos,
        };
        if let Some((r, m)) = self.modifier(s)? {
            return Ok((r, mk(Kind::Mod(m))));
        }
        // Symbolic operands.
        for (name, f) in [
            ("hwreg", symbolic::parse_hwreg as fn(_, &str) -> _),
            ("sendmsg", symbolic::parse_sendmsg),
        ] {
            if s.starts_with(name) && ws(&s[name.len()..]).starts_with('(') {
                let (v, n) = f(self.target.gen, s).map_err(|e| Error {
                    pos: pos + e.offset,
                    msg: e.msg,
                })?;
                let kind = if name == "hwreg" {
                    Kind::Hwreg(v)
                } else {
                    Kind::Sendmsg(v)
                };
                return Ok((&s[n..], mk(kind)));
            }
        }
        if s.starts_with("gpr_idx") {
            let (v, n) = symbolic::parse_gpr_idx(s).map_err(|e| Error {
                pos: pos + e.offset,
                msg: e.msg,
            })?;
            return Ok((&s[n..], mk(Kind::GprIdx(v))));
        }
        if ["vmcnt", "expcnt", "lgkmcnt"]
            .iter()
            .any(|c| s.starts_with(c))
        {
            let (v, n) = symbolic::parse_waitcnt(self.target.gen, s).map_err(|e| Error {
                pos: pos + e.offset,
                msg: e.msg,
            })?;
            return Ok((&s[n..], mk(Kind::Waitcnt(v))));
        }
        self.operand(s)
    }

    /// A source operand with optional `-`, `|..|`, `abs()`, `neg()`, `sext()` modifiers.
    fn operand(&self, s: &'a str) -> Result<(&'a str, Item<'a>), Error> {
        let pos = self.pos(s);
        // `-` before a number is the number's sign; before anything else it is `neg`.
        if let Some(r) = s.strip_prefix('-') {
            let r1 = ws(r);
            let numeric =
                r1.starts_with(|c: char| c.is_ascii_digit() || c == '(' || c == '-' || c == '~');
            if !numeric {
                let (rest, mut it) = self.operand(r1)?;
                if it.neg {
                    return err(pos, "invalid syntax, expected 'neg' modifier");
                }
                it.neg = true;
                it.pos = pos;
                return Ok((rest, it));
            }
        }
        if let Some(r) = s.strip_prefix('|') {
            let outer = self.in_abs.replace(true);
            let inner = self.operand(ws(r));
            self.in_abs.set(outer);
            let (rest, mut it) = inner?;
            let rest = ws(rest);
            let Some(rest) = rest.strip_prefix('|') else {
                return err(self.pos(rest), "expected vertical bar");
            };
            if it.abs {
                return err(pos, "invalid syntax, expected 'abs' modifier");
            }
            it.abs = true;
            it.pos = pos;
            return Ok((rest, it));
        }
        for f in ["abs", "neg", "sext"] {
            if let Some(r) = s.strip_prefix(f) {
                if let Some(r) = ws(r).strip_prefix('(') {
                    let (rest, mut it) = self.operand(ws(r))?;
                    let rest = ws(rest);
                    let Some(rest) = rest.strip_prefix(')') else {
                        return err(self.pos(rest), "expected closing parentheses");
                    };
                    match f {
                        "abs" => it.abs = true,
                        "neg" => it.neg = true,
                        _ => it.sext = true,
                    }
                    it.pos = pos;
                    return Ok((rest, it));
                }
            }
        }
        let (rest, kind) = self.primary(s)?;
        Ok((
            rest,
            Item {
                kind,
                neg: false,
                abs: false,
                sext: false,
                pos,
            },
        ))
    }

    fn primary(&self, s: &'a str) -> Result<(&'a str, Kind<'a>), Error> {
        let pos = self.pos(s);
        if let Some(r) = s.strip_prefix("lit") {
            if let Some(r) = ws(r).strip_prefix('(') {
                let (rest, v) = self.value(ws(r))?;
                let rest = ws(rest);
                let Some(rest) = rest.strip_prefix(')') else {
                    return err(self.pos(rest), "expected closing parentheses");
                };
                return Ok((rest, Kind::Lit(v)));
            }
        }
        if s.starts_with('[') {
            return self.reg_list(s);
        }
        if let Ok((rest, name)) = ident(s) {
            if let Some((rest, r)) = self.register(s, name, rest)? {
                return Ok((rest, r));
            }
        }
        let (rest, v) = self.value(s)?;
        if rest.len() == s.len() {
            return err(pos, "not a valid operand.");
        }
        Ok((rest, Kind::Val(v)))
    }

    /// A number (float or integer expression) or a symbol.
    fn value(&self, s: &'a str) -> Result<(&'a str, Value<'a>), Error> {
        let pos = self.pos(s);
        let (neg, body) = match s.strip_prefix('-') {
            Some(r) => (true, ws(r)),
            None => (false, s),
        };
        if let Ok((rest, f)) = float(body) {
            return Ok((rest, Value::Float(if neg { -f } else { f })));
        }
        let parsed = if self.in_abs.get() {
            lex::expr_in_abs(s, self.syms)
        } else {
            expr(s, self.syms)
        };
        match parsed {
            Ok((rest, v)) => Ok((rest, Value::Int(v))),
            Err(ExprError::Unknown(at)) if at.len() == s.len() => {
                // A lone symbol, possibly plus/minus a constant: a forward label.
                let (rest, name) = ident(s).map_err(|_| Error {
                    pos,
                    msg: "unknown token in expression".into(),
                })?;
                let r = ws(rest);
                if let Some(op) = r.chars().next().filter(|c| *c == '+' || *c == '-') {
                    let (rest2, add) = expr(ws(&r[1..]), self.syms).map_err(|_| Error {
                        pos: self.pos(r),
                        msg: "unknown token in expression".into(),
                    })?;
                    let add = if op == '-' { -add } else { add };
                    return Ok((rest2, Value::Sym(name, add)));
                }
                Ok((rest, Value::Sym(name, 0)))
            }
            Err(ExprError::Unknown(at)) => err(self.pos(at), "expression must be absolute"),
            Err(ExprError::DivZero(at)) => err(self.pos(at), "division by zero"),
            Err(ExprError::Syntax(at)) => err(self.pos(at), "unknown token in expression"),
        }
    }

    /// Registers: `v1`, `s[2:3]`, `ttmp[4:7]`, `v[2*2]`, named registers and aliases.
    fn register(
        &self,
        s: &'a str,
        name: &'a str,
        rest: &'a str,
    ) -> Result<Option<(&'a str, Kind<'a>)>, Error> {
        let pos = self.pos(s);
        let file = |p: &str| match p {
            "v" => Some(RegFile::Vgpr),
            "s" => Some(RegFile::Sgpr),
            "ttmp" => Some(RegFile::Ttmp),
            _ => None,
        };
        if let Some(f) = file(name) {
            if let Some(r) = ws(rest).strip_prefix('[') {
                let (r, lo) = expr(ws(r), self.syms).map_err(|_| Error {
                    pos: self.pos(r),
                    msg: "expected an absolute expression".into(),
                })?;
                let r = ws(r);
                let (r, hi) = match r.strip_prefix(':') {
                    Some(r2) => {
                        let (r3, hi) = expr(ws(r2), self.syms).map_err(|_| Error {
                            pos: self.pos(r2),
                            msg: "expected an absolute expression".into(),
                        })?;
                        (ws(r3), hi)
                    }
                    None => (r, lo),
                };
                let Some(r) = r.strip_prefix(']') else {
                    return err(self.pos(r), "expected a closing square bracket");
                };
                return self.range(pos, f, lo, hi).map(|k| Some((r, k)));
            }
        }
        // v12, s3, ttmp5
        let split = name.find(|c: char| c.is_ascii_digit());
        if let Some(i) = split {
            if let Some(f) = file(&name[..i]) {
                let digits = &name[i..];
                if digits.bytes().all(|b| b.is_ascii_digit()) {
                    let n: i64 = digits.parse().unwrap_or(i64::MAX);
                    return self.range(pos, f, n, n).map(|k| Some((rest, k)));
                }
            }
        }
        if let Some((_, code, w)) = NAMED.iter().find(|(n, _, _)| *n == name) {
            return Ok(Some((
                rest,
                Kind::Reg {
                    code: *code,
                    dwords: *w,
                },
            )));
        }
        if let Some((_, code)) = ALIASES.iter().find(|(n, _)| *n == name) {
            return Ok(Some((
                rest,
                Kind::Reg {
                    code: *code,
                    dwords: 1,
                },
            )));
        }
        Ok(None)
    }

    fn range(&self, pos: usize, file: RegFile, lo: i64, hi: i64) -> Result<Kind<'a>, Error> {
        let limit = match file {
            RegFile::Vgpr => 256,
            RegFile::Sgpr => 102,
            RegFile::Ttmp => 16,
        };
        if lo < 0 || hi < lo || hi >= limit {
            return err(pos, "register index is out of range");
        }
        let count = hi - lo + 1;
        if !(1..=12).contains(&count) && count != 16 && count != 32 {
            return err(pos, "invalid register tuple size");
        }
        let count = count as u8;
        let align = match count {
            1 => 1,
            2 | 3 => 2,
            _ => 4,
        };
        if file != RegFile::Vgpr && lo % align != 0 {
            return err(pos, "invalid register alignment");
        }
        let code = crate::operand::reg_code(RegRange {
            file,
            first: lo as u16,
            count,
        });
        Ok(Kind::Reg {
            code,
            dwords: count,
        })
    }

    /// `[s0,s1,s2]`, `[v4,v5]`, `[vcc_lo,vcc_hi]`, `[exec]` (SP3 forms).
    fn reg_list(&self, s: &'a str) -> Result<(&'a str, Kind<'a>), Error> {
        let pos = self.pos(s);
        let mut r = ws(&s[1..]);
        let mut first: Option<(u16, u8)> = None;
        let mut count = 0u8;
        loop {
            let (rest, name) = ident(r).map_err(|_| Error {
                pos: self.pos(r),
                msg: "expected a register".into(),
            })?;
            let Some((rest, Kind::Reg { code, dwords })) = self.register(r, name, rest)? else {
                return err(self.pos(r), "expected a register");
            };
            match first {
                None => first = Some((code, dwords)),
                Some((c0, _)) => {
                    let same_file = (code >= 256) == (c0 >= 256);
                    if dwords != 1 || !same_file || code != c0 + count as u16 {
                        return err(self.pos(r), "registers in a list must be of the same kind and have consecutive indices");
                    }
                }
            }
            count += dwords;
            r = ws(rest);
            if let Some(rest) = r.strip_prefix(',') {
                r = ws(rest);
                continue;
            }
            let Some(rest) = r.strip_prefix(']') else {
                return err(self.pos(r), "expected a comma or a closing square bracket");
            };
            let (code, _) = first.unwrap_or((0, 1));
            if count > 1 && matches!(code, 102..=127) && !matches!(code, 108..=123) {
                // [vcc_lo,vcc_hi] and friends.
                if !(count == 2 && matches!(code, 102 | 104 | 106 | 126)) {
                    return err(pos, "invalid register list");
                }
            } else if count > 1 {
                let (file, base) = match code {
                    0..=101 => (RegFile::Sgpr, code),
                    108..=123 => (RegFile::Ttmp, code - 108),
                    _ => (RegFile::Vgpr, code - 256),
                };
                self.range(pos, file, base as i64, base as i64 + count as i64 - 1)?;
            }
            return Ok((
                rest,
                Kind::Reg {
                    code,
                    dwords: count,
                },
            ));
        }
    }

    /// Named modifiers: clamp, omod, op_sel..., glc, nv, offset.
    fn modifier(&self, s: &'a str) -> Result<Option<(&'a str, Modifier)>, Error> {
        let Ok((rest, name)) = ident(s) else {
            return Ok(None);
        };
        let pos = self.pos(s);
        let after_colon = keyword_colon(s, name);
        let m = match (name, after_colon) {
            ("clamp", None) => (rest, Modifier::Clamp),
            ("glc", None) => (rest, Modifier::Glc),
            ("nv", None) => (rest, Modifier::Nv),
            ("mul" | "div", Some(r)) => {
                let (r2, v) = integer(r).map_err(|_| Error {
                    pos: self.pos(r),
                    msg: "expected a number".into(),
                })?;
                let omod = match (name, v) {
                    ("mul", 1) | ("div", 1) => 0,
                    ("mul", 2) => 1,
                    ("mul", 4) => 2,
                    ("div", 2) => 3,
                    _ => return err(self.pos(r), "invalid mul value."),
                };
                (r2, Modifier::Omod(omod))
            }
            ("op_sel" | "op_sel_hi" | "neg_lo" | "neg_hi", Some(r)) => {
                let (r2, bits, n) = self.bit_list(r)?;
                let m = match name {
                    "op_sel" => Modifier::OpSel(bits, n),
                    "op_sel_hi" => Modifier::OpSelHi(bits, n),
                    "neg_lo" => Modifier::NegLo(bits, n),
                    _ => Modifier::NegHi(bits, n),
                };
                (r2, m)
            }
            ("offset", Some(r)) => {
                let (r2, v) = expr(r, self.syms).map_err(|_| Error {
                    pos: self.pos(r),
                    msg: "expected an absolute expression".into(),
                })?;
                (r2, Modifier::Offset(v))
            }
            _ => return Ok(None),
        };
        let _ = pos;
        Ok(Some(m))
    }

    fn bit_list(&self, s: &'a str) -> Result<(&'a str, u8, u8), Error> {
        let Some(mut r) = s.strip_prefix('[') else {
            return err(self.pos(s), "expected a left square bracket");
        };
        let mut bits = 0u8;
        let mut n = 0u8;
        loop {
            r = ws(r);
            let (r2, v) = integer(r).map_err(|_| Error {
                pos: self.pos(r),
                msg: "expected a 0 or 1".into(),
            })?;
            if v > 1 || n >= 4 {
                return err(self.pos(r), "invalid op_sel value.");
            }
            bits |= (v as u8) << n;
            n += 1;
            r = ws(r2);
            if let Some(r3) = r.strip_prefix(',') {
                r = r3;
                continue;
            }
            return match r.strip_prefix(']') {
                Some(r3) => Ok((r3, bits, n)),
                None => err(self.pos(r), "expected a closing square bracket"),
            };
        }
    }
}

/// Splits a statement into mnemonic and the operand text.
pub fn mnemonic(s: &str) -> Option<(&str, &str)> {
    let (rest, m) = lex::ident(s).ok()?;
    Some((m, rest))
}
