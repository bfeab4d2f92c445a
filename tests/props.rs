//! Round-trip identities as property tests on stable, driven by the same generators
//! as the cargo-fuzz targets (`amdgpu_mc::random`, `amdgpu_mc::fuzz`):
//! encode(decode(b)) == b, decode(encode(i)) == i, parse(print(i)) == i; and bad
//! input never panics.

use amdgpu_mc::{assemble, fuzz, random, Target};

use fuzz::CPUS;

#[test]
fn generated_instructions_round_trip() {
    for cpu in CPUS {
        let t = Target::from_name(cpu).unwrap();
        for seed in 0..4u64 {
            let bytes = random::seeded_bytes(seed * 7919 + 1, 1 << 20);
            let mut u = arbitrary::Unstructured::new(&bytes);
            let rows = random::rows(t);
            let mut n = 0;
            while !u.is_empty() && n < 5000 {
                let Ok(i) = random::inst(t, &rows, &mut u) else {
                    continue;
                };
                if let Err(e) = fuzz::check_inst(t, &i) {
                    panic!("{cpu}: {e}");
                }
                n += 1;
            }
            assert!(n >= 5000, "generator starved");
        }
    }
}

#[test]
fn encode_accepts_exactly_what_decodes_back() {
    for cpu in CPUS {
        let t = Target::from_name(cpu).unwrap();
        let bytes = random::seeded_bytes(0xc0de, 1 << 21);
        let mut u = arbitrary::Unstructured::new(&bytes);
        let rows = random::rows(t);
        let (mut n, mut refused) = (0, 0);
        while !u.is_empty() && n < 20_000 {
            let Ok(i) = random::mutated_inst(t, &rows, &mut u) else {
                continue;
            };
            if let Err(e) = fuzz::check_encode_contract(t, &i) {
                panic!("{cpu}: {e}");
            }
            refused += amdgpu_mc::encode(t, &i).is_err() as usize;
            n += 1;
        }
        assert!(n >= 20_000, "generator starved");
        // The mutations must reach both sides of the contract.
        assert!(
            refused > n / 20 && refused < n,
            "{cpu}: {refused} of {n} refused"
        );
    }
}

#[test]
fn random_words_round_trip() {
    for cpu in CPUS {
        let t = Target::from_name(cpu).unwrap();
        let bytes = random::seeded_bytes(0xb17e5, 1 << 21);
        for chunk in bytes.chunks(12) {
            if let Err(e) = fuzz::check_bytes(t, chunk) {
                panic!("{cpu}: {e}");
            }
        }
        // Words of each known encoding prefix, so that every decoder sees many.
        for (k, chunk) in bytes.chunks(12).enumerate() {
            let mut c = chunk.to_vec();
            let prefixes: [(u32, u32); 8] = [
                (0xc000_0000, 0xfc00_0000), // SMEM
                (0xd000_0000, 0xfc00_0000), // VOP3
                (0xd380_0000, 0xff80_0000), // VOP3P
                (0x7e00_0000, 0xfe00_0000), // VOP1
                (0x7c00_0000, 0xfe00_0000), // VOPC
                (0xbf80_0000, 0xff80_0000), // SOPP
                (0xb000_0000, 0xf000_0000), // SOPK
                (0x0000_0000, 0x8000_0000), // VOP2
            ];
            let (p, m) = prefixes[k % prefixes.len()];
            let w = u32::from_le_bytes([c[0], c[1], c[2], c[3]]) & !m | p;
            c[..4].copy_from_slice(&w.to_le_bytes());
            if let Err(e) = fuzz::check_bytes(t, &c) {
                panic!("{cpu}: {e}");
            }
        }
    }
}

