//! `--jobs`: many inputs on several threads print exactly what one thread prints
//! (standard output, standard error, exit status), bad inputs in the middle too.

mod common;

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

fn data(name: &str) -> String {
    let p = PathBuf::from(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    p.to_str().unwrap().to_string()
}

/// A scratch directory for this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("jobs-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(d: &Path, name: &str, bytes: &[u8]) -> String {
    let p = d.join(name);
    std::fs::write(&p, bytes).unwrap();
    p.to_str().unwrap().to_string()
}

fn run(args: &[String]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("run amdgpu-mc")
}

/// A bundle of many code objects: gfx906 and gfx900 ones, and one for gfx1030
/// (not supported: skipped with a note) in the middle.
fn many_objects(d: &Path) -> String {
    let gfx906 = std::fs::read(data("tiny-gfx906.hsaco")).unwrap();
    let gfx900 = std::fs::read(data("tiny-gfx900.o")).unwrap();
    let mut gfx1030 = gfx906.clone();
    // e_flags: EF_AMDGPU_MACH gfx1030 (0x36).
    gfx1030[48..52].copy_from_slice(&0x36u32.to_le_bytes());
    let mut entries = Vec::new();
    for k in 0..12 {
        let (cpu, obj) = match k {
            5 => ("gfx1030", &gfx1030),
            k if k % 2 == 0 => ("gfx906", &gfx906),
            _ => ("gfx900", &gfx900),
        };
        // (Distinct bytes per entry: entries naming the same bytes are read once.)
        let mut obj = obj.clone();
        obj.extend_from_slice(&[0; 8][..k % 8]);
        entries.push((format!("hipv4-amdgcn-amd-amdhsa--{cpu}"), obj));
    }
    write(d, "many.ccob", &common::bundle(&entries))
}

/// Runs `args` with `--jobs 1` (`jobs(1)`) and with 2 and 3 threads: the same
/// output, errors and exit status each time. Returns the one-thread run.
fn same_with_any_jobs(args: &[String], jobs: impl Fn(usize) -> Vec<String>) -> Output {
    let one = run(&[jobs(1), args.to_vec()].concat());
    for n in [2, 3] {
        let many = run(&[jobs(n), args.to_vec()].concat());
        assert_eq!(
            one.status.code(),
            many.status.code(),
            "--jobs {n}: {args:?}"
        );
        assert!(
            one.stdout == many.stdout,
            "--jobs {n}: standard output differs"
        );
        assert_eq!(
            String::from_utf8_lossy(&one.stderr),
            String::from_utf8_lossy(&many.stderr),
            "--jobs {n}"
        );
    }
    one
}

fn strings(s: &[&str]) -> Vec<String> {
    s.iter().map(|s| s.to_string()).collect()
}

#[test]
fn objdump_many_inputs_and_a_bad_one() {
    let d = scratch("objdump");
    let many = many_objects(&d);
    let not_object = data("tiny.ll");
    let inputs = [
        data("tiny-gfx906.o"),
        many.clone(),
        not_object.clone(),
        d.join("missing.o").to_str().unwrap().to_string(),
        data("r600-kc.o"),
        data("tiny-gfx906.hsaco"),
        many,
        data("tiny-gfx900.o"),
    ];
    for opts in [&["-d"][..], &["-d", "-r", "-t"], &["-h"]] {
        let args = [strings(opts), inputs.to_vec()].concat();
        let one = same_with_any_jobs(&args, |n| vec!["objdump".into(), format!("--jobs={n}")]);
        assert_eq!(one.status.code(), Some(1));
        let err = String::from_utf8_lossy(&one.stderr);
        assert!(
            err.contains("tiny.ll': The file was not recognized"),
            "{err}"
        );
        assert!(err.contains("missing.o'"), "{err}");
        if opts[0] == "-d" {
            assert!(err.contains("gfx1030: skipped"), "{err}");
            assert!(err.contains("no disassembler for R600"), "{err}");
        }
        // Each input printed once per time it is given, in order.
        let out = String::from_utf8_lossy(&one.stdout);
        let files: Vec<&str> = out
            .lines()
            .filter_map(|l| l.strip_suffix("-amdgpu"))
            .filter_map(|l| l.split(":\tfile format").next())
            .collect();
        // (-h lists the gfx1030 entry too: only the disassembly needs a target.)
        let per_bundle = if opts[0] == "-d" { 11 } else { 12 };
        assert_eq!(files.len(), 4 + 2 * per_bundle, "{files:?}");
        assert!(files[0].ends_with("tiny-gfx906.o"), "{files:?}");
        assert!(files[1 + per_bundle].ends_with("r600-kc.o"), "{files:?}");
        assert!(
            files[files.len() - 1].ends_with("tiny-gfx900.o"),
            "{files:?}"
        );
    }
}

