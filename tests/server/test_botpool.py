"""The computer players' process pool (doko.server.botpool): the same decisions as in process,
fair round-robin dispatch across tables, crashes and timeouts answered by the first legal
action, cancellation, the per-table limit, and a clean close.

Fairness is checked by the recorded dispatch order (``on_dispatch``), never by wall time. Jobs
that must occupy the single worker while others queue sleep in the worker (the ``@sleep`` level
of :func:`doko.server.botpool._test_work`); what is asserted does not depend on how long."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
from collections.abc import AsyncIterator, Awaitable, Callable, Iterator
from pathlib import Path
from typing import Any, TypeVar

import pytest

from doko.bots.base import Player, make_player, step
from doko.bots.levels import level_names, make_level
from doko.engine.actions import Action
from doko.engine.game import Game
from doko.engine.view import SeatView, view
from doko.server import botpool
from doko.server.botpool import (
    BotPool,
    BotPoolBusy,
    BotPoolClosed,
    Job,
    decide,
    fallback,
    level_options,
    seat_budget_ms,
)

pytestmark = pytest.mark.timeout(60)

T = TypeVar("T")

#: search with a number of worlds and no time limit is deterministic
SEARCH: dict[str, object] = {"worlds": 4, "budget_ms": None}


def children() -> set[int]:
    """This process's child processes other than multiprocessing's resource tracker (which
    lives as long as the interpreter), zombies included."""
    out = set()
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
            cmdline = (stat.parent / "cmdline").read_bytes()
        except (OSError, IndexError):
            continue
        if int(fields[1]) == os.getpid() and b"resource_tracker" not in cmdline:
            out.add(int(stat.parent.name))
    return out


@pytest.fixture(autouse=True)
def no_leftover_children() -> Iterator[None]:
    before = children()
    yield
    assert children() <= before, "a worker process outlived its pool"


def run(main: Callable[[], Awaitable[T]]) -> T:
    async def wrapped() -> T:
        return await main()

    return asyncio.run(wrapped())


@contextlib.asynccontextmanager
async def pool_of(**kw: Any) -> AsyncIterator[BotPool]:
    pool = BotPool(**kw)
    await pool.wait_ready()
    assert pool.stats()["ready"] == pool.workers + pool.express
    try:
        yield pool
    finally:
        await pool.close()


def mid_game(seed: int = 11, actions: int = 12) -> Game:
    """A game after ``actions`` decisions of rules players (seats off turn may call)."""
    g = Game.deal(seed)
    players = [make_player("rules", seed=s) for s in range(4)]
    for _ in range(actions):
        step(g, players)
    return g


def hub_jobs(g: Game, level: str, seed: int = 7, options: dict[str, object] | None = None
             ) -> list[Job]:
    """The jobs the hub asks for a state: the seats off turn that may act, then the seat on
    turn (as ``Table._jobs`` orders them)."""
    on = g.to_move
    jobs = []
    for i in range(1, 5):
        seat = (on + i) & 3
        if g.legal_actions(seat):
            jobs.append(Job(seat, level, seed + seat, view(g, seat), seat == on,
                            options or {}))
    return jobs


def on_turn_job(g: Game, level: str = "rules", **options: object) -> Job:
    return Job(g.to_move, level, 5, view(g, g.to_move), True, options)


def sleeper(g: Game, seconds: float, *, on_turn: bool = True) -> Job:
    return Job(g.to_move, "@sleep", 0, view(g, g.to_move), on_turn, {"seconds": seconds})


# ------------------------------------------------------------------------------ deciding


def test_decisions_match_the_players_in_process() -> None:
    states = [Game.deal(3), mid_game(11, 12), mid_game(21, 30)]
    cases: list[tuple[str, dict[str, object]]] = [("rules", {}), ("random", {}),
                                                  ("search", SEARCH)]

    async def main() -> None:
        async with pool_of(workers=2) as pool:
            for g in states:
                for level, options in cases:
                    v = view(g, g.to_move)
                    want = make_player(level, seed=5, **options).decide(v)
                    got = await pool.think("T", [Job(g.to_move, level, 5, v, True, options)])
                    assert got == (g.to_move, want), (level, g.history)
                    jobs = hub_jobs(g, level, options=options)
                    assert await pool.think("T", jobs) == decide(jobs)
                    plain = [tuple(j[:5]) for j in jobs]  # the hub's tuples of today
                    if level != "search":
                        assert await pool.think("T", plain) == decide(jobs)  # type: ignore[arg-type]
            st = pool.stats()
            assert st["decisions"] == 2 * len(states) * len(cases) + 2 * len(states)
            assert st["fallbacks"] == st["crashes"] == st["timeouts"] == 0
            assert st["think_max_ms"] >= st["think_mean_ms"] > 0
            assert st["pending"] == {} and st["queued"] == {}

    run(main)


def test_off_turn_offers_come_first() -> None:
    g = mid_game(11, 12)
    jobs = hub_jobs(g, "rules")
    assert len(jobs) >= 2 and not jobs[0].on_turn and jobs[-1].on_turn
    seat, a = decide(jobs)  # type: ignore[misc]
    asked = [j for j in jobs if make_player("rules", seed=j.seed).decide(j.view) is not None]
    assert seat == asked[0].seat and a in asked[0].view.legal_actions


class _Stub(Player):
    def __init__(self, answer: Callable[[SeatView], Action | None]) -> None:
        super().__init__(None)
        self.answer = answer

    def decide(self, view: SeatView) -> Action | None:
        return self.answer(view)


def test_failing_and_illegal_players_are_logged_and_ignored(
        monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture) -> None:
    g = mid_game(11, 12)
    on = g.to_move
    off = next(s for s in range(4) if s != on and g.legal_actions(s))

    def boom(view: SeatView) -> Action | None:
        raise ZeroDivisionError("boom")

    behaviours: dict[str, Callable[[SeatView], Action | None]] = {
        "boom": boom, "illegal": lambda v: Action(4095), "pass": lambda v: None}

    def fake(level: str, seed: int | None = None, **options: object) -> Player:
        return _Stub(behaviours[level])

    monkeypatch.setattr(botpool, "make_player", fake)
    caplog.set_level(logging.ERROR, logger="doko.server.bots")
    first = view(g, on).legal_actions[0]
    for level in behaviours:
        jobs = [Job(off, level, 1, view(g, off), False), Job(on, level, 2, view(g, on), True)]
        assert decide(jobs) == (on, first), level
        assert decide(jobs[:1]) is None, level
    text = caplog.text
    assert "ZeroDivisionError: boom" in text and "illegal action 4095" in text
    assert fallback([Job(off, "x", 0, view(g, off), False)]) is None


def test_level_options_cap_the_search_budget() -> None:
    """A level's budget (search 300 ms, strong 1 s: doko.bots.levels) is capped at the
    table's share, never raised."""
    assert level_options("search", 150) == {"budget_ms": 150.0}
    assert level_options("search", 1e9) == {"budget_ms": 300.0}
    assert level_options("strong", 1e9) == {"inference": "auto", "budget_ms": 1000.0}
    assert level_options("strong", 600) == {"inference": "auto", "budget_ms": 600.0}
    assert level_options("search", -5) == {"budget_ms": 0.0}
    assert seat_budget_ms(1000, 4) == 250.0 and seat_budget_ms(1000, 0) == 1000.0
    g = Game.deal(3)
    for level in level_names():
        options = level_options(level, 50)
        assert level in ("search", "strong") or options == {}
        player = make_level(level, seed=1, options=options)
        assert player.decide(view(g, g.to_move)) is not None
        if options:
            assert getattr(player, "budget_ms", None) == 50.0


