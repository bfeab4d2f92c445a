//! The command line: `amdgpu-mc asm` and `amdgpu-mc disasm` as a user runs them.

mod common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

/// Runs the binary with `args` and `stdin`.
fn run(args: &[&str], stdin: &[u8]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run amdgpu-mc");
    // (Written from another thread: the process may write its output while it
    // reads, and may exit without reading, e.g. on a bad option: EPIPE is ignored.)
    let mut input = child.stdin.take().unwrap();
    let stdin = stdin.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = input.write_all(&stdin);
    });
    let out = child.wait_with_output().unwrap();
    writer.join().unwrap();
    out
}

fn stdout(o: &Output) -> String {
    String::from_utf8(o.stdout.clone()).unwrap()
}

fn stderr(o: &Output) -> String {
    String::from_utf8(o.stderr.clone()).unwrap()
}

/// A scratch directory for this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("cli-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn path(p: &std::path::Path) -> &str {
    p.to_str().unwrap()
}

const SRC: &str = "\
v_add_f32 v1, v2, v3
loop:
  s_add_u32 s0, s0, 1   // comment
  s_cbranch_scc0 loop
  v_add_f64 v[0:1], 0.15915494309189532, v[2:3]
";

const SRC_ECHO: &str = "\
\tv_add_f32_e32 v1, v2, v3                ; encoding: [0x02,0x07,0x02,0x02]
loop:
\ts_add_u32 s0, s0, 1                     ; encoding: [0x00,0x81,0x00,0x80]
\ts_cbranch_scc0 loop                     ; encoding: [0xfe,0xff,0x84,0xbf]
\tv_add_f64 v[0:1], 0.15915494309189532, v[2:3] ; encoding: [0x00,0x00,0x80,0xd2,0xf8,0x04,0x02,0x00]
";

const SRC_BYTES: &[u8] = &[
    0x02, 0x07, 0x02, 0x02, 0x00, 0x81, 0x00, 0x80, 0xfe, 0xff, 0x84, 0xbf, 0x00, 0x00, 0x80, 0xd2,
    0xf8, 0x04, 0x02, 0x00,
];

#[test]
fn asm_show_encoding_from_stdin_and_file() {
    let o = run(
        &["asm", "--mcpu", "gfx906", "--show-encoding"],
        SRC.as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), SRC_ECHO);
    assert_eq!(stderr(&o), "");

    let d = scratch("asm-file");
    let f = d.join("in.s");
    std::fs::write(&f, SRC).unwrap();
    let o = run(&["asm", "--mcpu=gfx906", "--show-encoding", path(&f)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), SRC_ECHO);
}

#[test]
fn asm_writes_raw_bytes() {
    let d = scratch("asm-out");
    let (f, out) = (d.join("in.s"), d.join("out.bin"));
    std::fs::write(&f, SRC).unwrap();
    let o = run(
        &["asm", "--mcpu", "gfx906", "-o", path(&out), path(&f)],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, b"");
    assert_eq!(std::fs::read(&out).unwrap(), SRC_BYTES);
    // Without -o the bytes go to standard output.
    let o = run(&["asm", "--mcpu", "gfx906"], SRC.as_bytes());
    assert!(o.status.success());
    assert_eq!(o.stdout, SRC_BYTES);
}

/// llvm-mc's warning (the line assembles) and a line that does not.
const WARN_SRC: &str = "v_fract_f64 v[0:1], 1.1\n";
const WARN_TEXT: &str = "\
<stdin>:1:1: warning: Can't encode literal as exact 64-bit floating-point operand. Low 32-bits will be set to zero
v_fract_f64 v[0:1], 1.1
^
";

#[test]
fn warnings_are_printed_and_are_not_errors() {
    let d = scratch("asm-warn");
    let (f, out) = (d.join("in.s"), d.join("out.bin"));
    std::fs::write(&f, WARN_SRC).unwrap();
    let bytes = [0xff, 0x64, 0x00, 0x7e, 0x99, 0x99, 0xf1, 0x3f];
    for ft in ["bin", "obj"] {
        let _ = std::fs::remove_file(&out);
        let o = run(
            &[
                "asm",
                "--mcpu",
                "gfx906",
                "--filetype",
                ft,
                "-o",
                path(&out),
                path(&f),
            ],
            b"",
        );
        assert!(o.status.success(), "{}", stderr(&o));
        let want = WARN_TEXT.replace("<stdin>", path(&f));
        assert_eq!(stderr(&o), want);
        let written = std::fs::read(&out).unwrap();
        assert!(written.windows(8).any(|w| w == bytes), "{ft}");
    }
    let o = run(
        &["asm", "--mcpu", "gfx906", "--show-encoding"],
        WARN_SRC.as_bytes(),
    );
    assert!(o.status.success());
    assert_eq!(stderr(&o), WARN_TEXT);
    assert!(stdout(&o).contains("[0xff,0x64,0x00,0x7e,0x99,0x99,0xf1,0x3f]"));
    // With an error on a later line: both, in line order, and exit status 1.
    let src = format!("{WARN_SRC}s_nop 0x12345678\n");
    let o = run(&["asm", "--mcpu", "gfx906"], src.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    let e = stderr(&o);
    let (w, err) = (e.find(": warning: ").unwrap(), e.find(": error: ").unwrap());
    assert!(w < err, "{e}");
    // The linter does not take a warning for an error.
    let o = run(&["lint", "--mcpu", "gfx906", path(&f)], b"");
    assert!(o.status.success(), "{}{}", stdout(&o), stderr(&o));
}

const DIS: &str = "\
\tv_add_f32_e32 v1, v2, v3
\ts_nop 0
\ts_mov_b32 s0, 0x12345678
";

const DIS_ENC: &str = "\
\tv_add_f32_e32 v1, v2, v3                ; encoding: [0x02,0x07,0x02,0x02]
\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]
\ts_mov_b32 s0, 0x12345678                ; encoding: [0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12]
";

const DIS_BYTES: &[u8] = &[
    0x02, 0x07, 0x02, 0x02, 0x00, 0x00, 0x80, 0xbf, 0xff, 0x00, 0x80, 0xbe, 0x78, 0x56, 0x34, 0x12,
];

