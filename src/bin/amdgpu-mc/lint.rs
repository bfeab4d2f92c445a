//! `amdgpu-mc lint`: findings as `FILE:LINE:COL: warning: [RULE-ID] message` with a note
//! at the other instruction and the fix, or as JSON; `--fix` writes the input with the
//! fixes inserted. `--list-rules` and `--explain RULE-ID` print the rule registry.

use amdgpu_mc::code_object;
use amdgpu_mc::code_object::Feature;
use amdgpu_mc::lint::rules::{self, Selection};
use amdgpu_mc::lint::{source, Linter, Options, Rule};
use amdgpu_mc::program::Program;
use amdgpu_mc::Target;

use super::io::{self, diag};
use super::jobs;
use std::cell::RefCell;
use std::ops::ControlFlow;
use std::sync::Arc;

#[path = "lint/report.rs"]
mod report;
#[path = "lint/sarif.rs"]
mod sarif;

use report::{Located, Place};

/// What the command line chose of the linter's options.
#[derive(Clone, Copy, Debug)]
pub struct Choices {
    /// `--redundant`.
    pub redundant: bool,
    /// `--rules`.
    pub rules: Selection,
    /// `--flat-lds`: where FLAT may reach LDS.
    pub flat_lds: amdgpu_mc::lint::FlatLds,
    /// `--entry`: what a program's first statement is when nothing says.
    pub entry: amdgpu_mc::lint::EntryKind,
}

impl Choices {
    /// Sets the chosen options.
    fn apply(self, o: &mut Options) {
        o.redundant = self.redundant;
        o.rules = self.rules;
        o.flat_lds = self.flat_lds;
        o.unknown_entry = self.entry;
    }
}

/// Runs the lint command: exit status 0 clean, 1 findings, 2 usage or input errors
/// (said on standard error). `threads` lint the inputs (one at a time with `--fix`).
#[allow(clippy::too_many_arguments)]
pub fn run(
    mcpu: Option<&str>,
    format: &str,
    fix: bool,
    choices: Choices,
    output: Option<&str>,
    inputs: &[String],
    limits: &code_object::Limits,
    threads: usize,
) -> u8 {
    let threads = if fix { 1 } else { threads };
    lint(mcpu, format, fix, choices, output, inputs, limits, threads).unwrap_or_else(|e| {
        diag(e);
        2
    })
}

/// `lint --list-rules`: one line per rule, its id and what its findings say.
pub fn list_rules() -> u8 {
    let width = Rule::ALL.iter().map(|r| r.id().len()).max().unwrap_or(0);
    let mut out = String::new();
    for r in Rule::ALL {
        out.push_str(&format!("{:width$}  {}\n", r.id(), r.explain()));
    }
    print(&out)
}

/// `lint --explain RULE-ID` (any case): the rule's long explanation, its wait states
/// per target and its source; an unknown id is a usage error (exit 2) that lists the
/// ids.
pub fn explain(id: &str) -> u8 {
    let Some(rule) = Rule::from_id(&id.to_ascii_uppercase()) else {
        let ids: Vec<&str> = Rule::ALL.iter().map(|r| r.id()).collect();
        diag(format_args!(
            "amdgpu-mc: error: unknown rule '{id}'; the rules are:\n  {}",
            ids.join("\n  ")
        ));
        return 2;
    };
    print(&rules::explanation(rule, Some(80)))
}

/// Writes `text` to standard output: exit status 0, or 2 (said) if it cannot.
fn print(text: &str) -> u8 {
    match io::write_all(None, &[], text.as_bytes()) {
        Ok(()) => 0,
        Err(e) => {
            diag(e);
            2
        }
    }
}

/// The target of an assembly input: `--mcpu` (`mcpu`, a target id) and the file's
/// `.amdgcn_target` line, which must name the same processor (and the same xnack
/// setting, where both give one); either alone will do.
fn text_target(
    path: &str,
    text: &str,
    mcpu: Option<&str>,
) -> Result<(Target, Option<bool>), String> {
    let given = mcpu.map(Target::from_id).transpose();
    let given = given.map_err(|e| format!("amdgpu-mc: error: {e}"))?;
    let Some((line, col, id)) = source::amdgcn_target(text) else {
        return given.ok_or_else(|| {
            format!(
                "amdgpu-mc: error: {path}: assembly needs --mcpu or an .amdgcn_target line \
                 (code objects name their own)"
            )
        });
    };
    let at = |e: String| format!("{path}:{line}:{col}: error: {e}");
    let id = id.map_err(|e| at(e.to_string()))?;
    let (t, x) = Target::from_id(id).map_err(|e| at(e.to_string()))?;
    match given {
        None => Ok((t, x)),
        Some((g, gx)) if g.name == t.name && (gx.is_none() || x.is_none() || gx == x) => {
            Ok((g, gx.or(x)))
        }
        Some(_) => Err(at(format!(
            ".amdgcn_target directive's target id {id} does not match the specified \
             target id {}",
            mcpu.unwrap_or("")
        ))),
    }
}

