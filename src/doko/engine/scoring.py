"""Scoring of one finished game by the DDV tournament rules (TSR 7.1 and 7.2).

The input is a :class:`GameSummary`: the contract, Re's Augen and tricks, the highest call of each
party and the Sonderpunkte each party won. :func:`score` decides the winner (TSR 7.1), lists every
point as a :class:`LineItem` naming its TSR clause, and nets the two sides into per-player scores
(TSR 7.2.2 to 7.2.4). Pure standard library.

Scoring works in the JSON vocabulary: parties, winners and calls are the record names of
:class:`doko.engine.vocab.Party` and :class:`doko.engine.vocab.CallLevel` (``"re"``, ``"kontra"``,
``"no90"`` ...), and every name and label here comes from those enums.

>>> s = score(GameSummary("normal", re_eyes=130, re_calls=1))
>>> s.winner, s.value, s.re_score, s.kontra_score
('re', 3, 3, -3)
>>> [(i.points, i.de) for i in s.items]
[(1, 'gewonnen'), (2, '„Re“ angesagt')]
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cache
from typing import TYPE_CHECKING

from doko.engine.texts import lang_of
from doko.engine.texts import text as _text
from doko.engine.vocab import CallLevel, Contract, Party

if TYPE_CHECKING:
    from doko.engine.rules import Rules

#: The parties by their record names (``Party.RE.record_name`` ...).
RE, KONTRA = Party.RE.record_name, Party.KONTRA.record_name
PARTIES = (RE, KONTRA)
#: The scoring name of a Normalspiel after an Armut (house rule): scored as a Normalspiel of Re
#: (the poor seat and its taker) against Kontra, its line items naming the Armut.
ARMUT = "armut"
#: Contracts with Sonderpunkte (TSR 7.2.3): the Normalspiel, also after an announced Hochzeit
#: or an Armut.
NORMAL_CONTRACTS = (Contract.NORMAL.record_name, Contract.MARRIAGE.record_name, ARMUT)
#: The contracts scoring tells apart: every solo (also a Hochzeit turned Karo solo) is "solo".
CONTRACTS = (*NORMAL_CONTRACTS, Contract.SILENT_MARRIAGE.record_name, "solo")

#: The JSON names of the call levels of each party, index = level (0: none, JSON null).
CALL_NAMES_RE = (None, *(level.call_name(Party.RE) for level in CallLevel))
CALL_NAMES_KONTRA = (None, *(level.call_name(Party.KONTRA) for level in CallLevel))
BLACK = CallLevel.BLACK
#: Absage level -> the opponents must stay below this many Augen (TSR 7.1.1/7.1.2 items 5, 7).
_UNDER = {2: 90, 3: 60, 4: 30}
#: Absage level -> Augen the opponents must reach to score against it (TSR 7.2.2 (e), (f)).
_REACH = {2: 120, 3: 90, 4: 60, 5: 30}
_CARD_EYES = (0, 2, 3, 4, 10, 11)  # 9, Bube, Dame, König, Zehn, Ass; each 8 times in the deck


class ScoringInputError(ValueError):
    """A game summary that cannot describe a real game; the message names the field and value.

    ``key`` names the text in the catalogue (``score_input.<key>`` in :mod:`doko.engine.texts`),
    ``params`` its values; ``str(e)`` is English, :meth:`text` gives German or English.

    >>> e = ScoringInputError("missing", field="re_eyes")
    >>> str(e), e.text("de")
    ('re_eyes: missing', 're_eyes: fehlt')
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = dict(params)
        super().__init__(self.text("en"))

    def text(self, lang: str = "de") -> str:
        """The message in ``lang`` (``"de"``, the default, or ``"en"``)."""
        params = dict(self.params)
        for name, value in self.params.items():  # ``why_key``: the text ``why`` from the catalogue
            if name.endswith("_key") and isinstance(value, str):
                params[name[:-4]] = _text(value, lang)
        return _text("score_input." + self.key, lang, **params)


def _label(party: str) -> str:
    """``"Re"`` / ``"Kontra"`` for a party's record name."""
    return Party.from_record_name(party).label


def other(party: str) -> str:
    """The opposing party: ``other("re") == "kontra"``."""
    return KONTRA if party == RE else RE


