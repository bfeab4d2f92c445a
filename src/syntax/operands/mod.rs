//! Parsing an instruction's operand text into located items: registers, numbers,
//! symbolic operands and named modifiers. Which field each item lands in is decided
//! afterwards by `bind`, from the instruction's signature.
//!
//! llvm-mc reads an operand with one of two grammars depending on what the instruction
//! takes at that position: where abs/neg source modifiers are allowed it uses a stricter
//! modifier grammar (`--1` and `abs(-v1)` are errors there), elsewhere any modifier
//! syntax is "not a valid operand.". Since the position's kind is known only when
//! binding, an item records both outcomes (`modsyn`, `fp_err`) and `bind` picks.
//!
//! `registers` reads registers, `modifiers` named modifiers; this module the items,
//! the operand grammar and values.

mod modifiers;
mod registers;
mod words;

pub use words::Word;

use super::error::{err, Error, ErrorKind};
use super::expr::{self, ExprError, Symbols};
use super::lex::{float, ident, ident_tail, ws};
use super::symbolic;
use crate::isa::waitcnt::Counter;
use crate::reg::RegFile;
use crate::target::Target;
use std::borrow::Cow;

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
    /// A bare-word flag of a memory format (`gds`, `offen`, `slc`, ...): a
    /// [`Word::is_flag`].
    Flag(Word),
    /// `name:value` of a memory format or of DPP (`offset0:4`, `dmask:0xf`, ...):
    /// a [`Word::is_value`], or the value of a word read with its own grammar
    /// (`quad_perm`, `format`, the SDWA selects, `neg` of the f64 MFMAs).
    Value(Word, i64),
    /// A negated cache-policy bit (`noglc`, `noslc`, `nosc0`, `nosc1`, `nont`, `noscc`):
    /// the bit's word (a [`Word::is_cpol`]); it leaves the bit clear.
    NoCpol(Word),
    /// `name:value` with a name no instruction here takes.
    Unknown,
}

/// Whether the first `n` bytes of `s` are a bare word the modifier grammar reads
/// (before any register of that name).
fn is_modifier_word(s: &str, n: usize) -> bool {
    match Word::at(s, n) {
        Some(w) => matches!(w, Word::Clamp | Word::Glc | Word::Nv) || w.is_flag(),
        None => Word::negated(&s[..n]).is_some(),
    }
}

impl Modifier {
    /// Written as `name:value` (as opposed to a bare word like `clamp`).
    pub fn has_value(self) -> bool {
        !matches!(
            self,
            Modifier::Clamp
                | Modifier::Glc
                | Modifier::Nv
                | Modifier::Flag(_)
                | Modifier::NoCpol(_)
        )
    }
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
    /// A register llvm-mc knows but no instruction here accepts (AGPRs, `pc`).
    Other,
    /// An operand written with modifier syntax that the modifier grammar rejects
    /// (`fp_err` says why); parsing stops after it.
    Bad,
}

/// One operand item with its source modifiers and byte positions in the line.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Item<'a> {
    pub kind: Kind<'a>,
    pub neg: bool,
    pub abs: bool,
    pub sext: bool,
    /// Where the operand proper starts, after any modifier syntax (llvm-mc points
    /// match errors here).
    pub pos: usize,
    /// Where the operand's text starts, modifiers included.
    pub start: usize,
    /// Written with abs/neg modifier syntax (`-v1`, `|x|`, `abs(..)`, `neg(..)`, `sext(..)`),
    /// which llvm-mc reads only where the instruction takes source modifiers.
    pub modsyn: bool,
    /// The error llvm-mc reports for this operand where the instruction takes abs/neg
    /// source modifiers: (position, message).
    pub fp_err: Option<(usize, &'static str)>,
    /// A comma stands before it (llvm-mc reads a cache-policy operand as the flags up
    /// to the next comma).
    pub comma: bool,
}

impl Item<'_> {
    /// An item that stands for nothing (a slot of a list not yet filled).
    pub const BLANK: Item<'static> = Item {
        kind: Kind::Other,
        neg: false,
        abs: false,
        sext: false,
        pos: 0,
        start: 0,
        modsyn: false,
        fp_err: None,
        comma: false,
    };
}

/// Up to 16 items without allocation, and the parse error that ended the list early.
pub struct Items<'a> {
    buf: [Option<Item<'a>>; 16],
    len: usize,
    /// The first operand that could not be parsed (llvm-mc stops reading there).
    pub fail: Option<Error>,
}

impl<'a> Items<'a> {
    /// An empty list.
    pub fn new() -> Self {
        Items {
            buf: [None; 16],
            len: 0,
            fail: None,
        }
    }
    fn push(&mut self, it: Item<'a>) -> Result<(), Error> {
        if self.len == self.buf.len() {
            return err(it.start, "too many operands");
        }
        self.buf[self.len] = Some(it);
        self.len += 1;
        Ok(())
    }
    /// Appends an item taken from another list (which held it, so it fits).
    pub fn push_item(&mut self, it: Item<'a>) {
        let _ = self.push(it);
    }
    pub fn iter(&self) -> impl Iterator<Item = &Item<'a>> {
        self.buf[..self.len].iter().flatten()
    }
}

