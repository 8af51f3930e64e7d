"""Is a soloist's claim of all remaining tricks forced? (TSR 5.4.4, 5.4.5, 9.2.2)

A claim stands only if the soloist wins every remaining trick *whatever* anyone plays, his own
order included, for the actual cards ("zwangsläufig", 9.2.2). :func:`claim_refutation` searches
all legal continuations for one in which another seat wins a trick.

Once the soloist has won a trick he leads every following one, so at trick boundaries an
opponent's card only matters through its suit and whether it can beat one of the soloist's
cards: cards that cannot are merged into classes, which keeps the search small.
"""

from __future__ import annotations

from doko.cards import card_symbol, hand_kinds
from doko.contracts import TRUMP, CardOrder


def claim_refutation(
    order: CardOrder, hands: list[int], soloist: int, trick: list[int], leader: int
) -> str | None:
    """``None`` if the claim is forced; otherwise a short line of play that refutes it."""
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

    def canon(hs: tuple[int, ...]) -> tuple[object, ...]:
        mine = hand_kinds(hs[soloist])
        low: dict[int, int] = {}
        for k in mine:
            s = eff[k]
            if s not in low or power[k] < low[s]:
                low[s] = power[k]
        key: list[object] = [hs[soloist]]
        for seat in range(4):
            if seat == soloist:
                continue
            cls: list[int] = []
            for k in hand_kinds(hs[seat]):
                s = eff[k]
                if s in low and power[k] > low[s]:
                    cls.append(k)  # can beat a card of the soloist
                elif s == TRUMP or s in low:
                    cls.append(100 + s)  # same suit, harmless
                else:
                    cls.append(200)  # a suit the soloist never leads again
            cls.sort()
            key.append(tuple(cls))
        return tuple(key)

    def boundary(hs: tuple[int, ...]) -> bool:
        if not hs[soloist]:
            return True
        quick = _quick_refutation(order, hs, soloist, (), soloist)
        if quick is not None:
            return False
        key = canon(hs)
        if key in safe:
            return True
        if not play(hs, soloist, [], soloist):
            return False
        safe.add(key)
        return True

    def play(hs: tuple[int, ...], lead: int, cards: list[int], seat: int) -> bool:
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
        for k in moves(seat, h, cards):
            nh = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
            line.append((seat, k))
            if not play((*hs[:seat], nh, *hs[seat + 1:]), lead, [*cards, k], (seat + 1) & 3):
                return False
            line.pop()
        return True

    quick = _quick_refutation(order, hands, soloist, trick, leader)
    if quick is not None:
        return quick
    ok = play(tuple(hands), leader, list(trick), (leader + len(trick)) & 3)
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


def _copies(h: int, mask: int) -> int:
    return (h & mask).bit_count() + (h >> 24 & mask).bit_count()


def _quick_refutation(
    order: CardOrder,
    hands: list[int] | tuple[int, ...],
    soloist: int,
    trick: list[int] | tuple[int, ...],
    leader: int,
) -> str | None:
    """A soloist card that an opponent can surely beat once the soloist leads, if any.

    Sound for any moment of a trick: the soloist must keep the card through the current trick
    and the opponent a beater of it (or, void in its plain suit, a trump). Either the soloist
    loses the current trick or he leads next, and then the card can be beaten.
    """
    eff, follow = order.eff_suit, order.follow
    beaters = _beaters(order)
    trumps = follow[TRUMP]
    played = {(leader + i) & 3 for i in range(len(trick))}
    h0 = hands[soloist]
    mine = h0 & 0xFFFFFF
    solo_legal = 0 if soloist in played else _legal_mask(order, h0, trick)
    opps = []
    for seat in range(4):
        if seat != soloist:
            h = hands[seat]
            legal = -1 if seat in played else _legal_mask(order, h, trick)
            opps.append((seat, h, legal))
    while mine:
        low = mine & -mine
        k = low.bit_length() - 1
        mine ^= low
        if solo_legal and not (h0 >> (k + 24) & 1 or solo_legal & ~low):
            continue  # the soloist may have to play k in this trick
        s = eff[k]
        bm = beaters[k]
        for seat, h, legal in opps:
            b = h & bm & 0xFFFFFF
            if not b and s != TRUMP and not h & follow[s]:
                b = h & trumps & 0xFFFFFF
            if not b:
                continue
            if legal != -1 and _copies(h, b) < 2 and not legal & ~b:
                continue  # its only beater may be forced out in this trick
            b = b.bit_length() - 1
            return f"e.g. {soloist}:{card_symbol(k, 'en')}, {seat}:{card_symbol(b, 'en')}"
    return None
