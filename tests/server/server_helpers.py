"""Helpers for the web-table tests: fixtures (an app on a fresh SQLite file and its
TestClient), a seat played over a WebSocket, a server subprocess.

The fixtures live here, not in a ``conftest.py``, because the engine tests import the top-level
``tests/conftest.py`` as the module ``conftest``; a test module uses them with
``from server_helpers import app_fixture, client_fixture, db_url_fixture  # noqa: F401``.

Keys: a private table (the default) is read with a seat's or the spectator key in the header
``X-Doko-Key`` (:func:`keyed`) and watched with the spectator key from the create answer's
``spectate`` link (:func:`spectator_key`); without one it is as unknown as a code that does
not exist. The first socket message is always ``hello``.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import anyio
import httpx
import pytest


@pytest.fixture(name="db_url")
def db_url_fixture(tmp_path: Path) -> str:
    return f"sqlite:///{tmp_path / 'doko.sqlite3'}"


@pytest.fixture(name="app")
def app_fixture(db_url: str) -> Any:
    from doko.server.app import create_app

    return create_app(db_url)


@pytest.fixture(name="client")
def client_fixture(app: Any) -> Iterator[Any]:
    from fastapi.testclient import TestClient

    with TestClient(app) as c:
        yield c


class ByAddress:
    """ASGI wrapper for the per-client limits: a request's client address is taken from the
    test header ``x-test-client`` (one TestClient, one event loop, many "addresses")."""

    def __init__(self, app: Any, default: str = "testclient") -> None:
        self.app = app
        self.default = default

    async def __call__(self, scope: Any, receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            host = self.default
            for name, value in scope.get("headers", []):
                if name == b"x-test-client":
                    host = value.decode("latin-1")
            scope = {**scope, "client": (host, 5000)}
        await self.app(scope, receive, send)


def address(host: str) -> dict[str, str]:
    """The headers that make a request come from ``host`` (with :class:`ByAddress`)."""
    return {"x-test-client": host}


# ------------------------------------------------------------------------------ cards in text

_SYMBOL_RE = re.compile(r"[♣♠♥♦](?:10|[9JQKADB])")
_CODE_RE = re.compile(r"\b(?:[9TJQKA]|10)[CSHD]\b")


def _card_words() -> tuple[dict[str, int], dict[str, int], re.Pattern[str]]:
    from doko.engine.cards import card_name, card_symbol

    symbols = {card_symbol(k, lang): k for k in range(24) for lang in ("en", "de")}
    names = {card_name(k, lang).lower(): k for k in range(24) for lang in ("en", "de")}
    pattern = re.compile("|".join(re.escape(n) for n in sorted(names, key=len, reverse=True)))
    return symbols, names, pattern


def cards_named(text: str) -> set[str]:
    """The card codes (``"QC"``) a text names: by symbol (♣Q, ♣D, ♥10), code (QC, 10H) or name
    (queen of clubs, Kreuz-Dame), in English or German."""
    from doko.engine.cards import card_code

    symbols, names, pattern = _card_words()
    found = {card_code(symbols[m]) for m in _SYMBOL_RE.findall(text) if m in symbols}
    found |= {m.replace("10", "T") for m in _CODE_RE.findall(text)}
    found |= {card_code(names[m]) for m in pattern.findall(text.lower())}
    return found


#: Fixed wordings of the rules that name a card whatever the deal (TSR 4.4.1, 4.1.6: both ♣Q
#: make a Hochzeit): they tell nothing about the hands.
RULE_WORDINGS = ("both ♣Q", "beide Kreuz-Damen")


def hidden_cards_named(text: str, visible: set[str]) -> set[str]:
    """The cards ``text`` names that are not in ``visible`` (card codes), leaving out the
    fixed wordings of :data:`RULE_WORDINGS`."""
    for wording in RULE_WORDINGS:
        text = text.replace(wording, "")
    return cards_named(text) - visible


def visible_cards(state: State) -> set[str]:
    """What the receiver of a state message can see: its own hand and every card played."""
    g = state["game"]
    if g is None:
        return set()
    v = g["view"]
    return set(v["hand"]) | {a["card"] for a in v["history"] if a["action"] == "play"}


CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run",
    "--disable-background-networking", "--disable-component-update", "--disable-sync",
]



@contextlib.contextmanager
def chromium(*extra_args: str) -> Iterator[Any]:
    """Debian's Chromium driven by Playwright for one test module (skips the module when it is
    not installed: ``make browser`` installs it); ``extra_args`` after :data:`CHROMIUM_ARGS`."""
    if not Path(CHROMIUM).exists():
        pytest.skip(f"Debian's Chromium is not installed at {CHROMIUM} "
                    "(`make browser` installs it: apt-get install chromium)")
    from playwright.sync_api import sync_playwright

    with sync_playwright() as p:
        b = p.chromium.launch(executable_path=CHROMIUM, headless=True,
                              args=[*CHROMIUM_ARGS, *extra_args])
        try:
            yield b
        finally:
            b.close()


State = dict[str, Any]


def first_legal(state: State) -> dict[str, Any] | None:
    """The request a simple player makes now: the first legal action on its turn, "done" after
    a concession, "next" between games; None when there is nothing to do."""
    g = state["game"]
    seat = state["you"]
    if g is None or seat is None:
        return None
    if g["closed"]:
        table = state["table"]
        if table["status"] == "playing" and not table["seats"][seat]["ready"]:
            return {"type": "next"}
        return None
    if g["done_needed"]:
        return {"type": "done"}
    v = g["view"]
    if not g["over"] and v["to_move"] == seat and v["legal_actions"]:
        a = dict(v["legal_actions"][0])
        a.pop("seat")
        return {"type": "action", "action": a}
    return None


def apply_update(state: State | None, m: dict[str, Any]) -> State:
    """The state after the ``update`` message ``m`` (docs/server.md), as the browser makes it:
    a new dict (``state`` is left as it was). An update must apply to the state held: its
    ``base`` is that state's ``version``, and a ``change`` needs a game."""
    assert m["type"] == "update", m
    assert state is not None, f"an update before any state: {m}"
    assert m["base"] == state["version"], f"update for version {m['base']}, " \
        f"held: {state['version']}"
    out = {**state, "type": "state", "version": m["version"], "now": m["now"]}
    for key in ("table", "thinking", "sheet", "game"):
        if key in m:
            out[key] = m[key]
    change = m.get("change")
    if change is not None:
        assert "game" not in m and state["game"] is not None, m
        game = {**state["game"], **change.get("game", {})}
        v = {**state["game"]["view"], **change.get("view", {})}
        v["history"] = v["history"] + change.get("history", [])
        v["tricks"] = v["tricks"] + change.get("tricks", [])
        game["view"] = v
        out["game"] = game
    return out


