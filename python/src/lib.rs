//! `amdgpu_mc`, the Python module: the assembler, the disassembler and the hazard
//! linter of the `amdgpu-mc` library, called in-process (no llvm-mc to spawn, no
//! temporary files). Every call releases the GIL while it works; every error is a
//! Python exception, never a panic across the boundary.

use std::panic::{catch_unwind, AssertUnwindSafe};

use amdgpu_mc::code_object::{self, CodeObject, Feature, Limits};
use amdgpu_mc::inst::RegFile;
use amdgpu_mc::lint::rules;
use amdgpu_mc::lint::{source, Finding, Fix, Linter, Options, Rule, Witness};
use amdgpu_mc::mc::{self, Triple};
use amdgpu_mc::program::{Body, Program};
use amdgpu_mc::{Diagnostic, Target};
use pyo3::create_exception;
use pyo3::exceptions::{PyRuntimeError, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList};

create_exception!(
    amdgpu_mc,
    AssemblyError,
    PyValueError,
    "Assembly text that does not assemble. The message has one llvm-mc-style \
     diagnostic per error: `<input>:LINE:COL: error: MESSAGE`, the source line and a \
     caret."
);
create_exception!(
    amdgpu_mc,
    TargetError,
    PyValueError,
    "A processor name or target id (`gfx90a:xnack-`) that is unknown or not supported."
);
create_exception!(
    amdgpu_mc,
    CodeObjectError,
    PyValueError,
    "Bytes that are not a readable AMDGPU code object, offload bundle or host ELF \
     with a `.hip_fatbin` section, or a symbol that is not in it."
);

/// What the work done without the GIL fails with; made a Python exception after.
enum Error {
    Assembly(String),
    Target(String),
    CodeObject(String),
}

impl From<Error> for PyErr {
    fn from(e: Error) -> PyErr {
        match e {
            Error::Assembly(m) => AssemblyError::new_err(m),
            Error::Target(m) => TargetError::new_err(m),
            Error::CodeObject(m) => CodeObjectError::new_err(m),
        }
    }
}

type Res<T> = Result<T, Error>;

/// Runs `f` without the GIL; a panic in it becomes a `RuntimeError`.
fn run<T: Send>(py: Python<'_>, f: impl FnOnce() -> Res<T> + Send) -> PyResult<T> {
    py.allow_threads(|| catch_unwind(AssertUnwindSafe(f)))
        .map_err(|p| {
            let why = p
                .downcast_ref::<&str>()
                .map(|s| s.to_string())
                .or_else(|| p.downcast_ref::<String>().cloned())
                .unwrap_or_default();
            PyRuntimeError::new_err(format!("amdgpu_mc: internal error: {why}"))
        })?
        .map_err(PyErr::from)
}

/// A GCN/CDNA/RDNA target id: the processor, its xnack and sramecc settings.
#[derive(Clone, Copy)]
struct Tid {
    target: Target,
    xnack: Option<bool>,
    sramecc: Option<bool>,
}

fn target_id(id: &str) -> Res<Tid> {
    let (target, xnack) = Target::from_id(id).map_err(|e| Error::Target(e.to_string()))?;
    if target.gen.is_r600() {
        return Err(Error::Target(format!(
            "{id}: the R600 family is not supported by the Python module (use the \
             amdgpu-mc command)"
        )));
    }
    let sramecc = id.split(':').find_map(|f| match f {
        "sramecc+" => Some(true),
        "sramecc-" => Some(false),
        _ => None,
    });
    Ok(Tid {
        target,
        xnack,
        sramecc,
    })
}

/// The errors of an assembly, rendered as llvm-mc renders them for `<input>`.
fn rendered(diags: &[Diagnostic]) -> String {
    let v: Vec<String> = diags.iter().map(|d| d.render("<input>")).collect();
    v.join("\n")
}

// ---------------------------------------------------------------------------
// assemble

