"""A double-dummy solver: the exact Augen each party takes with best play, all hands known.

For a :class:`~doko.engine.game.Game` in the play phase (possibly mid-trick), :func:`solve` computes
the Augen Re takes from now on when Re maximises its Augen and Kontra minimises them, both
seeing every card. It honours the card order of every game kind and the house rules on two
Dullen in one trick (``game.dulle_rule``: 0 the first wins, TSR 5.3.3; 1 the second beats the
first; 2 the same except in the last trick).

The parties are taken from ``game.is_re`` as they are now. In a Hochzeit before the
Klärungsstich the Hochzeiter is therefore solved as playing alone against three (the partner
the Klärungsstich would bring is not modelled); once the game type is settled the parties are
final and the value is exact.

Only Augen are searched (TSR 2.2.2): Sonderpunkte (Doppelkopf, Fuchs, Karlchen, TSR 7.2.3),
Ansagen and the score are not part of the value.

Search: fail-soft alpha-beta driven by MTD(f) (null-window searches on Re's Augen, each
starting from the last bound). One node is a trick boundary: the four cards of the trick are
searched by four functions, one per seat, each with its own alpha-beta window, and the
position after the trick is looked up in a transposition table of value bounds keyed on the
four hands and the leader (with the best lead of the position remembered for move ordering).
Before the last card of a trick the positions it leads to are looked up first (enhanced
transposition cutoff). The last two tricks are solved exactly by enumeration and cached; the
last trick is computed directly. An "Augen still needed" cut ends a search once Re cannot
reach, or cannot miss, the window with the Augen still in play. Moves are ordered greedily: the
leader plays trumps and high cards first; a follower wins fat or throws fat on a trick its
party will keep, else gives little. (The parts: :func:`_merger`, :func:`_end_games`,
:func:`_trick_search`, :func:`_follow_search`.)

Moves range over card kinds (two equal cards in one hand are one move), and cards of one hand
that are *equivalent in sequence* are one move: two cards of the same effective suit and the
same Augen (♣D and ♠D in a Normalspiel once nothing between them is out) such that no other
hand held, at the start of the trick, a card ranked between them, both included. Such cards
win and lose against exactly the same cards and carry the same Augen. (Cards of different
Augen are never merged: which of them lands in which trick changes the value.)

Speed (``doko solve --bench``, 200 deals, one core, CPython 3.11): the exact value of the last
6 tricks of a random Normalspiel takes about 34 ms on average (median 18 ms, the worst about
0.3 s); every card's value (:func:`solve_moves`) about 55 ms; 5 tricks about 5 ms.

>>> from doko.engine.game import Game, HEALTHY, encode
>>> g = Game.deal(seed=7)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> while len(g.tricks) < 8:
...     g.apply(g.legal_plays()[0])
>>> s = solve(g)
>>> s.re_eyes + s.kontra_eyes
240
>>> values = solve_moves(g)
>>> max(values.values()) == s.re_eyes if g.is_re[g.to_move] else min(values.values()) == s.re_eyes
True
"""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from doko.engine.actions import CODE_OF
from doko.engine.backend import resolve
from doko.engine.cards import EYES, KIND_MASK
from doko.engine.contracts import TRUMP, CardOrder, trick_winner
from doko.engine.game import PLAY, Game
from doko.solver.native import NativeSolver

__all__ = [
    "AnySolver",
    "SearchLimitExceeded",
    "Solution",
    "Solver",
    "principal_variation",
    "solve",
    "solve_moves",
    "solver_for",
]

KM = KIND_MASK
#: The kinds in a 12-bit mask, for the low and the high half of a kind mask.
KL = tuple(tuple(b for b in range(12) if m >> b & 1) for m in range(4096))
KH = tuple(tuple(b + 12 for b in range(12) if m >> b & 1) for m in range(4096))
_INF = 1000


class SearchLimitExceeded(RuntimeError):
    """The node or time limit given to the solver ran out before the value was exact.

    ``lower`` and ``upper`` bound Re's final Augen as far as the search got.
    """

    def __init__(self, lower: int, upper: int) -> None:
        super().__init__(f"search limit reached: Re's Augen are between {lower} and {upper}")
        self.lower = lower
        self.upper = upper


@dataclass(frozen=True)
class Solution:
    """The double-dummy value of a position.

    ``re_eyes`` and ``kontra_eyes`` are the parties' final totals (Augen already won included)
    with best play by both; ``re_tricks`` and ``kontra_tricks`` are the final trick counts along
    one optimal line (Augen are the objective: among lines worth the same Augen the tricks may
    differ). ``best_moves`` are the optimal cards (kinds, ascending) for the seat on turn.
    ``nodes`` counts search nodes (see :attr:`Solver.node_count`).
    """

    re_eyes: int
    kontra_eyes: int
    re_tricks: int
    kontra_tricks: int
    best_moves: tuple[int, ...]
    to_move: int
    nodes: int


class _Tables:
    """Per card order and Dulle rule: the lookup tables of the search."""

    __slots__ = ("between", "by_power", "eff", "eq_up", "mergeable", "power", "strength")

    def __init__(self, order: CardOrder, dulle: int) -> None:
        eff, power = order.eff_suit, order.power
        self.eff = eff
        self.power = power
        # strength[led][k]: power of k in a trick whose led effective suit is ``led``, or -1
        self.strength = tuple(
            tuple(power[k] if eff[k] == led or eff[k] == TRUMP else -1 for k in range(24))
            for led in range(5)
        )
        # the kinds of each effective suit, high to low
        self.by_power = tuple(
            tuple(sorted((k for k in range(24) if eff[k] == su), key=lambda k: -power[k]))
            for su in range(5)
        )
        # cards of equal Augen in one effective suit, nearest in power first
        eq_up: list[tuple[int, ...]] = []
        mergeable = 0
        for k in range(24):
            ups = sorted(
                (j for j in range(24)
                 if j != k and eff[j] == eff[k] and EYES[j] == EYES[k] and power[j] > power[k]
                 and k != dulle and j != dulle),
                key=lambda j: power[j],
            )
            eq_up.append(tuple(ups))
            if ups:
                mergeable |= 1 << k
        self.eq_up = tuple(eq_up)
        self.mergeable = mergeable
        self.between = tuple(
            sum(1 << b for b in range(24)
                if eff[b] == eff[k] and power[k] <= power[b] <= power[j])
            for j in range(24) for k in range(24)
        )


_TABLES: dict[tuple[str, int], _Tables] = {}


def _tables(order: CardOrder, dulle: int) -> _Tables:
    t = _TABLES.get((order.name, dulle))
    if t is None:
        t = _TABLES[(order.name, dulle)] = _Tables(order, dulle)
    return t


