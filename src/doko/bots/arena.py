"""The arena: measure a player's strength against a baseline by the duplicate protocol
(``doko arena``, :mod:`doko.cli.arena`).

For each seeded deal (the dealer turns with the deal number) the baseline plays all four seats;
then the candidate plays each seat in turn against three baselines on the same cards with the
same dealer. Every player gets a seed derived from the run seed, the deal and its seat, the same
for the baseline and the candidate in that seat: with ``--candidate X --baseline X`` (and the
same options) the games are identical and the difference is exactly 0.

Per deal the paired difference is the candidate's mean score over its four games minus the
baseline's mean over the same seats; the report gives its mean with a 95% confidence interval
over deals, win rates as Re and as Kontra, solo and call rates with their success, and the time
per decision. Deals are independent tasks, so the games (not the timings) do not depend on
``--workers``. With ``--match N`` the same player objects play N consecutive deals (like a
table playing a round), so a player that learns how its table plays (``search`` does) can use
what it learnt; matches are the tasks then.

>>> r = arena("random", "random", deals=2, seed=1)
>>> r["mean_diff"], r["ci95"]
(0.0, [0.0, 0.0])
"""

from __future__ import annotations

import math
import random
import statistics
import time
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any

from doko.bots.base import Player, make_player, play_game
from doko.engine.actions import Action
from doko.engine.backend import game_class, resolve
from doko.engine.game import Game
from doko.engine.result import game_result, seat_scores
from doko.engine.view import SeatView
from doko.engine.vocab import Party

__all__ = ["DealResult", "GameStats", "arena", "deal_seed", "play_block", "play_deal",
           "player_seed", "report"]

# --------------------------------------------------------------------------- playing


class _Timed(Player):
    """Delegates to a player and records how long each decision takes (in ms)."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.name = inner.name
        self.turn_ms: list[float] = []
        self.offer_ms: list[float] = []

    def decide(self, view: SeatView) -> Action | None:
        t0 = time.perf_counter()
        a = self.inner.decide(view)
        dt = (time.perf_counter() - t0) * 1000.0
        (self.turn_ms if view.to_play else self.offer_ms).append(dt)
        return a



@dataclass
class GameStats:
    """What one seat did and got in one game."""

    score: int
    party: str
    won: bool
    solo: bool
    called: bool
    turn_ms: list[float] = field(default_factory=list)
    offer_ms: list[float] = field(default_factory=list)


@dataclass
class DealResult:
    """One deal: the baseline's and the candidate's game in each seat."""

    index: int
    base: list[GameStats]
    cand: list[GameStats]

    @property
    def diff(self) -> float:
        """The candidate's mean score minus the baseline's, over the four seats."""
        return sum(c.score - b.score for c, b in zip(self.cand, self.base, strict=True)) / 4


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` of a run with ``seed``."""
    return random.Random(f"doko-arena:deal:{seed}:{index}").getrandbits(62)


def player_seed(seed: int, index: int, seat: int) -> int:
    """The seed of the player in ``seat`` for deal ``index`` (the same for every player kind)."""
    return random.Random(f"doko-arena:player:{seed}:{index}:{seat}").getrandbits(62)


def _stats(g: Game, seat: int, timed: _Timed) -> GameStats:
    res = game_result(g)
    party = (Party.RE if g.is_re[seat] else Party.KONTRA).record_name
    called = any(s == seat for s, _p, _lv, _n in g.calls)
    return GameStats(
        score=seat_scores(g)[seat],
        party=party,
        won=res.winner == party,
        solo=g.soloist == seat,
        called=called,
        turn_ms=[round(t, 4) for t in timed.turn_ms],
        offer_ms=[round(t, 4) for t in timed.offer_ms],
    )


Spec = tuple[str, dict[str, object]]


def _lineup(start: int, seed: int, specs: list[Spec]) -> list[Player]:
    """The four players of a line-up for the block of deals from ``start``."""
    return [make_player(name, player_seed(seed, start, s), **opts)
            for s, (name, opts) in enumerate(specs)]


