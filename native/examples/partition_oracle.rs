//! The partition-search oracle (see `Oracle` in `solver.rs`): `cargo run --release --example
//! partition_oracle -- FILE LINE MODE [MAX_NODES [BETA]]` solves the position on line `LINE`
//! (0 first) of a `scripts/solver_positions.py` file by MTD(f), or only the test "Re at least
//! BETA?", with a coarse map of bounds keyed by `MODE` beside the tables, and prints how many
//! expanded positions a coarse entry would have cut, how many of those rightly, and the nodes
//! below the outermost right ones.

use doko_native::solver::{Oracle, Part, Solver, DEFAULT_TABLE_SIZE};

fn main() {
    let args: Vec<String> = std::env::args().collect();
    let text = std::fs::read_to_string(&args[1]).expect("readable");
    let line: usize = args[2].parse().expect("a number");
    let mode: u8 = args[3].parse().expect("a number");
    let max_nodes: Option<u64> = args.get(4).map(|x| x.parse().expect("a number"));
    let beta: Option<i32> = args.get(5).map(|x| x.parse().expect("a number"));
    let v: Vec<u64> = text
        .lines()
        .nth(line)
        .expect("a line")
        .split_whitespace()
        .map(|x| x.parse().unwrap())
        .collect();
    let hands = [v[0], v[1], v[2], v[3]];
    let is_re = [v[5] == 1, v[6] == 1, v[7] == 1, v[8] == 1];
    let mut sv = Solver::new(0, is_re, 0, DEFAULT_TABLE_SIZE).unwrap();
    sv.max_nodes = max_nodes;
    // modes 5 and 6: partition search itself (6: the exact positions only, a control);
    // 7: plain (the nodes of main)
    if mode == 5 || mode == 6 {
        let mut p = Part::new(mode == 6);
        p.relax = std::env::var("RELAX").map_or(0, |x| x.parse().expect("a number"));
        sv.part = Some(Box::new(p));
    }
    sv.oracle = Some(Box::new(Oracle::new(if mode >= 5 { 0 } else { mode })));
    if let Ok(x) = std::env::var("SYM_FROM") {
        sv.sym_from = x.parse().expect("a number");
    }
    sv.twins = std::env::var("NOTWINS").is_err();
    sv.start();
    let result = match beta {
        Some(b) => format!("{:?}", sv.at_least(hands, v[4] as usize, &[], b)),
        None => format!("{:?}", sv.future(hands, v[4] as usize, &[], None)),
    };
    let o = sv.oracle.as_ref().unwrap();
    let n = sv.node_count();
    let big: u64 = sv.depth_nodes[3..].iter().sum();
    println!(
        "line {line} mode {mode}: {result}, {n} nodes ({big} with 3+ tricks left); saved {} ({:.1} %, \
         at most {:.2}x fewer)",
        o.saved,
        100.0 * o.saved as f64 / n as f64,
        n as f64 / (n - o.saved).max(1) as f64
    );
    if let Some(p) = sv.part.as_ref() {
        println!("  partition cuts by tricks left {:?}", &p.cuts[3..]);
        println!(
            "  stored bounds by queen and jack kinds left free {:?}",
            p.free
        );
    }
    println!("  probes {:?}", &o.probes[3..]);
    println!("  would  {:?}", &o.would[3..]);
    println!("  right  {:?}", &o.right[3..]);
    if std::env::var("PASSES").is_ok() {
        for (beta, g, n) in sv.passes() {
            println!("  beta {beta:3}: {g:3} in {n:9} nodes");
        }
    }
}