def _hand_eyes(h: int) -> int:
    total = 0
    while h:
        low = h & -h
        total += EYES[(low.bit_length() - 1) % 24]
        h ^= low
    return total


# ---------------------------------------------------------------------- the search
#
# The search is a handful of closures made by four flat factories (_merger, _end_games,
# _trick_search, _follow_search) over the locals of one Solver (_Shared). Closures, not methods:
# local and cell lookups are much faster than attribute lookups in CPython, and the search makes
# tens of millions of them (``doko solve --bench``).
#
# Rules reflected: a seat must follow the led effective suit if it can (TSR 5.2.2); a trick goes
# to its highest trump, else to the highest card of the led suit, the first of two equal cards
# ranking higher (TSR 5.3.3) -- except that under the Dulle house rules a second ♥10 (or, with
# "the Dulle moves", the trump suit's ten) beats the first, under rule 2 not in the last trick.
# In the code: ``strength[led][k]`` is the power of kind k in a trick led in effective suit
# ``led`` (-1 if k neither follows nor trumps), and a card of strength p takes the trick from the
# best so far, b, if ``p > b or p == dp == b`` (``dp``: the Dulle's power if the second Dulle
# wins, else -2, which no card has). The objective is Augen only (TSR 2.2.2): Sonderpunkte
# (Doppelkopf, Fuchs, Karlchen, TSR 7.2.3), Ansagen and the score are not part of the search.

#: The bits of the first and the second card of kind k in a hand: a card is taken out of hand h
#: by ``h ^ _BIT2[k] if h & _BIT2[k] else h ^ _BIT1[k]`` (the second if there are two).
_BIT1 = tuple(1 << k for k in range(24))
_BIT2 = tuple(1 << (k + 24) for k in range(24))

#: A hand of one or two cards (its kind set) -> (the cards it may play first, the card each
#: leaves): ((x,), (x,)) or ((x, y), (y, x)).
_SPLIT: dict[int, tuple[tuple[int, ...], tuple[int, ...]]] = {
    **{1 << x: ((x,), (x,)) for x in range(24)},
    **{1 << x | 1 << y: ((x, y), (y, x)) for x in range(24) for y in range(x)},
}
#: The cards a seat holding two, (x, y), may play into a trick, by 2 * (x follows) + (y follows):
#: the one that follows suit if only one does (TSR 5.2.2), else either.
_CHOICES = ((0, 1), (1,), (0,), (0, 1))
#: A position at a trick boundary: the four hands and the seat to lead.
_Key = tuple[int, int, int, int, int]


class _Abort(Exception):
    """The node or time limit ran out (raised inside the search, caught by the solver)."""


@dataclass(frozen=True)
class _Shared:
    """The state the search closures of one :class:`Solver` share.

    ``hands``: the four hands as bit sets (bit k: one card of kind k, bit k + 24: the second); a
    function that tries a card takes it out of its hand in place and puts it back before it
    returns. ``counter``: [nodes so far, node limit or 0]; ``deadline``: [the
    ``time.perf_counter()`` limit or 0.0]. ``tt``: bounds on Re's Augen from a trick boundary on,
    packed ``lo | hi << 9 | (best lead + 1) << 18``; ``tt2``: Re's exact Augen in the last two
    tricks; both keyed by :data:`_Key` and emptied when together larger than ``table_size``.
    ``dp``: the Dulle's power if a second Dulle beats the first (house rules 1 and 2), else -2;
    ``last_exempt``: house rule 2 (the first Dulle wins the last trick all the same).
    """

    tab: _Tables
    follow: tuple[int, ...]
    is_re: tuple[bool, ...]
    dp: int
    last_exempt: bool
    hands: list[int]
    counter: list[int]
    deadline: list[float]
    tt: dict[_Key, int]
    tt2: dict[_Key, int]
    table_size: int


def _merger(tab: _Tables) -> Callable[[int, int], int]:
    """Move generation: ``merged(legal, others)``, the kind set ``legal`` of one hand without the
    cards equivalent in sequence to a kept one (see the module docstring)."""
    eq_up, mergeable, between = tab.eq_up, tab.mergeable, tab.between

    def merged(legal: int, others: int) -> int:
        """``legal`` without each card k whose nearest equal-Augen card j above it in ``legal``
        has no card of ``others`` (every kind another hand held at the start of the trick)
        ranked between them, both included: j is kept and k dropped."""
        cand = legal & mergeable
        while cand:
            low = cand & -cand
            cand ^= low
            k = low.bit_length() - 1
            for j in eq_up[k]:
                if legal >> j & 1:
                    if not others & between[j * 24 + k]:
                        legal ^= low
                    break
        return legal

    return merged


