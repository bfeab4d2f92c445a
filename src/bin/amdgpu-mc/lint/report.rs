//! Findings located in their files, with their evidence, as text and JSON.

use amdgpu_mc::inst::RegFile;
use amdgpu_mc::isa::waitcnt::Counter;
use amdgpu_mc::lint::{Finding, Fix, Rule, Witness};
use amdgpu_mc::program::{Body, Program};
use amdgpu_mc::Target;

/// Where a statement is: a source line and column (1-based), or an offset in a code
/// object's section.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Place {
    Line(usize, usize),
    Offset(u32),
}

/// A statement on a finding's witness path worth a reviewer's look: a wait, or an
/// operation the counter counts.
pub struct Step {
    pub place: Place,
    pub text: String,
}

/// One finding located in a file, ready to print.
pub struct Located {
    pub file: String,
    /// For code objects: the section whose offsets the places are.
    pub section: Option<String>,
    pub at: Place,
    pub other: Option<Place>,
    pub text: String,
    pub other_text: String,
    pub f: Finding,
    pub target: Target,
    /// The witness in one sentence, and its steps.
    pub evidence: String,
    pub steps: Vec<Step>,
    /// For counters: the statements of the witness path, in order.
    pub path: Vec<Place>,
    /// For assembly text: what precedes the statement on its line (indentation, a
    /// label), for fixes inserted at the statement's column.
    pub prefix: String,
}

impl Located {
    /// Finding `f` of program `p` in file `file` (and `section`), statements placed
    /// by `place`.
    pub fn new(
        file: &str,
        section: Option<&str>,
        p: &Program,
        f: Finding,
        place: impl Fn(usize) -> Place,
    ) -> Located {
        let t = p.target;
        let (evidence, steps, path) = evidence(p, &f, &place);
        Located {
            file: file.to_string(),
            section: section.map(str::to_string),
            at: place(f.at),
            other: f.other.map(&place),
            text: stmt_text(p, f.at),
            other_text: f.other.map(|k| stmt_text(p, k)).unwrap_or_default(),
            f,
            target: t,
            evidence,
            steps,
            path,
            prefix: String::new(),
        }
    }

    /// `file:line:col`, or `file:section+offset`.
    pub fn where_(&self, place: Place) -> String {
        match place {
            Place::Line(l, c) => format!("{}:{l}:{c}", self.file),
            Place::Offset(o) => format!(
                "{}:{}+{o:#x}",
                self.file,
                self.section.as_deref().unwrap_or("")
            ),
        }
    }

    /// The finding's message: the rule's explanation and the register.
    pub fn message(&self) -> String {
        format!(
            "{}{}",
            self.f.rule.explain(),
            reg_name(self.target, self.f.reg)
        )
    }

    /// "insert `s_nop 1` before this line", or "remove it".
    pub fn fix_text(&self) -> String {
        let what = match self.at {
            Place::Line(..) => "this line",
            Place::Offset(_) => "it",
        };
        match self.f.fix {
            Fix::Remove => format!("remove {what}"),
            Fix::Rewrite(how) => how.to_string(),
            fix => {
                let stmts: Vec<String> = fix.to_string().lines().map(str::to_string).collect();
                format!("insert `{}` before {what}", stmts.join("`, `"))
            }
        }
    }
}

/// The witness of `f`: a sentence, the waits and counted operations on its path, and
/// the path.
fn evidence(
    p: &Program,
    f: &Finding,
    place: &impl Fn(usize) -> Place,
) -> (String, Vec<Step>, Vec<Place>) {
    match &f.witness {
        Witness::WaitStates { needed, present } => (
            format!("the pair needs {needed} wait states; {present} are between them"),
            Vec::new(),
            Vec::new(),
        ),
        Witness::CallerPending { .. } => (
            "a callable function's caller may leave any load or export pending at its \
             entry: wait for them before the first use (LLVM's calling convention \
             waits at the entry)"
                .to_string(),
            Vec::new(),
            Vec::new(),
        ),
        Witness::Counter {
            counter,
            needed,
            path,
        } => {
            let t = p.target;
            let mut steps = Vec::new();
            let mut waits = 0;
            let mut ops = 0;
            // (The path's ends are the operation and the use themselves.)
            for &k in path.iter().skip(1).take(path.len().saturating_sub(2)) {
                let Body::Inst(i) = &p.stmts[k].body else {
                    continue;
                };
                let c = i.counters(t);
                let counted = match counter {
                    Counter::Vm => c.vm,
                    Counter::Lgkm => c.lgkm.is_some(),
                    Counter::Exp => c.exp,
                };
                let wait = i.desc().mnemonic == amdgpu_mc::isa::op::S_WAITCNT;
                if counted || wait {
                    waits += wait as usize;
                    ops += counted as usize;
                    steps.push(Step {
                        place: place(k),
                        text: stmt_text(p, k),
                    });
                }
            }
            let name = counter.name();
            let what = match counter {
                Counter::Exp => "operation",
                _ => "load",
            };
            let sentence = if steps.is_empty() {
                format!("needs {name}({needed}) here; no s_waitcnt between the {what} and this use")
            } else {
                format!(
                    "needs {name}({needed}) here; on a path of {} statements from the {what} \
                     it is still pending after {waits} s_waitcnt and {ops} later {name} \
                     operations (on the path:)",
                    path.len()
                )
            };
            (sentence, steps, path.iter().map(|&k| place(k)).collect())
        }
        _ => (String::new(), Vec::new(), Vec::new()),
    }
}

