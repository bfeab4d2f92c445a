//! Generates the instruction tables from the ISA data files in `isa/`.
//!
//! Each `isa/<format>.tsv` has a header line naming its columns:
//!
//! ```text
//! name    gfx9    sig                     flags
//! v_add_f32   1   vd.f32 s0.f32 s1.f32
//! ```
//!
//! * `name`: the mnemonic as llvm-mc prints it (no `_e32`/`_e64` suffix).
//! * one column per opcode column of `GENS` (`gfx6`, `gfx7`, `gfx8`, `gfx9`, `gfx908`,
//!   `gfx90a`, `gfx940`): the opcode there (decimal or 0x hex), `-` where the
//!   instruction does not exist. A target row (`src/target.rs`) names the column it
//!   decodes with; a column with a base takes the base's opcodes in files whose header
//!   does not name it.
//! * `sig`: the operands in syntax order, `role[.type][/class][:access][+m0]` (see
//!   `src/isa/sig.rs`, which build.rs shares): the access (`r`, `w`, `rw`) defaults to
//!   the role's (`Role::default_access`); `+m0` marks a register indexed by M0.
//! * `flags`: space-separated properties (see `src/isa/flags.rs`, also shared).
//!
//! The output is `$OUT_DIR/tables.rs`: the `OPS` array (one `OpDesc` per row), per
//! generation and format decode arrays indexed by opcode, and a sorted name index.

use std::collections::BTreeMap;
use std::fmt::Write as _;
use std::path::Path;

#[path = "build/r600.rs"]
mod r600;

/// The flags, each with its spelling in the tables.
#[path = "src/isa/flags.rs"]
#[allow(dead_code)]
mod flags;

/// The operand vocabulary (roles, types, classes, access), with its spellings.
#[path = "src/isa/sig.rs"]
#[allow(dead_code)]
mod sig;

use sig::{Access, Class, Role, Ty};

/// Formats with their opcode-field widths, in `Fmt` enum order.
const FORMATS: &[(&str, &str, u32)] = &[
    ("sop2", "Sop2", 7),
    ("sopk", "Sopk", 5),
    ("sop1", "Sop1", 8),
    ("sopc", "Sopc", 7),
    ("sopp", "Sopp", 7),
    ("smem", "Smem", 8),
    ("vop1", "Vop1", 8),
    ("vop2", "Vop2", 6),
    ("vopc", "Vopc", 8),
    ("vop3", "Vop3", 10),
    ("vop3p", "Vop3p", 7),
    ("ds", "Ds", 8),
    ("mubuf", "Mubuf", 7),
    ("mtbuf", "Mtbuf", 4),
    ("mimg", "Mimg", 7),
    ("flat", "Flat", 7),
    ("global", "Global", 7),
    ("scratch", "Scratch", 7),
    ("exp", "Exp", 1),
    ("vintrp", "Vintrp", 2),
];

/// Table files and the format their rows belong to, for the formats implemented so far
/// (a format's file joins this list with its codec). Files not present are skipped.
const FILES: &[(&str, &str)] = &[
    ("sop2", "sop2"),
    ("sopk", "sopk"),
    ("sop1", "sop1"),
    ("sopc", "sopc"),
    ("sopp", "sopp"),
    ("smem", "smem"),
    ("vop1", "vop1"),
    ("vop2", "vop2"),
    ("vopc", "vopc"),
    ("vop3", "vop3"),
    ("vop3p", "vop3p"),
    ("ds", "ds"),
    ("mubuf", "mubuf"),
    ("mtbuf", "mtbuf"),
    ("flat", "flat"),
    ("global", "global"),
    ("scratch", "scratch"),
    ("mimg", "mimg"),
    ("exp", "exp"),
    ("vintrp", "vintrp"),
    ("vop3-interp", "vop3"),
];