#[test]
fn disasm_objects_of_a_bundle() {
    let d = scratch("disasm");
    let many = many_objects(&d);
    let one = same_with_any_jobs(&[many], |n| strings(&["disasm", "--jobs", &n.to_string()]));
    assert_eq!(one.status.code(), Some(0));
    let out = String::from_utf8_lossy(&one.stdout);
    assert_eq!(out.matches("\tfile format").count(), 11, "{out}");
}

/// A gfx906 object of about 1.3 MB of code in 2,000 functions, each instruction
/// of a function distinct: its listing is made in pieces on several threads.
fn large_object() -> Vec<u8> {
    use amdgpu_mc::mc::{assemble_object, Triple};
    let mut src = String::from("\t.text\n");
    for f in 0..2000 {
        src.push_str(&format!("\t.globl f{f}\n\t.type f{f},@function\nf{f}:\n"));
        for k in 0..160 {
            let (a, b) = ((f + k) % 250, (f * 7 + k) % 250);
            match k % 4 {
                0 => src.push_str(&format!("\tv_add_u32 v{a}, v{b}, v{}\n", k % 200)),
                1 => src.push_str(&format!("\ts_add_u32 s{}, s{}, {f}\n", a % 100, b % 100)),
                2 => src.push_str(&format!(
                    "\tglobal_load_dword v{a}, v[{}:{}], off offset:{k}\n",
                    b % 200,
                    b % 200 + 1
                )),
                _ => src.push_str(&format!("\ts_cbranch_scc0 f{}\n", (f + 1) % 2000)),
            }
        }
        src.push_str("\ts_setpc_b64 s[30:31]\n");
    }
    let t = amdgpu_mc::Target::from_name("gfx906").unwrap();
    let a = assemble_object(&Triple::default(), t, None, None, &src, None);
    assert!(a.diags.is_empty(), "{:?}", &a.diags[..1]);
    a.elf()
}

/// One large object (cut in pieces), in a bundle between small ones, and alone:
/// the same listing with any number of threads.
#[test]
fn a_large_object_in_pieces() {
    let d = scratch("large");
    let large = large_object();
    assert!(large.len() > 1 << 20);
    let small = std::fs::read(data("tiny-gfx906.hsaco")).unwrap();
    let entries = [("gfx906", &small), ("gfx906", &large), ("gfx900", &small)]
        .map(|(cpu, obj)| (format!("hipv4-amdgcn-amd-amdhsa--{cpu}"), obj.clone()));
    let bundle = write(&d, "large.ccob", &common::bundle(&entries));
    let alone = write(&d, "large.o", &large);
    for input in [bundle, alone] {
        let one = same_with_any_jobs(std::slice::from_ref(&input), |n| {
            vec!["objdump".into(), "-d".into(), format!("--jobs={n}")]
        });
        assert_eq!(one.status.code(), Some(0));
        let out = String::from_utf8_lossy(&one.stdout);
        assert_eq!(
            out.matches(">:\n").count(),
            2000 + 2 * 2 * (input.ends_with(".ccob") as usize),
            "{input}"
        );
        same_with_any_jobs(&[input], |n| strings(&["disasm", "--jobs", &n.to_string()]));
    }
}