# ------------------------------------------------------------------------------ fairness


def test_a_table_with_many_jobs_does_not_hold_up_another() -> None:
    """One worker; table A asks 8 times, then table B once: B goes within two dispatches."""
    g = mid_game(11, 12)
    order: list[str] = []
    mark: list[int] = []

    async def main() -> None:
        async with pool_of(workers=1, max_queued_per_table=8,
                           on_dispatch=order.append) as pool:
            a_tasks = [asyncio.create_task(pool.think("A", [on_turn_job(g)])) for _ in range(8)]
            await asyncio.sleep(0)  # A's thinks are queued (the first may run)
            assert sum(pool.stats()["pending"].values()) == 8

            async def think_b() -> object:
                mark.append(len(order))  # dispatches before B's job is queued
                return await pool.think("B", [on_turn_job(g)])

            results = await asyncio.gather(*a_tasks, think_b())
            want = (g.to_move, make_player("rules", seed=5).decide(view(g, g.to_move)))
            assert all(r == want for r in results)
            assert pool.stats()["dispatched"] == {"A": 8, "B": 1}

    run(main)
    assert order.count("B") == 1 and len(order) == 9
    assert order.index("B") - mark[0] <= 1, (order, mark)


def test_offers_never_wait_behind_a_search() -> None:
    """One worker and one express worker: while table X's long think holds the worker and
    table Y's waits, an offer of table A (no seat on turn) is made at once by the express
    worker; a free worker takes offers before the thinks with a seat on turn, too."""
    g = mid_game(11, 12)
    offers = [j._replace(on_turn=False) for j in hub_jobs(g, "rules") if not j.on_turn]
    assert offers
    order: list[str] = []

    async def main() -> None:
        async with pool_of(workers=1, express=1, on_dispatch=order.append,
                           target=botpool._test_work) as pool:
            x = asyncio.create_task(pool.think("X", [sleeper(g, 30)]))
            y = asyncio.create_task(pool.think("Y", [on_turn_job(g)]))
            await asyncio.sleep(0)
            assert order == ["X"]
            # X's sleeper holds the worker for 30 s, the test's limit is less: A is answered
            # by the express worker, while Y still waits for the worker
            got = await pool.think("A", offers)
            assert got == decide(offers)
            assert order == ["X", "A"] and not y.done()
            assert pool.stats()["queued"] == {"Y": 1}
            x.cancel()
            y.cancel()
            await asyncio.gather(x, y, return_exceptions=True)

    run(main)

    order.clear()

    async def main_no_express() -> None:
        async with pool_of(workers=1, on_dispatch=order.append,
                           target=botpool._test_work) as pool:
            asks = [("X", [sleeper(g, 0.3)]), ("A", [on_turn_job(g)]), ("B", [on_turn_job(g)]),
                    ("C", offers), ("D", offers)]
            await asyncio.gather(*(pool.think(t, jobs) for t, jobs in asks))

    run(main_no_express)
    assert "".join(order) == "XCDAB"


