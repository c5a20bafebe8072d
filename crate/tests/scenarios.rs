//! Runs every scenario script under `scenarios/` (the same files the page plays): each must parse
//! and meet all of its `expect` lines.

use kafka_replication::scenario::Script;
use std::path::{Path, PathBuf};

fn scripts(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).unwrap_or_else(|e| panic!("{}: {e}", dir.display())) {
        let path = entry.unwrap().path();
        if path.is_dir() {
            scripts(&path, out);
        } else if path.extension().is_some_and(|e| e == "txt") {
            out.push(path);
        }
    }
}

#[test]
fn every_scenario_meets_its_expectations() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("../scenarios");
    let mut files = Vec::new();
    scripts(&root, &mut files);
    files.sort();
    assert!(!files.is_empty(), "no scenarios under {}", root.display());
    let mut failures = Vec::new();
    for f in &files {
        let text = std::fs::read_to_string(f).unwrap();
        let name = f.strip_prefix(&root).unwrap().display().to_string();
        let expects = text.lines().filter(|l| l.trim_start().starts_with("expect") || l.contains(" until ")).count();
        assert!(expects > 0, "{name} checks nothing");
        match Script::parse(&text).and_then(|s| s.run()) {
            Ok(_) => println!("ok   {name} ({expects} checks)"),
            Err(e) => failures.push(format!("{name}: {e}")),
        }
    }
    assert!(failures.is_empty(), "{} of {} scenarios failed:\n{}", failures.len(), files.len(), failures.join("\n"));
}