def _play(index: int, seed: int, players: list[Player]) -> tuple[Game, list[_Timed]]:
    g = game_class().deal(deal_seed(seed, index), dealer=index & 3)
    timed = [_Timed(p) for p in players]
    play_game(g, timed)
    return g, timed


def _game(index: int, seed: int, specs: list[Spec]) -> tuple[Game, list[_Timed]]:
    return _play(index, seed, _lineup(index, seed, specs))


def play_block(task: tuple[int, int, int, Spec, Spec]) -> list[DealResult]:
    """Play the ``count`` deals from ``start`` as one match: each of the five line-ups (the
    baseline in all seats, the candidate in seat 0..3) keeps its players over the match, so a
    player that learns about the table can do so."""
    start, count, seed, cand, base = task
    lineups = [[base] * 4] + [[cand if s == seat else base for s in range(4)]
                              for seat in range(4)]
    players = [_lineup(start, seed, specs) for specs in lineups]
    out = []
    for index in range(start, start + count):
        g, timed = _play(index, seed, players[0])
        base_stats = [_stats(g, s, timed[s]) for s in range(4)]
        cand_stats = []
        for seat in range(4):
            g, timed = _play(index, seed, players[1 + seat])
            cand_stats.append(_stats(g, seat, timed[seat]))
        out.append(DealResult(index, base_stats, cand_stats))
    return out


def play_deal(task: tuple[int, int, Spec, Spec]) -> DealResult:
    """Play deal ``index``: the baseline in all seats, then the candidate in each seat (fresh
    players)."""
    index, seed, cand, base = task
    return play_block((index, 1, seed, cand, base))[0]


def run_deals(
    cand: Spec, base: Spec, deals: int, seed: int, workers: int = 1,
    progress: Callable[[int, int], None] | None = None, match: int = 1,
) -> list[DealResult]:
    """Play ``deals`` deals (in order of their index), in ``workers`` processes; the players
    are kept over matches of ``match`` consecutive deals (1: new players for every deal)."""
    if match < 1:
        raise ValueError(f"a match has at least one deal, not {match}")
    tasks = [(i, min(match, deals - i), seed, cand, base) for i in range(0, deals, match)]
    out: list[DealResult] = []
    results: Iterable[list[DealResult]]
    if workers > 1 and len(tasks) > 1:
        import concurrent.futures
        import multiprocessing

        ctx = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(min(workers, len(tasks)),
                                                    mp_context=ctx) as ex:
            results = ex.map(play_block, tasks, chunksize=1)
            for r in results:
                out.extend(r)
                if progress is not None:
                    progress(len(out), deals)
    else:
        for t in tasks:
            out.extend(play_block(t))
            if progress is not None:
                progress(len(out), deals)
    return out


# --------------------------------------------------------------------------- statistics


def _t95(df: int) -> float:
    """The two-sided 95% quantile of Student's t with ``df`` degrees of freedom."""
    table = {1: 12.706, 2: 4.303, 3: 3.182, 4: 2.776, 5: 2.571, 6: 2.447, 7: 2.365,
             8: 2.306, 9: 2.262, 10: 2.228, 15: 2.131, 20: 2.086, 30: 2.042}
    if df in table:
        return table[df]
    if df < 30:
        lo = max(k for k in table if k < df)
        hi = min(k for k in table if k > df)
        return table[lo] + (table[hi] - table[lo]) * (df - lo) / (hi - lo)
    z = 1.959964
    # Cornish-Fisher expansion, accurate to 3 decimals from df = 30 on
    return z + (z**3 + z) / (4 * df) + (5 * z**5 + 16 * z**3 + 3 * z) / (96 * df**2)


def _quantile(xs: list[float], q: float) -> float | None:
    if not xs:
        return None
    s = sorted(xs)
    pos = q * (len(s) - 1)
    lo = math.floor(pos)
    hi = min(lo + 1, len(s) - 1)
    return s[lo] + (s[hi] - s[lo]) * (pos - lo)


