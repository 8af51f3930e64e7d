"""The group commit (doko.server.writer.GroupCommit and Store.batch): the writes queued while a
commit runs are committed together, each caller resumes only once its own write is durable,
the order is kept, a failing write fails only its own caller, and through the web table an
action whose write fails is refused and changes nothing."""

from __future__ import annotations

import asyncio
import io
import json
import os
import sqlite3
import threading
import time
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    Seat,
    app_fixture,
    client_fixture,
    db_url_fixture,
    first_legal,
    table_spec,
)
from sqlalchemy import event
from sqlalchemy.exc import IntegrityError

from doko.server.db import SeatData, Store, TableData, batched, make_engine, migrate
from doko.server.writer import GroupCommit

pytestmark = pytest.mark.timeout(120)


@pytest.fixture(name="store")
def store_fixture(tmp_path: Path) -> Iterator[Store]:
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}")
    migrate(engine)
    yield Store(engine)
    engine.dispose()


def new_game(store: Store, code: str) -> tuple[int, int]:
    """A table with a round and a game; (table id, game id)."""
    data = TableData(id=0, code=code, name="", rules="{}", games_total=1, pflichtsoli=False,
                     public=False, bot_takeover=True, takeover_level="random", bot_delay_ms=0,
                     grace_s=30.0, seed=1, status="playing", created_at=time.time(),
                     seats=[SeatData(i, "human", None, f"P{i}", f"{code}-{i}", True, False)
                            for i in range(4)])
    tid = store.create_table(data)
    rid = store.add_round(tid, 1, 1, False)
    return tid, store.add_game(tid, rid, 1, {"deal": code})


def action(i: int) -> dict[str, Any]:
    return {"seat": i % 4, "action": "play", "card": f"C{i}"}


def stored(db: Path, game_id: int) -> list[tuple[int, str]]:
    """The actions of a game as another connection sees them (committed ones only)."""
    con = sqlite3.connect(db)
    try:
        return con.execute("SELECT idx, action FROM actions WHERE game_id = ? ORDER BY id",
                           (game_id,)).fetchall()
    finally:
        con.close()


def test_concurrent_tables_are_committed_together_in_order(store: Store, tmp_path: Path) -> None:
    _, g1 = new_game(store, "AAAAAA")
    _, g2 = new_game(store, "BBBBBB")
    pool = ThreadPoolExecutor(1)
    db = tmp_path / "w.sqlite3"

    async def main() -> GroupCommit:
        writer = GroupCommit(store, pool)

        async def table(gid: int, n: int) -> None:
            for i in range(n):  # one after another, as a table does under its lock
                await writer.write(store.add_action, gid, i, action(i))
                # resumed only after the commit: another connection sees the write
                assert stored(db, gid)[-1][0] == i

        async def others() -> None:  # writes of other kinds in between
            for i in range(10):
                await writer.write(store.set_done_seats, g2, [i % 4])
                await asyncio.sleep(0)

        await asyncio.gather(table(g1, 60), table(g2, 40), others())
        return writer

    writer = asyncio.run(main())
    pool.shutdown()
    assert [i for i, _ in stored(db, g1)] == list(range(60))
    assert [i for i, _ in stored(db, g2)] == list(range(40))
    assert writer.writes == 110
    assert writer.batches < writer.writes  # the commits were shared


