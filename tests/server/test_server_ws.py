"""WebSocket play through the Starlette TestClient: whole games, two humans, reconnecting,
leaving and coming back, and every kind of bad message answered with an error that changes
nothing. The first message is always ``hello``; a private table is watched with its spectator
key."""

from __future__ import annotations

import json
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    Seat,
    State,
    app_fixture,
    client_fixture,
    db_url_fixture,
    first_legal,
    game_closed,
    keyed,
    spectator_key,
    table_spec,
)
from starlette.websockets import WebSocketDisconnect

from doko.engine.actions import seat_of
from doko.engine.record import replay

pytestmark = pytest.mark.timeout(90)


def create(client: TestClient, *kinds: str, **kw: Any) -> dict[str, Any]:
    r = client.post("/api/tables", json=table_spec(*kinds, **kw))
    assert r.status_code == 201, r.text
    return dict(r.json())


def tokens(table: dict[str, Any]) -> list[str | None]:
    return [s["token"] for s in table["seats"]]


def test_whole_game_one_human_three_bots(client: TestClient) -> None:
    t = create(client, "Anna", "bot", "bot", "bot", games=2)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        st = me.hello(tokens(t)[0])
        assert st["you"] == 0
        assert st["table"]["seats"][0]["name"] == "Anna"
        st = me.play(game_closed(1))
        g = st["game"]
        assert g["over"] and g["closed"]
        assert sum(g["result"]["scores"]) == 0
        assert g["row"]["scores"] == g["result"]["scores"]
        assert st["sheet"]["games_played"] == 1 and len(st["sheet"]["rows"]) == 1
        assert st["table"]["status"] == "playing"
        # every action Anna sent in game 1 was taken (checked with the record below)
        acted = sum(req["type"] == "action" for req in me.sent.values())
        st = me.play(game_closed(2))
        assert st["table"]["status"] == "over"
        assert st["sheet"]["games_played"] == 2
        assert st["sheet"]["totals"] == [sum(r["scores"][i] for r in st["sheet"]["rows"])
                                         for i in range(4)]
        assert not me.errors
    key = keyed(tokens(t)[0])
    games = client.get(f"/api/tables/{t['code']}/games", headers=key).json()["games"]
    assert [g["number"] for g in games] == [1, 2] and all(g["closed"] for g in games)
    # Anna's answer in the Vorbehaltsabfrage and her cards (fewer than twelve only if a game
    # ends early, e.g. a soloist's claim, TSR 5.4.4) are all in game 1's record
    first = replay(client.get(f"/api/tables/{t['code']}/games/1/record", headers=key).json())
    assert acted == sum(seat_of(a) == 0 for a in first.history) >= 1 + len(first.tricks)
    rec = client.get(f"/api/tables/{t['code']}/games/2/record", headers=key)
    assert rec.status_code == 200
    assert "attachment" in rec.headers["content-disposition"]
    game = replay(rec.json())
    assert game.is_over
    detail = client.get(f"/api/tables/{t['code']}/games/2", headers=key).json()
    assert len(detail["tricks"]) == len(game.tricks)
    assert detail["row"]["scores"] == st["sheet"]["rows"][1]["scores"]


def test_two_humans_at_one_table(client: TestClient) -> None:
    t = create(client, "Anna", "bot", "Bert", "bot")
    tok = tokens(t)
    results: dict[int, State] = {}
    failures: list[BaseException] = []
    with client.websocket_connect(f"/ws/{t['code']}") as w0, \
            client.websocket_connect(f"/ws/{t['code']}") as w2:
        seats = {0: Seat(w0), 2: Seat(w2)}
        seats[0].hello(tok[0])
        seats[2].hello(tok[2])

        def run(seat: int) -> None:
            try:
                results[seat] = seats[seat].play(game_closed(1))
            except BaseException as e:  # reported in the main thread
                failures.append(e)

        threads = [threading.Thread(target=run, args=(s,)) for s in seats]
        for th in threads:
            th.start()
        for th in threads:
            th.join(60)
        assert not failures, failures
        assert set(results) == {0, 2}
        a, b = results[0]["game"], results[2]["game"]
        assert a["view"]["history"] == b["view"]["history"]
        assert a["result"] == b["result"]
        assert seats[0].acted >= 12 and seats[2].acted >= 12
        assert not seats[0].errors and not seats[2].errors
        assert results[0]["table"]["seats"][2]["name"] == "Bert"


