//! Code-object reading end to end: through [`load`] and [`bundle_targets`], on the
//! files in tests/data, hand-built bundles and host ELF files, and damaged input.

use super::*;
use object::elf::{ET_DYN, ET_REL, SHT_PROGBITS, SHT_STRTAB};

const GFX906_O: &[u8] = include_bytes!("../../tests/data/tiny-gfx906.o");
const GFX900_O: &[u8] = include_bytes!("../../tests/data/tiny-gfx900.o");
const GFX906_HSACO: &[u8] = include_bytes!("../../tests/data/tiny-gfx906.hsaco");
/// clang-offload-bundler -compress output (zstd, CCOB v3) holding a host entry,
/// tiny-gfx906.hsaco as gfx906:xnack- and tiny-gfx900.o as gfx900.
const CCOB: &[u8] = include_bytes!("../../tests/data/tiny.ccob");

/// Builds an uncompressed bundle, as clang-offload-bundler lays it out.
fn bundle(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut head = BUNDLE_MAGIC.to_vec();
    head.extend((entries.len() as u64).to_le_bytes());
    let header_len: usize = head.len() + entries.iter().map(|(id, _)| 24 + id.len()).sum::<usize>();
    let mut offset = header_len;
    let mut body = Vec::new();
    for (id, data) in entries {
        head.extend((offset as u64).to_le_bytes());
        head.extend((data.len() as u64).to_le_bytes());
        head.extend((id.len() as u64).to_le_bytes());
        head.extend(id.as_bytes());
        body.extend_from_slice(data);
        offset += data.len();
    }
    head.extend(body);
    head
}

fn two_target_bundle() -> Vec<u8> {
    bundle(&[
        ("host-x86_64-unknown-linux-gnu-", &[]),
        ("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-", GFX906_O),
        ("hip-amdgcn-amd-amdhsa-gfx900", GFX900_O),
    ])
}

#[test]
fn relocatable_object() {
    let objs = load(GFX906_O, None).unwrap();
    assert_eq!(objs.len(), 1);
    let o = &objs[0];
    assert_eq!(o.target.as_deref(), Some("gfx906"));
    assert_eq!((o.xnack, o.sramecc), (Feature::Any, Feature::Any));
    assert_eq!(o.code_object_version(), Some(6));
    assert_eq!(o.target_id().as_deref(), Some("gfx906"));
    assert_eq!(o.e_type, ET_REL);
    assert_eq!(o.sections.len(), 1);
    assert_eq!(&o.image[..], GFX906_O);
    let text = &o.sections[0];
    assert_eq!((text.name.as_str(), text.address), (".text", 0));
    assert_eq!(
        text.symbols,
        vec![(0, "scale".to_string()), (0x100, "saxpy".to_string())]
    );
    // scale: s_waitcnt 0; v_mul_f32 v0, v0, v1
    assert_eq!(&text.bytes[..8], &[0, 0, 0x8c, 0xbf, 0, 3, 0, 0x0a]);
    let regions = text.regions();
    assert_eq!(regions.len(), 2);
    assert_eq!((regions[1].0, regions[1].1.clone()), (0x100, vec!["saxpy"]));
    assert_eq!(regions[0].2.len() + regions[1].2.len(), text.bytes.len());
    let gfx900 = load(GFX900_O, Some("gfx906")).unwrap();
    assert_eq!(gfx900[0].target.as_deref(), Some("gfx900"));
    assert_eq!(gfx900[0].xnack, Feature::Any);
    assert_eq!(gfx900[0].sramecc, Feature::Unsupported);
}

#[test]
fn shared_object_uses_dynsym_and_addresses() {
    let o = &load(GFX906_HSACO, None).unwrap()[0];
    assert_eq!(o.target.as_deref(), Some("gfx906"));
    assert_eq!(o.e_type, ET_DYN);
    let text = o.sections.iter().find(|s| s.name == ".text").unwrap();
    assert_ne!(text.address, 0);
    // Stripped: only the dynamic symbol of the kernel is left, section-relative.
    assert_eq!(text.symbols, vec![(0x100, "saxpy".to_string())]);
    let regions = text.regions();
    assert_eq!(regions[0].0, 0);
    assert!(regions[0].1.is_empty());
}

