"""Property tests of the web table's client input (the open-internet review, findings 5 to 8):
random JSON of every shape, and valid requests with one key changed, removed or added, thrown
at every REST route and every socket message type.

Properties, for every request: never a 5xx (nor an ``error`` of kind ``server``, nor an
error in the server's log); every answer is strict JSON; a refused request changes nothing (the
watched table's state and its stored actions are the same afterwards, and no table appears);
and the server answers the next valid request (ping -> pong, ``GET /api/meta`` -> 200).

One app and one client per test function (Hypothesis runs the inner test many times; a
function-scoped fixture would be shared by all of its examples anyway).
"""

from __future__ import annotations

import contextlib
import json
import logging
from collections.abc import Iterator
from pathlib import Path
from typing import Any
from urllib.parse import quote

import pytest
from fastapi.testclient import TestClient
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from server_helpers import (
    Seat,
    keyed,
    spectator_key,
    strict_json,
    table_spec,
)
from starlette.websockets import WebSocketDisconnect

from doko.server.app import create_app
from doko.server.hub import normalize_code
from doko.server.limits import Limits
from doko.server.schema import SchemaError, parse_message

pytestmark = pytest.mark.timeout(300)

FUZZ = settings(max_examples=300, deadline=None,
                suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])

# ------------------------------------------------------------------------------ strategies

#: Characters a hostile client likes: lone surrogates, control and bidi characters, a BOM,
#: private use, unassigned, combining marks, NUL.
NASTY = ["\ud800", "\udfff", "\x00", "\x1b", "\x7f", "\u202e", "\u2066", "\ufeff", "\ue000",
         "\U0010ffff", "\u0378", "\u0301", "\n", '"', "\\", "ß", "İ"]

texts = st.text(alphabet=st.one_of(st.characters(), st.sampled_from(NASTY)), max_size=24)
numbers = st.one_of(
    st.integers(-(2**70), 2**70),
    st.sampled_from([0, 1, -1, 2**31 - 1, 2**31, 2**53 - 1, 2**53, 2**62, 2**63, 2**64]),
    st.floats(allow_nan=True, allow_infinity=True),
)
scalars = st.one_of(st.none(), st.booleans(), numbers, texts)
json_values = st.recursive(
    scalars,
    lambda children: st.one_of(st.lists(children, max_size=4),
                               st.dictionaries(texts, children, max_size=4)),
    max_leaves=12,
)


def one_key_changed(template: dict[str, Any]) -> st.SearchStrategy[Any]:
    """``template`` with one key's value replaced, one key removed or one key added (one level
    down in a nested object too)."""
    keys = sorted(template)

    def change(d: dict[str, Any], key: str, value: Any) -> dict[str, Any]:
        return {**d, key: value}

    def remove(d: dict[str, Any], key: str) -> dict[str, Any]:
        return {k: v for k, v in d.items() if k != key}

    nested = [k for k in keys if isinstance(template[k], dict)]
    options = [
        st.builds(lambda k, v: change(template, k, v), st.sampled_from(keys), json_values),
        st.builds(lambda k: remove(template, k), st.sampled_from(keys)),
        st.builds(lambda k, v: change(template, k, v), texts, json_values),
    ]
    for k in nested:
        sub = template[k]
        options.append(st.builds(lambda kk, v, k=k, sub=sub: change(template, k,
                                                                      change(sub, kk, v)),
                                 st.sampled_from(sorted(sub)) | texts, json_values))
        options.append(st.builds(lambda kk, k=k, sub=sub: change(template, k, remove(sub, kk)),
                                 st.sampled_from(sorted(sub))))
    return st.one_of(options)


def encoded(values: st.SearchStrategy[Any]) -> st.SearchStrategy[str]:
    """JSON text of ``values``, with NaN/Infinity as Python writes them, and lone surrogates
    escaped or raw."""
    return st.builds(lambda v, ascii_: json.dumps(v, ensure_ascii=ascii_), values,
                     st.booleans())


# ------------------------------------------------------------------------------ set-up


def make_app(tmp_path: Path) -> Any:
    # no rate limits (hundreds of requests from one address); new tables pause at once
    return create_app(f"sqlite:///{tmp_path / 'doko.sqlite3'}", limits=Limits(
        create_per_min=0, join_per_min=0, lookup_per_min=0, tables_per_client=100_000,
        tables_total=100_000, connections_per_client=0, idle_pause_s=0.0))


