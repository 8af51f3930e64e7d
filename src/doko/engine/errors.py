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

_TEMPLATES: dict[str, tuple[str, str]] = {
    # key: (English, German)
    "phase": (
        "{what} is not possible now: {why} (TSR {rule})",
        "{what_de} ist jetzt nicht möglich: {why_de} (TSR {rule})",
    ),
    "finished": ("the game is over (TSR {rule})", "das Spiel ist beendet (TSR {rule})"),
    "not_your_turn": (
        "seat {seat} is not on turn: seat {to_move} must {verb} (TSR {rule})",
        "Platz {seat} ist nicht an der Reihe: Platz {to_move} muss {verb_de} (TSR {rule})",
    ),
    "not_in_hand": (
        "seat {seat} does not hold {card} (TSR {rule})",
        "Platz {seat} hat {card_de} nicht auf der Hand (TSR {rule})",
    ),
    "must_follow": (
        "{card} does not follow {led}: seat {seat} must follow suit (TSR 5.2.2)",
        "{card_de} bedient nicht {led_de}: Platz {seat} muss bedienen (TSR 5.2.2)",
    ),
    "not_query_answer": (
        "in the Vorbehaltsabfrage the answer is healthy or Vorbehalt (TSR 4.1.2)",
        "in der Vorbehaltsabfrage lautet die Antwort gesund oder Vorbehalt (TSR 4.1.2)",
    ),
    "naming_expected": (
        "seat {seat} must name its Vorbehalt now: {options} (TSR {rule})",
        "Platz {seat} muss jetzt seinen Vorbehalt taufen: {options_de} (TSR {rule})",
    ),
    "marriage_needs_queens": (
        "a Hochzeit needs both ♣Q in hand (TSR 4.4.1)",
        "eine Hochzeit verlangt beide Kreuz-Damen (TSR 4.4.1)",
    ),
    "marriage_outranked": (
        "with several Vorbehalte a Hochzeit can never win; only a solo or pass (TSR 4.1.6)",
        "bei mehreren Vorbehalten kommt eine Hochzeit nie zum Zuge; nur Solo oder passen "
        "(TSR 4.1.6)",
    ),
    "cannot_pass": (
        "seat {seat} cannot pass: without both ♣Q its Vorbehalt can only be a solo (TSR 4.1.6)",
        "Platz {seat} kann nicht passen: ohne beide Kreuz-Damen kann sein Vorbehalt nur ein "
        "Solo sein (TSR 4.1.6)",
    ),
    "vorfuehrung": (
        "seat {seat} is vorgeführt and must name its Pflichtsolo (TSR 4.1.9, 4.2.3)",
        "Platz {seat} wird vorgeführt und muss sein Pflichtsolo bekanntgeben (TSR 4.1.9, 4.2.3)",
    ),
    "calls_not_yet": (
        "no Ansage before the game type is settled (TSR 6.2.1)",
        "keine Ansage, bevor der Spieltyp feststeht (TSR 6.2.1)",
    ),
    "calls_marriage": (
        "in a Hochzeit the first Ansage comes only after the Klärungsstich (TSR 4.4.4, 6.4.2)",
        "bei einer Hochzeit ist die Erstansage erst nach dem Klärungsstich erlaubt "
        "(TSR 4.4.4, 6.4.2)",
    ),
    "calls_closed": (
        "no calls after the soloist has claimed the remaining tricks (TSR 5.4.4)",
        "nach dem Abkürzen durch den Solospieler gibt es keine Ansagen mehr (TSR 5.4.4)",
    ),
    "calls_conceded": (
        "after a concession only Kontra may still call (TSR 5.4.7)",
        "nach der Aufgabe darf nur noch die Kontra-Partei ansagen (TSR 5.4.7)",
    ),
    "own_party": (
        "seat {seat} is {party} and can only call for its own party (TSR 6.2.2)",
        "Platz {seat} ist {party} und kann nur für die eigene Partei ansagen (TSR 6.2.2)",
    ),
    "repeat": (
        "{party} has already called {done}; a call cannot be repeated or lowered (TSR 6.4.7)",
        "{party} hat bereits {done} angesagt; eine Ansage kann nicht wiederholt oder "
        "zurückgenommen werden (TSR 6.4.7)",
    ),
    "deadline": (
        "{call} needs at least {need} cards in hand, you hold {have} (TSR {rule})",
        "{call} verlangt mindestens {need} Karten auf der Hand, du hast {have} (TSR {rule})",
    ),
    "deadline_reply": (
        "{call} needs at least {need} cards in hand, or {reply} as a reply to {opp}; "
        "you hold {have} (TSR {rule})",
        "{call} verlangt mindestens {need} Karten auf der Hand, oder {reply} als Erwiderung "
        "auf {opp}; du hast {have} (TSR {rule})",
    ),
    "skip": (
        "{call} would skip {skipped}, which needs at least {need} cards in hand, you hold "
        "{have} (TSR 6.4.3)",
        "{call} würde {skipped} überspringen, das mindestens {need} Karten verlangt, du hast "
        "{have} (TSR 6.4.3)",
    ),
    "late_reply": (
        "{party}'s first Ansage was a late reply, so {party} may make no Absage (TSR 6.4.4)",
        "die Erstansage von {party} war eine verspätete Erwiderung, daher darf {party} nicht "
        "absagen (TSR 6.4.4)",
    ),
    "not_soloist": (
        "only the soloist may {verb} (TSR 5.4.3)",
        "nur der Solospieler darf {verb_de} (TSR 5.4.3)",
    ),
    # names no card: the refuting line (e.refutation) comes from the hidden hands
    "claim_refused": (
        "claim refused: the soloist does not necessarily take every remaining trick "
        "(TSR 5.4.4, 9.2.2)",
        "Abkürzen abgelehnt: der Solospieler macht nicht zwangsläufig alle restlichen Stiche "
        "(TSR 5.4.4, 9.2.2)",
    ),
    "bad_action": ("{detail}", "{detail_de}"),
}

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
        en, de = _TEMPLATES[self.key]
        params = dict(self.params)
        for name in _SEAT_PARAMS & params.keys():
            value = params[name]
            if isinstance(value, int) and not isinstance(value, bool):
                params[name] = value + 1
        for name in list(params):  # fall back to the English value where no German is given
            params.setdefault(name + "_de", params[name])
        try:
            return (de if lang == "de" else en).format(**params)
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