def test_dispatch_is_round_robin_across_tables() -> None:
    g = mid_game(11, 12)
    order: list[str] = []

    async def main() -> None:
        async with pool_of(workers=1, max_queued_per_table=8, on_dispatch=order.append,
                           target=botpool._test_work) as pool:
            asks = [("X", sleeper(g, 0.5))] + [("A", on_turn_job(g))] * 6 + \
                [("B", on_turn_job(g))] * 3 + [("C", on_turn_job(g))]
            # all are queued in this same turn of the loop, while X holds the one worker
            await asyncio.gather(*(pool.think(t, [j]) for t, j in asks))

    run(main)
    assert "".join(order) == "XABCABABAAA"


# ------------------------------------------------------------------------------ failures


def test_a_dying_worker_is_replaced_and_the_table_plays_on(
        caplog: pytest.LogCaptureFixture) -> None:
    g = mid_game(11, 12)
    on = g.to_move
    off = next(s for s in range(4) if s != on and g.legal_actions(s))

    async def main() -> None:
        async with pool_of(workers=1, target=botpool._test_work) as pool:
            want = await pool.think("T", [on_turn_job(g)])
            pid = pool.stats()["pids"]
            crash = Job(on, "@exit", 0, view(g, on), True)
            assert await pool.think("T", [crash]) == (on, view(g, on).legal_actions[0])
            assert await pool.think("T", [crash._replace(seat=off, view=view(g, off),
                                                          on_turn=False)]) is None
            assert await pool.think("T", [on_turn_job(g)]) == want
            st = pool.stats()
            assert st["crashes"] == 2 and st["restarts"] == 2 and st["fallbacks"] == 2
            assert st["pids"] != pid and st["decisions"] == 4
            # an error outside the players (the worker lives on) is answered the same way
            error = Job(on, "@raise", 0, view(g, on), True)
            assert await pool.think("T", [error]) == (on, view(g, on).legal_actions[0])
            assert pool.stats()["restarts"] == 2

    run(main)
    assert "the worker died" in caplog.text


def test_a_job_over_its_time_is_abandoned() -> None:
    g = mid_game(11, 12)
    on = g.to_move

    async def main() -> None:
        async with pool_of(workers=1, job_timeout_s=0.5, target=botpool._test_work) as pool:
            await pool.think("T", [on_turn_job(g)])  # warm
            slow = Job(on, "@sleep", 0, view(g, on), True, {"seconds": 300})
            assert await pool.think("T", [slow]) == (on, view(g, on).legal_actions[0])
            st = pool.stats()
            assert st["timeouts"] == 1 and st["restarts"] == 1
            want = make_player("rules", seed=5).decide(view(g, on))
            assert await pool.think("T", [on_turn_job(g)]) == (on, want)

    run(main)


# ------------------------------------------------------------------------------ the queue


