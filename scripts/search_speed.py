"""Speed of the ``search`` player's playouts, Python backend against the native core, printed
(not a test). CPU time (``time.process_time``), so that other load on the shared machine
counts less::

    .venv/bin/python scripts/search_speed.py [--positions 24] [--worlds 6]

The same positions for both backends: decisions of a search seat (the Vorbehaltsabfrage and
trick play at every stage) taken from games of rules players; each decision evaluates every
candidate in ``--worlds`` sampled worlds (a budget in worlds, not in time). Figures: playouts
(candidates x worlds) per second of CPU time over the whole decision (sampling, the opponent
model, playouts, the endgame solver), and the ratio. Then the worlds a decision gets within a
time budget (``--budget-ms``) on the native core, with its decision time median and p95 (wall
clock; on a busy machine the p95 shows the load).
"""

from __future__ import annotations

import argparse
import statistics
import time

from doko.bots.base import make_player, step
from doko.bots.search_player import SearchPlayer
from doko.engine.game import Game
from doko.engine.view import SeatView, view


def positions(n: int) -> list[SeatView]:
    """``n`` views of the seat on turn: every sixth action of games of rules players."""
    out: list[SeatView] = []
    deal = 0
    while len(out) < n:
        g = Game.deal(700 + deal, dealer=deal % 4)
        players = [make_player("rules", seed=s) for s in range(4)]
        i = 0
        while not g.is_over and len(out) < n:
            if i % 6 == 0 and g.to_move is not None and g.to_move >= 0:
                out.append(view(g, g.to_move))
            step(g, players)
            i += 1
        deal += 1
    return out


def playouts_per_second(backend: str, views: list[SeatView], worlds: int) -> tuple[int, float]:
    """(playouts, CPU seconds) of the decisions on ``views`` with a budget of ``worlds``."""
    done = 0
    clock = time.process_time
    start = clock()
    for i, v in enumerate(views):
        p = SearchPlayer(seed=i, budget_ms=None, worlds=worlds, backend=backend)
        cands = p._candidates(v, list(v.legal_actions))
        p.decide(v)
        if len({a for a, _ in cands}) > 1:
            done += p.last_worlds * len(cands)
    return done, clock() - start


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--positions", type=int, default=24)
    ap.add_argument("--worlds", type=int, default=6)
    ap.add_argument("--budget-ms", type=float, default=100.0)
    ns = ap.parse_args()
    views = positions(ns.positions)
    rates = {}
    for backend, worlds in (("python", ns.worlds), ("native", ns.worlds * 20)):
        n, t = playouts_per_second(backend, views, worlds)
        rates[backend] = n / t
        print(f"{backend:>6}: {n} playouts in {t:.2f} s CPU = {n / t:,.0f} playouts/s")
    print(f"native / python: {rates['native'] / rates['python']:.1f}x")
    times, worlds_seen = [], []
    for i, v in enumerate(views):
        p = SearchPlayer(seed=i, budget_ms=ns.budget_ms, backend="native")
        t0 = time.perf_counter()
        p.decide(v)
        times.append((time.perf_counter() - t0) * 1000)
        worlds_seen.append(p.last_worlds)
    times.sort()
    p95 = times[min(len(times) - 1, int(0.95 * len(times)))]
    print(f"native at {ns.budget_ms:.0f} ms: worlds per decision median "
          f"{statistics.median(worlds_seen):.0f}, decision time median "
          f"{statistics.median(times):.1f} ms, p95 {p95:.1f} ms")


if __name__ == "__main__":
    main()
