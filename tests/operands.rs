//! `Inst::operands` against the printer and the tables: for every golden vector, the
//! registers the operand list names are the registers the text shows, in order and
//! with the same widths; and every table row's operands (explicit and implicit) have an
//! access.

use amdgpu_mc::inst::{Operand, RegFile, Value};
use amdgpu_mc::isa::{flags, Access, Role, OPS};
use amdgpu_mc::operand_code::write_reg;
use amdgpu_mc::{decode, Target};

/// The registers a line of text names, in order (everything after the mnemonic).
fn text_regs(text: &str) -> Vec<String> {
    let named = [
        "vcc",
        "vcc_lo",
        "vcc_hi",
        "exec",
        "exec_lo",
        "exec_hi",
        "m0",
        "flat_scratch",
        "flat_scratch_lo",
        "flat_scratch_hi",
        "xnack_mask",
        "xnack_mask_lo",
        "xnack_mask_hi",
        "tba",
        "tba_lo",
        "tba_hi",
        "tma",
        "tma_lo",
        "tma_hi",
        "null",
    ];
    let is_reg = |t: &str| {
        if named.contains(&t) {
            return true;
        }
        let body = ["ttmp", "v", "s", "a"]
            .iter()
            .find_map(|p| t.strip_prefix(p))
            .unwrap_or("");
        let digits = |s: &str| !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit());
        digits(body)
            || body
                .strip_prefix('[')
                .and_then(|b| b.strip_suffix(']'))
                .and_then(|b| b.split_once(':'))
                .is_some_and(|(x, y)| digits(x) && digits(y))
    };
    let image = text.starts_with("image_");
    let export = text.starts_with("exp ");
    text.split(|c: char| !(c.is_ascii_alphanumeric() || "_[]:".contains(c)))
        .skip(1)
        // (MIMG's `a16` modifier is not AGPR 16.)
        // (nor the `null` export target a register).
        .filter(|t| is_reg(t) && !(image && *t == "a16") && !(export && *t == "null"))
        .map(str::to_string)
        .collect()
}

fn op_text(t: Target, o: &Operand) -> Option<String> {
    let r = o.regs()?;
    let code = match r.file {
        RegFile::Sgpr => r.first,
        RegFile::Vgpr => 256 + r.first,
        RegFile::Agpr => 512 + r.first,
        RegFile::Ttmp | RegFile::Scc => return None,
    };
    let mut s = String::new();
    write_reg(&mut s, t.gen, code, r.count).unwrap();
    Some(s)
}

#[test]
fn operands_match_printed_registers() {
    let files = [
        ("gfx906", include_str!("golden/gfx906.txt")),
        ("gfx900", include_str!("golden/gfx900.txt")),
        ("gfx908", include_str!("golden/gfx908.txt")),
        ("gfx90a", include_str!("golden/gfx90a.txt")),
        ("gfx942", include_str!("golden/gfx942.txt")),
        ("gfx803", include_str!("golden/gfx803.txt")),
        ("gfx600", include_str!("golden/gfx600.txt")),
        ("gfx700", include_str!("golden/gfx700.txt")),
    ];
    let mut failures = Vec::new();
    let mut checked = 0;
    for (cpu, text) in files {
        let t = Target::from_name(cpu).unwrap();
        for line in text
            .lines()
            .filter(|l| !l.starts_with('#') && !l.is_empty())
        {
            let (txt, enc) = line.split_once(" ; encoding: [").unwrap();
            let bytes: Vec<u8> = enc
                .trim_end_matches(']')
                .split(',')
                .map(|b| u8::from_str_radix(b.trim_start_matches("0x"), 16).unwrap())
                .collect();
            let Ok(i) = decode(t, &bytes) else { continue };
            let ops = i.operands(t);
            let ours: Vec<String> = ops.explicit().filter_map(|o| op_text(t, o)).collect();
            let printed = text_regs(&i.display(t).to_string());
            if ours != printed {
                failures.push(format!("{cpu}: {txt}: operands {ours:?}, text {printed:?}"));
            }
            for o in ops.as_slice() {
                let reg = matches!(o.value, Value::Reg(_));
                if reg == (o.access == Access::None) {
                    failures.push(format!("{cpu}: {txt}: {o:?} has access {:?}", o.access));
                }
            }
            checked += 1;
        }
    }
    eprintln!("{checked} golden vectors checked");
    assert!(checked > 60_000, "too few vectors decoded: {checked}");
    assert!(
        failures.is_empty(),
        "{} disagreements, first: {:#?}",
        failures.len(),
        &failures[..failures.len().min(40)]
    );
}

