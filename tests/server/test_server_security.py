"""The web table on the open internet: one test (or a few) per finding of the security review.

Each test names its finding and fails on the server before the review (every one of these
requests was accepted, leaked something, or answered 500 there). The client addresses of the
per-client limits come from the test header of :class:`server_helpers.ByAddress`.

Findings:

1. a flood of tables of computer players (no limits; every table resumed at start; bots
   thinking without an audience);
2. chosen seeds at tables of several people (every hand known in advance);
3. a refused claim's text named the hidden cards of a refuting line (TSR 5.4.4, 9.2.2);
4. "join" gave away reserved seats and their existing keys;
5. a lone surrogate in a name broke the table (500 on every later read);
6. deeply nested or huge JSON (recursion, memory);
7. table codes as the only secret (private tables readable and watchable by code, probing);
8. 500s for out-of-range numbers, NaN/Infinity, unknown keys, bad ``lang``;
9. seats named 0..3 in messages;
10. no operator's view or way to stop a table.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from fastapi.testclient import TestClient
from server_helpers import (
    ByAddress,
    Seat,
    State,
    address,
    first_legal,
    game_closed,
    hidden_cards_named,
    keyed,
    running_server,
    seat_keys,
    spectator_key,
    strict_json,
    table_spec,
    visible_cards,
)
from starlette.websockets import WebSocketDisconnect

from doko.engine.actions import from_dict
from doko.engine.cards import card_code, hand_kinds
from doko.engine.errors import IllegalActionError
from doko.engine.record import replay, to_record
from doko.engine.rules import PRESETS
from doko.server.app import create_app
from doko.server.driver import _seed
from doko.server.limits import Limits
from doko.session import Round

pytestmark = pytest.mark.timeout(120)

ADMIN_KEY = "operator-key-for-the-tests"
ATTACKER = address("10.0.0.66")
VICTIM = address("10.0.0.7")
GAME_READS = ("", "/rounds", "/rounds/1/sheet", "/games", "/games/1", "/games/1/record")


def make_app(tmp_path: Path, **limits: Any) -> Any:
    """An app on a fresh SQLite file with ``limits`` and the operator key :data:`ADMIN_KEY`."""
    return create_app(f"sqlite:///{tmp_path / 'doko.sqlite3'}", limits=Limits(**limits),
                      admin_key=ADMIN_KEY)


@contextlib.contextmanager
def serving(app: Any) -> Iterator[TestClient]:
    """A TestClient for ``app`` whose requests may come from several addresses."""
    with TestClient(ByAddress(app)) as c:
        yield c


def create(c: TestClient, spec: dict[str, Any], headers: dict[str, str] | None = None
           ) -> dict[str, Any]:
    r = c.post("/api/tables", json=spec, headers=headers)
    assert r.status_code == 201, r.text
    return dict(r.json())


def admin(c: TestClient, method: str, path: str, key: str | None = ADMIN_KEY) -> Any:
    headers = {} if key is None else {"Authorization": f"Bearer {key}"}
    return c.request(method, path, headers=headers)


def actions_stored(app: Any, code: str) -> int:
    """Every action stored for table ``code``, over all its games."""
    store = app.state.store
    data = store.table(code)
    assert data is not None
    return sum(len(g.actions) for g in store.games(data.id))


def wait_for(pred: Callable[[], bool], timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while not pred():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        time.sleep(0.05)


def raw_message(seat: Seat, text: str) -> dict[str, Any]:
    """Send ``text`` as it is and return the server's reply (strict JSON: Seat.recv)."""
    seat.ws.send_text(text)
    return seat.until(lambda m: m["type"] in ("error", "ack", "pong"))


def my_turn(st: State) -> bool:
    """The game waits for the receiver of ``st`` (a seat on turn)."""
    g = st["game"]
    return (g is not None and not g["over"] and g["view"]["to_move"] == st["you"]
            and bool(g["view"]["legal_actions"]))


def pong(seat: Seat) -> None:
    ref = seat.send({"type": "ping"})
    m = seat.until(lambda m: m["type"] in ("pong", "error"))
    assert m == {"type": "pong", "ref": ref}


# ------------------------------------------------------------------------------ finding 1


FLOOD = {"games": 500, "bot_delay_ms": 0, "seats": [{"kind": "bot", "level": "search"}] * 4}


def test_bot_table_flood_is_refused_and_other_tables_are_served(tmp_path: Path) -> None:
    """Finding 1: one address asks for 8 tables of four ``search`` players (500 games, no
    delay): the limits refuse most (429 with Retry-After: its open tables, then the rate of
    creating); while the tables it got play on (it watches them, so they do not pause), a
    person at another table still gets pong at once and the computer players' moves in time.
    The bounds are generous: the machine may be loaded."""
    app = make_app(tmp_path, tables_per_client=2)
    with serving(app) as c:
        answers = [c.post("/api/tables", json=FLOOD, headers=ATTACKER) for _ in range(8)]
        made = [r.json() for r in answers if r.status_code == 201]
        refused = [r for r in answers if r.status_code == 429]
        assert len(made) == 2 and len(refused) == 6, [r.status_code for r in answers]
        assert all(int(r.headers["Retry-After"]) >= 1 for r in refused)
        details = [r.json()["detail"] for r in refused]
        assert sum("open tables" in d for d in details) == 4  # tables_per_client
        assert sum("too many requests" in d for d in details) == 2  # create_per_min = 6
        with contextlib.ExitStack() as stack:
            for t in made:
                ws = stack.enter_context(c.websocket_connect(f"/ws/{t['code']}",
                                                             headers=ATTACKER))
                Seat(ws).hello(spectator_key(t))
            wait_for(lambda: all(actions_stored(app, t["code"]) > 0 for t in made), 60,
                     "the flood tables to play")
            flood_before = sum(actions_stored(app, t["code"]) for t in made)

            victim = create(c, table_spec("Vic", "bot:rules", "bot:rules", "bot:rules",
                                          games=1), VICTIM)
            pongs: list[float] = []
            waits: list[float] = []
            with c.websocket_connect(f"/ws/{victim['code']}", headers=VICTIM) as ws:
                me = Seat(ws, timeout=30)
                me.hello(victim["seats"][0]["token"])
                waiting_since: float | None = None
                seen = 0
                while True:
                    m = me.recv()
                    st = me.state
                    if m["type"] == "state" and st is not None and st["game"] is not None:
                        g = st["game"]
                        n = len(g["view"]["history"])
                        if n > seen and waiting_since is not None:
                            waits.append(time.monotonic() - waiting_since)
                        seen = max(seen, n)
                        bots_on_turn = (not g["over"] and g["view"]["to_move"] != 0
                                        and g["view"]["phase"] != "finished")
                        waiting_since = time.monotonic() if bots_on_turn else None
                        if g["over"]:
                            break
                    if st is not None and me.pending is None and m["type"] in ("state", "ack"):
                        req = first_legal(st)
                        if req is not None:
                            sent = time.monotonic()
                            pong(me)
                            pongs.append(time.monotonic() - sent)
                            me.request(req)
            flood_after = sum(actions_stored(app, t["code"]) for t in made)
        assert len(pongs) >= 10 and len(waits) >= 10
        assert max(pongs) < 1.0, pongs
        assert max(waits) < 5.0, waits
        # the flood was playing all the while: the victim was served next to it
        assert flood_after > flood_before


