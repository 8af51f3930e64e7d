"""The reservation decisions of a finished game: what the seat's answer in the
Vorbehaltsabfrage (gesund, Vorbehalt, which solo, Hochzeit, a pass; TSR 4.1) was worth against
the other answers it could have given. See ``docs/analysis.md``.

A seat's reservation is one decision (kind ``reservation``): its *plan*, gesund or a Vorbehalt
followed by a naming (one of the solos the rules play, or the Hochzeit with both ♣Q). The action
taken is the seat's naming where it named one (a solo, the Hochzeit, a pass), else its answer in
the query (gesund, or a Vorbehalt that a solo of another seat came before).

**The game a plan leads to.** The Vorbehaltsabfrage is replayed with the seat answering by its
plan and the other seats as they answered in the record (a Vorbehalt taken back, TSR 4.1.2, as
gesund); a seat asked to name (TSR 4.1.4 to 4.1.7) names what it named in the record where that
is still legal, else its documented choice (:func:`documented_naming`): a pass where it may pass
(it holds both ♣Q: its Vorbehalt was the Hochzeit, which a solo query outranks), the Hochzeit
where it holds both ♣Q alone, else the solo the ``rules`` player's hand evaluation rates most
likely to win. The seat's own plan "Hochzeit" in a solo query is a pass.

**open.** Each plan's game is valued double-dummy from its first card with the cards as dealt,
scored by TSR 7 without calls (calls are decisions of their own), in the seat's game points. A
solo's points depend only on the band its Augen fall into (the Augen at which TSR 7.2.2 changes
the score, worked out from :func:`doko.engine.scoring.score` itself), so a solo is valued by
null-window tests at those thresholds only, the middle one of the open band first; a Normalspiel
(with Sonderpunkte, TSR 7.2.3) needs its exact value and one optimal line, and falls back to the
threshold tests when that runs out of time. What the time does not settle stays an interval of
points that the tests proved (for a Normalspiel widened by the Sonderpunkte still possible);
nothing is guessed. An announced Hochzeit is not valued: its parties are decided by the
Klärungsstich (TSR 4.4.3), which a two-party double-dummy search does not model; a Hochzeit
taken leaves the decision without an open value, a Hochzeit not taken is no candidate for best.

**knowable.** The seat's plans are compared as the search player compares them
(:class:`doko.bots.search_player.SearchPlayer`): in ``worlds`` deals of the hidden cards
consistent with the seat's view when it answered, each plan's game is played out (the ``rules``
card play for all seats, the exact solver for the last three tricks; later seats answer gesund,
as the search player assumes), without calls. Whole-game double-dummy solves per world and plan
would take minutes; the playouts take milliseconds and depend only on the view and the seed.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import TYPE_CHECKING

from doko.engine.actions import (
    ARMUT,
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SOLO_BASE,
    SOLO_CODES,
    SOLO_INDEX,
    THROW,
    WITHDRAW,
    Action,
    code_of,
    encode,
    is_solo_code,
    seat_of,
)
from doko.engine.cards import AD, JC, QC, TH, hand_count
from doko.engine.contracts import MARRIAGE as C_MARRIAGE
from doko.engine.contracts import NORMAL, SILENT_MARRIAGE, SOLO_NAMES
from doko.engine.game import NAMING, PLAY, QUERY, Game
from doko.engine.rules import Rules
from doko.engine.scoring import GameSummary, ScoringInputError, score
from doko.engine.view import view

if TYPE_CHECKING:
    from doko.analysis.game_analysis import _Solvers

__all__ = [
    "DOPPELKOPF_MOST",
    "GESUND",
    "GameValue",
    "ReservationSpot",
    "documented_naming",
    "extras_room",
    "game_for_plan",
    "game_key",
    "points_table",
    "rated_solo",
    "reservation_spots",
    "thresholds",
    "value_plans",
]

#: The plan "gesund" (the other plans are naming codes: a solo, the Hochzeit).
GESUND = HEALTHY
#: At most this many Doppelkopf tricks (TSR 7.2.3): a trick of 40 Augen needs four cards of 10
#: or 11 Augen, and the deck holds 16.
DOPPELKOPF_MOST = 4
#: The time slice of a plan's game in the first round of :func:`value_plans` (seconds; it
#: doubles every round).
FIRST_SLICE = 0.02


@dataclass(frozen=True)
class ReservationSpot:
    """A seat's reservation decision: ``index`` of the action taken in the record,
    ``first`` the index of the seat's first reservation action (its view there is the
    knowable measure's), the plans it could choose (:data:`GESUND` or naming codes) and the
    plan taken."""

    index: int
    first: int
    seat: int
    action: Action
    plans: tuple[int, ...]
    taken: int
    forced: bool

    def plan_action(self, plan: int) -> Action:
        """The action that stands for ``plan``: gesund, or the naming."""
        return encode(self.seat, plan)


# ---------------------------------------------------------------------- replaying plans


def documented_naming(g: Game, seat: int) -> int:
    """The naming of a seat whose own naming the record does not give (or no longer allows):
    a pass where it may pass, the Hochzeit where it may name one, else the solo that the
    ``rules`` player's hand evaluation rates most likely to win (the first such in
    :data:`~doko.engine.contracts.SOLO_NAMES` order)."""
    legal = {code_of(a) for a in g.legal_actions(seat)} - {WITHDRAW}
    if PASS in legal:
        return PASS
    if MARRIAGE in legal:
        return MARRIAGE
    return rated_solo(g, seat)


def rated_solo(g: Game, seat: int) -> int:
    """The naming code of the solo that the ``rules`` player's hand evaluation rates most
    likely to win for ``seat``'s hand, among the solos the rules play (the first such in
    :data:`~doko.engine.contracts.SOLO_NAMES` order)."""
    from doko.bots.rules_player import evaluate_solos, initial_counts

    chances = evaluate_solos(initial_counts(view(g, seat)), g.rules,
                             leads=g.owes_pflichtsolo[seat])
    return max(playable_solo_codes(g.rules),
               key=lambda c: (chances[SOLO_NAMES[SOLO_INDEX[c]]], -c))


def playable_solo_codes(rules: Rules) -> tuple[int, ...]:
    """The naming codes of the solos a table with ``rules`` plays: the TSR's seven and the
    picture solos whose options are on (docs/rules.md "Weitere Soli")."""
    pictures = (c for c, on in zip(SOLO_CODES[7:], rules.picture_solos, strict=True) if on)
    return (*SOLO_CODES[:7], *pictures)


def _own_codes(actions: Sequence[Action]) -> tuple[list[bool], list[list[int]]]:
    """Per seat: its answer in the query as it stood at the end (a Vorbehalt taken back is
    gesund), and its namings in order."""
    answers = [False] * 4
    namings: list[list[int]] = [[], [], [], []]
    for a in actions:
        s, c = seat_of(a), code_of(a)
        if c == RESERVATION:
            answers[s] = True
        elif c == WITHDRAW:
            answers[s] = False
        elif SOLO_BASE <= c <= PASS or is_solo_code(c):
            namings[s].append(c)
        elif c != HEALTHY:  # a card or a call: the Vorbehaltsabfrage is over
            break
    return answers, namings


def game_for_plan(start: Game, actions: Sequence[Action], seat: int, plan: int) -> Game:
    """The game at its first card when ``seat`` follows ``plan`` in the Vorbehaltsabfrage and
    the others answer as in ``actions`` (see the module docstring)."""
    answers, namings = _own_codes(actions)
    namings = [list(n) for n in namings]
    g = start.clone()
    while g.phase in (QUERY, NAMING):
        t = g.to_move
        if g.phase == QUERY:
            said = plan != GESUND if t == seat else answers[t]
            g.apply(encode(t, RESERVATION if said else HEALTHY))
            continue
        legal = {code_of(a) for a in g.legal_actions(t)} - {WITHDRAW}
        want = plan if t == seat else (namings[t].pop(0) if namings[t] else -1)
        if want == MARRIAGE and MARRIAGE not in legal and PASS in legal:
            want = PASS  # a Hochzeit meant: passes the solo query
        g.apply(encode(t, want if want in legal else documented_naming(g, t)))
    return g


def _first_card_state(start: Game, actions: Sequence[Action]) -> Game:
    g = start.clone()
    for a in actions:
        if g.phase == PLAY:
            break
        g.apply(a)
    return g


def game_key(g: Game) -> tuple[object, ...]:
    """What makes a game at its first card the game it is: contract, soloist or Hochzeiter,
    parties, leader, Pflichtsolo."""
    return (g.contract, g.soloist, g.hochzeiter, tuple(g.is_re), g.to_move, g.pflichtsolo)


def reservation_spots(start: Game, actions: Sequence[Action], seats: set[int]
                      ) -> tuple[list[ReservationSpot], dict[int, int]]:
    """The reservation decisions of ``seats``, and per seat how many were skipped (the seat
    took part in an Armut or threw its hand, house rules the plans do not cover; or the plan
    taken could not be replayed to the game played: not expected, counted to be safe)."""
    out: list[ReservationSpot] = []
    skipped = dict.fromkeys(seats, 0)
    actual = _first_card_state(start, actions)
    g = start.clone()
    mine: dict[int, list[int]] = {s: [] for s in range(4)}
    for i, a in enumerate(actions):
        if g.phase not in (QUERY, NAMING):
            break
        mine[seat_of(a)].append(i)
        g.apply(a)
    for s in sorted(seats):
        idx = mine[s]
        if not idx:
            continue
        codes = [code_of(actions[i]) for i in idx]
        if any(ARMUT <= c <= THROW for c in codes):
            # an Armut named, answered or exchanged, or a hand thrown (house rules): no plan
            # stands for them, so the seat's query is skipped (counted)
            skipped[s] += 1
            continue
        forced = start.phase == NAMING  # a Vorführung (TSR 4.1.9): a solo must be named
        named = [i for i, c in zip(idx, codes, strict=True)
                 if SOLO_BASE <= c <= PASS or is_solo_code(c)]
        both_qc = hand_count(start.initial_hands[s], QC) == 2
        solos = playable_solo_codes(start.rules)
        if forced:
            plans: tuple[int, ...] = solos
        else:
            plans = (GESUND, *solos, *((MARRIAGE,) if both_qc else ()))
        said = not forced and codes[0] == RESERVATION and WITHDRAW not in codes
        if forced or (said and named):
            index = named[-1]
            taken = code_of(actions[index])
            if taken == PASS:
                taken = MARRIAGE
        elif said:  # another seat's solo came first: the seat was never asked to name
            index = idx[0]
            taken = MARRIAGE if both_qc else rated_solo(start, s)
        else:
            index = idx[-1]  # gesund, or a Vorbehalt taken back
            taken = GESUND
        if game_key(game_for_plan(start, actions, s, taken)) != game_key(actual):
            skipped[s] += 1
            continue
        out.append(ReservationSpot(index, idx[0], s, actions[index], plans, taken, forced))
    return out, skipped



# ---------------------------------------------------------------------- scoring bands


def _contract_name(g: Game) -> str:
    if g.marriage_solo or g.contract not in (NORMAL, C_MARRIAGE, SILENT_MARRIAGE):
        return "solo"
    return g.contract.record_name


@cache
def points_table(contract: str, re: bool, rules: Rules) -> tuple[tuple[int, int] | None, ...]:
    """Per Re's final Augen 0..240: the least and the most game points (TSR 7, no calls, no
    Sonderpunkte) a seat of Re (``re``) or of Kontra gets, over the trick counts possible with
    those Augen (None: no trick count is)."""
    total = rules.hand_size
    out: list[tuple[int, int] | None] = []
    for a in range(241):
        tricks: list[int | None] = (list(range(total + 1)) if a in (0, 240) else [None])
        pts: list[int] = []
        for t in tricks:
            try:
                sm = GameSummary(contract, a, t, nines=rules.nines)
            except ScoringInputError:
                continue
            sc = score(sm, rules)
            pts.append(sc.re_score if re else sc.kontra_score)
        out.append((min(pts), max(pts)) if pts else None)
    return tuple(out)


def thresholds(table: Sequence[tuple[int, int] | None]) -> list[int]:
    """The Augen ``a`` at which the points change: Re reaching ``a`` or not decides them."""
    out: list[int] = []
    prev: tuple[int, int] | None = None
    for a, entry in enumerate(table):
        if entry is None:
            continue
        if prev is not None and entry != prev:
            out.append(a)
        prev = entry
    return out


def extras_room(g: Game, party_re: bool) -> int:
    """The most Sonderpunkte the party (Re if ``party_re``) can win in the Normalspiel ``g``
    from its first card, by what the hands hold: a Doppelkopf at most 4 (a trick of 40 Augen
    needs four cards of 10 or 11 Augen, 16 in the deck), a Fuchs per ♦A of the other party, the
    Karlchen if it holds a ♣J; the house rules' (where played) a Karlchen gefangen per ♣J of
    the other party, the Fuchs im letzten Stich if it holds a ♦A, a Dulle gefangen per ♥10 of
    the other party, a Doppelkopf under 40 Augen at most once per 30 or 35 Augen of the game."""
    own = [h for s, h in enumerate(g.initial_hands) if g.is_re[s] == party_re]
    other = [h for s, h in enumerate(g.initial_hands) if g.is_re[s] != party_re]

    def count(hands: list[int], k: int) -> int:
        return sum(hand_count(h, k) for h in hands)

    rules = g.rules
    room = DOPPELKOPF_MOST + count(other, AD) + min(1, count(own, JC))
    if rules.charlie_caught:
        room += count(other, JC)
    if rules.fox_last_trick:
        room += min(1, count(own, AD))
    if rules.dulle_caught:
        room += count(other, TH)
    if rules.doppelkopf_eyes < 40:  # house rule: a Doppelkopf from 30 or 35 Augen as well
        room += 240 // rules.doppelkopf_eyes
    return room


# ---------------------------------------------------------------------- valuing a game


@dataclass(frozen=True)
class GameValue:
    """What the time proved about one plan's game: Re's final Augen lie in ``re_lo..re_hi``
    and the seat's game points in ``points`` (None: not valued, an announced Hochzeit)."""

    re_lo: int
    re_hi: int
    points: tuple[int, int] | None

    @property
    def exact(self) -> bool:
        return self.points is not None and self.points[0] == self.points[1]


