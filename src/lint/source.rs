//! Linting assembly text: what `amdgpu-mc lint` runs on a source file.
//!
//! * Directives the linter does not need are skipped, never errors: any statement
//!   starting with `.` that the assembler does not take, and the YAML between
//!   `.amdgpu_metadata` and `.end_amdgpu_metadata` (so llc's complete `.s` output
//!   lints as it is). An instruction that does not assemble is an error.
//! * A finding is silenced by a comment on its line: `lint:allow(WAITCNT_VM)` (several
//!   ids separated by commas) or `lint:allow` for every rule.
//! * [`fix`] inserts the fixes as lines of their own before the lines that need them,
//!   indented like them, and changes nothing else.

use super::{Context, Finding, Fix, Inserts, Linter, Options, Rule, RuleSet};
use crate::asm::{assemble_for_reading, Diagnostic};
use crate::program::Program;
use crate::target::Target;

/// The result of linting a source text.
#[derive(Clone, Debug)]
pub struct Report {
    /// The program the text assembles to (statements of skipped lines absent).
    pub program: Program,
    /// The findings that no comment silences, in statement order.
    pub findings: Vec<Finding>,
    /// Instructions that do not assemble (the linter cannot check what it cannot read).
    pub errors: Vec<Diagnostic>,
    /// How many directive lines were skipped.
    pub skipped: usize,
}

impl Report {
    /// The 1-based source line and column of statement `k`.
    pub fn position(&self, k: usize) -> (usize, usize) {
        self.program.stmts[k]
            .span
            .map_or((0, 0), |s| (s.line as usize, s.col as usize))
    }
}

/// Lints assembly `text` for `target` with LLVM's default options, or the xnack
/// setting an `.amdgcn_target "...:xnack-"` line gives.
pub fn lint_text(target: Target, text: &str) -> Report {
    lint_text_with(target, text, options_of(target, text))
}

/// The options a source text asks for: LLVM's defaults for `target`, with the xnack
/// setting of its `.amdgcn_target` line.
pub fn options_of(target: Target, text: &str) -> Options {
    let mut options = Options::for_target(target);
    for line in text.lines() {
        let t = line.trim_start();
        if let Some(rest) = t.strip_prefix(".amdgcn_target") {
            if rest.contains("xnack-") {
                options.xnack = false;
            } else if rest.contains("xnack+") {
                options.xnack = true;
            }
        }
    }
    options
}

/// The target id of a source text's first `.amdgcn_target "TRIPLE--ID"` line, if it
/// has one: the 1-based line and column of the directive, and the ID
/// (`gfx90a:xnack-`) or what is wrong with it.
pub fn amdgcn_target(text: &str) -> Option<(usize, usize, Result<&str, String>)> {
    let (line, col, rest) = text.lines().enumerate().find_map(|(k, line)| {
        let start = line.trim_start();
        let rest = start.strip_prefix(".amdgcn_target")?;
        let col = line.len() - start.len() + 1;
        rest.starts_with([' ', '\t', '"'])
            .then_some((k + 1, col, rest.trim_start()))
    })?;
    let id = rest
        .strip_prefix('"')
        .and_then(|r| r.split_once('"'))
        .and_then(|(quoted, _)| quoted.split_once("--"))
        .map(|(_, id)| id)
        .ok_or_else(|| format!(".amdgcn_target needs \"TRIPLE--PROCESSOR\", not {rest}"));
    Some((line, col, id))
}