#[test]
fn hand_built_bundle() {
    let b = two_target_bundle();
    let all = load(&b, None).unwrap();
    let targets: Vec<_> = all.iter().map(|o| o.target.clone().unwrap()).collect();
    assert_eq!(targets, ["gfx906", "gfx900"]);
    assert_eq!(
        all[0].bundle_id.as_deref(),
        Some("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-")
    );
    let one = load(&b, Some("gfx900")).unwrap();
    assert_eq!(one.len(), 1);
    assert_eq!(one[0].sections, load(GFX900_O, None).unwrap()[0].sections);
    assert_eq!(load(&b, Some("gfx906:xnack-")).unwrap().len(), 1);
    assert_eq!(
        bundle_targets(&b).unwrap(),
        ["gfx900".to_string(), "gfx906:xnack-".to_string()]
    );
    let err = load(&b, Some("gfx90a")).unwrap_err();
    assert_eq!(
        err,
        ElfError::NoSuchTarget {
            want: "gfx90a".into(),
            available: vec!["gfx906:xnack-".into(), "gfx900".into()],
        }
    );
    assert_eq!(
        err.to_string(),
        "no code object for target 'gfx90a'; the input has: gfx906:xnack-, gfx900"
    );
    let host_only = bundle(&[("host-x86_64-unknown-linux-gnu-", b"x")]);
    assert_eq!(load(&host_only, None), Err(ElfError::NoCodeObjects));
    let bitcode = bundle(&[("hip-amdgcn-amd-amdhsa-gfx906", b"BC\xc0\xde....")]);
    assert!(load(&bitcode, None)
        .unwrap_err()
        .to_string()
        .contains("LLVM bitcode"));
}

#[test]
fn compressed_bundles() {
    // zstd, as clang-offload-bundler -compress writes it.
    let objs = load(CCOB, None).unwrap();
    let ids: Vec<_> = objs.iter().map(|o| o.target_id().unwrap()).collect();
    assert_eq!(ids, ["gfx906", "gfx900"]);
    assert_eq!(
        objs[0].sections,
        load(GFX906_HSACO, None).unwrap()[0].sections
    );
    assert_eq!(load(CCOB, Some("gfx900")).unwrap().len(), 1);
    let mut bad = CCOB.to_vec();
    bad[16..24].fill(0xff);
    assert!(matches!(load(&bad, None), Err(ElfError::OverLimit(_))));
    // zlib, in each header version.
    let plain = two_target_bundle();
    let z = miniz_oxide::deflate::compress_to_vec_zlib(&plain, 6);
    for version in 1..=3u16 {
        let mut c = b"CCOB".to_vec();
        c.extend(version.to_le_bytes());
        c.extend(0u16.to_le_bytes());
        let header = [20u64, 24, 32][version as usize - 1];
        let total = header + z.len() as u64;
        match version {
            1 => c.extend((plain.len() as u32).to_le_bytes()),
            2 => {
                c.extend((total as u32).to_le_bytes());
                c.extend((plain.len() as u32).to_le_bytes());
            }
            _ => {
                c.extend(total.to_le_bytes());
                c.extend((plain.len() as u64).to_le_bytes());
            }
        }
        c.extend(0u64.to_le_bytes());
        c.extend(&z);
        assert_eq!(load(&c, None).unwrap().len(), 2, "version {version}");
        // An absurd uncompressed size is an error, not an allocation.
        let mut bad = c.clone();
        let at = [8usize, 12, 16][version as usize - 1];
        let w = if version == 3 { 8 } else { 4 };
        bad[at..at + w].fill(0xff);
        assert!(matches!(load(&bad, None), Err(ElfError::OverLimit(_))));
        // A wrong size, a wrong method, a damaged stream: errors.
        let mut bad = c.clone();
        bad[6] = 7;
        assert!(matches!(load(&bad, None), Err(ElfError::Compressed(_))));
        let mut bad = c.clone();
        let n = bad.len();
        bad[n - 10] ^= 0x55;
        assert!(load(&bad, None).is_err());
    }
}