/// Opcode columns: the header name, the `Column` constant a target row names, and the
/// column a table file without this header inherits its opcodes from (so a column that
/// differs from its base in a few instructions needs a header only in the files that
/// differ). Their number is the width of `OpDesc::opc`.
const GENS: &[(&str, &str, Option<&str>)] = &[
    ("gfx6", "GFX6", None),
    ("gfx7", "GFX7", None),
    ("gfx8", "GFX8", None),
    ("gfx9", "GFX9", None),
    ("gfx908", "GFX908", None),
    ("gfx90a", "GFX90A", None),
    ("gfx940", "GFX940", None),
];

const FEATURES: &[(&str, &str)] = &[
    ("madmix", "MAD_MIX"),
    ("fmamix", "FMA_MIX"),
    ("dl", "DL"),
    ("dot1", "DOT1"),
    ("dot2", "DOT2"),
    ("packedd16", "PACKED_D16"),
    ("unpackedd16", "UNPACKED_D16"),
    ("xf32", "XF32"),
    ("gfx950", "GFX950_INSTS"),
];

/// One operand of a signature: `role[.type][/class][:access][+m0]`.
struct SigSlot {
    role: Role,
    ty: Ty,
    class: Class,
    access: Access,
    indexed: bool,
}

struct Row {
    name: String,
    fmt: usize,
    opc: Vec<Option<u32>>, // per GENS entry
    sig: Vec<SigSlot>,
    flags: Vec<String>,
    req: Vec<String>,
    /// MFMA passes (`passes:N`), 0 for other instructions.
    passes: u8,
    /// Other names the assembler accepts for this row (the `alias` column).
    aliases: Vec<String>,
    /// The VADDR widths of an MIMG row (the `vaddr` column: `1-4`, `1,3`), bit n for n
    /// dwords.
    vaddr: u16,
    line: String,
}

fn lookup<T: Copy>(table: &[(&str, T)], key: &str, what: &str, at: &str) -> T {
    table
        .iter()
        .find(|(k, _)| *k == key)
        .map(|(_, v)| *v)
        .unwrap_or_else(|| panic!("{at}: unknown {what} '{key}'"))
}

/// The name of the `flags::` constant spelt `name` in the tables.
fn flag(name: &str, at: &str) -> String {
    let f = flags::NAMES.iter().find(|f| f.0 == name);
    f.unwrap_or_else(|| panic!("{at}: unknown flag '{name}'"))
        .1
        .to_string()
}

fn parse_num(s: &str, at: &str) -> u32 {
    let r = if let Some(h) = s.strip_prefix("0x") {
        u32::from_str_radix(h, 16)
    } else {
        s.parse()
    };
    r.unwrap_or_else(|_| panic!("{at}: bad opcode '{s}'"))
}

