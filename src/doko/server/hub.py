"""All tables of one server process (:class:`Hub`): loading them when somebody opens them,
creating them (:func:`validate` checks a creator's spec), public joins, the janitor that unloads
and expires tables, the SQLite checkpoints, and the computer players' worker pool.

A table itself is :class:`doko.server.table.Table`; its computer players' side is
:mod:`doko.server.driver`; what it sends besides views is :mod:`doko.server.payloads`.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import secrets
import time
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any, TypeVar

from doko.bots.base import player_names
from doko.bots.levels import level_names
from doko.engine.rules import PRESETS, Rules, RulesError, option_changes, with_options
from doko.engine.texts import text
from doko.server.botpool import (
    BotPool,
    BotPoolBusy,
    Decision,
    Job,
)
from doko.server.botpool import (
    fallback as bot_fallback,
)
from doko.server.db import GameData, RoundData, SeatData, Store, TableData, is_batched
from doko.server.errors import HubBusy, LimitError
from doko.server.lane import Lane
from doko.server.limits import Limits, client_key
from doko.server.schema import (
    CHAT_MODES,
    NAME_MAX,
    TABLE_NAME_MAX,
    SchemaError,
    clean_text,
)
from doko.server.table import Seat, Table
from doko.server.writer import COMMIT_LOG_ENV, GroupCommit
from doko.session import Round, RoundError

log = logging.getLogger("doko.server")

T = TypeVar("T")

#: Worker processes beside ``bot_workers`` that only make offers (the computer players off
#: turn deciding whether to call, before a person's action: a moment each), so that a person
#: never waits for another table's search (:class:`~doko.server.botpool.BotPool`).
EXPRESS_WORKERS = 1

#: Seconds between two SQLite checkpoints (passive, beside the commits): a checkpoint copies
#: what the commits since the last one wrote and syncs the database file, which slows the
#: commits beside it; every 0.5 s each is shorter than every 2 s (docs/server.md, Load).
CHECKPOINT_S = 0.5

CODE_ALPHABET = "ABCDEFGHJKLMNPQRSTUVWXYZ23456789"
CODE_LENGTH = 6


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
    #: who reads the chat: "off", "players" or "all" (spectators too; only seats write)
    chat: str = "players"
    #: whether the seats may ask for hints (off at tournament tables)
    hints: bool = True
    #: single rule options on top of the preset (``doko.engine.rules.with_options``)
    options: dict[str, bool | str] = field(default_factory=dict)


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
        commit_log = os.environ.get(COMMIT_LOG_ENV)  # load measurements (writer.py)
        self.writer = GroupCommit(store, self._db_pool, None if not commit_log else
                                  open(commit_log, "a", encoding="ascii"))  # noqa: SIM115
        self.bots = bot_pool or BotPool(
            bot_workers, express=EXPRESS_WORKERS,
            max_queued_per_table=self.limits.bot_queue_per_table,
            job_timeout_s=self.limits.bot_timeout_s)
        #: the slow lane of the tables' game ends and deals (doko.server.lane)
        self.lane = Lane()
        self._load_lock = asyncio.Lock()
        self._tasks: set[asyncio.Task[Any]] = set()
        self._janitor: asyncio.Task[None] | None = None
        self.started = False

    async def db(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run a blocking database call in the database thread, in its place in the group
        commit's queue (:meth:`GroupCommit.run`). A Store write marked
        :func:`~doko.server.db.batched` goes into the group commit itself (:meth:`write`)."""
        if is_batched(fn):
            return await self.writer.write(fn, *args, **kw)
        return await self.writer.run(fn, *args, **kw)

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
        if self.writer.log is not None:
            self.writer.log.close()
        self._checkpoint_pool.shutdown(wait=True)

    async def _checkpoint_loop(self, interval: float = CHECKPOINT_S) -> None:
        """Every ``interval`` seconds, the SQLite log copied back into the database in a thread
        beside the writer (:meth:`Store.checkpoint`), so that no commit waits for it."""
        loop = asyncio.get_running_loop()
        while True:
            await asyncio.sleep(interval)
            began = time.monotonic()
            try:
                await loop.run_in_executor(self._checkpoint_pool, self.store.checkpoint)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("the checkpoint failed")
            out = self.writer.log
            if out is not None:  # load measurements: a checkpoint is a line with writes -1
                out.write(f"{began:.6f} {(time.monotonic() - began) * 1000:.3f} -1\n")
                out.flush()

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
            params = {"n": open_tables, "most": self.limits.tables_per_client}
            raise LimitError(text("server.limit.tables_per_client", "en", **params),
                             text("server.limit.tables_per_client", "de", **params))
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
            rules = json.loads(d.rules)
            out.append({"code": d.code, "name": d.name, "rules": rules,
                        "rules_options": option_changes(Rules.from_json(rules)),
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
    try:
        rules = with_options(PRESETS[spec.rules], spec.options)
    except RulesError as e:
        raise ValueError(f"options.{e.params.get('key', '')}: {e.text('en')}") from None
    if len(spec.seats) != 4:
        raise ValueError("seats: a table has four seats")
    levels = level_names()
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
    if spec.chat not in CHAT_MODES:
        raise ValueError(f"chat: one of {', '.join(CHAT_MODES)}, not {spec.chat!r}")
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
        r = Round(["1", "2", "3", "4"], spec.games, rules=rules,
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
        id=0, code="", name=name, rules=json.dumps(rules.to_json()),
        games_total=r.games_total, pflichtsoli=r.pflichtsoli, public=spec.public,
        bot_takeover=spec.bot_takeover, takeover_level=takeover,
        bot_delay_ms=spec.bot_delay_ms, grace_s=spec.grace_s,
        seed=spec.seed if spec.seed is not None else secrets.randbits(62),
        status="waiting", created_at=time.time(), seats=seats,
        spectator_token=new_token(), practice=practice, chat=spec.chat, hints=spec.hints,
    )
