//! R600 golden pairs from LLVM's R600 code generator (tests/r600/golden-*.txt, written
//! by tools/r600/golden.py): every program disassembles to text that assembles back to
//! exactly LLVM's bytes, and each line of that text says what LLVM's printer says
//! (once our `KEY:value` fields are set aside), except the accepted differences below.

use amdgpu_mc::{r600, Target};

struct Shader {
    name: String,
    llvm: Vec<String>,
    bytes: Vec<u8>,
}

fn load(cpu: &str) -> Vec<Shader> {
    let path = format!("{}/tests/r600/golden-{cpu}.txt", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap();
    let mut out: Vec<Shader> = Vec::new();
    for line in text.lines() {
        if let Some(n) = line.strip_prefix("## ") {
            out.push(Shader {
                name: n.to_string(),
                llvm: Vec::new(),
                bytes: Vec::new(),
            });
        } else if line.starts_with('#') {
            continue;
        } else if let Some(h) = line.strip_prefix("= ") {
            let s = out.last_mut().unwrap();
            for k in (0..h.len()).step_by(2) {
                s.bytes.push(u8::from_str_radix(&h[k..k + 2], 16).unwrap());
            }
        } else {
            out.last_mut().unwrap().llvm.push(line.to_string());
        }
    }
    out
}

/// Fields LLVM's printer shows in the KEY:value form.
const LLVM_KEYS: &[&str] = &["POP", "RID", "SID", "CT", "BS"];

fn lit(t: &str) -> String {
    let n = t.split('(').next().unwrap();
    let v = if let Some(h) = n.strip_prefix("0x") {
        i64::from_str_radix(h, 16).unwrap()
    } else {
        n.parse::<i64>().unwrap()
    };
    format!("{}", v as u32)
}

/// Our line as LLVM would print it, as tokens.
fn ours(line: &str) -> Vec<String> {
    let mut t: Vec<String> = line
        .split([' ', ',', '\t'])
        .filter(|s| !s.is_empty())
        .filter(|s| match s.split_once(':') {
            Some((k, _)) => {
                LLVM_KEYS.contains(&k)
                    || !k
                        .bytes()
                        .all(|c| c.is_ascii_uppercase() || c.is_ascii_digit() || c == b'_')
            }
            None => true,
        })
        .map(|s| match s.strip_prefix("@L") {
            Some(n) => format!("@{n}"),
            None => s.to_string(),
        })
        .collect();
    if t[0] == "LITERAL" {
        return t[1..].iter().map(|x| lit(x)).collect();
    }
    if t[0] == "EXPORT_DONE" || t[0].starts_with("MEM_STREAM") {
        t[0] = "EXPORT".into();
    }
    if t[0] == "VTX_FETCH" {
        t[0] = "VTX_READ_eg".into();
        t[1] = t[1].split('.').next().unwrap().to_string();
    }
    t
}

fn llvm(line: &str) -> Vec<String> {
    let t: Vec<String> = line
        .split([' ', ',', '\t'])
        .filter(|s| !s.is_empty())
        .map(str::to_string)
        .collect();
    if t[0].contains('(') {
        return t.iter().map(|x| lit(x)).collect();
    }
    t
}

/// Tokens where LLVM's printer is wrong and the bytes are right:
/// * a kcache bank past 15 (`KC0[CB9030:..]`): the CF_ALU field keeps its low 4 bits;
/// * a source printed as a 128-bit register (`T1`) or as `CBuf`: the word reads
///   channel X of that register (T0.X for CBuf).
fn accepted(ours: &str, llvm: &str) -> bool {
    let bank = |s: &str| -> Option<(u64, String)> {
        let r = s.split_once("[CB")?.1;
        let (b, rest) = r.split_once(':')?;
        Some((b.parse().ok()?, rest.to_string()))
    };
    if let (Some((a, ra)), Some((b, rb))) = (bank(ours), bank(llvm)) {
        return b > 15 && a == b % 16 && ra == rb && ours[..3] == llvm[..3];
    }
    ours == format!("{llvm}.X") || (llvm == "CBuf" && ours == "T0.X")
}

fn check(cpu: &str) {
    let t = Target::from_name(cpu).unwrap();
    let shaders = load(cpu);
    assert!(shaders.len() >= 300, "{} shaders", shaders.len());
    let mut bad = Vec::new();
    let (mut lines, mut mova) = (0, 0);
    for s in &shaders {
        let text = r600::disassemble(t, &s.bytes);
        match r600::assemble(t, &text) {
            Ok(b) if b == s.bytes => {}
            Ok(_) => bad.push(format!("{}: reassembles to other bytes\n{text}", s.name)),
            Err(e) => bad.push(format!("{}: does not reassemble: {e:?}\n{text}", s.name)),
        }
        let mine: Vec<&str> = text
            .lines()
            .filter(|l| !l.ends_with(':') && !l.trim_start().starts_with(".alu"))
            .filter(|l| ![".tex", ".vtx", ".cf"].contains(&l.trim()))
            .collect();
        let theirs: Vec<&String> = s.llvm.iter().filter(|l| !l.ends_with(':')).collect();
        if mine.len() != theirs.len() {
            bad.push(format!(
                "{}: {} lines, LLVM has {}\n{text}",
                s.name,
                mine.len(),
                theirs.len()
            ));
            continue;
        }
        for (a, b) in mine.iter().zip(&theirs) {
            lines += 1;
            // Accepted: LLVM encodes MOVA_INT with Evergreen's opcode (0xCC), which
            // is no R600 or R700 opcode; it disassembles as .long.
            if a.trim_start().starts_with(".long") && b.trim_start().starts_with("MOVA_INT") {
                mova += 1;
                continue;
            }
            let (x, y) = (ours(a), llvm(b));
            if x.len() != y.len() || x.iter().zip(&y).any(|(p, q)| p != q && !accepted(p, q)) {
                bad.push(format!("{}: '{}' vs LLVM '{}'", s.name, a.trim(), b.trim()));
            }
        }
    }
    eprintln!(
        "{cpu}: {} shaders, {lines} lines, {mova} MOVA_INT lines as .long",
        shaders.len()
    );
    assert!(
        bad.is_empty(),
        "{} problems, first:\n{}",
        bad.len(),
        bad[..bad.len().min(8)].join("\n")
    );
}

#[test]
fn golden_r600() {
    check("r600");
}

#[test]
fn golden_rv770() {
    check("rv770");
}

mod props {
    //! Round-trip identities on generated instructions and programs and on random
    //! bytes, with the generators of the fuzz target (amdgpu_mc::r600::gen).
    use amdgpu_mc::r600::{disasm::Kind, gen, Chip};
    use amdgpu_mc::{gen::seeded_bytes, Target};
    use arbitrary::Unstructured;

    fn chips() -> Vec<Chip> {
        gen::CPUS
            .iter()
            .map(|c| Chip::of(Target::from_name(c).unwrap()).unwrap())
            .collect()
    }

    #[test]
    fn generated_instructions_round_trip() {
        for chip in chips() {
            let bytes = seeded_bytes(17, 1 << 20);
            let mut u = Unstructured::new(&bytes);
            let mut n = 0;
            for kind in [None, Some(Kind::Alu), Some(Kind::Tex), Some(Kind::Vtx)]
                .into_iter()
                .cycle()
            {
                if u.is_empty() || n >= 12000 {
                    break;
                }
                let Ok(i) = gen::inst(chip, kind, &mut u) else {
                    continue;
                };
                if let Err(e) = gen::check_inst(chip, kind, &i) {
                    panic!("{}: {e}", chip.name);
                }
                n += 1;
            }
            assert!(n >= 12000, "generator starved: {n}");
        }
    }

    #[test]
    fn generated_programs_and_random_bytes_round_trip() {
        for chip in chips() {
            let bytes = seeded_bytes(29, 1 << 20);
            let mut u = Unstructured::new(&bytes);
            let mut n = 0;
            while !u.is_empty() && n < 3000 {
                let Ok(p) = gen::program(chip, &mut u) else {
                    continue;
                };
                if let Err(e) = gen::check_bytes(chip, &p) {
                    panic!("{}: {e}", chip.name);
                }
                n += 1;
            }
            for seed in 0..400u64 {
                let b = seeded_bytes(seed, (seed as usize * 37) % 300);
                if let Err(e) = gen::check_bytes(chip, &b) {
                    panic!("{}: {e}", chip.name);
                }
            }
        }
    }
}
