//! Registers as llvm-mc reads them: `v1`, `s[2:3]`, `ttmp[4:7]`, `v[2*2]`, lists
//! (`[s0,s1]`), named registers and their aliases, with its checks of alignment,
//! size and range.

use super::{expr_error, Cx, Kind};
use crate::operand_code::{ALIASES, NAMED};
use crate::reg::{RegFile, RegRange};
use crate::syntax::error::{err, Error, ErrorKind::Generic};
use crate::syntax::expr::{self, ExprError};
use crate::syntax::lex::{ident, ws};
use crate::target::Target;

impl<'a> Cx<'a, '_> {
    /// Whether `s` starts with a register (llvm-mc's `isRegister`).
    pub(super) fn is_register(&self, s: &str) -> bool {
        if s.starts_with('[') {
            return true;
        }
        let Ok((rest, name)) = ident(s) else {
            return false;
        };
        for p in ["v", "s", "ttmp", "acc", "a"] {
            if let Some(suffix) = name.strip_prefix(p) {
                if suffix.is_empty() {
                    if ws(rest).starts_with('[') {
                        return true;
                    }
                } else if is_reg_index(suffix) {
                    return true;
                }
                break;
            }
        }
        special_reg(self.target, name).is_some()
    }

    /// Registers: `v1`, `s[2:3]`, `ttmp[4:7]`, `v[2*2]`, lists, named registers and aliases.
    pub(super) fn register(&self, s: &'a str) -> Result<(&'a str, Kind<'a>), Error> {
        let (rest, r) = self.reg(s)?;
        Ok((rest, r.kind()))
    }

    /// One register operand, as llvm-mc's `ParseAMDGPURegister` reads it.
    fn reg(&self, s: &'a str) -> Result<(&'a str, Reg), Error> {
        let pos = self.pos(s);
        if s.starts_with('[') {
            return self.reg_list(s);
        }
        let Ok((rest, name)) = ident(s) else {
            return err(pos, "expected a register or a list of registers");
        };
        if let Some(r) = special_reg(self.target, name) {
            return match r {
                Special::Named(code, dwords) => Ok((rest, Reg::Special { code, dwords })),
                Special::Unavailable if name.ends_with("lds_direct") => Err(Error::with_kind(
                    pos,
                    Generic,
                    "lds_direct is not supported on this GPU",
                )),
                Special::Unavailable => Err(Error::with_kind(
                    pos,
                    Generic,
                    format!("{name} register not available on this GPU"),
                )),
                Special::Other => Ok((rest, Reg::Other)),
            };
        }
        let agpr = self.target.has_agprs().then_some(RegFile::Agpr);
        let (prefix, file) = [
            ("v", Some(RegFile::Vgpr)),
            ("s", Some(RegFile::Sgpr)),
            ("ttmp", Some(RegFile::Ttmp)),
            ("acc", agpr),
            ("a", agpr),
        ]
        .into_iter()
        .find(|(p, _)| name.starts_with(p))
        .ok_or(Error::with_kind(pos, Generic, "invalid register name"))?;
        let suffix = &name[prefix.len()..];
        // 16-bit halves (`v1.l`, `v1.h`) exist from gfx11 on.
        if suffix.ends_with(".l") || suffix.ends_with(".h") {
            return Ok((rest, Reg::Other));
        }
        let (rest, lo, hi) = if !suffix.is_empty() {
            let n: i64 = suffix
                .parse()
                .map_err(|_| Error::new(pos, "invalid register index"))?;
            (rest, n, n)
        } else {
            self.index_range(rest)?
        };
        let Some(file) = file else {
            return Ok((rest, Reg::Other));
        };
        let code = self.range(pos, &self.line[pos..self.pos(rest)], file, lo, hi)?;
        Ok((
            rest,
            Reg::Regular {
                file,
                first: lo as u16,
                count: (hi - lo + 1) as u8,
                code,
            },
        ))
    }

    /// `[lo:hi]` or `[n]` after a register file's name: the text after it and the
    /// range, each index an absolute expression.
    fn index_range(&self, rest: &'a str) -> Result<(&'a str, i64, i64), Error> {
        let r = ws(rest);
        let Some(r) = r.strip_prefix('[') else {
            return Err(Error::with_kind(
                self.pos(r),
                Generic,
                "missing register index",
            ));
        };
        let idx = |r: &'a str| -> Result<(&'a str, i64), Error> {
            let r = ws(r);
            expr::expr(r, self.syms).map_err(|e| match e {
                ExprError::Unknown(_) => Error::new(self.pos(r), "expected absolute expression"),
                e => expr_error(self, r, e),
            })
        };
        let first_at = self.pos(ws(r));
        let (r, lo) = idx(r)?;
        let r = ws(r);
        let (r, hi, second_at) = match r.strip_prefix(':') {
            Some(r2) => {
                let at = self.pos(ws(r2));
                let (r3, hi) = idx(r2)?;
                (ws(r3), hi, at)
            }
            None => (r, lo, first_at),
        };
        let Some(r) = r.strip_prefix(']') else {
            return err(self.pos(r), "expected a closing square bracket");
        };
        if !(0..=u32::MAX as i64).contains(&lo) {
            return err(first_at, "invalid register index");
        }
        if !(0..=u32::MAX as i64).contains(&hi) {
            return err(second_at, "invalid register index");
        }
        if lo > hi {
            return err(
                first_at,
                "first register index should not exceed second index",
            );
        }
        Ok((r, lo, hi))
    }

    /// The operand code of the register ranges most operands are, which
    /// [`Cx::range`] takes without more checks: VGPRs, which have no alignment rule,
    /// in a size llvm-mc has a class for, within v0-v255; one SGPR of the target's.
    /// (`None`: ask `range`. Inlined where a register is read, `v7` cost a call.)
    #[inline(always)]
    pub(super) fn common_range(&self, file: RegFile, lo: i64, hi: i64) -> Option<u16> {
        let count = hi - lo + 1;
        if file == RegFile::Vgpr && hi <= 255 && matches!(count, 1..=12 | 16 | 32) {
            return Some(crate::operand_code::VGPR0 + lo as u16);
        }
        (file == RegFile::Sgpr
            && count == 1
            && hi < i64::from(crate::operand_code::sgpr_count(self.target.gen)))
        .then_some(lo as u16)
    }

    /// Validates a register range as llvm-mc does (alignment, size, index range) and
    /// returns its operand code.
    pub(super) fn range(
        &self,
        pos: usize,
        text: &str,
        file: RegFile,
        lo: i64,
        hi: i64,
    ) -> Result<u16, Error> {
        if let Some(code) = self.common_range(file, lo, hi) {
            return Ok(code);
        }
        let count = hi - lo + 1;
        let sizes_ok = match file {
            RegFile::Vgpr | RegFile::Agpr => {
                (1..=12).contains(&count) || count == 16 || count == 32
            }
            RegFile::Sgpr => (1..=12).contains(&count) || count == 16,
            RegFile::Ttmp => [1, 2, 4, 8, 16].contains(&count),
            RegFile::Scc => false,
        };
        let align = match file {
            RegFile::Vgpr | RegFile::Agpr => 1,
            _ => (count as u64).next_power_of_two().min(4) as i64,
        };
        if lo % align != 0 {
            return err(pos, "invalid register alignment");
        }
        if !sizes_ok {
            return err(pos, "invalid or unsupported register size");
        }
        match file {
            RegFile::Vgpr | RegFile::Agpr if hi > 255 => {
                return err(pos, "register index is out of range")
            }
            RegFile::Ttmp if hi > 15 => return err(pos, "register index is out of range"),
            // gfx6-gfx8 have ttmp0-11.
            RegFile::Ttmp if hi as u16 >= 124 - crate::operand_code::ttmp0(self.target.gen) => {
                return Err(Error::with_kind(
                    pos,
                    Generic,
                    format!("{text} register not available on this GPU"),
                ))
            }
            // llvm-mc's SGPR classes go up to s105; gfx6/gfx7 have s0..s103, later s0..s101.
            RegFile::Sgpr if hi > 105 => return err(pos, "register index is out of range"),
            RegFile::Sgpr if hi as u16 >= crate::operand_code::sgpr_count(self.target.gen) => {
                return Err(Error::with_kind(
                    pos,
                    Generic,
                    format!("{text} register not available on this GPU"),
                ))
            }
            _ => {}
        }
        Ok(crate::operand_code::reg_code(
            self.target.gen,
            RegRange {
                file,
                first: lo as u16,
                count: count as u8,
            },
        ))
    }

    /// `[s0,s1,s2]`, `[v4,v5]`, `[vcc_lo,vcc_hi]`, `[exec]` (SP3 forms).
    fn reg_list(&self, s: &'a str) -> Result<(&'a str, Reg), Error> {
        let pos = self.pos(s);
        let mut r = ws(&s[1..]);
        if !self.is_register(r) || r.starts_with('[') {
            return err(self.pos(r), "expected a register or a list of registers");
        }
        let at = self.pos(r);
        let (rest, mut acc) = self.reg(r)?;
        // (llvm-mc counts every special register as 32 bits here: `[vcc]` is vcc.)
        if matches!(acc, Reg::Regular { .. }) && acc.dwords() != 1 {
            return err(at, "expected a single 32-bit register");
        }
        r = ws(rest);
        while let Some(rest) = r.strip_prefix(',') {
            let r1 = ws(rest);
            let at = self.pos(r1);
            if !self.is_register(r1) || r1.starts_with('[') {
                return err(at, "expected a register or a list of registers");
            }
            let (rest, next) = self.reg(r1)?;
            if matches!(next, Reg::Regular { .. }) && next.dwords() != 1 {
                return err(at, "expected a single 32-bit register");
            }
            acc = match (acc, next) {
                (
                    Reg::Regular {
                        file,
                        first,
                        count,
                        code,
                    },
                    Reg::Regular {
                        file: f2,
                        first: n2,
                        ..
                    },
                ) if f2 == file => {
                    if n2 != first + count as u16 {
                        return err(at, "registers in a list must have consecutive indices");
                    }
                    Reg::Regular {
                        file,
                        first,
                        count: count + 1,
                        code,
                    }
                }
                (
                    Reg::Special {
                        code: c1,
                        dwords: 1,
                    },
                    Reg::Special {
                        code: c2,
                        dwords: 1,
                    },
                ) if c2 == c1 + 1 && matches!(c1, 102 | 104 | 106 | 126) => Reg::Special {
                    code: c1,
                    dwords: 2,
                },
                (Reg::Special { .. }, Reg::Special { .. }) => {
                    return err(at, "register does not fit in the list")
                }
                _ => return err(at, "registers in a list must be of the same kind"),
            };
            r = ws(rest);
        }
        let Some(rest) = r.strip_prefix(']') else {
            return err(self.pos(r), "expected a comma or a closing square bracket");
        };
        if let Reg::Regular {
            file, first, count, ..
        } = acc
        {
            let text = &self.line[pos..self.pos(rest)];
            let hi = first as i64 + count as i64 - 1;
            self.range(pos, text, file, first as i64, hi)?;
        }
        Ok((rest, acc))
    }
}

