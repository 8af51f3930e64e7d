"""One table while it is played: seats, the current round and game, its connections, the
requests of its people, and its state messages.

All changes of a table happen under its lock, in this order: the engine checks the action
(:meth:`doko.engine.game.Game.apply`), the database commits it, and only then is the new state
sent. A seat is only ever sent its own view and public facts; a spectator gets
``view(game, None)``. A connection gets its first state whole (``state``), then after every
change only what changed for its seat (``update``: see :meth:`Table.broadcast`). The computer
players' side (dealing, asking them, closing games) is :mod:`doko.server.driver`.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import itertools
import json
import logging
import secrets
import time
from collections import deque
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any, Protocol, TypeVar

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
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.record import replay
from doko.engine.rules import Rules, option_changes
from doko.engine.view import SeatView, view, views
from doko.server.db import ACTIVE, GameData, RoundData, TableData
from doko.server.driver import drive, offer_bots
from doko.server.errors import TableError
from doko.server.limits import ChatLimiter
from doko.server.payloads import (
    _MARK_TEXT,
    _MARKS,
    _SHARED_VIEW,
    GAME_FIELDS,
    VIEW_FIELDS,
    CallsKey,
    Fragments,
    HintKey,
    _Common,
    _JsonCache,
    _light,
    _Snapshot,
    call_deadline,
    call_hint,
    calls_text,
    contract_labels,
    dumps,
    hint_key,
    hint_text,
    result_json,
    sheet_payload,
)
from doko.server.schema import (
    ActionBody,
    ActionMsg,
    ChatMsg,
    ClientMessage,
    Hello,
    LangMsg,
    MuteMsg,
    NameMsg,
    Ping,
    ReactMsg,
    Request,
)
from doko.session import Round

log = logging.getLogger("doko.server")

if TYPE_CHECKING:
    from doko.server.hub import Hub

T = TypeVar("T")

MAX_QUEUE = 2000
#: The chat lines a table keeps (in memory only, never stored): a connection that comes (back)
#: gets them after its state.
CHAT_KEEP = 30

_conn_ids = itertools.count(1)


# ------------------------------------------------------------------------------ connections


class Outlet(Protocol):
    """Where a connection's messages go (:class:`doko.server.app.Outlet`: its socket)."""

    def put(self, text: str | None) -> None:
        """Send ``text`` after what was put before; None: end the connection after that."""


