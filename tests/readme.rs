//! README.md, run as a user would: every command of its `sh` blocks runs, in order, in
//! a scratch directory (with the repository's `examples` and `tests` beside it, and
//! this build's `amdgpu-mc` first on the PATH), and must exit 0, or with the status
//! its comment says (`# exit status 1: findings`). Every `text` block is output one
//! of those commands printed. The few commands not run are listed with the reason.

use std::path::{Path, PathBuf};
use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

/// Commands the test does not run, and why.
const NOT_RUN: &[(&str, &str)] = &[
    ("bash .ci/run", "the test command: it runs this test"),
    (
        "cargo test ",
        "the test suite this test is part of (built and run by .ci/run)",
    ),
    (
        "cargo install --path .",
        "a second release build of the binary this test runs",
    ),
    (
        "bash tools/pgo-build.sh",
        "two more builds of the binary (four minutes); tests/cli.rs runs its training run",
    ),
    (
        "cargo +nightly fuzz",
        "needs a nightly toolchain and runs until stopped",
    ),
];

/// A command of the README and the exit status it should have.
struct Cmd {
    line: String,
    status: i32,
}

/// The commands of the `sh` blocks and the `text` blocks, in order.
fn blocks(readme: &str) -> (Vec<Cmd>, Vec<String>) {
    let (mut cmds, mut texts) = (Vec::new(), Vec::new());
    let mut lang = None;
    let mut text = String::new();
    for l in readme.lines() {
        if let Some(fence) = l.strip_prefix("```") {
            match lang.take() {
                Some("text") => texts.push(std::mem::take(&mut text)),
                Some(_) => {}
                None => lang = Some(fence.trim()),
            }
            continue;
        }
        match lang {
            Some("sh") if !l.trim().is_empty() => {
                // (A comment is `  # ...`: two blanks before the hash.)
                let (cmd, comment) = l.split_once("  #").unwrap_or((l, ""));
                let status = comment
                    .split_once("exit status ")
                    .and_then(|(_, s)| s.split(|c: char| !c.is_ascii_digit()).next())
                    .and_then(|s| s.parse().ok())
                    .unwrap_or(0);
                cmds.push(Cmd {
                    line: cmd.trim().to_string(),
                    status,
                });
            }
            Some("text") => {
                text.push_str(l);
                text.push('\n');
            }
            _ => {}
        }
    }
    (cmds, texts)
}

#[test]
fn every_readme_command_runs() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let readme = std::fs::read_to_string(root.join("README.md")).unwrap();
    let (cmds, texts) = blocks(&readme);
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("readme");
    let _ = std::fs::remove_dir_all(&d);
    let (bin, home) = (d.join("bin"), d.join("home"));
    std::fs::create_dir_all(&bin).unwrap();
    std::fs::create_dir_all(home.join(".local/bin")).unwrap();
    std::os::unix::fs::symlink(BIN, bin.join("amdgpu-mc")).unwrap();
    for dir in ["examples", "tests"] {
        std::os::unix::fs::symlink(root.join(dir), d.join(dir)).unwrap();
    }
    let path = format!(
        "{}:{}:{}",
        bin.display(),
        home.join(".local/bin").display(),
        std::env::var("PATH").unwrap_or_default()
    );
    let mut printed = String::new();
    let mut ran = 0;
    for c in &cmds {
        if let Some((_, why)) = NOT_RUN.iter().find(|(p, _)| c.line.starts_with(p)) {
            eprintln!("not run: {} ({why})", c.line);
            continue;
        }
        let line = match c.line.strip_prefix("cargo run --release -- ") {
            Some(rest) => format!("amdgpu-mc {rest}"),
            None => c.line.clone(),
        };
        // (Bounded by CPU time: each command needs well under a second.)
        let o = Command::new("sh")
            .args(["-c", &format!("ulimit -t 60 && {line}")])
            .current_dir(&d)
            .env("PATH", &path)
            .env("HOME", &home)
            .output()
            .unwrap();
        let out = String::from_utf8_lossy(&o.stdout);
        assert_eq!(
            o.status.code(),
            Some(c.status),
            "README command `{}`:\n{out}{}",
            c.line,
            String::from_utf8_lossy(&o.stderr)
        );
        printed.push_str(&out);
        ran += 1;
    }
    assert!(ran >= 10, "only {ran} README commands ran");
    for t in &texts {
        assert!(
            printed.contains(t.as_str()),
            "README shows output no command printed:\n{t}"
        );
    }
}