@cache
def _eye_sums(nines: bool = True) -> tuple[int, ...]:
    """Entry ``k``: bit ``a`` is set iff some ``k`` cards of the deck hold ``a`` Augen (the
    48-card deck, or the 40 cards without nines)."""
    values = _CARD_EYES if nines else _CARD_EYES[1:]
    masks = [1] + [0] * (8 * len(values))
    for n, eyes in enumerate(values * 8):
        for k in range(n, -1, -1):
            masks[k + 1] |= masks[k] << eyes
    return tuple(masks)


def _possible(eyes: int, tricks: int, nines: bool = True) -> bool:
    """Whether ``tricks`` tricks (4 cards each) can hold exactly ``eyes`` Augen.

    >>> _possible(0, 2), _possible(0, 3), _possible(39, 1), _possible(40, 1)
    (True, False, False, True)
    >>> _possible(0, 1, nines=False)
    False
    """
    return bool(_eye_sums(nines)[4 * tricks] >> eyes & 1)


def _check_int(name: str, value: object, low: int, high: int) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ScoringInputError("not_int", field=name, value=repr(value))
    if not low <= value <= high:
        raise ScoringInputError("out_of_range", field=name, value=value, low=low, high=high)
    return value


@dataclass(frozen=True)
class Extras:
    """Sonderpunkte won BY one party (TSR 7.2.3); checked by :class:`GameSummary`."""

    doppelkopf: int = 0  # tricks of >= 40 Augen won by the party
    fox: int = 0  # ♦A of the OTHER party caught by this party
    charlie: int = 0  # 1: a ♣J of this party won the last trick
    # the further Sonderpunkte (house rules, ``Rules.charlie_caught`` ..., docs/rules.md):
    charlie_caught: int = 0  # ♣J of the OTHER party in the last trick, won by this party
    fox_last: int = 0  # 1: a ♦A of this party won the last trick
    dulle_caught: int = 0  # ♥10 of the OTHER party caught by this party
    # Karlchen im Solo, Doppelkopf thresholds (house rules ``Rules.charlie_solo``,
    # ``Rules.doppelkopf_eyes``; issue 21, helper pigs):
    charlie_solo: int = 0  # 1: a ♣J of this party won the last trick of a solo
    doppelkopf_low: int = 0  # tricks of the threshold (30 or 35) to 39 Augen won by the party

    def total(self) -> int:
        return sum(getattr(self, k) for k in EXTRA_KEYS)

    def to_json(self) -> dict[str, object]:
        """The three TSR Sonderpunkte always, a house rule's only when it counted."""
        out: dict[str, object] = {
            "doppelkopf": self.doppelkopf, "fox": self.fox, "charlie": self.charlie,
        }
        for key in HOUSE_EXTRA_KEYS:
            if getattr(self, key):
                out[key] = getattr(self, key)
        return out


#: The Sonderpunkte (the fields of :class:`Extras`), in the order the native core counts them.
EXTRA_KEYS = tuple(f.name for f in fields(Extras))
#: The Sonderpunkte of house rules (each counts only when its option in ``Rules`` is on).
HOUSE_EXTRA_KEYS = ("charlie_caught", "fox_last", "dulle_caught", "charlie_solo",
                    "doppelkopf_low")
#: The one Sonderpunkt a solo can have (house rule "Karlchen im Solo").
SOLO_EXTRA_KEYS = ("charlie_solo",)
#: Most of each Sonderpunkt in one game, for one party and for both together.
_EXTRA_MAX = {"doppelkopf": 6, "fox": 2, "charlie": 1, "charlie_caught": 2, "fox_last": 1,
              "dulle_caught": 2, "charlie_solo": 1, "doppelkopf_low": 8}
#: Per Sonderpunkt: Augen the party's tricks hold at least per count, and whether each count
#: needs a trick of its own (else one trick is enough for all).
_EXTRA_NEEDS = {"doppelkopf": (40, True), "fox": (11, False), "charlie": (2, True),
                "charlie_caught": (2, False), "fox_last": (11, True), "dulle_caught": (10, False),
                "charlie_solo": (2, True), "doppelkopf_low": (30, True)}
_SUMMARY_KEYS = (
    "contract", "re_eyes", "re_tricks", "re_calls", "kontra_calls", "extras", "nines"
)


