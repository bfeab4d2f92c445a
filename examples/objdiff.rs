//! objdiff: disassembles real code objects with llvm-objdump and with this library,
//! compares the instruction text line by line, reassembles our text and compares
//! the bytes, and prints figures per target, per format class and per mnemonic.
//!
//! ```text
//! cargo run --release --example objdiff -- [OPTIONS] FILE...
//!   --mcpu NAME       only code objects for this processor
//!   --objdump PATH    llvm-objdump to run (default llvm-objdump-22)
//!   --show N          print N differing lines per format class (default 0)
//!   --list            only list the code objects found
//! ```
//!
//! FILE may be an AMDGPU ELF, an offload bundle, a host ELF with a `.hip_fatbin`
//! section, or any file with AMDGPU ELF images embedded in it (such as the HSA
//! runtime's blit kernels). Code objects whose processor is not implemented yet are
//! counted and skipped. Used by tools/real-code.sh.
//!
//! llvm-objdump cannot disassemble gfx6/gfx7: for those code objects our text is
//! assembled by llvm-mc instead (`--mc PATH`, default llvm-mc-22) and compared with
//! the code's bytes.

#[path = "../tests/common/mod.rs"]
mod common;

use amdgpu_mc::code_object::{self, CodeObject};
use amdgpu_mc::disasm;
use amdgpu_mc::{assemble, Target};
use common::llvm_asm_groups;
use std::collections::{BTreeMap, HashMap};
use std::process::Command;

struct Args {
    files: Vec<String>,
    mcpu: Option<String>,
    objdump: String,
    show: usize,
    list: bool,
}

fn parse_args() -> Args {
    let mut a = Args {
        files: Vec::new(),
        mcpu: None,
        objdump: "llvm-objdump-22".into(),
        show: 0,
        list: false,
    };
    let mut it = std::env::args().skip(1);
    while let Some(arg) = it.next() {
        let mut value = |name: &str| {
            it.next().unwrap_or_else(|| {
                eprintln!("objdiff: {name} needs a value");
                std::process::exit(2)
            })
        };
        match arg.as_str() {
            "--mcpu" => a.mcpu = Some(value("--mcpu")),
            "--objdump" => a.objdump = value("--objdump"),
            "--show" => a.show = value("--show").parse().unwrap_or(0),
            "--list" => a.list = true,
            "-h" | "--help" => {
                println!(
                    "usage: objdiff [--mcpu NAME] [--objdump PATH] [--show N] [--list] FILE..."
                );
                std::process::exit(0)
            }
            _ => a.files.push(arg),
        }
    }
    a
}

/// AMDGPU ELF images embedded anywhere in `bytes` (64-bit, little-endian), each cut
/// at the end of its last section or of its section table.
fn embedded_images(bytes: &[u8]) -> Vec<&[u8]> {
    let u16_at = |b: &[u8], at: usize| b.get(at..at + 2).map(|x| u16::from_le_bytes([x[0], x[1]]));
    let u32_at = |b: &[u8], at: usize| {
        b.get(at..at + 4)
            .map(|x| u32::from_le_bytes(x.try_into().unwrap()))
    };
    let u64_at = |b: &[u8], at: usize| {
        b.get(at..at + 8)
            .map(|x| u64::from_le_bytes(x.try_into().unwrap()))
    };
    let mut out = Vec::new();
    let mut pos = 0;
    while let Some(k) = bytes[pos..].windows(4).position(|w| w == b"\x7fELF") {
        let at = pos + k;
        pos = at + 4;
        let b = &bytes[at..];
        if b.get(4) != Some(&2) || u16_at(b, 18) != Some(code_object::EM_AMDGPU) {
            continue;
        }
        let (Some(shoff), Some(shentsize), Some(shnum)) =
            (u64_at(b, 40), u16_at(b, 58), u16_at(b, 60))
        else {
            continue;
        };
        let mut end = shoff.saturating_add(u64::from(shentsize) * u64::from(shnum));
        for i in 0..u64::from(shnum) {
            let h = shoff
                .saturating_add(i * u64::from(shentsize))
                .min(b.len() as u64) as usize;
            if let (Some(kind), Some(off), Some(size)) =
                (u32_at(b, h + 4), u64_at(b, h + 24), u64_at(b, h + 32))
            {
                if kind != 8 {
                    end = end.max(off.saturating_add(size));
                }
            }
        }
        if end as usize <= b.len() {
            out.push(&b[..end as usize]);
            pos = at + end as usize;
        }
    }
    out
}

