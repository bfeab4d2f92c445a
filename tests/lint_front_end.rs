//! `lint` reads assembly with the same reader as `asm`: a file with macros,
//! repetitions, conditions, includes and several code sections lints as the same
//! file expanded by hand, its findings at the lines that asked for the expansions.

use amdgpu_mc::lint::source::{self, Report};
use amdgpu_mc::lint::{Options, Rule, Witness};
use amdgpu_mc::Target;
use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

/// A scratch directory for this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("front-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// The included file: a load and a use too soon.
const INCLUDED: &str = "\
  global_load_dword v5, v[2:3], off
  v_add_f32 v5, v5, v5
";

/// Every front-end construct, each around a load and a use too soon (line numbers
/// in the comments at the end of lines).
const SRC: &str = "\
.macro ld_use r
  global_load_dword \\r, v[2:3], off
  v_add_f32 \\r, \\r, \\r
.endm
.set N, 2
.text
k:
  ld_use v1                               ; 8
.rept N                                   ; 9
  global_load_dword v4, v[2:3], off
  v_add_f32 v4, v4, v4
.endr
.if N > 1
  global_load_dword v6, v[2:3], off       ; 14
  v_add_f32 v6, v6, v6                    ; 15
.else
  v_add_f32 v9, v9, v9
.endif
.include \"inc.s\"                          ; 19
  s_endpgm
.section .text.b,\"ax\",@progbits
b:
  global_load_dword v7, v[2:3], off       ; 23
  v_add_f32 v7, v7, v7                    ; 24
  s_endpgm
";

/// The same code expanded by hand (one section after the other).
const EXPANDED: &str = "\
k:
  global_load_dword v1, v[2:3], off
  v_add_f32 v1, v1, v1
  global_load_dword v4, v[2:3], off
  v_add_f32 v4, v4, v4
  global_load_dword v4, v[2:3], off
  v_add_f32 v4, v4, v4
  global_load_dword v6, v[2:3], off
  v_add_f32 v6, v6, v6
  global_load_dword v5, v[2:3], off
  v_add_f32 v5, v5, v5
  s_endpgm
b:
  global_load_dword v7, v[2:3], off
  v_add_f32 v7, v7, v7
  s_endpgm
";

fn lint(text: &str, dir: &Path) -> Report {
    let t = Target::from_name("gfx906").unwrap();
    let read = |name: &str| {
        std::fs::read_to_string(dir.join(name))
            .map_err(|_| amdgpu_mc::mc::text::ReadError::NotFound)
    };
    source::lint_source(t, text, Options::for_target(t), Some(&read))
}

/// (rule, line, column, made by an expansion) of each finding.
fn found(r: &Report) -> Vec<(Rule, usize, usize, bool)> {
    r.findings
        .iter()
        .map(|f| {
            let (line, col) = r.position(f.at);
            (f.rule, line, col, r.expanded[f.at])
        })
        .collect()
}

#[test]
fn expansions_lint_as_written_out() {
    let d = scratch("expand");
    std::fs::write(d.join("inc.s"), INCLUDED).unwrap();
    let r = lint(SRC, &d);
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let hand = lint(EXPANDED, &d);
    assert!(hand.errors.is_empty(), "{:?}", hand.errors);
    // The same findings, statement for statement...
    let rules = |r: &Report| {
        r.findings
            .iter()
            .map(|f| (f.rule, f.at, f.other))
            .collect::<Vec<_>>()
    };
    assert_eq!(rules(&r), rules(&hand));
    assert_eq!(r.program.stmts.len(), hand.program.stmts.len());
    // ...at the lines that asked for them: the macro's call, the `.rept` (twice), the
    // line itself in a condition's body and in the second section, the `.include`.
    let vm = Rule::WaitVmcnt;
    assert_eq!(
        found(&r),
        [
            (vm, 8, 3, true),
            (vm, 9, 1, true),
            (vm, 9, 1, true),
            (vm, 15, 3, false),
            (vm, 19, 1, true),
            (vm, 24, 3, false),
        ]
    );
    // Each section is a program of its own.
    let names: Vec<&str> = r.sections.iter().map(|s| s.0.as_str()).collect();
    assert_eq!(names, [".text", ".text.b"]);
    assert_eq!(r.sections[1].1, 11);
    // The other statement of a finding in the second section is there too.
    let last = r.findings.last().unwrap();
    assert_eq!(r.position(last.other.unwrap()), (23, 3));
    // Its witness's path is in the second section's statements, end to end.
    match &last.witness {
        Witness::Counter { path, .. } => {
            assert_eq!(
                (path.first(), path.last()),
                (last.other.as_ref(), Some(&last.at))
            )
        }
        w => panic!("{w:?}"),
    }
}