@contextlib.contextmanager
def two_people(c: TestClient) -> Iterator[tuple[dict[str, Any], Seat, Seat]]:
    """A table of Anna (seat 0), Bert (seat 1) and two computers; the first game waits for Bert
    (seat 1 answers the Vorbehaltsabfrage first), so nothing moves: every change would be one
    made by a request."""
    t = c.post("/api/tables", json=table_spec("Anna", "Bert", "bot", "bot", games=2)).json()
    with c.websocket_connect(f"/ws/{t['code']}") as w0, \
            c.websocket_connect(f"/ws/{t['code']}") as w1:
        anna, bert = Seat(w0), Seat(w1)
        anna.hello(t["seats"][0]["token"])
        bert.hello(t["seats"][1]["token"])
        bert.until_state(lambda s: s["game"] is not None and s["game"]["view"]["to_move"] == 1)
        yield t, anna, bert


def table_state(c: TestClient, t: dict[str, Any]) -> Any:
    r = c.get(f"/api/tables/{t['code']}", headers=keyed(t["seats"][0]["token"]))
    assert r.status_code == 200, r.text
    return r.json()


def action_count(app: Any, code: str) -> int:
    store = app.state.store
    data = store.table(code)
    assert data is not None
    return sum(len(g.actions) for g in store.games(data.id))


def no_server_errors(caplog: pytest.LogCaptureFixture) -> None:
    bad = [r for r in caplog.records if r.name.startswith("doko") and r.levelno >= logging.ERROR]
    assert not bad, [r.getMessage()[:300] for r in bad]


# ------------------------------------------------------------------------------ REST

SPEC = {"name": "Tisch", "rules": "tsr", "games": 4, "pflichtsoli": None, "public": False,
        "bot_takeover": True, "takeover_level": "random", "bot_delay_ms": 0, "grace_s": 30.0,
        "seats": [{"kind": "human", "name": "Anna"}, {"kind": "bot", "level": "random"},
                  {"kind": "open"}, {"kind": "bot"}], "seed": None}

bodies = st.one_of(encoded(json_values), encoded(one_key_changed(SPEC)),
                   encoded(one_key_changed({"name": "Gast"})),
                   st.text(max_size=40), st.binary(max_size=40).map(
                       lambda b: b.decode("latin-1")))


