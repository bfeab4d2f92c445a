//! Hazards of R600 ALU clauses that the encoding allows but the hardware does not
//! honour (doc §4.5-§4.11): findings, not errors, on an assembled program.
//!
//! | rule | what |
//! |---|---|
//! | `R600_PV_FIRST` | PV or PS read in the first group of a clause (they hold nothing yet) |
//! | `R600_PV_EMPTY` | PV.e or PS read when the previous group left that unit empty (a NOP) |
//! | `R600_MOVA_PV` | PV.e read right after a MOVA* in unit e (§4.6.4: AR, not PV, gets it) |
//! | `R600_REL_WRITE_READ` | a relative write followed in the next group by a relative read (§4.11: insert a NOP group) |
//! | `R600_WATERFALL` | a clause with MOVA* run by a CF_ALU without USES_WATERFALL (`UW:1`) |

use super::disasm::{alu_groups, layout, Kind};
use super::inst::{alu, cfalu, Fmt, Inst};
use super::tables::tables;
use super::validate::{units, Slot};
use super::Chip;

/// One finding: the byte offset of the instruction, the rule and a message.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Finding {
    /// Byte offset of the instruction in the program.
    pub offset: usize,
    /// Rule id.
    pub rule: &'static str,
    /// What is wrong and what to do.
    pub msg: String,
}

fn qword(bytes: &[u8], q: usize) -> [u32; 2] {
    let w = |k: usize| u32::from_le_bytes(bytes[k..k + 4].try_into().unwrap_or([0; 4]));
    [w(q * 8), w(q * 8 + 4)]
}

/// What the previous group of a clause left: the units it occupied, the units of its
/// MOVA*s, and whether it wrote a register relatively.
type Prev = Option<([bool; 5], [bool; 4], bool)>;

/// Checks the reads of PV and PS among the first `n` sources of `i` (at byte `off`)
/// against the previous group; returns whether a source is read relatively.
fn check_sources(out: &mut Vec<Finding>, off: usize, i: &Inst, n: usize, prev: Prev) -> bool {
    let mut rel_read = false;
    for s in 0..n.min(3) {
        let (sel, elem) = (i.v[alu::SRC_SEL[s]], i.v[alu::SRC_ELEM[s]] as usize & 3);
        rel_read |= i.v[alu::SRC_REL[s]] != 0 && sel < 128;
        if sel != 254 && sel != 255 {
            continue;
        }
        let what = if sel == 254 {
            format!("PV.{}", super::print::CHAN[elem])
        } else {
            "PS".to_string()
        };
        match prev {
            None => out.push(Finding {
                offset: off,
                rule: "R600_PV_FIRST",
                msg: format!("{what} read in the first group of a clause, where it holds nothing"),
            }),
            Some((occ, mv, _)) => {
                let u = if sel == 254 { elem } else { 4 };
                if !occ[u] {
                    out.push(Finding {
                        offset: off,
                        rule: "R600_PV_EMPTY",
                        msg: format!("{what} read, but the previous group left that unit empty"),
                    });
                } else if sel == 254 && mv[u] {
                    out.push(Finding {
                        offset: off,
                        rule: "R600_MOVA_PV",
                        msg: format!(
                            "{what} read right after a MOVA* in that unit; read the source instead"
                        ),
                    });
                }
            }
        }
    }
    rel_read
}

/// The CF_ALU instructions at quadwords `refs` that run a clause setting AR (a MOVA*
/// at byte `off`) must have USES_WATERFALL.
fn check_waterfall(out: &mut Vec<Finding>, chip: Chip, bytes: &[u8], refs: &[usize], off: usize) {
    for &r in refs {
        let [w0, w1] = qword(bytes, r);
        if let Ok(i) = Inst::decode_cf(chip, w0, w1) {
            if i.fmt == Fmt::CfAlu && i.v[cfalu::UW] == 0 {
                out.push(Finding {
                    offset: r * 8,
                    rule: "R600_WATERFALL",
                    msg: format!("the clause sets AR (MOVA* at byte {off:#x}) but this CF_ALU lacks UW:1 (USES_WATERFALL)"),
                });
            }
        }
    }
}

/// Lints an assembled program.
pub fn lint(chip: Chip, bytes: &[u8]) -> Vec<Finding> {
    let t = tables();
    let lay = layout(chip, bytes);
    let mut out = Vec::new();
    for (&start, c) in &lay.clauses {
        if c.kind != Kind::Alu {
            continue;
        }
        let Some(groups) = alu_groups(chip, bytes, start as usize, c.len) else {
            continue;
        };
        // Per group: units occupied, the MOVA* units, relative writes.
        let mut prev: Prev = None;
        let mut q = start as usize;
        let mut has_mova = None;
        for (g, lits) in &groups {
            let insts: Vec<Inst> = g
                .iter()
                .filter_map(|s| match s {
                    Slot::Inst(i) => Some(*i),
                    Slot::Raw(_) => None,
                })
                .collect();
            let complete = insts.len() == g.len();
            let placed = if complete {
                units(chip, &insts).ok()
            } else {
                None
            };
            let mut occupied = [false; 5];
            let mut mova = [false; 4];
            let mut rel_write = false;
            for (k, i) in insts.iter().enumerate() {
                let off = (q + k) * 8;
                let op = i.alu_row(chip).map(|r| t.alu[r]);
                let unit = placed.map(|u| u[k]);
                if let Some(u) = unit {
                    occupied[u] = true;
                }
                if op.is_some_and(|o| o.mova) {
                    has_mova.get_or_insert(off);
                    if let Some(u @ 0..=3) = unit {
                        mova[u] = true;
                    }
                }
                rel_write |= i.v[alu::DST_REL] != 0;
                let n = if i.fmt == Fmt::Op3 {
                    3
                } else {
                    op.map_or(2, |o| o.nsrc as usize)
                };
                let rel_read = check_sources(&mut out, off, i, n, prev);
                if rel_read && prev.is_some_and(|p| p.2) {
                    out.push(Finding {
                        offset: off,
                        rule: "R600_REL_WRITE_READ",
                        msg: "relative read right after a relative write; insert a NOP group between them".into(),
                    });
                }
            }
            // Raw slots leave the units unknown: assume all used.
            prev = Some(if placed.is_some() {
                (occupied, mova, rel_write)
            } else {
                ([true; 5], [false; 4], rel_write)
            });
            q += g.len() + lits.len();
        }
        if let Some(off) = has_mova {
            check_waterfall(&mut out, chip, bytes, &c.refs, off);
        }
    }
    out.sort_by_key(|f| f.offset);
    out
}
