//! A code assembler for compilers and JITs, in the spirit of iced-x86's
//! `CodeAssembler`: append typed instructions ([`Inst`]), create labels and bind
//! them, branch to labels before or after they are bound, reference external
//! symbols from literals, and take the bytes with their relocations or a finished
//! ELF object. It fills the same [`Object`] the text assembler fills, and its
//! fixups are resolved by the same code.
//!
//! ```
//! use amdgpu_mc::mc::CodeAssembler;
//! use amdgpu_mc::{assemble_line, Target};
//! let t = Target::from_name("gfx906").unwrap();
//! let mut a = CodeAssembler::new(t);
//! let top = a.create_label();
//! a.bind(top).unwrap();
//! a.inst(assemble_line(t, "s_sub_u32 s0, s0, 1").unwrap()).unwrap();
//! a.branch(assemble_line(t, "s_cbranch_scc1 0").unwrap(), top).unwrap();
//! a.inst(assemble_line(t, "s_endpgm").unwrap()).unwrap();
//! let (bytes, relocs) = a.bytes().unwrap();
//! // s_cbranch_scc1 back to the s_sub_u32: -2 dwords from the next instruction.
//! assert_eq!(&bytes[4..8], &[0xfe, 0xff, 0x85, 0xbf]);
//! assert!(relocs.is_empty());
//! ```

use super::error::{Error, ErrorKind};
use super::object::{Bind, Def, FixupKind, Loc, Object, Reloc};
use crate::codec;
use crate::inst::build::Opnd;
use crate::inst::Inst;
use crate::isa::{Mnemonic, Role};
use crate::lint::{Finding, Fix};
use crate::program::Program;
use crate::syntax::expr::{Bin, Tree, Variant};
use crate::target::Target;

/// A label: a place in the code, bound once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(usize);

/// The operand an encode error is about: the text assembler reads the instruction's
/// text and places its error at a column; the operand is the one whose text holds it
/// (`None` for errors at the mnemonic or in the modifiers).
fn blamed_operand(t: Target, i: &Inst, text: &str) -> Option<(usize, &'static str)> {
    let col = crate::asm::assemble_line(t, text)
        .err()?
        .col
        .checked_sub(1)?;
    let start = text.find(' ')? + 1;
    if col < start {
        return None;
    }
    // Operands are separated by commas outside brackets.
    let (mut k, mut depth) = (0, 0);
    for c in text[start..col.min(text.len())].chars() {
        match c {
            '[' | '(' => depth += 1,
            ']' | ')' => depth -= 1,
            ',' if depth == 0 => k += 1,
            _ => {}
        }
    }
    let ops = i.operands(t);
    let slot = ops.explicit().nth(k)?.slot?;
    Some((k, crate::inst::build::role_name(slot.role)))
}

/// A symbol's ELF visibility (`STV_*`), set with
/// [`CodeAssembler::set_visibility`].
///
/// ```
/// use amdgpu_mc::mc::Visibility;
/// assert_eq!(Visibility::Hidden as u8, 2);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// `STV_DEFAULT`.
    Default = 0,
    /// `STV_INTERNAL` (`.internal`).
    Internal = 1,
    /// `STV_HIDDEN` (`.hidden`).
    Hidden = 2,
    /// `STV_PROTECTED` (`.protected`).
    Protected = 3,
}

/// The code assembler.
pub struct CodeAssembler {
    o: Object,
    labels: usize,
    /// The name the caller knows each local label by (`#N` for an anonymous one),
    /// for the error when one branched to is never bound.
    names: std::collections::HashMap<usize, String>,
    /// The labels branched to (symbol indices, repeats included).
    branched: Vec<usize>,
}

impl CodeAssembler {
    /// An empty assembler writing `.text` for `target`.
    pub fn new(target: Target) -> CodeAssembler {
        CodeAssembler {
            o: Object::new(target),
            labels: 0,
            names: Default::default(),
            branched: Vec::new(),
        }
    }

    /// The object being built (to add sections, data or notes directly).
    pub fn object(&mut self) -> &mut Object {
        &mut self.o
    }

    /// A new anonymous label (local, not in the symbol table); errors call it by its
    /// number: "label #1 is never bound".
    pub fn create_label(&mut self) -> Label {
        self.labels += 1;
        let l = Label(self.o.symbol(&format!(".Lca{}", self.labels)));
        self.names.insert(l.0, format!("#{}", self.labels));
        l
    }

