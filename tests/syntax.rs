//! Operand syntax coverage against llvm-mc 22 (tests/syntax/, expected output from
//! tools/gen-syntax.sh):
//!
//! Files are named for their target: `CPU.s`, `CPU-errors.s`, `CPU-labels.s`.
//!
//! * `gfx906.s`: every instruction must print as llvm-mc's `-show-encoding` echo and
//!   encode to the same bytes (`A` bytes of a branch fixup match anything), and the
//!   whole output must equal the `.text` of llvm-mc's object (`gfx906.bin`), where the
//!   branches are resolved.
//! * `gfx906-errors.s`, `gfx906-labels.s`: every error llvm-mc reports must be ours
//!   too, at the same line and column with the same message, and we report no others.
//!
//! `tests/syntax/accepted.txt` lists the accepted differences, each with its reason.

use amdgpu_mc::asm::Item;
use amdgpu_mc::{assemble, encode, Target};
use std::collections::BTreeSet;
use std::fmt::Write;

const DIR: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/syntax");

fn read(name: &str) -> String {
    std::fs::read_to_string(format!("{DIR}/{name}")).unwrap_or_else(|e| panic!("{name}: {e}"))
}

/// `KIND<TAB>PATTERN<TAB>REASON` lines: a difference of KIND is accepted on source
/// lines containing PATTERN.
struct Accepted(Vec<(String, String)>);

impl Accepted {
    fn load() -> Accepted {
        let text = read("accepted.txt");
        let mut v = Vec::new();
        for (n, l) in text.lines().enumerate() {
            if l.starts_with('#') || l.trim().is_empty() {
                continue;
            }
            let f: Vec<&str> = l.split('\t').collect();
            assert!(
                f.len() == 3 && ["text", "bytes", "error", "extra"].contains(&f[0]),
                "accepted.txt:{}: expected KIND<TAB>PATTERN<TAB>REASON",
                n + 1
            );
            v.push((f[0].to_string(), f[1].to_string()));
        }
        Accepted(v)
    }
    fn allows(&self, kind: &str, source_line: &str) -> bool {
        self.0
            .iter()
            .any(|(k, p)| k == kind && source_line.contains(p.as_str()))
    }
}

/// llvm-mc's `-show-encoding` instruction lines: text and bytes (`None` for a fixup byte).
fn expected_insts(text: &str) -> Vec<(String, Vec<Option<u8>>)> {
    text.lines()
        .filter_map(|l| {
            let (t, e) = l.split_once("; encoding: [")?;
            let bytes = e
                .trim_end_matches(']')
                .split(',')
                .map(|b| {
                    b.strip_prefix("0x")
                        .and_then(|h| u8::from_str_radix(h, 16).ok())
                })
                .collect();
            Some((t.trim().to_string(), bytes))
        })
        .collect()
}

/// llvm-mc's errors: (line, column, message).
fn expected_errors(stderr: &str, file: &str) -> BTreeSet<(usize, usize, String)> {
    expected_diags(stderr, file, " error: ")
}

/// llvm-mc's diagnostics of one kind (`" error: "`, `" warning: "`).
fn expected_diags(stderr: &str, file: &str, kind: &str) -> BTreeSet<(usize, usize, String)> {
    let prefix = format!("tests/syntax/{file}:");
    stderr
        .lines()
        .filter_map(|l| {
            let rest = l.strip_prefix(&prefix)?;
            let mut f = rest.splitn(3, ':');
            let line = f.next()?.parse().ok()?;
            let col = f.next()?.parse().ok()?;
            let msg = f.next()?.strip_prefix(kind)?;
            Some((line, col, msg.to_string()))
        })
        .collect()
}

/// The test files of one kind (`""` for instructions, `"-errors"`, `"-labels"`): their
/// stem (`gfx906`, `gfx942-errors`) and the target named by its first part.
fn files(kind: &str) -> Vec<(String, Target)> {
    let mut out: Vec<(String, Target)> = std::fs::read_dir(DIR)
        .unwrap()
        .filter_map(|e| {
            let name = e.ok()?.file_name().into_string().ok()?;
            let stem = name.strip_suffix(".s")?.to_string();
            let (cpu, rest) = stem.split_once('-').unwrap_or((&stem, ""));
            let rest = if rest.is_empty() {
                ""
            } else {
                &stem[cpu.len()..]
            };
            (rest == kind).then(|| (stem.clone(), Target::from_name(cpu).unwrap()))
        })
        .collect();
    out.sort_by(|a, b| a.0.cmp(&b.0));
    assert!(!out.is_empty(), "no tests/syntax/*{kind}.s files");
    out
}

#[test]
fn instructions_match_llvm_mc() {
    for (stem, t) in files("") {
        check_insts(&stem, t);
    }
}

