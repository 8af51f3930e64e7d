"""The analysis of a finished game: for every decision of a seat, what a better choice would
have gained, and whether that was knowable at the time.

Two measures per decision (a card played, or a call made; see ``docs/analysis.md``):

* **open** -- all cards as they were dealt. The double-dummy solver (:mod:`doko.solver`) gives
  the Augen the seat's party takes with best play by both parties after each legal card; the
  *best* cards are those worth the most. The game points are the scoring of TSR 7 applied to
  the game played on along one optimal line (:func:`doko.solver.principal_variation`): its
  Augen, tricks and Sonderpunkte (TSR 7.2.3), with the calls both parties made in the actual
  game. ``loss_augen`` and ``loss_points`` are best minus taken.
* **knowable** -- the same over ``worlds`` deals of the hidden cards consistent with what the
  seat knew at that moment (:class:`doko.bots.sampler.Sampler`, as the search player samples
  them). The knowable best is the card with the highest mean game points over those worlds;
  the loss is the mean of the paired per-world differences to the card taken, with its
  standard error. A decision is a *mistake* only when that loss is significant: at least
  :data:`MIN_LOSS` points and more than :data:`Z` standard errors.

A call is measured the same way: the points with the call against the points without it (the
party's level as it was before, so also without the Absagen that build on it), along the
optimal line from the moment of the call. A call *not* made is a decision too (kind
``no_call``): the next call of the seat's party that nobody made, at the seat's last own turn
at which it could make it, measured against the points with that call. A seat's reservation
(gesund, Vorbehalt, the solo, the Hochzeit; kind ``reservation``, trick 0) is measured against
the other plans it could have followed, each game valued from its first card
(:mod:`doko.analysis.reservations`).

Time. Whole-game solves from the first tricks take from seconds to minutes. Every solve has a
time limit from a budget for the whole analysis, handed out from the last decision backwards
(late decisions are cheap and leave their unused time to the early ones). A solve that runs out
gives bounds, never a guess: the decision is then marked not ``exact``, its Augen are intervals
(``bounds``) and its points are None. Before the Klärungsstich of a Hochzeit the parties are
not settled and the solver's value would not be the game's: those decisions are skipped
(``skipped`` in the summary).
"""

from __future__ import annotations

import dataclasses
import math
import random
import time
from collections.abc import Callable, Collection, Sequence
from dataclasses import dataclass, field
from typing import Any

from doko.analysis.reservations import (
    GESUND,
    GameValue,
    ReservationSpot,
    game_for_plan,
    game_key,
    reservation_spots,
    value_plans,
)
from doko.bots.sampler import ImpossibleView, Sampler
from doko.engine.actions import (
    ACTIONS,
    BLACK,
    CALL_RE,
    CODE_OF,
    HEALTHY,
    RESERVATION,
    Action,
    call_code_for,
    call_level,
    code_of,
    encode,
    seat_of,
    to_dict,
)
from doko.engine.backend import resolve
from doko.engine.contracts import MARRIAGE
from doko.engine.game import PLAY, QUERY, Game
from doko.engine.result import summary_of
from doko.engine.scoring import score
from doko.engine.view import view
from doko.engine.vocab import Party
from doko.solver import AnySolver, NativeSolver, SearchLimitExceeded, Solver, principal_variation

__all__ = [
    "MIN_LOSS",
    "Analysis",
    "Bounds",
    "Decision",
    "KnowableValue",
    "OpenValue",
    "SeatSummary",
    "Z",
    "analyze",
]

#: A knowable loss counts as a mistake only from this many game points on ...
MIN_LOSS = 0.5
#: ... and when it exceeds this many standard errors.
Z = 2.0
#: The least time one solve gets, in seconds (an early position then ends as bounds).
MIN_SOLVE_S = 0.002
#: The share of the open budget that every card and call decision gets at least (the rest
#: goes to the decisions that need it, see ``_Greedy``) ...
FLOOR_SHARE = 0.25
#: ... and the share kept for the reservations (whole games from the first card), which also
#: get whatever the other decisions leave.
RESERVATION_SHARE = 0.15
#: Transposition-table entries of the solvers of sampled worlds (several parties' solvers
#: are alive at once; 16 bytes each).
WORLD_TABLE = 1 << 19

Bounds = tuple[int, int]
Progress = Callable[[int, int], None]


@dataclass(frozen=True)
class OpenValue:
    """The open (double-dummy) measure of one decision.

    Augen are the seat's party's final Augen with best play from then on; points the seat's
    game points (TSR 7) along one optimal line. ``exact`` False: a solve ran out of time;
    ``value``, ``best_value``, ``loss_augen`` and the points are then None and ``bounds`` holds
    the intervals the search proved (``value``, ``best_value``, ``loss_augen``).
    """

    exact: bool
    value: int | None
    best_value: int | None
    loss_augen: int | None
    points: int | None
    best_points: int | None
    loss_points: int | None
    bounds: dict[str, Bounds]

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "value": self.value, "best_value": self.best_value, "loss_augen": self.loss_augen,
            "loss_points": self.loss_points, "points": self.points,
            "best_points": self.best_points, "exact": self.exact,
        }
        if not self.exact:
            out["bounds"] = {k: list(v) for k, v in self.bounds.items()}
        return out