/// Code objects in a file, by the library, or by scanning for embedded images.
fn code_objects(bytes: &[u8], want: Option<&str>) -> Result<Vec<CodeObject>, String> {
    match code_object::load(bytes, want) {
        Ok(objs) => Ok(objs),
        Err(
            e @ (code_object::ElfError::NotAmdgpu { .. } | code_object::ElfError::UnknownFormat),
        ) => {
            let mut objs = Vec::new();
            for img in embedded_images(bytes) {
                match code_object::load(img, None) {
                    Ok(o) => objs.extend(o),
                    Err(e) => eprintln!("objdiff: skipping an embedded image: {e}"),
                }
            }
            if objs.is_empty() {
                Err(e.to_string())
            } else {
                Ok(objs)
            }
        }
        Err(e) => Err(e.to_string()),
    }
}

/// One line of llvm-objdump's disassembly.
struct LlvmLine {
    text: String,
}

/// llvm-objdump's output: instructions by (section, address), labels by section.
#[derive(Default)]
struct Llvm {
    insts: HashMap<(String, u64), LlvmLine>,
    labels: Vec<(String, u64, String)>,
}

fn run_objdump(objdump: &str, obj: &CodeObject, cpu: &str, n: usize) -> Result<Llvm, String> {
    let path = std::env::temp_dir().join(format!("objdiff-{}-{n}.o", std::process::id()));
    std::fs::write(&path, &obj.image).map_err(|e| e.to_string())?;
    let out = Command::new(objdump)
        .args(["-d", "--triple=amdgcn-amd-amdhsa"])
        .arg(format!("--mcpu={cpu}"))
        .arg(&path)
        .output();
    let _ = std::fs::remove_file(&path);
    let out = out.map_err(|e| format!("{objdump}: {e}"))?;
    if !out.status.success() {
        return Err(String::from_utf8_lossy(&out.stderr).into_owned());
    }
    let text = String::from_utf8_lossy(&out.stdout);
    let mut llvm = Llvm::default();
    let mut section = String::new();
    for line in text.lines() {
        if let Some(s) = line.strip_prefix("Disassembly of section ") {
            section = s.trim_end_matches(':').to_string();
        } else if let Some(inst) = line.strip_prefix('\t') {
            // "\tTEXT   // ADDR: HEX [<label+off>]"
            let Some(cut) = inst.rfind("// ") else {
                continue;
            };
            let (text, comment) = (inst[..cut].trim_end(), &inst[cut + 3..]);
            let Some((addr, _)) = comment.split_once(':') else {
                continue;
            };
            let Ok(addr) = u64::from_str_radix(addr.trim(), 16) else {
                continue;
            };
            llvm.insts.insert(
                (section.clone(), addr),
                LlvmLine {
                    text: text.to_string(),
                },
            );
        } else if let Some((addr, rest)) = line.split_once(" <") {
            if let (Ok(addr), Some(name)) = (u64::from_str_radix(addr, 16), rest.strip_suffix(">:"))
            {
                llvm.labels.push((section.clone(), addr, name.to_string()));
            }
        }
    }
    Ok(llvm)
}

/// The GFX9 encoding class of an instruction, from its first two words.
fn class(raw: &[u8]) -> &'static str {
    let w = |k: usize| {
        raw.get(4 * k..4 * k + 4)
            .map(|b| u32::from_le_bytes(b.try_into().unwrap()))
    };
    let Some(w0) = w(0) else { return "partial" };
    let vop_src0 = |s: &'static str, dpp: &'static str, sdwa: &'static str| match w0 & 0x1ff {
        0xfa => dpp,
        0xf9 => sdwa,
        _ => s,
    };
    match w0 >> 23 {
        0x17d => return "SOP1",
        0x17e => return "SOPC",
        0x17f => return "SOPP",
        0x1a7 => return "VOP3P",
        _ => {}
    }
    if w0 >> 28 == 0xb {
        return "SOPK";
    }
    if w0 >> 31 == 0 {
        return match w0 >> 25 {
            0x3f => vop_src0("VOP1", "VOP1-DPP", "VOP1-SDWA"),
            0x3e => vop_src0("VOPC", "VOPC-DPP", "VOPC-SDWA"),
            _ => vop_src0("VOP2", "VOP2-DPP", "VOP2-SDWA"),
        };
    }
    if w0 >> 30 == 2 {
        return "SOP2";
    }
    match w0 >> 26 {
        0x30 => "SMEM",
        0x31 => "EXP",
        0x34 => "VOP3",
        0x35 => "VINTRP",
        0x36 => "DS",
        0x37 => match (w0 >> 14) & 3 {
            0 => "FLAT",
            1 => "SCRATCH",
            _ => "GLOBAL",
        },
        0x38 => "MUBUF",
        0x3a => "MTBUF",
        0x3c => "MIMG",
        _ => "other",
    }
}