fn reg_name(t: Target, r: Option<(RegFile, u16)>) -> String {
    r.map_or(String::new(), |r| {
        format!(" ({})", amdgpu_mc::lint::reg_text(t, r))
    })
}

fn other_what(rule: Rule) -> &'static str {
    match rule {
        Rule::WaitVmcnt | Rule::WaitLgkmcnt => "the load that writes it",
        Rule::WaitExpcnt => "the operation that reads it",
        Rule::BarrierWait | Rule::ReturnWait | Rule::OrderWait => "the last memory operation",
        _ => "the instruction it follows too closely",
    }
}

/// `s` as a JSON string.
pub fn json_str(s: &str) -> String {
    let mut o = String::from("\"");
    for c in s.chars() {
        match c {
            '"' => o.push_str("\\\""),
            '\\' => o.push_str("\\\\"),
            '\n' => o.push_str("\\n"),
            '\r' => o.push_str("\\r"),
            '\t' => o.push_str("\\t"),
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

/// How many steps of a witness path the text output shows.
const STEPS_SHOWN: usize = 8;

/// The findings as warnings, each with notes: the other instruction, the evidence
/// and the fix.
pub fn text(found: &[Located]) -> String {
    let mut out = String::new();
    for l in found {
        let at = l.where_(l.at);
        out.push_str(&format!(
            "{at}: warning: [{}] {}\n    {}\n",
            l.f.rule.id(),
            l.message(),
            l.text
        ));
        if let Some(o) = l.other {
            let what = match l.f.witness {
                Witness::CallerPending { .. } => "the function's entry",
                _ => other_what(l.f.rule),
            };
            out.push_str(&format!(
                "{}: note: {what}: {}\n",
                l.where_(o),
                l.other_text
            ));
        }
        if !l.evidence.is_empty() {
            out.push_str(&format!("{at}: note: {}\n", l.evidence));
        }
        for s in l.steps.iter().take(STEPS_SHOWN) {
            out.push_str(&format!(
                "{}: note: on the path: {}\n",
                l.where_(s.place),
                s.text
            ));
        }
        if l.steps.len() > STEPS_SHOWN {
            out.push_str(&format!(
                "{at}: note: ... and {} more on the path (all in --format json)\n",
                l.steps.len() - STEPS_SHOWN
            ));
        }
        out.push_str(&format!("{at}: note: fix: {}\n", l.fix_text()));
    }
    out
}

fn place_json(p: Place) -> String {
    match p {
        Place::Line(l, c) => format!("{{\"line\":{l},\"col\":{c}}}"),
        Place::Offset(o) => format!("{{\"offset\":{o}}}"),
    }
}

/// The evidence as a JSON object.
fn witness_json(l: &Located) -> String {
    match &l.f.witness {
        Witness::WaitStates { needed, present } => {
            format!("{{\"kind\":\"wait_states\",\"needed\":{needed},\"present\":{present}}}")
        }
        Witness::CallerPending { .. } => format!(
            "{{\"kind\":\"caller_pending\",\"entry\":{},\"text\":{}}}",
            l.other.map_or("null".to_string(), place_json),
            json_str(&l.evidence)
        ),
        Witness::Counter {
            counter, needed, ..
        } => {
            let steps: Vec<String> = l
                .steps
                .iter()
                .map(|s| {
                    let p = place_json(s.place);
                    format!("{},\"text\":{}}}", &p[..p.len() - 1], json_str(&s.text))
                })
                .collect();
            let path: Vec<String> = l.path.iter().map(|&p| place_json(p)).collect();
            format!(
                "{{\"kind\":\"counter\",\"counter\":{},\"needed\":{needed},\"text\":{},\
                 \"steps\":[{}],\"path\":[{}]}}",
                json_str(counter.name()),
                json_str(&l.evidence),
                steps.join(","),
                path.join(",")
            )
        }
        _ => "null".into(),
    }
}

/// The findings as one JSON array.
pub fn json(found: &[Located]) -> String {
    let mut out = String::from("[");
    for (n, l) in found.iter().enumerate() {
        let loc = match (l.at, &l.section) {
            (Place::Offset(off), Some(s)) => format!(
                "\"section\":{},\"offset\":{off},\"other_offset\":{}",
                json_str(s),
                match l.other {
                    Some(Place::Offset(o)) => o.to_string(),
                    _ => "null".into(),
                }
            ),
            (at, _) => {
                let (line, col) = match at {
                    Place::Line(l, c) => (l, c),
                    Place::Offset(_) => (0, 0),
                };
                let (ol, oc) = match l.other {
                    Some(Place::Line(l, c)) => (l.to_string(), c.to_string()),
                    _ => ("null".into(), "null".into()),
                };
                format!("\"line\":{line},\"col\":{col},\"other_line\":{ol},\"other_col\":{oc}")
            }
        };
        out.push_str(&format!(
            "{}{{\"file\":{},{loc},\"rule\":{},\"message\":{},\"instruction\":{},\"other\":{},\
             \"fix\":{},\"witness\":{}}}",
            if n > 0 { "," } else { "" },
            json_str(&l.file),
            json_str(l.f.rule.id()),
            json_str(&l.message()),
            json_str(&l.text),
            json_str(&l.other_text),
            json_str(&l.f.fix.to_string()),
            witness_json(l),
        ));
    }
    out.push_str("]\n");
    out
}
