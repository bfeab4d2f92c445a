//! `amdgpu-mc lint` as a reviewer and a CI system read it: witnesses in text and JSON,
//! SARIF checked against the SARIF 2.1.0 schema, and `--fix` that never writes what
//! does not assemble.

use std::path::{Path, PathBuf};
use std::process::{Command, Output};

const BIN: &str = env!("CARGO_BIN_EXE_amdgpu-mc");

fn run(args: &[&str]) -> Output {
    Command::new(BIN)
        .args(args)
        .output()
        .expect("run amdgpu-mc")
}

fn text(b: &[u8]) -> String {
    String::from_utf8(b.to_vec()).unwrap()
}

/// A scratch directory for this test, emptied first.
fn scratch(name: &str) -> PathBuf {
    let d = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(format!("lint-output-{name}"));
    let _ = std::fs::remove_dir_all(&d);
    std::fs::create_dir_all(&d).unwrap();
    d
}

fn write(d: &Path, name: &str, body: &str) -> String {
    let p = d.join(name);
    std::fs::write(&p, body).unwrap();
    p.to_str().unwrap().to_string()
}

const PENDING: &str = "\
top:
  global_load_dword v1, v[2:3], off
  global_load_dword v4, v[2:3], off
  s_waitcnt vmcnt(1)
  v_add_f32 v5, v4, v4
  s_cbranch_scc0 top
";

const MFMA: &str = "\
v_mfma_f64_16x16x4f64 v[0:7], v[8:9], v[10:11], v[0:7]
global_store_dwordx2 v[20:21], v[0:1], off
";

