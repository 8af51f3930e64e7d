#!/usr/bin/env python3
"""Why a group commit of the web table sometimes takes 100 ms and more: a probe without the server.

One writer thread commits ``--rate`` transactions a second (25) of ``--rows`` action rows (20)
each into a fresh SQLite database with the server's pragmas (WAL, ``synchronous=FULL``,
``wal_autocheckpoint=0``; ``doko.server.db.make_engine``), as the server's group commits do in
``paced`` (1,000 tables, 500 actions a second); a second thread runs a passive checkpoint every
``--checkpoint-s`` seconds (0.5, as ``doko.server.hub.CHECKPOINT_S``) on its own connection.
A third thread samples the disk's requests in flight (``/sys/block/DEV/inflight``) and the
kernel's dirty and writeback memory (``/proc/meminfo``) every 20 ms. At the end it prints the
distribution of the commits' times and every commit over ``--slow-ms`` (50) with what ran beside
it: a checkpoint, the write-ahead log (WAL) or the database file growing, a WAL restart, the
disk's queue.

Variants, one change at a time::

    scripts/sqlite_commit_probe.py                       # the server's setting
    scripts/sqlite_commit_probe.py --checkpoint-s 0      # no checkpoints (the WAL grows)
    scripts/sqlite_commit_probe.py --checkpoint-s 2      # rarer checkpoints
    scripts/sqlite_commit_probe.py --reserve-mb 32       # free pages reserved in the database
                                                         # file and a WAL grown to that size
    scripts/sqlite_commit_probe.py --reserve-mb 32 --truncate-wal   # only the database file
    scripts/sqlite_commit_probe.py --checkpoint-sync normal  # the checkpoint's connection
    scripts/sqlite_commit_probe.py --noise-mb 20         # another process writing and deleting
                                                         # 20 MB a second on the same disk
    scripts/sqlite_commit_probe.py --log-lines           # a line per commit appended to a log

The database lives in a temporary directory under ``--dir`` (the system's temporary directory,
as the bench's), removed at the end. Cheap on CPU (a few % of a core).
"""

from __future__ import annotations

import argparse
import contextlib
import multiprocessing
import os
import random
import sqlite3
import statistics
import tempfile
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import IO

SCHEMA = (
    "CREATE TABLE games (id INTEGER PRIMARY KEY, table_id INTEGER, number INTEGER, deal TEXT,"
    " closed INTEGER, done_seats TEXT, created_at REAL)",
    "CREATE TABLE actions (id INTEGER PRIMARY KEY, game_id INTEGER REFERENCES games(id),"
    " idx INTEGER, seat INTEGER, action TEXT, created_at REAL, UNIQUE (game_id, idx))",
    "CREATE INDEX ix_actions_game_id ON actions (game_id)",
)
GAMES = 1000


@dataclass
class Commit:
    start: float
    statements_ms: float
    commit_ms: float
    wal_before: int
    wal_after: int
    db_before: int
    db_after: int
    salt_before: bytes
    salt_after: bytes
    #: of commit_ms, how long the thread waited for a CPU (run queue; -1: not known)
    runq_ms: float = -1.0


@dataclass
class Checkpoint:
    start: float
    end: float
    frames: int
    copied: int


@dataclass
class Probe:
    path: Path
    ns: argparse.Namespace
    commits: list[Commit] = field(default_factory=list)
    checkpoints: list[Checkpoint] = field(default_factory=list)
    #: (time, writes in flight, Dirty kB, Writeback kB)
    disk: list[tuple[float, int, int, int]] = field(default_factory=list)
    #: (time, the device's counters: writes, discards, discarded sectors, flushes, flush ms)
    stat: list[tuple[float, tuple[int, ...]]] = field(default_factory=list)
    #: the sentinel's syncs: (start, seconds)
    sentinel: list[tuple[float, float]] = field(default_factory=list)
    stop: threading.Event = field(default_factory=threading.Event)

    @property
    def wal(self) -> Path:
        return self.path.with_name(self.path.name + "-wal")


