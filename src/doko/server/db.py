"""The database of the web table: SQLAlchemy 2 models, the engine, migrations and a small store.

Tables::

    tables   one row per table: code, settings (rules, round length, bots), dealing seed, status
    seats    four per table: human or bot (and its level), name, secret token, joined/left
    rounds   the rounds (Spielrunden) played at a table, in order
    games    every dealt game: its round, number, deal (a ``doko-game/1`` record without
             actions), whether it is closed (entered in the Spielliste)
    actions  every accepted action of a game, in order, in record form

SQLite (the default) runs in WAL mode with ``PRAGMA foreign_keys=ON`` on every connection. The
schema is created and upgraded by Alembic (``migrations/``) at start-up: :func:`migrate`.
Every write of :class:`Store` commits before it returns; :meth:`Store.batch` runs several writes
in one transaction (the hub's group commit, :mod:`doko.server.writer`).
"""

from __future__ import annotations

import functools
import json
import logging
import threading
import time
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

from sqlalchemy import (
    BigInteger,
    Boolean,
    Connection,
    Engine,
    Float,
    ForeignKey,
    Integer,
    String,
    Text,
    UniqueConstraint,
    bindparam,
    create_engine,
    event,
    func,
    insert,
    select,
    update,
)
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.sql.dml import Insert, Update

DEFAULT_URL = "sqlite:///doko.sqlite3"  # the same as doko.cli.serve.DEFAULT_URL

#: A table's status: ``waiting`` (for its people), ``playing``, ``over`` (its round ended),
#: ``closed`` (by the operator, ``doko admin close``) or ``expired`` (nobody came back).
ACTIVE = ("waiting", "playing")


class Base(DeclarativeBase):
    pass


class TableRow(Base):
    __tablename__ = "tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    code: Mapped[str] = mapped_column(String(16), unique=True)
    name: Mapped[str] = mapped_column(String(80))
    rules: Mapped[str] = mapped_column(Text)
    games_total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pflichtsoli: Mapped[bool] = mapped_column(Boolean)
    public: Mapped[bool] = mapped_column(Boolean)
    bot_takeover: Mapped[bool] = mapped_column(Boolean)
    takeover_level: Mapped[str] = mapped_column(String(32))
    bot_delay_ms: Mapped[int] = mapped_column(Integer)
    grace_s: Mapped[float] = mapped_column(Float)
    seed: Mapped[int] = mapped_column(BigInteger)
    status: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[float] = mapped_column(Float)
    spectator_token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    practice: Mapped[bool] = mapped_column(Boolean, default=False)
    creator: Mapped[str | None] = mapped_column(String(64), nullable=True, index=True)
    touched_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: who may read the table's chat: "off", "players" or "all" (spectators too)
    chat: Mapped[str] = mapped_column(String(8), default="players")
    #: whether the seats may ask for hints (docs/analysis.md)
    hints: Mapped[bool] = mapped_column(Boolean, default=True)