@dataclass(frozen=True)
class KnowableValue:
    """The knowable measure: over ``worlds`` sampled deals. ``loss_points`` is the mean paired
    loss in game points of the action taken against the knowable best (``best``), ``stderr``
    its standard error, ``significant`` the mistake test (module docstring). ``exact`` False:
    some world's solve ran out of time; then only ``loss_augen_bounds`` (the interval of the
    mean loss in Augen) is known and the points are None."""

    worlds: int
    exact: bool
    loss_points: float | None
    stderr: float | None
    significant: bool
    best: tuple[Action, ...]
    loss_augen_bounds: Bounds | tuple[float, float] | None = None

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "loss_points": None if self.loss_points is None else round(self.loss_points, 3),
            "stderr": None if self.stderr is None else round(self.stderr, 3),
            "worlds": self.worlds, "exact": self.exact, "significant": self.significant,
            "best": [to_dict(a) for a in self.best],
        }
        if self.loss_augen_bounds is not None:
            out["loss_augen_bounds"] = [round(float(x), 3) for x in self.loss_augen_bounds]
        return out


@dataclass(frozen=True)
class Decision:
    """One analysed decision: the ``index`` of its action in the record (0-based), its seat
    (0-based, as in records), the trick (1-based) it was made in, the action taken and the
    best ones (open measure)."""

    index: int
    seat: int
    trick: int
    #: "card", "call", "no_call" (``action``: the call not made) or "reservation" (trick 0)
    kind: str
    action: Action
    best: tuple[Action, ...]
    open: OpenValue
    knowable: KnowableValue | None

    @property
    def mistake(self) -> bool:
        """A significant knowable loss (module docstring)."""
        return self.knowable is not None and self.knowable.significant

    @property
    def cost(self) -> float:
        """How costly the decision was, for ranking: the knowable loss in points where known,
        else the open loss in points, else the lower bound of the open loss in Augen / 30."""
        if self.knowable is not None and self.knowable.loss_points is not None:
            return self.knowable.loss_points
        if self.open.loss_points is not None:
            return float(self.open.loss_points)
        if "loss_points" in self.open.bounds:  # a reservation: its bounds are in points
            return float(self.open.bounds["loss_points"][0])
        lo = self.open.bounds.get("loss_augen", (0, 0))[0]
        return lo / 30.0

    def to_json(self) -> dict[str, Any]:
        return {
            "index": self.index, "seat": self.seat, "trick": self.trick, "kind": self.kind,
            "action": to_dict(self.action), "best": [to_dict(a) for a in self.best],
            "open": self.open.to_json(),
            "knowable": None if self.knowable is None else self.knowable.to_json(),
            "mistake": self.mistake,
        }


@dataclass(frozen=True)
class SeatSummary:
    """Per seat: decisions analysed, how many exactly, the open losses (sums over the exact
    ones), the knowable loss (sum of the means) and the mistakes."""

    seat: int
    decisions: int
    exact: int
    open_loss_augen: int
    open_loss_points: int
    knowable_loss_points: float | None
    mistakes: int
    skipped: int

    def to_json(self) -> dict[str, Any]:
        return {
            "seat": self.seat, "decisions": self.decisions, "exact": self.exact,
            "open_loss_augen": self.open_loss_augen, "open_loss_points": self.open_loss_points,
            "knowable_loss_points": (None if self.knowable_loss_points is None
                                     else round(self.knowable_loss_points, 3)),
            "mistakes": self.mistakes, "skipped": self.skipped,
        }


@dataclass
class Analysis:
    """The analysis of one game (see :func:`analyze`)."""

    decisions: list[Decision]
    summaries: dict[int, SeatSummary]
    worlds: int
    backend: str
    seconds: float
    budget: dict[str, float] = field(default_factory=dict)

    def for_seat(self, seat: int) -> list[Decision]:
        return [d for d in self.decisions if d.seat == seat]

    def costliest(self, n: int = 3, seat: int | None = None) -> list[Decision]:
        """The ``n`` costliest mistakes (knowable, significant); without knowable measures the
        ``n`` largest open losses."""
        ds = self.decisions if seat is None else self.for_seat(seat)
        pool = [d for d in ds if d.mistake] if self.worlds else [d for d in ds if d.cost > 0]
        return sorted(pool, key=lambda d: (-d.cost, d.index))[:n]

    def to_json(self) -> dict[str, Any]:
        return {
            "format": "doko-analysis/1",
            "backend": self.backend,
            "worlds": self.worlds,
            "seconds": round(self.seconds, 3),
            "budget": self.budget,
            "decisions": [d.to_json() for d in self.decisions],
            "summary": [self.summaries[s].to_json() for s in sorted(self.summaries)],
        }


