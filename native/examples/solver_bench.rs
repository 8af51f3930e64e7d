//! Solve positions read from a file (one a line: four hands, leader, four 0/1 parties), in a
//! Normalspiel, and print the time and nodes of each and in all: `cargo run --release
//! --example solver_bench -- FILE [MAX_NODES [TABLE_SIZE]]`. For profiling the solver without
//! Python; `PASSES=1` prints each MTD(f) test (beta, result, nodes). A position that runs out
//! of nodes prints -1 and counts at the nodes it took.

use doko_native::solver::{Solver, DEFAULT_TABLE_SIZE};
use std::time::Instant;

fn main() {
    let path = std::env::args().nth(1).expect("a file of positions");
    let max_nodes: Option<u64> = std::env::args()
        .nth(2)
        .map(|x| x.parse().expect("a number"));
    let table: usize = std::env::args()
        .nth(3)
        .map_or(DEFAULT_TABLE_SIZE, |x| x.parse().expect("a number"));
    let text = std::fs::read_to_string(path).expect("readable");
    let (mut total, mut nodes) = (0.0f64, 0u64);
    let mut times = Vec::new();
    for line in text.lines() {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let hands = [v[0], v[1], v[2], v[3]];
        let is_re = [v[5] == 1, v[6] == 1, v[7] == 1, v[8] == 1];
        let mut sv = Solver::new(0, is_re, 0, table).unwrap();
        sv.max_nodes = max_nodes;
        let t = Instant::now();
        let value = sv
            .future_value(hands, v[4] as usize, &[], None)
            .unwrap_or(-1);
        let dt = t.elapsed().as_secs_f64();
        let n1 = sv.node_count();
        if std::env::var("PASSES").is_ok() {
            for (beta, g, n) in sv.passes() {
                println!("  beta {beta:3}: {g:3} in {n:9} nodes");
            }
        }
        if std::env::var("GUESS").is_ok() {
            let mut sv2 = Solver::new(0, is_re, 0, DEFAULT_TABLE_SIZE).unwrap();
            sv2.future_value(hands, v[4] as usize, &[], Some(value))
                .unwrap();
            println!(
                "{value} {dt:.4}s {n1} nodes; with the exact guess {} nodes",
                sv2.node_count()
            );
        } else {
            println!("{value} {dt:.4}s {n1} nodes");
        }
        total += dt;
        nodes += sv.node_count();
        times.push(dt);
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    println!(
        "mean {:.3} ms, median {:.3} ms, max {:.3} ms, {:.0} nodes/s",
        total * 1000.0 / times.len() as f64,
        times[times.len() / 2] * 1000.0,
        times[times.len() - 1] * 1000.0,
        nodes as f64 / total
    );
}