/// assemble(text, mcpu, *, filetype="bin") -> bytes
///
/// Assembles `text` for `mcpu` (a processor or target id, such as "gfx90a" or
/// "gfx90a:xnack-") in-process.
///
/// filetype="bin": the code bytes, as `amdgpu-mc asm` writes them.
/// filetype="obj": the ELF code object (amdgcn-amd-amdhsa), as
/// `amdgpu-mc asm --filetype obj` writes it.
///
/// Raises AssemblyError (a ValueError) with `<input>:LINE:COL: error: ...` lines
/// when the text does not assemble, TargetError for an unknown mcpu.
///
/// >>> import amdgpu_mc
/// >>> amdgpu_mc.assemble("s_endpgm", "gfx90a").hex()
/// '000081bf'
#[pyfunction]
#[pyo3(signature = (text, mcpu, *, filetype = "bin"))]
fn assemble<'py>(
    py: Python<'py>,
    text: &str,
    mcpu: &str,
    filetype: &str,
) -> PyResult<Bound<'py, PyBytes>> {
    let object = match filetype {
        "bin" => false,
        "obj" => true,
        _ => {
            return Err(PyValueError::new_err(format!(
                "unknown filetype '{filetype}' (expected \"bin\" or \"obj\")"
            )))
        }
    };
    let bytes = run(py, || {
        let t = target_id(mcpu)?;
        let triple = Triple::default();
        let opts = mc::Options {
            triple: Some(&triple),
            ..mc::Options::default()
        };
        if object {
            let a = mc::assemble_object_with(t.target, t.xnack, t.sramecc, text, &opts);
            if !a.diags.is_empty() {
                return Err(Error::Assembly(rendered(&a.diags)));
            }
            Ok(a.elf())
        } else {
            let a = mc::assemble_listing_with(t.target, t.xnack, t.sramecc, text, &opts, true);
            if !a.diags.is_empty() {
                return Err(Error::Assembly(rendered(&a.diags)));
            }
            Ok(a.text_bytes().to_vec())
        }
    })?;
    Ok(PyBytes::new(py, &bytes))
}

// ---------------------------------------------------------------------------
// disassemble

/// One disassembled instruction (or a word that does not decode: `.long`).
#[pyclass(frozen, module = "amdgpu_mc")]
#[derive(Clone)]
struct Instruction {
    /// The byte offset (for code objects: the address, the section's plus the offset).
    #[pyo3(get)]
    offset: u64,
    /// The instruction's bytes.
    bytes: Vec<u8>,
    /// The text, as `amdgpu-mc disasm` prints it.
    #[pyo3(get)]
    text: String,
    /// The mnemonic (`.long` for bytes that do not decode).
    #[pyo3(get)]
    mnemonic: String,
    /// The operands and modifiers as printed, split at top-level commas and blanks.
    #[pyo3(get)]
    operands: Vec<String>,
    /// For code objects: the symbol the instruction is under, if any.
    #[pyo3(get)]
    symbol: Option<String>,
}

#[pymethods]
impl Instruction {
    fn __repr__(&self) -> String {
        format!(
            "Instruction(offset={:#x}, text={:?})",
            self.offset, self.text
        )
    }
    fn __str__(&self) -> String {
        self.text.clone()
    }
    #[getter(bytes)]
    fn py_bytes<'py>(&self, py: Python<'py>) -> Bound<'py, PyBytes> {
        PyBytes::new(py, &self.bytes)
    }
}

/// The operands of a printed instruction: split at commas and blanks outside
/// brackets and parentheses.
fn split_operands(rest: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut depth = 0i32;
    let mut cur = String::new();
    for c in rest.chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            _ => {}
        }
        if depth <= 0 && (c == ',' || c.is_whitespace()) {
            if !cur.is_empty() {
                out.push(std::mem::take(&mut cur));
            }
        } else {
            cur.push(c);
        }
    }
    if !cur.is_empty() {
        out.push(cur);
    }
    out
}

/// The instructions of `bytes` for `t`, offsets from `base`.
fn decode_all(t: Target, bytes: &[u8], base: u64, symbol: Option<&str>) -> Vec<Instruction> {
    let mut out = Vec::new();
    let mut line = String::new();
    for l in amdgpu_mc::disasm::lines(t, bytes) {
        line.clear();
        if amdgpu_mc::disasm::write_line(&mut line, t, bytes, &l, false).is_err() {
            continue;
        }
        // (The line is a tab, the text and, for data, a comment.)
        let text = line.trim();
        let text = match l.inst {
            Ok(_) => text,
            Err(_) => text.split(';').next().unwrap_or(text).trim_end(),
        };
        let (mnemonic, rest) = text.split_once(' ').unwrap_or((text, ""));
        let end = (l.offset + l.len).min(bytes.len());
        out.push(Instruction {
            offset: base + l.offset as u64,
            bytes: bytes[l.offset.min(end)..end].to_vec(),
            text: text.to_string(),
            mnemonic: mnemonic.to_string(),
            operands: split_operands(rest),
            symbol: symbol.map(str::to_string),
        });
    }
    out
}

