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
    //! bytes, with the generators of the fuzz target (amdgpu_mc::r600::random).
    use amdgpu_mc::r600::{disasm::Kind, random, Chip};
    use amdgpu_mc::{random::seeded_bytes, Target};
    use arbitrary::Unstructured;

    fn chips() -> Vec<Chip> {
        random::CPUS
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
                let Ok(i) = random::inst(chip, kind, &mut u) else {
                    continue;
                };
                if let Err(e) = random::check_inst(chip, kind, &i) {
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
                let Ok(p) = random::program(chip, &mut u) else {
                    continue;
                };
                if let Err(e) = random::check_bytes(chip, &p) {
                    panic!("{}: {e}", chip.name);
                }
                n += 1;
            }
            for seed in 0..400u64 {
                let b = seeded_bytes(seed, (seed as usize * 37) % 300);
                if let Err(e) = random::check_bytes(chip, &b) {
                    panic!("{}: {e}", chip.name);
                }
            }
        }
    }
}

mod errors {
    //! Bad input gives a located error, one per rule.
    use amdgpu_mc::{r600, Target};

    /// Assembles `body` as the only ALU clause of a program (`KC` sets the kcache locks).
    fn alu(cpu: &str, kc: &str, body: &str) -> Result<Vec<u8>, String> {
        let n = body.lines().count() - 1;
        let src = format!("\tALU {n}, @L2, {kc}\n\tCF_END\nL2:\n\t.alu\n{body}");
        asm(cpu, &src)
    }

    fn asm(cpu: &str, src: &str) -> Result<Vec<u8>, String> {
        r600::assemble(Target::from_name(cpu).unwrap(), src).map_err(|e| {
            let e = &e[0];
            format!("{}:{}: {}", e.line, e.col, e.msg)
        })
    }

    #[track_caller]
    fn fails(r: Result<Vec<u8>, String>, want: &str) {
        match r {
            Ok(_) => panic!("assembled, expected {want:?}"),
            Err(e) => assert!(e.contains(want), "got {e:?}, expected {want:?}"),
        }
    }

    const NOKC: &str = "KC0[], KC1[]";