def _end_games(sh: _Shared) -> tuple[Callable[[int], int], Callable[[int], int]]:
    """The exact end-game evaluators ``(last_trick, two_tricks)``: Re's Augen in the last trick
    and in the last two tricks, given the leader (the cards are in ``sh.hands``)."""
    eff, strength, eyes = sh.tab.eff, sh.tab.strength, EYES
    follow, is_re, hands, counter, dp = sh.follow, sh.is_re, sh.hands, sh.counter, sh.dp
    dp_last = -2 if sh.last_exempt else dp  # the Dulle in the last trick

    def last_trick(leader: int) -> int:
        """Re's Augen in the last trick (every hand holds one card), won by TSR 5.3.3 or the
        Dulle house rule in force for the last trick."""
        k = (hands[leader] & KM).bit_length() - 1
        st = strength[eff[k]]
        best, win, total = st[k], leader, eyes[k]
        for i in (1, 2, 3):
            s = (leader + i) & 3
            k = (hands[s] & KM).bit_length() - 1
            total += eyes[k]
            p = st[k]
            if p > best or p == dp_last == best:
                best, win = p, s
        return total if is_re[win] else 0

    def two_tricks(leader: int) -> int:
        """Re's Augen in the last two tricks (every hand holds two cards) by exact minimax: each
        seat in turn chooses which of its cards to play into the first trick (first_of_two for
        the leader's choices); the others make the last trick, led by the winner of the first.
        One node."""
        counter[0] += 1
        s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
        c0, d0 = _SPLIT[hands[leader] & KM]
        seats = (_SPLIT[hands[s1] & KM], _SPLIT[hands[s2] & KM], _SPLIT[hands[s3] & KM])
        res = (is_re[leader], is_re[s1], is_re[s2], is_re[s3])
        r0 = res[0]
        g = -1 if r0 else _INF
        for i0 in range(len(c0)):
            v = first_of_two(res, seats, c0[i0], d0[i0])
            if (v > g) if r0 else (v < g):
                g = v
        return g

    def first_of_two(
        res: tuple[bool, ...], seats: tuple[tuple[tuple[int, ...], tuple[int, ...]], ...],
        x0: int, y0: int,
    ) -> int:
        """two_tricks after the leader led ``x0`` (keeping ``y0``; ``seats``: the other seats'
        :data:`_SPLIT`): their choices, following suit if they can (TSR 5.2.2,
        :data:`_CHOICES`), and for each first trick the last one, led by its winner (TSR 5.3.3
        and the Dulle rule of each trick)."""
        (c1, d1), (c2, d2), (c3, d3) = seats
        _, r1, r2, r3 = res
        led = eff[x0]
        st, fm = strength[led], follow[led]
        b0 = st[x0]
        o1 = _CHOICES[(fm >> c1[0] & 1) << 1 | fm >> c1[1] & 1] if len(c1) > 1 else (0,)
        o2 = _CHOICES[(fm >> c2[0] & 1) << 1 | fm >> c2[1] & 1] if len(c2) > 1 else (0,)
        o3 = _CHOICES[(fm >> c3[0] & 1) << 1 | fm >> c3[1] & 1] if len(c3) > 1 else (0,)
        g1 = -1 if r1 else _INF
        for i1 in o1:
            x1, y1 = c1[i1], d1[i1]
            p = st[x1]
            b1, w1 = (p, 1) if p > b0 or p == dp == b0 else (b0, 0)
            g2 = -1 if r2 else _INF
            for i2 in o2:
                x2, y2 = c2[i2], d2[i2]
                p = st[x2]
                b2, w2 = (p, 2) if p > b1 or p == dp == b1 else (b1, w1)
                te = eyes[x0] + eyes[x1] + eyes[x2]
                last_eyes = eyes[y0] + eyes[y1] + eyes[y2]
                g3 = -1 if r3 else _INF
                for i3 in o3:
                    x3, y3 = c3[i3], d3[i3]
                    p = st[x3]
                    w = 3 if p > b2 or p == dp == b2 else w2
                    v = te + eyes[x3] if res[w] else 0
                    # the last trick, led by the winner w
                    ys = (y0, y1, y2, y3)
                    lk = ys[w]
                    st2 = strength[eff[lk]]
                    bb, win = st2[lk], w
                    q = (w + 1) & 3
                    p = st2[ys[q]]
                    if p > bb or p == dp_last == bb:
                        bb, win = p, q
                    q = (w + 2) & 3
                    p = st2[ys[q]]
                    if p > bb or p == dp_last == bb:
                        bb, win = p, q
                    q = (w + 3) & 3
                    p = st2[ys[q]]
                    if p > bb or p == dp_last == bb:
                        win = q
                    if res[win]:
                        v += last_eyes + eyes[y3]
                    if (v > g3) if r3 else (v < g3):
                        g3 = v
                if (g3 > g2) if r2 else (g3 < g2):
                    g2 = g3
            if (g2 > g1) if r1 else (g2 < g1):
                g1 = g2
        return g1

    return last_trick, two_tricks