def update_ack(m: dict[str, Any]) -> list[dict[str, Any]]:
    """The ``ack`` an ``update`` stands for (``"ack": ref``: it answers the action of this
    connection with that ``ref``, docs/server.md), as the message the server sends otherwise;
    none if it answers nothing."""
    if m["type"] != "update" or "ack" not in m:
        return []
    return [{"type": "ack", "ref": m["ack"], "version": m["version"]}]


def strict_json(text: str) -> Any:
    """``json.loads`` refusing NaN and Infinity, as a browser's ``JSON.parse`` does: every
    message of the server must be valid JSON."""
    def refuse(name: str) -> None:
        raise ValueError(f"the server sent {name}, which is not JSON")
    return json.loads(text, parse_constant=refuse)


class Seat:
    """A WebSocket of the Starlette TestClient with receive timeouts and a message log (each
    message must be strict JSON: :func:`strict_json`)."""

    def __init__(self, ws: Any, timeout: float = 20.0) -> None:
        self.ws = ws
        self.timeout = timeout
        #: the messages received, an ``update`` as the whole state it makes (``raw``: as sent);
        #: an update that answers this connection's action (``"ack": ref``) is logged as that
        #: state and then as the ``ack`` it stands for
        self.messages: list[dict[str, Any]] = []
        self.raw: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []  # the acks of updates, logged next
        self.state: State | None = None
        self.pending: int | None = None
        self.ref = 0
        self.errors: list[dict[str, Any]] = []
        self.acted = 0
        #: the requests sent, by their ref
        self.sent: dict[int, dict[str, Any]] = {}

    def recv(self, timeout: float | None = None) -> dict[str, Any]:
        limit = self.timeout if timeout is None else timeout

        async def receive() -> Any:
            with anyio.fail_after(limit):
                return await self.ws._send_rx.receive()

        if self.acks:
            m = self.acks.pop(0)
        else:
            message = self.ws.portal.call(receive)
            self.ws._raise_on_close(message)
            m = strict_json(message["text"])
            self.raw.append(m)
            if m["type"] == "update":  # logged as the state it makes
                self.acks += update_ack(m)
                m = apply_update(self.state, m)
        self.messages.append(m)
        if m["type"] == "state":
            if "sheet" not in m:  # sent only when it changed
                m["sheet"] = self.state["sheet"] if self.state is not None else None
            self.state = m
        elif m["type"] in ("ack", "error") and m.get("ref") is not None \
                and m.get("ref") == self.pending:
            self.pending = None
        if m["type"] == "error":
            self.errors.append(m)
        return m

    def send(self, msg: dict[str, Any] | str) -> int:
        self.ref += 1
        if isinstance(msg, dict):
            self.sent[self.ref] = msg
            msg = json.dumps({**msg, "ref": self.ref})
        self.ws.send_text(msg)
        return self.ref

    def request(self, msg: dict[str, Any]) -> int:
        self.pending = self.send(msg)
        return self.pending

    def hello(self, token: str | None, lang: str = "en") -> State:
        self.send({"type": "hello", "token": token, "lang": lang})
        return self.until_state(lambda s: True)

    def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            m = self.recv()
            if pred(m):
                return m

    def until_state(self, pred: Callable[[State], bool]) -> State:
        m = self.until(lambda m: m["type"] == "state" and pred(m))
        return m

    def reply(self, ref: int) -> dict[str, Any]:
        """The ack or error answering request ``ref``."""
        return self.until(lambda m: m["type"] in ("ack", "error") and m.get("ref") == ref)

    def fresh_state(self) -> State:
        """The table's state now: the answer to a ``state`` request (states queued before it
        are skipped; a ping after the request marks where its answer is)."""
        self.send({"type": "state"})
        ref = self.send({"type": "ping"})
        latest: State | None = None
        while True:
            m = self.recv()
            if m["type"] == "state":
                latest = m
            elif m["type"] == "pong" and m["ref"] == ref:
                assert latest is not None
                return latest

    def play(self, until: Callable[[State], bool],
             policy: Callable[[State], dict[str, Any] | None] = first_legal,
             on_state: Callable[[Seat, State], None] | None = None,
             max_messages: int = 20000) -> State:
        """Play this seat with ``policy`` until ``until(state)``; returns that state."""
        if self.state is not None and self.pending is None:
            req = policy(self.state)
            if req is not None:
                self.request(req)
                self.acted += 1
        for _ in range(max_messages):
            m = self.recv()
            st = self.state
            if st is None:
                continue
            if m["type"] == "state":
                if on_state is not None:
                    on_state(self, st)
                if until(st):
                    return st
            if self.pending is None and m["type"] in ("state", "ack", "error"):
                req = policy(st)
                if req is not None:
                    self.request(req)
                    self.acted += 1
        raise AssertionError("the game did not end")


