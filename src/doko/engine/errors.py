"""Exceptions of the engine. Every one subclasses :class:`ValueError`.

An :class:`IllegalActionError` names the rule broken, in English (``str(e)``) and German
(``e.text("de")``)::

    >>> e = IllegalActionError("deadline", "6.3.4", seat=1, party=1, level=3, need=9, have=8)
    >>> str(e)
    'keine 60 needs at least 9 cards in hand, you hold 8 (TSR 6.3.4)'
    >>> e.text("de")
    'keine 60 verlangt mindestens 9 Karten auf der Hand, du hast 8 (TSR 6.3.4)'

The parameters (``e.params``) are plain data, the same from the Python engine and the native
core: seats 0..3, card kinds, party 0/1 and call levels 1..5 (:mod:`doko.engine.vocab`), action
codes, short ASCII keys (``options``, ``field``); the texts put them in words from the catalogue
(:mod:`doko.engine.texts`, ``error.*``). Texts number the seats 1 to 4, as the terminal and the
web page show them; the attributes (``e.seat``, ``e.params``) and records keep the engine's
seats 0 to 3::

    >>> e = IllegalActionError("not_your_turn", "5.2.1", seat=2, to_move=0, action=5)
    >>> e.seat, str(e)
    (2, 'seat 3 is not on turn: seat 1 must play a card (TSR 5.2.1)')

What a seat may be shown
------------------------
For an action of seat S, ``str(e)`` and ``e.text(lang)`` of any :class:`IllegalActionError`
raised by :meth:`doko.engine.game.Game.apply` or :meth:`~doko.engine.game.Game.verify` name only
cards S can
see: its own hand, cards already played, and the card the action itself names. They may be
shown to S during the game (the terminal and the web server do). Attributes documented as
*open* may not: ``e.refutation`` (the line of play that refutes a soloist's claim, TSR 5.4.4,
9.2.2) is taken from the hidden hands and is for post-game views only, where every card is open
(a replay, an analysis); :meth:`IllegalActionError.open_detail` puts it in words.
"""

from __future__ import annotations

import json
from collections.abc import Sequence
from typing import Protocol

from doko.engine.actions import (
    ARMUT,
    CONCEDE,
    GENSCHER_CODES,
    HEALTHY,
    PASS,
    PICTURE_SOLO_BASE,
    PICTURE_SOLO_LAST,
    PIG_CODES,
    REFUSE,
    RESERVATION,
    TAKE,
    THROW,
    WITHDRAW,
)
from doko.engine.cards import card_symbol
from doko.engine.claims import Line, explain
from doko.engine.texts import TEXTS, lang_of
from doko.engine.texts import text as _text
from doko.engine.vocab import CallLevel, Contract, Party, Phase

_SOLO_NAMES = frozenset(c.solo_name for c in Contract if c.is_solo)
#: Parameters that hold an engine seat (0..3); texts show them as 1..4.
_SEAT_PARAMS = frozenset({"seat", "to_move"})


class DokoError(ValueError):
    """Base class of doko's errors."""


