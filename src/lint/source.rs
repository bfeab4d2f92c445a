//! Linting assembly text: what `amdgpu-mc lint` runs on a source file.
//!
//! * The text is read by the reader of `amdgpu-mc asm` and objects
//!   ([`mc::read_statements`]): macros, `.rept`/`.irp`, `.if`, `.include`, sections,
//!   symbols and every directive it knows. The linter takes its labels and
//!   instructions; errors of directives it does not need are passed over (counted in
//!   [`Report::skipped`]), so llc's complete `.s` output lints as it is. Any other
//!   reading error (an instruction, a macro, a missing include) is an error.
//! * Each executable section that holds instructions is linted as a program of its
//!   own; findings come in source order.
//! * A statement an expansion made (a macro's body, `.rept`/`.irp`, an included file)
//!   is placed at the outermost statement that asked for it.
//! * A finding is silenced by a comment on its line: `lint:allow(WAITCNT_VM)` (several
//!   ids separated by commas) or `lint:allow` for every rule (for an expanded
//!   statement: on the invoking line, or on the line of the body that made it).
//! * [`fix`] inserts the fixes as lines of their own before the lines that need them,
//!   indented like them, and changes nothing else; it leaves findings on expanded
//!   statements alone ([`Report::unfixable`]).

use super::error::{Error, ErrorKind};
use super::{entries, Context, Finding, Fix, Inserts, Linter, Options, Rule, RuleSet, Witness};
use crate::asm::Diagnostic;
use crate::mc::{self, text::Include, Triple};
use crate::program::Program;
use crate::target::Target;

/// The result of linting a source text.
#[derive(Clone, Debug)]
pub struct Report {
    /// The programs of the code sections, one after the other (each section's
    /// offsets start after the previous one's end, rounded up to 4 bytes): each was
    /// linted as a program of its own; `sections` says where each starts.
    pub program: Program,
    /// The findings that no comment silences, in source order (their statements
    /// index `program`).
    pub findings: Vec<Finding>,
    /// What does not read (instructions that do not assemble, macros, `.rept`,
    /// `.if` or `.include` that fail): the linter cannot check what it cannot read.
    pub errors: Vec<Diagnostic>,
    /// How many directive statements with errors were passed over.
    pub skipped: usize,
    /// For each statement of `program`: whether an expansion (a macro, `.rept`,
    /// `.irp`, `.include`) made it; its position is then the invoking line's.
    pub expanded: Vec<bool>,
    /// The code sections linted: name, and the index of the first statement.
    pub sections: Vec<(String, usize)>,
}

impl Report {
    /// The 1-based source line and column of statement `k` (for a statement an
    /// expansion made, the invoking line's).
    pub fn position(&self, k: usize) -> (usize, usize) {
        position(&self.program, k)
    }

