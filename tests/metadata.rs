//! `.amdgpu_metadata` YAML read as llvm-mc reads it (the note's MessagePack byte for
//! byte), and hostile metadata refused or read in bounded work.

mod common;

use std::path::PathBuf;
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("metadata-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

/// A gfx906 kernel-less source whose metadata has `extra` at the top level.
fn source(extra: &str) -> String {
    format!(
        ".amdgcn_target \"amdgcn-amd-amdhsa--gfx906\"\n.amdgpu_metadata\n---\n\
         amdhsa.version:\n  - 1\n  - 2\namdhsa.kernels: []\n{extra}\n...\n.end_amdgpu_metadata\n"
    )
}

/// Our object of `src` (or the exit status and stderr), under a CPU limit.
fn ours(
    d: &std::path::Path,
    src: &str,
    cpu_seconds: u32,
) -> Result<Vec<u8>, (Option<i32>, String)> {
    let (input, out) = (d.join("t.s"), d.join("ours.o"));
    std::fs::write(&input, src).unwrap();
    let _ = std::fs::remove_file(&out);
    let o = Command::new("sh")
        .arg("-c")
        .arg(format!("ulimit -t {cpu_seconds}; exec \"$@\""))
        .arg("sh")
        .args([BIN, "asm", "--mcpu", "gfx906", "--filetype", "obj"])
        .arg(&input)
        .arg("-o")
        .arg(&out)
        .output()
        .unwrap();
    if o.status.success() {
        Ok(std::fs::read(&out).unwrap())
    } else {
        Err((
            o.status.code(),
            String::from_utf8_lossy(&o.stderr).into_owned(),
        ))
    }
}

fn llvm(d: &std::path::Path, src: &str) -> Option<Vec<u8>> {
    let (input, out) = (d.join("t.s"), d.join("llvm.o"));
    std::fs::write(&input, src).unwrap();
    let _ = std::fs::remove_file(&out);
    let o = Command::new(common::LLVM_MC)
        .args([
            "-triple",
            "amdgcn-amd-amdhsa",
            "-mcpu=gfx906",
            "-filetype=obj",
            "-o",
        ])
        .arg(&out)
        .arg(&input)
        .output()
        .unwrap();
    o.status.success().then(|| std::fs::read(&out).unwrap())
}

#[test]
fn yaml_read_as_llvm_mc_reads_it() {
    if !common::have_llvm("yaml_read_as_llvm_mc_reads_it") {
        return;
    }
    let d = scratch("llvm");
    let cases = [
        // Flow collections, nested and in block sequences.
        "x: {a: 1, b: [1, 2]}",
        "x: [{a: 1}, {b: 2}]",
        "x: [1, [2, [3]]]",
        "x:\n  - {a: 1}",
        // Escapes, quotes and comments.
        "x: \"\\n\\x41\\u00e9\\t\\\"\"",
        "x: 'it''s' # don't",
        "x: 1 # c",
        "x: 'a\n  b'",
        // Block scalars, tags, null and empty values, numbers.
        "x: |\n  hello\n  world",
        "x: >\n  folded\n  text",
        "x: !str true",
        "x: ~",
        "x:",
        "x: 0x10",
        "x: -5",
        "x: 1.5",
    ];
    for extra in cases {
        let src = source(extra);
        let want = llvm(&d, &src).unwrap_or_else(|| panic!("llvm-mc refuses {extra:?}"));
        match ours(&d, &src, 20) {
            Ok(got) => assert!(got == want, "{extra:?}: objects differ"),
            Err((code, err)) => panic!("{extra:?}: exit {code:?}: {err}"),
        }
    }
    // Anchors and aliases: llvm-mc refuses them, and so do we.
    let src = source("x: &a 1\ny: *a");
    assert!(llvm(&d, &src).is_none());
    let (code, err) = ours(&d, &src, 20).unwrap_err();
    assert_eq!(code, Some(1), "{err}");
    assert!(err.contains("invalid HSA metadata"), "{err}");
}

#[test]
fn metadata_nested_15000_levels_is_refused() {
    let d = scratch("deep");
    let n = 15_000;
    for extra in [
        format!("x: {}{}", "[".repeat(n), "]".repeat(n)),
        format!("x: {}1{}", "{a: ".repeat(n), "}".repeat(n)),
    ] {
        let (code, err) = ours(&d, &source(&extra), 20).unwrap_err();
        assert_eq!(code, Some(1), "{err}");
        assert!(err.contains("invalid HSA metadata"), "{err}");
    }
}

#[test]
fn metadata_with_200000_keys() {
    let d = scratch("keys");
    let mut extra = String::from("x:\n");
    for k in 0..200_000 {
        extra.push_str(&format!("  k{k}: {k}\n"));
    }
    // (Inserting keys one by one into a sorted list took 10 s; a sort takes well under one.)
    let obj = ours(&d, &source(&extra), 20).unwrap_or_else(|e| panic!("{e:?}"));
    assert!(obj.len() > 200_000 * 4);
}
