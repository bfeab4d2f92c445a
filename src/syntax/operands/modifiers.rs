//! Named modifiers as llvm-mc reads them: `clamp`, `omod`, `op_sel:[..]` and the
//! other bit lists, `glc`, `nv`, `offset:`, and the words of the memory, DPP and
//! SDWA formats.

use super::{
    cpol_word, digits, expr_error, flag_word, quick_int, value_word, Cx, Kind, Modifier, Value,
};
use crate::syntax::error::{err, Error};
use crate::syntax::expr::{self, ExprError};
use crate::syntax::lex::{after_colon, ident, ws};

/// The cache-policy bit `w` negates (`noglc`: `glc`).
fn no_cpol(w: &str) -> Option<&'static str> {
    w.strip_prefix("no").and_then(cpol_word)
}

impl<'a> Cx<'a, '_> {
    /// Named modifiers: clamp, omod, op_sel..., glc, nv, offset, and any other `name:`.
    pub(super) fn modifier(&self, s: &'a str) -> Result<Option<(&'a str, Modifier)>, Error> {
        let Ok((rest, name)) = ident(s) else {
            return Ok(None);
        };
        let pos = self.pos(s);
        let value = after_colon(rest);
        let m = match (name, value) {
            // Bare words (a `:` after them is not part of the modifier).
            ("clamp", _) => (rest, Modifier::Clamp),
            ("glc", _) => (rest, Modifier::Glc),
            ("nv", _) => (rest, Modifier::Nv),
            // (The word's `'static` text by a second lookup, a few compares: a guard
            // binds nothing on Rust 1.88, the oldest this builds on.)
            (w, _) if no_cpol(w).is_some() => (rest, Modifier::NoCpol(no_cpol(w).unwrap_or(""))),
            ("mul" | "div", Some(r)) => self.omod(name, r, pos)?,
            ("op_sel" | "op_sel_hi" | "neg_lo" | "neg_hi" | "neg", Some(r)) => {
                let (r2, bits, n) = self.bit_list(name, r)?;
                let m = match name {
                    // The f64 MFMAs' negation (gfx940).
                    "neg" => Modifier::Value("neg", bits as i64),
                    "op_sel" => Modifier::OpSel(bits, n),
                    "op_sel_hi" => Modifier::OpSelHi(bits, n),
                    "neg_lo" => Modifier::NegLo(bits, n),
                    _ => Modifier::NegHi(bits, n),
                };
                (r2, m)
            }
            ("quad_perm", Some(r)) => {
                let (r2, bits, n) = self.lane_list(r)?;
                if n != 4 {
                    return err(self.pos(r), "expected a comma");
                }
                (r2, Modifier::Value("quad_perm", bits as i64))
            }
            ("dst_sel" | "src0_sel" | "src1_sel" | "dst_unused", Some(r)) => {
                self.sdwa_sel(name, r)?
            }
            ("format", Some(r)) if ws(r).starts_with('[') => self.format_list(ws(r))?,
            ("format", Some(r)) => {
                let (r2, v) = self.abs_expr(r)?;
                (r2, Modifier::Value("format", v))
            }
            ("offset", Some(r)) if ws(r).starts_with("swizzle") => self.swizzle(ws(r))?,
            ("offset", Some(r)) => {
                let (r2, v) = self.abs_expr(r)?;
                (r2, Modifier::Offset(v))
            }
            (w, _) if flag_word(w).is_some() => (rest, Modifier::Flag(flag_word(w).unwrap_or(""))),
            (w, Some(r)) if value_word(w).is_some() => {
                let w = value_word(w).unwrap_or("");
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
    fn sdwa_sel(&self, name: &str, r: &'a str) -> Result<(&'a str, Modifier), Error> {
        let (r2, w) =
            ident(ws(r)).map_err(|_| Error::new(self.pos(r), "expected an identifier"))?;
        let table: &[&str] = if name == "dst_unused" {
            &crate::syntax::vopx::UNUSED
        } else {
            &crate::syntax::vopx::SEL
        };
        let v = table
            .iter()
            .position(|x| *x == w)
            .ok_or(Error::new(self.pos(r), format!("invalid {name} value")))?;
        let key = match name {
            "dst_sel" => "dst_sel",
            "src0_sel" => "src0_sel",
            "src1_sel" => "src1_sel",
            _ => "dst_unused",
        };
        Ok((r2, Modifier::Value(key, v as i64)))
    }

    /// `format:[BUF_DATA_FORMAT_32, BUF_NUM_FORMAT_FLOAT]` (at `[`).
    fn format_list(&self, r: &'a str) -> Result<(&'a str, Modifier), Error> {
        let close = r
            .find(']')
            .ok_or(Error::new(self.pos(r), "expected a closing square bracket"))?;
        let names: Vec<&str> = r[1..close].split(',').map(str::trim).collect();
        let v = crate::syntax::buf::parse_format(self.target.gen, &names)
            .map_err(|m| Error::new(self.pos(r) + 1, m))?;
        Ok((&r[close + 1..], Modifier::Value("format", v)))
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
pub(super) fn lone_decimal(s: &str) -> Option<(&str, i64)> {
    let b = s.as_bytes();
    let (v, n) = digits(b, 0, 18)?;
    if (n > 1 && b[0] == b'0') || !matches!(b.get(n), None | Some(b',' | b']')) {
        return None;
    }
    Some((&s[n..], v))
}
