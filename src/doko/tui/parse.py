"""What the player types, as tokens: actions, card references and commands.

The words of both languages are always understood: ``re``, ``kontra``, ``keine 90`` (``k90``,
``no90``), ``keine 60``, ``keine 30``, ``schwarz`` (``black``); ``gesund``/``healthy``,
``vorbehalt``/``reservation``; the solos (``damen``/``queens``, ``buben``/``jacks``,
``fleischlos``/``meatless``, ``karo``/``diamonds``, ``herz``/``hearts``, ``pik``/``spades``,
``kreuz``/``clubs``), ``hochzeit``/``marriage``, ``passe``/``pass``; the house rules' ``armut``/
``poverty``, ``mitnehmen``/``take``, ``ablehnen``/``refuse``, ``schmeißen``/``throw``;
``aufgeben``/``concede``,
``abkürzen``/``claim``; a card by its number in the hand, its code (``QC``, ``10H``), its symbol
(``♣D``, ``♣Q``, ``D♣``) or its name (``kreuz dame``, ``herz 10``); and the commands ``?``,
``last``/``letzter``, ``liste``/``sheet``, ``quit``/``ende``, ``zurück``/``undo``,
``tipp``/``hint``, ``analyse``/``analyze``.

>>> parse("re 3")
[Token(kind='action', value=35, text='re'), Token(kind='position', value=3, text='3')]
>>> [t.value for t in parse("keine 90")], [t.value for t in parse("♣D")], parse("k60")[0].value
([37], [2], 38)
>>> parse("herz 10")[0].value == parse("TH")[0].value == parse("10♥")[0].value
True
>>> parse("herz")[0].kind, parse("?")[0].value
('action', 'help')
>>> parse("blubb")
Traceback (most recent call last):
...
doko.tui.parse.InputError: blubb
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from doko.engine.actions import (
    ARMUT,
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    CONCEDE,
    HEALTHY,
    HYPERPIGS,
    MARRIAGE,
    NO30,
    NO60,
    NO90,
    PASS,
    PIGS,
    REFUSE,
    RESERVATION,
    SUPERPIGS,
    TAKE,
    THROW,
    WITHDRAW,
    solo_code,
)
from doko.engine.cards import ACE, JACK, KING, NINE, QUEEN, TEN, CardError, kind, parse_card

__all__ = ["InputError", "Token", "is_no", "is_yes", "parse"]


@dataclass(frozen=True)
class Token:
    """One unit of input. ``kind``: ``action`` (``value`` an action code without seat),
    ``position`` (``value`` a 1-based place in the hand) or ``command`` (``value`` one of
    ``help``, ``last``, ``sheet``, ``quit``, ``undo``, ``hint``, ``analysis``)."""

    kind: str
    value: int | str
    text: str


class InputError(ValueError):
    """A word that is neither an action, a card nor a command; ``str(e)`` is the word."""


def _solo(name: str) -> int:
    return solo_code(name)


_WORDS: dict[str, int] = {
    "re": CALL_RE,
    "kontra": CALL_KONTRA,
    "contra": CALL_KONTRA,
    "k90": NO90, "keine90": NO90, "no90": NO90, "k9": NO90,
    "k60": NO60, "keine60": NO60, "no60": NO60, "k6": NO60,
    "k30": NO30, "keine30": NO30, "no30": NO30, "k3": NO30,
    "schwarz": BLACK, "black": BLACK, "k0": BLACK, "keine0": BLACK,
    "gesund": HEALTHY, "healthy": HEALTHY,
    "vorbehalt": RESERVATION, "reservation": RESERVATION, "vorbehalten": RESERVATION,
    "hochzeit": MARRIAGE, "marriage": MARRIAGE, "wedding": MARRIAGE,
    "passe": PASS, "pass": PASS, "passen": PASS, "weiter": PASS,
    "aufgeben": CONCEDE, "concede": CONCEDE, "aufgabe": CONCEDE,
    "abkürzen": CLAIM, "abkuerzen": CLAIM, "claim": CLAIM,
    # "zurück" is the command "undo": it takes back the Vorbehalt while TSR 4.1.2 allows it
    "zurückziehen": WITHDRAW, "zurueckziehen": WITHDRAW, "withdraw": WITHDRAW,
    # Schweinchen (house rules)
    "schweinchen": PIGS, "schwein": PIGS, "schweine": PIGS, "pigs": PIGS,
    "superschweinchen": SUPERPIGS, "superschwein": SUPERPIGS, "superpigs": SUPERPIGS,
    "hyperschweinchen": HYPERPIGS, "hyperschwein": HYPERPIGS, "hyperpigs": HYPERPIGS,
    # Armut and Schmeißen (house rules)
    "armut": ARMUT, "poverty": ARMUT,
    "mitnehmen": TAKE, "nehmen": TAKE, "take": TAKE,
    "ablehnen": REFUSE, "refuse": REFUSE,
    "schmeißen": THROW, "schmeissen": THROW, "werfen": THROW, "throw": THROW,
    "damen": _solo("queens"), "damensolo": _solo("queens"), "queens": _solo("queens"),
    "buben": _solo("jacks"), "bubensolo": _solo("jacks"), "jacks": _solo("jacks"),
    "fleischlos": _solo("meatless"), "fleischloser": _solo("meatless"),
    "meatless": _solo("meatless"), "notrumps": _solo("meatless"),
    "karo": _solo("diamonds"), "karosolo": _solo("diamonds"), "diamonds": _solo("diamonds"),
    "herz": _solo("hearts"), "herzsolo": _solo("hearts"), "hearts": _solo("hearts"),
    "pik": _solo("spades"), "piksolo": _solo("spades"), "spades": _solo("spades"),
    "kreuz": _solo("clubs"), "kreuzsolo": _solo("clubs"), "clubs": _solo("clubs"),
    # the picture solos (house rules; only where the table plays them)
    "könige": _solo("kings"), "koenige": _solo("kings"), "königssolo": _solo("kings"),
    "koenigssolo": _solo("kings"), "kings": _solo("kings"),
    "damenbuben": _solo("queens_jacks"), "queensjacks": _solo("queens_jacks"),
    "königedamen": _solo("kings_queens"), "koenigedamen": _solo("kings_queens"),
    "kingsqueens": _solo("kings_queens"),
    "königebuben": _solo("kings_jacks"), "koenigebuben": _solo("kings_jacks"),
    "kingsjacks": _solo("kings_jacks"),
    "köhler": _solo("koehler"), "koehler": _solo("koehler"), "dreibilder": _solo("koehler"),
}
#: two-word calls: ``keine 90``, ``no 90``
_LEVEL_WORDS = {"90": NO90, "60": NO60, "30": NO30, "0": BLACK}
_NEGATIONS = ("keine", "kein", "no")

_COMMANDS = {
    "?": "help", "hilfe": "help", "help": "help", "h": "help",
    "last": "last", "letzter": "last", "letzte": "last", "l": "last", "stich": "last",
    "liste": "sheet", "sheet": "sheet", "spielliste": "sheet", "stand": "sheet",
    "quit": "quit", "ende": "quit", "exit": "quit", "beenden": "quit", "q": "quit",
    "zurück": "undo", "zurueck": "undo", "undo": "undo", "zurücknehmen": "undo",
    "tipp": "hint", "hint": "hint",
    "analyse": "analysis", "analyze": "analysis", "analysieren": "analysis",
}

_SUIT_WORDS = {
    "kreuz": 0, "clubs": 0, "club": 0, "pik": 1, "spades": 1, "spade": 1,
    "herz": 2, "hearts": 2, "heart": 2, "karo": 3, "diamonds": 3, "diamond": 3,
}
_RANK_WORDS = {
    "9": NINE, "neun": NINE, "nine": NINE,
    "b": JACK, "j": JACK, "bube": JACK, "jack": JACK,
    "d": QUEEN, "q": QUEEN, "dame": QUEEN, "queen": QUEEN,
    "k": KING, "könig": KING, "koenig": KING, "king": KING,
    "10": TEN, "t": TEN, "z": TEN, "zehn": TEN, "ten": TEN,
    "a": ACE, "ass": ACE, "as": ACE, "ace": ACE,
}
_SYMBOLS = {"♣": 0, "♠": 1, "♥": 2, "♦": 3, "♡": 2, "♢": 3, "♧": 0, "♤": 1}


def _symbol_card(tok: str) -> int | None:
    """``♣D``, ``♣q``, ``♥10``, ``D♣``, ``10♥`` -> kind."""
    if len(tok) < 2:
        return None
    if tok[0] in _SYMBOLS:
        suit, rank = _SYMBOLS[tok[0]], tok[1:]
    elif tok[-1] in _SYMBOLS:
        suit, rank = _SYMBOLS[tok[-1]], tok[:-1]
    else:
        return None
    r = _RANK_WORDS.get(rank)
    return None if r is None else kind(suit, r)


def _card(tok: str) -> int | None:
    try:
        return parse_card(tok)
    except CardError:
        return _symbol_card(tok)


def _tokens(text: str) -> list[str]:
    out: list[str] = []
    for word in re.split(r"[\s,;]+", text.strip().lower()):
        if not word:
            continue
        if word in _WORDS or word in _COMMANDS or _card(word) is not None:
            out.append(word)
            continue
        # "kreuz-dame", "herz-10", "karo-solo", "keine-90"
        parts = [p for p in word.split("-") if p]
        if len(parts) == 2 and parts[1] == "solo" and parts[0] in _WORDS:
            out.append(parts[0])
        else:
            out.extend(parts or [word])
    return out


def parse(text: str) -> list[Token]:
    """The tokens of one input line (empty for an empty line); raises :class:`InputError`
    naming the first word that means nothing."""
    words = _tokens(text)
    out: list[Token] = []
    i = 0
    while i < len(words):
        w = words[i]
        nxt = words[i + 1] if i + 1 < len(words) else None
        if w in _NEGATIONS and nxt in _LEVEL_WORDS:
            out.append(Token("action", _LEVEL_WORDS[nxt], f"{w} {nxt}"))
            i += 2
            continue
        if w in _SUIT_WORDS and nxt is not None and nxt in _RANK_WORDS:  # "herz 10"
            out.append(Token("action", kind(_SUIT_WORDS[w], _RANK_WORDS[nxt]), f"{w} {nxt}"))
            i += 2
            continue
        if w in _RANK_WORDS and not w.isdigit() and nxt in _SUIT_WORDS:  # "dame kreuz"
            out.append(Token("action", kind(_SUIT_WORDS[nxt], _RANK_WORDS[w]), f"{w} {nxt}"))
            i += 2
            continue
        if w in _COMMANDS:
            out.append(Token("command", _COMMANDS[w], w))
        elif w in _WORDS:
            out.append(Token("action", _WORDS[w], w))
        elif w.isdigit():
            out.append(Token("position", int(w), w))
        else:
            k = _card(w)
            if k is None:
                raise InputError(w)
            out.append(Token("action", k, w))
        i += 1
    return out


def is_yes(text: str) -> bool:
    """``j``, ``ja``, ``y``, ``yes``."""
    return text.strip().lower() in ("j", "ja", "y", "yes")


def is_no(text: str) -> bool:
    """``n``, ``nein``, ``no``."""
    return text.strip().lower() in ("n", "nein", "no")