/// `lint --fix` of one assembly file: the text with the fixes inserted, checked
/// before it is written. Fixed text that does not assemble (a branch pushed out of
/// its range) is not written; what stays unfixed is said on standard error. Exit
/// status 0 when the written text lints clean, 1 otherwise.
fn fix_text_file(
    path: &str,
    source: &amdgpu_mc::source::Source,
    report: &source::Report,
    options: Options,
    output: Option<&str>,
    inputs: &[&str],
    include: amdgpu_mc::mc::text::Include,
) -> Result<u8, String> {
    let t = report.program.target;
    let fixed = source::fix(&source.text, report);
    let check = source::lint_source(t, &fixed, options, Some(include));
    if let Some(d) = check.errors.first() {
        diag(format_args!(
            "{path}: error: --fix wrote nothing: the fixed text would not assemble:\n{}",
            d.render(&format!("{path} (fixed)"))
        ));
        return Ok(1);
    }
    // In the input's own encoding and line ends.
    io::write_all(output, inputs, &source.to_bytes(&fixed))?;
    // What no inserted wait fixes stays: said on stderr (stdout may be the fixed
    // text), and the exit status says findings remain.
    for f in &check.findings {
        let (line, col) = check.position(f.at);
        // (A rewrite, or a line an expansion made: said why.)
        let why = match check.unfixable(f) {
            Some(why) => why,
            None => format!("still needs `{}`", f.fix),
        };
        diag(format_args!(
            "{path}:{line}:{col}: warning: [{}] {} (not fixed: {why}; line of the fixed text)",
            f.rule.id(),
            f.rule.explain()
        ));
    }
    Ok(!check.findings.is_empty() as u8)
}

/// [`run`], errors returned.
#[allow(clippy::too_many_arguments)]
fn lint(
    mcpu: Option<&str>,
    format: &str,
    fix: bool,
    choices: Choices,
    output: Option<&str>,
    inputs: &[String],
    limits: &code_object::Limits,
    threads: usize,
) -> Result<u8, String> {
    check_usage(format, fix, output, inputs)?;
    // A target id: the processor, then :xnack+/- and :sramecc+/- features.
    let (want, xnack) = match mcpu {
        Some(m) => {
            let (t, x) = Target::from_id(m).map_err(|e| format!("amdgpu-mc: error: {e}"))?;
            if t.gen.is_r600() {
                if fix || format != "text" {
                    return Err("amdgpu-mc: error: R600 lint has only text output, no --fix".into());
                }
                return super::r600::lint(t, inputs);
            }
            (Some(t), x)
        }
        None => (None, None),
    };
    let run = Run {
        choices,
        want,
        xnack,
        mcpu,
        limits,
    };
    let input_paths: Vec<&str> = inputs.iter().map(String::as_str).collect();
    if fix {
        // Refused before any work: an output that is an input.
        io::refuse_input(output, &input_paths)?;
    }
    let fix_output = fix.then_some(FixOutput {
        output,
        inputs: &input_paths,
    });
    let jobs = jobs::Jobs::new(threads);
    let units = inputs.iter().flat_map(|input| run.units(input, fix, &jobs));
    let work = |u: Unit| {
        let mut said = Said::default();
        if let Err(e) = run.unit(u, fix_output, &mut said) {
            said.fatal = Some(e);
        }
        said
    };
    // Said in input order; the findings kept for the report. An error that stops
    // the run stops it where one thread would.
    let (mut found, mut errors, mut end) = (Vec::new(), 0, Ok(None));
    let mut skipped = Vec::new();
    jobs.ordered(units, work, |said| {
        for d in said.diags {
            diag(d);
        }
        skipped.extend(said.skipped);
        found.extend(said.found);
        errors += said.errors;
        end = match (said.fatal, said.status) {
            (Some(e), _) => Err(e),
            (None, Some(status)) => Ok(Some(status)),
            (None, None) => return ControlFlow::Continue(()),
        };
        ControlFlow::Break(())
    });
    for s in io::skip_notes(skipped.iter().map(String::as_str)) {
        diag(format_args!("amdgpu-mc: note: {s}"));
    }
    if let Some(status) = end? {
        return Ok(status);
    }
    let out = match format {
        "json" => report::json(&found),
        "sarif" => sarif::log(&found),
        _ => report::text(&found),
    };
    io::write_all(None, &[], out.as_bytes())?;
    Ok(if errors > 0 {
        2
    } else if found.is_empty() {
        0
    } else {
        1
    })
}