/// A finding in the second section does not see the first section's loads: each
/// section starts with nothing outstanding.
#[test]
fn sections_lint_apart() {
    let src = "\
.text
  global_load_dword v1, v[2:3], off
  s_endpgm
.section .text.b,\"ax\",@progbits
  v_add_f32 v1, v1, v1
  s_endpgm
";
    let r = lint(src, Path::new("."));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert!(r.findings.is_empty(), "{:?}", r.findings);
    assert_eq!(r.sections.len(), 2);
}

/// `lint:allow` on the invoking line silences what its expansion makes; in the
/// macro's body it silences that line of every call.
#[test]
fn allow_comments_on_invoking_and_body_lines() {
    let src = "\
.macro m r
  global_load_dword \\r, v[2:3], off
  v_add_f32 \\r, \\r, \\r
.endm
.macro quiet r
  global_load_dword \\r, v[2:3], off
  v_add_f32 \\r, \\r, \\r ; lint:allow(WAITCNT_VM)
.endm
  m v1 ; lint:allow(WAITCNT_VM)
  m v2
  quiet v3
  s_endpgm
";
    let r = lint(src, Path::new("."));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(found(&r), [(Rule::WaitVmcnt, 10, 3, true)]);
}

/// llc's complete output (kernel descriptor block, HSA metadata YAML) lints, the code
/// after the blocks at its own lines, with nothing passed over.
#[test]
fn llc_style_file_lints() {
    let path = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/objcorpus/control-gfx906-v4.s"
    );
    let text = std::fs::read_to_string(path).unwrap();
    assert!(text.contains(".amdhsa_kernel") && text.contains(".amdgpu_metadata"));
    // A load and a use too soon before the first s_endpgm.
    let at = text.find("\ts_endpgm").unwrap();
    let line = text[..at].lines().count() + 1;
    let src = format!(
        "{}\tglobal_load_dword v1, v[2:3], off\n\tv_add_f32_e32 v1, v1, v1\n{}",
        &text[..at],
        &text[at..]
    );
    let r = lint(&src, Path::new("."));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    assert_eq!(r.skipped, 0);
    assert_eq!(found(&r), [(Rule::WaitVmcnt, line + 1, 2, false)]);
}

fn run(args: &[&str]) -> Output {
    Command::new(BIN).args(args).output().unwrap()
}

/// What `asm` takes, `lint` takes (a macro once made `lint` fail with "invalid
/// instruction"); `--fix` inserts waits before lines of the file itself and says
/// which findings on expanded lines it leaves, changing nothing else.
#[test]
fn cli_lints_and_fixes_what_asm_assembles() {
    let d = scratch("cli");
    std::fs::write(d.join("inc.s"), INCLUDED).unwrap();
    let src = d.join("k.s");
    std::fs::write(&src, SRC).unwrap();
    let p = src.to_str().unwrap();
    let o = run(&[
        "asm",
        "--mcpu",
        "gfx906",
        "--filetype",
        "obj",
        "-o",
        "/dev/null",
        p,
    ]);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    let o = run(&["lint", "--mcpu", "gfx906", p]);
    let out = String::from_utf8_lossy(&o.stdout);
    assert_eq!(
        o.status.code(),
        Some(1),
        "{out}{}",
        String::from_utf8_lossy(&o.stderr)
    );
    for at in [
        "k.s:8:3:",
        "k.s:9:1:",
        "k.s:15:3:",
        "k.s:19:1:",
        "k.s:24:3:",
    ] {
        assert!(
            out.contains(&format!("{at} warning: [WAITCNT_VM]")),
            "{at}\n{out}"
        );
    }
    let fixed = d.join("fixed.s");
    let o = run(&[
        "lint",
        "--mcpu",
        "gfx906",
        "--fix",
        "-o",
        fixed.to_str().unwrap(),
        p,
    ]);
    assert_eq!(o.status.code(), Some(1));
    let err = String::from_utf8_lossy(&o.stderr);
    assert_eq!(
        err.matches("not fixed: the line comes from a macro")
            .count(),
        4,
        "{err}"
    );
    let text = std::fs::read_to_string(&fixed).unwrap();
    let want: String = SRC
        .lines()
        .enumerate()
        .flat_map(|(k, l)| match k + 1 {
            15 | 24 => vec!["  s_waitcnt vmcnt(0)", l],
            _ => vec![l],
        })
        .map(|l| format!("{l}\n"))
        .collect();
    assert_eq!(text, want);
    // The fixed file still assembles.
    let o = run(&[
        "asm",
        "--mcpu",
        "gfx906",
        "--filetype",
        "obj",
        "-o",
        "/dev/null",
    ]
    .into_iter()
    .chain([fixed.to_str().unwrap()])
    .collect::<Vec<_>>());
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
}

