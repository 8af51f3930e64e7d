"""The web table's hints, game analysis and statistics (doko.server.analysis_routes): computed
in the worker pool, the hint only for the seat's own key and only at tables with hints on, the
analysis of closed games only."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401
    Seat,
    app_fixture,
    client_fixture,
    db_url_fixture,
    game_closed,
    keyed,
    table_spec,
)

import doko.server.analysis_routes as routes


@pytest.fixture(autouse=True)
def small_budgets(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(routes, "WORLDS", 2)
    monkeypatch.setattr(routes, "OPEN_BUDGET", 0.3)
    monkeypatch.setattr(routes, "KNOWABLE_BUDGET", 0.5)
    monkeypatch.setattr(routes, "HINT_WORLDS", 2)


def _my_turn(st: dict[str, Any]) -> bool:
    g = st["game"]
    return (g is not None and not g["over"] and g["view"]["phase"] == "play"
            and g["view"]["to_move"] == st["you"])


def test_hint_analysis_and_stats(client: TestClient) -> None:
    t = client.post("/api/tables", json=table_spec("A", "bot", "bot", "bot", games=2)).json()
    token = t["seats"][0]["token"]
    code = t["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = Seat(ws)
        st = me.hello(token)
        assert st["table"]["hints"] is True
        st = me.play(_my_turn)
        r = client.post(f"/api/tables/{code}/hint?lang=en", headers=keyed(token))
        assert r.status_code == 200, r.text
        h = r.json()["hint"]
        legal = st["game"]["view"]["legal_actions"]
        assert {k: v for k, v in h["action"].items()} in legal
        assert h["text"].startswith("Hint: ")
        # no hint without a seat's key, nor for a spectator
        assert client.post(f"/api/tables/{code}/hint").status_code == 404
        me.play(game_closed(1))
    key = keyed(token)
    a = client.get(f"/api/tables/{code}/games/1/analysis?seat=0", headers=key)
    assert a.status_code == 200, a.text
    body = a.json()
    assert body["seat"] == 0 and body["number"] == 1 and len(body["names"]) == 4
    assert body["decisions"] and all(d["seat"] == 0 for d in body["decisions"])
    assert len(body["tricks"]) >= 1 and len(body["hands"]) == 4
    assert {"open_loss_points", "mistakes"} <= set(body["summary"])
    # the second request is answered from the cache, the same
    assert client.get(f"/api/tables/{code}/games/1/analysis?seat=0", headers=key).json() == body
    assert client.get(f"/api/tables/{code}/games/9/analysis", headers=key).status_code == 404
    s = client.get(f"/api/tables/{code}/stats", headers=key).json()
    assert s["games"] == [1]
    assert [p["games"] for p in s["players"]] == [1, 1, 1, 1]
    assert sum(p["points"] for p in s["players"]) == 0
    assert s["players"][0]["loss_decisions"] >= 1  # from the analysis done
    assert client.get(f"/api/tables/{code}/stats?round=1", headers=key).json()["games"] == [1]
    assert client.get(f"/api/tables/{code}/stats?round=7", headers=key).status_code == 404


def test_hints_off_at_the_table(client: TestClient) -> None:
    spec = table_spec("A", "bot", "bot", "bot", hints=False)
    t = client.post("/api/tables", json=spec).json()
    token = t["seats"][0]["token"]
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        st = me.hello(token)
        assert st["table"]["hints"] is False
        me.play(_my_turn)
        r = client.post(f"/api/tables/{t['code']}/hint", headers=keyed(token))
        assert r.status_code == 403
        assert "ausgeschaltet" in r.json()["detail"]