def _trick_search(
    sh: _Shared, merged: Callable[[int, int], int], last_trick: Callable[[int], int],
    two_tricks: Callable[[int], int],
) -> Callable[[int, int, int, int, int], int]:
    """The search from a trick boundary: ``lead(leader, left, rem, alpha, beta)``.

    Fail-soft alpha-beta; Re maximises its Augen, Kontra minimises them. One node is one whole
    trick: ``lead`` handles the bounds and the transposition table, and ``first_cards`` to
    ``fourth_cards`` each try the cards of one seat of the trick, with their own window.
    Before the last card of a trick the positions it leads to are looked up first (enhanced
    transposition cutoff). Every function returns Re's Augen from its position on.
    """
    tab, follow, is_re, dp = sh.tab, sh.follow, sh.is_re, sh.dp
    eff, strength, power, by_power, mergeable = (
        tab.eff, tab.strength, tab.power, tab.by_power, tab.mergeable)
    eyes = EYES
    hands, counter, deadline = sh.hands, sh.counter, sh.deadline
    tt, tt2, table_size = sh.tt, sh.tt2, sh.table_size

    # ---------------------------------------------------------------- nodes, bounds, table

    def lead(leader: int, left: int, rem: int, alpha: int, beta: int) -> int:
        """Re's Augen from a trick boundary on, fail-soft in the window (``alpha``, ``beta``):
        ``leader`` leads, ``left`` tricks and ``rem`` Augen are left in the hands.

        The last two tricks are exact (end_game). Else: "Augen still needed" (Re cannot miss,
        or cannot reach, the window with ``rem``), the stored bounds, which may answer or
        narrow the window; then one node: the trick is searched (first_cards) and what the
        result proves is stored (store_bound).
        """
        if left <= 2:
            return end_game(leader, left)
        if alpha >= rem:
            return rem
        if beta <= 0:
            return 0
        key = (hands[0], hands[1], hands[2], hands[3], leader)
        e = tt.get(key)
        if e is None:
            lo, hi, bm = 0, rem, -1
            a0 = alpha if alpha > 0 else 0
            b0 = beta if beta < rem else rem
        else:
            lo, hi, bm = e & 511, e >> 9 & 511, (e >> 18) - 1
            if lo >= beta:
                return lo
            if hi <= alpha:
                return hi
            a0 = alpha if alpha > lo else lo
            b0 = beta if beta < hi else hi
        counter[0] += 1
        if counter[1] or deadline[0]:
            check_limits()
        if not counter[0] & 8191 and len(tt) + len(tt2) > table_size:
            tt.clear()  # a cache only: bounded memory for long searches
            tt2.clear()
        g, best = first_cards(leader, left - 1, rem, a0, b0, bm)
        store_bound(key, g, a0, b0, lo, hi, best)
        return g

    def end_game(leader: int, left: int) -> int:
        """Re's Augen in the last ``left`` (0 to 2) tricks: the last trick directly, two tricks
        from tt2 or solved exactly (two_tricks)."""
        if left == 1:
            return last_trick(leader)
        if not left:
            return 0
        key2 = (hands[0], hands[1], hands[2], hands[3], leader)
        v2 = tt2.get(key2)
        if v2 is None:
            v2 = tt2[key2] = two_tricks(leader)
        return v2

    def store_bound(key: _Key, g: int, a0: int, b0: int, lo: int, hi: int, best: int) -> None:
        """Store what the fail-soft result ``g`` of a search in (``a0``, ``b0``) proves about
        the position ``key``, within the bounds ``lo``..``hi`` known before: at most g if
        g <= a0, at least g if g >= b0, else exactly g; and its best lead, for move ordering."""
        if g <= a0:
            if g < hi:
                hi = g
        elif g >= b0:
            if g > lo:
                lo = g
        else:
            lo = hi = g
        tt[key] = lo | hi << 9 | (best + 1) << 18

    def check_limits() -> None:
        """Raise :class:`_Abort` once the node limit or the deadline is reached."""
        if counter[1] and counter[0] >= counter[1]:
            raise _Abort
        if deadline[0] and time.perf_counter() > deadline[0]:
            raise _Abort

    # ---------------------------------------------------------------- the four cards of a trick

    def first_cards(s0: int, nleft: int, rem: int, a: int, b: int, bm: int) -> tuple[int, int]:
        """Re's Augen (fail-soft in (``a``, ``b``)) and the best lead of the trick seat ``s0``
        leads, ``nleft`` tricks being left after it. Each hand's cards equivalent in sequence
        are merged once for the whole trick (a legal set is a whole effective suit or the whole
        hand); the leads are tried in lead_order."""
        s1, s2, s3 = (s0 + 1) & 3, (s0 + 2) & 3, (s0 + 3) & 3
        h0 = hands[s0]
        k0s, k1s, k2s, k3s = h0 & KM, hands[s1] & KM, hands[s2] & KM, hands[s3] & KM
        if (k0s | k1s | k2s | k3s) & mergeable:
            m = merged(k0s, k1s | k2s | k3s) if k0s & mergeable else k0s
            u1 = merged(k1s, k0s | k2s | k3s) if k1s & mergeable else k1s
            u2 = merged(k2s, k0s | k1s | k3s) if k2s & mergeable else k2s
            u3 = merged(k3s, k0s | k1s | k2s) if k3s & mergeable else k3s
        else:
            m, u1, u2, u3 = k0s, k1s, k2s, k3s
        ms0 = lead_order(m, bm)
        r0 = is_re[s0]
        g = -_INF if r0 else _INF
        best = ms0[0]
        for k0 in ms0:
            hands[s0] = h0 ^ _BIT2[k0] if h0 & _BIT2[k0] else h0 ^ _BIT1[k0]
            v = second_cards(s0, k0, u1, u2, u3, nleft, rem, a, b)
            if r0:
                if v > g:
                    g, best = v, k0
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g, best = v, k0
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s0] = h0
        return g, best

    def second_cards(
        s0: int, k0: int, u1: int, u2: int, u3: int, nleft: int, rem: int, a: int, b: int
    ) -> int:
        """Re's Augen after seat ``s0`` led ``k0``: the second seat's answers from its merged
        kinds ``u1``, following suit if it can (TSR 5.2.2), tried in order_second. The later
        seats' legal cards depend on the lead only and are found here once."""
        s1 = (s0 + 1) & 3
        led = eff[k0]
        st, fm = strength[led], follow[led]
        bp0, te0 = st[k0], eyes[k0]
        m = u1 & fm or u1
        ms1: Sequence[int] = KL[m & 4095] + KH[m >> 12]
        if len(ms1) > 1:
            ms1 = order_second(ms1, st, bp0, te0, is_re[s0] == is_re[s1])
        m = u2 & fm or u2
        ms2 = KL[m & 4095] + KH[m >> 12]
        m = u3 & fm or u3
        ms3 = KL[m & 4095] + KH[m >> 12]
        x3 = response(hands[(s0 + 3) & 3] & KM, led) if len(ms2) > 1 else -9
        h1 = hands[s1]
        r1 = is_re[s1]
        g = -_INF if r1 else _INF
        for k1 in ms1:
            hands[s1] = h1 ^ _BIT2[k1] if h1 & _BIT2[k1] else h1 ^ _BIT1[k1]
            p = st[k1]
            bp1, w1 = (p, s1) if p > bp0 or p == dp == bp0 else (bp0, s0)
            v = third_cards((s0 + 2) & 3, ms2, ms3, st, x3, bp1, w1, te0 + eyes[k1], nleft,
                            rem, a, b)
            if r1:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s1] = h1
        return g

    def third_cards(
        s2: int, ms2: Sequence[int], ms3: Sequence[int], st: tuple[int, ...], x3: int,
        bp1: int, w1: int, te1: int, nleft: int, rem: int, a: int, b: int,
    ) -> int:
        """Re's Augen after two cards of a trick (the better of strength ``bp1``, played by
        seat ``w1``; ``te1`` Augen): the third seat's legal cards ``ms2``, tried in order_third
        (``x3``: the fourth seat's best answer to the lead, see response), each answered by the
        fourth seat's legal cards ``ms3`` (fourth_cards, or fourth_cards_end when two tricks are
        left after this one)."""
        s3 = (s2 + 1) & 3
        h2, h3 = hands[s2], hands[s3]
        r2 = is_re[s2]
        if len(ms2) > 1:
            ms2 = order_third(ms2, st, bp1, te1, is_re[w1] == r2, r2 == is_re[s3], x3)
        g = -_INF if r2 else _INF
        for k2 in ms2:
            hands[s2] = h2 ^ _BIT2[k2] if h2 & _BIT2[k2] else h2 ^ _BIT1[k2]
            p = st[k2]
            bp2, w2 = (p, s2) if p > bp1 or p == dp == bp1 else (bp1, w1)
            te2 = te1 + eyes[k2]
            if nleft == 2:
                v = fourth_cards_end(s3, ms3, st, bp2, w2, te2, a, b)
            elif len(ms3) > 1:
                v = fourth_cards(s3, ms3, st, bp2, w2, te2, nleft, rem - te2, a, b)
            else:  # a single card: the trick is decided, the winner leads
                k = ms3[0]
                p = st[k]
                w = s3 if p > bp2 or p == dp == bp2 else w2
                tv = te2 + eyes[k] if is_re[w] else 0
                hands[s3] = h3 ^ _BIT2[k] if h3 & _BIT2[k] else h3 ^ _BIT1[k]
                v = tv + lead(w, nleft, rem - te2 - eyes[k], a - tv, b - tv)
                hands[s3] = h3
            if r2:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s2] = h2
        return g

    def fourth_cards(
        s3: int, ms3: Sequence[int], st: tuple[int, ...], bp2: int, w2: int, te2: int,
        nleft: int, rem: int, a: int, b: int,
    ) -> int:
        """Re's Augen after three cards of a trick (the best of strength ``bp2``, played by seat
        ``w2``; ``te2`` Augen; ``rem`` Augen left in the hands): the fourth seat's legal cards
        ``ms3`` decide the trick, whose winner leads the next (lead). With several cards a
        child whose stored bound already cuts ends the search here (enhanced transposition
        cutoff); the others are tried by the Augen the trick brings the seat's party."""
        h3 = hands[s3]
        r3 = is_re[s3]
        scored = []
        for k in ms3:
            p = st[k]
            w = s3 if p > bp2 or p == dp == bp2 else w2
            x = te2 + eyes[k]
            tv = x if is_re[w] else 0
            hands[s3] = h3 ^ _BIT2[k] if h3 & _BIT2[k] else h3 ^ _BIT1[k]
            e = tt.get((hands[0], hands[1], hands[2], hands[3], w))
            if e is not None:
                v = tv + (e & 511 if r3 else e >> 9 & 511)
                if v >= b if r3 else v <= a:
                    hands[s3] = h3
                    return v
            scored.append(((x if is_re[w] == r3 else -x) * 64 - p, k, w, tv))
        scored.sort(reverse=True)
        g = -_INF if r3 else _INF
        for _, k, w, tv in scored:
            hands[s3] = h3 ^ _BIT2[k] if h3 & _BIT2[k] else h3 ^ _BIT1[k]
            v = tv + lead(w, nleft, rem - eyes[k], a - tv, b - tv)
            if r3:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s3] = h3
        return g

    def fourth_cards_end(
        s3: int, ms3: Sequence[int], st: tuple[int, ...], bp2: int, w2: int, te2: int, a: int,
        b: int,
    ) -> int:
        """fourth_cards when two tricks are left after this one: every child is a two-trick end
        game. The ones already in tt2 come first (a cut among them ends the search); the
        others are solved exactly (two_tricks) and stored, tried by the Augen the trick brings
        the seat's party."""
        h3 = hands[s3]
        r3 = is_re[s3]
        g = -_INF if r3 else _INF
        pending = []
        for k in ms3:
            p = st[k]
            w = s3 if p > bp2 or p == dp == bp2 else w2
            x = te2 + eyes[k]
            tv = x if is_re[w] else 0
            nh = h3 ^ _BIT2[k] if h3 & _BIT2[k] else h3 ^ _BIT1[k]
            hands[s3] = nh
            ck = (hands[0], hands[1], hands[2], hands[3], w)
            v = tt2.get(ck)
            if v is None:
                pending.append(((x if is_re[w] == r3 else -x) * 64 - p, nh, w, tv, ck))
                continue
            v += tv
            if r3:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        hands[s3] = h3
                        return g
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        hands[s3] = h3
                        return g
        if len(pending) > 1:
            pending.sort(reverse=True)
        for _, nh, w, tv, ck in pending:
            hands[s3] = nh
            v = tt2[ck] = two_tricks(w)
            v += tv
            if r3:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[s3] = h3
        return g

    # ---------------------------------------------------------------- move ordering

    def lead_key(k: int) -> int:
        """Sort key of a lead: trumps first, then plain cards, each high to low."""
        return -power[k] if eff[k] == TRUMP else -power[k] - 50

    def lead_order(m: int, bm: int) -> list[int]:
        """The leads of the kind set ``m`` in the order they are tried: the best lead ``bm``
        remembered in the table (-1: none) first, then trumps, then plain cards, each high to
        low."""
        ms = list(KL[m & 4095] + KH[m >> 12])
        if len(ms) > 1:
            ms.sort(key=lead_key)
            if bm >= 0 and m >> bm & 1:
                ms.remove(bm)
                ms.insert(0, bm)
        return ms

    def order_second(
        ms: Sequence[int], st: tuple[int, ...], bp0: int, te0: int, mine: bool
    ) -> list[int]:
        """The second seat's cards ``ms`` best first, as if the trick ended after them: a card
        that beats the lead (strength ``bp0``, ``te0`` Augen) by the Augen it makes the trick
        worth, the cheaper winner first; if the leader is a partner (``mine``) the fattest
        card; else the card that gives the least."""
        sc = []
        for k in ms:
            p = st[k]
            if p > bp0 or p == dp == bp0:
                sc.append(((te0 + eyes[k]) * 64 - p, k))
            elif mine:
                sc.append(((te0 + eyes[k]) * 64, k))
            else:
                sc.append((-eyes[k] * 64 - p, k))
        sc.sort(reverse=True)
        return [k for _, k in sc]

    def order_third(
        ms: Sequence[int], st: tuple[int, ...], bp1: int, te1: int, mine: bool,
        partner_last: bool, x3: int,
    ) -> list[int]:
        """The third seat's cards ``ms`` best first: a card after which its party is likely to
        keep the trick -- it wins so far (or a partner does, ``mine``) and the fourth seat's
        best answer ``x3`` does not beat it, or the fourth seat is the partner
        (``partner_last``) and can -- by the Augen it makes the trick worth, the cheaper card
        first; else the card that gives the least."""
        sc = []
        for k in ms:
            p = st[k]
            if p > bp1 or p == dp == bp1:
                bpn, ours = p, True
            else:
                bpn, ours = bp1, mine
            if partner_last:
                ours = ours or x3 > bpn
            elif ours:
                ours = bpn > x3 or (bpn == x3 and x3 != dp)
            if ours:
                sc.append((10000 + (te1 + eyes[k]) * 64 - p, k))
            else:
                sc.append((-eyes[k] * 64 - p, k))
        sc.sort(reverse=True)
        return [k for _, k in sc]

    def top(m: int, su: int) -> int:
        """The power of the highest card of effective suit ``su`` in the kind set ``m``, or
        -1."""
        for k in by_power[su]:
            if m >> k & 1:
                return power[k]
        return -1

    def response(m: int, su: int) -> int:
        """The strength of the best card the kind set ``m`` can play into a lead of effective
        suit ``su``: its highest card of the suit, else its highest trump, else -1."""
        if m & follow[su]:
            return top(m, su)
        if su != TRUMP and m & follow[TRUMP]:
            return top(m, TRUMP)
        return -1

    return lead