@dataclass(frozen=True)
class GameSummary:
    """What scoring needs to know about a finished game; validated on construction.

    ``re_calls``/``kontra_calls`` are the highest level called (0 none, 1 Re/Kontra, 2 keine 90,
    3 keine 60, 4 keine 30, 5 schwarz); lower levels count as made (TSR 6.4.3).
    ``nines=False``: a game without nines (house rule), 10 tricks of 40 cards.
    """

    contract: str
    re_eyes: int
    re_tricks: int | None = None
    re_calls: int = 0
    kontra_calls: int = 0
    re_extras: Extras = Extras()
    kontra_extras: Extras = Extras()
    nines: bool = True

    @property
    def total_tricks(self) -> int:
        """Tricks in the game: 12, or 10 without nines."""
        return 12 if self.nines else 10

    def __post_init__(self) -> None:
        if self.contract not in CONTRACTS:
            raise ScoringInputError("not_one_of", field="contract", value=repr(self.contract),
                                    allowed=", ".join(CONTRACTS))
        _check_int("re_eyes", self.re_eyes, 0, 240)
        if not isinstance(self.nines, bool):
            raise ScoringInputError("not_bool", field="nines", value=repr(self.nines))
        total = self.total_tricks
        if self.re_tricks is not None:
            _check_int("re_tricks", self.re_tricks, 0, total)
        _check_int("re_calls", self.re_calls, 0, 5)
        _check_int("kontra_calls", self.kontra_calls, 0, 5)
        if self.re_tricks is None:
            if self.re_eyes in (0, 240):
                party = "Re" if self.re_eyes == 0 else "Kontra"
                raise ScoringInputError("tricks_needed", eyes=self.re_eyes, party=party)
            if not any(_possible(self.re_eyes, t, self.nines) for t in range(1, total)):
                raise ScoringInputError("no_set", eyes=self.re_eyes)
        elif not _possible(self.re_eyes, self.re_tricks, self.nines):
            raise ScoringInputError(
                "tricks_eyes", tricks=self.re_tricks, cards=4 * self.re_tricks, eyes=self.re_eyes,
                other_tricks=total - self.re_tricks, other_eyes=240 - self.re_eyes,
            )
        if self.contract == Contract.MARRIAGE.record_name and self.re_tricks == 0:
            # Re owns the Klärungsstich: the partner is the one who won it (TSR 4.4.3 a)
            raise ScoringInputError("marriage_no_trick")
        self._check_extras()

    def _check_extras(self) -> None:
        for party in PARTIES:
            ex = self.extras(party)
            if not isinstance(ex, Extras):
                raise ScoringInputError("extras_type", field=f"{party}_extras", value=repr(ex))
            for key, most in _EXTRA_MAX.items():
                _check_int(f"extras.{party}.{key}", getattr(ex, key), 0, most)
        solo_only = sum(getattr(self.extras(p), k) for p in PARTIES for k in SOLO_EXTRA_KEYS)
        if self.solo and self.re_extras.total() + self.kontra_extras.total() > solo_only:
            raise ScoringInputError("extras_solo", contract=repr(self.contract))
        if not self.solo and solo_only:
            raise ScoringInputError("extras_not_solo", contract=repr(self.contract))
        for key in EXTRA_KEYS:
            both = getattr(self.re_extras, key) + getattr(self.kontra_extras, key)
            if both > _EXTRA_MAX[key]:
                raise ScoringInputError("extras_both", key=key, both=both,
                                        most=_EXTRA_MAX[key], why_key=f"score_input.why_{key}")
        for party in PARTIES:
            ex, eyes, tricks, name = (
                self.extras(party), self.eyes(party), self.tricks(party), _label(party)
            )
            for key in EXTRA_KEYS:
                count = getattr(ex, key)
                per_eyes, own_trick = _EXTRA_NEEDS[key]
                eyes_needed = per_eyes * count
                tricks_needed = count if own_trick else min(count, 1)
                if eyes < eyes_needed:
                    raise ScoringInputError(
                        "extras_eyes", field=f"extras.{party}.{key}", count=count,
                        need=eyes_needed, name=name, eyes=eyes, re_eyes=self.re_eyes,
                    )
                if tricks is not None and tricks < tricks_needed:
                    raise ScoringInputError(
                        "extras_tricks", field=f"extras.{party}.{key}", count=count,
                        need=tricks_needed, name=name, tricks=tricks, re_tricks=self.re_tricks,
                    )

    # -- per-party views -------------------------------------------------------------------

    def eyes(self, party: str) -> int:
        return self.re_eyes if party == RE else 240 - self.re_eyes

    def tricks(self, party: str) -> int | None:
        if self.re_tricks is None:
            return None
        return self.re_tricks if party == RE else self.total_tricks - self.re_tricks

    def took_trick(self, party: str) -> bool:
        """Whether the party won a trick (from Augen when tricks are unknown: 1..239 is safe)."""
        tricks = self.tricks(party)
        return self.eyes(party) > 0 if tricks is None else tricks > 0

    def calls(self, party: str) -> int:
        return self.re_calls if party == RE else self.kontra_calls

    def extras(self, party: str) -> Extras:
        return self.re_extras if party == RE else self.kontra_extras

    @property
    def solo(self) -> bool:
        """Scored like a solo (TSR 7.2.4): every solo and the stille Hochzeit."""
        return self.contract not in NORMAL_CONTRACTS

    # -- JSON ------------------------------------------------------------------------------

    @classmethod
    def from_json(cls, obj: object) -> GameSummary:
        """Build from the JSON form (see :meth:`to_json`); raises :class:`ScoringInputError`."""
        if not isinstance(obj, Mapping):
            raise ScoringInputError("not_object", field_key="score_input.summary", value=repr(obj))
        unknown = sorted(str(k) for k in obj if k not in _SUMMARY_KEYS)
        if unknown:
            raise ScoringInputError("unknown_key", field=unknown[0],
                                    allowed=", ".join(_SUMMARY_KEYS))
        for key in ("contract", "re_eyes"):
            if key not in obj:
                raise ScoringInputError("missing", field=key)
        extras = obj.get("extras")
        if extras is None:
            extras = {}
        if not isinstance(extras, Mapping):
            raise ScoringInputError("not_extras_object", field="extras", value=repr(extras))
        bad = [str(k) for k in extras if k not in PARTIES]
        if bad:
            raise ScoringInputError("unknown_party", field=f"extras.{bad[0]}")
        return cls(
            contract=obj["contract"],
            re_eyes=obj["re_eyes"],
            re_tricks=obj.get("re_tricks"),
            re_calls=_call_level("re_calls", obj.get("re_calls"), CALL_NAMES_RE),
            kontra_calls=_call_level("kontra_calls", obj.get("kontra_calls"), CALL_NAMES_KONTRA),
            re_extras=_extras_from_json("re", extras.get(RE)),
            kontra_extras=_extras_from_json("kontra", extras.get(KONTRA)),
            nines=obj.get("nines", True),
        )

    def to_json(self) -> dict[str, object]:
        out: dict[str, object] = {
            "contract": self.contract,
            "re_eyes": self.re_eyes,
            "re_tricks": self.re_tricks,
            "re_calls": CALL_NAMES_RE[self.re_calls],
            "kontra_calls": CALL_NAMES_KONTRA[self.kontra_calls],
            "extras": {RE: self.re_extras.to_json(), KONTRA: self.kontra_extras.to_json()},
        }
        if not self.nines:
            out["nines"] = False
        return out