    /// A new local label (not in the symbol table) that errors call by `name`: a
    /// branch to it that is never bound is "label 'loop' is never bound".
    ///
    /// ```
    /// use amdgpu_mc::isa::op;
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx90a").unwrap());
    /// let exit = a.create_named_label("exit");
    /// a.branch_to(op::S_CBRANCH_SCC0, exit).unwrap();
    /// a.emit(op::S_ENDPGM, &[]).unwrap();
    /// let e = a.bytes().unwrap_err();
    /// assert_eq!(e.to_string(), "label 'exit' is never bound");
    /// ```
    pub fn create_named_label(&mut self, name: &str) -> Label {
        self.labels += 1;
        let l = Label(self.o.symbol(&format!(".Lca{}", self.labels)));
        self.names.insert(l.0, format!("'{name}'"));
        l
    }

    /// A named label; `global` makes it a global function symbol (a kernel or
    /// function entry).
    pub fn named_label(&mut self, name: &str, global: bool) -> Label {
        let k = self.o.symbol(name);
        if global {
            self.o.symbols[k].bind = Some(Bind::Global);
            self.o.symbols[k].ty = super::object::stt::FUNC;
        }
        Label(k)
    }

    /// Sets a symbol's size (`.size NAME, N`).
    ///
    /// ```
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx906").unwrap());
    /// let table = a.named_label("table", true);
    /// a.set_size(table, 64).unwrap();
    /// ```
    pub fn set_size(&mut self, l: Label, size: u64) -> Result<(), Error> {
        self.symbol_mut(l)?.size = Some((Tree::Num(size as i64), Loc::default()));
        Ok(())
    }

    /// Sets a symbol's size to the distance from it to the current place (`.size NAME,
    /// .Lend-NAME` after the function's last instruction, as compilers write it).
    ///
    /// ```
    /// use amdgpu_mc::isa::op;
    /// use amdgpu_mc::mc::{CodeAssembler, Visibility};
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx90a").unwrap());
    /// let f = a.named_label("f", true);
    /// a.bind(f).unwrap();
    /// a.emit(op::S_ENDPGM, &[]).unwrap();
    /// a.set_size_here(f).unwrap();
    /// a.set_visibility(f, Visibility::Protected).unwrap();
    /// let o = a.finish().unwrap();
    /// let sym = o.symbols.iter().find(|s| s.name == "f").unwrap();
    /// assert_eq!(sym.vis, 3);
    /// ```
    pub fn set_size_here(&mut self, l: Label) -> Result<(), Error> {
        let name = self.symbol_mut(l)?.name.clone();
        let end = self.create_label();
        self.bind(end)?;
        let end_name = self.o.symbols[end.0].name.clone();
        let e = Tree::Bin(
            Bin::Sub,
            Box::new(Tree::Sym(end_name.into(), Variant::None)),
            Box::new(Tree::Sym(name.into(), Variant::None)),
        );
        self.symbol_mut(l)?.size = Some((e, Loc::default()));
        Ok(())
    }

    /// Sets a symbol's ELF visibility (`.hidden`, `.protected`, `.internal`).
    pub fn set_visibility(&mut self, l: Label, v: Visibility) -> Result<(), Error> {
        self.symbol_mut(l)?.vis = v as u8;
        Ok(())
    }

    fn symbol_mut(&mut self, l: Label) -> Result<&mut super::object::Symbol, Error> {
        self.o.symbols.get_mut(l.0).ok_or(Error::new(
            ErrorKind::UnknownLabel,
            "label of another assembler",
        ))
    }

    /// Binds a label to the current place.
    pub fn bind(&mut self, l: Label) -> Result<(), Error> {
        let s = self.o.symbols.get(l.0).ok_or(Error::new(
            ErrorKind::UnknownLabel,
            "label of another assembler",
        ))?;
        if s.def != Def::Undef {
            return Err(Error::new(ErrorKind::Rebound, "label bound twice"));
        }
        let off = self.o.sec().len();
        let def = Def::Label {
            sec: self.o.cur,
            off,
        };
        self.o.define(l.0, def, false);
        Ok(())
    }

    /// Appends an instruction. An instruction that does not encode is an error that
    /// names it: "v_add_f32_e32 v1, s1, s2: instruction does not encode: ...".
    pub fn inst(&mut self, i: Inst) -> Result<(), Error> {
        let t = self.o.target;
        let w = codec::encode(t, &i).map_err(|e| {
            let mut err = Error::from(e);
            let text = i.display(t).to_string();
            err.msg = match blamed_operand(t, &i, &text) {
                Some((k, name)) => format!("{text}: operand {k} ({name}): {}", err.msg),
                None => format!("{text}: {}", err.msg),
            };
            err
        })?;
        w.write_to(&mut self.o.sec().data);
        Ok(())
    }

