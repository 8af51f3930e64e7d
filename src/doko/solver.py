"""A double-dummy solver: the exact Augen each party takes with best play, all hands known.

For a :class:`~doko.game.Game` in the play phase (possibly mid-trick), :func:`solve` computes
the Augen Re takes from now on when Re maximises its Augen and Kontra minimises them, both
seeing every card. It honours the card order of every game kind and the house rules on two
Dullen in one trick (``game.dulle_rule``: 0 the first wins, TSR 5.3.3; 1 the second beats the
first; 2 the same except in the last trick).

The parties are taken from ``game.is_re`` as they are now. In a Hochzeit before the
Klärungsstich the Hochzeiter is therefore solved as playing alone against three (the partner
the Klärungsstich would bring is not modelled); once the game type is settled the parties are
final and the value is exact.

Search: fail-soft alpha-beta driven by MTD(f) (null-window searches on Re's Augen, each
starting from the last bound). One node is a trick boundary: the four cards of the trick are
searched in nested loops, each with its own alpha-beta window, and the position after the trick
is looked up in a transposition table of value bounds keyed on the four hands and the leader
(with the best lead of the position remembered for move ordering). Before the last card of a
trick the positions it leads to are looked up first (enhanced transposition cutoff). The last
two tricks are solved exactly by enumeration and cached; the last trick is computed directly.
An "Augen still needed" cut ends a search once Re cannot reach, or cannot miss, the window with
the Augen still in play. Moves are ordered greedily: the leader plays trumps and high cards
first; a follower wins fat or throws fat on a trick its party will keep, else gives little.

Moves range over card kinds (two equal cards in one hand are one move), and cards of one hand
that are *equivalent in sequence* are one move: two cards of the same effective suit and the
same Augen (♣D and ♠D in a Normalspiel once nothing between them is out) such that no other
hand held, at the start of the trick, a card ranked between them, both included. Such cards
win and lose against exactly the same cards and carry the same Augen. (Cards of different
Augen are never merged: which of them lands in which trick changes the value.)

Speed (``doko solve --bench``, 200 deals, one core, CPython 3.11): the exact value of the last
6 tricks of a random Normalspiel takes about 34 ms on average (median 18 ms, the worst about
0.3 s); every card's value (:func:`solve_moves`) about 55 ms; 5 tricks about 5 ms.

>>> from doko.game import Game, HEALTHY, encode
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

from doko.cards import EYES, KIND_MASK
from doko.contracts import TRUMP, CardOrder
from doko.game import PLAY, Game

__all__ = [
    "SearchLimitExceeded",
    "Solution",
    "Solver",
    "principal_variation",
    "solve",
    "solve_moves",
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
    """

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
        order = self.order
        dulle = order.dulle if self.dulle_rule else -1
        tab = _tables(order, dulle)
        eff, strength = tab.eff, tab.strength
        power = tab.power
        eq_up, mergeable, between = tab.eq_up, tab.mergeable, tab.between
        follow = order.follow
        eyes = EYES
        is_re = self.is_re
        dulle_power = power[dulle] if dulle >= 0 else -2
        last_exempt = self.dulle_rule == 2
        tt = self.tt
        table_size = self.table_size
        tt2: dict[tuple[int, int, int, int, int], int] = {}
        hands = [0, 0, 0, 0]
        self._hands = hands
        counter = [0, 0]  # nodes, node limit (0: none)
        self._counter = counter
        deadline = [0.0]
        self._deadline = deadline

        def check_limits() -> None:
            if counter[1] and counter[0] >= counter[1]:
                raise _Abort
            if deadline[0] and time.perf_counter() > deadline[0]:
                raise _Abort

        def moves_of(seat: int, legal: int, tmask: int) -> int:
            """``legal`` without the cards equivalent in sequence to a kept one (mid-trick:
            the cards of the unfinished trick ``tmask`` count as held by others)."""
            if not legal & mergeable:
                return legal
            others = (hands[(seat + 1) & 3] | hands[(seat + 2) & 3] | hands[(seat + 3) & 3]) \
                & KM | tmask
            return merged(legal, others)

        def merged(legal: int, others: int) -> int:
            """``legal`` without the cards equivalent in sequence to a kept one, ``others``
            being every kind another hand held at the start of the trick."""
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

        def lead_key(k: int) -> int:
            return -power[k] if eff[k] == TRUMP else -power[k] - 50

        dp = dulle_power
        by_power = tab.by_power

        def top(m: int, su: int) -> int:
            for k in by_power[su]:
                if m >> k & 1:
                    return power[k]
            return -1

        def response(m: int, su: int) -> int:
            if m & follow[su]:
                return top(m, su)
            if su != TRUMP and m & follow[TRUMP]:
                return top(m, TRUMP)
            return -1

        def last_trick(leader: int) -> int:
            """Re's Augen in the last trick (every hand holds one card)."""
            c = hands[leader] & KM
            k = c.bit_length() - 1
            st = strength[eff[k]]
            best, win, total = st[k], leader, eyes[k]
            for i in (1, 2, 3):
                s = (leader + i) & 3
                c = hands[s] & KM
                k = c.bit_length() - 1
                total += eyes[k]
                p = st[k]
                if p > best or (p == dulle_power and best == p and not last_exempt):
                    best, win = p, s
            return total if is_re[win] else 0

        dp_last = -2 if last_exempt else dulle_power

        def two_tricks(leader: int) -> int:
            """Re's Augen in the last two tricks (exact minimax, every hand holds two)."""
            counter[0] += 1
            seats = (leader, (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3)
            firsts: list[tuple[int, ...]] = []
            seconds: list[tuple[int, ...]] = []
            for s in seats:
                h = hands[s]
                lo = h & KM
                x = lo.bit_length() - 1
                if lo & (lo - 1):
                    y = (lo & -lo).bit_length() - 1
                    firsts.append((x, y))
                    seconds.append((y, x))
                else:
                    firsts.append((x,))
                    seconds.append((x,))
            c0, c1, c2, c3 = firsts
            d0, d1, d2, d3 = seconds
            res = (is_re[seats[0]], is_re[seats[1]], is_re[seats[2]], is_re[seats[3]])
            r0, r1, r2, r3 = res
            g0 = -1 if r0 else _INF
            for i0 in range(len(c0)):
                x0, y0 = c0[i0], d0[i0]
                led = eff[x0]
                st = strength[led]
                fm = follow[led]
                b0 = st[x0]
                o1 = range(len(c1)) if len(c1) == 1 or (fm >> c1[0] & 1) == (fm >> c1[1] & 1) \
                    else (0,) if fm >> c1[0] & 1 else (1,)
                o2 = range(len(c2)) if len(c2) == 1 or (fm >> c2[0] & 1) == (fm >> c2[1] & 1) \
                    else (0,) if fm >> c2[0] & 1 else (1,)
                o3 = range(len(c3)) if len(c3) == 1 or (fm >> c3[0] & 1) == (fm >> c3[1] & 1) \
                    else (0,) if fm >> c3[0] & 1 else (1,)
                g1 = -1 if r1 else _INF
                for i1 in o1:
                    x1, y1 = c1[i1], d1[i1]
                    p = st[x1]
                    if p > b0 or p == dp == b0:
                        b1, w1 = p, 1
                    else:
                        b1, w1 = b0, 0
                    g2 = -1 if r2 else _INF
                    for i2 in o2:
                        x2, y2 = c2[i2], d2[i2]
                        p = st[x2]
                        if p > b1 or p == dp == b1:
                            b2, w2 = p, 2
                        else:
                            b2, w2 = b1, w1
                        te = eyes[x0] + eyes[x1] + eyes[x2]
                        last_eyes = eyes[y0] + eyes[y1] + eyes[y2]
                        g3 = -1 if r3 else _INF
                        for i3 in o3:
                            x3, y3 = c3[i3], d3[i3]
                            p = st[x3]
                            w = 3 if p > b2 or p == dp == b2 else w2
                            v = te + eyes[x3] if res[w] else 0
                            # the last trick, led by the winner
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
                            if r3:
                                if v > g3:
                                    g3 = v
                            elif v < g3:
                                g3 = v
                        if r2:
                            if g3 > g2:
                                g2 = g3
                        elif g3 < g2:
                            g2 = g3
                    if r1:
                        if g2 > g1:
                            g1 = g2
                    elif g2 < g1:
                        g1 = g2
                if r0:
                    if g1 > g0:
                        g0 = g1
                elif g1 < g0:
                    g0 = g1
            return g0

        def lead(leader: int, left: int, rem: int, alpha: int, beta: int) -> int:
            """Re's Augen from a trick boundary on (fail-soft alpha-beta, bounds in the TT).

            One whole trick is searched here, its four cards in nested loops.
            """
            if left <= 2:
                if left == 1:
                    return last_trick(leader)
                if not left:
                    return 0
                key2 = (hands[0], hands[1], hands[2], hands[3], leader)
                v2 = tt2.get(key2)
                if v2 is None:
                    v2 = tt2[key2] = two_tricks(leader)
                return v2
            if alpha >= rem:
                return rem
            if beta <= 0:
                return 0
            key = (hands[0], hands[1], hands[2], hands[3], leader)
            e = tt.get(key)
            bm = -1
            lo, hi = 0, rem
            if e is not None:
                lo = e & 511
                hi = e >> 9 & 511
                if lo >= beta:
                    return lo
                if hi <= alpha:
                    return hi
                bm = (e >> 18) - 1
                a0 = alpha if alpha > lo else lo
                b0 = beta if beta < hi else hi
            else:
                a0 = alpha if alpha > 0 else 0
                b0 = beta if beta < rem else rem
            counter[0] += 1
            if counter[1] or deadline[0]:
                check_limits()
            if not counter[0] & 8191 and len(tt) + len(tt2) > table_size:
                tt.clear()  # a cache only: bounded memory for long searches
                tt2.clear()
            s0 = leader
            s1, s2, s3 = (leader + 1) & 3, (leader + 2) & 3, (leader + 3) & 3
            h0, h1, h2, h3 = hands[s0], hands[s1], hands[s2], hands[s3]
            r0, r1, r2, r3 = is_re[s0], is_re[s1], is_re[s2], is_re[s3]
            k0s, k1s, k2s, k3s = h0 & KM, h1 & KM, h2 & KM, h3 & KM
            nleft = left - 1
            # lead: the remembered best lead first, then trumps and aces high to low
            # cards equivalent in sequence: merged once per hand (legal sets are whole suits)
            if (k0s | k1s | k2s | k3s) & mergeable:
                m = merged(k0s, k1s | k2s | k3s) if k0s & mergeable else k0s
                u1 = merged(k1s, k0s | k2s | k3s) if k1s & mergeable else k1s
                u2 = merged(k2s, k0s | k1s | k3s) if k2s & mergeable else k2s
                u3 = merged(k3s, k0s | k1s | k2s) if k3s & mergeable else k3s
            else:
                m, u1, u2, u3 = k0s, k1s, k2s, k3s
            ms0 = list(KL[m & 4095] + KH[m >> 12])
            if len(ms0) > 1:
                ms0.sort(key=lead_key)
                if bm >= 0 and m >> bm & 1:
                    ms0.remove(bm)
                    ms0.insert(0, bm)
            g0 = -_INF if r0 else _INF
            a, b = a0, b0
            best = ms0[0]
            for k0 in ms0:
                hands[s0] = h0 ^ 1 << (k0 + 24) if h0 >> (k0 + 24) & 1 else h0 ^ 1 << k0
                led = eff[k0]
                st = strength[led]
                fm = follow[led]
                bp0 = st[k0]
                x3 = -9  # seat 3's best answer to this lead, once needed
                # second card
                m = u1 & fm or u1
                ms1: Sequence[int] = KL[m & 4095] + KH[m >> 12]
                te0 = eyes[k0]
                if len(ms1) > 1:
                    mine = r0 == r1
                    sc = []
                    for k in ms1:
                        p = st[k]
                        if p > bp0 or p == dp == bp0:
                            sc.append(((te0 + eyes[k]) * 64 - p, k))
                        elif mine:
                            sc.append(((te0 + eyes[k]) * 64, k))
                        else:
                            sc.append((-eyes[k] * 64 - p, k))
                    sc.sort(reverse=True)
                    ms1 = [k for _, k in sc]
                g1 = -_INF if r1 else _INF
                a1, b1 = a, b
                for k1 in ms1:
                    hands[s1] = h1 ^ 1 << (k1 + 24) if h1 >> (k1 + 24) & 1 else h1 ^ 1 << k1
                    p = st[k1]
                    if p > bp0 or p == dp == bp0:
                        bp1, w1 = p, s1
                    else:
                        bp1, w1 = bp0, s0
                    te1 = te0 + eyes[k1]
                    # third card
                    m = u2 & fm or u2
                    ms2: Sequence[int] = KL[m & 4095] + KH[m >> 12]
                    if len(ms2) > 1:
                        mine = is_re[w1] == r2
                        if x3 == -9:
                            x3 = response(k3s, led)
                        sc = []
                        for k in ms2:
                            p = st[k]
                            if p > bp1 or p == dp == bp1:
                                bpn, ours = p, True
                            else:
                                bpn, ours = bp1, mine
                            if r3 == r2:
                                ours = ours or x3 > bpn
                            elif ours:
                                ours = bpn > x3 or (bpn == x3 and x3 != dp)
                            if ours:
                                sc.append((10000 + (te1 + eyes[k]) * 64 - p, k))
                            else:
                                sc.append((-eyes[k] * 64 - p, k))
                        sc.sort(reverse=True)
                        ms2 = [k for _, k in sc]
                    g2 = -_INF if r2 else _INF
                    a2, b2 = a1, b1
                    for k2 in ms2:
                        hands[s2] = h2 ^ 1 << (k2 + 24) if h2 >> (k2 + 24) & 1 \
                            else h2 ^ 1 << k2
                        p = st[k2]
                        if p > bp1 or p == dp == bp1:
                            bp2, w2 = p, s2
                        else:
                            bp2, w2 = bp1, w1
                        te2 = te1 + eyes[k2]
                        # fourth card: the trick is decided by it
                        m = u3 & fm or u3
                        ms3 = KL[m & 4095] + KH[m >> 12]
                        g3 = -_INF if r3 else _INF
                        a3, b3 = a2, b2
                        if nleft == 2:
                            # every child is a two-trick end game: known exactly, or solved
                            pend = []
                            for k in ms3:
                                p = st[k]
                                w = s3 if p > bp2 or p == dp == bp2 else w2
                                x = te2 + eyes[k]
                                tv = x if is_re[w] else 0
                                nh = h3 ^ 1 << (k + 24) if h3 >> (k + 24) & 1 else h3 ^ 1 << k
                                hands[s3] = nh
                                ck = (hands[0], hands[1], hands[2], hands[3], w)
                                v = tt2.get(ck)
                                if v is None:
                                    pend.append(((x if is_re[w] == r3 else -x) * 64 - p, nh, w,
                                                 tv, ck))
                                    continue
                                v += tv
                                if r3:
                                    if v > g3:
                                        g3 = v
                                        if v > a3:
                                            a3 = v
                                            if a3 >= b3:
                                                break
                                elif v < g3:
                                    g3 = v
                                    if v < b3:
                                        b3 = v
                                        if a3 >= b3:
                                            break
                            else:
                                if len(pend) > 1:
                                    pend.sort(reverse=True)
                                for _, nh, w, tv, ck in pend:
                                    hands[s3] = nh
                                    v = tt2[ck] = two_tricks(w)
                                    v += tv
                                    if r3:
                                        if v > g3:
                                            g3 = v
                                            if v > a3:
                                                a3 = v
                                                if a3 >= b3:
                                                    break
                                    elif v < g3:
                                        g3 = v
                                        if v < b3:
                                            b3 = v
                                            if a3 >= b3:
                                                break
                        elif len(ms3) > 1:
                            # each card's trick value; a child already known to cut ends here
                            sc3 = []
                            cut = False
                            for k in ms3:
                                p = st[k]
                                w = s3 if p > bp2 or p == dp == bp2 else w2
                                x = te2 + eyes[k]
                                tv = x if is_re[w] else 0
                                hands[s3] = h3 ^ 1 << (k + 24) if h3 >> (k + 24) & 1 \
                                    else h3 ^ 1 << k
                                ce = tt.get((hands[0], hands[1], hands[2], hands[3], w))
                                if ce is not None:
                                    if r3:
                                        v = tv + (ce & 511)
                                        if v >= b3:
                                            g3, cut = v, True
                                            break
                                    else:
                                        v = tv + (ce >> 9 & 511)
                                        if v <= a3:
                                            g3, cut = v, True
                                            break
                                sc3.append(((x if is_re[w] == r3 else -x) * 64 - p, k, w, tv))
                            if not cut:
                                sc3.sort(reverse=True)
                                for _, k, w, tv in sc3:
                                    hands[s3] = h3 ^ 1 << (k + 24) if h3 >> (k + 24) & 1 \
                                        else h3 ^ 1 << k
                                    v = tv + lead(w, nleft, rem - te2 - eyes[k], a3 - tv,
                                                  b3 - tv)
                                    if r3:
                                        if v > g3:
                                            g3 = v
                                            if v > a3:
                                                a3 = v
                                                if a3 >= b3:
                                                    break
                                    elif v < g3:
                                        g3 = v
                                        if v < b3:
                                            b3 = v
                                            if a3 >= b3:
                                                break
                        else:
                            k = ms3[0]
                            p = st[k]
                            w = s3 if p > bp2 or p == dp == bp2 else w2
                            tv = te2 + eyes[k] if is_re[w] else 0
                            hands[s3] = h3 ^ 1 << (k + 24) if h3 >> (k + 24) & 1 \
                                else h3 ^ 1 << k
                            g3 = tv + lead(w, nleft, rem - te2 - eyes[k], a3 - tv, b3 - tv)
                        hands[s3] = h3
                        if r2:
                            if g3 > g2:
                                g2 = g3
                                if g3 > a2:
                                    a2 = g3
                                    if a2 >= b2:
                                        break
                        elif g3 < g2:
                            g2 = g3
                            if g3 < b2:
                                b2 = g3
                                if a2 >= b2:
                                    break
                    hands[s2] = h2
                    if r1:
                        if g2 > g1:
                            g1 = g2
                            if g2 > a1:
                                a1 = g2
                                if a1 >= b1:
                                    break
                    elif g2 < g1:
                        g1 = g2
                        if g2 < b1:
                            b1 = g2
                            if a1 >= b1:
                                break
                hands[s1] = h1
                if r0:
                    if g1 > g0:
                        g0, best = g1, k0
                        if g1 > a:
                            a = g1
                            if a >= b:
                                break
                elif g1 < g0:
                    g0, best = g1, k0
                    if g1 < b:
                        b = g1
                        if a >= b:
                            break
            hands[s0] = h0
            g = g0
            # store the bound the result gives, within what was known before
            if g <= a0:
                if g < hi:
                    hi = g
            elif g >= b0:
                if g > lo:
                    lo = g
            else:
                lo = hi = g
            tt[key] = lo | hi << 9 | (best + 1) << 18
            return g

        def follow_card(
            leader: int, left: int, rem: int, pos: int, led: int, best_p: int, win: int,
            teyes: int, tmask: int, seat: int, alpha: int, beta: int,
        ) -> int:
            """Re's Augen from a card inside a trick on (position ``pos`` = 1..3)."""
            counter[0] += 1
            h = hands[seat]
            legal = h & KM
            f = legal & follow[led]
            if f:
                legal = f
            legal = moves_of(seat, legal, tmask)
            st = strength[led]
            maxi = is_re[seat]
            ms = []
            while legal:
                low = legal & -legal
                legal ^= low
                ms.append(low.bit_length() - 1)
            if len(ms) > 1:
                # order greedily, as if the trick ended after this card
                mine = is_re[win] == maxi
                scored = []
                for k in ms:
                    p = st[k]
                    wins = p > best_p or (p == dulle_power and best_p == p
                                          and not (last_exempt and left == 1))
                    if wins or mine:
                        sc = (teyes + eyes[k]) * 64 - (p if wins else 0)
                    else:
                        sc = -eyes[k] * 64 - p
                    scored.append((sc, k))
                scored.sort(reverse=True)
                ms = [k for _, k in scored]
            g = -_INF if maxi else _INF
            a, b = alpha, beta
            if pos == 3:
                nrem = rem - teyes
                if len(ms) > 1:
                    # enhanced transposition cutoff: a child already known to cut
                    for k in ms:
                        p = st[k]
                        w = win
                        if p > best_p or (p == dulle_power and best_p == p
                                          and not (last_exempt and left == 1)):
                            w = seat
                        tv = teyes + eyes[k] if is_re[w] else 0
                        nh = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
                        hands[seat] = nh
                        ck = (hands[0], hands[1], hands[2], hands[3], w)
                        if left == 3:
                            v2 = tt2.get(ck)
                            if v2 is not None:
                                v2 += tv
                                if v2 >= b if maxi else v2 <= a:
                                    hands[seat] = h
                                    return v2
                        else:
                            e = tt.get(ck)
                            if e is not None:
                                if maxi:
                                    v2 = tv + (e & 511)
                                    if v2 >= b:
                                        hands[seat] = h
                                        return v2
                                else:
                                    v2 = tv + (e >> 9 & 511)
                                    if v2 <= a:
                                        hands[seat] = h
                                        return v2
                for k in ms:
                    p = st[k]
                    w = win
                    if p > best_p or (p == dulle_power and best_p == p
                                      and not (last_exempt and left == 1)):
                        w = seat
                    te = teyes + eyes[k]
                    tv = te if is_re[w] else 0
                    hands[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
                    v = tv + lead(w, left - 1, nrem - eyes[k], a - tv, b - tv)
                    if maxi:
                        if v > g:
                            g = v
                            if v > a:
                                a = v
                                if a >= b:
                                    break
                    elif v < g:
                        g = v
                        if v < b:
                            b = v
                            if a >= b:
                                break
            else:
                nxt = (seat + 1) & 3
                for k in ms:
                    p = st[k]
                    if p > best_p or (p == dulle_power and best_p == p
                                      and not (last_exempt and left == 1)):
                        bp, w = p, seat
                    else:
                        bp, w = best_p, win
                    hands[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
                    v = follow_card(leader, left, rem, pos + 1, led, bp, w, teyes + eyes[k],
                                    tmask | 1 << k, nxt, a, b)
                    if maxi:
                        if v > g:
                            g = v
                            if v > a:
                                a = v
                                if a >= b:
                                    break
                    elif v < g:
                        g = v
                        if v < b:
                            b = v
                            if a >= b:
                                break
            hands[seat] = h
            return g

        self._lead: Callable[[int, int, int, int, int], int] = lead
        self._follow: Callable[..., int] = follow_card
        self._strength = strength
        self._dulle_power = dulle_power
        self._last_exempt = last_exempt

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
        self._start()
        return self._future(hands, leader, trick, guess)

    def at_least(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], target: int
    ) -> bool:
        """True if Re takes at least ``target`` Augen from now on (one null-window search)."""
        self._start()
        return self._at_least(hands, leader, trick, target)

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

    def _at_least(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], target: int
    ) -> bool:
        try:
            return self._value(hands, leader, trick, target - 1, target) >= target
        except _Abort:
            rem = sum(_hand_eyes(h) for h in hands) + sum(EYES[k] for k in trick)
            raise SearchLimitExceeded(0, rem) from None

    def _start(self) -> None:
        """Start the node and time budget of one call."""
        c = self._counter
        c[1] = c[0] + self.max_nodes if self.max_nodes else 0
        self._deadline[0] = time.perf_counter() + self.time_limit if self.time_limit else 0.0

    @property
    def node_count(self) -> int:
        """Search nodes so far: positions expanded at trick boundaries (each a whole trick of
        card plays), two-trick end games solved, and cards at the root of a started trick."""
        return self._counter[0]


class _Abort(Exception):
    pass


# ---------------------------------------------------------------------- game-level API

#: A position for the game-level functions: hands, leader, unfinished trick, and Re's Augen
#: from a trick completed on the way there.
_Pos = tuple[list[int], int, list[int], int]


def _check(game: Game) -> None:
    if game.phase != PLAY:
        raise ValueError("the solver needs a game in the play phase (all hands known)")


def _legal_kinds(game: Game) -> list[int]:
    return [a & 63 for a in game.legal_plays()]


def _play(sv: Solver, hands: Sequence[int], leader: int, trick: Sequence[int], k: int) -> _Pos:
    """The position after the seat on turn plays ``k``; a trick it completes is resolved."""
    seat = (leader + len(trick)) & 3
    nh = list(hands)
    h = nh[seat]
    nh[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
    nt = [*trick, k]
    if len(nt) < 4:
        return nh, leader, nt, 0
    st = sv._strength[sv.order.eff_suit[nt[0]]]
    last = not any(nh)
    best_p, win = st[nt[0]], leader
    for i in (1, 2, 3):
        p = st[nt[i]]
        if p > best_p or (p == sv._dulle_power and best_p == p
                          and not (sv._last_exempt and last)):
            best_p, win = p, (leader + i) & 3
    tv = sum(EYES[c] for c in nt) if sv.is_re[win] else 0
    return nh, win, [], tv


def _pos_value(sv: Solver, pos: _Pos, guess: int | None = None) -> int:
    """Re's Augen from a position on, the completed trick that led there included."""
    hands, leader, trick, tv = pos
    if not trick and not any(hands):
        return tv
    return tv + sv._future(hands, leader, trick, None if guess is None else guess - tv)


def _pos_keeps(sv: Solver, pos: _Pos, value: int, maxi: bool) -> bool:
    """True if the position is worth ``value`` to the side that just moved (Re: at least it,
    Kontra: at most it), given that ``value`` is the best that side can reach."""
    hands, leader, trick, tv = pos
    if not trick and not any(hands):
        return tv >= value if maxi else tv <= value
    if maxi:
        return sv._at_least(hands, leader, trick, value - tv)
    return not sv._at_least(hands, leader, trick, value - tv + 1)


def _so_far(game: Game) -> int:
    """Re's Augen already won."""
    return sum(game.eyes[s] for s in range(4) if game.is_re[s])


def solve_moves(
    game: Game,
    *,
    solver: Solver | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
) -> dict[int, int]:
    """For each legal card (kind) of the seat on turn: Re's final Augen after playing it, with
    best play by both parties from then on (Augen already won included).

    ``max_nodes`` / ``time_limit`` (of a new solver, or the given ``solver``'s own) bound the
    whole call; :class:`SearchLimitExceeded` then bounds the value of the card being solved.
    """
    _check(game)
    sv = solver or Solver.for_game(game, max_nodes=max_nodes, time_limit=time_limit)
    sv._start()
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
    solver: Solver | None = None,
    max_nodes: int | None = None,
    time_limit: float | None = None,
    best_moves: bool = True,
) -> Solution:
    """The double-dummy value of ``game`` (in the play phase, all hands known).

    With ``best_moves`` (default) every optimal card of the seat on turn is found (one
    null-window test per legal card); the trick counts follow one optimal line (see
    :func:`principal_variation`). ``max_nodes`` / ``time_limit`` bound the whole call
    (:class:`SearchLimitExceeded`, with bounds on Re's final Augen); by default it is exact.
    """
    _check(game)
    sv = solver or Solver.for_game(game, max_nodes=max_nodes, time_limit=time_limit)
    sv._start()
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
    solver: Solver | None = None,
    value: int | None = None,
    first: Sequence[int] = (),
) -> list[PVTrick]:
    """One optimal line of play from now to the end, trick by trick: ``(leader, cards,
    winner, Augen)``; the first entry completes the unfinished trick (its earlier cards
    included). Each card is the first optimal one of its seat in kind order, except that a
    card of ``first`` (known optimal for the seat on turn) is tried first. ``value`` (Re's
    final Augen, if known) saves a search.
    """
    _check(game)
    sv = solver or Solver.for_game(game)
    sv._start()
    done = _so_far(game)
    future = (sv._future(game.hands, game.trick_leader, game.trick, None) if value is None
              else value - done)
    return _line(sv, game.hands, game.trick_leader, game.trick, future, first)


def _line(
    sv: Solver, hands: Sequence[int], leader: int, trick: Sequence[int], future: int,
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