def _call_level(field: str, value: object, names: tuple[str | None, ...]) -> int:
    if value in names and (value is None or isinstance(value, str)):
        return names.index(value)
    allowed = ", ".join("null" if n is None else n for n in names)
    raise ScoringInputError("not_one_of", field=field, value=repr(value), allowed=allowed)


def _extras_from_json(party: str, value: object) -> Extras:
    if value is None:
        return Extras()
    if not isinstance(value, Mapping):
        raise ScoringInputError("not_extras_object", field=f"extras.{party}", value=repr(value))
    bad = [str(k) for k in value if k not in EXTRA_KEYS]
    if bad:
        raise ScoringInputError("unknown_key", field=f"extras.{party}.{bad[0]}",
                                allowed=", ".join(EXTRA_KEYS))
    counts = {k: value.get(k, 0) for k in EXTRA_KEYS}
    for key, count in counts.items():  # type check here so the message names the party
        _check_int(f"extras.{party}.{key}", count, 0, _EXTRA_MAX[key])
    return Extras(**counts)


#: The parameters of a line item's text: ``(name, value)`` pairs, in the order of the catalogue
#: entry's use. As the scorers give them to :func:`line_item`, ``party`` is a party's record name
#: and ``level`` a call level (2 to 5); in :attr:`LineItem.params` they are the text's own
#: (``party`` ``"Re"``/``"Kontra"``, ``call`` ``"keine 90"`` ... ``"schwarz"``).
ItemParams = tuple[tuple[str, int | str], ...]


