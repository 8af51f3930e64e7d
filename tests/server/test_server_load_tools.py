"""The server's helpers for load: the kept rule options of a table's state, and the garbage
collector's log (``DOKO_GC_LOG``, :mod:`doko.server.gcwatch`)."""

from __future__ import annotations

import gc
import io
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path
from typing import Any

import pytest

from doko.server.db import SeatData, Store, TableData, make_engine, migrate
from doko.server.gcwatch import Collection, GcWatch, read_log


def test_gc_watch_logs_each_collection() -> None:
    out = io.StringIO()
    watch = GcWatch(out, keep=3)
    watch.install()
    watch.install()  # once only
    try:
        before = time.monotonic()
        for gen in (0, 1, 2, 0):
            gc.collect(gen)
        after = time.monotonic()
    finally:
        watch.uninstall()
    gc.collect(0)  # not seen any more
    assert [c.generation for c in watch.collections] == [1, 2, 0]  # the last three kept
    lines = out.getvalue().splitlines()
    assert len(lines) == 4
    parsed = [Collection.parse(line) for line in lines]
    assert [c.generation for c in parsed] == [0, 1, 2, 0]
    assert all(before <= c.start <= after and 0 <= c.seconds <= after - before for c in parsed)
    assert parsed[0].objects >= 0 and parsed[1].objects == -1
    assert parsed[3] == Collection.parse(watch.collections[-1].line())


def test_gc_log_file_round_trip(tmp_path: Path) -> None:
    path = tmp_path / "gc.log"
    with path.open("a", encoding="ascii") as f:
        watch = GcWatch(f)
        watch.install()
        try:
            gc.collect(1)
        finally:
            watch.uninstall()
    got = read_log(str(path))
    assert [c.generation for c in got] == [1]
    assert got[0].collected >= 0


# ------------------------------------------------------------------------------ the writes


def _store(tmp_path: Path) -> Store:
    tmp_path.mkdir(parents=True, exist_ok=True)
    engine = make_engine(f"sqlite:///{tmp_path / 'w.sqlite3'}", "normal")
    migrate(engine)
    return Store(engine)


def _table(code: str) -> TableData:
    return TableData(0, code, "t", '{"name": "tsr"}', 4, False, False, True, "rules", 0, 30.0,
                     7, "waiting", 1.0, seats=[SeatData(s, "human", None, f"P{s + 1}",
                                                        f"key-{code}-{s}", False, False)
                                               for s in range(4)])


def _course(store: Store, tid: int) -> list[Callable[[], Any]]:
    """A table's course as the server writes it: seats, a round, a deal, actions, closing."""
    return [
        partial(store.update_seat, tid, 0, joined=True, left=False),
        partial(store.update_seat, tid, 2, name="Zweite"),
        partial(store.add_round, tid, 1, 4, True, "playing"),
    ]


def test_the_statement_writes_store_what_they_did_with_sessions(tmp_path: Path) -> None:
    """update_seat, add_round, add_game, add_action, set_done_seats, close_game, touch and
    set_status (statements built once, no ORM session) store what the server reads back,
    alone and in one group commit with actions in between, in order."""
    for batched_run in (False, True):
        store = _store(tmp_path / str(batched_run))
        tid = store.create_table(_table("ABCDEF"))
        rid_box: list[int] = []
        gid_box: list[int] = []
        if batched_run:
            ok = store.batch(_course(store, tid))
            assert all(flag for flag, _ in ok)
            rid_box.append(ok[-1][1])
        else:
            out = [call() for call in _course(store, tid)]
            rid_box.append(out[-1])
        rid = rid_box[0]
        deal = {"format": "doko-game/1", "hands": ["x"]}
        calls: list[Callable[[], Any]] = [partial(store.add_game, tid, rid, 1, deal, "playing")]
        if batched_run:
            got = store.batch(calls)
            gid_box.append(got[0][1])
        else:
            gid_box.append(calls[0]())
        gid = gid_box[0]
        writes: list[Callable[[], Any]] = [
            partial(store.add_action, gid, 0, {"seat": 0, "action": "healthy"}),
            partial(store.update_seat, tid, 1, left=True),
            partial(store.add_action, gid, 1, {"seat": 1, "action": "healthy"}),
            partial(store.set_done_seats, gid, [3, 1]),
            partial(store.close_game, gid, tid, "over", {"winner": "re"}, {"row": 1}, rid,
                    {"rows": [1]}),
            partial(store.touch, tid, 99.0),
        ]
        if batched_run:
            assert all(flag for flag, _ in store.batch(writes))
        else:
            for call in writes:
                call()
        store.set_status(tid, "closed")
        t = store.table("ABCDEF")
        assert t is not None and t.status == "closed" and t.touched_at == 99.0
        assert [(s.name, s.joined, s.left) for s in t.seats] == [
            ("P1", True, False), ("P2", False, True), ("Zweite", False, False),
            ("P4", False, False)]
        assert [(r.id, r.number, r.games_total, r.pflichtsoli) for r in store.rounds(tid)] == [
            (rid, 1, 4, True)]
        g = store.game(tid, 1)
        assert g is not None and g.id == gid and g.closed and g.deal == deal
        assert g.actions == [{"seat": 0, "action": "healthy"}, {"seat": 1, "action": "healthy"}]
        assert g.done_seats == [1, 3]
        assert store.round_sheet(rid) == {"rows": [1]}
        store.engine.dispose()