#[test]
fn disasm_hex_text_in_any_layout() {
    let layouts = [
        "0x02,0x07,0x02,0x02,0x00,0x00,0x80,0xbf,0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12\n",
        "0x02 0x07 0x02 0x02\n0x00 0x00 0x80 0xbf\n0xff 0x00 0x80 0xbe 0x78 0x56 0x34 0x12",
        "# v_add_f32\n0x02, 0x07, 0x02, 0x02 # v_add\n\t0x00,0x00, 0x80 ,0xbf # s_nop\n\n\
         0xFF 0 128 0276 0x78 0x56 0x34 0b10010 # decimal, octal, binary too\n",
    ];
    for text in layouts {
        let o = run(&["disasm", "--mcpu", "gfx906", "--hex"], text.as_bytes());
        assert!(o.status.success(), "{}", stderr(&o));
        assert_eq!(stdout(&o), DIS, "input: {text:?}");
        let o = run(
            &["disasm", "--mcpu", "gfx906", "--hex", "--show-encoding"],
            text.as_bytes(),
        );
        assert_eq!(stdout(&o), DIS_ENC, "input: {text:?}");
    }
}

#[test]
fn disasm_hex_text_refuses_what_llvm_mc_refuses() {
    // llvm-mc-22 --disassemble: `;` is no comment, no sign, a byte at most 255.
    for (text, at) in [
        ("0x02 0x07 0x02 0x02 ; v_add\n", "<stdin>:1:21:"),
        ("0x02 0x07\n  +2\n", "<stdin>:2:3:"),
        ("0x02 256\n", "<stdin>:1:6:"),
        ("08\n", "<stdin>:1:1:"),
    ] {
        let o = run(&["disasm", "--mcpu", "gfx906", "--hex"], text.as_bytes());
        assert_eq!(o.status.code(), Some(1), "{text:?}");
        assert!(
            stderr(&o).starts_with(&format!("{at} error: invalid input token")),
            "{text:?}: {}",
            stderr(&o)
        );
        assert_eq!(stdout(&o), "");
    }
}

#[test]
fn disasm_raw_binary_from_stdin_and_file() {
    let o = run(&["disasm", "--mcpu", "gfx906"], DIS_BYTES);
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), DIS);
    let d = scratch("disasm-file");
    let f = d.join("code.bin");
    std::fs::write(&f, DIS_BYTES).unwrap();
    let o = run(
        &["disasm", "--mcpu", "gfx906", "--show-encoding", path(&f)],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), DIS_ENC);
}

/// Bytes no decoder takes, a truncated VOP3 and a tail shorter than a word.
fn garbage() -> Vec<u8> {
    let mut b = DIS_BYTES.to_vec();
    b.extend_from_slice(&0xffff_ffffu32.to_le_bytes());
    b.extend_from_slice(&0xdead_beefu32.to_le_bytes());
    b.extend_from_slice(&[0x02, 0x07, 0x02, 0x02]);
    b.extend_from_slice(&0xd280_0000u32.to_le_bytes()); // VOP3 missing its second word
    b.extend_from_slice(&[1, 2, 3]);
    b
}

#[test]
fn undecodable_words_print_as_data_with_a_comment() {
    let o = run(&["disasm", "--mcpu", "gfx906"], &garbage());
    assert!(o.status.success(), "{}", stderr(&o));
    let want = format!(
        "{DIS}\
\t.long 0xffffffff                        ; invalid instruction encoding: unsupported encoding
\t.long 0xdeadbeef, 0x02020702            ; invalid instruction encoding: reserved FLAT bit 25 set
\t.long 0xd2800000                        ; invalid instruction encoding: truncated instruction (8 bytes needed)
\t.byte 0x01, 0x02, 0x03                  ; invalid instruction encoding: truncated instruction (4 bytes needed)
"
    );
    assert_eq!(stdout(&o), want);
}

/// A deterministic pseudo-random buffer (xorshift), with an odd-sized tail.
fn noise(n: usize) -> Vec<u8> {
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    (0..n)
        .map(|_| {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            (x >> 24) as u8
        })
        .collect()
}

#[test]
fn disasm_then_asm_gives_back_the_bytes() {
    let d = scratch("round-trip");
    let mut inputs = vec![garbage(), noise(16 * 1024 + 3)];
    // Words with each encoding's prefix, so that most decode.
    let prefixes = [
        0xbe80_0000u32,
        0x7e00_0000,
        0xd100_0000,
        0xc000_0000,
        0x0200_0000,
    ];
    let words: Vec<u8> = noise(8 * 1024)
        .chunks(8)
        .enumerate()
        .flat_map(|(k, c)| {
            let w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) & 0x01ff_ffff | prefixes[k % 5];
            let mut v = w.to_le_bytes().to_vec();
            v.extend_from_slice(&c[4..]);
            v
        })
        .collect();
    inputs.push(words);
    for (k, bytes) in inputs.iter().enumerate() {
        for enc in [false, true] {
            let mut args = vec!["disasm", "--mcpu", "gfx906"];
            if enc {
                args.push("--show-encoding");
            }
            let o = run(&args, bytes);
            assert!(o.status.success(), "{}", stderr(&o));
            let text = d.join(format!("{k}-{enc}.s"));
            let back = d.join(format!("{k}-{enc}.bin"));
            std::fs::write(&text, &o.stdout).unwrap();
            let o = run(
                &["asm", "--mcpu", "gfx906", "-o", path(&back), path(&text)],
                b"",
            );
            assert!(o.status.success(), "input {k}: {}", stderr(&o));
            assert!(
                std::fs::read(&back).unwrap() == *bytes,
                "input {k} (show-encoding {enc}): bytes differ after disasm + asm"
            );
        }
    }
}