/// disassemble(data, mcpu) -> list[Instruction]
///
/// Disassembles raw code bytes (not a code object: see disassemble_object) for
/// `mcpu`. Bytes that do not decode become `.long` lines, as llvm-objdump prints
/// them; no byte is lost.
///
/// >>> [i.text for i in amdgpu_mc.disassemble(bytes.fromhex("000081bf"), "gfx90a")]
/// ['s_endpgm']
#[pyfunction]
fn disassemble(py: Python<'_>, data: &[u8], mcpu: &str) -> PyResult<Vec<Instruction>> {
    run(py, || {
        let t = target_id(mcpu)?;
        Ok(decode_all(t.target, data, 0, None))
    })
}

/// A symbol of a code object's code section: a kernel or function.
#[pyclass(frozen, get_all, module = "amdgpu_mc")]
#[derive(Clone)]
struct Symbol {
    /// The symbol's name.
    name: String,
    /// The code object's target id (`gfx90a:xnack-`), if it names a known processor.
    target: Option<String>,
    /// The offload-bundle entry id, for objects from a bundle.
    bundle_id: Option<String>,
    /// The section (`.text`).
    section: String,
    /// The symbol's address (the section's address plus its offset).
    address: u64,
    /// Bytes up to the next symbol or the section's end.
    size: u64,
}

#[pymethods]
impl Symbol {
    fn __repr__(&self) -> String {
        format!(
            "Symbol(name={:?}, target={}, section={:?}, address={:#x}, size={})",
            self.name,
            self.target
                .as_deref()
                .map_or("None".into(), |t| format!("{t:?}")),
            self.section,
            self.address,
            self.size
        )
    }
}

fn load(data: &[u8], mcpu: Option<&str>) -> Res<Vec<CodeObject>> {
    if !code_object::looks_like_code_object(data) {
        return Err(Error::CodeObject(
            "not a code object: no ELF or offload-bundle magic (raw code bytes go to \
             disassemble())"
                .into(),
        ));
    }
    let want = mcpu.map(|m| m.split(':').next().unwrap_or(m));
    code_object::load_with(data, want, &Limits::default())
        .map_err(|e| Error::CodeObject(e.to_string()))
}

fn symbols_of(objs: &[CodeObject]) -> Vec<Symbol> {
    let mut out = Vec::new();
    for o in objs {
        for s in &o.sections {
            for (start, names, bytes) in s.regions() {
                for n in names {
                    out.push(Symbol {
                        name: n.to_string(),
                        target: o.target_id(),
                        bundle_id: o.bundle_id.clone(),
                        section: s.name.clone(),
                        address: s.address + start,
                        size: bytes.len() as u64,
                    });
                }
            }
        }
    }
    out
}

/// kernels(data) -> list[Symbol]
///
/// The symbols (kernels, functions) of the code sections of a code object, an
/// offload bundle (plain or compressed) or a host ELF with a `.hip_fatbin`
/// section, each with its target id.
///
/// >>> obj = amdgpu_mc.assemble("k:\n s_endpgm", "gfx90a", filetype="obj")
/// >>> [(s.name, s.target) for s in amdgpu_mc.kernels(obj)]
/// [('k', 'gfx90a')]
#[pyfunction]
fn kernels(py: Python<'_>, data: &[u8]) -> PyResult<Vec<Symbol>> {
    run(py, || Ok(symbols_of(&load(data, None)?)))
}