/// A large file of raw bytes (17 MiB: VOP1 lines with literals, then random words,
/// an odd tail) is disassembled in spans on several threads: the same listing with
/// any number of threads, with and without encodings.
#[test]
fn large_raw_input_in_spans() {
    let d = scratch("raw");
    let mut next = common::xorshift64(0x9e37_79b9_7f4a_7c15);
    let mut words: Vec<u32> = Vec::new();
    while words.len() < 17 << 18 {
        let w = next() as u32;
        if words.len() < 3 << 18 {
            // (8-byte lines, which spans start inside of.)
            words.extend([0x7e00_02ff | (w & 0x00fe_0000), w]);
        } else {
            words.push(w);
        }
    }
    let mut bytes: Vec<u8> = words.iter().flat_map(|w| w.to_le_bytes()).collect();
    bytes.extend([1, 2, 3]);
    let raw = write(&d, "code.bin", &bytes);
    for enc in [&[][..], &["--show-encoding"]] {
        let args = [
            strings(&["--mcpu", "gfx906"]),
            strings(enc),
            vec![raw.clone()],
        ]
        .concat();
        let one = same_with_any_jobs(&args, |n| strings(&["disasm", "--jobs", &n.to_string()]));
        assert_eq!(one.status.code(), Some(0));
        assert!(one.stdout.len() > 17 << 20);
    }
    // The same as byte text, 8 bytes a line; and with a bad token in the middle
    // (the listing up to it, then the error).
    let mut text = String::new();
    for line in bytes[..(4 << 20) - 5].chunks(8) {
        text.push_str(&common::hex_line(line));
        text.push('\n');
    }
    let hex = write(&d, "code.txt", text.as_bytes());
    let at = text.len() / 2;
    let at = at + text[at..].find('\n').unwrap() + 1;
    text.insert_str(at, "0x12,0xzz\n");
    let bad = write(&d, "bad.txt", text.as_bytes());
    for (input, status) in [(hex, 0), (bad, 1)] {
        let args = strings(&["--mcpu", "gfx906", "--hex", &input]);
        let one = same_with_any_jobs(&args, |n| strings(&["disasm", "--jobs", &n.to_string()]));
        assert_eq!(one.status.code(), Some(status), "{input}");
        assert!(one.stdout.len() > 1 << 20);
    }
}

const HAZARD: &str = "\t.amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"
\t.text
k:
\tglobal_load_dword v1, v[2:3], off
\tv_add_f32 v1, v1, v1
\ts_endpgm
";

#[test]
fn lint_many_inputs_and_bad_ones() {
    let d = scratch("lint");
    let many = many_objects(&d);
    let hazard = write(&d, "hazard.s", HAZARD.as_bytes());
    let bad = write(&d, "bad.s", b"\tv_bogus v1, v2\n\ts_endpgm\n");
    let inputs = vec![
        hazard.clone(),
        data("tiny-gfx906.o"),
        many.clone(),
        bad,
        hazard.clone(),
        many,
        data("tiny-gfx906.hsaco"),
    ];
    for format in ["text", "json", "sarif"] {
        let args = [
            strings(&["--mcpu", "gfx906", "--format", format]),
            inputs.clone(),
        ]
        .concat();
        let one = same_with_any_jobs(&args, |n| strings(&["lint", "--jobs", &n.to_string()]));
        // (An input error: exit status 2, the other inputs linted.)
        assert_eq!(one.status.code(), Some(2), "{format}");
        let out = String::from_utf8_lossy(&one.stdout);
        assert!(out.contains("WAITCNT_VM"), "{out}");
        assert!(String::from_utf8_lossy(&one.stderr).contains("bad.s:1:"));
    }
    // Each object's own processor; a missing file in the middle ends the run there.
    let missing = d.join("missing.s").to_str().unwrap().to_string();
    let args = [hazard.clone(), data("tiny-gfx906.hsaco"), missing, hazard];
    let one = same_with_any_jobs(&args, |n| strings(&["lint", "--jobs", &n.to_string()]));
    assert_eq!(one.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&one.stderr).contains("missing.s"));
}

#[test]
fn jobs_must_be_a_number_of_threads() {
    for args in [
        strings(&["lint", "--jobs", "0", "x.s"]),
        strings(&["disasm", "--jobs", "many", "x.o"]),
        strings(&["objdump", "-d", "--jobs=0", "x.o"]),
    ] {
        let o = run(&args);
        assert!(!o.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&o.stderr);
        assert!(err.contains("number of threads"), "{args:?}: {err}");
    }
}

