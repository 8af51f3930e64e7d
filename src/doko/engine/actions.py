"""The action vocabulary: everything a seat can do, as small ints.

An action is ``seat * 64 + code`` (type :data:`Action`). This module owns that encoding: other
modules build and take apart actions only with :func:`encode`, :func:`seat_of` and
:func:`code_of`, or in hot loops with the tables :data:`ACTIONS`, :data:`SEAT_OF` and
:data:`CODE_OF` (one index, no cheaper than the bit operations but no dearer either). Parties,
phases, contracts and call levels are the enums of :mod:`doko.engine.vocab`. Codes:

=========  =====================================================================
0..23      play the card of that kind (two equal cards are one action)
24         ``healthy`` ("gesund") in the Vorbehaltsabfrage
25         ``reservation`` ("Vorbehalt")
26..32     name a solo: diamonds, hearts, spades, clubs, queens, jacks, meatless
33         name a Hochzeit (``marriage``)
34         ``pass`` when asked for a Pflicht- or Lustsolo (only the holder of both ♣Q)
35, 36     the first Ansage ``re`` / ``kontra``
37..40     the Absagen ``no90`` ``no60`` ``no30`` ``black`` (lower levels implied)
41         ``concede`` (the soloist gives up the rest, TSR 5.4.6)
42         ``claim`` (the soloist takes all remaining tricks, TSR 5.4.4)
43         ``withdraw``: take back one's Vorbehalt while TSR 4.1.2 allows it
44         ``armut``: name an Armut as one's Vorbehalt (house rule)
45, 46     ``take`` / ``refuse`` an Armut when asked (house rule)
47         ``throw``: Schmeißen in the Vorbehaltsabfrage (house rule)
48..50     ``pigs``, ``superpigs``, ``hyperpigs``: announce Schweinchen, Super- and
           Hyperschweinchen (house rules, ``Rules.pigs``)
54..58     name a picture solo (house rules): kings, queens_jacks, kings_queens,
           kings_jacks, koehler
51..53     ``genscher``: after playing the second ♦K, name the seat 1, 2 or 3 places on as
           the new partner (house rule, ``Rules.genscher``; record form
           ``{"action": "genscher", "partner": seat}``)
=========  =====================================================================

>>> a = encode(2, PLAY_BASE + parse_card("QC"))
>>> to_dict(a)
{'seat': 2, 'action': 'play', 'card': 'QC'}
>>> from_dict({"seat": 1, "action": "call", "call": "no90"}) == encode(1, NO90)
True
>>> describe(from_dict({"seat": 0, "action": "solo", "solo": "queens"}), "en")
'seat 1: Solo (queens solo (Damensolo))'

Records and actions number the seats 0..3; texts for people (:func:`describe`) show them as
1..4.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import NewType

from doko.engine.cards import card_code, card_name, parse_card
from doko.engine.contracts import SOLO_CONTRACTS, SOLO_NAMES
from doko.engine.texts import lang_of, text
from doko.engine.vocab import CallLevel, Party

PLAY_BASE = 0
HEALTHY = 24
RESERVATION = 25
SOLO_BASE = 26  # + index into SOLO_NAMES (the seven solos of the TSR)
MARRIAGE = 33
PASS = 34
CALL_RE = 35
CALL_KONTRA = 36
NO90, NO60, NO30, BLACK = 37, 38, 39, 40
CONCEDE = 41
CLAIM = 42
WITHDRAW = 43
# Armut and Schmeißen (house rules, doko.engine.armut)
ARMUT = 44
TAKE = 45
REFUSE = 46
THROW = 47
# Schweinchen, Superschweinchen, Hyperschweinchen (house rules, issue 21, helper pigs)
PIGS, SUPERPIGS, HYPERPIGS = 48, 49, 50
#: The pig announcements by level (1 Schweinchen, 2 Super-, 3 Hyperschweinchen): code of level
#: ``n`` is ``PIG_CODES[n - 1]``.
PIG_CODES = (PIGS, SUPERPIGS, HYPERPIGS)
#: Name a picture solo (house rules, docs/rules.md "Weitere Soli"): ``PICTURE_SOLO_BASE + i``
#: names ``SOLO_CONTRACTS[7 + i]`` (Königssolo, Damen-Buben-, Könige-Damen-, Könige-Buben-Solo,
#: Köhler).
PICTURE_SOLO_BASE = 54
PICTURE_SOLO_LAST = PICTURE_SOLO_BASE + len(SOLO_CONTRACTS) - 8

#: The action code naming each solo, in the order of ``SOLO_CONTRACTS`` / ``SOLO_NAMES``.
SOLO_CODES: tuple[int, ...] = (
    *range(SOLO_BASE, SOLO_BASE + 7), *range(PICTURE_SOLO_BASE, PICTURE_SOLO_LAST + 1)
)
#: ``SOLO_INDEX[code]``: the index into ``SOLO_CONTRACTS`` of a solo-naming code, else -1.
SOLO_INDEX: tuple[int, ...] = tuple(
    SOLO_CODES.index(c) if c in SOLO_CODES else -1 for c in range(64)
)
# Genscher (house rule, issue 21, helper genscher): code ``GENSCHER_BASE + k`` names the seat
# ``k`` places after the Genscher (k = 1, 2, 3) as the new partner
GENSCHER_BASE = 50
GENSCHER_CODES = (GENSCHER_BASE + 1, GENSCHER_BASE + 2, GENSCHER_BASE + 3)


def genscher_partner(seat: int, code: int) -> int:
    """The seat named by ``seat``'s Genscher action ``code`` (51..53).

    >>> genscher_partner(3, GENSCHER_CODES[0]), genscher_partner(1, GENSCHER_CODES[2])
    (0, 0)
    """
    return (seat + code - GENSCHER_BASE) & 3


def genscher_naming(seat: int, partner: int) -> int:
    """The Genscher code with which ``seat`` names ``partner`` (another seat)."""
    if not 0 <= partner <= 3 or partner == seat:
        raise ActionFormatError("partner", value=partner)
    return GENSCHER_BASE + ((partner - seat) & 3)

#: The call codes in order: Re, Kontra, then the Absagen keine 90 ... schwarz.
CALL_CODES = (CALL_RE, CALL_KONTRA, NO90, NO60, NO30, BLACK)
#: The record names of the call codes (``"re"``, ``"kontra"``, ``"no90"`` ...), from
#: :class:`~doko.engine.vocab.CallLevel` (kept for the web server's schema).
CALL_NAMES = (
    Party.RE.record_name, Party.KONTRA.record_name,
    *(level.call_name(Party.RE) for level in CallLevel if level > 1),
)

#: An action: ``seat * 64 + code``; a NewType, so that the type checker tells actions from
#: other ints (make them with :func:`encode` or :data:`ACTIONS`).
Action = NewType("Action", int)

#: Number of action codes (0 up to the highest code used).
NUM_CODES = max(WITHDRAW, ARMUT, TAKE, REFUSE, THROW, *PIG_CODES, *GENSCHER_CODES,
                PICTURE_SOLO_LAST) + 1


def is_solo_code(code: int) -> bool:
    """True for a code that names a solo (26..32, 54..58)."""
    return SOLO_INDEX[code] >= 0 if 0 <= code < 64 else False


def solo_code(name: str) -> int:
    """The code naming the solo called ``name`` in records (``"queens"``, ``"koehler"``)."""
    return SOLO_CODES[SOLO_NAMES.index(name)]


def encode(seat: int, code: int) -> Action:
    """The action of ``seat`` with ``code``."""
    return seat << 6 | code  # type: ignore[return-value]


def seat_of(action: Action) -> int:
    """The seat that takes ``action``."""
    return action >> 6


def code_of(action: Action) -> int:
    """The action code (seat removed)."""
    return action & 63


#: ``ACTIONS[seat][code]``: the action, for hot loops (seats 0..3, codes below NUM_CODES).
ACTIONS: tuple[tuple[Action, ...], ...] = tuple(
    tuple(encode(seat, code) for code in range(NUM_CODES)) for seat in range(4)
)
#: ``SEAT_OF[action]`` and ``CODE_OF[action]``: :func:`seat_of` and :func:`code_of` as table
#: look-ups, for hot loops (every action of seats 0..3).
SEAT_OF: tuple[int, ...] = tuple(seat_of(Action(a)) for a in range(256))
CODE_OF: tuple[int, ...] = tuple(code_of(Action(a)) for a in range(256))

_CALL_LEVEL_OF = {
    code: CallLevel(1 if code <= CALL_KONTRA else code - NO90 + 2) for code in CALL_CODES
}


def call_level(code: int) -> CallLevel:
    """Level 1..5 of a call code (ValueError for another code)."""
    try:
        return _CALL_LEVEL_OF[code]
    except KeyError:
        raise ValueError(f"not a call code: {code!r}") from None


def call_code_for(level: int, is_re: bool) -> int:
    """The call code for ``level`` made by a seat of party Re (``is_re``) or Kontra."""
    if level == 1:
        return CALL_RE if is_re else CALL_KONTRA
    return NO90 + level - 2


class ActionFormatError(ValueError):
    """A record's action entry that is not a well-formed action.

    ``key`` names the text (the catalogue's ``record.action.<key>``), ``params`` fill it in
    (plain data: the values of the entry, as in the record); the message is in English
    (``str``) and German (:meth:`text`).

    >>> e = ActionFormatError("unknown", value="fold")
    >>> str(e), e.text("de")
    ("unknown action 'fold'", "unbekannte Aktion 'fold'")
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``)."""
        return text("record.action." + self.key, lang_of(lang), **self.params)


_SIMPLE = {
    HEALTHY: "healthy",
    RESERVATION: "reservation",
    MARRIAGE: "marriage",
    PASS: "pass",
    CONCEDE: "concede",
    CLAIM: "claim",
    WITHDRAW: "withdraw",
    ARMUT: "armut",
    TAKE: "take",
    REFUSE: "refuse",
    THROW: "throw",
    PIGS: "pigs",
    SUPERPIGS: "superpigs",
    HYPERPIGS: "hyperpigs",
}
_SIMPLE_BY_NAME = {v: k for k, v in _SIMPLE.items()}


def to_dict(action: Action) -> dict[str, object]:
    """The record form of an action: ``{"seat": s, "action": NAME, ...}``."""
    seat, code = seat_of(action), code_of(action)
    out: dict[str, object] = {"seat": seat}
    if code < 24:
        out["action"] = "play"
        out["card"] = card_code(code)
    elif code in _SIMPLE:
        out["action"] = _SIMPLE[code]
    elif is_solo_code(code):
        out["action"] = "solo"
        out["solo"] = SOLO_NAMES[SOLO_INDEX[code]]
    elif CALL_RE <= code <= BLACK:
        out["action"] = "call"
        out["call"] = CALL_NAMES[code - CALL_RE]
    elif code in GENSCHER_CODES:
        out["action"] = "genscher"
        out["partner"] = genscher_partner(seat, code)
    else:
        raise ActionFormatError("no_code", code=code)
    return out


def from_dict(obj: Mapping[str, object]) -> Action:
    """Parse a record action entry; raises :class:`ActionFormatError` naming what is wrong."""
    if not isinstance(obj, Mapping):
        raise ActionFormatError("not_object", value=obj)
    seat = obj.get("seat")
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat <= 3:
        raise ActionFormatError("seat", value=seat)
    name = obj.get("action")
    allowed = {"seat", "action"}
    code: int
    if name == "play":
        allowed.add("card")
        card = obj.get("card")
        if not isinstance(card, str):
            raise ActionFormatError("card", value=card)
        code = parse_card(card)
    elif name == "solo":
        allowed.add("solo")
        solo = obj.get("solo")
        if solo not in SOLO_NAMES:
            raise ActionFormatError("solo", names=", ".join(SOLO_NAMES), value=solo)
        code = solo_code(str(solo))
    elif name == "call":
        allowed.add("call")
        call = obj.get("call")
        if call not in CALL_NAMES:
            raise ActionFormatError("call", names=", ".join(CALL_NAMES), value=call)
        code = CALL_RE + CALL_NAMES.index(str(call))
    elif name == "genscher":
        allowed.add("partner")
        partner = obj.get("partner")
        if (not isinstance(partner, int) or isinstance(partner, bool) or not 0 <= partner <= 3
                or partner == seat):
            raise ActionFormatError("partner", value=partner)
        code = genscher_naming(seat, partner)
    elif isinstance(name, str) and name in _SIMPLE_BY_NAME:
        code = _SIMPLE_BY_NAME[name]
    else:
        raise ActionFormatError("unknown", value=name)
    extra = set(obj) - allowed
    if extra:
        raise ActionFormatError("extra_keys", keys=sorted(extra), value=name)
    return encode(seat, code)


#: Catalogue keys (doko.engine.texts) of the actions that are one word or phrase.
_SIMPLE_KEYS = {
    HEALTHY: "action.healthy",
    RESERVATION: "action.reservation",
    MARRIAGE: "action.marriage",
    PASS: "action.pass",
    CONCEDE: "action.concede",
    CLAIM: "action.claim",
    WITHDRAW: "action.withdraw",
    ARMUT: "action.armut",
    TAKE: "action.take",
    REFUSE: "action.refuse",
    THROW: "action.throw",
    PIGS: "action.pigs",
    SUPERPIGS: "action.superpigs",
    HYPERPIGS: "action.hyperpigs",
}


def code_text(code: int, lang: str = "de") -> str:
    """Human text of an action code, e.g. ``"keine 90"`` or ``"♣D"``-style card names."""
    if code < 24:
        return card_name(code, lang)
    if code in _SIMPLE:
        return text(_SIMPLE_KEYS[code], "de" if lang == "de" else "en")
    if is_solo_code(code):
        return f"Solo ({SOLO_CONTRACTS[SOLO_INDEX[code]].label(lang)})"
    if CALL_RE <= code <= BLACK:
        return call_level(code).label(Party.KONTRA if code == CALL_KONTRA else Party.RE)
    if code in GENSCHER_CODES:
        return text("action.genscher", "de" if lang == "de" else "en", k=code - GENSCHER_BASE)
    raise ActionFormatError("no_code", code=code)


def describe(action: Action, lang: str = "de") -> str:
    """One line for an action, seats shown as 1..4: ``"Platz 2: keine 90"`` is the second
    seat (engine seat 1).

    >>> describe(encode(1, NO90))
    'Platz 2: keine 90'
    """
    seat, code = seat_of(action), code_of(action)
    lang = "de" if lang == "de" else "en"
    if code in GENSCHER_CODES:  # house rule: the named seat, shown 1..4
        return text("action.seat", lang, n=seat + 1, action=text(
            "action.genscher_seat", lang, n=genscher_partner(seat, code) + 1))
    return text("action.seat", lang, n=seat + 1, action=code_text(code, lang))
