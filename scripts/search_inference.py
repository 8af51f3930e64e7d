"""How much the card-play inference of the native ``search`` player knows about the hidden hands.

For positions of games at a table of ``rules`` players (or of native ``search`` players
without inference, ``--table search``), sample worlds from one seat's view and measure the
share of the other seats' hidden cards that a world places in the right hand: the plain mean
over the sampled worlds (what the search without inference plays out) and the mean weighted
as the inference weighs them (the likelihood of the others' observed cards, tempered to the
effective-size floor, per pool of worlds). Prints both and their difference with its standard
error.

    .venv/bin/python scripts/search_inference.py --table rules --positions 40
"""

from __future__ import annotations

import argparse
import math

import doko_native

from doko.bots.base import Player, make_player, step
from doko.bots.sampler import ImpossibleView, Sampler
from doko.bots.search_player import SearchPlayer
from doko.engine.actions import code_of, seat_of
from doko.engine.cards import hand_count, hand_from_kinds
from doko.engine.game import PLAY, Game
from doko.engine.view import view


def tempered(ll: list[float], temper: float, ess: float) -> list[float]:
    """exp(τ (ℓ − max ℓ)) with the largest τ ≤ ``temper`` whose effective sample size is at
    least ``ess`` of the worlds (as ``search::tempered_weights``)."""
    top = max(ll)

    def weights(t: float) -> list[float]:
        return [math.exp(t * (x - top)) for x in ll]

    def size(w: list[float]) -> float:
        return sum(w) ** 2 / sum(x * x for x in w)

    if size(weights(temper)) >= ess * len(ll):
        return weights(temper)
    lo, hi = 0.0, temper
    for _ in range(30):
        mid = (lo + hi) / 2
        lo, hi = (mid, hi) if size(weights(mid)) >= ess * len(ll) else (lo, mid)
    return weights(lo)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--table", choices=("rules", "search"), default="rules")
    ap.add_argument("--positions", type=int, default=40)
    ap.add_argument("--worlds", type=int, default=100, help="sampled worlds (one pool)")
    ap.add_argument("--nu", type=float, default=0.1, help="the likelihood's ν")
    ap.add_argument("--ess", type=float, default=0.1, help="the effective-size floor")
    ns = ap.parse_args()
    diffs: list[float] = []
    plain_all: list[float] = []
    for i in range(ns.positions):
        g = Game.deal(900 + i, dealer=i % 4)
        players: list[Player] = [
            make_player("rules", seed=4 * i + s) if ns.table == "rules" else
            SearchPlayer(seed=4 * i + s, budget_ms=None, worlds=60) for s in range(4)]
        while not g.is_over and (g.phase != PLAY or len(g.tricks) < 2 + i % 8 or g.trick):
            step(g, players)
        if g.is_over:
            continue
        seat = g.to_move
        v = view(g, seat)
        try:
            sp = Sampler(v)
        except ImpossibleView:
            continue
        ws = doko_native.SearchWorlds(v.dealer, list(v.owes_pflichtsolo), v.vorfuehrung,
                                      v.rules, list(v.history), seat)
        ws.set_deal(hand_from_kinds(v.hand), sp.pool, sp.need, sp.allowed, sp.must_qc,
                    [hand_from_kinds(p) for p in sp.played], must=sp.must_cards)
        deals = ws.sample(ns.worlds, i)
        at = [j for j, a in enumerate(v.history) if code_of(a) < 24 and seat_of(a) != seat]
        others = [o for o in range(4) if o != seat]
        hidden = sum(hand_count(g.hands[o], k) for o in others for k in range(24))
        right = []
        for d in deals:
            w = Game(d, g.dealer, owes_pflichtsolo=g.owes_pflichtsolo,
                     vorfuehrung=g.vorfuehrung, rules=g.rules)
            for a in g.history:
                w.apply(a)
            right.append(sum(min(hand_count(w.hands[o], k), hand_count(g.hands[o], k))
                             for o in others for k in range(24)) / hidden)
        ll = [x if (x := ws.log_likelihood(d, at, ns.nu)) is not None else -math.inf
              for d in deals]
        wt = tempered(ll, 1.0, ns.ess)
        plain = sum(right) / len(right)
        plain_all.append(plain)
        diffs.append(sum(a * b for a, b in zip(wt, right, strict=True)) / sum(wt) - plain)
    n = len(diffs)
    mean = sum(diffs) / n
    se = (sum((d - mean) ** 2 for d in diffs) / (n - 1) / n) ** 0.5
    base = sum(plain_all) / n
    print(f"table {ns.table}, {n} positions, {ns.worlds} worlds each: hidden cards placed "
          f"right {base:.1%} unweighted, {base + mean:.1%} weighted "
          f"({mean:+.1%} ± {se:.1%})")


if __name__ == "__main__":
    main()