# ---------------------------------------------------------------------- solving


class _Solvers:
    """One solver per card order, parties and Dulle rule, kept for the whole analysis (its
    transposition table persists between calls)."""

    def __init__(self, backend: str, table_size: int | None = None) -> None:
        self.backend = backend
        self.table_size = table_size
        self._cache: dict[tuple[str, tuple[bool, ...], int], AnySolver] = {}

    def get(self, game: Game) -> AnySolver:
        key = (game.order.name, tuple(game.is_re), game.dulle_rule)
        sv = self._cache.get(key)
        if sv is None:
            if self.backend == "native":
                kw = {} if self.table_size is None else {"table_size": self.table_size}
                sv = NativeSolver.for_game(game, **kw)
            else:
                sv = Solver.for_game(game)
            self._cache[key] = sv
        return sv


@dataclass(frozen=True)
class _Outcome:
    """Re's final Augen after an action with best play (``lo == hi`` when exact), and the
    seat's game points along one optimal line (None when not exact)."""

    lo: int
    hi: int
    points: int | None

    @property
    def exact(self) -> bool:
        return self.lo == self.hi


def _re_so_far(g: Game) -> int:
    return sum(g.eyes[s] for s in range(4) if g.is_re[s])


def _finish_points(g: Game, line: Sequence[tuple[int, tuple[int, ...], int, int]], seat: int,
                   levels: tuple[int, int]) -> int:
    """The seat's points when ``g`` is played on along ``line`` with the call levels
    ``levels`` (Re, Kontra)."""
    g = g.clone()
    for _, cards, _, _ in line:
        for k in cards[len(g.trick):] if g.trick else cards:
            g.apply(ACTIONS[g.to_move][k])
    return _points(g, seat, levels)


def _points(g: Game, seat: int, levels: tuple[int, int]) -> int:
    summary = dataclasses.replace(summary_of(g), re_calls=levels[0], kontra_calls=levels[1])
    return score(summary, g.rules).seat_scores(g.re_seats())[seat]


def _value(g: Game, solvers: _Solvers, limit: float, guess: int | None = None) -> Bounds:
    """Re's final Augen of position ``g`` with best play: ``(v, v)`` when exact, else the
    bounds the search proved within ``limit`` seconds."""
    if g.phase != PLAY:  # the game is over
        v = g.re_eyes()
        return v, v
    sv = solvers.get(g)
    done = _re_so_far(g)
    sv.time_limit = max(limit, MIN_SOLVE_S)
    try:
        future = sv.future_value(g.hands, g.trick_leader, g.trick,
                                 None if guess is None else guess - done)
    except SearchLimitExceeded as e:
        return done + e.lower, done + e.upper
    return done + future, done + future


def _line_points(g: Game, seat: int, levels: tuple[int, int], value: int, solvers: _Solvers,
                 limit: float) -> int | None:
    """The seat's points along one optimal line from ``g`` (worth ``value`` to Re), or None if
    the line is not found within ``limit`` seconds."""
    if g.phase != PLAY:
        return _points(g, seat, levels)
    sv = solvers.get(g)
    sv.time_limit = max(limit, MIN_SOLVE_S)
    try:
        line = principal_variation(g, solver=sv, value=value)
    except SearchLimitExceeded:
        return None
    return _finish_points(g, line, seat, levels)


def _outcome(g: Game, seat: int, levels: tuple[int, int], solvers: _Solvers,
             limit: float, guess: int | None = None, value: Bounds | None = None) -> _Outcome:
    """Re's final Augen of position ``g`` with best play, and the seat's points along one
    optimal line; bounds if the time ``limit`` (seconds) runs out. ``value``: the position's
    value if it is known already (then only the line is searched)."""
    end = time.perf_counter() + limit
    lo, hi = _value(g, solvers, limit, guess) if value is None else value
    if lo != hi:
        return _Outcome(lo, hi, None)
    return _Outcome(lo, hi, _line_points(g, seat, levels, lo, solvers,
                                         end - time.perf_counter()))


def _after(g: Game, action: Action) -> Game:
    c = g.clone()
    c.apply(action)
    return c


def _party_augen(re: bool, lo: int, hi: int) -> Bounds:
    return (lo, hi) if re else (240 - hi, 240 - lo)


def _final_levels(final: Game) -> tuple[int, int]:
    return int(final.level[Party.RE]), int(final.level[Party.KONTRA])


# ---------------------------------------------------------------------- decisions


@dataclass
class _Spot:
    """A decision to analyse: the state before it, the action, what it is."""

    index: int
    before: Game
    action: Action
    kind: str
    alternatives: list[Action]
    #: for a call: the call levels (Re, Kontra) without it
    without: tuple[int, int] | None = None