def test_computer_players_pause_without_an_audience(tmp_path: Path) -> None:
    """Finding 1: a table of computer players nobody watches stops after ``idle_pause_s``; a
    spectator wakes it, and it stops again when the spectator goes. At a table of people, the
    people count: the computer players pause while none of them is connected, even if somebody
    watches."""
    app = make_app(tmp_path, idle_pause_s=0.5)
    with serving(app) as c:
        bots = create(c, {"games": 500, "bot_delay_ms": 0,
                          "seats": [{"kind": "bot", "level": "random"}] * 4})
        code = bots["code"]

        def settled() -> int:
            """The action count once it stopped growing for 0.7 s (or fail)."""
            last = -1
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline:
                now = actions_stored(app, code)
                if now == last:
                    return now
                last = now
                time.sleep(0.7)
            raise AssertionError("the computer players never paused")

        # a decision asked for before the pause is still applied (the first one may wait for
        # the workers to start); then nothing more
        wait_for(lambda: actions_stored(app, code) > 0, 30, "the first decision")
        first = settled()
        time.sleep(1.0)
        assert actions_stored(app, code) == first
        listed = admin(c, "GET", "/api/admin/tables").json()["tables"]
        assert next(t for t in listed if t["code"] == code)["paused"] is True
        with c.websocket_connect(f"/ws/{code}") as ws:
            Seat(ws).hello(spectator_key(bots))
            wait_for(lambda: actions_stored(app, code) > first + 20, 30, "a spectator's table")
        second = settled()
        assert second > first + 20
        time.sleep(1.0)
        assert actions_stored(app, code) == second

        # a table of one person: its bots wait for the person, not for a spectator
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=500, grace_s=0.0))
        code = t["code"]
        with c.websocket_connect(f"/ws/{code}") as ws:
            me = Seat(ws)
            me.hello(t["seats"][0]["token"])
            me.play(lambda st: st["game"] is not None and len(st["game"]["view"]["history"]) > 8)
        # the person is gone; a computer takes the seat (grace 0 s), the table plays a little
        # longer and stops although somebody watches
        with c.websocket_connect(f"/ws/{code}") as ws:
            watcher = Seat(ws)
            watcher.hello(spectator_key(t))
            count = settled()
            time.sleep(1.0)
            assert actions_stored(app, code) == count
            st = watcher.fresh_state()
            assert st["table"]["status"] == "playing" and st["table"]["seats"][0]["left"]


def test_tables_are_not_resumed_at_start(tmp_path: Path) -> None:
    """Finding 1: a restarted server loads no table (before, every unfinished table was
    resumed, and its computer players played on for nobody); a table is loaded when somebody
    opens it, and only that one."""
    app = make_app(tmp_path)
    with serving(app) as c:
        tables = [create(c, {"games": 500, "bot_delay_ms": 0,
                             "seats": [{"kind": "bot", "level": "random"}] * 4})
                  for _ in range(3)]
        for t in tables:
            with c.websocket_connect(f"/ws/{t['code']}") as ws:
                s = Seat(ws)
                s.hello(spectator_key(t))
                s.until_state(lambda st: st["game"] is not None
                              and len(st["game"]["view"]["history"]) > 4)
    counts = {t["code"]: actions_stored(app, t["code"]) for t in tables}
    again = make_app(tmp_path)
    with serving(again) as c:
        limits = admin(c, "GET", "/api/admin/limits").json()
        assert limits["tables_loaded"] == 0
        time.sleep(1.5)
        assert {t["code"]: actions_stored(again, t["code"]) for t in tables} == counts
        assert admin(c, "GET", "/api/admin/limits").json()["bots"]["decisions"] == 0
        # somebody opens one table: it is loaded (and stays paused: nobody watches it)
        first = tables[0]
        r = c.get(f"/api/tables/{first['code']}", headers=keyed(spectator_key(first)))
        assert r.status_code == 200 and r.json()["table"]["status"] == "playing"
        listed = {t["code"]: t for t in admin(c, "GET", "/api/admin/tables").json()["tables"]}
        assert [code for code, t in listed.items() if t["loaded"]] == [first["code"]]
        assert admin(c, "GET", "/api/admin/limits").json()["tables_loaded"] == 1


