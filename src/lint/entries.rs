//! Where kernels and callable functions start, and what each may assume there.
//!
//! The calling convention decides what is pending at an entry: a kernel starts with
//! nothing outstanding (the dispatch issued nothing), a callable function with
//! anything its caller left pending (LLVM's callees wait for every counter before
//! they use a register). The linter takes the entries as a list ([`Entry`], given in
//! [`super::Context::entries`]); this module finds them in the two inputs:
//!
//! * a code object: `STT_FUNC` symbols, kernels when the object has the descriptor
//!   symbol `NAME.kd` ([`crate::code_object::CodeSection::entries`], [`of_offsets`]);
//! * assembly text: `.type NAME,@function` lines, kernels when an `.amdhsa_kernel
//!   NAME` block names them ([`scan`], then [`resolve`] to statements).

use super::error::{Error, ErrorKind};
use crate::program::Program;

/// What starts at an entry.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum EntryKind {
    /// A kernel: nothing is pending at its entry.
    #[default]
    Kernel,
    /// A callable function: any register may be pending at its entry, written by a
    /// load or read by an export its caller issued.
    Function,
}

impl std::str::FromStr for EntryKind {
    type Err = Error;
    /// `kernel` or `function`.
    fn from_str(s: &str) -> Result<EntryKind, Error> {
        match s {
            "kernel" => Ok(EntryKind::Kernel),
            "function" => Ok(EntryKind::Function),
            _ => Err(Error::new(
                ErrorKind::UnknownName,
                format!("unknown entry kind '{s}' (expected kernel or function)"),
            )),
        }
    }
}

impl EntryKind {
    /// The name the CLI and the documentation use: `kernel` or `function`.
    pub fn name(self) -> &'static str {
        match self {
            EntryKind::Kernel => "kernel",
            EntryKind::Function => "function",
        }
    }
}

/// One entry: the statement where a kernel or function starts.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Entry {
    /// The statement (an index into `Program::stmts`).
    pub at: usize,
    /// What starts there.
    pub kind: EntryKind,
}

/// A function named in assembly text: its name, its kind, and the 1-based line of
/// its `.type` directive.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TextEntry {
    /// The symbol.
    pub name: String,
    /// A kernel when an `.amdhsa_kernel NAME` names it, a function otherwise.
    pub kind: EntryKind,
    /// The line of `.type NAME,@function`.
    pub line: usize,
}

/// The functions an assembly text declares: every `.type NAME,@function` (also
/// spelled `@function` with blanks, `%function`, `"function"` or `STT_FUNC`), a
/// kernel when the text has an `.amdhsa_kernel NAME` for it, in the order of the
/// `.type` lines. A text for another OS than HSA (an `.amdgcn_target` without
/// `amdhsa`, Mesa's `.amd_amdgpu_isa`, PAL metadata) has shaders, entry points
/// without `.amdhsa_kernel`: there every function is taken as a kernel.
///
/// ```
/// use amdgpu_mc::lint::entries::scan;
/// use amdgpu_mc::lint::EntryKind;
/// let text = ".type k,@function\nk:\n s_endpgm\n.type f, @function\nf:\n s_setpc_b64 s[30:31]\n\
///             .amdhsa_kernel k\n.end_amdhsa_kernel\n";
/// let e = scan(text);
/// assert_eq!((e[0].name.as_str(), e[0].kind), ("k", EntryKind::Kernel));
/// assert_eq!((e[1].name.as_str(), e[1].kind, e[1].line), ("f", EntryKind::Function, 4));
/// ```
pub fn scan(text: &str) -> Vec<TextEntry> {
    let mut out = Vec::new();
    let mut kernels = std::collections::HashSet::new();
    for (k, line) in text.lines().enumerate() {
        let t = line.trim_start();
        if let Some(rest) = directive(t, ".amdhsa_kernel") {
            if let Some(name) = rest.split_whitespace().next() {
                kernels.insert(unquote(name).to_string());
            }
            continue;
        }
        let Some(rest) = directive(t, ".type") else {
            continue;
        };
        // `.type NAME, @function`: the name up to the comma.
        let Some((name, ty)) = rest.split_once(',') else {
            continue;
        };
        let ty = ty.split(['#', ';']).next().unwrap_or("").trim();
        let ty = ty.trim_start_matches(['@', '%']).trim_matches('"');
        if ty == "function" || ty == "STT_FUNC" {
            out.push(TextEntry {
                name: unquote(name.trim()).to_string(),
                kind: EntryKind::Function,
                line: k + 1,
            });
        }
    }
    let not_hsa = text.lines().any(|l| {
        let t = l.trim_start();
        t.starts_with(".amd_amdgpu_isa")
            || t.starts_with(".amdgpu_pal_metadata")
            || t.starts_with(".amd_kernel_code_t")
            || directive(t, ".amdgcn_target").is_some_and(|r| !r.contains("amdhsa"))
    });
    for e in &mut out {
        if not_hsa || kernels.contains(&e.name) {
            e.kind = EntryKind::Kernel;
        }
    }
    out
}

/// What follows directive `name` on a line that starts with it.
fn directive<'a>(line: &'a str, name: &str) -> Option<&'a str> {
    let rest = line.strip_prefix(name)?;
    rest.starts_with([' ', '\t']).then(|| rest.trim())
}

fn unquote(s: &str) -> &str {
    s.strip_prefix('"')
        .and_then(|s| s.strip_suffix('"'))
        .unwrap_or(s)
}

/// The entries of `p` that `found` names: each name's label, as a statement. Names
/// with no label in `p` (a declaration without a body) are left out.
pub fn resolve(p: &Program, found: &[TextEntry]) -> Vec<Entry> {
    let mut out: Vec<Entry> = found
        .iter()
        .filter_map(|e| {
            let (_, at) = p.labels.iter().find(|(n, _)| *n == e.name)?;
            (*at < p.stmts.len()).then_some(Entry {
                at: *at,
                kind: e.kind,
            })
        })
        .collect();
    out.sort_by_key(|e| e.at);
    out.dedup_by_key(|e| e.at);
    out
}

/// The entries of `p` at byte offsets: `(offset, kernel)` pairs as a code section
/// lists them ([`crate::code_object::CodeSection::entries`]). Offsets that are not a
/// statement's start are left out.
pub fn of_offsets(p: &Program, offsets: &[(u64, bool)]) -> Vec<Entry> {
    let mut out: Vec<Entry> = offsets
        .iter()
        .filter_map(|&(off, kernel)| {
            let at = p
                .stmts
                .binary_search_by_key(&off, |s| u64::from(s.offset))
                .ok()?;
            Some(Entry {
                at,
                kind: if kernel {
                    EntryKind::Kernel
                } else {
                    EntryKind::Function
                },
            })
        })
        .collect();
    out.sort_by_key(|e| e.at);
    out.dedup_by_key(|e| e.at);
    out
}