    /// Builds an instruction from typed operands ([`Inst::build`]) and appends it:
    /// `a.emit(op::V_ADD_F32, &[v(1), Opnd::F32(1.0), v(2)])`, `a.emit(op::S_ENDPGM,
    /// &[])`, `a.emit(op::S_WAITCNT, &[Waitcnt::new().vmcnt(0).into()])`.
    ///
    /// ```
    /// use amdgpu_mc::inst::build::{vr, Opnd};
    /// use amdgpu_mc::isa::{op, waitcnt::Waitcnt};
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx90a").unwrap());
    /// a.emit(op::GLOBAL_LOAD_DWORDX2, &[vr(0, 2), vr(2, 2), Opnd::Off]).unwrap();
    /// a.emit(op::S_WAITCNT, &[Waitcnt::new().vmcnt(0).into()]).unwrap();
    /// a.emit(op::S_ENDPGM, &[]).unwrap();
    /// // A tuple of the wrong width is refused, naming the operand.
    /// let e = a.emit(op::GLOBAL_LOAD_DWORDX2, &[vr(0, 4), vr(2, 2), Opnd::Off]).unwrap_err();
    /// assert_eq!(e.to_string(), "operand 0 (vdst): v[0:3] is 4 registers where 2 are due");
    /// ```
    pub fn emit(&mut self, mnemonic: Mnemonic, ops: &[Opnd]) -> Result<(), Error> {
        let i = Inst::build(self.o.target, mnemonic, ops)?;
        self.inst(i)
    }

    /// Appends the branch `mnemonic` (s_branch, s_cbranch_*) to a label.
    ///
    /// ```
    /// use amdgpu_mc::isa::op;
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx906").unwrap());
    /// let top = a.create_label();
    /// a.bind(top).unwrap();
    /// a.branch_to(op::S_BRANCH, top).unwrap();
    /// let (bytes, _) = a.bytes().unwrap();
    /// assert_eq!(bytes, [0xff, 0xff, 0x82, 0xbf]); // s_branch -1 (to itself)
    /// ```
    pub fn branch_to(&mut self, mnemonic: Mnemonic, to: Label) -> Result<(), Error> {
        let i = Inst::build(self.o.target, mnemonic, &[])?;
        self.branch(i, to)
    }

    /// Appends a branch (any SOPP branch; its offset is ignored) to a label.
    pub fn branch(&mut self, i: Inst, to: Label) -> Result<(), Error> {
        if !i.desc().sig().iter().any(|s| s.role == Role::Label) {
            return Err(Error::new(ErrorKind::NotABranch, "not a branch to a label"));
        }
        let name = self
            .o
            .symbols
            .get(to.0)
            .ok_or(Error::new(
                ErrorKind::UnknownLabel,
                "label of another assembler",
            ))?
            .name
            .clone();
        let off = self.o.sec().len();
        self.inst(i)?;
        self.branched.push(to.0);
        self.o.fixup(
            off,
            FixupKind::Branch,
            Tree::Sym(name.into(), Variant::None),
            Loc::default(),
        );
        Ok(())
    }

    /// Appends an instruction whose 32-bit literal is `symbol@variant + addend`
    /// (write the instruction with any literal, e.g. `s_add_u32 s4, s4, 0x1000`):
    /// resolved here or left as a relocation.
    pub fn inst_with_symbol(
        &mut self,
        i: Inst,
        symbol: &str,
        variant: Variant,
        addend: i64,
    ) -> Result<(), Error> {
        if i.size() != 8 {
            return Err(Error::new(
                ErrorKind::NoLiteral,
                "the instruction has no literal for a symbol",
            ));
        }
        let off = self.o.sec().len();
        self.inst(i)?;
        // The literal's bytes are the fixup's (zero until resolved, as in llvm-mc).
        let at = off as usize + 4;
        self.o.sec().data[at..at + 4].fill(0);
        let k = self.o.symbol(symbol);
        self.o.symbols[k].used = true;
        let e = Tree::Bin(
            Bin::Add,
            Box::new(Tree::Sym(symbol.into(), variant)),
            Box::new(Tree::Num(addend)),
        );
        self.o.fixup(off + 4, FixupKind::Literal, e, Loc::default());
        Ok(())
    }