    #[test]
    fn groups() {
        assert!(alu("r600", NOKC, "\tMOV   T0.X, T1.X\n\tMOV * T0.Y, T2.Y\n").is_ok());
        // Three instructions for ALU.X: the second goes to Trans, the third has no unit.
        fails(
            alu(
                "r600",
                NOKC,
                "\tMOV   T0.X, T1.X\n\tMOV   T0.X, T1.Y\n\tMOV * T0.X, T1.Z\n",
            ),
            "7:2: ALU.Trans is already used",
        );
        fails(
            alu("r600", NOKC, "\tSIN   T0.X, T1.X\n\tCOS * T0.Y, T1.Y\n"),
            "6:2: ALU.Trans is already used in this group (COS)",
        );
        fails(
            alu(
                "r600",
                NOKC,
                "\tMOV   T0.X, T1.X\n\tMOVA_FLOOR * T0.X, T2.X\n",
            ),
            "6:2: MOVA_FLOOR is vector-only but ALU.X is already used",
        );
        fails(
            alu("r600", NOKC, "\tMOV   T0.Y, T1.X\n\tMOV * T0.X, T2.X\n"),
            "in the order X, Y, Z, W, Trans",
        );
        fails(
            alu(
                "r600",
                NOKC,
                "\tDOT4   T0.X, T1.X, T2.X\n\tDOT4 * T0.Y, T1.Y, T2.Y\n",
            ),
            "must fill ALU.X, Y, Z and W",
        );
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, T1.X UP:1\n"),
            "MOV cannot update the predicate",
        );
        fails(
            alu("r600", NOKC, "\tMOV   T0.X, T1.X\n"),
            "5:2: ALU group not terminated",
        );
    }

    #[test]
    fn relative_addressing_and_kills() {
        let mova = "\tMOVA_INT * T0.X (MASKED), T1.X\n";
        assert!(alu(
            "r600",
            NOKC,
            &format!("{mova}\tMOV * T2.X, T(0 + AR.x).X+\n")
        )
        .is_ok());
        fails(
            alu("r600", NOKC, "\tMOV * T2.X, T(0 + AR.x).X+\n"),
            "5:2: AR-relative operand in the first group of a clause",
        );
        fails(
            alu(
                "r600",
                NOKC,
                &format!("{mova}\tMOVA_INT   T0.X (MASKED), T1.X\n\tMOV * T2.Y, T(0 + AR.x).Y+\n"),
            ),
            "7:2: AR-relative operand in a group that sets AR",
        );
        fails(
            alu(
                "r600",
                NOKC,
                &format!("{mova}\tMOV   T2.X, T(0 + AR.x).X+\n\tMOV * T2.Y, T(0 + AR.x).Y+ IM:1\n"),
            ),
            "7:2: two AR elements (IM) in one group",
        );
        fails(
            alu(
                "r600",
                "KC0[CB0:0-16], KC1[]",
                &format!("{mova}\tMOV * T2.X, KC0[1].X+\n"),
            ),
            "relative kcache reads index by the loop index only (IM:4)",
        );
        assert!(alu(
            "r600",
            "KC0[CB0:0-16], KC1[]",
            "\tMOV * T2.X, KC0[1].X+ IM:4\n"
        )
        .is_ok());
        fails(
            alu(
                "r600",
                NOKC,
                "\tKILLGT   T0.X, T1.X, T2.X\n\tKILLGE * T0.Y, T1.Y, T2.Y\n",
            ),
            "6:2: two KILL* in one group",
        );
    }

    #[test]
    fn literals_and_constants() {
        assert!(alu("r600", NOKC, "\tMOV * T0.X, literal.x\n\tLITERAL 1, 2\n").is_ok());
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, literal.z\n\tLITERAL 1, 2\n"),
            "reads 2 literal slot(s) but 1 follow it",
        );
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, literal.x\n"),
            "reads 1 literal slot(s) but 0",
        );
        fails(
            alu(
                "r600",
                NOKC,
                "\tMOV   T0.X, literal.x\n\tLITERAL 1, 2\n\tMOV * T0.Y, T1.X\n",
            ),
            "a literal slot must follow the last instruction (*) of a group",
        );
        fails(
            alu("r600", NOKC, "\tMUL_LIT * T0.X, 1.0, 0.5, C1.X\n"),
            "more than two constant operands in an ALU.Trans instruction",
        );
        fails(
            alu(
                "r600",
                NOKC,
                "\tADD   T0.X, C0.X, C1.X\n\tADD   T0.Y, C2.X, C3.X\n\tADD * T0.Z, C4.X, C5.X\n",
            ),
            "more than 4 constant-file reads in one group",
        );
        // Kcache reads inside the locked lines only.
        assert!(alu("r600", "KC0[CB0:0-16], KC1[]", "\tMOV * T0.X, KC0[15].X\n").is_ok());
        fails(
            alu("r600", "KC0[CB0:0-16], KC1[]", "\tMOV * T0.X, KC0[16].X\n"),
            "KC0[16] is outside the kcache lines the clause locks (16 constants)",
        );
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, KC1[0].X\n"),
            "KC1[0] is outside the kcache lines the clause locks (0 constants)",
        );
    }

    #[test]
    fn read_ports() {
        // src0 of both reads bank X on cycle 0: two different GPRs.
        fails(
            alu(
                "r600",
                NOKC,
                "\tADD   T0.X, T1.X, T2.Y\n\tADD * T0.Y, T3.X, T4.Y\n",
            ),
            "6:2: GPR read port conflict: cycle 0 of bank X already reads T1, cannot also read T3",
        );
        // The same with BS:VEC_120 on the second (src0 on cycle 1, src1 on cycle 2).
        assert!(alu(
            "r600",
            NOKC,
            "\tADD   T0.X, T1.X, T2.Y\n\tADD * T0.Y, T3.X, T4.Z, BS:VEC_120/SCL_212\n"
        )
        .is_ok());
        // Trans with one constant cannot read a GPR on cycle 0 (SCL_210 reads src2 on 0).
        fails(
            alu("r600", NOKC, "\tMUL_LIT * T0.X, 1.0, T1.X, T2.X\n"),
            "5:2: ALU.Trans reads a GPR on cycle 0 but its 1 constant operand(s) need cycles 0-0",
        );
        assert!(alu(
            "r600",
            NOKC,
            "\tMUL_LIT * T0.X, 1.0, T1.X, T2.Y, BS:VEC_021/SCL_122\n"
        )
        .is_ok());
        assert!(alu(
            "r600",
            NOKC,
            "\tMULLO_INT * T0.X, T1.X, 1, BS:VEC_021/SCL_122\n"
        )
        .is_ok());
    }

    #[test]
    fn clauses() {
        fails(
            asm(
                "r600",
                "\tALU 1, @L2, KC0[], KC1[]\n\tCF_END\nL2:\n\t.alu\n\tMOV * T0.X, T1.X\n",
            ),
            "1:9: COUNT 1 says 2 slots but clause 'L2' has 1",
        );
        fails(
            asm("r600", "\tTEX 0 @L1\n\tNOP\n\tCF_END\nL1:\n\t.tex\n\tTEX_SAMPLE T0.XYZW, T0.XYZW RID:0 SID:0 CT:NNNN\n"),
            "1:8: .tex clause 'L1' must start 128-bit aligned",
        );
        fails(
            asm(
                "r600",
                "\tVTX 0 @L2\n\tCF_END\nL2:\n\t.alu\n\tMOV * T0.X, T1.X\n",
            ),
            "'L2' does not start a .vtx clause",
        );
        let nine = "\tTEX_SAMPLE T0.XYZW, T0.XYZW RID:0 SID:0 CT:NNNN\n".repeat(9);
        fails(
            asm(
                "rv770",
                &format!("\tTEX 9 @L2\n\tCF_END\nL2:\n\t.tex\n{nine}"),
            ),
            "COUNT 9 says 10 instructions but clause 'L2' has 9",
        );
        fails(
            asm("r600", "\tTEX 8 @L2\n"),
            "1:6: value 8 out of range (0-7)",
        );
        fails(
            asm("r600", "\tJUMP @nowhere\n"),
            "1:7: undefined label 'nowhere'",
        );
        fails(
            asm("r600", "\t.long 1\n\tCF_END\n"),
            "2:2: instruction is not 64-bit aligned",
        );
    }

    #[test]
    fn chips_and_syntax() {
        fails(
            alu("r600", NOKC, "\tADD_64 * T0.X, T1.X, T2.X\n"),
            "5:2: ADD_64 is not available on r600 (no double precision)",
        );
        assert!(alu("rv670", NOKC, "\tADD_64 * T0.X, T1.X, T2.X\n").is_ok());
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, T1.X OMOD:4\n"),
            "OMOD value 4 out of range (0-3)",
        );
        fails(
            alu("rv770", NOKC, "\tMOV * T0.X, T1.X FOG:1\n"),
            "unknown field 'FOG'",
        );
        fails(
            alu("r600", NOKC, "\tMOV * T0.X, T1.Q\n"),
            "5:14: expected a register, found 'T1.Q'",
        );
        fails(
            alu("r600", NOKC, "\tMULADD * T0.X, |T1.X|, T2.X, T3.X\n"),
            "no |abs| modifier",
        );
        fails(
            alu("r600", NOKC, "\tBOGUS * T0.X, T1.X\n"),
            "5:2: unknown instruction 'BOGUS'",
        );
        fails(
            asm("r600", "\tMOV * T0.X, T1.X\n"),
            "'MOV' is not a CF instruction",
        );
        fails(
            asm("r600", "\tEXPORT_DONE T0 TYPE:1\n"),
            "EXPORT_DONE needs a swizzle",
        );
        fails(
            asm("r600", "\tTEX 0 @0 COUNT_3:1\n"),
            "COUNT_3 (bit 51) exists on R700 only",
        );
    }
}

