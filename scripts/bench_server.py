#!/usr/bin/env python3
"""Load benchmark of the web table: K tables of four computer players against one server.

Starts ``doko serve`` on 127.0.0.1 (a free port, a fresh SQLite file in a temporary directory),
creates K tables whose four seats are played by client-side random players over WebSockets, and
measures every engine action from sending it to its acknowledgement (which the server sends
after the action is committed to the database and the new state is sent to every connection).
Prints actions per second and the latency percentiles for each K.

Bounded: every table plays ``--games`` games, and each K stops after ``--time-limit`` seconds.
Loopback only.

    .venv/bin/python scripts/bench_server.py            # K = 1, 10, 50
    .venv/bin/python scripts/bench_server.py --ks 1,5 --games 2
"""

from __future__ import annotations

import argparse
import asyncio
import json
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

HOST = "127.0.0.1"


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        port: int = s.getsockname()[1]
        return port


def start_server(port: int, db: Path, log: Path, sync: str) -> subprocess.Popen[bytes]:
    out = log.open("wb")
    proc = subprocess.Popen(
        [sys.executable, "-m", "doko.cli", "serve", "--host", HOST, "--port", str(port),
         "--db", f"sqlite:///{db}", "--log-level", "warning", "--sqlite-synchronous", sync],
        stdout=out, stderr=subprocess.STDOUT)
    out.close()
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"the server exited:\n{log.read_text()[-2000:]}")
        try:
            if httpx.get(f"http://{HOST}:{port}/api/meta", timeout=2).status_code == 200:
                return proc
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    proc.kill()
    raise SystemExit("the server did not start")


def choose(state: dict[str, Any], rng: random.Random) -> dict[str, Any] | None:
    g = state["game"]
    seat = state["you"]
    if g is None:
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


async def play_seat(url: str, token: str, rng: random.Random, latencies: list[float],
                    deadline: float) -> int:
    """Play one seat until the table's round is over; returns the actions it made."""
    actions = 0
    async with connect(url, open_timeout=60, close_timeout=5, max_size=None) as ws:
        await ws.send(json.dumps({"type": "hello", "token": token, "lang": "en"}))
        state: dict[str, Any] | None = None
        pending: tuple[int, float, bool] | None = None
        ref = 0
        while time.monotonic() < deadline:
            remaining = max(0.1, deadline - time.monotonic())
            try:
                m = json.loads(await asyncio.wait_for(ws.recv(), remaining))
            except TimeoutError:
                break
            if m["type"] == "state":
                state = m
                g = m["game"]
                if m["table"]["status"] == "over" and g is not None and g["closed"]:
                    break
            elif m["type"] in ("ack", "error") and pending and m.get("ref") == pending[0]:
                if m["type"] == "ack" and pending[2]:
                    latencies.append(time.perf_counter() - pending[1])
                    actions += 1
                pending = None
            if pending is None and state is not None:
                req = choose(state, rng)
                if req is not None:
                    ref += 1
                    pending = (ref, time.perf_counter(), req["type"] == "action")
                    await ws.send(json.dumps({**req, "ref": ref}))
    return actions


async def run_k(base: str, k: int, games: int, time_limit: float, seed: int) -> dict[str, Any]:
    async with httpx.AsyncClient(base_url=base, timeout=60) as client:
        tables = []
        for i in range(k):
            spec = {"games": games, "bot_delay_ms": 0, "seed": seed + i,
                    "seats": [{"kind": "human", "name": f"P{j + 1}"} for j in range(4)]}
            r = await client.post("/api/tables", json=spec)
            r.raise_for_status()
            tables.append(r.json())
    latencies: list[float] = []
    ws_base = base.replace("http://", "ws://")
    start = time.perf_counter()
    deadline = time.monotonic() + time_limit
    tasks = [play_seat(f"{ws_base}/ws/{t['code']}", s["token"],
                       random.Random(seed * 7919 + i * 4 + s["seat"]), latencies, deadline)
             for i, t in enumerate(tables) for s in t["seats"]]
    counts = await asyncio.gather(*tasks)
    elapsed = time.perf_counter() - start
    n = sum(counts)
    lat = sorted(latencies)

    def pct(p: float) -> float:
        if not lat:
            return float("nan")
        return lat[min(len(lat) - 1, int(p * len(lat)))] * 1000

    return {"k": k, "actions": n, "seconds": elapsed, "rate": n / elapsed if elapsed else 0.0,
            "p50": pct(0.50), "p99": pct(0.99),
            "mean": statistics.fmean(lat) * 1000 if lat else float("nan"),
            "timed_out": time.monotonic() >= deadline}


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--ks", default="1,10,50", help="table counts (1,10,50)")
    ap.add_argument("--games", type=int, default=1, help="games per table (1)")
    ap.add_argument("--time-limit", type=float, default=120.0, help="seconds per K (120)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--sqlite-synchronous", choices=["full", "normal"], default="full",
                    help="the server's SQLite durability setting (full)")
    ns = ap.parse_args(argv)
    ks = [int(x) for x in ns.ks.split(",") if x.strip()]
    if any(k < 1 or k > 200 for k in ks):
        raise SystemExit("K must be 1..200")
    with tempfile.TemporaryDirectory(prefix="doko-bench-") as tmp:
        port = free_port()
        proc = start_server(port, Path(tmp) / "bench.sqlite3", Path(tmp) / "server.log",
                            ns.sqlite_synchronous)
        try:
            print(f"doko web table load benchmark: {ns.games} game(s) per table, four "
                  "random players per table over WebSockets, SQLite (WAL, "
                  f"synchronous={ns.sqlite_synchronous}), "
                  f"one uvicorn process on {HOST}:{port}")
            print(f"{'K':>4} {'actions':>8} {'seconds':>8} {'actions/s':>10} "
                  f"{'p50 ms':>8} {'p99 ms':>8}")
            for k in ks:
                r = asyncio.run(run_k(f"http://{HOST}:{port}", k, ns.games, ns.time_limit,
                                      ns.seed + 1000 * k))
                flag = "  (time limit reached)" if r["timed_out"] else ""
                print(f"{r['k']:>4} {r['actions']:>8} {r['seconds']:>8.2f} {r['rate']:>10.1f} "
                      f"{r['p50']:>8.2f} {r['p99']:>8.2f}{flag}", flush=True)
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
    return 0


if __name__ == "__main__":
    sys.exit(main())
