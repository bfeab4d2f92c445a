//! Named modifiers as llvm-mc reads them: `clamp`, `omod`, `op_sel:[..]` and the
//! other bit lists, `glc`, `nv`, `offset:`, and the words of the memory, DPP and
//! SDWA formats.

use super::{digits, expr_error, quick_int, Cx, Kind, Modifier, Value, Word};
use crate::syntax::error::{err, Error};
use crate::syntax::expr::{self, ExprError};
use crate::syntax::lex::{after_colon, ident, ws};

impl<'a> Cx<'a, '_> {
    /// Named modifiers: clamp, omod, op_sel..., glc, nv, offset, and any other `name:`.
    pub(super) fn modifier(&self, s: &'a str) -> Result<Option<(&'a str, Modifier)>, Error> {
        let Ok((rest, name)) = ident(s) else {
            return Ok(None);
        };
        let pos = self.pos(s);
        let value = after_colon(rest);
        let Some(word) = Word::at(s, name.len()) else {
            return Ok(match (Word::negated(name), value) {
                (Some(w), _) => Some((rest, Modifier::NoCpol(w))),
                // Another `name:`: the value is not read (llvm-mc stops at the name).
                (None, Some(_)) => Some((rest, Modifier::Unknown)),
                (None, None) => None,
            });
        };
        let m = match (word, value) {
            // Bare words (a `:` after them is not part of the modifier).
            (Word::Clamp, _) => (rest, Modifier::Clamp),
            (Word::Glc, _) => (rest, Modifier::Glc),
            (Word::Nv, _) => (rest, Modifier::Nv),
            (Word::Mul | Word::Div, Some(r)) => self.omod(name, r, pos)?,
            (
                w @ (Word::OpSel | Word::OpSelHi | Word::NegLo | Word::NegHi | Word::Neg),
                Some(r),
            ) => {
                let (r2, bits, n) = self.bit_list(name, r)?;
                let m = match w {
                    Word::Neg => Modifier::Value(Word::Neg, bits as i64),
                    Word::OpSel => Modifier::OpSel(bits, n),
                    Word::OpSelHi => Modifier::OpSelHi(bits, n),
                    Word::NegLo => Modifier::NegLo(bits, n),
                    _ => Modifier::NegHi(bits, n),
                };
                (r2, m)
            }
            (Word::QuadPerm, Some(r)) => {
                let (r2, bits, n) = self.lane_list(r)?;
                if n != 4 {
                    return err(self.pos(r), "expected a comma");
                }
                (r2, Modifier::Value(Word::QuadPerm, bits as i64))
            }
            (w @ (Word::DstSel | Word::Src0Sel | Word::Src1Sel | Word::DstUnused), Some(r)) => {
                self.sdwa_sel(w, r)?
            }
            (Word::Format, Some(r)) if ws(r).starts_with('[') => self.format_list(ws(r))?,
            (Word::Format, Some(r)) => {
                let (r2, v) = self.abs_expr(r)?;
                (r2, Modifier::Value(Word::Format, v))
            }
            (Word::Offset, Some(r)) if ws(r).starts_with("swizzle") => self.swizzle(ws(r))?,
            (Word::Offset, Some(r)) => {
                let (r2, v) = self.abs_expr(r)?;
                (r2, Modifier::Offset(v))
            }
            (w, _) if w.is_flag() => (rest, Modifier::Flag(w)),
            (w, Some(r)) if w.is_value() => {
                let (r2, v) = self.abs_expr(r)?;
                (r2, Modifier::Value(w, v))
            }
            // Another `name:`: the value is not read (llvm-mc stops at the name).
            (_, Some(_)) => (rest, Modifier::Unknown),
            _ => return Ok(None),
        };
        Ok(Some(m))
    }

    /// `mul:N` / `div:N`: the output modifier.
    fn omod(&self, name: &str, r: &'a str, pos: usize) -> Result<(&'a str, Modifier), Error> {
        let (r2, v) = self.abs_expr(r)?;
        let omod = match (name, v) {
            ("mul", 1) | ("div", 1) => 0,
            ("mul", 2) => 1,
            ("mul", 4) => 2,
            ("div", 2) => 3,
            _ => return err(pos, format!("invalid {name} value.")),
        };
        Ok((r2, Modifier::Omod(omod)))
    }

    /// SDWA's `dst_sel:`, `src0_sel:`, `src1_sel:` and `dst_unused:` names.
    fn sdwa_sel(&self, w: Word, r: &'a str) -> Result<(&'a str, Modifier), Error> {
        let (r2, name) =
            ident(ws(r)).map_err(|_| Error::new(self.pos(r), "expected an identifier"))?;
        let table: &[&str] = if w == Word::DstUnused {
            &crate::syntax::vopx::UNUSED
        } else {
            &crate::syntax::vopx::SEL
        };
        let v = table.iter().position(|x| *x == name).ok_or(Error::new(
            self.pos(r),
            format!("invalid {} value", w.name()),
        ))?;
        Ok((r2, Modifier::Value(w, v as i64)))
    }

    /// `format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT]` (at `[`).
    fn format_list(&self, r: &'a str) -> Result<(&'a str, Modifier), Error> {
        let close = r
            .find(']')
            .ok_or(Error::new(self.pos(r), "expected a closing square bracket"))?;
        let names: Vec<&str> = r[1..close].split(',').map(str::trim).collect();
        let v = crate::syntax::buf::parse_format(self.target.gen, &names)
            .map_err(|m| Error::new(self.pos(r) + 1, m))?;
        Ok((&r[close + 1..], Modifier::Value(Word::Format, v)))
    }

    /// `offset:swizzle(...)` (at `swizzle`).
    fn swizzle(&self, r: &'a str) -> Result<(&'a str, Modifier), Error> {
        let (v, n) = crate::syntax::ds::parse_swizzle(&r["swizzle".len()..])
            .map_err(|(at, msg)| Error::new(self.pos(r) + "swizzle".len() + at, msg))?;
        Ok((&r["swizzle".len() + n..], Modifier::Offset(v as i64)))
    }

    /// `[a,b,c,d]` of 2-bit lane selects, packed two bits each.
    fn lane_list(&self, s: &'a str) -> Result<(&'a str, u32, u32), Error> {
        let s = ws(s);
        let Some(mut r) = s.strip_prefix('[') else {
            return err(self.pos(s), "expected a left square bracket");
        };
        let (mut bits, mut n) = (0u32, 0u32);
        loop {
            let (r2, v) = self.abs_expr(r)?;
            if !(0..=3).contains(&v) || n >= 4 {
                return err(self.pos(r), "expected a 2-bit lane id");
            }
            bits |= (v as u32) << (2 * n);
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

    /// An absolute expression (a modifier's value).
    fn abs_expr(&self, s: &'a str) -> Result<(&'a str, i64), Error> {
        let s = ws(s);
        // (Most values are a decimal number that a comma, a `]` or the line's end
        // follows: `0` and `1` in `op_sel` lists, an offset last on its line.)
        if let Some(read) = lone_decimal(s) {
            return Ok(read);
        }
        // (A lone integer, as the quick reader reads it; and the last of a list,
        // before its `]`.)
        if let Some((rest, Kind::Val(Value::Int(v)))) = quick_int(s, true) {
            return Ok((rest, v));
        }
        expr::expr(s, self.syms).map_err(|e| match e {
            ExprError::Unknown(_) => Error::new(self.pos(s), "expected absolute expression"),
            e => expr_error(self, s, e),
        })
    }

    /// `[0,1,...]` of up to four 0/1 expressions.
    fn bit_list(&self, name: &str, s: &'a str) -> Result<(&'a str, u8, u8), Error> {
        let Some(mut r) = s.strip_prefix('[') else {
            return err(self.pos(s), "expected a left square bracket");
        };
        let mut bits = 0u8;
        let mut n = 0u8;
        loop {
            r = ws(r);
            let at = self.pos(r);
            let (r2, v) = self.abs_expr(r)?;
            if v != 0 && v != 1 {
                return err(at, format!("invalid {name} value."));
            }
            bits |= (v as u8) << n;
            n += 1;
            r = ws(r2);
            if let Some(r3) = r.strip_prefix(']') {
                return Ok((r3, bits, n));
            }
            if n == 4 {
                return err(self.pos(r), "expected a closing square bracket");
            }
            match r.strip_prefix(',') {
                Some(r3) => r = r3,
                None => return err(self.pos(r), "expected a comma"),
            }
        }
    }
}

/// `s`'s decimal number, where a `,`, a `]` or the end follows it at once, as the
/// expression evaluator reads it there (no leading `0` but for `0` itself, which
/// would be octal; at most 18 digits): `None` for anything else.
#[inline]
pub(super) fn lone_decimal(s: &str) -> Option<(&str, i64)> {
    let b = s.as_bytes();
    let (v, n) = digits(b, 0, 18)?;
    if (n > 1 && b[0] == b'0') || !matches!(b.get(n), None | Some(b',' | b']')) {
        return None;
    }
    Some((&s[n..], v))
}