/// The target to decode (or lint) code object `o` with: `mcpu`'s, or the object's.
fn object_target(o: &CodeObject, mcpu: Option<&str>) -> Res<Option<Tid>> {
    if let Some(m) = mcpu {
        return target_id(m).map(Some);
    }
    match o.target.as_deref().map(Target::from_name) {
        Some(Ok(t)) if !t.gen.is_r600() => Ok(Some(Tid {
            target: t,
            xnack: None,
            sramecc: None,
        })),
        // (A bundle's entries for other processors are skipped.)
        _ if o.bundle_id.is_some() => Ok(None),
        _ => Err(Error::Target(format!(
            "the code object's processor ({}) is not supported; give mcpu",
            o.target.as_deref().unwrap_or("unknown")
        ))),
    }
}

/// disassemble_object(data, symbol=None, mcpu=None) -> list[Instruction]
///
/// Disassembles the code sections of a code object (or of the entries of an
/// offload bundle), decoding afresh at each symbol as llvm-objdump does; with
/// `symbol`, only that symbol's code. `mcpu` selects a bundle's entries (and
/// overrides the object's processor). Offsets are addresses: the section's
/// address plus the offset in it.
///
/// >>> obj = amdgpu_mc.assemble("k:\n s_endpgm", "gfx90a", filetype="obj")
/// >>> [(i.symbol, i.text) for i in amdgpu_mc.disassemble_object(obj, "k")]
/// [('k', 's_endpgm')]
#[pyfunction]
#[pyo3(signature = (data, symbol = None, mcpu = None))]
fn disassemble_object(
    py: Python<'_>,
    data: &[u8],
    symbol: Option<&str>,
    mcpu: Option<&str>,
) -> PyResult<Vec<Instruction>> {
    run(py, || {
        let objs = load(data, mcpu)?;
        let mut out = Vec::new();
        let mut found = false;
        for o in &objs {
            let Some(t) = object_target(o, mcpu)? else {
                continue;
            };
            for s in &o.sections {
                for (start, names, bytes) in s.regions() {
                    if let Some(want) = symbol {
                        if !names.contains(&want) {
                            continue;
                        }
                        found = true;
                    }
                    let name = names.first().copied();
                    out.extend(decode_all(t.target, bytes, s.address + start, name));
                }
            }
        }
        match symbol {
            Some(s) if !found => Err(Error::CodeObject(format!(
                "no symbol '{s}' in the code sections"
            ))),
            _ => Ok(out),
        }
    })
}

// ---------------------------------------------------------------------------
// lint

/// One hazard or missing wait found by the linter.
#[pyclass(frozen, get_all, name = "Finding", module = "amdgpu_mc")]
struct LintFinding {
    /// The rule's id (`WAITCNT_VM`, `MFMA_READ_ACC`, ...; see rules() and explain()).
    rule: String,
    /// Assembly text: the 1-based line and column of the instruction that needs the
    /// wait. None for code objects.
    line: Option<usize>,
    column: Option<usize>,
    /// Code objects: the section and the offset of the instruction in it.
    section: Option<String>,
    offset: Option<u64>,
    /// The instruction that needs the wait, as printed.
    statement: String,
    /// The rule's explanation and the register involved.
    message: String,
    /// What fixes it: the statements to insert before the instruction
    /// (`s_waitcnt vmcnt(0)`, `s_nop 4`), "remove it", or how to rewrite it.
    fix: String,
    /// "insert", "remove" or "rewrite".
    fix_kind: String,
    /// The other instruction (the load, export or writer): line and column (text) or
    /// offset (code objects), and its text.
    other_line: Option<usize>,
    other_column: Option<usize>,
    other_offset: Option<u64>,
    other_statement: Option<String>,
    witness: Py<PyDict>,
}

#[pymethods]
impl LintFinding {
    fn __repr__(&self) -> String {
        let at = match (self.line, self.column, &self.section, self.offset) {
            (Some(l), Some(c), _, _) => format!("line={l}, column={c}"),
            (_, _, Some(s), Some(o)) => format!("section={s:?}, offset={o:#x}"),
            _ => String::new(),
        };
        format!("Finding(rule={:?}, {at}, fix={:?})", self.rule, self.fix)
    }
}

/// The result of lint(): the findings and, with fix=True, the fixed text.
#[pyclass(frozen, get_all, module = "amdgpu_mc")]
struct LintResult {
    /// The findings, in statement order.
    findings: Vec<Py<LintFinding>>,
    /// With fix=True (assembly text only): the text with the fixes inserted as lines
    /// of their own; None otherwise.
    fixed: Option<String>,
}

