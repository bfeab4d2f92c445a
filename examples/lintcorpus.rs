//! Lints the code sections of code objects and reports every finding with both
//! instructions, and the number of instructions linted: the "no cries of wolf" check on
//! compiled code (tools/lint-corpus.sh compiles the corpus and runs this).
//!
//! With `--mutate`, also removes one counter of one `s_waitcnt` at a time (the wait as
//! LLVM inserted it, set to "no wait" for that counter) and reports which mutants the
//! linter catches: the "catches what matters" check.
//!
//! Usage: cargo run --release --example lintcorpus -- [--mutate] FILE.o...
//! (`MUTATE_EVERY=N`: mutate every Nth wait only; `SHOW_MISSED=1`: list the misses.)
//! Each missed mutant is given the reason LLVM placed what it removed where no
//! register needs it ([`wait_reason`], [`nop_reason`]), or counted as "unexplained".

use amdgpu_mc::code_object;
use amdgpu_mc::isa::op;
use amdgpu_mc::isa::waitcnt::{Counter, Waitcnt};
use amdgpu_mc::lint::{entries, fix, Context, Linter, Options};
use amdgpu_mc::program::{Body, Program};
use amdgpu_mc::Target;

fn main() {
    let mut total = (0usize, 0usize);
    let mut lint_time = std::time::Duration::ZERO;
    let mut ops_time = std::time::Duration::ZERO;
    let mut mutants = [(0usize, 0usize); 3];
    let mut nops = (0usize, 0usize);
    // Missed nop mutants whose s_nop LLVM places for a hazard the machine code does not
    // have, by reason ([`nop_reason`]); the others are listed as "unexplained".
    let mut missed_nops: std::collections::BTreeMap<&str, usize> = Default::default();
    // Missed s_waitcnt mutants by counter and reason ([`wait_reason`]).
    let mut missed_waits: std::collections::BTreeMap<(&str, &str), usize> = Default::default();
    // Caught mutants, and those whose fixed program lints clean.
    let mut fixed = (0usize, 0usize);
    let mutate = std::env::args().any(|a| a == "--mutate");
    // `MUTATE_EVERY=N`: mutate only every Nth s_waitcnt and s_nop (a sample, for large
    // real code: each mutant lints its whole section again).
    let every: usize = std::env::var("MUTATE_EVERY")
        .ok()
        .and_then(|v| v.parse().ok())
        .filter(|&n| n > 0)
        .unwrap_or(1);
    let mut seen = 0usize;
    for path in std::env::args().skip(1).filter(|a| a != "--mutate") {
        let bytes = std::fs::read(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
        let objs = code_object::load(&bytes, None).unwrap_or_else(|e| panic!("{path}: {e}"));
        for o in &objs {
            let Some(cpu) = o.target.as_deref() else {
                continue;
            };
            let Ok(t) = Target::from_name(cpu) else {
                continue;
            };
            let mut options = Options::for_target(t);
            options.flat_lds = match std::env::var("FLAT_LDS").as_deref() {
                Ok("always") => amdgpu_mc::lint::FlatLds::Always,
                Ok("functions") => amdgpu_mc::lint::FlatLds::Functions,
                _ => amdgpu_mc::lint::FlatLds::Never,
            };
            if o.xnack == amdgpu_mc::code_object::Feature::Off {
                options.xnack = false;
            }
            for s in &o.sections {
                let p = Program::from_bytes(t, &s.bytes);
                // Kernels and functions start where the symbols say (`NO_ENTRIES`:
                // the whole section as one kernel, as before).
                let ents = if std::env::var_os("NO_ENTRIES").is_some() {
                    Vec::new()
                } else {
                    entries::of_offsets(&p, &s.entries)
                };
                // Lints `p` whose statement `j` was statement `j` - `shift(j)` here.
                let lint_shifted = |p: &Program, shift: &dyn Fn(usize) -> isize| {
                    let moved: Vec<entries::Entry> = ents
                        .iter()
                        .map(|e| entries::Entry {
                            at: (e.at as isize + shift(e.at)) as usize,
                            ..*e
                        })
                        .filter(|e| e.at < p.stmts.len())
                        .collect();
                    let cx = Context {
                        entries: &moved,
                        ..Context::default()
                    };
                    Linter::default().lint_in(p, options, cx)
                };
                let lint = |p: &Program| lint_shifted(p, &|_| 0);
                let leaders = if mutate { p.leaders() } else { Vec::new() };
                let n = p
                    .stmts
                    .iter()
                    .filter(|s| matches!(s.body, Body::Inst(_)))
                    .count();
                if std::env::var_os("OPS_TIME").is_some() {
                    let t1 = std::time::Instant::now();
                    let mut n = 0usize;
                    for s in &p.stmts {
                        if let Body::Inst(i) = &s.body {
                            n += i.operands(t).len();
                        }
                    }
                    ops_time += t1.elapsed();
                    std::hint::black_box(n);
                }
                let t0 = std::time::Instant::now();
                let findings = lint(&p);
                lint_time += t0.elapsed();
                if mutate {
                    // Lints mutant `m` (what stands at statement `k` changed as `what`
                    // says): whether it is caught, and whether its fix lints clean.
                    let mut try_mutant = |m: Program, k: usize, what: &str| -> bool {
                        // (A removed statement moves the entries after it.)
                        let removed = m.stmts.len() < p.stmts.len();
                        let gone = |j: usize| -((removed && j > k) as isize);
                        let found = lint_shifted(&m, &gone);
                        let caught = found.len() > findings.len();
                        if caught {
                            fixed.0 += 1;
                            // The fix inserts a wait and a nop at most before each
                            // statement: the entries move past those before them.
                            let mut ins = vec![0isize; m.stmts.len() + 1];
                            for f in &found {
                                match f.fix {
                                    amdgpu_mc::lint::Fix::Waitcnt(_) => ins[f.at] |= 1,
                                    amdgpu_mc::lint::Fix::Nop(_) => ins[f.at] |= 2,
                                    _ => {}
                                }
                            }
                            let before: Vec<isize> = std::iter::once(0)
                                .chain(ins.iter().scan(0, |acc, &b| {
                                    *acc += (b & 1) + (b >> 1);
                                    Some(*acc)
                                }))
                                .collect();
                            let shift = |j: usize| {
                                let j2 = (j as isize + gone(j)) as usize;
                                gone(j) + before.get(j2).copied().unwrap_or(0)
                            };
                            fixed.1 += fix(&m, &found).is_ok_and(|fixed_p| {
                                lint_shifted(&fixed_p, &shift).len() <= findings.len()
                            }) as usize;
                        } else if std::env::var_os("SHOW_MISSED").is_some() {
                            if let Body::Inst(i) = &p.stmts[k].body {
                                let at = p.stmts[k].offset;
                                println!("missed {path} {cpu} {at:#06x} {} {what}", i.display(t));
                            }
                        }
                        caught
                    };
                    for k in 0..p.stmts.len() {
                        let Body::Inst(i) = &p.stmts[k].body else {
                            continue;
                        };
                        if op::S_NOP.is(i.op) || op::S_WAITCNT.on(t) == Some(i.op) {
                            seen += 1;
                            if !seen.is_multiple_of(every) {
                                continue;
                            }
                        }
                        if op::S_NOP.is(i.op) {
                            // Padding after the end of a function is not a wait.
                            let padding = (0..k).rev().find_map(|j| match &p.stmts[j].body {
                                Body::Inst(x) if op::S_NOP.is(x.op) => None,
                                Body::Inst(x) => Some(
                                    x.desc().is_end() || x.desc().has(amdgpu_mc::isa::flags::JUMP),
                                ),
                                Body::Data(_) => Some(true),
                            });
                            // (Nops before any instruction pad the section's start.)
                            if padding != Some(false) {
                                continue;
                            }
                            // One wait state fewer: s_nop N-1, or no s_nop 0.
                            let mut m = p.clone();
                            match &mut m.stmts[k].body {
                                Body::Inst(mi) if mi.imm & 0xf > 0 => mi.imm -= 1,
                                _ => {
                                    m.stmts.remove(k);
                                }
                            }
                            nops.0 += 1;
                            let caught = try_mutant(m, k, "one wait state fewer");
                            nops.1 += caught as usize;
                            if !caught {
                                let why = nop_reason(&p, k);
                                *missed_nops.entry(why).or_default() += 1;
                                if std::env::var_os("SHOW_MISSED").is_some() {
                                    println!("    ({why})");
                                }
                            }
                            continue;
                        }
                        if op::S_WAITCNT.on(t) != Some(i.op) {
                            continue;
                        }
                        // The wait without one of its counters.
                        let w = Waitcnt::decode(t.gen, i.imm as u16);
                        for (ci, c) in [Counter::Vm, Counter::Lgkm, Counter::Exp]
                            .into_iter()
                            .enumerate()
                        {
                            if w.get(c).is_none() {
                                continue;
                            }
                            let without = Counter::ALL.into_iter().filter(|&c2| c2 != c).fold(
                                Waitcnt::new(),
                                |w2, c2| match w.get(c2) {
                                    Some(n) => w2.with(c2, n),
                                    None => w2,
                                },
                            );
                            let mut m = p.clone();
                            if let Body::Inst(mi) = &mut m.stmts[k].body {
                                mi.imm = without.encode(t.gen) as u32;
                            }
                            mutants[ci].0 += 1;
                            let what = format!("without {}", c.name());
                            let caught = try_mutant(m.clone(), k, &what);
                            mutants[ci].1 += caught as usize;
                            if !caught {
                                // Caught when FLAT may reach LDS (`--flat-lds always`)?
                                let mut always = options;
                                always.flat_lds = amdgpu_mc::lint::FlatLds::Always;
                                let lint_always = |p: &Program| {
                                    let cx = Context {
                                        entries: &ents,
                                        ..Context::default()
                                    };
                                    Linter::default().lint_in(p, always, cx).len()
                                };
                                let flat = c == Counter::Lgkm
                                    && options.flat_lds != amdgpu_mc::lint::FlatLds::Always
                                    && lint_always(&m) > lint_always(&p);
                                let entry = ents.iter().any(|e| e.at == k);
                                let why = wait_reason(&p, k, c, w, flat, entry, &leaders);
                                *missed_waits.entry((c.name(), why)).or_default() += 1;
                                if std::env::var_os("SHOW_MISSED").is_some() {
                                    println!("    ({why})");
                                }
                            }
                        }
                    }
                }
                total.0 += n;
                total.1 += findings.len();
                for f in &findings {
                    let show = |k: usize| match &p.stmts[k].body {
                        Body::Inst(i) => format!("{:#06x} {}", p.stmts[k].offset, i.display(t)),
                        Body::Data(_) => format!("{:#06x} <data>", p.stmts[k].offset),
                    };
                    println!(
                        "{path} {cpu} {}: [{}] {}; fix: {}\n    at     {}\n    writer {}",
                        s.name,
                        f.rule.id(),
                        f.rule.explain(),
                        f.fix,
                        show(f.at),
                        f.other.map(show).unwrap_or_default()
                    );
                }
            }
        }
    }
    println!("{} instructions linted, {} findings", total.0, total.1);
    if std::env::var_os("LINT_TIME").is_some() {
        println!(
            "lint alone: {:.3} s, {:.2} M instructions/s",
            lint_time.as_secs_f64(),
            total.0 as f64 / lint_time.as_secs_f64() / 1e6
        );
        println!("operands alone (OPS_TIME): {:.3} s", ops_time.as_secs_f64());
    }
    if mutate {
        for (c, (n, caught)) in ["vmcnt", "lgkmcnt", "expcnt"].iter().zip(mutants) {
            println!("mutants without a {c}: {n}, caught {caught}; missed by reason:");
            for ((_, reason), n) in missed_waits.iter().filter(|((c2, _), _)| c2 == c) {
                println!("    {n:5} {reason}");
            }
        }
        println!(
            "mutants with one wait state fewer: {}, caught {}; missed by reason:",
            nops.0, nops.1
        );
        for (reason, n) in &missed_nops {
            println!("    {n:5} {reason}");
        }
        println!(
            "caught mutants whose fixed program lints clean: {} of {}",
            fixed.1, fixed.0
        );
    }
}

/// Why LLVM placed the s_nop at `k` where the machine code has no hazard that needs
/// it, as far as a look at its neighbours tells; "unexplained" otherwise.
fn nop_reason(p: &Program, k: usize) -> &'static str {
    use amdgpu_mc::inst::{Enc, RegFile};
    use amdgpu_mc::isa::{Role, Unit};
    use amdgpu_mc::target::Gen;
    let t = p.target;
    let inst = |j: usize| match p.stmts.get(j).map(|s| &s.body) {
        Some(Body::Inst(i)) => Some(i),
        _ => None,
    };
    let (Some(next), Some(prev)) = (
        inst(k + 1),
        (0..k)
            .rev()
            .find_map(|j| inst(j).filter(|i| !op::S_NOP.is(i.op))),
    ) else {
        return "unexplained";
    };
    let next_ops = next.operands(t);
    let prev_ops = prev.operands(t);
    let reads_written = |role: Option<Role>| {
        next_ops.reads().any(|o| {
            role.is_none_or(|r| o.slot.is_some_and(|s| s.role == r))
                && prev_ops.writes().any(|w| match (o.regs(), w.regs()) {
                    (Some(a), Some(b)) => a.overlaps(b),
                    _ => false,
                })
        })
    };
    // CDNA3 ISA Table 11 case 18: "VALU reads SGPR as carry-in: 0".
    let carry_in = next_ops.iter().any(|o| {
        o.slot.is_some_and(|s| s.role == Role::Ci)
            && o.regs().is_some_and(|r| r.file == RegFile::Sgpr)
    });
    if t.gen == Gen::Gfx940 && carry_in {
        return "a gfx940 VALU reading an SGPR as a carry-in or v_cndmask mask (CDNA3 case 18: none)";
    }
    // LLVM's SGPR spill code marks the first lane write of an SGPR pair as defining the
    // pair; the machine code writes no SGPR there.
    if op::V_WRITELANE_B32.is(next.op) && op::V_WRITELANE_B32.is(prev.op) && next.dst == prev.dst {
        return "v_writelane after v_writelane of one VGPR (LLVM's spill code: an implicit SGPR def)";
    }
    // LLVM's dst-sel forwarding check reads a VOP3P's op_sel_hi bit as a destination
    // select (docs/lint.md, DSTSEL_FORWARD).
    if t.gen == Gen::Gfx940
        && prev.enc == Enc::Vop3p
        && !prev.desc().has(amdgpu_mc::isa::flags::MAI)
        && next.op.unit() == Unit::Valu
        && reads_written(None)
    {
        return "a VALU after a gfx940 VOP3P (LLVM reads its op_sel_hi as a dst_sel)";
    }
    // DPP reads only its first source through the permute (Vega Table 80); LLVM waits
    // for the destination's old value too.
    if next.enc == Enc::Dpp {
        let valus: Vec<_> = (k.saturating_sub(4)..k)
            .filter_map(inst)
            .filter(|i| i.op.unit() == Unit::Valu)
            .map(|i| i.operands(t))
            .collect();
        let written = |role: Option<Role>| {
            next_ops.reads().any(|o| {
                role.is_none_or(|r| o.slot.is_some_and(|s| s.role == r))
                    && valus.iter().any(|w| {
                        w.writes().any(|w| match (o.regs(), w.regs()) {
                            (Some(a), Some(b)) => a.overlaps(b),
                            _ => false,
                        })
                    })
            })
        };
        // The first source's own need (2 wait states after a VALU write) still met
        // with one wait state fewer.
        let src0_writer = (k.saturating_sub(4)..k).rev().find(|&j| {
            inst(j).is_some_and(|w| {
                w.op.unit() == Unit::Valu
                    && next_ops.reads().any(|o| {
                        o.slot.is_some_and(|s| s.role == Role::Src0)
                            && w.operands(t).writes().any(|x| match (o.regs(), x.regs()) {
                                (Some(a), Some(b)) => a.overlaps(b),
                                _ => false,
                            })
                    })
            })
        });
        let states = |from: usize| -> usize {
            (from + 1..=k)
                .filter_map(inst)
                .map(|i| match op::S_NOP.is(i.op) {
                    true => (i.imm & 0xf) as usize + 1,
                    false => 1,
                })
                .sum()
        };
        let src0_met = src0_writer.is_none_or(|w| states(w) > 2);
        if src0_met && written(None) {
            return "DPP after a write of its destination or second source, not its first (Vega Table 80)";
        }
    }
    // Spill code at -O0: LLVM's spills of a register pair mark the first store or
    // v_accvgpr_write as defining the pair; the machine code defines nothing there.
    let store = |i: &amdgpu_mc::inst::Inst| i.desc().has(amdgpu_mc::isa::flags::STORE);
    if store(next) && store(prev) {
        return "a store after a store (LLVM's spill code: an implicit def on the first)";
    }
    if op::V_ACCVGPR_WRITE_B32.is(next.op)
        && op::V_ACCVGPR_WRITE_B32.is(prev.op)
        && !reads_written(None)
    {
        return "v_accvgpr_write after v_accvgpr_write of another AGPR (LLVM's spill code: an implicit def)";
    }
    // Soft clauses: LLVM looks back 19 instructions, not 5, in a function that uses
    // a0 (its MaxLookAhead); we keep the 5 (docs/lint.md, VMEM_CLAUSE).
    let vmem = |j: usize| inst(j).is_some_and(|i| matches!(i.op.unit(), Unit::Vmem | Unit::Flat));
    if vmem(k + 1) && (k.saturating_sub(5)..k).all(vmem) {
        return "a soft clause member more than 5 members after what it overlaps (LLVM looks back 19 where a0 is used)";
    }
    "unexplained"
}

