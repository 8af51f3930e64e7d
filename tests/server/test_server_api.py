"""REST endpoints, validation, the pages, the database set-up and the ``doko serve`` command."""

from __future__ import annotations

import json
import sqlite3
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
    keyed,
    seat_keys,
    spectator_key,
    table_spec,
)
from sqlalchemy import text

from doko.engine.record import replay
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
    assert m["presets"] == ["tsr", "hausregeln", "erweitert"]


def test_meta_names_the_levels_from_the_catalogue(client: TestClient) -> None:
    """The levels (doko.bots.levels) with their German and English names and their own time
    per decision; the table's limit that the bots of one table share."""
    m = client.get("/api/meta").json()
    levels = {lv["name"]: lv for lv in m["levels"]}
    assert [lv["name"] for lv in m["levels"]] == m["players"]
    assert levels["strong"] == {"name": "strong", "de": "Stark", "en": "strong",
                                "budget_ms": 1000.0}
    assert levels["search"]["budget_ms"] == 300.0 and levels["rules"]["budget_ms"] is None
    assert m["bot_budget_ms"] > 0
    seats = [{"kind": "human"}] + [{"kind": "bot", "level": "strong"}] * 3
    r = client.post("/api/tables", json={"seats": seats})
    assert r.status_code == 201, r.text


@pytest.mark.parametrize("body, status, words", [
    ({"rules": "skat"}, 400, "rules: unknown preset 'skat'"),
    ({"seats": [{"kind": "human"}] * 3}, 422, "seats: "),
    ({"seats": [{"kind": "bot", "level": "nobody"}] + [{"kind": "human"}] * 3}, 400,
     "seats.0.level: unknown computer player"),
    ({"takeover_level": "nobody"}, 400, "takeover_level: unknown computer player"),
    ({"games": None, "seats": [{"kind": "bot"}] * 4}, 400, "games: "),
    # TSR 4.2.3: a round too short for four Pflichtsoli
    ({"games": 2, "pflichtsoli": True}, 400, "Pflichtsoli"),
    ({"seats": [{"kind": "human"}, {"kind": "open"}, {"kind": "bot"}, {"kind": "bot"}]}, 400,
     "seats.1.kind: an open seat needs a public table"),
])
def test_create_refuses_bad_specs(client: TestClient, app: Any, body: dict[str, Any],
                                  status: int, words: str) -> None:
    """A spec the schema refuses is a 422 naming the field; a semantic refusal a 400 whose
    detail names the field too; no table is made either way."""
    r = client.post("/api/tables", json=body)
    assert r.status_code == status and words in r.json()["detail"], r.text
    assert app.state.store.all_tables() == []


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
    spectate = spectator_key(t)
    assert t["spectate"] == f"/t/{t['code']}#{spectate}"
    assert spectate not in [s["token"] for s in humans]
    assert t["practice"] is False and t["seed"] is None
    # a private table: its code alone reads nothing, a seat's or the spectator key does
    assert client.get(f"/api/tables/{t['code']}").status_code == 404
    for key in (humans[0]["token"], humans[1]["token"], spectate):
        info = client.get(f"/api/tables/{t['code'].lower()}", headers=keyed(key)).json()
        text = json.dumps(info)
        assert "token" not in text and all(s["token"] not in text for s in humans)
        assert spectate not in text
        assert info["table"]["status"] == "waiting" and info["table"]["seed"] is None
    assert client.get("/api/tables/ZZZZZZ").status_code == 404


