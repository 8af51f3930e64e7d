"""Cards, notation and Augen (TSR 2.2).

A Doppelkopf deck holds 24 card *kinds*, each twice. A kind is a small int::

    kind = suit * 6 + rank

with suits ``C S H D`` (Kreuz, Pik, Herz, Karo) = 0..3 and ranks ``9 J Q K T A`` = 0..5.
Card codes are rank + suit (``"QC"`` is a Kreuz-Dame, ``"TH"`` a Dulle); ``"10"`` is accepted
for ``T``.

A hand is an int bit set: bit ``k`` holds the first copy of kind ``k``, bit ``k + 24`` the
second. The second-copy bit is only ever set together with the first.

>>> parse_card("QC") == QC
True
>>> card_code(parse_card("10H")), card_symbol(TH), card_name_de(QC)
('TH', '♥10', 'Kreuz-Dame')
>>> hand_kinds(hand_from_codes(["AD", "AD", "9C"]))
[0, 23, 23]
"""

from __future__ import annotations

from collections.abc import Iterable

from doko.engine.texts import text

CLUBS, SPADES, HEARTS, DIAMONDS = 0, 1, 2, 3
NINE, JACK, QUEEN, KING, TEN, ACE = 0, 1, 2, 3, 4, 5

SUIT_CHARS = "CSHD"
RANK_CHARS = "9JQKTA"
SUIT_SYMBOLS = "♣♠♥♦"
#: The suits and ranks as the text catalogue names them (keys ``card.suit.<suit>``,
#: ``card.rank.<rank>``), in suit and rank order.
SUIT_KEYS = ("clubs", "spades", "hearts", "diamonds")
RANK_KEYS = ("nine", "jack", "queen", "king", "ten", "ace")
#: Suit names as labels (``"Kreuz"``, ``"Clubs"``), from the catalogue.
SUIT_NAMES_DE = tuple(text("card.suit." + s, "de") for s in SUIT_KEYS)
SUIT_NAMES_EN = tuple(text("card.suit." + s, "en") for s in SUIT_KEYS)
RANK_SYMBOLS_DE = ("9", "B", "D", "K", "10", "A")
RANK_SYMBOLS_EN = ("9", "J", "Q", "K", "10", "A")
#: Rank names (``"Dame"``, ``"queen"``), from the catalogue.
RANK_NAMES_DE = tuple(text("card.rank." + r, "de") for r in RANK_KEYS)
RANK_NAMES_EN = tuple(text("card.rank." + r, "en") for r in RANK_KEYS)

#: Augen by rank (TSR 2.2.2): 9 0, J 2, Q 3, K 4, 10 10, A 11.
RANK_EYES = (0, 2, 3, 4, 10, 11)

NUM_KINDS = 24
KIND_MASK = (1 << NUM_KINDS) - 1
FULL_DECK = (1 << 48) - 1


def kind(suit: int, rank: int) -> int:
    """The card kind of ``rank`` in ``suit``."""
    return suit * 6 + rank


def suit_of(k: int) -> int:
    """The printed suit (0..3) of kind ``k``."""
    return k // 6


def rank_of(k: int) -> int:
    """The rank (0..5) of kind ``k``."""
    return k % 6


#: Augen of each kind.
EYES: tuple[int, ...] = tuple(RANK_EYES[k % 6] for k in range(NUM_KINDS))

QC = kind(CLUBS, QUEEN)  # Kreuz-Dame (the "Alten")
TH = kind(HEARTS, TEN)  # Herz-Zehn (Dulle)
AD = kind(DIAMONDS, ACE)  # Karo-Ass (Fuchs)
JC = kind(CLUBS, JACK)  # Kreuz-Bube (Karlchen)
KD = kind(DIAMONDS, KING)  # Karo-König (the Genscher's card, house rule)


