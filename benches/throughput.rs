//! The library alone, per instruction: decode, decode + print, and parse + encode,
//! with the allocations each makes (counted by a global allocator that counts).
//! Run with `cargo bench --bench throughput [-- FILE --mcpu CPU --distinct]`;
//! asserts nothing.
//!
//! The input is FILE (raw machine code, e.g. `/tmp/amdgpu-speed/gfx906.bin` that
//! `tools/speed.py` derives from real code objects) or, without one, 200,000
//! generated gfx906 instructions. With `--distinct`, each distinct instruction of
//! the input once, shuffled (a fixed seed): the cold path, where nothing repeats for
//! the memos of `disasm::write_text` and `assemble` to find. Times are the best of five runs, on one core;
//! the whole-process comparison with LLVM is `tools/speed.py`.

use amdgpu_mc::{assemble, disasm, encode, random, Target};
use std::alloc::{GlobalAlloc, Layout, System};
use std::sync::atomic::{AtomicUsize, Ordering::Relaxed};
use std::time::{Duration, Instant};

/// The system allocator, counting the allocations made through it.
struct Counting;

static ALLOCS: AtomicUsize = AtomicUsize::new(0);

unsafe impl GlobalAlloc for Counting {
    unsafe fn alloc(&self, l: Layout) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.alloc(l) }
    }
    unsafe fn dealloc(&self, p: *mut u8, l: Layout) {
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.dealloc(p, l) }
    }
    unsafe fn realloc(&self, p: *mut u8, l: Layout, n: usize) -> *mut u8 {
        ALLOCS.fetch_add(1, Relaxed);
        // SAFETY: forwarded unchanged to the system allocator.
        unsafe { System.realloc(p, l, n) }
    }
}

#[global_allocator]
static GLOBAL: Counting = Counting;

/// Best time of `runs` runs of `f`, and the allocations of one run.
fn best_of<T>(runs: usize, mut f: impl FnMut() -> T) -> (Duration, usize, T) {
    let mut best = Duration::MAX;
    let mut out = None;
    let mut allocs = 0;
    for _ in 0..runs {
        let a0 = ALLOCS.load(Relaxed);
        let t0 = Instant::now();
        let r = f();
        best = best.min(t0.elapsed());
        allocs = ALLOCS.load(Relaxed) - a0;
        out = Some(r);
    }
    (best, allocs, out.unwrap())
}

fn report(what: &str, n: usize, d: Duration, allocs: usize) {
    println!(
        "{what:32} {:7.1} ns/inst {:7.2} M inst/s {:8.4} allocations/inst",
        d.as_secs_f64() * 1e9 / n as f64,
        n as f64 / d.as_secs_f64() / 1e6,
        allocs as f64 / n as f64
    );
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let file = args.iter().find(|a| !a.starts_with('-') && *a != "--bench");
    let cpu = args
        .iter()
        .position(|a| a == "--mcpu")
        .and_then(|k| args.get(k + 1))
        .map_or("gfx906", |s| s.as_str());
    let t = Target::from_name(cpu).unwrap();
    let bytes = match file {
        Some(f) => std::fs::read(f).unwrap(),
        None => {
            let mut b = Vec::new();
            for i in &random::sample(t, 0xbe7c, 200_000) {
                encode(t, i).unwrap().write_to(&mut b);
            }
            b
        }
    };
    let bytes = match args.iter().any(|a| a == "--distinct") {
        true => distinct(t, &bytes),
        false => bytes,
    };
    let n = disasm::lines(t, &bytes).count();
    println!(
        "input: {} ({cpu}{}), {n} instructions, {} bytes",
        file.map_or("200,000 generated instructions", |s| s.as_str()),
        if args.iter().any(|a| a == "--distinct") {
            ", distinct, shuffled"
        } else {
            ""
        },
        bytes.len()
    );

    let (d, a, _) = best_of(5, || {
        disasm::lines(t, &bytes).filter(|l| l.inst.is_ok()).count()
    });
    report("decode", n, d, a);
    let mut text = String::with_capacity(bytes.len() * 8);
    let (d, a, _) = best_of(5, || {
        text.clear();
        for l in disasm::lines(t, &bytes) {
            disasm::write_line(&mut text, t, &bytes, &l, false).unwrap();
        }
    });
    report("decode + print (to a String)", n, d, a);
    let (d, a, _) = best_of(5, || {
        disasm::write_text(&mut std::io::sink(), t, &bytes, false).unwrap()
    });
    report("disasm::write_text (256 KB blocks)", n, d, a);

    let (d, a, asm) = best_of(3, || assemble(t, &text));
    let errors = asm.diags.len();
    let (d2, a2, _) = best_of(3, || asm.bytes(t));
    report("assemble (parse + bind)", n, d, a);
    report("encode (Assembly::bytes)", n, d2, a2);
    if errors > 0 {
        println!("({errors} lines did not assemble)");
    }
}

/// Each distinct instruction (or undecodable word) of `bytes` once, in an order
/// shuffled by a fixed seed.
fn distinct(t: Target, bytes: &[u8]) -> Vec<u8> {
    let mut seen = std::collections::HashSet::new();
    let mut insts: Vec<&[u8]> = disasm::lines(t, bytes)
        .map(|l| &bytes[l.offset..l.offset + l.len])
        .filter(|raw| seen.insert(*raw))
        .collect();
    // Fisher-Yates with xorshift64.
    let mut x = 0x9e37_79b9_7f4a_7c15u64;
    for k in (1..insts.len()).rev() {
        x ^= x << 13;
        x ^= x >> 7;
        x ^= x << 17;
        insts.swap(k, (x % (k as u64 + 1)) as usize);
    }
    insts.concat()
}