def test_caps_on_tables_in_memory_and_connections(tmp_path: Path) -> None:
    """Finding 1: the caps behind the rate limits. With ``tables_total`` busy tables in
    memory a new one is refused (503 with Retry-After; an idle table would be unloaded
    first); more than ``connections_per_client`` sockets from one address are refused
    (``too_many_connections``, closed) while other addresses still connect."""
    app = make_app(tmp_path, tables_total=2, connections_per_client=2)
    with serving(app) as c:
        a = create(c, table_spec("Anna", "bot", "bot", "bot"), address("10.2.0.1"))
        b = create(c, table_spec("Anna", "bot", "bot", "bot"), address("10.2.0.2"))
        with c.websocket_connect(f"/ws/{a['code']}", headers=ATTACKER) as w1, \
                c.websocket_connect(f"/ws/{b['code']}", headers=ATTACKER) as w2:
            Seat(w1).hello(spectator_key(a))
            Seat(w2).hello(spectator_key(b))
            r = c.post("/api/tables", json=table_spec("Anna", "bot", "bot", "bot"),
                       headers=address("10.2.0.3"))
            assert r.status_code == 503 and int(r.headers["Retry-After"]) >= 1
            with c.websocket_connect(f"/ws/{a['code']}", headers=ATTACKER) as w3:
                s = Seat(w3)
                m = s.recv()
                assert m["type"] == "error" and m["error"] == "too_many_connections"
                with pytest.raises(WebSocketDisconnect) as info:
                    s.recv(timeout=5)
                assert info.value.code == 1008
            with c.websocket_connect(f"/ws/{a['code']}", headers=VICTIM) as w4:
                assert Seat(w4).hello(spectator_key(a))["you"] is None
        # nobody has the tables open now: the idle ones make room for a new table
        create(c, table_spec("Anna", "bot", "bot", "bot"), address("10.2.0.3"))
        loaded = admin(c, "GET", "/api/admin/limits").json()["tables_loaded"]
        assert loaded <= 2


# ------------------------------------------------------------------------------ finding 2


def _first_deal(app: Any, code: str) -> dict[str, Any]:
    store = app.state.store
    data = store.table(code)
    assert data is not None
    games = store.games(data.id)
    assert games
    return dict(games[0].deal)


def test_seeds_only_for_practice_tables(tmp_path: Path) -> None:
    """Finding 2: a chosen seed fixes every hand, so it is refused at a table of several
    people (400, ``seed: ``); a practice table (one person, three computer players) may have
    one, shows it openly, and deals exactly what the seed gives."""
    app = make_app(tmp_path)
    with serving(app) as c:
        for kinds in (("Anna", "Bert", "bot", "bot"), ("Anna", "human", "human", "human"),
                      ("bot", "bot", "bot", "bot")):
            r = c.post("/api/tables", json=table_spec(*kinds, seed=42))
            assert r.status_code == 400 and r.json()["detail"].startswith("seed: "), r.text
        r = c.post("/api/tables", json=table_spec("Anna", "open", "bot", "bot", public=True,
                                                  seed=42))
        assert r.status_code == 400 and r.json()["detail"].startswith("seed: ")
        assert app.state.store.all_tables() == []

        seed = 4242
        t = create(c, table_spec("bot", "Anna", "bot", "bot", seed=seed))
        assert t["practice"] is True and t["seed"] == seed
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            me.hello(t["seats"][1]["token"])
            st = me.until_state(lambda s: s["game"] is not None)
        assert st["table"]["practice"] is True and st["table"]["seed"] == seed
        info = c.get(f"/api/tables/{t['code']}", headers=keyed(t["seats"][1]["token"])).json()
        assert info["table"]["seed"] == seed
        # the deal as the hub derives it from the table's seed and the game's number
        rnd = Round(["1", "2", "3", "4"], 1, rules=PRESETS["tsr"], pflichtsoli=False)
        expected = rnd.new_game(_seed(seed, 1))
        assert _first_deal(app, t["code"]) == to_record(expected)
        own = [card_code(k) for k in hand_kinds(expected.hands[1])]
        assert sorted(st["game"]["view"]["hand"]) == sorted(own)


def test_deals_of_other_tables_come_from_a_secret_seed(tmp_path: Path) -> None:
    """Finding 2: without a chosen seed the deal is not derivable from anything a client sees:
    tables made in the same second deal differently, the seed is nowhere in what the server
    sends, and it is not the creation time."""
    app = make_app(tmp_path, tables_per_client=10, create_per_min=20)
    with serving(app) as c:
        made = [create(c, table_spec("Anna", "bot", "bot", "bot", games=2)) for _ in range(6)]
        deals = []
        secrets_: list[int] = []
        for t in made:
            assert t["practice"] is False and t["seed"] is None
            with c.websocket_connect(f"/ws/{t['code']}") as ws:
                me = Seat(ws)
                me.hello(t["seats"][0]["token"])
                st = me.until_state(lambda s: s["game"] is not None)
            assert st["table"]["seed"] is None and st["table"]["practice"] is False
            deals.append(_first_deal(app, t["code"]))
            secret = app.state.store.table(t["code"]).seed
            assert 0 <= secret < 2**62
            secrets_.append(secret)
            for text in (json.dumps(t), json.dumps(st),
                         c.get(f"/api/tables/{t['code']}", headers=keyed(
                             t["seats"][0]["token"])).text):
                assert str(secret) not in text
            created = app.state.store.table(t["code"]).created_at
            rnd = Round(["1", "2", "3", "4"], 2, rules=PRESETS["tsr"], pflichtsoli=False)
            for guess in range(int(created) - 5, int(created) + 6):
                assert to_record(rnd.new_game(_seed(guess, 1)))["hands"] != deals[-1]["hands"]
        hands = [json.dumps(d["hands"]) for d in deals]
        assert len(set(hands)) == len(hands)
        # 62 random bits: six seeds all below 2**48 would happen once in 2**84 runs
        assert len(set(secrets_)) == 6 and max(secrets_) >= 2**48


# ------------------------------------------------------------------------------ finding 3


def _named(v: dict[str, Any], action: str, solo: str | None = None) -> dict[str, Any] | None:
    for a in v["legal_actions"]:
        if a["action"] == action and (solo is None or a.get("solo") == solo):
            b = dict(a)
            b.pop("seat")
            return {"type": "action", "action": b}
    return None