fn read_rows(dir: &Path) -> Vec<Row> {
    let mut rows = Vec::new();
    for (file, fmt) in FILES {
        let fi = FORMATS
            .iter()
            .position(|f| f.0 == *fmt)
            .expect("format of a table file");
        let bits = FORMATS[fi].2;
        let path = dir.join(format!("{file}.tsv"));
        println!("cargo:rerun-if-changed={}", path.display());
        let Ok(text) = std::fs::read_to_string(&path) else {
            continue;
        };
        let mut header: Vec<String> = Vec::new();
        for (ln, line) in text.lines().enumerate() {
            let at = format!("{}:{}", path.display(), ln + 1);
            let line = line.trim_end();
            if line.is_empty() || line.starts_with('#') {
                continue;
            }
            let cols: Vec<&str> = line.split('\t').map(str::trim).collect();
            if header.is_empty() {
                header = cols.iter().map(|s| s.to_string()).collect();
                assert_eq!(header[0], "name", "{at}: header must start with 'name'");
                continue;
            }
            assert!(
                cols.len() <= header.len(),
                "{at}: more columns than the header"
            );
            let col = |n: &str| -> &str {
                header
                    .iter()
                    .position(|h| h == n)
                    .and_then(|i| cols.get(i).copied())
                    .unwrap_or("")
            };
            let mut opc = vec![None; GENS.len()];
            for (gi, (g, _, base)) in GENS.iter().enumerate() {
                if let Some(b) = base.filter(|_| !header.iter().any(|h| h == g)) {
                    let bi = GENS.iter().position(|c| c.0 == b).expect("base column");
                    assert!(bi < gi, "column {g}: base {b} must come before it");
                    opc[gi] = opc[bi];
                    continue;
                }
                let v = col(g);
                if !v.is_empty() && v != "-" {
                    let n = parse_num(v, &at);
                    assert!(n < (1 << bits), "{at}: opcode {n} does not fit {bits} bits");
                    // Opcodes whose bits would spell another format's encoding field.
                    let limit = match *fmt {
                        "sop2" => 0x60, // 1011... is SOPK
                        "sopk" => 0x1d, // 10111101.. is SOP1, SOPC, SOPP
                        "vop2" => 0x3e, // 0111110 is VOPC, 0111111 VOP1
                        _ => 1 << bits,
                    };
                    assert!(n < limit, "{at}: opcode {n} is another format's encoding");
                    opc[gi] = Some(n);
                }
            }
            let sig = col("sig")
                .split_whitespace()
                .map(|tok| {
                    let (tok, indexed) = match tok.strip_suffix("+m0") {
                        Some(t) => (t, true),
                        None => (tok, false),
                    };
                    let (tok, access) = match tok.split_once(':') {
                        Some((t, a)) => (t, Some(lookup(Access::SPELLINGS, a, "access", &at))),
                        None => (tok, None),
                    };
                    let (rest, class) = match tok.split_once('/') {
                        Some((r, c)) => (r, lookup(Class::SPELLINGS, c, "class", &at)),
                        None => (tok, Class::Any),
                    };
                    let (role, ty) = match rest.split_once('.') {
                        Some((r, t)) => (r, lookup(Ty::SPELLINGS, t, "type", &at)),
                        None => (rest, Ty::None),
                    };
                    let role = lookup(Role::SPELLINGS, role, "role", &at);
                    let default = role.default_access();
                    let access = access.unwrap_or(default);
                    assert!(
                        default != Access::None || access == Access::None,
                        "{at}: '{tok}' is not a register operand and takes no access"
                    );
                    SigSlot {
                        role,
                        ty,
                        class,
                        access,
                        indexed,
                    }
                })
                .collect();
            let mut flags = Vec::new();
            let mut req = Vec::new();
            let mut passes = 0;
            for f in col("flags").split_whitespace() {
                if let Some(n) = f.strip_prefix("passes:") {
                    passes = n
                        .parse()
                        .unwrap_or_else(|_| panic!("{at}: bad pass count '{n}'"));
                } else if let Some(feat) = f.strip_prefix("req:") {
                    req.push(lookup(FEATURES, feat, "feature", &at).to_string());
                } else {
                    flags.push(flag(f, &at));
                }
            }
            rows.push(Row {
                name: cols[0].to_string(),
                fmt: fi,
                opc,
                sig,
                flags,
                req,
                passes,
                aliases: col("alias")
                    .split(',')
                    .filter(|a| !a.is_empty() && *a != "-")
                    .map(str::to_string)
                    .collect(),
                vaddr: widths(col("vaddr")),
                line: at,
            });
        }
    }
    rows
}

/// The bit set of a width list (`1-4`, `2,4`): bit n for n dwords, n up to 15; what
/// does not parse is left out.
fn widths(spec: &str) -> u16 {
    let mut mask = 0u16;
    for part in spec.split(',') {
        let (lo, hi) = part.split_once('-').unwrap_or((part, part));
        if let (Ok(lo), Ok(hi)) = (lo.parse::<u32>(), hi.parse::<u32>()) {
            for n in lo..=hi.min(15) {
                mask |= 1 << n;
            }
        }
    }
    mask
}