/// A zlib `CCOB` (version 3) around `plain`, its header claiming `claim` bytes.
fn ccob_zlib(plain: &[u8], claim: u64) -> Vec<u8> {
    let z = miniz_oxide::deflate::compress_to_vec_zlib(plain, 6);
    let mut c = b"CCOB".to_vec();
    c.extend(3u16.to_le_bytes());
    c.extend(0u16.to_le_bytes());
    c.extend((32 + z.len() as u64).to_le_bytes());
    c.extend(claim.to_le_bytes());
    c.extend(0u64.to_le_bytes());
    c.extend(&z);
    c
}

#[test]
fn decompression_limits() {
    let plain = two_target_bundle();
    let n = plain.len() as u64;
    // Over the limit: refused before inflating, and the limit can be raised.
    let c = ccob_zlib(&plain, n);
    let small = Limits {
        max_decompressed: n - 1,
        ..Limits::default()
    };
    let e = load_with(&c, None, &small).unwrap_err();
    assert!(matches!(e, ElfError::OverLimit(_)), "{e}");
    assert!(e.to_string().contains("over the limit"), "{e}");
    assert_eq!(load_with(&c, None, &Limits::default()).unwrap().len(), 2);
    // A stream that produces more than its header says stops there.
    let c = ccob_zlib(&plain, n / 2);
    let e = load(&c, None).unwrap_err();
    assert!(e.to_string().contains("more than"), "{e}");
    // Nesting: one level more than the limit is refused, the limit itself is read.
    let mut nested = plain.clone();
    for _ in 0..Limits::default().max_nesting {
        nested = ccob_zlib(&nested, nested.len() as u64);
    }
    assert_eq!(load(&nested, None).unwrap().len(), 2);
    let deeper = ccob_zlib(&nested, nested.len() as u64);
    let e = load(&deeper, None).unwrap_err();
    assert!(e.to_string().contains("nested more than 8 deep"), "{e}");
}

#[test]
fn entries_sharing_one_object_share_its_bytes() {
    let ids: Vec<String> = (0..500)
        .map(|k| format!("hipv4-amdgcn-amd-amdhsa--gfx906:xnack-{k}"))
        .collect();
    let entries: Vec<(&str, &[u8])> = ids.iter().map(|i| (i.as_str(), GFX906_O)).collect();
    let mut b = bundle(&entries);
    // Every entry names the first one's bytes.
    let first = u64::from_le_bytes(b[32..40].try_into().unwrap());
    let mut pos = 32;
    for id in &ids {
        b[pos..pos + 8].copy_from_slice(&first.to_le_bytes());
        pos += 24 + id.len();
    }
    let objs = load(&b, None).unwrap();
    assert_eq!(objs.len(), 500);
    assert!(Bytes::same_owner(&objs[0].image, &objs[499].image));
    assert_eq!(objs[499].bundle_id.as_deref(), Some(ids[499].as_str()));
}

/// Objects read by [`load_in`] are ranges of the input (no copy), their sections
/// ranges of the same; objects decompressed from a compressed bundle share the
/// decompressed bytes; and both read as [`load`] reads them.
#[test]
fn objects_share_the_input_given_as_bytes() {
    for input in [GFX906_O.to_vec(), two_target_bundle(), CCOB.to_vec()] {
        let shared = Bytes::from(input.clone());
        let objs = load_in(&shared, None, &Limits::default()).unwrap();
        assert_eq!(objs, load(&input, None).unwrap());
        let compressed = input.starts_with(COMPRESSED_BUNDLE_MAGIC);
        for o in &objs {
            assert_eq!(Bytes::same_owner(&o.image, &shared), !compressed);
            assert!(o
                .sections
                .iter()
                .all(|s| Bytes::same_owner(&s.bytes, &o.image)));
        }
    }
    let two = load_in(&Bytes::from(CCOB.to_vec()), None, &Limits::default()).unwrap();
    assert!(Bytes::same_owner(&two[0].image, &two[1].image));
}

