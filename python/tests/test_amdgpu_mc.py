"""Tests of the amdgpu_mc Python module: what each function returns, its errors,
and agreement with the amdgpu-mc command (when built) and llvm-mc-22 (when
installed)."""

import doctest
import os
import pathlib
import shutil
import subprocess
import threading

import pytest

import amdgpu_mc

ROOT = pathlib.Path(__file__).resolve().parents[2]

MISSING_WAIT = """\
global_load_dword v1, v[2:3], off
v_add_u32 v0, v1, v1
"""

MFMA_TOO_SOON = """\
v_mfma_f32_32x32x8f16 a[0:15], v[0:1], v[2:3], a[0:15]
v_accvgpr_read_b32 v0, a0
"""


def cli():
    """The amdgpu-mc binary of this checkout's build, if there is one."""
    for profile in ("ci", "release", "debug"):
        p = ROOT / "target" / profile / "amdgpu-mc"
        if p.is_file():
            return str(p)
    return shutil.which("amdgpu-mc")


# -- assemble ---------------------------------------------------------------


def test_assemble_bin():
    assert amdgpu_mc.assemble("s_endpgm", "gfx90a") == bytes.fromhex("000081bf")
    code = amdgpu_mc.assemble("s_nop 0\ns_endpgm\n", "gfx906")
    assert code == bytes.fromhex("000080bf000081bf")


def test_assemble_obj_is_an_amdhsa_code_object():
    obj = amdgpu_mc.assemble("k:\n  s_endpgm\n", "gfx90a", filetype="obj")
    assert obj[:4] == b"\x7fELF"
    assert obj[7] == 64  # ELFOSABI_AMDGPU_HSA
    syms = amdgpu_mc.kernels(obj)
    assert [(s.name, s.target, s.section, s.address, s.size) for s in syms] == [
        ("k", "gfx90a", ".text", 0, 4)
    ]


def test_assemble_error_is_located():
    with pytest.raises(amdgpu_mc.AssemblyError) as e:
        amdgpu_mc.assemble("s_nop 0\n  v_bogus v0\n", "gfx90a")
    assert isinstance(e.value, ValueError)
    assert str(e.value).startswith("<input>:2:3: error: ")
    assert "v_bogus v0" in str(e.value)


def test_unknown_target_and_filetype():
    with pytest.raises(amdgpu_mc.TargetError):
        amdgpu_mc.assemble("s_endpgm", "gfx9999")
    with pytest.raises(amdgpu_mc.TargetError):
        amdgpu_mc.assemble("s_endpgm", "gfx90a:xnack*")
    with pytest.raises(ValueError):
        amdgpu_mc.assemble("s_endpgm", "gfx90a", filetype="asm")


@pytest.mark.parametrize("filetype", ["bin", "obj"])
def test_assemble_matches_the_cli(tmp_path, filetype):
    exe = cli()
    if exe is None:
        pytest.skip("no amdgpu-mc binary built")
    src = (ROOT / "examples" / "vega.s").read_text()
    f = tmp_path / "in.s"
    f.write_text(src)
    out = tmp_path / "out"
    subprocess.run(
        [exe, "asm", "--mcpu", "gfx906", "--filetype", filetype, "-o", str(out), str(f)],
        check=True,
    )
    assert amdgpu_mc.assemble(src, "gfx906", filetype=filetype) == out.read_bytes()


def test_assemble_matches_llvm_mc():
    if shutil.which("llvm-mc-22") is None:
        pytest.skip("no llvm-mc-22")
    src = "v_add_f32 v0, v1, v2\ns_waitcnt vmcnt(0)\nglobal_load_dword v1, v[2:3], off\n"
    r = subprocess.run(
        ["llvm-mc-22", "-triple", "amdgcn-amd-amdhsa", "-mcpu", "gfx90a", "-show-encoding"],
        input=src, capture_output=True, text=True, check=True,
    )
    want = b""
    for line in r.stdout.splitlines():
        if "encoding: [" in line:
            enc = line.split("encoding: [")[1].split("]")[0]
            want += bytes(int(b, 16) for b in enc.split(","))
    assert amdgpu_mc.assemble(src, "gfx90a") == want


# -- disassemble ------------------------------------------------------------


def test_disassemble_fields():
    code = amdgpu_mc.assemble("global_load_dword v1, v[2:3], off offset:16\ns_endpgm", "gfx90a")
    insts = amdgpu_mc.disassemble(code, "gfx90a")
    assert [i.offset for i in insts] == [0, 8]
    first = insts[0]
    assert first.bytes == code[:8]
    assert first.mnemonic == "global_load_dword"
    assert first.operands == ["v1", "v[2:3]", "off", "offset:16"]
    assert first.text == "global_load_dword v1, v[2:3], off offset:16"
    assert first.symbol is None
    assert insts[1].text == "s_endpgm" and insts[1].operands == []