@dataclass(frozen=True)
class LineItem:
    """Points credited to one party for one reason of TSR 7.2.

    ``de`` and ``en`` are the texts of the catalogue entry ``key`` (``score.item.*`` in
    :mod:`doko.engine.texts`) with ``params``: ``text(key, lang, **dict(params))``. Make items
    with :func:`line_item`; the JSON form has no ``key`` and ``params``.
    """

    party: str
    points: int
    clause: str
    de: str
    en: str
    key: str = ""
    params: ItemParams = ()

    def to_json(self) -> dict[str, object]:
        return {
            "party": self.party,
            "points": self.points,
            "clause": self.clause,
            "de": self.de,
            "en": self.en,
        }


#: The prefix of the line items' catalogue keys.
ITEM_KEY_PREFIX = "score.item."


def _item_param(name: str, value: int | str) -> tuple[str, int | str]:
    """A parameter of :func:`line_item` as its text shows it: a party by its label, a call
    level by the Absage's name."""
    if name == "party" and isinstance(value, str):
        return name, _label(value)
    if name == "level" and isinstance(value, int):
        return "call", CallLevel(value).label()
    return name, value


@cache
def line_item(
    party: str, points: int, clause: str, key: str, params: ItemParams = ()
) -> LineItem:
    """The line item crediting ``points`` to ``party`` by TSR ``clause`` for the reason ``key``
    (a ``score.item.*`` key of :mod:`doko.engine.texts`); its German and English texts come from
    the catalogue with ``params`` (see :data:`ItemParams`). Both backends make every item here
    (:mod:`doko.engine.native_scoring` with the key and parameters of the native core). Items are
    frozen, so one per distinct item is made and kept.

    >>> i = line_item("kontra", 1, "7.2.2 (c)", "score.item.called",
    ...               (("party", "re"), ("level", 2)))
    >>> i.de, i.en, i.params
    ('„keine 90“ abgesagt von Re', 'Re called keine 90', (('party', 'Re'), ('call', 'keine 90')))
    """
    shown = tuple(_item_param(name, value) for name, value in params)
    values = dict(shown)
    return LineItem(party, points, clause, _text(key, "de", **values), _text(key, "en", **values),
                    key, shown)


@dataclass(frozen=True)
class Score:
    """The scored game. ``value`` >= 0 is the netted game value, credited to the party whose
    per-player score is positive (before the solo factor 3); ``re_score``/``kontra_score`` are per
    player (the soloist's already tripled)."""

    winner: str | None
    value: int
    re_score: int
    kontra_score: int
    items: tuple[LineItem, ...]
    solo: bool
    #: True for a game dealt again without cards played (house rules: Schmeißen, an Armut
    #: nobody took): no points, no parties
    redeal: bool = False

    def total(self, party: str) -> int:
        """Points credited to ``party`` before netting."""
        return sum(i.points for i in self.items if i.party == party)

    def seat_scores(
        self, re_seats: Iterable[int], seats: int = 4, *, sitting_out: Iterable[int] = ()
    ) -> list[int]:
        """Per-seat scores; seats not Re and not ``sitting_out`` (a 5-table dealer) are Kontra.

        >>> score(GameSummary("solo", re_eyes=123)).seat_scores([2])
        [-1, -1, 3, -1]
        """
        if self.redeal:
            return [0] * seats
        re_set, out = set(re_seats), set(sitting_out)
        if not re_set | out <= set(range(seats)) or re_set & out:
            raise ValueError(f"bad seats: re_seats={sorted(re_set)}, sitting_out={sorted(out)}")
        want = (1, 3) if self.solo else (2, 2)
        if (len(re_set), seats - len(re_set) - len(out)) != want:
            raise ValueError(f"a {'solo' if self.solo else 'Normalspiel'} needs {want[0]} Re "
                             f"and {want[1]} Kontra seats, got re_seats={sorted(re_set)}")
        return [
            self.re_score if s in re_set else 0 if s in out else self.kontra_score
            for s in range(seats)
        ]

    def to_json(self) -> dict[str, object]:
        if self.redeal:
            return {"winner": None, "re_score": 0, "kontra_score": 0, "items": [],
                    "redeal": True}
        return {
            "winner": self.winner,
            "re_score": self.re_score,
            "kontra_score": self.kontra_score,
            "items": [i.to_json() for i in self.items],
        }


