//! The assembler: lays the parsed lines out in memory order, resolves `@label`
//! addresses, checks the clause and group rules (see [`super::validate`]) and encodes.

use super::disasm::{clause_ref, ends_program, Kind};
use super::inst::cfalu;
use super::parse::{int, parse_alu, parse_cf, parse_fetch, tokens, Addr, Body, Error, Res, Tok};
use super::validate::{check_group, Kcache, Slot};
use super::Chip;
use std::collections::HashMap;

/// One laid-out item.
struct Item<'a> {
    line: usize,
    col: usize,
    pos: usize,
    mode: Option<Kind>,
    /// The clause (label position) it belongs to, for clause code.
    body: Body<'a>,
}

fn data(toks: &[Tok], wide: bool) -> Res<Body<'static>> {
    let mut w = Vec::new();
    let mut b = Vec::new();
    for t in &toks[1..] {
        if wide {
            w.push(int(*t, u32::MAX as u64)?);
        } else {
            b.push(int(*t, 255)? as u8);
        }
    }
    if toks.len() < 2 {
        return Err((
            toks[0].col + toks[0].s.len(),
            "expected a value".to_string(),
        ));
    }
    Ok(if wide { Body::Words(w) } else { Body::Bytes(b) })
}

/// Assembles R600 text. Errors are located at a line and column.
pub fn assemble(chip: Chip, src: &str) -> Result<Vec<u8>, Vec<Error>> {
    Ok(listing(chip, src)?
        .into_iter()
        .flat_map(|(_, b)| b)
        .collect())
}