def test_fuzz_rest_bodies(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Findings 5, 6, 8: random bodies for ``POST /api/tables`` and ``POST .../join`` (random
    JSON, the full table spec or a join with one key changed, removed or added, and text that
    is no JSON): never a 5xx, a strict-JSON answer, a refusal creates nothing and takes no
    seat, and the watched table is unchanged."""
    app = make_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c, two_people(c) as (t, anna, _b):
        full = c.post("/api/tables", json=table_spec("Anna", "Bert", "bot", "bot",
                                                     public=True)).json()
        before = table_state(c, t)
        actions = action_count(app, t["code"])
        answered: dict[int, int] = {}

        @FUZZ
        @given(body=bodies, where=st.sampled_from(["create", "join", "join-unknown"]))
        @example(body='{"rules": "skat"}', where="create")  # 400
        @example(body='{"games": "24"}', where="create")  # 422
        @example(body='{"name": "Gast"}', where="join")  # 409
        @example(body='{"name": "\\ud800"}', where="join")  # 422
        def check(body: str, where: str) -> None:
            path = {"create": "/api/tables", "join": f"/api/tables/{full['code']}/join",
                    "join-unknown": "/api/tables/ZZZZZZ/join"}[where]
            tables = len(app.state.store.all_tables())
            r = c.post(path, content=body.encode("utf-8", "surrogatepass"),
                       headers={"content-type": "application/json"})
            answered[r.status_code] = answered.get(r.status_code, 0) + 1
            assert r.status_code < 500, (path, body[:200], r.text)
            answer = strict_json(r.text)
            if r.status_code >= 400:
                assert isinstance(answer["detail"], str) and answer["detail"]
                assert len(app.state.store.all_tables()) == tables
            if where == "join":  # both seats are reserved: nobody gets one
                assert r.status_code in (409, 413, 400, 422), r.text
            assert table_state(c, t) == before
            assert action_count(app, t["code"]) == actions
            assert c.get("/api/meta").status_code == 200

        check()
        # the property was tried on refusals of each kind, and on some valid specs
        assert {400, 409, 422}.issubset(answered), answered
        anna.ws.send_text(json.dumps({"type": "ping", "ref": 1}))
        assert anna.until(lambda m: m["type"] == "pong")["ref"] == 1
    no_server_errors(caplog)


def _path_text(value: str) -> str:
    return quote(value, safe="", errors="surrogatepass")


keys = st.one_of(st.none(), texts, st.binary(max_size=80).map(
    lambda b: bytes(x for x in b if x >= 0x20 and x != 0x7f)))
#: Random table codes (a path segment: never empty).
codes = st.one_of(texts, st.text(alphabet="ABCDEFGHJKLMNPQRSTUVWXYZ23456789-abc ",
                                 max_size=20)).filter(bool)
game_numbers = st.one_of(numbers.map(lambda n: str(n) if not isinstance(n, float) else repr(n)),
                         texts)


def test_fuzz_rest_reads(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Findings 7, 8: every GET by code with random codes (the table's own too), numbers and
    keys (random text and bytes, the table's keys): never a 5xx, strict JSON, a private table
    read only with one of its keys, the same 404 for it as for an unknown code without one, and
    nothing changes."""
    app = make_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c, two_people(c) as (t, anna, _b):
        before = table_state(c, t)
        actions = action_count(app, t["code"])
        table_keys = [t["seats"][0]["token"], t["seats"][1]["token"], spectator_key(t)]
        answered: dict[int, int] = {}

        @FUZZ
        @given(code=st.one_of(st.just(t["code"]), st.just(t["code"].lower()), codes),
               route=st.sampled_from(["", "/rounds", "/rounds/{n}/sheet", "/games",
                                      "/games/{n}", "/games/{n}/record"]),
               n=game_numbers, key=st.one_of(keys, st.sampled_from(table_keys)))
        @example(code=t["code"], route="", n="1", key=table_keys[0])  # 200
        @example(code=t["code"], route="/games/{n}", n="1", key=table_keys[2])  # 409: running
        @example(code=t["code"], route="", n="1", key=None)  # 404
        @example(code=t["code"], route="/games/{n}", n="99999999999999999999",
                 key=table_keys[1])  # 422
        @example(code=t["code"], route="", n="1", key=b"\xe4\xe4")  # a key no key is
        @example(code="/", route="", n="0", key=None)  # 307 to the public list
        @example(code=t["code"], route="/games/{n}", n="", key=None)  # 307 to /games: 404
        def check(code: str, route: str, n: str, key: str | bytes | None) -> None:
            path = f"/api/tables/{_path_text(code)}" + route.replace("{n}", _path_text(n))
            headers = None
            if key is not None:
                raw = key if isinstance(key, bytes) else key.encode("utf-8", "surrogatepass")
                if any(b < 0x20 or b == 0x7f for b in raw):
                    raw = bytes(b for b in raw if b >= 0x20 and b != 0x7f)
                headers = [(b"X-Doko-Key", raw)]
            r = c.get(path, headers=headers, follow_redirects=False)
            answered[r.status_code] = answered.get(r.status_code, 0) + 1
            assert r.status_code < 500, (path, key, r.text)
            if 300 <= r.status_code < 400:
                # a path that ends in a slash (an empty number; a code of slashes, "%2F" being
                # "/") goes to the same path without it (Starlette's redirect_slashes); a code
                # of slashes so reaches the public list, where no table is read
                target = r.headers["location"].removeprefix("http://testserver")
                assert target.startswith("/api/tables") and not target.endswith("/"), \
                    (path, r.headers)
                if target == "/api/tables":
                    assert code.strip("/") == "", (path, code)
                    return
                r = c.get(target, headers=headers, follow_redirects=False)
                assert not 300 <= r.status_code < 400, (path, target, r.headers)
                assert r.status_code < 500, (target, key, r.text)
            strict_json(r.text)
            ours = normalize_code(code) == t["code"]
            if r.status_code == 200:
                assert ours and key in table_keys, (path, key)
            if ours and key not in table_keys and r.status_code == 404:
                other = c.get(path.replace(_path_text(code), "ZZZZZZ"), headers=headers)
                assert other.status_code == 404
                assert other.json()["detail"].replace("ZZZZZZ", "?") == \
                    r.json()["detail"].replace(code, "?")
            assert table_state(c, t) == before
            assert action_count(app, t["code"]) == actions

        check()
        assert {200, 404, 409, 422}.issubset(answered), answered
        anna.ws.send_text(json.dumps({"type": "ping", "ref": 1}))
        assert anna.until(lambda m: m["type"] == "pong")["ref"] == 1
    no_server_errors(caplog)


# ------------------------------------------------------------------------------ socket

#: One valid message of each type (``token`` is replaced by Anna's key).
MESSAGES: list[dict[str, Any]] = [
    {"type": "hello", "token": "KEY", "lang": "en", "name": "Anna", "ref": 1},
    {"type": "action", "action": {"action": "play", "card": "QC"}, "ref": 2},
    {"type": "action", "action": {"action": "solo", "solo": "queens", "seat": 0}, "ref": 3},
    {"type": "action", "action": {"action": "call", "call": "re"}, "ref": "r"},
    {"type": "action", "action": {"action": "healthy"}, "ref": None},
    {"type": "action", "action": {"action": "claim"}},
    {"type": "action", "action": {"action": "play", "card": "ZZ"}, "ref": 13},
    {"type": "name", "name": "Anna", "ref": 4},
    {"type": "lang", "lang": "de", "ref": 5},
    {"type": "ping", "ref": 6},
    {"type": "state", "ref": 7},
    {"type": "next", "ref": 8},
    {"type": "done", "ref": 9},
    {"type": "start", "ref": 10},
    {"type": "new_round", "ref": 11},
    {"type": "leave", "ref": 12},
    {"type": "chat", "text": "Gut gespielt!", "ref": 14},
    {"type": "react", "reaction": "thumbs", "ref": 15},
    {"type": "mute", "seat": 1, "mute": True, "ref": 16},
]

#: Messages that would change the table if they are valid (they are not sent then: the
#: property is about refused messages; the tests of test_server_ws cover these).
CHANGING = ("leave", "name", "hello")

_mutated = st.sampled_from(MESSAGES).flatmap(lambda m: encoded(one_key_changed(m)))
frames = st.one_of(
    st.sampled_from(MESSAGES).map(json.dumps),  # valid, but refused: seat 0 is not on turn
    _mutated, _mutated, _mutated,  # (one_of picks its branches about equally often)
    encoded(json_values),
    st.sampled_from(MESSAGES).map(lambda m: json.dumps({**m, "type": m["type"].upper()})),
    st.text(max_size=60),
    st.binary(max_size=60),
)


def test_fuzz_socket_messages(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Findings 5, 6, 8, 9: random frames (random JSON; each message type with one key changed,
    removed or added; text that is no JSON; binary frames) from a seat that is not on turn:
    each is answered (an error that names no seat 0 and carries only a valid ``ref``, or the
    reply of a valid request), the table and its stored actions are unchanged after each
    refusal, and the seat's next ping gets its pong. A refused hello closes the connection
    (as documented); the seat then connects again."""
    app = make_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c, two_people(c) as (t, first, _b):
        anna = [first]
        key = t["seats"][0]["token"]
        watcher_ctx = c.websocket_connect(f"/ws/{t['code']}")
        watcher = Seat(watcher_ctx.__enter__())
        watcher.hello(spectator_key(t))
        stack = contextlib.ExitStack()
        stack.callback(watcher_ctx.__exit__, None, None, None)
        seen: dict[str, int] = {}

        def snapshot() -> tuple[Any, int]:
            st_ = watcher.fresh_state()
            return ({k: v for k, v in st_.items() if k != "now"},
                    action_count(app, t["code"]))

        def reconnect() -> None:
            ctx = c.websocket_connect(f"/ws/{t['code']}")
            seat = Seat(ctx.__enter__())
            stack.callback(ctx.__exit__, None, None, None)
            seat.hello(key)
            anna[0] = seat

        baseline = [snapshot()]

        @FUZZ
        @given(frame=frames)
        @example(frame="not JSON")
        @example(frame=b"\x00binary")
        @example(frame='{"type": "ping", "ref": NaN}')
        @example(frame='{"type": "name", "name": "\\ud800"}')
        @example(frame='{"type": "action", "action": {"action": "healthy", "seat": 1}}')
        def check(frame: str | bytes) -> None:
            me = anna[0]
            if isinstance(frame, str):
                try:
                    msg = parse_message(frame)
                    if msg.type in CHANGING:
                        return
                except SchemaError:
                    pass
                me.ws.send_text(frame)
            else:
                me.ws.send_bytes(frame)
            ref = 10**9 + len(me.messages)
            closed = False
            replies: list[dict[str, Any]] = []
            try:
                me.ws.send_text(json.dumps({"type": "ping", "ref": ref}))
                while True:
                    m = me.recv(timeout=20)
                    if m["type"] == "pong" and m["ref"] == ref:
                        break
                    replies.append(m)
            except WebSocketDisconnect:
                closed = True
            errors = [m for m in replies if m["type"] == "error"]
            for e in errors:
                seen[e["error"]] = seen.get(e["error"], 0) + 1
                assert e["error"] != "server", (frame, e)
                assert isinstance(e["message"], str) and e["message"]
                assert "seat 0" not in e["message"] and "Platz 0" not in e["message"]
                assert e["ref"] is None or isinstance(e["ref"], int | str)
            if closed:
                assert errors and errors[-1]["error"] in ("no_table", "bad_token"), replies
                reconnect()
                baseline[0] = snapshot()
                return
            if errors:
                assert snapshot() == baseline[0], (frame, errors)
            else:  # a valid request that changes nothing: state, lang, ping, chat, mute
                assert all(m["type"] in ("pong", "state", "ack", "chat") for m in replies), \
                    replies
                assert snapshot()[1] == baseline[0][1]

        for m in MESSAGES:  # each type as it is valid, besides the random ones
            check = example(frame=json.dumps(m))(check)
        with stack:
            check()
            # every kind of refusal was tried
            assert {"malformed", "unknown_type", "bad_field", "illegal", "bad_action",
                    "not_between", "not_your_seat"}.issubset(seen), sorted(seen.items())
            anna[0].ws.send_text(json.dumps({"type": "ping", "ref": "end"}))
            assert anna[0].until(lambda m: m["type"] == "pong")["ref"] == "end"
            assert c.get("/api/meta").status_code == 200
    no_server_errors(caplog)


def test_fuzz_socket_hello(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    """Findings 5, 7, 8: random first messages on fresh connections to a private table, an
    unknown code and random codes: each gets one error (the connection is closed for a
    ``no_table``/``bad_token``, stays open otherwise), no random key opens the private table,
    and it stays unchanged."""
    app = make_app(tmp_path)
    with TestClient(app, raise_server_exceptions=False) as c, two_people(c) as (t, anna, _b):
        before = table_state(c, t)
        hello = {"type": "hello", "token": "x" * 24, "lang": "de", "name": "Gast", "ref": 1}
        seen: dict[str, int] = {}

        @settings(max_examples=200, deadline=None,
                  suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
        @given(frame=st.one_of(encoded(one_key_changed(hello)), encoded(json_values)),
               code=st.one_of(st.just(t["code"]), st.just("ZZZZZZ"),
                              codes.filter(lambda x: "/" not in x)))
        @example(frame=json.dumps(hello), code=t["code"])  # no_table: a private table
        @example(frame=json.dumps({**hello, "lang": "fr"}), code=t["code"])  # bad_field
        @example(frame="[" * 100 + "]" * 100, code="ZZZZZZ")  # malformed
        def check(frame: str, code: str) -> None:
            with c.websocket_connect(f"/ws/{_path_text(code)}") as ws:
                s = Seat(ws)
                s.ws.send_text(frame)
                m = s.recv(timeout=20)
                assert m["type"] == "error", (frame, m)
                seen[m["error"]] = seen.get(m["error"], 0) + 1
                assert m["error"] != "server"
                if m["error"] in ("no_table", "bad_token"):
                    with pytest.raises(WebSocketDisconnect):
                        s.recv(timeout=10)
                else:
                    s.ws.send_text('{"type": "ping", "ref": 2}')
                    m = s.until(lambda x: x["type"] in ("pong", "error"))
                    assert m["type"] == "error" and m["error"] == "hello_first", m
            assert table_state(c, t) == before

        check()
        assert {"no_table", "bad_field", "malformed"}.issubset(seen), seen
        anna.ws.send_text(json.dumps({"type": "ping", "ref": 1}))
        assert anna.until(lambda m: m["type"] == "pong")["ref"] == 1
    no_server_errors(caplog)