def test_reconnect_in_the_middle_of_a_trick(client: TestClient) -> None:
    t = create(client, "Anna", "bot", "bot", "bot")
    tok = tokens(t)[0]

    def mid_trick(st: State) -> bool:
        g = st["game"]
        return (g is not None and not g["over"] and g["view"]["phase"] == "play"
                and g["view"]["to_move"] == 0 and len(g["view"]["trick"]) > 0
                and len(g["view"]["tricks"]) >= 2)

    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        first = Seat(ws)
        first.hello(tok)
        before = first.play(mid_trick)
    # a new connection with the same link, as from another device
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        again = Seat(ws)
        st = again.hello(tok)
        assert st["you"] == 0
        assert st["game"]["view"]["trick"] == before["game"]["view"]["trick"]
        assert st["game"]["view"]["hand"] == before["game"]["view"]["hand"]
        # the computer players may still call out of turn (TSR 6.1.2, 6.2) while Anna is away; no
        # card is played in her absence, so the history only grows by calls
        seen = before["game"]["view"]["history"]
        now = st["game"]["view"]["history"]
        assert now[:len(seen)] == seen
        assert all(h["action"] == "call" for h in now[len(seen):])
        assert st["table"]["seats"][0]["controller"] == "human"
        st = again.play(game_closed(1))
        assert st["game"]["result"] is not None
        assert not again.errors


def _wait_for(seat: Seat, pred: Any) -> State:
    return seat.until_state(pred)