fn check_insts(stem: &str, t: Target) {
    let ok = Accepted::load();
    let src = read(&format!("{stem}.s"));
    let lines: Vec<&str> = src.lines().collect();
    let stderr = read(&format!("{stem}.stderr"));
    assert!(
        expected_errors(&stderr, &format!("{stem}.s")).is_empty(),
        "{stem}.s must assemble without errors in llvm-mc"
    );
    let a = assemble(t, &src);
    assert!(a.diags.is_empty(), "{stem}.s: {:#?}", a.diags);
    // The same warnings, at the same places (a line that assembles).
    let warnings: BTreeSet<(usize, usize, String)> = a
        .warnings
        .iter()
        .map(|d| (d.line, d.col, d.msg.clone()))
        .collect();
    assert_eq!(
        warnings,
        expected_diags(&stderr, &format!("{stem}.s"), " warning: "),
        "{stem}.s: warnings"
    );
    let want = expected_insts(&read(&format!("{stem}.expected")));
    let mut ours = Vec::new();
    for s in &a.stmts {
        if let Item::Inst(i) = &s.item {
            let mut text = String::new();
            write!(text, "{}", s.display(t).unwrap()).unwrap();
            let mut bytes = Vec::new();
            encode(t, i).unwrap().write_to(&mut bytes);
            ours.push((s.line, text, bytes));
        }
    }
    assert_eq!(
        ours.len(),
        want.len(),
        "instruction count differs from llvm-mc"
    );
    let mut failures = Vec::new();
    for ((line, text, bytes), (wtext, wbytes)) in ours.iter().zip(&want) {
        let source = lines[line - 1];
        if text != wtext && !ok.allows("text", source) {
            failures.push(format!(
                "{stem}.s:{line}: {source}\n    llvm-mc: {wtext}\n    ours:    {text}"
            ));
        }
        let same = bytes.len() == wbytes.len()
            && bytes
                .iter()
                .zip(wbytes)
                .all(|(b, w)| w.is_none_or(|w| w == *b));
        if !same && !ok.allows("bytes", source) {
            failures.push(format!(
                "{stem}.s:{line}: {source}\n    llvm-mc: {wbytes:02x?}\n    ours:    {bytes:02x?}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn bytes_match_llvm_mc_object() {
    for (stem, t) in files("") {
        check_object(&stem, t);
    }
}

fn check_object(stem: &str, t: Target) {
    let ok = Accepted::load();
    let src = read(&format!("{stem}.s"));
    let lines: Vec<&str> = src.lines().collect();
    let a = assemble(t, &src);
    let ours = a.bytes(t);
    let want = std::fs::read(format!("{DIR}/{stem}.bin")).unwrap();
    assert_eq!(
        ours.len(),
        want.len(),
        "code size differs from llvm-mc's object"
    );
    let mut failures = String::new();
    for (k, s) in a.stmts.iter().enumerate() {
        let end = a.stmts.get(k + 1).map_or(ours.len(), |n| n.offset);
        let source = lines[s.line - 1];
        if ours[s.offset..end] != want[s.offset..end] && !ok.allows("bytes", source) {
            let _ = writeln!(
                failures,
                "{stem}.s:{}: {source}\n    llvm-mc: {:02x?}\n    ours:    {:02x?}",
                s.line,
                &want[s.offset..end],
                &ours[s.offset..end]
            );
        }
    }
    assert!(failures.is_empty(), "\n{failures}");
}

fn check_errors(t: Target, file: &str, stderr: &str) {
    let ok = Accepted::load();
    let src = read(file);
    let lines: Vec<&str> = src.lines().collect();
    let want = expected_errors(&read(stderr), file);
    assert!(!want.is_empty(), "{stderr}: no errors found");
    let a = assemble(t, &src);
    let ours: BTreeSet<(usize, usize, String)> = a
        .diags
        .iter()
        .map(|d| (d.line, d.col, d.msg.clone()))
        .collect();
    let mut failures = Vec::new();
    for (line, col, msg) in want.difference(&ours) {
        let source = lines[line - 1];
        if !ok.allows("error", source) {
            let got: Vec<_> = ours.iter().filter(|e| e.0 == *line).collect();
            failures.push(format!(
                "{file}:{line}:{col}: llvm-mc: {msg}\n    {source}\n    ours: {got:?}"
            ));
        }
    }
    for (line, col, msg) in ours.difference(&want) {
        let source = lines[line - 1];
        let llvm_has_line = want.iter().any(|e| e.0 == *line);
        if !llvm_has_line && !ok.allows("extra", source) {
            failures.push(format!(
                "{file}:{line}:{col}: ours only: {msg}\n    {source}"
            ));
        }
    }
    assert!(failures.is_empty(), "\n{}", failures.join("\n"));
}

#[test]
fn errors_match_llvm_mc() {
    for (stem, t) in files("-errors") {
        // Every statement of the file is an error in llvm-mc.
        assert!(
            expected_insts(&read(&format!("{stem}.expected"))).is_empty(),
            "{stem}.s has lines llvm-mc accepts"
        );
        check_errors(t, &format!("{stem}.s"), &format!("{stem}.stderr"));
    }
}

#[test]
fn label_errors_match_llvm_mc() {
    for (stem, t) in files("-labels") {
        check_errors(t, &format!("{stem}.s"), &format!("{stem}.stderr"));
    }
}

#[test]
fn accepted_differences_are_all_used() {
    // Each entry must still name a line of the test files (no stale excuses).
    let files: String = ["", "-errors", "-labels"]
        .iter()
        .flat_map(|k| files(k))
        .map(|(stem, _)| read(&format!("{stem}.s")))
        .collect();
    for (kind, pattern) in &Accepted::load().0 {
        assert!(
            files.lines().any(|l| l.contains(pattern.as_str())),
            "accepted.txt: {kind} entry '{pattern}' matches no test line"
        );
    }
}
