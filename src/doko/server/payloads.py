"""What the web table sends besides a seat's view: the state message as text (encoded from
parts shared by every connection), the calls a seat may make with their deadlines, the score of
a finished game, the Spielliste and a closed game for browsing. Everything here is public or
the seat's own (a seat's view is :func:`doko.engine.view.view`).
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field, fields
from typing import Any

from doko.engine.actions import BLACK, CALL_RE, Action, code_of, seat_of, to_dict
from doko.engine.callhints import call_hints, hint_lines
from doko.engine.cards import hand_kinds
from doko.engine.contracts import CONTRACT_NAMES, CONTRACT_NAMES_DE, CONTRACT_NAMES_EN
from doko.engine.game import Game
from doko.engine.record import replay
from doko.engine.result import game_result
from doko.engine.texts import LANGS
from doko.engine.view import SeatView, field_json
from doko.server.db import GameData
from doko.session import Round, sheet_json

# ------------------------------------------------------------------------------ parts


def call_deadline(game: Game, action: Action) -> dict[str, Any]:
    """A legal call with the fewest cards in hand its seat needs for it
    (:meth:`doko.engine.game.Game.call_deadline`) and the cards it holds."""
    return {"action": to_dict(action), "need": game.call_deadline(action),
            "have": game.cards_in_hand(seat_of(action))}


def call_hint(game: Game, seat: int) -> dict[str, list[str]] | None:
    """What ``seat`` may call now, how long each call stays possible and what waiting costs
    (:mod:`doko.engine.callhints`, TSR 6.4), in German and English; None without a call. Made
    from the seat's own party and the public calls only."""
    hints = call_hints(game, seat)
    if not hints:
        return None
    cards = game.cards_in_hand(seat)
    return {lang: hint_lines(hints, cards, lang) for lang in LANGS}


#: Everything :func:`call_hint` reads of a game for one seat: the call codes it may make now,
#: the cards in its hand, its party, both parties' call levels and the Hochzeit's shift.
HintKey = tuple[tuple[int, ...], int, bool, tuple[int, ...], int]
_HINT_TEXTS: dict[HintKey, str] = {}
_HINT_CACHE_MAX = 4096


def hint_key(game: Game, seat: int, codes: tuple[int, ...]) -> HintKey:
    """The key of ``seat``'s call hint now (``codes``: the call codes it may make, sorted):
    two game states with the same key have the same :func:`call_hint`."""
    return (codes, game.cards_in_hand(seat), bool(game.is_re[seat]), tuple(game.level),
            game.shift)


def hint_text(game: Game, seat: int, key: HintKey | None) -> str:
    """:func:`call_hint` of ``seat`` as JSON text, kept by its :func:`hint_key` (``key`` None:
    no call, ``null``); the words of a hint are made once for all tables."""
    if key is None:
        return "null"
    out = _HINT_TEXTS.get(key)
    if out is None:
        if len(_HINT_TEXTS) >= _HINT_CACHE_MAX:
            _HINT_TEXTS.clear()
        out = _HINT_TEXTS[key] = dumps(call_hint(game, seat))
    return out


def contract_labels(contract: str | None) -> dict[str, str] | None:
    if contract is None or contract not in CONTRACT_NAMES:
        return None
    i = CONTRACT_NAMES.index(contract)
    return {"de": CONTRACT_NAMES_DE[i], "en": CONTRACT_NAMES_EN[i]}


def result_json(game: Game) -> dict[str, Any]:
    """The score breakdown of a finished game (public once the game is over)."""
    score = game_result(game)
    re_seats = game.re_seats()
    return {
        "winner": score.winner,
        "value": score.value,
        "solo": score.solo,
        "re_seats": re_seats,
        "scores": score.seat_scores(re_seats),
        "re_eyes": game.re_eyes(),
        "kontra_eyes": game.kontra_eyes(),
        "re_tricks": game.re_tricks(),
        "kontra_tricks": game.kontra_tricks(),
        "items": [i.to_json() for i in score.items],
        "contract": {"de": game.contract_label("de"), "en": game.contract_label("en")},
        "ended": game.ended,
    }


