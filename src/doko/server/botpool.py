"""A bounded, fair pool of worker processes for the web table's computer players.

Why processes: the players are pure Python and hold the GIL while they think (a ``search``
decision takes 600 ms of CPU). In threads they compete with the event loop for the GIL, so a
few busy tables slowed every other table's moves and every person's click. A worker process
has its own interpreter; the event loop only pickles a :class:`~doko.engine.view.SeatView` across
and
an action back.

Design:

* **Slots.** The pool has ``workers`` slots; each slot is a one-process
  :class:`~concurrent.futures.ProcessPoolExecutor` started with the ``spawn`` context (never
  ``fork``: the server process has threads and a running event loop, which a forked child
  would inherit in an undefined state). One executor per slot means a worker that dies or
  hangs is replaced alone, without failing the jobs running in the other slots. Every worker
  is warmed when the pool starts (:func:`_warm` imports the players), ignores SIGINT (the
  server handles Ctrl-C and closes the pool) and runs ``nice``-lowered, so that on a busy
  machine the event loop still gets the CPU first. A worker whose server has gone without
  closing the pool (killed with SIGKILL) ends itself within a second or two
  (:func:`_exit_when_orphaned`).
* **Fairness.** At most one job runs per slot, so never more than ``workers`` jobs are with
  the executors; everything else waits in the pool's own queue, one FIFO per table, and a
  free slot takes the next job from the tables in round-robin order. A table with many
  waiting jobs therefore delays another table's job by at most one of its own jobs per slot.
  A table may have at most ``max_queued_per_table`` jobs pending (waiting or running); one
  more raises :class:`BotPoolBusy` at once (the hub's tables ask one thing at a time, so this
  is a guard against a runaway caller, not a condition of normal play).
* **Offers go first.** A think in which no seat is on turn (an *offer*: the seats off turn
  may call, as before a person's action) takes a player a moment, not a search. Offers wait in
  a round-robin ring of their own, which every free slot serves before the thinks with a seat
  on turn, and ``express`` more slots serve only offers: a person's action, which waits for
  the offer to the computers off turn, never waits behind another table's search.
* **Never stall a table.** A job that fails for a reason outside the players (its worker died:
  :class:`~concurrent.futures.process.BrokenProcessPool`; or it ran longer than
  ``job_timeout_s``, when its worker is killed) is answered with :func:`fallback`: the seat on
  turn takes its first legal action, the seats off turn let the moment pass. The slot gets a
  fresh worker and the pool keeps serving.
* **Cancellation.** Cancelling a waiting :meth:`BotPool.think` removes its job from the queue;
  a job already running in a worker finishes there (it cannot be interrupted) and its result
  is dropped.

A *think* is one batch of :class:`Job` s, asked in order as :func:`decide` does (the seats off
turn first, then the seat on turn, like :func:`doko.bots.base.step`); the first action taken is
the answer. :func:`decide` is also the in-process version of the same thing.

The pool belongs to the event loop of its first :meth:`BotPool.think` (or
:meth:`BotPool.start` made inside a running loop). With ``spawn`` a worker re-imports the
server's ``__main__`` module: start the server from a guarded entry point (the ``doko``
command, ``python -m ...``, uvicorn), as :mod:`multiprocessing` requires.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import signal
import threading
import time
import traceback
from collections import Counter, OrderedDict, deque
from collections.abc import Callable, Mapping, Sequence
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, field
from typing import Any, Literal, NamedTuple, TypeVar

from doko.bots import levels
from doko.bots.base import make_player
from doko.engine.actions import Action
from doko.engine.view import SeatView

log = logging.getLogger("doko.server.bots")

T = TypeVar("T")

#: The answer of a think: the seat and its action, or None (no computer player acted).
Decision = tuple[int, Action] | None

#: Options for a player that takes none.
NO_OPTIONS: Mapping[str, object] = {}


class Job(NamedTuple):
    """One computer player to ask: the player of ``level`` (:mod:`doko.bots.levels`) made
    with ``seed`` and ``options`` over the level's own, then ``decide(view)``.

    ``on_turn``: the seat must act (if its player fails, it takes its first legal action).
    A NamedTuple, so that it pickles small and the hub's ``job[0]`` / ``job[4]`` still work.
    ``options`` is never mutated (the default is shared); build it with
    :func:`level_options`.
    """

    seat: int
    level: str
    seed: int
    view: SeatView
    on_turn: bool
    options: Mapping[str, object] = NO_OPTIONS


class Outcome(NamedTuple):
    """What a worker returns: the decision, the problems to log (logging level, message; the
    parent logs them, so that they reach the server's log configuration) and the time it
    thought, in seconds."""

    decision: Decision
    problems: tuple[tuple[int, str], ...]
    think_s: float


class BotPoolBusy(RuntimeError):
    """A table asked for more pending decisions than the pool allows it
    (``max_queued_per_table``); nothing was queued."""


class BotPoolClosed(RuntimeError):
    """The pool was closed (before or while a decision was pending)."""


class BotPoolTimeout(RuntimeError):
    """A call (:meth:`BotPool.run`) ran longer than its time limit; its worker was replaced."""


class BotPoolCrashed(RuntimeError):
    """The worker of a call (:meth:`BotPool.run`) died; it was replaced."""


# ------------------------------------------------------------------------------ budgets


def level_options(level: str, max_budget_ms: float) -> dict[str, object]:
    """The options to make a player of ``level`` with (:func:`doko.bots.levels.make_level`)
    when one decision may take at most ``max_budget_ms`` milliseconds: a level's time budget
    (``search`` 300 ms, ``strong`` 1 s) is capped at that, never raised and never below 0
    (where the search still evaluates its minimum number of worlds); the other players take no
    time worth capping and get no options.

    >>> level_options("search", 250)
    {'budget_ms': 250.0}
    >>> level_options("search", 10_000)
    {'budget_ms': 300.0}
    >>> level_options("strong", 600)
    {'inference': 'auto', 'budget_ms': 600.0}
    >>> level_options("rules", 250)
    {}
    """
    return levels.level_options(level, float(max_budget_ms))[1]


def seat_budget_ms(table_budget_ms: float, bot_seats: int) -> float:
    """The budget per decision when a table may spend ``table_budget_ms`` on one round of its
    ``bot_seats`` computer players (a think may ask each of them once).

    >>> seat_budget_ms(1200, 4)
    300.0
    """
    return float(table_budget_ms) / max(1, bot_seats)


# ------------------------------------------------------------------------------ deciding


def _decide(jobs: Sequence[Job]) -> tuple[Decision, list[tuple[int, str]]]:
    problems: list[tuple[int, str]] = []
    for job in jobs:
        seat, level, v = job.seat, job.level, job.view
        a: Action | None
        try:
            player, options = levels.level_options(level)
            a = make_player(player, seed=job.seed, **{**options, **job.options}).decide(v)
        except Exception:  # a broken player must not stop the table
            problems.append((logging.ERROR, f"player {level} at seat {seat} failed:\n"
                             f"{traceback.format_exc()}"))
            a = None
        if a is not None and a not in v.legal_actions:
            problems.append((logging.ERROR,
                             f"player {level} at seat {seat} chose an illegal action {a!r}"))
            a = None
        if a is None and job.on_turn:
            a = v.legal_actions[0]  # the player must act: take the first legal action
        if a is not None:
            return (seat, a), problems
    return None, problems


def decide(jobs: Sequence[Job]) -> Decision:
    """Ask the computer players in order (off-turn offers first, then the seat on turn, as
    :func:`doko.bots.base.step` does); the first action taken is returned. A player that fails
    or chooses an illegal action is logged and ignored; the seat on turn then takes its first
    legal action. Runs in the calling process (the pool's workers run :func:`work`)."""
    decision, problems = _decide(jobs)
    for level, message in problems:
        log.log(level, "%s", message)
    return decision


def fallback(jobs: Sequence[Job]) -> Decision:
    """The answer when the players could not be asked: the seat on turn takes its first legal
    action; without a seat on turn nobody acts."""
    for job in jobs:
        if job.on_turn and job.view.legal_actions:
            return job.seat, job.view.legal_actions[0]
    return None


def work(jobs: Sequence[Job]) -> Outcome:
    """The worker's task: :func:`decide`, with the problems returned instead of logged."""
    started = time.perf_counter()
    decision, problems = _decide(jobs)
    return Outcome(decision, tuple(problems), time.perf_counter() - started)


def _retrieve(fut: asyncio.Future[Any]) -> None:
    """Mark a future's exception as seen (a job abandoned after its timeout fails later)."""
    if not fut.cancelled():
        fut.exception()


#: How often a worker looks whether the server that started it is still there (seconds).
ORPHAN_CHECK_S = 1.0


def _exit_when_orphaned(parent: int) -> None:
    """A worker's watch (a daemon thread): end the worker once its server has gone. A server
    killed outright (SIGKILL, out of memory) cannot close its pool, and a worker waiting for
    its next job would wait forever, an idle process left behind by every such death."""
    while True:
        time.sleep(ORPHAN_CHECK_S)
        if os.getppid() != parent:
            os._exit(0)


def _init_worker(nice: int) -> None:
    """Worker initializer: leave Ctrl-C to the server, which closes the pool, yield the CPU to
    the event loop's process, and end with the server (:func:`_exit_when_orphaned`)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if nice > 0 and hasattr(os, "nice"):
        with contextlib.suppress(OSError):
            os.nice(nice)
    threading.Thread(target=_exit_when_orphaned, args=(os.getppid(),), daemon=True,
                     name="doko-orphan-watch").start()


def _warm() -> int:
    """Worker warm-up: import the engine and the players, so that the first decision is not
    slow; returns the worker's process id."""
    from doko.bots.base import player_names

    player_names()
    return os.getpid()


def _test_work(jobs: Sequence[Job]) -> Outcome:
    """A worker task for the tests of the pool (``BotPool(target=_test_work)``): the first
    job's level ``@exit`` kills the worker, ``@sleep`` sleeps ``options["seconds"]`` and
    answers :func:`fallback`, ``@raise`` raises; other levels are :func:`work`."""
    level = jobs[0].level if jobs else ""
    if level == "@exit":
        os._exit(3)
    if level == "@sleep":
        seconds = jobs[0].options.get("seconds", 1.0)
        assert isinstance(seconds, int | float)
        time.sleep(seconds)
        return Outcome(fallback(jobs), (), float(seconds))
    if level == "@raise":
        raise RuntimeError("a test job failed outside the players")
    return work(jobs)


# ------------------------------------------------------------------------------ the pool


@dataclass(eq=False)
class _Request:
    """One think: its table's jobs, waiting in the queue, then running in a slot."""

    table: str
    jobs: tuple[Job, ...]
    future: asyncio.Future[Any]
    queued_at: float
    state: Literal["queued", "running", "done"] = "queued"
    #: no seat is on turn (:attr:`BotPool._offers`)
    offer: bool = False
    #: a call instead of a think (:meth:`BotPool.run`): the function, its arguments, its
    #: time limit in seconds
    call: tuple[Callable[..., Any], tuple[Any, ...], float] | None = None


@dataclass(eq=False)
class _Slot:
    """One worker process (a one-process executor) and what it is doing."""

    index: int
    executor: ProcessPoolExecutor
    warm: Future[int]
    state: Literal["warming", "idle", "busy", "closed"] = "warming"
    pid: int | None = None
    #: the asyncio task that waits for the warm-up or runs the current job
    task: asyncio.Task[None] | None = None
    #: the think it runs
    request: _Request | None = None
    #: warm-ups that failed in a row (for the back-off)
    failures: int = 0
    #: serves only offers (thinks without a seat on turn)
    express: bool = False


@dataclass
class _Stats:
    decisions: int = 0
    fallbacks: int = 0
    crashes: int = 0
    timeouts: int = 0
    rejected: int = 0
    cancelled: int = 0
    restarts: int = 0
    think_total_s: float = 0.0
    think_max_s: float = 0.0
    wait_total_s: float = 0.0
    wait_max_s: float = 0.0
    dispatched: Counter[str] = field(default_factory=Counter)


class BotPool:
    """``workers`` worker processes that make the computer players' decisions, shared fairly
    by the tables; see the module docstring. ``express``: more worker processes that only
    make offers (thinks in which no seat is on turn).

    ``max_queued_per_table``: the most thinks a table may have pending (waiting or running);
    one more raises :class:`BotPoolBusy`. ``job_timeout_s``: a think running longer is
    answered by :func:`fallback` and its worker replaced. ``nice``: how much lower the
    workers' CPU priority is (POSIX; 0: unchanged). ``on_dispatch(table)`` is called each time
    a think of ``table`` goes to a worker (for metrics and tests). ``target``: the function the
    workers run (module level, picklable; :func:`work`, or a test hook).
    """

    def __init__(
        self,
        workers: int = 2,
        *,
        express: int = 0,
        max_queued_per_table: int = 4,
        job_timeout_s: float = 15.0,
        nice: int = 5,
        on_dispatch: Callable[[str], None] | None = None,
        target: Callable[[Sequence[Job]], Outcome] = work,
    ) -> None:
        if workers < 1:
            raise ValueError("a bot pool needs at least one worker")
        if express < 0:
            raise ValueError("express workers cannot be fewer than none")
        if max_queued_per_table < 1:
            raise ValueError("max_queued_per_table must be at least 1")
        if not job_timeout_s > 0:
            raise ValueError("job_timeout_s must be positive")
        self.workers = workers
        self.express = express
        self.max_queued_per_table = max_queued_per_table
        self.job_timeout_s = job_timeout_s
        self.nice = nice
        self.on_dispatch = on_dispatch
        self._target = target
        self._context = multiprocessing.get_context("spawn")
        self._slots: list[_Slot] = []
        #: waiting thinks, one FIFO per table; the dict's order is the round-robin ring
        self._queues: OrderedDict[str, deque[_Request]] = OrderedDict()
        #: waiting offers (thinks without a seat on turn), the same way
        self._offers: OrderedDict[str, deque[_Request]] = OrderedDict()
        #: thinks per table that are waiting or running
        self._pending: Counter[str] = Counter()
        self._loop: asyncio.AbstractEventLoop | None = None
        #: set whenever a worker becomes ready (for :meth:`wait_ready`)
        self._warmed: asyncio.Event | None = None
        self._closed = False
        self._stats = _Stats()

    # ------------------------------------------------------------------ life cycle

    def start(self) -> None:
        """Start and warm the worker processes (idempotent; :meth:`think` starts the pool if
        this was not called). Call it early, e.g. when the server starts, so that the first
        decision does not wait for the workers."""
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        if not self._slots:
            self._slots = [self._new_slot(i) for i in range(self.workers + self.express)]
            for slot in self._slots[self.workers:]:
                slot.express = True
        with contextlib.suppress(RuntimeError):  # no running loop yet: bound at the first think
            self._bind(asyncio.get_running_loop())

    def _new_slot(self, index: int) -> _Slot:
        executor = ProcessPoolExecutor(1, mp_context=self._context,
                                       initializer=_init_worker, initargs=(self.nice,))
        try:
            warm = executor.submit(_warm)  # starts the process
        except Exception as e:  # e.g. no processes left: retried by _await_warm
            warm = Future()
            warm.set_exception(e)
        return _Slot(index, executor, warm)

    def _bind(self, loop: asyncio.AbstractEventLoop) -> None:
        if self._loop is None:
            self._loop = loop
            self._warmed = asyncio.Event()
        elif self._loop is not loop:
            raise RuntimeError("the bot pool is used from another event loop")
        for slot in self._slots:
            if slot.state == "warming" and slot.task is None:
                slot.task = loop.create_task(self._await_warm(slot))

    async def _await_warm(self, slot: _Slot) -> None:
        try:
            pid = await asyncio.wrap_future(slot.warm)
        except asyncio.CancelledError:
            raise
        except Exception:
            slot.failures += 1
            log.exception("bot worker %d could not start (attempt %d)", slot.index,
                          slot.failures)
            await asyncio.sleep(min(30.0, 0.1 * 2 ** slot.failures))
            slot.task = None
            self._restart(slot)
            return
        slot.task = None
        slot.failures = 0
        slot.pid = pid
        slot.state = "idle"
        if self._warmed is not None:
            self._warmed.set()
        self._pump()

    async def wait_ready(self) -> None:
        """Start the pool if needed and wait until every worker is warm (e.g. before a server
        reports itself ready; bound it with :func:`asyncio.timeout`)."""
        self.start()
        self._bind(asyncio.get_running_loop())
        assert self._warmed is not None
        while not self._closed and any(s.state == "warming" for s in self._slots):
            self._warmed.clear()
            await self._warmed.wait()

    def _kill(self, slot: _Slot) -> None:
        """Kill the slot's worker process (its executor then reports itself broken)."""
        if slot.pid is not None:
            with contextlib.suppress(OSError):
                os.kill(slot.pid, getattr(signal, "SIGKILL", signal.SIGTERM))

    def _restart(self, slot: _Slot) -> None:
        """Replace the slot's worker by a fresh, warming one (the old one is dead or killed)."""
        old = slot.executor
        old.shutdown(wait=False, cancel_futures=True)
        self._stats.restarts += 1
        if self._closed:
            slot.state = "closed"
            return
        fresh = self._new_slot(slot.index)
        slot.executor, slot.warm = fresh.executor, fresh.warm
        slot.state, slot.pid, slot.task = "warming", None, None
        if self._loop is not None:
            self._bind(self._loop)

    async def close(self) -> None:
        """Stop the pool: waiting and running thinks raise :class:`BotPoolClosed`, running jobs
        are killed, and the worker processes are gone when this returns. Idempotent."""
        if self._closed:
            return
        self._closed = True
        if self._warmed is not None:
            self._warmed.set()  # wake wait_ready
        for ring in (self._queues, self._offers):
            for q in ring.values():
                for req in q:
                    req.state = "done"
                    if not req.future.done():
                        req.future.set_exception(BotPoolClosed("the bot pool was closed"))
            ring.clear()
        self._pending.clear()
        tasks = [s.task for s in self._slots if s.task is not None]
        for slot in self._slots:
            if slot.state == "busy":
                self._kill(slot)
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        executors = [s.executor for s in self._slots]
        for slot in self._slots:
            running = slot.request  # still set if its task was cancelled before it started
            if running is not None and not running.future.done():
                running.future.set_exception(BotPoolClosed("the bot pool was closed"))
            slot.state = "closed"
            slot.task = slot.request = None

        def shut_down() -> None:
            for ex in executors:
                ex.shutdown(wait=True, cancel_futures=True)

        await asyncio.to_thread(shut_down)
        await asyncio.sleep(0)  # let the executors' last callbacks reach the loop

    # ------------------------------------------------------------------ thinking

    async def think(self, table: str, jobs: Sequence[Job]) -> Decision:
        """The decision of ``table``'s computer players ``jobs`` (see :func:`decide`), made in
        a worker process when the table's turn comes. Raises :class:`BotPoolBusy` if the table
        already has ``max_queued_per_table`` thinks pending, :class:`BotPoolClosed` if the pool
        is or gets closed. A worker crash or timeout gives :func:`fallback` (never an error)."""
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        if not jobs:
            return None
        loop = asyncio.get_running_loop()
        self.start()
        self._bind(loop)
        if self._pending[table] >= self.max_queued_per_table:
            self._stats.rejected += 1
            raise BotPoolBusy(f"table {table} already has {self._pending[table]} decisions "
                              f"pending (at most {self.max_queued_per_table})")
        batch = tuple(j if isinstance(j, Job) else Job(*j) for j in jobs)  # a plain tuple too
        offer = not any(j.on_turn for j in batch)
        req = _Request(table, batch, loop.create_future(), time.monotonic(), offer=offer)
        self._pending[table] += 1
        (self._offers if offer else self._queues).setdefault(table, deque()).append(req)
        self._pump()
        try:
            decision: Decision = await req.future
            return decision
        except asyncio.CancelledError:
            if req.state == "queued":
                self._unqueue(req)
                self._stats.cancelled += 1
            raise

    async def run(self, table: str, fn: Callable[..., T], *args: Any,
                  timeout_s: float | None = None) -> T:
        """``fn(*args)`` (a module-level function; arguments and result pickle) run in a worker
        process when the table's turn comes: the same workers, round-robin and per-table bound
        as the thinks (the analysis of games, hints). ``timeout_s`` (default
        ``job_timeout_s``): a call running longer is stopped, its worker replaced, and
        :class:`BotPoolTimeout` raised. An exception of ``fn`` is raised here; a dead worker
        raises :class:`BotPoolCrashed`; :class:`BotPoolBusy` and :class:`BotPoolClosed` as for
        :meth:`think`."""
        if self._closed:
            raise BotPoolClosed("the bot pool is closed")
        loop = asyncio.get_running_loop()
        self.start()
        self._bind(loop)
        if self._pending[table] >= self.max_queued_per_table:
            self._stats.rejected += 1
            raise BotPoolBusy(f"table {table} already has {self._pending[table]} jobs "
                              f"pending (at most {self.max_queued_per_table})")
        limit = self.job_timeout_s if timeout_s is None else timeout_s
        req = _Request(table, (), loop.create_future(), time.monotonic(),
                       call=(fn, args, limit))
        self._pending[table] += 1
        self._queues.setdefault(table, deque()).append(req)
        self._pump()
        try:
            result: T = await req.future
        except asyncio.CancelledError:
            if req.state == "queued":
                self._unqueue(req)
                self._stats.cancelled += 1
            raise
        return result

    async def _run_call(self, slot: _Slot, req: _Request) -> None:
        """Run one call (:meth:`run`) in ``slot``'s worker; replace the worker if it died or
        took too long."""
        assert req.call is not None
        fn, args, limit = req.call
        failure: str | None = None
        try:
            try:
                fut = asyncio.wrap_future(slot.executor.submit(fn, *args))
            except (BrokenProcessPool, RuntimeError):
                failure = "crash"
                req.future.set_exception(BotPoolCrashed("the worker is gone"))
            else:
                fut.add_done_callback(_retrieve)
                done, _ = await asyncio.wait({fut}, timeout=limit)
                if not done:
                    failure = "timeout"
                    self._stats.timeouts += 1
                    self._kill(slot)
                    req.future.set_exception(BotPoolTimeout(
                        f"the job took longer than {limit:.0f} s"))
                elif (exc := fut.exception()) is None:
                    req.future.set_result(fut.result())
                elif isinstance(exc, BrokenProcessPool):
                    failure = "crash"
                    self._stats.crashes += 1
                    req.future.set_exception(BotPoolCrashed("the worker died"))
                else:
                    req.future.set_exception(exc)
        except asyncio.CancelledError:  # the pool is closing
            if not req.future.done():
                req.future.set_exception(BotPoolClosed("the bot pool was closed"))
            raise
        finally:
            self._free(slot, req)
        self._after(slot, restart=failure is not None)

    def _free(self, slot: _Slot, req: _Request) -> None:
        """A request's end, however it ended: its table's share back, the slot's task cleared."""
        if req.state == "running":
            req.state = "done"
            self._release(req.table)
        if slot.task is asyncio.current_task():
            slot.task = slot.request = None

    def _after(self, slot: _Slot, restart: bool) -> None:
        """After a request: a failed worker replaced (``restart``), else the slot idle; the
        queues served again (nothing once the pool is closing)."""
        if self._closed:
            return
        if restart:
            self._restart(slot)
        else:
            slot.state = "idle"
        self._pump()

    def _unqueue(self, req: _Request) -> None:
        ring = self._offers if req.offer else self._queues
        q = ring.get(req.table)
        if q is not None:
            with contextlib.suppress(ValueError):
                q.remove(req)
            if not q:
                del ring[req.table]
        req.state = "done"
        self._release(req.table)

    def _release(self, table: str) -> None:
        self._pending[table] -= 1
        if self._pending[table] <= 0:
            del self._pending[table]

    def _next(self, slot: _Slot) -> _Request | None:
        """The next waiting think for ``slot``: an offer if one waits, else (not for an express
        slot) a think with a seat on turn; round-robin over the tables."""
        ring = self._offers if self._offers or slot.express else self._queues
        if not ring:
            return None
        table, q = next(iter(ring.items()))
        req = q.popleft()
        if q:
            ring.move_to_end(table)
        else:
            del ring[table]
        return req

    def _pump(self) -> None:
        """Give waiting thinks to idle workers."""
        if self._closed or self._loop is None:
            return
        for slot in self._slots:
            if slot.state != "idle":
                continue
            req = self._next(slot)
            if req is None:
                continue
            req.state = "running"
            slot.state = "busy"
            self._stats.dispatched[req.table] += 1
            wait = time.monotonic() - req.queued_at
            self._stats.wait_total_s += wait
            self._stats.wait_max_s = max(self._stats.wait_max_s, wait)
            if self.on_dispatch is not None:
                try:
                    self.on_dispatch(req.table)
                except Exception:
                    log.exception("bot pool: on_dispatch failed")
            slot.request = req
            run = self._run if req.call is None else self._run_call
            slot.task = self._loop.create_task(run(slot, req))

    async def _run(self, slot: _Slot, req: _Request) -> None:
        """Run one think in ``slot``'s worker and answer it; replace the worker if it died or
        took too long."""
        failure: str | None = None  # None, "crash", "timeout" or "error"
        outcome: Outcome | None = None
        fut: asyncio.Future[Outcome] | None = None
        try:
            try:
                fut = asyncio.wrap_future(slot.executor.submit(self._target, req.jobs))
            except (BrokenProcessPool, RuntimeError):  # broken, or shut down
                failure = "crash"
            else:
                fut.add_done_callback(_retrieve)
                done, _ = await asyncio.wait({fut}, timeout=self.job_timeout_s)
                if not done:
                    failure = "timeout"
                    self._kill(slot)  # the executor fails ``fut`` once it sees the worker gone
                elif (exc := fut.exception()) is None:
                    outcome = fut.result()
                elif isinstance(exc, BrokenProcessPool):
                    failure = "crash"
                else:  # e.g. a view or an action that does not pickle; the worker is fine
                    failure = "error"
                    log.error("bot pool: a decision of table %s failed", req.table,
                              exc_info=exc)
            decision: Decision
            if outcome is not None:
                for level, message in outcome.problems:
                    log.log(level, "table %s: %s", req.table, message)
                decision = outcome.decision
                self._stats.think_total_s += outcome.think_s
                self._stats.think_max_s = max(self._stats.think_max_s, outcome.think_s)
            else:
                if failure == "timeout":
                    self._stats.timeouts += 1
                    log.error("bot pool: a decision of table %s took longer than %.1f s; "
                              "the first legal action is taken and the worker replaced",
                              req.table, self.job_timeout_s)
                elif failure == "crash":
                    self._stats.crashes += 1
                    log.error("bot pool: the worker died during a decision of table %s; the "
                              "first legal action is taken and the worker replaced", req.table)
                decision = fallback(req.jobs)
                self._stats.fallbacks += 1
            self._stats.decisions += 1
            if not req.future.done():
                req.future.set_result(decision)
        except asyncio.CancelledError:  # the pool is closing
            if fut is not None:
                fut.cancel()
            if not req.future.done():
                req.future.set_exception(BotPoolClosed("the bot pool was closed"))
            raise
        except Exception as e:  # a bug here must not leave the caller waiting for ever
            log.exception("bot pool: a decision of table %s failed", req.table)
            if not req.future.done():
                req.future.set_exception(e)
        finally:
            self._free(slot, req)
        self._after(slot, restart=failure in ("crash", "timeout"))

    # ------------------------------------------------------------------ the operator

    def stats(self) -> dict[str, Any]:
        """The pool's state and counters for the operator: ``workers``, ``express`` (the
        workers for offers only), ``busy`` (workers running a think), ``ready`` (warm
        workers), ``pids``, ``queued`` and ``pending`` per table, ``decisions`` done, how many
        were answered by the ``fallbacks`` (``crashes``, ``timeouts``), ``rejected``
        (:class:`BotPoolBusy`), ``cancelled`` while waiting, worker ``restarts``,
        ``dispatched`` per table, and the mean and max think time in the workers and wait time
        in the queue (ms)."""
        s = self._stats
        done = max(1, s.decisions - s.fallbacks)
        dispatched = max(1, sum(s.dispatched.values()))
        queued = Counter({t: len(q) for t, q in self._queues.items()})
        queued.update({t: len(q) for t, q in self._offers.items()})
        return {
            "workers": self.workers,
            "express": self.express,
            "busy": sum(1 for slot in self._slots if slot.state == "busy"),
            "ready": sum(1 for slot in self._slots if slot.state in ("idle", "busy")),
            "pids": [slot.pid for slot in self._slots if slot.pid is not None],
            "closed": self._closed,
            "queued": dict(queued),
            "pending": dict(self._pending),
            "decisions": s.decisions,
            "fallbacks": s.fallbacks,
            "crashes": s.crashes,
            "timeouts": s.timeouts,
            "rejected": s.rejected,
            "cancelled": s.cancelled,
            "restarts": s.restarts,
            "dispatched": dict(s.dispatched),
            "think_mean_ms": 1000 * s.think_total_s / done,
            "think_max_ms": 1000 * s.think_max_s,
            "wait_mean_ms": 1000 * s.wait_total_s / dispatched,
            "wait_max_ms": 1000 * s.wait_max_s,
        }