    /// Why [`fix`] leaves finding `f` alone, if it does: its fix is a rewrite, or an
    /// expansion made its statement (the fix belongs in the macro, the `.rept` body
    /// or the included file, which may serve other places too).
    pub fn unfixable(&self, f: &Finding) -> Option<String> {
        match f.fix {
            Fix::Rewrite(how) => Some(how.to_string()),
            _ if self.expanded.get(f.at).copied().unwrap_or(false) => Some(
                "the line comes from a macro, .rept, .irp or .include expansion; \
                 fix it where it is written"
                    .into(),
            ),
            _ => None,
        }
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
pub fn amdgcn_target(text: &str) -> Option<(usize, usize, Result<&str, Error>)> {
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
        .ok_or_else(|| {
            Error::new(
                ErrorKind::TargetLine,
                format!(".amdgcn_target needs \"TRIPLE--PROCESSOR\", not {rest}"),
            )
        });
    Some((line, col, id))
}

/// [`lint_text`] with `options`.
pub fn lint_text_with(target: Target, text: &str, options: Options) -> Report {
    lint_source(target, text, options, None)
}

/// [`lint_text_with`], reading the files `.include` names with `include` (`None`:
/// an `.include` is an error).
pub fn lint_source(
    target: Target,
    text: &str,
    options: Options,
    include: Option<Include>,
) -> Report {
    let triple = triple_of(text);
    let opts = mc::Options {
        include,
        triple: triple.as_ref(),
        ..mc::Options::default()
    };
    // (The features its `.amdgcn_target` line names, which the reader checks.)
    let id = amdgcn_target(text)
        .and_then(|(_, _, id)| id.ok())
        .unwrap_or("");
    let feature = |name: &str| {
        let on = id.contains(&format!(":{name}+"));
        (on || id.contains(&format!(":{name}-"))).then_some(on)
    };
    let (xnack, sramecc) = (feature("xnack"), feature("sramecc"));
    let read = mc::read_statements(target, xnack, sramecc, text, &opts);
    // Each code section is a program of its own (control does not flow from one to
    // the next); `program` holds them one after the other.
    let mut program = Program {
        target,
        stmts: Vec::new(),
        labels: Vec::new(),
    };
    let mut made: Vec<Option<&str>> = Vec::new();
    let mut sections = Vec::new();
    let mut findings = Vec::new();
    let mut linter = Linter::default();
    let lines: Vec<&str> = text.lines().collect();
    // Kernels and callable functions where the text declares them.
    let declared = entries::scan(text);
    for sec in read.code_sections() {
        let (p, texts) = read.program_made(sec);
        // What `lint:allow` comments allow at each statement: on its line, or on the
        // body line an expansion made it from. Allowed findings are hidden and not
        // taken as fixed.
        let allow: Vec<RuleSet> = allowed_sets(&p, &lines)
            .into_iter()
            .zip(&texts)
            .map(|(set, own)| match own {
                Some(l) if l.contains("lint:allow") => set.union(allowed_in(l)),
                _ => set,
            })
            .collect();
        let at = entries::resolve(&p, &declared);
        let cx = Context {
            allow: &allow,
            entries: &at,
        };
        let first = program.stmts.len();
        let base = program
            .stmts
            .last()
            .map_or(0, |s| (s.offset + s.size() + 3) & !3);
        sections.push((read.object.sections[sec].name.clone(), first));
        for mut f in linter.lint_in(&p, options, cx) {
            f.at += first;
            f.other = f.other.map(|k| k + first);
            // (A witness's path names statements too.)
            if let Witness::Counter { path, .. } = &mut f.witness {
                path.iter_mut().for_each(|k| *k += first);
            }
            findings.push(f);
        }
        program
            .labels
            .extend(p.labels.into_iter().map(|(l, k)| (l, k + first)));
        program.stmts.extend(p.stmts.into_iter().map(|mut s| {
            s.offset += base;
            s
        }));
        made.extend(texts);
    }
    findings.sort_by_key(|f| position(&program, f.at));
    Report {
        expanded: made.iter().map(Option::is_some).collect(),
        program,
        findings,
        errors: read.diags,
        skipped: read.passed.len(),
        sections,
    }
}

/// The 1-based line and column of statement `k` (0, 0 for data).
fn position(p: &Program, k: usize) -> (usize, usize) {
    p.stmts[k]
        .span
        .map_or((0, 0), |s| (s.line as usize, s.col as usize))
}

/// The triple a source names in its `.amdgcn_target` or `.amd_amdgpu_isa` line
/// (`"amdgcn-mesa-mesa3d--gfx906"`), which decides the directives it may use.
fn triple_of(text: &str) -> Option<Triple> {
    text.lines().find_map(|line| {
        let t = line.trim_start();
        let rest = t
            .strip_prefix(".amdgcn_target")
            .or_else(|| t.strip_prefix(".amd_amdgpu_isa"))?;
        let quoted = rest.trim_start().strip_prefix('"')?.split('"').next()?;
        Triple::parse(quoted.split("--").next()?).ok()
    })
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

/// The rules a line's `lint:allow` comment names.
fn allowed_in(line: &str) -> RuleSet {
    RuleSet::of(
        Rule::ALL
            .iter()
            .filter(|r| allowed(line, r.id()))
            .map(|&r| r as usize),
    )
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
/// A finding on a line an expansion made (see [`Report::unfixable`]) is left alone:
/// a wait before the invoking line would not be where it is needed.
pub fn fix(text: &str, report: &Report) -> String {
    // line -> (statement column, what to insert)
    let mut at: std::collections::BTreeMap<usize, (usize, Inserts)> = Default::default();
    for f in report
        .findings
        .iter()
        .filter(|f| matches!(f.fix, Fix::Waitcnt(_) | Fix::Nop(_)))
        .filter(|f| !report.expanded.get(f.at).copied().unwrap_or(false))
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
        // Inserted lines end as the line they go before does (CRLF files stay CRLF).
        let eol = if line.ends_with("\r\n") { "\r\n" } else { "\n" };
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
                out.push_str(eol);
                indent = prefix[label.len()..].to_string();
                rest = &line[col - 1..];
            }
        }
        for fix in inserts.fixes() {
            out.push_str(&format!("{indent}{fix}{eol}"));
        }
        if rest.len() != line.len() {
            out.push_str(&indent);
        }
        out.push_str(rest);
    }
    out
}
