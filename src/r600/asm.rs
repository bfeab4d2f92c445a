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
    let mut layout = Layout::new();
    for (ln, raw) in src.lines().enumerate() {
        layout.add_line(chip, ln + 1, raw);
    }
    let Layout {
        mut items,
        labels,
        starts,
        mut errs,
        ..
    } = layout;
    resolve_addresses(&mut items, &labels, &mut errs);
    if errs.is_empty() {
        check(chip, &items, &starts, &mut errs);
    }
    if !errs.is_empty() {
        errs.sort_by_key(|e| (e.line, e.col));
        return Err(errs);
    }
    Ok(items
        .iter()
        .map(|it| (it.line, encode_body(&it.body)))
        .collect())
}

/// The lines laid out so far: the items at their positions, the labels, and where
/// each region (after a label or a mode directive) starts, with its mode.
struct Layout<'a> {
    items: Vec<Item<'a>>,
    labels: HashMap<&'a str, usize>,
    starts: Vec<(usize, Option<Kind>)>,
    errs: Vec<Error>,
    /// The clause kind of the current section (`None` for CF code).
    mode: Option<Kind>,
    /// The byte position of the next item.
    pos: usize,
}

impl<'a> Layout<'a> {
    fn new() -> Self {
        Layout {
            items: Vec::new(),
            labels: HashMap::new(),
            starts: vec![(0, None)],
            errs: Vec::new(),
            mode: None,
            pos: 0,
        }
    }

    /// Lays out one source line: its labels, then a directive or an instruction.
    fn add_line(&mut self, chip: Chip, line: usize, raw: &'a str) {
        let text = raw.split(';').next().unwrap_or("");
        let rest = self.take_labels(line, raw, text);
        let base = rest.as_ptr() as usize - raw.as_ptr() as usize;
        let toks: Vec<Tok> = tokens(rest)
            .into_iter()
            .map(|t| Tok {
                s: t.s,
                col: t.col + base,
            })
            .collect();
        let Some(first) = toks.first().copied() else {
            return;
        };
        let end = base + rest.trim_end().len();
        let Some(body) = self.parse_statement(chip, line, &toks, end) else {
            return;
        };
        match body {
            Ok(b) => self.push(line, first.col + 1, b),
            Err((col, msg)) => self.errs.push(Error {
                line,
                col: col + 1,
                msg,
            }),
        }
    }

    /// Defines the `name:` labels at the start of a line; returns the text after them.
    fn take_labels(&mut self, line: usize, raw: &str, text: &'a str) -> &'a str {
        let mut rest = text;
        loop {
            let t = rest.trim_start();
            let Some(p) = t.find(':') else { break };
            let name = &t[..p];
            if !is_label_name(name) {
                break;
            }
            let col = t.as_ptr() as usize - raw.as_ptr() as usize + 1;
            if self.labels.insert(name, self.pos).is_some() {
                self.errs.push(Error {
                    line,
                    col,
                    msg: format!("label '{name}' defined twice"),
                });
            }
            self.starts.push((self.pos, self.mode));
            rest = &t[p + 1..];
        }
        rest
    }

    /// Parses the directive or instruction of a line; `None` for a directive that
    /// emits nothing.
    fn parse_statement(
        &mut self,
        chip: Chip,
        line: usize,
        toks: &[Tok<'a>],
        end: usize,
    ) -> Option<Res<Body<'a>>> {
        let first = toks[0];
        Some(match first.s {
            ".cf" | ".alu" | ".tex" | ".vtx" => {
                self.switch_mode(line, toks);
                return None;
            }
            ".text" => return None,
            ".long" => data(toks, true),
            ".byte" => data(toks, false),
            s if s.starts_with('.') => Err((first.col, format!("unknown directive '{s}'"))),
            _ if !self.pos.is_multiple_of(8) => Err((
                first.col,
                "instruction is not 64-bit aligned (after .byte or an odd .long)".to_string(),
            )),
            _ => match self.mode {
                None => parse_cf(chip, toks, end),
                Some(Kind::Alu) => parse_alu(chip, toks, end),
                Some(k) => parse_fetch(chip, k, toks, end),
            },
        })
    }

    /// A `.cf`, `.alu`, `.tex` or `.vtx` directive: starts a region of that mode.
    fn switch_mode(&mut self, line: usize, toks: &[Tok]) {
        self.mode = match toks[0].s {
            ".alu" => Some(Kind::Alu),
            ".tex" => Some(Kind::Tex),
            ".vtx" => Some(Kind::Vtx),
            _ => None,
        };
        self.starts.push((self.pos, self.mode));
        if let Some(x) = toks.get(1) {
            self.errs.push(Error {
                line,
                col: x.col + 1,
                msg: "unexpected operand".into(),
            });
        }
    }

    /// Places an item at the current position and moves past it.
    fn push(&mut self, line: usize, col: usize, body: Body<'a>) {
        let size = match &body {
            Body::Inst(i, _) => i.fmt.dwords() * 4,
            Body::Lit(_) => 8,
            Body::Words(w) => w.len() * 4,
            Body::Bytes(b) => b.len(),
        };
        self.items.push(Item {
            line,
            col,
            pos: self.pos,
            mode: self.mode,
            body,
        });
        self.pos += size;
    }
}

/// A label is letters, digits, `_` and `.`, not starting with a digit.
fn is_label_name(name: &str) -> bool {
    !name.is_empty()
        && name
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || c == '_' || c == '.')
        && !name.starts_with(|c: char| c.is_ascii_digit())
}