#[derive(Default, Clone)]
struct Counts {
    n: u64,
    same: u64,
    decoded: u64,
    reasm: u64,
    llvm_bad: u64,
}

impl Counts {
    fn add(&mut self, o: &Counts) {
        self.n += o.n;
        self.same += o.same;
        self.decoded += o.decoded;
        self.reasm += o.reasm;
        self.llvm_bad += o.llvm_bad;
    }
}

#[derive(Default)]
struct Stats {
    objects: u64,
    sections: u64,
    bytes: u64,
    total: Counts,
    /// Our lines that start inside one of llvm-objdump's instructions.
    inside: u64,
    /// Our lines for zero words that llvm-objdump skipped as padding.
    zeros: u64,
    /// llvm-objdump's lines at addresses where we have no line.
    unmatched: u64,
    classes: BTreeMap<&'static str, Counts>,
    /// mnemonic -> (count, llvm text, our text)
    mnemonics: HashMap<String, (u64, String, String)>,
    labels: (u64, u64, u64),
    examples: BTreeMap<&'static str, Vec<(String, String, String)>>,
}

fn pct(a: u64, b: u64) -> String {
    if b == 0 {
        "    -".into()
    } else {
        format!("{:5.1}%", 100.0 * a as f64 / b as f64)
    }
}

fn our_text(target: Target, bytes: &[u8], l: &disasm::Line) -> String {
    let mut s = String::new();
    let _ = disasm::write_line(&mut s, target, bytes, l, false);
    let s = s.trim_start_matches('\t').trim_end();
    // Undecoded words carry a comment after the `.long`.
    match s.find("; invalid") {
        Some(k) => s[..k].trim_end().to_string(),
        None => s.to_string(),
    }
}

/// The label (`STT_NOTYPE` symbol) at the target of a branch, which llvm-objdump
/// shows in place of the offset.
fn branch_label<'a>(
    sec: &'a code_object::CodeSection,
    addr: u64,
    raw: &[u8],
    l: &disasm::Line,
) -> Option<&'a str> {
    let inst = l.inst.as_ref().ok()?;
    if !inst
        .desc()
        .sig()
        .iter()
        .any(|s| s.role == amdgpu_mc::isa::Role::Label)
    {
        return None;
    }
    let simm16 = i16::from_le_bytes([raw[0], raw[1]]);
    let dest = addr
        .wrapping_add(4)
        .wrapping_add((4 * i64::from(simm16)) as u64);
    sec.label_at(dest.wrapping_sub(sec.address))
}

