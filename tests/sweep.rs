//! Differential sweep against llvm-mc 22: random well-formed instructions (from the
//! shared generator in `amdgpu_mc::random`) are disassembled by llvm-mc and by us, and
//! llvm-mc's text is assembled by both. Every difference must match an entry of
//! `tests/accepted-differences.txt` (which gives the reason), and agreement must
//! stay above 98% (the rest being llvm-mc's lossy forms). Skipped with a message when llvm-mc-22 is not installed.

mod common;

use amdgpu_mc::{assemble_line, disasm, encode, random, Target};
use common::*;
use std::fmt::Write as _;

struct Accepted {
    kind: String,
    pattern: String,
}

fn accepted() -> Vec<Accepted> {
    include_str!("accepted-differences.txt")
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .map(|l| {
            let mut f = l.split('\t');
            Accepted {
                kind: f.next().unwrap_or("").to_string(),
                pattern: f.next().unwrap_or("").to_string(),
            }
        })
        .collect()
}

fn covered(acc: &[Accepted], kind: &str, texts: &[&str]) -> bool {
    acc.iter()
        .any(|a| a.kind == kind && texts.iter().any(|t| t.contains(&a.pattern)))
}

/// Disassembles each case with llvm-mc, separated by a sentinel instruction.
fn llvm_disasm(args: &[&str], cases: &[Vec<u8>]) -> Vec<Vec<String>> {
    let mut input = String::new();
    for c in cases {
        writeln!(input, "{}\n{SENTINEL}", hex_line(c)).unwrap();
    }
    let (out, _) = llvm_mc(args, &input);
    let mut llvm: Vec<Vec<String>> = vec![Vec::new()];
    for line in out.lines() {
        let text = line.trim();
        if text.is_empty() || text.starts_with(".text") {
            continue;
        }
        if text == SENTINEL_TEXT {
            llvm.push(Vec::new());
        } else {
            llvm.last_mut().unwrap().push(text.to_string());
        }
    }
    llvm.pop();
    llvm
}

/// The bytes of a generated instruction.
fn encoded(t: Target, i: &amdgpu_mc::Inst) -> Vec<u8> {
    let mut b = Vec::new();
    encode(t, i)
        .expect("generator yields encodable instructions")
        .write_to(&mut b);
    b
}

/// Our disassembly of `bytes`, one line per instruction.
fn our_disasm(t: Target, bytes: &[u8]) -> String {
    let mut lines = Vec::new();
    for l in disasm::lines(t, bytes) {
        let mut s = String::new();
        disasm::write_line(&mut s, t, bytes, &l, false).unwrap();
        lines.push(s.trim().to_string());
    }
    lines.join("\n")
}