# ------------------------------------------------------------------------------ state as text


_ENCODER = json.JSONEncoder(separators=(",", ":"))


def _not_json(obj: Any) -> Any:
    raise TypeError(f"Object of type {type(obj).__name__} is not JSON serializable")


# ``json.JSONEncoder.encode`` makes a new C encoder for every call, which costs more than
# encoding the small parts of an update; this one is made once (no check for circular
# references: the server's messages are trees). None where the C accelerator is missing.
_make_encoder: Callable[..., Any] | None = getattr(json.encoder, "c_make_encoder", None)
_C_ENCODE = None if _make_encoder is None else _make_encoder(
    None, _not_json, json.encoder.encode_basestring_ascii, None, ":", ",", False, False, True)
_encode_str = json.encoder.encode_basestring_ascii


def dumps(obj: Any) -> str:
    """JSON as the server sends it: compact (no spaces), ASCII; the same text as
    ``json.dumps(obj, separators=(",", ":"))``."""
    if type(obj) is str:
        return _encode_str(obj)
    if _C_ENCODE is None:  # pragma: no cover - CPython always has the accelerator
        return _ENCODER.encode(obj)
    return "".join(_C_ENCODE(obj, 0))


def _light(v: SeatView) -> SeatView:
    """``v`` without its history and tricks (a shallow copy; ``dataclasses.replace`` would
    check every field again, which costs more than the encoding it saves)."""
    light = object.__new__(type(v))
    light.__dict__.update(v.__dict__, history=(), tricks=())
    return light


#: The parts of a seat's view that are the same in every seat's view (the public history, the
#: tricks, the rules): encoded once per game state, then spliced into each seat's view.
_SHARED_VIEW = ("history", "tricks", "rules")
_MARKS = {k: "\x00" + k for k in _SHARED_VIEW}  # no view holds a NUL character
_MARK_TEXT = {k: dumps(m) for k, m in _MARKS.items()}


@dataclass
class _Common:
    """The parts of a state message that are the same for every connection, made once per
    broadcast: the table, the thinking seat, the time, the finished game's score and Spielliste
    row, the seats that may still call after a concession, and each seat's game (by seat; kept
    while the game does not change: :attr:`_JsonCache.games`)."""

    table: str
    thinking: str
    now: str
    result: str
    row: str
    pending: list[int]
    games: dict[int | None, str] = field(default_factory=dict)


@dataclass
class _JsonCache:
    """Encoded parts kept between broadcasts, each with the value it encodes (compared before
    use, so a stale part is never sent)."""

    view_key: tuple[Any, ...] | None = None
    view_parts: dict[str, str] = field(default_factory=dict)
    result_key: tuple[Any, ...] | None = None
    result: str = "null"
    result_obj: Any = None
    sheet: tuple[Any, str] | None = None
    #: the public table, with everything it is made of (Table._table_text)
    table: tuple[Any, str] | None = None
    #: each seat's game (by seat), as long as everything it is made of is unchanged (games_key)
    games_key: tuple[Any, ...] | None = None
    games: dict[int | None, str] = field(default_factory=dict)


#: The fields of a seat's game besides ``number`` and ``view`` (the ``game`` of a state, see
#: :meth:`doko.server.table.Table._game_json`), in the order an ``update`` lists them.
GAME_FIELDS = ("contract_label", "calls", "call_hint", "over", "closed", "done_needed",
               "result", "row")

#: What a seat's calls are made of: (action, fewest cards it needs, cards in hand) per call.
CallsKey = tuple[tuple[int, int, int], ...]


def calls_text(calls: CallsKey) -> str:
    """The ``calls`` of a seat's game as JSON text (each as :func:`call_deadline` writes it)."""
    return dumps([{"action": to_dict(Action(a)), "need": need, "have": have}
                  for a, need, have in calls])


