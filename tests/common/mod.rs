//! Helpers shared by the tests: those that compare against llvm-mc 22, and inputs
//! the command-line tests build.
#![allow(dead_code)]

use std::io::Write;
use std::process::{Command, Stdio};

pub const LLVM_MC: &str = "llvm-mc-22";

/// Whether llvm-mc 22 is installed; prints why a test is skipped when not.
pub fn have_llvm(test: &str) -> bool {
    let ok = Command::new(LLVM_MC)
        .arg("--version")
        .output()
        .map(|o| o.status.success())
        .unwrap_or(false);
    if !ok {
        eprintln!("{test}: skipped: {LLVM_MC} is not installed (apt-get install -y llvm-22)");
    }
    ok
}

/// Runs llvm-mc with `args`, feeding `input`; returns (stdout, stderr).
pub fn llvm_mc(args: &[&str], input: &str) -> (String, String) {
    let mut child = Command::new(LLVM_MC)
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("run llvm-mc");
    let mut stdin = child.stdin.take().unwrap();
    let input = input.to_string();
    let feeder = std::thread::spawn(move || {
        let _ = stdin.write_all(input.as_bytes());
    });
    let out = child.wait_with_output().expect("llvm-mc output");
    feeder.join().unwrap();
    (
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// Splits an llvm-mc `-show-encoding` line into (text, bytes).
pub fn split_encoding(line: &str) -> Option<(String, Vec<u8>)> {
    let (text, enc) = line.split_once("; encoding: [")?;
    let enc = enc.split(']').next()?;
    let bytes = enc
        .split(',')
        .map(|b| u8::from_str_radix(b.trim().trim_start_matches("0x"), 16))
        .collect::<Result<Vec<_>, _>>()
        .ok()?;
    Some((text.trim().to_string(), bytes))
}

/// A xorshift64 sequence from `seed` (not 0): the tests' source of random numbers.
pub fn xorshift64(seed: u64) -> impl FnMut() -> u64 {
    let mut x = seed;
    move || {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        x
    }
}

pub fn hex_line(bytes: &[u8]) -> String {
    bytes
        .iter()
        .map(|b| format!("{b:#04x}"))
        .collect::<Vec<_>>()
        .join(",")
}

/// The instruction llvm-mc and these tools put between cases to keep them apart.
pub const SENTINEL_TEXT: &str = "s_nop 0x7abc";
/// Its encoding, as `llvm-mc --disassemble` reads bytes.
pub const SENTINEL: &str = "0xbc,0x7a,0x80,0xbf";

/// llvm-mc's assembly of each line (`-mcpu=CPU`, a sentinel after each, in chunks):
/// the (echo, bytes) of the instructions each line gave, none where llvm-mc refused it.
pub fn llvm_asm_groups(cpu: &str, lines: &[String]) -> Vec<Vec<(String, Vec<u8>)>> {
    let mcpu = format!("-mcpu={cpu}");
    let mut out = Vec::with_capacity(lines.len());
    for chunk in lines.chunks(2000) {
        let mut input = String::new();
        for l in chunk {
            input.push_str(l);
            input.push('\n');
            input.push_str(SENTINEL_TEXT);
            input.push('\n');
        }
        let (text, _) = llvm_mc(&["-arch=amdgcn", &mcpu, "-show-encoding"], &input);
        let mut groups: Vec<Vec<(String, Vec<u8>)>> = vec![Vec::new()];
        for (t, b) in text.lines().filter_map(split_encoding) {
            if t == SENTINEL_TEXT {
                groups.push(Vec::new());
            } else {
                groups.last_mut().unwrap().push((t, b));
            }
        }
        groups.resize(chunk.len(), Vec::new());
        out.extend(groups);
    }
    out
}

/// An offload bundle of `entries` (id, code object), each at a 4 KiB boundary.
pub fn bundle(entries: &[(String, Vec<u8>)]) -> Vec<u8> {
    let mut header = b"__CLANG_OFFLOAD_BUNDLE__".to_vec();
    header.extend_from_slice(&(entries.len() as u64).to_le_bytes());
    let header_len = header.len() + entries.iter().map(|(i, _)| 24 + i.len()).sum::<usize>();
    let mut at = header_len.next_multiple_of(4096);
    let mut body = Vec::new();
    for (id, e) in entries {
        header.extend_from_slice(&(at as u64).to_le_bytes());
        header.extend_from_slice(&(e.len() as u64).to_le_bytes());
        header.extend_from_slice(&(id.len() as u64).to_le_bytes());
        header.extend_from_slice(id.as_bytes());
        body.push((at, e));
        at = (at + e.len()).next_multiple_of(4096);
    }
    let mut out = header;
    for (off, e) in body {
        out.resize(off, 0);
        out.extend_from_slice(e);
    }
    out
}
