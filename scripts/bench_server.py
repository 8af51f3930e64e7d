#!/usr/bin/env python3
"""Load benchmark of the web table: many tables against one ``doko serve`` process.

Starts ``doko serve`` on 127.0.0.1 (a free port, a fresh SQLite file in a temporary directory)
and plays tables over WebSockets with client-side random players. An action is timed from
sending it to its answer, which the server sends after the action is committed to the
database, with the new state (an ``update`` after a connection's first state) to every
connection of the table: the sender's update carries ``"ack"`` (after a whole state an ``ack``
message follows). Scenarios:

``fast``   (default) K tables of four client-side players that act as soon as they may
           (``--ks``, one line per K); each table plays ``--games`` games.
``paced``  ``--tables`` tables (1000) of four client-side players, one action per table every
           ``--interval`` seconds on average (2 s; each gap drawn from 0.5 to 1.5 times it, the
           first one from 0 to 1.5 times it, so the tables are spread), for ``--duration``
           seconds; four WebSockets per table (4,000 by default).
``bots``   ``--tables`` tables (4) of one client-side person (who acts at once) and three
           server-side computer players of ``--level`` (``search``); measures the person's
           actions and the computers' moves (from the state in which a computer is to move to
           the state with its move, as the person's client sees them).

Every scenario is bounded: at most ``--time-limit`` seconds per K (fast) or ``--duration``
seconds (paced, bots) of play, then no new request and at most 30 s for the answers in flight;
K up to 200, at most 1,000 tables. Loopback only. The clients offer permessage-deflate as
browsers do (``--compression none``: they do not; the server compresses only with
``--server-compression deflate``), run on uvloop when it is installed, keep each seat's state
from the updates as the browser does, and can be spread over ``--clients`` processes (they
share the machine with the server: one client process with 4,000 sockets adds its own queueing
to the latency). Server CPU per action and the server's memory are printed. The open-files
limit is raised to the hard limit (4,000 WebSockets need as many descriptors here and in the
server, which inherits it). When ``doko serve --help`` lists
``--limit``, the per-client limits are lifted with ``--limit KEY=VALUE``. ``--profile`` runs
the server under cProfile and prints its top entries (the event loop thread only: not the
database thread nor the computer players' worker processes); ``--server-log`` prints the end
of the server's log. ``--tail`` prints where the slowest 1 % of the actions fall (kind, time,
bursts, tables, place in the game); ``--gc-log`` has the server log its garbage collections and
group commits (``DOKO_GC_LOG``, ``DOKO_COMMIT_LOG``) and the tail summary count the slow actions
that waited across one; ``--records`` writes every timed action as CSV.

    .venv/bin/python scripts/bench_server.py                        # fast, K = 1, 10, 50
    .venv/bin/python scripts/bench_server.py --ks 50 --games 2
    .venv/bin/python scripts/bench_server.py --scenario paced --tables 1000 --duration 60
    .venv/bin/python scripts/bench_server.py --scenario bots --tables 4 --duration 60
    .venv/bin/python scripts/bench_server.py --ks 50 --profile
    .venv/bin/python scripts/bench_server.py --ks 50 --games 3 --clients 2 --tail --gc-log
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import gc
import json
import multiprocessing
import os
import pstats
import random
import resource
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import AsyncIterator, Callable, Coroutine
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import ConnectionClosed

HOST = "127.0.0.1"
LIMIT_KEYS = ("tables_per_client", "tables_total", "create_per_min", "join_per_min",
              "lookup_per_min", "connections_per_client")
BIG = 1_000_000
MAX_K = 200
MAX_TABLES = 1000
GC_ENV = "DOKO_GC_LOG"  # doko.server.gcwatch.ENV: the server logs its collections there
COMMIT_ENV = "DOKO_COMMIT_LOG"  # doko.server.writer.COMMIT_LOG_ENV: and its group commits
#: the start (time.monotonic()) of each measured run, for --logs
T0S: list[float] = []
FINISH_S = 30.0  # after the measured time: at most this long to collect the last acks

T = TypeVar("T")

#: ``python -c`` this to run ``doko serve`` under cProfile: uvicorn re-raises SIGTERM after its
#: shutdown, so the handler installed first turns it into SystemExit and the stats are written.
PROFILED_SERVE = """
import cProfile, signal, sys
def _stop(*_args):
    raise SystemExit(0)
signal.signal(signal.SIGTERM, _stop)
out = sys.argv[1]
from doko.cli import main
prof = cProfile.Profile()
prof.enable()
try:
    main(sys.argv[2:])
except SystemExit:
    pass
finally:
    prof.disable()
    prof.dump_stats(out)
"""


def raise_nofile() -> int:
    """Raise the soft limit of open files to the hard one (4,000 WebSockets need as many file
    descriptors, in this process and in the server, which inherits the limit)."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    want = hard if hard != resource.RLIM_INFINITY else max(soft, 65536)
    if soft == resource.RLIM_INFINITY or soft >= want:
        return soft
    with contextlib.suppress(ValueError, OSError):
        resource.setrlimit(resource.RLIMIT_NOFILE, (want, hard))
        return want
    return soft


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def serve_help() -> str:
    """``doko serve --help`` (which options this server knows)."""
    out = subprocess.run([sys.executable, "-m", "doko.cli", "serve", "--help"],
                         capture_output=True, text=True, timeout=60)
    return out.stdout


def cpu_seconds(pid: int, thread: int | None = None) -> float:
    """User and system CPU time of a process so far, or of one of its threads (``thread``: its
    id; the main thread's is the process id) (Linux; NaN elsewhere)."""
    path = f"/proc/{pid}/stat" if thread is None else f"/proc/{pid}/task/{thread}/stat"
    try:
        fields = Path(path).read_text().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return float("nan")


def own_cpu_seconds() -> float:
    r = resource.getrusage(resource.RUSAGE_SELF)
    return r.ru_utime + r.ru_stime


@dataclass(frozen=True)
class Commit:
    """One group commit of the server's log (``DOKO_COMMIT_LOG``, doko.server.writer): its
    start (``time.monotonic()``), seconds in all, writes, and (a newer server) its parts in
    seconds: waiting for the database thread, the statements, the commit itself, and back to
    the event loop (NaN when the log has no parts), and how long the database thread waited
    for a CPU while it ran the batch (NaN when the log does not say)."""

    start: float
    seconds: float
    writes: int
    wait: float = float("nan")
    statements: float = float("nan")
    commit: float = float("nan")
    back: float = float("nan")
    runq: float = float("nan")

    @classmethod
    def parse(cls, line: str) -> Commit:
        f = line.split()
        parts = [float(x) / 1000 for x in f[3:8]]
        if len(parts) == 5 and parts[4] < 0:  # no schedstat in the server's /proc
            parts[4] = float("nan")
        return cls(float(f[0]), float(f[1]) / 1000, int(f[2]), *parts)