class Conn:
    """One WebSocket connection: its seat (None: spectator) and its way out: ``outlet`` (the
    socket's, set by the app) or, without one, its ``queue`` (tests read the messages there;
    the outlet keeps there what the socket does not take at once)."""

    def __init__(self, lang: str = "de") -> None:
        self.seat: int | None = None
        self.lang = lang
        self.bound = False
        self.sheet_version = -1
        #: (version, seat) of the broadcast whose state this connection holds, so that the next
        #: one may send it an update; None: it gets the whole state next
        self.base: tuple[int, int | None] | None = None
        self.queue: asyncio.Queue[str | None] = asyncio.Queue()
        self.outlet: Outlet | None = None
        self.closed = False
        #: a number of its own (the chat's rate limit per connection)
        self.id = next(_conn_ids)
        #: the seats whose chat this connection does not want to see (``mute``)
        self.muted: set[int] = set()

    def send(self, msg: dict[str, Any] | str) -> None:
        if self.closed:
            return
        if self.queue.qsize() > MAX_QUEUE:  # a client that does not read: drop it
            self.close()
            return
        text_ = msg if isinstance(msg, str) else dumps(msg)
        if self.outlet is None:
            self.queue.put_nowait(text_)
        else:
            self.outlet.put(text_)

    def close(self) -> None:
        if not self.closed:
            self.closed = True
            if self.outlet is None:
                self.queue.put_nowait(None)
            else:
                self.outlet.put(None)


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
        #: per seat (None: the spectators), what the last broadcast sent its connections
        self._snapshots: dict[int | None, _Snapshot] = {}
        #: what the games of those snapshots were made of (``_JsonCache.games_key``)
        self._snapshots_key: tuple[Any, ...] | None = None
        #: the last chat lines and reactions (in memory only; never written to the database)
        self.chat_log: deque[dict[str, Any]] = deque(maxlen=CHAT_KEEP)
        self._chat_ids = itertools.count(1)
        self._chat_limiter: ChatLimiter | None = None  # made at the first line
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
            self.driver = asyncio.get_running_loop().create_task(drive(self))
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
            # the options chosen beside the preset (key -> value word), shown to every seat
            "rules_options": option_changes(self.rules),
            "status": self.status,
            "public": self.data.public,
            "practice": self.data.practice,
            "seed": self.data.seed if self.data.practice else None,
            "bot_takeover": self.data.bot_takeover,
            "takeover_level": self.data.takeover_level,
            "chat": self.data.chat,
            "hints": self.data.hints,
            "games_total": self.data.games_total,
            "pflichtsoli": self.data.pflichtsoli,
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

    def _table_text(self) -> str:
        """:meth:`_public_table` as JSON text, encoded again only when something it shows
        changed (all of it is in the key; the rest of it is fixed when the table is made)."""
        r, rd = self.round, self.round_data
        key = (self.status, None if r is None or rd is None else
               (rd.number, r.games_total, r.games_played, r.is_over),
               self.data.bot_takeover, self.data.takeover_level,
               tuple((s.name, s.kind, s.level, s.joined, s.left, s.ready, bool(s.conns))
                     for s in self.seats))
        c = self._json
        if c.table is None or c.table[0] != key:
            c.table = (key, dumps(self._public_table()))
        return c.table[1]

    def invalidate_sheet(self, sheet: dict[str, Any] | None = None) -> None:
        """The Spielliste or a name changed: send it with the next state; ``sheet``: the new
        one, made already (:func:`~doko.server.payloads.sheet_payload` of the round now), else
        it is made again when needed."""
        self._sheet = sheet
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
            "call_hint": None,
            "over": g.is_over,
            "closed": gd.closed,
            "done_needed": False,
            "result": None,
            "row": None,
        }
        if seat is not None:
            out["calls"] = [call_deadline(g, a) for a in v.legal_actions
                            if CALL_RE <= code_of(a) <= BLACK]
            out["call_hint"] = call_hint(g, seat) if out["calls"] else None
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
            table=self._table_text(),
            thinking=dumps(None if th is None else {"seat": th[0], "since": th[1]}),
            now=dumps(time.time()), result=result, row=row, pending=pending,
            games=cache.games)

    def _result_text(self, g: Game) -> str:
        c = self._json
        key = (g, len(g.history))
        if c.result_key is None or c.result_key[0] is not g or c.result_key[1] != key[1]:
            c.result_obj = result_json(g)
            c.result_key, c.result = key, dumps(c.result_obj)
        return c.result

    def result_json(self, g: Game) -> dict[str, Any]:
        """:func:`~doko.server.payloads.result_json` of the finished game ``g``, made once per
        state of it (the broadcast that showed it over made it already)."""
        self._result_text(g)
        out: dict[str, Any] = self._json.result_obj
        return out

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
        hint = None
        done_needed = False
        if seat is not None:
            calls = [call_deadline(g, a) for a in v.legal_actions
                     if CALL_RE <= code_of(a) <= BLACK]
            hint = call_hint(g, seat) if calls else None
            done_needed = seat in common.pending and seat not in gd.done_seats
        middle = dumps({"contract_label": contract_labels(v.contract), "calls": calls,
                        "call_hint": hint, "over": g.is_over, "closed": gd.closed,
                        "done_needed": done_needed})
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
        conn.base = None  # the next broadcast sends it the whole state again
        conn.send(self.state_text(conn.seat))

    def broadcast(self, ack: tuple[Conn, object] | None = None) -> bool:
        """Send every connection what changed for it (one view per seat, one for spectators;
        the parts they share are made once). ``ack``: the connection whose action this is and
        its ``ref``: if it gets an ``update``, the update carries ``"ack": ref`` (one message
        instead of two); returns whether it did (else the caller sends an ``ack``).

        A connection that holds the state of the previous broadcast for its seat gets an
        ``update``: the new ``version``, its ``base`` (the version it applies to) and only
        the parts that changed: the table, the thinking seat, the Spielliste, the whole game
        when a new one was dealt, else the game's and the view's fields that changed with the
        actions and completed tricks added (:meth:`_advance`). Any other connection (new, or
        after a ``state`` request, or moved to another seat) gets the whole ``state``. Applied
        to the previous state, an update gives exactly :meth:`state`
        (``tests/server/test_server_state_text.py``)."""
        targets: list[tuple[int | None, Conn]] = [(None, c) for c in self.spectators]
        targets += [(s.seat, c) for s in self.seats for c in s.conns]
        if not targets:
            self._snapshots, self._snapshots_key = {}, None
            return False
        acked = False
        common = self._common()
        # Nothing a seat's game is made of changed since the last broadcast (a seat said
        # "next", a connection came or went, a computer began to think): the seats that hold
        # that broadcast's state keep their snapshot's view and game, and only the table and
        # the thinking seat are compared.
        kept = (self._snapshots if self._snapshots_key is not None
                and self._snapshots_key == self._json.games_key else {})
        # the views of every other seat shown, their public part worked out once
        fresh_seats = {seat for seat, _ in targets if seat not in kept}
        seen = (views(self.game, fresh_seats) if self.game is not None and fresh_seats
                else {})
        frags = Fragments()
        fresh: dict[int | None, tuple[_Snapshot, str | None]] = {}
        cache: dict[tuple[str, int | None, bool], str] = {}
        for seat, conn in targets:
            if seat not in fresh:
                fresh[seat] = (self._touch(kept[seat], common) if seat in kept else
                               self._advance(seat, common, frags, seen.get(seat)))
            update = fresh[seat][1]
            old = self._snapshots.get(seat)
            with_sheet = conn.sheet_version != self.sheet_version
            if update is not None and old is not None and conn.base == (old.version, seat):
                key = ("update", seat, with_sheet)
                text_ = cache.get(key)
                if text_ is None:
                    sheet = f',"sheet":{self._sheet_text()}' if with_sheet else ""
                    text_ = cache[key] = f"{update}{sheet}}}"
                if ack is not None and conn is ack[0]:
                    text_ = f'{text_[:-1]},"ack":{dumps(ack[1])}}}'
                    acked = True
            else:
                key = ("state", seat, with_sheet)
                text_ = cache.get(key)
                if text_ is None:
                    text_ = cache[key] = self.state_text(seat, with_sheet, common)
            conn.sheet_version = self.sheet_version
            conn.base = (self.version, seat)
            conn.send(text_)
        self._snapshots = {seat: snap for seat, (snap, _) in fresh.items()}
        self._snapshots_key = self._json.games_key
        return acked

    def _touch(self, old: _Snapshot, common: _Common) -> tuple[_Snapshot, str]:
        """:meth:`_advance` of a seat whose game did not change since ``old`` was sent: the
        same snapshot at this version, and the update of the table and the thinking seat."""
        return dataclasses.replace(old, version=self.version, table=common.table,
                                   thinking=common.thinking), self._update_head(old, common)

    def _update_head(self, old: _Snapshot, common: _Common) -> str:
        """The start of an update from ``old``: its version and base, the time, and the table
        and the thinking seat where they changed (open: the caller adds the rest)."""
        out = (f'{{"type":"update","version":{self.version:d},"base":{old.version:d},'
               f'"now":{common.now}')
        if common.table != old.table:
            out += f',"table":{common.table}'
        if common.thinking != old.thinking:
            out += f',"thinking":{common.thinking}'
        return out

    def _advance(self, seat: int | None, common: _Common, frags: Fragments,
                 v: SeatView | None = None) -> tuple[_Snapshot, str | None]:
        """The snapshot of ``seat`` now (``v``: its view, if made already), and the update
        from its previous snapshot (without the Spielliste and the closing brace; None if there
        is no previous one). Only what changed is turned into JSON: the view's fields are
        compared on the view's tuples, the game's fields on what they are made of
        (:meth:`_game_key`), and the texts that several seats send are made once (``frags``)."""
        old = self._snapshots.get(seat)
        g, gd = self.game, self.game_data
        game: tuple[Any, ...] = ()
        number: int | None = None
        same_game = False
        history = tricks = 0
        if g is not None and gd is not None:
            number = gd.number
            if v is None:
                v = view(g, seat)
            history, tricks = len(v.history), len(v.tricks)
            same_game = (old is not None and old.number == number and old.game_of is g
                         and old.history <= history and old.tricks <= tricks)
            game = self._game_key(seat, v, common)
        snap = _Snapshot(self.version, common.table, common.thinking, number, game, v,
                         history, tricks, g)
        if old is None:
            return snap, None
        out = self._update_head(old, common)
        if not same_game and (number is not None or old.number is not None):
            full = common.games.get(seat)
            if full is None:
                full = common.games[seat] = self._game_text(seat, common)
            out += f',"game":{full}'
        elif v is not None:
            parts: list[str] = []
            before = old.game
            game_parts = [f'"{name}":{self._game_field_text(name, value, seat, frags)}'
                          for name, value, was in zip(GAME_FIELDS, game, before, strict=True)
                          if value != was]
            if game_parts:
                parts.append(f'"game":{{{",".join(game_parts)}}}')
            ov = old.view
            view_parts = [frags.field(f, getattr(v, f)) for f in VIEW_FIELDS
                          if ov is None or getattr(ov, f) != getattr(v, f)]
            if view_parts:
                parts.append(f'"view":{{{",".join(view_parts)}}}')
            if history > old.history:
                parts.append(frags.field("history", v.history[old.history:]))
            if tricks > old.tricks:
                parts.append(frags.field("tricks", v.tricks[old.tricks:]))
            if parts:
                out += f',"change":{{{",".join(parts)}}}'
        return snap, out

    def _game_key(self, seat: int | None, v: SeatView, common: _Common) -> tuple[Any, ...]:
        """What each of :data:`~doko.server.payloads.GAME_FIELDS` of ``seat``'s game is made
        of (the game is set): atomic values, tuples of them and texts; equal keys give equal
        fields (:meth:`_game_field_text`)."""
        g, gd = self.game, self.game_data
        assert g is not None and gd is not None
        calls: CallsKey = ()
        hint: HintKey | None = None
        done_needed = False
        if seat is not None:
            calls = tuple((a, g.call_deadline(a), g.cards_in_hand(seat))
                          for a in v.legal_actions if CALL_RE <= code_of(a) <= BLACK)
            if calls:
                hint = hint_key(g, seat, tuple(sorted({code_of(Action(a)) for a, _, _ in calls})))
            done_needed = seat in common.pending and seat not in gd.done_seats
        return (v.contract, calls, hint, g.is_over, gd.closed, done_needed, common.result,
                common.row)

    def _game_field_text(self, name: str, value: Any, seat: int | None,
                         frags: Fragments) -> str:
        """The JSON text of the game's field ``name`` made of ``value`` (see
        :meth:`_game_key`): as :meth:`_game_json` writes it."""
        if name == "contract_label":
            return frags.labels(value)
        if name == "calls":
            return calls_text(value)
        if name == "call_hint":
            if value is None or seat is None or self.game is None:
                return "null"
            return hint_text(self.game, seat, value)
        if name in ("result", "row"):
            return str(value)
        return "true" if value else "false"

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
                self._send_chat_log(conn)
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
            self._send_chat_log(conn)

    async def disconnect(self, conn: Conn) -> None:
        async with self.lock:
            if self._chat_limiter is not None:
                self._chat_limiter.forget(conn.id)
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

    def bump(self, game: bool = True, ack: tuple[Conn, object] | None = None) -> bool:
        """Something public changed: send the state and let the computer players look.
        ``game`` False: only connections changed, nothing a computer player decides on.
        ``ack``: see :meth:`broadcast` (returns whether the update carried it)."""
        self.version += 1
        if game:
            self.epoch += 1
            self.bots_idle_epoch = -1
        acked = self.broadcast(ack)
        if self._driver_has_work():
            self.wake.set()
        elif self.attended():  # what the driver's step notes (Table.paused), for the janitor
            self.attended_at = time.monotonic()
        return acked

    def _driver_has_work(self) -> bool:
        """Whether the driver (:func:`doko.server.driver.step`) may have something to do now:
        deal, close a finished game, or ask a computer player. In a game being played by people
        only it has nothing to do, and waking it after every card would cost a task switch and
        the table's lock just to find that out."""
        g = self.game
        if g is None or g.is_over or self.game_closed() or self.status != "playing":
            return True
        return any(self.controller(s) == "bot" for s in range(4))

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
        elif isinstance(msg, ChatMsg | ReactMsg):
            self.chat(conn, msg)
        elif isinstance(msg, MuteMsg):
            if msg.mute:
                conn.muted.add(msg.seat)
            else:
                conn.muted.discard(msg.seat)
            conn.send({"type": "ack", "ref": ref, "version": self.version})
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

    # ------------------------------------------------------------------ chat

    def chat_readers(self) -> list[Conn]:
        """The connections that receive the chat: every seat's, and the spectators' only if
        the table allows it (``chat`` is ``all``)."""
        if self.data.chat == "off":
            return []
        out = [c for s in self.seats for c in s.conns]
        if self.data.chat == "all":
            out += self.spectators
        return out

    def chat(self, conn: Conn, msg: ChatMsg | ReactMsg) -> None:
        """A chat line or a quick reaction of ``conn``'s seat: sent to :meth:`chat_readers`
        (not to those who muted the seat) and kept in memory (the last :data:`CHAT_KEEP`; never
        stored). Refused for a spectator, at a table without chat, and over the rate limits
        (:class:`~doko.server.limits.ChatLimiter`); the connection stays open."""
        seat = conn.seat
        if seat is None:
            raise TableError("chat_spectator")
        if self.status in ("closed", "expired"):
            raise TableError(self.status)
        if self.data.chat == "off":
            raise TableError("chat_off")
        if self._chat_limiter is None:
            self._chat_limiter = ChatLimiter(self.hub.limits)
        wait = self._chat_limiter.hit(conn.id, seat)
        if wait > 0:
            raise TableError("chat_too_fast", max(1, int(wait + 0.999)))
        line: dict[str, Any] = {"id": next(self._chat_ids), "seat": seat, "at": time.time()}
        if isinstance(msg, ChatMsg):
            line["text"] = msg.text
        else:
            line["reaction"] = msg.reaction
        self.chat_log.append(line)
        text_ = dumps({"type": "chat", "lines": [line]})
        for c in self.chat_readers():
            if seat not in c.muted:
                c.send(text_)
        conn.send({"type": "ack", "ref": msg.ref, "version": self.version})

    def _send_chat_log(self, conn: Conn) -> None:
        """The chat lines kept, to a connection that just came (if it may read the chat)."""
        if conn not in self.chat_readers():
            return
        lines = [x for x in self.chat_log if x["seat"] not in conn.muted]
        conn.send(dumps({"type": "chat", "lines": lines, "log": True}))

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
            await offer_bots(self)
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
            # the refusal goes to the acting seat alone: it is "du"/"you", the others by name
            names, me = self.names(), seat_of(a)
            raise TableError("illegal", rule=e.rule, en=e.text("en", names=names, me=me),
                             de=e.text("de", names=names, me=me)) from None
        idx = len(g.history) - 1
        try:
            await self.hub.db(self.hub.store.add_action, gd.id, idx, to_dict(a))
        except Exception:
            log.exception("storing an action failed; rebuilding table %s", self.code)
            self.game = replay({**gd.deal, "actions": [to_dict(x) for x in g.history[:-1]]})
            raise TableError("server") from None
        gd.actions.append(to_dict(a))
        # the sender's update says "ack" itself; after a whole state an ack follows it, so the
        # sender's view is current when the ack comes either way
        acked = self.bump(ack=None if conn is None else (conn, ref))
        if conn is not None and not acked:
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
