//! Generates one `#[test]` per scenario script for `tests/scenarios.rs` (etcd raft's data-driven
//! tests: each file is a test of its own, run by name, e.g. `cargo test lessons::anatomy`). The
//! groups are the folders under `scenarios/`: a new folder or file is picked up without a list.

use std::fmt::Write as _;
use std::path::Path;

fn ident(name: &str) -> String {
    let mut id: String = name.chars().map(|c| if c.is_ascii_alphanumeric() { c.to_ascii_lowercase() } else { '_' }).collect();
    if id.starts_with(|c: char| c.is_ascii_digit()) {
        id.insert(0, '_');
    }
    id
}

fn main() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    println!("cargo:rerun-if-changed={}", root.display());
    let mut groups: Vec<_> =
        std::fs::read_dir(&root).map(|d| d.flatten().map(|e| e.path()).filter(|p| p.is_dir()).collect()).unwrap_or_default();
    groups.sort();
    let mut out = String::new();
    for group in groups {
        // Each folder too: a file added to one must regenerate the list (the root's own entry
        // alone did not always rerun this script when a file was added to a folder).
        println!("cargo:rerun-if-changed={}", group.display());
        let mut files: Vec<_> = std::fs::read_dir(&group)
            .map(|d| d.flatten().map(|e| e.path()).filter(|p| p.extension().is_some_and(|x| x == "txt")).collect())
            .unwrap_or_default();
        files.sort();
        let name = group.file_name().unwrap().to_string_lossy().to_string();
        writeln!(out, "mod {} {{", ident(&name)).unwrap();
        for f in files {
            let file = f.file_name().unwrap().to_string_lossy().to_string();
            let stem = file.trim_end_matches(".txt");
            writeln!(out, "    #[test]\n    fn {}() {{\n        super::play(\"{name}/{file}\");\n    }}", ident(stem)).unwrap();
        }
        writeln!(out, "}}").unwrap();
    }
    std::fs::write(Path::new(&std::env::var("OUT_DIR").unwrap()).join("scenario_tests.rs"), out).unwrap();
}