    /// Adds the kernel descriptor of kernel `name` (a label made by
    /// [`CodeAssembler::named_label`]) to `.rodata`, 64-byte aligned, from `.amdhsa_*`
    /// directives and values (`.amdhsa_next_free_vgpr` and `.amdhsa_next_free_sgpr`
    /// are required, and `.amdhsa_accum_offset` on gfx90a and later), with llvm-mc's
    /// defaults and checks. Code goes on in `.text`.
    pub fn kernel_descriptor(
        &mut self,
        name: &str,
        directives: &[(&str, i64)],
    ) -> Result<(), Error> {
        let t = self.o.target;
        let v = self.o.co_version;
        let mut block = super::kd::KernelBlock::new(name, Loc::default());
        for (d, value) in directives {
            block
                .directive(t, v, d, Tree::Num(*value), Loc::default(), Loc::default())
                .map_err(|(_, m)| Error::new(ErrorKind::Kernel, format!("{d}: {m}")))?;
        }
        self.emit_kernel_block(block)
    }

    /// Writes a kernel descriptor's block to `.rodata`, 64-byte aligned, with
    /// llvm-mc's checks; code goes on in `.text`.
    pub(super) fn emit_kernel_block(&mut self, block: super::kd::KernelBlock) -> Result<(), Error> {
        let text = self.o.cur;
        self.o.section(
            ".rodata",
            super::object::sht::PROGBITS,
            super::object::shf::ALLOC,
            0,
        );
        self.o.align(64, Some((0, 1)), None);
        let r = super::kd::emit(&mut self.o, block, Loc::default());
        self.o.cur = text;
        r.map_err(|(_, m)| Error::new(ErrorKind::Kernel, m))
    }

    /// Adds the `NT_AMDGPU_METADATA` note from its YAML text, as `.amdgpu_metadata`
    /// does (llvm-mc's checks apply).
    pub fn metadata_yaml(&mut self, yaml: &str) -> Result<(), Error> {
        let desc = super::note::metadata_from_yaml(yaml)
            .map_err(|_| Error::new(ErrorKind::Metadata, "invalid HSA metadata"))?;
        self.metadata_note(desc);
        Ok(())
    }

    /// Adds the `NT_AMDGPU_METADATA` note with MessagePack description `desc`.
    pub(super) fn metadata_note(&mut self, desc: Vec<u8>) {
        self.o.note(&super::object::Note {
            name: "AMDGPU".into(),
            ty: super::note::NT_AMDGPU_METADATA,
            desc,
        });
    }

    /// The place reached in the current section.
    pub fn offset(&mut self) -> u64 {
        self.o.sec().len()
    }

    /// Resolves the fixups and returns the finished object.
    pub fn finish(mut self) -> Result<Object, Error> {
        // (Global labels never bound are undefined symbols: the fixups say so.)
        let unbound = self.branched.iter().find_map(|k| {
            let name = self.names.get(k)?;
            (self.o.symbols[*k].def == Def::Undef).then_some(name)
        });
        if let Some(name) = unbound {
            return Err(Error::new(
                ErrorKind::Fixup,
                format!("label {name} is never bound"),
            ));
        }
        let errs = self.o.finish();
        if errs.is_empty() {
            Ok(self.o)
        } else {
            Err(Error::from(errs))
        }
    }

    /// Resolves the fixups: the `.text` bytes and the relocations against them
    /// (their `sym` indexes [`Object::symbols`] of [`CodeAssembler::finish`]'s object).
    pub fn bytes(self) -> Result<(Vec<u8>, Vec<Reloc>), Error> {
        let mut o = self.finish()?;
        let relocs = std::mem::take(&mut o.relocs[0]);
        Ok((std::mem::take(&mut o.sections[0].data), relocs))
    }

    /// Resolves the fixups and writes the ELF object.
    pub fn elf(self) -> Result<Vec<u8>, Error> {
        Ok(self.finish()?.to_elf())
    }

