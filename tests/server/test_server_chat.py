"""The chat at a table (issue 17): chat lines and quick reactions of the seats, validated by the
schema (length, control characters, lone surrogates, bidirectional overrides), rate-limited per
connection and per seat (flooding is refused, the connection stays open), muted per connection,
kept in memory only (the last lines for a connection that comes back) and never sent to a
spectator unless the table allows it (``chat``: ``off``, ``players``, ``all``)."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import Seat, keyed, seat_keys, spectator_key, table_spec

from doko.server.app import create_app
from doko.server.limits import ChatLimiter, Limits
from doko.server.schema import (
    CHAT_MAX,
    ChatMsg,
    MuteMsg,
    ReactMsg,
    SchemaError,
    parse_message,
)

pytestmark = pytest.mark.timeout(60)


# ------------------------------------------------------------------------------ the schema


def test_a_chat_line_is_trimmed_text() -> None:
    msg = parse_message('{"type": "chat", "text": "  Gut gespielt! <b>x</b>  ", "ref": 3}')
    assert isinstance(msg, ChatMsg)
    assert msg.text == "Gut gespielt! <b>x</b>"  # kept as text; the page shows it as text
    assert msg.ref == 3
    assert isinstance(parse_message('{"type": "react", "reaction": "thumbs"}'), ReactMsg)
    mute = parse_message('{"type": "mute", "seat": 3, "mute": true}')
    assert isinstance(mute, MuteMsg) and mute.seat == 3 and mute.mute


@pytest.mark.parametrize(("raw", "field", "why"), [
    ('{"type": "chat", "text": "' + "x" * (CHAT_MAX + 1) + '"}', "text",
     f"at most {CHAT_MAX} characters"),
    ('{"type": "chat", "text": "' + "ä" * 4 * CHAT_MAX + "ä" + '"}', "text", ""),
    ('{"type": "chat", "text": "   "}', "text", "must not be empty"),
    ('{"type": "chat", "text": "hi\\u0000"}', "text", "control character"),
    ('{"type": "chat", "text": "hi\\u001b[31m"}', "text", "control character"),
    ('{"type": "chat", "text": "a\\nb"}', "text", "control character"),
    ('{"type": "chat", "text": "\\u202eevil"}', "text", "control character"),
    ('{"type": "chat", "text": "\\ud800"}', "text", "Unicode"),
    ('{"type": "chat", "text": "\\udc00x"}', "text", "Unicode"),
    ('{"type": "chat", "text": 5}', "text", ""),
    ('{"type": "chat", "text": ["hi"]}', "text", ""),
    ('{"type": "chat", "text": "hi", "seat": 1}', "seat", ""),
    ('{"type": "chat"}', "text", ""),
    ('{"type": "react", "reaction": "<script>"}', "reaction", ""),
    ('{"type": "react", "reaction": "thumbs", "text": "x"}', "text", ""),
    ('{"type": "mute", "seat": 4, "mute": true}', "seat", ""),
    ('{"type": "mute", "seat": 1, "mute": 1}', "mute", ""),
])
def test_hostile_chat_messages_are_refused(raw: str, field: str, why: str) -> None:
    with pytest.raises(SchemaError) as info:
        parse_message(raw)
    assert info.value.field == field, info.value
    assert why in info.value.text("en")
    assert "\ud800" not in info.value.text("en") and "<script>" not in info.value.text("en")
    assert info.value.text("de").startswith(field + ": ")


def test_a_chat_line_of_the_longest_length_is_accepted() -> None:
    msg = parse_message('{"type": "chat", "text": "' + "ä" * CHAT_MAX + '"}')
    assert isinstance(msg, ChatMsg) and len(msg.text) == CHAT_MAX


# ------------------------------------------------------------------------------ the limiter


class Clock:
    def __init__(self) -> None:
        self.now = 1000.0

    def __call__(self) -> float:
        return self.now


def test_the_limiter_counts_per_connection_and_per_seat() -> None:
    clock = Clock()
    lim = ChatLimiter(Limits(chat_per_min=3, chat_seat_per_min=5), clock=clock)
    assert [lim.hit(1, 0) for _ in range(3)] == [0.0, 0.0, 0.0]
    wait = lim.hit(1, 0)  # the connection's burst is used up
    assert wait == pytest.approx(20.0)
    assert lim.hit(2, 0) == 0.0  # a second device of the same seat
    assert lim.hit(2, 0) == 0.0
    assert lim.hit(3, 0) == pytest.approx(12.0)  # the seat's five are used up
    assert lim.hit(4, 1) == 0.0  # another seat is not affected
    clock.now += 12.0
    assert lim.hit(3, 0) == 0.0  # refilled: one line per 12 s for the seat
    assert lim.hit(3, 0) > 0
    clock.now += 60.0
    lim.forget(1)
    assert lim.hit(1, 0) == 0.0


def test_a_refused_line_takes_no_token() -> None:
    clock = Clock()
    lim = ChatLimiter(Limits(chat_per_min=1, chat_seat_per_min=2), clock=clock)
    assert lim.hit(1, 0) == 0.0
    for _ in range(50):  # flooding while refused does not push the wait further out
        assert lim.hit(1, 0) == pytest.approx(60.0)
    clock.now += 60.0
    assert lim.hit(1, 0) == 0.0


# ------------------------------------------------------------------------------ at a table


@pytest.fixture(name="chat_client", scope="module")
def chat_client_fixture(tmp_path_factory: pytest.TempPathFactory) -> Iterator[TestClient]:
    """One server for the tests here (each uses tables of its own; the chat's limits are per
    table)."""
    path = tmp_path_factory.mktemp("chat") / "doko.sqlite3"
    app = create_app(f"sqlite:///{path}", limits=Limits(chat_per_min=4, chat_seat_per_min=6))
    with TestClient(app) as c:
        yield c


def create(client: TestClient, chat: str | None = None) -> dict[str, Any]:
    extra: dict[str, Any] = {} if chat is None else {"chat": chat}
    r = client.post("/api/tables", json=table_spec("Anna", "Bert", "bot", "bot", games=1,
                                                   **extra))
    assert r.status_code == 201, r.text
    return dict(r.json())


def drain(seat: Seat) -> list[dict[str, Any]]:
    """The chat lines ``seat`` received since the last drain (a ping's answer marks the end:
    everything sent before it has arrived)."""
    ref = seat.send({"type": "ping"})
    seat.until(lambda m: m["type"] == "pong" and m["ref"] == ref)
    lines = [x for m in seat.messages if m["type"] == "chat" for x in m["lines"]]
    start = getattr(seat, "chat_read", 0)
    seat.chat_read = len(lines)  # type: ignore[attr-defined]
    return lines[start:]


def test_players_chat_and_a_spectator_does_not_see_it(chat_client: TestClient) -> None:
    t = create(chat_client)
    keys = seat_keys(t)
    code = t["code"]
    assert chat_client.get(f"/api/tables/{code}", headers=keyed(keys[0])).json()[
        "table"]["chat"] == "players"
    with chat_client.websocket_connect(f"/ws/{code}") as wa, \
            chat_client.websocket_connect(f"/ws/{code}") as wb, \
            chat_client.websocket_connect(f"/ws/{code}") as ws:
        anna, bert, spec = Seat(wa), Seat(wb), Seat(ws)
        anna.hello(keys[0])
        bert.hello(keys[1])
        spec.hello(spectator_key(t))
        ref = anna.send({"type": "chat", "text": "<img src=x onerror=alert(1)> Moin"})
        assert anna.reply(ref)["type"] == "ack"
        anna.send({"type": "react", "reaction": "thumbs"})
        got = drain(bert)
        assert [(x["seat"], x.get("text"), x.get("reaction")) for x in got] == [
            (0, "<img src=x onerror=alert(1)> Moin", None), (0, None, "thumbs")]
        assert got[0]["id"] < got[1]["id"]
        assert [x.get("reaction") for x in drain(anna)] == [None, "thumbs"]  # its own too
        assert drain(spec) == []  # the spectator gets no line
        # a spectator may not write: refused, the connection stays usable
        ref = spec.send({"type": "chat", "text": "hallo"})
        err = spec.reply(ref)
        assert err["type"] == "error" and err["error"] == "chat_spectator"
        assert drain(spec) == [] and drain(bert) == []
        # Bert mutes Anna: her lines no longer reach him (others still get them)
        assert bert.reply(bert.send({"type": "mute", "seat": 0, "mute": True}))["type"] == "ack"
        anna.send({"type": "chat", "text": "noch da?"})
        assert drain(bert) == []
        assert [x.get("text") for x in drain(anna)] == ["noch da?"]
        bert.send({"type": "chat", "text": "ja"})
        assert [x.get("text") for x in drain(anna)] == ["ja"]
        bert.reply(bert.send({"type": "mute", "seat": 0, "mute": False}))
        anna.send({"type": "chat", "text": "gut"})
        assert [x.get("text") for x in drain(bert)] == ["ja", "gut"]  # his own, then hers

    # a connection that comes back gets the lines kept (in memory; nothing is stored)
    with chat_client.websocket_connect(f"/ws/{code}") as wb, \
            chat_client.websocket_connect(f"/ws/{code}") as ws:
        bert, spec = Seat(wb), Seat(ws)
        bert.hello(keys[1])
        log = drain(bert)
        assert [x.get("text") or x.get("reaction") for x in log] == [
            "<img src=x onerror=alert(1)> Moin", "thumbs", "noch da?", "ja", "gut"]
        spec.hello(spectator_key(t))
        assert drain(spec) == []


def test_flooding_is_refused_per_connection_and_per_seat(chat_client: TestClient) -> None:
    t = create(chat_client)
    keys = seat_keys(t)
    with chat_client.websocket_connect(f"/ws/{t['code']}") as w1, \
            chat_client.websocket_connect(f"/ws/{t['code']}") as w2, \
            chat_client.websocket_connect(f"/ws/{t['code']}") as wb:
        a1, a2, bert = Seat(w1), Seat(w2), Seat(wb)
        for s, k in ((a1, keys[0]), (a2, keys[0]), (bert, keys[1])):
            s.hello(k)
        answers = [a1.reply(a1.send({"type": "chat", "text": f"spam {i}"})) for i in range(10)]
        assert [a["type"] for a in answers] == ["ack"] * 4 + ["error"] * 6
        assert {a["error"] for a in answers[4:]} == {"chat_too_fast"}
        assert "try again in 15 s" in answers[4]["message"]
        # Anna's second device: the seat's limit (6) leaves it two
        answers = [a2.reply(a2.send({"type": "react", "reaction": "wow"})) for i in range(4)]
        assert [a["type"] for a in answers] == ["ack", "ack", "error", "error"]
        # Bert is not affected, and what reached him is exactly the lines accepted
        assert bert.reply(bert.send({"type": "chat", "text": "ruhig"}))["type"] == "ack"
        lines = drain(bert)
        assert [x.get("text") or x.get("reaction") for x in lines] == [
            "spam 0", "spam 1", "spam 2", "spam 3", "wow", "wow", "ruhig"]
        # the flooding connection still plays: a ping is answered
        ref = a1.send({"type": "ping"})
        a1.until(lambda m: m["type"] == "pong" and m["ref"] == ref)
        # a hostile line is refused and not counted, nothing is sent
        bad = a1.send('{"type": "chat", "text": "\\ud800", "ref": 99}')
        assert bad == a1.ref
        m = a1.until(lambda m: m["type"] == "error")
        assert m["error"] == "bad_field" and m["message"].startswith("text: ")
        assert drain(bert) == []


@pytest.mark.parametrize(("mode", "spectator_reads", "players_read"), [
    ("all", True, True), ("off", False, False)])
def test_the_table_decides_who_reads(chat_client: TestClient, mode: str,
                                     spectator_reads: bool, players_read: bool) -> None:
    t = create(chat_client, mode)
    keys = seat_keys(t)
    with chat_client.websocket_connect(f"/ws/{t['code']}") as wa, \
            chat_client.websocket_connect(f"/ws/{t['code']}") as ws:
        anna, spec = Seat(wa), Seat(ws)
        st = anna.hello(keys[0])
        assert st["table"]["chat"] == mode
        spec.hello(spectator_key(t))
        answer = anna.reply(anna.send({"type": "chat", "text": "hallo"}))
        if players_read:
            assert answer["type"] == "ack"
        else:
            assert answer["type"] == "error" and answer["error"] == "chat_off"
            anna.send({"type": "lang", "lang": "de"})
            answer = anna.reply(anna.send({"type": "react", "reaction": "laugh"}))
            assert answer["message"] == "an diesem Tisch ist der Chat ausgeschaltet"
        assert [x["text"] for x in drain(spec)] == (["hallo"] if spectator_reads else [])


def test_a_bad_chat_mode_is_refused(chat_client: TestClient) -> None:
    r = chat_client.post("/api/tables", json=table_spec("Anna", "bot", "bot", "bot",
                                                        chat="everyone"))
    assert r.status_code == 422 and r.json()["field"] == "chat"


# ------------------------------------------------------------------------------ migration 0004


def test_migration_0004_gives_older_tables_the_default_chat(tmp_path: Path) -> None:
    """A table stored before migration 0004 reads its chat as ``players`` after it (the column's
    server default), and 0004 downgrades cleanly."""
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from doko.server.db import Store, make_engine, migrate
    from doko.server.hub import TableSpec, validate

    engine = make_engine(f"sqlite:///{tmp_path / 'doko.sqlite3'}")
    migrate(engine)
    store = Store(engine)
    data = validate(TableSpec(chat="all"))
    data.code = "CHAT44"
    store.create_table(data)
    assert store.table("CHAT44").chat == "all"  # type: ignore[union-attr]
    cfg = Config()
    cfg.set_main_option("script_location",
                        str(Path(migrate.__code__.co_filename).parent / "migrations"))
    cfg.set_main_option("sqlalchemy.url", str(engine.url))
    with engine.begin() as conn:
        cfg.attributes["connection"] = conn
        command.downgrade(cfg, "0003")
    with engine.connect() as conn:
        columns = [row[1] for row in conn.execute(text("PRAGMA table_info(tables)"))]
    assert "chat" not in columns
    migrate(engine)
    assert store.table("CHAT44").chat == "players"  # type: ignore[union-attr]
    engine.dispose()