/// Parser state: the whole line (for positions), the target, the mnemonic and symbol values.
pub struct Cx<'a, 's> {
    pub line: &'a str,
    pub target: Target,
    /// The mnemonic as written, lower-cased (steers the s_waitcnt operand).
    pub mnemonic: &'s str,
    pub syms: &'s dyn Symbols,
}

/// An operand read, or an error.
type Parsed<'a> = Result<(&'a str, Item<'a>), Error>;

/// What the modifier grammar found in front of an operand.
#[derive(Default)]
struct Mods {
    /// A leading `-` (sp3's negation).
    minus: bool,
    neg: bool,
    abs: bool,
    lit: bool,
    /// `|x|`.
    bar: bool,
}

impl Mods {
    /// Whether any modifier of the modifier grammar is open (`lit` alone is not).
    fn any(&self) -> bool {
        self.minus || self.neg || self.abs || self.bar
    }
}

/// What [`Cx::open_modifiers`] read: the modifiers and the text after them, or the
/// whole operand already (an error kept for the modifier grammar).
enum Opened<'a> {
    Mods(Mods, &'a str),
    Done((&'a str, Item<'a>)),
}

impl<'a> Cx<'a, '_> {
    fn pos(&self, rest: &str) -> usize {
        self.line.len() - rest.len()
    }

    /// Parses the operand list that starts at `s` (after the mnemonic). Operands are
    /// separated by an optional comma, as llvm-mc reads them; the first operand that
    /// does not parse ends the list (`Items::fail`).
    /// (Into the caller's `items`, empty: a list is over a kilobyte, and returning it
    /// copied it.)
    pub fn items(&self, s: &'a str, items: &mut Items<'a>) {
        let mut s = ws(s);
        let mut comma = false;
        while !s.is_empty() {
            let (rest, mut it) = match self.item(s) {
                Ok(x) => x,
                Err(e) => {
                    items.fail = Some(e);
                    break;
                }
            };
            it.comma = comma;
            if let Err(e) = items.push(it) {
                items.fail = Some(e);
                break;
            }
            if it.kind == Kind::Bad {
                break;
            }
            s = ws(rest);
            comma = s.starts_with(',');
            if let Some(r) = s.strip_prefix(',') {
                s = ws(r);
            }
        }
    }

    /// The operand list `s` (after the mnemonic) when it is plain: registers, each
    /// maybe negated by a `-` right before it, and numbers, as [`Cx::items`] reads
    /// them in one pass (`quick`), separated by commas; then, where `mods` is given,
    /// named modifiers after blanks, as [`Cx::items`] reads them; nothing else. The
    /// operands as items (`neg` for `-`) in `out`, the modifiers and where each
    /// starts in `mods`; their counts. `None` for anything else, more than the
    /// arrays hold included (the full grammar reads it). With `off`, also the word
    /// `off` of memory operands, as the symbol the binder takes for it (when no
    /// symbol has that name). (The assembler's fast path for plain lines, which
    /// says which modifiers it takes.)
    pub fn plain_operands(
        &self,
        s: &'a str,
        out: &mut [Item<'a>; 5],
        mods: Option<&mut [(Modifier, usize); 6]>,
        off: bool,
    ) -> Option<(usize, usize)> {
        let mut s = ws(s);
        let mut n = 0;
        // Operands, a comma between two.
        while !s.is_empty() {
            let start = self.pos(s);
            let quick = match s.as_bytes() {
                [b'-', b'v' | b's', c, ..] if c.is_ascii_digit() || *c == b'[' => {
                    self.quick(&s[1..]).map(|(rest, kind)| (rest, kind, true))
                }
                _ => self.quick(s).map(|(rest, kind)| (rest, kind, false)),
            };
            let Some((rest, kind, neg)) = quick else {
                // (Not an operand: a modifier, first or after blanks.)
                break;
            };
            let ok = match kind {
                Kind::Reg { .. } => true,
                Kind::Val(Value::Int(_) | Value::Float(_)) => !neg,
                Kind::Val(Value::Sym("off", 0)) => off && !neg,
                _ => false,
            };
            if !ok {
                return None;
            }
            *out.get_mut(n)? = Item {
                neg,
                pos: start + usize::from(neg),
                ..self.plain(kind, start)
            };
            n += 1;
            s = ws(rest);
            if let Some(r) = s.strip_prefix(',') {
                s = ws(r);
                if s.is_empty() {
                    return None;
                }
                continue;
            }
            // (The end, or blanks then modifiers.)
            if !s.is_empty() && s.len() == rest.len() {
                return None;
            }
            break;
        }
        // Modifiers, blanks between them (where the caller takes them).
        let mut m = 0;
        let Some(mods) = mods else {
            return s.is_empty().then_some((n, 0));
        };
        while !s.is_empty() {
            let start = self.pos(s);
            let (rest, modifier) = self.modifier(s).ok()??;
            *mods.get_mut(m)? = (modifier, start);
            m += 1;
            s = ws(rest);
            if !s.is_empty() && s.len() == rest.len() {
                return None;
            }
        }
        Some((n, m))
    }

    fn plain(&self, kind: Kind<'a>, pos: usize) -> Item<'a> {
        Item {
            kind,
            neg: false,
            abs: false,
            sext: false,
            pos,
            start: pos,
            modsyn: false,
            fp_err: None,
            comma: false,
        }
    }

    /// `s` with the symbols it uses replaced by their values, padded to the same
    /// length so that positions stay put (for the symbolic operand parsers, which
    /// know no symbols). Symbols whose value is longer than their name stay, and so do
    /// the parsers' own words, which a symbol does not shadow (as in llvm-mc): macro
    /// names (before `(`), structured-immediate keys (before `:`) and the built-in
    /// names ([`symbolic::is_builtin_name`]).
    /// (Borrowed when it names no symbol, as almost always: nothing is allocated.)
    fn subst_symbols<'t>(&self, s: &'t str) -> Cow<'t, str> {
        let gen = self.target.gen;
        let value = |name: &str, rest: &str| {
            let own = matches!(ws(rest).bytes().next(), Some(b'(' | b':'))
                || symbolic::is_builtin_name(gen, name);
            if own {
                None
            } else {
                self.syms.value(name)
            }
        };
        let names_one = {
            let mut rest = s;
            let mut found = false;
            while !rest.is_empty() && !found {
                match ident(rest) {
                    Ok((r, name)) => {
                        found = value(name, r).is_some();
                        rest = r;
                    }
                    Err(_) => {
                        let c = rest.chars().next().map_or(1, char::len_utf8);
                        rest = &rest[c..];
                    }
                }
            }
            found
        };
        if !names_one {
            return Cow::Borrowed(s);
        }
        let mut out = String::with_capacity(s.len());
        let mut rest = s;
        while !rest.is_empty() {
            if let Ok((r, name)) = ident(rest) {
                let text = value(name, r).map(|v| v.to_string());
                match text {
                    Some(t) if t.len() <= name.len() => {
                        out.push_str(&t);
                        out.extend(std::iter::repeat_n(' ', name.len() - t.len()));
                    }
                    _ => out.push_str(name),
                }
                rest = r;
            } else {
                let c = rest.chars().next().unwrap_or(' ');
                out.push(c);
                rest = &rest[c.len_utf8()..];
            }
        }
        Cow::Owned(out)
    }

    fn item(&self, s: &'a str) -> Result<(&'a str, Item<'a>), Error> {
        let pos = self.pos(s);
        if let Some((rest, kind)) = self.quick(s) {
            return Ok((rest, self.plain(kind, pos)));
        }
        if let Some((r, m)) = self.modifier(s)? {
            return Ok((r, self.plain(Kind::Mod(m), pos)));
        }
        // Symbolic operands.
        for (name, f) in [
            ("hwreg", symbolic::parse_hwreg as fn(_, &str) -> _),
            ("sendmsg", symbolic::parse_sendmsg),
        ] {
            if s.starts_with(name) && ws(&s[name.len()..]).starts_with('(') {
                let (v, n) = f(self.target.gen, &self.subst_symbols(s))
                    .map_err(|e| Error::new(pos + e.offset, e.msg))?;
                let kind = if name == "hwreg" {
                    Kind::Hwreg(v)
                } else {
                    Kind::Sendmsg(v)
                };
                return Ok((&s[n..], self.plain(kind, pos)));
            }
        }
        // hwreg's structured immediate.
        if s.starts_with('{') {
            let (v, n) = symbolic::parse_hwreg_struct(&self.subst_symbols(s))
                .map_err(|e| Error::new(pos + e.offset, e.msg))?;
            return Ok((&s[n..], self.plain(Kind::Hwreg(v), pos)));
        }
        if s.starts_with("gpr_idx") {
            let (v, n) = symbolic::parse_gpr_idx(&self.subst_symbols(s))
                .map_err(|e| Error::new(pos + e.offset, e.msg))?;
            return Ok((&s[n..], self.plain(Kind::GprIdx(v), pos)));
        }
        let counters = match ident(s) {
            // s_waitcnt reads counters or an expression, any identifier but a symbol
            // being taken for a counter.
            // (A counter before `(` is one even where a symbol has its name.)
            Ok((r, w)) if self.mnemonic == "s_waitcnt" => {
                self.syms.value(w).is_none()
                    || Counter::from_name(w).is_some() && ws(r).starts_with('(')
            }
            Ok((_, w)) => Counter::from_name(w).is_some(),
            _ => false,
        };
        if counters {
            let subst = self.subst_symbols(s);
            let (v, n) = symbolic::parse_waitcnt(self.target.gen, &subst)
                .map_err(|e| Error::new(pos + e.offset, e.msg))?;
            return Ok((&s[n..], self.plain(Kind::Waitcnt(v), pos)));
        }
        self.operand(s)
    }

    /// The operands most lines are made of, read in one pass over the bytes: a VGPR or
    /// SGPR (`v7`, `s[4:5]`, with decimal indices) or an integer (`12`, `-3`, `0x1f`)
    /// that no operator follows. `None` for anything else (or anything wrong), which
    /// the full grammar below then reads; where both read the text, they read it
    /// alike (the full grammar is the reference: the test below checks that).
    fn quick(&self, s: &'a str) -> Option<(&'a str, Kind<'a>)> {
        match s.as_bytes().first()? {
            c @ (b'v' | b's')
                if self.mnemonic != "s_waitcnt"
                    && s.as_bytes()
                        .get(1)
                        .is_some_and(|c| c.is_ascii_digit() || *c == b'[') =>
            {
                let file = if *c == b'v' {
                    RegFile::Vgpr
                } else {
                    RegFile::Sgpr
                };
                self.quick_reg(s, file)
            }
            b'-' | b'0'..=b'9' => quick_int(s, false),
            c if c.is_ascii_alphabetic() && self.mnemonic != "s_waitcnt" => self.quick_named(s),
            _ => None,
        }
    }

    /// `v7`, `s[4:5]`: a register of `file` by decimal index.
    fn quick_reg(&self, s: &'a str, file: RegFile) -> Option<(&'a str, Kind<'a>)> {
        let b = s.as_bytes();
        let (lo, hi, end) = if b.get(1) == Some(&b'[') {
            let (lo, k) = digits(b, 2, 9)?;
            let (hi, k) = match b.get(k) {
                Some(b':') => digits(b, k + 1, 9)?,
                _ => (lo, k),
            };
            if b.get(k) != Some(&b']') || lo > hi {
                return None;
            }
            (lo, hi, k + 1)
        } else {
            let (n, k) = digits(b, 1, 9)?;
            // (`v1.l`, `s1_x`, `v01`: not a plain register name.)
            if b.get(k).is_some_and(|&c| ident_tail(c)) || (b[1] == b'0' && k > 2) {
                return None;
            }
            (n, n, k)
        };
        // (`v1:` would be a modifier's name.)
        if next_is(b, end, b':') {
            return None;
        }
        let code = match self.common_range(file, lo, hi) {
            Some(code) => code,
            None => self.range(self.pos(s), &s[..end], file, lo, hi).ok()?,
        };
        let dwords = (hi - lo + 1) as u8;
        Some((&s[end..], Kind::Reg { code, dwords }))
    }

    /// A named register (`vcc`, `exec`, `m0`, `off`) with nothing that would make it
    /// a modifier's name, a call or a register list after it.
    fn quick_named(&self, s: &'a str) -> Option<(&'a str, Kind<'a>)> {
        let b = s.as_bytes();
        let n = b.iter().position(|&c| !ident_tail(c)).unwrap_or(b.len());
        let name = &s[..n];
        let next = ws(&s[n..]).as_bytes().first().copied();
        if matches!(next, Some(b':' | b'(' | b'[')) || is_modifier_word(s, n) {
            return None;
        }
        // `off` (a memory instruction's absent address or offset register) is the
        // symbol the full grammar reads, when no symbol has that name and no operator
        // follows to make it an expression.
        if name == "off" {
            return (ends_operand(next) && self.syms.value(name).is_none())
                .then_some((&s[n..], Kind::Val(Value::Sym(name, 0))));
        }
        match registers::special_reg(self.target, name) {
            Some(registers::Special::Named(code, dwords)) => {
                Some((&s[n..], Kind::Reg { code, dwords }))
            }
            _ => None,
        }
    }

    /// llvm-mc's `isModifier`: text that is operand or opcode modifier syntax.
    fn is_modifier(&self, s: &str) -> bool {
        let named = |s: &str| match ident(s) {
            Ok((r, w)) => ["abs", "neg", "sext"].contains(&w) && ws(r).starts_with('('),
            Err(_) => false,
        };
        if s.starts_with('|') || named(s) {
            return true;
        }
        if let Some(r) = s.strip_prefix('-') {
            let r = ws(r);
            return self.is_register(r) || r.starts_with('|') || named(r);
        }
        matches!(ident(s), Ok((r, _)) if ws(r).starts_with(':'))
    }

    /// A source operand, with the abs/neg modifiers of llvm-mc's modifier grammar:
    /// `-` (before a register, `|` or `abs`), then `neg(`, `abs(`, `lit(`, `|`.
    fn operand(&self, s: &'a str) -> Result<(&'a str, Item<'a>), Error> {
        let start = self.pos(s);
        if let Some(done) = self.double_minus(s, start) {
            return done;
        }
        if let Some(done) = self.sext(s, start) {
            return done;
        }
        let modsyn = self.is_modifier(s);
        let (m, r) = match self.open_modifiers(s, start)? {
            Opened::Mods(m, r) => (m, r),
            Opened::Done(item) => return Ok(item),
        };
        let any = m.any();
        let pos = self.pos(r);
        // The operand proper: a register or an immediate. Modifier syntax here is not
        // an operand.
        if (any || !m.lit) && self.is_modifier(r) {
            let msg = if any || m.lit {
                "failed parsing operand."
            } else {
                // sext(...), -neg(...), -sext(...): not an operand in either grammar.
                "not a valid operand."
            };
            let at = if any || m.lit { pos } else { start };
            return Ok((s, self.bad(start, at, Some((at, msg)))));
        }
        let inner = if m.lit {
            self.value(r, m.bar).map(|(rest, v)| (rest, Kind::Lit(v)))
        } else {
            self.primary(r, m.bar)
        };
        let (rest, kind) = match inner {
            Ok(x) => x,
            Err(e) if any => {
                let fp = Some((e.pos, modifier_grammar_message(&e)));
                return Ok((s, self.bad(start, e.pos, fp)));
            }
            Err(e) => return Err(e),
        };
        let rest = match self.close_modifiers(rest, &m) {
            Ok(rest) => rest,
            Err((p, msg)) if any => return Ok((s, self.bad(start, p, Some((p, msg))))),
            Err((p, msg)) => return err(p, msg),
        };
        if any && matches!(kind, Kind::Val(Value::Sym(..))) {
            let fp = Some((pos, "expected an absolute expression"));
            return Ok((s, self.bad(start, pos, fp)));
        }
        let item = Item {
            kind,
            neg: m.minus || m.neg,
            abs: m.abs || m.bar,
            sext: false,
            pos: if any || m.lit { pos } else { start },
            start,
            modsyn,
            fp_err: None,
            comma: false,
        };
        Ok((rest, item))
    }

    /// `--1`: an expression where there are no modifiers, an error where there are.
    fn double_minus(&self, s: &'a str, start: usize) -> Option<Parsed<'a>> {
        let r = s.strip_prefix('-')?;
        if !ws(r).starts_with('-') {
            return None;
        }
        let fp = Some((start, "invalid syntax, expected 'neg' modifier"));
        Some(match self.primary(s, false) {
            Ok((rest, kind)) => {
                let mut it = self.plain(kind, start);
                it.fp_err = fp;
                Ok((rest, it))
            }
            Err(_) => Ok((s, self.bad(start, start, fp))),
        })
    }

    /// `sext(x)`: SDWA's sign extension of an integer source.
    fn sext(&self, s: &'a str, start: usize) -> Option<Parsed<'a>> {
        let Ok((r1, "sext")) = ident(s) else {
            return None;
        };
        let r2 = ws(r1).strip_prefix('(')?;
        // sext(sext(..)) is no operand (and the recursion stays one deep).
        let inner = ws(r2);
        if matches!(ident(inner), Ok((r3, "sext")) if ws(r3).starts_with('(')) {
            let at = self.pos(inner);
            let mut b = self.bad(start, at, Some((at, "failed parsing operand.")));
            b.sext = true;
            return Some(Ok((s, b)));
        }
        Some(self.operand(inner).and_then(|(rest, mut it)| {
            let Some(rest) = ws(rest).strip_prefix(')') else {
                return err(self.pos(rest), "expected closing parentheses");
            };
            it.sext = true;
            it.modsyn = true;
            it.pos = start;
            it.start = start;
            Ok((rest, it))
        }))
    }

    /// The opening modifiers in llvm-mc's order: `-` (before a register, `|` or
    /// `abs`), `neg(`, `abs(`, `lit(`, `|`. Errors of the modifier grammar are kept
    /// in the item (where there are no modifiers, the operand is "not a valid
    /// operand." instead).
    fn open_modifiers(&self, s: &'a str, start: usize) -> Result<Opened<'a>, Error> {
        let fail = |at: &str, msg: &'static str| {
            Ok(Opened::Done((
                s,
                self.bad(start, self.pos(at), Some((self.pos(at), msg))),
            )))
        };
        let mut m = Mods::default();
        let mut r = s;
        if let Some(r1) = s.strip_prefix('-').map(ws) {
            let abs_word = matches!(ident(r1), Ok((_, "abs")));
            if self.is_register(r1) || r1.starts_with('|') || abs_word {
                m.minus = true;
                r = r1;
            }
        }
        let word = |r: &'a str, w: &str| -> Option<&'a str> {
            match ident(r) {
                Ok((rest, x)) if x == w => Some(ws(rest)),
                _ => None,
            }
        };
        if let Some(r1) = word(r, "neg") {
            if m.minus {
                return fail(r, "expected register or immediate");
            }
            m.neg = true;
            let Some(r2) = r1.strip_prefix('(') else {
                return self
                    .fp_only(s, start, r1, "expected left paren after neg")
                    .map(Opened::Done);
            };
            r = ws(r2);
        }
        if let Some(r1) = word(r, "abs") {
            m.abs = true;
            let Some(r2) = r1.strip_prefix('(') else {
                return self
                    .fp_only(s, start, r1, "expected left paren after abs")
                    .map(Opened::Done);
            };
            r = ws(r2);
        }
        if let Some(r1) = word(r, "lit") {
            m.lit = true;
            let Some(r2) = r1.strip_prefix('(') else {
                if !(m.minus || m.neg || m.abs) {
                    return err(self.pos(r1), "expected left paren after lit");
                }
                return fail(r1, "expected left paren after lit");
            };
            r = ws(r2);
        }
        if let Some(r1) = r.strip_prefix('|') {
            if m.abs {
                return fail(r, "expected register or immediate");
            }
            m.bar = true;
            r = ws(r1);
        }
        Ok(Opened::Mods(m, r))
    }

    /// The closing `|` and `)` of the modifiers opened, innermost first: the text
    /// after them, or where and what is missing.
    fn close_modifiers(
        &self,
        mut rest: &'a str,
        m: &Mods,
    ) -> Result<&'a str, (usize, &'static str)> {
        let closers = [
            (m.bar, '|', "expected vertical bar"),
            (m.abs, ')', "expected closing parentheses"),
            (m.neg, ')', "expected closing parentheses"),
            (m.lit, ')', "expected closing parentheses"),
        ];
        for (_, c, msg) in closers.into_iter().filter(|c| c.0) {
            let r = ws(rest);
            rest = r.strip_prefix(c).ok_or((self.pos(r), msg))?;
        }
        Ok(rest)
    }

    /// An operand that only the modifier grammar rejects (`neg v1` reads as two
    /// operands elsewhere): parse it plainly and keep the modifier grammar's error.
    fn fp_only(
        &self,
        s: &'a str,
        start: usize,
        at: &str,
        msg: &'static str,
    ) -> Result<(&'a str, Item<'a>), Error> {
        let fp = Some((self.pos(at), msg));
        match self.primary(s, false) {
            Ok((rest, kind)) => {
                let mut it = self.plain(kind, start);
                it.fp_err = fp;
                Ok((rest, it))
            }
            Err(_) => Ok((s, self.bad(start, start, fp))),
        }
    }

    fn bad(&self, start: usize, pos: usize, fp_err: Option<(usize, &'static str)>) -> Item<'a> {
        Item {
            kind: Kind::Bad,
            neg: false,
            abs: false,
            sext: false,
            pos,
            start,
            modsyn: true,
            fp_err,
            comma: false,
        }
    }

    /// A register, `lit(...)`, or an immediate. Inside `|...|` (`bar`) an immediate is
    /// a primary expression only, as llvm-mc reads it.
    fn primary(&self, s: &'a str, bar: bool) -> Result<(&'a str, Kind<'a>), Error> {
        let pos = self.pos(s);
        if self.is_register(s) {
            return self.register(s);
        }
        if let Ok((r, "lit")) = ident(s) {
            let r = ws(r);
            let Some(r) = r.strip_prefix('(') else {
                return err(self.pos(r), "expected left paren after lit");
            };
            let (rest, v) = self.value(ws(r), bar)?;
            let rest = ws(rest);
            let Some(rest) = rest.strip_prefix(')') else {
                return err(self.pos(rest), "expected closing parentheses");
            };
            return Ok((rest, Kind::Lit(v)));
        }
        if self.is_modifier(s) {
            return err(pos, "not a valid operand.");
        }
        let (rest, v) = self.value(s, bar)?;
        Ok((rest, Kind::Val(v)))
    }

    /// A number (float or integer expression) or a symbol.
    fn value(&self, s: &'a str, bar: bool) -> Result<(&'a str, Value<'a>), Error> {
        let pos = self.pos(s);
        let (neg, body) = match s.strip_prefix('-') {
            Some(r) => (true, ws(r)),
            None => (false, s),
        };
        if let Ok((rest, f)) = float(body) {
            return Ok((rest, Value::Float(if neg { -f } else { f })));
        }
        let parsed = if bar {
            expr::primary(s, self.syms)
        } else {
            expr::expr(s, self.syms)
        };
        match parsed {
            Ok((rest, v)) => Ok((rest, Value::Int(v))),
            Err(ExprError::Unknown(at)) if at.len() == s.len() => {
                // A lone symbol, possibly plus/minus a constant: a forward label.
                let (rest, name) =
                    ident(s).map_err(|_| Error::new(pos, "unknown token in expression"))?;
                // A relocation specifier (`sym@rel32@lo`) stays part of the name.
                let (rest, name) = match rest.strip_prefix('@') {
                    Some(r) => {
                        let n = r
                            .find(|c: char| !(c.is_ascii_alphanumeric() || c == '@' || c == '_'))
                            .unwrap_or(r.len());
                        (&r[n..], &s[..name.len() + 1 + n])
                    }
                    None => (rest, name),
                };
                let r = ws(rest);
                if let Some(op) = r
                    .chars()
                    .next()
                    // (An export target is a name only: `exp mrt0 -v1` is not `mrt0 - v1`.)
                    .filter(|c| (*c == '+' || *c == '-') && !bar && self.mnemonic != "exp")
                {
                    let (rest2, add) = expr::expr(ws(&r[1..]), self.syms)
                        .map_err(|_| Error::new(self.pos(r), "unknown token in expression"))?;
                    let add = if op == '-' { add.wrapping_neg() } else { add };
                    return Ok((rest2, Value::Sym(name, add)));
                }
                Ok((rest, Value::Sym(name, 0)))
            }
            Err(e) => Err(expr_error(self, s, e)),
        }
    }
}

/// The message llvm-mc gives for an expression error.
fn expr_error(cx: &Cx, s: &str, e: ExprError) -> Error {
    let _ = s;
    let kind = match e {
        ExprError::Digit(_) | ExprError::Label(_) => ErrorKind::Generic,
        _ => ErrorKind::Other,
    };
    Error::with_kind(cx.pos(e.at()), kind, e.message())
}

/// The message for an operand error under the abs/neg modifier grammar: the error's
/// own, but "failed parsing operand." for `ErrorKind::Generic` errors (which all
/// errors with an owned message are).
fn modifier_grammar_message(e: &Error) -> &'static str {
    match (&e.msg, e.kind) {
        (_, ErrorKind::Generic) | (Cow::Owned(_), _) => "failed parsing operand.",
        (Cow::Borrowed(m), _) => m,
    }
}

/// Decimal digits of `b` at `k` (at most `max`, no sign): (value, end).
#[inline]
fn digits(b: &[u8], k: usize, max: usize) -> Option<(i64, usize)> {
    // (One pass: value and end together; more than `max` digits is none.)
    let mut v = 0i64;
    let mut end = k;
    while let Some(&c) = b.get(end) {
        if !c.is_ascii_digit() {
            break;
        }
        if end - k == max {
            return None;
        }
        v = v * 10 + i64::from(c - b'0');
        end += 1;
    }
    (end > k).then_some((v, end))
}

/// Whether `b` from `k` on, after spaces and tabs, starts with `c`.
#[inline]
fn next_is(b: &[u8], k: usize, c: u8) -> bool {
    b.get(k..)
        .and_then(|r| r.iter().find(|&&x| x != b' ' && x != b'\t'))
        == Some(&c)
}

/// Whether `next`, the first byte after an operand and its blanks, ends it for the
/// quick reader: the line's end, a comma, or a word (a modifier); anything else (an
/// operator, a bracket) may continue an expression, which the full grammar reads.
fn ends_operand(next: Option<u8>) -> bool {
    match next {
        None | Some(b',') => true,
        Some(c) => c.is_ascii_alphabetic() || c == b'_',
    }
}

/// `12`, `-3`, `0x1f` (or a float) that no operator follows, for [`Cx::quick`]
/// (`None` for any other text, the empty text included); with `in_list`, one that
/// a `]` follows too (the last value of a modifier's list, `op_sel:[0,1]`, which the
/// evaluator reads up to the bracket).
fn quick_int(s: &str, in_list: bool) -> Option<(&str, Kind<'_>)> {
    let b = s.as_bytes();
    let neg = b.first() == Some(&b'-');
    let k0 = usize::from(neg);
    let t = b
        .get(k0..)
        .filter(|t| t.first().is_some_and(u8::is_ascii_digit))?;
    // (The digits scanned once: for the float test, then for the value.)
    let (hex, start, n) = number_digits(t);
    // A float (`0.5`, `-2.0`, `1e3`) reads as the full grammar's `value` reads it:
    // the float and whatever follows.
    // (Only where its digits run into a `.` or an exponent: an integer, as most
    // values are, does not go through the float reader.)
    if runs_into_float(t, hex, start + n) {
        if let Ok((rest, f)) = float(&s[k0..]) {
            return Some((rest, Kind::Val(Value::Float(if neg { -f } else { f }))));
        }
    }
    let v = match hex {
        // (A hex digit's value from its bits: `0`-`9` are 0x30-0x39, `a`-`f` and
        // `A`-`F` 0x61-0x66 and 0x41-0x46.)
        true if (1..=15).contains(&n) => t[start..start + n]
            .iter()
            .fold(0i64, |v, &c| v * 16 + i64::from((c & 0xf) + 9 * (c >> 6))),
        // (A leading 0 is octal: the full grammar reads it.)
        false if !(n > 1 && t[0] == b'0') => digits(t, 0, 18)?.0,
        _ => return None,
    };
    let end = k0 + start + n;
    // Nothing that would continue a number or an expression may follow.
    if b.get(end).is_some_and(|&c| ident_tail(c)) {
        return None;
    }
    let next = ws(&s[end..]).as_bytes().first().copied();
    if !(ends_operand(next) || in_list && next == Some(b']')) {
        return None;
    }
    Some((&s[end..], Kind::Val(Value::Int(if neg { -v } else { v }))))
}

/// The digits `t` (which starts with a digit) starts with: whether they are hex
/// digits after `0x`, where they start, and how many there are.
fn number_digits(t: &[u8]) -> (bool, usize, usize) {
    match t {
        [b'0', b'x' | b'X', rest @ ..] => (
            true,
            2,
            rest.iter().take_while(|c| c.is_ascii_hexdigit()).count(),
        ),
        _ => (
            false,
            0,
            t.iter().take_while(|c| c.is_ascii_digit()).count(),
        ),
    }
}

/// Whether the digits of `t` that end at `end` (hex digits after `0x` when `hex`)
/// run into a `.` or an exponent (`e`, or `p` after `0x`): a float ([`float`])
/// may start there.
fn runs_into_float(t: &[u8], hex: bool, end: usize) -> bool {
    matches!(
        (t.get(end), hex),
        (Some(b'.'), _) | (Some(b'e' | b'E'), false) | (Some(b'p' | b'P'), true)
    )
}

/// Whether `t`, which starts with a digit, may start a float ([`float`]).
#[cfg(test)]
fn may_be_float(t: &[u8]) -> bool {
    let (hex, start, n) = number_digits(t);
    runs_into_float(t, hex, start + n)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every text the float reader reads is one `may_be_float` lets it try.
    #[test]
    fn floats_are_tried_where_they_may_be() {
        let texts = [
            "1.0", "5.", "1e3", "1E3", "2.5e-1", "1e", "1e+", "0x1.8p1", "0x1p3", "0X1P-2",
            "0x.8p1", "16", "0x10", "0x1e3", "1f", "0", "08", "0x", "1.", "1..", "9e9e9",
        ];
        for text in texts {
            if float(text).is_ok() {
                assert!(may_be_float(text.as_bytes()), "{text}");
            }
        }
    }

    /// A modifier's value read as a lone integer (`abs_expr`'s fast path) is what
    /// the expression evaluator reads there.
    #[test]
    fn quick_integers_read_as_the_evaluator() {
        let texts = [
            "16",
            "0x10",
            "-3",
            "0",
            "16 x",
            "0xf bank_mask:0xf",
            "16,",
            "16+1",
            "16 + 1",
            "16*2",
            "-0x8000",
            "0x7fffffffffffff",
            "123456789012345678",
            "077",
            "08",
            "1f",
            "1b",
            "16.",
            "1.5",
            "1e3",
            "-",
            "0x",
            "9 ",
            "4(",
            "",
            "abc",
            "v1",
            "1]",
            "0x1f ]",
            "-1]",
            "1)]",
            "1]]",
            "1+1]",
        ];
        for text in texts {
            for in_list in [false, true] {
                if let Some((rest, Kind::Val(Value::Int(v)))) = quick_int(text, in_list) {
                    assert_eq!(expr::expr(text, &()).ok(), Some((rest, v)), "{text}");
                }
            }
        }
        assert!(quick_int("1]", true).is_some() && quick_int("1]", false).is_none());
        // The decimal fast path of a modifier's value, too.
        let more = [
            "0,",
            "1]",
            "7",
            "4095",
            "007,",
            "08]",
            "0",
            "123456789012345678,",
        ];
        for text in texts.iter().chain(&more) {
            if let Some((rest, v)) = modifiers::lone_decimal(text) {
                assert_eq!(expr::expr(text, &()).ok(), Some((rest, v)), "{text}");
            }
        }
        assert!(modifiers::lone_decimal("1234567890123456789,").is_none());
        assert!(modifiers::lone_decimal("16 ").is_none());
        assert_eq!(modifiers::lone_decimal("0,1]"), Some((",1]", 0)));
    }

    /// The one-pass reading agrees with the full grammar wherever it reads anything.
    #[test]
    fn quick_reads_as_the_full_grammar() {
        let texts = [
            "v0",
            "v7",
            "v255",
            "v256",
            "s0",
            "s101",
            "s102",
            "s105",
            "s106",
            "s[4:5]",
            "s[3:4]",
            "s[4:7]",
            "s[0:15]",
            "s[0:31]",
            "v[0:3]",
            "v[254:255]",
            "v[255:256]",
            "v[3]",
            "v[5:4]",
            "v[0:31]",
            "v[0:32]",
            "0",
            "1",
            "-1",
            "64",
            "65",
            "-16",
            "-17",
            "0x1f",
            "-0x10",
            "0xffffffff",
            "0x7fffffffffffffff",
            "123456789012345678",
            "v1, v2",
            "s[2:3] glc",
            "7 offen",
            "-3,",
            "s7 ",
            "v12\t, v3",
            "0.5",
            "-2.0",
            "1e3",
            "1.5, v1",
            "-0.5 mul:2",
            "0x1.8p1",
            "vcc",
            "vcc_lo",
            "exec",
            "exec_hi",
            "m0",
            "off",
            "scc",
            "vccz",
            "execz",
            "src_scc",
            "null",
            "tba",
            "tma_lo",
            "xnack_mask",
            "flat_scratch",
            "lds_direct",
            "src_lds_direct",
            "pc",
            "ttmp0",
            "vcc, v1",
            "m0 offset:4",
            "off glc",
            "off, v1",
            "off offset:16",
            "off + 4",
            "off-4",
            "off*2",
            "vcc_lo:",
            "exec(",
            "vm",
            "done",
        ];
        for cpu in ["gfx906", "gfx942", "gfx600", "gfx803"] {
            let t = Target::from_name(cpu).unwrap();
            for text in texts {
                let cx = Cx {
                    line: text,
                    target: t,
                    mnemonic: "v_add_f32",
                    syms: &(),
                };
                if let Some((rest, kind)) = cx.quick(text) {
                    let (rest2, it) = cx.operand(text).unwrap();
                    assert_eq!((rest, kind), (rest2, it.kind), "{cpu} {text}");
                    assert_eq!(it, cx.plain(kind, 0), "{cpu} {text}");
                }
            }
        }
    }
}