def test_cancelling_a_waiting_think_removes_its_job() -> None:
    g = mid_game(11, 12)
    order: list[str] = []

    async def main() -> None:
        async with pool_of(workers=1, target=botpool._test_work,
                           on_dispatch=order.append) as pool:
            x = asyncio.create_task(pool.think("X", [sleeper(g, 1.0)]))
            b = asyncio.create_task(pool.think("B", [on_turn_job(g)]))
            await asyncio.sleep(0)
            st = pool.stats()
            assert st["queued"].get("B") == 1 and st["pending"] == {"X": 1, "B": 1}
            b.cancel()
            with pytest.raises(asyncio.CancelledError):
                await b
            st = pool.stats()
            assert st["queued"] == {} and st["pending"] == {"X": 1} and st["cancelled"] == 1
            await x
            assert await pool.think("C", [on_turn_job(g)]) is not None

    run(main)
    assert order == ["X", "C"]


def test_a_table_may_have_only_so_many_thinks_pending() -> None:
    g = mid_game(11, 12)

    async def main() -> None:
        async with pool_of(workers=1, max_queued_per_table=2,
                           target=botpool._test_work) as pool:
            tasks = [asyncio.create_task(pool.think("X", [sleeper(g, 0.5)])),
                     asyncio.create_task(pool.think("A", [on_turn_job(g)])),
                     asyncio.create_task(pool.think("A", [on_turn_job(g)]))]
            await asyncio.sleep(0)
            with pytest.raises(BotPoolBusy, match="table A"):
                await pool.think("A", [on_turn_job(g)])
            tasks.append(asyncio.create_task(pool.think("B", [on_turn_job(g)])))
            await asyncio.gather(*tasks)
            st = pool.stats()
            assert st["rejected"] == 1 and st["dispatched"] == {"X": 1, "A": 2, "B": 1}
            assert await pool.think("A", [on_turn_job(g)]) is not None  # room again
            assert await pool.think("A", []) is None  # nothing to ask: nothing dispatched
            assert pool.stats()["dispatched"]["A"] == 3

    run(main)


# ------------------------------------------------------------------------------ closing


def test_close_ends_the_workers_and_answers_the_waiting() -> None:
    g = mid_game(11, 12)
    pids: list[int] = []

    async def main() -> None:
        pool = BotPool(workers=2, target=botpool._test_work)
        await pool.think("T", [on_turn_job(g)])  # starts the pool
        await pool.wait_ready()
        running = [asyncio.create_task(pool.think(t, [sleeper(g, 300)])) for t in "XY"]
        waiting = asyncio.create_task(pool.think("Z", [on_turn_job(g)]))
        await asyncio.sleep(0)
        pids.extend(pool.stats()["pids"])
        assert len(pids) == 2 and pool.stats()["busy"] == 2
        await pool.close()
        for t in [*running, waiting]:
            with pytest.raises(BotPoolClosed):
                await t
        with pytest.raises(BotPoolClosed):
            await pool.think("T", [on_turn_job(g)])
        await pool.close()  # again: nothing happens
        assert pool.stats()["closed"] and pool.stats()["busy"] == 0

    run(main)
    children = {p.pid for p in multiprocessing.active_children()}
    for pid in pids:
        assert pid not in children
        with pytest.raises(ProcessLookupError):
            os.kill(pid, 0)


_SERVER_THAT_DIES = """
import asyncio
from doko.server.botpool import BotPool

async def main() -> None:
    pool = BotPool(workers=2, express=1)
    pool.start()
    await pool.wait_ready()
    print(" ".join(str(p) for p in pool.stats()["pids"]), flush=True)
    await asyncio.sleep(120)

if __name__ == "__main__":
    asyncio.run(main())
"""


def _running(pid: int) -> bool:
    """Whether ``pid`` is a process that has not ended (an ended child nobody reaped, a
    zombie, counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except FileNotFoundError:
        return False


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads /proc")
def test_the_workers_end_when_the_server_is_killed(tmp_path: Path) -> None:
    """A server killed with SIGKILL cannot close its pool: its workers notice that their
    parent has gone and end within a few seconds, instead of waiting for jobs forever."""
    import signal
    import subprocess
    import sys
    import time

    script = tmp_path / "server.py"
    script.write_text(_SERVER_THAT_DIES)
    with subprocess.Popen([sys.executable, str(script)], stdout=subprocess.PIPE,
                          text=True) as server:
        try:
            assert server.stdout is not None
            pids = [int(p) for p in server.stdout.readline().split()]
            assert len(pids) == 3 and all(_running(p) for p in pids)
        finally:
            server.send_signal(signal.SIGKILL)
            server.wait()
    deadline = time.monotonic() + 10 * botpool.ORPHAN_CHECK_S + 5
    while any(_running(p) for p in pids) and time.monotonic() < deadline:
        time.sleep(0.1)
    assert not any(_running(p) for p in pids), "workers outlived their server"
