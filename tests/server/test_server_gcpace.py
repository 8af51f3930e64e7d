"""The paced garbage collections of ``doko serve --gc-pace`` (:mod:`doko.server.gcpace`): each
young collection frees the young garbage and freezes what survives, so the next one looks
only at newer objects; a full collection, when due, frees cycles that were frozen alive."""

from __future__ import annotations

import argparse
import asyncio
import gc
import weakref
from collections.abc import Iterator
from typing import Any

import pytest

from doko.server.gcpace import GcPacer


class Node:
    """A plain tracked object to build reference cycles with."""

    other: Any = None


def cycle() -> tuple[Node, weakref.ref[Node]]:
    a, b = Node(), Node()
    a.other, b.other = b, a
    return a, weakref.ref(a)


def tracked_unfrozen(obj: object) -> bool:
    return any(o is obj for gen in range(3) for o in gc.get_objects(gen))


@pytest.fixture(autouse=True)
def restore_gc() -> Iterator[None]:
    """Nothing frozen before or after each test (the rest of the suite collects as usual)."""
    gc.unfreeze()
    yield
    gc.unfreeze()


def test_a_young_step_frees_young_garbage_and_freezes_the_survivors() -> None:
    pacer = GcPacer(interval=0.1, full_every=3600)
    live, _ = cycle()
    dead, dead_ref = cycle()
    del dead
    assert dead_ref() is not None  # only a collection frees a cycle
    frozen = gc.get_freeze_count()
    pacer.step()
    assert dead_ref() is None
    assert pacer.young == 1 and pacer.full == 0
    assert gc.get_freeze_count() > frozen
    assert not tracked_unfrozen(live)  # frozen: no later collection looks at it
    newer = Node()
    assert tracked_unfrozen(newer)


def test_a_cycle_let_go_while_frozen_waits_for_the_full_collection() -> None:
    pacer = GcPacer(interval=0.1, full_every=60)
    kept, ref = cycle()
    pacer.step()  # frozen while still referenced
    del kept
    gc.collect()  # an ordinary collection does not look at frozen objects
    assert ref() is not None
    pacer.step(now=pacer._last_full + 30)  # not due yet: a young step
    assert ref() is not None and pacer.full == 0
    pacer.step(now=pacer._last_full + 61)  # not +60: (t + 60) - t may round below 60
    assert ref() is None
    assert pacer.full == 1 and pacer.last_full_freed >= 2
    assert gc.get_freeze_count() > 0  # frozen again after it


def test_the_pacer_steps_on_its_loop_until_cancelled() -> None:
    pacer = GcPacer(interval=0.005, full_every=3600)

    async def main() -> None:
        task = asyncio.get_running_loop().create_task(pacer.run())
        while pacer.young < 3:
            await asyncio.sleep(0.005)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    asyncio.run(main())
    done = pacer.young
    assert done >= 3
    assert pacer.young == done  # stopped


@pytest.mark.parametrize(("interval", "full_every"), [(0.0, 900), (0.1, 0.05), (120, 900),
                                                      (float("nan"), 900)])
def test_a_pacer_refuses_intervals_out_of_range(interval: float, full_every: float) -> None:
    with pytest.raises(ValueError):
        GcPacer(interval=interval, full_every=full_every)


def test_serve_reads_the_pace_and_the_switch_interval() -> None:
    from doko.cli.serve import GC_PACE_MS, SWITCH_INTERVAL_MS, gc_pace, switch_interval

    assert gc_pace("0") == 0 and gc_pace("100") == 100 and gc_pace("2.5") == 2.5
    for bad in ("-1", "0.5", "60001", "nan", "x"):
        with pytest.raises(argparse.ArgumentTypeError):
            gc_pace(bad)
    assert switch_interval("1") == 1 and switch_interval("0.1") == 0.1
    for bad in ("0", "101", "nan", "inf", ""):
        with pytest.raises(argparse.ArgumentTypeError):
            switch_interval(bad)
    assert GC_PACE_MS == 100 and SWITCH_INTERVAL_MS == 1