def card_code(k: int) -> str:
    """Rank + suit code, e.g. ``"QC"``."""
    return RANK_CHARS[k % 6] + SUIT_CHARS[k // 6]


def card_symbol(k: int, lang: str = "de") -> str:
    """Suit symbol + rank, e.g. ``"♣D"`` (German) or ``"♣Q"`` (English)."""
    ranks = RANK_SYMBOLS_DE if lang == "de" else RANK_SYMBOLS_EN
    return SUIT_SYMBOLS[k // 6] + ranks[k % 6]


def _full_names(lang: str) -> tuple[str, ...]:
    """Every kind's full name in ``lang``, built once from the catalogue (``card.name``)."""
    return tuple(
        text("card.name", lang, suit=text("card.of_suit." + SUIT_KEYS[k // 6], lang),
             rank=text("card.rank." + RANK_KEYS[k % 6], lang))
        for k in range(NUM_KINDS)
    )


_NAMES_DE = _full_names("de")
_NAMES_EN = _full_names("en")


def card_name_de(k: int) -> str:
    """German name, e.g. ``"Kreuz-Dame"``."""
    return _NAMES_DE[k]


def card_name_en(k: int) -> str:
    """English name, e.g. ``"queen of clubs"``."""
    return _NAMES_EN[k]


def card_name(k: int, lang: str = "de") -> str:
    """Full card name in ``lang`` (``"de"`` or ``"en"``)."""
    return _NAMES_DE[k] if lang == "de" else _NAMES_EN[k]


_CODES: dict[str, int] = {}
for _k in range(NUM_KINDS):
    _code = card_code(_k)
    _CODES[_code] = _k
    _CODES[_code.lower()] = _k
    if _code[0] == "T":
        _CODES["10" + _code[1]] = _k
        _CODES["10" + _code[1].lower()] = _k


class CardError(ValueError):
    """A card code that is not one of the 24 Doppelkopf cards, or a third copy of one.

    ``key`` names the text (the catalogue's ``card.error.<key>``), ``params`` fill it in; the
    message is in English (``str``) and German (:meth:`text`).
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``)."""
        return text("card.error." + self.key, "de" if lang == "de" else "en", **self.params)


def parse_card(code: str) -> int:
    """The kind for a card code (``"QC"``, ``"10H"``, ``"th"``); raises :class:`CardError`."""
    try:
        return _CODES[code.strip()]
    except (KeyError, AttributeError):
        raise CardError("unknown", code=code) from None


def is_card_code(code: object) -> bool:
    """True if ``code`` is a valid card code string."""
    return isinstance(code, str) and code.strip() in _CODES


# ---------------------------------------------------------------------------------------------
# Hands as bit sets


def hand_add(hand: int, k: int) -> int:
    """``hand`` with one more card of kind ``k``; raises if it already holds both copies."""
    if not hand >> k & 1:
        return hand | 1 << k
    if not hand >> (k + 24) & 1:
        return hand | 1 << (k + 24)
    raise CardError("third", code=card_code(k))


def hand_remove(hand: int, k: int) -> int:
    """``hand`` with one card of kind ``k`` less (caller checks that it holds one)."""
    if hand >> (k + 24) & 1:
        return hand ^ 1 << (k + 24)
    return hand ^ 1 << k


def hand_count(hand: int, k: int) -> int:
    """How many copies (0..2) of kind ``k`` the hand holds."""
    return (hand >> k & 1) + (hand >> (k + 24) & 1)


def hand_size(hand: int) -> int:
    """Number of cards in the hand."""
    return hand.bit_count()


def hand_kinds(hand: int) -> list[int]:
    """The cards of a hand as a sorted list of kinds, duplicates repeated."""
    out = []
    for k in range(NUM_KINDS):
        if hand >> k & 1:
            out.append(k)
            if hand >> (k + 24) & 1:
                out.append(k)
    return out


def hand_from_kinds(kinds: Iterable[int]) -> int:
    """The bit set holding ``kinds``."""
    hand = 0
    for k in kinds:
        hand = hand_add(hand, k)
    return hand


def hand_from_codes(codes: Iterable[str]) -> int:
    """The bit set holding the cards named by ``codes``."""
    return hand_from_kinds(parse_card(c) for c in codes)


def hand_eyes(hand: int) -> int:
    """Augen in a hand."""
    return sum(EYES[k] for k in hand_kinds(hand))


def deck() -> list[int]:
    """The 48 cards as kinds, each kind twice, in kind order."""
    return [k for k in range(NUM_KINDS) for _ in range(2)]
