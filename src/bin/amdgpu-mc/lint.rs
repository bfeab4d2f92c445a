//! `amdgpu-mc lint`: findings as `FILE:LINE:COL: warning: [RULE-ID] message` with a note
//! at the other instruction and the fix, or as JSON; `--fix` writes the input with the
//! fixes inserted. `--list-rules` and `--explain RULE-ID` print the rule registry.

use amdgpu_mc::code_object;
use amdgpu_mc::code_object::Feature;
use amdgpu_mc::inst::RegFile;
use amdgpu_mc::lint::rules::{self, Check};
use amdgpu_mc::lint::{source, Finding, Linter, Options, Rule};
use amdgpu_mc::operand::write_reg;
use amdgpu_mc::program::{Body, Program};
use amdgpu_mc::Target;

use super::io::{self, diag};

/// One finding located in a file, ready to print.
struct Located {
    file: String,
    line: usize,
    col: usize,
    /// Where the other instruction is: a line and column, or a section offset.
    other: Option<(usize, usize)>,
    /// For code objects: the section and offsets instead of lines.
    section: Option<(String, u32, Option<u32>)>,
    text: String,
    other_text: String,
    f: Finding,
    target: Target,
}

fn reg_name(t: Target, r: Option<(RegFile, u16)>) -> String {
    let Some((file, n)) = r else {
        return String::new();
    };
    let code = match file {
        RegFile::Scalar => n,
        RegFile::Vgpr => 256 + n,
        RegFile::Agpr => 512 + n,
        RegFile::Scc => return " (scc)".into(),
    };
    let mut s = String::from(" (");
    let _ = write_reg(&mut s, t.gen, code, 1);
    s.push(')');
    s
}

fn other_what(rule: Rule) -> &'static str {
    match rule {
        Rule::WaitVmcnt | Rule::WaitLgkmcnt => "the load that writes it",
        Rule::WaitExpcnt => "the operation that reads it",
        Rule::BarrierWait | Rule::ReturnWait => "the last memory operation",
        _ => "the instruction it follows too closely",
    }
}

/// "insert `s_nop 1` before this line", or "remove this line".
fn fix_text(f: &Finding, what: &str) -> String {
    match f.fix {
        amdgpu_mc::lint::Fix::Remove => format!("remove {what}"),
        amdgpu_mc::lint::Fix::Rewrite(how) => how.to_string(),
        fix => format!("insert `{fix}` before {what}"),
    }
}

fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            c if (c as u32) < 0x20 => o.push_str(&format!("\\u{:04x}", c as u32)),
            c => o.push(c),
        }
    }
    o.push('"');
    o
}

fn stmt_text(p: &Program, k: usize) -> String {
    match &p.stmts[k].body {
        Body::Inst(i) => i.display(p.target).to_string(),
        Body::Data(_) => "<data>".into(),
    }
}

