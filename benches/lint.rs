//! Instructions linted per second on real code: the code objects tools/real-code.sh
//! builds (ROCm device libraries and kernels compiled by llc-22 for gfx600-gfx942),
//! decoded once, then linted (both analyses, findings included) five times through one
//! [`Linter`], as `amdgpu-mc lint` lints a run's sections; the median
//! run is reported. Asserts nothing.
//!
//!   tools/real-code.sh                 # once: fetches and compiles the code objects
//!   cargo bench --bench lint [-- DIR]  # DIR defaults to /tmp/amdgpu-real-code/obj

use amdgpu_mc::code_object;
use amdgpu_mc::lint::{Linter, Options};
use amdgpu_mc::program::{Body, Program};
use amdgpu_mc::Target;
use std::time::{Duration, Instant};

fn main() {
    let dir = std::env::args()
        .skip(1)
        .find(|a| !a.starts_with('-'))
        .unwrap_or_else(|| "/tmp/amdgpu-real-code/obj".to_string());
    let Ok(entries) = std::fs::read_dir(&dir) else {
        eprintln!("{dir}: no code objects (run tools/real-code.sh first)");
        return;
    };
    let mut paths: Vec<_> = entries
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.extension().is_some_and(|x| x == "o"))
        .collect();
    paths.sort();
    let mut programs = Vec::new();
    for path in &paths {
        let Ok(bytes) = std::fs::read(path) else {
            continue;
        };
        let Ok(objs) = code_object::load(&bytes, None) else {
            continue;
        };
        for o in &objs {
            let Some(t) = o.target.as_deref().and_then(|c| Target::from_name(c).ok()) else {
                continue;
            };
            for s in &o.sections {
                programs.push(Program::from_bytes(t, &s.bytes));
            }
        }
    }
    let count = |p: &Program| {
        p.stmts
            .iter()
            .filter(|s| matches!(s.body, Body::Inst(_)))
            .count()
    };
    let total: usize = programs.iter().map(count).sum();
    // One linter for all of them, as `amdgpu-mc lint` has for a run's sections (and a
    // compiler would for its functions): its lists are allocated once, not per program.
    let mut linter = Linter::default();
    let mut runs: Vec<Duration> = (0..5)
        .map(|_| {
            let t0 = Instant::now();
            let findings: usize = programs
                .iter()
                .map(|p| linter.lint(p, Options::for_target(p.target)).len())
                .sum();
            std::hint::black_box(findings);
            t0.elapsed()
        })
        .collect();
    runs.sort();
    let median = runs[2];
    println!(
        "{} code objects, {total} instructions: lint {:.3} s (median of 5), {:.2} M instructions/s",
        paths.len(),
        median.as_secs_f64(),
        total as f64 / median.as_secs_f64() / 1e6
    );
}
