"""Type stubs of amdgpu_mc: assemble, disassemble and lint AMD GPU machine code."""

from typing import Iterator, Literal, Optional, Union

__version__: str

class AssemblyError(ValueError):
    """Text that does not assemble: `<input>:LINE:COL: error: ...` per error."""

class TargetError(ValueError):
    """An unknown or unsupported processor name or target id."""

class CodeObjectError(ValueError):
    """Bytes that are no readable code object, or a symbol not in it."""

class Instruction:
    """One disassembled instruction, or a `.long` word that does not decode."""

    @property
    def offset(self) -> int: ...
    @property
    def bytes(self) -> bytes: ...
    @property
    def text(self) -> str: ...
    @property
    def mnemonic(self) -> str: ...
    @property
    def operands(self) -> list[str]: ...
    @property
    def symbol(self) -> Optional[str]: ...

class Symbol:
    """A kernel or function in a code object's code section."""

    @property
    def name(self) -> str: ...
    @property
    def target(self) -> Optional[str]: ...
    @property
    def bundle_id(self) -> Optional[str]: ...
    @property
    def section(self) -> str: ...
    @property
    def address(self) -> int: ...
    @property
    def size(self) -> int: ...

class Finding:
    """One hazard or missing s_waitcnt."""

    @property
    def rule(self) -> str: ...
    @property
    def line(self) -> Optional[int]: ...
    @property
    def column(self) -> Optional[int]: ...
    @property
    def section(self) -> Optional[str]: ...
    @property
    def offset(self) -> Optional[int]: ...
    @property
    def statement(self) -> str: ...
    @property
    def message(self) -> str: ...
    @property
    def fix(self) -> str: ...
    @property
    def fix_kind(self) -> Literal["insert", "remove", "rewrite"]: ...
    @property
    def other_line(self) -> Optional[int]: ...
    @property
    def other_column(self) -> Optional[int]: ...
    @property
    def other_offset(self) -> Optional[int]: ...
    @property
    def other_statement(self) -> Optional[str]: ...
    @property
    def witness(self) -> dict[str, object]:
        """{"kind": "none"}, {"kind": "wait_states", "needed": N, "present": M}, or
        {"kind": "counter", "counter": "vmcnt"|"lgkmcnt"|"expcnt", "needed": N,
        "path": [{"line", "column" | "offset", "text"}, ...]}."""

class LintResult:
    """The findings of lint() and, with fix=True, the fixed text."""

    @property
    def findings(self) -> list[Finding]: ...
    @property
    def fixed(self) -> Optional[str]: ...
    def __len__(self) -> int: ...
    def __bool__(self) -> bool: ...
    def __iter__(self) -> Iterator[Finding]: ...

def assemble(text: str, mcpu: str, *, filetype: Literal["bin", "obj"] = "bin") -> bytes:
    """Assemble `text` for `mcpu`: the code bytes, or with filetype="obj" the ELF
    code object (amdgcn-amd-amdhsa).

    >>> assemble("s_endpgm", "gfx90a").hex()
    '000081bf'
    """

def disassemble(data: bytes, mcpu: str) -> list[Instruction]:
    """Disassemble raw code bytes for `mcpu`.

    >>> [i.text for i in disassemble(bytes.fromhex("000081bf"), "gfx90a")]
    ['s_endpgm']
    """

def kernels(data: bytes) -> list[Symbol]:
    """The symbols of a code object's (or offload bundle's) code sections."""

def disassemble_object(
    data: bytes, symbol: Optional[str] = None, mcpu: Optional[str] = None
) -> list[Instruction]:
    """Disassemble a code object's code sections, or only `symbol`'s code."""

def lint(
    source: Union[str, bytes], mcpu: Optional[str] = None, *, fix: bool = False
) -> LintResult:
    """Check assembly text (str) or a code object (bytes) for hazards.

    >>> r = lint("global_load_dword v1, v[2:3], off\\nv_add_u32 v0, v1, v1", "gfx90a")
    >>> [(f.rule, f.line, f.fix) for f in r.findings]
    [('WAITCNT_VM', 2, 's_waitcnt vmcnt(0)')]
    """

def rules() -> list[str]:
    """The ids of the linter's rules."""

def explain(rule_id: str) -> str:
    """A rule's long explanation, as `amdgpu-mc lint --explain` prints it."""