/// The usage errors of the command line: an unknown format, and `--fix` with other
/// than one input, or `-o` without it.
fn check_usage(
    format: &str,
    fix: bool,
    output: Option<&str>,
    inputs: &[String],
) -> Result<(), String> {
    if !["text", "json", "sarif"].contains(&format) {
        return Err(format!(
            "amdgpu-mc: error: unknown --format '{format}' (expected text, json or sarif)"
        ));
    }
    if fix && inputs.len() != 1 {
        return Err("amdgpu-mc: error: --fix takes one input file".into());
    }
    if output.is_some() && !fix {
        return Err("amdgpu-mc: error: -o goes with --fix".into());
    }
    Ok(())
}

/// Where `--fix` writes the fixed text: `-o` (`None`: standard output), which must
/// not be one of the inputs.
#[derive(Clone, Copy)]
struct FixOutput<'a> {
    output: Option<&'a str>,
    inputs: &'a [&'a str],
}

/// What the inputs of one lint command share: the choices and target.
struct Run<'a> {
    choices: Choices,
    /// `--mcpu`'s processor and xnack setting.
    want: Option<Target>,
    xnack: Option<bool>,
    /// `--mcpu` as given: a target id.
    mcpu: Option<&'a str>,
    limits: &'a code_object::Limits,
}

/// A piece of the lint work: an input that could not be read or loaded, an assembly
/// file, or one code object of a file.
enum Unit<'a> {
    Failed(String),
    Text {
        /// As named on the command line.
        input: &'a str,
        /// As read.
        path: String,
        bytes: Vec<u8>,
    },
    Object {
        path: Arc<str>,
        objs: Arc<[code_object::CodeObject]>,
        k: usize,
    },
}

/// What a [`Unit`] said, for the calling thread to say in input order: lines for
/// standard error, findings, input errors, and an end to the run (an error, or
/// `--fix`'s exit status).
#[derive(Default)]
struct Said {
    diags: Vec<String>,
    /// Bundle entries skipped (`path:id: skipped: why`), said once each at the end
    /// ([`io::skip_notes`]).
    skipped: Vec<String>,
    found: Vec<Located>,
    errors: usize,
    fatal: Option<String>,
    status: Option<u8>,
}

thread_local! {
    /// (One linter for every section a thread lints: its lists are allocated once.)
    static LINTER: RefCell<Linter> = RefCell::new(Linter::default());
    /// (And one program for the sections' statements, for the same reason.)
    static PROGRAM: RefCell<Option<Program>> = const { RefCell::new(None) };
}

