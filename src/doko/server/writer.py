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

For load measurements, ``doko serve`` with the environment variable ``DOKO_COMMIT_LOG`` naming
a file writes a line per batch to it: ``start total_ms writes wait_ms writes_ms commit_ms
back_ms runq_ms`` (``start`` is ``time.monotonic()`` when the batch went to the database thread;
``wait_ms`` until the thread began it, ``writes_ms`` its statements, ``commit_ms`` its commit
(the fsync), ``back_ms`` from its end in the thread until the event loop took the outcome,
``runq_ms`` how long the database thread waited for a CPU while it ran the batch: the kernel's
run-queue wait from ``/proc/thread-self/schedstat``, -1 where there is none).
The hub adds a line ``start total_ms -1`` for each SQLite checkpoint (which runs beside the
commits in a thread of its own).
"""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable
from concurrent.futures import Executor
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


class GroupCommit:
    """Queue :class:`~doko.server.db.Store` writes and commit them in batches in ``executor``
    (the hub's one database thread, so batches and reads never run at the same time)."""

    def __init__(self, store: Store, executor: Executor, log: IO[str] | None = None) -> None:
        self.store = store
        self.executor = executor
        #: where each batch's start, duration and size are written (see the module's text)
        self.log = log
        self._queue: list[tuple[Callable[[], Any], asyncio.Future[Any]]] = []
        self._task: asyncio.Task[None] | None = None
        #: batches committed and writes in them (for tests and the curious)
        self.batches = 0
        self.writes = 0

    async def write(self, fn: Callable[..., T], *args: Any, **kw: Any) -> T:
        """Run ``fn(*args, **kw)`` (a :func:`~doko.server.db.batched` Store method) in the
        next group commit; returns its result once that commit is durable."""
        if not is_batched(fn):  # it would open a transaction of its own inside the batch's
            raise TypeError(f"{fn!r} is not a batched Store write")
        loop = asyncio.get_running_loop()
        fut: asyncio.Future[Any] = loop.create_future()
        self._queue.append((partial(fn, *args, **kw), fut))
        if self._task is None:
            self._task = loop.create_task(self._run())
        return cast(T, await fut)

    def _batch(self, calls: list[Callable[[], Any]], timing: list[float]
               ) -> list[tuple[bool, Any]]:
        """:meth:`Store.batch` in the database thread, noting when it began and ended there
        and (with a log) how long the thread waited for a CPU meanwhile (``timing``)."""
        timing[0] = time.monotonic()
        queued = run_queue_ns() if self.log is not None else -1
        try:
            return self.store.batch(calls)
        finally:
            timing[1] = time.monotonic()
            if queued >= 0:
                timing[2] = (run_queue_ns() - queued) / 1e9

    async def _run(self) -> None:
        loop = asyncio.get_running_loop()
        try:
            while self._queue:
                batch, self._queue = self._queue, []
                calls = [call for call, _ in batch]
                began = time.monotonic()
                timing = [began, began, -0.001]
                try:
                    outcomes = await loop.run_in_executor(self.executor, self._batch, calls,
                                                          timing)
                except asyncio.CancelledError:  # the loop is shutting down
                    for _, fut in batch + self._queue:
                        fut.cancel()
                    self._queue = []
                    raise
                except Exception as e:  # the executor is shut down: nothing was written
                    outcomes = [(False, e)] * len(batch)
                self.batches += 1
                self.writes += len(batch)
                if self.log is not None:
                    done = time.monotonic()
                    writes, commit = self.store.last_batch
                    self.log.write(f"{began:.6f} {(done - began) * 1000:.3f} {len(batch)} "
                                   f"{(timing[0] - began) * 1000:.3f} {writes * 1000:.3f} "
                                   f"{commit * 1000:.3f} {(done - timing[1]) * 1000:.3f} "
                                   f"{timing[2] * 1000:.3f}\n")
                    self.log.flush()
                for (_, fut), (ok, value) in zip(batch, outcomes, strict=True):
                    if fut.done():  # its caller was cancelled (the write still happened)
                        continue
                    if ok:
                        fut.set_result(value)
                    else:
                        fut.set_exception(value)
        finally:
            self._task = None