class IllegalActionError(DokoError):
    """An action that the rules do not allow now. The game state is left unchanged.

    ``rule`` is the TSR clause (e.g. ``"6.3.4"``), ``seat`` the acting seat (0..3), ``key`` the
    kind of violation; the message is available in English (``str``) and German (:meth:`text`).

    Privacy contract: for an action of seat S raised by ``Game.apply``/``Game.verify``, the
    message (``str(e)``, ``e.text(lang)``) names only cards S can see (its own hand, the cards
    played, the card the action names) and may be shown to S. ``refutation`` is *open*
    information: for a refused claim (``key == "claim_refused"``, TSR 5.4.4, 9.2.2) the
    ``(seat, card kind)`` pairs of a line of play in which the soloist loses a trick, taken from
    the hidden hands; ``None`` for every other error. Show it (:meth:`open_detail`) only where
    every card is open (a replay or analysis after the game), never to a seat during the game.
    """

    def __init__(self, key: str, rule: str | None = None, seat: int | None = None, *,
                 refutation: Line | None = None, **params: object) -> None:
        self.key = key
        self.rule = rule
        self.seat = seat
        self.refutation = refutation
        self.params = dict(params)
        if seat is not None:
            self.params.setdefault("seat", seat)
        if rule is not None:
            self.params.setdefault("rule", rule)
        super().__init__(self.text("en"))

    def text(self, lang: str = "en", *, names: Sequence[str] | None = None,
             me: int | None = None) -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``). Seats are named by ``names`` (the
        names shown at the table, by engine seat) or else as seats 1..4; the seat ``me`` (the
        reader, usually the acting seat) is addressed as "du"/"you", with the verb to match.
        Safe to show to the acting seat (see the class docstring).

        >>> e = IllegalActionError("not_your_turn", "5.2.1", seat=2, to_move=0, action=5)
        >>> e.text("de", names=["Anna", "Bert", "Du", "Dirk"], me=2)
        'du bist nicht an der Reihe: Anna muss eine Karte spielen (TSR 5.2.1)'
        """
        lang = "de" if lang == "de" else "en"
        key = "error." + self.key
        if me is not None and self.params.get("seat") == me and "error.you." + self.key in TEXTS:
            key = "error.you." + self.key
        try:
            return _text(key, lang, **_worded(self.params, lang, names, me))
        except (KeyError, IndexError, ValueError):  # pragma: no cover - a template mismatch
            return f"{self.key} {self.params}"

    def open_detail(self, lang: str = "en") -> str | None:
        """The open information in words, e.g. ``"e.g. seat 1 ♣A, seat 2 ♣Q"`` for a refused
        claim (the refuting line, TSR 9.2.2); ``None`` if there is none. It names hidden
        cards: for post-game views only (replay, analysis), never for a seat during the game.
        """
        if self.refutation is None:
            return None
        return explain(self.refutation, lang)


def _action_word(prefix: str, code: int, lang: str) -> str:
    """The catalogue's word for an action code: ``error.what.*`` or ``error.verb.*``."""
    if code < 24:
        return _text(prefix + "play", lang, card=card_symbol(code, lang))
    if code <= RESERVATION:
        kind = ("healthy" if code == HEALTHY else "reservation") if prefix == "error.what." \
            else "query"
    elif code <= PASS or PICTURE_SOLO_BASE <= code <= PICTURE_SOLO_LAST or code == ARMUT:
        kind = "naming"
    elif code in (TAKE, REFUSE):
        kind = "armut_answer"
    elif code == THROW:
        kind = "throw"
    elif code == WITHDRAW:
        kind = "withdraw"
    elif code in PIG_CODES:
        kind = ("pigs", "superpigs", "hyperpigs")[PIG_CODES.index(code)]
    elif code in GENSCHER_CODES:  # house rule Genscher
        kind = "genscher"
    else:
        kind = "concede" if code == CONCEDE else "claim"
    return _text(prefix + kind, lang)


def seat_word(seat: int, lang: str, names: Sequence[str] | None = None) -> str:
    """A seat (0..3) as a text names it: its name from ``names``, else "Platz 3"/"seat 3"
    (seats shown 1..4).

    >>> seat_word(2, "de"), seat_word(2, "en"), seat_word(2, "de", ["A", "B", "Clara", "D"])
    ('Platz 3', 'seat 3', 'Clara')
    """
    if names is not None and 0 <= seat < len(names):
        return names[seat]
    return _text("error.seat", lang, n=seat + 1)


def _worded(params: dict[str, object], lang: str, names: Sequence[str] | None = None,
            me: int | None = None) -> dict[str, object]:
    """The template parameters of an error's data (``IllegalActionError.params``): seats by
    name or as seats 1..4 (:func:`seat_word`), card kinds as symbols, parties and call levels
    as players say them, action codes as words (the catalogue's ``error.what.*``,
    ``error.verb.*``, ``error.why.*``...); ``me`` is the reader's seat (``error.why.*_you``)."""
    out: dict[str, object] = {}
    for name, value in params.items():
        if name in _SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
            value = seat_word(value, lang, names)
        out[name] = value
    card = params.get("card")
    if isinstance(card, int):
        out["card"] = card_symbol(card, lang)
    party = params.get("party")
    if isinstance(party, int):
        p = Party(party)
        out["party"] = p.label
        level = params.get("level")
        if isinstance(level, int):
            out["call"] = CallLevel(level).label(p)
        done = params.get("done")
        if isinstance(done, int):
            out["done"] = CallLevel(done).label(p)
        opp = params.get("opp")
        if isinstance(opp, int):
            out["opp"] = CallLevel(opp).label(p.other)
        skipped = params.get("skipped")
        if isinstance(skipped, int):
            out["skipped"] = p.label if skipped == 1 else CallLevel(skipped).label()
    action = params.get("action")
    if isinstance(action, int):
        out["what"] = _action_word("error.what.", action, lang)
        out["verb"] = _action_word("error.verb.", action, lang)
    phase = params.get("phase")
    if isinstance(phase, int) and phase in (Phase.QUERY, Phase.NAMING, Phase.PLAY):
        why = "error.why." + Phase(phase).record_name
        if me is not None and params.get("to_move") == me and why + "_you" in TEXTS:
            why += "_you"
        out["why"] = _text(why, lang, to_move=out.get("to_move", ""))
    reason = params.get("pig_reason")  # a refused Schweinchen announcement (house rule)
    if isinstance(reason, str):
        out["reason"] = _text("error.pig_reason." + reason, lang)
    solo = params.get("solo")
    if isinstance(solo, str) and solo in _SOLO_NAMES:
        out["solo"] = Contract.from_solo_name(solo).label(lang)
    reason = params.get("genscher_reason")  # a refused Genscher (house rule)
    if isinstance(reason, str):
        out["reason"] = _text("error.genscher_reason." + reason, lang)
    options = params.get("options")
    if isinstance(options, str):
        out["options"] = _text("error.options." + options, lang)
    led = params.get("led")
    if isinstance(led, int):
        out["led"] = _text(f"error.led.{led}", lang)
    field = params.get("field")
    if isinstance(field, str):
        out["detail"] = _text("error.bad_action." + field, lang, value=params.get("value"))
    return out


