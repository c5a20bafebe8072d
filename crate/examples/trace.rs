use kafka_replication::scenario::*;
fn main() {
    let path = std::env::args().nth(1).expect("script path");
    let s = match Script::parse(&std::fs::read_to_string(path).unwrap()) { Ok(s) => s, Err(e) => { println!("ERROR {e}"); return } };
    let mut c = match s.cluster() { Ok(c) => c, Err(e) => { println!("ERROR {e}"); return } };
    for line in &s.lines {
        match run_line(&mut c, line) {
            Ok(ev) => for e in ev { if e.kind != "replicate" || std::env::var("ALL").is_ok() { println!("{:>5} {:<18} {}", e.tick, e.kind, e.text); } },
            Err(e) => { println!("ERROR {e}"); break; }
        }
    }
}