#[pymethods]
impl LintResult {
    fn __len__(&self) -> usize {
        self.findings.len()
    }
    fn __bool__(&self) -> bool {
        !self.findings.is_empty()
    }
    fn __iter__(slf: PyRef<'_, Self>) -> PyResult<Py<PyAny>> {
        let py = slf.py();
        let list = PyList::new(py, slf.findings.iter().map(|f| f.clone_ref(py)))?;
        Ok(list.try_iter()?.into_any().unbind())
    }
    fn __repr__(&self) -> String {
        format!(
            "LintResult({} finding(s), fixed={})",
            self.findings.len(),
            if self.fixed.is_some() {
                "<text>"
            } else {
                "None"
            }
        )
    }
}

/// A step of a witness: where, and the statement.
struct Step {
    at: Place,
    text: String,
}

#[derive(Clone, Copy)]
enum Place {
    Line(usize, usize),
    Offset(u64),
}

/// The witness without the GIL: converted to a dict after.
enum Wit {
    None,
    WaitStates {
        needed: u16,
        present: u16,
    },
    Counter {
        counter: &'static str,
        needed: u8,
        path: Vec<Step>,
    },
}

/// A finding, made without the GIL.
struct Found {
    rule: &'static str,
    at: Place,
    section: Option<String>,
    statement: String,
    message: String,
    fix: String,
    fix_kind: &'static str,
    other: Option<(Place, String)>,
    witness: Wit,
}

fn stmt_text(p: &Program, k: usize) -> String {
    match &p.stmts[k].body {
        Body::Inst(i) => i.display(p.target).to_string(),
        _ => String::new(),
    }
}

fn reg_name(t: Target, r: Option<(RegFile, u16)>) -> String {
    r.map_or(String::new(), |r| {
        format!(" ({})", amdgpu_mc::lint::reg_text(t, r))
    })
}

fn found(p: &Program, f: &Finding, place: &dyn Fn(usize) -> Place, section: Option<&str>) -> Found {
    let (fix, fix_kind) = match f.fix {
        Fix::Remove => ("remove it".to_string(), "remove"),
        Fix::Rewrite(how) => (how.to_string(), "rewrite"),
        fix => (fix.to_string(), "insert"),
    };
    let witness = match &f.witness {
        Witness::WaitStates { needed, present } => Wit::WaitStates {
            needed: *needed,
            present: *present,
        },
        Witness::Counter {
            counter,
            needed,
            path,
        } => Wit::Counter {
            counter: counter.name(),
            needed: *needed,
            path: path
                .iter()
                .map(|&k| Step {
                    at: place(k),
                    text: stmt_text(p, k),
                })
                .collect(),
        },
        _ => Wit::None,
    };
    Found {
        rule: f.rule.id(),
        at: place(f.at),
        section: section.map(str::to_string),
        statement: stmt_text(p, f.at),
        message: format!("{}{}", f.rule.explain(), reg_name(p.target, f.reg)),
        fix,
        fix_kind,
        other: f.other.map(|k| (place(k), stmt_text(p, k))),
        witness,
    }
}

fn place_dict<'py>(d: &Bound<'py, PyDict>, at: Place) -> PyResult<()> {
    match at {
        Place::Line(l, c) => {
            d.set_item("line", l)?;
            d.set_item("column", c)?;
        }
        Place::Offset(o) => d.set_item("offset", o)?,
    }
    Ok(())
}

