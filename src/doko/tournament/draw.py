"""Seat draws for a tournament: which players sit at which table in each Serie, and at which
position (TSR 8.3, 8.4). See ``docs/tournament.md``.

* Serie 1 is drawn at random from the published seed (reproducible).
* Later Serien are drawn so that each pair of players sits at the same table as rarely as
  possible. All Serien still to come are planned together (a tabu search over swaps of two
  players of one Serie, started from the plan of the previous draw), because a Serie drawn
  greedily on its own can leave no perfect continuation (16 players x 5 Serien has a schedule in
  which no pair meets twice, but not after every choice of the first three: those that form the
  cyclic Latin square of order 4, which has no orthogonal mate, allow no fourth without one).
* Positions 1-4 (1 deals first, 4 keeps the Spielliste, TSR 8.4.1) are then given per table so
  that every player has position 1 and position 4 about equally often.
* Optionally the Serie is seated by the current ranking (strong against strong): pairs of
  players far apart in the ranking cost a little, less than any repeated encounter.
* A player count that is not a multiple of 4 needs 5-tables (the dealer sits out, TSR 10.1);
  they are the organiser's choice, since TSR 8.3.1 allows only 4-tables. The seats at 5-tables
  are spread first (nobody sits at one twice more than anybody else), then the encounters.

The search takes a fixed number of steps (never a time limit), so a draw depends only on the
seed, the Serie's number and the tournament's state.

>>> plan = draw_plan(list(range(1, 17)), 5, seed=7)
>>> [len(serie) for serie in plan], repeated_pairs(plan)
([4, 4, 4, 4, 4], 0)
"""

from __future__ import annotations

import itertools
import math
import random
from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from doko.engine.errors import DokoError
from doko.engine.texts import text

__all__ = [
    "DrawError",
    "Quality",
    "draw_plan",
    "draw_serie",
    "quality",
    "repeat_lower_bound",
    "repeated_pairs",
    "table_sizes",
]

#: A table: player ids in positions 1-4 (1-5 at a 5-table).
Table = list[int]
#: A Serie: its tables.
Serie = list[Table]

#: How much a position's earlier count weighs when positions are given, by slot: 0 is
#: position 1 (deals first), 4 the last position (keeps the Spielliste: 4 at a 4-table, TSR
#: 8.4.1, 5 at a 5-table, 10.1.4), 1-3 the positions between; the first and last count most.
_SLOT_WEIGHT = (3, 1, 1, 1, 3)
#: The search's step budget per planned Serie and its share per player.
_STEPS_BASE = 400
_STEPS_PER_PLAYER = 12
#: Steps without a better plan before the search restarts from the best with a shake-up.
_PATIENCE = 200
#: Restarts in a row without a better plan after which the search stops.
_RESTARTS = 6
#: Troubled players whose swaps one step of the search compares.
_SAMPLE = 6
#: What one more seat at a 5-table costs per seat there before (a repeated encounter costs 1
#: per earlier encounter): the seats at 5-tables (fewer games played) are spread evenly first,
#: then the encounters.
_FIVE_COST = 3
#: What a table costs per time its players had position 1 (or the last) before at least.
_POS_COST = 0.3
#: The same when seating by the ranking: the organiser's choice of neighbours comes first.
_POS_COST_RANKED = 0.03
#: Steps to improve the positions once no repeat is left: a base and one per so many players.
_POLISH_BASE = 100
_POLISH_PER_PLAYERS = 2