#[test]
fn every_register_slot_has_an_access() {
    for d in OPS.iter() {
        for s in d.sig() {
            let register = !(s.role.is_immediate()
                || matches!(s.role, Role::K | Role::Probe | Role::Attr | Role::Param));
            assert_eq!(
                register,
                s.access != Access::None,
                "{}: {:?} has access {:?}",
                d.name(),
                s.role,
                s.access
            );
        }
        // A destination that is only written never has the tied flag.
        if d.has(flags::TIED) {
            assert!(
                d.sig()
                    .iter()
                    .any(|s| s.role == Role::Vd && s.access == Access::ReadWrite),
                "{}: tied but its destination is not read",
                d.name()
            );
        }
    }
}

#[test]
fn classes_follow_the_tables() {
    use amdgpu_mc::isa::Unit;
    let mut odd = Vec::new();
    for d in OPS.iter() {
        let (vm, lgkm, exp) = (d.has(flags::VM), d.has(flags::LGKM), d.has(flags::EXP));
        let ok = match d.unit() {
            // (Cache invalidations, which have no operands, count on nothing.)
            Unit::Vmem => (vm || d.sig().is_empty()) && !lgkm,
            Unit::Flat => vm,
            Unit::Smem | Unit::Ds => lgkm && !vm,
            Unit::Export => exp && !vm && !lgkm,
            Unit::Salu | Unit::Valu | Unit::Interp => !vm && !lgkm && !exp,
            Unit::Sopp => !vm && !exp,
        };
        if !ok {
            odd.push(format!(
                "{} {:?} vm={vm} lgkm={lgkm} exp={exp}",
                d.name(),
                d.unit()
            ));
        }
        if d.is_mfma() {
            assert!(matches!(d.mfma_passes(), 2 | 4 | 8 | 16), "{}", d.name());
        }
        assert!(!d.is_dgemm() || d.is_mfma(), "{}", d.name());
        assert!(
            !d.has(flags::XDL) || (d.is_mfma() && !d.is_dgemm()),
            "{}",
            d.name()
        );
    }
    assert!(odd.is_empty(), "{odd:#?}");
}

#[test]
fn counters_and_passes() {
    use amdgpu_mc::assemble_line;
    use amdgpu_mc::inst::{Counters, Lgkm};
    let t = Target::from_name("gfx906").unwrap();
    let c = |s: &str| assemble_line(t, s).unwrap().counters(t);
    assert_eq!(c("ds_read_b32 v1, v2").lgkm, Some(Lgkm::Lds));
    assert_eq!(
        c("ds_add_u32 v1, v2 gds"),
        Counters {
            vm: false,
            lgkm: Some(Lgkm::Gds),
            exp: true
        }
    );
    assert_eq!(
        c("s_sendmsg sendmsg(MSG_INTERRUPT)").lgkm,
        Some(Lgkm::Message)
    );
    assert!(c("global_load_dword v1, v[2:3], off").vm);
    assert_eq!(c("global_load_dword v1, v[2:3], off").lgkm, None);
    assert!(c("exp mrt0 v1, v2, v3, v4").exp);
    assert!(c("v_add_f32 v1, v2, v3").is_empty());
    let t = Target::from_name("gfx942").unwrap();
    let d = |s: &str| assemble_line(t, s).unwrap().desc();
    let x = d("v_mfma_f32_16x16x16_f16 v[0:3], v[4:5], v[6:7], v[0:3]");
    assert_eq!((x.mfma_passes(), x.is_xdl(t)), (4, true));
    let x = d("v_mfma_f32_32x32x2_f32 v[0:15], v1, v2, v[0:15]");
    assert_eq!((x.mfma_passes(), x.is_xdl(t)), (16, false));
    let x = d("v_mfma_f64_4x4x4_4b_f64 v[0:1], v[2:3], v[4:5], v[0:1]");
    assert_eq!((x.mfma_passes(), x.is_dgemm()), (4, true));
    assert!(d("v_dot2_f32_f16 v0, v1, v2, v3").is_dot());
    assert!(d("v_rcp_f32 v0, v1").is_trans());
    assert!(d("v_add_f64 v[0:1], v[2:3], v[4:5]").is_dp_alu());
}
