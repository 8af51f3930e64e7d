"""Is a soloist's claim of all remaining tricks forced? (TSR 5.4.4, 5.4.5, 9.2.2)

A claim stands only if the soloist wins every remaining trick *whatever* anyone plays, his own
order included, for the actual cards ("zwangsläufig", 9.2.2). :func:`claim_refutation` searches
all legal continuations for one in which another seat wins a trick.

Once the soloist has won a trick he leads every following one, so at trick boundaries an
opponent's card only matters through its suit and whether it can beat one of the soloist's
cards: cards that cannot are merged into classes, which keeps the search small.
"""

from __future__ import annotations

from doko.engine.cards import card_symbol
from doko.engine.contracts import (
    DULLE_FIRST,
    DULLE_SECOND,
    DULLE_SECOND_EXCEPT_LAST,
    TRUMP,
    CardOrder,
    trick_winner,
)
from doko.engine.texts import text

#: A line of play, as (seat, card kind) pairs.
Line = tuple[tuple[int, int], ...]


def explain(line: Line, lang: str = "en") -> str:
    """A refuting line in words, seats shown as 1..4, e.g. ``"e.g. seat 3 ♠A, seat 4 ♠Q"``
    for ``((2, AS), (3, QS))``.

    The line comes from the hidden hands: show it only where every card is open (a replay or
    analysis after the game), never to a seat during the game (see :mod:`doko.engine.errors`).

    >>> from doko.engine.cards import parse_card
    >>> explain(((0, parse_card("AC")), (1, parse_card("QS"))), "de")
    'z. B. Platz 1 ♣A, Platz 2 ♠D'
    """
    moves = ", ".join(text("claims.move", lang, seat=s + 1, card=card_symbol(k, lang))
                      for s, k in line)
    return text("claims.line", lang, moves=moves)


def claim_refutation(
    order: CardOrder,
    hands: list[int],
    soloist: int,
    trick: list[int],
    leader: int,
    hint: list[int] | None = None,
    dulle: int = -1,
    dulle_except_last: bool = False,
) -> Line | None:
    """``None`` if the claim is forced; otherwise a line of play that refutes it, as
    ``(seat, card)`` pairs (see :func:`explain`). The line names hidden cards: open
    information, for post-game views only.

    ``hint`` (a two-item list, updated in place) remembers the soloist card and opponent of the
    last quick refutation, which usually still refutes a few cards later. ``dulle`` is the
    Dulle's kind when the house rule "the second Dulle beats the first" is on (else -1), and
    ``dulle_except_last`` exempts the last trick from it.
    """
    quick = _quick_refutation(order, hands, soloist, trick, leader, hint, dulle,
                              dulle_except_last)
    if quick is not None:
        return quick
    return _search_refutation(order, hands, soloist, trick, leader, dulle, dulle_except_last)