def test_disassemble_keeps_every_byte():
    insts = amdgpu_mc.disassemble(b"\xff\xff\xff\xff\x01", "gfx90a")
    assert [(i.offset, i.mnemonic, i.bytes) for i in insts] == [
        (0, ".long", b"\xff\xff\xff\xff"),
        (4, ".byte", b"\x01"),
    ]


def test_disassemble_round_trips_a_file():
    src = (ROOT / "examples" / "vega.s").read_text()
    code = amdgpu_mc.assemble(src, "gfx906")
    text = "\n".join(i.text for i in amdgpu_mc.disassemble(code, "gfx906"))
    assert amdgpu_mc.assemble(text, "gfx906") == code


def test_disassemble_object_by_symbol():
    src = ".text\na:\n  s_nop 1\n  s_endpgm\nb:\n  v_mov_b32 v0, v1\n  s_endpgm\n"
    obj = amdgpu_mc.assemble(src, "gfx906", filetype="obj")
    assert [s.name for s in amdgpu_mc.kernels(obj)] == ["a", "b"]
    b = amdgpu_mc.disassemble_object(obj, "b")
    assert [(i.offset, i.symbol, i.text) for i in b] == [
        (8, "b", "v_mov_b32_e32 v0, v1"),
        (12, "b", "s_endpgm"),
    ]
    assert len(amdgpu_mc.disassemble_object(obj)) == 4
    with pytest.raises(amdgpu_mc.CodeObjectError):
        amdgpu_mc.disassemble_object(obj, "c")
    with pytest.raises(amdgpu_mc.CodeObjectError):
        amdgpu_mc.kernels(b"not an object")
    with pytest.raises(amdgpu_mc.CodeObjectError):
        amdgpu_mc.kernels(b"\x7fELF truncated")


# -- lint -------------------------------------------------------------------


def test_lint_missing_waitcnt_with_fix():
    r = amdgpu_mc.lint(MISSING_WAIT, "gfx90a", fix=True)
    assert len(r) == 1 and bool(r)
    (f,) = r.findings
    assert (f.rule, f.line, f.column) == ("WAITCNT_VM", 2, 1)
    assert (f.fix, f.fix_kind) == ("s_waitcnt vmcnt(0)", "insert")
    assert (f.other_line, f.other_statement) == (1, "global_load_dword v1, v[2:3], off")
    assert "v1" in f.message
    assert f.witness["kind"] == "counter"
    assert f.witness["counter"] == "vmcnt" and f.witness["needed"] == 0
    assert [s["line"] for s in f.witness["path"]] == [1, 2]
    assert r.fixed == (
        "global_load_dword v1, v[2:3], off\ns_waitcnt vmcnt(0)\nv_add_u32 v0, v1, v1\n"
    )
    assert not amdgpu_mc.lint(r.fixed, "gfx90a")


def test_lint_mfma_wait_states():
    r = amdgpu_mc.lint(MFMA_TOO_SOON, "gfx90a", fix=True)
    (f,) = r.findings
    assert f.rule == "MFMA_READ"
    assert f.witness == {"kind": "wait_states", "needed": 19, "present": 0}
    assert f.fix == "s_nop 15\ns_nop 2"
    assert amdgpu_mc.lint(r.fixed, "gfx90a").findings == []
    assert r.fixed.count("s_nop") == 2


def test_lint_without_fix_has_no_fixed_text():
    assert amdgpu_mc.lint(MISSING_WAIT, "gfx90a").fixed is None


def test_lint_allow_comment_silences():
    src = MISSING_WAIT.replace("v1, v1", "v1, v1  ; lint:allow(WAITCNT_VM)")
    assert not amdgpu_mc.lint(src, "gfx90a")


def test_lint_target_from_the_text():
    src = '.amdgcn_target "amdgcn-amd-amdhsa--gfx90a"\n' + MISSING_WAIT
    assert [f.line for f in amdgpu_mc.lint(src)] == [3]
    with pytest.raises(amdgpu_mc.TargetError):
        amdgpu_mc.lint(MISSING_WAIT)
    with pytest.raises(amdgpu_mc.AssemblyError) as e:
        amdgpu_mc.lint(src, "gfx906")
    assert str(e.value).startswith("<input>:1:1: error: ")


def test_lint_error_is_located():
    with pytest.raises(amdgpu_mc.AssemblyError) as e:
        amdgpu_mc.lint("s_nop 0\nv_bogus v0\n", "gfx90a")
    assert str(e.value).startswith("<input>:2:1: error: ")


def test_lint_code_object():
    obj = amdgpu_mc.assemble(".text\nk:\n" + MFMA_TOO_SOON + "s_endpgm\n", "gfx90a",
                             filetype="obj")
    (f,) = amdgpu_mc.lint(obj).findings
    assert (f.rule, f.section, f.offset, f.line) == ("MFMA_READ", ".text", 8, None)
    assert f.statement == "v_accvgpr_read_b32 v0, a0"
    assert f.other_offset == 0
    with pytest.raises(ValueError):
        amdgpu_mc.lint(obj, fix=True)
    with pytest.raises(TypeError):
        amdgpu_mc.lint(42)