def _follow_search(
    sh: _Shared, merged: Callable[[int, int], int], lead: Callable[[int, int, int, int, int], int],
) -> Callable[..., int]:
    """The search from inside a trick (a position solved mid-trick): ``follow_card``. Slower
    than the whole-trick search of :func:`_trick_search` (one call and one node per card), it
    only finishes the trick the search starts in."""
    tab, follow, is_re, dp, last_exempt = sh.tab, sh.follow, sh.is_re, sh.dp, sh.last_exempt
    strength, mergeable, eyes = tab.strength, tab.mergeable, EYES
    hands, counter, tt, tt2 = sh.hands, sh.counter, sh.tt, sh.tt2

    def follow_card(
        leader: int, left: int, rem: int, pos: int, led: int, best_p: int, win: int,
        teyes: int, tmask: int, seat: int, alpha: int, beta: int,
    ) -> int:
        """Re's Augen (fail-soft in (``alpha``, ``beta``)) from the card of ``seat`` at position
        ``pos`` (1 to 3) of the trick ``leader`` led in effective suit ``led``. The cards so
        far are the kinds ``tmask``, worth ``teyes``, the best of strength ``best_p`` played by
        ``win``; ``left`` tricks are left, this one included, and ``rem`` Augen in the hands
        and the trick. One node."""
        counter[0] += 1
        h = hands[seat]
        legal = h & KM
        f = legal & follow[led]
        if f:
            legal = f
        legal = moves_of(seat, legal, tmask)
        st = strength[led]
        maxi = is_re[seat]
        dpt = -2 if last_exempt and left == 1 else dp  # the Dulle rule for this trick
        ms = order_follow(legal, st, best_p, is_re[win] == maxi, teyes, dpt)
        if pos == 3:
            return last_card(seat, h, ms, st, best_p, win, teyes, left, rem - teyes, dpt,
                             alpha, beta)
        g = -_INF if maxi else _INF
        a, b = alpha, beta
        nxt = (seat + 1) & 3
        for k in ms:
            p = st[k]
            bp, w = (p, seat) if p > best_p or p == dpt == best_p else (best_p, win)
            hands[seat] = h ^ _BIT2[k] if h & _BIT2[k] else h ^ _BIT1[k]
            v = follow_card(leader, left, rem, pos + 1, led, bp, w, teyes + eyes[k],
                            tmask | 1 << k, nxt, a, b)
            if maxi:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[seat] = h
        return g

    def last_card(
        seat: int, h: int, ms: list[int], st: tuple[int, ...], best_p: int, win: int,
        teyes: int, left: int, nrem: int, dpt: int, a: int, b: int,
    ) -> int:
        """follow_card for the card that completes the trick (``nrem``: the Augen in the hands
        but not in the trick): the positions the cards lead to are looked up first (known_cut),
        then searched from the next trick's lead."""
        maxi = is_re[seat]
        if len(ms) > 1:
            v = known_cut(seat, h, ms, st, best_p, win, teyes, left, dpt, a, b)
            if v is not None:
                return v
        g = -_INF if maxi else _INF
        for k in ms:
            p = st[k]
            w = seat if p > best_p or p == dpt == best_p else win
            tv = teyes + eyes[k] if is_re[w] else 0
            hands[seat] = h ^ _BIT2[k] if h & _BIT2[k] else h ^ _BIT1[k]
            v = tv + lead(w, left - 1, nrem - eyes[k], a - tv, b - tv)
            if maxi:
                if v > g:
                    g = v
                if v > a:
                    a = v
                    if a >= b:
                        break
            else:
                if v < g:
                    g = v
                if v < b:
                    b = v
                    if a >= b:
                        break
        hands[seat] = h
        return g

    def known_cut(
        seat: int, h: int, ms: list[int], st: tuple[int, ...], best_p: int, win: int,
        teyes: int, left: int, dpt: int, a: int, b: int,
    ) -> int | None:
        """Enhanced transposition cutoff before the last card of a trick: the value of the
        first card whose position after the trick is known (tt2 with two tricks left, else a
        bound in tt) to cut the window (``a``, ``b``), or None."""
        maxi = is_re[seat]
        for k in ms:
            p = st[k]
            w = seat if p > best_p or p == dpt == best_p else win
            tv = teyes + eyes[k] if is_re[w] else 0
            hands[seat] = h ^ _BIT2[k] if h & _BIT2[k] else h ^ _BIT1[k]
            ck = (hands[0], hands[1], hands[2], hands[3], w)
            if left == 3:
                v = tt2.get(ck)
                if v is None:
                    continue
                v += tv
            else:
                e = tt.get(ck)
                if e is None:
                    continue
                v = tv + (e & 511 if maxi else e >> 9 & 511)
            if v >= b if maxi else v <= a:
                hands[seat] = h
                return v
        hands[seat] = h
        return None

    def moves_of(seat: int, legal: int, tmask: int) -> int:
        """``legal`` without the cards equivalent in sequence to a kept one, the cards of the
        unfinished trick ``tmask`` counting as held by others."""
        if not legal & mergeable:
            return legal
        others = (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) \
            & KM | tmask
        return merged(legal, others)

    def order_follow(
        legal: int, st: tuple[int, ...], best_p: int, mine: bool, teyes: int, dpt: int
    ) -> list[int]:
        """The kinds of ``legal`` best first, as if the trick ended after the card: a card that
        wins the trick so far, or any if a partner is winning it (``mine``), by the Augen it
        makes the trick worth (the cheaper winner first); else the card that gives the
        least."""
        ms = []
        while legal:
            low = legal & -legal
            legal ^= low
            ms.append(low.bit_length() - 1)
        if len(ms) < 2:
            return ms
        scored = []
        for k in ms:
            p = st[k]
            wins = p > best_p or p == dpt == best_p
            if wins or mine:
                scored.append(((teyes + eyes[k]) * 64 - (p if wins else 0), k))
            else:
                scored.append((-eyes[k] * 64 - p, k))
        scored.sort(reverse=True)
        return [k for _, k in scored]

    return follow_card