#[test]
fn unknown_and_unimplemented_targets() {
    let o = run(&["asm", "--mcpu", "gfx999"], b"s_nop 0\n");
    assert!(!o.status.success());
    let e = stderr(&o);
    assert!(e.contains("unknown target 'gfx999'"), "{e}");
    assert!(e.contains("valid targets are:") && e.contains("gfx906") && e.contains("gfx900"));
    assert_eq!(o.stdout, b"");

    // R600-family targets go to the r600 backend.
    let o = run(
        &["disasm", "--mcpu", "r600", "--hex"],
        b"0x00,0x00,0x00,0x00,0x00,0x00,0x20,0x80",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(String::from_utf8_lossy(&o.stdout), "\tCF_END\n");
    let o = run(&["asm", "--mcpu", "rv770"], b"\tCF_END\n");
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(o.stdout, [0, 0, 0, 0, 0, 0, 0x20, 0x80]);
    let o = run(
        &["asm", "--mcpu", "r600", "--show-encoding"],
        b"L0:\n\tCF_END ; end\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        String::from_utf8_lossy(&o.stdout),
        format!(
            "L0:\n{:<40} ; encoding: [0x00,0x00,0x00,0x00,0x00,0x00,0x20,0x80]\n",
            "\tCF_END"
        )
    );
    let o = run(&["asm", "--mcpu", "rv770"], b"\tCF_ENDX\n");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("<stdin>:1:2: error: unknown instruction 'CF_ENDX'"),
        "{}",
        stderr(&o)
    );
}

#[test]
fn missing_input_file() {
    for cmd in ["asm", "disasm"] {
        let o = run(&[cmd, "--mcpu", "gfx906", "/nonexistent/input.s"], b"");
        assert_eq!(o.status.code(), Some(1));
        assert_eq!(
            stderr(&o),
            "amdgpu-mc: error: /nonexistent/input.s: No such file or directory\n"
        );
    }
}

/// Byte text streams as raw bytes do: a bad token far into a large input is located
/// (its line counted across the pieces read), and the lines written before it stay,
/// whole, with exit status 1.
#[test]
fn bad_hex_token_late_in_a_large_input() {
    let mut text = "0x00,0x00,0x80,0xbf\n".repeat(300_000);
    text.push_str("0x00 0x00 0x80 zz\n");
    let o = run(&["disasm", "--mcpu", "gfx906", "--hex"], text.as_bytes());
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "<stdin>:300001:16: error: invalid input token\n0x00 0x00 0x80 zz\n               ^\n"
    );
    let out = stdout(&o);
    assert!(!out.is_empty() && out.len() < 300_000 * 9);
    assert!(out.split_inclusive('\n').all(|l| l == "\ts_nop 0\n"));
}

#[test]
fn bad_hex_token_is_located() {
    let o = run(
        &["disasm", "--mcpu", "gfx906", "--hex"],
        b"0x02,0x07,0x02,0x02\n0x00 0x100 0x80\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "<stdin>:2:6: error: invalid input token\n0x00 0x100 0x80\n     ^\n"
    );
    let d = scratch("bad-hex");
    let f = d.join("bytes.txt");
    std::fs::write(&f, "# bytes\n0x02, zz\n").unwrap();
    let o = run(&["disasm", "--mcpu", "gfx906", "--hex", path(&f)], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with(&format!("{}:2:7: error: invalid input token\n", path(&f))),
        "{}",
        stderr(&o)
    );
}