def _spots(start: Game, actions: Sequence[Action], seats: set[int]
           ) -> tuple[list[_Spot], dict[int, int]]:
    g = start
    out: list[_Spot] = []
    skipped = dict.fromkeys(seats, 0)
    #: (seat, level) -> the seat's last own turn at which it could call that level next
    chances: dict[tuple[int, int], tuple[int, Game, Action]] = {}
    for i, a in enumerate(actions):
        s, code = seat_of(a), code_of(a)
        if s in seats and g.phase == PLAY:
            settled = g.contract != MARRIAGE or g.klaerung > 0
            if code < 24:
                if not settled:
                    skipped[s] += 1
                else:
                    alts = [ACTIONS[s][CODE_OF[p]] for p in g.legal_plays()]
                    before = g.clone()
                    out.append(_Spot(i, before, a, "card", alts))
                    re = g.is_re[s]
                    nxt = int(g.level[Party.RE if re else Party.KONTRA]) + 1
                    if nxt <= 5:
                        call = encode(s, call_code_for(nxt, re))
                        if call in g.legal_actions(s):
                            chances[(s, nxt)] = (i, before, call)
            elif CALL_RE <= code <= BLACK:
                if not settled:
                    skipped[s] += 1
                else:
                    lv = (int(g.level[Party.RE]), int(g.level[Party.KONTRA]))
                    out.append(_Spot(i, g.clone(), a, "call", [a], without=lv))
        g.apply(a)
    # the next call of each seat's party that nobody made, at the seat's last chance for it
    for s in seats:
        if g.is_over and g.phase != PLAY:
            level = int(g.level[Party.RE if g.is_re[s] else Party.KONTRA])
            chance = chances.get((s, level + 1))
            if chance is not None and chance[1].is_re[s] == g.is_re[s]:
                i, before, call = chance
                out.append(_Spot(i, before, call, "no_call", [call]))
    out.sort(key=lambda sp: (sp.index, sp.kind != "card"))
    return out, skipped


def _alt_levels(spot: _Spot, final: tuple[int, int]) -> tuple[int, int]:
    """The final call levels of the other choice: without the call made (``call``), with the
    call not made (``no_call``: the party's level raised to it)."""
    if spot.kind == "call":
        return _levels_without(spot, final)
    level = int(call_level(code_of(spot.action)))
    if spot.before.is_re[seat_of(spot.action)]:
        return max(final[0], level), final[1]
    return final[0], max(final[1], level)


def _call_best(spot: _Spot, gain: float) -> tuple[Action, ...]:
    """The best choice of a call decision, given what the other choice gains: the call, or
    nothing (no call)."""
    if spot.kind == "call":
        return () if gain > 0 else (spot.action,)
    return (spot.action,) if gain > 0 else ()


def _levels_without(spot: _Spot, final: tuple[int, int]) -> tuple[int, int]:
    """The final call levels had the call of ``spot`` not been made (nor any higher one of
    its party)."""
    assert spot.without is not None
    s = seat_of(spot.action)
    if spot.before.is_re[s]:
        return spot.without[0], final[1]
    return final[0], spot.without[1]


class _Greedy:
    """The open (or knowable) budget of the card and call decisions, handed out from the last
    backwards: a quarter of it (:data:`FLOOR_SHARE`) evenly, as a floor for each decision, the
    rest to whichever decision needs it. The solves grow harder towards the first trick, so the time
    goes to the decision where they start to run out (one exact decision more) instead of
    being spread over early decisions that would all end as bounds anyway."""

    def __init__(self, seconds: float, parts: int) -> None:
        self.end = time.perf_counter() + seconds
        self.parts = max(parts, 1)
        self.floor = FLOOR_SHARE * seconds / self.parts

    def share(self) -> float:
        left = max(self.end - time.perf_counter(), 0.0)
        self.parts = max(self.parts - 1, 0)
        return max(left - self.parts * self.floor, min(left, self.floor))


def _keeps(g: Game, value: int, re_moved: bool, solvers: _Solvers,
           limit: float) -> bool | None:
    """One null-window test: is position ``g``, just after a card of Re (``re_moved``) or of
    Kontra, still worth ``value`` (Re's final Augen, the best that side can reach) to the side
    that moved: Re at least ``value``, Kontra at most? None if ``limit`` seconds run out."""
    target = value if re_moved else value + 1
    done = _re_so_far(g)
    need = target - done
    if g.phase != PLAY or need <= 0 or need > 240 - sum(g.eyes):
        reached = need <= 0
    else:
        sv = solvers.get(g)
        sv.time_limit = max(limit, MIN_SOLVE_S)
        sv.start_budget()
        try:
            reached = sv.at_least(g.hands, g.trick_leader, g.trick, need)
        except SearchLimitExceeded:
            return None
    return reached if re_moved else not reached


