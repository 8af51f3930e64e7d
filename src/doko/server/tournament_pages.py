"""Tournaments in ``doko serve``: an organiser page behind its own secret link and a public
live ranking page that updates as tables report (``docs/tournament.md``).

* ``GET /turnier``: the page to create a tournament; ``POST /api/tournaments`` creates it and
  answers the organiser's link ``/turnier/{id}#{key}`` (the key is shown once; the server keeps
  only its SHA-256) and the public link ``/turnier/{id}/live``.
* The organiser's routes (``/api/tournaments/{id}/...``) need the key in ``X-Doko-Key``: the
  state, players (register, late entry, withdraw), the next draw, a table's totals (checked by
  TSR 7.3.3; a second result for a table needs a reason), penalties (TSR 9.7.2), print-outs
  (PDF, HTML) and exports (CSV, JSON). A wrong key gets the same 404 as an unknown tournament.
* ``POST /api/tournaments/{id}/online`` (the organiser) plays a Serie on the server: a web
  table per table of the draw, a seat per player with its invitation link, computer players for
  the players marked absent; a table whose round is over enters its Spielliste as the table's
  result (looked at when the organiser's page or a live page asks, at most every
  :data:`COLLECT_EVERY` seconds for the live pages).
* ``GET /api/tournaments/{id}/live?since=V`` is public: the ranking, the latest Serie's seat
  plan and how many tables reported; with ``since`` equal to the current version it waits (up
  to :data:`POLL_WAIT` seconds) for the next change.

Every tournament is a crash-safe tournament file (:mod:`doko.tournament.model`) in the
tournaments directory; every input is validated by the schema models below (unknown keys,
control characters, sizes and ranges refused) and the routes are rate-limited per client like
the rest of the server (:mod:`doko.server.limits`).
"""

from __future__ import annotations

import asyncio
import hashlib
import json
import os
import re
import secrets
import time
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import Annotated, Any, Literal

from fastapi import Depends, FastAPI, Header, HTTPException, Query, Request
from fastapi import Path as PathParam
from fastapi.responses import FileResponse, JSONResponse, Response
from pydantic import Field, StrictBool, StrictInt

from doko.engine.texts import TEXTS, text
from doko.server.errors import HubBusy, LimitError
from doko.server.hub import Hub, SeatSpec, TableSpec, default_bot_level
from doko.server.limits import Limits, RateLimiter
from doko.server.schema import Name, ShortText, Strict, TableName
from doko.session.files import read_json_file, write_atomic
from doko.tournament.export import log_lines, ranking_csv
from doko.tournament.model import (
    MAX_DEDUCTION,
    MAX_SERIEN,
    PENALTY_KINDS,
    SCORINGS,
    TIEBREAKS,
    Tournament,
    TournamentError,
    TournamentFileError,
)
from doko.tournament.printout import KINDS, pages, to_html, to_pdf

__all__ = ["TournamentStore", "default_directory", "register_tournament_pages"]

STATIC = Path(__file__).parent / "static"
#: Tournament ids: 12 URL-safe characters.
ID_RE = re.compile(r"^[A-Za-z0-9_-]{12}$")
#: The most tournaments one server keeps (files in the directory).
MAX_TOURNAMENTS = 500
#: The most players of a tournament created on the web.
WEB_MAX_PLAYERS = 200
#: How long a live page's request waits for the next change (seconds).
POLL_WAIT = 20.0
#: The most live requests waiting at once (all tournaments); more are answered at once.
MAX_WAITERS = 2000
#: How often the online tables' results are looked at for a live page (seconds).
COLLECT_EVERY = 10.0

async def wait_or_leave(request: Request, ev: asyncio.Event, timeout: float) -> None:
    """Wait for ``ev`` at most ``timeout`` seconds, or until the client goes away: a live page
    that was closed frees its waiting place (``MAX_WAITERS``) at once, and a server that stops
    need not wait out the long polls of pages already gone."""
    async def gone() -> None:
        while (await request.receive())["type"] != "http.disconnect":
            pass

    tasks = [asyncio.ensure_future(ev.wait()), asyncio.ensure_future(gone())]
    try:
        await asyncio.wait(tasks, timeout=timeout, return_when=asyncio.FIRST_COMPLETED)
    finally:
        for t in tasks:
            t.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)


