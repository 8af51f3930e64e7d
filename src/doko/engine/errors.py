"""Exceptions of the engine. Every one subclasses :class:`ValueError`.

An :class:`IllegalActionError` names the rule broken, in English (``str(e)``) and German
(``e.text("de")``)::

    >>> e = IllegalActionError("deadline", "6.3.4", seat=1, call="keine 60", need=9, have=8)
    >>> str(e)
    'keine 60 needs at least 9 cards in hand, you hold 8 (TSR 6.3.4)'
    >>> e.text("de")
    'keine 60 verlangt mindestens 9 Karten auf der Hand, du hast 8 (TSR 6.3.4)'

Texts number the seats 1 to 4, as the terminal and the web page show them; the attributes
(``e.seat``, ``e.params``) and records keep the engine's seats 0 to 3::

    >>> e = IllegalActionError("not_your_turn", "5.2.1", seat=2, to_move=0, verb="play a card")
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

from doko.engine.claims import Line, explain
from doko.engine.texts import text as _text

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

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``); seats are shown as 1..4. Safe to show
        to the acting seat (see the class docstring)."""
        params: dict[str, object] = {}
        for name, value in self.params.items():
            if name in _SEAT_PARAMS and isinstance(value, int) and not isinstance(value, bool):
                value = value + 1
            params[name] = value
        if lang == "de":  # a German value (``verb_de``) replaces the English one where given
            for name, value in self.params.items():
                if name.endswith("_de"):
                    params[name[:-3]] = value
        try:
            return _text("error." + self.key, "de" if lang == "de" else "en", **params)
        except (KeyError, IndexError):  # pragma: no cover - a template/params mismatch
            return f"{self.key} {self.params}"

    def open_detail(self, lang: str = "en") -> str | None:
        """The open information in words, e.g. ``"e.g. seat 1 ♣A, seat 2 ♣Q"`` for a refused
        claim (the refuting line, TSR 9.2.2); ``None`` if there is none. It names hidden
        cards: for post-game views only (replay, analysis), never for a seat during the game.
        """
        if self.refutation is None:
            return None
        return explain(self.refutation, lang)


class RecordError(DokoError):
    """A game record that is not a valid ``doko-game/1`` object (bad JSON, keys, cards)."""


class ReplayError(DokoError):
    """A record whose action number ``index`` (0-based, as in the record) is illegal; ``seat``
    is the engine seat (0..3, the message shows it as 1..4), ``error`` the rule broken."""

    def __init__(self, index: int, seat: int, error: IllegalActionError) -> None:
        self.index = index
        self.seat = seat
        self.error = error
        super().__init__(f"action {index} (seat {seat + 1}): {error}")