/// Fills in the address field of every instruction that names one, from its number
/// or from the label's position (in 64-bit units).
fn resolve_addresses(items: &mut [Item], labels: &HashMap<&str, usize>, errs: &mut Vec<Error>) {
    for it in items {
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
}

/// The little-endian bytes of an item.
fn encode_body(body: &Body) -> Vec<u8> {
    let mut out = Vec::with_capacity(16);
    match body {
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
    out
}

/// The regions of the layout: items between consecutive label/directive positions.
struct Regions {
    bounds: Vec<usize>,
}

impl Regions {
    fn new(starts: &[(usize, Option<Kind>)]) -> Self {
        let mut bounds: Vec<usize> = starts.iter().map(|s| s.0).collect();
        bounds.sort_unstable();
        bounds.dedup();
        Regions { bounds }
    }

    /// Where the region holding position `p` starts.
    fn start(&self, p: usize) -> usize {
        self.bounds
            .iter()
            .copied()
            .filter(|&b| b <= p)
            .max()
            .unwrap_or(0)
    }

    /// Where the region holding position `p` ends (exclusive).
    fn end(&self, p: usize) -> usize {
        let k = self.bounds.partition_point(|&b| b <= p);
        self.bounds.get(k).copied().unwrap_or(usize::MAX)
    }
}

/// The clause rules: every CF clause instruction whose address is a label names a
/// clause of its kind and size, aligned; every ALU region splits into valid groups.
fn check(chip: Chip, items: &[Item], starts: &[(usize, Option<Kind>)], errs: &mut Vec<Error>) {
    let regions = Regions::new(starts);
    let kcache = check_clause_refs(chip, items, &regions, errs);
    check_alu_regions(chip, items, &regions, &kcache, errs);
}

/// A CF instruction's reference to a clause through a label.
struct ClauseRef<'a> {
    kind: Kind,
    /// The clause's byte position.
    start: usize,
    /// The COUNT field: the clause's size minus one.
    count: u32,
    name: &'a str,
}

/// Checks the clause each CF clause instruction (up to the end of the program) names
/// by label; returns the kcache locks per ALU clause start, from the CF_ALU
/// instructions that name it.
fn check_clause_refs(
    chip: Chip,
    items: &[Item],
    regions: &Regions,
    errs: &mut Vec<Error>,
) -> HashMap<usize, Vec<Kcache>> {
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
        let clause = ClauseRef {
            kind,
            start: a as usize * 8,
            count,
            name,
        };
        // Items are in position order.
        let end = regions.end(clause.start);
        let from = items.partition_point(|x| x.pos < clause.start);
        let to = items.partition_point(|x| x.pos < end);
        let members = &items[from..to.max(from)];
        let at = |msg| Error {
            line: it.line,
            col: *col + 1,
            msg,
        };
        if members.is_empty() || members.iter().any(|m| m.mode != Some(kind)) {
            errs.push(at(format!(
                "'{name}' does not start a {} clause",
                kind.directive()
            )));
            continue;
        }
        errs.extend(clause_problems(chip, &clause, members).into_iter().map(at));
        if kind == Kind::Alu {
            kcache
                .entry(clause.start)
                .or_default()
                .push([i.v[cfalu::KM0], i.v[cfalu::KM1]]);
        }
    }
    kcache
}