@dataclass
class _Snapshot:
    """What the connections of one seat (None: the spectators) were sent by the broadcast of
    ``version``: the next broadcast sends them only what changed
    (:meth:`doko.server.table.Table.broadcast`). ``number`` is None while there is no game.
    ``game`` holds what each of :data:`GAME_FIELDS` is made of (atomic values and tuples of
    them, or the field's text) and ``view`` is the seat's view itself (its tuples are compared
    field by field). Neither holds JSON dicts or lists: tuples of atomic values are soon no
    longer tracked by the garbage collector, where dicts and lists kept until the table's next
    action would fill its younger generations."""

    version: int
    table: str
    thinking: str
    number: int | None
    game: tuple[Any, ...]
    view: SeatView | None
    history: int
    tricks: int
    #: the game it was made of (another object, even with the same number: sent whole)
    game_of: Game | None


class Fragments:
    """The JSON texts of the parts of one broadcast's updates, each encoded once however many
    seats send it: a view's field with its value (most are public, the same in every seat's
    view), the actions and tricks added, a contract's labels."""

    __slots__ = ("_texts",)

    def __init__(self) -> None:
        self._texts: dict[tuple[str, Any], str] = {}

    def field(self, name: str, value: Any) -> str:
        """``"name":value`` of a view's field (:func:`doko.engine.view.field_json`)."""
        key = (name, value)
        out = self._texts.get(key)
        if out is None:
            out = self._texts[key] = f'"{name}":{dumps(field_json(name, value))}'
        return out

    def labels(self, contract: str | None) -> str:
        key = ("\x00labels", contract)
        out = self._texts.get(key)
        if out is None:
            out = self._texts[key] = dumps(contract_labels(contract))
        return out


#: The fields of a view that an update may change (all but the history and the tricks, which
#: only grow within a game and are sent as what was added, and the rules, which do not
#: change within a game).
VIEW_FIELDS = tuple(f.name for f in fields(SeatView) if f.name not in ("history", "tricks",
                                                                       "rules"))


def sheet_payload(r: Round, numbers: list[int], names: list[str]) -> dict[str, Any]:
    """The Spielliste for the browser: :func:`doko.session.sheet_json` with seat names, the
    table's game number and the kind's label for each row."""
    out = sheet_json(r)
    out["names"] = names
    for row, j, number in zip(r.games, out["games"], numbers, strict=False):
        j["game"] = number
        j["label"] = {"de": row.label("de"), "en": row.label("en")}
    out["rows"] = out["games"]
    return out


def game_detail(data: GameData, names: list[str], round_number: int) -> dict[str, Any]:
    """A closed game for browsing: hands as dealt (in the game's card order), the tricks with
    their winners and Augen, the calls with the trick they were made in, and the score."""
    from doko.engine.cards import EYES, card_code

    g = replay({**data.deal, "actions": data.actions})
    key = g.order.sort_key
    tricks = []
    for i, (leader, cards, winner) in enumerate(g.tricks):
        tricks.append({"number": i + 1, "leader": leader, "winner": winner,
                       "eyes": sum(EYES[k] for k in cards),
                       "cards": [{"seat": (leader + j) & 3, "card": card_code(k)}
                                 for j, k in enumerate(cards)]})
    calls = []
    plays = 0
    for a in g.history:
        code = code_of(a)
        if code < 24:
            plays += 1
        elif CALL_RE <= code <= BLACK:
            calls.append({**to_dict(a), "trick": plays // 4 + 1, "card": plays % 4})
    return {
        "number": data.number,
        "round": round_number,
        "names": names,
        "dealer": g.dealer,
        "hands": [[card_code(k) for k in sorted(hand_kinds(h), key=lambda k: key[k])]
                  for h in g.initial_hands],
        "tricks": tricks,
        "calls": calls,
        "actions": [to_dict(a) for a in g.history],
        "result": data.result if data.result is not None else result_json(g),
    }
