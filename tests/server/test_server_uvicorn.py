"""The server as it really runs: ``doko serve`` (uvicorn) in a subprocess on 127.0.0.1, played
with the ``websockets`` client, every wait bounded by a timeout."""

from __future__ import annotations

import asyncio
import json
from pathlib import Path

import httpx
import pytest
from server_helpers import (
    WsSeat,
    game_closed,
    keyed,
    running_server,
    spectator_key,
    table_spec,
)

from doko.engine.record import replay

pytestmark = pytest.mark.timeout(120)


def test_a_whole_game_over_real_websockets(tmp_path: Path) -> None:
    with running_server(tmp_path) as server:
        r = httpx.post(server.url + "/api/tables",
                       json=table_spec("Anna", "bot", "bot", "bot", games=1), timeout=10)
        assert r.status_code == 201
        t = r.json()
        url = f"{server.ws_url}/ws/{t['code']}"

        async def main() -> None:
            async with WsSeat(url, t["seats"][0]["token"]) as me, \
                    WsSeat(url, spectator_key(t)) as spec:
                assert me.state is not None and me.state["you"] == 0
                # the client offers permessage-deflate (as browsers do); doko serve declines it
                # unless started with --ws-compression deflate
                assert me.ws.protocol.extensions == []
                ref = await me.send("{broken")
                err = await me.until(lambda m: m["type"] == "error")
                assert err["error"] == "malformed"
                ref = await me.send({"type": "action", "action": {"action": "solo",
                                                                  "solo": "nonsense"}})
                err = await me.until(lambda m: m["type"] == "error")
                assert err["error"] == "bad_field" and err["ref"] == ref
                assert err["message"].startswith("action.solo: ")
                ref = await me.send({"type": "ping"})
                pong = await me.until(lambda m: m["type"] == "pong")
                assert pong["ref"] == ref
                me.errors.clear()
                st = await me.play(game_closed(1))
                assert st["game"]["result"] is not None and not me.errors
                end = await spec.until_state(game_closed(1))
                # after the first whole state, the game came as updates
                assert [m["type"] for m in me.raw].count("state") <= 2
                assert [m["type"] for m in me.raw].count("update") > 40
                assert end["game"]["view"]["hand"] == []
                assert end["game"]["view"]["history"] == st["game"]["view"]["history"]

        asyncio.run(main())
        rec = httpx.get(f"{server.url}/api/tables/{t['code']}/games/1/record",
                        headers=keyed(t["seats"][0]["token"]), timeout=10)
        game = replay(rec.json())
        assert game.is_over
        page = httpx.get(server.url + f"/t/{t['code']}", timeout=10)
        assert page.status_code == 200 and "app.js" in page.text
        assert json.loads(httpx.get(server.url + "/api/meta", timeout=10).text)["version"] == 2
