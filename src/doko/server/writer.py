"""The group commit of the web table: the database writes of all tables, a commit at a time.

Each accepted action must be committed before anybody sees it, and a commit (with SQLite's
``synchronous=FULL``: an fsync) costs far more than the write itself. :class:`GroupCommit`
therefore takes every write that queued up while the previous commit ran and commits them
together in one transaction (:meth:`doko.server.db.Store.batch`) in the database thread:

* each caller of :meth:`GroupCommit.write` resumes only after the commit that holds *its*
  write, with its own result (an id, None) or its own exception;
* the writes run in the order they were queued (a table issues its writes one after another
  under its lock anyway; writes of different tables do not depend on each other);
* if the transaction fails, the batch runs again one write per transaction, so a failing write
  fails only its caller and the others are committed as they would have been alone.

Nothing waits to fill a batch: when the database is idle a write starts at once, so a lone
write costs what it cost before; under load the batches grow by themselves.

The database thread works the queue by itself: when a commit is done it hands the outcomes to
the event loop (``call_soon_threadsafe``) and goes straight on with what queued up meanwhile,
without waiting for the event loop to come round. So while the loop is busy (after a slow
commit it has many tables' states to send) the next commit is already running, and an action
that came during a slow commit waits for that commit and its own, not also for the loop's
backlog in between. The hub's other database calls (reads, the janitor's writes) go through the
same queue (:meth:`GroupCommit.run`), one at a time in their place, so the database thread never
runs two things at once and a read queued after a write sees it.

For load measurements, ``doko serve`` with the environment variable ``DOKO_COMMIT_LOG`` naming
a file writes a line per batch to it: ``start total_ms writes wait_ms writes_ms commit_ms
back_ms runq_ms`` (``start`` is ``time.monotonic()`` when the database thread began the batch,
``total_ms`` from then until the event loop took its outcome; ``wait_ms`` how long its oldest
write had been queued before ``start``, ``writes_ms`` its statements, ``commit_ms`` its commit
(the fsync), ``back_ms`` from its end in the thread until the event loop took the outcome,
``runq_ms`` how long the database thread waited for a CPU while it ran the batch: the kernel's
run-queue wait from ``/proc/thread-self/schedstat``, -1 where there is none).
The hub adds a line ``start total_ms -1`` for each SQLite checkpoint (which runs beside the
commits in a thread of its own).
"""

from __future__ import annotations

import asyncio
import contextlib
import threading
import time
from collections.abc import Callable
from concurrent.futures import Executor
from dataclasses import dataclass, field
from functools import partial
from typing import IO, Any, TypeVar, cast

from doko.server.db import Store, is_batched

T = TypeVar("T")

#: The environment variable naming the file of the batches' times (``doko serve``).
COMMIT_LOG_ENV = "DOKO_COMMIT_LOG"


def run_queue_ns() -> int:
    """How long the calling thread has waited for a CPU so far (ns, the kernel's run-queue
    wait), or -1 where ``/proc/thread-self/schedstat`` is missing (not Linux, no schedstats)."""
    try:
        with open("/proc/thread-self/schedstat", encoding="ascii") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return -1


@dataclass
class _Item:
    """A queued database call: a batched write or (``write`` False) a plain job."""

    call: Callable[[], Any]
    future: asyncio.Future[Any]
    write: bool
    queued: float = field(default_factory=time.monotonic)


class GroupCommit:
    """Queue :class:`~doko.server.db.Store` writes and commit them in batches in ``executor``
    (the hub's one database thread), with the hub's other database calls in the same queue
    (:meth:`run`), so that the thread never runs two at once."""

    def __init__(self, store: Store, executor: Executor, log: IO[str] | None = None) -> None:
        self.store = store
        self.executor = executor
        #: where each batch's start, duration and size are written (see the module's text)
        self.log = log
        self._queue: list[_Item] = []
        self._lock = threading.Lock()  # the queue and _working (the loop's and the thread's)
        self._working = False  # a job of _work is submitted or running
        #: batches committed and writes in them (for tests and the curious)
        self.batches = 0
        self.writes = 0

    async def write(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (a :func:`~doko.server.db.batched` Store method) in the
        next group commit; returns its result once that commit is durable."""
        if not is_batched(fn):  # it would open a transaction of its own inside the batch's
            raise TypeError(f"{fn!r} is not a batched Store write")
        return cast(T, await self._put(partial(fn, *args, **kw), True))

    async def run(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (any blocking database call) alone in the database thread, in
        its place in the queue (after the writes queued before it are committed)."""
        return cast(T, await self._put(partial(fn, *args, **kw), False))

    def _put(self, call: Callable[[], Any], write: bool) -> asyncio.Future[Any]:
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        with self._lock:
            self._queue.append(_Item(call, fut, write))
            start = not self._working
            self._working = True
        if start:
            try:
                self.executor.submit(self._work, loop)
            except Exception as e:  # the executor is shut down: nothing was written
                with self._lock:
                    items, self._queue = self._queue, []
                    self._working = False
                for item in items:
                    if not item.future.done():
                        item.future.set_exception(e)
        return fut

    def _take(self) -> list[_Item]:
        """The head of the queue: all its writes up to the first plain job, or that job."""
        with self._lock:
            q = self._queue
            if not q:
                self._working = False
                return []
            n = 1
            if q[0].write:
                while n < len(q) and q[n].write:
                    n += 1
            taken, self._queue = q[:n], q[n:]
            return taken

    def _work(self, loop: asyncio.AbstractEventLoop) -> None:
        """The database thread: batch after batch (and job after job) until the queue is
        empty, each outcome handed to the event loop as soon as it is there."""
        while items := self._take():
            began = time.monotonic()
            queued = run_queue_ns() if self.log is not None else -1
            outcomes: list[tuple[bool, Any]]
            try:
                if items[0].write:
                    outcomes = self.store.batch([item.call for item in items])
                else:
                    outcomes = [(True, items[0].call())]
            except BaseException as e:  # (Store.batch answers its writes' own errors itself)
                outcomes = [(False, e)] * len(items)
            ended = time.monotonic()
            # the log's figures, taken here: the thread may commit the next batch before the
            # loop takes this one's outcome
            timing = (began, ended, (run_queue_ns() - queued) / 1e9 if queued >= 0 else -0.001,
                      *self.store.last_batch)
            with contextlib.suppress(RuntimeError):  # the loop is closed: nobody waits
                loop.call_soon_threadsafe(self._deliver, items, outcomes, timing)

    def _deliver(self, items: list[_Item], outcomes: list[tuple[bool, Any]],
                 timing: tuple[float, float, float, float, float]) -> None:
        """In the event loop: each caller gets its own result or exception. ``timing``: when
        the thread began and ended the batch, its wait for a CPU meanwhile, and the seconds of
        its statements and of its commit (:attr:`Store.last_batch`)."""
        if items[0].write:
            self.batches += 1
            self.writes += len(items)
            if self.log is not None:
                done = time.monotonic()
                began, ended, runq, writes, commit = timing
                self.log.write(f"{began:.6f} {(done - began) * 1000:.3f} {len(items)} "
                               f"{(began - items[0].queued) * 1000:.3f} {writes * 1000:.3f} "
                               f"{commit * 1000:.3f} {(done - ended) * 1000:.3f} "
                               f"{runq * 1000:.3f}\n")
                self.log.flush()
        for item, (ok, value) in zip(items, outcomes, strict=True):
            if item.future.done():  # its caller was cancelled (the write still happened)
                continue
            if ok:
                item.future.set_result(value)
            else:
                item.future.set_exception(value)