fn sweep(cpu: &str, seed: u64, n: usize) {
    if !have_llvm("sweep") {
        return;
    }
    let t = Target::from_name(cpu).unwrap();
    let insts = random::sample(t, seed, n);
    let cases: Vec<Vec<u8>> = insts.iter().map(|i| encoded(t, i)).collect();
    let cpu_arg = format!("-mcpu={cpu}");
    let args = ["--disassemble", "-arch=amdgcn", cpu_arg.as_str()];
    let mut llvm: Vec<Vec<String>> = Vec::new();
    for chunk in cases.chunks(500) {
        let got = llvm_disasm(&args, chunk);
        if got.len() == chunk.len() {
            llvm.extend(got);
        } else {
            // A case swallowed its sentinel (an undecodable word followed by a 64-bit
            // decode): take this chunk case by case.
            for c in chunk {
                let mut one = llvm_disasm(&args, std::slice::from_ref(c));
                one.resize(1, Vec::new());
                llvm.extend(one);
            }
        }
    }
    let acc = accepted();
    let mut report = String::new();
    let (mut same_text, mut our_asm_ok, mut llvm_asm_texts) = (0usize, 0usize, Vec::new());
    let mut unexplained = 0;
    let mut same = vec![false; cases.len()];
    for (k, bytes) in cases.iter().enumerate() {
        let theirs = llvm[k].join("\n");
        let mine = our_disasm(t, bytes);
        if theirs == mine {
            same_text += 1;
            same[k] = true;
        } else {
            let ok = covered(&acc, "text", &[&theirs, &mine]);
            unexplained += !ok as usize;
            writeln!(
                report,
                "text{} {}\n  llvm: {theirs}\n  ours: {mine}",
                if ok { "" } else { " UNEXPLAINED" },
                hex_line(bytes)
            )
            .unwrap();
        }
        // Our assembler on llvm-mc's text.
        let back = if llvm[k].len() == 1 {
            assemble_line(t, &theirs)
                .ok()
                .and_then(|i| encode(t, &i).ok())
                .map(|w| {
                    let mut b = Vec::new();
                    w.write_to(&mut b);
                    b
                })
        } else {
            None
        };
        if back.as_deref() == Some(bytes.as_slice()) {
            our_asm_ok += 1;
        } else {
            let ok = covered(&acc, "asm", &[&theirs, &mine]);
            unexplained += !ok as usize;
            writeln!(
                report,
                "asm{} {}\n  llvm text: {theirs}\n  our bytes: {:?}",
                if ok { "" } else { " UNEXPLAINED" },
                hex_line(bytes),
                back.map(|b| hex_line(&b))
            )
            .unwrap();
        }
        llvm_asm_texts.push(theirs);
    }
    // llvm-mc's own round trip: which of its lines it assembles back to the same bytes.
    let groups = llvm_asm_groups(cpu, &llvm_asm_texts);
    let llvm_round = groups.iter().filter(|g| !g.is_empty()).count();
    let (mut lossless, mut lossless_same) = (0usize, 0usize);
    for (k, bytes) in cases.iter().enumerate() {
        if groups
            .get(k)
            .is_some_and(|g| g.len() == 1 && g[0].1 == *bytes)
        {
            lossless += 1;
            lossless_same += same[k] as usize;
        }
    }

    let pct = |x: usize| 100.0 * x as f64 / cases.len() as f64;
    let summary = format!(
        "{cpu}: {} instructions; identical text {} ({:.3}%); our assembly of llvm-mc's text gives the same bytes {} ({:.3}%); llvm-mc assembles {} of its own lines, {} back to the same bytes; on those, identical text {} ({:.3}%); {} unexplained",
        cases.len(),
        same_text,
        pct(same_text),
        our_asm_ok,
        pct(our_asm_ok),
        llvm_round,
        lossless,
        lossless_same,
        100.0 * lossless_same as f64 / lossless.max(1) as f64,
        unexplained
    );
    eprintln!("{summary}");
    let path = format!("{}/sweep-{cpu}.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, format!("{summary}\n{report}")).unwrap();
    assert_eq!(
        unexplained, 0,
        "differences not in tests/accepted-differences.txt; see {path}"
    );
    // All differences are explained above (llvm-mc's text of those words does not
    // round-trip); this guards against regressions in everything else.
    assert!(
        pct(same_text) >= 98.0 && pct(our_asm_ok) >= 98.0,
        "agreement dropped: {summary}; see {path}"
    );
}

#[test]
fn sweep_gfx906() {
    sweep("gfx906", 0x5eed_0906, 10_000);
}

#[test]
fn sweep_gfx900() {
    sweep("gfx900", 0x5eed_0900, 10_000);
}

#[test]
fn sweep_gfx908() {
    sweep("gfx908", 0x5eed_0908, 10_000);
}

#[test]
fn sweep_gfx90a() {
    sweep("gfx90a", 0x5eed_090a, 10_000);
}

#[test]
fn sweep_gfx942() {
    sweep("gfx942", 0x5eed_0942, 10_000);
}

#[test]
fn sweep_gfx950() {
    sweep("gfx950", 0x5eed_0950, 10_000);
}

#[test]
fn sweep_gfx803() {
    sweep("gfx803", 0x5eed_0803, 10_000);
}

/// The assembly-direction sweep, the only one for targets llvm-mc cannot disassemble
/// (gfx6, gfx7), and run for gfx8 besides: random well-formed
/// instructions are printed and encoded by us; llvm-mc assembles our text (its bytes
/// must be ours, and its echo our text), and our disassembly of our bytes (the text a
/// user sees) must assemble in llvm-mc back to the same bytes.
fn sweep_asm(cpu: &str, seed: u64, n: usize) {
    if !have_llvm("sweep") {
        return;
    }
    let t = Target::from_name(cpu).unwrap();
    let insts = random::sample(t, seed, n);
    let texts: Vec<String> = insts.iter().map(|i| i.display(t).to_string()).collect();
    let cases: Vec<Vec<u8>> = insts.iter().map(|i| encoded(t, i)).collect();
    let dis: Vec<String> = cases.iter().map(|b| our_disasm(t, b)).collect();
    let from_text = llvm_asm_groups(cpu, &texts);
    let from_dis = llvm_asm_groups(cpu, &dis);
    let acc = accepted();
    let mut report = String::new();
    let (mut same_bytes, mut same_echo, mut dis_ok, mut unexplained) = (0, 0, 0, 0);
    for (k, bytes) in cases.iter().enumerate() {
        let got = from_text.get(k).cloned().unwrap_or_default();
        let ok = got.len() == 1 && got[0].1 == *bytes;
        same_bytes += ok as usize;
        let echo = got.len() == 1 && got[0].0 == texts[k];
        same_echo += echo as usize;
        if ok && !echo {
            writeln!(
                report,
                "echo {}\n  ours: {}\n  llvm: {}",
                hex_line(bytes),
                texts[k],
                got[0].0
            )
            .unwrap();
        }
        if !ok {
            let explained = covered(&acc, "asm", &[&texts[k]]);
            unexplained += !explained as usize;
            writeln!(
                report,
                "asm{} {}\n  ours: {}\n  llvm: {:?}",
                if explained { "" } else { " UNEXPLAINED" },
                hex_line(bytes),
                texts[k],
                got.iter().map(|(_, b)| hex_line(b)).collect::<Vec<_>>()
            )
            .unwrap();
        }
        let back = from_dis.get(k).cloned().unwrap_or_default();
        let round = back
            .iter()
            .flat_map(|(_, b)| b.clone())
            .collect::<Vec<u8>>();
        if round == *bytes {
            dis_ok += 1;
        } else {
            unexplained += 1;
            writeln!(
                report,
                "disasm UNEXPLAINED {}\n  ours: {}\n  llvm assembles it to: {}",
                hex_line(bytes),
                dis[k],
                hex_line(&round)
            )
            .unwrap();
        }
    }
    let pct = |x: usize| 100.0 * x as f64 / cases.len() as f64;
    let summary = format!(
        "{cpu}: {} instructions; llvm-mc assembles our text to our bytes {} ({:.3}%), echoing our text {} ({:.3}%); our disassembly assembles back to the same bytes {} ({:.3}%); {} unexplained",
        cases.len(),
        same_bytes,
        pct(same_bytes),
        same_echo,
        pct(same_echo),
        dis_ok,
        pct(dis_ok),
        unexplained
    );
    eprintln!("{summary}");
    let path = format!("{}/sweep-asm-{cpu}.txt", env!("CARGO_TARGET_TMPDIR"));
    std::fs::write(&path, format!("{summary}\n{report}")).unwrap();
    assert_eq!(
        unexplained, 0,
        "differences not in tests/accepted-differences.txt; see {path}"
    );
}

#[test]
fn sweep_gfx600() {
    sweep_asm("gfx600", 0x5eed_0600, 10_000);
}

#[test]
fn sweep_gfx700() {
    sweep_asm("gfx700", 0x5eed_0700, 10_000);
}

#[test]
fn sweep_gfx803_asm() {
    sweep_asm("gfx803", 0x5eed_0803, 10_000);
}