fn to_python(py: Python<'_>, f: Found) -> PyResult<Py<LintFinding>> {
    let w = PyDict::new(py);
    match f.witness {
        Wit::None => w.set_item("kind", "none")?,
        Wit::WaitStates { needed, present } => {
            w.set_item("kind", "wait_states")?;
            w.set_item("needed", needed)?;
            w.set_item("present", present)?;
        }
        Wit::Counter {
            counter,
            needed,
            path,
        } => {
            w.set_item("kind", "counter")?;
            w.set_item("counter", counter)?;
            w.set_item("needed", needed)?;
            let steps = PyList::empty(py);
            for s in path {
                let d = PyDict::new(py);
                place_dict(&d, s.at)?;
                d.set_item("text", s.text)?;
                steps.append(d)?;
            }
            w.set_item("path", steps)?;
        }
    }
    let (line, column, offset) = match f.at {
        Place::Line(l, c) => (Some(l), Some(c), None),
        Place::Offset(o) => (None, None, Some(o)),
    };
    let (mut other_line, mut other_column, mut other_offset, mut other_statement) =
        (None, None, None, None);
    if let Some((at, text)) = f.other {
        match at {
            Place::Line(l, c) => (other_line, other_column) = (Some(l), Some(c)),
            Place::Offset(o) => other_offset = Some(o),
        }
        other_statement = Some(text);
    }
    Py::new(
        py,
        LintFinding {
            rule: f.rule.to_string(),
            line,
            column,
            section: f.section,
            offset,
            statement: f.statement,
            message: f.message,
            fix: f.fix,
            fix_kind: f.fix_kind.to_string(),
            other_line,
            other_column,
            other_offset,
            other_statement,
            witness: w.unbind(),
        },
    )
}

/// The target of assembly text: `mcpu` and the text's `.amdgcn_target` line, which
/// must agree where both are given.
fn text_target(text: &str, mcpu: Option<&str>) -> Res<(Target, Option<bool>)> {
    let given = mcpu.map(target_id).transpose()?;
    let Some((line, col, id)) = source::amdgcn_target(text) else {
        return given.map(|t| (t.target, t.xnack)).ok_or_else(|| {
            Error::Target(
                "assembly needs mcpu or an .amdgcn_target line (code objects name their own)"
                    .into(),
            )
        });
    };
    let at = |e: String| Error::Assembly(format!("<input>:{line}:{col}: error: {e}"));
    let id = id.map_err(|e| at(e.to_string()))?;
    let (t, x) = Target::from_id(id).map_err(|e| at(e.to_string()))?;
    match given {
        None => Ok((t, x)),
        Some(g)
            if g.target.name == t.name && (g.xnack.is_none() || x.is_none() || g.xnack == x) =>
        {
            Ok((g.target, g.xnack.or(x)))
        }
        Some(_) => Err(at(format!(
            ".amdgcn_target directive's target id {id} does not match the specified target id {}",
            mcpu.unwrap_or("")
        ))),
    }
}

fn lint_text(text: &str, mcpu: Option<&str>, fix: bool) -> Res<(Vec<Found>, Option<String>)> {
    let (t, xnack) = text_target(text, mcpu)?;
    if t.gen.is_r600() {
        return Err(Error::Target(
            "the R600 family is not supported by the Python module".into(),
        ));
    }
    let mut options = source::options_of(t, text);
    if let Some(x) = xnack {
        options.xnack = x;
    }
    let report = source::lint_text_with(t, text, options);
    if !report.errors.is_empty() {
        return Err(Error::Assembly(rendered(&report.errors)));
    }
    let place = |k: usize| {
        let (l, c) = report.position(k);
        Place::Line(l, c)
    };
    let out = report
        .findings
        .iter()
        .map(|f| found(&report.program, f, &place, None))
        .collect();
    let fixed = fix.then(|| source::fix(text, &report));
    Ok((out, fixed))
}

fn lint_object(data: &[u8], mcpu: Option<&str>) -> Res<Vec<Found>> {
    let objs = load(data, mcpu)?;
    let mut linter = Linter::default();
    let mut out = Vec::new();
    for o in &objs {
        let Some(t) = object_target(o, mcpu)? else {
            continue;
        };
        let mut options = Options::for_target(t.target);
        if o.xnack == Feature::Off {
            options.xnack = false;
        }
        if let Some(x) = t.xnack {
            options.xnack = x;
        }
        for s in &o.sections {
            let p = Program::from_bytes(t.target, &s.bytes);
            let place = |k: usize| Place::Offset(u64::from(p.stmts[k].offset));
            for f in linter.lint(&p, options) {
                out.push(found(&p, &f, &place, Some(&s.name)));
            }
        }
    }
    Ok(out)
}