def disk_probe(path: str, out: str, stop: Any) -> None:
    """``--disk-probe``: a process beside the server that overwrites a 4 KiB block of a file of
    its own (in the server's directory, so on its disk) and ``fdatasync``s it every 20 ms, and
    writes ``start seconds`` per sync to ``out`` (not synced). A commit of the server that is
    slow while these syncs are slow too waited for the disk, not for the server."""
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        with open(out, "w", encoding="ascii") as log:
            os.write(fd, bytes(1 << 20))
            os.fdatasync(fd)
            block = os.urandom(4096)
            n = 0
            while not stop.wait(0.02):
                began = time.monotonic()
                os.pwrite(fd, block, (n % 256) * 4096)
                os.fdatasync(fd)
                log.write(f"{began:.6f} {time.monotonic() - began:.6f}\n")
                log.flush()
                n += 1
    finally:
        os.close(fd)


class DiskProbe:
    """The :func:`disk_probe` process of a run."""

    def __init__(self, tmp: Path) -> None:
        ctx = multiprocessing.get_context("spawn")
        self.out = tmp / "disk.log"
        self.stop_event = ctx.Event()
        self.proc = ctx.Process(target=disk_probe, args=(str(tmp / "disk-probe.bin"),
                                                         str(self.out), self.stop_event))
        self.proc.start()

    def syncs(self) -> list[tuple[float, float]]:
        """The syncs so far: (start, seconds)."""
        if not self.out.exists():
            return []
        return [(float(f[0]), float(f[1])) for f in
                (line.split() for line in self.out.read_text().splitlines()) if len(f) == 2]

    def stop(self) -> None:
        self.stop_event.set()
        self.proc.join(30)


class ServerProcess:
    """``doko serve`` in a child process on a free loopback port (optionally under cProfile)."""

    def __init__(self, tmp: Path, sync: str, bot_workers: int | None,
                 profile: bool, ws_compression: str | None = None,
                 gc_log: bool = False, gc_thresholds: str | None = None,
                 switch_interval: str | None = None, gc_pace: str | None = None,
                 disk: bool = False) -> None:
        self.port = free_port()
        self.log = tmp / "server.log"
        #: ``--disk-probe``: the process syncing a file of its own beside the server
        self.disk = DiskProbe(tmp) if disk else None
        self.gc_log = tmp / "gc.log" if gc_log else None
        self.commit_log = tmp / "commits.log" if gc_log else None
        self.prof = tmp / "server.prof" if profile else None
        cmd = [sys.executable]
        if self.prof is not None:
            cmd += ["-c", PROFILED_SERVE, str(self.prof)]
        else:
            cmd += ["-m", "doko.cli"]
        cmd += ["serve", "--host", HOST, "--port", str(self.port),
                "--db", f"sqlite:///{tmp / 'bench.sqlite3'}", "--log-level", "warning",
                "--sqlite-synchronous", sync]
        if bot_workers is not None:
            cmd += ["--bot-workers", str(bot_workers)]
        known = serve_help()
        self.limits = "--limit" in known
        if ws_compression is not None:
            if "--ws-compression" not in known:
                raise SystemExit("this doko serve has no --ws-compression")
            cmd += ["--ws-compression", ws_compression]
        if gc_thresholds is not None:
            if "--gc-thresholds" not in known:
                raise SystemExit("this doko serve has no --gc-thresholds")
            cmd += ["--gc-thresholds", gc_thresholds]
        if gc_pace is not None:
            if "--gc-pace" not in known:
                raise SystemExit("this doko serve has no --gc-pace")
            cmd += ["--gc-pace", gc_pace]
        if switch_interval is not None:
            if "--switch-interval" not in known:
                raise SystemExit("this doko serve has no --switch-interval")
            cmd += ["--switch-interval", switch_interval]
        if self.limits:
            for key in LIMIT_KEYS:
                cmd += ["--limit", f"{key}={BIG}"]
        out = self.log.open("wb")
        env = dict(os.environ)
        if self.gc_log is not None and self.commit_log is not None:
            env[GC_ENV] = str(self.gc_log)
            env[COMMIT_ENV] = str(self.commit_log)
        self.proc = subprocess.Popen(cmd, stdout=out, stderr=subprocess.STDOUT, env=env)
        out.close()
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"the server exited:\n{self.log.read_text()[-2000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(f"{self.base}/api/meta", timeout=2).status_code == 200:
                    return
            time.sleep(0.1)
        self.stop()
        raise SystemExit("the server did not start")

    @property
    def base(self) -> str:
        return f"http://{HOST}:{self.port}"

    def cpu(self) -> float:
        return cpu_seconds(self.proc.pid)

    def collections(self) -> list[Any] | None:
        """The server's garbage collections so far (``--gc-log``), else None."""
        if self.gc_log is None:
            return None
        from doko.server.gcwatch import read_log

        return read_log(str(self.gc_log)) if self.gc_log.exists() else []

    def commits(self) -> list[Commit] | None:
        """The server's group commits so far (``--gc-log``)."""
        if self.commit_log is None:
            return None
        if not self.commit_log.exists():
            return []
        return [Commit.parse(line) for line in self.commit_log.read_text().splitlines()
                if line.strip()]

    def loop_cpu(self) -> float:
        """CPU time of the server's main thread (the event loop), without the database
        thread and the checkpoints."""
        return cpu_seconds(self.proc.pid, self.proc.pid)

    def rss_mb(self) -> float:
        """The server's resident memory now (Linux; NaN elsewhere)."""
        try:
            for line in Path(f"/proc/{self.proc.pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) / 1024
        except (OSError, ValueError):
            pass
        return float("nan")

    def disk_syncs(self) -> list[tuple[float, float]] | None:
        """``--disk-probe``: its syncs so far (start, seconds), else None."""
        return None if self.disk is None else self.disk.syncs()

    def stop(self) -> None:
        if self.disk is not None:
            self.disk.stop()
        if self.proc.poll() is None:
            self.proc.terminate()  # uvicorn shuts down; cProfile then writes its file
            try:
                self.proc.wait(60)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)

    def print_profile(self, top: int) -> None:
        if self.prof is None:
            return
        if not self.prof.exists():
            print("(no profile was written)")
            return
        for key in ("tottime", "cumulative"):
            print(f"\n--- server profile (event loop thread), top {top} by {key} ---")
            st = pstats.Stats(str(self.prof), stream=sys.stdout)
            st.strip_dirs().sort_stats(key).print_stats(top)


# ------------------------------------------------------------------------------ a client seat


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    """What a random player sends now (None: nothing to do)."""
    g = state["game"]
    seat = state["you"]
    if g is None or seat is None:
        return None
    if g["closed"]:
        t = state["table"]
        if t["status"] == "playing" and not t["seats"][seat]["ready"]:
            return {"type": "next"}
        return None
    if g["done_needed"]:
        return {"type": "done"}
    v = g["view"]
    if g["over"] or v["to_move"] != seat or not v["legal_actions"]:
        return None
    options = v["legal_actions"]
    if v["phase"] == "play":
        options = [a for a in options if a["action"] == "play"]
    else:  # mostly healthy, now and then a Vorbehalt, as random players do
        healthy = [a for a in options if a["action"] == "healthy"]
        if healthy and rng.random() < 0.9:
            options = healthy
    a = dict(rng.choice(options))
    a.pop("seat")
    return {"type": "action", "action": a}


