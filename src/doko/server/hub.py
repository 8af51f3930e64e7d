"""The tables while they are played: engine games, rounds, computer players, connections.

Every table lives in memory as a :class:`Table`, rebuilt from the database when the server
starts (games are replayed from their stored actions). All changes of a table happen under its
lock, in this order: the engine checks the action (:meth:`doko.engine.game.Game.apply`), the
database
commits it, and only then is the new state sent. A seat is only ever sent
``view(game, seat).to_json()`` and public facts (names, the Spielliste, the score of a finished
game); a spectator gets ``view(game, None)``.

The computer players decide in a thread pool from their own seat's view, so the event loop
stays responsive; a fresh player is made for each decision with a seed derived from the table,
the game and the number of actions so far, so that a table continues after a restart exactly as
it would have without one.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import json
import logging
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from doko.bots.base import player_names
from doko.engine.actions import (
    BLACK,
    CALL_RE,
    Action,
    ActionFormatError,
    code_of,
    from_dict,
    seat_of,
    to_dict,
)
from doko.engine.cards import hand_kinds
from doko.engine.contracts import CONTRACT_NAMES, CONTRACT_NAMES_DE, CONTRACT_NAMES_EN
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result
from doko.engine.rules import PRESETS, Rules
from doko.engine.view import SeatView, view
from doko.server.botpool import (
    BotPool,
    BotPoolBusy,
    Decision,
    Job,
    level_options,
    seat_budget_ms,
)
from doko.server.botpool import (
    fallback as bot_fallback,
)
from doko.server.db import ACTIVE, GameData, RoundData, SeatData, Store, TableData, is_batched
from doko.server.limits import Limits, client_key
from doko.server.schema import (
    NAME_MAX,
    TABLE_NAME_MAX,
    ActionBody,
    ActionMsg,
    ClientMessage,
    Hello,
    LangMsg,
    NameMsg,
    Ping,
    Request,
    SchemaError,
    clean_text,
)
from doko.server.writer import GroupCommit
from doko.session import Round, RoundError, sheet_json

log = logging.getLogger("doko.server")

T = TypeVar("T")

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6
MAX_QUEUE = 2000

#: Server-side messages (English, German).
_TEXTS: dict[str, tuple[str, str]] = {
    "malformed": ("the message is not a JSON object with a 'type': {detail}",
                  "die Nachricht ist kein JSON-Objekt mit 'type': {detail}"),
    "unknown_type": ("unknown message type {detail!r}", "unbekannter Nachrichtentyp {detail!r}"),
    "hello_first": ("send 'hello' first", "zuerst 'hello' senden"),
    "bad_token": ("this link's key belongs to no seat of this table",
                  "der Schlüssel dieses Links gehört zu keinem Platz dieses Tisches"),
    "token_required": ("only a seat may act, with its key from the invitation link",
                       "nur ein Platz darf spielen, mit dem Schlüssel aus seinem Einladungslink"),
    "not_your_seat": ("your key belongs to seat {detail}, not to another seat",
                      "dein Schlüssel gehört zu Platz {detail}, nicht zu einem anderen Platz"),
    "bad_field": ("{detail}", "{detail}"),
    "closed": ("this table has been closed", "dieser Tisch wurde geschlossen"),
    "expired": ("this table has expired: nobody played at it for a long time",
                "dieser Tisch ist abgelaufen: lange hat niemand an ihm gespielt"),
    "busy": ("the server has no room for another table now; try again later",
             "der Server hat gerade keinen Platz für einen weiteren Tisch; bitte später"),
    "too_many_connections": ("too many connections from your address",
                             "zu viele Verbindungen von deiner Adresse"),
    "rate_limited": ("too many requests; try again in {detail} s",
                     "zu viele Anfragen; bitte in {detail} s noch einmal"),
    "bad_action": ("not a valid action: {detail}", "keine gültige Aktion: {detail}"),
    "no_game": ("no game is running", "es läuft kein Spiel"),
    "bot_seat": ("a computer player plays this seat", "diesen Platz spielt ein Computer"),
    "not_pending": ("there is nothing left for you to decide in this game",
                    "in diesem Spiel gibt es für dich nichts mehr zu entscheiden"),
    "not_between": ("the next game can only start after this one",
                    "das nächste Spiel kann erst nach diesem beginnen"),
    "start_needs_bots": ("seats are still empty and no computer may take them (table option)",
                         "Plätze sind noch frei und kein Computer darf sie übernehmen "
                         "(Tischoption)"),
    "not_waiting": ("the table has started already", "der Tisch hat schon begonnen"),
    "round_running": ("the round is not over yet", "die Runde ist noch nicht zu Ende"),
    "bad_name": ("a name has 1 to 40 characters", "ein Name hat 1 bis 40 Zeichen"),
    "server": ("the server could not store the action; nothing was changed",
               "der Server konnte die Aktion nicht speichern; nichts wurde geändert"),
    "no_table": ("there is no table {detail!r}, or its link has no key for it",
                 "es gibt keinen Tisch {detail!r}, oder sein Link hat keinen Schlüssel dafür"),
}


def text(key: str, lang: str, detail: object = "") -> str:
    en, de = _TEXTS[key]
    return (de if lang == "de" else en).format(detail=detail)


class TableError(ValueError):
    """A request the table refuses; ``key`` names it, the message comes in both languages."""

    def __init__(self, key: str, detail: object = "", rule: str | None = None,
                 de: str | None = None, en: str | None = None) -> None:
        self.key = key
        self.rule = rule
        self.en = en if en is not None else text(key, "en", detail)
        self.de = de if de is not None else text(key, "de", detail)
        super().__init__(self.en)

    def text(self, lang: str) -> str:
        return self.de if lang == "de" else self.en

    @classmethod
    def from_schema(cls, e: SchemaError) -> TableError:
        """A message that does not fit the schema (:mod:`doko.server.schema`)."""
        return cls(e.key, e.field, en=e.text("en"), de=e.text("de"))

    def message(self, ref: object = None, lang: str = "en") -> dict[str, Any]:
        """The error reply: ``error`` (a key), ``rule`` (a TSR clause or None), ``message``."""
        return {"type": "error", "error": self.key, "rule": self.rule,
                "message": self.text(lang), "ref": ref}


def normalize_code(code: str) -> str:
    return "".join(ch for ch in code.upper() if ch.isalnum())


def new_code() -> str:
    return "".join(secrets.choice(CODE_ALPHABET) for _ in range(CODE_LENGTH))


def default_bot_level() -> str:
    names = player_names()
    for level in ("rules", "search", "random"):
        if level in names:
            return level
    return names[0]


def _seed(*parts: int) -> int:
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0x7FFFFFFFFFFFFFFF
    return h


# ------------------------------------------------------------------------------ specs


@dataclass
class SeatSpec:
    kind: str = "human"
    name: str | None = None
    level: str | None = None


@dataclass
class TableSpec:
    """What the creator of a table chooses (validated by :meth:`Hub.create`)."""

    name: str = ""
    rules: str = "tsr"
    games: int | None = 24
    pflichtsoli: bool | None = None
    public: bool = False
    bot_takeover: bool = True
    takeover_level: str | None = None
    bot_delay_ms: int = 700
    grace_s: float = 30.0
    seats: list[SeatSpec] = field(default_factory=lambda: [
        SeatSpec("human"), SeatSpec("bot"), SeatSpec("bot"), SeatSpec("bot")])
    seed: int | None = None


# ------------------------------------------------------------------------------ connections


class Conn:
    """One WebSocket connection: its seat (None: spectator) and its outgoing queue."""

    def __init__(self, lang: str = "de") -> None:
        self.seat: int | None = None
        self.lang = lang
        self.bound = False
        self.sheet_version = -1
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.closed = False

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() > MAX_QUEUE:  # a client that does not read: drop it
            self.close()
            return
        self.queue.put_nowait(msg if isinstance(msg, str) else json.dumps(msg))

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            self.queue.put_nowait(None)


@dataclass
class Seat:
    seat: int
    kind: str
    level: str | None
    name: str
    token: str | None
    joined: bool
    left: bool
    conns: set[Conn] = field(default_factory=set)
    ready: bool = False
    grace: asyncio.Task[None] | None = None


# ------------------------------------------------------------------------------ bots


def call_deadline(game: Game, action: Action) -> dict[str, Any]:
    """A legal call with the fewest cards in hand its seat needs for it
    (:meth:`doko.engine.game.Game.call_deadline`) and the cards it holds."""
    return {"action": to_dict(action), "need": game.call_deadline(action),
            "have": game.cards_in_hand(seat_of(action))}


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
    sheet: tuple[Any, str] | None = None
    #: each seat's game (by seat), as long as everything it is made of is unchanged (games_key)
    games_key: tuple[Any, ...] | None = None
    games: dict[int | None, str] = field(default_factory=dict)


# ------------------------------------------------------------------------------ a table


class Table:
    """One table: seats, the current round and game, and its connections."""

    def __init__(self, hub: Hub, data: TableData) -> None:
        self.hub = hub
        self.data = data
        self.id = data.id
        self.code = data.code
        self.rules: Rules = Rules.from_json(json.loads(data.rules))
        self.seats = [Seat(s.seat, s.kind, s.level, s.name, s.token, s.joined, s.left)
                      for s in data.seats]
        self.status = data.status
        self.spectators: set[Conn] = set()
        self.lock = asyncio.Lock()
        self.wake = asyncio.Event()
        self.version = 0
        self.round: Round | None = None
        self.round_data: RoundData | None = None
        self.round_games: list[int] = []  # game numbers of the round's sheet rows
        self.game: Game | None = None
        self.game_data: GameData | None = None
        self.next_number = 1
        self.thinking: tuple[int, float] | None = None
        #: counts the changes that matter to the computer players (actions, deals, who controls
        #: a seat); a bot's decision made at an older epoch is thrown away
        self.epoch = 0
        self.bots_idle_epoch = -1
        self.driver: asyncio.Task[None] | None = None
        #: when somebody of the table (a person's seat; at a table of computers only, any
        #: spectator) was last connected; the computer players pause after
        #: ``limits.idle_pause_s`` without one
        self.attended_at = time.monotonic()
        self.touched_at = data.touched_at or data.created_at
        self._sheet: dict[str, Any] | None = None
        self.sheet_version = 0
        self._json = _JsonCache()  # encoded parts of the state messages (broadcast)
        self._requests: dict[str, Callable[[int, Any], Awaitable[None]]] = {
            "next": self._next, "done": self._done, "leave": self._leave,
            "start": self._start, "new_round": self._new_round_request, "name": self._name,
        }

    # ------------------------------------------------------------------ loading

    def load(self, rounds: list[RoundData], games: list[GameData], total_games: int) -> None:
        """Rebuild the current round and game from the database rows (blocking)."""
        self.next_number = total_games + 1
        if not rounds:
            return
        rd = rounds[-1]
        self.round_data = rd
        self.round = self._new_round(rd)
        for gd in games:
            game = replay({**gd.deal, "actions": gd.actions})
            if gd.closed:
                self.round.add_game(game)
                self.round_games.append(gd.number)
            self.game, self.game_data = game, gd
        self.invalidate_sheet()

    def _new_round(self, rd: RoundData) -> Round:
        return Round(["1", "2", "3", "4"], rd.games_total, rules=self.rules,
                     pflichtsoli=rd.pflichtsoli)

    def start(self) -> None:
        if self.driver is None:
            self.driver = asyncio.get_running_loop().create_task(self._drive())
            if self.data.bot_takeover:
                for s in self.seats:
                    if s.kind == "human" and s.joined and not s.left and not s.conns:
                        self._schedule_grace(s)
            self.wake.set()

    async def stop(self) -> None:
        for s in self.seats:
            if s.grace is not None:
                s.grace.cancel()
        if self.driver is not None:
            self.driver.cancel()
            with contextlib.suppress(asyncio.CancelledError):
                await self.driver
        for c in [*self.spectators, *(c for s in self.seats for c in s.conns)]:
            c.close()

    # ------------------------------------------------------------------ activity

    @property
    def active(self) -> bool:
        """Waiting or playing (not over, closed by the operator or expired)."""
        return self.status in ACTIVE

    def connections(self) -> int:
        return len(self.spectators) + sum(len(s.conns) for s in self.seats)

    def attended(self) -> bool:
        """Is somebody of the table connected: a person on a person's seat, or (at a table of
        computer players only) anybody watching? The computer players play only then, and for
        ``limits.idle_pause_s`` after the last one left."""
        if any(s.conns for s in self.seats if s.kind == "human"):
            return True
        return bool(self.spectators) and all(s.kind == "bot" for s in self.seats)

    def paused(self) -> bool:
        if self.attended():
            self.attended_at = time.monotonic()
            return False
        return time.monotonic() - self.attended_at > self.hub.limits.idle_pause_s

    async def close_by_operator(self) -> None:
        """``doko admin close``: the table stops for good (its games stay readable)."""
        async with self.lock:
            if self.status in ("closed", "expired"):
                return
            await self.hub.db(self.hub.store.set_status, self.id, "closed")
            self.status = "closed"
            for s in self.seats:
                if s.grace is not None:
                    s.grace.cancel()
                    s.grace = None
            self.bump()

    def touch(self) -> None:
        """Somebody opened the table: note it (at most once a minute) against expiry."""
        now = time.time()
        if now - self.touched_at > 60:
            self.touched_at = now
            self.hub.background(self.hub.db(self.hub.store.touch, self.id, now))

    # ------------------------------------------------------------------ who plays

    def controller(self, seat: int) -> str | None:
        """``"human"``, ``"bot"`` or None (a seat waiting for its player)."""
        s = self.seats[seat]
        if s.kind == "bot":
            return "bot"
        if s.joined and not s.left:
            return "human"
        if s.left and self.data.bot_takeover:
            return "bot"
        return None

    def bot_level(self, seat: int) -> str:
        s = self.seats[seat]
        return (s.level if s.kind == "bot" and s.level else self.data.takeover_level)

    def game_closed(self) -> bool:
        return self.game_data is None or self.game_data.closed

    def pending_after_end(self) -> list[int]:
        """Seats that may still call in a finished game (Kontra after a concession, 5.4.7)."""
        g = self.game
        if g is None or not g.is_over or self.game_closed():
            return []
        return [s for s in range(4) if g.legal_actions(s)]

    # ------------------------------------------------------------------ messages

    def _public_table(self) -> dict[str, Any]:
        r = self.round
        return {
            "code": self.code,
            "name": self.data.name,
            "rules": self.rules.to_json(),
            "rules_name": self.rules.name,
            "status": self.status,
            "public": self.data.public,
            "practice": self.data.practice,
            "seed": self.data.seed if self.data.practice else None,
            "bot_takeover": self.data.bot_takeover,
            "takeover_level": self.data.takeover_level,
            "round": None if r is None or self.round_data is None else {
                "number": self.round_data.number,
                "games_total": r.games_total,
                "games_played": r.games_played,
                "over": r.is_over,
            },
            "seats": [{
                "seat": s.seat, "name": s.name, "kind": s.kind,
                "level": self.bot_level(s.seat) if self.controller(s.seat) == "bot" else None,
                "controller": self.controller(s.seat), "connected": bool(s.conns),
                "joined": s.joined, "left": s.left, "ready": s.ready,
            } for s in self.seats],
        }

    def invalidate_sheet(self) -> None:
        """The Spielliste or a name changed: compute it again and send it with the next state."""
        self._sheet = None
        self.sheet_version += 1

    def sheet(self) -> dict[str, Any] | None:
        if self.round is None:
            return None
        if self._sheet is None:
            self._sheet = sheet_payload(self.round, self.round_games, self.names())
        return self._sheet

    def names(self) -> list[str]:
        return [s.name for s in self.seats]

    def _game_json(self, seat: int | None) -> dict[str, Any] | None:
        g, gd = self.game, self.game_data
        if g is None or gd is None:
            return None
        v = view(g, seat)
        out: dict[str, Any] = {
            "number": gd.number,
            "view": v.to_json(),
            "contract_label": contract_labels(v.contract),
            "calls": [],
            "over": g.is_over,
            "closed": gd.closed,
            "done_needed": False,
            "result": None,
            "row": None,
        }
        if seat is not None:
            out["calls"] = [call_deadline(g, a) for a in v.legal_actions
                            if CALL_RE <= code_of(a) <= BLACK]
            out["done_needed"] = seat in self.pending_after_end() and seat not in gd.done_seats
        if g.is_over:
            out["result"] = result_json(g)
            if gd.closed and gd.number in self.round_games and self.round is not None:
                row = self.round.games[self.round_games.index(gd.number)]
                out["row"] = row.to_json()
        return out

    def state(self, seat: int | None, with_sheet: bool = True) -> dict[str, Any]:
        """The state message for ``seat`` (None: a spectator); the Spielliste is left out when
        the connection has the current one already (``with_sheet`` False). What is sent is
        :meth:`state_text`, the same message encoded from shared parts."""
        th = self.thinking
        out = {
            "type": "state",
            "version": self.version,
            "you": seat,
            "table": self._public_table(),
            "game": self._game_json(seat),
            "thinking": None if th is None else {"seat": th[0], "since": th[1]},
            "now": time.time(),
        }
        if with_sheet:
            out["sheet"] = self.sheet()
        return out

    # The state as JSON text. A broadcast sends up to five different states (four seats and
    # the spectators) that share most of their content: the table, the history and tricks of
    # the game, its score. Those are encoded once (per broadcast, or per game state: _JsonCache)
    # and spliced in; only the rest of each seat's view is encoded per seat. The text decodes to
    # exactly state() (tests/server/test_server_state_text.py).

    def _common(self) -> _Common:
        th = self.thinking
        g, gd = self.game, self.game_data
        result = row = "null"
        pending: list[int] = []
        if g is not None and gd is not None and g.is_over:
            pending = self.pending_after_end()
            result = self._result_text(g)
            if gd.closed and gd.number in self.round_games and self.round is not None:
                row = dumps(self.round.games[self.round_games.index(gd.number)].to_json())
        # Everything a seat's game is made of: the game changes only by Game.apply, which adds
        # to its history; the rest is the game's row, its closing and who said "done". (The
        # objects themselves are in the key, so none is collected and its id reused.)
        key = (g, gd, self.round, None if g is None else len(g.history),
               None if gd is None else (gd.closed, tuple(gd.done_seats)), len(self.round_games))
        cache = self._json
        if cache.games_key != key:
            cache.games_key, cache.games = key, {}
        return _Common(
            table=dumps(self._public_table()),
            thinking=dumps(None if th is None else {"seat": th[0], "since": th[1]}),
            now=dumps(time.time()), result=result, row=row, pending=pending,
            games=cache.games)

    def _result_text(self, g: Game) -> str:
        c = self._json
        key = (g, len(g.history))
        if c.result_key is None or c.result_key[0] is not g or c.result_key[1] != key[1]:
            c.result_key, c.result = key, dumps(result_json(g))
        return c.result

    def _view_text(self, v: SeatView) -> str:
        """``v.to_json()`` as text: the parts every seat's view shares are encoded once."""
        c = self._json
        key = (v.history, v.tricks, v.rules)
        if key == c.view_key:
            d = (_light(v) if hasattr(v, "__dict__")
                 else dataclasses.replace(v, history=(), tricks=())).to_json()
        else:
            d = v.to_json()
            c.view_key = key
            c.view_parts = {k: dumps(d[k]) for k in _SHARED_VIEW}
        for k in _SHARED_VIEW:
            d[k] = _MARKS[k]
        out = dumps(d)
        for k in _SHARED_VIEW:
            out = out.replace(_MARK_TEXT[k], c.view_parts[k], 1)
        return out

    def _game_text(self, seat: int | None, common: _Common) -> str:
        """:meth:`_game_json` as text."""
        g, gd = self.game, self.game_data
        if g is None or gd is None:
            return "null"
        v = view(g, seat)
        calls: list[dict[str, Any]] = []
        done_needed = False
        if seat is not None:
            calls = [call_deadline(g, a) for a in v.legal_actions
                     if CALL_RE <= code_of(a) <= BLACK]
            done_needed = seat in common.pending and seat not in gd.done_seats
        middle = dumps({"contract_label": contract_labels(v.contract), "calls": calls,
                        "over": g.is_over, "closed": gd.closed, "done_needed": done_needed})
        return (f'{{"number":{gd.number:d},"view":{self._view_text(v)},{middle[1:-1]},'
                f'"result":{common.result},"row":{common.row}}}')

    def _sheet_text(self) -> str:
        sheet = self.sheet()
        c = self._json
        if c.sheet is None or c.sheet[0] is not sheet:
            c.sheet = (sheet, dumps(sheet))
        return c.sheet[1]

    def state_text(self, seat: int | None, with_sheet: bool = True,
                   common: _Common | None = None) -> str:
        """:meth:`state` as the JSON text that is sent; ``common``: the shared parts made for
        this broadcast (made now if not given)."""
        c = common if common is not None else self._common()
        game = c.games.get(seat)
        if game is None:
            game = c.games[seat] = self._game_text(seat, c)
        you = "null" if seat is None else f"{seat:d}"
        out = (f'{{"type":"state","version":{self.version:d},"you":{you},'
               f'"table":{c.table},"game":{game},"thinking":{c.thinking},"now":{c.now}')
        if with_sheet:
            out += f',"sheet":{self._sheet_text()}'
        return out + "}"

    def send_state(self, conn: Conn) -> None:
        conn.sheet_version = self.sheet_version
        conn.send(self.state_text(conn.seat))

    def broadcast(self) -> None:
        """Send every connection the state it may see (one view per seat, one for spectators;
        the parts they share are made once)."""
        targets: list[tuple[int | None, Conn]] = [(None, c) for c in self.spectators]
        targets += [(s.seat, c) for s in self.seats for c in s.conns]
        if not targets:
            return
        common = self._common()
        cache: dict[tuple[int | None, bool], str] = {}
        for seat, conn in targets:
            key = (seat, conn.sheet_version != self.sheet_version)
            text_ = cache.get(key)
            if text_ is None:
                text_ = cache[key] = self.state_text(seat, key[1], common)
            conn.sheet_version = self.sheet_version
            conn.send(text_)

    def send_all(self, msg: dict[str, Any]) -> None:
        text_ = dumps(msg)
        for c in self.spectators:
            c.send(text_)
        for s in self.seats:
            for c in s.conns:
                c.send(text_)

    # ------------------------------------------------------------------ connections

    def key_holder(self, token: str | None) -> Seat | str | None:
        """Whose key ``token`` is: a :class:`Seat`, ``"spectator"`` (the table's spectator key,
        or no key at a public table) or None (no access: a private table is not visible by
        its code alone). Keys are compared in constant time."""
        if token:
            if not token.isascii():  # no key is; compare_digest raises TypeError for such text
                return None
            for s in self.seats:
                if s.token is not None and secrets.compare_digest(s.token, token):
                    return s
            spec = self.data.spectator_token
            if spec is not None and secrets.compare_digest(spec, token):
                return "spectator"
            return None
        return "spectator" if self.data.public else None

    def readable(self, token: str | None) -> bool:
        """May a client with key ``token`` read this table (REST)?"""
        return self.key_holder(token) is not None

    async def hello(self, conn: Conn, msg: Hello) -> None:
        """Bind ``conn`` to the seat of its key, or let it watch (the spectator key, or no key
        at a public table). An unknown key is refused like an unknown table."""
        if msg.lang is not None:
            conn.lang = msg.lang
        async with self.lock:
            who = self.key_holder(msg.token)
            if who is None:
                raise TableError("bad_token" if self.data.public and msg.token else "no_table",
                                 self.code)
            self.touch()
            if not isinstance(who, Seat):
                conn.seat = None
                conn.bound = True
                self.spectators.add(conn)
                conn.send({"type": "welcome", "seat": None, "code": self.code})
                self.send_state(conn)
                self.bump(game=False)
                return
            seat = who
            changes: dict[str, Any] = {}
            # a person comes back (also after the round, for the next one)
            open_ = self.status not in ("closed", "expired")
            if msg.name is not None and msg.name != seat.name and open_:
                seat.name = msg.name
                changes["name"] = seat.name
                self.invalidate_sheet()
            if open_ and (not seat.joined or seat.left):
                seat.joined, seat.left = True, False
                changes.update(joined=True, left=False)
            if changes:
                await self.hub.db(self.hub.store.update_seat, self.id, seat.seat, **changes)
            if seat.grace is not None:
                seat.grace.cancel()
                seat.grace = None
            conn.seat = seat.seat
            conn.bound = True
            self.spectators.discard(conn)
            seat.conns.add(conn)
            welcome: dict[str, Any] = {"type": "welcome", "seat": seat.seat, "code": self.code}
            if self.data.spectator_token is not None:
                welcome["spectate"] = f"/t/{self.code}#{self.data.spectator_token}"
            conn.send(welcome)
            self.bump(game=bool(changes))

    async def disconnect(self, conn: Conn) -> None:
        async with self.lock:
            self.spectators.discard(conn)
            if conn.seat is not None:
                s = self.seats[conn.seat]
                s.conns.discard(conn)
                if not s.conns:
                    s.ready = False
                    if (s.kind == "human" and s.joined and not s.left
                            and self.data.bot_takeover and self.status != "over"):
                        self._schedule_grace(s)
                    self.bump(game=False)

    def _schedule_grace(self, s: Seat) -> None:
        if s.grace is not None:
            s.grace.cancel()
        s.grace = asyncio.get_running_loop().create_task(self._grace(s))

    async def _grace(self, s: Seat) -> None:
        await asyncio.sleep(self.data.grace_s)
        async with self.lock:
            s.grace = None
            if s.conns or s.left:
                return
            s.left = True
            await self.hub.db(self.hub.store.update_seat, self.id, s.seat, left=True)
            self.bump()

    def bump(self, game: bool = True) -> None:
        """Something public changed: send the state and let the computer players look.
        ``game`` False: only connections changed, nothing a computer player decides on."""
        self.version += 1
        if game:
            self.epoch += 1
            self.bots_idle_epoch = -1
        self.broadcast()
        self.wake.set()

    # ------------------------------------------------------------------ requests

    async def handle(self, conn: Conn, msg: ClientMessage) -> None:
        """One validated message of a connection that said hello; raises :class:`TableError`."""
        ref = msg.ref
        if isinstance(msg, Ping):
            conn.send({"type": "pong", "ref": ref})
        elif isinstance(msg, LangMsg):
            conn.lang = msg.lang
        elif isinstance(msg, ActionMsg):
            await self.act(conn, msg.action, ref)
        elif isinstance(msg, Request) and msg.type == "state":
            async with self.lock:
                self.send_state(conn)
        elif isinstance(msg, NameMsg | Request):
            if conn.seat is None:
                raise TableError("token_required")
            async with self.lock:
                if self.status in ("closed", "expired"):
                    raise TableError(self.status)
                await self._requests[msg.type](conn.seat, msg)
                conn.send({"type": "ack", "ref": ref, "version": self.version})
        else:  # pragma: no cover - hello is handled by the socket loop
            raise TableError("unknown_type", msg.type)

    async def act(self, conn: Conn, body: ActionBody, ref: object = None) -> None:
        seat = conn.seat
        if seat is None:
            raise TableError("token_required")
        if body.seat is not None and body.seat != seat:
            raise TableError("not_your_seat", seat + 1)
        try:
            a = from_dict({**body.record(), "seat": seat})
        except (ActionFormatError, ValueError) as e:
            raise TableError("bad_action", e) from None
        async with self.lock:
            if self.status in ("closed", "expired"):
                raise TableError(self.status)
            g = self.game
            if g is None or self.game_closed():
                raise TableError("no_game")
            if self.controller(seat) != "human":
                raise TableError("bot_seat")
            await self._offer_bots()
            if self.game is not g or self.game_closed():
                raise TableError("no_game")
            await self._apply(a, conn, ref)

    async def _apply(self, a: Action, conn: Conn | None = None, ref: object = None) -> None:
        """Apply, store, then broadcast (under the lock). Raises TableError if illegal."""
        g, gd = self.game, self.game_data
        assert g is not None and gd is not None
        try:
            g.apply(a)
        except IllegalActionError as e:
            raise TableError("illegal", rule=e.rule, en=e.text("en"), de=e.text("de")) from None
        idx = len(g.history) - 1
        try:
            await self.hub.db(self.hub.store.add_action, gd.id, idx, to_dict(a))
        except Exception:
            log.exception("storing an action failed; rebuilding table %s", self.code)
            self.game = replay({**gd.deal, "actions": [to_dict(x) for x in g.history[:-1]]})
            raise TableError("server") from None
        gd.actions.append(to_dict(a))
        self.bump()
        if conn is not None:  # after the new state, so the sender's view is current on ack
            conn.send({"type": "ack", "ref": ref, "version": self.version})

    async def _next(self, seat: int, msg: Any) -> None:
        if not self.game_closed() or self.status == "over":
            raise TableError("not_between")
        self.seats[seat].ready = True
        self.bump()

    async def _done(self, seat: int, msg: Any) -> None:
        gd = self.game_data
        if gd is None or seat not in self.pending_after_end() or seat in gd.done_seats:
            raise TableError("not_pending")
        gd.done_seats.append(seat)
        await self.hub.db(self.hub.store.set_done_seats, gd.id, gd.done_seats)
        self.bump()

    async def _leave(self, seat: int, msg: Any) -> None:
        s = self.seats[seat]
        s.left = True
        s.ready = False
        await self.hub.db(self.hub.store.update_seat, self.id, seat, left=True)
        for c in list(s.conns):  # every device of this seat now only watches
            s.conns.discard(c)
            c.seat = None
            self.spectators.add(c)
            c.send({"type": "left", "seat": seat})
        self.bump()

    async def _start(self, seat: int, msg: Any) -> None:
        if self.status != "waiting":
            raise TableError("not_waiting")
        empty = [s for s in self.seats if self.controller(s.seat) is None]
        if empty and not self.data.bot_takeover:
            raise TableError("start_needs_bots")
        for s in empty:
            s.left = True
            await self.hub.db(self.hub.store.update_seat, self.id, s.seat, left=True)
        self.bump()

    async def _new_round_request(self, seat: int, msg: Any) -> None:
        if self.status != "over":
            raise TableError("round_running")
        number = 1 if self.round_data is None else self.round_data.number + 1
        games, pflicht = self.data.games_total, self.data.pflichtsoli
        rid = await self.hub.db(self.hub.store.add_round, self.id, number, games, pflicht,
                                "playing")
        self.round_data = RoundData(rid, number, games, pflicht)
        self.round = self._new_round(self.round_data)
        self.round_games = []
        self.status = "playing"
        self.invalidate_sheet()
        for s in self.seats:
            s.ready = True
        self.bump()

    async def _name(self, seat: int, msg: Any) -> None:
        name = msg.name if isinstance(msg, NameMsg) else None
        if name is None:  # pragma: no cover - the schema requires it
            raise TableError("bad_name")
        self.seats[seat].name = name
        await self.hub.db(self.hub.store.update_seat, self.id, seat, name=name)
        self.invalidate_sheet()
        self.bump()

    # ------------------------------------------------------------------ the driver

    async def _drive(self) -> None:
        while True:
            await self.wake.wait()
            self.wake.clear()
            try:
                while await self._step():
                    pass
            except asyncio.CancelledError:
                raise
            except Exception:  # keep the table alive; the error is in the log
                log.exception("table %s: driver step failed", self.code)
                await asyncio.sleep(1.0)

    def _ready_for_next(self) -> bool:
        humans = [s for s in self.seats if self.controller(s.seat) == "human"]
        if any(self.controller(s.seat) is None for s in self.seats):
            return False
        if not humans:
            return True
        present = [s for s in humans if s.conns]
        return bool(present) and all(s.ready for s in present)

    async def _deal(self) -> None:
        assert self.round is not None and self.round_data is not None
        number = self.next_number
        game = self.round.new_game(_seed(self.data.seed, number))
        deal = to_record(game)
        gid = await self.hub.db(self.hub.store.add_game, self.id, self.round_data.id, number,
                                deal, "playing")
        self.next_number += 1
        self.game = game
        self.game_data = GameData(gid, number, self.round_data.id, deal, False, [])
        self.status = "playing"
        for s in self.seats:
            s.ready = False
        self.bump()

    async def _close(self) -> None:
        g, gd = self.game, self.game_data
        assert g is not None and gd is not None and self.round is not None
        try:
            self.round.add_game(g)
        except RoundError:  # pragma: no cover - the round dealt this game itself
            log.exception("table %s: the round refused game %d", self.code, gd.number)
            raise
        self.round_games.append(gd.number)
        status = "over" if self.round.is_over else "playing"
        await self.hub.db(self.hub.store.close_game, gd.id, self.id, status)
        gd.closed = True
        self.status = status
        self.invalidate_sheet()
        self.bump()

    def _jobs(self, g: Game, *, on_turn: bool) -> list[Job]:
        """The computer players to ask now, in the order of :func:`doko.bots.base.step`: the
        seats off turn that may call (unless already asked at this epoch), then the seat on
        turn (if ``on_turn``)."""
        jobs: list[Job] = []
        number = self.game_data.number if self.game_data else 0
        bots = sum(self.controller(s) == "bot" for s in range(4))
        budget = seat_budget_ms(self.hub.limits.bot_budget_ms, bots)
        n = len(g.history)
        on = -1 if g.is_over else g.to_move
        idle = self.bots_idle_epoch == self.epoch
        for i in range(1, 5):
            seat = (on + i) & 3 if on >= 0 else i - 1
            if self.controller(seat) != "bot" or (idle and seat != on):
                continue
            if seat == on and not on_turn:
                continue
            if not g.legal_actions(seat):
                continue
            level = self.bot_level(seat)
            jobs.append(Job(seat, level, _seed(self.data.seed, number, n, seat), view(g, seat),
                            seat == on, level_options(level, budget)))
        return jobs

    async def _offer_bots(self) -> None:
        """Under the lock, before a person's action: the computer players off turn get their
        chance to call at the current state first, so that the order of actions never depends
        on how fast a person clicks (and a restarted table continues exactly as before)."""
        for _ in range(8):
            g = self.game
            if g is None or self.game_closed():
                return
            jobs = self._jobs(g, on_turn=False)
            if not jobs:
                return
            result = await self.hub.think(self.code, jobs)
            if result is None:
                self.bots_idle_epoch = self.epoch
                return
            await self._apply(result[1])

    async def _step(self) -> bool:
        """Do one thing the table is waiting for; False when it waits for a person."""
        async with self.lock:
            if not self.active or self.paused():
                return False
            if self.status == "waiting":
                if any(self.controller(s.seat) is None for s in self.seats):
                    return False
                if self.round is None:
                    rid = await self.hub.db(self.hub.store.add_round, self.id, 1,
                                            self.data.games_total, self.data.pflichtsoli)
                    self.round_data = RoundData(rid, 1, self.data.games_total,
                                                self.data.pflichtsoli)
                    self.round = self._new_round(self.round_data)
                await self._deal()
                return True
            g = self.game
            if g is None or self.game_closed():
                if self.round is None or self.round.is_over or not self._ready_for_next():
                    return False
                await self._deal()
                return True
            jobs = self._jobs(g, on_turn=True)
            if not jobs:
                if g.is_over:
                    done = set(self.game_data.done_seats if self.game_data else [])
                    waiting = [s for s in self.pending_after_end()
                               if self.controller(s) == "human" and s not in done]
                    if not waiting:
                        await self._close()
                        return True
                return False
            epoch = self.epoch
            on_turn_bot = jobs[-1][0] if jobs[-1][4] else None
            if on_turn_bot is not None:
                self.thinking = (on_turn_bot, time.time())
                self.send_all({"type": "thinking", "seat": on_turn_bot,
                               "since": self.thinking[1]})
        started = time.monotonic()
        result = await self.hub.think(self.code, jobs)
        if on_turn_bot is not None and self.data.bot_delay_ms > 0:
            rest = self.data.bot_delay_ms / 1000 - (time.monotonic() - started)
            if rest > 0:
                await asyncio.sleep(rest)
        async with self.lock:
            self.thinking = None
            if self.epoch != epoch or self.game is not g:
                return True
            if result is None:
                self.bots_idle_epoch = epoch
                return True
            seat, a = result
            if self.controller(seat) != "bot":
                return True
            try:
                await self._apply(a)
            except TableError as e:
                log.error("table %s: a computer player's action was refused: %s", self.code, e)
                self.bots_idle_epoch = epoch
            return True


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


