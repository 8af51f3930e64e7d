//! Throughput of the deal and of scoring inside the native core (no Python in the loop).
//!
//! `cargo run --release --example bench_rng_scoring` prints deals per second (the
//! CPython-exact deal and the fast batch deal) and scores per second (TSR 7 with line items).

use std::hint::black_box;
use std::time::Instant;

use doko_native::rng::{deal_hands, Xoshiro256};
use doko_native::scoring::{score, GameSummary, RawSummary};

/// This thread's CPU time in seconds (Linux: /proc/thread-self/schedstat), if readable: the
/// machine may be shared, so rates are given per CPU second as well as per wall second.
fn cpu_seconds() -> Option<f64> {
    let text = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: f64 = text.split_whitespace().next()?.parse().ok()?;
    Some(ns / 1e9)
}

fn rate(label: &str, n: u64, run: impl FnOnce() -> u64) {
    let cpu0 = cpu_seconds();
    let start = Instant::now();
    let check = run();
    let secs = start.elapsed().as_secs_f64();
    let cpu = cpu0.and_then(|c0| cpu_seconds().map(|c1| c1 - c0));
    let per_cpu = cpu.map_or("n/a".to_string(), |c| format!("{:.0}", n as f64 / c));
    println!(
        "{label:<40} {:>11.0} /s wall, {per_cpu:>11} /s CPU  ({n} in {secs:.3} s, checksum {check})",
        n as f64 / secs
    );
}

fn main() {
    let n = 200_000u64;
    rate("deal_hands (CPython-exact MT19937)", n, || {
        (0..n as i64).fold(0u64, |acc, seed| {
            acc ^ deal_hands(black_box(seed), 0, true)[0]
        })
    });
    let m = 2_000_000u64;
    rate("Xoshiro256::deal (batch RNG)", m, || {
        let mut r = Xoshiro256::new(1);
        (0..m).fold(0u64, |acc, _| acc ^ r.deal(0, true)[0])
    });
    // a mix of checked summaries: every contract, Augen, both calls; tricks unknown
    let mut summaries = Vec::new();
    for contract in ["normal", "marriage", "silent_marriage", "solo"] {
        for eyes in (2..=238).step_by(3) {
            for calls in 0..36 {
                let raw = RawSummary {
                    contract: contract.to_string(),
                    re_eyes: eyes,
                    re_tricks: None,
                    re_calls: calls / 6,
                    kontra_calls: calls % 6,
                    re_extras: [0; doko_native::scoring::N_EXTRAS],
                    kontra_extras: [0; doko_native::scoring::N_EXTRAS],
                    nines: true,
                };
                if let Ok(g) = GameSummary::new(&raw) {
                    summaries.push(g);
                }
            }
        }
    }
    let k = 5_000_000u64;
    rate("score (TSR 7, line items, no texts)", k, || {
        (0..k as usize).fold(0u64, |acc, i| {
            let s = score(black_box(&summaries[i % summaries.len()]), i & 1 == 1);
            acc.wrapping_add(s.re_score as u64 + s.items().len() as u64)
        })
    });
}