def test_a_refused_claim_names_no_hidden_card(tmp_path: Path) -> None:
    """Finding 3 (TSR 5.4.4, 9.2.2): a person plays a Damensolo and claims the remaining
    tricks at every turn, in English and in German. Each refusal the seat is sent is the
    engine's text and names no card the soloist cannot see; the engine's refuting line (open
    information, ``IllegalActionError.refutation``) does name hidden cards, which the text
    before the review showed ("e.g. 2:♠A, 3:♠Q").

    The soloist sits at seat 1 of a practice table (a seed, rules players): seat 1 answers the
    Vorbehaltsabfrage first, so its Lustsolo stands (TSR 4.1)."""
    seed = 20261201
    app = make_app(tmp_path)
    claims: dict[int, str] = {}  # ref of a claim -> the language asked for
    with serving(app) as c:
        t = create(c, table_spec("bot:rules", "Solo", "bot:rules", "bot:rules", seed=seed))
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            me.hello(t["seats"][1]["token"])
            tried: dict[int, int] = {}

            def soloist(st: State) -> dict[str, Any] | None:
                g = st["game"]
                if g is None or g["over"]:
                    return first_legal(st)
                v = g["view"]
                if v["to_move"] != 1:
                    return None
                for req in (_named(v, "reservation"), _named(v, "solo", "queens")):
                    if req is not None:
                        return req
                n = len(v["history"])
                if v["phase"] == "play" and tried.get(n, 0) < 2:
                    lang = ("en", "de")[tried.get(n, 0)]
                    tried[n] = tried.get(n, 0) + 1
                    me.send({"type": "lang", "lang": lang})
                    claims[me.ref + 1] = lang
                    return {"type": "action", "action": {"action": "claim"}}
                return first_legal(st)

            end = me.play(game_closed(1), policy=soloist)
        assert end["game"]["view"]["soloist"] == 1
        assert end["game"]["view"]["contract"] == "solo_queens"
        record = c.get(f"/api/tables/{t['code']}/games/1/record",
                       headers=keyed(t["seats"][1]["token"])).json()

    refusals = 0
    leaky_lines = 0
    state: State | None = None
    for m in me.messages:
        if m["type"] == "state":
            state = m
        if m["type"] != "error" or m.get("ref") not in claims:
            continue
        assert state is not None and state["game"] is not None
        lang = claims[m["ref"]]
        assert m["error"] == "illegal" and m["rule"] == "5.4.4", m
        refusals += 1
        visible = visible_cards(state)
        text = m["message"]
        assert not hidden_cards_named(text, visible), (text, sorted(visible))
        # the engine text before the change named the refuting line with "e.g."/"z. B.":
        # the engine change (errors.py, claim_refused) dropped it from the text
        assert "e.g." not in text and "z. B." not in text, text
        # the same refusal in the engine, from the true hands
        game = replay({**record, "actions": state["game"]["view"]["history"]})
        with pytest.raises(IllegalActionError) as info:
            game.apply(from_dict({"action": "claim", "seat": 1}))
        e = info.value
        assert text == e.text(lang)
        assert e.refutation
        line = {card_code(k) for _, k in e.refutation}
        if line - visible:
            leaky_lines += 1
            assert (e.open_detail(lang) or "") not in text
    assert refusals >= 6, refusals
    assert {claims[r] for r in claims} == {"en", "de"}
    assert leaky_lines >= 1, "no refuting line named a hidden card: the test proves nothing"


# ------------------------------------------------------------------------------ finding 4


def test_join_mints_fresh_keys_and_never_gives_a_reserved_seat(tmp_path: Path) -> None:
    """Finding 4: at a public table with the creator's seat, an invited person's seat and two
    open seats, strangers' "join" get the open seats, each with a fresh key (never the
    creator's, the invited person's, the spectator key or another stranger's); the reserved
    seats are not offered in ``free_seats`` and are not given even before their people
    connect; a third stranger gets 409."""
    app = make_app(tmp_path)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "Bert", "open", "open", public=True, name="Offen"))
        reserved = [k for k in seat_keys(t) if k is not None]
        assert len(reserved) == 2 and [s["kind"] for s in t["seats"]] == [
            "human", "human", "open", "open"]
        listed = next(x for x in c.get("/api/tables").json()["tables"]
                      if x["code"] == t["code"])
        assert listed["free_seats"] == [2, 3]
        assert not any(k in json.dumps(listed) for k in reserved)
        joins = []
        for i, who in enumerate(("10.1.0.1", "10.1.0.2")):
            r = c.post(f"/api/tables/{t['code']}/join", json={"name": f"Gast {i}"},
                       headers=address(who))
            assert r.status_code == 200, r.text
            joins.append(r.json())
        assert [j["seat"] for j in joins] == [2, 3]
        keys = [j["token"] for j in joins]
        assert len(set(keys)) == 2
        assert not set(keys) & {*reserved, spectator_key(t)}
        r = c.post(f"/api/tables/{t['code']}/join", json={}, headers=address("10.1.0.3"))
        assert r.status_code == 409
        listed = next(x for x in c.get("/api/tables").json()["tables"]
                      if x["code"] == t["code"])
        assert listed["free_seats"] == []
        # every key opens its own seat; the reserved seats still belong to their people
        for seat, key in ((0, reserved[0]), (1, reserved[1]), (2, keys[0]), (3, keys[1])):
            with c.websocket_connect(f"/ws/{t['code']}") as ws:
                st = Seat(ws).hello(key)
                assert st["you"] == seat
                assert st["table"]["seats"][seat]["name"] == (
                    "Anna", "Bert", "Gast 0", "Gast 1")[seat]


def test_join_is_rate_limited_per_address(tmp_path: Path) -> None:
    """Finding 4: taking seats is limited per address (``join_per_min``): 429 with
    Retry-After; other addresses are not affected."""
    app = make_app(tmp_path, join_per_min=2)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "open", "open", "open", public=True))
        path = f"/api/tables/{t['code']}/join"
        assert c.post(path, json={}, headers=ATTACKER).status_code == 200
        assert c.post(path, json={}, headers=ATTACKER).status_code == 200
        r = c.post(path, json={}, headers=ATTACKER)
        assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
        assert c.post(path, json={}, headers=VICTIM).status_code == 200


# ------------------------------------------------------------------------------ finding 5


SURROGATE = '"\\ud800"'  # the JSON text of a lone surrogate, as a client can send it


