"""``doko bench``: engine throughput on one core, for either backend or both in one run.

Four figures per backend (``--json`` keys in brackets):

* random full games per second (``games_per_s``): deal, Vorbehaltsabfrage, reservations, calls
  and play with every legality check on, the random policy of
  :mod:`doko.bots.random_player` included (Python: ``while not g.is_over:
  g.apply(policy.choose(g))``; native: the same policy and checks inside the core's batch API,
  ``doko_native.random_games``);
* card plays per second from mid-game states (``card_plays_per_s``): states after 6 tricks are
  prepared first (not timed); then a state is cloned and played to the end with uniform random
  legal cards, over and over;
* actions per second from a Python loop (``actions_per_s_python_loop``): ``acts =
  g.legal_actions(); g.apply(random.choice(acts))`` over whole games, written in Python for
  either engine class (the cost a Python user or learner pays per step);
* solver nodes per second (``solver_nodes_per_s``): the exact double-dummy value of the last
  tricks of random Normalspiele (``--solver-tricks``, default 6; the positions of ``doko solve
  --bench``), with the mean time per position.

``--backend`` picks the engine (``auto``: native when built, see :mod:`doko.engine.backend`);
``--compare`` measures both in the same run and prints their ratios. The output always says
which backend produced each figure.
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time
from collections.abc import Callable
from itertools import islice
from typing import Any, Protocol

from doko.bots.random_player import RandomPolicy
from doko.cli.args import positive_float, positive_int, type_error
from doko.engine.actions import CODE_OF
from doko.engine.backend import BACKENDS, BackendError, require_native, resolve
from doko.engine.game import PLAY, Game
from doko.engine.texts import texts_of

#: Mid-game states prepared for the card-play measurement.
STATES = 200
#: Tricks played before a state is taken.
STATE_TRICKS = 6
#: Endgame positions prepared for the solver measurement.
SOLVER_POSITIONS = 40

#: Every rate is per CPU second of this process (``time.process_time``): a busy machine slows
#: the wall clock, not the work done per CPU second.
_CLOCK = time.process_time

#: The figures, in output order.
FIGURES = ("games_per_s", "card_plays_per_s", "actions_per_s_python_loop", "solver_nodes_per_s")


class _Engine(Protocol):
    """What the Python loop needs of an engine's game (both backends' classes have it)."""

    @property
    def is_over(self) -> bool: ...

    def legal_actions(self, seat: int | None = None) -> list[Any]: ...

    def apply(self, action: Any) -> None: ...


def _num(x: float, lang: str, digits: int = 0) -> str:
    text = f"{x:,.{digits}f}"
    if lang == "de":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` sub-command."""
    p = sub.add_parser(
        "bench",
        help="measure engine throughput on one core (Python and native backends)",
        description="Measure random full games per second, card plays per second from "
        "mid-game states, actions per second from a Python loop and solver nodes per second, "
        "on one core. Each measurement stops after --seconds or --games, whichever comes "
        "first. --compare measures both backends in the same run.",
    )
    p.add_argument("--json", action="store_true",
                   help='print one JSON object: {"backend": ..., "games_per_s": ..., '
                   '"card_plays_per_s": ..., "actions_per_s_python_loop": ..., '
                   '"solver_nodes_per_s": ...} (with --compare also "compare")')
    p.add_argument("--backend", choices=BACKENDS, default=None,
                   help="engine to measure (default: $DOKO_BACKEND, else native when built)")
    p.add_argument("--compare", action="store_true",
                   help="measure the Python and the native backend in the same run")
    p.add_argument("--games", type=positive_int, default=None, metavar="N",
                   help="at most N full games, N play-outs, N loop games and N solver "
                   "positions (default: no limit)")
    p.add_argument("--seconds", type=positive_float, default=2.0, metavar="T",
                   help="time budget of each measurement in seconds (default: 2)")
    p.add_argument("--solver-tricks", type=_solver_tricks, default=6, metavar="T",
                   help="tricks left in the solver positions (default: 6)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.set_defaults(func=run)


def _solver_tricks(text: str) -> int:
    try:
        n = int(text)
    except ValueError:
        raise type_error("tricks", low=1, high=8, value=repr(text)) from None
    if not 1 <= n <= 8:
        raise type_error("tricks", low=1, high=8, value=n)
    return n


# ------------------------------------------------------------------ the Python backend


def bench_games(seconds: float, games: int | None = None, seed: int = 0) -> tuple[int, float]:
    """Play random full games for ``seconds`` (or ``games`` games); returns (games, elapsed)."""
    policy = RandomPolicy(seed)
    choose = policy.choose
    limit = games if games is not None else 1 << 62
    n = 0
    clock = _CLOCK
    start = clock()
    deadline = start + seconds
    while n < limit:
        g = Game.deal(seed * 1_000_003 + n, n & 3)
        while not g.is_over:
            g.apply(choose(g))
        n += 1
        if clock() >= deadline:
            break
    return n, clock() - start


def mid_game_states(count: int, seed: int = 0, tricks: int = STATE_TRICKS) -> list[Game]:
    """``count`` random games stopped after ``tricks`` complete tricks (still in play)."""
    policy = RandomPolicy(seed)
    states: list[Game] = []
    n = 0
    while len(states) < count:
        g = Game.deal(seed * 1_000_003 + 500_000 + n, n & 3)
        n += 1
        while not g.is_over and len(g.tricks) < tricks:
            g.apply(policy.choose(g))
        if g.phase == PLAY and not g.trick:
            states.append(g)
    return states


def bench_card_plays(
    states: list[Game], seconds: float, playouts: int | None = None, seed: int = 0
) -> tuple[int, int, float]:
    """Clone states and play random legal cards to the end; returns (plays, playouts, elapsed)."""
    rng = RandomPolicy(seed).rng
    rnd = rng.random
    codes = CODE_OF  # the action code of each action, a local for the loop
    limit = playouts if playouts is not None else 1 << 62
    plays = runs = 0
    clock = _CLOCK
    start = clock()
    deadline = start + seconds
    i = 0
    while runs < limit:
        g = states[i].clone()
        i = i + 1 if i + 1 < len(states) else 0
        while g.phase == PLAY:
            acts = g.legal_actions(g.to_move)
            m = 0
            for a in acts:  # card plays come first
                if codes[a] >= 24:
                    break
                m += 1
            g.apply(acts[int(rnd() * m)])
            plays += 1
        runs += 1
        if clock() >= deadline:
            break
    return plays, runs, clock() - start


def python_loop(
    deal: Callable[[int, int], _Engine], seconds: float, games: int | None = None, seed: int = 0
) -> tuple[int, int, float]:
    """Whole games driven from Python by ``legal_actions()`` + ``apply()`` of a uniform random
    legal action (any seat's); ``deal(seed, dealer)`` makes a game of the engine measured.
    Returns (actions, games, elapsed)."""
    rnd = random.Random(seed).random
    limit = games if games is not None else 1 << 62
    actions = n = 0
    clock = _CLOCK
    start = clock()
    deadline = start + seconds
    while n < limit:
        g = deal(seed * 1_000_003 + 700_000 + n, n & 3)
        legal, apply = g.legal_actions, g.apply  # bound once a game, as a learner's loop would
        acts = legal()
        while True:
            apply(acts[int(rnd() * len(acts))])
            actions += 1
            if g.is_over:
                break
            acts = legal()
        n += 1
        if clock() >= deadline:
            break
    return actions, n, clock() - start


def solver_figure(backend: str, count: int, tricks: int, seed: int, seconds: float
                  ) -> tuple[int, int, float]:
    """The exact value of up to ``count`` positions of :func:`doko.cli.solve.normal_positions`
    (the same for both backends), each by a fresh solver of ``backend``, until ``seconds`` of
    CPU time are used; returns (nodes, positions, CPU seconds)."""
    from doko.cli.solve import normal_positions
    from doko.solver.search import solver_for

    positions = list(islice(normal_positions(tricks, seed), count))
    nodes = done = 0
    clock = _CLOCK
    start = clock()
    for g in positions:
        sv = solver_for(g, backend=backend)
        sv.future_value(g.hands, g.trick_leader, g.trick)
        nodes += sv.node_count
        done += 1
        if clock() - start >= seconds:
            break
    return nodes, done, clock() - start


def measure_python(seconds: float, games: int | None, seed: int,
                   solver_tricks: int = 6) -> dict[str, Any]:
    """The four figures of the Python engine, with the counts behind them."""
    n, t = bench_games(seconds, games, seed)
    states = mid_game_states(min(STATES, games) if games is not None else STATES, seed)
    plays, _, t2 = bench_card_plays(states, seconds, games, seed)
    acts, loops, t3 = python_loop(Game.deal, seconds, games, seed)
    count = min(SOLVER_POSITIONS, games) if games is not None else SOLVER_POSITIONS
    nodes, solved, t4 = solver_figure("python", count, solver_tricks, seed, seconds)
    return _figures("python", n, t, plays, t2, acts, loops, t3, nodes, solved, t4)


# ------------------------------------------------------------------ the native backend


def measure_native(seconds: float, games: int | None, seed: int,
                   solver_tricks: int = 6) -> dict[str, Any]:
    """The four figures of the native core (``doko_native``), with the counts behind them:
    whole games and play-outs inside the core's batch API (the same policy and statistics as
    the Python measurement), the Python loop over :class:`doko.engine.native.NativeGame`,
    the native solver on the same positions as the Python one."""
    native = require_native()
    from doko.engine.native import native_game_class, native_rules
    from doko.engine.rules import TSR

    rules = native_rules(TSR)
    limit = games if games is not None else 1 << 40
    start = _CLOCK()
    done = native.random_games(limit, seed, rules, seconds=seconds)
    n, t = done["games"], _CLOCK() - start
    start = _CLOCK()
    # the call prepares its STATES mid-game states first (in the core: about a millisecond)
    plays = native.card_plays(games, seed, seconds=seconds, states=STATES,
                              tricks=STATE_TRICKS, rules=rules)
    t2 = _CLOCK() - start
    cls = native_game_class()
    acts, loops, t3 = python_loop(lambda s, d: cls.deal(s, d, rules=TSR), seconds, games, seed)
    count = min(SOLVER_POSITIONS, games) if games is not None else SOLVER_POSITIONS
    nodes, solved, t4 = solver_figure("native", count, solver_tricks, seed, seconds)
    return _figures("native", n, t, plays["card_plays"], t2, acts, loops, t3,
                    nodes, solved, t4)


# ------------------------------------------------------------------ both


def _figures(backend: str, n: int, t: float, plays: int, t2: float, acts: int, loops: int,
             t3: float, nodes: int, solved: int, t4: float) -> dict[str, Any]:
    return {
        "backend": backend,
        "games_per_s": n / t,
        "card_plays_per_s": plays / t2,
        "actions_per_s_python_loop": acts / t3,
        "solver_nodes_per_s": nodes / t4 if t4 > 0 else 0.0,
        "counts": {"games": n, "games_s": t, "card_plays": plays, "card_plays_s": t2,
                   "loop_actions": acts, "loop_games": loops, "loop_s": t3,
                   "solver_nodes": nodes, "solver_positions": solved, "solver_s": t4,
                   "solver_ms_per_position": 1000 * t4 / solved if solved else 0.0},
    }


def measure(seconds: float = 2.0, games: int | None = None, seed: int = 0,
            backend: str | None = None, solver_tricks: int = 6) -> dict[str, Any]:
    """The figures of one backend (``resolve(backend)``), ``{"backend": ..., FIGURE: x}``."""
    which = resolve(backend)
    if which == "native":
        return measure_native(seconds, games, seed, solver_tricks)
    return measure_python(seconds, games, seed, solver_tricks)


def run(ns: argparse.Namespace) -> int:
    """Run the measurements and print them."""
    lang: str = ns.lang
    try:
        if ns.compare:
            require_native()
            results = [measure(ns.seconds, ns.games, ns.seed, "python", ns.solver_tricks),
                       measure(ns.seconds, ns.games, ns.seed, "native", ns.solver_tricks)]
        else:
            results = [measure(ns.seconds, ns.games, ns.seed, ns.backend, ns.solver_tricks)]
    except BackendError as e:
        print(f"doko bench: {e}", file=sys.stderr)
        return 2
    main = results[-1]
    if ns.json:
        out: dict[str, Any] = {"backend": main["backend"]}
        out.update({k: round(main[k], 1) for k in FIGURES})
        out["counts"] = main["counts"]
        if len(results) > 1:
            py = results[0]
            out["compare"] = {
                "python": {k: round(py[k], 1) for k in FIGURES},
                "ratio": {k: round(main[k] / py[k], 2) if py[k] else None for k in FIGURES},
            }
        print(json.dumps(out))
        return 0
    tx = texts_of("cli.bench", lang)
    print(tx("head", py=platform.python_version()))
    labels = {
        "games_per_s": tx("games"),
        "card_plays_per_s": tx("plays", n=STATE_TRICKS),
        "actions_per_s_python_loop": tx("loop"),
        "solver_nodes_per_s": tx("solver", n=ns.solver_tricks),
    }
    width = max(len(v) for v in labels.values()) + 1
    header = " " * (width + 1) + "".join(f"{r['backend']:>14}" for r in results)
    if len(results) > 1:
        header += f"{tx('ratio'):>10}"
    print(header)
    for key in FIGURES:
        row = f"{labels[key] + ':':<{width}} " + "".join(
            f"{_num(r[key], lang):>11} /s" for r in results)
        if len(results) > 1 and results[0][key]:
            row += f"{_num(results[1][key] / results[0][key], lang, 1):>9}x"
        print(row)
    for r in results:
        c = r["counts"]
        print(tx("counts", backend=r["backend"], games=_num(c["games"], lang),
                 plays=_num(c["card_plays"], lang), actions=_num(c["loop_actions"], lang),
                 positions=_num(c["solver_positions"], lang),
                 ms=_num(c["solver_ms_per_position"], lang, 2)))
    return 0