/// `$OUT_DIR/mimg_vaddr.rs`: the VADDR widths of each MIMG row by name, in file order.
fn mimg_vaddr(rows: &[Row], out_dir: &Path) {
    let mimg: Vec<&Row> = rows.iter().filter(|r| FORMATS[r.fmt].0 == "mimg").collect();
    let mut out = String::from("// Generated by build.rs from isa/mimg.tsv. Do not edit.\n\n");
    writeln!(
        out,
        "/// Each MIMG row's name and VADDR widths (bit n: n dwords), from the `vaddr` column.\nstatic VADDR_WIDTHS: [(&str, u16); {}] = [",
        mimg.len()
    )
    .unwrap();
    for r in mimg {
        writeln!(out, "    ({:?}, {:#x}),", r.name, r.vaddr).unwrap();
    }
    out.push_str("];\n");
    std::fs::write(out_dir.join("mimg_vaddr.rs"), out).unwrap();
}

/// The VOP3 opcode of a VOP1/VOP2/VOPC row in opcode column `gen` (index into GENS).
fn promoted(fmt: &str, gen: usize, op: u32) -> u32 {
    let gfx67 = matches!(GENS[gen].0, "gfx6" | "gfx7");
    match fmt {
        "vopc" => op,
        "vop2" => 0x100 + op,
        "vop1" if gfx67 => 0x180 + op,
        "vop1" => 0x140 + op,
        _ => unreachable!(),
    }
}

