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
use crate::inst::Inst;
use crate::isa::Role;
use crate::syntax::expr::{Bin, Tree, Variant};
use crate::target::Target;

/// A label: a place in the code, bound once.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Label(usize);

/// The code assembler.
pub struct CodeAssembler {
    o: Object,
    labels: usize,
}

impl CodeAssembler {
    /// An empty assembler writing `.text` for `target`.
    pub fn new(target: Target) -> CodeAssembler {
        CodeAssembler {
            o: Object::new(target),
            labels: 0,
        }
    }

    /// The object being built (to add sections, data or notes directly).
    pub fn object(&mut self) -> &mut Object {
        &mut self.o
    }

    /// A new anonymous label (local, not in the symbol table).
    pub fn create_label(&mut self) -> Label {
        self.labels += 1;
        Label(self.o.symbol(&format!(".Lca{}", self.labels)))
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

    /// Appends an instruction.
    pub fn inst(&mut self, i: Inst) -> Result<(), Error> {
        let w = codec::encode(self.o.target, &i)?;
        w.write_to(&mut self.o.sec().data);
        Ok(())
    }

    /// Appends a branch (any SOPP branch; its offset is ignored) to a label.
    pub fn branch(&mut self, i: Inst, to: Label) -> Result<(), Error> {
        if !i.desc().sig.iter().any(|s| s.role == Role::Label) {
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
        self.o.note(&super::object::Note {
            name: "AMDGPU".into(),
            ty: super::note::NT_AMDGPU_METADATA,
            desc,
        });
        Ok(())
    }

    /// The place reached in the current section.
    pub fn offset(&mut self) -> u64 {
        self.o.sec().len()
    }

    /// Resolves the fixups and returns the finished object.
    pub fn finish(mut self) -> Result<Object, Error> {
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
}