def test_rules_and_explain():
    ids = amdgpu_mc.rules()
    assert "WAITCNT_VM" in ids and "MFMA_READ" in ids
    for rule in ids:
        assert amdgpu_mc.explain(rule).startswith(rule + ": ")
    assert amdgpu_mc.explain("mfma_read") == amdgpu_mc.explain("MFMA_READ")
    with pytest.raises(ValueError):
        amdgpu_mc.explain("NO_SUCH_RULE")


def test_explain_matches_the_cli():
    exe = cli()
    if exe is None:
        pytest.skip("no amdgpu-mc binary built")
    for rule in ("WAITCNT_VM", "MFMA_READ"):
        out = subprocess.run([exe, "lint", "--explain", rule], capture_output=True,
                             text=True, check=True).stdout
        # (The CLI wraps the long lines; the words are the same.)
        assert out.split() == amdgpu_mc.explain(rule).split()


# -- threads, docs ----------------------------------------------------------


def test_threads_give_the_same_results():
    src = (ROOT / "examples" / "lint.s").read_text()
    want = [(f.rule, f.line) for f in amdgpu_mc.lint(src, "gfx90a")]
    got = []

    def work():
        got.append([(f.rule, f.line) for f in amdgpu_mc.lint(src, "gfx90a")])

    threads = [threading.Thread(target=work) for _ in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert got == [want] * 4


def test_docstring_examples():
    funcs = [amdgpu_mc, amdgpu_mc.assemble, amdgpu_mc.disassemble, amdgpu_mc.kernels,
             amdgpu_mc.disassemble_object, amdgpu_mc.lint, amdgpu_mc.rules,
             amdgpu_mc.explain]
    parser, runner = doctest.DocTestParser(), doctest.DocTestRunner()
    examples = 0
    for f in funcs:
        assert f.__doc__, f
        t = parser.get_doctest(f.__doc__, {"amdgpu_mc": amdgpu_mc, **vars(amdgpu_mc)},
                               getattr(f, "__name__", "amdgpu_mc"), None, 0)
        examples += len(t.examples)
        runner.run(t)
    assert examples >= 8
    assert runner.summarize(verbose=False).failed == 0


def test_stubs_name_every_export():
    pkg = pathlib.Path(amdgpu_mc.__file__).parent
    stubs = (pkg / "__init__.pyi").read_text()
    assert (pkg / "py.typed").exists()
    for name in amdgpu_mc.__all__:
        assert name in stubs, name


def test_readme_example_runs():
    readme = (ROOT / "README.md").read_text()
    blocks = readme.split("```python\n")[1:]
    assert blocks, "README.md has no python block"
    for b in blocks:
        code = b.split("```")[0]
        exec(compile(code, "README.md", "exec"), {})


def bundle(entries):
    """An offload bundle (clang-offload-bundler's format) of (id, bytes) entries."""
    import struct

    magic = b"__CLANG_OFFLOAD_BUNDLE__"
    head = len(magic) + 8 + sum(24 + len(i) for i, _ in entries)
    out, data, at = [magic, struct.pack("<Q", len(entries))], b"", head
    for ident, blob in entries:
        out.append(struct.pack("<QQQ", at, len(blob), len(ident)) + ident.encode())
        at += len(blob)
        data += blob
    return b"".join(out) + data


def test_bundle_entries():
    a = amdgpu_mc.assemble(".text\nk:\n" + MFMA_TOO_SOON + "s_endpgm\n", "gfx90a",
                           filetype="obj")
    b = amdgpu_mc.assemble(".text\nk:\n" + MISSING_WAIT + "s_endpgm\n", "gfx906",
                           filetype="obj")
    fat = bundle([("host-x86_64-unknown-linux-gnu-", b""),
                  ("hipv4-amdgcn-amd-amdhsa--gfx90a", a),
                  ("hipv4-amdgcn-amd-amdhsa--gfx906", b)])
    syms = amdgpu_mc.kernels(fat)
    assert sorted((s.name, s.target, s.bundle_id) for s in syms) == [
        ("k", "gfx906", "hipv4-amdgcn-amd-amdhsa--gfx906"),
        ("k", "gfx90a", "hipv4-amdgcn-amd-amdhsa--gfx90a"),
    ]
    insts = amdgpu_mc.disassemble_object(fat, "k", mcpu="gfx906")
    assert [i.mnemonic for i in insts] == ["global_load_dword", "v_add_u32_e32", "s_endpgm"]
    assert sorted(f.rule for f in amdgpu_mc.lint(fat)) == ["MFMA_READ", "WAITCNT_VM"]
    assert [f.rule for f in amdgpu_mc.lint(fat, "gfx906")] == ["WAITCNT_VM"]