Tid = Annotated[str, PathParam(min_length=12, max_length=12, pattern=r"^[A-Za-z0-9_-]+$")]
Key = Annotated[str | None, Header(alias="X-Doko-Key", max_length=64)]


def default_directory(db_url: str) -> Path:
    """Where the tournaments of a server on ``db_url`` live: next to a SQLite file
    (``<file>.tournaments``), else ``doko-tournaments`` in the working directory."""
    prefix = "sqlite:///"
    if db_url.startswith(prefix) and ":memory:" not in db_url:
        return Path(db_url[len(prefix):] + ".tournaments")
    return Path("doko-tournaments")


# ------------------------------------------------------------------------------ bodies


class TournamentIn(Strict):
    """``POST /api/tournaments``."""

    name: TableName
    date: Annotated[str, Field(max_length=40)] = ""
    serien: Annotated[StrictInt, Field(ge=1, le=MAX_SERIEN)] = 3
    games: Annotated[StrictInt, Field(ge=1, le=200)] | None = None
    minutes: Annotated[StrictInt, Field(ge=1, le=1000)] | None = None
    scoring: Literal[SCORINGS] = "points"  # type: ignore[valid-type]
    tiebreaks: Annotated[list[Literal[TIEBREAKS]],  # type: ignore[valid-type]
                         Field(max_length=len(TIEBREAKS))] | None = None
    five_tables: StrictBool = False
    seat_by_ranking: StrictBool = False
    seed: Annotated[StrictInt, Field(ge=0, lt=2**62)] | None = None
    players: Annotated[list[Name], Field(max_length=WEB_MAX_PLAYERS)] = Field(
        default_factory=list)


class PlayersIn(Strict):
    """``POST .../players``: register (after a draw: late entry) or withdraw."""

    add: Annotated[list[Name], Field(max_length=WEB_MAX_PLAYERS)] = Field(default_factory=list)
    withdraw: Annotated[StrictInt, Field(ge=1, le=10000)] | None = None
    reason: Annotated[str, Field(max_length=200)] = ""


class DrawIn(Strict):
    redraw: StrictBool = False


class ResultIn(Strict):
    """``POST .../result``: a table's totals in positions 1-4 (1-5)."""

    serie: Annotated[StrictInt, Field(ge=1, le=MAX_SERIEN)]
    table: Annotated[StrictInt, Field(ge=1, le=1000)]
    totals: Annotated[list[Annotated[StrictInt, Field(ge=-100000, le=100000)]],
                      Field(min_length=4, max_length=5)]
    odd_ok: StrictBool = False
    reason: Annotated[str, Field(max_length=200)] = ""


class PenaltyIn(Strict):
    """``POST .../penalty``: a penalty of TSR 9.7.2, or ``cancel`` one."""

    player: Annotated[StrictInt, Field(ge=1, le=10000)] | None = None
    kind: Literal[PENALTY_KINDS] | None = None  # type: ignore[valid-type]
    points: Annotated[StrictInt, Field(ge=0, le=MAX_DEDUCTION)] = 0
    serie: Annotated[StrictInt, Field(ge=1, le=MAX_SERIEN)] | None = None
    cancel: Annotated[StrictInt, Field(ge=1, le=10000)] | None = None
    reason: ShortText


class OnlineIn(Strict):
    """``POST .../online``: play Serie ``serie`` on the server; ``absent`` players' seats get
    computer players."""

    serie: Annotated[StrictInt, Field(ge=1, le=MAX_SERIEN)]
    absent: Annotated[list[Annotated[StrictInt, Field(ge=1, le=10000)]],
                      Field(max_length=WEB_MAX_PLAYERS)] = Field(default_factory=list)


# ------------------------------------------------------------------------------ the store


class _OnlineFileError(TournamentFileError):
    """The online tables' file cannot be read."""

    def __init__(self, en: str, de: str | None = None) -> None:
        super().__init__("nested", why=en, why_de=en if de is None else de)


def _digest(key: str) -> str:
    return hashlib.sha256(b"doko-tournament:" + key.encode("utf-8")).hexdigest()


