"""The arena: measure a player's strength against a baseline by the duplicate protocol
(``doko arena``, :mod:`doko.cli.arena`).

For each seeded deal (the dealer turns with the deal number) the baseline plays all four seats;
then the candidate plays each seat in turn against three baselines on the same cards with the
same dealer. Every player gets a seed derived from the run seed, the deal and its seat, the same
for the baseline and the candidate in that seat: with ``--candidate X --baseline X`` (and the
same options) the games are identical and the difference is exactly 0.

Per deal the paired difference is the candidate's mean score over its four games minus the
baseline's mean over the same seats; the report gives its mean with a 95% confidence interval
over deals, win rates as Re and as Kontra, solo and call rates with their success, the time
per decision and, for players that play out (``uct``, ``search``), the playouts or rollouts per
decision and per second. Deals are independent tasks, so the games (not the timings) do not
depend on ``--workers``. With ``--match N`` the same player objects play N consecutive deals (like a
table playing a round), so a player that learns how its table plays (``search`` does) can use
what it learnt; matches are the tasks then.

Equal time: ``budget_ms`` gives both players that take a time budget the same budget per
decision. Sequential stop (:class:`SequentialStop`): with ``stop_when_clear`` the match is
looked at after every block of deals and ends as soon as the interval excludes 0 (or
``target``), with a boundary that keeps the error over all looks at 5 %.

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

from doko.bots.base import Player, make_player, play_game, player_accepts
from doko.engine.actions import Action
from doko.engine.backend import game_class, resolve
from doko.engine.game import Game
from doko.engine.result import game_result, seat_scores
from doko.engine.rules import TSR, Rules
from doko.engine.view import SeatView
from doko.engine.vocab import Party

__all__ = ["DealResult", "GameStats", "SequentialStop", "arena", "deal_seed", "equal_time",
           "obf_spending", "play_block", "play_deal", "player_seed", "report", "t_critical"]

# --------------------------------------------------------------------------- playing


def _playout_counter(player: Player) -> Callable[[], int | None]:
    """How to read ``player``'s playouts so far: its :meth:`Player.playout_count`; for a player
    that does not count its own but plays out by a ``_playout`` method (the Python ``search``
    player), the calls of that method are counted on the instance (which does not change
    what it decides)."""
    if player.playout_count() is not None:
        return player.playout_count
    method = getattr(player, "_playout", None)
    if method is None or not callable(method):
        return lambda: None
    box: list[int] | None = getattr(player, "_arena_playouts", None)
    if box is None:
        counts = [0]

        def counted(*args: Any, **kwargs: Any) -> Any:
            counts[0] += 1
            return method(*args, **kwargs)

        player.__dict__["_playout"] = counted
        player.__dict__["_arena_playouts"] = counts
        box = counts
    found = box
    return lambda: found[0]


class _Timed(Player):
    """Delegates to a player and records how long each decision takes (in ms) and how many
    playouts it made for each decision at its turn (if it counts them)."""

    def __init__(self, inner: Player) -> None:
        super().__init__(inner.seed)
        self.inner = inner
        self.name = inner.name
        self.turn_ms: list[float] = []
        self.offer_ms: list[float] = []
        self.turn_playouts: list[int] = []
        self._count = _playout_counter(inner)

    def decide(self, view: SeatView) -> Action | None:
        before = self._count()
        t0 = time.perf_counter()
        a = self.inner.decide(view)
        dt = (time.perf_counter() - t0) * 1000.0
        (self.turn_ms if view.to_play else self.offer_ms).append(dt)
        after = self._count()
        if view.to_play and before is not None and after is not None:
            self.turn_playouts.append(after - before)
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
    #: playouts per decision at the seat's turn (empty for players that do not play out)
    turn_playouts: list[int] = field(default_factory=list)


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
        turn_playouts=list(timed.turn_playouts),
    )


Spec = tuple[str, dict[str, object]]


def _lineup(start: int, seed: int, specs: list[Spec]) -> list[Player]:
    """The four players of a line-up for the block of deals from ``start``."""
    return [make_player(name, player_seed(seed, start, s), **opts)
            for s, (name, opts) in enumerate(specs)]


def _play(index: int, seed: int, players: list[Player],
          rules: Rules = TSR) -> tuple[Game, list[_Timed]]:
    g = game_class().deal(deal_seed(seed, index), dealer=index & 3, rules=rules)
    timed = [_Timed(p) for p in players]
    play_game(g, timed)
    return g, timed


def _game(index: int, seed: int, specs: list[Spec]) -> tuple[Game, list[_Timed]]:
    return _play(index, seed, _lineup(index, seed, specs))


#: A match to play: first deal, deals, run seed, candidate, baseline, rules.
Block = tuple[int, int, int, Spec, Spec, Rules]


def play_block(task: Block) -> list[DealResult]:
    """Play the ``count`` deals from ``start`` under ``rules`` as one match: each of the five
    line-ups (the baseline in all seats, the candidate in seat 0..3) keeps its players over the
    match, so a player that learns about the table can do so."""
    start, count, seed, cand, base, rules = task
    lineups = [[base] * 4] + [[cand if s == seat else base for s in range(4)]
                              for seat in range(4)]
    players = [_lineup(start, seed, specs) for specs in lineups]
    out = []
    for index in range(start, start + count):
        g, timed = _play(index, seed, players[0], rules)
        base_stats = [_stats(g, s, timed[s]) for s in range(4)]
        cand_stats = []
        for seat in range(4):
            g, timed = _play(index, seed, players[1 + seat], rules)
            cand_stats.append(_stats(g, seat, timed[seat]))
        out.append(DealResult(index, base_stats, cand_stats))
    return out


def play_deal(task: tuple[int, int, Spec, Spec], rules: Rules = TSR) -> DealResult:
    """Play deal ``index``: the baseline in all seats, then the candidate in each seat (fresh
    players)."""
    index, seed, cand, base = task
    return play_block((index, 1, seed, cand, base, rules))[0]


def run_deals(
    cand: Spec, base: Spec, deals: int, seed: int, workers: int = 1,
    progress: Callable[[int, int], None] | None = None, match: int = 1,
    stop: Callable[[list[DealResult]], bool] | None = None, rules: Rules = TSR,
) -> list[DealResult]:
    """Play ``deals`` deals (in order of their index), in ``workers`` processes; the players
    are kept over matches of ``match`` consecutive deals (1: new players for every deal).

    ``stop`` is asked with the deals so far (in order) after each match; when it says yes the
    run ends there (matches already running in other workers are dropped, so the result does
    not depend on ``workers``)."""
    if match < 1:
        raise ValueError(f"a match has at least one deal, not {match}")
    tasks = [(i, min(match, deals - i), seed, cand, base, rules)
             for i in range(0, deals, match)]
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
                if stop is not None and stop(out):
                    ex.shutdown(wait=True, cancel_futures=True)
                    break
    else:
        for t in tasks:
            out.extend(play_block(t))
            if progress is not None:
                progress(len(out), deals)
            if stop is not None and stop(out):
                break
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


def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the regularized incomplete beta function (modified Lentz)."""
    tiny = 1e-300
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > tiny else tiny)
    h = d
    for m in range(1, 300):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > tiny else tiny)
        c = 1.0 + aa / c
        c = c if abs(c) > tiny else tiny
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < 1e-15:
            break
    return h


