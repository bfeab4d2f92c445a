//! What a rule's scope rests on ([`Basis`]) and which rules a lint reports by it
//! ([`Selection`]): read by the registry and by the predicates' context alike.

use super::error::{Error, ErrorKind};

/// What a rule's scope rests on (issue 14): where LLVM is more conservative than the
/// hardware documents, the rule follows the documents and its entry says so; where the
/// documents say nothing, LLVM's rule is kept and marked as LLVM's reading.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Basis {
    /// An AMD ISA document states the rule and its scope (the Vega ISA's Table 8, the
    /// CDNA3 ISA's Tables 11 and 37, the s_waitcnt counters of 4.4).
    Documented,
    /// The documents say nothing about it: LLVM's rule (its hazard recognizer, its
    /// s_waitcnt insertion, its calling convention), kept as LLVM reads it.
    Llvm,
    /// Documented, but it needs a fact the linter does not have (the wave's SGPR
    /// allocation): never reported.
    Inactive,
}

impl Basis {
    /// How `--explain` and the documentation name it.
    pub fn label(self) -> &'static str {
        match self {
            Basis::Documented => "documented",
            Basis::Llvm => "LLVM's reading",
            Basis::Inactive => "inactive",
        }
    }
}

/// Which rules a lint reports, by their [`Basis`] (`lint --rules`): both the
/// documented rules and LLVM's readings (the default), or only one kind. Inactive
/// rules are never reported.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Selection {
    /// Documented rules and LLVM's readings.
    #[default]
    All,
    /// Documented rules only: findings of LLVM's readings are dropped.
    Documented,
    /// LLVM's readings only.
    Llvm,
}

impl Selection {
    /// Whether rules of `basis` are reported.
    pub fn admits(self, basis: Basis) -> bool {
        match (self, basis) {
            (_, Basis::Inactive) => false,
            (Selection::All, _) => true,
            (Selection::Documented, b) => b == Basis::Documented,
            (Selection::Llvm, b) => b == Basis::Llvm,
        }
    }
}

impl std::str::FromStr for Selection {
    type Err = Error;
    /// `all`, `documented` or `llvm`.
    fn from_str(s: &str) -> Result<Selection, Error> {
        match s {
            "all" => Ok(Selection::All),
            "documented" => Ok(Selection::Documented),
            "llvm" => Ok(Selection::Llvm),
            _ => Err(Error::new(
                ErrorKind::UnknownName,
                format!("unknown rule selection '{s}' (expected documented, llvm or all)"),
            )),
        }
    }
}