def test_public_tables_can_be_listed_and_joined(client: TestClient) -> None:
    """A public table is listed with its open seats; "join" gives each stranger an open seat
    with a key of its own; the creator's reserved seat is never given away."""
    private = client.post("/api/tables", json=table_spec("A", "human", "bot", "bot")).json()
    public = client.post("/api/tables", json=table_spec("A", "open", "open", "bot",
                                                        public=True, name="Stammtisch")).json()
    assert [s["kind"] for s in public["seats"]] == ["human", "open", "open", "bot"]
    assert public["seats"][0]["token"] and public["seats"][1]["token"] is None
    listed = client.get("/api/tables").json()["tables"]
    codes = [x["code"] for x in listed]
    assert public["code"] in codes and private["code"] not in codes
    entry = next(x for x in listed if x["code"] == public["code"])
    assert entry["free_seats"] == [1, 2] and entry["name"] == "Stammtisch"
    # a public table is readable without a key
    assert client.get(f"/api/tables/{public['code']}").status_code == 200
    j = client.post(f"/api/tables/{public['code']}/join", json={"name": "Gast"}).json()
    assert j["seat"] == 1 and j["token"] not in seat_keys(public)
    assert j["invite"] == f"/t/{public['code']}#{j['token']}"
    k = client.post(f"/api/tables/{public['code']}/join", json={}).json()
    assert k["seat"] == 2 and k["token"] not in (*seat_keys(public), j["token"])
    assert client.post(f"/api/tables/{public['code']}/join", json={}).status_code == 409
    assert client.post(f"/api/tables/{private['code']}/join", json={}).status_code == 404
    entry = next(x for x in client.get("/api/tables").json()["tables"]
                 if x["code"] == public["code"])
    assert entry["free_seats"] == [] and entry["seats"][1]["name"] == "Gast"