def test_a_lone_surrogate_in_a_name_is_refused_and_changes_nothing(tmp_path: Path) -> None:
    """Finding 5: a name with a lone surrogate (valid JSON, no valid Unicode) is refused
    naming ``name`` in a socket's ``name`` and ``hello`` and in REST (422): no name changes,
    nothing is stored, and the table stays readable (before, the name was stored and every
    later read of the table failed with 500)."""
    app = make_app(tmp_path)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=1))
        key = t["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            m = raw_message(me, '{"type": "hello", "token": "' + key + '", "name": '
                            + SURROGATE + ', "ref": 1}')
            assert m["error"] == "bad_field" and m["message"].startswith("name: "), m
            assert m["ref"] == 1
            st = me.hello(key)
            assert st["you"] == 0 and st["table"]["seats"][0]["name"] == "Anna"
            for lang in ("en", "de"):
                me.send({"type": "lang", "lang": lang})
                m = raw_message(me, '{"type": "name", "name": ' + SURROGATE + ', "ref": 7}')
                assert m["error"] == "bad_field" and m["ref"] == 7
                assert m["message"].startswith("name: ") and "\ud800" not in m["message"]
            assert me.fresh_state()["table"]["seats"][0]["name"] == "Anna"
            pong(me)
        assert app.state.store.table(t["code"]).seats[0].name == "Anna"
        r = c.get(f"/api/tables/{t['code']}", headers=keyed(key))
        assert r.status_code == 200 and r.json()["table"]["seats"][0]["name"] == "Anna"

        count = len(app.state.store.all_tables())
        for body in ('{"name": ' + SURROGATE + "}",
                     '{"seats": [{"kind": "human", "name": ' + SURROGATE + '}, {"kind": "bot"}, '
                     '{"kind": "bot"}, {"kind": "bot"}]}'):
            r = c.post("/api/tables", content=body.encode(),
                       headers={"content-type": "application/json"})
            assert r.status_code == 422, r.text
            assert r.json()["field"] in ("name", "seats.0.name")
            assert r.json()["detail"].startswith(r.json()["field"] + ": ")
        assert len(app.state.store.all_tables()) == count
        public = create(c, table_spec("Anna", "open", "bot", "bot", public=True))
        r = c.post(f"/api/tables/{public['code']}/join",
                   content=('{"name": ' + SURROGATE + "}").encode(),
                   headers={"content-type": "application/json"})
        assert r.status_code == 422 and r.json()["field"] == "name"
        listed = next(x for x in c.get("/api/tables").json()["tables"]
                      if x["code"] == public["code"])
        assert listed["free_seats"] == [1]
        assert c.get(f"/api/tables/{public['code']}").status_code == 200


# ------------------------------------------------------------------------------ finding 6


def _nested(depth: int) -> str:
    return '{"type": "ping", "x": ' + "[" * depth + "]" * depth + "}"


def test_deeply_nested_and_huge_messages_are_refused(tmp_path: Path,
                                                     caplog: pytest.LogCaptureFixture) -> None:
    """Finding 6: JSON nested 990 levels deep (under 16 KiB) is refused before it is parsed
    (``malformed`` over the socket, 400 over REST), as is a 20 KiB message; the connection
    stays usable and nothing is logged as an error (before, the parser's recursion failed
    with a traceback)."""
    caplog.set_level(logging.INFO)
    app = make_app(tmp_path)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=1))
        key = t["seats"][0]["token"]
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            # before hello as well: the first message is parsed with the same care
            for text in (_nested(990), "[" * 990 + "]" * 990):
                assert len(text.encode()) < 16384
                m = raw_message(me, text)
                assert m["error"] == "malformed" and "8" in m["message"], m
            me.hello(key)
            st = me.until_state(my_turn)  # the table waits for this seat: nothing moves
            version = st["version"]
            for text in (_nested(990), '{"type": "hello", "name": ' + "[" * 500 + "]" * 500
                         + "}", _nested(9), '{"type": "ping", "pad": "' + "x" * 20480 + '"}',
                         '{"type": "ping", "pad": "' + "ü" * 9000 + '"}'):
                m = raw_message(me, text)
                assert m["type"] == "error" and m["error"] == "malformed", (text[:40], m)
                pong(me)
            assert me.fresh_state()["version"] == version
            # eight levels are fine: the schema refuses the unknown key, not the nesting
            m = raw_message(me, _nested(7))
            assert m["error"] == "bad_field" and m["message"].startswith("x: ")
        for body in ('{"name": ' + "[" * 990 + "]" * 990 + "}", "[" * 5000 + "]" * 5000):
            r = c.post("/api/tables", content=body.encode(),
                       headers={"content-type": "application/json"})
            assert r.status_code in (400, 413) and "detail" in strict_json(r.text)
        r = c.post("/api/tables", content=("[" * 990 + "]" * 990).encode(),
                   headers={"content-type": "application/json"})
        assert r.status_code == 400 and "nested" in r.json()["detail"]
        assert c.get(f"/api/tables/{t['code']}", headers=keyed(key)).status_code == 200
    errors = [r for r in caplog.records if r.name.startswith("doko.server")
              and r.levelno >= logging.ERROR]
    assert not errors, [r.getMessage() for r in errors]
    assert not any("Traceback" in r.getMessage() or r.exc_info for r in caplog.records
                   if r.name.startswith("doko"))


def test_huge_frames_and_bodies_over_a_real_server(tmp_path: Path) -> None:
    """Finding 6 against ``doko serve`` (uvicorn): a 1 MiB WebSocket frame closes the
    connection with 1009 (message too big) as soon as its header is read, a 5 MB POST body is
    answered 413 (also without a Content-Length), and the server serves on."""
    with running_server(tmp_path) as server:
        t = httpx.post(server.url + "/api/tables", json=table_spec("Anna", "bot", "bot", "bot"),
                       timeout=10).json()
        url = f"{server.ws_url}/ws/{t['code']}"

        async def frames() -> tuple[int | None, float]:
            from websockets.asyncio.client import connect
            from websockets.exceptions import ConnectionClosed

            async with connect(url, max_size=2**24, open_timeout=20) as ws:
                await ws.send(json.dumps({"type": "hello", "token": t["seats"][0]["token"]}))
                welcome = strict_json(str(await asyncio.wait_for(ws.recv(), 20)))
                assert welcome["type"] == "welcome"
                started = time.monotonic()
                with contextlib.suppress(ConnectionClosed):
                    await ws.send('{"type": "ping", "pad": "' + "x" * (1 << 20) + '"}')
                try:
                    while True:
                        await asyncio.wait_for(ws.recv(), 20)
                except ConnectionClosed as e:
                    code = e.rcvd.code if e.rcvd is not None else None
                    return code, time.monotonic() - started
            return None, 0.0

        code, took = asyncio.run(frames())
        assert code == 1009 and took < 10
        body = b'{"name": "' + b"x" * 5_000_000 + b'"}'
        r = httpx.post(server.url + "/api/tables", content=body, timeout=30,
                       headers={"content-type": "application/json"})
        assert r.status_code == 413 and strict_json(r.text)["detail"]

        def chunks() -> Iterator[bytes]:
            yield b'{"name": "'
            for _ in range(100):
                yield b"x" * 50_000
            yield b'"}'

        r = httpx.post(server.url + "/api/tables", content=chunks(), timeout=30,
                       headers={"content-type": "application/json"})
        assert r.status_code == 413
        assert httpx.get(server.url + "/api/meta", timeout=10).status_code == 200

        async def still_plays() -> None:
            from server_helpers import WsSeat

            async with WsSeat(url, t["seats"][0]["token"]) as me:
                ref = await me.send({"type": "ping"})
                assert (await me.until(lambda m: m["type"] == "pong"))["ref"] == ref

        asyncio.run(still_plays())
    assert "Traceback" not in (tmp_path / "doko.log").read_text()


