"""The FastAPI application of the web table: REST, WebSocket and the browser UI.

``create_app(db_url)`` migrates the database to the newest schema and returns the app; the
tables that were being played resume when the app starts. The protocol is in ``docs/server.md``.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, HTTPException, WebSocket
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, Field
from starlette.websockets import WebSocketDisconnect, WebSocketState

from doko.bots.base import player_names
from doko.record import replay
from doko.rules import PRESETS
from doko.server.db import Store, make_engine, migrate
from doko.server.hub import (
    Conn,
    Hub,
    SeatSpec,
    Table,
    TableError,
    TableSpec,
    default_bot_level,
    game_detail,
    sheet_payload,
)
from doko.session import Round

log = logging.getLogger("doko.server")

STATIC = Path(__file__).parent / "static"
HELLO_TIMEOUT = 60.0
MAX_MESSAGE = 16384


class SeatIn(BaseModel):
    kind: Literal["human", "bot"] = "human"
    name: str | None = Field(default=None, max_length=40)
    level: str | None = None


class TableIn(BaseModel):
    name: str = Field(default="", max_length=80)
    rules: str = "tsr"
    games: int | None = Field(default=24, ge=1, le=500)
    pflichtsoli: bool | None = None
    public: bool = False
    bot_takeover: bool = True
    takeover_level: str | None = None
    bot_delay_ms: int = Field(default=700, ge=0, le=10000)
    grace_s: float = Field(default=30.0, ge=0, le=86400)
    seats: list[SeatIn] = Field(default_factory=lambda: [
        SeatIn(kind="human"), SeatIn(kind="bot"), SeatIn(kind="bot"), SeatIn(kind="bot")])
    seed: int | None = Field(default=None, ge=0, lt=2**62)


class JoinIn(BaseModel):
    name: str | None = Field(default=None, max_length=40)


def create_app(db_url: str, *, bot_workers: int = 2, sqlite_synchronous: str = "full"
               ) -> FastAPI:
    """The web table on the database at ``db_url`` (migrated to the newest schema now)."""
    engine = make_engine(db_url, sqlite_synchronous)
    migrate(engine)
    store = Store(engine)
    hub_box: list[Hub] = []

    @asynccontextmanager
    async def lifespan(_app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(store, bot_workers=bot_workers)
        hub_box.append(hub)
        await hub.start()
        try:
            yield
        finally:
            await hub.stop()
            hub_box.clear()
            engine.dispose()

    app = FastAPI(title="doko", lifespan=lifespan, docs_url="/api/docs", redoc_url=None,
                  openapi_url="/api/openapi.json")
    app.state.store = store

    def hub() -> Hub:
        if not hub_box:
            raise HTTPException(503, "the server is starting")
        return hub_box[0]

    async def table_or_404(code: str) -> Table:
        t = await hub().get(code)
        if t is None:
            raise HTTPException(404, f"no table {code!r}")
        return t

    # ------------------------------------------------------------------ pages

    @app.get("/", include_in_schema=False)
    async def index() -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    @app.get("/t/{code}", include_in_schema=False)
    async def table_page(code: str) -> FileResponse:
        return FileResponse(STATIC / "index.html", headers={"Cache-Control": "no-cache"})

    app.mount("/static", StaticFiles(directory=STATIC), name="static")

    # ------------------------------------------------------------------ REST

    @app.get("/api/meta")
    async def meta() -> dict[str, Any]:
        return {"players": player_names(), "default_level": default_bot_level(),
                "presets": list(PRESETS), "version": 1}

    @app.post("/api/tables", status_code=201)
    async def create_table(body: TableIn) -> dict[str, Any]:
        spec = TableSpec(
            name=body.name, rules=body.rules, games=body.games, pflichtsoli=body.pflichtsoli,
            public=body.public, bot_takeover=body.bot_takeover,
            takeover_level=body.takeover_level, bot_delay_ms=body.bot_delay_ms,
            grace_s=body.grace_s, seed=body.seed,
            seats=[SeatSpec(s.kind, s.name, s.level) for s in body.seats],
        )
        try:
            table, invites = await hub().create(spec)
        except ValueError as e:
            raise HTTPException(400, str(e)) from None
        return {"code": table.code, "url": f"/t/{table.code}", "seats": invites}

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return {"tables": await hub().public_tables()}

    @app.get("/api/tables/{code}")
    async def get_table(code: str) -> dict[str, Any]:
        t = await table_or_404(code)
        async with t.lock:
            return {"table": t._public_table(), "sheet": t.sheet()}

    @app.post("/api/tables/{code}/join")
    async def join_table(code: str, body: JoinIn) -> dict[str, Any]:
        try:
            seat, token = await hub().claim_public_seat(code, body.name)
        except KeyError:
            raise HTTPException(404, f"no public table {code!r}") from None
        except LookupError:
            raise HTTPException(409, "no free seat at this table") from None
        t = await table_or_404(code)
        return {"code": t.code, "seat": seat, "token": token,
                "invite": f"/t/{t.code}#{token}"}

    @app.get("/api/tables/{code}/rounds")
    async def list_rounds(code: str) -> dict[str, Any]:
        t = await table_or_404(code)
        rounds = await hub().db(store.rounds, t.id)
        games = await hub().db(store.games, t.id, None, False)
        out = []
        for r in rounds:
            mine = [g for g in games if g.round_id == r.id]
            out.append({"number": r.number, "games_total": r.games_total,
                        "games": [g.number for g in mine if g.closed],
                        "running": any(not g.closed for g in mine)})
        return {"rounds": out}

    @app.get("/api/tables/{code}/rounds/{number}/sheet")
    async def round_sheet(code: str, number: int) -> dict[str, Any]:
        t = await table_or_404(code)
        if t.round_data is not None and t.round_data.number == number:
            async with t.lock:
                sheet = t.sheet()
                if sheet is not None:
                    return sheet
        r, numbers = await _round_of(t, number)
        return sheet_payload(r, numbers, t.names())

    async def _round_of(t: Table, number: int) -> tuple[Round, list[int]]:
        rounds = await hub().db(store.rounds, t.id)
        rd = next((r for r in rounds if r.number == number), None)
        if rd is None:
            raise HTTPException(404, f"no round {number}")
        games = await hub().db(store.games, t.id, rd.id)
        r = Round(["1", "2", "3", "4"], rd.games_total, rules=t.rules,
                  pflichtsoli=rd.pflichtsoli)
        numbers = []
        for g in games:
            if g.closed:
                r.add_game(replay({**g.deal, "actions": g.actions}))
                numbers.append(g.number)
        return r, numbers

    @app.get("/api/tables/{code}/games")
    async def list_games(code: str) -> dict[str, Any]:
        t = await table_or_404(code)
        games = await hub().db(store.games, t.id, None, False)
        rounds = {r.id: r.number for r in await hub().db(store.rounds, t.id)}
        return {"games": [{"number": g.number, "round": rounds.get(g.round_id),
                           "closed": g.closed} for g in games]}

    async def closed_game(code: str, number: int) -> tuple[Table, Any]:
        t = await table_or_404(code)
        g = await hub().db(store.game, t.id, number)
        if g is None:
            raise HTTPException(404, f"no game {number} at table {t.code}")
        if not g.closed:
            raise HTTPException(409, "this game is still being played")
        return t, g

    @app.get("/api/tables/{code}/games/{number}")
    async def get_game(code: str, number: int) -> dict[str, Any]:
        t, g = await closed_game(code, number)
        round_number = await hub().db(store.round_number_of, g.round_id)
        out = game_detail(g, t.names(), round_number)
        r, numbers = await _round_of(t, round_number)
        if number in numbers:
            row = r.games[numbers.index(number)]
            out["row"] = {**row.to_json(), "label": {"de": row.label("de"),
                                                     "en": row.label("en")}}
        out["record_url"] = f"/api/tables/{t.code}/games/{number}/record"
        return out

    @app.get("/api/tables/{code}/games/{number}/record")
    async def get_record(code: str, number: int) -> Response:
        t, g = await closed_game(code, number)
        record = {**g.deal, "actions": g.actions}
        return Response(
            json.dumps(record, ensure_ascii=False, indent=1), media_type="application/json",
            headers={"Content-Disposition":
                     f'attachment; filename="doko-{t.code}-{number}.json"'})

    @app.exception_handler(TableError)
    async def table_error(_request: Any, exc: TableError) -> JSONResponse:
        return JSONResponse(exc.message(), status_code=400)

    # ------------------------------------------------------------------ WebSocket

    @app.websocket("/ws/{code}")
    async def ws_endpoint(ws: WebSocket, code: str) -> None:
        await ws.accept()
        table = await hub().get(code)
        if table is None:
            await ws.send_text(json.dumps(TableError("no_table", code).message()))
            await ws.close(4404)
            return
        conn = Conn()
        writer = asyncio.get_running_loop().create_task(_writer(ws, conn))
        try:
            await _serve(ws, table, conn)
        finally:
            conn.close()
            # shielded: a cancelled handler (server shutdown, test client) still unregisters
            with contextlib.suppress(asyncio.CancelledError):
                await asyncio.shield(table.disconnect(conn))
            with contextlib.suppress(Exception):
                await asyncio.wait_for(writer, 5)
            if ws.application_state != WebSocketState.DISCONNECTED:
                with contextlib.suppress(Exception):
                    await ws.close()

    return app


async def _writer(ws: WebSocket, conn: Conn) -> None:
    try:
        while True:
            item = await conn.queue.get()
            if item is None:
                break
            await ws.send_text(item)
        # closed by the server (a bad token, a client that does not read): end the socket too
        if ws.application_state == WebSocketState.CONNECTED:
            await ws.close(1008)
    except Exception:  # the client is gone
        conn.closed = True


def _parse(text: str | None) -> tuple[dict[str, Any] | None, TableError | None]:
    if text is None:
        return None, TableError("malformed", "binary frames are not accepted")
    if len(text) > MAX_MESSAGE:
        return None, TableError("malformed", "message too long")
    try:
        msg = json.loads(text)
    except json.JSONDecodeError as e:
        return None, TableError("malformed", f"not JSON ({e.msg})")
    if not isinstance(msg, dict) or not isinstance(msg.get("type"), str):
        return None, TableError("malformed", "no 'type'")
    return msg, None


async def _serve(ws: WebSocket, table: Table, conn: Conn) -> None:
    while not conn.closed:
        try:
            timeout = None if conn.bound else HELLO_TIMEOUT
            event = await asyncio.wait_for(ws.receive(), timeout)
        except (TimeoutError, WebSocketDisconnect, RuntimeError):
            return
        if event["type"] == "websocket.disconnect":
            return
        msg, err = _parse(event.get("text"))
        ref = msg.get("ref") if msg is not None else None
        try:
            if err is not None:
                raise err
            assert msg is not None
            if msg["type"] == "hello":
                if conn.bound:
                    await table.disconnect(conn)
                    conn.bound = False
                await table.hello(conn, msg)
            elif not conn.bound:
                raise TableError("hello_first")
            else:
                await table.handle(conn, msg)
        except TableError as e:
            conn.send(e.message(ref, conn.lang))
            if e.key == "bad_token":
                await asyncio.sleep(0)
                conn.close()
                return
        except Exception:
            log.exception("table %s: request failed", table.code)
            conn.send(TableError("server").message(ref, conn.lang))