def _open_card(spot: _Spot, seat: int, levels: tuple[int, int], solvers: _Solvers,
               budget: float, known: dict[int, int]) -> tuple[OpenValue, tuple[Action, ...]]:
    """The position's value (the best card's), the taken card's, then as many of the other
    cards as the time allows (to list every best card). ``known``: the exact values (Re's
    Augen) of positions of the game solved already, by history length: a later one is the
    first guess of the search, the one right after the card taken is its value.

    Only the position's value is a full search: whether the card taken (and each other card)
    keeps it is one null-window test, and the points come from one optimal line that starts
    with the card taken when it is a best card (a full search of the card taken only when it
    is not)."""
    g = spot.before
    re = g.is_re[seat]
    end = time.perf_counter() + budget

    def left() -> float:
        return end - time.perf_counter()

    later = [known[n] for n in sorted(known) if n > spot.index]
    root = _value(g, solvers, left() * 0.6, guess=later[0] if later else None)
    after_g = _after(g, spot.action)
    after = known.get(spot.index + 1)
    taken_v: Bounds
    if root[0] == root[1]:
        known[spot.index] = root[0]
        if after is not None:
            taken_v = (after, after)
        elif _keeps(after_g, root[0], re, solvers, left() * 0.5):
            taken_v = root
        else:
            taken_v = _value(after_g, solvers, left() * 0.8, guess=root[0])
    else:
        taken_v = (after, after) if after is not None else _value(after_g, solvers,
                                                                   left() * 0.8)
    best_aug = _party_augen(re, *root)
    taken = _party_augen(re, *taken_v)
    if not (root[0] == root[1] and taken_v[0] == taken_v[1]):
        lo_best = max(best_aug[0], taken[0])
        return OpenValue(
            exact=False, value=None, best_value=None, loss_augen=None, points=None,
            best_points=None, loss_points=None,
            bounds={"value": taken, "best_value": (lo_best, best_aug[1]),
                    "loss_augen": (max(0, lo_best - taken[1]), max(0, best_aug[1] - taken[0]))},
        ), ()
    best_v = best_aug[0]
    tp = _line_points(after_g, seat, levels, taken_v[0], solvers, left() * 0.8)
    bp = tp if taken[0] == best_v else _line_points(g, seat, levels, root[0], solvers, left())
    others = [a for a in spot.alternatives if a != spot.action]
    best: list[Action] = [spot.action] if taken[0] == best_v else []
    # the other cards only list the best ones: at most as long again as the rest took
    spent = budget - left()
    end = min(end, time.perf_counter() + max(spent, 10 * MIN_SOLVE_S))
    for n, a in enumerate(others):
        if _keeps(_after(g, a), root[0], re, solvers, left() / (len(others) - n)):
            best.append(a)
    best.sort(key=spot.alternatives.index)
    return OpenValue(
        exact=True, value=taken[0], best_value=best_v, loss_augen=best_v - taken[0],
        points=tp, best_points=bp, loss_points=None if tp is None or bp is None else bp - tp,
        bounds={}), tuple(best)


def _open_call(spot: _Spot, seat: int, levels: tuple[int, int], solvers: _Solvers,
               budget: float) -> tuple[OpenValue, tuple[Action, ...]]:
    g = spot.before
    re = g.is_re[seat]
    o = _outcome(g, seat, levels, solvers, budget)
    aug = _party_augen(re, o.lo, o.hi)
    if not o.exact or o.points is None:
        return OpenValue(exact=False, value=None, best_value=None, loss_augen=None,
                         points=None, best_points=None, loss_points=None,
                         bounds={"value": aug, "best_value": aug, "loss_augen": (0, 0)}), ()
    other = _points_for_levels(g, seat, levels, _alt_levels(spot, levels), solvers)
    taken = o.points
    if other is None:
        return OpenValue(exact=False, value=None, best_value=None, loss_augen=None,
                         points=None, best_points=None, loss_points=None,
                         bounds={"value": aug, "best_value": aug, "loss_augen": (0, 0)}), ()
    best_pts = max(taken, other)
    best = _call_best(spot, other - taken)
    return OpenValue(exact=True, value=aug[0], best_value=aug[0], loss_augen=0, points=taken,
                     best_points=best_pts, loss_points=best_pts - taken, bounds={}), best


def _points_for_levels(g: Game, seat: int, levels: tuple[int, int], other: tuple[int, int],
                       solvers: _Solvers) -> int | None:
    """The seat's points along the optimal line of ``g`` (already solved: the table has it)
    with the call levels ``other`` instead of ``levels``."""
    sv = solvers.get(g)
    try:
        line = principal_variation(g, solver=sv)
    except SearchLimitExceeded:
        return None
    return _finish_points(g, line, seat, other)


# ---------------------------------------------------------------------- reservations


