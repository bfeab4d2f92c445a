//! Golden vectors (tests/golden/<cpu>.txt, generated from llvm-mc 22 by
//! tools/gen-golden.sh): every line must assemble to its bytes and its bytes must
//! disassemble to its text; and every instruction of the tables, in each of its
//! encodings, must have a vector (or a documented reason in tests/golden/uncovered.txt).

use amdgpu_mc::isa::{self, OpId};
use amdgpu_mc::{assemble_line, decode, encode, random, Enc, Target};
use pretty_assertions::assert_eq;
use std::collections::BTreeSet;

fn vectors(text: &str) -> Vec<(usize, String, Vec<u8>)> {
    text.lines()
        .enumerate()
        .filter(|(_, l)| !l.starts_with('#') && !l.trim().is_empty())
        .map(|(n, l)| {
            let (t, e) = l.split_once(" ; encoding: [").expect("golden line format");
            let bytes = e
                .trim_end_matches(']')
                .split(',')
                .map(|b| u8::from_str_radix(b.trim_start_matches("0x"), 16).unwrap())
                .collect();
            (n + 1, t.to_string(), bytes)
        })
        .collect()
}

fn check(cpu: &str, text: &str) {
    let t = Target::from_name(cpu).unwrap();
    let mut failures = Vec::new();
    let mut covered: BTreeSet<(OpId, Enc)> = BTreeSet::new();
    let vs = vectors(text);
    for (line, txt, bytes) in &vs {
        match assemble_line(t, txt)
            .map_err(|e| e.to_string())
            .and_then(|i| encode(t, &i).map_err(|e| e.to_string()))
        {
            Ok(w) => {
                let mut b = Vec::new();
                w.write_to(&mut b);
                if &b != bytes {
                    failures.push(format!("{cpu}.txt:{line}: asm {txt}: got {b:02x?}"));
                }
            }
            Err(e) => failures.push(format!("{cpu}.txt:{line}: asm {txt}: {e}")),
        }
        match decode(t, bytes) {
            Ok(i) => {
                covered.insert((i.op, i.enc));
                let got = i.display(t).to_string();
                if &got != txt {
                    failures.push(format!("{cpu}.txt:{line}: disasm: got {got}, want {txt}"));
                }
            }
            Err(e) => failures.push(format!("{cpu}.txt:{line}: disasm {txt}: {e}")),
        }
    }
    let uncovered_ok: Vec<&str> = include_str!("golden/uncovered.txt")
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
        .filter_map(|l| l.split('\t').next())
        .collect();
    let mut missing = Vec::new();
    for id in random::rows(t) {
        let d = id.desc();
        for enc in random::encodings(id, t) {
            let name = if enc == Enc::Vop3 && d.fmt != isa::Fmt::Vop3 {
                format!("{}_e64", d.name())
            } else if enc == Enc::Dpp {
                format!("{}_dpp", d.name())
            } else if enc == Enc::Sdwa {
                format!("{}_sdwa", d.name())
            } else {
                d.name().to_string()
            };
            if !covered.contains(&(id, enc)) && !uncovered_ok.contains(&name.as_str()) {
                missing.push(name);
            }
        }
    }
    eprintln!(
        "{cpu}: {} vectors, {} failures, {} table rows/encodings without a vector",
        vs.len(),
        failures.len(),
        missing.len()
    );
    if !missing.is_empty() {
        eprintln!("{cpu}: without a vector: {missing:?}");
    }
    assert_eq!(failures, Vec::<String>::new(), "golden vectors disagree");
    assert_eq!(
        missing,
        Vec::<String>::new(),
        "rows without a golden vector (add one or document it in tests/golden/uncovered.txt)"
    );
}

#[test]
fn golden_gfx906() {
    check("gfx906", include_str!("golden/gfx906.txt"));
}

#[test]
fn golden_gfx900() {
    check("gfx900", include_str!("golden/gfx900.txt"));
}

#[test]
fn golden_gfx908() {
    check("gfx908", include_str!("golden/gfx908.txt"));
}

#[test]
fn golden_gfx90a() {
    check("gfx90a", include_str!("golden/gfx90a.txt"));
}

#[test]
fn golden_gfx942() {
    check("gfx942", include_str!("golden/gfx942.txt"));
}

#[test]
fn golden_gfx803() {
    check("gfx803", include_str!("golden/gfx803.txt"));
}

#[test]
fn golden_gfx600() {
    check("gfx600", include_str!("golden/gfx600.txt"));
}

#[test]
fn golden_gfx700() {
    check("gfx700", include_str!("golden/gfx700.txt"));
}

#[test]
fn golden_gfx950() {
    check("gfx950", include_str!("golden/gfx950.txt"));
}
