//! Placeholder until the symbolic operand module lands.
use crate::target::Gen;
use std::fmt::Write;
pub fn write_hwreg(out: &mut dyn Write, _gen: Gen, v: u16) -> std::fmt::Result {
    write!(out, "{v}")
}
pub fn write_sendmsg(out: &mut dyn Write, _gen: Gen, v: u16) -> std::fmt::Result {
    write!(out, "{v}")
}
pub fn write_waitcnt(out: &mut dyn Write, _gen: Gen, v: u16) -> std::fmt::Result {
    write!(out, "{v}")
}
pub fn write_gpr_idx(out: &mut dyn Write, v: u16) -> std::fmt::Result {
    write!(out, "{v}")
}
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SymError {
    pub offset: usize,
    pub msg: String,
}
fn num(s: &str) -> Result<(u16, usize), SymError> {
    let n = s
        .find(|c: char| !c.is_ascii_alphanumeric())
        .unwrap_or(s.len());
    let t = &s[..n];
    let v = if let Some(h) = t.strip_prefix("0x") {
        u16::from_str_radix(h, 16)
    } else {
        t.parse()
    };
    v.map(|v| (v, n)).map_err(|_| SymError {
        offset: 0,
        msg: "expected a number".into(),
    })
}
pub fn parse_hwreg(_gen: Gen, s: &str) -> Result<(u16, usize), SymError> {
    num(s)
}
pub fn parse_sendmsg(_gen: Gen, s: &str) -> Result<(u16, usize), SymError> {
    num(s)
}
pub fn parse_waitcnt(_gen: Gen, s: &str) -> Result<(u16, usize), SymError> {
    num(s)
}
pub fn parse_gpr_idx(s: &str) -> Result<(u16, usize), SymError> {
    num(s)
}