def _open_reservation(spot: ReservationSpot, start: Game, actions: Sequence[Action],
                      solvers: _Solvers, budget: float, guess: int | None, exact: bool = False
                      ) -> tuple[OpenValue, tuple[Action, ...]]:
    """Every plan's game valued for the seat (:func:`doko.analysis.reservations.value_plans`)
    within ``budget`` seconds. ``guess``: Re's Augen in the game played, if known (its search
    starts there; ``exact``: it is that game's value)."""
    seat = spot.seat
    games = {p: game_for_plan(start, actions, seat, p) for p in spot.plans}
    distinct: dict[tuple[object, ...], Game] = {}
    for g in games.values():
        distinct.setdefault(game_key(g), g)
    keys = list(distinct)
    values = dict(zip(keys, value_plans([distinct[k] for k in keys], seat, solvers, budget,
                                        keys.index(game_key(games[spot.taken])), guess,
                                        exact),
                      strict=True))
    plan_value = {p: values[game_key(g)] for p, g in games.items()}
    taken = plan_value[spot.taken]
    valued = {p: v for p, v in plan_value.items() if v.points is not None}
    if taken.points is None:  # an announced Hochzeit: not valued (module docstring)
        return OpenValue(exact=False, value=None, best_value=None, loss_augen=None,
                         points=None, best_points=None, loss_points=None, bounds={}), ()
    best_lo = max(v.points[0] for v in valued.values() if v.points is not None)
    best_hi = max(v.points[1] for v in valued.values() if v.points is not None)
    t_lo, t_hi = taken.points

    def augen(v: GameValue, g: Game) -> int | None:
        return _party_augen(g.is_re[seat], v.re_lo, v.re_hi)[0] if v.re_lo == v.re_hi else None

    if taken.exact and best_lo == best_hi:
        best = tuple(spot.plan_action(p) for p in spot.plans
                     if plan_value[p].exact and plan_value[p].points == (best_lo, best_lo))
        top = next(p for p in spot.plans
                   if plan_value[p].exact and plan_value[p].points == (best_lo, best_lo))
        return OpenValue(
            exact=True, value=augen(taken, games[spot.taken]),
            best_value=augen(plan_value[top], games[top]), loss_augen=None, points=t_lo,
            best_points=best_lo, loss_points=best_lo - t_lo, bounds={}), best
    # the loss is the best other game's points minus the game taken's (0 if none is better)
    taken_key = game_key(games[spot.taken])
    others = [plan_value[p].points for p, g in games.items()
              if game_key(g) != taken_key and plan_value[p].points is not None]
    o_lo = max((pts[0] for pts in others if pts is not None), default=t_lo)
    o_hi = max((pts[1] for pts in others if pts is not None), default=t_lo)
    return OpenValue(
        exact=False, value=None, best_value=None, loss_augen=None, points=None,
        best_points=None, loss_points=None,
        bounds={"points": (t_lo, t_hi), "best_points": (max(best_lo, t_lo), best_hi),
                "loss_points": (max(0, o_lo - t_hi), max(0, o_hi - t_lo))}), ()


def _knowable_reservation(spot: ReservationSpot, start: Game, actions: Sequence[Action],
                          worlds: int, seed: int, backend: str) -> KnowableValue:
    """The plans compared over ``worlds`` deals consistent with the seat's view at its first
    answer, by the search player's playouts (:mod:`doko.analysis.reservations`)."""
    from doko.bots.search_player import SearchPlayer

    g = start.clone()
    for a in actions[:spot.first]:
        g.apply(a)
    seat = spot.seat
    if g.phase == QUERY:
        cands = [(encode(seat, HEALTHY), -1) if p == GESUND else (encode(seat, RESERVATION), p)
                 for p in spot.plans]
    else:
        cands = [(encode(seat, p), -1) for p in spot.plans]
    player = SearchPlayer(seed=seed, budget_ms=None, worlds=worlds, min_worlds=1,
                          opponent_noise=0.0, confidence=0.0, query_confidence=0.0,
                          call_foresight=0.0, backend=backend)
    # the search player's values are points + Augen / 10000 (a tie-breaker): the points
    samples = [[float(round(x)) for x in v] for v in player.evaluate(view(g, seat), cands)]
    n = min((len(v) for v in samples), default=0)
    if n == 0:  # pragma: no cover - a real view always has a world
        return KnowableValue(0, False, None, None, False, ())
    means = [sum(v[:n]) / n for v in samples]
    top = max(means)
    ti = spot.plans.index(spot.taken)
    bi = ti if means[ti] >= top - 1e-9 else max(range(len(means)), key=means.__getitem__)
    diffs = [b - t for b, t in zip(samples[bi][:n], samples[ti][:n], strict=True)]
    loss, se = _mean_se(diffs)
    best = tuple(spot.plan_action(p) for p, m in zip(spot.plans, means, strict=True)
                 if m >= top - 1e-9)
    return KnowableValue(n, True, loss, se, _significant(loss, se), best)


# ---------------------------------------------------------------------- knowable


