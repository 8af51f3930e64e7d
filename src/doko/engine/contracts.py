"""Game kinds and their card order (TSR 2.3).

Every game is played in one of seven card orders (and the house rules' variants of the
Farbsoli: the moving Dulle, Farbsoli without the Dullen; and the picture solos Königssolo,
Damen-Buben-, Könige-Damen-, Könige-Buben-Solo and Köhler). For each order this module
precomputes, per card kind, its *effective suit* (0..3 for a plain suit, :data:`TRUMP` for
trump) and its power (higher beats lower; every trump beats every plain card).

>>> order = ORDERS[NORMAL_ORDER]
>>> [card_code(k) for k in order.trumps]
['TH', 'QC', 'QS', 'QH', 'QD', 'JC', 'JS', 'JH', 'JD', 'AD', 'TD', 'KD', '9D']
>>> [card_code(k) for k in ORDERS[order_of_solo("queens")].trumps]
['QC', 'QS', 'QH', 'QD']
>>> [card_code(k) for k in ORDERS[order_of_solo("koehler")].trumps][::4]
['KC', 'QC', 'JC']
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from doko.engine.cards import (
    ACE,
    CLUBS,
    DIAMONDS,
    HEARTS,
    JACK,
    KING,
    NINE,
    NUM_KINDS,
    QUEEN,
    SPADES,
    TEN,
    card_code,
    kind,
)
from doko.engine.vocab import Contract

TRUMP = 4

# Contracts (game kinds): the members of :class:`doko.engine.vocab.Contract` (names and labels
# there).
# A Hochzeit turned Karo solo keeps MARRIAGE with a flag on the game.
NORMAL, MARRIAGE, SILENT_MARRIAGE = Contract.NORMAL, Contract.MARRIAGE, Contract.SILENT_MARRIAGE
SOLO_DIAMONDS, SOLO_HEARTS = Contract.SOLO_DIAMONDS, Contract.SOLO_HEARTS
SOLO_SPADES, SOLO_CLUBS = Contract.SOLO_SPADES, Contract.SOLO_CLUBS
SOLO_QUEENS, SOLO_JACKS, SOLO_MEATLESS = (
    Contract.SOLO_QUEENS, Contract.SOLO_JACKS, Contract.SOLO_MEATLESS
)
# the picture solos of the house rules (docs/rules.md "Weitere Soli")
SOLO_KINGS, SOLO_QUEENS_JACKS, SOLO_KINGS_QUEENS = (
    Contract.SOLO_KINGS, Contract.SOLO_QUEENS_JACKS, Contract.SOLO_KINGS_QUEENS
)
SOLO_KINGS_JACKS, SOLO_KOEHLER = Contract.SOLO_KINGS_JACKS, Contract.SOLO_KOEHLER

#: The solos in contract order: the seven of the TSR, then the picture solos of the house rules
#: (their action codes: :data:`doko.engine.actions.SOLO_CODES`).
SOLO_CONTRACTS = tuple(c for c in Contract if c.is_solo)
#: The solos of the TSR (TSR 4.2, 4.3: Farbsoli, Damen-, Buben-, Fleischlos-Solo).
TSR_SOLO_CONTRACTS = SOLO_CONTRACTS[:7]
#: The picture solos of the house rules, each played only where its option of
#: :class:`doko.engine.rules.Rules` (``PICTURE_SOLO_OPTIONS``, same order) is on.
PICTURE_SOLO_CONTRACTS = SOLO_CONTRACTS[7:]
#: Solo names as used in records, in action-code order.
SOLO_NAMES = tuple(c.solo_name for c in SOLO_CONTRACTS)
#: Record names and labels of the contracts, indexed by contract (from :class:`Contract`;
#: kept for the web server).
CONTRACT_NAMES = tuple(c.record_name for c in Contract)
CONTRACT_NAMES_DE = tuple(c.label("de") for c in Contract)
CONTRACT_NAMES_EN = tuple(c.label("en") for c in Contract)

# Card orders.
NORMAL_ORDER, HEARTS_ORDER, SPADES_ORDER, CLUBS_ORDER = 0, 1, 2, 3
QUEENS_ORDER, JACKS_ORDER, MEATLESS_ORDER = 4, 5, 6
#: The card orders of the picture solos (house rules), in contract order.
KINGS_ORDER, QUEENS_JACKS_ORDER, KINGS_QUEENS_ORDER, KINGS_JACKS_ORDER, KOEHLER_ORDER = (
    14, 15, 16, 17, 18
)


#: The card orders of the house rule "the Dulle moves with the trump suit".
_MOVED_ORDERS: dict[int, int] = {SOLO_DIAMONDS: 7, SOLO_SPADES: 8, SOLO_CLUBS: 9}
#: The card orders of the house rule "Farbsoli without the Dullen" (``Rules.solo_dullen``).
_NO_DULLE_ORDERS: dict[int, int] = {SOLO_DIAMONDS: 10, SOLO_HEARTS: 11, SOLO_SPADES: 12,
                                    SOLO_CLUBS: 13}


def order_of(contract: int, dulle_moves: bool = False, solo_dullen: bool = True) -> int:
    """The card order a contract is played in (both Hochzeit kinds use the normal order).

    ``dulle_moves``: the house rule where in a declared Karo, Pik or Kreuz solo the ten of the
    trump suit replaces the ♥10 as top trump. ``solo_dullen=False``: the house rule where in a
    declared Farbsolo the ♥10 are no top trumps (plain hearts, or in a Herz-Solo the ten of the
    trump suit); it goes before ``dulle_moves`` (no ten is on top then).

    >>> order_of(SOLO_HEARTS), order_of(SOLO_HEARTS, solo_dullen=False), order_of(SOLO_KOEHLER)
    (1, 11, 18)
    """
    if not solo_dullen:
        plain = _NO_DULLE_ORDERS.get(contract)
        if plain is not None:
            return plain
    if dulle_moves:
        moved = _MOVED_ORDERS.get(contract)
        if moved is not None:
            return moved
    if contract <= SOLO_DIAMONDS:
        return NORMAL_ORDER
    if contract >= SOLO_KINGS:  # the picture solos: orders 14..18, no Dulle to move or drop
        return KINGS_ORDER + contract - SOLO_KINGS
    return contract - SOLO_DIAMONDS


def order_of_solo(name: str) -> int:
    """The card order of a solo named as in records (``"hearts"``, ``"queens"``...)."""
    return order_of(SOLO_CONTRACTS[SOLO_NAMES.index(name)])


@dataclass(frozen=True)
class CardOrder:
    """One card order: trumps high to low, effective suit and power of each kind."""

    name: str
    trumps: tuple[int, ...]
    eff_suit: tuple[int, ...]
    power: tuple[int, ...]
    #: follow[s]: bit set (over kinds) of the cards that follow a lead of effective suit s.
    follow: tuple[int, ...]
    #: rank_key[k]: sort key for showing a hand: trumps first high to low, then suits.
    sort_key: tuple[int, ...]
    #: The Dulle (a ten as top trump, above the queens) of this order, or -1 if there is none;
    #: a Schweinchen order keeps its base order's Dulle (the Schweinchen sit above it).
    dulle: int = -1

    def plain(self, suit: int) -> list[int]:
        """The plain cards of ``suit``, high to low."""
        cards = [k for k in range(NUM_KINDS) if self.eff_suit[k] == suit]
        return sorted(cards, key=lambda k: -self.power[k])

    def beats(self, a: int, b: int) -> bool:
        """True if card ``a`` played after ``b`` (which leads or is winning) takes the trick.

        Equal cards never beat: the first played ranks higher (TSR 5.3.3).
        """
        sa, sb = self.eff_suit[a], self.eff_suit[b]
        if sa == TRUMP and sb != TRUMP:
            return True
        return sa == sb and self.power[a] > self.power[b]


def _make_order(name: str, trumps: list[int], plain_ranks: tuple[int, ...]) -> CardOrder:
    eff = [0] * NUM_KINDS
    power = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        eff[k] = k // 6
        power[k] = k % 6  # plain: 9 < J < Q < K < 10 < A is the rank index order
    for i, k in enumerate(trumps):
        eff[k] = TRUMP
        power[k] = 100 + len(trumps) - i
    follow = [0] * 5
    for k in range(NUM_KINDS):
        follow[eff[k]] |= 1 << k
    sort_key = [0] * NUM_KINDS
    for k in range(NUM_KINDS):
        if eff[k] == TRUMP:
            sort_key[k] = -power[k]
        else:
            sort_key[k] = (eff[k] + 1) * 10 - power[k]
    # plain_ranks lists the plain ranks that exist (sanity: all non-trumps are of those ranks)
    for k in range(NUM_KINDS):
        if eff[k] != TRUMP:
            assert k % 6 in plain_ranks, (name, card_code(k))
    dulle = trumps[0] if trumps and trumps[0] % 6 == TEN else -1
    return CardOrder(name, tuple(trumps), tuple(eff), tuple(power), tuple(follow), tuple(sort_key),
                     dulle)


def _suit_trumps(suit: int, dulle_moves: bool = False, dullen: bool = True) -> list[int]:
    if not dullen:  # house rule: a Farbsolo without the Dullen; the ♥10 by its suit
        top = [kind(s, QUEEN) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
        top += [kind(s, JACK) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
        return top + [kind(suit, r) for r in (ACE, TEN, KING, NINE)]
    if dulle_moves and suit != HEARTS:  # house rule: the trump suit's ten is the Dulle
        top = [kind(suit, TEN)]
        top += [kind(s, QUEEN) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
        top += [kind(s, JACK) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
        return top + [kind(suit, r) for r in (ACE, KING, NINE)]
    top = [kind(HEARTS, TEN)]
    top += [kind(s, QUEEN) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
    top += [kind(s, JACK) for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]
    ranks = (ACE, KING, NINE) if suit == HEARTS else (ACE, TEN, KING, NINE)
    return top + [kind(suit, r) for r in ranks]


def _pictures(*ranks: int) -> list[int]:
    """The trumps of a picture solo: the ``ranks`` high to low (kings above queens above
    jacks), each in the suit order ♣ ♠ ♥ ♦ (docs/rules.md "Weitere Soli")."""
    return [kind(s, r) for r in ranks for s in (CLUBS, SPADES, HEARTS, DIAMONDS)]


_ALL = (NINE, JACK, QUEEN, KING, TEN, ACE)
ORDERS: tuple[CardOrder, ...] = (
    _make_order("normal", _suit_trumps(DIAMONDS), (NINE, KING, TEN, ACE)),  # TSR 2.3.4
    _make_order("hearts", _suit_trumps(HEARTS), (NINE, KING, TEN, ACE)),  # TSR 2.3.5
    _make_order("spades", _suit_trumps(SPADES), (NINE, KING, TEN, ACE)),
    _make_order("clubs", _suit_trumps(CLUBS), (NINE, KING, TEN, ACE)),
    _make_order(
        "queens", [kind(s, QUEEN) for s in range(4)], (NINE, JACK, KING, TEN, ACE)
    ),  # TSR 2.3.6
    _make_order("jacks", [kind(s, JACK) for s in range(4)], (NINE, QUEEN, KING, TEN, ACE)),
    _make_order("meatless", [], _ALL),  # TSR 2.3.7
    # house rule "the Dulle moves with the trump suit" (seed 002): Karo, Pik, Kreuz solo
    _make_order("diamonds_moved", _suit_trumps(DIAMONDS, True), (NINE, KING, TEN, ACE)),
    _make_order("spades_moved", _suit_trumps(SPADES, True), (NINE, KING, TEN, ACE)),
    _make_order("clubs_moved", _suit_trumps(CLUBS, True), (NINE, KING, TEN, ACE)),
    # house rule "Farbsoli without the Dullen" (docs/rules.md "Weitere Soli"): Karo, Herz,
    # Pik, Kreuz solo with the ♥10 by its suit
    _make_order("diamonds_no_dulle", _suit_trumps(DIAMONDS, dullen=False),
                (NINE, KING, TEN, ACE)),
    _make_order("hearts_no_dulle", _suit_trumps(HEARTS, dullen=False), (NINE, KING, TEN, ACE)),
    _make_order("spades_no_dulle", _suit_trumps(SPADES, dullen=False), (NINE, KING, TEN, ACE)),
    _make_order("clubs_no_dulle", _suit_trumps(CLUBS, dullen=False), (NINE, KING, TEN, ACE)),
    # the picture solos of the house rules (docs/rules.md "Weitere Soli"): the trump pictures
    # from high to low, every other card by its suit A 10 K (Q J) 9
    _make_order("kings", _pictures(KING), (NINE, JACK, QUEEN, TEN, ACE)),
    _make_order("queens_jacks", _pictures(QUEEN, JACK), (NINE, KING, TEN, ACE)),
    _make_order("kings_queens", _pictures(KING, QUEEN), (NINE, JACK, TEN, ACE)),
    _make_order("kings_jacks", _pictures(KING, JACK), (NINE, QUEEN, TEN, ACE)),
    _make_order("koehler", _pictures(KING, QUEEN, JACK), (NINE, TEN, ACE)),
)
DIAMONDS_MOVED_ORDER, SPADES_MOVED_ORDER, CLUBS_MOVED_ORDER = 7, 8, 9
DIAMONDS_NO_DULLE_ORDER, HEARTS_NO_DULLE_ORDER = 10, 11
SPADES_NO_DULLE_ORDER, CLUBS_NO_DULLE_ORDER = 12, 13


#: The rule for two Dullen (♥10) in one trick: the first wins (TSR 5.3.3), or as house rules
#: the second, or the second except in the last trick (``Rules.dulle``).
#: The indexes into :data:`doko.engine.rules.DULLE_RULES`.
DULLE_FIRST, DULLE_SECOND, DULLE_SECOND_EXCEPT_LAST = 0, 1, 2


def trick_winner(order: CardOrder, cards: Sequence[int], dulle_rule: int = DULLE_FIRST,
                 last_trick: bool = False) -> int:
    """Index of the card that wins a trick (TSR 5.3.3), or, for a trick not yet complete, that
    wins it so far: the highest trump, else the highest card of the suit led; of two equal
    cards the first. ``dulle_rule`` (an index into :data:`doko.engine.rules.DULLE_RULES`) applies
    the
    house rule that a second Dulle beats the first (not in the ``last_trick`` under
    ``second_except_last``). The one trick-winner function of the engine, the claim check and
    the front ends; the solver keeps the same rule card by card in its search (its principal
    variations are checked against this function).

    >>> from doko.engine.cards import QC
    >>> ten = kind(HEARTS, TEN)
    >>> trick_winner(ORDERS[NORMAL_ORDER], [ten, ten, QC, QC])
    0
    >>> trick_winner(ORDERS[NORMAL_ORDER], [ten, kind(HEARTS, ACE), ten], DULLE_SECOND)
    2
    >>> trick_winner(ORDERS[NORMAL_ORDER], [ten, ten], DULLE_SECOND_EXCEPT_LAST, last_trick=True)
    0
    """
    eff, power = order.eff_suit, order.power
    lead = cards[0]
    led = eff[lead]
    best, bp = 0, power[lead]
    for i in range(1, len(cards)):
        c = cards[i]
        s = eff[c]
        if (s == led or s == TRUMP) and power[c] > bp:
            best, bp = i, power[c]
    if dulle_rule and not (last_trick and dulle_rule == DULLE_SECOND_EXCEPT_LAST):
        d = order.dulle
        if d >= 0 and cards[best] == d and cards.count(d) > 1:
            best = len(cards) - 1 - list(cards)[::-1].index(d)
    return best


# -- Schweinchen, Superschweinchen, Hyperschweinchen (house rules, issue 21, helper pigs) ------
#: The card orders with Schweinchen announced are numbered dynamically, clear of the fixed
#: orders: ``PIG_ORDER_BASE + 4 * base + level - 1`` for a base order (an index into
#: :data:`ORDERS`) whose trumps hold an ace (its *pig suit*: ♦ in a Normalspiel, the trump
#: suit in a Farbsolo) and a pig level: 1 Schweinchen (the two aces on top), 2 also the
#: Superschweinchen (the two tens above them), 3 also the Hyperschweinchen (the two nines above
#: those), 4 as 3 but the kings (a game without nines).
PIG_ORDER_BASE = 64
#: The ranks moved to the top at each pig level, highest first.
PIG_RANKS: dict[int, tuple[int, ...]] = {
    1: (ACE,), 2: (TEN, ACE), 3: (NINE, TEN, ACE), 4: (KING, TEN, ACE),
}


def pig_suit(order: CardOrder) -> int:
    """The suit whose ace is a trump in ``order`` (the suit the Schweinchen come from), or -1.

    >>> pig_suit(ORDERS[NORMAL_ORDER]) == DIAMONDS, pig_suit(ORDERS[QUEENS_ORDER])
    (True, -1)
    """
    for k in order.trumps:
        if k % 6 == ACE:
            return k // 6
    return -1


def pig_order(base: int, level: int) -> int:
    """The index of ``base``'s card order with the pigs of ``level`` (1 to 4) on top.

    >>> [card_code(k) for k in card_order(pig_order(NORMAL_ORDER, 2)).trumps][:4]
    ['TD', 'AD', 'TH', 'QC']
    """
    if not 0 <= base < len(ORDERS) or level not in PIG_RANKS or pig_suit(ORDERS[base]) < 0:
        raise ValueError(f"no Schweinchen order for card order {base} and level {level}")
    return PIG_ORDER_BASE + 4 * base + level - 1


def _pig_orders() -> dict[int, CardOrder]:
    out: dict[int, CardOrder] = {}
    for base, order in enumerate(ORDERS):
        suit = pig_suit(order)
        if suit < 0:
            continue
        for level, ranks in PIG_RANKS.items():
            pigs = [kind(suit, r) for r in ranks]
            trumps = pigs + [k for k in order.trumps if k not in pigs]
            plain = tuple(r for r in _ALL if any(k % 6 == r for k in range(NUM_KINDS)
                                                 if k not in trumps))
            made = _make_order(f"{order.name}_pigs{level}", trumps, plain)
            out[PIG_ORDER_BASE + 4 * base + level - 1] = CardOrder(
                made.name, made.trumps, made.eff_suit, made.power, made.follow, made.sort_key,
                order.dulle)
    return out


#: The Schweinchen orders by index (see :data:`PIG_ORDER_BASE`).
PIG_ORDERS: dict[int, CardOrder] = _pig_orders()


def card_order(index: int) -> CardOrder:
    """The card order with ``index``: one of :data:`ORDERS` or of :data:`PIG_ORDERS`; raises
    ``IndexError`` for an index that names none."""
    if 0 <= index < len(ORDERS):
        return ORDERS[index]
    try:
        return PIG_ORDERS[index]
    except KeyError:
        raise IndexError(f"no card order {index}") from None


def order_index(order: CardOrder) -> int:
    """The index of ``order`` (:func:`card_order`'s inverse)."""
    for i, o in enumerate(ORDERS):
        if o is order:
            return i
    for i, o in PIG_ORDERS.items():
        if o is order:
            return i
    raise ValueError(f"not a card order of doko: {order.name}")