class Solver:
    """A double-dummy search for one game's card order, parties and Dulle rule.

    The parties (``is_re``) are fixed when the solver is made: in a Hochzeit make a new one
    after the Klärungsstich. ``table_size`` caps the transposition tables (entries; they are
    emptied when full, about 200 bytes an entry): the last 6 tricks need a few thousand entries,
    8 tricks up to about a million; solving 9 or more tricks exactly takes minutes or more.

    The transposition table is kept between calls, so solving several positions of the same
    game (the moves of one seat, a principal variation) reuses earlier work. ``max_nodes`` and
    ``time_limit`` (seconds) bound each call; when one runs out :class:`SearchLimitExceeded` is
    raised. By default the search is exact and unbounded.

    :class:`doko.solver.native.NativeSolver` is the same search in the native core, with this
    interface; :func:`solver_for` makes either.
    """

    backend = "python"

    def __init__(
        self,
        order: CardOrder,
        is_re: Sequence[bool],
        dulle_rule: int = 0,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        table_size: int = 2_000_000,
    ) -> None:
        self.order = order
        self.table_size = table_size
        self.is_re = tuple(bool(x) for x in is_re)
        self.dulle_rule = dulle_rule
        self.max_nodes = max_nodes
        self.time_limit = time_limit
        self.tt: dict[tuple[int, int, int, int, int], int] = {}
        self._build()

    @classmethod
    def for_game(
        cls, game: Game, *, max_nodes: int | None = None, time_limit: float | None = None,
        table_size: int = 2_000_000,
    ) -> Solver:
        """A solver for ``game``'s card order, parties (as they are now) and Dulle rule."""
        return cls(game.order, game.is_re, game.dulle_rule, max_nodes=max_nodes,
                   time_limit=time_limit, table_size=table_size)

    # ------------------------------------------------------------------ the search

    def _build(self) -> None:
        """Make the search (see :func:`_trick_search`) and the state it keeps between calls."""
        order = self.order
        dulle = order.dulle if self.dulle_rule else -1
        tab = _tables(order, dulle)
        sh = _Shared(
            tab=tab, follow=order.follow, is_re=self.is_re,
            dp=tab.power[dulle] if dulle >= 0 else -2, last_exempt=self.dulle_rule == 2,
            hands=[0, 0, 0, 0], counter=[0, 0], deadline=[0.0], tt=self.tt, tt2={},
            table_size=self.table_size,
        )
        self._hands = sh.hands
        self._counter = sh.counter
        self._deadline = sh.deadline
        merged = _merger(tab)
        last_trick, two_tricks = _end_games(sh)
        self._lead = _trick_search(sh, merged, last_trick, two_tricks)
        self._follow = _follow_search(sh, merged, self._lead)
        self._strength = tab.strength
        self._dulle_power = sh.dp
        self._last_exempt = sh.last_exempt

    # ------------------------------------------------------------------ positions

    def _value(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], alpha: int, beta: int
    ) -> int:
        """Re's Augen from this position on (the unfinished trick included), fail-soft."""
        hs = self._hands
        for i in range(4):
            hs[i] = hands[i]
        rem = sum(_hand_eyes(h) for h in hands)
        n = len(trick)
        left = hands[leader].bit_count() + (1 if n else 0)
        if n == 0:
            if left == 0:
                return 0
            return self._lead(leader, left, rem, alpha, beta)
        led = self.order.eff_suit[trick[0]]
        st = self._strength[led]
        best_p, win, teyes, tmask = st[trick[0]], leader, EYES[trick[0]], 1 << trick[0]
        for i in range(1, n):
            k = trick[i]
            p = st[k]
            if p > best_p or (p == self._dulle_power and best_p == p
                              and not (self._last_exempt and left == 1)):
                best_p, win = p, (leader + i) & 3
            teyes += EYES[k]
            tmask |= 1 << k
        rem += teyes
        return int(self._follow(leader, left, rem, n, led, best_p, win, teyes, tmask,
                                (leader + n) & 3, alpha, beta))

    def future_value(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
        guess: int | None = None,
    ) -> int:
        """Re's Augen from now on (the cards of the unfinished ``trick`` included), exact.

        ``hands`` are the four hands (bit sets) now, ``leader`` the seat that leads or led
        ``trick`` (the kinds played so far, in order). MTD(f): null-window searches that close
        in on the value, starting from ``guess`` if given. The node and time limits, if any,
        apply to this call; :class:`SearchLimitExceeded` bounds the value from now on.
        """
        self.start_budget()
        return self._future(hands, leader, trick, guess)

    def _future(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], guess: int | None
    ) -> int:
        rem = sum(_hand_eyes(h) for h in hands) + sum(EYES[k] for k in trick)
        lo, hi = 0, rem
        g = rem // 2 if guess is None else min(max(guess, 0), rem)
        try:
            while lo < hi:
                beta = g + 1 if g == lo else g
                g = self._value(hands, leader, trick, beta - 1, beta)
                if g < beta:
                    hi = g
                else:
                    lo = g
        except _Abort:
            raise SearchLimitExceeded(lo, hi) from None
        return lo

    def at_least(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], target: int
    ) -> bool:
        """True if Re takes at least ``target`` Augen from now on (the unfinished ``trick``
        included): one null-window search, cheaper than the exact value. The budget is the one
        :meth:`start_budget` began; when it runs out, :class:`SearchLimitExceeded` carries the
        bounds 0 and all Augen in play."""
        try:
            return self._value(hands, leader, trick, target - 1, target) >= target
        except _Abort:
            rem = sum(_hand_eyes(h) for h in hands) + sum(EYES[k] for k in trick)
            raise SearchLimitExceeded(0, rem) from None

    def start_budget(self) -> None:
        """Start the node and time budget (``max_nodes``, ``time_limit``) that the following
        :meth:`at_least` calls share."""
        c = self._counter
        c[1] = c[0] + self.max_nodes if self.max_nodes else 0
        self._deadline[0] = time.perf_counter() + self.time_limit if self.time_limit else 0.0

    @property
    def node_count(self) -> int:
        """Search nodes so far: positions expanded at trick boundaries (each a whole trick of
        card plays), two-trick end games solved, and cards at the root of a started trick."""
        return self._counter[0]