/// Why LLVM placed the counter `c` of the wait `w` at `k` where no register needs it
/// (the mutant without it was not caught), by what follows it; "unexplained"
/// otherwise. `flat`: the mutant is caught when FLAT may reach LDS; `entry`: the wait
/// is the first statement of a kernel or function; `leaders`: `p.leaders()`.
fn wait_reason(
    p: &Program,
    k: usize,
    c: Counter,
    w: Waitcnt,
    flat: bool,
    entry: bool,
    leaders: &[bool],
) -> &'static str {
    use amdgpu_mc::isa::flags;
    let t = p.target;
    if flat {
        return "FLAT that may reach LDS: caught with `--flat-lds always`";
    }
    // LLVM's convention: a callable function waits for everything at its entry; the
    // linter takes any register as pending there and reports a use of one.
    if entry {
        return "a function's entry wait, no register its caller's operations may hold touched before the next wait";
    }
    // The operations on `c` the wait may complete: back to the previous wait for 0 on
    // `c` or the start of the wait's block.
    let counts = |i: &amdgpu_mc::inst::Inst| {
        let n = i.counters(t);
        match c {
            Counter::Vm => n.vm,
            Counter::Lgkm => n.lgkm.is_some(),
            _ => n.exp,
        }
    };
    let mut pending = Vec::new();
    let mut after_wait = false;
    for j in (0..k).rev() {
        // (Control that reaches the wait's block start from elsewhere: stop.)
        if leaders[j + 1] {
            break;
        }
        let Body::Inst(i) = &p.stmts[j].body else {
            break;
        };
        if op::S_WAITCNT.on(t) == Some(i.op) {
            if Waitcnt::decode(t.gen, i.imm as u16).get(c) == Some(0) {
                after_wait = true;
                break;
            }
            continue;
        }
        if counts(i) {
            pending.push(i);
        }
    }
    let written: Vec<_> = pending
        .iter()
        .flat_map(|i| {
            i.operands(t)
                .writes()
                .filter_map(|o| o.regs())
                .collect::<Vec<_>>()
        })
        .collect();
    if pending.is_empty() && after_wait {
        return "repeated: an earlier wait in its block completed everything";
    }
    let need = w.get(c).unwrap_or(u8::MAX);
    // Whether the wait `i` completes on `c` what this one does.
    let covers = |i: &amdgpu_mc::inst::Inst| {
        Waitcnt::decode(t.gen, i.imm as u16)
            .get(c)
            .is_some_and(|n| n <= need)
    };
    // The first instruction after the wait that is neither a nop nor another wait; a
    // later wait as strong on `c` before it completes what this one did.
    let mut next = None;
    for s in &p.stmts[k + 1..] {
        let Body::Inst(i) = &s.body else { break };
        if op::S_NOP.is(i.op) {
            continue;
        }
        if op::S_WAITCNT.on(t) == Some(i.op) {
            if covers(i) {
                return "repeated: the next wait completes as much";
            }
            continue;
        }
        next = Some(i);
        break;
    }
    let Some(next) = next else {
        return "unexplained";
    };
    let d = next.desc();
    let name = d.mnemonic.name();
    // A callee completes its memory operations before it returns (a load pending
    // there is RETURN_WAITCNT's finding).
    if name == "s_setpc_b64" {
        return "before a return: a callee completes its stores and messages too (the convention)";
    }
    if d.has(flags::BARRIER) {
        return "ordering before s_barrier (a workgroup fence: nothing marks it)";
    }
    if name.starts_with("buffer_wb")
        || name.starts_with("buffer_inv")
        || name.starts_with("s_dcache")
    {
        return "ordering before cache maintenance (a fence's writeback or invalidation)";
    }
    if d.has(flags::ATOMIC) {
        return "ordering before an atomic (its release side: nothing marks it)";
    }
    if d.has(flags::STORE) {
        return "ordering before a store (a release: nothing in the machine code marks it)";
    }
    if !pending.is_empty() && written.is_empty() {
        return "completion of stores only (a volatile access or a release: nothing marks it)";
    }
    // A later wait on the path that falls through completes them before any
    // instruction touches their registers (LLVM completes loads before a loop that
    // waits for them inside).
    for s in &p.stmts[k + 1..] {
        let Body::Inst(i) = &s.body else { break };
        if op::S_WAITCNT.on(t) == Some(i.op) {
            if covers(i) {
                return "a later wait completes them before any use (LLVM's wait before a loop)";
            }
            continue;
        }
        let ops = i.operands(t);
        let touches = ops
            .reads()
            .chain(ops.writes())
            .filter_map(|o| o.regs())
            .any(|r| written.iter().any(|w| w.overlaps(r)));
        if touches || i.desc().is_end() || i.desc().is_branch() {
            break;
        }
    }
    "unexplained"
}