def redeal_score() -> Score:
    """The empty score of a game dealt again without cards played (house rules)."""
    return Score(winner=None, value=0, re_score=0, kontra_score=0, items=(), solo=False,
                 redeal=True)


def _target_met(g: GameSummary, party: str) -> bool:
    """Whether ``party`` reached its winning target (TSR 7.1.1, 7.1.2)."""
    opp = other(party)
    own, theirs = g.calls(party), g.calls(opp)
    if own >= 2:  # own Absage: items 5, 6
        return not g.took_trick(opp) if own == BLACK else g.eyes(opp) < _UNDER[own]
    if theirs >= 2:  # opponents' Absage: items 7, 8
        return g.took_trick(party) if theirs == BLACK else g.eyes(party) >= _UNDER[theirs]
    only_kontra = g.kontra_calls == 1 and g.re_calls == 0  # items 1 to 4
    need = (120 if party == RE else 121) if only_kontra else (121 if party == RE else 120)
    return g.eyes(party) >= need


def winner(g: GameSummary) -> str | None:
    """The winning party, or None when both missed their Absagen (TSR 7.1.3)."""
    met = [p for p in PARTIES if _target_met(g, p)]
    assert len(met) <= 1, met
    return met[0] if met else None


def check_house_extras(g: GameSummary, rules: Rules | None) -> None:
    """Raise :class:`ScoringInputError` if ``g`` lists a house rule's Sonderpunkt (Karlchen
    gefangen, Fuchs im letzten Stich, Dulle gefangen) that ``rules`` do not play (``None``: the
    TSR). Both backends' scorers check this first.

    >>> check_house_extras(GameSummary("normal", 130, re_extras=Extras(fox_last=1)), None)
    Traceback (most recent call last):
    ...
    doko.engine.scoring.ScoringInputError: extras.re.fox_last: 1, but the rules do not play \
'fox_last_trick'
    """
    from doko.engine.rules import PIGS_EXTRA_OPTIONS, SONDERPUNKT_OPTIONS

    for option, key in (*SONDERPUNKT_OPTIONS.items(), *PIGS_EXTRA_OPTIONS.items()):
        if rules is not None and rules.plays_extra(key):
            continue
        for party in PARTIES:
            count = getattr(g.extras(party), key)
            if count:
                raise ScoringInputError("extras_rule", field=f"extras.{party}.{key}",
                                        count=count, option=option)