def test_bad_messages_are_answered_and_change_nothing(client: TestClient, app: Any) -> None:
    # two humans: seat 1 answers first (the dealer is seat 0), so seat 0 is not on turn
    t = create(client, "Anna", "Bert", "bot", "bot")
    tok = tokens(t)
    store = app.state.store
    with client.websocket_connect(f"/ws/{t['code']}") as w0, \
            client.websocket_connect(f"/ws/{t['code']}") as w1, \
            client.websocket_connect(f"/ws/{t['code']}") as wspec:
        a, b, spec = Seat(w0), Seat(w1), Seat(wspec)
        # before hello nothing is accepted
        r = a.reply(a.send({"type": "action", "action": {"action": "healthy"}}))
        assert r["type"] == "error" and r["error"] == "hello_first"
        a.hello(tok[0])
        b.hello(tok[1])
        spec.hello(spectator_key(t))
        st = _wait_for(a, lambda s: s["game"] is not None)
        assert st["game"]["view"]["to_move"] == 1
        table_id = client.get(f"/api/tables/{t['code']}",
                              headers=keyed(tok[0])).json()["table"]["code"]
        assert table_id == t["code"]

        def snapshot(seat: Seat) -> tuple[int, Any]:
            s = seat.fresh_state()
            return s["version"], s["game"]["view"]

        def action_count() -> int:
            gid = store.games(_table_id(store, t["code"]), None, False)[-1].id
            return int(store.action_count(gid))

        before = snapshot(a)
        count = action_count()
        cases: list[tuple[Seat, str | dict[str, Any], str, str | None]] = [
            (a, "this is not json", "malformed", None),
            (a, "[1, 2, 3]", "malformed", None),
            (a, json.dumps({"no": "type"}), "malformed", None),
            (a, {"type": "fly"}, "unknown_type", None),
            # the schema: an unknown action, an action that is not an object, an unknown key
            (a, {"type": "action", "action": {"action": "fly"}}, "bad_field", None),
            (a, {"type": "action", "action": "healthy"}, "bad_field", None),
            (a, {"type": "action", "action": {"action": "healthy", "extra": 1}}, "bad_field",
             None),
            (a, {"type": "ping", "extra": 1}, "bad_field", None),
            # well-formed, but no card of the game
            (a, {"type": "action", "action": {"action": "play", "card": "XX"}}, "bad_action",
             None),
            # out of turn: seat 1 must answer the Vorbehaltsabfrage
            (a, {"type": "action", "action": {"action": "healthy"}}, "illegal", "4.1.2"),
            (a, {"type": "action", "action": {"action": "call", "call": "re"}}, "illegal",
             "6.2.1"),
            # another seat's action with this seat's token
            (a, {"type": "action", "action": {"seat": 1, "action": "healthy"}},
             "not_your_seat", None),
            # a spectator has no token
            (spec, {"type": "action", "action": {"action": "healthy"}}, "token_required", None),
            (spec, {"type": "next"}, "token_required", None),
            (a, {"type": "next"}, "not_between", None),
        ]
        for seat, msg, key, rule in cases:
            ref = seat.send(msg)
            r = seat.until(lambda m: m["type"] == "error")
            assert r["error"] == key, (msg, r)
            assert r["rule"] == rule, (msg, r)
            assert r["message"]
            if isinstance(msg, dict):
                assert r["ref"] == ref
            assert snapshot(a) == before, msg
            assert action_count() == count
        # an illegal answer in German names the rule too
        a.send({"type": "lang", "lang": "de"})
        r = a.reply(a.send({"type": "action", "action": {"action": "healthy"}}))
        assert r["rule"] == "4.1.2" and "nicht an der Reihe" in r["message"]
        # the refusal goes to the acting seat alone: it says "du", never a 0-based seat
        assert r["message"].startswith("du bist nicht an der Reihe"), r
        assert "Platz 0" not in r["message"]

        # play on; at some turn of a person (Anna or Bert, whoever first holds one) try a card
        # that does not follow suit. The deal is the server's secret, so in about one game of
        # a hundred one of them never holds such a card on its turn (always leading or void).
        tried: list[str] = []
        claimed: list[int] = []
        claim = threading.Lock()

        def try_illegal(seat: Seat, st: State) -> None:
            g = st["game"]
            me = st["you"]
            if g is None or g["over"] or seat.pending is not None:
                return
            v = g["view"]
            if v["phase"] != "play" or v["to_move"] != me or claimed:
                return
            legal = {x["card"] for x in v["legal_actions"] if x["action"] == "play"}
            bad = [c for c in v["hand"] if c not in legal]
            if not bad:
                return
            with claim:  # one person tries, the other plays on
                if claimed:
                    return
                claimed.append(me)
            n = action_count()
            r = seat.reply(seat.send({"type": "action",
                                      "action": {"action": "play", "card": bad[0]}}))
            assert r["type"] == "error" and r["error"] == "illegal" and r["rule"] == "5.2.2"
            again = seat.fresh_state()["game"]["view"]
            # nothing of this seat changed; the computers off turn may have made a call
            # meanwhile (they are asked before each action of a person, TSR 6.2, docs/server.md
            # "Order"); the other person is not on turn and waits
            new = again["history"][len(v["history"]):]
            assert again["history"][:len(v["history"])] == v["history"]
            assert all(x["seat"] in (2, 3) and x["action"] == "call" for x in new), new
            assert again["hand"] == v["hand"] and again["to_move"] == me
            assert action_count() == n + len(new)
            # a card the seat does not hold
            missing = next(r + s for s in "CSHD" for r in "9TJQKA"
                           if r + s not in v["hand"])
            r = seat.reply(seat.send({"type": "action",
                                      "action": {"action": "play", "card": missing}}))
            assert r["type"] == "error" and r["rule"] in ("5.2", "5.2.2")
            tried.append(bad[0])

        results: dict[int, State] = {}
        failures: list[BaseException] = []

        def run(seat: Seat, idx: int, hook: Any) -> None:
            try:
                results[idx] = seat.play(game_closed(1), on_state=hook)
            except BaseException as e:
                failures.append(e)

        th = threading.Thread(target=run, args=(b, 1, try_illegal))
        th.start()
        run(a, 0, try_illegal)
        th.join(60)
        assert not failures, failures
        assert tried, "neither person ever held a card it could not play"
        # after the game: no more actions
        r = a.reply(a.send({"type": "action", "action": {"action": "play", "card": "QC"}}))
        assert r["type"] == "error" and r["error"] == "no_game"
        # Bert's only refusals are the two tries, if they were his
        assert [e["rule"] for e in b.errors] == (["5.2.2", "5.2"] if claimed == [1] else [])


