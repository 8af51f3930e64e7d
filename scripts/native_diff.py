"""Compare the Python engine and the native core over many random games (not a test).

Both engines play every game in lock-step (``doko.engine.native_check``): the same legal
actions and state at every step, the same refusals of random illegal actions, the same summary
and score at the end. Prints the count, and the first disagreement if there is one::

    .venv/bin/python scripts/native_diff.py --games 1000000
"""

from __future__ import annotations

import argparse
import sys
import time

from doko.engine.native_check import KINDS, Mismatch, compare_games


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--games", type=int, default=100_000, help="games to compare (default 100000)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default 0)")
    p.add_argument("--chunk", type=int, default=8_000, help="games per progress line")
    ns = p.parse_args(argv)
    total: dict[str, int] = {}
    start = time.perf_counter()
    done = 0
    chunk = 0
    while done < ns.games:
        n = min(ns.chunk, ns.games - done)
        try:
            counts = compare_games(n, seed=ns.seed * 1_000_000 + chunk, kinds=KINDS)
        except Mismatch as e:
            print(f"DISAGREEMENT after {done} agreeing games:\n{e}")
            return 1
        for key, value in counts.items():
            total[key] = total.get(key, 0) + value
        done += n
        chunk += 1
        elapsed = time.perf_counter() - start
        print(f"{done} games agree ({total['states']} states, {total['illegal']} refusals "
              f"compared), {elapsed:.0f} s", flush=True)
    print("all agree:", ", ".join(f"{k}={v}" for k, v in sorted(total.items())))
    return 0


if __name__ == "__main__":
    sys.exit(main())
