//! Solve positions read from a file (one a line: four hands, leader, four 0/1 parties), in a
//! Normalspiel, and print the CPU time and nodes of each and in all: `cargo run --release
//! --example solver_bench -- FILE [MAX_NODES [TABLE_SIZE [TIME_LIMIT]]]`. For profiling the
//! solver without Python. Times are the thread's CPU time (`/proc/thread-self/schedstat`, wall
//! time where that is missing), so other processes on a shared core disturb them little.
//! `PASSES=1` prints each MTD(f) test (beta, result, nodes); `GUESS=1` solves each position
//! again with its exact value as the first guess. A position that runs out of nodes or time
//! prints -1 and counts at what it took. `AT_LEAST=T` first asks a fresh solver only whether
//! Re takes at least `T` Augen (one null-window test, [`Solver::at_least`]; `T` = 121 is who
//! wins the game) and prints its answer, nodes and CPU time, and their median and mean at the
//! end (`ONLY=1`: only that test). `DEPTHS=1` prints each solve's nodes by tricks left and
//! the twin cards left out; `NOTWINS=1` searches without the twin rule (`Solver::twins`), `NOSURE=1`
//! without the sure top trumps in the structure table's shifts (`Solver::sure_sym`),
//! `SYM_FROM=N` with the structure table from `N` tricks left. `scripts/solver_positions.py`
//! writes the positions `doko solve --bench` solves.

use doko_native::solver::{Solver, DEFAULT_TABLE_SIZE};
use std::time::Instant;

/// This thread's CPU time in seconds, if the system tells it.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns as f64 * 1e-9)
}

/// A clock: CPU time where the system gives it, else wall time since `start`.
fn clock(start: Instant) -> f64 {
    cpu_seconds().unwrap_or_else(|| start.elapsed().as_secs_f64())
}

fn main() {
    let path = std::env::args().nth(1).expect("a file of positions");
    let max_nodes: Option<u64> = std::env::args()
        .nth(2)
        .map(|x| x.parse().expect("a number"));
    let table: usize = std::env::args()
        .nth(3)
        .map_or(DEFAULT_TABLE_SIZE, |x| x.parse().expect("a number"));
    let time_limit: Option<f64> = std::env::args()
        .nth(4)
        .map(|x| x.parse().expect("a number"));
    let text = std::fs::read_to_string(path).expect("readable");
    let start = Instant::now();
    let (mut total, mut nodes, mut unsolved) = (0.0f64, 0u64, 0);
    let mut times = Vec::new();
    let mut counts = Vec::new();
    let at_least: Option<i32> = std::env::var("AT_LEAST")
        .ok()
        .map(|x| x.parse().expect("a number"));
    let mut tests: Vec<(f64, u64)> = Vec::new();
    let sym_from: Option<u32> = std::env::var("SYM_FROM")
        .ok()
        .map(|x| x.parse().expect("a number"));
    for line in text.lines() {
        let v: Vec<u64> = line
            .split_whitespace()
            .map(|x| x.parse().unwrap())
            .collect();
        let hands = [v[0], v[1], v[2], v[3]];
        let is_re = [v[5] == 1, v[6] == 1, v[7] == 1, v[8] == 1];
        let solver = || {
            let mut sv = Solver::new(0, is_re, 0, table).unwrap();
            sv.max_nodes = max_nodes;
            sv.time_limit = time_limit;
            if let Some(x) = sym_from {
                sv.sym_from = x;
            }
            sv.twins = std::env::var("NOTWINS").is_err();
            sv.sure_sym = std::env::var("NOSURE").is_err();
            sv
        };
        if let Some(target) = at_least {
            let mut sv = solver();
            let t = clock(start);
            sv.start();
            let answer = match sv.at_least(hands, v[4] as usize, &[], target) {
                Ok(yes) => format!("{yes}"),
                Err(_) => "limit".to_string(),
            };
            let dt = clock(start) - t;
            println!(
                "  at least {target}: {answer} {dt:.4}s {} nodes",
                sv.node_count()
            );
            tests.push((dt, sv.node_count()));
            if std::env::var("ONLY").is_ok() {
                continue;
            }
        }
        let mut sv = solver();
        let t = clock(start);
        let value = sv
            .future_value(hands, v[4] as usize, &[], None)
            .unwrap_or(-1);
        let dt = clock(start) - t;
        let n1 = sv.node_count();
        unsolved += usize::from(value < 0);
        if std::env::var("PASSES").is_ok() {
            for (beta, g, n) in sv.passes() {
                println!("  beta {beta:3}: {g:3} in {n:9} nodes");
            }
        }
        if std::env::var("GUESS").is_ok() {
            let mut sv2 = Solver::new(0, is_re, 0, table).unwrap();
            sv2.future_value(hands, v[4] as usize, &[], Some(value))
                .unwrap();
            println!(
                "{value} {dt:.4}s {n1} nodes; with the exact guess {} nodes",
                sv2.node_count()
            );
        } else {
            println!(
                "{value} {dt:.4}s {n1} nodes; structure table (probes, hits, cut-offs, by \
                 other Augen) {:?}; cut-offs (all, by the first move) by card {:?}",
                sv.sym_stats, sv.cut_stats
            );
            if std::env::var("DEPTHS").is_ok() {
                println!(
                    "  nodes by tricks left {:?}; twin cards left out {}",
                    sv.depth_nodes, sv.twin_stats
                );
            }
        }
        total += dt;
        nodes += n1;
        times.push(dt);
        counts.push(n1);
    }
    if !tests.is_empty() {
        let n = tests.len();
        let mut ts: Vec<f64> = tests.iter().map(|x| x.0).collect();
        let mut ns: Vec<u64> = tests.iter().map(|x| x.1).collect();
        ts.sort_by(|a, b| a.partial_cmp(b).unwrap());
        ns.sort_unstable();
        let mid = |i: usize| if n % 2 == 1 { i } else { i - 1 };
        println!(
            "at least {}: CPU mean {:.4} s, median {:.4} s, max {:.4} s; nodes mean {}, median {}, \
             max {}",
            at_least.unwrap_or(0),
            ts.iter().sum::<f64>() / n as f64,
            (ts[mid(n / 2)] + ts[n / 2]) / 2.0,
            ts[n - 1],
            ns.iter().sum::<u64>() / n as u64,
            (ns[mid(n / 2)] + ns[n / 2]) / 2,
            ns[n - 1]
        );
    }
    if times.is_empty() {
        return;
    }
    times.sort_by(|a, b| a.partial_cmp(b).unwrap());
    counts.sort_unstable();
    let n = times.len();
    let median = |i: usize| if n % 2 == 1 { i } else { i - 1 };
    let mid_t = (times[median(n / 2)] + times[n / 2]) / 2.0;
    let mid_n = (counts[median(n / 2)] + counts[n / 2]) / 2;
    println!(
        "{} of {n} solved; CPU mean {:.4} s, median {:.4} s, max {:.4} s; nodes mean {}, \
         median {mid_n}, max {}; {:.0} nodes per CPU s",
        n - unsolved,
        total / n as f64,
        mid_t,
        times[n - 1],
        nodes / n as u64,
        counts[n - 1],
        nodes as f64 / total
    );
}