def _table_id(store: Any, code: str) -> int:
    data = store.table(code)
    assert data is not None
    return int(data.id)


def test_bad_token_is_refused(client: TestClient) -> None:
    """A key that opens nothing closes the connection (policy violation, 1008): at a private
    table it reads ``no_table``, as an unknown code does; at a public one ``bad_token``."""
    private = create(client, "Anna", "bot", "bot", "bot")
    public = create(client, "Anna", "open", "bot", "bot", public=True)
    for code, key in ((private["code"], "no_table"), ("NOSUCH", "no_table"),
                      (public["code"], "bad_token")):
        with client.websocket_connect(f"/ws/{code}") as ws:
            s = Seat(ws)
            # the server says nothing before hello, and nothing but hello_first to another
            # message; the connection stays open for the hello
            r = s.reply(s.send({"type": "ping"}))
            assert r["error"] == "hello_first"
            ref = s.send({"type": "hello", "token": "not-a-token"})
            r = s.recv()
            assert r["type"] == "error" and r["error"] == key and r["ref"] == ref, (code, r)
            with pytest.raises(WebSocketDisconnect) as info:
                s.recv(timeout=5)
            assert info.value.code == 1008


def test_spectator_sees_no_hand(client: TestClient) -> None:
    t = create(client, "bot", "bot", "bot", "bot", games=1)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        s = Seat(ws)
        st = s.hello(spectator_key(t))
        assert st["you"] is None
        st = s.until_state(game_closed(1))
        for m in s.messages:
            if m["type"] == "state" and m["game"] is not None:
                assert m["game"]["view"]["hand"] == []
                assert m["game"]["view"]["legal_actions"] == []
                assert m["game"]["calls"] == []
        assert st["table"]["status"] == "over"


def test_leave_bot_takes_over_and_hands_back(client: TestClient) -> None:
    t = create(client, "Anna", "bot", "bot", "bot", games=2)
    tok = tokens(t)[0]
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        me.hello(tok)
        me.play(lambda st: st["game"] is not None and len(st["game"]["view"]["history"]) > 6)
        me.pending = None
        ref = me.send({"type": "leave"})
        left = me.until(lambda m: m["type"] == "left")
        assert left["seat"] == 0
        me.reply(ref)
        # the computer plays the seat to the end of the game; the person is now a spectator
        st = me.until_state(game_closed(1))
        assert st["you"] is None
        assert st["table"]["seats"][0]["controller"] == "bot"
        assert st["table"]["seats"][0]["left"]
    # coming back with the same link: the seat is handed back, the next game waits for "next"
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        st = me.hello(tok)
        assert st["you"] == 0
        assert st["table"]["seats"][0]["controller"] == "human"
        st = me.play(game_closed(2))
        assert st["table"]["status"] == "over"


def test_disconnect_hands_the_seat_to_a_bot_after_the_grace_time(client: TestClient) -> None:
    t = create(client, "Anna", "bot", "bot", "bot", grace_s=0.2)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        Seat(ws).hello(tokens(t)[0])
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        watcher = Seat(ws)
        watcher.hello(spectator_key(t))
        st = watcher.until_state(game_closed(1))
        assert st["table"]["seats"][0]["controller"] == "bot"


def test_waiting_table_starts_with_bots_on_request(client: TestClient) -> None:
    t = create(client, "Anna", "human", "bot", "bot", games=2)
    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        st = me.hello(tokens(t)[0])
        assert st["table"]["status"] == "waiting" and st["game"] is None
        assert st["table"]["seats"][1]["controller"] is None
        r = me.reply(me.send({"type": "start"}))
        assert r["type"] == "ack"
        st = me.until_state(lambda s: s["game"] is not None)
        assert st["table"]["seats"][1]["controller"] == "bot"
        st = me.play(game_closed(1))
        assert st["table"]["status"] == "playing"
        # the invited player arrives later (the round still runs) and takes the seat over
        # from the computer
        with client.websocket_connect(f"/ws/{t['code']}") as ws2:
            st = Seat(ws2).hello(tokens(t)[1])
            assert st["you"] == 1 and st["table"]["seats"][1]["controller"] == "human"