/// A minimal x86-64 relocatable ELF with one section holding `fatbin`.
fn host_elf(section: &str, fatbin: &[u8]) -> Vec<u8> {
    let mut strtab = vec![0u8];
    strtab.extend(section.as_bytes());
    strtab.push(0);
    let shstrtab_name = strtab.len() as u32;
    strtab.extend(b".shstrtab\0");
    let data_at = 64u64;
    let str_at = data_at + fatbin.len() as u64;
    let sh_at = (str_at + strtab.len() as u64).next_multiple_of(8);
    let mut b = vec![0x7f, b'E', b'L', b'F', 2, 1, 1, 0];
    b.resize(16, 0);
    b.extend(1u16.to_le_bytes()); // ET_REL
    b.extend(62u16.to_le_bytes()); // EM_X86_64
    b.extend(1u32.to_le_bytes());
    b.extend(0u64.to_le_bytes()); // entry
    b.extend(0u64.to_le_bytes()); // phoff
    b.extend(sh_at.to_le_bytes());
    b.extend(0u32.to_le_bytes()); // flags
    for h in [64u16, 0, 0, 64, 3, 2] {
        b.extend(h.to_le_bytes());
    }
    b.extend(fatbin);
    b.extend(&strtab);
    b.resize(sh_at as usize, 0);
    let mut sh = |name: u32, kind: u32, flags: u64, off: u64, size: u64| {
        b.extend(name.to_le_bytes());
        b.extend(kind.to_le_bytes());
        b.extend(flags.to_le_bytes());
        b.extend(0u64.to_le_bytes()); // addr
        b.extend(off.to_le_bytes());
        b.extend(size.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(0u32.to_le_bytes());
        b.extend(1u64.to_le_bytes());
        b.extend(0u64.to_le_bytes());
    };
    sh(0, 0, 0, 0, 0);
    sh(1, SHT_PROGBITS, 2, data_at, fatbin.len() as u64);
    sh(shstrtab_name, SHT_STRTAB, 0, str_at, strtab.len() as u64);
    b
}

#[test]
fn fatbin_in_host_elf() {
    // Two bundles with padding between them, as the linker lays out the
    // .hip_fatbin sections of two translation units.
    let b = two_target_bundle();
    let mut fatbin = b.clone();
    fatbin.resize(fatbin.len().next_multiple_of(4096), 0);
    fatbin.extend(&b);
    let host = host_elf(".hip_fatbin", &fatbin);
    assert_eq!(load(&host, None).unwrap().len(), 4);
    let gfx900 = load(&host, Some("gfx900")).unwrap();
    assert_eq!(gfx900.len(), 2);
    assert!(gfx900.iter().all(|o| o.target.as_deref() == Some("gfx900")));
    assert_eq!(bundle_targets(&host).unwrap(), ["gfx900", "gfx906:xnack-"]);
    // Compressed bundles in the section too.
    assert_eq!(load(&host_elf(".hip_fatbin", CCOB), None).unwrap().len(), 2);
    // A host file without the section is not a code object.
    let plain = host_elf(".data", &fatbin);
    assert_eq!(load(&plain, None), Err(ElfError::NotAmdgpu { machine: 62 }));
    assert_eq!(
        load(&host_elf(".hip_fatbin", &[0; 64]), None),
        Err(ElfError::NoCodeObjects)
    );
}

#[test]
fn errors() {
    assert_eq!(load(b"", None), Err(ElfError::UnknownFormat));
    assert_eq!(load(b"hello world", None), Err(ElfError::UnknownFormat));
    assert!(matches!(
        load(b"\x7fELF", None),
        Err(ElfError::Malformed(_))
    ));
    assert!(matches!(
        load(BUNDLE_MAGIC, None),
        Err(ElfError::Malformed(_))
    ));
    let mut huge = BUNDLE_MAGIC.to_vec();
    huge.extend(u64::MAX.to_le_bytes());
    huge.extend(u64::MAX.to_le_bytes());
    huge.extend(u64::MAX.to_le_bytes());
    huge.extend(u64::MAX.to_le_bytes());
    assert!(matches!(load(&huge, None), Err(ElfError::Malformed(_))));
    for e in [
        ElfError::UnknownFormat,
        ElfError::NotAmdgpu { machine: 62 },
        ElfError::NoCodeObjects,
    ] {
        assert!(!e.to_string().is_empty());
    }
}

/// A small xorshift generator: the fuzz test needs no extra crate.
struct Rng(u64);
impl Rng {
    fn next(&mut self) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0
    }
    fn below(&mut self, n: usize) -> usize {
        (self.next() % n.max(1) as u64) as usize
    }
}