class DrawError(DokoError):
    """A draw that cannot be made (too few players, a count that needs 5-tables)."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        self.en = text("tournament.draw." + key, "en", **params)
        self.de = text("tournament.draw." + key, "de", **params)
        super().__init__(self.en)

    def text(self, lang: str = "en") -> str:
        return self.de if lang == "de" else self.en


def table_sizes(n: int, five_tables: bool = False) -> list[int]:
    """The table sizes for ``n`` players: all 4-tables (TSR 8.3.1), or with ``five_tables`` as
    many 5-tables as ``n`` needs (``n mod 4`` of them, first in the list).

    >>> table_sizes(16), table_sizes(18, five_tables=True)
    ([4, 4, 4, 4], [5, 5, 4, 4])
    """
    if n < 4:
        raise DrawError("too_few", n=n)
    fives = n % 4
    if fives and not five_tables:
        raise DrawError("not_multiple", n=n)
    if 5 * fives > n:
        raise DrawError("no_five_split", n=n)
    return [5] * fives + [4] * ((n - 5 * fives) // 4)


def repeated_pairs(serien: Sequence[Sequence[Sequence[int]]]) -> int:
    """Repeated encounters: over all pairs of players, how often they sat at the same table
    beyond the first time (a pair together three times counts 2)."""
    count: dict[tuple[int, int], int] = {}
    for serie in serien:
        for table in serie:
            for a, b in itertools.combinations(sorted(table), 2):
                count[a, b] = count.get((a, b), 0) + 1
    return sum(c - 1 for c in count.values() if c > 1)


def repeat_lower_bound(n: int, serien: int, five_tables: bool = False) -> int:
    """A lower bound for :func:`repeated_pairs` of any draw of ``n`` players over ``serien``:
    the larger of (encounters minus all pairs) and, per player, (at least 3 encounters per
    Serie minus the ``n - 1`` other players), halved because a repeat involves two players.

    >>> repeat_lower_bound(16, 5), repeat_lower_bound(16, 6), repeat_lower_bound(24, 6)
    (0, 24, 0)
    """
    sizes = table_sizes(n, five_tables)
    meetings = serien * sum(k * (k - 1) // 2 for k in sizes)
    by_pairs = meetings - n * (n - 1) // 2
    by_player = math.ceil(n * max(0, 3 * serien - (n - 1)) / 2)
    return max(0, by_pairs, by_player)


@dataclass(frozen=True)
class Quality:
    """Figures of a draw: repeated encounters and their lower bound, the most times a pair met,
    and per player the spread (most minus fewest) of the times at position 1, at the last
    position (the list keeper) and at a 5-table."""

    repeats: int
    lower_bound: int
    most_meetings: int
    pos1_spread: int
    last_spread: int
    pos1_max: int
    last_max: int
    five_spread: int

    def to_json(self) -> dict[str, int]:
        return {"repeats": self.repeats, "lower_bound": self.lower_bound,
                "most_meetings": self.most_meetings, "pos1_spread": self.pos1_spread,
                "last_spread": self.last_spread, "pos1_max": self.pos1_max,
                "last_max": self.last_max, "five_spread": self.five_spread}


def quality(serien: Sequence[Sequence[Sequence[int]]], players: Sequence[int],
            five_tables: bool = False) -> Quality:
    """The figures of a draw of ``players`` (all of whom play every Serie)."""
    count: dict[tuple[int, int], int] = {}
    first = dict.fromkeys(players, 0)
    last = dict.fromkeys(players, 0)
    fives = dict.fromkeys(players, 0)
    for serie in serien:
        for table in serie:
            first[table[0]] += 1
            last[table[-1]] += 1
            if len(table) == 5:
                for p in table:
                    fives[p] += 1
            for a, b in itertools.combinations(sorted(table), 2):
                count[a, b] = count.get((a, b), 0) + 1

    def spread(d: Mapping[int, int]) -> int:
        return max(d.values()) - min(d.values())

    return Quality(
        repeats=sum(c - 1 for c in count.values() if c > 1),
        lower_bound=repeat_lower_bound(len(players), len(serien), five_tables),
        most_meetings=max(count.values(), default=0),
        pos1_spread=spread(first), last_spread=spread(last),
        pos1_max=max(first.values()), last_max=max(last.values()),
        five_spread=spread(fives),
    )


# ------------------------------------------------------------------------------ the search


class _Plan:
    """The Serien being planned (player indices 0..n-1), the encounter counts they make with the
    fixed history, and the search's moves: swap two players of one Serie."""

    def __init__(self, n: int, sizes: list[int], meet: list[list[int]], fives: list[int],
                 rank_cost: list[list[float]] | None) -> None:
        self.n = n
        self.sizes = sizes
        self.meet = meet
        self.fives = fives
        self.rank_cost = rank_cost  # for the first planned Serie only
        #: for the first planned Serie: per player the times at position 1 and at the last
        #: position so far (a table whose players all had a position before costs)
        self.pos_counts: tuple[list[int], list[int]] | None = None
        self.pos_weight = _POS_COST if rank_cost is None else _POS_COST_RANKED
        self.serien: list[list[list[int]]] = []
        self.where: list[list[int]] = []

    def add(self, tables: list[list[int]]) -> None:
        where = [0] * self.n
        for t, table in enumerate(tables):
            for p in table:
                where[p] = t
            for a, b in itertools.combinations(table, 2):
                self.meet[a][b] += 1
                self.meet[b][a] += 1
            if len(table) == 5:
                for p in table:
                    self.fives[p] += 1
        self.serien.append(tables)
        self.where.append(where)

    def cost(self) -> float:
        total = 0.0
        for a in range(self.n):
            row = self.meet[a]
            for b in range(a + 1, self.n):
                c = row[b]
                if c > 1:
                    total += c * (c - 1) // 2
        total += _FIVE_COST * sum(f * (f - 1) // 2 for f in self.fives)
        if self.rank_cost is not None and self.serien:
            for table in self.serien[0]:
                for a, b in itertools.combinations(table, 2):
                    total += self.rank_cost[a][b]
        if self.pos_counts is not None and self.serien:
            total += sum(self._pos_cost(table) for table in self.serien[0])
        return total

    def _pos_cost(self, table: Sequence[int]) -> float:
        """The positions' share of a table's cost: the fewest times any of its players had
        position 1, and the last position (one of them must take it once more)."""
        assert self.pos_counts is not None
        c1, cl = self.pos_counts
        return self.pos_weight * (min(c1[p] for p in table) + min(cl[p] for p in table))

    def pos_troubled(self) -> list[int]:
        """The players of the first planned Serie at a table all of whose players had position
        1 (or the last) more often than somebody else of the Serie."""
        if self.pos_counts is None or not self.serien:
            return []
        c1, cl = self.pos_counts
        low = self.pos_weight * (min(c1) + min(cl)) + 1e-9
        out: list[int] = []
        for table in self.serien[0]:
            if self._pos_cost(table) > low:
                out += table
        return out

    def pos_floor(self) -> float:
        """The least possible position cost of the first planned Serie: each table's minimum
        is a different player's count, so at least the sum of the smallest counts."""
        if self.pos_counts is None:
            return 0.0
        k = len(self.sizes)
        c1, cl = self.pos_counts
        return self.pos_weight * (sum(sorted(c1)[:k]) + sum(sorted(cl)[:k]))

    def delta(self, s: int, a: int, b: int) -> float:
        """The change of cost if ``a`` and ``b`` (at different tables of Serie ``s``) swap."""
        tables = self.serien[s]
        ta = tables[self.where[s][a]]
        tb = tables[self.where[s][b]]
        ma = self.meet[a]
        mb = self.meet[b]
        d: float = 0
        for x in ta:
            if x != a:
                d += mb[x] - ma[x] + 1
        for y in tb:
            if y != b:
                d += ma[y] - mb[y] + 1
        if len(ta) != len(tb):
            fa, fb = self.fives[a], self.fives[b]
            d += _FIVE_COST * ((fb - fa + 1) if len(ta) == 5 else (fa - fb + 1))
        if s == 0 and self.pos_counts is not None:
            d += (self._pos_cost([b if x == a else x for x in ta])
                  + self._pos_cost([a if y == b else y for y in tb])
                  - self._pos_cost(ta) - self._pos_cost(tb))
        if s == 0 and self.rank_cost is not None:
            ra = self.rank_cost[a]
            rb = self.rank_cost[b]
            for x in ta:
                if x != a:
                    d += rb[x] - ra[x]
            for y in tb:
                if y != b:
                    d += ra[y] - rb[y]
        return d

    def swap(self, s: int, a: int, b: int) -> None:
        where = self.where[s]
        tables = self.serien[s]
        ia, ib = where[a], where[b]
        ta, tb = tables[ia], tables[ib]
        ma, mb = self.meet[a], self.meet[b]
        for x in ta:
            if x != a:
                ma[x] -= 1
                self.meet[x][a] -= 1
                mb[x] += 1
                self.meet[x][b] += 1
        for y in tb:
            if y != b:
                mb[y] -= 1
                self.meet[y][b] -= 1
                ma[y] += 1
                self.meet[y][a] += 1
        if len(ta) != len(tb):
            if len(ta) == 5:
                self.fives[a] -= 1
                self.fives[b] += 1
            else:
                self.fives[a] += 1
                self.fives[b] -= 1
        ta[ta.index(a)] = b
        tb[tb.index(b)] = a
        where[a], where[b] = ib, ia

    def troubled(self) -> list[tuple[int, int]]:
        """(Serie, player) of the players in a repeated encounter or at a 5-table again."""
        out = []
        meet = self.meet
        fives = self.fives
        for s, tables in enumerate(self.serien):
            for table in tables:
                k = len(table)
                bad = [False] * k
                for i in range(k):
                    row = meet[table[i]]
                    for j in range(i + 1, k):
                        if row[table[j]] > 1:
                            bad[i] = bad[j] = True
                for i in range(k):
                    if bad[i] or (k == 5 and fives[table[i]] > 1):
                        out.append((s, table[i]))
        return out

    def snapshot(self) -> list[list[list[int]]]:
        return [[list(t) for t in tables] for tables in self.serien]

    def restore(self, serien: list[list[list[int]]]) -> None:
        """Swap players back until every Serie's tables are those of ``serien``."""
        for s, tables in enumerate(serien):
            for t, table in enumerate(tables):
                for p in table:
                    if self.where[s][p] != t:
                        q = next(x for x in self.serien[s][t] if x not in table)
                        self.swap(s, p, q)


def _search(plan: _Plan, rng: random.Random, steps: int, target: float) -> None:
    """Tabu search: move a troubled player to the swap that lowers the cost most (a recent move
    back is tabu unless it beats the best), restart from the best after ``_PATIENCE`` idle
    steps with a few random swaps."""
    if not plan.serien:
        return
    cost = plan.cost()
    best = cost
    best_plan = plan.snapshot()
    idle = stale = 0
    tabu: dict[tuple[int, int, int], int] = {}
    ranked = plan.rank_cost is not None
    polish = -1
    n = plan.n
    for step in range(steps):
        if best <= target + 1e-9 and not ranked:
            break
        troubled = plan.troubled()
        picks: list[tuple[int, int]] = []
        if troubled and (plan.rank_cost is None or rng.random() < 0.7):
            for _ in range(_SAMPLE):
                picks.append(troubled[rng.randrange(len(troubled))])
        elif plan.rank_cost is not None:
            s = 0 if rng.random() < 0.7 else rng.randrange(len(plan.serien))
            for _ in range(_SAMPLE):
                picks.append((s, rng.randrange(n)))
        else:
            bad = plan.pos_troubled()
            if not bad:
                break
            if polish < 0:  # no repeats left: a few more steps for the positions
                polish = step + _POLISH_BASE + n // _POLISH_PER_PLAYERS
            elif step >= polish:
                break
            picks.append((0, bad[rng.randrange(len(bad))]))
        choice: list[tuple[int, int, int]] = []
        low = math.inf
        for s, a in picks:
            where = plan.where[s]
            wa = where[a]
            for b in range(n):
                wb = where[b]
                if wb == wa:
                    continue
                d = plan.delta(s, a, b)
                if tabu.get((s, a, wb), -1) >= step and cost + d >= best:
                    continue
                if d < low - 1e-9:
                    low = d
                    choice = [(s, a, b)]
                elif abs(d - low) <= 1e-9:
                    choice.append((s, a, b))
        if not choice:
            continue
        s, a, b = choice[rng.randrange(len(choice))]
        wa, wb = plan.where[s][a], plan.where[s][b]
        plan.swap(s, a, b)
        tabu[s, a, wa] = step + 10 + rng.randrange(10)
        tabu[s, b, wb] = step + 10 + rng.randrange(10)
        cost += low
        if cost < best - 1e-9:
            best = cost
            best_plan = plan.snapshot()
            idle = 0
            stale = 0
        else:
            idle += 1
            if idle >= _PATIENCE:
                stale += 1
                if stale >= _RESTARTS:  # the best plan held through several restarts
                    break
                plan.restore(best_plan)
                cost = best
                idle = 0
                tabu.clear()
                for _ in range(3):
                    s = rng.randrange(len(plan.serien))
                    a, b = rng.sample(range(n), 2)
                    if plan.where[s][a] != plan.where[s][b]:
                        cost += plan.delta(s, a, b)
                        plan.swap(s, a, b)
    plan.restore(best_plan)


# ------------------------------------------------------------------------------ positions


def _slot(position: int, size: int) -> int:
    """The slot of a position (0-based) at a table of ``size``: 0 first, 4 last, else itself."""
    return 4 if position == size - 1 else position


def _seat(tables: list[list[int]], first: dict[int, list[int]], rng: random.Random) -> Serie:
    """Each table's players in positions: the order that gives the positions each player has had
    least often (weighted: position 1 and the last count most); ``first`` is updated."""
    out: Serie = []
    for table in tables:
        k = len(table)
        slots = [_slot(i, k) for i in range(k)]
        members = list(table)
        rng.shuffle(members)
        best: tuple[int, ...] | None = None
        low = math.inf
        for perm in itertools.permutations(members):
            c = sum(_SLOT_WEIGHT[slots[i]] * (2 * first[p][slots[i]] + 1)
                    for i, p in enumerate(perm))
            if c < low:
                low = c
                best = perm
        assert best is not None
        for i, p in enumerate(best):
            first[p][slots[i]] += 1
        out.append(list(best))
    return out


# ------------------------------------------------------------------------------ draws


def _rng(seed: int, serie: int) -> random.Random:
    return random.Random(f"doko-tournament:{seed}:{serie}")


def draw_serie(
    players: Sequence[int],
    serie: int,
    total: int,
    seed: int,
    *,
    history: Sequence[Sequence[Sequence[int]]] = (),
    ranking: Sequence[int] | None = None,
    plan: Sequence[Sequence[Sequence[int]]] | None = None,
    five_tables: bool = False,
) -> tuple[Serie, list[Serie]]:
    """Draw Serie ``serie`` (1-based) of ``total`` for ``players`` (ids).

    ``history``: the tables of the Serien drawn before (ids in positions; players no longer
    playing are ignored); ``ranking``: the players best first, to seat by the ranking (strong
    against strong); ``plan``: the plan of later Serien made by the previous draw (unordered
    tables), the search's start if it still fits. Returns the Serie (ids in positions 1-4/5) and
    the plan for the Serien after it.
    """
    ids = list(players)
    if len(set(ids)) != len(ids):
        raise DrawError("twice")
    n = len(ids)
    sizes = table_sizes(n, five_tables)
    index = {p: i for i, p in enumerate(ids)}
    rng = _rng(seed, serie)
    meet = [[0] * n for _ in range(n)]
    fives = [0] * n
    first = {i: [0] * 5 for i in range(n)}
    for past in history:
        for table in past:
            here = [index[p] for p in table if p in index]
            for a, b in itertools.combinations(here, 2):
                meet[a][b] += 1
                meet[b][a] += 1
            for pos, p in enumerate(table):
                if p in index:
                    first[index[p]][_slot(pos, len(table))] += 1
                    if len(table) == 5:
                        fives[index[p]] += 1
    rank_cost: list[list[float]] | None = None
    if ranking is not None:
        place = {index[p]: r for r, p in enumerate(ranking) if p in index}
        scale = 0.4 / max(1, n)
        far = n
        rank_cost = [[scale * abs(place.get(a, far) - place.get(b, far)) for b in range(n)]
                     for a in range(n)]
    left = total - serie + 1
    state = _Plan(n, sizes, meet, fives, rank_cost)
    start = _fit_plan(plan, index, sizes, left)
    if not history and start is None:
        order = list(range(n))
        rng.shuffle(order)
        state.add(_chunks(order, sizes))
        rest = left - 1
        offset = 1
    else:
        rest = left
        offset = 0
    for k in range(rest):
        if start is not None:
            state.add(start[k])
        else:
            order = list(range(n))
            rng.shuffle(order)
            state.add(_chunks(order, sizes))
    if offset == 1:
        # Serie 1 stays as drawn: plan the rest around it
        fixed = state.serien.pop(0)
        fixed_where = state.where.pop(0)
        state.rank_cost = None
        target = _five_floor(state.fives)
        steps = (_STEPS_BASE + _STEPS_PER_PLAYER * n) * max(0, rest)
        _search(state, rng, steps, target)
        state.serien.insert(0, fixed)
        state.where.insert(0, fixed_where)
    else:
        # a plan from the previous draw has been searched already: a shorter search
        steps = (_STEPS_BASE + _STEPS_PER_PLAYER * n) * (1 if start is not None else rest)
        state.pos_counts = ([first[i][0] for i in range(n)], [first[i][4] for i in range(n)])
        _search(state, rng, steps, _five_floor(state.fives) + state.pos_floor())
    this = _seat(state.serien[0], first, rng)
    later = [[sorted(ids[p] for p in table) for table in tables] for tables in state.serien[1:]]
    return [[ids[p] for p in table] for table in this], later


def _five_floor(fives: list[int]) -> float:
    """The least 5-table cost for these seats at 5-tables: spread as evenly as possible."""
    n = len(fives)
    q, r = divmod(sum(fives), n)
    return _FIVE_COST * float((n - r) * q * (q - 1) // 2 + r * (q + 1) * q // 2)


def _chunks(order: list[int], sizes: list[int]) -> list[list[int]]:
    out = []
    i = 0
    for k in sizes:
        out.append(order[i:i + k])
        i += k
    return out


def _fit_plan(plan: Sequence[Sequence[Sequence[int]]] | None, index: Mapping[int, int],
              sizes: list[int], left: int) -> list[list[list[int]]] | None:
    """The stored plan in indices if it is for exactly these players, these table sizes and the
    Serien left; else None (the search starts at random)."""
    if plan is None or len(plan) != left:
        return None
    out = []
    for tables in plan:
        seen: list[int] = []
        converted = []
        for table in tables:
            if any(p not in index for p in table):
                return None
            converted.append([index[p] for p in table])
            seen += table
        if sorted(seen) != sorted(index) or sorted(
                (len(t) for t in converted), reverse=True) != sizes:
            return None
        converted.sort(key=len, reverse=True)
        out.append(converted)
    return out


def draw_plan(players: Sequence[int], serien: int, seed: int, *,
              five_tables: bool = False) -> list[Serie]:
    """Every Serie of a tournament in which nothing changes (no late entry, no withdrawal, no
    seating by ranking): the same tables the tournament draws one Serie at a time."""
    history: list[Serie] = []
    plan: list[Serie] | None = None
    for s in range(1, serien + 1):
        serie, plan = draw_serie(players, s, serien, seed, history=history, plan=plan,
                                 five_tables=five_tables)
        history.append(serie)
    return history