/// [`lint_text`] with `options`.
pub fn lint_text_with(target: Target, text: &str, options: Options) -> Report {
    // Blank the metadata blocks, PAL's, and the amd_kernel_code_t headers of Mesa
    // (keeping line numbers), then assemble.
    const BLOCKS: &[(&str, &str)] = &[
        (".amdgpu_metadata", ".end_amdgpu_metadata"),
        (".amdgpu_pal_metadata", ".end_amdgpu_pal_metadata"),
        (".amd_kernel_code_t", ".end_amd_kernel_code_t"),
    ];
    let mut in_block: Option<&str> = None;
    let mut cleaned = String::with_capacity(text.len());
    let mut skipped = 0;
    for line in text.lines() {
        let t = line.trim_start();
        if in_block.is_none() {
            in_block = BLOCKS
                .iter()
                .find(|(start, _)| t.starts_with(start))
                .map(|b| b.1);
        }
        if let Some(end) = in_block {
            skipped += 1;
            if t.starts_with(end) {
                in_block = None;
            }
            cleaned.push('\n');
            continue;
        }
        cleaned.push_str(line);
        cleaned.push('\n');
    }
    let a = assemble_for_reading(target, &cleaned);
    let mut errors = Vec::new();
    for d in a.diags.iter().cloned() {
        if is_directive(&d.source) {
            skipped += 1;
        } else {
            errors.push(d);
        }
    }
    let program = Program::from_assembly(target, &a);
    let lines: Vec<&str> = text.lines().collect();
    let allow = allowed_sets(&program, &lines);
    let cx = Context {
        allow: &allow,
        ..Context::default()
    };
    let findings = Linter::default()
        .lint_in(&program, options, cx)
        .into_iter()
        .filter(|f| {
            let line = program.stmts[f.at].span.map_or(0, |s| s.line as usize);
            !lines
                .get(line.wrapping_sub(1))
                .is_some_and(|l| allowed(l, f.rule.id()))
        })
        .collect();
    Report {
        program,
        findings,
        errors,
        skipped,
    }
}

/// Whether a source line is a directive statement (after any labels).
fn is_directive(line: &str) -> bool {
    let mut s = line.trim_start();
    // Skip `label:` prefixes.
    while let Some(k) = s.find(':') {
        let (name, rest) = s.split_at(k);
        if name.is_empty()
            || !name
                .bytes()
                .all(|b| b.is_ascii_alphanumeric() || b"_.$".contains(&b))
        {
            break;
        }
        s = rest[1..].trim_start();
    }
    s.starts_with('.')
}

/// The rules each statement's line allows (`lint:allow` comments), by statement: what
/// the linter is given so that an allowed finding is hidden and not taken as fixed.
pub fn allowed_sets(program: &Program, lines: &[&str]) -> Vec<RuleSet> {
    program
        .stmts
        .iter()
        .map(|s| {
            let line = s.span.map_or(0, |s| s.line as usize);
            match lines.get(line.wrapping_sub(1)) {
                Some(l) if l.contains("lint:allow") => RuleSet::of(
                    Rule::ALL
                        .iter()
                        .filter(|r| allowed(l, r.id()))
                        .map(|&r| r as usize),
                ),
                _ => RuleSet::EMPTY,
            }
        })
        .collect()
}

/// Whether a line's comment silences rule `id`.
fn allowed(line: &str, id: &str) -> bool {
    let Some(k) = line.find("lint:allow") else {
        return false;
    };
    let rest = &line[k + "lint:allow".len()..];
    match rest.strip_prefix('(') {
        None => true,
        Some(r) => r
            .split(')')
            .next()
            .unwrap_or("")
            .split(',')
            .any(|x| x.trim() == id),
    }
}

/// `text` with each finding's fix inserted before its line (one line per fix; several
/// waits needed on one line become one `s_waitcnt`, the strongest of each counter).
pub fn fix(text: &str, report: &Report) -> String {
    // line -> (statement column, what to insert)
    let mut at: std::collections::BTreeMap<usize, (usize, Inserts)> = Default::default();
    for f in report
        .findings
        .iter()
        .filter(|f| matches!(f.fix, Fix::Waitcnt(_) | Fix::Nop(_)))
    {
        let (line, col) = report.position(f.at);
        at.entry(line)
            .or_insert((col, Inserts::default()))
            .1
            .add(f.fix);
    }
    let mut out = String::with_capacity(text.len() + at.len() * 24);
    for (k, line) in text.split_inclusive('\n').enumerate() {
        let Some(&(col, inserts)) = at.get(&(k + 1)) else {
            out.push_str(line);
            continue;
        };
        let mut indent: String = line
            .chars()
            .take_while(|c| c.is_whitespace() && *c != '\n')
            .collect();
        // A label before the statement stays before the inserted wait, so that
        // branches to it still execute the wait; the wait and the statement take the
        // blank that followed the label as their indentation.
        let mut rest = line;
        if let Some(prefix) = line.get(..col.saturating_sub(1)) {
            if prefix.contains(':') {
                let label = prefix.trim_end();
                out.push_str(label);
                out.push('\n');
                indent = prefix[label.len()..].to_string();
                rest = &line[col - 1..];
            }
        }
        for fix in inserts.fixes() {
            out.push_str(&format!("{indent}{fix}\n"));
        }
        if rest.len() != line.len() {
            out.push_str(&indent);
        }
        out.push_str(rest);
    }
    out
}