#[test]
fn garbage_text_never_panics() {
    let t = Target::from_name("gfx906").unwrap();
    let pieces = [
        "v_add_f32",
        "s_mov_b32",
        "v",
        "s[",
        "]",
        ":",
        ",",
        "|",
        "-",
        "(",
        ")",
        "0x",
        "1e999",
        "99999999999999999999",
        "lit(",
        "abs(",
        "neg(",
        "sext(",
        "op_sel:[",
        "1,",
        "0]",
        "clamp",
        "mul:",
        "hwreg(",
        "sendmsg(",
        "vmcnt(",
        "&",
        " ",
        "\t",
        ".long",
        "label:",
        "s_branch",
        "v[255:256]",
        "ttmp[",
        "vcc",
        "exec",
        "1.5",
        "-|",
        "|-",
        "offset:",
        "glc",
        "\u{e9}",
        "\0",
        ";",
        "//",
        "#",
        "=",
        ".set",
        "x",
        "*",
        "/0",
        "<<",
        "s_waitcnt",
        "v_cmp_eq_f32",
        "v_pk_fma_f16",
        "s_load_dword",
    ];
    let bytes = random::seeded_bytes(42, 1 << 20);
    for chunk in bytes.chunks(16) {
        let line: String = chunk
            .iter()
            .take_while(|b| **b != 0)
            .map(|b| pieces[*b as usize % pieces.len()])
            .collect();
        let _ = assemble(t, &line);
        let _ = amdgpu_mc::assemble_line(t, &line);
    }
}

#[test]
fn edge_inputs_give_located_errors() {
    let t = Target::from_name("gfx906").unwrap();
    for (src, line, col, msg) in [
        ("v_bogus v1, v2", 1, 1, "invalid instruction"),
        (
            "\n  v_add_f32 v1, v2, v300",
            2,
            21,
            "register index is out of range",
        ),
        ("s_mov_b32 s0, 99999999999999999999", 1, 15, ""),
        (
            "s_mov_b32 s0, 0x1ffffffff",
            1,
            15,
            "invalid operand for instruction",
        ),
        ("v_add_f32 v1, v2", 1, 1, "too few operands for instruction"),
        ("s_mov_b64 s[1:2], 0", 1, 11, "invalid register alignment"),
        (
            "s_add_u32 s1, 0x12345678, 0x12345679",
            1,
            27,
            "only one unique literal operand is allowed",
        ),
        (
            "v_add_f32_e64 v1, s1, s2",
            1,
            23,
            "invalid operand (violates constant bus restrictions)",
        ),
        (
            "v_add_f32_e64 v1, v2, 0x12345",
            1,
            23,
            "literal operands are not supported",
        ),
        ("s_branch nowhere", 1, 10, "undefined label"),
    ] {
        let a = assemble(t, src);
        let d = a
            .diags
            .first()
            .unwrap_or_else(|| panic!("no error for {src:?}"));
        assert_eq!((d.line, d.col), (line, col), "{src:?}: {d:?}");
        assert!(d.msg.contains(msg), "{src:?}: {d:?}");
    }
    // Empty input and comments are fine.
    assert!(assemble(t, "").diags.is_empty());
    assert!(assemble(t, "// nothing\n; here\n# or here")
        .diags
        .is_empty());
    // v_fmac_f32 exists on gfx906 but not gfx900.
    let t900 = Target::from_name("gfx900").unwrap();
    assert_eq!(
        assemble(t900, "v_fmac_f32 v1, v2, v3").diags[0].msg,
        "instruction not supported on this GPU"
    );
    assert!(assemble(t, "v_fmac_f32 v1, v2, v3").diags.is_empty());
}

#[test]
fn image_export_interp_words_round_trip() {
    // MIMG, EXP, VINTRP and VOP3 interpolation words, with the bits the decoders
    // refuse (reserved, disabled sources) often cleared so that many decode.
    for cpu in CPUS {
        let t = Target::from_name(cpu).unwrap();
        let bytes = random::seeded_bytes(0x1a7e_5eed, 1 << 21);
        for (k, chunk) in bytes.chunks(8).enumerate() {
            let mut w0 = u32::from_le_bytes([chunk[0], chunk[1], chunk[2], chunk[3]]);
            let mut w1 = u32::from_le_bytes([chunk[4], chunk[5], chunk[6], chunk[7]]);
            let tidy = k % 3 != 0;
            match k % 4 {
                0 => {
                    w0 = w0 & 0x03ff_ff00 | 0xf000_0000;
                    if tidy {
                        w1 &= !0x7c00_0000;
                    }
                }
                1 => {
                    w0 = w0 & 0x1fff | 0xc400_0000;
                    if tidy {
                        // The fields of disabled sources are zero.
                        for k in 0..4 {
                            if w0 >> k & 1 == 0 {
                                w1 &= !(0xff << (8 * k));
                            }
                        }
                    }
                }
                2 => {
                    w0 = w0 & 0x03ff_ffff | 0xd400_0000;
                    w1 = 0xbf80_0000; // s_nop 0
                }
                _ => {
                    w0 = w0 & 0x0007_ffff | 0xd270_0000;
                    if tidy {
                        w0 &= !0x7f00;
                        w1 = w1 & 0x0003_fe1f | 0x100 << 9;
                    }
                }
            }
            let mut c = w0.to_le_bytes().to_vec();
            c.extend_from_slice(&w1.to_le_bytes());
            if let Err(e) = fuzz::check_bytes(t, &c) {
                panic!("{cpu}: {e}");
            }
        }
    }
}

