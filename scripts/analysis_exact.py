"""How much of a game ``doko analyze`` solves exactly, printed (not a test): games of four
``rules`` players, one seat analysed, one JSON line per game::

    taskset -c 1 .venv/bin/python scripts/analysis_exact.py [--seeds 1-6] [--seat 1]
        [--open-budget 4] [--worlds 0]

Per game: the card and call decisions and how many are exact (open), the first trick from
which every one is, the reservation's measure (exact or its bounds in points), wall and CPU
seconds. The budgets are wall-clock time (as in ``doko analyze``): on a loaded machine the
CPU column says how much the analysis really got. ``--nodes K`` instead solves every card
decision from trick K on exactly, without a time limit, and prints the solver nodes and CPU
seconds that took (a measure of the work that does not depend on the load). Run it with
``PYTHONPATH`` pointing at an older ``src`` to compare versions.
"""

from __future__ import annotations

import argparse
import json
import time

from doko.analysis import game_analysis as ga
from doko.bots.base import make_player, play_game
from doko.engine.actions import Action
from doko.engine.game import Game
from doko.engine.record import start_of, to_record


def _seeds(text: str) -> list[int]:
    lo, _, hi = text.partition("-")
    return list(range(int(lo), int(hi or lo) + 1))


def _game(seed: int) -> tuple[Game, list[Action]]:
    g = play_game(Game.deal(seed), [make_player("rules", seed=seed + i) for i in range(4)])
    return start_of(to_record(g))


def exact_counts(seed: int, seat: int, budget: float, worlds: int) -> dict[str, object]:
    start, actions = _game(seed)
    wall, cpu = time.perf_counter(), time.process_time()
    a = ga.analyze(start, actions, seats=[seat], worlds=worlds, open_budget=budget,
                   backend="native")
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    ds = [d for d in a.decisions if d.kind != "reservation"]
    tricks = sorted({d.trick for d in ds})
    from_trick = next((t for t in tricks
                       if all(d.open.exact for d in ds if d.trick >= t)), None)
    res = [d.open for d in a.decisions if d.kind == "reservation"]
    return {"seed": seed, "decisions": len(ds), "exact": sum(d.open.exact for d in ds),
            "exact_from_trick": from_trick,
            "reservation": [o.loss_points if o.exact else o.bounds.get("loss_points")
                            for o in res],
            "wall": round(wall, 2), "cpu": round(cpu, 2)}


def nodes_from(seed: int, seat: int, trick: int) -> dict[str, object]:
    start, actions = _game(seed)
    final = start.clone()
    for x in actions:
        final.apply(x)
    spots, _ = ga._spots(start.clone(), actions, {seat})
    solvers = ga._Solvers("native")
    known: dict[int, int] = {}
    cpu = time.process_time()
    n = 0
    for sp in reversed(spots):
        if sp.kind == "card" and len(sp.before.tricks) + 1 >= trick:
            ga._open_card(sp, seat, ga._final_levels(final), solvers, 1e6, known)
            n += 1
    cpu = time.process_time() - cpu
    nodes = sum(sv.node_count for sv in solvers._cache.values())
    return {"seed": seed, "decisions": n, "nodes": nodes, "cpu": round(cpu, 2)}


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--seeds", default="1-6", help="deal seeds, e.g. 1-6 (default)")
    p.add_argument("--seat", type=int, default=1, help="the seat analysed, 1-4 (default 1)")
    p.add_argument("--open-budget", type=float, default=4.0, help="seconds (default 4)")
    p.add_argument("--worlds", type=int, default=0, help="knowable worlds (default 0)")
    p.add_argument("--nodes", type=int, default=0, metavar="K",
                   help="solve every card decision from trick K on, no time limit")
    ns = p.parse_args()
    for seed in _seeds(ns.seeds):
        out = (nodes_from(seed, ns.seat - 1, ns.nodes) if ns.nodes else
               exact_counts(seed, ns.seat - 1, ns.open_budget, ns.worlds))
        print(json.dumps(out), flush=True)


if __name__ == "__main__":
    main()