/// Runs the lint command: exit status 0 clean, 1 findings, 2 usage or input errors
/// (said on standard error).
pub fn run(
    mcpu: Option<&str>,
    format: &str,
    fix: bool,
    redundant: bool,
    output: Option<&str>,
    inputs: &[String],
    limits: &code_object::Limits,
) -> u8 {
    lint(mcpu, format, fix, redundant, output, inputs, limits).unwrap_or_else(|e| {
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
    let mut out = format!("{}: {}\n\n", rule.id(), rule.explain());
    out.push_str(&wrap(&rule.doc(), 80));
    out.push('\n');
    match &rule.entry().check {
        Check::Waitcnt => out.push_str("wait states: none (an s_waitcnt rule)\n"),
        check => {
            out.push_str("wait states (s_nop N supplies N+1), by target:\n");
            for line in rules::waits_per_target(rule) {
                out.push_str(&format!("  {line}\n"));
            }
            if let Check::Hazard(h) = check {
                if let Some(p) = &h.pair {
                    out.push_str(&wrap(
                        &format!("by pair (P: the MFMA's passes): {}", p.text),
                        80,
                    ));
                }
            }
        }
    }
    out.push_str(&format!("source: {}\n", rule.source()));
    print(&out)
}

/// `text` in lines of at most `width` columns (words longer than that on their own).
fn wrap(text: &str, width: usize) -> String {
    let mut out = String::new();
    let mut col = 0;
    for w in text.split_whitespace() {
        if col > 0 && col + 1 + w.len() > width {
            out.push('\n');
            col = 0;
        } else if col > 0 {
            out.push(' ');
            col += 1;
        }
        out.push_str(w);
        col += w.len();
    }
    out.push('\n');
    out
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
    let id = id.map_err(at)?;
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

/// [`run`], errors returned.
fn lint(
    mcpu: Option<&str>,
    format: &str,
    fix: bool,
    redundant: bool,
    output: Option<&str>,
    inputs: &[String],
    limits: &code_object::Limits,
) -> Result<u8, String> {
    if format != "text" && format != "json" {
        return Err(format!(
            "amdgpu-mc: error: unknown --format '{format}' (expected text or json)"
        ));
    }
    if fix && inputs.len() != 1 {
        return Err("amdgpu-mc: error: --fix takes one input file".into());
    }
    if output.is_some() && !fix {
        return Err("amdgpu-mc: error: -o goes with --fix".into());
    }
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
    let mcpu_id = mcpu;
    let mcpu = mcpu.map(|m| m.split(':').next().unwrap_or(m));
    let mut found = Vec::new();
    let mut errors = 0usize;
    // (One linter for every section of every input: its lists are allocated once.)
    let mut linter = Linter::default();
    let input_paths: Vec<&str> = inputs.iter().map(String::as_str).collect();
    if fix {
        // Refused before any work: an output that is an input.
        io::refuse_input(output, &input_paths)?;
    }
    for input in inputs {
        // (`-` is standard input.)
        let (path, bytes) = io::read_input(Some(input.as_str()).filter(|i| *i != "-"))?;
        let path = &path;
        if code_object::looks_like_code_object(&bytes) {
            if fix {
                return Err(format!(
                    "amdgpu-mc: error: {path}: --fix rewrites assembly text, not code objects"
                ));
            }
            let objs = code_object::load_with(&bytes, mcpu, limits)
                .map_err(|e| super::object_error(path, e))?;
            for o in &objs {
                let t = match (want, o.target.as_deref().map(Target::from_name)) {
                    (Some(t), _) => t,
                    (None, Some(Ok(t))) => t,
                    // (A bundle's entries for other processors are skipped, as
                    // disasm skips them.)
                    (None, Some(Err(e))) if o.bundle_id.is_some() => {
                        let id = o.bundle_id.as_deref().unwrap_or("");
                        diag(format_args!("amdgpu-mc: note: {path}:{id}: skipped: {e}"));
                        continue;
                    }
                    _ => {
                        diag(format_args!("{path}: error: the code object's processor is not supported; give --mcpu"));
                        errors += 1;
                        continue;
                    }
                };
                let mut options = Options::for_target(t);
                options.redundant = redundant;
                if o.xnack == Feature::Off {
                    options.xnack = false;
                }
                if let Some(x) = xnack {
                    options.xnack = x;
                }
                for s in &o.sections {
                    let p = Program::from_bytes(t, &s.bytes);
                    // Kernels and callable functions start where their symbols say.
                    let entries = amdgpu_mc::lint::entries::of_offsets(&p, &s.entries);
                    let cx = amdgpu_mc::lint::Context {
                        entries: &entries,
                        ..Default::default()
                    };
                    for f in linter.lint_in(&p, options, cx) {
                        found.push(Located {
                            file: path.to_string(),
                            line: 0,
                            col: 0,
                            other: None,
                            section: Some((
                                s.name.clone(),
                                p.stmts[f.at].offset,
                                f.other.map(|k| p.stmts[k].offset),
                            )),
                            text: stmt_text(&p, f.at),
                            other_text: f.other.map(|k| stmt_text(&p, k)).unwrap_or_default(),
                            f,
                            target: t,
                        });
                    }
                }
            }
            continue;
        }
        let source = io::decode(path, bytes)?;
        let text = &source.text;
        let (t, xnack) = text_target(path, text, mcpu_id)?;
        let report = {
            let mut options = source::options_of(t, text);
            options.redundant = redundant;
            if let Some(x) = xnack {
                options.xnack = x;
            }
            source::lint_text_with(t, text, options)
        };
        for d in &report.errors {
            diag(d.render(path));
        }
        errors += report.errors.len();
        if fix {
            if !report.errors.is_empty() {
                return Ok(2);
            }
            let fixed = source::fix(text, &report);
            // In the input's own encoding and line ends.
            io::write_all(output, &input_paths, &source.to_bytes(&fixed))?;
            // What no inserted wait fixes stays: said on stderr (stdout may be the
            // fixed text), and the exit status says findings remain.
            let mut left = 0;
            for f in &report.findings {
                if let amdgpu_mc::lint::Fix::Rewrite(how) = f.fix {
                    let (line, col) = report.position(f.at);
                    diag(format_args!(
                        "{path}:{line}:{col}: warning: [{}] {} (not fixed: {how})",
                        f.rule.id(),
                        f.rule.explain()
                    ));
                    left += 1;
                }
            }
            return Ok((left > 0) as u8);
        }
        for f in &report.findings {
            let (line, col) = report.position(f.at);
            found.push(Located {
                file: path.to_string(),
                line,
                col,
                other: f.other.map(|k| report.position(k)),
                section: None,
                text: stmt_text(&report.program, f.at),
                other_text: f
                    .other
                    .map(|k| stmt_text(&report.program, k))
                    .unwrap_or_default(),
                f: f.clone(),
                target: t,
            });
        }
    }
    let mut out = String::new();
    if format == "json" {
        out.push('[');
        for (n, l) in found.iter().enumerate() {
            let loc = match &l.section {
                Some((s, off, other)) => format!(
                    "\"section\":{},\"offset\":{off},\"other_offset\":{}",
                    json_str(s),
                    other.map_or("null".to_string(), |o| o.to_string())
                ),
                None => format!(
                    "\"line\":{},\"col\":{},\"other_line\":{},\"other_col\":{}",
                    l.line,
                    l.col,
                    l.other.map_or("null".to_string(), |o| o.0.to_string()),
                    l.other.map_or("null".to_string(), |o| o.1.to_string())
                ),
            };
            out.push_str(&format!(
                "{}{{\"file\":{},{loc},\"rule\":{},\"message\":{},\"instruction\":{},\"other\":{},\"fix\":{}}}",
                if n > 0 { "," } else { "" },
                json_str(&l.file),
                json_str(l.f.rule.id()),
                json_str(&format!("{}{}", l.f.rule.explain(), reg_name(l.target, l.f.reg))),
                json_str(&l.text),
                json_str(&l.other_text),
                json_str(&l.f.fix.to_string()),
            ));
        }
        out.push_str("]\n");
    } else {
        for l in &found {
            // Where the finding and the other instruction are: file:line:col in text,
            // file:section+offset in code objects.
            let (at, other, it) = match &l.section {
                Some((s, off, other)) => (
                    format!("{}:{s}+{off:#x}", l.file),
                    other.map(|o| format!("{}:{s}+{o:#x}", l.file)),
                    "it",
                ),
                None => (
                    format!("{}:{}:{}", l.file, l.line, l.col),
                    l.other.map(|(ol, oc)| format!("{}:{ol}:{oc}", l.file)),
                    "this line",
                ),
            };
            out.push_str(&format!(
                "{at}: warning: [{}] {}{}\n    {}\n",
                l.f.rule.id(),
                l.f.rule.explain(),
                reg_name(l.target, l.f.reg),
                l.text
            ));
            if let Some(o) = other {
                let what = other_what(l.f.rule);
                out.push_str(&format!("{o}: note: {what}: {}\n", l.other_text));
            }
            out.push_str(&format!("{at}: note: fix: {}\n", fix_text(&l.f, it)));
        }
    }
    io::write_all(None, &[], out.as_bytes())?;
    Ok(if errors > 0 {
        2
    } else if found.is_empty() {
        0
    } else {
        1
    })
}