/// Inputs the fuzzer found, kept as regressions: (target, bytes).
#[test]
fn fuzz_findings_round_trip() {
    let found: &[(&str, &[u8])] = &[
        // gfx7 SMRD literal offset that the short form could hold: printed as
        // lit(0x65), which keeps the literal form (0x65 alone assembles short).
        ("gfx700", &[0xff, 0x00, 0x00, 0xc2, 0x65, 0x00, 0x00, 0x00]),
    ];
    for (cpu, bytes) in found {
        let t = Target::from_name(cpu).unwrap();
        if let Err(e) = fuzz::check_bytes(t, bytes) {
            panic!("{cpu}: {e}");
        }
    }
}

/// The `objfile` fuzz target's property on stable: generated programs assembled into
/// objects, wrapped in (compressed, nested) bundles and damaged, and raw random bytes
/// behind each container magic, never panic the reader or the disassembler.
#[test]
fn object_files() {
    use amdgpu_mc::random::files;
    let mut wrapped = 0;
    for (k, cpu) in CPUS.iter().enumerate() {
        let t = Target::from_name(cpu).unwrap();
        let rows = random::rows(t);
        let bytes = random::seeded_bytes(0x0bf11e + k as u64, 1 << 19);
        let mut u = arbitrary::Unstructured::new(&bytes);
        for _ in 0..60 {
            let Ok(src) = files::program(t, &rows, &mut u) else {
                break;
            };
            let a = amdgpu_mc::mc::assemble_object(
                &amdgpu_mc::mc::Triple::default(),
                t,
                None,
                None,
                &src,
                None,
            );
            if !a.diags.is_empty() {
                continue;
            }
            let objects = vec![a.elf()];
            let Ok(file) = files::container(&objects, &mut u) else {
                break;
            };
            if let Err(e) = fuzz::check_object_file(&file) {
                panic!("{cpu}: {e}");
            }
            wrapped += 1;
        }
    }
    assert!(wrapped > 100, "only {wrapped} objects made");
    let noise = random::seeded_bytes(0xe1f, 1 << 16);
    for magic in [
        &b"\x7fELF\x02\x01\x01"[..],
        b"__CLANG_OFFLOAD_BUNDLE__",
        b"CCOB",
    ] {
        for chunk in noise.chunks(512) {
            let mut f = magic.to_vec();
            f.extend_from_slice(chunk);
            fuzz::check_object_file(&f).unwrap();
        }
    }
}

/// The `asm_file` fuzz target's property on stable: generated whole programs
/// (sections, labels, branches, symbols, data, alignment) through both assemblers,
/// and what assembles loads back as an object and round-trips.
#[test]
fn assembly_files() {
    use amdgpu_mc::random::files;
    let mut accepted = 0;
    for (k, cpu) in CPUS.iter().enumerate() {
        let t = Target::from_name(cpu).unwrap();
        let rows = random::rows(t);
        let bytes = random::seeded_bytes(0xa55e + k as u64, 1 << 19);
        let mut u = arbitrary::Unstructured::new(&bytes);
        for _ in 0..100 {
            let Ok(src) = files::program(t, &rows, &mut u) else {
                break;
            };
            if let Err(e) = fuzz::check_asm_file(t, &src) {
                panic!("{cpu}: {e}");
            }
            accepted += amdgpu_mc::mc::assemble_object(
                &amdgpu_mc::mc::Triple::default(),
                t,
                None,
                None,
                &src,
                None,
            )
            .diags
            .is_empty() as usize;
        }
    }
    // The generator must mostly make programs the assembler takes.
    assert!(accepted > 300, "only {accepted} of 800 programs assembled");
}