class _PlanSearch:
    """What is known of one plan's game, refined one step at a time (a threshold test, or for
    a Normalspiel the exact value and one optimal line)."""

    def __init__(self, g: Game, seat: int, solvers: _Solvers, guess: int | None) -> None:
        self.g = g
        self.seat = seat
        self.solvers = solvers
        self.guess = guess
        self.unvalued = g.contract == C_MARRIAGE and not g.klaerung
        self.solo = g.is_solo_game
        self.table = points_table(_contract_name(g), g.is_re[seat], g.rules)
        self.marks = thresholds(self.table)
        re = g.is_re[seat]
        #: the Sonderpunkte the seat's party / the other party can still win
        self.room = 0 if self.solo else extras_room(g, re)
        self.room_other = 0 if self.solo else extras_room(g, not re)
        self.lo, self.hi = 0, 240
        self.line: int | None = None  # the points along one optimal line, once found
        self.timeouts = 0  # threshold tests that ran out of time

    def value(self) -> GameValue:
        if self.unvalued:
            return GameValue(0, 240, None)
        if self.line is not None:
            return GameValue(self.lo, self.hi, (self.line, self.line))
        entries = [e for e in self.table[self.lo:self.hi + 1] if e is not None]
        return GameValue(self.lo, self.hi, (min(e[0] for e in entries) - self.room_other,
                                            max(e[1] for e in entries) + self.room))

    def _single(self) -> int | None:
        """Re's Augen if only one possible value is left."""
        possible = [a for a in range(self.lo, self.hi + 1) if self.table[a] is not None]
        return possible[0] if len(possible) == 1 else None

    def _most(self, lo: int, hi: int) -> int:
        """The most points Re's Augen in ``lo..hi`` can give the seat."""
        return max((e[1] for e in self.table[lo:hi + 1] if e is not None),
                   default=-10**6) + self.room

    def _cut(self, target: int) -> int | None:
        """The threshold whose test, if it goes one way, proves that this game is worth at
        most ``target`` points: the weakest such claim (a mark far from the value is cheap)."""
        marks = [t for t in self.marks if self.lo < t <= self.hi]
        if not marks:
            return None
        mid = marks[len(marks) // 2]
        # only a claim weaker than the middle test's: a stronger one (the soloist under 2
        # Augen) seldom holds
        below = [t for t in marks if t >= mid and self._most(self.lo, t - 1) <= target]
        if below:  # "Re stays under t" would do: the highest such t
            return below[-1]
        above = [t for t in marks if t <= mid and self._most(t, self.hi) <= target]
        return above[0] if above else None  # "Re reaches t" would do: the lowest such t

    def step(self, limit: float, target: int | None = None) -> None:
        """Spend at most about ``limit`` seconds to learn more. ``target``: only whether the
        game is worth more than ``target`` points matters (it is not the game taken and not
        the best so far): a test at the threshold that can settle that comes first."""
        from doko.analysis.game_analysis import MIN_SOLVE_S, _line_points, _value
        from doko.solver import SearchLimitExceeded

        if self.value().exact:
            return
        single = self._single()
        cut = None
        if target is not None and single is None and self.timeouts % 2:
            # the test that can settle the comparison, after the middle one ran out of time
            # (the middle mark first: for a solo the winning threshold, mostly far from the
            # value); the two take turns while they run out
            cut = self._cut(target)
        if cut is None and single is None and not self.solo:
            # Sonderpunkte: the exact value and a line are needed
            self.lo, self.hi = _value(self.g, self.solvers, limit, self.guess)
            if self.lo == self.hi:
                self.guess = self.lo
            return
        if single is None:
            marks = [t for t in self.marks if self.lo < t <= self.hi]
            if not marks:  # pragma: no cover - the points would be exact (a mark splits 0, 2)
                return
            t = marks[len(marks) // 2] if cut is None else cut
            sv = self.solvers.get(self.g)
            sv.time_limit = max(limit, MIN_SOLVE_S)
            sv.start_budget()
            try:
                reached = sv.at_least(self.g.hands, self.g.trick_leader, self.g.trick, t)
            except SearchLimitExceeded:
                self.timeouts += 1
                return
            if reached:
                self.lo = t
            else:
                self.hi = t - 1
            return
        self.lo = self.hi = single  # the points still depend on the line (schwarz, extras)
        self.line = _line_points(self.g, self.seat, (0, 0), single, self.solvers, limit)


def value_plans(games: Sequence[Game], seat: int, solvers: _Solvers, budget: float,
                taken: int, guess: int | None = None, exact: bool = False) -> list[GameValue]:
    """Value the games ``games`` (each at its first card, all different) for ``seat`` within
    ``budget`` seconds, for the comparison with game ``taken`` (an index): the time goes,
    a step at a time and shared evenly, to the games whose value still matters: the game
    taken until it is exact, and every game that may still be worth more than the best proven
    so far. ``solvers``: the analysis's solver cache (``game_analysis._Solvers``); ``guess``:
    Re's Augen in the game taken, if known (``exact``: its value, proven)."""
    from doko.analysis.game_analysis import MIN_SOLVE_S

    end = time.perf_counter() + budget
    found = [_PlanSearch(g, seat, solvers, guess if i == taken else None)
             for i, g in enumerate(games)]
    if exact and guess is not None:
        found[taken].lo = found[taken].hi = guess
    # rounds of growing time slices: the cheap tests (thresholds far from a game's value) are
    # done first, and what they settle decides what still matters
    slice_s = FIRST_SLICE
    rounds = 0
    while True:
        values = [f.value() for f in found]
        lows = [v.points[0] for v in values if v.points is not None]
        best_lo = max(lows) if lows else 0
        todo = [i for i, v in enumerate(values)
                if v.points is not None and not v.exact
                and (i == taken or v.points[1] > best_lo)]
        left = end - time.perf_counter()
        if not todo or left < MIN_SOLVE_S:
            return values
        if rounds % 2 and any(found[i].solo for i in todo):
            # the solos' threshold tests are mostly cheap and a Normalspiel needs a whole
            # exact solve: while solos are open, a Normalspiel sits out every other round
            todo = [i for i in todo if found[i].solo]
        rounds += 1
        for n, i in enumerate(todo):
            p = values[i].points
            target = None if i == taken or p is None or p[0] == best_lo else best_lo
            share = max(end - time.perf_counter(), 0.0) / (len(todo) - n)
            found[i].step(min(share, slice_s), target)
        slice_s *= 2


