//! Throughput of assembling and disassembling the same large input with amdgpu-mc and
//! with llvm-mc 22 (when installed). Run with `cargo bench --bench throughput`.
//! Prints instructions per second; asserts nothing.

use amdgpu_mc::{assemble, disasm, encode, gen, Target};
use std::fmt::Write as _;
use std::process::{Command, Stdio};
use std::time::{Duration, Instant};

const N: usize = 200_000;

fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    for _ in 0..runs {
        let t0 = Instant::now();
        let r = f();
        best = best.min(t0.elapsed());
        out = Some(r);
    }
    (best, out.unwrap())
}

fn rate(n: usize, d: Duration) -> String {
    format!(
        "{:>8.2} M inst/s ({:.3} s)",
        n as f64 / d.as_secs_f64() / 1e6,
        d.as_secs_f64()
    )
}

fn llvm(args: &[&str]) -> Option<Duration> {
    // Timed whether or not llvm-mc rejects some lines (it still processes them all).
    let t0 = Instant::now();
    Command::new("llvm-mc-22")
        .args(args)
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .ok()?;
    Some(t0.elapsed())
}

fn main() {
    let cpu = "gfx906";
    let t = Target::from_name(cpu).unwrap();
    let insts = gen::sample(t, 0xbe7c, N);
    let mut bytes = Vec::new();
    for i in &insts {
        encode(t, i).unwrap().write_to(&mut bytes);
    }
    let mut text = String::new();
    for l in disasm::lines(t, &bytes) {
        disasm::write_line(&mut text, t, &bytes, &l, false).unwrap();
    }
    println!(
        "input: {N} generated {cpu} instructions, {} bytes, {} bytes of text",
        bytes.len(),
        text.len()
    );

    // Disassembly: decode and print every instruction into one reused buffer.
    let (d, count) = best_of(5, || {
        let mut out = String::with_capacity(text.len() + 1024);
        let mut n = 0;
        for l in disasm::lines(t, &bytes) {
            disasm::write_line(&mut out, t, &bytes, &l, false).unwrap();
            n += 1;
        }
        std::hint::black_box(&out);
        n
    });
    println!("amdgpu-mc disassemble (decode + print): {}", rate(count, d));
    let (d, count) = best_of(5, || {
        disasm::lines(t, &bytes).filter(|l| l.inst.is_ok()).count()
    });
    println!("amdgpu-mc decode only:                  {}", rate(count, d));

    // Assembly: parse, bind, encode.
    let (d, a) = best_of(3, || assemble(t, &text));
    assert!(a.diags.is_empty(), "{:?}", a.diags.first());
    let (d2, _) = best_of(3, || a.bytes(t));
    println!(
        "amdgpu-mc assemble (parse + encode):    {}",
        rate(N, d + d2)
    );

    // llvm-mc on the same input.
    let dir = std::env::temp_dir().join("amdgpu-mc-bench");
    std::fs::create_dir_all(&dir).unwrap();
    let s = dir.join("in.s");
    let h = dir.join("in.hex");
    std::fs::write(&s, &text).unwrap();
    let mut hex = String::with_capacity(bytes.len() * 5);
    for c in bytes.chunks(16) {
        for b in c {
            write!(hex, "{b:#04x} ").unwrap();
        }
        hex.push('\n');
    }
    std::fs::write(&h, hex).unwrap();
    let mcpu = format!("-mcpu={cpu}");
    let (s, h) = (s.to_str().unwrap(), h.to_str().unwrap());
    match llvm(&["--version"]) {
        None => println!("llvm-mc-22 not installed: no comparison"),
        Some(_) => {
            if let Some(d) = llvm(&["-arch=amdgcn", &mcpu, "-filetype=obj", "-o", "/dev/null", s]) {
                println!("llvm-mc-22 assemble (-filetype=obj):    {}", rate(N, d));
            }
            if let Some(d) = llvm(&["-arch=amdgcn", &mcpu, "--disassemble", h]) {
                println!("llvm-mc-22 disassemble (hex text in):   {}", rate(N, d));
            }
        }
    }
}
