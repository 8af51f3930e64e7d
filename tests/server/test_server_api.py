"""REST endpoints, validation, the pages, the database set-up and the ``doko serve`` command."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    Seat,
    app_fixture,
    client_fixture,
    db_url_fixture,
    game_closed,
    table_spec,
)
from sqlalchemy import text

from doko.record import replay
from doko.server.db import make_engine
from doko.server.hub import CODE_ALPHABET, normalize_code

pytestmark = pytest.mark.timeout(60)


def test_pages_and_static_files(client: TestClient) -> None:
    for path in ("/", "/t/ABCDEF"):
        r = client.get(path)
        assert r.status_code == 200 and "<script src=\"/static/app.js\">" in r.text
    for name, kind in (("app.js", "javascript"), ("style.css", "css")):
        r = client.get(f"/static/{name}")
        assert r.status_code == 200 and kind in r.headers["content-type"]
    page = client.get("/").text
    assert "http://" not in page.replace("http://www.w3.org", "")  # nothing from elsewhere
    assert "https://" not in page


def test_meta(client: TestClient) -> None:
    m = client.get("/api/meta").json()
    assert "random" in m["players"] and m["default_level"] in m["players"]
    assert m["presets"] == ["tsr", "hausregeln"]


@pytest.mark.parametrize("body, words", [
    ({"rules": "skat"}, "unknown rules preset"),
    ({"seats": [{"kind": "human"}] * 3}, "four seats"),
    ({"seats": [{"kind": "bot", "level": "nobody"}] + [{"kind": "human"}] * 3},
     "unknown computer player"),
    ({"games": None, "seats": [{"kind": "bot"}] * 4}, "needs a round length"),
    ({"games": 2, "pflichtsoli": True}, "Pflichtsoli"),
])
def test_create_refuses_bad_specs(client: TestClient, body: dict[str, Any], words: str) -> None:
    r = client.post("/api/tables", json=body)
    assert r.status_code == 400 and words in r.json()["detail"]


def test_create_refuses_malformed_json(client: TestClient) -> None:
    r = client.post("/api/tables", content=b"{not json", headers={"content-type":
                                                                   "application/json"})
    assert r.status_code == 422
    r = client.post("/api/tables", json={"games": 0})
    assert r.status_code == 422


def test_create_gives_private_links_and_a_short_code(client: TestClient) -> None:
    r = client.post("/api/tables", json=table_spec("Anna", "human", "bot", "bot", games=None))
    assert r.status_code == 201
    t = r.json()
    assert len(t["code"]) == 6 and set(t["code"]) <= set(CODE_ALPHABET)
    assert normalize_code(t["code"].lower()[:3] + "-" + t["code"][3:]) == t["code"]
    humans = [s for s in t["seats"] if s["kind"] == "human"]
    assert len(humans) == 2 and len({s["token"] for s in humans}) == 2
    assert all(s["invite"] == f"/t/{t['code']}#{s['token']}" for s in humans)
    assert all(s["token"] is None for s in t["seats"] if s["kind"] == "bot")
    info = client.get(f"/api/tables/{t['code'].lower()}").json()
    assert "token" not in json.dumps(info)
    assert info["table"]["status"] == "waiting"
    assert client.get("/api/tables/ZZZZZZ").status_code == 404


def test_public_tables_can_be_listed_and_joined(client: TestClient) -> None:
    private = client.post("/api/tables", json=table_spec("A", "human", "bot", "bot")).json()
    public = client.post("/api/tables", json=table_spec("A", "human", "bot", "bot",
                                                        public=True, name="Stammtisch")).json()
    listed = client.get("/api/tables").json()["tables"]
    codes = [x["code"] for x in listed]
    assert public["code"] in codes and private["code"] not in codes
    entry = next(x for x in listed if x["code"] == public["code"])
    assert entry["free_seats"] == [0, 1] and entry["name"] == "Stammtisch"
    j = client.post(f"/api/tables/{public['code']}/join", json={"name": "Gast"}).json()
    assert j["seat"] == 0 and j["token"] == public["seats"][0]["token"]
    j = client.post(f"/api/tables/{public['code']}/join", json={}).json()
    assert j["seat"] == 1
    assert client.post(f"/api/tables/{public['code']}/join", json={}).status_code == 409
    assert client.post(f"/api/tables/{private['code']}/join", json={}).status_code == 404
    entry = next(x for x in client.get("/api/tables").json()["tables"]
                 if x["code"] == public["code"])
    assert entry["free_seats"] == [] and entry["seats"][0]["name"] == "Gast"


def test_running_games_cannot_be_browsed(client: TestClient) -> None:
    t = client.post("/api/tables", json=table_spec("A", "bot", "bot", "bot")).json()
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        me.hello(t["seats"][0]["token"])
        me.until_state(lambda s: s["game"] is not None)
        assert client.get(f"/api/tables/{t['code']}/games/1").status_code == 409
        assert client.get(f"/api/tables/{t['code']}/games/1/record").status_code == 409
        assert client.get(f"/api/tables/{t['code']}/games/2").status_code == 404
        me.play(game_closed(1))
    d = client.get(f"/api/tables/{t['code']}/games/1").json()
    game = replay(client.get(d["record_url"]).json())
    assert d["result"]["scores"] == d["row"]["scores"]
    assert [tr["winner"] for tr in d["tricks"]] == [w for _, _, w in game.tricks]
    assert sum(len(h) for h in d["hands"]) == 48
    rounds = client.get(f"/api/tables/{t['code']}/rounds").json()["rounds"]
    assert rounds == [{"number": 1, "games_total": 1, "games": [1], "running": False}]
    sheet = client.get(f"/api/tables/{t['code']}/rounds/1/sheet").json()
    assert sheet["rows"][0]["game"] == 1 and sheet["names"][0] == "A"
    assert client.get(f"/api/tables/{t['code']}/rounds/9/sheet").status_code == 404


def test_a_new_round_after_the_last_game(client: TestClient) -> None:
    t = client.post("/api/tables", json=table_spec("A", "bot", "bot", "bot")).json()
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        me.hello(t["seats"][0]["token"])
        st = me.play(game_closed(1))
        assert st["table"]["status"] == "over"
        r = me.reply(me.send({"type": "new_round"}))
        assert r["type"] == "ack"
        st = me.until_state(lambda s: s["game"] is not None and s["game"]["number"] == 2)
        assert st["table"]["round"]["number"] == 2 and st["sheet"]["games_played"] == 0
        st = me.play(game_closed(2))
        assert st["sheet"]["games_played"] == 1
    rounds = client.get(f"/api/tables/{t['code']}/rounds").json()["rounds"]
    assert [r["games"] for r in rounds] == [[1], [2]]


def test_sqlite_runs_in_wal_mode_with_foreign_keys(db_url: str, client: TestClient) -> None:
    engine = make_engine(db_url)
    with engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0001"
        with pytest.raises(Exception, match="FOREIGN KEY"):
            c.execute(text("INSERT INTO seats (table_id, seat, kind, name, joined, \"left\") "
                           "VALUES (999, 0, 'human', 'x', 0, 0)"))
    engine.dispose()


def test_doko_serve_command_is_registered(tmp_path: Path) -> None:
    out = subprocess.run([sys.executable, "-m", "doko.cli", "serve", "--help"],
                         capture_output=True, text=True, timeout=60, check=True).stdout
    assert "--db" in out and "--port" in out and "--host" in out
    out = subprocess.run([sys.executable, "-m", "doko.cli", "--help"], capture_output=True,
                         text=True, timeout=60, check=True).stdout
    assert "serve" in out


def test_the_cli_does_not_import_the_server_stack() -> None:
    code = ("import sys, doko.cli; doko.cli.build_parser(); "
            "bad = [m for m in ('fastapi', 'sqlalchemy', 'uvicorn', 'alembic') "
            "if m in sys.modules]; print(bad)")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == "[]"


def test_the_engine_does_not_import_the_server_stack() -> None:
    root = Path(__file__).resolve().parents[2] / "src" / "doko"
    for path in root.rglob("*.py"):
        if path.relative_to(root).parts[0] in ("server", "tui"):
            continue
        source = path.read_text(encoding="utf-8")
        for lib in ("fastapi", "sqlalchemy", "starlette", "alembic", "uvicorn"):
            assert f"import {lib}" not in source and f"from {lib}" not in source, (path, lib)


def test_call_deadlines_sent_with_the_view() -> None:
    """TSR 6.2.2, 6.3.4, 6.4.4: each legal call goes to the table with the fewest cards in hand
    it needs and the cards the seat holds; a reply to keine 90 needs 9."""
    from doko.actions import CALL_KONTRA, CALL_RE, HEALTHY, NO90, encode, to_dict
    from doko.game import PLAY, Game
    from doko.server.hub import call_deadline

    g = Game.deal(3)
    while g.phase != PLAY:
        g.apply(encode(g.to_move, HEALTHY))
    re = g.is_re.index(True)
    ko = g.is_re.index(False)
    assert call_deadline(g, encode(re, NO90)) == {
        "action": to_dict(encode(re, NO90)), "need": 10, "have": 12}
    g.apply(encode(re, CALL_RE))
    g.apply(encode(re, NO90))
    assert call_deadline(g, encode(ko, CALL_KONTRA))["need"] == 9