def test_policy_helper_is_total() -> None:
    assert first_legal({"game": None, "you": 0}) is None


def test_calls_after_a_concession_then_done(client: TestClient) -> None:
    """A human soloist concedes at once; the human of Kontra may still call (TSR 5.4.7) and the
    game is entered in the Spielliste only when Kontra's people said they are done.

    No chosen deal is needed: the dealer of the first game is seat 0, so seat 1 answers the
    Vorbehaltsabfrage first, and its Lustsolo goes before every later Vorbehalt (the order of
    the Vorbehalte, TSR 4.1; no Pflichtsoli in a round of one game, 4.2). Seat 1 is the
    soloist with any cards."""
    t = create(client, "Anna", "Bert", "bot", "bot")
    tok = tokens(t)

    def named(v: dict[str, Any], action: str) -> dict[str, Any] | None:
        for a in v["legal_actions"]:
            if a["action"] == action and (action != "solo" or a["solo"] == "queens"):
                b = dict(a)
                b.pop("seat")
                return {"type": "action", "action": b}
        return None

    def soloist(st: State) -> dict[str, Any] | None:
        g = st["game"]
        if g is None or g["over"]:
            return None
        v = g["view"]
        for action in ("reservation", "solo", "concede"):
            req = named(v, action)
            if req is not None:
                return req
        return first_legal(st)

    def kontra(st: State) -> dict[str, Any] | None:
        g = st["game"]
        if g is not None and g["done_needed"]:
            # one call of its own (again if the computers of Kontra were faster: they are asked
            # before each action of a person), then "done"
            if not any(c["seat"] == 0 for c in g["view"]["calls"]):
                req = named(g["view"], "call")
                if req is not None:
                    return req
            return {"type": "done"}
        return first_legal(st)

    results: dict[int, State] = {}
    failures: list[BaseException] = []
    with client.websocket_connect(f"/ws/{t['code']}") as w0, \
            client.websocket_connect(f"/ws/{t['code']}") as w1:
        a, b = Seat(w0), Seat(w1)
        a.hello(tok[0])
        b.hello(tok[1])

        def run(seat: Seat, idx: int, policy: Any) -> None:
            try:
                results[idx] = seat.play(game_closed(1), policy=policy)
            except BaseException as e:
                failures.append(e)

        th = threading.Thread(target=run, args=(a, 0, kontra))
        th.start()
        run(b, 1, soloist)
        th.join(60)
        assert not failures, failures
    g = results[0]["game"]
    assert g["result"]["ended"] == "conceded"
    assert g["view"]["soloist"] == 1 and g["view"]["contract"] == "solo_queens"
    kontra_calls = [c for c in g["view"]["calls"] if c["party"] == "kontra"]
    # Anna called after the concession (unless the computers had called schwarz already)
    assert any(c["seat"] == 0 for c in kontra_calls) or max(
        c["level"] for c in kontra_calls) == 5, g["view"]["calls"]
    assert g["row"] is not None and g["row"]["scores"][1] < 0
    # the game was entered in the Spielliste only after Anna's "done"; she is asked for it only
    # while Kontra may still call: not once Kontra's calls reached schwarz (the computers may be
    # that fast, or her own call was schwarz)
    done = next((ref for ref, req in a.sent.items() if req["type"] == "done"), None)
    if done is None:
        assert max(c["level"] for c in kontra_calls) == 5, g["view"]["calls"]
        return
    i = next(i for i, m in enumerate(a.messages) if m["type"] == "ack" and m["ref"] == done)
    before = [m for m in a.messages[:i] if m["type"] == "state" and m["game"] is not None]
    assert before and not any(m["game"]["closed"] for m in before)
    assert any(m["game"]["done_needed"] for m in before)