def _rate(num: int, den: int) -> float | None:
    return round(num / den, 4) if den else None


def _side(games: list[GameStats]) -> dict[str, Any]:
    n = len(games)
    re = [g for g in games if g.party == Party.RE.record_name]
    ko = [g for g in games if g.party == Party.KONTRA.record_name]
    solos = [g for g in games if g.solo]
    calls = [g for g in games if g.called]
    turn = [t for g in games for t in g.turn_ms]
    offer = [t for g in games for t in g.offer_ms]
    med, p95 = _quantile(turn, 0.5), _quantile(turn, 0.95)
    omed, op95 = _quantile(offer, 0.5), _quantile(offer, 0.95)
    return {
        "games": n,
        "points_per_game": round(sum(g.score for g in games) / n, 4) if n else None,
        "win_rate": _rate(sum(g.won for g in games), n),
        "win_rate_re": _rate(sum(g.won for g in re), len(re)),
        "win_rate_kontra": _rate(sum(g.won for g in ko), len(ko)),
        "re_games": len(re),
        "kontra_games": len(ko),
        "solo_rate": _rate(len(solos), n),
        "solo_success": _rate(sum(g.won for g in solos), len(solos)),
        "call_rate": _rate(len(calls), n),
        "call_success": _rate(sum(g.won for g in calls), len(calls)),
        "decisions": len(turn),
        "decision_ms_median": None if med is None else round(med, 4),
        "decision_ms_p95": None if p95 is None else round(p95, 4),
        "call_offers": len(offer),
        "offer_ms_median": None if omed is None else round(omed, 4),
        "offer_ms_p95": None if op95 is None else round(op95, 4),
    }


def report(cand: Spec, base: Spec, seed: int, results: list[DealResult],
           seconds: float = 0.0, match: int = 1) -> dict[str, Any]:
    """The arena report as a JSON-able dict."""
    n = len(results)
    diffs = [r.diff for r in results]
    mean = statistics.fmean(diffs) if diffs else 0.0
    if n >= 2:
        half = _t95(n - 1) * statistics.stdev(diffs) / math.sqrt(n)
    else:
        half = math.inf if n and any(diffs) else 0.0
    cs = _side([g for r in results for g in r.cand])
    bs = _side([g for r in results for g in r.base])
    return {
        "candidate": cand[0],
        "candidate_options": cand[1],
        "baseline": base[0],
        "baseline_options": base[1],
        "deals": n,
        "games": 5 * n,
        "seed": seed,
        "match": match,
        # the engine of the table's games (DOKO_BACKEND, which a command's --backend sets)
        "backend": resolve(None),
        "mean_diff": round(mean, 4),
        "ci95": [round(mean - half, 4), round(mean + half, 4)],
        "decision_ms_median": cs["decision_ms_median"],
        "decision_ms_p95": cs["decision_ms_p95"],
        "seconds": round(seconds, 3),
        "candidate_stats": cs,
        "baseline_stats": bs,
        "diffs": [round(d, 4) for d in diffs],
    }


def arena(candidate: str, baseline: str, deals: int, seed: int = 0, workers: int = 1,
          candidate_options: Mapping[str, object] | None = None,
          baseline_options: Mapping[str, object] | None = None,
          progress: Callable[[int, int], None] | None = None,
          match: int = 1) -> dict[str, Any]:
    """Run the arena and return its report (see :func:`report`); ``match``: deals played by
    the same players in a row (see :func:`play_block`)."""
    cand: Spec = (candidate, dict(candidate_options or {}))
    base: Spec = (baseline, dict(baseline_options or {}))
    # fail early (in this process) on unknown players or options
    make_player(candidate, 0, **cand[1])
    make_player(baseline, 0, **base[1])
    t0 = time.perf_counter()
    results = run_deals(cand, base, deals, seed, workers, progress, match)
    return report(cand, base, seed, results, time.perf_counter() - t0, match)