impl Run<'_> {
    /// The units of one input (`-` is standard input), read on the calling thread
    /// (its code objects by `jobs`): the file, or one per code object.
    fn units<'i>(&self, input: &'i str, fix: bool, jobs: &jobs::Jobs) -> Vec<Unit<'i>> {
        let path = Some(input).filter(|i| *i != "-");
        let read = match io::map_file(path) {
            Some(bytes) => Ok((input.to_string(), bytes)),
            None => io::read_input(path).map(|(path, bytes)| (path, bytes.into())),
        };
        let (path, bytes) = match read {
            Ok(read) => read,
            Err(e) => return vec![Unit::Failed(e)],
        };
        if !code_object::looks_like_code_object(&bytes) {
            // (Text is decoded in place: a mapped file is copied once.)
            let bytes = bytes.to_vec();
            return vec![Unit::Text { input, path, bytes }];
        }
        if fix {
            return vec![Unit::Failed(format!(
                "amdgpu-mc: error: {path}: --fix rewrites assembly text, not code objects"
            ))];
        }
        let mcpu = self.mcpu.map(|m| m.split(':').next().unwrap_or(m));
        let objs = match jobs.load_objects(&bytes, mcpu, self.limits) {
            Ok(objs) => Arc::<[_]>::from(objs),
            Err(e) => return vec![Unit::Failed(super::object_error(&path, e))],
        };
        let path = Arc::<str>::from(path);
        (0..objs.len())
            .map(|k| Unit::Object {
                path: path.clone(),
                objs: objs.clone(),
                k,
            })
            .collect()
    }

    /// Lints a unit; what it says goes to `said`.
    fn unit(&self, u: Unit, fix: Option<FixOutput>, said: &mut Said) -> Result<(), String> {
        match u {
            Unit::Failed(e) => Err(e),
            Unit::Text { input, path, bytes } => {
                said.status = self.text(input, &path, bytes, fix, said)?;
                Ok(())
            }
            Unit::Object { path, objs, k } => {
                self.code_object(&path, &objs[k], said);
                Ok(())
            }
        }
    }

    /// Lints every section of code object `o`, for `--mcpu` or its own processor.
    fn code_object(&self, path: &str, o: &code_object::CodeObject, said: &mut Said) {
        let Some(t) = self.object_target(path, o, said) else {
            return;
        };
        let mut options = Options::for_target(t);
        self.choices.apply(&mut options);
        if o.xnack == Feature::Off {
            options.xnack = false;
        }
        if let Some(x) = self.xnack {
            options.xnack = x;
        }
        PROGRAM.with_borrow_mut(|held| {
            let p = held.get_or_insert_with(|| Program::from_bytes(t, &[]));
            for s in &o.sections {
                p.refill_from_bytes(t, &s.bytes);
                // Kernels and callable functions start where their symbols say.
                let entries = amdgpu_mc::lint::entries::of_offsets(p, &s.entries);
                let cx = amdgpu_mc::lint::Context {
                    entries: &entries,
                    ..Default::default()
                };
                let findings = LINTER.with_borrow_mut(|l| l.lint_in(p, options, cx));
                for f in findings {
                    let place = |k: usize| Place::Offset(p.stmts[k].offset);
                    said.found
                        .push(Located::new(path, Some(&s.name), p, f, place));
                }
            }
        });
    }

    /// The processor to lint code object `o` for: `--mcpu`, else its own. A
    /// bundle's entry for another processor is skipped (said as a note, as disasm
    /// skips them); an unknown processor otherwise is an input error.
    fn object_target(
        &self,
        path: &str,
        o: &code_object::CodeObject,
        said: &mut Said,
    ) -> Option<Target> {
        match (self.want, o.target.as_deref().map(Target::from_name)) {
            (Some(t), _) => Some(t),
            (None, Some(Ok(t))) => Some(t),
            (None, Some(Err(e))) if o.bundle_id.is_some() => {
                let id = o.bundle_id.as_deref().unwrap_or("");
                said.skipped.push(format!("{path}:{id}: skipped: {e}"));
                None
            }
            _ => {
                said.diags.push(format!(
                    "{path}: error: the code object's processor is not supported; give --mcpu"
                ));
                said.errors += 1;
                None
            }
        }
    }

    /// Lints an assembly input (`input` as named on the command line, read as
    /// `path`). With `--fix` (`fix`), writes the fixed text instead and returns the
    /// exit status.
    fn text(
        &self,
        input: &str,
        path: &str,
        bytes: Vec<u8>,
        fix: Option<FixOutput>,
        said: &mut Said,
    ) -> Result<Option<u8>, String> {
        let source = io::decode(path, bytes)?;
        let text = &source.text;
        let (t, xnack) = text_target(path, text, self.mcpu)?;
        let mut options = source::options_of(t, text);
        self.choices.apply(&mut options);
        if let Some(x) = xnack {
            options.xnack = x;
        }
        // (`.include` names a file beside the input, as for `asm`.)
        let include = io::include_reader(Some(input).filter(|i| *i != "-"));
        let report = source::lint_source(t, text, options, Some(&include));
        said.diags
            .extend(report.errors.iter().map(|d| d.render(path)));
        said.errors += report.errors.len();
        if let Some(FixOutput { output, inputs }) = fix {
            if !report.errors.is_empty() {
                return Ok(Some(2));
            }
            // (--fix runs on this thread, one input: what it says comes after.)
            for d in std::mem::take(&mut said.diags) {
                diag(d);
            }
            let status = fix_text_file(path, &source, &report, options, output, inputs, &include);
            return status.map(Some);
        }
        let lines: Vec<&str> = text.lines().collect();
        for f in &report.findings {
            let place = |k: usize| {
                let (line, col) = report.position(k);
                Place::Line(line, col)
            };
            let mut l = Located::new(path, None, &report.program, f.clone(), place);
            if let Place::Line(line, col) = l.at {
                let src = lines.get(line.wrapping_sub(1)).copied().unwrap_or("");
                l.prefix = src.chars().take(col.saturating_sub(1)).collect();
            }
            said.found.push(l);
        }
        Ok(None)
    }
}