# ---------------------------------------------------------------------- game-level API

#: A solver of either backend: the Python reference or the native core.
AnySolver = Solver | NativeSolver


def solver_for(
    game: Game, *, backend: str | None = "python", max_nodes: int | None = None,
    time_limit: float | None = None,
) -> AnySolver:
    """A solver for ``game`` (card order, parties as they are now, Dulle rule) in ``backend``:
    ``"python"``, ``"native"``, ``"auto"`` (native when it is built), or None (the
    ``DOKO_BACKEND`` environment variable, else auto; see :func:`doko.engine.backend.resolve`).
    Asking for native where it is not built raises
    :class:`doko.engine.backend.BackendError`."""
    if resolve(backend) == "native":
        return NativeSolver.for_game(game, max_nodes=max_nodes, time_limit=time_limit)
    return Solver.for_game(game, max_nodes=max_nodes, time_limit=time_limit)


#: A position for the game-level functions: hands, leader, unfinished trick, and Re's Augen
#: from a trick completed on the way there.
_Pos = tuple[list[int], int, list[int], int]


def _check(game: Game) -> None:
    if game.phase != PLAY:
        raise ValueError("the solver needs a game in the play phase (all hands known)")


def _legal_kinds(game: Game) -> list[int]:
    return [CODE_OF[a] for a in game.legal_plays()]


