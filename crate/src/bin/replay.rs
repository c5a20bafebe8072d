//! Plays a scenario script natively and prints its trace and the final state as text, for docs
//! generation and terminals:
//!
//! ```text
//! cargo run -p kafka-replication --bin replay -- scenarios/lessons/01-anatomy.txt [--all] [--lang zh]
//! ```
//!
//! `--all` includes the per-fetch events (replicate, follower HW). Exit code 1 if the script does
//! not parse or an expectation fails.

use kafka_replication::scenario::{run_line, Command, Script};
use std::process::ExitCode;

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let all = args.iter().any(|a| a == "--all");
    let lang = args.iter().position(|a| a == "--lang").and_then(|i| args.get(i + 1)).map_or("en", String::as_str);
    let Some(path) = args.iter().find(|a| !a.starts_with("--") && a.as_str() != lang) else {
        eprintln!("usage: replay <scenario.txt> [--all] [--lang en|zh]");
        return ExitCode::from(2);
    };
    let text = match std::fs::read_to_string(path) {
        Ok(t) => t,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::from(2);
        }
    };
    let script = match Script::parse(&text) {
        Ok(s) => s,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    if let Some((line, key, _)) = script.compare() {
        eprintln!("{path}: line {line}: a compare file ({key}) plays two clusters side by side: `cargo test --test scenarios` or the page's compare mode plays it");
        return ExitCode::from(2);
    }
    let mut cluster = match script.cluster() {
        Ok(c) => c,
        Err(e) => {
            eprintln!("{path}: {e}");
            return ExitCode::FAILURE;
        }
    };
    for line in &script.lines {
        if let Command::Title { lang: l, text } | Command::Caption { lang: l, text } = &line.command {
            if l == lang {
                println!("\n» {text}");
            }
        }
        match run_line(&mut cluster, line) {
            Ok(events) => {
                for e in events.iter().filter(|e| all || !matches!(e.kind, "replicate") && !e.text.contains("follower HW")) {
                    println!("{:>8.1}s  {:<18} {}", e.time_ms as f64 / 1000.0, e.kind, e.text);
                }
                if let Command::Expect(x, says, _) = &line.command {
                    match says.get(&lang.to_string()) {
                        Some(sentence) => println!("   ✓ {sentence} ({x})"),
                        None => println!("   ✓ {x}"),
                    }
                }
            }
            Err(e) => {
                eprintln!("{path}: {e}");
                println!("\n{cluster}");
                return ExitCode::FAILURE;
            }
        }
    }
    println!("\n{cluster}");
    ExitCode::SUCCESS
}
