"""Is a soloist's claim of all remaining tricks forced? (TSR 5.4.4, 5.4.5, 9.2.2)

A claim stands only if the soloist wins every remaining trick *whatever* anyone plays, his own
order included, for the actual cards ("zwangsläufig", 9.2.2). :func:`claim_refutation` searches
all legal continuations for one in which another seat wins a trick.

Once the soloist has won a trick he leads every following one, so at trick boundaries an
opponent's card only matters through its suit and whether it can beat one of the soloist's
cards: cards that cannot are merged into classes, which keeps the search small.
"""

from __future__ import annotations

from doko.cards import card_symbol
from doko.contracts import TRUMP, CardOrder


def claim_refutation(
    order: CardOrder,
    hands: list[int],
    soloist: int,
    trick: list[int],
    leader: int,
    hint: list[int] | None = None,
) -> str | None:
    """``None`` if the claim is forced; otherwise a short line of play that refutes it.

    ``hint`` (a two-item list, updated in place) remembers the soloist card and opponent of the
    last quick refutation, which usually still refutes a few cards later.
    """
    quick = _quick_refutation(order, hands, soloist, trick, leader, hint)
    if quick is not None:
        return quick
    return _search_refutation(order, hands, soloist, trick, leader)


def _search_refutation(
    order: CardOrder, hands: list[int], soloist: int, trick: list[int], leader: int
) -> str | None:
    eff, power, follow = order.eff_suit, order.power, order.follow
    safe: set[tuple[object, ...]] = set()
    line: list[tuple[int, int]] = []

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

    beaters = _beaters(order)

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
        quick = _quick_refutation(order, hs, soloist, (), soloist)
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
            led = eff[cards[0]]
            best, bp = 0, power[cards[0]]
            for i in (1, 2, 3):
                c = cards[i]
                s = eff[c]
                if (s == led or s == TRUMP) and power[c] > bp:
                    best, bp = i, power[c]
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
    shown = ", ".join(f"{s}:{card_symbol(k, 'en')}" for s, k in line[-8:])
    return f"e.g. {shown}"


_BEATERS: dict[str, tuple[int, ...]] = {}


def _beaters(order: CardOrder) -> tuple[int, ...]:
    """For each kind: the bit set of kinds of the same effective suit that beat it."""
    found = _BEATERS.get(order.name)
    if found is None:
        eff, power = order.eff_suit, order.power
        found = tuple(
            sum(1 << b for b in range(24) if eff[b] == eff[k] and power[b] > power[k])
            for k in range(24)
        )
        _BEATERS[order.name] = found
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
) -> str | None:
    """A soloist card that an opponent can surely beat once the soloist leads, if any.

    Sound for any moment of a trick: the soloist must keep the card through the current trick
    and the opponent a beater of it (or, void in its plain suit, a trump). Either the soloist
    loses the current trick or he leads next, and then the card can be beaten.
    """
    eff, follow = order.eff_suit, order.follow
    beaters = _beaters(order)
    trumps = follow[TRUMP]
    n = len(trick)
    h0 = hands[soloist]
    mine = h0 & 0xFFFFFF
    solo_legal = 0 if (soloist - leader) & 3 < n else _legal_mask(order, h0, trick)
    seats = [(soloist + 1) & 3, (soloist + 2) & 3, (soloist + 3) & 3]
    kinds = []
    if hint is not None and mine >> hint[0] & 1:
        kinds.append(hint[0])
        if hint[1] in seats:
            seats.remove(hint[1])
            seats.insert(0, hint[1])
    m = mine
    while m:
        low = m & -m
        kinds.append(low.bit_length() - 1)
        m ^= low
    for k in kinds:
        if solo_legal and not (h0 >> (k + 24) & 1 or solo_legal & ~(1 << k)):
            continue  # the soloist may have to play k in this trick
        s = eff[k]
        bm = beaters[k]
        for seat in seats:
            h = hands[seat]
            b = h & bm
            if not b and s != TRUMP and not h & follow[s]:
                b = h & trumps
            b &= 0xFFFFFF
            if not b:
                continue
            if (
                (seat - leader) & 3 >= n  # not yet played: one card must go in this trick
                and not (h >> 24 & b)
                and b & (b - 1) == 0  # a single beater, so another legal card must exist
                and not _legal_mask(order, h, trick) & ~b
            ):
                continue
            b = b.bit_length() - 1
            if hint is not None:
                hint[0], hint[1] = k, seat
            return f"e.g. {soloist}:{card_symbol(k, 'en')}, {seat}:{card_symbol(b, 'en')}"
    return None
