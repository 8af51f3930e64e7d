"""A restart in the middle of a game: the server is killed (SIGKILL) and started again on the
same SQLite file; the game continues where it was and its record equals that of the same table
played without a restart.

A chosen seed is only for a practice table (one person, three computer players: the seed is
shown openly there), so both tables are practice tables with the same seed: the same deals, and
computer players whose choices are derived from the seed, the game and the number of actions.
"""

from __future__ import annotations

import asyncio
from pathlib import Path
from typing import Any

import httpx
import pytest
from server_helpers import Server, State, WsSeat, game_closed, keyed, spectator_key, table_spec

from doko.engine.record import replay

pytestmark = pytest.mark.timeout(180)


def new_table(server: Server, seed: int) -> dict[str, Any]:
    spec = table_spec("Anna", "bot", "bot", "bot", games=1, seed=seed)
    r = httpx.post(server.url + "/api/tables", json=spec, timeout=10)
    assert r.status_code == 201, r.text
    t = dict(r.json())
    assert t["practice"] is True and t["seed"] == seed
    return t


async def play(server: Server, t: dict[str, Any], until: Any) -> State:
    url = f"{server.ws_url}/ws/{t['code']}"
    async with WsSeat(url, t["seats"][0]["token"]) as anna:
        state = await anna.play(until)
        assert not anna.errors
        return state


@pytest.mark.parametrize("seed", [20260101, 7])
def test_restart_in_the_middle_of_a_game(tmp_path: Path, seed: int) -> None:
    db = tmp_path / "doko.sqlite3"
    server = Server(db, tmp_path / "server.log").start()
    try:
        reference = new_table(server, seed)
        restarted = new_table(server, seed)
        assert reference["code"] != restarted["code"]
        key = keyed(restarted["seats"][0]["token"])

        def mid_game(st: State) -> bool:
            g = st["game"]
            return g is not None and len(g["view"]["history"]) >= 22

        seen = (asyncio.run(play(server, restarted, mid_game)))["game"]["view"]["history"]
        assert 22 <= len(seen) < 52
        server.kill()  # a crash in the middle of the game

        server = Server(db, tmp_path / "server.log", port=server.port).start()
        info = httpx.get(f"{server.url}/api/tables/{restarted['code']}", headers=key,
                         timeout=10).json()
        assert info["table"]["status"] == "playing"
        assert info["table"]["practice"] is True and info["table"]["seed"] == seed
        # every action anybody saw was committed before it was sent
        url = f"{server.ws_url}/ws/{restarted['code']}"

        async def look() -> State:
            async with WsSeat(url, spectator_key(restarted)) as spec:
                assert spec.state is not None
                return spec.state

        now = asyncio.run(look())
        assert now["game"]["view"]["history"][:len(seen)] == seen
        assert not now["game"]["over"]
        asyncio.run(play(server, restarted, game_closed(1)))
        asyncio.run(play(server, reference, game_closed(1)))

        def record(t: dict[str, Any]) -> dict[str, Any]:
            r = httpx.get(f"{server.url}/api/tables/{t['code']}/games/1/record",
                          headers=keyed(t["seats"][0]["token"]), timeout=10)
            assert r.status_code == 200
            return dict(r.json())

        rec = record(restarted)
        assert rec == record(reference)
        game = replay(rec)
        assert game.is_over
        detail = httpx.get(f"{server.url}/api/tables/{restarted['code']}/games/1", headers=key,
                           timeout=10).json()
        assert detail["result"]["scores"] == detail["row"]["scores"]
        assert len(detail["tricks"]) == len(game.tricks)
        sheet = httpx.get(f"{server.url}/api/tables/{restarted['code']}/rounds/1/sheet",
                          headers=key, timeout=10).json()
        assert [r["game"] for r in sheet["rows"]] == [1]
        assert sheet["totals"] == detail["row"]["scores"]
    finally:
        server.stop()