class Worded(Protocol):
    """An error with its message in both languages: ``text("en")``, ``text("de")``
    (:class:`~doko.engine.cards.CardError`, :class:`~doko.engine.rules.RulesError`,
    :class:`~doko.engine.actions.ActionFormatError`, the errors here)."""

    def text(self, lang: str = ...) -> str:
        """The message in ``lang``."""
        ...


#: The kinds of JSON syntax error that have words in the catalogue (``record.json.<kind>``);
#: the English text of each is the start of Python's message, which it is matched by.
_JSON_PROBLEMS = ("expecting_value", "expecting_comma", "expecting_colon", "expecting_name",
                  "unterminated_string", "control_character", "unicode_escape", "escape",
                  "extra_data", "trailing_comma")


def json_params(e: json.JSONDecodeError) -> dict[str, object]:
    """The plain data of a JSON syntax error, for :func:`json_problem`: Python's message
    (``problem``), its line, column and character offset."""
    return {"problem": e.msg, "line": e.lineno, "column": e.colno, "char": e.pos}


def json_problem(lang: str, problem: object, line: object, column: object, char: object) -> str:
    """A JSON syntax error in words: in English Python's own message (``str`` of the
    :class:`json.JSONDecodeError`), in German the catalogue's (``record.json.*``).

    >>> json_problem("de", "Expecting value", 1, 1, 0)
    'Wert erwartet: Zeile 1, Spalte 1 (Zeichen 0)'
    >>> json_problem("en", "Expecting value", 1, 1, 0)
    'Expecting value: line 1 column 1 (char 0)'
    """
    lang = lang_of(lang)
    words = str(problem)
    if lang != "en":
        kind = next((k for k in _JSON_PROBLEMS
                     if words.startswith(TEXTS["record.json." + k][1])), "other")
        words = _text("record.json." + kind, lang)
    return _text("record.json.at", lang, problem=words, line=line, column=column, char=char)


class RecordError(DokoError):
    """A game record that is not a valid ``doko-game/1`` object (bad JSON, keys, cards).

    ``key`` names the text (the catalogue's ``record.<key>``), ``params`` fill it in (plain
    data: field names and values as in the record, counts, card codes); ``reason`` is the
    error inside, where there is one (a bad card code, rule set or action entry), which the
    text names in the same language. The message is in English (``str``) and German
    (:meth:`text`)::

        >>> e = RecordError("hand_size", hand=3, n=11, size=12)
        >>> str(e)
        'the hand of seat 3 has 11 cards, a hand has 12 (TSR 3.3.7)'
        >>> e.text("de")
        'die Hand von Platz 3 hat 11 Karten, eine Hand hat 12 (TSR 3.3.7)'
    """

    def __init__(self, key: str, reason: Worded | None = None, /, **params: object) -> None:
        self.key = key
        self.params = params
        self.reason = reason
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``)."""
        lang = lang_of(lang)
        params = dict(self.params)
        if self.reason is not None:
            params["why"] = self.reason.text(lang)
        if self.key == "invalid_json":
            params = {"why": json_problem(lang, **self.params)}
        return _text("record." + self.key, lang, **params)


class ReplayError(DokoError):
    """A record whose action number ``index`` (0-based, as in the record) is illegal; ``seat``
    is the engine seat (0..3, the message shows it as 1..4), ``error`` the rule broken. The
    message is in English (``str``) and German (:meth:`text`)."""

    def __init__(self, index: int, seat: int, error: IllegalActionError) -> None:
        self.index = index
        self.seat = seat
        self.error = error
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``): the action, its seat (1..4) and
        the rule broken (``error.text(lang)``)."""
        lang = lang_of(lang)
        return _text("record.replay_action", lang, index=self.index, seat=self.seat + 1,
                     why=self.error.text(lang))