def _betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    ln_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                + a * math.log(x) + b * math.log1p(-x))
    front = math.exp(ln_front)
    if x < (a + 1.0) / (a + b + 2.0):
        return front * _betacf(a, b, x) / a
    return 1.0 - front * _betacf(b, a, 1.0 - x) / b


def _t_tail(t: float, df: int) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom and ``t >= 0`` (accurate for
    tiny tails)."""
    return 0.5 * _betainc(df / 2.0, 0.5, df / (df + t * t))


def t_critical(alpha: float, df: int) -> float:
    """The two-sided critical value of Student's t: ``P(|T| > c) = alpha`` with ``df`` degrees
    of freedom (0 < alpha < 1), by bisection on the upper tail, so tiny levels stay exact.

    >>> round(t_critical(0.05, 10), 3), round(t_critical(0.05, 1000), 3)
    (2.228, 1.962)
    >>> round(t_critical(0.001, 23), 3), round(t_critical(0.01, 5), 3)
    (3.768, 4.032)
    """
    if not 0.0 < alpha < 1.0:
        raise ValueError(f"a level needs 0 < alpha < 1, not {alpha}")
    if df < 1:
        raise ValueError(f"Student's t needs df >= 1, not {df}")
    q = alpha / 2.0
    lo, hi = 0.0, 1.0
    while _t_tail(hi, df) > q:
        hi *= 2.0
    for _ in range(300):
        mid = (lo + hi) / 2.0
        if _t_tail(mid, df) > q:
            lo = mid
        else:
            hi = mid
        if hi - lo <= 1e-12 * hi:
            break
    return (lo + hi) / 2.0


def obf_spending(t: float, alpha: float = 0.05) -> float:
    """The error spent by information fraction ``t`` (0..1) under the O'Brien-Fleming-type
    spending function of Lan and DeMets, ``2 - 2 Phi(z_(1 - alpha/2) / sqrt(t))``: almost
    nothing early, ``alpha`` at the end.

    >>> obf_spending(1.0) == 0.05 and obf_spending(0.0) == 0.0
    True
    >>> round(obf_spending(0.25), 6), round(obf_spending(0.5), 4)
    (8.9e-05, 0.0056)
    """
    if t <= 0.0:
        return 0.0
    if t >= 1.0:
        return alpha
    z = statistics.NormalDist().inv_cdf(1.0 - alpha / 2.0)
    return math.erfc(z / math.sqrt(t) / math.sqrt(2.0))  # 2 - 2 Phi(x), exact in the tail


@dataclass
class SequentialStop:
    """The sequential stop of a match of at most ``planned`` deals: after every ``every``
    deals (a look) it asks whether the interval of the mean difference excludes ``target``.

    Each look ``k`` (after ``n_k`` deals) tests at the level ``alpha_k = s(n_k / planned) -
    s(n_(k-1) / planned)``, the increase of the O'Brien-Fleming-type spending function ``s``
    (:func:`obf_spending`); the interval of that look is the mean plus or minus the
    two-sided ``alpha_k`` critical value of Student's t (:func:`t_critical`) times the standard
    error. The levels add up to
    ``alpha`` over all looks, so by the union bound the chance of stopping on a difference that
    is not there is at most ``alpha`` (5 %) however many looks there are: a Bonferroni split of
    the spending, a little more conservative than the exact group-sequential boundary (which
    needs the joint distribution of the looks) and valid without its normality assumptions. The
    O'Brien-Fleming shape spends almost nothing at the first looks, so a match stops early only
    on a clear difference, and the last look's interval is only slightly wider than the fixed
    95 % one (at 24 of 96 deals the level is 0.00009, at the end about 0.026 instead of 0.05).
    """

    planned: int
    every: int = 24
    target: float = 0.0
    alpha: float = 0.05
    looks: list[dict[str, float]] = field(default_factory=list)
    stopped_at: int | None = None

    def __post_init__(self) -> None:
        if self.planned < 1 or self.every < 1:
            raise ValueError("a sequential stop needs planned >= 1 and every >= 1")
        if not 0.0 < self.alpha < 1.0:
            raise ValueError(f"alpha must lie in (0, 1), not {self.alpha}")

    def __call__(self, diffs: list[float]) -> bool:
        """Look at the per-deal differences so far if a look is due; True to stop."""
        n = len(diffs)
        done = self.looks[-1]["deals"] if self.looks else 0
        if n < 2 or n >= self.planned or n - done < self.every:
            return False
        return self.look(diffs)

    def look(self, diffs: list[float]) -> bool:
        """Make a look now at ``diffs`` (at least two); True if the interval excludes the
        target."""
        n = len(diffs)
        prev = int(self.looks[-1]["deals"]) if self.looks else 0
        level = obf_spending(min(1.0, n / self.planned), self.alpha) - obf_spending(
            prev / self.planned, self.alpha)
        mean = statistics.fmean(diffs)
        sd = statistics.stdev(diffs)
        half = math.inf if level <= 0.0 else t_critical(level, n - 1) * sd / math.sqrt(n)
        lo, hi = mean - half, mean + half
        clear = lo > self.target or hi < self.target
        self.looks.append({"deals": n, "level": level, "mean": mean, "lo": lo, "hi": hi})
        if clear:
            self.stopped_at = n
        return clear

    def summary(self) -> dict[str, Any]:
        """The report's ``sequential`` part."""
        last = self.looks[-1] if self.looks else None
        return {
            "target": self.target,
            "alpha": self.alpha,
            "every": self.every,
            "planned_deals": self.planned,
            "stopped_early": self.stopped_at is not None and self.stopped_at < self.planned,
            "deals": None if last is None else int(last["deals"]),
            "interval": None if last is None else [round(last["lo"], 4), round(last["hi"], 4)],
            "level": None if last is None else round(last["level"], 6),
            "looks": [{k: (int(v) if k == "deals" else round(v, 6)) for k, v in lk.items()}
                      for lk in self.looks],
        }


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
    playouts = [float(k) for g in games for k in g.turn_playouts]
    counted_ms = sum(t for g in games if g.turn_playouts for t in g.turn_ms)
    pmed = _quantile(playouts, 0.5)
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
        "playouts_per_decision_median": None if pmed is None else round(pmed, 1),
        "playouts_per_second": (round(sum(playouts) / counted_ms * 1000.0, 1)
                                if playouts and counted_ms > 0 else None),
        "call_offers": len(offer),
        "offer_ms_median": None if omed is None else round(omed, 4),
        "offer_ms_p95": None if op95 is None else round(op95, 4),
    }


