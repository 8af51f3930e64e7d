"""Speed of the native engine on one core, printed (not a test), with the Python engine in the
same run for comparison. CPU time (``time.process_time``), so that other load on the machine
counts less::

    .venv/bin/python scripts/native_speed.py [--seconds 2]

Figures: random whole games per second through ``doko_native.random_games`` (the workload of
``doko bench``) and through the Python engine's bench loop; actions per second from a Python
loop (``legal_actions()`` + ``apply()`` of a uniformly random legal action) for both engines;
heuristic and random play-outs of a whole game (``Game.playouts``);
``clone()`` from Python and a state copy in Rust; the size of the Rust state; card plays per
second from mid-game states in Rust.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable
from typing import Any

from doko.cli.bench import bench_games
from doko.engine.backend import require_native
from doko.engine.game import Game
from doko.engine.native import native_game_class


def python_loop(make: Callable[[int], Any], seconds: float) -> tuple[int, float]:
    """Actions applied from a Python loop until ``seconds`` of CPU time: (actions, time)."""
    rnd = random.Random(1).random
    actions = 0
    i = 0
    clock = time.process_time
    start = clock()
    while clock() - start < seconds:
        for _ in range(50):
            g = make(i)
            i += 1
            legal = g.legal_actions
            apply = g.apply
            acts = legal()
            while acts:
                apply(acts[int(rnd() * len(acts))])
                actions += 1
                if g.is_over:
                    break
                acts = legal()
    return actions, clock() - start


def main() -> None:
    p = argparse.ArgumentParser(description="native engine speed, one core")
    p.add_argument("--seconds", type=float, default=2.0)
    ns = p.parse_args()
    dn = require_native()
    cls = native_game_class()
    t = ns.seconds

    clock = time.process_time
    c0 = clock()
    r = dn.random_games(10**9, 1, seconds=t)
    cpu = clock() - c0
    print(f"random games (native batch):   {r['games'] / cpu:>12,.0f} /s  "
          f"({r['games']:,} games, {r['actions']:,} actions, {cpu:.2f} s CPU)")
    c0 = clock()
    n, _ = bench_games(t / 2)
    cpu_py = clock() - c0
    print(f"random games (Python engine):  {n / cpu_py:>12,.0f} /s  "
          f"(ratio {r['games'] / cpu / (n / cpu_py):.0f}x)")

    c0 = clock()
    cp = dn.card_plays(seed=1, seconds=t)
    cpu = clock() - c0  # with the preparation of the 200 states (about a millisecond)
    print(f"card plays from mid-game (Rust): {cp['card_plays'] / cpu:>10,.0f} /s  "
          f"({cp['card_plays']:,} plays in {cp['playouts']:,} play-outs, {cpu:.2f} s CPU)")

    g0 = cls.deal(3)
    while g0.phase != 2:  # through the Vorbehaltsabfrage: all healthy
        g0.apply(g0.legal_actions()[0])
    for policy in ("heuristic", "random"):
        c0 = clock()
        po = g0.playouts(100_000, policy, 1)
        cpu = clock() - c0
        print(f"{policy} play-outs (whole game): {po['playouts'] / cpu:>10,.0f} /s  "
              f"({po['card_plays'] / cpu:,.0f} card plays/s)")

    protos = [cls.deal(i, i & 3) for i in range(64)]
    py_protos = [Game.deal(i, i & 3) for i in range(64)]
    a, s = python_loop(lambda i: protos[i & 63].clone(), t)
    print(f"Python loop, native:           {a / s:>12,.0f} actions/s (clone per game incl.)")
    a2, s2 = python_loop(lambda i: py_protos[i & 63].clone(), t / 2)
    ratio = a / s / (a2 / s2)
    print(f"Python loop, Python engine:    {a2 / s2:>12,.0f} actions/s (ratio {ratio:.0f}x)")

    g = protos[5].clone()
    for _ in range(20):
        g.apply(g.legal_actions()[0])
    reps = 200_000
    c0 = clock()
    for _ in range(reps):
        g.clone()
    print(f"clone() from Python:           {(clock() - c0) / reps * 1e9:>12.0f} ns "
          f"(NativeGame)")
    print(f"state copy in Rust:            {dn.clone_ns():>12.1f} ns")
    print(f"size of the Rust GameState:    {dn.state_size():>12} bytes")


if __name__ == "__main__":
    main()