#[test]
fn fuzz_never_panics() {
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    let seeds: Vec<Vec<u8>> = vec![
        GFX906_O.to_vec(),
        GFX906_HSACO.to_vec(),
        CCOB.to_vec(),
        two_target_bundle(),
        host_elf(".hip_fatbin", &two_target_bundle()),
    ];
    for seed in &seeds {
        // Every truncation.
        for n in (0..seed.len()).step_by(7) {
            let _ = load(&seed[..n], None);
            let _ = load(&seed[..n], Some("gfx906"));
        }
        // Random byte and word corruption.
        for _ in 0..400 {
            let mut b = seed.clone();
            for _ in 0..=rng.below(8) {
                let at = rng.below(b.len());
                if rng.next() & 1 == 0 {
                    b[at] = rng.next() as u8;
                } else {
                    let v = [0u8, 0xff, 0x7f, 0x80][rng.below(4)];
                    let end = (at + 8).min(b.len());
                    b[at..end].fill(v);
                }
            }
            let _ = load(&b, None);
            let _ = bundle_targets(&b);
        }
    }
    // Pure noise behind each magic.
    for magic in [
        &b"\x7fELF\x02\x01\x01"[..],
        b"\x7fELF\x01\x01",
        BUNDLE_MAGIC,
        b"CCOB",
    ] {
        for _ in 0..300 {
            let mut b = magic.to_vec();
            let n = rng.below(600);
            b.extend((0..n).map(|_| rng.next() as u8));
            let _ = load(&b, None);
        }
    }
}

#[test]
fn errors_inside_compressed_bundles_say_how_deep() {
    let mut plain = two_target_bundle();
    plain.truncate(40);
    let mut c = ccob_zlib(&plain, plain.len() as u64);
    for _ in 0..2 {
        c = ccob_zlib(&c, c.len() as u64);
    }
    let e = load(&c, None).unwrap_err().to_string();
    assert!(e.ends_with("(inside 3 compressed bundle(s))"), "{e}");
    assert_eq!(e.matches("inside").count(), 1, "{e}");
}

/// Checking an ELF file reads as much of it as parsing it does: the same error, or
/// none, for damaged files too (a bundle's entries are checked before any is read).
#[test]
fn checking_an_elf_file_fails_as_parsing_it_does() {
    let mut rng = Rng(0x2545_f491_4f6c_dd1d);
    let outcome =
        |r: Result<elf::Elf, ElfError>| r.map(|e| (e.machine, e.flags)).map_err(|e| e.to_string());
    for seed in [GFX906_O, GFX900_O, GFX906_HSACO] {
        for n in (0..seed.len()).step_by(5) {
            let b = &seed[..n];
            assert_eq!(
                outcome(elf::Elf::check(b)),
                outcome(elf::Elf::parse(b)),
                "cut at {n}"
            );
        }
        for _ in 0..2000 {
            let mut b = seed.to_vec();
            for _ in 0..=rng.below(4) {
                let at = rng.below(b.len());
                b[at] = rng.next() as u8;
            }
            assert_eq!(outcome(elf::Elf::check(&b)), outcome(elf::Elf::parse(&b)));
        }
    }
}

/// Names that are not UTF-8 read as `String::from_utf8_lossy` reads them.
#[test]
fn names_read_as_lossy_utf8() {
    for name in [
        &b"saxpy"[..],
        b"",
        b"a\xffb",
        b"\xe2\x82",
        "é.kd".as_bytes(),
    ] {
        assert_eq!(text(name), String::from_utf8_lossy(name));
    }
}
