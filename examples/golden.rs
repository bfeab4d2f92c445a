//! Generates golden vectors from llvm-mc 22 (run by `tools/gen-golden.sh`).
//!
//! For every instruction row of a target, in each of its encodings, it draws a few
//! well-formed instructions with varied operands from the shared generator, has
//! llvm-mc disassemble them, assembles llvm-mc's text with llvm-mc again, and keeps
//! the lines that llvm-mc itself round-trips exactly. Output on stdout:
//! `TEXT ; encoding: [0x..,..]`, one per line.
//!
//! llvm-mc cannot disassemble gfx6/gfx7: for those targets llvm-mc assembles our
//! text instead, and the lines it encodes to our bytes, echoing our text, are kept.
//!
//! Usage: cargo run --release --example golden -- gfx906 [per-row] [seed]

#[path = "../tests/common/mod.rs"]
mod common;

use amdgpu_mc::{encode, random, Target};
use common::*;
use std::collections::BTreeMap;
use std::fmt::Write as _;

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let cpu = args.first().map(String::as_str).unwrap_or("gfx906");
    let per_row: usize = args.get(1).and_then(|s| s.parse().ok()).unwrap_or(3);
    let seed: u64 = args.get(2).and_then(|s| s.parse().ok()).unwrap_or(0x901d);
    let t = Target::from_name(cpu).unwrap_or_else(|e| panic!("{e}"));
    let insts = random::cover(t, seed, per_row);
    let cases: Vec<Vec<u8>> = insts
        .iter()
        .map(|i| {
            let mut b = Vec::new();
            encode(t, i).unwrap().write_to(&mut b);
            b
        })
        .collect();
    let mcpu = format!("-mcpu={cpu}");
    // The candidate lines: llvm-mc's disassembly of each case, or for gfx6/gfx7, which it
    // cannot disassemble, our text.
    let old = t.gen.before_gfx8();
    let mut texts: Vec<(String, Vec<u8>)> = Vec::new();
    if old {
        texts = insts
            .iter()
            .zip(&cases)
            .map(|(i, b)| (i.display(t).to_string(), b.clone()))
            .collect();
    } else {
        // Disassemble each case, one llvm-mc run per chunk, keeping single-instruction cases.
        for chunk in cases.chunks(400) {
            match llvm_groups(&mcpu, chunk) {
                Some(groups) => keep(&mut texts, groups, chunk),
                // Lost alignment (some word did not disassemble to whole lines): one case
                // at a time, so that only the odd case is lost.
                None => {
                    for c in chunk {
                        if let Some(g) = llvm_groups(&mcpu, std::slice::from_ref(c)) {
                            keep(&mut texts, g, std::slice::from_ref(c));
                        }
                    }
                }
            }
        }
    }
    // Keep what llvm-mc assembles back to the same bytes, echoing the same text.
    let lines: Vec<String> = texts.iter().map(|(text, _)| text.clone()).collect();
    let mut kept: BTreeMap<String, Vec<String>> = BTreeMap::new();
    for ((text, bytes), group) in texts.iter().zip(llvm_asm_groups(cpu, &lines)) {
        if let [(atext, abytes)] = group.as_slice() {
            if abytes == bytes && atext == text {
                let mnemonic = text.split_whitespace().next().unwrap_or("").to_string();
                kept.entry(mnemonic)
                    .or_default()
                    .push(format!("{text} ; encoding: [{}]", hex_line(bytes)));
            }
        }
    }
    println!("# Golden vectors for {cpu}, generated from llvm-mc 22 by tools/gen-golden.sh: each line is");
    if old {
        println!("# generated text (llvm-mc cannot disassemble {cpu}) that llvm-mc assembles to these bytes, echoing it.");
    } else {
        println!("# llvm-mc's disassembly of a generated word whose text llvm-mc assembles back to the same bytes.");
    }
    print_lines(&kept);
}

fn print_lines(kept: &BTreeMap<String, Vec<String>>) {
    for lines in kept.values() {
        let mut seen = std::collections::HashSet::new();
        for l in lines {
            if seen.insert(l) {
                println!("{l}");
            }
        }
    }
}

/// llvm-mc's disassembly of each case (separated by a sentinel), or None when the
/// output does not split into one group per case.
fn llvm_groups(mcpu: &str, chunk: &[Vec<u8>]) -> Option<Vec<Vec<String>>> {
    let mut input = String::new();
    for c in chunk {
        writeln!(input, "{}\n{SENTINEL}", hex_line(c)).unwrap();
    }
    let (out, _) = llvm_mc(&["--disassemble", "-arch=amdgcn", mcpu], &input);
    let mut groups: Vec<Vec<String>> = vec![Vec::new()];
    for line in out
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with(".text"))
    {
        if line == SENTINEL_TEXT {
            groups.push(Vec::new());
        } else {
            groups.last_mut().unwrap().push(line.to_string());
        }
    }
    groups.pop();
    (groups.len() == chunk.len()).then_some(groups)
}

/// Keeps the cases llvm-mc disassembled to a single clean line.
fn keep(texts: &mut Vec<(String, Vec<u8>)>, groups: Vec<Vec<String>>, chunk: &[Vec<u8>]) {
    for (g, c) in groups.into_iter().zip(chunk) {
        if g.len() == 1 && !g[0].contains("/*") {
            texts.push((g[0].clone(), c.clone()));
        }
    }
}
