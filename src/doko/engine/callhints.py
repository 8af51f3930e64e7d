"""Call hints: what a seat may call now, what stays possible if it waits, and what waiting costs
(TSR 6.2.2, 6.3.2, 6.3.4, 6.4.2-6.4.4). Both front ends show them: the terminal draws
:func:`hint_lines`, the web table can send :func:`hint_lines` or the plain data of
:func:`call_hints`.

A call's deadline counts the cards in the caller's hand (TSR 6.2.2, 6.3.4), so waiting costs a
call only when the seat plays a card. The hints say for each call the fewest cards with which it
stays possible *as things are now*:

* a first Ansage on time (11 cards, fewer in a Hochzeit, TSR 6.4.2) that is missed can still be
  made as a reply (Erwiderung) to the opponents' call with one card fewer than that call needed,
  but then the party may make no Absage (TSR 6.4.4);
* an Absage needs the party's first Ansage on time (TSR 6.3.2, 6.4.4): before it, each Absage
  lasts only as long as the Ansage could still be said on time, together with it;
* an Absage that skips a level needs the skipped ones to be possible at the same moment
  (TSR 6.4.3): ``keine 60`` straight after ``Re`` needs the cards of ``keine 90``.

>>> from doko.engine.actions import HEALTHY, encode
>>> from doko.engine.game import Game
>>> g = Game.deal(7)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> seat = next(s for s in range(4) if g.is_re[s])
>>> [(h.code, h.until, h.with_first) for h in call_hints(g, seat)][:3]
[(35, 11, False), (37, 11, True), (38, 11, True)]
>>> hint_lines(call_hints(g, seat), 12, "de")[0]
'Ansagen: Re, keine 90 bis schwarz, solange du mindestens 11 Karten hast'
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Protocol

from doko.engine.actions import BLACK, CALL_KONTRA, CALL_RE, Action, call_level, code_of, code_text
from doko.engine.texts import text

__all__ = ["CallHint", "call_hints", "hint_lines"]

#: Fewest cards in hand for a first Ansage and each Absage (TSR 6.2.2, 6.3.4), by call level.
_MIN_CARDS = (99, 11, 10, 9, 8, 7)


class _CallState(Protocol):
    """What the hints read of a game (both engines' game classes have it)."""

    @property
    def is_re(self) -> Sequence[bool]: ...

    @property
    def level(self) -> Sequence[int]: ...

    @property
    def shift(self) -> int: ...

    def cards_in_hand(self, seat: int) -> int: ...

    def legal_actions(self, seat: int | None = None) -> Sequence[int]: ...


@dataclass(frozen=True)
class CallHint:
    """One call the seat may make now (``code``: ``CALL_RE`` .. ``BLACK``).

    ``until``: the fewest cards in hand with which it stays possible if the seat waits (and
    nobody else calls); ``until == cards in hand`` means only now. ``reply``: a first Ansage
    that is possible only as a late reply (Erwiderung): after it the party may make no Absage
    (TSR 6.4.4). ``with_first``: an Absage that needs the party's first Ansage said together
    with it (TSR 6.3.2). ``then_reply``: for a first Ansage on time, the fewest cards with which
    it stays possible as a late reply once the time for it is over (0: not at all).
    """

    code: int
    until: int
    reply: bool = False
    with_first: bool = False
    then_reply: int = 0


def call_hints(game: _CallState, seat: int) -> list[CallHint]:
    """The calls ``seat`` may make now, with how long each stays possible; empty when it may
    make none (before the game type is settled, after the last call, TSR 6.2.1, 6.4.2)."""
    codes = sorted({c for c in (code_of(Action(a)) for a in game.legal_actions(seat))
                    if CALL_RE <= c <= BLACK})
    if not codes:
        return []
    n = game.cards_in_hand(seat)
    p = 0 if game.is_re[seat] else 1
    cur, opp = game.level[p], game.level[1 - p]
    shift = game.shift
    on_time = _MIN_CARDS[1] - shift
    reply_min = _MIN_CARDS[opp] - 1 - shift if opp else 0
    out = []
    for code in codes:
        lv = call_level(code)
        if lv == 1:
            if n >= on_time:
                out.append(CallHint(code, on_time, then_reply=reply_min))
            else:
                out.append(CallHint(code, reply_min, reply=True))
            continue
        # an Absage: every level not yet called up to this one must be possible (TSR 6.4.3),
        # before the first Ansage that one too, on time (6.3.2, 6.4.4)
        first = cur + 1
        until = max(_MIN_CARDS[level] - shift for level in range(first, lv + 1))
        out.append(CallHint(code, until, with_first=cur == 0))
    return out


def _words(hints: Sequence[CallHint], lang: str) -> str:
    """The calls of ``hints`` in words; three Absagen or more in a row as a range ("keine 90
    bis schwarz")."""
    codes = [h.code for h in hints]
    absagen = [c for c in codes if c > CALL_KONTRA]
    if len(absagen) >= 3 and absagen == list(range(absagen[0], absagen[-1] + 1)):
        first = [code_text(c) for c in codes if c <= CALL_KONTRA]
        span = text("callhint.range", lang, first=code_text(absagen[0]),
                    last=code_text(absagen[-1]))
        return ", ".join([*first, span])
    return ", ".join(code_text(c) for c in codes)


def hint_lines(hints: Sequence[CallHint], cards: int, lang: str = "de") -> list[str]:
    """The hints in words for the seat that holds ``cards`` cards: one line with the calls
    possible now and how long they last, and at most one line with what waiting costs (each
    fits the terminal's 80 columns).

    >>> h = [CallHint(CALL_KONTRA, 11, then_reply=10), CallHint(37, 11, with_first=True)]
    >>> for line in hint_lines(h, 11, "en"):
    ...     print(line)
    Calls: Kontra, keine 90 – only now
    After that only Kontra as a late reply, without Absage (TSR 6.4.4)
    """
    if not hints:
        return []
    groups: dict[int, list[CallHint]] = {}
    for h in hints:
        groups.setdefault(h.until, []).append(h)
    parts = []
    for until in sorted(groups, reverse=True):
        key = "callhint.last" if until >= cards else "callhint.until"
        parts.append(text(key, lang, calls=_words(groups[until], lang), n=until))
    lines = [text("callhint.head", lang, groups="; ".join(parts))]
    first = next((h for h in hints if h.code in (CALL_RE, CALL_KONTRA)), None)
    absagen = any(h.with_first for h in hints)
    if first is not None:
        word = code_text(first.code)
        if first.reply:
            lines.append(text("callhint.reply_now", lang, call=word))
        elif first.until >= cards:
            key = "callhint.then_reply" if first.then_reply else "callhint.then_none"
            lines.append(text(key, lang, call=word))
        elif absagen:
            lines.append(text("callhint.with_first", lang, call=word))
    return lines
