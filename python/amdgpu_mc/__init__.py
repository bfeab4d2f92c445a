"""Assemble, disassemble and lint AMD GPU machine code in-process.

The functions call the amdgpu-mc library (Rust) directly: no llvm-mc process to
spawn, no temporary files, and the GIL is released while they work.

>>> import amdgpu_mc
>>> amdgpu_mc.assemble("s_endpgm", "gfx90a").hex()
'000081bf'
>>> r = amdgpu_mc.lint("global_load_dword v1, v[2:3], off\\nv_add_u32 v0, v1, v1", "gfx90a")
>>> [f.rule for f in r.findings]
['WAITCNT_VM']
"""

from .amdgpu_mc import (
    AssemblyError,
    CodeObjectError,
    Finding,
    Instruction,
    LintResult,
    Symbol,
    TargetError,
    __version__,
    assemble,
    disassemble,
    disassemble_object,
    explain,
    kernels,
    lint,
    rules,
)

__all__ = [
    "AssemblyError",
    "CodeObjectError",
    "Finding",
    "Instruction",
    "LintResult",
    "Symbol",
    "TargetError",
    "__version__",
    "assemble",
    "disassemble",
    "disassemble_object",
    "explain",
    "kernels",
    "lint",
    "rules",
]