def game_closed(number: int = 1) -> Callable[[State], bool]:
    def pred(st: State) -> bool:
        g = st["game"]
        return g is not None and g["number"] == number and g["closed"]
    return pred


def table_spec(*kinds: str, games: int | None = 1, delay: int = 0, **kw: Any) -> dict[str, Any]:
    """A table spec: ``kinds`` like ``"human"`` (or a name: a reserved person's seat), ``"open"``
    (a public table's seat for a stranger) or ``"bot"``/``"bot:random"`` per seat."""
    seats: list[dict[str, Any]] = []
    for k in kinds:
        if k.startswith("bot"):
            seats.append({"kind": "bot", "level": k.split(":")[1] if ":" in k else "random"})
        elif k == "open":
            seats.append({"kind": "open"})
        else:
            seats.append({"kind": "human", "name": k if k != "human" else None})
    return {"games": games, "bot_delay_ms": delay, "seats": seats,
            "takeover_level": "random", **kw}


def link_key(link: str) -> str:
    """The key in the fragment of an invitation or spectator link (``/t/CODE#KEY``)."""
    _path, sep, key = link.partition("#")
    assert sep and key, link
    return key


def spectator_key(table: dict[str, Any]) -> str:
    """The spectator key of a table from its create answer."""
    return link_key(str(table["spectate"]))


def seat_keys(table: dict[str, Any]) -> list[str | None]:
    """Each seat's key from a create answer (None: a computer player or an open seat)."""
    return [s["token"] for s in table["seats"]]


def keyed(key: str | None) -> dict[str, str]:
    """The headers of a REST read with ``key`` (a seat's or the spectator key)."""
    return {} if key is None else {"X-Doko-Key": key}


# ------------------------------------------------------------------------------ subprocess


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port: int = s.getsockname()[1]
        return port


