"""Deals and scores per second, Python backend against the native core, in one short run.

    .venv/bin/python scripts/bench_native_scoring.py [--seconds 1.0]

Prints, for each workload, calls per wall second and per CPU second of this process (the machine
may be shared). The workloads are called from a Python loop, so the native figures include
the cost of crossing into the extension; ``cargo run --release --example bench_rng_scoring`` in
``native/`` measures the core alone.
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from doko.engine.backend import require_native
from doko.engine.game import deal_hands
from doko.engine.native_scoring import deal_hands_native, score_native
from doko.engine.rules import HAUSREGELN, TSR, Rules
from doko.engine.scoring import CONTRACTS, GameSummary, Score, ScoringInputError, score


def _summaries() -> list[GameSummary]:
    """Checked summaries of every contract, Augen (in steps of 7) and both calls."""
    out = []
    for contract in CONTRACTS:
        for eyes in range(2, 239, 7):
            for calls in range(36):
                try:
                    out.append(GameSummary(contract, eyes, None, calls // 6, calls % 6))
                except ScoringInputError:
                    continue
    return out


def _rate(label: str, seconds: float, batch: Callable[[int], None], size: int) -> float:
    """Run ``batch(size)`` until ``seconds`` of wall time have passed; print and return the rate
    per CPU second."""
    done = 0
    wall0, cpu0 = time.perf_counter(), time.process_time()
    while time.perf_counter() - wall0 < seconds:
        batch(size)
        done += size
    wall, cpu = time.perf_counter() - wall0, time.process_time() - cpu0
    per_cpu = done / cpu if cpu > 0 else float("nan")
    print(f"{label:<42} {done / wall:>11,.0f} /s wall {per_cpu:>11,.0f} /s CPU  ({done} calls)")
    return per_cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=1.0, help="per workload (default 1)")
    args = parser.parse_args()
    seconds: float = args.seconds
    summaries = _summaries()
    n = len(summaries)
    seed = [0]

    def deals(fn: Callable[[int, int, bool], list[int]]) -> Callable[[int], None]:
        def run(size: int) -> None:
            for _ in range(size):
                seed[0] += 1
                fn(seed[0], seed[0] & 3, True)
        return run

    def scores(fn: Callable[[GameSummary, Rules], Score]) -> Callable[[int], None]:
        def run(size: int) -> None:
            for i in range(size):
                fn(summaries[i % n], HAUSREGELN if i & 1 else TSR)
        return run

    py_deal = _rate("deal_hands, Python", seconds, deals(deal_hands), 500)
    nat_deal = _rate("deal_hands, native", seconds, deals(deal_hands_native), 500)
    py_score = _rate("score, Python", seconds, scores(score), 500)
    nat_score = _rate("score, native (score_native)", seconds,
                      scores(score_native), 500)
    native = require_native()

    def raw(size: int) -> None:
        for i in range(size):
            g = summaries[i % n]
            native.score(g.contract, g.re_eyes, g.re_tricks, g.re_calls, g.kontra_calls,
                         re_kontra_double=bool(i & 1))

    _rate("score, native (doko_native.score: a dict)", seconds, raw, 500)
    print(f"native / Python per CPU second: deals x{nat_deal / py_deal:.1f}, "
          f"scores x{nat_score / py_score:.1f}")


if __name__ == "__main__":
    main()