/// Every row of the R600 tables has a golden vector (an instruction of LLVM's output
/// disassembles to it), or tests/r600/uncovered.txt says why not; and no row listed
/// there has one.
#[test]
fn every_opcode_has_a_golden_vector_or_a_reason() {
    use std::collections::BTreeSet;
    let mut seen: BTreeSet<(String, String)> = BTreeSet::new();
    for cpu in ["r600", "rv770"] {
        let t = Target::from_name(cpu).unwrap();
        for s in load(cpu) {
            let mut kind = "cf";
            for l in r600::disassemble(t, &s.bytes).lines() {
                let Some(w) = l.split_whitespace().next() else {
                    continue;
                };
                match w {
                    ".alu" => kind = "alu",
                    ".tex" | ".vtx" => kind = "fetch",
                    ".cf" => kind = "cf",
                    "PAD" | "CF_END" => {
                        seen.insert(("cf".into(), "NOP".into()));
                    }
                    _ if w.starts_with('.') || w.ends_with(':') || w == "LITERAL" => {}
                    _ => {
                        seen.insert((kind.into(), w.into()));
                    }
                }
            }
        }
    }
    let path = format!("{}/tests/r600/uncovered.txt", env!("CARGO_MANIFEST_DIR"));
    let listed: BTreeSet<(String, String)> = std::fs::read_to_string(path)
        .unwrap()
        .lines()
        .filter(|l| !l.starts_with('#'))
        .map(|l| {
            let mut c = l.split('\t');
            let (k, n, why) = (c.next().unwrap(), c.next().unwrap(), c.next().unwrap_or(""));
            assert!(!why.is_empty(), "no reason given for {k} {n}");
            (k.to_string(), n.to_string())
        })
        .collect();
    let tb = r600::tables::tables();
    let rows: Vec<(String, String)> = tb
        .alu
        .iter()
        .map(|o| ("alu".to_string(), o.name.to_string()))
        .chain(tb.cf.iter().map(|o| ("cf".to_string(), o.name.to_string())))
        .chain(
            tb.fetch
                .iter()
                .map(|o| ("fetch".to_string(), o.name.to_string())),
        )
        .collect();
    let mut problems = Vec::new();
    for r in &rows {
        match (seen.contains(r), listed.contains(r)) {
            (false, false) => {
                problems.push(format!("{} {}: no golden vector and no reason", r.0, r.1))
            }
            (true, true) => problems.push(format!(
                "{} {}: listed as uncovered but has a golden vector",
                r.0, r.1
            )),
            _ => {}
        }
    }
    for l in &listed {
        if !rows.contains(l) {
            problems.push(format!("{} {}: listed but not in the tables", l.0, l.1));
        }
    }
    let covered = rows.iter().filter(|r| seen.contains(*r)).count();
    eprintln!(
        "{covered} of {} R600 table rows have golden vectors",
        rows.len()
    );
    assert!(problems.is_empty(), "{}", problems.join("\n"));
}