/// The index after a register file prefix (`12` of `v12`), with an optional `.l`/`.h`.
fn is_reg_index(suffix: &str) -> bool {
    let digits = suffix
        .strip_suffix(".l")
        .or_else(|| suffix.strip_suffix(".h"))
        .unwrap_or(suffix);
    !digits.is_empty() && digits.len() < 10 && digits.bytes().all(|b| b.is_ascii_digit())
}

/// A parsed register.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Reg {
    Regular {
        file: RegFile,
        first: u16,
        count: u8,
        code: u16,
    },
    Special {
        code: u16,
        dwords: u8,
    },
    /// AGPRs, `pc`: registers llvm-mc knows that no instruction here takes.
    Other,
}

impl Reg {
    fn dwords(self) -> u8 {
        match self {
            Reg::Regular { count, .. } => count,
            Reg::Special { dwords, .. } => dwords,
            Reg::Other => 1,
        }
    }
    fn kind<'a>(self) -> Kind<'a> {
        match self {
            Reg::Regular { code, count, .. } => Kind::Reg {
                code,
                dwords: count,
            },
            Reg::Special { code, dwords } => Kind::Reg { code, dwords },
            Reg::Other => Kind::Other,
        }
    }
}

pub(super) enum Special {
    Named(u16, u8),
    /// Known to llvm-mc, absent on these GPUs (tba, tma and halves).
    Unavailable,
    Other,
}

