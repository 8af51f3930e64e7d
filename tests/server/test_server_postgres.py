"""The web table on PostgreSQL: a throw-away cluster on a loopback port (installed with apt when
missing and this runs as root), ``doko serve --db postgresql+psycopg://...``, a game over real
WebSockets, a restart, and the record of the game.

Skipped only when PostgreSQL cannot be installed or started here, or the ``postgres`` extra
(psycopg) is missing.
"""

from __future__ import annotations

import asyncio
import contextlib
import glob
import os
import shutil
import subprocess
import tempfile
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest
from server_helpers import Server, WsSeat, free_port, game_closed, keyed, table_spec

from doko.engine.record import replay

pytestmark = pytest.mark.timeout(300)


def _bin(name: str) -> str | None:
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"))
    return found[-1] if found else shutil.which(name)


def _install() -> None:
    if _bin("initdb") is not None:
        return
    if os.geteuid() != 0 or shutil.which("apt-get") is None:
        pytest.skip("PostgreSQL is not installed and cannot be installed (needs root and apt)")
    env = {**os.environ, "DEBIAN_FRONTEND": "noninteractive"}
    for cmd in (["apt-get", "update", "-qq"], ["apt-get", "install", "-y", "-qq", "postgresql"]):
        r = subprocess.run(cmd, capture_output=True, env=env, timeout=240, check=False)
        if r.returncode != 0:
            pytest.skip(f"cannot install PostgreSQL: {r.stderr.decode()[-300:]}")


@pytest.fixture
def postgres() -> Iterator[str]:
    pytest.importorskip("psycopg", reason="the postgres extra (psycopg) is not installed")
    _install()
    initdb, pg_ctl = _bin("initdb"), _bin("pg_ctl")
    assert initdb is not None and pg_ctl is not None
    # not under tmp_path: pytest's directories are private to root, the cluster runs as postgres
    data = Path(tempfile.mkdtemp(prefix="doko-pg-"))
    prefix: list[str] = []
    if os.geteuid() == 0:  # initdb refuses to run as root
        if shutil.which("runuser") is None:
            pytest.skip("running as root without runuser: cannot start PostgreSQL")
        shutil.chown(data, "postgres")
        prefix = ["runuser", "-u", "postgres", "--"]
    port = free_port()
    subprocess.run([*prefix, initdb, "-D", str(data), "-A", "trust", "-U", "doko"],
                   check=True, capture_output=True, timeout=120)
    subprocess.run([*prefix, pg_ctl, "-D", str(data), "-w", "-l", str(data / "log"), "-o",
                    f"-p {port} -k {data} -c listen_addresses=127.0.0.1", "start"],
                   check=True, capture_output=True, timeout=120)
    try:
        import psycopg

        with psycopg.connect(f"host=127.0.0.1 port={port} user=doko dbname=postgres",
                             autocommit=True) as conn:
            conn.execute("CREATE DATABASE doko")
        yield f"postgresql+psycopg://doko@127.0.0.1:{port}/doko"
    finally:
        with contextlib.suppress(Exception):
            subprocess.run([*prefix, pg_ctl, "-D", str(data), "-m", "immediate", "stop"],
                           capture_output=True, timeout=60, check=False)
        shutil.rmtree(data, ignore_errors=True)


def test_a_table_on_postgresql_survives_a_restart(postgres: str, tmp_path: Path) -> None:
    server = Server(tmp_path / "unused.sqlite3", tmp_path / "server.log")
    server.db_url = postgres
    server.start()
    try:
        t = httpx.post(server.url + "/api/tables",
                       json=table_spec("Anna", "bot", "bot", "bot", games=2), timeout=10).json()
        url = f"{server.ws_url}/ws/{t['code']}"

        async def play(number: int) -> None:
            async with WsSeat(url, t["seats"][0]["token"]) as me:
                await me.play(game_closed(number))
                assert not me.errors

        asyncio.run(play(1))
        server.kill()
        server.start()
        asyncio.run(play(2))
        key = keyed(t["seats"][0]["token"])
        rounds = httpx.get(f"{server.url}/api/tables/{t['code']}/rounds", headers=key,
                           timeout=10).json()
        assert rounds["rounds"][0]["games"] == [1, 2]
        for n in (1, 2):
            rec = httpx.get(f"{server.url}/api/tables/{t['code']}/games/{n}/record",
                            headers=key, timeout=10)
            assert replay(rec.json()).is_over
    finally:
        server.stop()
