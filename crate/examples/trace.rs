use kafka_replication::*;
fn main() {
    let mut c = Cluster::new(Config::default()).unwrap();
    for e in c.step(1).unwrap() { println!("{:>5} {:<18} {}", e.tick, e.kind, e.text); }
    c.produce(ProduceArgs { partition: 0, count: 3, acks: message::Acks::All }).unwrap();
    for e in c.step(15).unwrap() { println!("{:>5} {:<18} {}", e.tick, e.kind, e.text); }
    c.fail(0).unwrap();
    for e in c.step(200).unwrap() { if e.kind != "replicate" { println!("{:>5} {:<18} {}", e.tick, e.kind, e.text); } }
    c.recover(0).unwrap();
    c.produce(ProduceArgs { partition: 0, count: 2, acks: message::Acks::All }).unwrap();
    for e in c.step(100).unwrap() { println!("{:>5} {:<18} {}", e.tick, e.kind, e.text); }
}
