//! `lint --format sarif`: the findings as a SARIF 2.1.0 log, as GitHub code scanning
//! and other SARIF viewers read it.
//!
//! * The rules are the registry's, each with its explanation, long text and source.
//! * A result's location is the statement's line and column (assembly text) or its
//!   section and offset (code objects, as a logical location: a code object has no
//!   lines). The other instruction is a related location; a counter finding's witness
//!   path is a code flow.
//! * The fix is an insertion before the statement: an empty deleted region at the
//!   statement's column and the wait as inserted content, the statement's indentation
//!   kept.

use super::report::{json_str, Located, Place};
use amdgpu_mc::lint::{Fix, Rule};

/// The longest witness path written as a code flow (its statements).
const FLOW_MAX: usize = 200;

/// The SARIF log of `found`.
pub fn log(found: &[Located]) -> String {
    let rules: Vec<String> = Rule::ALL.iter().map(|r| rule(*r)).collect();
    let results: Vec<String> = found.iter().map(result).collect();
    format!(
        "{{\"$schema\":\"https://json.schemastore.org/sarif-2.1.0.json\",\"version\":\"2.1.0\",\
         \"runs\":[{{\"tool\":{{\"driver\":{{\"name\":\"amdgpu-mc\",\"version\":{},\
         \"informationUri\":\"https://github.com/amdgpu-mc/amdgpu-mc\",\"rules\":[{}]}}}},\
         \"columnKind\":\"unicodeCodePoints\",\"results\":[{}]}}]}}\n",
        json_str(env!("CARGO_PKG_VERSION")),
        rules.join(","),
        results.join(",")
    )
}

fn rule(r: Rule) -> String {
    format!(
        "{{\"id\":{id},\"name\":{id},\"shortDescription\":{{\"text\":{}}},\
         \"fullDescription\":{{\"text\":{}}},\"help\":{{\"text\":{}}},\
         \"defaultConfiguration\":{{\"level\":\"warning\"}},\
         \"properties\":{{\"source\":{}}}}}",
        json_str(r.explain()),
        json_str(&r.doc()),
        json_str(&format!(
            "{} Source: {}. More: amdgpu-mc lint --explain {}",
            r.doc(),
            r.source(),
            r.id()
        )),
        json_str(r.source()),
        id = json_str(r.id()),
    )
}

/// A SARIF location of `place` in `l`'s file, with a message.
fn location(l: &Located, place: Place, message: Option<&str>, id: Option<usize>) -> String {
    let uri = json_str(&uri(&l.file));
    let physical = match place {
        Place::Line(line, col) => format!(
            "\"physicalLocation\":{{\"artifactLocation\":{{\"uri\":{uri}}},\
             \"region\":{{\"startLine\":{line},\"startColumn\":{col}}}}}"
        ),
        Place::Offset(off) => format!(
            "\"physicalLocation\":{{\"artifactLocation\":{{\"uri\":{uri}}}}},\
             \"logicalLocations\":[{{\"fullyQualifiedName\":{},\"kind\":\"member\"}}]",
            json_str(&format!("{}+{off:#x}", l.section.as_deref().unwrap_or("")))
        ),
    };
    let mut out = String::from("{");
    if let Some(id) = id {
        out.push_str(&format!("\"id\":{id},"));
    }
    out.push_str(&physical);
    if let Some(m) = message {
        out.push_str(&format!(",\"message\":{{\"text\":{}}}", json_str(m)));
    }
    out.push('}');
    out
}

/// A file name as a URI reference: relative paths stay relative (to the checkout,
/// as code scanning wants), characters outside RFC 3986's unreserved set and `/`
/// percent-encoded.
fn uri(path: &str) -> String {
    let mut out = String::new();
    for b in path.bytes() {
        if b.is_ascii_alphanumeric() || b"-._~/".contains(&b) {
            out.push(b as char);
        } else {
            out.push_str(&format!("%{b:02X}"));
        }
    }
    if path.starts_with('/') {
        format!("file://{out}")
    } else {
        out
    }
}

fn result(l: &Located) -> String {
    let mut message = format!("{}: `{}`", l.message(), l.text);
    if !l.evidence.is_empty() {
        message.push_str(&format!(". {}", l.evidence));
    }
    if l.other.is_some() {
        message.push_str(". See [the other instruction](1)");
    }
    message.push_str(&format!(". Fix: {}", l.fix_text()));
    let mut out = format!(
        "{{\"ruleId\":{},\"ruleIndex\":{},\"level\":\"warning\",\"message\":{{\"text\":{}}},\
         \"locations\":[{}]",
        json_str(l.f.rule.id()),
        Rule::ALL.iter().position(|r| *r == l.f.rule).unwrap_or(0),
        json_str(&message),
        location(l, l.at, None, None)
    );
    if let Some(o) = l.other {
        out.push_str(&format!(
            ",\"relatedLocations\":[{}]",
            location(l, o, Some(&l.other_text), Some(1))
        ));
    }
    if l.path.len() >= 2 && l.path.len() <= FLOW_MAX {
        let flow: Vec<String> = l
            .path
            .iter()
            .map(|&p| format!("{{\"location\":{}}}", location(l, p, None, None)))
            .collect();
        out.push_str(&format!(
            ",\"codeFlows\":[{{\"message\":{{\"text\":\"a path on which the operation is \
             still pending\"}},\"threadFlows\":[{{\"locations\":[{}]}}]}}]",
            flow.join(",")
        ));
    }
    if let (Place::Line(line, col), Fix::Waitcnt(_) | Fix::Nop(_)) = (l.at, l.f.fix) {
        // Inserted at the statement's column: the wait, then the line's prefix (its
        // indentation, a label blanked) so the statement keeps its column.
        let indent: String = l
            .prefix
            .chars()
            .map(|c| if c.is_whitespace() { c } else { ' ' })
            .collect();
        let mut text = String::new();
        for stmt in l.f.fix.to_string().lines() {
            text.push_str(stmt);
            text.push('\n');
            text.push_str(&indent);
        }
        let region = format!(
            "{{\"startLine\":{line},\"startColumn\":{col},\"endLine\":{line},\"endColumn\":{col}}}"
        );
        out.push_str(&format!(
            ",\"fixes\":[{{\"description\":{{\"text\":{}}},\"artifactChanges\":[{{\
             \"artifactLocation\":{{\"uri\":{}}},\"replacements\":[{{\"deletedRegion\":{region},\
             \"insertedContent\":{{\"text\":{}}}}}]}}]}}]",
            json_str(&l.fix_text()),
            json_str(&uri(&l.file)),
            json_str(&text)
        ));
    }
    out.push('}');
    out
}