/// The example of docs/r600-syntax.md assembles and disassembles back to itself.
#[test]
fn docs_example() {
    let block = std::fs::read_to_string(format!(
        "{}/docs/r600-syntax.md",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    let start = block.find("```text\n").unwrap() + 8;
    let text = &block[start..start + block[start..].find("```").unwrap()];
    let t = Target::from_name("rv770").unwrap();
    let bytes = r600::assemble(t, text).unwrap();
    assert_eq!(r600::disassemble(t, &bytes), text);
}

/// Mutated golden text (characters replaced, deleted, lines duplicated) never panics the
/// assembler: it assembles or gives located errors.
#[test]
fn mutated_text_never_panics() {
    let t = Target::from_name("r600").unwrap();
    let shaders = load("r600");
    let noise = amdgpu_mc::random::seeded_bytes(5, 1 << 16);
    let mut k = 0;
    let mut next = || {
        k = (k + 1) % noise.len();
        noise[k] as usize
    };
    let alphabet = b" ,.*@:|-+()[]0123456789XYZWTLCKPSxAB_\t;";
    for s in shaders.iter().take(60) {
        let text = r600::disassemble(t, &s.bytes);
        for _ in 0..30 {
            let mut b = text.clone().into_bytes();
            for _ in 0..1 + next() % 4 {
                let at = (next() << 8 | next()) % b.len().max(1);
                match next() % 3 {
                    0 => b[at] = alphabet[next() % alphabet.len()],
                    1 => {
                        b.remove(at);
                    }
                    _ => b.insert(at, alphabet[next() % alphabet.len()]),
                }
            }
            let m = String::from_utf8_lossy(&b);
            if let Err(es) = r600::assemble(t, &m) {
                let lines = m.lines().count().max(1);
                for e in es {
                    assert!(e.line >= 1 && e.line <= lines && e.col >= 1, "{e:?}");
                }
            }
        }
    }
}

/// Inputs the fuzz target found (the selector byte dropped).
#[test]
fn fuzz_findings_round_trip() {
    use amdgpu_mc::r600::{random, Chip};
    let cases = [
        "e4007631383700000200807a000000b8e4003dd0246edf2226000042",
        "e4007631383700000300001c0000002a00e40076313837000000f8e4003d00f8e404f8e41f0842",
        // A group of more than five slots: not an ALU clause.
        "e4007631383700000200001c010030b8e400ffffffffffffffffffffffffffffffffffffffffffffffff00000000000000000000000000ffff2f735f6d756c5f68695f0101010101010101010101010101015b6d7503ffffffffff37544576313235ffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffffff70ffffffffffffffffffffffffffffffffffff27fffffffffffffffffffffffffffffffffe70ffffffffffffffffffffffffff26435457ffffffff1f0042",
    ];
    for cpu in random::CPUS {
        let chip = Chip::of(Target::from_name(cpu).unwrap()).unwrap();
        for c in cases {
            let b: Vec<u8> = (0..c.len())
                .step_by(2)
                .map(|k| u8::from_str_radix(&c[k..k + 2], 16).unwrap())
                .collect();
            if let Err(e) = random::check_bytes(chip, &b) {
                panic!("{cpu}: {e}");
            }
        }
    }
}

mod lint {
    //! The R600 hazard rules: one breaking and one clean case each, and no finding on
    //! LLVM's code.
    use super::load;
    use amdgpu_mc::r600::{self, lint::lint, Chip};
    use amdgpu_mc::Target;

    fn rules(cpu: &str, src: &str) -> Vec<&'static str> {
        let t = Target::from_name(cpu).unwrap();
        let b = r600::assemble(t, src).unwrap();
        lint(Chip::of(t).unwrap(), &b)
            .into_iter()
            .map(|f| f.rule)
            .collect()
    }

    fn clause(body: &str, cf: &str) -> String {
        let n = body.lines().count() - 1;
        format!("\tALU {n}, @L2, KC0[], KC1[]{cf}\n\tCF_END\nL2:\n\t.alu\n{body}")
    }

    #[test]
    fn each_rule() {
        let c = |b: &str| rules("r600", &clause(b, ""));
        assert_eq!(c("\tMOV * T0.X, PV.X\n"), ["R600_PV_FIRST"]);
        assert_eq!(
            c("\tMOV * T0.X, T1.X\n\tMOV * T0.Y, PV.Y\n"),
            ["R600_PV_EMPTY"]
        );
        assert_eq!(
            c("\tMOV * T0.X, T1.X\n\tMOV * T0.Y, PS\n"),
            ["R600_PV_EMPTY"]
        );
        assert!(c("\tMOV * T0.X, T1.X\n\tMOV * T0.Y, PV.X\n").is_empty());
        assert!(c("\tMOV   T0.X, T1.X\n\tMOV * T0.X, T1.Y\n\tMOV * T0.Y, PS\n").is_empty());
        let mova = "\tMOVA_INT * T0.X (MASKED), T1.X\n";
        assert_eq!(
            c(&format!("\tMOV * T3.X, T1.X\n{mova}\tMOV * T2.X, PV.X\n")),
            ["R600_WATERFALL", "R600_MOVA_PV"]
        );
        assert!(rules(
            "r600",
            &clause(
                &format!("\tMOV * T3.X, T1.X\n{mova}\tMOV * T2.X, T1.X\n"),
                " UW:1"
            )
        )
        .is_empty());
        assert_eq!(
            rules(
                "r600",
                &clause(
                    &format!("{mova}\tMOV * T(0 + AR.x).X+, T1.X\n\tMOV * T2.X, T(0 + AR.x).X+\n"),
                    " UW:1"
                )
            ),
            ["R600_REL_WRITE_READ"]
        );
    }

    #[test]
    fn llvm_code_gives_no_findings() {
        for cpu in ["r600", "rv770"] {
            let t = Target::from_name(cpu).unwrap();
            let chip = Chip::of(t).unwrap();
            for s in load(cpu) {
                let f = lint(chip, &s.bytes);
                assert!(
                    f.is_empty(),
                    "{cpu} {}: {f:?}\n{}",
                    s.name,
                    r600::disassemble(t, &s.bytes)
                );
            }
        }
    }
}

/// The GCN entry points given an R600-family target refuse its instructions without
/// panicking (the command line sends these targets to the r600 backend).
#[test]
fn gcn_entry_points_with_r600_targets() {
    for cpu in ["r600", "rv770"] {
        let t = Target::from_name(cpu).unwrap();
        let a = amdgpu_mc::assemble(t, "v_add_f32 v1, v2, v3\ns_nop 0\n");
        assert_eq!(a.diags.len(), 2);
        let bytes = amdgpu_mc::random::seeded_bytes(3, 4096);
        let mut s = String::new();
        for l in amdgpu_mc::disasm::lines(t, &bytes) {
            let _ = amdgpu_mc::disasm::write_line(&mut s, t, &bytes, &l, false);
        }
        assert!(amdgpu_mc::decode(t, &bytes).is_err());
    }
}