#[test]
fn assembler_errors_are_located_and_the_rest_assembles() {
    let src = "v_mov_b32 v0, v1\nv_bogus v0\ns_mov_b32 s0, v1\ns_nop 1\n";
    let o = run(
        &["asm", "--mcpu", "gfx906", "--show-encoding"],
        src.as_bytes(),
    );
    assert_eq!(o.status.code(), Some(1));
    assert_eq!(
        stderr(&o),
        "<stdin>:2:1: error: invalid instruction\nv_bogus v0\n^\n\
         <stdin>:3:15: error: invalid operand for instruction\ns_mov_b32 s0, v1\n              ^\n"
    );
    assert_eq!(
        stdout(&o),
        "\tv_mov_b32_e32 v0, v1                    ; encoding: [0x01,0x03,0x00,0x7e]\n\
         \ts_nop 1                                 ; encoding: [0x01,0x00,0x80,0xbf]\n"
    );
    // A file is named by its path, and -o is not written (the code of the other
    // lines would sit at shifted offsets): an old file stays as it was (issue 17).
    let d = scratch("asm-errors");
    let (f, out) = (d.join("bad.s"), d.join("out.bin"));
    std::fs::write(&f, src).unwrap();
    std::fs::write(&out, b"old").unwrap();
    let o = run(
        &["asm", "--mcpu", "gfx906", "-o", path(&out), path(&f)],
        b"",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(stderr(&o).starts_with(&format!("{}:2:1: error: invalid instruction\n", path(&f))));
    assert_eq!(std::fs::read(&out).unwrap(), b"old");
    assert_eq!(
        std::fs::read_dir(&d).unwrap().count(),
        2,
        "no temporary file left"
    );
}

/// Reading stops at `--error-limit` errors (10,000 unless told) with one more error
/// that says so; 0 reports them all, as llvm-mc (and `mc`) do.
#[test]
fn assembler_errors_stop_at_the_error_limit() {
    let src = ".rept 7\nv_bogus v0\n.endr\ns_nop 1\nv_bogus v1\n";
    let errors = |limit: &str| {
        let o = run(
            &["asm", "--mcpu", "gfx906", "--error-limit", limit],
            src.as_bytes(),
        );
        assert_eq!(o.status.code(), Some(1));
        let e = stderr(&o);
        e.lines()
            .filter(|l| l.contains(": error: "))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    // (The repeated lines are llvm-mc's `<instantiation>`, each error followed by a
    // note at the `.rept`.)
    let all = errors("0");
    assert_eq!(all.len(), 8, "{all:?}");
    assert_eq!(all[6], "<instantiation>:7:1: error: invalid instruction");
    assert_eq!(all[7], "<stdin>:5:1: error: invalid instruction");
    let some = errors("3");
    assert_eq!(some.len(), 4, "{some:?}");
    assert_eq!(some[..3], all[..3]);
    assert_eq!(
        some[3],
        "<instantiation>:3:1: error: too many errors (3), reading stops here"
    );
    assert_eq!(errors("10000"), all);
    let o = run(&["mc", "-triple=amdgcn", "-mcpu=gfx906"], src.as_bytes());
    assert_eq!(stderr(&o).matches("error: invalid instruction").count(), 8);
}

#[test]
fn empty_input() {
    let d = scratch("empty");
    let out = d.join("out.bin");
    for args in [
        vec!["asm", "--mcpu", "gfx906"],
        vec!["asm", "--mcpu", "gfx906", "--show-encoding"],
        vec!["disasm", "--mcpu", "gfx906"],
        vec!["disasm", "--mcpu", "gfx906", "--hex", "--show-encoding"],
    ] {
        let o = run(&args, b"");
        assert!(o.status.success(), "{args:?}: {}", stderr(&o));
        assert_eq!((o.stdout.as_slice(), stderr(&o).as_str()), (&b""[..], ""));
    }
    let o = run(
        &["asm", "--mcpu", "gfx906", "-o", path(&out)],
        b"// nothing\n\n",
    );
    assert!(o.status.success());
    assert_eq!(std::fs::read(&out).unwrap(), b"");
}

/// `llvm-mc-22 -arch=amdgcn -mcpu=gfx906 --disassemble -show-encoding` on `ALIGN_HEX`:
/// text padded to column 40 (a single space after longer text), then the encoding.
const ALIGN_HEX: &str = "\
0x02,0x07,0x02,0x02
0x00,0x00,0x80,0xbf
0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12
0x00,0x00,0x80,0xd2,0xf8,0x04,0x02,0x00
0x00,0x40,0x8e,0xd3,0x01,0x05,0x0e,0x1c
0x01,0x40,0x03,0xc0,0x04,0x00,0x00,0x08
0x00,0x00,0x8c,0xbf
0x01,0x01,0xa0,0xd3,0x01,0x05,0x0e,0x64
";

const ALIGN_LLVM: &str = "\
\tv_add_f32_e32 v1, v2, v3                ; encoding: [0x02,0x07,0x02,0x02]
\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]
\ts_mov_b32 s0, 0x12345678                ; encoding: [0xff,0x00,0x80,0xbe,0x78,0x56,0x34,0x12]
\tv_add_f64 v[0:1], 0.15915494309189532, v[2:3] ; encoding: [0x00,0x00,0x80,0xd2,0xf8,0x04,0x02,0x00]
\tv_pk_fma_f16 v0, v1, v2, v3             ; encoding: [0x00,0x40,0x8e,0xd3,0x01,0x05,0x0e,0x1c]
\ts_load_dword s0, s[2:3], s4 offset:0x4 glc ; encoding: [0x01,0x40,0x03,0xc0,0x04,0x00,0x00,0x08]
\ts_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0) ; encoding: [0x00,0x00,0x8c,0xbf]
\tv_fma_mix_f32 v1, -|v1|, -v2, v3        ; encoding: [0x01,0x01,0xa0,0xd3,0x01,0x05,0x0e,0x64]
";