def connect(path: Path, synchronous: str = "FULL") -> sqlite3.Connection:
    """A connection with the server's pragmas (doko.server.db.make_engine)."""
    conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
    for pragma in ("journal_mode=WAL", "foreign_keys=ON", f"synchronous={synchronous}",
                   "busy_timeout=30000", "wal_autocheckpoint=0"):
        conn.execute(f"PRAGMA {pragma}")
    return conn


def runq_ns() -> int:
    """How long this thread has waited on a run queue so far, in ns (-1 where /proc lacks it)."""
    try:
        with open("/proc/thread-self/schedstat") as f:
            return int(f.read().split()[1])
    except (OSError, ValueError, IndexError):
        return -1


def size(path: Path) -> int:
    try:
        return path.stat().st_size
    except FileNotFoundError:
        return 0


def salt(path: Path) -> bytes:
    """The WAL header's salt (it changes whenever the WAL restarts from its beginning)."""
    try:
        with path.open("rb") as f:
            f.seek(16)
            return f.read(8)
    except FileNotFoundError:
        return b""


def setup(probe: Probe) -> sqlite3.Connection:
    """The schema, the games, the reserve; returns the connection, to be kept open for the run
    (as the server's pool does: closing the last connection deletes the WAL file)."""
    ns = probe.ns
    conn = connect(probe.path)
    for stmt in SCHEMA:
        conn.execute(stmt)
    deal = "x" * 1200
    conn.execute("BEGIN")
    conn.executemany("INSERT INTO games (table_id, number, deal, closed, done_seats, created_at)"
                     " VALUES (?, 1, ?, 0, '[]', ?)",
                     [(i, deal, time.time()) for i in range(GAMES)])
    conn.execute("COMMIT")
    if ns.reserve_mb:
        # free pages in the database file: written through the WAL (which grows to that size),
        # copied into the database file by the checkpoint, then freed (the file keeps them)
        conn.execute("CREATE TABLE reserve (b BLOB)")
        conn.execute("INSERT INTO reserve VALUES (zeroblob(?))", (ns.reserve_mb << 20,))
        conn.execute("DROP TABLE reserve")
    conn.execute("PRAGMA wal_checkpoint(TRUNCATE)" if ns.truncate_wal or not ns.reserve_mb
                 else "PRAGMA wal_checkpoint(PASSIVE)")
    return conn


def writer(probe: Probe, t_end: float) -> None:
    ns = probe.ns
    conn = connect(probe.path)
    rng = random.Random(1)
    idx = [0] * GAMES
    log: IO[str] | None = None
    if ns.log_lines:
        log = (probe.path.parent / "commits.log").open("a", encoding="ascii")
    period = 1.0 / ns.rate
    values = ", ".join(["(?, ?, ?, ?, ?)"] * ns.rows)
    insert = f"INSERT INTO actions (game_id, idx, seat, action, created_at) VALUES {values}"
    n = 0
    due = time.monotonic()
    try:
        while True:
            due += period * rng.uniform(0.5, 1.5)
            now = time.monotonic()
            if due > t_end:
                break
            if due > now:
                time.sleep(due - now)
            params: list[object] = []
            for _ in range(ns.rows):
                g = rng.randrange(GAMES)
                idx[g] += 1
                seat = rng.randrange(4)
                params += [g + 1, idx[g], seat,
                           f'{{"seat":{seat},"kind":"card","card":"{rng.randrange(48)}"}}',
                           time.time()]
            wal0, db0, salt0 = size(probe.wal), size(probe.path), salt(probe.wal)
            began = time.monotonic()
            conn.execute("BEGIN")
            conn.execute(insert, params)
            if n % 10 == 0:
                conn.execute("UPDATE games SET done_seats = ? WHERE id = ?",
                             (f"[{n % 4}]", rng.randrange(GAMES) + 1))
            q0 = runq_ns()
            wrote = time.monotonic()
            conn.execute("COMMIT")
            done = time.monotonic()
            q1 = runq_ns()
            probe.commits.append(Commit(began, (wrote - began) * 1000, (done - wrote) * 1000,
                                        wal0, size(probe.wal), db0, size(probe.path), salt0,
                                        salt(probe.wal), -1.0 if q0 < 0 else (q1 - q0) / 1e6))
            if log is not None:
                log.write(f"{began:.6f} {(done - began) * 1000:.3f} {ns.rows}\n")
                log.flush()
            n += 1
    finally:
        conn.close()
        if log is not None:
            log.close()