class Server:
    """``doko serve`` in a subprocess on a free loopback port.

    The operator key goes to ``admin_key_file`` (by default next to the log, never into the
    working directory); ``limits`` are ``--limit KEY=VALUE`` pairs."""

    def __init__(self, db_path: Path, log_path: Path, port: int | None = None,
                 limits: list[str] | None = None, admin_key_file: Path | None = None) -> None:
        self.db_url = f"sqlite:///{db_path}"
        self.log_path = log_path
        self.port = port or free_port()
        self.limits = list(limits or [])
        self.admin_key_file = admin_key_file or log_path.with_name(log_path.stem + "-admin.key")
        self.proc: subprocess.Popen[bytes] | None = None

    @property
    def admin_key(self) -> str:
        """The operator key the server wrote at its latest start."""
        return self.admin_key_file.read_text(encoding="utf-8").strip()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def ws_url(self) -> str:
        return f"ws://127.0.0.1:{self.port}"

    def start(self, timeout: float = 30.0) -> Server:
        log = self.log_path.open("ab")
        env = {**os.environ, "PYTHONUNBUFFERED": "1"}
        self.proc = subprocess.Popen(
            [sys.executable, "-m", "doko.cli", "serve", "--host", "127.0.0.1",
             "--port", str(self.port), "--db", self.db_url, "--log-level", "warning",
             "--admin-key-file", str(self.admin_key_file),
             *(arg for pair in self.limits for arg in ("--limit", pair))],
            stdout=log, stderr=subprocess.STDOUT, env=env, start_new_session=True)
        log.close()
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise RuntimeError(f"the server exited: {self.log_path.read_text()[-3000:]}")
            with contextlib.suppress(httpx.HTTPError):
                if httpx.get(self.url + "/api/meta", timeout=2).status_code == 200:
                    return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"the server did not start: {self.log_path.read_text()[-3000:]}")

    def kill(self) -> None:
        """Stop the server abruptly (SIGKILL), like a crash."""
        if self.proc is not None and self.proc.poll() is None:
            os.kill(self.proc.pid, signal.SIGKILL)
            self.proc.wait(10)
        self.proc = None

    def stop(self) -> None:
        if self.proc is not None and self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(10)
            except subprocess.TimeoutExpired:
                self.proc.kill()
                self.proc.wait(10)
        self.proc = None


@contextlib.contextmanager
def running_server(tmp: Path, name: str = "doko") -> Iterator[Server]:
    server = Server(tmp / f"{name}.sqlite3", tmp / f"{name}.log").start()
    try:
        yield server
    finally:
        server.stop()


# ------------------------------------------------------------------------------ real sockets


class WsSeat:
    """A seat played over a real WebSocket (the ``websockets`` client) with timeouts."""

    def __init__(self, url: str, token: str | None, timeout: float = 20.0) -> None:
        self.url = url
        self.token = token
        self.timeout = timeout
        self.ws: Any = None
        #: the messages received, an ``update`` as the whole state it makes (``raw``: as sent);
        #: an update that answers this connection's action (``"ack": ref``) is logged as that
        #: state and then as the ``ack`` it stands for
        self.messages: list[dict[str, Any]] = []
        self.raw: list[dict[str, Any]] = []
        self.acks: list[dict[str, Any]] = []  # the acks of updates, logged next
        self.state: State | None = None
        self.pending: int | None = None
        self.ref = 0
        self.errors: list[dict[str, Any]] = []

    async def __aenter__(self) -> WsSeat:
        from websockets.asyncio.client import connect

        self.ws = await connect(self.url, open_timeout=self.timeout, close_timeout=5)
        await self.send({"type": "hello", "token": self.token, "lang": "en"})
        await self.until_state(lambda s: True)
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.ws.close()

    async def send(self, msg: dict[str, Any] | str) -> int:
        self.ref += 1
        await self.ws.send(json.dumps({**msg, "ref": self.ref}) if isinstance(msg, dict)
                           else msg)
        return self.ref

    async def recv(self) -> dict[str, Any]:
        import asyncio

        if self.acks:
            m: dict[str, Any] = self.acks.pop(0)
        else:
            m = strict_json(await asyncio.wait_for(self.ws.recv(), self.timeout))
            self.raw.append(m)
            if m["type"] == "update":  # logged as the state it makes
                self.acks += update_ack(m)
                m = apply_update(self.state, m)
        self.messages.append(m)
        if m["type"] == "state":
            if "sheet" not in m:  # sent only when it changed
                m["sheet"] = self.state["sheet"] if self.state is not None else None
            self.state = m
        elif m["type"] in ("ack", "error") and m.get("ref") is not None \
                and m.get("ref") == self.pending:
            self.pending = None
        if m["type"] == "error":
            self.errors.append(m)
        return m

    async def until(self, pred: Callable[[dict[str, Any]], bool]) -> dict[str, Any]:
        while True:
            m = await self.recv()
            if pred(m):
                return m

    async def until_state(self, pred: Callable[[State], bool]) -> State:
        return await self.until(lambda m: m["type"] == "state" and pred(m))

    async def play(self, until: Callable[[State], bool],
                   policy: Callable[[State], dict[str, Any] | None] = first_legal) -> State:
        if self.state is not None and until(self.state):
            return self.state
        while True:
            if self.pending is None and self.state is not None:
                req = policy(self.state)
                if req is not None:
                    self.pending = await self.send(req)
            m = await self.recv()
            if m["type"] == "state" and until(m):
                return m