def _knowable(spot: _Spot, seat: int, levels: tuple[int, int], solvers: _Solvers, worlds: int,
              rng: random.Random, budget: float) -> KnowableValue:
    g = spot.before
    try:
        sampler = Sampler(view(g, seat))
        games = [sampler.world(rng) for _ in range(worlds)]
    except ImpossibleView:  # pragma: no cover - a real view always has a world
        return KnowableValue(0, False, None, None, False, ())
    deadline = time.perf_counter() + budget
    if spot.kind != "card":
        return _knowable_call(spot, seat, levels, solvers, games, deadline)
    cands = spot.alternatives
    if len(cands) == 1:  # the only legal card: nothing to lose in any world
        return KnowableValue(len(games), True, 0.0, 0.0, False, (spot.action,))
    # per candidate, per world: (seat-party Augen lo, hi, points or None)
    vals: dict[Action, list[tuple[int, int, int | None]]] = {a: [] for a in cands}
    for wi, w in enumerate(games):
        re = w.is_re[seat]
        w_end = time.perf_counter() + (deadline - time.perf_counter()) / (len(games) - wi)
        # the world's value first; a card that keeps it costs one null-window test
        root = _value(w, solvers, (w_end - time.perf_counter()) * 0.4)
        for j, a in enumerate(cands):
            limit = (w_end - time.perf_counter()) / (len(cands) - j)
            after = _after(w, a)
            if root[0] != root[1]:
                v = _value(after, solvers, limit * 0.7)
            elif _keeps(after, root[0], re, solvers, limit * 0.3):
                v = root
            else:
                v = _value(after, solvers, limit * 0.6, guess=root[0])
            pts = None
            if v[0] == v[1]:
                pts = _line_points(after, seat, levels, v[0], solvers,
                                   w_end - time.perf_counter())
            lo, hi = _party_augen(re, *v)
            vals[a].append((lo, hi, pts))
    exact = all(p is not None for v in vals.values() for _, _, p in v)
    taken = spot.action
    if exact:
        means = {a: sum(p for _, _, p in v if p is not None) / len(v) for a, v in vals.items()}
        top = max(means.values())
        best_a = taken if means[taken] >= top - 1e-9 else max(cands, key=lambda a: means[a])
        diffs = [float((b or 0) - (t or 0)) for (_, _, b), (_, _, t)
                 in zip(vals[best_a], vals[taken], strict=True)]
        loss, se = _mean_se(diffs)
        best = tuple(a for a in cands if means[a] >= top - 1e-9)
        return KnowableValue(len(games), True, loss, se, _significant(loss, se), best)
    # bounds only: the interval of the mean loss in Augen (the best candidate by lower bound)
    lo_means = {a: sum(lo for lo, _, _ in v) / len(v) for a, v in vals.items()}
    hi_means = {a: sum(hi for _, hi, _ in v) / len(v) for a, v in vals.items()}
    low = max(0.0, max(lo_means.values()) - hi_means[taken])
    high = max(hi_means.values()) - lo_means[taken]
    best = tuple(a for a in cands if hi_means[a] >= max(lo_means.values()))
    return KnowableValue(len(games), False, None, None, False, best, (low, high))


def _knowable_call(spot: _Spot, seat: int, levels: tuple[int, int], solvers: _Solvers,
                   games: list[Game], deadline: float) -> KnowableValue:
    diffs: list[float] = []
    for n, w in enumerate(games):
        limit = (deadline - time.perf_counter()) / (len(games) - n)
        o = _outcome(w, seat, levels, solvers, limit)
        if o.points is None:
            return KnowableValue(len(games), False, None, None, False, ())
        other = _points_for_levels(w, seat, levels, _alt_levels(spot, levels), solvers)
        if other is None:
            return KnowableValue(len(games), False, None, None, False, ())
        diffs.append(float(other - o.points))
    mean, se = _mean_se(diffs)
    loss = max(mean, 0.0)
    return KnowableValue(len(games), True, loss, se, _significant(loss, se),
                         _call_best(spot, mean))


def _mean_se(xs: Sequence[float]) -> tuple[float, float]:
    n = len(xs)
    mean = sum(xs) / n
    if n < 2:
        return mean, 0.0
    var = sum((x - mean) ** 2 for x in xs) / (n - 1)
    return mean, math.sqrt(var / n)


def _significant(loss: float, se: float) -> bool:
    return loss >= MIN_LOSS and loss > Z * se


# ---------------------------------------------------------------------- the analysis