def checkpointer(probe: Probe, t_end: float) -> None:
    ns = probe.ns
    conn = connect(probe.path, ns.checkpoint_sync.upper())
    try:
        while not probe.stop.wait(ns.checkpoint_s) and time.monotonic() < t_end:
            began = time.monotonic()
            _busy, frames, copied = conn.execute("PRAGMA wal_checkpoint(PASSIVE)").fetchone()
            probe.checkpoints.append(Checkpoint(began, time.monotonic(), frames, copied))
    finally:
        conn.close()


def device_of(path: Path) -> str | None:
    """The block device (``vda``) of the file system holding ``path``, if /sys shows it."""
    dev = os.stat(path).st_dev
    name = f"/sys/dev/block/{os.major(dev)}:{os.minor(dev)}"
    if not os.path.exists(name):
        return None
    return os.path.basename(os.path.realpath(name))


def monitor(probe: Probe, dev: str | None) -> None:
    inflight = f"/sys/block/{dev}/inflight" if dev else None
    stat = f"/sys/block/{dev}/stat" if dev else None
    while not probe.stop.wait(0.02):
        if stat is not None:
            with contextlib.suppress(OSError, ValueError, IndexError), open(stat) as f:
                v = [int(x) for x in f.read().split()]
                # writes completed, discards completed, sectors discarded, flushes, flush ms
                probe.stat.append((time.monotonic(), (v[4], v[11], v[13], v[15], v[16])))
        writes = -1
        if inflight is not None:
            with contextlib.suppress(OSError), open(inflight) as f:
                writes = int(f.read().split()[1])
        dirty = wb = -1
        with contextlib.suppress(OSError), open("/proc/meminfo") as f:
            for line in f:
                if line.startswith("Dirty:"):
                    dirty = int(line.split()[1])
                elif line.startswith("Writeback:"):
                    wb = int(line.split()[1])
                    break
        probe.disk.append((time.monotonic(), writes, dirty, wb))


def sentinel(probe: Probe, t_end: float) -> None:
    """A raw sync beside the database: every 20 ms a 4 KiB block of a file of its own (written
    whole before) overwritten and ``fdatasync``ed. If it stalls with the commits, the disk (or
    the machine) stalls, not SQLite."""
    path = probe.path.with_name("sentinel.bin")
    fd = os.open(path, os.O_RDWR | os.O_CREAT, 0o600)
    try:
        os.write(fd, b"\0" * (1 << 20))
        os.fdatasync(fd)
        block = os.urandom(4096)
        n = 0
        while not probe.stop.wait(0.02) and time.monotonic() < t_end:
            began = time.monotonic()
            os.pwrite(fd, block, (n % 256) * 4096)
            os.fdatasync(fd)
            probe.sentinel.append((began, time.monotonic() - began))
            n += 1
    finally:
        os.close(fd)


def noise(directory: str, mb: int, fsync: bool, t_end: float) -> None:
    """Another process's work on the same disk: every second a file of ``mb`` MB written and
    the one before deleted (as a compiler's or a test's temporary files)."""
    chunk = os.urandom(1 << 20)
    previous: Path | None = None
    n = 0
    while time.monotonic() < t_end:
        began = time.monotonic()
        path = Path(directory) / f"noise-{n}.bin"
        with path.open("wb") as f:
            for _ in range(mb):
                f.write(chunk)
            if fsync:
                f.flush()
                os.fsync(f.fileno())
        if previous is not None:
            previous.unlink()
        previous, n = path, n + 1
        time.sleep(max(0.0, 1.0 - (time.monotonic() - began)))
    if previous is not None:
        previous.unlink()


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    s = sorted(xs)
    return s[min(len(s) - 1, int(p * len(s)))]