# ------------------------------------------------------------------------------ finding 7


def _shape(r: httpx.Response, code: str) -> tuple[int, str]:
    return r.status_code, r.json()["detail"].replace(code, "CODE")


def test_a_private_code_alone_reads_nothing(tmp_path: Path) -> None:
    """Finding 7: a private table's code without a key answers exactly like a code that does
    not exist (same status, same detail but for the code) on every REST read, and ``no_table``
    over the socket; a wrong key is no better; the spectator link and the seats' keys work. A
    public table stays readable and watchable by its code."""
    app = make_app(tmp_path, lookup_per_min=0)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=1))
        code = t["code"]
        with c.websocket_connect(f"/ws/{code}") as ws:
            me = Seat(ws)
            me.hello(t["seats"][0]["token"])
            me.play(game_closed(1))
        unknown = next(x for x in ("ZZZZZZ", "YYYYYY") if x != code)
        spectate = spectator_key(t)
        for path in GAME_READS:
            token = t["seats"][0]["token"]
            wrong = token[:-1] + ("y" if token.endswith("x") else "x")  # never the real key
            for key in (None, "not-a-key", wrong):
                a = c.get(f"/api/tables/{code}{path}", headers=keyed(key))
                b = c.get(f"/api/tables/{unknown}{path}", headers=keyed(key))
                assert a.status_code == 404, (path, key)
                assert _shape(a, code) == _shape(b, unknown), (path, a.text, b.text)
                assert set(a.json()) == set(b.json()) == {"detail"}
            for key in (spectate, t["seats"][0]["token"]):
                assert c.get(f"/api/tables/{code}{path}", headers=keyed(key)).status_code \
                    == 200, path
        a = c.post(f"/api/tables/{code}/join", json={})
        b = c.post(f"/api/tables/{unknown}/join", json={})
        assert a.status_code == b.status_code == 404 and _shape(a, code) == _shape(b, unknown)
        assert code not in c.get("/api/tables").text

        replies = {}
        for target in (code, unknown):
            for token in (None, "not-a-key"):
                with c.websocket_connect(f"/ws/{target}") as ws:
                    s = Seat(ws)
                    m = raw_message(s, json.dumps({"type": "hello", "token": token}))
                    replies[target, token] = (m["error"],
                                              m["message"].replace(target, "CODE"))
                    with pytest.raises(WebSocketDisconnect):
                        s.recv(timeout=5)
        assert len(set(replies.values())) == 1
        assert next(iter(replies.values()))[0] == "no_table"
        with c.websocket_connect(f"/ws/{code}") as ws:
            st = Seat(ws).hello(spectate)
            assert st["you"] is None and st["game"]["closed"]
            assert st["game"]["view"]["hand"] == []

        public = create(c, table_spec("Anna", "open", "bot", "bot", public=True))
        assert c.get(f"/api/tables/{public['code']}").status_code == 200
        with c.websocket_connect(f"/ws/{public['code']}") as ws:
            assert Seat(ws).hello(None)["you"] is None


def test_code_lookups_are_rate_limited(tmp_path: Path) -> None:
    """Finding 7: reads by code (existing or not) and socket hellos count against
    ``lookup_per_min`` per address: beyond it 429 with Retry-After over REST, and
    ``rate_limited`` with the connection closed over the socket; another address is not
    affected. (Codes cannot be probed by the thousand.)"""
    app = make_app(tmp_path, lookup_per_min=5)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot"))
        key = keyed(t["seats"][0]["token"])
        statuses = [c.get(f"/api/tables/{code}", headers={**key, **ATTACKER}).status_code
                    for code in (t["code"], "AAAAAA", "BBBBBB", t["code"], "CCCCCC")]
        assert statuses == [200, 404, 404, 200, 404]
        for path in ("", "/games", "/rounds/1/sheet"):
            r = c.get(f"/api/tables/{t['code']}{path}", headers={**key, **ATTACKER})
            assert r.status_code == 429 and int(r.headers["Retry-After"]) >= 1
            assert "too many requests" in r.json()["detail"]
        with c.websocket_connect(f"/ws/{t['code']}", headers=ATTACKER) as ws:
            s = Seat(ws)
            m = raw_message(s, json.dumps({"type": "hello", "token": t["seats"][0]["token"],
                                           "lang": "en"}))
            assert m["error"] == "rate_limited" and "try again" in m["message"]
            with pytest.raises(WebSocketDisconnect):
                s.recv(timeout=5)
        assert c.get(f"/api/tables/{t['code']}", headers={**key, **VICTIM}).status_code == 200
        with c.websocket_connect(f"/ws/{t['code']}", headers=VICTIM) as ws:
            assert Seat(ws).hello(t["seats"][0]["token"])["you"] == 0


# ------------------------------------------------------------------------------ finding 8