fn main() {
    // (Read at run time: a build script copied with its target directory keeps the
    // path it was compiled with.)
    let dir = Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("isa");
    let rows = read_rows(&dir);
    let mut out = String::new();
    out.push_str("// Generated by build.rs from isa/*.tsv. Do not edit.\n\n");

    // Signatures are interned so that identical ones share storage; a row holds the
    // number of its own, not a pointer the loader would relocate.
    let mut sigs: BTreeMap<String, usize> = BTreeMap::new();
    let mut sig_defs = String::new();
    let mut sig_id = |sig: &[SigSlot]| -> usize {
        let body: Vec<String> = sig
            .iter()
            .map(|s| {
                format!(
                    "Slot {{ role: Role::{:?}, ty: Ty::{:?}, class: Class::{:?}, access: Access::{:?}, indexed: {} }}",
                    s.role, s.ty, s.class, s.access, s.indexed
                )
            })
            .collect();
        let key = body.join(", ");
        let n = sigs.len();
        *sigs.entry(key.clone()).or_insert_with(|| {
            writeln!(sig_defs, "static SIG{n}: [Slot; {}] = [{key}];", sig.len()).unwrap();
            n
        })
    };

    let mut ops = String::new();
    writeln!(
        ops,
        "/// Every row of the tables, indexed by [`OpId`].\npub static OPS: [OpDesc; {}] = [",
        rows.len()
    )
    .unwrap();
    // Rows sharing (gen, fmt, opcode) are chained through `alt` (feature variants).
    let mut decode: BTreeMap<(usize, usize), BTreeMap<u32, Vec<usize>>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        let fmt_file = FORMATS[r.fmt].0;
        for (gi, o) in r.opc.iter().enumerate() {
            if let Some(o) = o {
                decode
                    .entry((gi, r.fmt))
                    .or_default()
                    .entry(*o)
                    .or_default()
                    .push(i);
                let is_vop = matches!(fmt_file, "vop1" | "vop2" | "vopc");
                if is_vop && !r.flags.iter().any(|f| f == "NO_E64") {
                    let v3 = FORMATS.iter().position(|f| f.0 == "vop3").unwrap();
                    decode
                        .entry((gi, v3))
                        .or_default()
                        .entry(promoted(fmt_file, gi, *o))
                        .or_default()
                        .push(i);
                }
            }
        }
    }
    let mut alt = vec![u16::MAX; rows.len()];
    for m in decode.values() {
        for (op, list) in m {
            for w in list.windows(2) {
                let (a, b) = (&rows[w[0]], &rows[w[1]]);
                assert!(
                    !a.req.is_empty() || !b.req.is_empty(),
                    "{} and {}: both at opcode {op} without a feature to tell them apart",
                    a.line,
                    b.line
                );
                alt[w[0]] = w[1] as u16;
            }
        }
    }
    // Mnemonic numbers: the rank of the row's name among the distinct names (the
    // `op::*` constants below number them the same way).
    let mut distinct: Vec<&str> = rows.iter().map(|r| r.name.as_str()).collect();
    distinct.sort_unstable();
    distinct.dedup();
    for (i, r) in rows.iter().enumerate() {
        let mnemonic = distinct.binary_search(&r.name.as_str()).unwrap();
        let opc: Vec<String> = r
            .opc
            .iter()
            .map(|o| o.map_or("NO_OP".to_string(), |v| v.to_string()))
            .collect();
        let flags = if r.flags.is_empty() {
            "0".to_string()
        } else {
            r.flags
                .iter()
                .map(|f| format!("flags::{f}"))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        let req = if r.req.is_empty() {
            "0".to_string()
        } else {
            r.req
                .iter()
                .map(|f| format!("Features::{f}.0"))
                .collect::<Vec<_>>()
                .join(" | ")
        };
        writeln!(
            ops,
            "    OpDesc {{ mnemonic: Mnemonic({mnemonic}), fmt: Fmt::{}, opc: [{}], sig: {}, flags: {}, req: Features({}), passes: {}, alt: {} }},",
            FORMATS[r.fmt].1,
            opc.join(", "),
            sig_id(&r.sig),
            flags,
            req,
            r.passes,
            alt[i]
        )
        .unwrap();
    }
    ops.push_str("];\n\n");
    let n = sigs.len();
    assert!(n < 1 << 16, "signatures past a u16 number");
    out.push_str(&sig_defs);
    writeln!(
        out,
        "\n/// Every distinct signature ([`OpDesc::sig`]), by number.\nstatic SIGS: [&[Slot]; {n}] = [{}];\n",
        (0..n).map(|k| format!("&SIG{k}")).collect::<Vec<_>>().join(", ")
    )
    .unwrap();
    out.push_str(&ops);

    // Opcode columns: their number and the constant of each.
    writeln!(
        out,
        "/// The number of opcode columns (the width of `OpDesc::opc`).\npub const COLUMNS: usize = {};\n\nimpl Column {{",
        GENS.len()
    )
    .unwrap();
    for (gi, (name, konst, _)) in GENS.iter().enumerate() {
        writeln!(
            out,
            "    /// The `{name}` opcode column of the tables.\n    pub const {konst}: Column = Column({gi});"
        )
        .unwrap();
    }
    writeln!(
        out,
        "    /// Each column's name, by index.\n    pub const NAMES: [&str; COLUMNS] = [{}];\n}}\n",
        GENS.iter()
            .map(|g| format!("{:?}", g.0))
            .collect::<Vec<_>>()
            .join(", ")
    )
    .unwrap();

    // Decode arrays: DECODE[gen][fmt] -> &[u16] indexed by opcode (u16::MAX = none).
    let mut dec = String::new();
    writeln!(
        dec,
        "/// Decode arrays: `DECODE[generation column][format][opcode]` is a row of [`OPS`] (`u16::MAX`: none).\npub static DECODE: [[&[u16]; {}]; {}] = [",
        FORMATS.len(),
        GENS.len()
    )
    .unwrap();
    for gi in 0..GENS.len() {
        dec.push_str("    [\n");
        for (fi, (_, _, bits)) in FORMATS.iter().enumerate() {
            match decode.get(&(gi, fi)) {
                None => dec.push_str("        &[],\n"),
                Some(m) => {
                    let mut v = vec![u16::MAX; 1 << bits];
                    for (op, list) in m {
                        v[*op as usize] = list[0] as u16;
                    }
                    let body: Vec<String> = v.iter().map(|x| x.to_string()).collect();
                    writeln!(dec, "        &[{}],", body.join(",")).unwrap();
                }
            }
        }
        dec.push_str("    ],\n");
    }
    dec.push_str("];\n\n");
    out.push_str(&dec);

    // Names: the mnemonics (numbered as `Mnemonic`s are), then the aliases, as one
    // text and where each ends (numbers, not pointers the loader would relocate).
    let mut mnems: BTreeMap<&str, Vec<usize>> = BTreeMap::new();
    for (i, r) in rows.iter().enumerate() {
        mnems.entry(r.name.as_str()).or_default().push(i);
    }
    let mut texts: Vec<&str> = mnems.keys().copied().collect();
    let mut aliases: Vec<&str> = rows
        .iter()
        .flat_map(|r| r.aliases.iter().map(String::as_str))
        .filter(|a| !mnems.contains_key(a))
        .collect();
    aliases.sort_unstable();
    aliases.dedup();
    texts.extend(&aliases);
    let ids: BTreeMap<&str, usize> = texts.iter().enumerate().map(|(k, t)| (*t, k)).collect();
    let mut starts = vec![0];
    let mut text = String::new();
    for t in &texts {
        text.push_str(t);
        starts.push(text.len());
    }
    assert!(text.len() < 1 << 16, "names past a u16 offset");
    writeln!(
        out,
        "/// Every mnemonic's text (in [`Mnemonic`] order), then the aliases'.\nstatic NAME_TEXT: &str = {text:?};\n\n/// Where each name of [`NAME_TEXT`] starts, and where the last ends.\nstatic NAME_AT: [u16; {}] = [{}];\n",
        starts.len(),
        starts.iter().map(|e| e.to_string()).collect::<Vec<_>>().join(", ")
    )
    .unwrap();

    // Name index, sorted for binary search.
    let mut names: Vec<(&str, usize)> = rows
        .iter()
        .enumerate()
        .flat_map(|(i, r)| {
            std::iter::once((r.name.as_str(), i))
                .chain(r.aliases.iter().map(move |a| (a.as_str(), i)))
        })
        .collect();
    names.sort();
    writeln!(
        out,
        "/// Mnemonics and aliases (their numbers in [`NAME_TEXT`]: [`name_text`]) with their\n/// rows, sorted by name.\npub static BY_NAME: [(u16, u16); {}] = [",
        names.len()
    )
    .unwrap();
    for (n, i) in names {
        writeln!(out, "    ({}, {i}),", ids[n]).unwrap();
    }
    out.push_str("];\n");

    // Mnemonics: one constant per distinct row name (`op::V_ADD_F32`), with the rows
    // of that name (generation or feature variants) to pick from per target.
    let mut rows_of = Vec::new();
    let mut rows_at = vec!["0".to_string()];
    for list in mnems.values() {
        rows_of.extend(list.iter().map(|i| i.to_string()));
        rows_at.push(rows_of.len().to_string());
    }
    writeln!(
        out,
        "/// Each [`Mnemonic`]'s rows, one after another.\nstatic MNEMONIC_ROWS: [u16; {}] = [{}];\n\n/// Where each [`Mnemonic`]'s rows start in [`MNEMONIC_ROWS`], and where the last\n/// end.\nstatic MNEMONIC_ROWS_AT: [u16; {}] = [{}];\n",
        rows_of.len(),
        rows_of.join(", "),
        rows_at.len(),
        rows_at.join(", ")
    )
    .unwrap();
    out.push_str("/// One constant per mnemonic of the tables, e.g. `op::V_ADD_F32`: see [`Mnemonic`].\npub mod op {\n    use super::Mnemonic;\n");
    for (k, name) in mnems.keys().enumerate() {
        writeln!(
            out,
            "    #[doc = \"`{name}`\"]\n    pub const {}: Mnemonic = Mnemonic({k});",
            name.to_ascii_uppercase()
        )
        .unwrap();
    }
    out.push_str("}\n");

    let out_dir = std::env::var("OUT_DIR").unwrap();
    let out_dir = Path::new(&out_dir);
    std::fs::write(out_dir.join("tables.rs"), out).unwrap();
    mimg_vaddr(&rows, out_dir);
    r600::generate(&dir, out_dir);
    println!("cargo:rerun-if-changed=build.rs");
    println!("cargo:rerun-if-changed=build");
    println!("cargo:rerun-if-changed=isa");
}