/// What is wrong with a referenced clause of its kind whose region holds `members`:
/// misaligned, too big, or not the size COUNT says.
fn clause_problems(chip: Chip, clause: &ClauseRef, members: &[Item]) -> Vec<String> {
    let ClauseRef {
        kind,
        start,
        count,
        name,
    } = *clause;
    let mut problems = Vec::new();
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
        problems.push(format!(
            "{} clause '{name}' must start 128-bit aligned",
            kind.directive()
        ));
    }
    let units = if kind == Kind::Alu {
        "slots"
    } else {
        "instructions"
    };
    if n > max {
        problems.push(format!("clause '{name}' has {n} {units}, more than {max}"));
    } else if n != count as usize + 1 {
        problems.push(format!(
            "COUNT {count} says {} {units} but clause '{name}' has {n}",
            count + 1
        ));
    }
    problems
}

/// Splits every ALU region into groups and checks each.
fn check_alu_regions(
    chip: Chip,
    items: &[Item],
    regions: &Regions,
    kcache: &HashMap<usize, Vec<Kcache>>,
    errs: &mut Vec<Error>,
) {
    let mut k = 0;
    while k < items.len() {
        if items[k].mode != Some(Kind::Alu) {
            k += 1;
            continue;
        }
        let rstart = regions.start(items[k].pos);
        let rend = regions.end(items[k].pos);
        let kc = kcache.get(&rstart).map(|v| v.as_slice()).unwrap_or(&[]);
        k = check_alu_region(chip, items, k, rend, kc, errs);
    }
}

/// Checks the groups of the ALU items from index `k` up to the region end `rend`
/// (a byte position), under the kcache locks `kc`; returns the index after them.
fn check_alu_region(
    chip: Chip,
    items: &[Item],
    mut k: usize,
    rend: usize,
    kc: &[Kcache],
    errs: &mut Vec<Error>,
) -> usize {
    let mut group: Vec<(Slot, &Item)> = Vec::new();
    let mut lits = 0;
    let mut first = true;
    while k < items.len() && items[k].mode == Some(Kind::Alu) && items[k].pos < rend {
        let it = &items[k];
        if let Body::Lit(_) = it.body {
            if !group.last().is_some_and(|g| g.0.last()) {
                errs.push(Error {
                    line: it.line,
                    col: it.col,
                    msg: "a literal slot must follow the last instruction (*) of a group".into(),
                });
            }
            lits += 1;
        }
        let next_is_lit = items
            .get(k + 1)
            .is_some_and(|n| matches!(n.body, Body::Lit(_)) && n.pos < rend);
        if let Some(s) = alu_slot(&it.body) {
            lits = 0;
            group.push((s, it));
        }
        let closes = group.last().is_some_and(|g| g.0.last()) && !next_is_lit;
        if closes {
            check_closed_group(chip, &group, lits, kc, first, errs);
            first = false;
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
    k
}

/// The ALU slot an item fills: an instruction or two raw words.
fn alu_slot(body: &Body) -> Option<Slot> {
    match body {
        Body::Inst(i, _) => Some(Slot::Inst(*i)),
        Body::Words(w) if w.len() == 2 => Some(Slot::Raw([w[0], w[1]])),
        _ => None,
    }
}

/// Checks a complete group and its `lits` literal slots; an error goes to the item it
/// names.
fn check_closed_group(
    chip: Chip,
    group: &[(Slot, &Item)],
    lits: usize,
    kc: &[Kcache],
    first: bool,
    errs: &mut Vec<Error>,
) {
    let slots: Vec<Slot> = group.iter().map(|g| g.0).collect();
    if let Err((at, msg)) = check_group(chip, &slots, lits, kc, first) {
        let it = group[at.min(group.len() - 1)].1;
        errs.push(Error {
            line: it.line,
            col: it.col,
            msg,
        });
    }
}
