"""A restart in the middle of a game: the server is killed (SIGKILL) and started again on the
same SQLite file; the game continues where it was and its record equals that of the same table
played without a restart."""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Server, State, WsSeat, game_closed, table_spec

from doko.record import replay

pytestmark = pytest.mark.timeout(180)

def new_table(server: Server, seed: int) -> dict[str, Any]:
    spec = table_spec("Anna", "bot", "Bert", "bot", games=1, seed=seed)
    r = httpx.post(server.url + "/api/tables", json=spec, timeout=10)
    assert r.status_code == 201, r.text
    return dict(r.json())


async def play_both(server: Server, t: dict[str, Any], until: Any) -> list[State]:
    url = f"{server.ws_url}/ws/{t['code']}"
    async with WsSeat(url, t["seats"][0]["token"]) as a, \
            WsSeat(url, t["seats"][2]["token"]) as b:
        states = await asyncio.gather(a.play(until), b.play(until))
        assert not a.errors and not b.errors
        return list(states)


@pytest.mark.parametrize("seed", [20260101, 7])
def test_restart_in_the_middle_of_a_game(tmp_path: Path, seed: int) -> None:
    db = tmp_path / "doko.sqlite3"
    server = Server(db, tmp_path / "server.log").start()
    try:
        reference = new_table(server, seed)
        restarted = new_table(server, seed)
        assert reference["code"] != restarted["code"]

        def mid_game(st: State) -> bool:
            g = st["game"]
            return g is not None and len(g["view"]["history"]) >= 22

        states = asyncio.run(play_both(server, restarted, mid_game))
        seen = max((s["game"]["view"]["history"] for s in states), key=len)
        assert 22 <= len(seen) < 52
        server.kill()  # a crash in the middle of the game

        server = Server(db, tmp_path / "server.log", port=server.port).start()
        info = httpx.get(f"{server.url}/api/tables/{restarted['code']}", timeout=10).json()
        assert info["table"]["status"] == "playing"
        # every action anybody saw was committed before it was sent
        url = f"{server.ws_url}/ws/{restarted['code']}"

        async def look() -> State:
            async with WsSeat(url, None) as spec:
                assert spec.state is not None
                return spec.state

        now = asyncio.run(look())
        assert now["game"]["view"]["history"][:len(seen)] == seen
        assert not now["game"]["over"]
        asyncio.run(play_both(server, restarted, game_closed(1)))
        asyncio.run(play_both(server, reference, game_closed(1)))

        def record(code: str) -> dict[str, Any]:
            r = httpx.get(f"{server.url}/api/tables/{code}/games/1/record", timeout=10)
            assert r.status_code == 200
            return dict(r.json())

        rec = record(restarted["code"])
        assert rec == record(reference["code"])
        game = replay(rec)
        assert game.is_over
        detail = httpx.get(f"{server.url}/api/tables/{restarted['code']}/games/1",
                           timeout=10).json()
        assert detail["result"]["scores"] == detail["row"]["scores"]
        assert len(detail["tricks"]) == len(game.tricks)
        sheet = httpx.get(f"{server.url}/api/tables/{restarted['code']}/rounds/1/sheet",
                          timeout=10).json()
        assert [r["game"] for r in sheet["rows"]] == [1]
        assert sheet["totals"] == detail["row"]["scores"]
    finally:
        server.stop()