def analyze(
    start: Game,
    actions: Sequence[Action],
    *,
    seats: Sequence[int] | None = None,
    worlds: int = 32,
    backend: str | None = None,
    open_budget: float = 4.0,
    knowable_budget: float = 55.0,
    seed: int = 0,
    progress: Progress | None = None,
    kinds: Collection[str] | None = None,
) -> Analysis:
    """Analyse the decisions of ``seats`` (default: all four) in the game that starts at
    ``start`` (the deal, before any action) and takes ``actions`` (the record's; the game
    must be finished).

    ``worlds``: sampled worlds per decision for the knowable measure (0: open only);
    ``backend``: the solver's (``python``, ``native``, ``auto``; default ``DOKO_BACKEND`` or
    auto); ``open_budget`` / ``knowable_budget``: seconds for all open / knowable solves (per
    seat analysed, handed out per decision; see the module docstring); ``seed``: the sampler's
    seed (the same analysis for the same inputs as far as the budgets allow);
    ``progress(done, total)`` is called after each decision; ``kinds``: the kinds of decision
    to analyse (``card``, ``call``, ``no_call``, ``reservation``; default all).
    """
    t0 = time.perf_counter()
    which = set(range(4) if seats is None else seats)
    final = start.clone()
    for a in actions:
        final.apply(a)
    if not final.is_over:
        raise ValueError("the game is not finished: only a finished game is analysed")
    kind = resolve(backend)
    levels = _final_levels(final)
    spots, skipped = _spots(start.clone(), actions, which)
    reserved, res_skipped = reservation_spots(start, actions, which)
    if kinds is not None:
        spots = [sp for sp in spots if sp.kind in kinds]
        reserved = reserved if "reservation" in kinds else []
    for s, n in res_skipped.items():
        skipped[s] = skipped.get(s, 0) + n
    total = len(spots) + len(reserved)
    solvers = _Solvers(kind)
    world_solvers = _Solvers(kind, WORLD_TABLE)
    open_total = open_budget * len(which)
    open_end = time.perf_counter() + open_total
    open_clock = _Greedy(open_total * (1.0 - RESERVATION_SHARE if reserved else 1.0),
                         len(spots))
    know_clock = _Greedy(knowable_budget * len(which), len(spots))
    results: dict[tuple[int, str], Decision] = {}
    # the late decisions first: they are cheap and leave their time to the early ones
    known: dict[int, int] = {}  # exact values (Re's Augen) of the game's positions
    for done, spot in enumerate(reversed(spots), 1):
        seat = seat_of(spot.action)
        if spot.kind == "card":
            op, best = _open_card(spot, seat, levels, solvers, open_clock.share(), known)
        else:
            op, best = _open_call(spot, seat, levels, solvers, open_clock.share())
        kn = None
        if worlds > 0:
            rng = random.Random(seed * 1_000_003 + spot.index)
            kn = _knowable(spot, seat, levels, world_solvers, worlds, rng, know_clock.share())
        else:
            know_clock.share()
        results[(spot.index, spot.kind)] = Decision(
            index=spot.index, seat=seat, trick=len(spot.before.tricks) + 1, kind=spot.kind,
            action=spot.action, best=best, open=op, knowable=kn)
        if progress is not None:
            progress(done, total)
    # the reservations last: their games are whole games, the time left is theirs; the game
    # played starts from its first card's value where a card decision solved it
    first_card = next((i for i, a in enumerate(actions) if code_of(a) < 24), len(actions))
    exact_start = first_card in known  # a card decision solved the game's first position
    guess = known.get(first_card, known[min(known)] if known else None)
    for done, rs in enumerate(reserved, len(spots) + 1):
        share = max(open_end - time.perf_counter(), 0.0) / (total + 1 - done)
        op, best = _open_reservation(rs, start, actions, solvers, share, guess, exact_start)
        kn = None
        if worlds > 0:  # playouts, no solves: not on the clock
            kn = _knowable_reservation(rs, start, actions, worlds,
                                       seed * 1_000_003 + rs.index, kind)
        results[(rs.index, "reservation")] = Decision(
            index=rs.index, seat=rs.seat, trick=0, kind="reservation", action=rs.action,
            best=best, open=op, knowable=kn)
        if progress is not None:
            progress(done, total)
    decisions = [results[(rs.index, "reservation")]
                 for rs in sorted(reserved, key=lambda r: r.index)]
    decisions += [results[(sp.index, sp.kind)] for sp in spots]
    summaries = {}
    for s in sorted(which):
        mine = [d for d in decisions if d.seat == s]
        exact = [d for d in mine if d.open.exact]
        knows = [d.knowable.loss_points for d in mine
                 if d.knowable is not None and d.knowable.loss_points is not None]
        summaries[s] = SeatSummary(
            seat=s, decisions=len(mine), exact=len(exact),
            open_loss_augen=sum(d.open.loss_augen or 0 for d in exact),
            open_loss_points=sum(d.open.loss_points or 0 for d in exact),
            knowable_loss_points=sum(knows) if worlds > 0 else None,
            mistakes=sum(1 for d in mine if d.mistake), skipped=skipped.get(s, 0))
    return Analysis(decisions, summaries, worlds, kind, time.perf_counter() - t0,
                    {"open": open_budget, "knowable": knowable_budget if worlds else 0.0})

