"""The slow lane of the tables' game ends and deals (:mod:`doko.server.lane`): the first comer
goes at once, the others ``per_turn`` at a time in the order they came, ``gap`` seconds apart
(or per turn of the event loop), with the loop's other work (a socket's message) running
between two releases; a cancelled waiter is skipped."""

from __future__ import annotations

import asyncio
import itertools

import pytest

from doko.server.lane import Lane


async def _turns(n: int) -> None:
    """Let the loop turn ``n`` times."""
    for _ in range(n):
        await asyncio.sleep(0)


def test_waiters_go_a_few_per_turn_in_order_with_other_work_between() -> None:
    lane = Lane(per_turn=2, gap=0)
    log: list[str] = []

    async def table(i: int) -> None:
        await lane.turn()
        log.append(f"t{i}")

    async def other() -> None:  # an action that arrives meanwhile: runs every turn
        for k in range(6):
            log.append(f"a{k}")
            await asyncio.sleep(0)

    async def main() -> None:
        await asyncio.gather(*(table(i) for i in range(7)), other())

    asyncio.run(main())
    tables = [x for x in log if x.startswith("t")]
    assert tables == [f"t{i}" for i in range(7)]  # in the order they came
    # t0 went at once; then two per turn, each pair after another piece of the other work
    assert log.index("t0") < log.index("a0")
    between = log[log.index("t1"): log.index("t6") + 1]
    chunks = "".join("|" if x.startswith("a") else "t" for x in between).split("|")
    assert all(len(c) <= 2 for c in chunks)
    assert sum(1 for x in between if x.startswith("a")) >= 2
    assert lane.passed == 7 and lane.waiting() == 0


def test_an_idle_lane_lets_the_first_go_at_once_and_skips_the_cancelled() -> None:
    lane = Lane(per_turn=1, gap=0)

    async def main() -> list[str]:
        done: list[str] = []
        await lane.turn()  # nobody waits: no wait at all
        done.append("first")

        async def waiter(name: str) -> None:
            await lane.turn()
            done.append(name)

        a = asyncio.ensure_future(waiter("a"))
        b = asyncio.ensure_future(waiter("b"))
        c = asyncio.ensure_future(waiter("c"))
        await asyncio.sleep(0)  # all three wait now
        b.cancel()
        await asyncio.gather(a, c, return_exceptions=True)
        await _turns(3)
        assert b.cancelled()
        return done

    assert asyncio.run(main()) == ["first", "a", "c"]
    assert lane.passed == 3


def test_waiters_go_one_per_gap_while_the_loop_runs_other_work() -> None:
    """The hub's lane (one at a time, 2 ms apart by default): a burst of tables at a game's
    end goes through one by one, never two within the gap, in order; the first at once; and
    the loop's other work keeps running in between."""
    lane = Lane()
    assert (lane.per_turn, lane.gap) == (1, 0.002)
    went: list[tuple[int, float]] = []
    other = 0

    async def table(i: int) -> None:
        await lane.turn()
        went.append((i, asyncio.get_running_loop().time()))

    async def work() -> None:
        nonlocal other
        while len(went) < 6:
            other += 1
            await asyncio.sleep(0)

    async def main() -> float:
        t0 = asyncio.get_running_loop().time()
        await asyncio.gather(*(table(i) for i in range(6)), work())
        return t0

    t0 = asyncio.run(main())
    assert [i for i, _ in went] == list(range(6))
    assert went[0][1] - t0 < lane.gap  # nobody waited before it
    # the timer may fire up to the loop's clock resolution early; never a gap too soon
    gaps = [b - a for (_, a), (_, b) in itertools.pairwise(went)]
    assert all(g >= lane.gap - 0.0005 for g in gaps), gaps
    assert other >= 5  # the other work ran between the releases
    assert lane.passed == 6 and lane.waiting() == 0


def test_a_lane_lets_at_least_one_go() -> None:
    with pytest.raises(ValueError):
        Lane(per_turn=0)
    with pytest.raises(ValueError):
        Lane(gap=-1)