def test_running_games_cannot_be_browsed(client: TestClient) -> None:
    t = client.post("/api/tables", json=table_spec("A", "bot", "bot", "bot")).json()
    key = keyed(t["seats"][0]["token"])
    code = t["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = Seat(ws)
        me.hello(t["seats"][0]["token"])
        me.until_state(lambda s: s["game"] is not None)
        assert client.get(f"/api/tables/{code}/games/1", headers=key).status_code == 409
        assert client.get(f"/api/tables/{code}/games/1/record", headers=key).status_code == 409
        assert client.get(f"/api/tables/{code}/games/2", headers=key).status_code == 404
        me.play(game_closed(1))
    d = client.get(f"/api/tables/{code}/games/1", headers=key).json()
    game = replay(client.get(d["record_url"], headers=key).json())
    assert d["result"]["scores"] == d["row"]["scores"]
    assert [tr["winner"] for tr in d["tricks"]] == [w for _, _, w in game.tricks]
    assert sum(len(h) for h in d["hands"]) == 48
    rounds = client.get(f"/api/tables/{code}/rounds", headers=key).json()["rounds"]
    assert rounds == [{"number": 1, "games_total": 1, "games": [1], "running": False}]
    # the spectator key reads a finished game as well
    spec = keyed(spectator_key(t))
    sheet = client.get(f"/api/tables/{code}/rounds/1/sheet", headers=spec).json()
    assert sheet["rows"][0]["game"] == 1 and sheet["names"][0] == "A"
    assert client.get(f"/api/tables/{code}/rounds/9/sheet", headers=key).status_code == 404
    # without a key, nothing of a private table can be read, finished games neither
    for path in ("", "/rounds", "/rounds/1/sheet", "/games", "/games/1", "/games/1/record"):
        assert client.get(f"/api/tables/{code}{path}").status_code == 404, path


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
    rounds = client.get(f"/api/tables/{t['code']}/rounds",
                        headers=keyed(t["seats"][0]["token"])).json()["rounds"]
    assert [r["games"] for r in rounds] == [[1], [2]]


def test_finished_games_and_rounds_are_served_from_stored_results(
        client: TestClient, db_url: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """A closed game's score breakdown and Spielliste row and a past round's Spielliste (TSR
    7.3) are stored when the game is closed: reading them never rebuilds a round."""
    t = client.post("/api/tables", json=table_spec("A", "bot", "bot", "bot")).json()
    key = keyed(t["seats"][0]["token"])
    code = t["code"]
    with client.websocket_connect(f"/ws/{code}") as ws:
        me = Seat(ws)
        me.hello(t["seats"][0]["token"])
        st = me.play(game_closed(1))
        live_sheet, live_result, live_row = st["sheet"], st["game"]["result"], st["game"]["row"]
        me.reply(me.send({"type": "new_round"}))
        me.until_state(lambda s: s["game"] is not None and s["game"]["number"] == 2)
        me.reply(me.send({"type": "name", "name": "Anna"}))

    def no_rebuild(*_args: object, **_kw: object) -> None:
        raise AssertionError("a round was rebuilt")

    import doko.server.app as app_module

    monkeypatch.setattr(app_module, "Round", no_rebuild)
    d = client.get(f"/api/tables/{code}/games/1", headers=key).json()
    assert d["result"] == live_result
    assert {k: v for k, v in d["row"].items() if k != "label"} == live_row
    assert set(d["row"]["label"]) == {"de", "en"}
    sheet = client.get(f"/api/tables/{code}/rounds/1/sheet", headers=key).json()
    assert sheet["rows"] == live_sheet["rows"] and sheet["totals"] == live_sheet["totals"]
    assert sheet["names"][0] == "Anna"  # names are the table's current ones
    # games closed before results were stored (migration 0003): the round is rebuilt, and
    # gives the same answers
    monkeypatch.undo()
    engine = make_engine(db_url)
    with engine.begin() as c:
        c.execute(text("UPDATE games SET result = NULL, row = NULL"))
        c.execute(text("UPDATE rounds SET sheet = NULL"))
    engine.dispose()
    assert client.get(f"/api/tables/{code}/games/1", headers=key).json() == d
    old = client.get(f"/api/tables/{code}/rounds/1/sheet", headers=key).json()
    assert old["rows"] == sheet["rows"] and old["names"] == sheet["names"]


def test_sqlite_runs_in_wal_mode_with_foreign_keys(db_url: str, client: TestClient) -> None:
    engine = make_engine(db_url)
    with engine.connect() as c:
        assert c.execute(text("PRAGMA journal_mode")).scalar() == "wal"
        assert c.execute(text("PRAGMA foreign_keys")).scalar() == 1
        assert c.execute(text("SELECT version_num FROM alembic_version")).scalar() == "0005"
        with pytest.raises(Exception, match="FOREIGN KEY"):
            c.execute(text("INSERT INTO seats (table_id, seat, kind, name, joined, \"left\") "
                           "VALUES (999, 0, 'human', 'x', 0, 0)"))
    engine.dispose()


def test_checkpoints_run_beside_the_writer(db_url: str) -> None:
    """No commit copies the write-ahead log back (autocheckpoint off, so no action waits for
    it); Store.checkpoint does it, and afterwards the whole log is in the database file."""
    from doko.server.db import Store, migrate

    engine = make_engine(db_url)
    migrate(engine)
    store = Store(engine)
    with engine.begin() as c:
        assert c.execute(text("PRAGMA wal_autocheckpoint")).scalar() == 0
        for i in range(50):
            c.execute(text("INSERT INTO alembic_version (version_num) VALUES (:v)"),
                      {"v": f"x{i}"})
    path = db_url.removeprefix("sqlite:///")

    def in_file() -> int:  # the rows in the database file itself, the log ignored
        raw = sqlite3.connect(f"file:{path}?immutable=1", uri=True)
        try:
            return int(raw.execute("SELECT count(*) FROM alembic_version").fetchone()[0])
        except sqlite3.OperationalError:  # not even the table is in the file yet
            return 0
        finally:
            raw.close()

    assert in_file() < 51  # the commits left the rows in the log
    store.checkpoint()
    assert in_file() == 51
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
        if path.relative_to(root).parts[0] in ("server", "tui", "cli"):  # cli: lazily
            continue
        source = path.read_text(encoding="utf-8")
        for lib in ("fastapi", "sqlalchemy", "starlette", "alembic", "uvicorn"):
            assert f"import {lib}" not in source and f"from {lib}" not in source, (path, lib)


def test_call_deadlines_sent_with_the_view() -> None:
    """TSR 6.2.2, 6.3.4, 6.4.4: each legal call goes to the table with the fewest cards in hand
    it needs and the cards the seat holds; a reply to keine 90 needs 9."""
    from doko.engine.actions import CALL_KONTRA, CALL_RE, HEALTHY, NO90, encode, to_dict
    from doko.engine.game import PLAY, Game
    from doko.server.payloads import call_deadline

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
