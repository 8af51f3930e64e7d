"""The FastAPI application of the web table: REST, WebSocket and the browser UI.

``create_app(db_url)`` migrates the database to the newest schema and returns the app. Tables
are loaded when somebody opens them. The protocol is in ``docs/server.md``.

Everything a client sends is validated by :mod:`doko.server.schema` before it reaches a
table: bodies and messages are bounded in size and nesting before they are parsed, every bad
request gets a 4xx (REST) or an ``error`` message naming the field (the socket stays open), and
nothing changes. Requests are rate-limited per client address (:mod:`doko.server.limits`).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import json
import logging
import secrets
from collections import Counter
from collections.abc import AsyncIterator, Awaitable, Callable, Coroutine
from contextlib import asynccontextmanager
from functools import partial
from pathlib import Path
from typing import Annotated, Any

from fastapi import Depends, FastAPI, Header, HTTPException, Request, WebSocket
from fastapi import Path as PathParam
from fastapi.exceptions import RequestValidationError
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from starlette.types import ASGIApp, Message, Receive, Scope, Send
from starlette.websockets import WebSocketDisconnect, WebSocketState

from doko.bots.levels import level_label, level_names, level_options
from doko.engine.record import replay
from doko.engine.rules import PRESETS, option_specs, option_value
from doko.engine.texts import LANGS, TEXTS
from doko.server.analysis_routes import add_routes as add_analysis_routes
from doko.server.db import RoundData, Store, make_engine, migrate
from doko.server.errors import HubBusy, LimitError, TableError
from doko.server.gcpace import GcPacer
from doko.server.hub import Hub, SeatSpec, TableSpec, default_bot_level
from doko.server.limits import Limits, RateLimiter
from doko.server.payloads import game_detail, sheet_payload
from doko.server.schema import (
    MAX_DEPTH,
    MAX_MESSAGE,
    Hello,
    JoinIn,
    SchemaError,
    TableIn,
    describe_errors,
    nesting_depth,
    parse_message,
    raw_ref,
)
from doko.server.schema import (
    reason as schema_reason,
)
from doko.server.table import Conn, Table
from doko.server.tournament_pages import default_directory, register_tournament_pages
from doko.session import Round

log = logging.getLogger("doko.server")

STATIC = Path(__file__).parent / "static"
HELLO_TIMEOUT = 60.0
#: The largest WebSocket frame the server reads at all (bytes): a larger one closes the
#: connection (1009) before it is held in memory. Frames up to it but over MAX_MESSAGE get an
#: error message and the connection stays open.
WS_MAX_FRAME = 4 * MAX_MESSAGE
#: Table codes are six characters; a path segment longer than this names no table.
CODE_MAX = 16

Code = Annotated[str, PathParam(max_length=CODE_MAX)]
Number = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
Key = Annotated[str | None, Header(alias="X-Doko-Key", max_length=64)]


class BodyGuard:
    """ASGI middleware: a REST body is at most ``MAX_MESSAGE`` bytes (413, read no further)
    and nested at most ``MAX_DEPTH`` levels (400), checked before anything parses it."""

    def __init__(self, app: ASGIApp) -> None:
        self.app = app

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http" or scope["method"] in ("GET", "HEAD", "OPTIONS"):
            await self.app(scope, receive, send)
            return
        for name, value in scope.get("headers", []):
            if name == b"content-length":
                try:
                    too_long = int(value) > MAX_MESSAGE
                except ValueError:
                    too_long = True
                if too_long:
                    await _plain(send, 413, f"the body is longer than {MAX_MESSAGE} bytes")
                    return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > MAX_MESSAGE:
                await _plain(send, 413, f"the body is longer than {MAX_MESSAGE} bytes")
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        body = b"".join(chunks)
        if nesting_depth(body.decode("utf-8", "replace")) > MAX_DEPTH:
            await _plain(send, 400, f"the body is nested deeper than {MAX_DEPTH} levels")
            return
        sent = False

        async def replay_body() -> Message:
            nonlocal sent
            if sent:
                return await receive()
            sent = True
            return {"type": "http.request", "body": body, "more_body": False}

        await self.app(scope, replay_body, send)


async def _plain(send: Send, status: int, detail: str) -> None:
    data = json.dumps({"detail": detail}).encode()
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"application/json"),
                            (b"content-length", str(len(data)).encode())]})
    await send({"type": "http.response.body", "body": data})


def client_address(conn: Request | WebSocket) -> str:
    """The client's address (behind a proxy: what uvicorn's ``--forwarded-allow-ips`` makes
    of ``X-Forwarded-For``)."""
    return conn.client.host if conn.client is not None else "unknown"


def create_app(db_url: str, *, bot_workers: int = 2, sqlite_synchronous: str = "full",
               limits: Limits | None = None, admin_key: str | None = None,
               warm_bots: bool = False, tournament_dir: Path | None = None,
               gc_pacer: GcPacer | None = None) -> FastAPI:
    """The web table on the database at ``db_url`` (migrated to the newest schema now).

    ``limits``: the resource limits (:class:`doko.server.limits.Limits`); ``admin_key``: the
    secret of the operator's routes (``/api/admin/...``, used by ``doko admin``); without one
    they answer 404. ``warm_bots``: start the computer players' worker processes at start-up
    (``doko serve``) instead of at the first decision. ``tournament_dir``: where the
    tournaments live (default: next to a SQLite file, see :mod:`doko.server.tournament_pages`).
    ``gc_pacer``: runs on the server's loop while it serves (``doko serve --gc-pace``).
    """
    limits = limits or Limits()
    engine = make_engine(db_url, sqlite_synchronous)
    migrate(engine)
    store = Store(engine)
    hub_box: list[Hub] = []
    rates = RateLimiter({"create": limits.create_per_min, "join": limits.join_per_min,
                         "lookup": limits.lookup_per_min})
    sockets: Counter[str] = Counter()

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(store, bot_workers=bot_workers, limits=limits)
        hub_box.append(hub)
        await hub.start()
        if warm_bots:
            hub.bots.start()
        pacer = None if gc_pacer is None else asyncio.get_running_loop().create_task(
            gc_pacer.run())
        try:
            yield
        finally:
            if pacer is not None:
                pacer.cancel()
                with contextlib.suppress(asyncio.CancelledError):
                    await pacer
            await hub.stop()
            hub_box.clear()
            engine.dispose()

    app = FastAPI(title="doko", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.add_middleware(BodyGuard)
    app.state.store = store
    app.state.limits = limits

    def hub() -> Hub:
        if not hub_box:
            raise HTTPException(503, "the server is starting")
        return hub_box[0]

    def rate(kind: str) -> Callable[[Request], Awaitable[None]]:
        async def check(request: Request) -> None:
            wait = rates.hit(kind, client_address(request))
            if wait > 0:
                secs = max(1, int(wait + 0.999))
                raise HTTPException(429, f"too many requests; try again in {secs} s",
                                    headers={"Retry-After": str(secs)})
        return check

    async def table_or_404(code: str, key: str | None = None) -> Table:
        """The table ``code`` if the client may read it: a public table, or a private one with
        a seat's or the spectator key in ``X-Doko-Key``. Otherwise the same 404 as for a code
        that does not exist, so codes cannot be probed."""
        try:
            t = await hub().get(code)
        except HubBusy:
            raise HTTPException(503, "the server has no room for another table now",
                                headers={"Retry-After": "60"}) from None
        if t is None or not t.readable(key):
            raise HTTPException(404, f"no table {code[:CODE_MAX]!r} (or no key for it)")
        return t

    @app.exception_handler(RequestValidationError)
    async def invalid(_request: Request, exc: RequestValidationError) -> JSONResponse:
        e = describe_errors(exc.errors())
        return JSONResponse({"detail": e.text("en"), "field": e.field,
                             "detail_de": e.text("de")}, status_code=422)

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/texts.js", include_in_schema=False)
    async def texts_js() -> Response:
        return Response(web_texts_js(), media_type="text/javascript",
                        headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    register_tournament_pages(app, limits=limits, hub=hub,
                              directory=tournament_dir or default_directory(db_url))

    # ------------------------------------------------------------------ REST

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        # the levels with their names from the catalogue and their own time per decision;
        # a table's bots share bot_budget_ms per round of decisions (each capped at its share)
        names = level_names()
        specs = option_specs()
        return {"players": names, "default_level": default_bot_level(),
                "levels": [{"name": n, "de": level_label(n, "de"), "en": level_label(n, "en"),
                            "budget_ms": level_options(n)[1].get("budget_ms")} for n in names],
                "bot_budget_ms": hub().limits.bot_budget_ms, "presets": list(PRESETS),
                # the rule options the table form offers, and each preset's value words
                "options": [{"key": s.key, "kind": s.kind, "values": list(s.values)}
                            for s in specs],
                "preset_options": {name: {s.key: option_value(r, s.key) for s in specs}
                                   for name, r in PRESETS.items()},
                "version": 2}

    @app.post("/api/tables", status_code=201, dependencies=[Depends(rate("create"))])
    async def create_table(body: TableIn, request: Request) -> dict[str, Any]:
        spec = TableSpec(
            name=body.name, rules=body.rules, games=body.games, pflichtsoli=body.pflichtsoli,
            public=body.public, bot_takeover=body.bot_takeover,
            takeover_level=body.takeover_level, bot_delay_ms=body.bot_delay_ms,
            grace_s=body.grace_s, seed=body.seed, chat=body.chat, hints=body.hints,
            seats=[SeatSpec(s.kind, s.name, s.level) for s in body.seats],
            options=dict(body.options),
        )
        try:
            _table, answer = await hub().create(spec, client_address(request))
        except ValueError as e:
            raise HTTPException(400, str(e)) from None
        except LimitError as e:
            raise HTTPException(429, e.en, headers={"Retry-After": "60"}) from None
        except HubBusy:
            raise HTTPException(503, "the server has no room for another table now",
                                headers={"Retry-After": "60"}) from None
        return answer

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return {"tables": await hub().public_tables()}

    lookup = [Depends(rate("lookup"))]

    @app.get("/api/tables/{code}", dependencies=lookup)
    async def get_table(code: Code, key: Key = None) -> dict[str, Any]:
        t = await table_or_404(code, key)
        async with t.lock:
            return {"table": t._public_table(), "sheet": t.sheet()}

    @app.post("/api/tables/{code}/join", dependencies=[Depends(rate("join"))])
    async def join_table(code: Code, body: JoinIn) -> dict[str, Any]:
        try:
            seat, token = await hub().claim_public_seat(code, body.name)
        except KeyError:
            raise HTTPException(404, f"no public table {code!r}") from None
        except LookupError:
            raise HTTPException(409, "no free seat at this table") from None
        except HubBusy:
            raise HTTPException(503, "the server has no room for another table now",
                                headers={"Retry-After": "60"}) from None
        t = await table_or_404(code, token)
        return {"code": t.code, "seat": seat, "token": token,
                "invite": f"/t/{t.code}#{token}"}

    @app.get("/api/tables/{code}/rounds", dependencies=lookup)
    async def list_rounds(code: Code, key: Key = None) -> dict[str, Any]:
        t = await table_or_404(code, key)
        rounds = await hub().db(store.rounds, t.id)
        games = await hub().db(store.games, t.id, None, False)
        out = []
        for r in rounds:
            mine = [g for g in games if g.round_id == r.id]
            out.append({"number": r.number, "games_total": r.games_total,
                        "games": [g.number for g in mine if g.closed],
                        "running": any(not g.closed for g in mine)})
        return {"rounds": out}

    @app.get("/api/tables/{code}/rounds/{number}/sheet", dependencies=lookup)
    async def round_sheet(code: Code, number: Number, key: Key = None) -> dict[str, Any]:
        t = await table_or_404(code, key)
        if t.round_data is not None and t.round_data.number == number:
            async with t.lock:
                sheet = t.sheet()
                if sheet is not None:
                    return sheet
        rd = await _round_data(t, number)
        stored = await hub().db(store.round_sheet, rd.id)
        if stored is not None:  # stored when its last game was closed
            return {**stored, "names": t.names()}
        r, numbers = await _round_of(t, rd)  # a round closed before migration 0003
        return sheet_payload(r, numbers, t.names())

    async def _round_data(t: Table, number: int) -> RoundData:
        rounds = await hub().db(store.rounds, t.id)
        rd = next((r for r in rounds if r.number == number), None)
        if rd is None:
            raise HTTPException(404, f"no round {number}")
        return rd

    async def _round_of(t: Table, rd: RoundData) -> tuple[Round, list[int]]:
        """The round rebuilt from its stored games (only for games closed before their
        results were stored, migration 0003)."""
        games = await hub().db(store.games, t.id, rd.id)
        r = t._new_round(rd)
        numbers = []
        for g in games:
            if g.closed:
                r.add_game(replay({**g.deal, "actions": g.actions}))
                numbers.append(g.number)
        return r, numbers

    @app.get("/api/tables/{code}/games", dependencies=lookup)
    async def list_games(code: Code, key: Key = None) -> dict[str, Any]:
        t = await table_or_404(code, key)
        games = await hub().db(store.games, t.id, None, False)
        rounds = {r.id: r.number for r in await hub().db(store.rounds, t.id)}
        return {"games": [{"number": g.number, "round": rounds.get(g.round_id),
                           "closed": g.closed} for g in games]}

    async def closed_game(code: str, number: int, key: str | None) -> tuple[Table, Any]:
        t = await table_or_404(code, key)
        g = await hub().db(store.game, t.id, number)
        if g is None:
            raise HTTPException(404, f"no game {number} at table {t.code}")
        if not g.closed:
            raise HTTPException(409, "this game is still being played")
        return t, g

    @app.get("/api/tables/{code}/games/{number}", dependencies=lookup)
    async def get_game(code: Code, number: Number, key: Key = None) -> dict[str, Any]:
        t, g = await closed_game(code, number, key)
        round_number = await hub().db(store.round_number_of, g.round_id)
        out = game_detail(g, t.names(), round_number)
        if g.row is not None:  # stored when the game was closed
            out["row"] = g.row
        else:  # closed before results were stored (migration 0003): rebuild the round
            r, numbers = await _round_of(t, await _round_data(t, round_number))
            if number in numbers:
                row = r.games[numbers.index(number)]
                out["row"] = {**row.to_json(), "label": {"de": row.label("de"),
                                                         "en": row.label("en")}}
        out["record_url"] = f"/api/tables/{t.code}/games/{number}/record"
        return out

    @app.get("/api/tables/{code}/games/{number}/record", dependencies=lookup)
    async def get_record(code: Code, number: Number, key: Key = None) -> Response:
        t, g = await closed_game(code, number, key)
        record = {**g.deal, "actions": g.actions}
        return Response(
            json.dumps(record, ensure_ascii=False, indent=1), media_type="application/json",
            headers={"Content-Disposition":
                     f'attachment; filename="doko-{t.code}-{number}.json"'})

    add_analysis_routes(app, hub, store, table_or_404, lookup)

    @app.exception_handler(TableError)
    async def table_error(_request: Any, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.message(), status_code=400)

    # ------------------------------------------------------------------ the operator

    def operator(authorization: Annotated[str | None, Header(max_length=200)] = None) -> None:
        expected = f"Bearer {admin_key}" if admin_key else None
        if expected is None or authorization is None or not secrets.compare_digest(
                authorization.encode(), expected.encode()):
            raise HTTPException(404, "Not Found")

    admin = [Depends(operator)]

    @app.get("/api/admin/tables", dependencies=admin, include_in_schema=False)
    async def admin_tables(active: bool = False) -> dict[str, Any]:
        rows = await hub().db(store.all_tables, 1000, active)
        out = []
        for d in rows:
            t = hub().tables.get(d.code)
            out.append({
                "code": d.code, "name": d.name, "status": t.status if t else d.status,
                "public": d.public, "practice": d.practice, "created_at": d.created_at,
                "touched_at": t.touched_at if t else d.touched_at, "loaded": t is not None,
                "connections": t.connections() if t else 0,
                "paused": t.paused() if t else None,
                "seats": [{"seat": s.seat + 1, "kind": s.kind, "name": s.name,
                           "level": s.level} for s in (t.seats if t else d.seats)],
            })
        return {"tables": out}

    @app.post("/api/admin/tables/{code}/close", dependencies=admin, include_in_schema=False)
    async def admin_close(code: Code) -> dict[str, Any]:
        t = await hub().get(code)
        if t is None:
            raise HTTPException(404, f"no table {code!r}")
        await t.close_by_operator()
        return {"code": t.code, "status": t.status}

    @app.get("/api/admin/limits", dependencies=admin, include_in_schema=False)
    async def admin_limits() -> dict[str, Any]:
        return {"limits": limits.to_json(), "tables_loaded": len(hub().tables),
                "connections": sum(sockets.values()), "bots": hub().bots.stats()}

    # ------------------------------------------------------------------ WebSocket

    @app.websocket("/ws/{code}")
    async def ws_endpoint(ws: WebSocket, code: str) -> None:
        client = client_address(ws)
        await ws.accept()
        if limits.connections_per_client and sockets[client] >= limits.connections_per_client:
            await ws.send_text(json.dumps(TableError("too_many_connections").message()))
            await ws.close(1008)
            return
        sockets[client] += 1
        conn = Conn()
        outlet = conn.outlet = Outlet(ws, conn)
        table: list[Table] = []
        try:
            await _serve(ws, code, conn, table, client)
        finally:
            sockets[client] -= 1
            if sockets[client] <= 0:
                del sockets[client]
            conn.close()
            if table:
                # shielded: a cancelled handler (server shutdown, test client) still unregisters
                with contextlib.suppress(asyncio.CancelledError):
                    await asyncio.shield(table[0].disconnect(conn))
            if outlet.task is not None:  # what waits is sent, then the socket closed
                with contextlib.suppress(Exception):
                    await asyncio.wait_for(outlet.task, 5)
            if ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    async def _serve(ws: WebSocket, code: str, conn: Conn, table: list[Table],
                     client: str) -> None:
        """Read messages until the client goes: the first must be ``hello`` (which finds the
        table and checks the key); every bad message gets an ``error`` and changes nothing."""
        while not conn.closed:
            try:
                timeout = None if conn.bound else HELLO_TIMEOUT
                event = await asyncio.wait_for(ws.receive(), timeout)
            except (TimeoutError, WebSocketDisconnect, RuntimeError):
                return
            if event["type"] == "websocket.disconnect":
                return
            text = event.get("text")
            ref: object = None
            try:
                if text is None:
                    raise SchemaError("", *schema_reason("binary"), "malformed")
                msg = parse_message(text)
                ref = msg.ref
                if isinstance(msg, Hello):
                    await _hello(code, conn, msg, table, client)
                elif not conn.bound or not table:
                    raise TableError("hello_first")
                else:
                    await table[0].handle(conn, msg)
            except SchemaError as e:
                conn.send(TableError.from_schema(e).message(raw_ref(text), conn.lang))
            except TableError as e:
                conn.send(e.message(ref, conn.lang))
                if e.key in ("bad_token", "no_table", "rate_limited", "busy"):
                    await asyncio.sleep(0)
                    conn.close()
                    return
            except Exception:
                log.exception("table %s: request failed", code[:CODE_MAX])
                conn.send(TableError("server").message(ref, conn.lang))

    async def _hello(code: str, conn: Conn, msg: Hello, table: list[Table],
                     client: str) -> None:
        if msg.lang is not None:
            conn.lang = msg.lang
        if table:  # a second hello: bind again at the same table
            if conn.bound:
                await table[0].disconnect(conn)
                conn.bound = False
            await table[0].hello(conn, msg)
            return
        wait = rates.hit("lookup", client)
        if wait > 0:
            raise TableError("rate_limited", max(1, int(wait + 0.999)))
        try:
            t = await hub().get(code)
        except HubBusy:
            raise TableError("busy") from None
        if t is None:
            raise TableError("no_table", code[:CODE_MAX])
        await t.hello(conn, msg)
        table.append(t)

    return app


@functools.cache
def web_texts_js() -> str:
    """The browser client's words: every ``web.*`` key of the catalogue (without the prefix)
    and the card names (``card.rank.*``, ``card.of_suit.*``, ``card.name``, as they are) in
    German and English, as ``window.DOKO_TEXTS = {"de": {...}, "en": {...}};``."""
    def wanted(key: str) -> str | None:
        if key.startswith("web."):
            return key[4:]
        if key.startswith(("card.rank.", "card.of_suit.")) or key == "card.name":
            return key
        if key.startswith(("rules.opt.", "rules.bool.")):  # the rule options' words
            return key
        return None

    out = {lang: {name: pair[i] for key, pair in TEXTS.items()
                  if (name := wanted(key)) is not None}
           for i, lang in enumerate(LANGS)}
    return f"window.DOKO_TEXTS = {json.dumps(out, ensure_ascii=False, sort_keys=True)};\n"


class Outlet:
    """A connection's way out to its socket (:attr:`doko.server.table.Conn.outlet`).

    A message is written at once when nothing waits before it and the socket takes it without
    waiting, the usual case: no task, queue or wake-up per message, and no waiting writer per
    connection (whose coroutines and futures, made anew for every message and alive until the
    next one, would fill the garbage collector's younger generations). Otherwise (the socket
    is full, or a test client's send yields) the message waits in the connection's queue and a
    task sends what waits, in order. None ends the connection after what waits before it
    (closed with 1008 if it is still open: a bad key, a client that does not read)."""

    def __init__(self, ws: WebSocket, conn: Conn) -> None:
        self.ws = ws
        self.conn = conn
        #: the task sending what waits, while there is one
        self.task: asyncio.Task[None] | None = None

    def put(self, text: str | None) -> None:
        if self.task is None and text is not None:
            send = self.ws.send_text(text)
            try:
                waiting = send.send(None)  # run it here up to its first wait, if any
            except StopIteration:
                return  # written
            except Exception:  # the client is gone
                self.conn.closed = True
                return
            self.task = asyncio.get_running_loop().create_task(self._flush(send, waiting))
            return
        self.conn.queue.put_nowait(text)
        if self.task is None:
            self.task = asyncio.get_running_loop().create_task(self._flush(None, None))

    async def _flush(self, started: Coroutine[Any, Any, None] | None, waiting: object) -> None:
        queue = self.conn.queue
        try:
            if started is not None:
                await _finish(started, waiting)
            while not queue.empty():
                item = queue.get_nowait()
                if item is None:  # closed by the server: end the socket too
                    if self.ws.application_state == WebSocketState.CONNECTED:
                        await self.ws.close(1008)
                    break
                await self.ws.send_text(item)
        except Exception:  # the client is gone
            self.conn.closed = True
        finally:
            self.task = None


def _wake(done: asyncio.Future[None], _waited: object) -> None:
    if not done.done():
        done.set_result(None)


async def _finish(coro: Coroutine[Any, Any, None], waiting: object) -> None:
    """Run ``coro``, started by hand and now waiting for ``waiting`` (a future, or None after
    a bare yield), to its end, as a task would have."""
    while True:
        if waiting is None:
            await asyncio.sleep(0)
        elif asyncio.isfuture(waiting):
            # not ``await waiting``: the coroutine is awaiting that future already; wait for it
            # to be done, then the coroutine takes its result (or exception) itself
            done = asyncio.get_running_loop().create_future()
            waiting.add_done_callback(partial(_wake, done))
            try:
                await done
            except asyncio.CancelledError:
                waiting.cancel()
                coro.close()
                raise
        else:
            coro.close()
            raise RuntimeError(f"a send waited for {waiting!r}, not a future")
        try:
            waiting = coro.send(None)
        except StopIteration:
            return