def _search_refutation(
    order: CardOrder,
    hands: list[int],
    soloist: int,
    trick: list[int],
    leader: int,
    dulle: int = -1,
    dulle_except_last: bool = False,
) -> Line | None:
    eff, power, follow = order.eff_suit, order.power, order.follow
    safe: set[tuple[object, ...]] = set()
    line: list[tuple[int, int]] = []
    rule = (DULLE_FIRST if dulle < 0 else
            DULLE_SECOND_EXCEPT_LAST if dulle_except_last else DULLE_SECOND)

    def moves(seat: int, h: int, cards: list[int]) -> list[int]:
        m = h & 0xFFFFFF
        if cards:
            f = m & follow[eff[cards[0]]]
            if f:
                m = f
        ks = [k for k in range(24) if m >> k & 1]
        # soloist: weakest first; opponents: strongest first (find refutations fast)
        ks.sort(key=lambda k: power[k] + (200 if eff[k] == TRUMP else 0),
                reverse=seat != soloist)
        return ks

    beaters = _beaters(order, dulle)

    def classes(mine: int) -> tuple[tuple[int, ...], int, list[int]]:
        """Class of each kind for the opponents while the soloist leads and holds ``mine``.

        A card that can beat one of the soloist's (in ``danger``) is its own class; a harmless
        card is only told apart by suit where the suit matters (the suits the soloist still
        leads, and trump, which can ruff); every other card is a plain discard.
        """
        weakest: dict[int, int] = {}
        m = mine & 0xFFFFFF
        while m:
            low = m & -m
            k = low.bit_length() - 1
            m ^= low
            st = eff[k]
            w = weakest.get(st)
            if w is None or power[k] < power[w]:
                weakest[st] = k
        danger = 0
        for k in weakest.values():
            danger |= beaters[k]
        cls = tuple(
            k if danger >> k & 1 else 100 + eff[k] if eff[k] in weakest or eff[k] == TRUMP
            else 200
            for k in range(24)
        )
        suits = [follow[st] & ~danger for st in sorted(weakest.keys() | {TRUMP})]
        return cls, danger, suits

    trumps = follow[TRUMP]

    def boundary(hs: tuple[int, ...]) -> bool:
        mine = hs[soloist]
        if not mine:
            return True
        quick = _quick_refutation(order, hs, soloist, (), soloist, None, dulle,
                                  dulle_except_last)
        if quick is not None:
            return False
        cls, danger, suits = classes(mine)
        held = 0
        for seat in range(4):
            if seat != soloist:
                held |= hs[seat]
        held &= 0xFFFFFF
        if not held & danger and (not held & trumps or not mine & ~trumps & 0xFFFFFF):
            return True  # nobody can beat a card of the soloist, nor ruff one
        key: list[object] = [mine]
        for seat in range(4):
            if seat != soloist:
                h = hs[seat]
                lo, hi = h & 0xFFFFFF, h >> 24
                key.append(lo & danger)
                key.append(hi & danger)
                rest = h.bit_count() - (lo & danger).bit_count() - (hi & danger).bit_count()
                for fm in suits:  # harmless cards, counted per suit where it matters
                    c = (lo & fm).bit_count() + (hi & fm).bit_count()
                    key.append(c)
                    rest -= c
                key.append(rest)
        tkey = tuple(key)
        if tkey in safe:
            return True
        if not play(hs, soloist, [], soloist, cls):
            return False
        safe.add(tkey)
        return True

    def play(
        hs: tuple[int, ...], lead: int, cards: list[int], seat: int,
        cls: tuple[int, ...] | None,
    ) -> bool:
        if len(cards) == 4:
            best = trick_winner(order, cards, rule, not any(hs))
            if (lead + best) & 3 != soloist:
                return False
            return boundary(hs)
        h = hs[seat]
        tried: set[int] = set()
        for k in moves(seat, h, cards):
            if cls is not None and seat != soloist:
                # in a trick the soloist leads, one card per class is enough
                if cls[k] in tried:
                    continue
                tried.add(cls[k])
            nh = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
            line.append((seat, k))
            if not play((*hs[:seat], nh, *hs[seat + 1:]), lead, [*cards, k], (seat + 1) & 3,
                        cls):
                return False
            line.pop()
        return True

    ok = play(tuple(hands), leader, list(trick), (leader + len(trick)) & 3, None)
    if ok:
        return None
    return tuple(line[-8:])


_BEATERS: dict[tuple[str, int], tuple[int, ...]] = {}


def _beaters(order: CardOrder, dulle: int = -1) -> tuple[int, ...]:
    """For each kind: the bit set of kinds of the same effective suit that beat it when played
    after it (with ``dulle`` >= 0 a second Dulle beats the first)."""
    found = _BEATERS.get((order.name, dulle))
    if found is None:
        eff, power = order.eff_suit, order.power
        found = tuple(
            sum(1 << b for b in range(24)
                if eff[b] == eff[k] and (power[b] > power[k] or b == k == dulle))
            for k in range(24)
        )
        _BEATERS[(order.name, dulle)] = found
    return found


def _legal_mask(order: CardOrder, h: int, trick: list[int] | tuple[int, ...]) -> int:
    m = h & 0xFFFFFF
    if trick:
        f = m & order.follow[order.eff_suit[trick[0]]]
        if f:
            return f
    return m