/// lint(source, mcpu=None, *, fix=False) -> LintResult
///
/// Checks assembly text (str) or a code object (bytes: an ELF, an offload bundle)
/// for hazards and missing s_waitcnt. Text needs `mcpu` or an `.amdgcn_target`
/// line; a code object names its own processor (`mcpu` selects bundle entries).
/// With fix=True (text only), `.fixed` is the text with the fixes inserted as
/// lines of their own. A finding is silenced by a `lint:allow(RULE)` comment on
/// its line.
///
/// Raises AssemblyError when the text does not assemble.
///
/// >>> r = amdgpu_mc.lint("global_load_dword v1, v[2:3], off\nv_add_u32 v0, v1, v1", "gfx90a", fix=True)
/// >>> [(f.rule, f.line, f.fix) for f in r.findings]
/// [('WAITCNT_VM', 2, 's_waitcnt vmcnt(0)')]
/// >>> print(r.fixed)
/// global_load_dword v1, v[2:3], off
/// s_waitcnt vmcnt(0)
/// v_add_u32 v0, v1, v1
#[pyfunction]
#[pyo3(signature = (source, mcpu = None, *, fix = false))]
fn lint(
    py: Python<'_>,
    source: &Bound<'_, PyAny>,
    mcpu: Option<&str>,
    fix: bool,
) -> PyResult<LintResult> {
    let (found, fixed) = if let Ok(text) = source.extract::<String>() {
        run(py, || lint_text(&text, mcpu, fix))?
    } else if let Ok(data) = source.extract::<&[u8]>() {
        if fix {
            return Err(PyValueError::new_err(
                "fix=True rewrites assembly text, not code objects",
            ));
        }
        (run(py, || lint_object(data, mcpu))?, None)
    } else {
        return Err(pyo3::exceptions::PyTypeError::new_err(
            "lint() takes assembly text (str) or a code object (bytes)",
        ));
    };
    let findings = found
        .into_iter()
        .map(|f| to_python(py, f))
        .collect::<PyResult<_>>()?;
    Ok(LintResult { findings, fixed })
}

/// rules() -> list[str]
///
/// The ids of the linter's rules.
///
/// >>> "WAITCNT_VM" in amdgpu_mc.rules()
/// True
#[pyfunction(name = "rules")]
fn rule_ids() -> Vec<&'static str> {
    Rule::ALL.iter().map(|r| r.id()).collect()
}

/// explain(rule_id) -> str
///
/// A rule's long explanation (any case): what it checks, its wait states per
/// target, its source, and an example with its fix, as `amdgpu-mc lint --explain`
/// prints it. Raises ValueError for an unknown id.
///
/// >>> amdgpu_mc.explain("waitcnt_vm").splitlines()[0].startswith("WAITCNT_VM: ")
/// True
#[pyfunction]
fn explain(rule_id: &str) -> PyResult<String> {
    let Some(rule) = Rule::from_id(&rule_id.to_ascii_uppercase()) else {
        return Err(PyValueError::new_err(format!(
            "unknown rule '{rule_id}'; the rules are: {}",
            rule_ids().join(", ")
        )));
    };
    // (One paragraph per line: Python callers wrap as they like.)
    Ok(rules::explanation(rule, None))
}

/// Assemble, disassemble and lint AMD GPU machine code in-process.
#[pymodule]
#[pyo3(name = "amdgpu_mc")]
fn amdgpu_mc_module(m: &Bound<'_, PyModule>) -> PyResult<()> {
    let py = m.py();
    m.add("AssemblyError", py.get_type::<AssemblyError>())?;
    m.add("TargetError", py.get_type::<TargetError>())?;
    m.add("CodeObjectError", py.get_type::<CodeObjectError>())?;
    m.add_class::<Instruction>()?;
    m.add_class::<Symbol>()?;
    m.add_class::<LintFinding>()?;
    m.add_class::<LintResult>()?;
    m.add_function(wrap_pyfunction!(assemble, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble, m)?)?;
    m.add_function(wrap_pyfunction!(kernels, m)?)?;
    m.add_function(wrap_pyfunction!(disassemble_object, m)?)?;
    m.add_function(wrap_pyfunction!(lint, m)?)?;
    m.add_function(wrap_pyfunction!(rule_ids, m)?)?;
    m.add_function(wrap_pyfunction!(explain, m)?)?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    Ok(())
}