/// Assembles R600 text into the bytes of each line that emits any: (line, bytes), in
/// order.
pub fn listing(chip: Chip, src: &str) -> Result<Vec<(usize, Vec<u8>)>, Vec<Error>> {
    let mut errs = Vec::new();
    let mut items: Vec<Item> = Vec::new();
    let mut labels: HashMap<&str, usize> = HashMap::new();
    let mut mode: Option<Kind> = None;
    let mut pos = 0usize;
    let mut starts: Vec<(usize, Option<Kind>)> = vec![(0, None)];
    for (ln, raw) in src.lines().enumerate() {
        let line = ln + 1;
        let text = raw.split(';').next().unwrap_or("");
        let mut rest = text;
        // Labels: `name:` at the start of the line.
        loop {
            let t = rest.trim_start();
            let Some(p) = t.find(':') else { break };
            let name = &t[..p];
            let ok = !name.is_empty()
                && name
                    .chars()
                    .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
                && !name.starts_with(|c: char| c.is_ascii_digit());
            if !ok {
                break;
            }
            let col = t.as_ptr() as usize - raw.as_ptr() as usize + 1;
            if labels.insert(name, pos).is_some() {
                errs.push(Error {
                    line,
                    col,
                    msg: format!("label '{name}' defined twice"),
                });
            }
            starts.push((pos, mode));
            rest = &t[p + 1..];
        }
        let base = rest.as_ptr() as usize - raw.as_ptr() as usize;
        let toks: Vec<Tok> = tokens(rest)
            .into_iter()
            .map(|t| Tok {
                s: t.s,
                col: t.col + base,
            })
            .collect();
        let Some(first) = toks.first().copied() else {
            continue;
        };
        let end = base + rest.trim_end().len();
        let body = match first.s {
            ".cf" | ".alu" | ".tex" | ".vtx" => {
                mode = match first.s {
                    ".alu" => Some(Kind::Alu),
                    ".tex" => Some(Kind::Tex),
                    ".vtx" => Some(Kind::Vtx),
                    _ => None,
                };
                starts.push((pos, mode));
                if let Some(x) = toks.get(1) {
                    errs.push(Error {
                        line,
                        col: x.col + 1,
                        msg: "unexpected operand".into(),
                    });
                }
                continue;
            }
            ".text" => continue,
            ".long" => data(&toks, true),
            ".byte" => data(&toks, false),
            s if s.starts_with('.') => Err((first.col, format!("unknown directive '{s}'"))),
            _ if !pos.is_multiple_of(8) => Err((
                first.col,
                "instruction is not 64-bit aligned (after .byte or an odd .long)".to_string(),
            )),
            _ => match mode {
                None => parse_cf(chip, &toks, end),
                Some(Kind::Alu) => parse_alu(chip, &toks, end),
                Some(k) => parse_fetch(chip, k, &toks, end),
            },
        };
        match body {
            Ok(b) => {
                let size = match &b {
                    Body::Inst(i, _) => i.fmt.dwords() * 4,
                    Body::Lit(_) => 8,
                    Body::Words(w) => w.len() * 4,
                    Body::Bytes(b) => b.len(),
                };
                items.push(Item {
                    line,
                    col: first.col + 1,
                    pos,
                    mode,
                    body: b,
                });
                pos += size;
            }
            Err((col, msg)) => errs.push(Error {
                line,
                col: col + 1,
                msg,
            }),
        }
    }
    // Resolve addresses.
    for it in &mut items {
        if let Body::Inst(i, Some((a, f))) = &mut it.body {
            let v = match a {
                Addr::Num(v) => *v,
                Addr::Label(name, col) => match labels.get(*name) {
                    Some(&p) if p % 8 == 0 => (p / 8) as u32,
                    Some(_) => {
                        errs.push(Error {
                            line: it.line,
                            col: *col + 1,
                            msg: format!("label '{name}' is not 64-bit aligned"),
                        });
                        continue;
                    }
                    None => {
                        errs.push(Error {
                            line: it.line,
                            col: *col + 1,
                            msg: format!("undefined label '{name}'"),
                        });
                        continue;
                    }
                },
            };
            let w = i.fmt.fields()[*f].width;
            if w < 32 && v >> w != 0 {
                errs.push(Error {
                    line: it.line,
                    col: it.col,
                    msg: format!("address {v} out of range for this instruction"),
                });
            }
            i.v[*f] = v;
        }
    }
    if errs.is_empty() {
        check(chip, &items, &starts, &mut errs);
    }
    if !errs.is_empty() {
        errs.sort_by_key(|e| (e.line, e.col));
        return Err(errs);
    }
    let mut lines = Vec::with_capacity(items.len());
    for it in &items {
        let mut out = Vec::with_capacity(16);
        match &it.body {
            Body::Inst(i, _) => {
                for w in &i.encode()[..i.fmt.dwords()] {
                    out.extend_from_slice(&w.to_le_bytes());
                }
            }
            Body::Lit(l) => {
                out.extend_from_slice(&l[0].to_le_bytes());
                out.extend_from_slice(&l[1].to_le_bytes());
            }
            Body::Words(w) => w
                .iter()
                .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
            Body::Bytes(b) => out.extend_from_slice(b),
        }
        lines.push((it.line, out));
    }
    Ok(lines)
}