fn compare(obj: &CodeObject, target: Target, llvm: &Llvm, st: &mut Stats, show: usize) {
    st.objects += 1;
    let mut seen = std::collections::HashSet::new();
    for sec in &obj.sections {
        st.sections += 1;
        st.bytes += sec.bytes.len() as u64;
        for (off, _, bytes) in sec.regions() {
            for l in disasm::lines(target, bytes) {
                let addr = sec.address + off + l.offset as u64;
                let raw = &bytes[l.offset..l.offset + l.len];
                let Some(ll) = llvm.insts.get(&(sec.name.clone(), addr)) else {
                    // llvm-objdump (without -z) skips runs of zero bytes: `\t\t...`.
                    if raw.iter().all(|&b| b == 0) {
                        st.zeros += 1;
                    } else {
                        st.inside += 1;
                    }
                    continue;
                };
                seen.insert((sec.name.clone(), addr));
                let ours = our_text(target, bytes, &l);
                // (As `amdgpu-mc objdump` shows it: a branch to a label, by its name.
                // The numeric text is the one reassembled.)
                let shown = match branch_label(sec, addr, raw, &l) {
                    Some(name) => format!("{} {name}", ours.rsplit_once(' ').map_or("", |p| p.0)),
                    None => ours.clone(),
                };
                let mut c = Counts {
                    n: 1,
                    ..Counts::default()
                };
                c.same = u64::from(shown == ll.text);
                c.llvm_bad =
                    u64::from(ll.text.starts_with(".long") || ll.text.starts_with(".byte"));
                if l.inst.is_ok() {
                    c.decoded = 1;
                    let asm = assemble(target, &ours);
                    c.reasm = u64::from(asm.diags.is_empty() && asm.bytes(target) == raw);
                }
                let cls = class(raw);
                st.classes.entry(cls).or_default().add(&c);
                st.total.add(&c);
                if c.same == 0 {
                    let mnem = ll.text.split_whitespace().next().unwrap_or("").to_string();
                    let e = st
                        .mnemonics
                        .entry(mnem)
                        .or_insert_with(|| (0, ll.text.clone(), shown.clone()));
                    e.0 += 1;
                    let ex = st.examples.entry(cls).or_default();
                    if ex.len() < show {
                        let hex: Vec<String> = raw
                            .chunks(4)
                            .map(|w| w.iter().rev().map(|b| format!("{b:02X}")).collect())
                            .collect();
                        ex.push((hex.join(" "), ll.text.clone(), shown));
                    }
                }
            }
        }
        // Labels: llvm-objdump's `<name>:` lines against the section's symbols.
        let ours: std::collections::HashSet<(u64, &str)> = sec
            .symbols
            .iter()
            .map(|(o, n)| (sec.address + o, n.as_str()))
            .collect();
        let theirs: Vec<_> = llvm
            .labels
            .iter()
            .filter(|(s, _, _)| *s == sec.name)
            .collect();
        st.labels.0 += theirs.len() as u64;
        st.labels.1 += ours.len() as u64;
        st.labels.2 += theirs
            .iter()
            .filter(|(_, a, n)| ours.contains(&(*a, n.as_str())))
            .count() as u64;
    }
    // llvm-objdump lines at addresses we never decoded at.
    st.unmatched += llvm.insts.keys().filter(|k| !seen.contains(*k)).count() as u64;
}

/// Figures for code llvm-objdump cannot disassemble (gfx6/gfx7).
#[derive(Default)]
struct OldStats {
    objects: u64,
    bytes: u64,
    n: u64,
    decoded: u64,
    llvm_same: u64,
    llvm_same_decoded: u64,
    ours_same: u64,
}

/// Disassembles every code section with us and has llvm-mc assemble each line (one
/// run per section, a sentinel after each line), counting lines whose bytes come back.
fn reassemble(obj: &CodeObject, target: Target, st: &mut OldStats) {
    st.objects += 1;
    for sec in &obj.sections {
        st.bytes += sec.bytes.len() as u64;
        let lines: Vec<disasm::Line> = disasm::lines(target, &sec.bytes).collect();
        let texts: Vec<String> = lines
            .iter()
            .map(|l| our_text(target, &sec.bytes, l))
            .collect();
        let groups: Vec<Vec<u8>> = llvm_asm_groups(target.name, &texts)
            .into_iter()
            .map(|g| g.into_iter().flat_map(|(_, b)| b).collect())
            .collect();
        for (k, l) in lines.iter().enumerate() {
            let want = &sec.bytes[l.offset..l.offset + l.len];
            st.n += 1;
            let decoded = l.inst.is_ok();
            st.decoded += decoded as u64;
            if groups.get(k).is_some_and(|g| g.as_slice() == want) {
                st.llvm_same += 1;
                st.llvm_same_decoded += decoded as u64;
            }
            let ours = assemble(target, &texts[k]);
            if ours.diags.is_empty() && ours.bytes(target) == want {
                st.ours_same += 1;
            }
        }
    }
}