def test_a_failing_write_fails_only_its_caller(store: Store, tmp_path: Path) -> None:
    _, g1 = new_game(store, "CCCCCC")
    _, g2 = new_game(store, "DDDDDD")
    store.add_action(g1, 0, action(0))
    pool = ThreadPoolExecutor(1)
    db = tmp_path / "w.sqlite3"
    started = threading.Event()
    release = threading.Event()

    def block() -> None:  # holds the database thread so that the next writes form one batch
        started.set()
        release.wait(10)

    async def main() -> list[Any]:
        writer = GroupCommit(store, pool)
        loop = asyncio.get_running_loop()
        blocker = loop.run_in_executor(pool, block)
        await loop.run_in_executor(None, started.wait, 10)
        jobs = [
            writer.write(store.add_action, g1, 1, action(1)),
            writer.write(store.add_action, g1, 0, action(9)),  # idx 0 is taken: fails
            writer.write(store.add_action, g2, 0, action(0)),
            writer.write(store.close_game, g2, 0, "over"),  # no table 0 : updates nothing
            writer.write(store.add_round, 10**6, 1, 1, False),  # no such table: fails
            writer.write(store.add_action, g2, 1, action(1)),
        ]
        tasks = [asyncio.ensure_future(j) for j in jobs]
        await asyncio.sleep(0.05)
        release.set()
        await blocker
        out = await asyncio.gather(*tasks, return_exceptions=True)
        assert writer.batches == 1 and writer.writes == 6
        return out

    out = asyncio.run(main())
    pool.shutdown()
    assert out[0] is None and out[2] is None and out[3] is None and out[5] is None
    assert isinstance(out[1], IntegrityError)
    assert isinstance(out[4], IntegrityError)
    assert [(i, a) for i, a in stored(db, g1)] == [(0, '{"seat": 0, "action": "play", '
                                                       '"card": "C0"}'),
                                                   (1, '{"seat": 1, "action": "play", '
                                                       '"card": "C1"}')]
    assert [i for i, _ in stored(db, g2)] == [0, 1]
    assert store.rounds(10**6) == []


def test_batch_returns_each_result_and_a_lone_write_runs_alone(store: Store) -> None:
    tid, gid = new_game(store, "EEEEEE")
    out = store.batch([lambda: store.add_round(tid, 2, 1, False),
                       lambda: store.add_action(gid, 0, action(0)),
                       lambda: store.add_game(tid, 1, 2, {"deal": 2})])
    assert [ok for ok, _ in out] == [True, True, True]
    assert out[0][1] in [r.id for r in store.rounds(tid)] and out[1][1] is None
    assert [g.id for g in store.games(tid)][-1] == out[2][1]
    ok, err = store.batch([lambda: store.add_action(gid, 0, action(0))])[0]
    assert not ok and isinstance(err, IntegrityError)
    assert store.game(tid, 1) is not None and len(store.game(tid, 1).actions) == 1  # type: ignore[union-attr]


def test_an_action_whose_write_fails_is_refused_and_changes_nothing(
        client: TestClient, app: Any) -> None:
    store: Store = app.state.store
    original = store.add_action
    fail = {"idx": 2}

    @batched
    def flaky(game_id: int, idx: int, action: dict[str, Any]) -> None:
        if idx == fail["idx"]:
            fail["idx"] = -1  # once
            raise OSError("disk full")
        original(game_id, idx, action)

    store.add_action = flaky  # type: ignore[method-assign]
    r = client.post("/api/tables", json=table_spec("Anna", "Bert", "Cora", "Dora"))
    assert r.status_code == 201
    t = r.json()
    wss = [client.websocket_connect(f"/ws/{t['code']}") for _ in range(4)]
    seats = [Seat(ws.__enter__()) for ws in wss]
    try:
        for i, s in enumerate(seats):
            s.hello(t["seats"][i]["token"])
        version = max(s.until_state(lambda st: st["game"] is not None)["version"]
                      for s in seats)

        def current(s: Seat) -> dict[str, Any]:
            while s.state is None or s.state["version"] < version:
                s.recv()
            return s.state

        errors = []
        for _ in range(6):
            st = [current(s) for s in seats]
            on = st[0]["game"]["view"]["to_move"]
            req = first_legal(st[on])
            assert req is not None
            reply = seats[on].reply(seats[on].send(req))
            if reply["type"] == "error":
                errors.append(reply)
            else:
                version = reply["version"]
        assert [e["error"] for e in errors] == ["server"]
        history = current(seats[0])["game"]["view"]["history"]
        assert len(history) == 5
        assert seats[0].fresh_state()["version"] == version  # the refusal sent no state
    finally:
        for ws in wss:
            ws.__exit__(None, None, None)
    key = {"X-Doko-Key": t["seats"][0]["token"]}
    games = client.get(f"/api/tables/{t['code']}/games", headers=key).json()["games"]
    assert len(games) == 1
    tid = next(tb.id for tb in [store.table(t["code"])] if tb is not None)
    g = store.game(tid, 1)
    assert g is not None
    assert g.actions == history  # every acked action is stored, the refused one is not