/// The clause rules: every CF clause instruction whose address is a label names a
/// clause of its kind and size, aligned; every ALU region splits into valid groups.
fn check(chip: Chip, items: &[Item], starts: &[(usize, Option<Kind>)], errs: &mut Vec<Error>) {
    // Regions: items between consecutive label/directive positions, by mode.
    let mut bounds: Vec<usize> = starts.iter().map(|s| s.0).collect();
    bounds.sort_unstable();
    bounds.dedup();
    let region_end = |p: usize| {
        let k = bounds.partition_point(|&b| b <= p);
        bounds.get(k).copied().unwrap_or(usize::MAX)
    };
    // Kcache locks per ALU clause start, from the CF_ALU instructions that name it.
    let mut kcache: HashMap<usize, Vec<Kcache>> = HashMap::new();
    let mut ended = false;
    for it in items.iter().filter(|it| it.mode.is_none()) {
        let Body::Inst(i, target) = &it.body else {
            continue;
        };
        if ended {
            break;
        }
        ended = ends_program(i);
        let Some((kind, a, count)) = clause_ref(i) else {
            continue;
        };
        let Some((Addr::Label(name, col), _)) = target else {
            continue;
        };
        let col = *col + 1;
        let start = a as usize * 8;
        let err = |msg: String| Error {
            line: it.line,
            col,
            msg,
        };
        // Items are in position order.
        let end = region_end(start);
        let from = items.partition_point(|x| x.pos < start);
        let to = items.partition_point(|x| x.pos < end);
        let members = &items[from..to.max(from)];
        if members.is_empty() || members.iter().any(|m| m.mode != Some(kind)) {
            errs.push(err(format!(
                "'{name}' does not start a {} clause",
                kind.directive()
            )));
            continue;
        }
        let size: usize = members
            .iter()
            .map(|m| match &m.body {
                Body::Inst(i, _) => i.fmt.dwords() / 2,
                Body::Lit(_) => 1,
                Body::Words(w) => w.len().div_ceil(2),
                Body::Bytes(b) => b.len().div_ceil(8),
            })
            .sum();
        let (n, max) = match kind {
            Kind::Alu => (size, 128),
            _ => (size / 2, if chip.r700 { 16 } else { 8 }),
        };
        if kind != Kind::Alu && !start.is_multiple_of(16) {
            errs.push(err(format!(
                "{} clause '{name}' must start 128-bit aligned",
                kind.directive()
            )));
        }
        if n > max {
            errs.push(err(format!(
                "clause '{name}' has {n} {}, more than {max}",
                if kind == Kind::Alu {
                    "slots"
                } else {
                    "instructions"
                }
            )));
        } else if n != count as usize + 1 {
            errs.push(err(format!(
                "COUNT {count} says {} {} but clause '{name}' has {n}",
                count + 1,
                if kind == Kind::Alu {
                    "slots"
                } else {
                    "instructions"
                }
            )));
        }
        if kind == Kind::Alu {
            kcache
                .entry(start)
                .or_default()
                .push([i.v[cfalu::KM0], i.v[cfalu::KM1]]);
        }
    }
    // Groups of every ALU region.
    let mut k = 0;
    while k < items.len() {
        if items[k].mode != Some(Kind::Alu) {
            k += 1;
            continue;
        }
        let rstart = bounds
            .iter()
            .copied()
            .filter(|&b| b <= items[k].pos)
            .max()
            .unwrap_or(0);
        let rend = region_end(items[k].pos);
        let kc = kcache.get(&rstart).map(|v| v.as_slice()).unwrap_or(&[]);
        let mut group: Vec<(Slot, &Item)> = Vec::new();
        let mut lits = 0;
        let mut first = true;
        while k < items.len() && items[k].mode == Some(Kind::Alu) && items[k].pos < rend {
            let it = &items[k];
            let slot = match &it.body {
                Body::Inst(i, _) => Some(Slot::Inst(*i)),
                Body::Words(w) if w.len() == 2 => Some(Slot::Raw([w[0], w[1]])),
                Body::Lit(_) => {
                    if group.is_empty() || !group.last().is_some_and(|g| g.0.last()) {
                        errs.push(Error {
                            line: it.line,
                            col: it.col,
                            msg: "a literal slot must follow the last instruction (*) of a group"
                                .into(),
                        });
                    }
                    lits += 1;
                    None
                }
                _ => None,
            };
            let next_is_lit = items
                .get(k + 1)
                .is_some_and(|n| matches!(n.body, Body::Lit(_)) && n.pos < rend);
            if let Some(s) = slot {
                if lits > 0 {
                    lits = 0;
                }
                group.push((s, it));
            }
            let closes = group.last().is_some_and(|g| g.0.last()) && !next_is_lit;
            if closes {
                let slots: Vec<Slot> = group.iter().map(|g| g.0).collect();
                let checked = check_group(chip, &slots, lits, kc, first);
                first = false;
                if let Err((at, msg)) = checked {
                    let it = group[at.min(group.len() - 1)].1;
                    errs.push(Error {
                        line: it.line,
                        col: it.col,
                        msg,
                    });
                }
                group.clear();
                lits = 0;
            }
            k += 1;
        }
        if let Some((_, it)) = group.last() {
            errs.push(Error {
                line: it.line,
                col: it.col,
                msg: "ALU group not terminated: its last instruction needs *".into(),
            });
        }
    }
}