def report(probe: Probe, t0: float, label: str) -> None:
    ns = probe.ns
    cs = probe.commits
    ms = [c.commit_ms for c in cs]
    st = [c.statements_ms for c in cs]
    slow = [c for c in cs if c.commit_ms > ns.slow_ms]
    restarts = sum(1 for c in cs if c.salt_after != c.salt_before)
    wal_grew = [c for c in cs if c.wal_after > c.wal_before]
    cks = probe.checkpoints
    ck_ms = [(k.end - k.start) * 1000 for k in cks]

    def beside(c: Commit) -> list[Checkpoint]:
        end = c.start + (c.statements_ms + c.commit_ms) / 1000
        return [k for k in cks if k.start < end and k.end > c.start]

    def disk(c: Commit) -> tuple[int, int, int]:
        end = c.start + (c.statements_ms + c.commit_ms) / 1000
        near = [d for d in probe.disk if c.start - 0.02 <= d[0] <= end + 0.02]
        if not near:
            return (-1, -1, -1)
        return (max(d[1] for d in near), max(d[2] for d in near), max(d[3] for d in near))

    print(f"{label}: {len(cs)} commits in {ns.duration:.0f} s; commit p50 {pct(ms, .5):.1f} ms, "
          f"p90 {pct(ms, .9):.1f}, p99 {pct(ms, .99):.1f}, max {max(ms, default=0):.1f} ms; "
          f"statements p50 {pct(st, .5):.2f} ms, max {max(st, default=0):.1f} ms")
    print(f"  over {ns.slow_ms:.0f} ms: {len(slow)}, over 100 ms: "
          f"{sum(1 for c in cs if c.commit_ms > 100)}; beside a checkpoint: "
          f"{sum(1 for c in slow if beside(c))} of them; of their time waiting for a CPU: "
          f"{sum(c.runq_ms for c in slow) / max(1e-9, sum(c.commit_ms for c in slow)):.0%}")
    if cks:
        cover = sum(ck_ms) / 1000 / ns.duration
        print(f"  checkpoints: {len(cks)}, p50 {pct(ck_ms, .5):.1f} ms, max {max(ck_ms):.1f} ms "
              f"({cover:.1%} of the time); frames copied p50 {pct([k.copied for k in cks], .5)}")
    db_grew = sum(1 for c in cs if c.db_after > c.db_before)
    mean_grown = statistics.mean([c.commit_ms for c in wal_grew]) if wal_grew else float("nan")
    rest = [c.commit_ms for c in cs if c.wal_after <= c.wal_before]
    print(f"  WAL: {restarts} restarts, grew in {len(wal_grew)} commits (their mean "
          f"{mean_grown:.1f} ms, the others' {statistics.mean(rest) if rest else float('nan'):.1f}"
          f" ms), largest {max((c.wal_after for c in cs), default=0) / 1e6:.1f} MB; database "
          f"{size(probe.path) / 1e6:.1f} MB, grew in {db_grew} commits' time")
    if probe.disk:
        w = [d[1] for d in probe.disk]
        print(f"  disk: writes in flight max {max(w)}, dirty max {max(d[2] for d in probe.disk)} kB"
              f", writeback max {max(d[3] for d in probe.disk)} kB")
    if probe.sentinel:
        sv = [d * 1000 for _, d in probe.sentinel]
        print(f"  sentinel (4 KiB + fdatasync every 20 ms): {len(sv)} syncs, p50 {pct(sv, .5):.1f}"
              f" ms, p99 {pct(sv, .99):.1f}, max {max(sv):.1f} ms, over {ns.slow_ms:.0f} ms: "
              f"{sum(1 for x in sv if x > ns.slow_ms)}")
    if len(probe.stat) > 1:
        a, b = probe.stat[0][1], probe.stat[-1][1]
        print(f"  device: {b[0] - a[0]} writes, {b[1] - a[1]} discards "
              f"({(b[2] - a[2]) / 2048:.0f} MB), {b[3] - a[3]} flushes "
              f"({(b[4] - a[4]) / max(1, b[3] - a[3]):.2f} ms each)")

    def during(c: Commit) -> str:
        end = c.start + (c.statements_ms + c.commit_ms) / 1000
        st = [x for x in probe.stat if c.start - 0.02 <= x[0] <= end + 0.02]
        out = ""
        if len(st) > 1:
            a, b = st[0][1], st[-1][1]
            out = (f"; device: {b[0] - a[0]} writes, {b[1] - a[1]} discards "
                   f"({(b[2] - a[2]) / 2048:.1f} MB), {b[3] - a[3]} flushes")
        sn = [d for s0, d in probe.sentinel if s0 < end and s0 + d > c.start]
        if sn:
            out += f"; sentinel sync max {max(sn) * 1000:.0f} ms"
        return out

    for c in slow:
        ks = beside(c)
        flags = []
        if ks:
            flags.append("checkpoint " + ", ".join(f"{(k.end - k.start) * 1000:.0f} ms "
                                                   f"({k.copied} frames)" for k in ks))
        if c.wal_after > c.wal_before:
            flags.append(f"WAL grew {c.wal_before >> 10}->{c.wal_after >> 10} kB")
        if c.salt_after != c.salt_before:
            flags.append("WAL restart")
        if c.db_after > c.db_before:
            flags.append("db grew")
        inflight, dirty, wb = disk(c)
        flags.append(f"in flight {inflight}, dirty {dirty} kB, writeback {wb} kB")
        print(f"    at {c.start - t0:6.2f} s: commit {c.commit_ms:6.1f} ms (waiting for a CPU "
              f"{c.runq_ms:.1f} ms); " + "; ".join(flags)
              + during(c))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter,
                                 epilog=__doc__.split("\n\n", 1)[1])
    ap.add_argument("--duration", type=float, default=60.0, help="seconds (60)")
    ap.add_argument("--rate", type=float, default=25.0, help="commits a second (25)")
    ap.add_argument("--rows", type=int, default=20, help="action rows a commit (20)")
    ap.add_argument("--checkpoint-s", type=float, default=0.5,
                    help="seconds between passive checkpoints, 0: none (0.5)")
    ap.add_argument("--checkpoint-sync", choices=["full", "normal"], default="full",
                    help="PRAGMA synchronous of the checkpoint's connection (full)")
    ap.add_argument("--reserve-mb", type=int, default=0,
                    help="MB of free pages made in the database file before the run, the WAL "
                         "kept at that size (0)")
    ap.add_argument("--truncate-wal", action="store_true",
                    help="with --reserve-mb: truncate the WAL afterwards (only the file keeps "
                         "its free pages)")
    ap.add_argument("--noise-mb", type=int, default=0,
                    help="another process writes a file of this many MB a second and deletes "
                         "the one before, in the same directory (0)")
    ap.add_argument("--noise-fsync", action="store_true", help="and syncs each file")
    ap.add_argument("--sentinel", action="store_true",
                    help="a thread syncing 4 KiB of a file of its own every 20 ms beside")
    ap.add_argument("--log-lines", action="store_true",
                    help="append a line per commit to a log file beside (flushed, not synced)")
    ap.add_argument("--slow-ms", type=float, default=50.0, help="list commits over this (50)")
    ap.add_argument("--dir", default=None, help="where the temporary directory is made")
    ap.add_argument("--label", default="probe", help="the first word of the summary")
    ns = ap.parse_args()
    with tempfile.TemporaryDirectory(prefix="doko-probe-", dir=ns.dir) as tmp:
        probe = Probe(Path(tmp) / "probe.sqlite3", ns)
        keep = setup(probe)
        t0 = time.monotonic()
        t_end = t0 + ns.duration
        threads = [threading.Thread(target=writer, args=(probe, t_end)),
                   threading.Thread(target=monitor, args=(probe, device_of(Path(tmp))))]
        if ns.sentinel:
            threads.append(threading.Thread(target=sentinel, args=(probe, t_end)))
        if ns.checkpoint_s > 0:
            threads.append(threading.Thread(target=checkpointer, args=(probe, t_end)))
        child = None
        if ns.noise_mb:
            child = multiprocessing.get_context("spawn").Process(
                target=noise, args=(tmp, ns.noise_mb, ns.noise_fsync, t_end))
            child.start()
        for t in threads:
            t.start()
        threads[0].join()
        probe.stop.set()
        for t in threads[1:]:
            t.join()
        if child is not None:
            child.join()
        report(probe, t0, ns.label)
        keep.close()


if __name__ == "__main__":
    main()