@dataclass
class Pace:
    """One table's schedule in the paced scenario: when its next action may be sent."""

    interval: float
    rng: random.Random
    next_at: float = 0.0

    def start(self, t0: float) -> None:
        self.next_at = t0 + self.rng.uniform(0.0, 1.5) * self.interval

    def sent(self, now: float) -> None:
        self.next_at = now + self.rng.uniform(0.5, 1.5) * self.interval


#: One timed action: (latency s, sent at (time.monotonic()), kind, table, game number, index of
#: the action in its game). Kinds: ``first`` (the first action of a game), ``reservation`` (the
#: other actions before the play: healthy, Vorbehalt, solo ...), ``card``, ``call`` (Re,
#: Kontra, no 90 ...), ``last`` (the action that ends the game).
Record = tuple[float, float, str, int, int, int]
KINDS = ("first", "reservation", "card", "call", "last")


def action_kind(req: dict[str, Any], state: dict[str, Any]) -> tuple[str, int, int]:
    """The kind of the action request ``req`` sent at ``state`` (before ``last`` is known),
    the game's number and the action's index in it."""
    g = state["game"]
    n = len(g["view"]["history"])
    name = req["action"]["action"]
    kind = ("first" if n == 0 else "card" if name == "play" else "call" if name == "call"
            else "reservation")
    return kind, g["number"], n


@dataclass
class Stats:
    records: list[Record] = field(default_factory=list)  # timed actions: send -> ack
    bot_moves: list[float] = field(default_factory=list)  # bots scenario (s)
    #: between games: (table, the new game's number, seconds from this seat's "next" to the
    #: state with the new game)
    deals: list[tuple[int, int, float]] = field(default_factory=list)
    errors: int = 0
    dropped: int = 0  # connections that ended before their table did
    resyncs: int = 0  # updates that did not apply to the state held (never, if all is well)
    in_flight: int = 0  # requests sent and not answered yet


#: the WebSocket extension the clients offer: permessage-deflate, as browsers do (--compression)
COMPRESSION: list[str | None] = ["deflate"]


async def open_seat(url: str, token: str | None) -> ClientConnection:
    ws = await connect(url, open_timeout=120, close_timeout=5, max_size=None, proxy=None,
                       ping_interval=None, compression=COMPRESSION[0])
    await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
    return ws


def apply_update(state: dict[str, Any] | None, m: dict[str, Any]) -> dict[str, Any] | None:
    """The state after the ``update`` ``m`` (docs/server.md), or None if it does not apply to
    ``state`` (its ``base`` is not the version held): then the whole state is asked for."""
    if state is None or m["base"] != state["version"]:
        return None
    out = {**state, "version": m["version"]}
    for key in ("table", "thinking", "sheet", "game"):
        if key in m:
            out[key] = m[key]
    change = m.get("change")
    if change is not None and state["game"] is not None:
        game = {**state["game"], **change.get("game", {})}
        v = {**state["game"]["view"], **change.get("view", {})}
        v["history"] = v["history"] + change.get("history", [])
        v["tricks"] = v["tricks"] + change.get("tricks", [])
        game["view"] = v
        out["game"] = game
    return out


async def _messages(ws: ClientConnection, first: dict[str, Any] | None
                    ) -> AsyncIterator[dict[str, Any]]:
    """``first`` (if any), then every message of ``ws``, decoded."""
    if first is not None:
        yield first
    async for raw in ws:
        yield json.loads(raw)


async def first_state(ws: ClientConnection, timeout: float = 120.0) -> dict[str, Any]:
    """Read a seat's messages (after its hello) until its state shows a dealt game, and return
    that state as a ``state`` message: the clients do this before the clock starts, so that
    the first actions are not timed across a client still busy with its set-up messages."""
    state: dict[str, Any] | None = None

    async def read() -> dict[str, Any]:
        nonlocal state
        async for raw in ws:
            m = json.loads(raw)
            if m["type"] == "state":
                if "sheet" not in m and state is not None:
                    m["sheet"] = state.get("sheet")
                state = m
            elif m["type"] == "update":
                state = apply_update(state, m)
                if state is None:
                    await ws.send('{"type":"state"}')
            if state is not None and state["game"] is not None:
                return {**state, "type": "state"}
        raise ConnectionClosed(None, None)

    return await asyncio.wait_for(read(), timeout)


async def play_seat(ws: ClientConnection, seat: int, rng: random.Random, stats: Stats,
                    until: float, pace: Pace | None = None, watch_bots: bool = False,
                    table: int = 0, first: dict[str, Any] | None = None) -> None:
    """Play one seat with a random player until the table's round is over; with ``pace`` its
    actions wait for the table's schedule. No request is sent after ``until`` (monotonic); the
    caller cancels the seats that still wait then. ``watch_bots``: time the computers' moves.
    ``first``: the seat's state read before the clock started (:func:`first_state`)."""
    state: dict[str, Any] | None = None
    pending: tuple[int, float, bool] | None = None
    what: tuple[str, int, int, float] = ("", 0, 0, 0.0)  # its kind, game, index, sent at
    ref = 0
    bot_wait: tuple[int, float] | None = None  # (history length, since) while a bot is to move
    said_next: tuple[int, float] | None = None  # (game number, when) of this seat's "next"
    try:
        m: dict[str, Any] | None
        async for m in _messages(ws, first):
            kind = m["type"]
            # the sender's update answers its action itself ("ack": ref), else an ack follows
            answer = ("ack" if kind == "update" and pending is not None and "ack" in m
                      and m["ack"] == pending[0] else
                      kind if kind in ("ack", "error") and pending is not None
                      and m.get("ref") == pending[0] else None)
            if kind == "update":
                m = apply_update(state, m)
                if m is None:  # a message was missed: ask for the whole state
                    stats.resyncs += 1
                    state = None
                    await ws.send('{"type":"state"}')
                    if answer is None:
                        continue
                kind = "state"
            elif kind == "state" and "sheet" not in m and state is not None:
                m["sheet"] = state.get("sheet")  # sent only when it changed
            if kind == "state" and m is not None:
                state = m
                g = m["game"]
                if said_next is not None and g is not None and g["number"] > said_next[0]:
                    stats.deals.append((table, g["number"],
                                        time.perf_counter() - said_next[1]))
                    said_next = None
                if watch_bots and g is not None:
                    v = g["view"]
                    n = len(v["history"])
                    if bot_wait is not None and n > bot_wait[0]:
                        stats.bot_moves.append(time.perf_counter() - bot_wait[1])
                        bot_wait = None
                    if (bot_wait is None and not g["over"] and v["to_move"] is not None
                            and v["to_move"] != m["you"]):
                        bot_wait = (n, time.perf_counter())
                over = m["table"]["status"] == "over" and g is not None and g["closed"]
            else:
                over = False
            if answer is not None and pending is not None:
                if answer == "ack" and pending[2]:
                    akind, number, idx, sent = what
                    g = state["game"] if state is not None else None
                    if (g is not None and g["over"] and g["number"] == number
                            and akind in ("card", "call")):
                        akind = "last"
                    stats.records.append((time.perf_counter() - pending[1], sent, akind, table,
                                          number, idx))
                elif answer == "error":
                    stats.errors += 1
                pending = None
                stats.in_flight -= 1
            if over:
                break
            if pending is not None or state is None:
                continue
            req = choose(state, rng)
            if req is None:
                continue
            is_action = req["type"] == "action"
            if is_action and pace is not None:
                # this seat is on turn, so nobody else acts at the table meanwhile
                delay = pace.next_at - time.monotonic()
                if delay > 0:
                    await asyncio.sleep(delay)
                pace.sent(time.monotonic())
            if time.monotonic() > until:
                break
            ref += 1
            if is_action:
                what = (*action_kind(req, state), time.monotonic())
            elif req["type"] == "next":
                said_next = (state["game"]["number"], time.perf_counter())
            pending = (ref, time.perf_counter(), is_action)
            stats.in_flight += 1
            await ws.send(json.dumps({**req, "ref": ref}))
    except ConnectionClosed:  # the server closed it (overloaded, or gone)
        stats.dropped += 1
    finally:
        if pending is not None:
            stats.in_flight -= 1
        with contextlib.suppress(Exception):
            await ws.close()