fn main() {
    let args = parse_args();
    if args.files.is_empty() {
        eprintln!("usage: objdiff [--mcpu NAME] [--objdump PATH] [--show N] [--list] FILE...");
        std::process::exit(2);
    }
    let mut stats: BTreeMap<String, Stats> = BTreeMap::new();
    let mut old: BTreeMap<String, OldStats> = BTreeMap::new();
    let mut skipped: BTreeMap<String, u64> = BTreeMap::new();
    let mut n = 0;
    for file in &args.files {
        let bytes = match std::fs::read(file) {
            Ok(b) => b,
            Err(e) => {
                eprintln!("objdiff: {file}: {e}");
                continue;
            }
        };
        let objs = match code_objects(&bytes, args.mcpu.as_deref()) {
            Ok(o) => o,
            Err(e) => {
                eprintln!("objdiff: {file}: {e}");
                continue;
            }
        };
        for obj in objs {
            let cpu = obj.target.clone().unwrap_or_else(|| "unknown".into());
            if args.list {
                let code: usize = obj.sections.iter().map(|s| s.bytes.len()).sum();
                println!(
                    "{file}: {} ({}) code object v{}, {} code bytes in {} section(s), {} symbols",
                    obj.target_id().unwrap_or_else(|| "unknown".into()),
                    obj.bundle_id.as_deref().unwrap_or("plain ELF"),
                    obj.code_object_version().unwrap_or(0),
                    code,
                    obj.sections.len(),
                    obj.sections.iter().map(|s| s.symbols.len()).sum::<usize>()
                );
                continue;
            }
            if args.mcpu.as_deref().is_some_and(|m| m != cpu) {
                continue;
            }
            let target = match Target::from_name(&cpu) {
                Ok(t) => t,
                Err(_) => {
                    *skipped.entry(cpu).or_default() += 1;
                    continue;
                }
            };
            n += 1;
            if target.gen.before_gfx8() {
                reassemble(&obj, target, old.entry(cpu).or_default());
                continue;
            }
            let llvm = match run_objdump(&args.objdump, &obj, &cpu, n) {
                Ok(l) => l,
                Err(e) => {
                    eprintln!("objdiff: {file}: llvm-objdump failed: {}", e.trim());
                    continue;
                }
            };
            compare(
                &obj,
                target,
                &llvm,
                stats.entry(cpu).or_default(),
                args.show,
            );
        }
    }
    if args.list {
        return;
    }
    for (cpu, st) in &old {
        println!(
            "== {cpu}: {} code objects, {} code bytes (llvm-objdump cannot disassemble {cpu}: llvm-mc reassembles our text)",
            st.objects, st.bytes
        );
        println!("  instructions                  {:>9}", st.n);
        println!(
            "  decoded by us (not .long)     {:>9}  {}",
            st.decoded,
            pct(st.decoded, st.n)
        );
        println!(
            "  llvm-mc: same bytes           {:>9}  {} of all, {} of decoded",
            st.llvm_same,
            pct(st.llvm_same, st.n),
            pct(st.llvm_same_decoded, st.decoded)
        );
        println!(
            "  ours: same bytes              {:>9}  {}",
            st.ours_same,
            pct(st.ours_same, st.n)
        );
    }
    for (cpu, st) in &stats {
        let t = &st.total;
        println!(
            "== {cpu}: {} code objects, {} sections, {} code bytes",
            st.objects, st.sections, st.bytes
        );
        println!("  instructions compared         {:>9}", t.n);
        println!(
            "  identical text                {:>9}  {}",
            t.same,
            pct(t.same, t.n)
        );
        println!(
            "  decoded by us (not .long)     {:>9}  {}",
            t.decoded,
            pct(t.decoded, t.n)
        );
        println!(
            "  same bytes after reassembly   {:>9}  {} of all, {} of decoded",
            t.reasm,
            pct(t.reasm, t.n),
            pct(t.reasm, t.decoded)
        );
        println!("  llvm-objdump .long/.byte      {:>9}", t.llvm_bad);
        println!(
            "  boundaries differ: ours inside llvm's {}, llvm's with no line of ours {}",
            st.inside, st.unmatched
        );
        println!("  zero words llvm-objdump skips   {:>9}", st.zeros);
        println!(
            "  labels: llvm-objdump {}, ours {}, matching {}",
            st.labels.0, st.labels.1, st.labels.2
        );
        println!("  class            insts  text-same  decoded  reasm-same");
        for (cls, c) in &st.classes {
            println!(
                "  {cls:<12} {:>9}    {}   {}    {}",
                c.n,
                pct(c.same, c.n),
                pct(c.decoded, c.n),
                pct(c.reasm, c.n)
            );
        }
        let mut top: Vec<_> = st.mnemonics.iter().collect();
        top.sort_by(|a, b| b.1 .0.cmp(&a.1 .0).then(a.0.cmp(b.0)));
        println!("  top differing mnemonics (count, llvm-objdump | ours):");
        for (m, (count, theirs, ours)) in top.iter().take(20) {
            println!("  {count:>8}  {m:<24} {theirs}  |  {ours}");
        }
        for (cls, ex) in &st.examples {
            for (hex, theirs, ours) in ex {
                println!("  [{cls}] {hex}\n      llvm: {theirs}\n      ours: {ours}");
            }
        }
    }
    for (cpu, count) in &skipped {
        println!("== {cpu}: {count} code objects skipped (target not implemented)");
    }
}