def test_every_reported_500_is_now_a_4xx(tmp_path: Path,
                                         caplog: pytest.LogCaptureFixture) -> None:
    """Finding 8: each request that answered 500 (or sent invalid JSON) before is a 4xx or an
    ``error`` naming the field now, with a body that is strict JSON, and changes nothing: a
    game number beyond 64 bits; ``grace_s`` NaN or Infinity; ``"ref": NaN`` over the socket;
    an invalid ``lang`` in hello; a 10 MB create with unknown keys; an unknown key."""
    app = make_app(tmp_path, lookup_per_min=0, create_per_min=0, tables_per_client=100)
    with TestClient(ByAddress(app), raise_server_exceptions=False) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=1))
        key = keyed(t["seats"][0]["token"])
        for path in ("/games/99999999999999999999", "/games/99999999999999999999/record",
                     "/rounds/99999999999999999999/sheet", "/games/0", "/games/-1",
                     "/games/2147483648"):
            r = c.get(f"/api/tables/{t['code']}{path}", headers=key)
            body = strict_json(r.text)
            assert r.status_code == 422 and body["field"] == "number", (path, r.text)
            assert "99999999999999999999" not in r.text  # the input is never echoed
        r = c.get(f"/api/tables/{'A' * 5000}", headers=key)
        assert r.status_code == 422 and strict_json(r.text)["field"] == "code"
        tables = len(app.state.store.all_tables())
        for raw in ('{"grace_s": NaN}', '{"grace_s": 1e999}', '{"grace_s": -Infinity}',
                    '{"grace_s": Infinity}', '{"games": 1e999}', '{"seed": NaN}'):
            r = c.post("/api/tables", content=raw.encode(),
                       headers={"content-type": "application/json"})
            assert r.status_code == 422, (raw, r.status_code, r.text)
            body = strict_json(r.text)
            assert set(body) == {"detail", "field", "detail_de"}
            assert body["field"] == raw[2:].split('"')[0], (raw, body)
            assert body["detail"].startswith(body["field"] + ": ")
        r = c.post("/api/tables", json={"grace_s": 1e308})
        assert r.status_code == 422 and strict_json(r.text)["field"] == "grace_s"
        huge = json.dumps({f"unknown_{i}": "x" * 90 for i in range(100_000)}).encode()
        assert len(huge) > 10_000_000
        r = c.post("/api/tables", content=huge, headers={"content-type": "application/json"})
        assert r.status_code == 413 and strict_json(r.text)["detail"]
        r = c.post("/api/tables", json={"games": 1, "bogus": 1})
        body = strict_json(r.text)
        assert r.status_code == 422 and body["field"] == "bogus"
        assert body["detail"].startswith("bogus: ")
        r = c.post("/api/tables", json={"seats": [{"kind": "human", "colour": "red"}] * 4})
        assert r.status_code == 422 and strict_json(r.text)["field"] == "seats.0.colour"
        assert len(app.state.store.all_tables()) == tables

        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            m = raw_message(me, json.dumps({"type": "hello", "token": t["seats"][0]["token"],
                                            "lang": "fr", "ref": 3}))
            assert m["error"] == "bad_field" and m["message"].startswith("lang: ")
            assert m["ref"] == 3
            me.hello(t["seats"][0]["token"])
            st = me.until_state(my_turn)
            for raw in ('{"type": "ping", "ref": NaN}', '{"type": "ping", "ref": Infinity}',
                        '{"type": "ping", "ref": -1e999}'):
                m = raw_message(me, raw)  # Seat.recv refuses a reply that is not strict JSON
                assert m["error"] == "malformed" and m["ref"] is None, m
            for bad in (2**53, -(2**53), 1.5, "x" * 65, [1], {"a": 1}, True):
                m = raw_message(me, json.dumps({"type": "ping", "ref": bad}))
                assert m["error"] == "bad_field" and m["message"].startswith("ref: "), m
                assert m["ref"] is None
            for ref in (2**53 - 1, -(2**53) + 1, "x" * 64, None, 0):
                m = raw_message(me, json.dumps({"type": "ping", "ref": ref}))
                assert m == {"type": "pong", "ref": ref}
            m = raw_message(me, '{"type": "lang", "lang": "xx", "ref": "a"}')
            assert m["error"] == "bad_field" and m["message"].startswith("lang: ")
            assert m["ref"] == "a"
            assert me.fresh_state()["version"] == st["version"]
    assert not [r for r in caplog.records if r.levelno >= logging.ERROR]


# ------------------------------------------------------------------------------ finding 9


SEAT_ZERO = ("seat 0", "Seat 0", "Platz 0", "seats 0")


def test_seats_are_named_1_to_4_in_messages(tmp_path: Path) -> None:
    """Finding 9: messages name seats as the page shows them, 1 to 4: seat 1's key acting for
    seat 2 is told it belongs to seat 1 (``not_your_seat``), an action out of turn names the
    seat on turn by its name and the actor as you/du (TSR 4.1.2, 5.2.1), and no error text in
    either language says "seat 0"/"Platz 0" (before, seat 1 was "seat 0")."""
    app = make_app(tmp_path)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "Bert", "bot", "bot", games=1))
        with c.websocket_connect(f"/ws/{t['code']}") as w0, \
                c.websocket_connect(f"/ws/{t['code']}") as w1:
            a, b = Seat(w0), Seat(w1)
            a.hello(t["seats"][0]["token"])
            b.hello(t["seats"][1]["token"])
            # the dealer is seat 0; seat 1 (Bert, "seat 2" in words) answers first
            st = a.until_state(lambda s: s["game"] is not None)
            assert st["game"]["view"]["to_move"] == 1
            for lang in ("en", "de"):
                a.send({"type": "lang", "lang": lang})
                b.send({"type": "lang", "lang": lang})
                m = a.reply(a.send({"type": "action",
                                    "action": {"action": "healthy", "seat": 1}}))
                assert m["error"] == "not_your_seat"
                assert m["message"] == {
                    "en": "your key belongs to seat 1, not to another seat",
                    "de": "dein Schlüssel gehört zu Platz 1, nicht zu einem anderen Platz",
                }[lang]
                m = b.reply(b.send({"type": "action",
                                    "action": {"action": "healthy", "seat": 0}}))
                assert m["error"] == "not_your_seat" and " 2, " in m["message"]
                m = a.reply(a.send({"type": "action", "action": {"action": "healthy"}}))
                assert m["error"] == "illegal" and m["rule"] == "4.1.2"
                # the refusal goes to Anna alone: she is "you"/"du", Bert on turn by name
                assert m["message"] == {
                    "en": "you are not on turn: Bert must answer the Vorbehaltsabfrage "
                          "(TSR 4.1.2)",
                    "de": "du bist nicht an der Reihe: Bert muss in der "
                          "Vorbehaltsabfrage antworten (TSR 4.1.2)",
                }[lang], m
                for msg in ({"type": "action", "action": {"action": "play", "card": "QC"}},
                            {"type": "action", "action": {"action": "call", "call": "re"}},
                            {"type": "action", "action": {"action": "concede"}},
                            {"type": "action", "action": {"action": "claim"}},
                            {"type": "action", "action": {"action": "solo", "solo": "queens"}},
                            {"type": "done"}, {"type": "next"}, {"type": "start"},
                            {"type": "new_round"}):
                    m = a.reply(a.send(msg))
                    assert m["type"] == "error", (msg, m)
            texts = [m["message"] for s in (a, b) for m in s.errors]
            assert len(texts) >= 20
            for text in texts:
                assert not any(z in text for z in SEAT_ZERO), text