/// A source of `n` lines, most of them instructions, with what reading must do in
/// order between them: symbols set and used, a macro, labels and branches, a
/// changed symbol, comments, upper case, a warning; and with `errors`, lines that
/// do not assemble.
fn large_source(n: usize, errors: bool) -> String {
    let mut s = String::from(
        ".text\n.set five, 5\n.macro addtwo d, a\n  v_add_f32 \\d, \\a, \\a\n.endm\nk0:\n",
    );
    for i in 0..n {
        let (a, b, c) = (i % 256, (i * 7) % 256, (i * 13) % 256);
        let line = match i % 16 {
            0 => format!("v_add_f32_e32 v{a}, v{b}, v{c}"),
            1 => format!("s_mov_b32 s{}, {i}", i % 100),
            2 => format!("v_mov_b32 v{a}, five"),
            3 => format!("addtwo v{a}, v{b}"),
            4 => format!("l{i}:"),
            5 => format!("s_branch l{}", i - 1),
            6 if errors => format!("v_bogus v{a}, v{b}"),
            6 => format!("v_sub_f32 v{a}, s{}, v{c}", i % 100),
            7 => format!("  V_MUL_F32 v{a}, v{b}, v{c} ; a comment"),
            8 => format!("v_add_f32 v{a}, v{b}, v{c} // another"),
            9 => format!(
                "s_load_dwordx2 s[{}:{}], s[4:5], 0x{:x}",
                2 * (i % 50),
                2 * (i % 50) + 1,
                4 * (i % 1000)
            ),
            10 => format!("v_cmp_eq_u32 vcc, v{a}, v{b}"),
            11 if i % 1024 == 11 => format!(".set five, {}", i % 60),
            11 => format!("v_fma_f32 v{a}, v{b}, v{c}, -v{a}"),
            12 => format!(
                "buffer_load_dword v{a}, off, s[4:7], s1 offset:{} glc",
                i % 4096
            ),
            13 => format!(".long 0x{i:08x}"),
            14 if errors && i % 512 == 14 => format!("v_add_f32 v{a}, v{b}, 0x1 0x2"),
            14 => "v_fract_f64_e32 v[0:1], 0.1".to_string(),
            _ => format!("v_lshlrev_b32_e32 v{a}, {}, v{c}", i % 32),
        };
        s.push_str(&line);
        s.push('\n');
    }
    s
}

/// `asm --jobs` binds the lines of a large source (over a megabyte: the workers
/// take chunks of 64 KiB) on other threads: the same listing, object, errors and
/// warnings as on one thread.
#[test]
fn a_large_source_bound_ahead() {
    let d = scratch("large-source");
    let good = write(&d, "good.s", large_source(40_000, false).as_bytes());
    let bad = write(&d, "bad.s", large_source(40_000, true).as_bytes());
    let jobs = |n: usize| strings(&["asm", "--mcpu", "gfx906", "--jobs", &n.to_string()]);
    let o = same_with_any_jobs(&strings(&["--show-encoding", &good]), jobs);
    assert!(o.status.success(), "{}", String::from_utf8_lossy(&o.stderr));
    assert!(String::from_utf8_lossy(&o.stderr).contains("warning"));
    let listing = String::from_utf8_lossy(&o.stdout);
    assert!(
        listing.lines().count() > 36_000,
        "{}",
        listing.lines().count()
    );
    assert!(
        listing.contains("v_mov_b32_e32 v2, 5 "),
        "the symbol's value"
    );
    // An object's bytes: to standard output.
    let obj = strings(&["--filetype", "obj", "-o", "-", &good]);
    assert!(same_with_any_jobs(&obj, jobs).status.success());
    let o = same_with_any_jobs(
        &strings(&["--show-encoding", "--error-limit", "0", &bad]),
        jobs,
    );
    assert!(!o.status.success());
    let err = String::from_utf8_lossy(&o.stderr);
    assert!(err.matches("error:").count() > 1000, "{err}");
}