#[test]
fn disasm_show_encoding_aligns_like_llvm_mc() {
    let o = run(
        &["disasm", "--mcpu", "gfx906", "--hex", "--show-encoding"],
        ALIGN_HEX.as_bytes(),
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(stdout(&o), ALIGN_LLVM);
    // And against llvm-mc itself when it is installed.
    let llvm = Command::new("llvm-mc-22")
        .args([
            "-arch=amdgcn",
            "-mcpu=gfx906",
            "--disassemble",
            "-show-encoding",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn();
    if let Ok(mut child) = llvm {
        let _ = child.stdin.take().unwrap().write_all(ALIGN_HEX.as_bytes());
        let out = child.wait_with_output().unwrap();
        assert_eq!(String::from_utf8(out.stdout).unwrap(), ALIGN_LLVM);
    }
}

#[test]
fn code_objects_disassemble_like_llvm_objdump() {
    // Expected output made by `llvm-objdump-22 -d FILE` (tests/data/make-elf.sh builds
    // the objects); the processor comes from the object itself.
    for f in ["tiny-gfx906.o", "tiny-gfx906.hsaco", "tiny-gfx900.o"] {
        let file = format!("tests/data/{f}");
        let o = run(&["disasm", &file], b"");
        assert!(o.status.success(), "{}", stderr(&o));
        let want = std::fs::read_to_string(format!("{file}.objdump")).unwrap();
        assert_eq!(stdout(&o), want, "{f}");
    }
    // A malformed object is a located error with a non-zero exit.
    let d = scratch("bad-elf");
    let bad = d.join("bad.o");
    std::fs::write(&bad, b"\x7fELF\x02\x01").unwrap();
    let o = run(&["disasm", path(&bad)], b"");
    assert!(!o.status.success());
    assert!(
        stderr(&o).contains("malformed code object"),
        "{}",
        stderr(&o)
    );
    // Raw bytes without --mcpu say what is missing.
    let o = run(&["disasm"], &[0, 0, 0x80, 0xbf]);
    assert!(!o.status.success());
    assert!(stderr(&o).contains("--mcpu is required"), "{}", stderr(&o));
}

const LINT_SRC: &str = "\t.text
k:
\ts_load_dwordx2 s[4:5], s[0:1], 0x0
\tglobal_load_dword v1, v[2:3], off
\tv_add_f32 v1, v1, v1    ; the load's result
loop:\tv_mov_b32 v5, s4
\ts_branch loop
";

#[test]
fn lint_reports_findings_with_fix_and_exit_1() {
    let d = scratch("lint");
    let src = d.join("k.s");
    std::fs::write(&src, LINT_SRC).unwrap();
    let o = run(&["lint", "--mcpu", "gfx906", path(&src)], b"");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = stdout(&o);
    let want_head = format!(
        "{}:5:2: warning: [WAITCNT_VM] the register is used before the vector memory load that writes it has returned (v1)",
        path(&src)
    );
    assert!(out.starts_with(&want_head), "{out}");
    assert!(
        out.contains(&format!(
            "{}:4:2: note: the load that writes it: global_load_dword v1, v[2:3], off",
            path(&src)
        )),
        "{out}"
    );
    assert!(
        out.contains("note: fix: insert `s_waitcnt vmcnt(0)` before this line"),
        "{out}"
    );
    assert!(out.contains("[WAITCNT_LGKM]"), "{out}");
    // JSON: the same findings.
    let j = run(
        &["lint", "--mcpu", "gfx906", "--format", "json", path(&src)],
        b"",
    );
    assert_eq!(j.status.code(), Some(1));
    let js = stdout(&j);
    assert!(
        js.starts_with("[{\"file\":")
            && js.contains("\"rule\":\"WAITCNT_VM\",")
            && js.contains("\"line\":5,"),
        "{js}"
    );
}

#[test]
fn lint_fix_output_is_clean_and_assembles() {
    let d = scratch("lint-fix");
    let src = d.join("k.s");
    let fixed = d.join("fixed.s");
    std::fs::write(&src, LINT_SRC).unwrap();
    let o = run(
        &[
            "lint",
            "--mcpu",
            "gfx906",
            "--fix",
            path(&src),
            "-o",
            path(&fixed),
        ],
        b"",
    );
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let text = std::fs::read_to_string(&fixed).unwrap();
    // Only lines were inserted; the label stays before the wait it now guards.
    assert_eq!(
        text,
        "\t.text
k:
\ts_load_dwordx2 s[4:5], s[0:1], 0x0
\tglobal_load_dword v1, v[2:3], off
\ts_waitcnt vmcnt(0)
\tv_add_f32 v1, v1, v1    ; the load's result
loop:
\ts_waitcnt lgkmcnt(0)
\tv_mov_b32 v5, s4
\ts_branch loop
"
    );
    let o = run(&["lint", "--mcpu", "gfx906", path(&fixed)], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = run(&["asm", "--mcpu", "gfx906", path(&fixed)], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
}

#[test]
fn lint_allow_comment_errors_and_code_objects() {
    let d = scratch("lint-allow");
    let src = d.join("k.s");
    std::fs::write(
        &src,
        "global_load_dword v1, v[2:3], off
         v_add_f32 v1, v1, v1 // lint:allow(WAITCNT_VM)
         .amdhsa_kernel k
         .amdhsa_next_free_vgpr 8
         .end_amdhsa_kernel
         .amdgpu_metadata
         amdhsa.version: [1, 2]
         .end_amdgpu_metadata
",
    )
    .unwrap();
    let o = run(&["lint", "--mcpu", "gfx906", path(&src)], b"");
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
    // An instruction that does not assemble is an error: exit status 2.
    std::fs::write(&src, "v_add_f32 v1, v1\n").unwrap();
    let o = run(&["lint", "--mcpu", "gfx906", path(&src)], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("error:"), "{}", stderr(&o));
    // Assembly needs a target; a bad --format is refused: usage errors, exit 2.
    let o = run(&["lint", path(&src)], b"");
    assert_eq!(o.status.code(), Some(2));
    let o = run(
        &["lint", "--mcpu", "gfx906", "--format", "xml", path(&src)],
        b"",
    );
    assert_eq!(o.status.code(), Some(2));
    // A code object lints as disassembled: the test objects are clean.
    let obj = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/tiny-gfx906.hsaco");
    let o = run(&["lint", obj], b"");
    assert_eq!(o.status.code(), Some(0), "{}{}", stdout(&o), stderr(&o));
}

#[test]
fn lint_xnack_mode_from_target_id_and_directive() {
    let d = scratch("lint-xnack");
    let src = d.join("c.s");
    let clause = "global_load_dword v1, v[2:3], off\nglobal_load_dword v2, v[4:5], off\n";
    std::fs::write(&src, clause).unwrap();
    // LLVM's default from gfx9 on is xnack "any": the run of loads must be broken.
    let o = run(&["lint", "--mcpu", "gfx90a", path(&src)], b"");
    assert_eq!(o.status.code(), Some(1));
    assert!(stdout(&o).contains("[VMEM_CLAUSE]"));
    let o = run(&["lint", "--mcpu", "gfx90a:xnack-", path(&src)], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    std::fs::write(
        &src,
        format!(".amdgcn_target \"amdgcn-amd-amdhsa--gfx90a:xnack-\"\n{clause}"),
    )
    .unwrap();
    let o = run(&["lint", "--mcpu", "gfx90a", path(&src)], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stdout(&o));
    let o = run(&["lint", "--mcpu", "gfx90a:bogus", path(&src)], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(stderr(&o).contains("unknown target feature 'bogus'"));
}

/// The lint command's edges: exit 2 for usage and input errors (1 is findings), the
/// target from `.amdgcn_target` when --mcpu is absent and a mismatch refused, `-` as
/// standard input.
#[test]
fn lint_exit_codes_target_directive_and_stdin() {
    let d = scratch("lint-edges");
    let src = d.join("k.s");
    let body = "global_load_dword v1, v[2:3], off\nv_add_f32 v0, v1, v1\n";
    std::fs::write(&src, body).unwrap();
    let missing = d.join("missing.s");
    // Usage and input errors: exit 2, never the findings' 1.
    for (args, msg) in [
        (
            vec!["lint", path(&src)],
            "needs --mcpu or an .amdgcn_target line",
        ),
        (
            vec!["lint", "--mcpu", "gfx9999", path(&src)],
            "unknown target 'gfx9999'",
        ),
        (
            vec!["lint", "--mcpu", "gfx906", path(&missing)],
            "No such file",
        ),
        (vec!["lint", "--mcpu", "gfx906"], "required"),
    ] {
        let o = run(&args, b"");
        assert_eq!(o.status.code(), Some(2), "{args:?}: {}", stderr(&o));
        assert!(stderr(&o).contains(msg), "{args:?}: {}", stderr(&o));
    }
    // Findings: 1.
    let o = run(&["lint", "--mcpu", "gfx906", path(&src)], b"");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    // The target from the file's .amdgcn_target line.
    let with_target = format!(".amdgcn_target \"amdgcn-amd-amdhsa--gfx90a:xnack-\"\n{body}");
    std::fs::write(&src, &with_target).unwrap();
    let o = run(&["lint", path(&src)], b"");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("k.s:3:1: warning: [WAITCNT_VM]"),
        "{}",
        stdout(&o)
    );
    // --mcpu and the line agree (a feature on one side only is taken).
    for mcpu in ["gfx90a", "gfx90a:xnack-"] {
        let o = run(&["lint", "--mcpu", mcpu, path(&src)], b"");
        assert_eq!(o.status.code(), Some(1), "{mcpu}: {}", stderr(&o));
    }
    // A mismatch is an error at the line.
    for mcpu in ["gfx906", "gfx90a:xnack+"] {
        let o = run(&["lint", "--mcpu", mcpu, path(&src)], b"");
        assert_eq!(o.status.code(), Some(2), "{mcpu}: {}", stderr(&o));
        assert!(
            stderr(&o).contains(
                "k.s:1:1: error: .amdgcn_target directive's target id gfx90a:xnack- does not match"
            ),
            "{mcpu}: {}",
            stderr(&o)
        );
    }
    // `-` is standard input, named <stdin>.
    let o = run(&["lint", "-"], with_target.as_bytes());
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("<stdin>:3:1: warning: [WAITCNT_VM]"),
        "{}",
        stdout(&o)
    );
    let o = run(&["lint", "--mcpu", "gfx906", "--fix", "-"], body.as_bytes());
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("s_waitcnt vmcnt(0)"), "{}", stdout(&o));
}

/// An R600 code object (tests/data/r600-kc.o, from tools/r600/golden.py) disassembles
/// with the R600 backend, and the program text assembles back to its .text bytes.
#[test]
fn r600_code_object() {
    let obj = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/r600-kc.o");
    let o = run(&["disasm", obj], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    let text = String::from_utf8_lossy(&o.stdout).to_string();
    assert!(
        text.contains(
            "; .text main at 0x0\n\tCALL_FS\n\tALU 7, @L4, KC0[CB0:0-32], KC1[CB1:32-64]\n"
        ),
        "{text}"
    );
    let program: String = text
        .lines()
        .filter(|l| !l.starts_with(';') && !l.is_empty())
        .map(|l| format!("{l}\n"))
        .collect();
    let o = run(&["asm", "--mcpu", "r600"], program.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let text_section = 96; // llvm-objcopy -O binary --only-section=.text
    assert_eq!(o.stdout.len(), text_section, "{program}");
}

/// `asm --filetype obj` as llvm-mc users spell it: single-dash options, a target
/// id, `-o -`, and `.include` relative to the input.
#[test]
fn asm_object_with_llvm_spellings() {
    let d = scratch("objout");
    std::fs::write(d.join("inc.s"), "s_nop 1\n").unwrap();
    let main = d.join("main.s");
    std::fs::write(&main, ".include \"inc.s\"\ns_endpgm\n").unwrap();
    let o = run(
        &[
            "asm",
            "-triple=amdgcn-amd-amdhsa",
            "-mcpu=gfx90a:xnack-",
            "-filetype=obj",
            "-o",
            "-",
            path(&main),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let elf = o.stdout;
    assert_eq!(&elf[..4], b"\x7fELF");
    // e_flags: gfx90a (0x3f), xnack off (2 << 8), sramecc any (1 << 10).
    assert_eq!(&elf[48..52], &(0x3fu32 | 0x200 | 0x400).to_le_bytes());
    assert!(elf
        .windows(8)
        .any(|w| w == [1, 0, 0x80, 0xbf, 0, 0, 0x81, 0xbf]));
    // An error is located and the exit status is 1.
    let o = run(
        &["asm", "--mcpu", "gfx906", "--filetype", "obj"],
        b".bogus\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).starts_with("<stdin>:1:1: error: unknown directive"),
        "{}",
        stderr(&o)
    );
}

/// `asm --triple` picks the OS the object is for: `amdgcn--amdpal` writes a PAL
/// object (OS/ABI 65, ABI version 0, llvm-mc's one-bit xnack and sramecc flags),
/// `amdgcn-mesa-mesa3d` a Mesa one, with their directives; a triple of another OS
/// or architecture is an error, with no output.
#[test]
fn asm_object_for_pal_and_mesa() {
    let src: &[u8] = b".amd_amdgpu_isa \"amdgcn-unknown-amdpal--gfx906\"\ns_endpgm\n";
    let o = run(
        &[
            "asm",
            "--triple",
            "amdgcn--amdpal",
            "--mcpu",
            "gfx906",
            "--filetype",
            "obj",
        ],
        src,
    );
    assert!(o.status.success(), "{}", stderr(&o));
    let elf = &o.stdout;
    assert_eq!(&elf[..4], b"\x7fELF");
    assert_eq!((elf[7], elf[8]), (65, 0), "EI_OSABI, EI_ABIVERSION");
    // e_flags: gfx906 (0x2f), xnack (0x100) and sramecc (0x200) on or any.
    assert_eq!(&elf[48..52], &0x32fu32.to_le_bytes());
    // llvm-mc's object, when it is installed.
    let llvm = Command::new("llvm-mc-22")
        .args([
            "-triple=amdgcn--amdpal",
            "-mcpu=gfx906",
            "-filetype=obj",
            "-o",
            "-",
        ])
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .map(|mut c| {
            c.stdin.take().unwrap().write_all(src).unwrap();
            c.wait_with_output().unwrap().stdout
        });
    if let Ok(want) = llvm {
        assert!(*elf == want, "the object differs from llvm-mc-22's");
    }
    // Features off: their bits are clear.
    let o = run(
        &[
            "asm",
            "-triple=amdgcn-mesa-mesa3d",
            "-mcpu=gfx906:xnack-",
            "-filetype=obj",
            "-o",
            "-",
        ],
        b"s_endpgm\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!((o.stdout[7], o.stdout[8]), (66, 0));
    assert_eq!(&o.stdout[48..52], &0x22fu32.to_le_bytes());
    // The default is HSA, whose directives the other OSes do not know.
    let o = run(
        &[
            "asm",
            "--triple",
            "amdgcn-amd-amdpal",
            "--mcpu",
            "gfx906",
            "--filetype",
            "obj",
        ],
        b".amdhsa_code_object_version 5\n",
    );
    assert_eq!(o.status.code(), Some(1));
    assert!(
        stderr(&o).contains("1:1: error: unknown directive"),
        "{}",
        stderr(&o)
    );
    for triple in [
        "r600--",
        "amdgcn-amd-unknown",
        "amdgcn",
        "x86_64-unknown-linux-gnu",
        "amdgcn-amd-amdpal6",
    ] {
        for filetype in ["obj", "bin", "asm"] {
            let o = run(
                &[
                    "asm",
                    "--triple",
                    triple,
                    "--mcpu",
                    "gfx906",
                    "--filetype",
                    filetype,
                ],
                b"s_endpgm\n",
            );
            assert_eq!(o.status.code(), Some(1), "{triple}");
            assert!(o.stdout.is_empty(), "{triple}: output");
            assert!(
                stderr(&o).starts_with(&format!("amdgpu-mc: error: unsupported triple '{triple}'")),
                "{triple}: {}",
                stderr(&o)
            );
        }
    }
}

/// `lint --mcpu r600` reports the R600 hazard rules, located.
#[test]
fn r600_lint() {
    let dir = concat!(env!("CARGO_MANIFEST_DIR"), "/target/tmp");
    std::fs::create_dir_all(dir).unwrap();
    let path = format!("{dir}/r600-lint.s");
    std::fs::write(
        &path,
        "\tALU 1, @L2, KC0[], KC1[]\n\tCF_END\nL2:\n\t.alu\n\tMOV * T3.X, T1.X\n\tMOV * T2.X, PV.Y\n",
    )
    .unwrap();
    let o = run(&["lint", "--mcpu", "r600", &path], b"");
    assert_eq!(o.status.code(), Some(1), "{}", stderr(&o));
    let out = String::from_utf8_lossy(&o.stdout);
    assert!(
        out.contains("r600-lint.s:6:2: warning: [R600_PV_EMPTY] PV.Y read, but the previous group left that unit empty"),
        "{out}"
    );
}

/// A bundle with an entry for a target we do not support (gfx1030): the supported
/// entries print, and a note says which was skipped.
#[test]
fn disasm_bundle_skips_unsupported_entries() {
    let data = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    let gfx906 = std::fs::read(data.join("tiny-gfx906.hsaco")).unwrap();
    let mut gfx1030 = gfx906.clone();
    // e_flags: EF_AMDGPU_MACH gfx1030 (0x36), no features.
    gfx1030[48..52].copy_from_slice(&0x36u32.to_le_bytes());
    let ids = [
        "hipv4-amdgcn-amd-amdhsa--gfx1030",
        "hipv4-amdgcn-amd-amdhsa--gfx906",
    ];
    let bundle = common::bundle(&[(ids[0].to_string(), gfx1030), (ids[1].to_string(), gfx906)]);
    let d = scratch("bundle-skip");
    let f = d.join("mixed.ccob");
    std::fs::write(&f, &bundle).unwrap();
    let o = run(&["disasm", path(&f)], b"");
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(
        stdout(&o).contains("gfx906:\tfile format elf64-amdgpu"),
        "{}",
        stdout(&o)
    );
    assert!(stdout(&o).contains("s_endpgm"), "{}", stdout(&o));
    assert!(!stdout(&o).contains("gfx1030:"), "{}", stdout(&o));
    assert!(
        stderr(&o).contains("hipv4-amdgcn-amd-amdhsa--gfx1030: skipped: unknown target 'gfx1030'"),
        "{}",
        stderr(&o)
    );
    // lint skips it too, with the same note, and lints the rest.
    let o = run(&["lint", path(&f)], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(
        stderr(&o).contains("hipv4-amdgcn-amd-amdhsa--gfx1030: skipped: unknown target 'gfx1030'"),
        "{}",
        stderr(&o)
    );
}

/// `asm --disassemble`, llvm-mc's spelling of byte-text disassembly.
#[test]
fn asm_disassemble_spelling() {
    let o = run(
        &["asm", "-mcpu=gfx906", "--disassemble", "-show-encoding"],
        b"0x02,0x07,0x02,0x02\n",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert_eq!(
        stdout(&o),
        "\tv_add_f32_e32 v1, v2, v3                ; encoding: [0x02,0x07,0x02,0x02]\n"
    );
}

/// An 8-byte instruction that does not decode is one line of two words of data, so
/// that its second dword is never shown as an instruction of its own: a gfx90a
/// ds_add_f64 with the gds bit, a gfx9 VOPC SDWA with SDST bits but no SD.
#[test]
fn undecodable_eight_byte_words_are_one_data_line() {
    let hex = "0xfe,0x00,0xb9,0xd8,0x01,0x02,0x00,0x00 0xf9,0x04,0x94,0x7d,0x01,0x01,0x06,0x06";
    let o = run(&["disasm", "--mcpu", "gfx90a", "--hex"], hex.as_bytes());
    assert!(o.status.success(), "{}", stderr(&o));
    let want = "\
\t.long 0xd8b900fe, 0x00000201            ; invalid instruction encoding: gds modifier is not supported on this GPU
\t.long 0x7d9404f9, 0x06060101            ; invalid instruction encoding: reserved SDWA bits set
";
    assert_eq!(stdout(&o), want);
}

/// `--show-encoding -o F` and `--filetype asm -o F` write the listing to F (as
/// llvm-mc -show-encoding -o F does), standard output empty; an explicit
/// `--filetype bin --show-encoding -o F` lists on standard output and writes the bytes
/// to F; R600 listings go to -o too.
#[test]
fn listing_goes_to_the_output_file() {
    let d = scratch("listing-o");
    let src = d.join("a.s");
    std::fs::write(&src, "s_nop 0\nv_add_f32 v1, v2, v3\n").unwrap();
    let out = d.join("a.out");
    let listing = "\ts_nop 0                                 ; encoding: [0x00,0x00,0x80,0xbf]\n";
    for flags in [&["--show-encoding"][..], &["--filetype", "asm"]] {
        let mut args = vec!["asm", "--mcpu", "gfx906", "-o", path(&out)];
        args.extend_from_slice(flags);
        args.push(path(&src));
        let o = run(&args, b"");
        assert!(o.status.success(), "{flags:?}: {}", stderr(&o));
        assert!(o.stdout.is_empty(), "{flags:?}: {}", stdout(&o));
        let text = std::fs::read_to_string(&out).unwrap();
        assert!(text.starts_with(listing), "{flags:?}: {text}");
    }
    let args = [
        "asm",
        "--mcpu",
        "gfx906",
        "--filetype",
        "bin",
        "--show-encoding",
        "-o",
        path(&out),
        path(&src),
    ];
    let o = run(&args, b"");
    assert!(stdout(&o).starts_with(listing), "{}", stdout(&o));
    assert_eq!(std::fs::read(&out).unwrap(), [0, 0, 0x80, 0xbf, 2, 7, 2, 2]);
    // R600.
    std::fs::write(&src, "\tCF_END\n").unwrap();
    let o = run(
        &[
            "asm",
            "--mcpu",
            "r600",
            "--show-encoding",
            "-o",
            path(&out),
            path(&src),
        ],
        b"",
    );
    assert!(o.status.success(), "{}", stderr(&o));
    assert!(o.stdout.is_empty(), "{}", stdout(&o));
    let text = std::fs::read_to_string(&out).unwrap();
    assert!(
        text.contains("CF_END") && text.contains("encoding"),
        "{text}"
    );
}

/// `lint --list-rules` prints every rule, one line each; `lint --explain RULE-ID` its
/// explanation, wait states per target and source (exit 0); an unknown id is a usage
/// error that lists the ids (exit 2).
#[test]
fn lint_list_rules_and_explain() {
    use amdgpu_mc::lint::Rule;
    let o = run(&["lint", "--list-rules"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    assert_eq!(out.lines().count(), Rule::ALL.len());
    for r in Rule::ALL {
        assert!(
            out.lines()
                .any(|l| l.starts_with(r.id()) && l.ends_with(r.explain())),
            "{}: {out}",
            r.id()
        );
    }
    let o = run(&["lint", "--explain", "SETREG_SETREG"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    let out = stdout(&o);
    for want in [
        "SETREG_SETREG: s_setreg writes a hardware register",
        "  gfx600-gfx705: 1\n  gfx801-gfx950: 2\n",
        "source: Vega ISA Table 8 row 2; LLVM checkSetRegHazards",
    ] {
        assert!(out.contains(want), "{want:?} not in {out}");
    }
    // Any case; the s_waitcnt rules have no wait states.
    let o = run(&["lint", "--explain", "waitcnt_vm"], b"");
    assert_eq!(o.status.code(), Some(0), "{}", stderr(&o));
    assert!(stdout(&o).contains("wait states: none"), "{}", stdout(&o));
    let o = run(&["lint", "--explain", "NO_SUCH_RULE"], b"");
    assert_eq!(o.status.code(), Some(2));
    assert!(
        stderr(&o).contains("unknown rule 'NO_SUCH_RULE'"),
        "{}",
        stderr(&o)
    );
    assert!(stderr(&o).contains("\n  DIV_FMAS_VCC\n"), "{}", stderr(&o));
    // With inputs, it is a usage error too.
    let o = run(&["lint", "--list-rules", "k.s"], b"");
    assert_eq!(o.status.code(), Some(2));
}

/// `lint --rules documented|llvm|all` reports the rules of that basis (`--explain` names
/// each rule's); another word is a usage error.
#[test]
fn lint_rules_by_basis() {
    // DPP_VGPR is documented, M0_BUFFER_LDS_DMA LLVM's reading.
    let src = b"v_mov_b32 v1, 0\nv_mov_b32_dpp v2, v1 row_shl:1\n\
                s_mov_b32 m0, s0\nbuffer_load_dword v1, s[0:3], 0 offen lds\n";
    for (which, want) in [
        ("all", &["DPP_VGPR", "M0_BUFFER_LDS_DMA"][..]),
        ("documented", &["DPP_VGPR"][..]),
        ("llvm", &["M0_BUFFER_LDS_DMA"][..]),
    ] {
        let o = run(&["lint", "--mcpu", "gfx942", "--rules", which, "-"], src);
        assert_eq!(o.status.code(), Some(1), "{which}: {}", stderr(&o));
        let out = stdout(&o);
        let found: Vec<&str> = ["DPP_VGPR", "M0_BUFFER_LDS_DMA"]
            .into_iter()
            .filter(|id| out.contains(&format!("[{id}]")))
            .collect();
        assert_eq!(found, want, "{which}: {out}");
    }
    let o = run(&["lint", "--mcpu", "gfx942", "--rules", "most", "-"], src);
    assert_eq!(o.status.code(), Some(2));
    let o = run(&["lint", "--explain", "M0_BUFFER_LDS_DMA"], b"");
    assert!(
        stdout(&o).contains("basis: LLVM's reading"),
        "{}",
        stdout(&o)
    );
}

/// tools/pgo-train.sh, the training run of the profile-guided build
/// (tools/pgo-build.sh), runs every command it names with this build: none fails to
/// run (status 3 or more: a usage error, a panic), and it makes what it assembles.
#[test]
fn pgo_training_run_runs() {
    let d = scratch("pgo-train");
    let repo = env!("CARGO_MANIFEST_DIR");
    let o = Command::new("bash")
        .arg(format!("{repo}/tools/pgo-train.sh"))
        .args([BIN, path(&d)])
        .output()
        .unwrap();
    assert!(o.status.success(), "{}", stderr(&o));
    for f in ["gfx906.o", "gfx950.bin", "control-gfx90a.o", "random.bin"] {
        let n = std::fs::metadata(d.join(f)).map_or(0, |m| m.len());
        assert!(n > 1000, "{f}: {n} bytes");
    }
}
