"""``doko bench``: engine throughput on one core.

Two figures:

* random full games per second: deal, Vorbehaltsabfrage, reservations, calls and play with every
  legality check on (``while not g.is_over: g.apply(policy.choose(g))``), the random policy of
  :mod:`doko.bots.random_player` included;
* card plays per second from mid-game states: some states after 6 tricks are prepared first
  (not timed); then a state is cloned and played to the end with uniform random legal cards,
  over and over, counting the card plays.
"""

from __future__ import annotations

import argparse
import json
import platform
import time

from doko.bots.random_player import RandomPolicy
from doko.cli.args import positive_float, positive_int
from doko.engine.actions import CODE_OF
from doko.engine.game import PLAY, Game
from doko.engine.texts import texts_of

#: Mid-game states prepared for the card-play measurement.
STATES = 200
#: Tricks played before a state is taken.
STATE_TRICKS = 6



def _num(x: float, lang: str, digits: int = 0) -> str:
    text = f"{x:,.{digits}f}"
    if lang == "de":
        text = text.replace(",", "_").replace(".", ",").replace("_", ".")
    return text


def register(sub: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the ``bench`` sub-command."""
    p = sub.add_parser(
        "bench",
        help="measure engine throughput on one core",
        description="Measure random full games per second and card plays per second from "
        "mid-game states, on one core. Each measurement stops after --seconds or --games, "
        "whichever comes first.",
    )
    p.add_argument("--json", action="store_true",
                   help='print {"games_per_s": x, "card_plays_per_s": y}')
    p.add_argument("--games", type=positive_int, default=None, metavar="N",
                   help="at most N full games and N play-outs (default: no limit)")
    p.add_argument("--seconds", type=positive_float, default=2.0, metavar="T",
                   help="time budget of each measurement in seconds (default: 2)")
    p.add_argument("--seed", type=int, default=0, help="random seed (default: 0)")
    p.add_argument("--lang", choices=("de", "en"), default="de",
                   help="language of the output (default: de)")
    p.set_defaults(func=run)






def bench_games(seconds: float, games: int | None = None, seed: int = 0) -> tuple[int, float]:
    """Play random full games for ``seconds`` (or ``games`` games); returns (games, elapsed)."""
    policy = RandomPolicy(seed)
    choose = policy.choose
    limit = games if games is not None else 1 << 62
    n = 0
    clock = time.perf_counter
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
    clock = time.perf_counter
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


def _measure(seconds: float, games: int | None, seed: int) -> tuple[int, float, int, float]:
    n, t = bench_games(seconds, games, seed)
    states = mid_game_states(min(STATES, games) if games is not None else STATES, seed)
    plays, _, t2 = bench_card_plays(states, seconds, games, seed)
    return n, t, plays, t2


def measure(seconds: float = 2.0, games: int | None = None, seed: int = 0) -> dict[str, float]:
    """Both figures: ``{"games_per_s": x, "card_plays_per_s": y}``."""
    n, t, plays, t2 = _measure(seconds, games, seed)
    return {"games_per_s": n / t, "card_plays_per_s": plays / t2}


def run(ns: argparse.Namespace) -> int:
    """Run both measurements and print them."""
    n, t, plays, t2 = _measure(ns.seconds, ns.games, ns.seed)
    games_per_s, plays_per_s = n / t, plays / t2
    if ns.json:
        print(json.dumps({"games_per_s": round(games_per_s, 1),
                          "card_plays_per_s": round(plays_per_s, 1)}))
        return 0
    lang: str = ns.lang
    tx = texts_of("cli.bench", lang)
    print(tx("head", py=platform.python_version()))
    rows = [
        (tx("games"), games_per_s, tx("count_games", n=_num(n, lang), t=_num(t, lang, 2))),
        (tx("plays", n=STATE_TRICKS), plays_per_s,
         tx("count_plays", n=_num(plays, lang), t=_num(t2, lang, 2))),
    ]
    width = max(len(r[0]) for r in rows) + 1
    for label, rate, detail in rows:
        print(f"{label + ':':<{width}} {_num(rate, lang):>9} /s  ({detail})")
    return 0