def test_a_seat_update_names_only_seat_columns(tmp_path: Path) -> None:
    store = _store(tmp_path)
    tid = store.create_table(_table("GHJKLM"))
    with pytest.raises(ValueError, match="not a seat column"):
        store.update_seat(tid, 0, code="XXXXXX")
    store.update_seat(tid, 0)  # nothing to set: nothing happens
    t = store.table("GHJKLM")
    assert t is not None and [(s.seat, s.joined) for s in t.seats] == [
        (0, False), (1, False), (2, False), (3, False)]
    store.engine.dispose()


# ------------------------------------------------------------------------------ doko serve


def test_serve_gc_thresholds_are_checked_and_set(tmp_path: Path) -> None:
    import argparse

    from doko.cli.serve import GC_THRESHOLDS, gc_thresholds, tune_gc, watch_gc

    assert gc_thresholds("10000,50,100") == (10000, 50, 100)
    for bad in ("1,2", "a,b,c", "50,1,1", "1000,0,1", "1000,1,-1", "1,2,3,4"):
        with pytest.raises(argparse.ArgumentTypeError):
            gc_thresholds(bad)
    before = gc.get_threshold()
    try:
        tune_gc((12345, 7, 8))
        assert gc.get_threshold() == (12345, 7, 8)
        assert gc.get_freeze_count() > 0
    finally:
        gc.unfreeze()
        gc.set_threshold(*before)
    assert GC_THRESHOLDS == (50_000, 20, 100)
    watch_gc(None)  # no file: nothing is watched
    n = len(gc.callbacks)
    path = tmp_path / "gc.log"
    watch = watch_gc(str(path))
    assert watch is not None and watch.out is not None
    try:
        assert len(gc.callbacks) == n + 1
        gc.collect(0)
    finally:
        watch.uninstall()
        watch.out.close()
    assert [c.generation for c in read_log(str(path))] == [0]


# ------------------------------------------------------------------------------ the ack


def test_an_action_is_answered_by_the_senders_update(tmp_path: Path) -> None:
    """The acting connection's ``update`` carries ``"ack": ref`` and no ``ack`` message
    follows it; after a whole ``state`` (the first broadcast after hello) an ``ack`` follows.
    Every action is answered exactly once, after the state that shows it; a second device of
    the same seat gets the same updates without the ``ack``."""
    from fastapi.testclient import TestClient
    from server_helpers import Seat, game_closed, table_spec

    from doko.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'a.sqlite3'}")
    with TestClient(app) as client:
        t = client.post("/api/tables", json=table_spec("Anna", "bot", "bot", "bot")).json()
        token = t["seats"][0]["token"]
        with client.websocket_connect(f"/ws/{t['code']}") as ws, \
                client.websocket_connect(f"/ws/{t['code']}") as ws2:
            me, other = Seat(ws), Seat(ws2)
            me.hello(token)
            other.hello(token)
            me.play(game_closed(1))
            other.until_state(game_closed(1))
    assert not any("ack" in m or m["type"] == "ack" for m in other.raw)
    assert sum(m["type"] == "update" for m in other.raw) >= 10
    actions = {ref for ref, req in me.sent.items() if req["type"] == "action"}
    assert len(actions) >= 10
    folded = separate = 0
    for ref in actions:
        answers = [(i, m) for i, m in enumerate(me.raw)
                   if (m["type"] == "update" and m.get("ack") == ref)
                   or (m["type"] in ("ack", "error") and m.get("ref") == ref)]
        assert len(answers) == 1, (ref, answers)
        i, m = answers[0]
        if m["type"] == "update":
            folded += 1
        else:
            assert m["type"] == "ack" and me.raw[i - 1]["type"] == "state", me.raw[i - 1]
            assert me.raw[i - 1]["version"] == m["version"]
            separate += 1
    assert folded >= len(actions) - 1 and separate <= 1
    # in the log, an update that answers stands for its state and then its ack
    logged = [m["ref"] for m in me.messages if m["type"] == "ack" and m["ref"] in actions]
    assert sorted(logged) == sorted(actions)
    assert not any("ack" in m for m in me.raw if m["type"] == "state")