def test_a_batch_of_many_actions_is_stored_in_order_across_statements(
        store: Store, tmp_path: Path) -> None:
    """A group commit inserts its actions with one statement per 150 (SQLite), not a statement
    per row: 320 actions of two games, with another write between them, are all stored, each
    with its own values, in three statements."""
    _, g1 = new_game(store, "FFFFFF")
    _, g2 = new_game(store, "GGGGGG")
    calls: list[Any] = []
    for i in range(160):
        calls.append(partial(store.add_action, g1, i, action(i)))
        calls.append(partial(store.add_action, g2, i, action(i + 1000)))
        if i == 100:  # a write of another kind inserts the actions queued before it first
            calls.append(partial(store.set_done_seats, g2, [1]))
    inserts: list[int] = []

    def count(_conn: Any, _cursor: Any, statement: str, params: Any, _context: Any,
              many: bool) -> None:
        if statement.startswith("INSERT INTO actions"):
            inserts.append(len(params) // 5)

    event.listen(store.engine, "before_cursor_execute", count)
    try:
        out = store.batch(calls)
    finally:
        event.remove(store.engine, "before_cursor_execute", count)
    assert all(ok for ok, _ in out)
    assert inserts == [150, 52, 118]  # 202 actions before the other write, 118 after
    db = tmp_path / "w.sqlite3"
    assert stored(db, g1) == [(i, json.dumps(action(i))) for i in range(160)]
    assert stored(db, g2) == [(i, json.dumps(action(i + 1000))) for i in range(160)]
    writes, commit = store.last_batch
    assert writes > 0 and commit > 0


def test_the_commit_log_splits_each_batch(store: Store) -> None:
    """``DOKO_COMMIT_LOG``: a line per batch, its start (in the database thread), duration
    and writes, then its parts: how long its oldest write was queued before the start, then
    statements, commit, back to the loop (none longer than the batch), and the database
    thread's wait for a CPU meanwhile (-1 without ``/proc``'s schedstat)."""
    _, gid = new_game(store, "HHHHHH")
    pool = ThreadPoolExecutor(1)
    log = io.StringIO()

    async def main() -> None:
        writer = GroupCommit(store, pool, log)
        await asyncio.gather(*(writer.write(store.add_action, gid, i, action(i))
                               for i in range(5)))

    before = time.monotonic()
    asyncio.run(main())
    pool.shutdown()
    lines = log.getvalue().splitlines()
    assert lines
    assert sum(int(line.split()[2]) for line in lines) == 5
    for line in lines:
        start, total, _, *parts = (float(x) for x in line.split())
        assert before <= start - parts[0] / 1000 <= start <= time.monotonic()
        assert len(parts) == 5 and parts[0] >= 0
        assert all(0 <= p <= total + 0.001 for p in parts[1:4])
        runq = parts[4]
        if os.path.exists("/proc/thread-self/schedstat"):
            assert 0 <= runq <= total + 0.001
        else:
            assert runq == -1


def test_the_next_batch_commits_while_the_event_loop_is_busy(store: Store,
                                                              tmp_path: Path) -> None:
    """The database thread goes on with the writes that queued during a commit by itself: while
    the event loop is still busy (here: blocked) after a slow commit, the next batch is already
    committed, so its callers do not wait for the loop's backlog and then for their commit."""
    _, gid = new_game(store, "JJJJJJ")
    pool = ThreadPoolExecutor(1)
    db = tmp_path / "w.sqlite3"
    started = threading.Event()
    release = threading.Event()

    @batched
    def slow_write() -> None:  # a commit that takes long (as one beside a stalled disk)
        started.set()
        release.wait(10)

    batch, count = store.batch, [0]

    def numbered_batch(calls: Any) -> list[tuple[bool, Any]]:
        out = batch(calls)
        count[0] += 1
        store.last_batch = (count[0] / 1000, count[0] / 100)  # batch n: n ms, 10 n ms
        return out

    store.batch = numbered_batch  # type: ignore[method-assign]
    log = io.StringIO()

    async def main() -> tuple[list[tuple[int, str]], list[tuple[int, str]]]:
        writer = GroupCommit(store, pool, log)
        first = asyncio.ensure_future(writer.write(slow_write))
        await asyncio.get_running_loop().run_in_executor(None, started.wait, 10)
        second = asyncio.ensure_future(writer.write(store.add_action, gid, 0, action(0)))
        await asyncio.sleep(0)  # queued while the first batch runs
        release.set()
        deadline = time.monotonic() + 10
        while not stored(db, gid) and time.monotonic() < deadline:
            time.sleep(0.01)  # the event loop is blocked: it takes no outcome meanwhile
        during = stored(db, gid)
        await asyncio.gather(first, second)
        assert writer.batches == 2
        return during, stored(db, gid)

    during, after = asyncio.run(main())
    pool.shutdown()
    assert during == after == [(0, json.dumps(action(0)))]
    # each line has its own batch's parts, though both were done before the loop took either
    parts = [[float(x) for x in line.split()[4:6]] for line in log.getvalue().splitlines()]
    assert parts == [[1.0, 10.0], [2.0, 20.0]]


def test_reads_take_their_place_in_the_queue(store: Store) -> None:
    """:meth:`GroupCommit.run`: a read queued after writes runs after their commit (it sees
    them), one queued before runs before them, each alone; a failing read fails only itself."""
    _, gid = new_game(store, "KKKKKK")
    pool = ThreadPoolExecutor(1)

    def broken() -> int:
        raise ValueError("a broken read")

    async def main() -> list[Any]:
        writer = GroupCommit(store, pool)
        jobs = [writer.run(store.action_count, gid),
                writer.write(store.add_action, gid, 0, action(0)),
                writer.write(store.add_action, gid, 1, action(1)),
                writer.run(store.action_count, gid),
                writer.run(broken),
                writer.write(store.add_action, gid, 2, action(2)),
                writer.run(store.action_count, gid)]
        out = await asyncio.gather(*jobs, return_exceptions=True)
        assert writer.batches == 2 and writer.writes == 3  # the two writes together, then one
        return out

    out = asyncio.run(main())
    pool.shutdown()
    assert out[0] == 0 and out[3] == 2 and out[6] == 3
    assert isinstance(out[4], ValueError)
    assert out[1] is None and out[2] is None and out[5] is None


def test_writes_after_the_thread_is_shut_down_fail(store: Store) -> None:
    """A write or read queued after the database thread was shut down fails at once (nothing
    is written), as before the group commit had a thread of its own."""
    _, gid = new_game(store, "LLLLLL")
    pool = ThreadPoolExecutor(1)
    pool.shutdown()

    async def main() -> list[Any]:
        writer = GroupCommit(store, pool)
        return list(await asyncio.gather(writer.write(store.add_action, gid, 0, action(0)),
                                         writer.run(store.action_count, gid),
                                         return_exceptions=True))

    out = asyncio.run(main())
    assert all(isinstance(e, RuntimeError) for e in out)
    assert store.action_count(gid) == 0
