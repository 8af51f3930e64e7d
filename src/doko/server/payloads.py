"""What the web table sends besides a seat's view: the state message as text (encoded from
parts shared by every connection), the calls a seat may make with their deadlines, the score of
a finished game, the Spielliste and a closed game for browsing. Everything here is public or
the seat's own (a seat's view is :func:`doko.engine.view.view`).
"""

from __future__ import annotations

import json
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
from doko.engine.view import SeatView
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


def dumps(obj: Any) -> str:
    """JSON as the server sends it: compact (no spaces)."""
    return _ENCODER.encode(obj)


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


#: The keys of a seat's view that an ``update`` sends in full when they changed (``history``
#: and ``tricks`` only grow within a game: an update carries what was added; ``rules`` do not
#: change within a game).
_GROWING_VIEW = ("history", "tricks")


def _sliced(v: SeatView, history_from: int, tricks_from: int) -> SeatView:
    """``v`` with only the history and tricks from the given positions on (a shallow copy, as
    :func:`_light`), so that its ``to_json`` encodes just what was added."""
    out = object.__new__(type(v))
    out.__dict__.update(v.__dict__, history=v.history[history_from:],
                        tricks=v.tricks[tricks_from:])
    return out


@dataclass
class _Snapshot:
    """What the connections of one seat (None: the spectators) were sent by the broadcast of
    ``version``: the next broadcast sends them only what changed
    (:meth:`doko.server.table.Table.broadcast`). ``number`` is None while there is no game.
    ``view`` is the seat's view itself (its tuples are compared field by field: they hold
    atomic values, which the garbage collector stops tracking, where JSON dicts and lists kept
    until the table's next action would fill its younger generations)."""

    version: int
    table: str
    thinking: str
    number: int | None
    game: dict[str, Any]
    view: SeatView | None
    history: int
    tricks: int
    #: the game it was made of (another object, even with the same number: sent whole)
    game_of: Game | None


def view_parts(v: SeatView, history_from: int, tricks_from: int
               ) -> tuple[dict[str, Any], list[Any], list[Any]]:
    """``v.to_json()`` split for an update: the view without ``history``, ``tricks`` and
    ``rules``; the history from ``history_from`` on; the tricks from ``tricks_from`` on."""
    d = _sliced(v, history_from, tricks_from).to_json()
    history = d.pop("history")
    tricks = d.pop("tricks")
    del d["rules"]
    return d, history, tricks


#: The fields of a view that an update may change (``view_parts``' dict: all but the history,
#: the tricks and the rules).
VIEW_FIELDS = tuple(f.name for f in fields(SeatView) if f.name not in ("history", "tricks",
                                                                       "rules"))


def changed(old: dict[str, Any], new: dict[str, Any]) -> dict[str, Any]:
    """The entries of ``new`` that ``old`` does not have with the same value."""
    missing = object()
    return {k: v for k, v in new.items() if old.get(k, missing) != v}


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