class TournamentStore:
    """The tournaments of the server: ``<id>.json`` (the tournament file) and ``<id>.key``
    (the SHA-256 of the organiser's key) in ``directory``; loaded tournaments are kept, each
    with a lock for changes and an event that fires on every change."""

    def __init__(self, directory: Path) -> None:
        self.directory = directory
        self.loaded: dict[str, Tournament] = {}
        self.locks: dict[str, asyncio.Lock] = {}
        self.changed: dict[str, asyncio.Event] = {}
        self.waiters = 0
        self.online_cache: dict[str, dict[str, Any]] = {}
        #: when the results of a tournament's online tables were last looked at (monotonic)
        self.collected: dict[str, float] = {}

    def _path(self, tid: str, suffix: str) -> Path:
        if not ID_RE.match(tid):
            raise KeyError(tid)
        return self.directory / f"{tid}{suffix}"

    def count(self) -> int:
        if not self.directory.exists():
            return 0
        return sum(1 for p in self.directory.iterdir() if p.suffix == ".key")

    def create(self, spec: TournamentIn) -> tuple[str, str, Tournament]:
        self.directory.mkdir(parents=True, exist_ok=True)
        tid = secrets.token_urlsafe(9)
        key = secrets.token_urlsafe(18)
        kw: dict[str, Any] = {}
        if spec.tiebreaks is not None:
            kw["tiebreaks"] = list(spec.tiebreaks)
        t = Tournament(spec.name or "Turnier", date=spec.date, serien=spec.serien,
                       games=spec.games, minutes=spec.minutes, scoring=spec.scoring,
                       five_tables=spec.five_tables, seat_by_ranking=spec.seat_by_ranking,
                       seed=spec.seed, **kw)
        for name in spec.players:
            t.add_player(name)
        t.save(self._path(tid, ".json"))
        fd = os.open(self._path(tid, ".key"), os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
        with os.fdopen(fd, "w", encoding="utf-8") as fh:
            fh.write(_digest(key) + "\n")
        self.loaded[tid] = t
        return tid, key, t

    def get(self, tid: str) -> Tournament | None:
        t = self.loaded.get(tid)
        if t is not None:
            return t
        try:
            path = self._path(tid, ".json")
        except KeyError:
            return None
        if not path.exists():
            return None
        t = Tournament.load(path)
        self.loaded[tid] = t
        return t

    def check_key(self, tid: str, key: str | None) -> bool:
        if key is None:
            return False
        try:
            stored = self._path(tid, ".key").read_text(encoding="utf-8").strip()
        except (KeyError, OSError):
            return False
        return secrets.compare_digest(stored, _digest(key))

    def online(self, tid: str) -> dict[str, Any]:
        """The tables played on the server, by Serie (``<id>.online.json``: table codes and the
        seats' invitation links, secrets like the key, so not in the tournament file)."""
        cached = self.online_cache.get(tid)
        if cached is not None:
            return cached
        path = self._path(tid, ".online.json")
        data: dict[str, Any] = {}
        if path.exists():
            obj = read_json_file(path, _OnlineFileError)
            if isinstance(obj, dict):
                data = obj
        self.online_cache[tid] = data
        return data

    def save_online(self, tid: str, data: dict[str, Any]) -> None:
        write_atomic(self._path(tid, ".online.json"), json.dumps(data, ensure_ascii=False))
        self.online_cache[tid] = data

    def lock(self, tid: str) -> asyncio.Lock:
        return self.locks.setdefault(tid, asyncio.Lock())

    def event(self, tid: str) -> asyncio.Event:
        return self.changed.setdefault(tid, asyncio.Event())

    def touch(self, tid: str) -> None:
        """Wake the live pages of ``tid``."""
        ev = self.changed.pop(tid, None)
        if ev is not None:
            ev.set()


def live_json(t: Tournament) -> dict[str, Any]:
    """What the public live page shows: no key, no log, no penalty reasons."""
    state = t.state_json()
    latest = state["serien"][-1] if state["serien"] else None
    return {
        "version": t.version, "name": t.name, "date": t.date, "serien": t.serien,
        "drawn": t.drawn, "over": t.is_over, "scoring": t.scoring,
        "tiebreaks": list(t.tiebreaks),
        "progress": [{"serie": s["serie"], "reported": s["reported"],
                      "tables": len(s["tables"])} for s in state["serien"]],
        "latest": None if latest is None else {
            "serie": latest["serie"], "warning": latest["warning"],
            "tables": [{"table": tb["table"], "names": tb["names"],
                        "reported": tb["totals"] is not None} for tb in latest["tables"]]},
        "ranking": [{k: r[k] for k in ("rank", "name", "score", "points", "placement",
                                       "serien", "placements", "withdrawn", "disqualified")}
                    for r in state["ranking"]],
    }


def _error(e: TournamentError) -> HTTPException:
    return HTTPException(400, {"detail": e.en, "detail_de": e.de})


def _http(status: int, key: str, headers: dict[str, str] | None = None,
          **params: object) -> HTTPException:
    """An HTTP error with the catalogue's ``tournament.http.<key>`` in English and German."""
    return HTTPException(status, {"detail": text(f"tournament.http.{key}", "en", **params),
                                  "detail_de": text(f"tournament.http.{key}", "de", **params)},
                         headers=headers)


def register_tournament_pages(app: FastAPI, *, limits: Limits, directory: Path,
                              hub: Callable[[], Hub] | None = None) -> None:
    """Add the tournament pages and routes to the web table ``app``; ``hub`` gives the tables'
    hub (for Serien played online)."""
    store = TournamentStore(directory)
    app.state.tournaments = store
    rates = RateLimiter({"create": limits.create_per_min, "lookup": limits.lookup_per_min,
                         "change": max(limits.lookup_per_min, 0)})

    def rate(kind: str) -> Callable[[Request], Awaitable[None]]:
        async def check(request: Request) -> None:
            client = request.client.host if request.client is not None else "unknown"
            wait = rates.hit(kind, client)
            if wait > 0:
                secs = max(1, int(wait + 0.999))
                raise _http(429, "rate", {"Retry-After": str(secs)}, s=secs)
        return check

    def page() -> FileResponse:
        return FileResponse(STATIC / "tournament.html", headers={"Cache-Control": "no-cache"})

    @app.get("/turnier", include_in_schema=False)
    async def create_page() -> FileResponse:
        return page()

    @app.get("/turnier/{tid}", include_in_schema=False)
    async def organiser_page(tid: Tid) -> FileResponse:
        return page()

    @app.get("/turnier/{tid}/live", include_in_schema=False)
    async def live_page(tid: Tid) -> FileResponse:
        return page()

    @app.get("/api/tournaments/texts")
    async def texts(lang: Literal["de", "en"] = "de") -> dict[str, str]:
        i = 0 if lang == "de" else 1
        return {k.removeprefix("tournament."): v[i] for k, v in TEXTS.items()
                if k.startswith(("tournament.web.", "tournament.tiebreak.",
                                 "tournament.print."))}

    @app.post("/api/tournaments", status_code=201, dependencies=[Depends(rate("create"))])
    async def create(body: TournamentIn) -> dict[str, Any]:
        if store.count() >= MAX_TOURNAMENTS:
            raise _http(429, "full", {"Retry-After": "3600"}, n=MAX_TOURNAMENTS)
        try:
            tid, key, _t = await asyncio.to_thread(store.create, body)
        except TournamentError as e:
            raise _error(e) from None
        return {"id": tid, "key": key, "organiser": f"/turnier/{tid}#{key}",
                "live": f"/turnier/{tid}/live"}

    async def load(tid: str) -> Tournament | None:
        try:
            return await asyncio.to_thread(store.get, tid)
        except TournamentError as e:  # a damaged file: say so, never guess
            raise HTTPException(500, {"detail": text("tournament.http.broken", "en", why=e.en),
                                      "detail_de": text("tournament.http.broken", "de",
                                                        why=e.de)}) from None

    async def organiser(tid: str, key: str | None) -> Tournament:
        t = await load(tid)
        if t is None or not store.check_key(tid, key):
            raise _http(404, "not_found")
        return t

    lookup = [Depends(rate("lookup"))]
    change = [Depends(rate("change"))]

    @app.get("/api/tournaments/{tid}", dependencies=lookup)
    async def state(tid: Tid, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)
        if hub is not None and store.online(tid):
            await collect(tid, t)
        async with store.lock(tid):
            return {**t.state_json(), "online": store.online(tid),
                    "log": {"de": log_lines(t, "de"), "en": log_lines(t, "en")}}

    async def changed(tid: str, t: Tournament,
                      action: Callable[[], object]) -> dict[str, Any]:
        async with store.lock(tid):
            try:
                await asyncio.to_thread(action)
            except TournamentError as e:
                raise _error(e) from None
            except OSError as e:
                raise _http(500, "write", why=e.strerror or type(e).__name__) from None
        store.touch(tid)
        return {"version": t.version}

    @app.post("/api/tournaments/{tid}/players", dependencies=change)
    async def players(tid: Tid, body: PlayersIn, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)
        if len(t.players) + len(body.add) > WEB_MAX_PLAYERS:
            raise _http(400, "too_many_players", n=WEB_MAX_PLAYERS)

        def act() -> None:
            for name in body.add:
                t.add_player(name)
            if body.withdraw is not None:
                t.withdraw(body.withdraw, body.reason)
        return await changed(tid, t, act)

    @app.post("/api/tournaments/{tid}/draw", dependencies=change)
    async def draw(tid: Tid, body: DrawIn, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)
        return await changed(tid, t, lambda: t.draw(redraw=body.redraw))

    @app.post("/api/tournaments/{tid}/result", dependencies=change)
    async def result(tid: Tid, body: ResultIn, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)
        return await changed(tid, t, lambda: t.add_result(
            body.serie, body.table, totals=body.totals, odd_ok=body.odd_ok,
            reason=body.reason))

    @app.post("/api/tournaments/{tid}/penalty", dependencies=change)
    async def penalty(tid: Tid, body: PenaltyIn, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)

        def act() -> None:
            if body.cancel is not None:
                t.cancel_penalty(body.cancel, body.reason)
            elif body.player is None or body.kind is None:
                raise TournamentError("bad_entry_field", field="player")
            else:
                t.add_penalty(body.player, body.kind, points=body.points, serie=body.serie,
                              reason=body.reason)
        return await changed(tid, t, act)

    @app.get("/api/tournaments/{tid}/print", dependencies=lookup)
    async def printout(tid: Tid, key: Key = None,
                       what: Annotated[str, Query(max_length=60)] = "plan,cards,sheets",
                       serie: Annotated[int | None, Query(ge=1, le=MAX_SERIEN)] = None,
                       format: Literal["pdf", "html"] = "html",
                       lang: Literal["de", "en"] = "de") -> Response:
        t = await organiser(tid, key)
        kinds = [k for k in what.split(",") if k]
        if not kinds or any(k not in KINDS for k in kinds):
            raise _http(422, "what", known=", ".join(KINDS))
        try:
            async with store.lock(tid):
                page_list = pages(t, kinds, serie, lang)
            if format == "pdf":
                data = await asyncio.to_thread(to_pdf, page_list)
                return Response(data, media_type="application/pdf")
        except TournamentError as e:
            raise _error(e) from None
        return Response(to_html(page_list, lang), media_type="text/html; charset=utf-8")

    @app.get("/api/tournaments/{tid}/export", dependencies=lookup)
    async def export(tid: Tid, key: Key = None, format: Literal["csv", "json"] = "json",
                     lang: Literal["de", "en"] = "de") -> Response:
        t = await organiser(tid, key)
        async with store.lock(tid):
            if format == "csv":
                return Response(ranking_csv(t, None, lang),
                                media_type="text/csv; charset=utf-8")
            return JSONResponse(t.state_json())

    def need_hub() -> Hub:
        if hub is None:
            raise _http(404, "no_online")
        return hub()

    @app.post("/api/tournaments/{tid}/online", dependencies=[Depends(rate("create"))])
    async def online(tid: Tid, body: OnlineIn, key: Key = None) -> dict[str, Any]:
        """Create Serie ``serie``'s tables on the server: a seat per player with its
        invitation link, computer players for the absent."""
        t = await organiser(tid, key)
        h = need_hub()
        async with store.lock(tid):
            data = store.online(tid)
            serie = body.serie
            if str(serie) in data:
                raise _http(409, "online_twice", serie=serie)
            if not 1 <= serie <= t.drawn:
                raise _error(TournamentError("no_serie", serie=serie, drawn=t.drawn))
            tables = t.draws[serie - 1]
            if any(len(tb) != 4 for tb in tables):
                raise _http(400, "online_four")
            if t.reported(serie):
                raise _http(409, "online_reported", serie=serie)
            absent = set(body.absent)
            made = []
            for i, tb in enumerate(tables, start=1):
                seats = [SeatSpec("bot" if p in absent else "human", t.players[p - 1].name,
                                  default_bot_level() if p in absent else None)
                         for p in tb]
                spec = TableSpec(
                    name=text("tournament.web.online_table", "de", name=t.name[:40],
                              serie=serie, table=i),
                    rules=t.rules, games=t.games_at(4),
                    pflichtsoli=True if t.games_at(4) >= 4 else None, public=False,
                    bot_takeover=True, bot_delay_ms=0 if all(p in absent for p in tb) else 700,
                    seats=seats, hints=False)
                try:
                    _table, answer = await h.create(spec, f"tournament:{tid}:{serie}:{i}")
                except (LimitError, HubBusy):
                    raise _http(503, "online_busy") from None
                except ValueError as e:
                    raise HTTPException(400, str(e)) from None
                made.append({"table": i, "code": answer["code"], "spectate": answer["spectate"],
                             "seats": [{"player": p, "name": t.players[p - 1].name,
                                        "bot": p in absent, "invite": seat["invite"]}
                                       for p, seat in zip(tb, answer["seats"], strict=True)]})
            data = {**data, str(serie): made}
            await asyncio.to_thread(store.save_online, tid, data)
        store.touch(tid)
        return {"serie": serie, "tables": made}

    async def collect(tid: str, t: Tournament) -> int:
        """Enter the result of every online table whose round is over (its Spielliste, the
        seats' names put in); returns how many were entered."""
        if hub is None:
            return 0
        store.collected[tid] = time.monotonic()
        data = store.online(tid)
        entered = 0
        for serie_key, tables in data.items():
            serie = int(serie_key)
            for item in tables:
                if (serie, item["table"]) in t.results:
                    continue
                table = await hub().get(item["code"])
                if table is None:
                    continue
                async with table.lock:
                    r, rd = table.round, table.round_data
                    obj = r.to_json() if r is not None and rd is not None and rd.number == 1 \
                        and r.is_over else None
                if obj is None:
                    continue
                obj["players"] = [s["name"] for s in item["seats"]]
                async with store.lock(tid):
                    if (serie, item["table"]) in t.results:
                        continue
                    try:
                        await asyncio.to_thread(t.add_result, serie, item["table"],
                                                round_json=obj, source="online")
                    except TournamentError:
                        continue  # left for the organiser to enter by hand
                entered += 1
        if entered:
            store.touch(tid)
        return entered

    @app.post("/api/tournaments/{tid}/online/collect", dependencies=change)
    async def collect_now(tid: Tid, key: Key = None) -> dict[str, Any]:
        t = await organiser(tid, key)
        return {"entered": await collect(tid, t), "version": t.version}

    @app.get("/api/tournaments/{tid}/live", dependencies=lookup)
    async def live(request: Request, tid: Tid,
                   since: Annotated[int | None, Query(ge=0)] = None) -> dict[str, Any]:
        t = await load(tid)
        if t is None:
            raise _http(404, "not_found")
        pending = hub is not None and any(
            (int(k), item["table"]) not in t.results
            for k, tables in store.online(tid).items() for item in tables)
        if pending and time.monotonic() - store.collected.get(tid, 0.0) >= COLLECT_EVERY:
            await collect(tid, t)
        if since is not None and since == t.version and store.waiters < MAX_WAITERS:
            ev = store.event(tid)
            store.waiters += 1
            try:
                await wait_or_leave(request, ev, COLLECT_EVERY if pending else POLL_WAIT)
            finally:
                store.waiters -= 1
        async with store.lock(tid):  # not while a change is half made
            return live_json(t)