def _quick_refutation(
    order: CardOrder,
    hands: list[int] | tuple[int, ...],
    soloist: int,
    trick: list[int] | tuple[int, ...],
    leader: int,
    hint: list[int] | None = None,
    dulle: int = -1,
    dulle_except_last: bool = False,
) -> Line | None:
    """A soloist card that an opponent can surely beat once the soloist leads, if any.

    Sound for any moment of a trick: the soloist must keep the card through the current trick
    and the opponent a beater of it (or, void in its plain suit, a trump). Either the soloist
    loses the current trick or he leads next, and then the card can be beaten.
    """
    eff, follow = order.eff_suit, order.follow
    beaters = _beaters(order, dulle)
    trumps = follow[TRUMP]
    n = len(trick)
    h0 = hands[soloist]
    solo_legal = 0 if (soloist - leader) & 3 < n else _legal_mask(order, h0, trick)
    after = h0.bit_count() - (1 if solo_legal else 0)  # soloist's cards after this trick

    def beater(k: int, seat: int) -> int:
        """A card of ``seat`` that surely beats the soloist's ``k`` once he leads it, or -1."""
        if solo_legal and not (h0 >> (k + 24) & 1 or solo_legal & ~(1 << k)):
            return -1  # the soloist may have to play k in this trick
        h = hands[seat]
        b = h & beaters[k]
        s = eff[k]
        if not b and s != TRUMP and not h & follow[s]:
            b = h & trumps
        b &= 0xFFFFFF
        if not b:
            return -1
        if k == dulle and b == 1 << k and dulle_except_last and after < 2:
            return -1  # the soloist's Dulle would lead the last trick, where it stays first
        if (
            (seat - leader) & 3 >= n  # not yet played: one card must go in this trick
            and not (h >> 24 & b)
            and b & (b - 1) == 0  # a single beater, so another legal card must exist
            and not _legal_mask(order, h, trick) & ~b
        ):
            return -1
        return b.bit_length() - 1

    mine = h0 & 0xFFFFFF
    if hint is not None and mine >> hint[0] & 1 and hint[1] != soloist:
        b = beater(hint[0], hint[1])  # the last witness usually still holds
        if b >= 0:
            return ((soloist, hint[0]), (hint[1], b))
    while mine:
        low = mine & -mine
        k = low.bit_length() - 1
        mine ^= low
        for seat in ((soloist + 1) & 3, (soloist + 2) & 3, (soloist + 3) & 3):
            b = beater(k, seat)
            if b >= 0:
                if hint is not None:
                    hint[0], hint[1] = k, seat
                return ((soloist, k), (seat, b))
    return None


def claim_certain(order: CardOrder, own: int, unseen: int, dulle: int = -1) -> bool:
    """Whether a soloist on lead holding ``own`` can *know* that a claim is forced: no card he
    has not seen (``unseen``, a kind mask of the cards in the other hands) can beat one of his,
    nor ruff one (TSR 5.4.4). Sound for every distribution of the unseen cards.
    """
    beaters = _beaters(order, dulle)
    trumps = order.follow[TRUMP]
    own &= 0xFFFFFF
    if own & ~trumps and unseen & trumps:
        return False
    while own:
        low = own & -own
        k = low.bit_length() - 1
        own ^= low
        if unseen & beaters[k]:
            return False
    return True


def robust_witness(
    order: CardOrder, hands: list[int], soloist: int, k: int, seat: int, dulle: int = -1,
    dulle_except_last: bool = False,
) -> Line | None:
    """A quick refutation that holds at any moment of a trick, or None.

    The soloist holds two copies of ``k`` (he keeps one through the current trick) and the
    opponent ``seat`` holds two cards that beat it (or, void in its plain suit, two trumps).
    """
    h0 = hands[soloist]
    if not h0 >> (k + 24) & 1 or seat == soloist:
        return None
    if k == dulle and dulle_except_last and h0.bit_count() < 4:
        return None
    h = hands[seat]
    mask = _beaters(order, dulle)[k]
    s = order.eff_suit[k]
    if not h & mask & 0xFFFFFF and s != TRUMP and not h & order.follow[s] & 0xFFFFFF:
        mask = order.follow[TRUMP]
    lo, hi = h & mask & 0xFFFFFF, h >> 24 & mask
    if lo.bit_count() + hi.bit_count() < 2:
        return None
    return ((soloist, k), (seat, lo.bit_length() - 1))