/// What does not read is an error with its place (exit 2): a missing include, a
/// macro that is not closed.
#[test]
fn reading_errors_are_located() {
    let d = scratch("errors");
    let r = lint(".include \"nope.s\"\ns_endpgm\n", &d);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    assert_eq!((r.errors[0].line, r.errors[0].col), (1, 10));
    let r = lint("  .macro m\n  s_nop 0\n", &d);
    assert_eq!(r.errors.len(), 1, "{:?}", r.errors);
    let src = d.join("bad.s");
    std::fs::write(&src, ".include \"nope.s\"\n").unwrap();
    let o = run(&["lint", "--mcpu", "gfx906", src.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&o.stderr)
        .contains("bad.s:1:10: error: Could not find include file 'nope.s'"));
}

/// A line read again (the reader keeps what repeated lines read as) is a statement
/// each time, at its own line.
#[test]
fn repeated_lines_are_statements_each_time() {
    let one = "  global_load_dword v1, v[2:3], off\n  v_add_f32 v1, v1, v1\n";
    let src = format!("{one}{one}{one}  s_endpgm\n");
    let r = lint(&src, Path::new("."));
    assert!(r.errors.is_empty(), "{:?}", r.errors);
    let lines: Vec<usize> = (0..r.program.stmts.len())
        .map(|k| r.position(k).0)
        .collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6, 7]);
    let vm = Rule::WaitVmcnt;
    assert_eq!(
        found(&r),
        [(vm, 2, 3, false), (vm, 4, 3, false), (vm, 6, 3, false)]
    );
    // assemble() reads the same way.
    let t = Target::from_name("gfx906").unwrap();
    let a = amdgpu_mc::assemble(t, &src);
    let lines: Vec<usize> = a.stmts.iter().map(|s| s.line).collect();
    assert_eq!(lines, [1, 2, 3, 4, 5, 6, 7]);
}

/// `assemble()` (and so `Program::from_assembly`) reads with the same reader: macros,
/// repetitions, conditions and the directives `asm` knows; what only an object holds
/// is an error there.
#[test]
fn assemble_reads_like_asm() {
    let t = Target::from_name("gfx906").unwrap();
    let src = "\
.macro twice i
  v_add_f32 v\\i, v\\i, v\\i
  v_add_f32 v\\i, v\\i, v\\i
.endm
.rept 2
  s_nop 0
.endr
  twice 3
.if 0
  s_nop 1
.endif
  .byte 1, 2, 3, 4 ; comment
  .ascii \"a;b\"
  s_endpgm
";
    let a = amdgpu_mc::assemble(t, src);
    assert!(a.diags.is_empty(), "{:?}", a.diags);
    let p = amdgpu_mc::program::Program::from_assembly(t, &a);
    let lines: Vec<u32> = p.stmts.iter().map(|s| s.span.unwrap().line).collect();
    assert_eq!(lines, [5, 5, 8, 8, 12, 13, 14]);
    let want = amdgpu_mc::mc::assemble_listing(&Default::default(), t, None, None, src, None, true);
    assert!(want.diags.is_empty());
    assert_eq!(a.bytes(t), want.object.sections[0].data);
    let a = amdgpu_mc::assemble(t, "s_getpc_b64 s[0:1]\ns_add_u32 s0, s0, sym@rel32@lo+4\n");
    assert_eq!(a.diags.len(), 1, "{:?}", a.diags);
    assert!(
        a.diags[0].msg.contains("needs an object file"),
        "{:?}",
        a.diags
    );
}