    /// Lints the code held so far (`.text`, branches resolved; each global function
    /// label an entry, a kernel when `NAME.kd` exists): the program as decoded, and the
    /// findings, whose `at` index its statements.
    ///
    /// ```
    /// use amdgpu_mc::inst::build::{v, Opnd};
    /// use amdgpu_mc::isa::op;
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut a = CodeAssembler::new(Target::from_name("gfx906").unwrap());
    /// a.emit(op::GLOBAL_LOAD_DWORD, &[v(1), v(2), Opnd::Off]).unwrap();
    /// a.emit(op::V_ADD_F32, &[v(3), v(1), v(1)]).unwrap();
    /// a.emit(op::S_ENDPGM, &[]).unwrap();
    /// let (_, found) = a.lint().unwrap();
    /// assert_eq!(found.len(), 1);
    /// // fix() inserts the wait and lints again: nothing is left.
    /// assert_eq!(a.fix().unwrap(), 0);
    /// assert!(a.lint().unwrap().1.is_empty());
    /// ```
    pub fn lint(&self) -> Result<(Program, Vec<Finding>), Error> {
        let t = self.o.target;
        let mut o = self.o.clone();
        let errs = o.finish();
        if !errs.is_empty() {
            return Err(Error::from(errs));
        }
        let p = Program::from_bytes(t, &o.sections[0].data);
        let kernels: std::collections::HashSet<&str> = o
            .symbols
            .iter()
            .filter_map(|s| s.name.strip_suffix(".kd"))
            .collect();
        let offsets: Vec<(u64, bool)> = o
            .symbols
            .iter()
            .filter(|s| s.ty == super::object::stt::FUNC)
            .filter_map(|s| match s.def {
                Def::Label { sec: 0, off } => Some((off, kernels.contains(&*s.name))),
                _ => None,
            })
            .collect();
        let entries = crate::lint::entries::of_offsets(&p, &offsets);
        let mut options = crate::lint::Options::for_target(t);
        if o.xnack == Some(false) {
            options.xnack = false;
        }
        let cx = crate::lint::Context {
            entries: &entries,
            ..Default::default()
        };
        let found = crate::lint::Linter::default().lint_in(&p, options, cx);
        Ok((p, found))
    }

    /// Inserts the fixes of [`CodeAssembler::lint`]'s findings into the code held
    /// (an `s_waitcnt` and the `s_nop`s each statement needs, before it; labels bound
    /// at it then reach the inserted fix first), lints again, and returns the number of
    /// findings left (rewrites no wait fixes; 0 when the code is clean). A branch the
    /// insertions push out of range is an error when the code is finished.
    ///
    /// ```
    /// use amdgpu_mc::inst::build::{a, v};
    /// use amdgpu_mc::isa::op;
    /// use amdgpu_mc::mc::CodeAssembler;
    /// use amdgpu_mc::Target;
    /// let mut asm = CodeAssembler::new(Target::from_name("gfx908").unwrap());
    /// asm.emit(op::V_ACCVGPR_WRITE_B32, &[a(0), v(1)]).unwrap();
    /// asm.emit(op::V_ACCVGPR_READ_B32, &[v(2), a(0)]).unwrap(); // too soon on gfx908
    /// assert_eq!(asm.fix().unwrap(), 0);
    /// let (_, found) = asm.lint().unwrap();
    /// assert!(found.is_empty());
    /// ```
    pub fn fix(&mut self) -> Result<usize, Error> {
        let t = self.o.target;
        for _ in 0..4 {
            let (p, found) = self.lint()?;
            let mut at: std::collections::BTreeMap<
                usize,
                (Option<crate::isa::waitcnt::Waitcnt>, Option<u8>),
            > = Default::default();
            for f in &found {
                let e = at.entry(f.at).or_default();
                match f.fix {
                    Fix::Waitcnt(w) => e.0 = Some(e.0.map_or(w, |x| x.combined(w))),
                    Fix::Nop(n) => e.1 = Some(e.1.map_or(n, |x| x.max(n))),
                    _ => {}
                }
            }
            if at.is_empty() {
                return Ok(found.len());
            }
            // From the last place to the first, so that the earlier offsets hold.
            for (&k, &(w, n)) in at.iter().rev() {
                let mut bytes = Vec::new();
                if let Some(w) = w {
                    let i = Inst::build(t, crate::isa::op::S_WAITCNT, &[Opnd::Waitcnt(w)])?;
                    codec::encode(t, &i)?.write_to(&mut bytes);
                }
                for m in n.into_iter().flat_map(crate::lint::nops) {
                    let i = Inst::build(t, crate::isa::op::S_NOP, &[Opnd::Imm(m as u32)])?;
                    codec::encode(t, &i)?.write_to(&mut bytes);
                }
                let off = u64::from(p.stmts[k].offset);
                self.insert(off, &bytes);
            }
        }
        Ok(self.lint()?.1.len())
    }

    /// Inserts `bytes` at `off` in `.text`: labels after it and the fixups at or after
    /// it move with the code (a label at `off` stays, before the inserted bytes).
    fn insert(&mut self, off: u64, bytes: &[u8]) {
        let n = bytes.len() as u64;
        let sec = &mut self.o.sections[0];
        let at = off as usize;
        sec.data.splice(at..at, bytes.iter().copied());
        for f in &mut sec.fixups {
            if f.offset >= off {
                f.offset += n;
            }
        }
        for s in &mut self.o.symbols {
            if let Def::Label { sec: 0, off: o } = &mut s.def {
                if *o > off {
                    *o += n;
                }
            }
        }
    }
}