# ------------------------------------------------------------------------------ the hub


class HubBusy(RuntimeError):
    """The server keeps ``limits.tables_total`` tables in memory and none can be unloaded."""


class Hub:
    """All tables of one server process, their limits and the computer players' worker pool.

    Tables are loaded when somebody opens them (not at start-up: a table nobody comes back to
    costs nothing), dropped from memory when nobody had them open for
    ``limits.unload_after_s``, and expire after ``limits.expire_after_days``.
    """

    def __init__(self, store: Store, bot_workers: int = 2, limits: Limits | None = None,
                 bot_pool: BotPool | None = None) -> None:
        self.store = store
        self.limits = limits or Limits()
        self.tables: dict[str, Table] = {}
        self._db_pool = ThreadPoolExecutor(1, thread_name_prefix="doko-db")
        self._checkpoint_pool = ThreadPoolExecutor(1, thread_name_prefix="doko-checkpoint")
        self._checkpointer: asyncio.Task[None] | None = None
        self.writer = GroupCommit(store, self._db_pool)
        self.bots = bot_pool or BotPool(
            bot_workers, max_queued_per_table=self.limits.bot_queue_per_table,
            job_timeout_s=self.limits.bot_timeout_s)
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._janitor: asyncio.Task[None] | None = None
        self.started = False

    async def db(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run a blocking database call in the database thread. A Store write marked
        :func:`~doko.server.db.batched` goes through the group commit (:meth:`write`)."""
        if is_batched(fn):
            return await self.writer.write(fn, *args, **kw)
        loop = asyncio.get_running_loop()
        return await loop.run_in_executor(self._db_pool, partial(fn, *args, **kw))

    async def write(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run a :func:`~doko.server.db.batched` Store write in the next group commit
        (:class:`~doko.server.writer.GroupCommit`); returns once it is committed."""
        return await self.writer.write(fn, *args, **kw)

    async def think(self, table: str, jobs: list[Job]) -> Decision:
        """The computer players' decision, made in the worker pool (fair across tables)."""
        try:
            return await self.bots.think(table, jobs)
        except BotPoolBusy:
            log.warning("table %s: too many decisions pending; the seat on turn takes its "
                        "first legal action", table)
            return bot_fallback(jobs)

    def background(self, coro: Awaitable[Any]) -> None:
        """Run ``coro`` without waiting for it (errors are logged)."""
        async def run() -> None:
            try:
                await coro
            except Exception:
                log.exception("a background task failed")

        task = asyncio.get_running_loop().create_task(run())
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def start(self) -> None:
        """Start the janitor. No table is resumed: each is loaded when somebody opens it, so a
        table without its people costs nothing after a restart."""
        self.started = True
        self._janitor = asyncio.get_running_loop().create_task(self._janitor_loop())
        self._checkpointer = asyncio.get_running_loop().create_task(self._checkpoint_loop())

    async def stop(self) -> None:
        for task in (self._janitor, self._checkpointer):
            if task is not None:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await task
        for t in list(self.tables.values()):
            await t.stop()
        self.tables.clear()
        for task in list(self._tasks):
            with contextlib.suppress(Exception):
                await task
        await self.bots.close()
        self._db_pool.shutdown(wait=True)
        self._checkpoint_pool.shutdown(wait=True)

    async def _checkpoint_loop(self, interval: float = 2.0) -> None:
        """Every ``interval`` seconds, the SQLite log copied back into the database in a thread
        beside the writer (:meth:`Store.checkpoint`), so that no commit waits for it."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(interval)
            try:
                await loop.run_in_executor(self._checkpoint_pool, self.store.checkpoint)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the checkpoint failed")

    async def _janitor_loop(self) -> None:
        interval = max(1.0, min(30.0, self.limits.unload_after_s / 4))
        while True:
            await asyncio.sleep(interval)
            try:
                await self.sweep()
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the janitor failed")

    async def sweep(self, now: float | None = None) -> None:
        """Expire the tables nobody opened for ``expire_after_days`` and drop from memory the
        ones nobody has open (finished ones at once, others after ``unload_after_s``)."""
        wall = time.time() if now is None else now
        expired = await self.db(self.store.expire_untouched,
                                wall - self.limits.expire_after_days * 86400)
        for code in expired:
            t = self.tables.get(code)
            if t is not None:
                async with t.lock:
                    t.status = "expired"
                    t.bump()
            log.info("table %s expired", code)
        mono = time.monotonic()
        for code, t in list(self.tables.items()):
            if t.connections():
                continue
            idle = mono - t.attended_at
            if not t.active or idle > self.limits.unload_after_s:
                await self.unload(code)

    async def unload(self, code: str) -> None:
        """Drop a table from memory (it stays stored and is loaded again when opened)."""
        t = self.tables.pop(code, None)
        if t is not None:
            await t.stop()
            await self.db(self.store.touch, t.id, t.touched_at)

    def _load(self, code: str) -> tuple[TableData, list[RoundData], list[GameData], int] | None:
        data = self.store.table(code)
        if data is None:
            return None
        rounds = self.store.rounds(data.id)
        games = self.store.games(data.id, rounds[-1].id) if rounds else []
        return data, rounds, games, self.store.game_count(data.id)

    async def _make_room(self) -> None:
        if len(self.tables) < self.limits.tables_total:
            return
        idle = sorted((t.attended_at, code) for code, t in self.tables.items()
                      if not t.connections())
        for _, code in idle[: max(1, len(self.tables) - self.limits.tables_total + 1)]:
            await self.unload(code)
        if len(self.tables) >= self.limits.tables_total:
            raise HubBusy("no room for another table")

    async def get(self, code: str) -> Table | None:
        """The table with ``code`` (loaded from the database if needed), or None. Raises
        :class:`HubBusy` when memory holds ``tables_total`` busy tables."""
        code = normalize_code(code)
        if not code or len(code) > 16:
            return None
        t = self.tables.get(code)
        if t is not None:
            return t
        async with self._load_lock:
            t = self.tables.get(code)
            if t is not None:
                return t
            loaded = await self.db(self._load, code)
            if loaded is None:
                return None
            await self._make_room()
            data, rounds, games, total = loaded
            t = Table(self, data)
            t.load(rounds, games, total)
            self.tables[code] = t
            t.start()
            return t

    async def create(self, spec: TableSpec, client: str = "") -> tuple[Table, dict[str, Any]]:
        """Create a table for ``client`` (its address); returns it and the creator's answer:
        the seats with their invitation links (a key only for reserved human seats) and the
        spectator link. Raises ValueError for a bad spec, :class:`LimitError` when the client
        has ``tables_per_client`` tables open, :class:`HubBusy` when the server is full."""
        data = validate(spec)
        data.creator = client_key(client)
        open_tables = await self.db(self.store.count_active_by_creator, data.creator)
        if open_tables >= self.limits.tables_per_client:
            raise LimitError(
                f"you have {open_tables} open tables already (at most "
                f"{self.limits.tables_per_client}); finish or leave one first",
                f"du hast schon {open_tables} offene Tische (höchstens "
                f"{self.limits.tables_per_client}); beende oder verlasse erst einen")
        await self._make_room()
        for _ in range(20):
            code = new_code()
            if code not in self.tables and not await self.db(self.store.code_exists, code):
                break
        data.code = code
        data.id = await self.db(self.store.create_table, data)
        table = Table(self, data)
        self.tables[code] = table
        table.start()
        seats = [{"seat": s.seat, "kind": "open" if s.kind == "human" and s.token is None
                  else s.kind, "name": s.name, "level": s.level, "token": s.token,
                  "invite": None if s.token is None else f"/t/{code}#{s.token}"}
                 for s in data.seats]
        return table, {"code": code, "url": f"/t/{code}", "seats": seats,
                       "spectate": f"/t/{code}#{data.spectator_token}",
                       "practice": data.practice, "seed": data.seed if data.practice else None}

    async def public_tables(self) -> list[dict[str, Any]]:
        rows = await self.db(self.store.public_tables)
        out = []
        for d in rows:
            t = self.tables.get(d.code)
            seats = t.seats if t is not None else d.seats
            free = [s.seat for s in seats if _is_open(s)]
            out.append({"code": d.code, "name": d.name, "rules": json.loads(d.rules),
                        "games": d.games_total, "status": t.status if t else d.status,
                        "free_seats": free,
                        "seats": [{"seat": s.seat, "name": s.name, "kind": s.kind}
                                  for s in seats]})
        return out

    async def claim_public_seat(self, code: str, name: str | None) -> tuple[int, str]:
        """Take an open seat of a public table for a stranger: a fresh key is made for it
        (never another seat's key; reserved seats are never given away). Returns the seat and
        its new key. KeyError: no such public table; LookupError: no open seat."""
        t = await self.get(code)
        if t is None or not t.data.public:
            raise KeyError(code)
        async with t.lock:
            free = [s for s in t.seats if _is_open(s)]
            if not free or not t.active:
                raise LookupError("no free seat")
            s = free[0]
            token = new_token()
            changes: dict[str, Any] = {"joined": True, "left": False, "token": token}
            if name:
                changes["name"] = name
            await self.db(self.store.update_seat, t.id, s.seat, **changes)
            s.token, s.joined, s.left = token, True, False
            if name:
                s.name = name
                t.invalidate_sheet()
            if t.data.bot_takeover:
                t._schedule_grace(s)
            t.bump()
            return s.seat, token


class LimitError(RuntimeError):
    """A client reached one of its limits (:class:`doko.server.limits.Limits`)."""

    def __init__(self, en: str, de: str) -> None:
        self.en, self.de = en, de
        super().__init__(en)


def _is_open(s: Seat | SeatData) -> bool:
    """A public table's seat that a stranger may take: a person's seat nobody was invited to
    (no key yet)."""
    return s.kind == "human" and s.token is None and not s.joined


def new_token() -> str:
    """A fresh secret key (144 random bits)."""
    return secrets.token_urlsafe(18)


def validate(spec: TableSpec) -> TableData:
    """Check a table spec; raises ValueError naming the problem.

    Deals come from a secret seed made here; a chosen ``seed`` is accepted only for a practice
    table with one person (it reveals every hand, so the table says it openly). Seats of kind
    ``open`` (public tables only) wait for a stranger's "join"; ``human`` seats are reserved
    for the person invited with their key."""
    if spec.rules not in PRESETS:
        raise ValueError(f"rules: unknown preset {spec.rules!r}; known: {', '.join(PRESETS)}")
    if len(spec.seats) != 4:
        raise ValueError("seats: a table has four seats")
    levels = player_names()
    takeover = spec.takeover_level or default_bot_level()
    if takeover not in levels:
        raise ValueError(f"takeover_level: unknown computer player {takeover!r}; known: "
                         f"{', '.join(levels)}")
    if spec.games is not None and not 1 <= spec.games <= 500:
        raise ValueError("games: a round has 1 to 500 games, or none for an open-ended round")
    if spec.games is None and all(s.kind == "bot" for s in spec.seats):
        raise ValueError("games: a table of four computer players needs a round length")
    if not 0 <= spec.bot_delay_ms <= 10000:
        raise ValueError("bot_delay_ms: must be 0 to 10000")
    if not (0 <= spec.grace_s <= 86400):  # also refuses NaN
        raise ValueError("grace_s: must be 0 to 86400 seconds")
    people = [s for s in spec.seats if s.kind != "bot"]
    if spec.seed is not None and (len(people) != 1 or people[0].kind != "human"):
        raise ValueError("seed: a chosen seed reveals every hand, so it is only for a practice "
                         "table with one person and three computer players")
    if spec.seed is not None and not 0 <= spec.seed < 2**62:
        raise ValueError("seed: must be 0 to 2**62 - 1")
    pflicht = spec.pflichtsoli
    if pflicht is None and spec.games is not None and spec.games < 4:
        pflicht = False  # too short a round for four Pflichtsoli
    try:
        r = Round(["1", "2", "3", "4"], spec.games, rules=PRESETS[spec.rules],
                  pflichtsoli=pflicht)
    except RoundError as e:
        raise ValueError(f"{'pflichtsoli' if pflicht else 'games'}: {e.text('en')}") from None
    seats: list[SeatData] = []
    for i, s in enumerate(spec.seats):
        if s.kind not in ("human", "open", "bot"):
            raise ValueError(f"seats.{i}.kind: 'human', 'open' or 'bot', not {s.kind!r}")
        if s.kind == "open" and not spec.public:
            raise ValueError(f"seats.{i}.kind: an open seat needs a public table")
        try:
            name = clean_text(s.name or "", f"seats.{i}.name", NAME_MAX, empty=True)
        except SchemaError as e:
            raise ValueError(str(e)) from None
        if s.kind == "bot":
            level = s.level or default_bot_level()
            if level not in levels:
                raise ValueError(f"seats.{i}.level: unknown computer player {level!r}; known: "
                                 f"{', '.join(levels)}")
            seats.append(SeatData(i, "bot", level, name or f"Bot {i + 1} ({level})", None,
                                  True, False))
        else:
            seats.append(SeatData(i, "human", None, name or f"Platz {i + 1}",
                                  new_token() if s.kind == "human" else None, False, False))
    try:
        name = clean_text(spec.name, "name", TABLE_NAME_MAX, empty=True)
    except SchemaError as e:
        raise ValueError(str(e)) from None
    practice = spec.seed is not None
    return TableData(
        id=0, code="", name=name, rules=json.dumps(PRESETS[spec.rules].to_json()),
        games_total=r.games_total, pflichtsoli=r.pflichtsoli, public=spec.public,
        bot_takeover=spec.bot_takeover, takeover_level=takeover,
        bot_delay_ms=spec.bot_delay_ms, grace_s=spec.grace_s,
        seed=spec.seed if spec.seed is not None else secrets.randbits(62),
        status="waiting", created_at=time.time(), seats=seats,
        spectator_token=new_token(), practice=practice,
    )


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
        "result": result_json(g),
    }