def report(cand: Spec, base: Spec, seed: int, results: list[DealResult],
           seconds: float = 0.0, match: int = 1, budget_ms: float | None = None,
           sequential: SequentialStop | None = None) -> dict[str, Any]:
    """The arena report as a JSON-able dict (``budget_ms``: the equal-time budget, if any;
    ``sequential``: the sequential stop's looks, if any)."""
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
        "budget_ms": budget_ms,
        "sequential": None if sequential is None else sequential.summary(),
        "diffs": [round(d, 4) for d in diffs],
    }


def equal_time(name: str, options: Mapping[str, object], budget_ms: float) -> dict[str, object]:
    """``options`` with ``budget_ms`` set for a player that takes a time budget (unchanged for
    one that does not); a different ``budget_ms`` already among the options is an error.

    >>> equal_time("uct", {"worlds": 4}, 100.0)
    {'worlds': 4, 'budget_ms': 100.0}
    >>> equal_time("random", {}, 100.0)
    {}
    """
    out = dict(options)
    if not player_accepts(name, "budget_ms"):
        return out
    given = out.get("budget_ms")
    if given is not None and given != budget_ms:
        raise ValueError(f"{name}: budget_ms={given} contradicts the equal time {budget_ms} ms")
    out["budget_ms"] = budget_ms
    return out