# ------------------------------------------------------------------------------ finding 10


def test_operator_routes_need_the_key_and_close_a_table(tmp_path: Path) -> None:
    """Finding 10: the operator's routes answer 404 without the key, with a wrong one and on a
    server without one; with it they list the tables (no key of any seat in the answer),
    show the limits, and close a table for good: its status is ``closed``, a following action
    is refused (``closed``), and its games stay readable."""
    app = make_app(tmp_path)
    with serving(app) as c:
        t = create(c, table_spec("Anna", "bot", "bot", "bot", games=2))
        routes = (("GET", "/api/admin/tables"), ("GET", "/api/admin/tables?active=true"),
                  ("GET", "/api/admin/limits"), ("POST", f"/api/admin/tables/{t['code']}/close"))
        for method, path in routes:
            for key in (None, "wrong", ADMIN_KEY + "x", ADMIN_KEY[:-1], ""):
                r = admin(c, method, path, key)
                assert r.status_code == 404, (method, path, key)
            r = c.request(method, path, headers={"Authorization": ADMIN_KEY})  # no "Bearer"
            assert r.status_code == 404
        with c.websocket_connect(f"/ws/{t['code']}") as ws:
            me = Seat(ws)
            me.hello(t["seats"][0]["token"])
            st = me.until_state(my_turn)
            listed = admin(c, "GET", "/api/admin/tables").json()["tables"]
            entry = next(x for x in listed if x["code"] == t["code"])
            assert entry["status"] == "playing" and entry["connections"] == 1
            assert entry["loaded"] is True and entry["paused"] is False
            assert [s["seat"] for s in entry["seats"]] == [1, 2, 3, 4]
            text = json.dumps(listed)
            assert t["seats"][0]["token"] not in text and spectator_key(t) not in text
            limits = admin(c, "GET", "/api/admin/limits").json()
            assert limits["limits"]["tables_per_client"] == Limits().tables_per_client
            assert limits["tables_loaded"] == 1 and limits["connections"] == 1
            r = admin(c, "POST", f"/api/admin/tables/{t['code']}/close")
            assert r.status_code == 200 and r.json() == {"code": t["code"], "status": "closed"}
            st = me.until_state(lambda s: s["table"]["status"] == "closed")
            a = first_legal(st)
            assert a is not None
            m = me.reply(me.send(a))
            assert m["error"] == "closed" and m["type"] == "error"
            m = me.reply(me.send({"type": "next"}))
            assert m["error"] == "closed"
        assert admin(c, "POST", "/api/admin/tables/ZZZZZZ/close").status_code == 404
        assert admin(c, "GET", "/api/admin/tables?active=true").json()["tables"] == []
        assert app.state.store.table(t["code"]).status == "closed"
        r = c.get(f"/api/tables/{t['code']}", headers=keyed(t["seats"][0]["token"]))
        assert r.status_code == 200 and r.json()["table"]["status"] == "closed"
    no_key = create_app(f"sqlite:///{tmp_path / 'other.sqlite3'}")
    with TestClient(no_key) as c:
        for key in (None, "", "None"):
            assert admin(c, "GET", "/api/admin/limits", key).status_code == 404


def test_doko_admin_against_a_running_server(tmp_path: Path) -> None:
    """Finding 10: ``doko serve`` writes a fresh operator key (mode 0600) at every start;
    ``doko admin`` with it lists the tables and closes one; with an old key it is refused."""
    with running_server(tmp_path) as server:
        key_file = server.admin_key_file
        assert key_file.stat().st_mode & 0o777 == 0o600
        first_key = server.admin_key
        t = httpx.post(server.url + "/api/tables", json=table_spec("Anna", "bot", "bot", "bot"),
                       timeout=10).json()

        def doko_admin(*args: str, key: Path = key_file) -> subprocess.CompletedProcess[str]:
            return subprocess.run(
                [sys.executable, "-m", "doko.cli", "admin", "--server", server.url,
                 "--key-file", str(key), *args],
                capture_output=True, text=True, timeout=60, check=False)

        out = doko_admin("tables")
        assert out.returncode == 0, out.stderr
        assert t["code"] in out.stdout and "waiting" in out.stdout
        out = doko_admin("--json", "tables", "--active")
        assert out.returncode == 0 and [x["code"] for x in json.loads(out.stdout)["tables"]] \
            == [t["code"]]
        out = doko_admin("limits")
        assert out.returncode == 0 and "tables_per_client = 5" in out.stdout
        out = doko_admin("close", t["code"].lower())
        assert out.returncode == 0 and out.stdout.strip() == f"table {t['code']}: closed"
        info = httpx.get(f"{server.url}/api/tables/{t['code']}",
                         headers=keyed(t["seats"][0]["token"]), timeout=10).json()
        assert info["table"]["status"] == "closed"
        out = doko_admin("--json", "tables", "--active")
        assert json.loads(out.stdout)["tables"] == []
        out = doko_admin("close", "ZZZZZZ")
        assert out.returncode == 1 and "no such table" in out.stderr
        wrong = tmp_path / "wrong.key"
        wrong.write_text("not the key\n")
        out = doko_admin("tables", key=wrong)
        assert out.returncode == 1 and "refused the key" in out.stderr
        # a restart makes a new key: the old one no longer works
        server.stop()
        server.start()
        assert server.admin_key != first_key
        old = tmp_path / "old.key"
        old.write_text(first_key + "\n")
        assert doko_admin("tables", key=old).returncode == 1
        assert doko_admin("tables").returncode == 0