#[test]
fn witnesses_in_text_and_json() {
    let d = scratch("witness");
    let f = write(&d, "k.s", PENDING);
    let o = run(&["lint", "--mcpu", "gfx906", &f]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    // The counter needed, the path and the wait on it that does not complete the load.
    assert!(
        out.contains(":5:3: note: needs vmcnt(0) here; on a path of 3 statements from the load it is still pending after 1 s_waitcnt and 0 later vmcnt operations"),
        "{out}"
    );
    assert!(
        out.contains(":4:3: note: on the path: s_waitcnt vmcnt(1)"),
        "{out}"
    );
    let o = run(&["lint", "--mcpu", "gfx906", "--format", "json", &f]);
    let json = text(&o.stdout);
    assert!(
        json.contains("\"witness\":{\"kind\":\"counter\",\"counter\":\"vmcnt\",\"needed\":0"),
        "{json}"
    );
    assert!(
        json.contains(
            "\"path\":[{\"line\":3,\"col\":3},{\"line\":4,\"col\":3},{\"line\":5,\"col\":3}]"
        ),
        "{json}"
    );
    // Wait states: needed against present.
    let f = write(&d, "m.s", MFMA);
    let o = run(&["lint", "--mcpu", "gfx90a", &f]);
    let out = text(&o.stdout);
    assert!(
        out.contains("note: the pair needs 18 wait states; 0 are between them"),
        "{out}"
    );
    let o = run(&["lint", "--mcpu", "gfx90a", "--format", "json", &f]);
    let json = text(&o.stdout);
    assert!(
        json.contains("\"witness\":{\"kind\":\"wait_states\",\"needed\":18,\"present\":0}"),
        "{json}"
    );
}

/// The Python that has `jsonschema`: `.venv/bin/python` of the checkout (made by
/// `.ci/run`), else `python3`.
fn python() -> String {
    let venv = Path::new(env!("CARGO_MANIFEST_DIR")).join(".venv/bin/python");
    if venv.exists() {
        return venv.to_str().unwrap().to_string();
    }
    "python3".into()
}

#[test]
fn sarif_is_valid_against_the_schema() {
    let d = scratch("sarif");
    let k = write(&d, "k.s", PENDING);
    let m = write(&d, "m s.s", &format!("  {}", MFMA.replace('\n', "\n  ")));
    let o = run(&["lint", "--mcpu", "gfx90a", "--format", "sarif", &k, &m]);
    assert_eq!(o.status.code(), Some(1), "{}", text(&o.stderr));
    let log = d.join("out.sarif");
    std::fs::write(&log, &o.stdout).unwrap();
    let schema =
        Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data/sarif/sarif-schema-2.1.0.json");
    // Valid, and the parts code scanning shows: the rules, a region, a fix, a flow.
    let check = format!(
        r#"
import json, sys
try:
    import jsonschema
except ImportError:
    sys.exit("no jsonschema module: run .ci/run once (it makes .venv), or pip install jsonschema")
log = json.load(open({log:?}))
jsonschema.validate(log, json.load(open({schema:?})))
run = log["runs"][0]
assert len(run["tool"]["driver"]["rules"]) >= 40
rs = run["results"]
assert [r["ruleId"] for r in rs] == ["WAITCNT_VM", "MFMA_READ"], rs
r = rs[0]
assert r["locations"][0]["physicalLocation"]["region"] == {{"startLine": 5, "startColumn": 3}}, r
assert len(r["codeFlows"][0]["threadFlows"][0]["locations"]) == 3
rep = r["fixes"][0]["artifactChanges"][0]["replacements"][0]
assert rep["insertedContent"]["text"] == "s_waitcnt vmcnt(0)\n  ", rep
m = rs[1]
assert m["locations"][0]["physicalLocation"]["artifactLocation"]["uri"].endswith("m%20s.s"), m
assert m["fixes"][0]["artifactChanges"][0]["replacements"][0]["insertedContent"]["text"] == "s_nop 15\n  s_nop 1\n  "
assert m["relatedLocations"][0]["physicalLocation"]["region"]["startLine"] == 1
print("ok")
"#,
        log = log.to_str().unwrap(),
        schema = schema.to_str().unwrap()
    );
    let py = python();
    let o = Command::new(&py)
        .arg("-c")
        .arg(&check)
        .output()
        .unwrap_or_else(|e| panic!("{py}: {e}"));
    assert!(o.status.success(), "{}{}", text(&o.stdout), text(&o.stderr));
}

#[test]
fn fix_splits_waits_beyond_the_nop_field() {
    let d = scratch("long-wait");
    let f = write(&d, "m.s", MFMA);
    let fixed = d.join("fixed.s");
    let o = run(&[
        "lint",
        "--mcpu",
        "gfx90a",
        "--fix",
        &f,
        "-o",
        fixed.to_str().unwrap(),
    ]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = std::fs::read_to_string(&fixed).unwrap();
    assert!(out.contains("s_nop 15\ns_nop 1\nglobal_store"), "{out}");
    let o = run(&["lint", "--mcpu", "gfx90a", fixed.to_str().unwrap()]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
}

#[test]
fn fix_keeps_crlf() {
    let d = scratch("crlf");
    let f = write(&d, "k.s", &PENDING.replace('\n', "\r\n"));
    let o = run(&["lint", "--mcpu", "gfx906", "--fix", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stderr));
    let out = text(&o.stdout);
    assert!(
        out.contains("  s_waitcnt vmcnt(0)\r\n  v_add_f32"),
        "{out:?}"
    );
    assert_eq!(
        out.matches('\n').count(),
        out.matches("\r\n").count(),
        "{out:?}"
    );
}

#[test]
fn fix_refuses_to_push_a_branch_out_of_range() {
    let d = scratch("branch-edge");
    // The branch reaches `far` with 32,767 dwords to spare... and no more.
    let mut src = String::from(
        "s_cbranch_scc0 far\nglobal_load_dword v1, v[2:3], off\nv_add_f32 v1, v1, v1\n",
    );
    src.push_str(&"s_nop 0\n".repeat(32764));
    src.push_str("far: s_endpgm\n");
    let f = write(&d, "k.s", &src);
    assert_eq!(
        run(&["asm", "--mcpu", "gfx906", &f, "-o", "/dev/null"])
            .status
            .code(),
        Some(0)
    );
    let fixed = d.join("fixed.s");
    let o = run(&[
        "lint",
        "--mcpu",
        "gfx906",
        "--fix",
        &f,
        "-o",
        fixed.to_str().unwrap(),
    ]);
    let err = text(&o.stderr);
    assert_eq!(o.status.code(), Some(1), "{err}");
    assert!(
        err.contains("--fix wrote nothing: the fixed text would not assemble"),
        "{err}"
    );
    assert!(err.contains("branch size exceeds simm16"), "{err}");
    assert!(!fixed.exists());
}

#[test]
fn every_rule_explains_itself_with_examples_that_hold() {
    use amdgpu_mc::lint::examples::example;
    use amdgpu_mc::lint::{lint_with, Options, Rule};
    use amdgpu_mc::program::Program;
    use amdgpu_mc::{assemble, Target};
    let rules = |target: Target, src: &str| -> Vec<Rule> {
        let a = assemble(target, src);
        assert!(a.diags.is_empty(), "{src}: {:?}", a.diags);
        let mut o = Options::for_target(target);
        o.redundant = true;
        lint_with(&Program::from_assembly(target, &a), o)
            .into_iter()
            .map(|f| f.rule)
            .collect()
    };
    for rule in Rule::ALL {
        if rule.basis() == amdgpu_mc::lint::rules::Basis::Inactive {
            assert!(example(rule.id()).is_none(), "{}", rule.id());
            continue;
        }
        let e = example(rule.id()).unwrap_or_else(|| panic!("{}: no example", rule.id()));
        let t = Target::from_name(e.target).unwrap();
        assert!(
            rules(t, e.breaking).contains(&rule),
            "{}: {}",
            rule.id(),
            e.breaking
        );
        assert!(
            !rules(t, e.fixed).contains(&rule),
            "{}: {}",
            rule.id(),
            e.fixed
        );
        let o = run(&["lint", "--explain", rule.id()]);
        let out = text(&o.stdout);
        assert_eq!(o.status.code(), Some(0), "{}", rule.id());
        for part in [rule.explain(), rule.source(), e.breaking, e.fixed] {
            let first = part.lines().next().unwrap();
            assert!(
                out.contains(first),
                "{}: {first:?} not in\n{out}",
                rule.id()
            );
        }
    }
}

#[test]
fn entry_and_flat_lds_assumptions_are_options() {
    let d = scratch("assumptions");
    // Nothing says where this code starts: a kernel by default, a callable function
    // with --entry function (its caller may leave anything pending).
    let f = write(&d, "f.s", "v_add_f32 v1, v2, v2\ns_setpc_b64 s[30:31]\n");
    let o = run(&["lint", "--mcpu", "gfx906", &f]);
    assert_eq!(o.status.code(), Some(0), "{}", text(&o.stdout));
    let o = run(&["lint", "--mcpu", "gfx906", "--entry", "function", &f]);
    let out = text(&o.stdout);
    assert_eq!(o.status.code(), Some(1), "{out}");
    assert!(out.contains(":1:1: note: the function's entry:"), "{out}");
    assert!(
        out.contains("insert `s_waitcnt vmcnt(0) expcnt(0) lgkmcnt(0)`"),
        "{out}"
    );
    let o = run(&[
        "lint", "--mcpu", "gfx906", "--entry", "function", "--format", "json", &f,
    ]);
    assert!(text(&o.stdout).contains("\"kind\":\"caller_pending\""));
    // FLAT that may reach LDS also needs lgkmcnt: only when asked.
    let f = write(
        &d,
        "fl.s",
        "flat_load_dword v1, v[2:3]\ns_waitcnt vmcnt(0)\nv_add_f32 v1, v1, v1\n",
    );
    assert_eq!(
        run(&["lint", "--mcpu", "gfx906", &f]).status.code(),
        Some(0)
    );
    let o = run(&["lint", "--mcpu", "gfx906", "--flat-lds", "always", &f]);
    assert!(
        text(&o.stdout).contains("[WAITCNT_LGKM]"),
        "{}",
        text(&o.stdout)
    );
    let o = run(&["lint", "--mcpu", "gfx906", "--entry", "bogus", &f]);
    assert_eq!(o.status.code(), Some(2));
}