def _play(
    sv: AnySolver, hands: Sequence[int], leader: int, trick: Sequence[int], k: int
) -> _Pos:
    """The position after the seat on turn plays ``k``; a trick it completes is resolved
    (TSR 5.3.3 and the Dulle rule, :func:`doko.engine.contracts.trick_winner`)."""
    seat = (leader + len(trick)) & 3
    nh = list(hands)
    h = nh[seat]
    nh[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
    nt = [*trick, k]
    if len(nt) < 4:
        return nh, leader, nt, 0
    win = (leader + trick_winner(sv.order, nt, sv.dulle_rule, last_trick=not any(nh))) & 3
    tv = sum(EYES[c] for c in nt) if sv.is_re[win] else 0
    return nh, win, [], tv


def _pos_value(sv: AnySolver, pos: _Pos, guess: int | None = None) -> int:
    """Re's Augen from a position on, the completed trick that led there included."""
    hands, leader, trick, tv = pos
    if not trick and not any(hands):
        return tv
    return tv + sv._future(hands, leader, trick, None if guess is None else guess - tv)


def _pos_keeps(sv: AnySolver, pos: _Pos, value: int, maxi: bool) -> bool:
    """True if the position is worth ``value`` to the side that just moved (Re: at least it,
    Kontra: at most it), given that ``value`` is the best that side can reach."""
    hands, leader, trick, tv = pos
    if not trick and not any(hands):
        return tv >= value if maxi else tv <= value
    if maxi:
        return sv.at_least(hands, leader, trick, value - tv)
    return not sv.at_least(hands, leader, trick, value - tv + 1)


def _so_far(game: Game) -> int:
    """Re's Augen already won."""
    return sum(game.eyes[s] for s in range(4) if game.is_re[s])


def solve_moves(
    game: Game,
    *,
    solver: AnySolver | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    backend: str | None = "python",
) -> dict[int, int]:
    """For each legal card (kind) of the seat on turn: Re's final Augen after playing it, with
    best play by both parties from then on (Augen already won included).

    ``max_nodes`` / ``time_limit`` (of a new solver, or the given ``solver``'s own) bound the
    whole call; :class:`SearchLimitExceeded` then bounds the value of the card being solved.
    Without ``solver`` a new one is made in ``backend`` (see :func:`solver_for`).
    """
    _check(game)
    sv = solver or solver_for(game, backend=backend, max_nodes=max_nodes,
                              time_limit=time_limit)
    sv.start_budget()
    done = _so_far(game)
    out: dict[int, int] = {}
    guess: int | None = None
    for k in _legal_kinds(game):
        pos = _play(sv, game.hands, game.trick_leader, game.trick, k)
        try:
            v = _pos_value(sv, pos, guess)
        except SearchLimitExceeded as e:
            raise SearchLimitExceeded(done + pos[3] + e.lower, done + pos[3] + e.upper) from None
        guess = v
        out[k] = done + v
    return out


def solve(
    game: Game,
    *,
    solver: AnySolver | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    best_moves: bool = True,
    backend: str | None = "python",
) -> Solution:
    """The double-dummy value of ``game`` (in the play phase, all hands known).

    With ``best_moves`` (default) every optimal card of the seat on turn is found (one
    null-window test per legal card); the trick counts follow one optimal line (see
    :func:`principal_variation`). ``max_nodes`` / ``time_limit`` bound the whole call
    (:class:`SearchLimitExceeded`, with bounds on Re's final Augen); by default it is exact.
    Without ``solver`` a new one is made in ``backend`` (see :func:`solver_for`).
    """
    _check(game)
    sv = solver or solver_for(game, backend=backend, max_nodes=max_nodes,
                              time_limit=time_limit)
    sv.start_budget()
    n0 = sv.node_count
    done = _so_far(game)
    try:
        value = sv._future(game.hands, game.trick_leader, game.trick, None)
        bests: tuple[int, ...] = ()
        if best_moves:
            maxi = sv.is_re[game.to_move]
            bests = tuple(
                k for k in _legal_kinds(game)
                if _pos_keeps(sv, _play(sv, game.hands, game.trick_leader, game.trick, k),
                              value, maxi)
            )
        line = _line(sv, game.hands, game.trick_leader, game.trick, value, bests[:1])
    except SearchLimitExceeded as e:
        raise SearchLimitExceeded(done + e.lower, done + e.upper) from None
    re_tricks = sum(game.won[s] for s in range(4) if game.is_re[s])
    re_tricks += sum(1 for _, _, w, _ in line if sv.is_re[w])
    return Solution(
        re_eyes=done + value,
        kontra_eyes=240 - done - value,
        re_tricks=re_tricks,
        kontra_tricks=len(game.tricks) + len(line) - re_tricks,
        best_moves=bests,
        to_move=game.to_move,
        nodes=sv.node_count - n0,
    )


#: One trick of a principal variation: leader, cards in play order, winner, Augen.
PVTrick = tuple[int, tuple[int, ...], int, int]


def principal_variation(
    game: Game,
    *,
    solver: AnySolver | None = None,
    value: int | None = None,
    first: Sequence[int] = (),
    backend: str | None = "python",
) -> list[PVTrick]:
    """One optimal line of play from now to the end, trick by trick: ``(leader, cards,
    winner, Augen)``; the first entry completes the unfinished trick (its earlier cards
    included). Each card is the first optimal one of its seat in kind order, except that a
    card of ``first`` (known optimal for the seat on turn) is tried first. ``value`` (Re's
    final Augen, if known) saves a search. Without ``solver`` a new one is made in ``backend``
    (see :func:`solver_for`).
    """
    _check(game)
    sv = solver or solver_for(game, backend=backend)
    sv.start_budget()
    done = _so_far(game)
    future = (sv._future(game.hands, game.trick_leader, game.trick, None) if value is None
              else value - done)
    return _line(sv, game.hands, game.trick_leader, game.trick, future, first)


def _line(
    sv: AnySolver, hands: Sequence[int], leader: int, trick: Sequence[int], future: int,
    first: Sequence[int] = (),
) -> list[PVTrick]:
    """An optimal line from a position worth ``future`` Augen to Re (see
    :func:`principal_variation`)."""
    out: list[PVTrick] = []
    hands, trick = list(hands), list(trick)
    order = sv.order
    while trick or any(hands):
        seat = (leader + len(trick)) & 3
        legal = hands[seat] & KM
        if trick:
            legal = legal & order.follow[order.eff_suit[trick[0]]] or legal
        kinds = [k for k in range(24) if legal >> k & 1]
        kinds = [k for k in first if k in kinds] + [k for k in kinds if k not in first]
        first = ()
        for k in kinds:
            pos = _play(sv, hands, leader, trick, k)
            if len(kinds) == 1 or _pos_keeps(sv, pos, future, sv.is_re[seat]):
                break
        nh, nl, nt, tv = pos
        if not nt:  # the trick is complete
            cards = (*trick, k)
            out.append((leader, cards, nl, sum(EYES[c] for c in cards)))
            future -= tv
        hands, leader, trick = nh, nl, nt
    return out