def score(g: GameSummary, rules: Rules | None = None) -> Score:
    """Score a game by TSR 7.2: line items, netted into per-player scores.

    With ``rules.re_kontra_double`` (house rule) "Re" and "Kontra" each double the netted game
    value instead of adding 2 points; the doubling shows as an item worth the value before it.
    """
    check_house_extras(g, rules)
    double = rules is not None and rules.re_kontra_double
    win = winner(g)
    items: list[LineItem] = []

    def add(to: str, points: int, clause: str, reason: str, /, **params: int | str) -> None:
        if points:
            items.append(line_item(to, points, clause, ITEM_KEY_PREFIX + reason,
                                   tuple(params.items())))

    armut = g.contract == ARMUT
    if win is not None:
        add(win, 1, "7.2.2 (a)", "won_armut" if armut else "won")
    for party in PARTIES:  # (a): to the winner, or (7.1.3) to each party whose opponents fell short
        opp = other(party)
        if win in (None, party):
            for limit in (90, 60, 30):
                if g.eyes(opp) < limit:
                    add(party, 1, "7.2.2 (a)", "under", limit=limit)
            if not g.took_trick(opp):
                add(party, 1, "7.2.2 (a)", "schwarz")
    if win is not None:  # (b) to (d) only count for a winner
        for party in PARTIES:
            if g.calls(party) >= 1 and not double:
                add(win, 2, "7.2.2 (b)", "announced", party=party)
        for party, clause in ((RE, "7.2.2 (c)"), (KONTRA, "7.2.2 (d)")):
            for level in range(2, g.calls(party) + 1):
                add(win, 1, clause, "called", party=party, level=level)
    for party, clause in ((RE, "7.2.2 (e)"), (KONTRA, "7.2.2 (f)")):
        for level in range(2, g.calls(other(party)) + 1):
            if g.eyes(party) >= _REACH[level]:
                # With a winner only the winner can reach these (the loser missed its Absage).
                assert win in (None, party)
                add(party, 1, clause, "reached", party=party, level=level, reach=_REACH[level])
    if not g.solo:  # Sonderpunkte (7.2.3)
        if win == KONTRA:
            add(KONTRA, 1, "7.2.3", "against_armut" if armut else "against_queens")
        for party in PARTIES:
            ex = g.extras(party)
            add(party, ex.doppelkopf, "7.2.3", "doppelkopf")
            add(party, ex.fox, "7.2.3", "fox")
            add(party, ex.charlie, "7.2.3", "charlie")
            for key in HOUSE_EXTRA_KEYS:  # the further Sonderpunkte (house rules)
                add(party, getattr(ex, key), "house rule", key)
    else:  # house rule "Karlchen im Solo" (the only Sonderpunkt a solo can have)
        for party in PARTIES:
            for key in SOLO_EXTRA_KEYS:
                add(party, getattr(g.extras(party), key), "house rule", key)
    net = sum(i.points if i.party == RE else -i.points for i in items)
    if double:  # house rule: each of Re and Kontra doubles the value
        for party in PARTIES:
            if g.calls(party) >= 1 and net:
                add(RE if net > 0 else KONTRA, abs(net), "house rule", "doubled", party=party)
                net *= 2
    return Score(
        winner=win,
        value=abs(net),
        re_score=3 * net if g.solo else net,
        kontra_score=-net,
        items=tuple(items),
        solo=g.solo,
    )


# --------------------------------------------------------------------------- text

def format_score(s: Score, lang: str = "de") -> str:
    """A plain-text table of the line items, then value, winner and per-player scores."""
    lang = lang_of(lang)

    def t(key: str) -> str:
        return _text("score." + key, lang)

    rows = [(i.clause, i.de if lang == "de" else i.en,
             str(i.points) if i.party == RE else "", str(i.points) if i.party == KONTRA else "")
            for i in s.items]
    rows.append(("", t('total'), str(s.total(RE)), str(s.total(KONTRA))))
    width = max(len(t('item')), *(len(r[1]) for r in rows))
    lines = [f"{t('clause'):<10} {t('item'):<{width}} {'Re':>6} {'Kontra':>7}"]
    lines.append("-" * len(lines[0]))
    lines += [f"{c:<10} {label:<{width}} {r:>6} {k:>7}" for c, label, r, k in rows[:-1]]
    if not s.items:
        lines.append(f"{'':<10} {t('none')}")
    lines.append("-" * len(lines[0]))
    c, label, r, k = rows[-1]
    lines.append(f"{c:<10} {label:<{width}} {r:>6} {k:>7}")
    lines.append("")
    net = "Re" if s.re_score > 0 else "Kontra" if s.kontra_score > 0 else ""
    lines.append(f"{t('value')}: {s.value}" + (f" {t('to')} {net}" if net else ""))
    winner = {RE: "Re", KONTRA: "Kontra", None: t('nobody')}[s.winner]
    lines.append(f"{t('winner')}: {winner}")
    if s.solo:
        lines.append(f"{t('per')}: {t('soloist')} {_signed(s.re_score)}, "
                     f"{t('each_kontra')} {_signed(s.kontra_score)}")
    else:
        lines.append(f"{t('per')}: Re {_signed(s.re_score)}, Kontra {_signed(s.kontra_score)}")
    return "\n".join(line.rstrip() for line in lines)


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"