async def create_tables(base: str, specs: list[dict[str, Any]], parallel: int = 20
                        ) -> list[dict[str, Any]]:
    sem = asyncio.Semaphore(parallel)
    limits = httpx.Limits(max_connections=parallel)
    async with httpx.AsyncClient(base_url=base, timeout=120, limits=limits) as client:
        async def one(spec: dict[str, Any]) -> dict[str, Any]:
            async with sem:
                for attempt in range(3):
                    try:
                        r = await client.post("/api/tables", json=spec)
                        break
                    except (httpx.ReadError, httpx.RemoteProtocolError):
                        # mostly a kept-alive connection the server closed just then (its
                        # keep-alive timeout, on a busy machine); a table made twice does no
                        # harm here
                        if attempt == 2:
                            raise
                r.raise_for_status()
                out: dict[str, Any] = r.json()
                return out
        return list(await asyncio.gather(*(one(s) for s in specs)))


async def connect_all(urls: list[tuple[str, str | None]], parallel: int = 100
                      ) -> list[ClientConnection]:
    sem = asyncio.Semaphore(parallel)

    async def one(url: str, token: str | None) -> ClientConnection:
        async with sem:
            return await open_seat(url, token)
    return list(await asyncio.gather(*(one(u, t) for u, t in urls)))