class SeatRow(Base):
    __tablename__ = "seats"
    __table_args__ = (UniqueConstraint("table_id", "seat"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    seat: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(8))
    level: Mapped[str | None] = mapped_column(String(32), nullable=True)
    name: Mapped[str] = mapped_column(String(40))
    token: Mapped[str | None] = mapped_column(String(64), unique=True, nullable=True)
    joined: Mapped[bool] = mapped_column(Boolean)
    left: Mapped[bool] = mapped_column(Boolean)


class RoundRow(Base):
    __tablename__ = "rounds"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    games_total: Mapped[int | None] = mapped_column(Integer, nullable=True)
    pflichtsoli: Mapped[bool] = mapped_column(Boolean)
    created_at: Mapped[float] = mapped_column(Float)
    #: the Spielliste after its last closed game (JSON), as served
    sheet: Mapped[str | None] = mapped_column(Text, nullable=True)


class GameRow(Base):
    __tablename__ = "games"
    __table_args__ = (UniqueConstraint("table_id", "number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("tables.id", ondelete="CASCADE"), index=True)
    round_id: Mapped[int] = mapped_column(ForeignKey("rounds.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    deal: Mapped[str] = mapped_column(Text)
    closed: Mapped[bool] = mapped_column(Boolean)
    done_seats: Mapped[str] = mapped_column(String(32))
    created_at: Mapped[float] = mapped_column(Float)
    closed_at: Mapped[float | None] = mapped_column(Float, nullable=True)
    #: once closed: the score breakdown and the Spielliste row (JSON), as served
    result: Mapped[str | None] = mapped_column(Text, nullable=True)
    row: Mapped[str | None] = mapped_column(Text, nullable=True)


class ActionRow(Base):
    __tablename__ = "actions"
    __table_args__ = (UniqueConstraint("game_id", "idx"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    game_id: Mapped[int] = mapped_column(ForeignKey("games.id", ondelete="CASCADE"), index=True)
    idx: Mapped[int] = mapped_column(Integer)
    seat: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(Text)
    created_at: Mapped[float] = mapped_column(Float)


# ------------------------------------------------------------------------------ engine


def make_engine(url: str, synchronous: str = "full") -> Engine:
    """An engine for ``url``; SQLite connections get WAL, foreign keys, a busy timeout and
    ``PRAGMA synchronous`` (``full``: a commit survives a power loss; ``normal``: it survives
    a crash of the server, about twice as fast)."""
    if synchronous not in ("full", "normal"):
        raise ValueError(f"synchronous is 'full' or 'normal', not {synchronous!r}")
    if url.startswith("sqlite"):
        engine = create_engine(url, connect_args={"check_same_thread": False, "timeout": 30})

        @event.listens_for(engine, "connect")
        def _pragmas(dbapi_conn: Any, _record: Any) -> None:
            cur = dbapi_conn.cursor()
            cur.execute("PRAGMA journal_mode=WAL")
            cur.execute("PRAGMA foreign_keys=ON")
            cur.execute(f"PRAGMA synchronous={synchronous.upper()}")
            cur.execute("PRAGMA busy_timeout=30000")
            # no checkpoint inside a commit (it would stall the writer, and with it every
            # table's next action): Store.checkpoint runs them beside the writer
            cur.execute("PRAGMA wal_autocheckpoint=0")
            cur.close()

        return engine
    return create_engine(url, pool_pre_ping=True)


def migrate(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration (``alembic upgrade head``)."""
    from alembic import command
    from alembic.config import Config

    cfg = Config()
    cfg.set_main_option("script_location", str(Path(__file__).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", engine.url.render_as_string(hide_password=False)
                        .replace("%", "%%"))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.upgrade(cfg, "head")


# ------------------------------------------------------------------------------ plain values


@dataclass
class SeatData:
    seat: int
    kind: str
    level: str | None
    name: str
    token: str | None
    joined: bool
    left: bool


@dataclass
class GameData:
    id: int
    number: int
    round_id: int
    deal: dict[str, Any]
    closed: bool
    done_seats: list[int]
    actions: list[dict[str, Any]] = field(default_factory=list)
    #: a closed game's stored score breakdown and Spielliste row (None before migration 0003)
    result: dict[str, Any] | None = None
    row: dict[str, Any] | None = None


@dataclass
class RoundData:
    id: int
    number: int
    games_total: int | None
    pflichtsoli: bool


@dataclass
class TableData:
    id: int
    code: str
    name: str
    rules: str
    games_total: int | None
    pflichtsoli: bool
    public: bool
    bot_takeover: bool
    takeover_level: str
    bot_delay_ms: int
    grace_s: float
    seed: int
    status: str
    created_at: float
    seats: list[SeatData] = field(default_factory=list)
    spectator_token: str | None = None
    practice: bool = False
    creator: str | None = None
    touched_at: float | None = None
    chat: str = "players"
    hints: bool = True


def _table_data(t: TableRow, seats: list[SeatRow]) -> TableData:
    return TableData(
        id=t.id, code=t.code, name=t.name, rules=t.rules, games_total=t.games_total,
        pflichtsoli=t.pflichtsoli, public=t.public, bot_takeover=t.bot_takeover,
        takeover_level=t.takeover_level, bot_delay_ms=t.bot_delay_ms, grace_s=t.grace_s,
        seed=t.seed, status=t.status, created_at=t.created_at,
        spectator_token=t.spectator_token, practice=t.practice, creator=t.creator,
        touched_at=t.touched_at, chat=t.chat, hints=t.hints,
        seats=[SeatData(s.seat, s.kind, s.level, s.name, s.token, s.joined, s.left)
               for s in sorted(seats, key=lambda s: s.seat)],
    )


def _game_data(g: GameRow, actions: list[ActionRow] | None = None) -> GameData:
    return GameData(
        id=g.id, number=g.number, round_id=g.round_id, deal=json.loads(g.deal), closed=g.closed,
        done_seats=json.loads(g.done_seats),
        actions=[json.loads(a.action) for a in actions or []],
        result=None if g.result is None else json.loads(g.result),
        row=None if g.row is None else json.loads(g.row),
    )


F = TypeVar("F", bound=Callable[..., Any])


@dataclass
class _Batch:
    """A group commit in progress (:meth:`Store.batch`): its connection (in a transaction),
    an ORM session on it once a write needs one, and the actions not inserted yet."""

    conn: Connection
    session: Session | None = None
    actions: list[dict[str, Any]] = field(default_factory=list)

    def insert_actions(self) -> None:
        if not self.actions:
            return
        if self.conn.dialect.name == "sqlite":
            # one INSERT with a row of values per action: the sqlite3 module lets go of the
            # interpreter around every statement it steps, and an executemany steps once per
            # row; while the event loop is busy, the database thread may wait up to the
            # switch interval for the interpreter after each step (50 rows beside a busy
            # thread: p50 11 ms, max 78 ms, against 6 and 17 ms as one statement;
            # docs/server.md, Load, fourth round)
            rows = self.actions
            for lo in range(0, len(rows), _ROWS_PER_INSERT):
                part = rows[lo: lo + _ROWS_PER_INSERT]
                self.conn.exec_driver_sql(_actions_insert_sql(len(part)), tuple(
                    v for r in part for v in (r["game_id"], r["idx"], r["seat"], r["action"],
                                              r["created_at"])))
        else:
            self.conn.execute(insert(ActionRow), self.actions)  # executemany, no RETURNING
        self.actions = []


#: Actions inserted by one statement at most (5 values each; SQLite allows 32,766 since 3.32,
#: 999 before).
_ROWS_PER_INSERT = 150


@functools.cache
def _actions_insert_sql(rows: int) -> str:
    """``INSERT INTO actions`` of ``rows`` rows of positional values (SQLite's ``?``)."""
    one = "(?, ?, ?, ?, ?)"
    return ("INSERT INTO actions (game_id, idx, seat, action, created_at) VALUES "
            + ", ".join([one] * rows))

log = logging.getLogger("doko.server")

# The writes of a game's course (seats, rounds, deals, closing) as statements built once, with
# their values as parameters: an ORM session or a statement built per call costs 0.1 to 1.5 ms
# of the interpreter in the database thread (time the event loop waits for it), one built once
# about 20 us.
_SET_STATUS = (update(TableRow).where(TableRow.id == bindparam("w_table"))
               .values(status=bindparam("v_status")))
_TOUCH = (update(TableRow).where(TableRow.id == bindparam("w_table"))
          .values(touched_at=bindparam("v_when")))
_ADD_ROUND = insert(RoundRow).values(
    table_id=bindparam("v_table"), number=bindparam("v_number"),
    games_total=bindparam("v_games"), pflichtsoli=bindparam("v_pflicht"),
    created_at=bindparam("v_at"))
_ADD_GAME = insert(GameRow).values(
    table_id=bindparam("v_table"), round_id=bindparam("v_round"), number=bindparam("v_number"),
    deal=bindparam("v_deal"), closed=False, done_seats="[]", created_at=bindparam("v_at"))
_DONE_SEATS = (update(GameRow).where(GameRow.id == bindparam("w_game"))
               .values(done_seats=bindparam("v_done")))
_CLOSE_GAME = (update(GameRow).where(GameRow.id == bindparam("w_game"))
               .values(closed=True, closed_at=bindparam("v_at"), result=bindparam("v_result"),
                       row=bindparam("v_row")))
_ROUND_SHEET = (update(RoundRow).where(RoundRow.id == bindparam("w_round"))
                .values(sheet=bindparam("v_sheet")))
_SEAT_UPDATES: dict[tuple[str, ...], Update] = {}
_SEAT_COLUMNS = ("kind", "level", "name", "token", "joined", "left")


def _seat_update(keys: tuple[str, ...]) -> Update:
    """The statement that sets the seat columns ``keys`` (sorted) of one seat."""
    stmt = _SEAT_UPDATES.get(keys)
    if stmt is None:
        unknown = [k for k in keys if k not in _SEAT_COLUMNS]
        if unknown:
            raise ValueError(f"not a seat column: {unknown[0]!r}")
        stmt = _SEAT_UPDATES[keys] = (
            update(SeatRow).where(SeatRow.table_id == bindparam("w_table"))
            .where(SeatRow.seat == bindparam("w_seat"))
            .values({k: bindparam(f"v_{k}") for k in keys}))
    return stmt


def _new_id(conn: Connection, stmt: Insert, params: dict[str, Any]) -> int:
    key = conn.execute(stmt, params).inserted_primary_key
    assert key is not None
    return int(key[0])


def batched(fn: F) -> F:
    """Mark a :class:`Store` write that may run inside :meth:`Store.batch`: it does all its work
    in the session of :meth:`Store._write` and nothing else with the database."""
    fn.batched = True  # type: ignore[attr-defined]
    return fn


def is_batched(fn: Callable[..., Any]) -> bool:
    """Whether ``fn`` (a bound :class:`Store` method) is a write :meth:`Store.batch` may run."""
    return bool(getattr(fn, "batched", False))


class Store:
    """Blocking database access; every write commits before it returns.

    The hub calls it from one worker thread, so writes are never concurrent. The writes marked
    :func:`batched` can also run together in one transaction, :meth:`batch` (a group commit:
    one commit, one fsync, for all the writes that queued up while the previous one ran).
    """

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self.sessions: sessionmaker[Session] = sessionmaker(engine, expire_on_commit=False)
        self._local = threading.local()  # .batch: the batch running in this thread, if any
        #: the last :meth:`batch` that committed: seconds of its writes and of its commit
        #: (the commit: the fsync, and the interpreter taken back after it)
        self.last_batch: tuple[float, float] = (0.0, 0.0)

    @contextmanager
    def _write(self) -> Iterator[Session]:
        """The session of a write: inside :meth:`batch` the batch's (after the actions queued
        before this write are inserted; its statements are flushed when it ends, so the writes
        keep their order), else a transaction of its own that commits when the block ends."""
        b: _Batch | None = getattr(self._local, "batch", None)
        if b is None:
            with self.sessions.begin() as s:
                yield s
            return
        b.insert_actions()
        if b.session is None:  # joins the batch's transaction, never commits it
            b.session = self.sessions(bind=b.conn)
        yield b.session
        b.session.flush()

    @contextmanager
    def _core(self) -> Iterator[Connection]:
        """The connection of a write made of statements (no ORM session): inside
        :meth:`batch` the batch's (after the actions queued before this write are inserted),
        else a transaction of its own that commits when the block ends."""
        b: _Batch | None = getattr(self._local, "batch", None)
        if b is None:
            with self.engine.begin() as conn:
                yield conn
            return
        b.insert_actions()
        yield b.conn

    def batch(self, calls: Sequence[Callable[[], Any]]) -> list[tuple[bool, Any]]:
        """Run writes (calls of :func:`batched` methods, in order) in one transaction; each
        gets ``(True, its result)``. If that fails, nothing of it is committed: a lone write
        gets ``(False, its exception)``; several run again one by one, each in its own
        transaction, exactly as without a batch, so a failing write fails only itself.

        A batch of actions only needs no ORM session (it costs more than the inserts): they
        are inserted together, with one statement (SQLite) or one ``executemany``.
        :attr:`last_batch` says how long its statements and its commit took."""
        if not calls:
            return []
        began = time.perf_counter()
        try:
            with self.engine.connect() as conn:
                trans = conn.begin()
                b = self._local.batch = _Batch(conn)
                try:
                    results = [call() for call in calls]
                    b.insert_actions()
                except BaseException:
                    trans.rollback()
                    raise
                finally:
                    self._local.batch = None
                    if b.session is not None:
                        b.session.close()
                wrote = time.perf_counter()
                trans.commit()
                self.last_batch = (wrote - began, time.perf_counter() - wrote)
            return [(True, r) for r in results]
        except Exception as e:
            if len(calls) == 1:
                return [(False, e)]
            log.warning("a group commit of %d writes failed; writing them one by one",
                        len(calls), exc_info=True)
        out: list[tuple[bool, Any]] = []
        for call in calls:
            try:
                out.append((True, call()))
            except Exception as e:
                out.append((False, e))
        return out

    # ------------------------------------------------------------------ tables

    @batched
    def create_table(self, data: TableData) -> int:
        with self._write() as s:
            row = TableRow(
                code=data.code, name=data.name, rules=data.rules, games_total=data.games_total,
                pflichtsoli=data.pflichtsoli, public=data.public,
                bot_takeover=data.bot_takeover, takeover_level=data.takeover_level,
                bot_delay_ms=data.bot_delay_ms, grace_s=data.grace_s, seed=data.seed,
                status=data.status, created_at=data.created_at,
                spectator_token=data.spectator_token, practice=data.practice,
                creator=data.creator, touched_at=data.created_at, chat=data.chat,
                hints=data.hints,
            )
            s.add(row)
            s.flush()
            for sd in data.seats:
                s.add(SeatRow(table_id=row.id, seat=sd.seat, kind=sd.kind, level=sd.level,
                              name=sd.name, token=sd.token, joined=sd.joined, left=sd.left))
            return row.id

    def code_exists(self, code: str) -> bool:
        with self.sessions() as s:
            return s.scalar(select(TableRow.id).where(TableRow.code == code)) is not None

    def table(self, code: str) -> TableData | None:
        with self.sessions() as s:
            t = s.scalar(select(TableRow).where(TableRow.code == code))
            if t is None:
                return None
            seats = list(s.scalars(select(SeatRow).where(SeatRow.table_id == t.id)))
            return _table_data(t, seats)

    def active_codes(self) -> list[str]:
        """Codes of the tables that are not over (to be resumed at start-up)."""
        with self.sessions() as s:
            return list(s.scalars(select(TableRow.code).where(TableRow.status.in_(ACTIVE))
                                  .order_by(TableRow.id)))

    def public_tables(self, limit: int = 100) -> list[TableData]:
        with self.sessions() as s:
            rows = list(s.scalars(select(TableRow).where(TableRow.public.is_(True))
                                  .where(TableRow.status.in_(ACTIVE))
                                  .order_by(TableRow.id.desc()).limit(limit)))
            ids = [t.id for t in rows]
            seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for sr in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
                    seats[sr.table_id].append(sr)
            return [_table_data(t, seats[t.id]) for t in rows]

    def count_active_by_creator(self, creator: str) -> int:
        """How many tables that are not over, closed or expired this creator has."""
        with self.sessions() as s:
            return int(s.scalar(select(func.count(TableRow.id))
                                .where(TableRow.creator == creator)
                                .where(TableRow.status.in_(ACTIVE))) or 0)

    @batched
    def touch(self, table_id: int, when: float) -> None:
        """Note that a person had the table open at ``when`` (for expiry)."""
        with self._core() as conn:
            conn.execute(_TOUCH, {"w_table": table_id, "v_when": when})

    def expire_untouched(self, before: float) -> list[str]:
        """Mark the active tables nobody had open since ``before`` as expired; their codes."""
        with self.sessions.begin() as s:
            last = func.coalesce(TableRow.touched_at, TableRow.created_at)
            codes = list(s.scalars(select(TableRow.code).where(TableRow.status.in_(ACTIVE))
                                   .where(last < before)))
            if codes:
                s.execute(update(TableRow).where(TableRow.code.in_(codes))
                          .values(status="expired"))
            return codes

    def all_tables(self, limit: int = 1000, active_only: bool = False) -> list[TableData]:
        """The newest tables with their seats (for the operator; secrets are not shown by it)."""
        with self.sessions() as s:
            q = select(TableRow)
            if active_only:
                q = q.where(TableRow.status.in_(ACTIVE))
            rows = list(s.scalars(q.order_by(TableRow.id.desc()).limit(limit)))
            ids = [t.id for t in rows]
            seats: dict[int, list[SeatRow]] = {i: [] for i in ids}
            if ids:
                for sr in s.scalars(select(SeatRow).where(SeatRow.table_id.in_(ids))):
                    seats[sr.table_id].append(sr)
            return [_table_data(t, seats[t.id]) for t in rows]

    @batched
    def checkpoint(self) -> None:
        """Copy the SQLite write-ahead log back into the database file (``PASSIVE``: it never
        blocks the writer, which goes on appending to the log meanwhile). The hub runs it every
        few seconds in a thread of its own; other databases need nothing."""
        if self.engine.dialect.name != "sqlite":
            return
        conn = self.engine.raw_connection()
        try:
            conn.execute("PRAGMA wal_checkpoint(PASSIVE)")
        finally:
            conn.close()

    def set_status(self, table_id: int, status: str) -> None:
        with self._core() as conn:
            conn.execute(_SET_STATUS, {"w_table": table_id, "v_status": status})

    @batched
    def update_seat(self, table_id: int, seat: int, **values: Any) -> None:
        """Set columns of one seat (``kind``, ``level``, ``name``, ``token``, ``joined``,
        ``left``)."""
        if not values:
            return
        keys = tuple(sorted(values))
        stmt = _seat_update(keys)
        with self._core() as conn:
            conn.execute(stmt, {"w_table": table_id, "w_seat": seat,
                                **{f"v_{k}": values[k] for k in keys}})

    # ------------------------------------------------------------------ rounds and games

    def rounds(self, table_id: int) -> list[RoundData]:
        with self.sessions() as s:
            rows = s.scalars(select(RoundRow).where(RoundRow.table_id == table_id)
                             .order_by(RoundRow.number))
            return [RoundData(r.id, r.number, r.games_total, r.pflichtsoli) for r in rows]

    @batched
    def add_round(self, table_id: int, number: int, games_total: int | None,
                  pflichtsoli: bool, status: str | None = None) -> int:
        with self._core() as conn:
            rid = _new_id(conn, _ADD_ROUND, {
                "v_table": table_id, "v_number": number, "v_games": games_total,
                "v_pflicht": pflichtsoli, "v_at": time.time()})
            if status is not None:
                conn.execute(_SET_STATUS, {"w_table": table_id, "v_status": status})
            return rid

    def games(self, table_id: int, round_id: int | None = None,
              with_actions: bool = True) -> list[GameData]:
        """The games of a table (or of one round), in order, with their actions."""
        with self.sessions() as s:
            q = select(GameRow).where(GameRow.table_id == table_id)
            if round_id is not None:
                q = q.where(GameRow.round_id == round_id)
            rows = list(s.scalars(q.order_by(GameRow.number)))
            acts: dict[int, list[ActionRow]] = {g.id: [] for g in rows}
            if with_actions and rows:
                aq = (select(ActionRow).join(GameRow, ActionRow.game_id == GameRow.id)
                      .where(GameRow.table_id == table_id))
                if round_id is not None:
                    aq = aq.where(GameRow.round_id == round_id)
                for a in s.scalars(aq.order_by(ActionRow.game_id, ActionRow.idx)):
                    acts[a.game_id].append(a)
            return [_game_data(g, acts[g.id]) for g in rows]

    def game(self, table_id: int, number: int) -> GameData | None:
        with self.sessions() as s:
            g = s.scalar(select(GameRow).where(GameRow.table_id == table_id)
                         .where(GameRow.number == number))
            if g is None:
                return None
            acts = list(s.scalars(select(ActionRow).where(ActionRow.game_id == g.id)
                                  .order_by(ActionRow.idx)))
            return _game_data(g, acts)

    def round_number_of(self, round_id: int) -> int:
        with self.sessions() as s:
            n = s.scalar(select(RoundRow.number).where(RoundRow.id == round_id))
            return int(n or 0)

    def game_count(self, table_id: int) -> int:
        with self.sessions() as s:
            return int(s.scalar(select(func.count(GameRow.id))
                                .where(GameRow.table_id == table_id)) or 0)

    @batched
    def add_game(self, table_id: int, round_id: int, number: int, deal: dict[str, Any],
                 status: str | None = None) -> int:
        with self._core() as conn:
            gid = _new_id(conn, _ADD_GAME, {
                "v_table": table_id, "v_round": round_id, "v_number": number,
                "v_deal": json.dumps(deal), "v_at": time.time()})
            if status is not None:
                conn.execute(_SET_STATUS, {"w_table": table_id, "v_status": status})
            return gid

    @batched
    def add_action(self, game_id: int, idx: int, action: dict[str, Any]) -> None:
        row = {"game_id": game_id, "idx": idx, "seat": int(action["seat"]),
               "action": json.dumps(action), "created_at": time.time()}
        b: _Batch | None = getattr(self._local, "batch", None)
        if b is not None:
            b.actions.append(row)  # inserted with the batch's other actions
            return
        with self.engine.begin() as conn:
            conn.execute(insert(ActionRow), [row])

    def action_count(self, game_id: int) -> int:
        with self.sessions() as s:
            return int(s.scalar(select(func.count(ActionRow.id))
                                .where(ActionRow.game_id == game_id)) or 0)

    @batched
    def set_done_seats(self, game_id: int, seats: list[int]) -> None:
        with self._core() as conn:
            conn.execute(_DONE_SEATS, {"w_game": game_id, "v_done": json.dumps(sorted(seats))})

    @batched
    def close_game(self, game_id: int, table_id: int, status: str,
                   result: dict[str, Any] | None = None, row: dict[str, Any] | None = None,
                   round_id: int | None = None, sheet: dict[str, Any] | None = None) -> None:
        """Close a game, with its score breakdown, its Spielliste row and the round's sheet
        stored as they are served (so reading them later never replays the round)."""
        with self._core() as conn:
            conn.execute(_CLOSE_GAME, {
                "w_game": game_id, "v_at": time.time(),
                "v_result": None if result is None else json.dumps(result),
                "v_row": None if row is None else json.dumps(row)})
            conn.execute(_SET_STATUS, {"w_table": table_id, "v_status": status})
            if round_id is not None and sheet is not None:
                conn.execute(_ROUND_SHEET, {"w_round": round_id, "v_sheet": json.dumps(sheet)})

    def round_sheet(self, round_id: int) -> dict[str, Any] | None:
        """A round's stored Spielliste (None if none was stored)."""
        with self.sessions() as s:
            text_ = s.scalar(select(RoundRow.sheet).where(RoundRow.id == round_id))
            return None if text_ is None else dict(json.loads(text_))