def arena(candidate: str, baseline: str, deals: int, seed: int = 0, workers: int = 1,
          candidate_options: Mapping[str, object] | None = None,
          baseline_options: Mapping[str, object] | None = None,
          progress: Callable[[int, int], None] | None = None,
          match: int = 1, budget_ms: float | None = None, stop_when_clear: bool = False,
          target: float = 0.0, look_every: int = 24, rules: Rules = TSR) -> dict[str, Any]:
    """Run the arena and return its report (see :func:`report`); ``match``: deals played by
    the same players in a row (see :func:`play_block`); ``budget_ms``: equal time, the same
    budget per decision for both players where they take one (:func:`equal_time`);
    ``stop_when_clear``: end early once the interval excludes ``target``, looking after every
    ``look_every`` deals (rounded up to whole matches; :class:`SequentialStop`)."""
    cand: Spec = (candidate, dict(candidate_options or {}))
    base: Spec = (baseline, dict(baseline_options or {}))
    if budget_ms is not None:
        if not budget_ms > 0:
            raise ValueError(f"the equal-time budget must be positive, not {budget_ms}")
        cand = (candidate, equal_time(candidate, cand[1], budget_ms))
        base = (baseline, equal_time(baseline, base[1], budget_ms))
    # fail early (in this process) on unknown players or options
    make_player(candidate, 0, **cand[1])
    make_player(baseline, 0, **base[1])
    plan: SequentialStop | None = None
    stop: Callable[[list[DealResult]], bool] | None = None
    if stop_when_clear:
        every = max(1, math.ceil(look_every / match)) * match
        seq = plan = SequentialStop(planned=deals, every=every, target=target)

        def stop(out: list[DealResult]) -> bool:
            return seq([r.diff for r in out])

    t0 = time.perf_counter()
    results = run_deals(cand, base, deals, seed, workers, progress, match, stop, rules)
    if plan is not None:
        if plan.stopped_at is not None:
            results = results[: plan.stopped_at]
        elif len(results) >= 2:
            plan.look([r.diff for r in results])  # the last look spends what is left
    out = report(cand, base, seed, results, time.perf_counter() - t0, match, budget_ms, plan)
    out["rules"] = rules.to_json()  # the rule set the deals were played under
    return out