/// The first bytes of the special names (`NAMED`, `ALIASES`, `pc`), as a bit set,
/// made at compile time.
const SPECIAL_FIRST_BYTES: u128 = {
    const fn first(set: u128, n: &str) -> u128 {
        match n.as_bytes().first() {
            Some(&c) if c < 128 => set | 1u128 << c,
            _ => set,
        }
    }
    let mut set = first(0, "pc");
    let mut k = 0;
    while k < NAMED.len() {
        set = first(set, NAMED[k].name);
        k += 1;
    }
    k = 0;
    while k < ALIASES.len() {
        set = first(set, ALIASES[k].0);
        k += 1;
    }
    set
};

/// llvm-mc's special register names (`getSpecialRegForName`). `null` is accepted
/// although llvm-mc's assembler rejects it before gfx10: its disassembler prints code
/// 125 as `null`, and that text must assemble back.
pub(super) fn special_reg(target: Target, name: &str) -> Option<Special> {
    // (Plain register names such as `v12` or `s3` are never special: skip the lookup.)
    let b = name.as_bytes();
    if b.len() >= 2 && matches!(b[0], b'v' | b's' | b'a') && b[1].is_ascii_digit() {
        return None;
    }
    // (Nor is a name whose first byte no special name has: labels, symbols.)
    if !b
        .first()
        .is_some_and(|&c| SPECIAL_FIRST_BYTES & (1u128 << (c & 127)) != 0 && c < 128)
    {
        return None;
    }
    if let Some(r) = crate::operand_code::named(target, name) {
        return Some(Special::Named(r.code, r.dwords));
    }
    let on = |code: u16| NAMED.iter().any(|r| r.code == code && r.on_target(target));
    match ALIASES.iter().find(|(n, _)| *n == name) {
        Some((_, code)) if on(*code) => return Some(Special::Named(*code, 1)),
        Some(_) => return Some(Special::Unavailable),
        None => {}
    }
    if NAMED.iter().any(|r| r.name == name) {
        return Some(Special::Unavailable);
    }
    (name == "pc").then_some(Special::Other)
}