def pct(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    s = sorted(values)
    return s[min(len(s) - 1, int(p * len(s)))] * 1000


# ------------------------------------------------------------------------------ scenarios


#: whether the clients collect garbage while they measure (``--client-gc``; forked clients
#: inherit it)
CLIENT_GC = [False]


class ClientStalls:
    """A client process's own stalls, so that a slow action can be told apart from a slow
    server: its event loop late by ``LATE_S`` or more (a ticker every ``TICK_S``) and its own
    garbage collections of ``GC_S`` or more. Each is (start (time.monotonic()), seconds,
    what); the clock is the same in every process."""

    TICK_S = 0.005
    LATE_S = 0.02
    GC_S = 0.005

    def __init__(self) -> None:
        self.stalls: list[tuple[float, float, str]] = []
        self._gc_start = 0.0
        gc.callbacks.append(self._gc)

    def _gc(self, phase: str, info: dict[str, int]) -> None:
        now = time.monotonic()
        if phase == "start":
            self._gc_start = now
        elif now - self._gc_start >= self.GC_S:
            self.stalls.append((self._gc_start, now - self._gc_start,
                                f"gc{info.get('generation', -1)}"))

    async def watch(self) -> None:
        """Tick until cancelled; a tick that comes ``LATE_S`` late is a stall of the loop."""
        while True:
            due = time.monotonic() + self.TICK_S
            await asyncio.sleep(self.TICK_S)
            late = time.monotonic() - due
            if late >= self.LATE_S:
                self.stalls.append((due, late, "loop"))

    def close(self) -> None:
        with contextlib.suppress(ValueError):
            gc.callbacks.remove(self._gc)


async def play_group(ws_base: str, tables: list[tuple[int, dict[str, Any]]],
                     human_seats: int, seed: int, measure_s: float,
                     pace_interval: float | None, watch_bots: bool,
                     start: Callable[[], None]) -> dict[str, Any]:
    """Connect the human seats of ``tables`` (index, create answer), call ``start()`` (which
    returns when every client is connected), then play ``measure_s`` seconds; returns the
    figures of this client."""
    seats = [(i, s) for i, t in tables for s in t["seats"][:human_seats]]
    codes = dict(tables)
    conns = await connect_all([(f"{ws_base}/ws/{codes[i]['code']}", s["token"])
                               for i, s in seats])
    stats = Stats()
    # every seat's first state with its game, read before the clock starts
    firsts = await asyncio.gather(*(first_state(ws) for ws in conns))
    start()
    # No collections in the client while it measures: a client process holds the states of
    # thousands of seats, and its full collections (up to 300 ms in paced) delayed every
    # answer it was waiting for, which is no latency of the server's. (Its cycles wait.)
    if not CLIENT_GC[0]:
        gc.freeze()
        gc.disable()
    own0 = own_cpu_seconds()
    watcher = ClientStalls()
    watch_task = asyncio.ensure_future(watcher.watch())
    began = time.perf_counter()
    t0 = time.monotonic()
    until = t0 + measure_s
    paces = {i: None if pace_interval is None else Pace(pace_interval,
                                                        random.Random(seed * 31 + i))
             for i, _ in tables}
    for p in paces.values():
        if p is not None:
            p.start(t0)
    tasks = [asyncio.ensure_future(play_seat(
        ws, s["seat"], random.Random(seed * 7919 + i * 4 + s["seat"]), stats, until, paces[i],
        watch_bots, i, first)) for (i, s), ws, first in zip(seats, conns, firsts, strict=True)]
    _, rest = await asyncio.wait(tasks, timeout=measure_s)
    if rest:  # no new requests now: collect the answers in flight, then stop the seats
        end = time.monotonic() + FINISH_S
        while stats.in_flight > 0 and time.monotonic() < end:
            await asyncio.sleep(0.02)
        elapsed = time.perf_counter() - began
        own1 = own_cpu_seconds()
        for t in rest:
            t.cancel()
        await asyncio.gather(*rest, return_exceptions=True)
    else:
        elapsed = time.perf_counter() - began
        own1 = own_cpu_seconds()
    watch_task.cancel()
    await asyncio.gather(watch_task, return_exceptions=True)
    watcher.close()
    if not CLIENT_GC[0]:
        gc.enable()
        gc.unfreeze()
    return {"records": stats.records, "t0": t0, "bot_moves": stats.bot_moves,
            "deals": stats.deals,
            "stalls": watcher.stalls, "tables": [i for i, _ in tables],
            "errors": stats.errors,
            "dropped": stats.dropped, "resyncs": stats.resyncs, "sockets": len(conns),
            "seconds": elapsed, "client_cpu": own1 - own0, "timed_out": bool(rest)}


def _client_process(args: dict[str, Any], barrier: Any, out: Any) -> None:
    """One client process of ``--clients``: :func:`play_group`, its figures to ``out``."""
    try:
        out.put(run_loop(play_group(**args, start=lambda: barrier.wait(timeout=300))))
    except BaseException as e:
        barrier.abort()
        out.put({"failed": repr(e)})


def run_tables(server: ServerProcess, specs: list[dict[str, Any]], human_seats: int,
               seed: int, measure_s: float, pace_interval: float | None = None,
               watch_bots: bool = False, clients: int = 1) -> dict[str, Any]:
    """Create the tables, connect every human seat, then play ``measure_s`` seconds; with
    ``clients`` above 1 the tables are split over that many client processes (each with its
    own event loop), which start playing together."""
    t_setup = time.perf_counter()
    tables = run_loop(create_tables(server.base, specs))
    ws_base = server.base.replace("http://", "ws://")
    groups = [[(i, t) for i, t in enumerate(tables) if i % clients == c] for c in range(clients)]
    marks: dict[str, float] = {}

    def started() -> None:
        marks["setup"] = time.perf_counter() - t_setup
        marks["cpu0"] = server.cpu()
        marks["loop0"] = server.loop_cpu()

    if clients == 1:
        parts = [run_loop(play_group(ws_base, groups[0], human_seats, seed, measure_s,
                                     pace_interval, watch_bots, started))]
    else:
        ctx = multiprocessing.get_context("fork")
        barrier = ctx.Barrier(clients + 1)
        out = ctx.Queue()
        procs = [ctx.Process(target=_client_process, args=(
            {"ws_base": ws_base, "tables": g, "human_seats": human_seats, "seed": seed,
             "measure_s": measure_s, "pace_interval": pace_interval, "watch_bots": watch_bots},
            barrier, out)) for g in groups]
        for proc in procs:
            proc.start()
        barrier.wait(timeout=300)
        started()
        parts = [out.get(timeout=measure_s + FINISH_S + 60) for _ in procs]
        for proc in procs:
            proc.join(30)
        failed = [p["failed"] for p in parts if "failed" in p]
        if failed:
            raise SystemExit(f"a client process failed: {failed[0]}")
    cpu1 = server.cpu()
    loop1 = server.loop_cpu()
    rss = server.rss_mb()
    records = [x for p in parts for x in p["records"]]
    lat = [x[0] for x in records]
    bots = [x for p in parts for x in p["bot_moves"]]
    # a table's next game is dealt when its last seat said "next": of its seats' waits, the
    # shortest is (about) the server's time from that last "next" to the new game's state
    waits: dict[tuple[int, int], float] = {}
    for p in parts:
        for table, number, wait in p["deals"]:
            key = (table, number)
            waits[key] = min(wait, waits.get(key, wait))
    deals = list(waits.values())
    elapsed = max(p["seconds"] for p in parts)
    n = len(lat)
    T0S.append(min(p["t0"] for p in parts))
    return {"tables": len(tables), "sockets": sum(p["sockets"] for p in parts),
            "setup": marks["setup"], "actions": n,
            "seconds": elapsed, "rate": n / elapsed if elapsed else 0.0,
            "p50": pct(lat, 0.50), "p90": pct(lat, 0.90), "p99": pct(lat, 0.99),
            "max": pct(lat, 1.0), "errors": sum(p["errors"] for p in parts),
            "dropped": sum(p["dropped"] for p in parts),
            "resyncs": sum(p["resyncs"] for p in parts),
            "bot_moves": len(bots), "bot_p50": pct(bots, 0.50),
            "bot_p90": pct(bots, 0.90), "bot_p99": pct(bots, 0.99),
            "deals": len(deals), "deal_p50": pct(deals, 0.50), "deal_p99": pct(deals, 0.99),
            "deal_max": pct(deals, 1.0),
            "server_cpu": cpu1 - marks["cpu0"], "loop_cpu": loop1 - marks["loop0"],
            "client_cpu": sum(p["client_cpu"] for p in parts), "rss_mb": rss,
            "timed_out": any(p["timed_out"] for p in parts),
            "records": records, "t0": min(p["t0"] for p in parts),
            # each client's stalls with the tables it played (a table's actions wait in them)
            "client_stalls": [(p["tables"], p["stalls"]) for p in parts]}


def _ms(values: list[float], p: float) -> str:
    return f"{pct(values, p):.0f}" if values else "-"


def print_tail(r: dict[str, Any], gc_log: list[Any] | None,
               commits: list[Commit] | None = None, share: float = 0.01,
               bins: int = 10, disk: list[tuple[float, float]] | None = None) -> None:
    """Where the slowest ``share`` of the actions fall: by kind, by the time they were sent,
    in bursts, by table and by their place in the game; with ``gc_log`` (the server's garbage
    collections, :mod:`doko.server.gcwatch`) and ``commits`` (its group commits) how many of
    them waited across a collection or a slow commit."""
    recs: list[Record] = r["records"]
    if not recs:
        return
    t0 = r["t0"]
    ordered = sorted(recs, key=lambda x: x[0])
    n_slow = max(1, round(len(recs) * share))
    slow = ordered[-n_slow:]
    cut = slow[0][0] * 1000
    print(f"  tail: the slowest {share:.0%}: {n_slow} of {len(recs)} actions, "
          f"{cut:.0f} ms and more")
    print(f"    {'kind':<12} {'actions':>8} {'share':>6} {'slow':>5} {'share':>6} "
          f"{'p50 ms':>7} {'p99 ms':>7}")
    for kind in KINDS:
        mine = [x[0] for x in recs if x[2] == kind]
        k_slow = sum(1 for x in slow if x[2] == kind)
        if not mine:
            continue
        print(f"    {kind:<12} {len(mine):>8} {len(mine) / len(recs):>6.1%} {k_slow:>5} "
              f"{k_slow / n_slow:>6.1%} {_ms(mine, 0.5):>7} {_ms(mine, 0.99):>7}")
    end = max(x[1] for x in recs) - t0
    width = max(end / bins, 1e-3)
    print(f"    sent at (s)   {'actions':>8} {'slow':>5} {'p50 ms':>7} {'max ms':>7}")
    for b in range(bins):
        lo, hi = b * width, (b + 1) * width
        mine = [x[0] for x in recs if lo <= x[1] - t0 < hi or (b == bins - 1 and x[1] - t0 >= hi)]
        k_slow = sum(1 for x in slow if lo <= x[1] - t0 < hi or (b == bins - 1
                                                                   and x[1] - t0 >= hi))
        print(f"    {lo:5.1f} - {hi:5.1f} {len(mine):>8} {k_slow:>5} {_ms(mine, 0.5):>7} "
              f"{_ms(mine, 1.0):>7}")
    # bursts: slow actions sent within 50 ms of one another
    times = sorted((x[1] - t0, x[0]) for x in slow)
    bursts: list[list[tuple[float, float]]] = []
    for t, lat in times:
        if bursts and t - bursts[-1][-1][0] <= 0.05:
            bursts[-1].append((t, lat))
        else:
            bursts.append([(t, lat)])
    big = sorted(bursts, key=len, reverse=True)[:5]
    print(f"    bursts (slow actions sent within 50 ms of one another): {len(bursts)}; "
          "largest: " + ", ".join(f"{len(b)} at {b[0][0]:.2f} s (up to "
                                  f"{max(lat for _, lat in b) * 1000:.0f} ms)" for b in big))
    tables: dict[int, int] = {}
    for x in slow:
        tables[x[3]] = tables.get(x[3], 0) + 1
    top = sorted(tables.items(), key=lambda kv: -kv[1])[:5]
    print(f"    tables: the slow actions are at {len(tables)} of {r['tables']} tables; most: "
          + ", ".join(f"table {i}: {k}" for i, k in top))
    places = [(0, 4), (5, 12), (13, 24), (25, 36), (37, 60)]
    print("    place in the game (action index): " + ", ".join(
        f"{lo}-{hi}: {sum(1 for x in slow if lo <= x[5] <= hi)} slow of "
        f"{sum(1 for x in recs if lo <= x[5] <= hi)}" for lo, hi in places))
    print_client_stalls(r, slow)
    if gc_log is None:
        return
    window = [c for c in gc_log if t0 <= c.start <= t0 + r["seconds"]]
    for gen in (0, 1, 2):
        cs = [c for c in window if c.generation == gen]
        mine = [c.seconds * 1000 for c in cs]
        if mine:
            seen = [c.objects for c in cs if c.objects >= 0]
            size = f", young count {sum(seen) // len(seen)} each" if seen else ""
            cpu = sum(c.cpu for c in cs) * 1000
            print(f"    gc generation {gen}: {len(mine)} collections, {sum(mine):.0f} ms in "
                  f"all (CPU {cpu:.0f} ms), mean {sum(mine) / len(mine):.1f} ms, max "
                  f"{max(mine):.1f} ms; {sum(c.collected for c in cs)} objects freed{size}")
        else:
            print(f"    gc generation {gen}: no collection")
    pauses = [(c.start, c.start + c.seconds) for c in window if c.seconds >= 0.005]

    def across(x: Record) -> bool:
        return any(a < x[1] + x[0] and b > x[1] for a, b in pauses)

    k_all = sum(1 for x in recs if across(x))
    k_slow = sum(1 for x in slow if across(x))
    print(f"    waited across a collection of 5 ms or more: {k_slow} of the {n_slow} slow "
          f"actions, {k_all} of all {len(recs)}")
    if not commits:
        return
    window_c = [c for c in commits if t0 <= c.start <= t0 + r["seconds"]]
    mine_c = [c for c in window_c if c.writes >= 0]
    checkpoints = [c for c in window_c if c.writes < 0]  # the hub's checkpoints: writes -1
    if not mine_c:
        return
    secs = sorted(c.seconds * 1000 for c in mine_c)
    print(f"    group commits: {len(mine_c)}, {sum(c.writes for c in mine_c)} writes; each "
          f"p50 {secs[len(secs) // 2]:.1f} ms, "
          f"p99 {secs[min(len(secs) - 1, int(0.99 * len(secs)))]:.1f} ms, max {secs[-1]:.1f} ms")
    for name, sel in (("all", mine_c), ("of 50 ms or more",
                                        [c for c in mine_c if c.seconds >= 0.05])):
        if sel and sel[0].wait == sel[0].wait:  # the log has the parts (not NaN)
            def mean(get: Callable[[Commit], float], cs: list[Commit] = sel) -> float:
                return 1000 * sum(get(c) for c in cs) / len(cs)
            runq = (f"; the thread waited for a CPU {mean(lambda c: c.runq):.1f}"
                    if sel[0].runq == sel[0].runq else "")
            print(f"      {name} ({len(sel)}), mean ms: queued before the thread began it "
                  f"{mean(lambda c: c.wait):.1f}, statements {mean(lambda c: c.statements):.1f},"
                  f" commit {mean(lambda c: c.commit):.1f}, back to the loop "
                  f"{mean(lambda c: c.back):.1f}{runq}; writes "
                  f"{mean(lambda c: c.writes) / 1000:.1f}")
    if checkpoints:
        cps = sorted(c.seconds * 1000 for c in checkpoints)
        covered = sum(c.seconds for c in checkpoints) / max(r["seconds"], 1e-9)
        slow_c = [c for c in mine_c if c.seconds >= 0.1]
        beside = sum(1 for c in slow_c if any(
            k.start < c.start + c.seconds and k.start + k.seconds > c.start
            for k in checkpoints))
        print(f"    checkpoints: {len(checkpoints)}, each p50 {cps[len(cps) // 2]:.1f} ms, max "
              f"{cps[-1]:.1f} ms, {covered:.1%} of the time; commits of 100 ms or more "
              f"beside one: {beside} of {len(slow_c)}")
    pauses = [(c.start, c.start + c.seconds) for c in mine_c if c.seconds >= 0.1]
    k_all = sum(1 for x in recs if across(x))
    k_slow = sum(1 for x in slow if across(x))
    print(f"    waited across a commit of 100 ms or more ({len(pauses)} such): {k_slow} of the "
          f"{n_slow} slow actions, {k_all} of all {len(recs)}")
    # the batches that held the database thread 100 ms or more (statements and commit: with a
    # server whose thread commits while the loop is busy, a commit's whole duration also
    # counts the wait for the loop)
    held = [c for c in mine_c if c.statements + c.commit >= 0.1]
    stalls: list[tuple[float, float]] = []
    mine_d = [(a, d) for a, d in disk or [] if t0 <= a <= t0 + r["seconds"]]
    if mine_d:
        stalls = [(a, a + d) for a, d in mine_d if d >= 0.05]

    def in_stall(c: Commit) -> bool:  # while the batch was in the database thread
        end = c.start + c.seconds - c.back
        return any(a < end and b > c.start for a, b in stalls)

    if held and held[0].commit == held[0].commit:
        cpu = sum(1 for c in held if c.runq == c.runq and c.runq >= (c.statements + c.commit) / 2)
        print(f"    batches that held the database thread 100 ms or more: {len(held)} (max "
              f"{max(c.statements + c.commit for c in held) * 1000:.0f} ms); the thread waited "
              f"for a CPU half of that or more in {cpu}"
              + (f"; beside a stall of the disk probe: {sum(1 for c in held if in_stall(c))}"
                 if mine_d else ""))
    if not mine_d:
        return
    ds = sorted(d * 1000 for _, d in mine_d)
    slow_c = [c for c in mine_c if c.seconds >= 0.1]
    with_disk = sum(1 for c in slow_c if any(a < c.start + c.seconds and b > c.start
                                             for a, b in stalls))
    print(f"    disk probe (4 KiB + fdatasync every 20 ms beside the server): {len(ds)} syncs, "
          f"p50 {ds[len(ds) // 2]:.1f} ms, p99 {ds[min(len(ds) - 1, int(0.99 * len(ds)))]:.1f}"
          f" ms, max {ds[-1]:.1f} ms, {len(stalls)} of 50 ms or more; commits of 100 ms or "
          f"more beside such a stall: {with_disk} of {len(slow_c)}")


def print_client_stalls(r: dict[str, Any], slow: list[Record]) -> None:
    """The clients' own stalls (:class:`ClientStalls`) within the measured time, and how many
    of the slow actions were in flight across one of their own client's."""
    t0, t1 = r["t0"], r["t0"] + r["seconds"]
    by_table: dict[int, list[tuple[float, float]]] = {}
    every: list[tuple[float, float, str]] = []
    for tables, stalls in r.get("client_stalls", []):
        mine = [(a, d, w) for a, d, w in stalls if t0 <= a <= t1]
        every += mine
        spans = [(a, a + d) for a, d, _ in mine]
        for i in tables:
            by_table[i] = spans
    if not r.get("client_stalls"):
        return
    kinds: dict[str, list[float]] = {}
    for _, d, w in every:
        kinds.setdefault("loop" if w == "loop" else "gc", []).append(d * 1000)
    parts = [f"{w} {len(v)} (max {max(v):.0f} ms)" for w, v in sorted(kinds.items())]
    across = sum(1 for x in slow if any(a < x[1] + x[0] and b > x[1]
                                        for a, b in by_table.get(x[3], [])))
    print("    the clients' own stalls (event loop 20 ms late, collections of 5 ms or more): "
          + (", ".join(parts) if parts else "none")
          + f"; slow actions in flight across one of their client's: {across} of {len(slow)}")


def write_records(path: str, r: dict[str, Any]) -> None:
    """The timed actions as CSV: latency_ms, sent_s (from the start), kind, table, game,
    index."""
    with open(path, "w", encoding="utf-8") as f:
        f.write("latency_ms,sent_s,kind,table,game,index\n")
        for lat, sent, kind, table, game, idx in r["records"]:
            f.write(f"{lat * 1000:.3f},{sent - r['t0']:.4f},{kind},{table},{game},{idx}\n")


def report(server: ServerProcess, ns: argparse.Namespace, r: dict[str, Any],
           label: str = "") -> None:
    """The tail summary (``--tail``) and the records file (``--records``) of one run."""
    if ns.tail:
        print_tail(r, server.collections(), server.commits(), disk=server.disk_syncs())
    if ns.records:
        path = ns.records if not label else f"{ns.records}.{label}"
        write_records(path, r)
        print(f"  records: {path}")


def keep_logs(server: ServerProcess, out: Path, t_start: float) -> None:
    """``--logs``: the server's log files (and its profile, with ``--profile``) copied to
    ``out`` (made if missing)."""
    out.mkdir(parents=True, exist_ok=True)
    for src in (server.log, server.gc_log, server.commit_log, server.prof,
                None if server.disk is None else server.disk.out):
        if src is not None and src.exists():
            shutil.copyfile(src, out / src.name)
    (out / "t0.txt").write_text("".join(f"{t:.6f}\n" for t in T0S) or f"{t_start:.6f}\n")
    print(f"  logs: {out}")


def four_humans(games: int) -> dict[str, Any]:
    # no seed: a chosen seed is only for a practice table (one person, three computers)
    return {"games": games, "bot_delay_ms": 0,
            "seats": [{"kind": "human", "name": f"P{j + 1}"} for j in range(4)]}


def cpu_note(r: dict[str, Any]) -> str:
    n = r["actions"] or float("nan")
    per, loop = 1000 * r["server_cpu"] / n, 1000 * r["loop_cpu"] / n
    return (f"cpu s: server {r['server_cpu']:.1f} ({per:.2f} ms per action, event loop "
            f"{loop:.2f} ms), "
            f"clients {r['client_cpu']:.1f}; server memory {r['rss_mb']:.0f} MB")


def problems(r: dict[str, Any]) -> str:
    out = []
    if r["errors"]:
        out.append(f"{r['errors']} errors")
    if r["dropped"]:
        out.append(f"{r['dropped']} connections lost")
    if r["resyncs"]:
        out.append(f"{r['resyncs']} updates that did not apply")
    return f"  ({', '.join(out)})" if out else ""


def run_loop(coro: Coroutine[Any, Any, T]) -> T:
    """Run the clients on uvloop when it is there (it comes with uvicorn[standard])."""
    try:
        import uvloop
    except ImportError:
        return asyncio.run(coro)
    result: T = uvloop.run(coro)
    return result


def scenario_fast(server: ServerProcess, ns: argparse.Namespace) -> None:
    ks = [int(x) for x in ns.ks.split(",") if x.strip()]
    if any(k < 1 or k > MAX_K for k in ks):
        raise SystemExit(f"K must be 1..{MAX_K}")
    print(f"fast: K tables of four client-side random players acting at once, {ns.games} "
          "game(s) per table")
    print(f"{'K':>4} {'actions':>8} {'seconds':>8} {'actions/s':>10} {'p50 ms':>8} "
          f"{'p90 ms':>8} {'p99 ms':>8} {'max ms':>8}")
    for k in ks:
        seed = ns.seed + 1000 * k
        specs = [four_humans(ns.games) for _ in range(k)]
        r = run_tables(server, specs, 4, seed, ns.time_limit, clients=ns.clients)
        flag = "  (time limit reached)" if r["timed_out"] else ""
        print(f"{k:>4} {r['actions']:>8} {r['seconds']:>8.2f} {r['rate']:>10.1f} "
              f"{r['p50']:>8.2f} {r['p90']:>8.2f} {r['p99']:>8.2f} {r['max']:>8.2f}"
              f"  {cpu_note(r)}{flag}{problems(r)}", flush=True)
        if r["deals"]:
            print(f"      between games: {r['deals']} deals, from a table's last \"next\" to "
                  f"its new game p50 {r['deal_p50']:.1f} ms, p99 {r['deal_p99']:.1f} ms, max "
                  f"{r['deal_max']:.1f} ms")
        report(server, ns, r, str(k) if len(ks) > 1 else "")


def scenario_paced(server: ServerProcess, ns: argparse.Namespace) -> None:
    n = ns.tables or 1000
    if not 1 <= n <= MAX_TABLES:
        raise SystemExit(f"--tables must be 1..{MAX_TABLES}")
    if not 0.05 <= ns.interval <= 600:
        raise SystemExit("--interval is 0.05 to 600 seconds")
    specs = [four_humans(ns.games) for _ in range(n)]
    r = run_tables(server, specs, 4, ns.seed, ns.duration, pace_interval=ns.interval,
                   clients=ns.clients)
    print(f"paced: {r['tables']} tables, {r['sockets']} WebSockets (set up in "
          f"{r['setup']:.1f} s), one action per table every {ns.interval:g} s on average, "
          f"{ns.duration:g} s")
    print(f"  actions {r['actions']}, {r['rate']:.1f}/s; p50 {r['p50']:.2f} ms, "
          f"p90 {r['p90']:.2f} ms, p99 {r['p99']:.2f} ms, max {r['max']:.2f} ms; "
          f"{cpu_note(r)}{problems(r)}", flush=True)
    report(server, ns, r)


def scenario_bots(server: ServerProcess, ns: argparse.Namespace) -> None:
    n = ns.tables or 4
    if not 1 <= n <= MAX_TABLES:
        raise SystemExit(f"--tables must be 1..{MAX_TABLES}")
    specs = [{"games": ns.games, "bot_delay_ms": 0, "seed": ns.seed + i,
              "takeover_level": ns.level,
              "seats": [{"kind": "human", "name": "P1"}] + [
                  {"kind": "bot", "level": ns.level} for _ in range(3)]}
             for i in range(n)]
    r = run_tables(server, specs, 1, ns.seed, ns.duration, watch_bots=True,
                   clients=ns.clients)
    print(f"bots: {r['tables']} tables of one client-side person and three server-side "
          f"'{ns.level}' players (bot_delay_ms 0), {ns.duration:g} s")
    print(f"  person: actions {r['actions']}, p50 {r['p50']:.2f} ms, p90 {r['p90']:.2f} ms, "
          f"p99 {r['p99']:.2f} ms, max {r['max']:.2f} ms")
    print(f"  computers: moves {r['bot_moves']}, p50 {r['bot_p50']:.1f} ms, "
          f"p90 {r['bot_p90']:.1f} ms, p99 {r['bot_p99']:.1f} ms; {cpu_note(r)}"
          f"{problems(r)}", flush=True)
    report(server, ns, r)


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog="\n\n".join(__doc__.split("\n\n")[1:]))
    ap.add_argument("--scenario", choices=["fast", "paced", "bots"], default="fast")
    ap.add_argument("--ks", default="1,10,50", help="fast: table counts (1,10,50)")
    ap.add_argument("--tables", type=int, default=None,
                    help="paced: tables (1000); bots: tables (4)")
    ap.add_argument("--interval", type=float, default=2.0,
                    help="paced: mean seconds between two actions of a table (2)")
    ap.add_argument("--duration", type=float, default=60.0,
                    help="paced, bots: seconds of play measured (60)")
    ap.add_argument("--level", default="search", help="bots: the computer players (search)")
    ap.add_argument("--games", type=int, default=1, help="games per table (1)")
    ap.add_argument("--time-limit", type=float, default=120.0, help="fast: seconds per K (120)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--clients", type=int, default=1,
                    help="client processes the tables are split over (1; each has its own "
                         "event loop, so the clients' queueing adds less to the latency)")
    ap.add_argument("--bot-workers", type=int, default=None,
                    help="the server's --bot-workers (its default)")
    ap.add_argument("--sqlite-synchronous", choices=["full", "normal"], default="full",
                    help="the server's SQLite durability setting (full)")
    ap.add_argument("--compression", choices=["deflate", "none"], default="deflate",
                    help="what the clients offer: permessage-deflate as browsers do (the "
                         "default), or none (then the server compresses nothing)")
    ap.add_argument("--server-compression", choices=["deflate", "none"], default=None,
                    help="the server's --ws-compression (its default: none; it compresses only "
                         "with deflate and when the client offers it)")
    ap.add_argument("--profile", action="store_true",
                    help="run the server under cProfile and print its top entries")
    ap.add_argument("--profile-top", type=int, default=40, help="entries printed (40)")
    ap.add_argument("--tail", action="store_true",
                    help="print where the slowest 1 %% of the actions fall: their kinds, when "
                         "they were sent, bursts, tables, place in the game (and with "
                         "--gc-log the collections they waited across)")
    ap.add_argument("--gc-log", action="store_true",
                    help="the server logs its garbage collections (DOKO_GC_LOG) and its group "
                         "commits (DOKO_COMMIT_LOG); with --tail they are summarised")
    ap.add_argument("--gc-thresholds", metavar="A,B,C", default=None,
                    help="the server's --gc-thresholds (its default)")
    ap.add_argument("--gc-pace", metavar="MS", default=None,
                    help="the server's --gc-pace (its default; 0: CPython's own collections)")
    ap.add_argument("--client-gc", choices=("off", "on"), default="off",
                    help="whether the client processes collect garbage while they measure "
                         "(off: their full collections, up to 300 ms with 1,000 tables, "
                         "would delay the answers they wait for)")
    ap.add_argument("--switch-interval", metavar="MS", default=None,
                    help="the server's --switch-interval (its default)")
    ap.add_argument("--disk-probe", action="store_true",
                    help="a process beside the server syncs 4 KiB of a file of its own every "
                         "20 ms; with --tail --gc-log: how many slow commits fell into a stall "
                         "of the disk itself")
    ap.add_argument("--records", metavar="PATH", default=None,
                    help="write every timed action to PATH as CSV (latency_ms, sent_s, kind, "
                         "table, game, index)")
    ap.add_argument("--logs", metavar="DIR", default=None,
                    help="copy the server's log (with --gc-log also its collections and "
                         "group commits, with --profile its profile) to DIR after the run, "
                         "with t0.txt: the monotonic clock at the start of each measured run")
    ap.add_argument("--server-log", action="store_true",
                    help="print the end of the server's log afterwards")
    ns = ap.parse_args(argv)
    CLIENT_GC[0] = ns.client_gc == "on"
    if not 1 <= ns.clients <= 8:
        raise SystemExit("--clients must be 1..8")
    if not 1 <= ns.games <= 500:
        raise SystemExit("--games must be 1..500")
    if not 0 < ns.duration <= 600 or not 0 < ns.time_limit <= 600:
        raise SystemExit("--duration and --time-limit are 0 to 600 seconds")
    nofile = raise_nofile()
    COMPRESSION[0] = None if ns.compression == "none" else "deflate"
    t_start = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="doko-bench-") as tmp:
        server = ServerProcess(Path(tmp), ns.sqlite_synchronous, ns.bot_workers, ns.profile,
                               ns.server_compression, ns.gc_log, ns.gc_thresholds,
                               ns.switch_interval, ns.gc_pace, ns.disk_probe)
        try:
            print(f"doko web table load benchmark: SQLite (WAL, "
                  f"synchronous={ns.sqlite_synchronous}), one uvicorn process on "
                  f"{HOST}:{server.port}{', limits lifted' if server.limits else ''}, "
                  f"clients offer compression {ns.compression}, server compression "
                  f"{ns.server_compression or 'its default'}, {ns.clients} client process(es), "
                  f"{os.cpu_count()} cores, open files {nofile}"
                  f"{', server under cProfile' if ns.profile else ''}")
            {"fast": scenario_fast, "paced": scenario_paced, "bots": scenario_bots}[
                ns.scenario](server, ns)
        finally:
            server.stop()
        if ns.server_log:
            print("--- server log (end) ---\n" + server.log.read_text()[-4000:])
        server.print_profile(ns.profile_top)
        if ns.logs:
            keep_logs(server, Path(ns.logs), t_start)
    return 0


if __name__ == "__main__":
    sys.exit(main())
