"""The web table's hints, game analysis and statistics (``docs/analysis.md``).

Routes (added to the app by :func:`add_routes`; reading needs the same key as the archive):

* ``POST /api/tables/{code}/hint`` with a seat's key in ``X-Doko-Key``: the search player's
  choice for that seat from its own view (:func:`doko.analysis.hints.hint`). Refused (403) at a
  table whose hints are off (the table option ``hints``; off at tournament tables), 409 when it
  is not the seat's turn. One hint per seat at a time.
* ``GET /api/tables/{code}/games/{number}/analysis?seat=S`` (S 0-3): the analysis of a closed
  game for one seat (open and knowable loss per decision) with the tricks to walk through.
  Results are kept (the most recent :data:`CACHE_SIZE`); one analysis runs at a time on the
  server (another gets 429 with ``Retry-After``), with the budgets :data:`OPEN_BUDGET`,
  :data:`KNOWABLE_BUDGET` and :data:`WORLDS` (the environment may override them:
  :func:`limits`).
* ``GET /api/tables/{code}/stats[?round=N]``: statistics per player over the table's closed
  games, or those of round N (:mod:`doko.analysis.stats`), the average analysis loss from the
  analyses done so far.

Everything that computes runs in the bounded worker pool (:meth:`BotPool.run`), never on the
event loop. The analysis of a closed game shows all its cards: the archive's record does too.
"""

from __future__ import annotations

import asyncio
import os
from collections import OrderedDict
from collections.abc import Awaitable, Callable
from typing import Annotated, Any

from fastapi import FastAPI, Header, HTTPException, Query
from fastapi import Path as PathParam

from doko.analysis.game_analysis import analyze
from doko.analysis.hints import hint, reason_key
from doko.analysis.stats import GameFacts, collect, facts_from_game
from doko.engine.actions import from_dict, to_dict
from doko.engine.cards import EYES, card_code, hand_kinds
from doko.engine.record import replay, start_of
from doko.engine.result import game_result
from doko.engine.texts import text
from doko.engine.view import SeatView, view
from doko.server.botpool import BotPoolBusy, BotPoolCrashed, BotPoolTimeout
from doko.server.db import Store
from doko.server.hub import Hub
from doko.server.table import Seat, Table

__all__ = ["CACHE_SIZE", "KNOWABLE_BUDGET", "OPEN_BUDGET", "WORLDS", "add_routes",
           "analysis_job", "hint_job", "stats_job"]

#: Budgets of one web analysis (per seat): seconds of open and knowable solves, worlds.
OPEN_BUDGET = 3.0
KNOWABLE_BUDGET = 12.0
WORLDS = 8
#: Worlds of a hint (the search player, no time limit: the hint depends on the view only).
HINT_WORLDS = 16
#: Analyses kept in memory.
CACHE_SIZE = 256
#: Time limits of the jobs in the worker pool, seconds.
ANALYSIS_TIMEOUT_S = 90.0
HINT_TIMEOUT_S = 30.0
STATS_TIMEOUT_S = 60.0


def _setting(name: str, default: float) -> float:
    """An operator's override from the environment (``DOKO_ANALYSIS_WORLDS``,
    ``DOKO_ANALYSIS_OPEN_S``, ``DOKO_ANALYSIS_KNOWABLE_S``, ``DOKO_HINT_WORLDS``), else the
    module's default; a value that is not a positive number is ignored."""
    raw = os.environ.get(name)
    if raw is None:
        return default
    try:
        value = float(raw)
    except ValueError:
        return default
    return value if 0 < value < 1e6 else default


def limits() -> tuple[int, float, float, int]:
    """Worlds, open and knowable seconds of an analysis, and the worlds of a hint."""
    return (int(_setting("DOKO_ANALYSIS_WORLDS", WORLDS)),
            _setting("DOKO_ANALYSIS_OPEN_S", OPEN_BUDGET),
            _setting("DOKO_ANALYSIS_KNOWABLE_S", KNOWABLE_BUDGET),
            int(_setting("DOKO_HINT_WORLDS", HINT_WORLDS)))


# ---------------------------------------------------------------------- worker jobs


def analysis_job(record: dict[str, Any], seat: int, worlds: int, open_budget: float,
                 knowable_budget: float) -> dict[str, Any]:
    """The analysis of a finished game's ``record`` for ``seat`` (runs in a worker)."""
    final = replay(record)
    start, actions = start_of(record)
    a = analyze(start, actions, seats=[seat], worlds=worlds, open_budget=open_budget,
                knowable_budget=knowable_budget)
    tricks = [{"leader": ld, "cards": [card_code(k) for k in cards], "winner": w,
               "eyes": sum(EYES[k] for k in cards)} for ld, cards, w in final.tricks]
    return {
        "seat": seat,
        "worlds": worlds,
        "backend": a.backend,
        "seconds": round(a.seconds, 2),
        "re": list(final.is_re),
        "hands": [[card_code(k) for k in hand_kinds(h)] for h in final.initial_hands],
        "tricks": tricks,
        "decisions": [d.to_json() for d in a.decisions],
        "summary": a.summaries[seat].to_json(),
        "points": game_result(final).seat_scores(final.re_seats()),
    }


def hint_job(v: SeatView, seed: int, worlds: int) -> dict[str, Any] | None:
    """The hint for the seat of view ``v`` (runs in a worker): the action and its reason's
    key; the texts are made by the caller in the client's language."""
    h = hint(v, seed=seed, worlds=worlds)
    if h is None:
        return None
    return {"action": to_dict(h.action), "reason": reason_key(v, h.action)}


def stats_job(games: list[tuple[dict[str, Any], list[str], list[int] | None]]
              ) -> list[GameFacts | None]:
    """The facts of closed games (record, seat names, sheet scores) for the statistics (None
    for a game that is not finished)."""
    out: list[GameFacts | None] = []
    for record, names, scores in games:
        g = replay(record)
        out.append(facts_from_game(g, names, scores, record) if g.is_over else None)
    return out


# ---------------------------------------------------------------------- routes

Code = Annotated[str, PathParam(max_length=16)]
Number = Annotated[int, PathParam(ge=1, le=2**31 - 1)]
Key = Annotated[str | None, Header(alias="X-Doko-Key", max_length=64)]
Lang = Annotated[str, Query(pattern="^(de|en)$")]


def add_routes(app: FastAPI, hub: Callable[[], Hub], store: Store,
               table_or_404: Callable[[str, str | None], Awaitable[Table]],
               lookup: list[Any]) -> None:
    """Add the routes of the module docstring to ``app`` (``hub()`` the running hub,
    ``table_or_404`` the app's readable-table check, ``lookup`` its rate limit)."""
    cache: OrderedDict[tuple[str, int, int], dict[str, Any]] = OrderedDict()
    running = asyncio.Lock()  # one analysis at a time on the server
    hinting: set[tuple[str, int]] = set()

    def busy(key: str) -> HTTPException:
        return HTTPException(429, {"detail": text(key, "en"), "detail_de": text(key, "de")},
                             headers={"Retry-After": "5"})

    @app.post("/api/tables/{code}/hint", dependencies=lookup)
    async def get_hint(code: Code, key: Key = None, lang: Lang = "de") -> dict[str, Any]:
        t = await table_or_404(code, key)
        holder = t.key_holder(key)
        if not isinstance(holder, Seat):
            raise HTTPException(403, text("server.token_required", lang))
        if not t.data.hints:
            raise HTTPException(403, text("hint.off", lang))
        async with t.lock:
            g = t.game
            if g is None or g.is_over or g.to_move != holder.seat:
                raise HTTPException(409, text("hint.not_your_turn", lang))
            v = view(g, holder.seat)
            seed = len(g.history)
        who = (t.code, holder.seat)
        if who in hinting:
            raise busy("web.analysis.busy")
        hinting.add(who)
        try:
            answer = await hub().bots.run(t.code, hint_job, v, seed, limits()[3],
                                          timeout_s=HINT_TIMEOUT_S)
        except (BotPoolBusy, BotPoolTimeout, BotPoolCrashed):
            raise busy("web.analysis.busy") from None
        finally:
            hinting.discard(who)
        if answer is None:
            raise HTTPException(409, text("hint.not_your_turn", lang))
        from doko.analysis.hints import Hint

        h = Hint(from_dict(answer["action"]), answer["reason"])
        return {"hint": {**answer, "text": h.text(lang)}}

    @app.get("/api/tables/{code}/games/{number}/analysis", dependencies=lookup)
    async def get_analysis(code: Code, number: Number,
                           seat: Annotated[int, Query(ge=0, le=3)] = 0,
                           key: Key = None) -> dict[str, Any]:
        t = await table_or_404(code, key)
        g = await hub().db(store.game, t.id, number)
        if g is None:
            raise HTTPException(404, f"no game {number} at table {t.code}")
        if not g.closed:
            raise HTTPException(409, "this game is still being played")
        ck = (t.code, number, seat)
        if ck in cache:
            cache.move_to_end(ck)
            return {**cache[ck], "number": number, "names": t.names()}
        if running.locked():
            raise busy("web.analysis.busy")
        async with running:
            record = {**g.deal, "actions": g.actions}
            worlds, open_s, knowable_s, _ = limits()
            try:
                out = await hub().bots.run(t.code, analysis_job, record, seat, worlds,
                                           open_s, knowable_s, timeout_s=ANALYSIS_TIMEOUT_S)
            except (BotPoolBusy, BotPoolTimeout, BotPoolCrashed):
                raise busy("web.analysis.busy") from None
        cache[ck] = out
        while len(cache) > CACHE_SIZE:
            cache.popitem(last=False)
        return {**out, "number": number, "names": t.names()}

    @app.get("/api/tables/{code}/stats", dependencies=lookup)
    async def get_stats(code: Code, key: Key = None,
                        round: Annotated[int | None, Query(ge=1, le=2**31 - 1)] = None
                        ) -> dict[str, Any]:
        t = await table_or_404(code, key)
        round_id = None
        if round is not None:
            rounds = await hub().db(store.rounds, t.id)
            rd = next((r for r in rounds if r.number == round), None)
            if rd is None:
                raise HTTPException(404, f"no round {round}")
            round_id = rd.id
        games = await hub().db(store.games, t.id, round_id, True)
        names = t.names()
        todo: list[tuple[dict[str, Any], list[str], list[int] | None]] = []
        numbers = []
        for gd in games:
            if not gd.closed:
                continue
            scores = None
            if gd.row is not None and len(gd.row.get("scores", [])) == 4:
                scores = [int(x) for x in gd.row["scores"]]
            todo.append(({**gd.deal, "actions": gd.actions}, names, scores))
            numbers.append(gd.number)
        try:
            facts = await hub().bots.run(t.code, stats_job, todo, timeout_s=STATS_TIMEOUT_S)
        except (BotPoolBusy, BotPoolTimeout, BotPoolCrashed):
            raise busy("web.analysis.busy") from None
        for number, f in zip(numbers, facts, strict=True):
            if f is None:
                continue
            for s in range(4):
                done = cache.get((t.code, number, s))
                if done is not None:
                    losses = [d["open"]["loss_points"] for d in done["decisions"]
                              if d["open"]["exact"] and d["open"]["loss_points"] is not None]
                    f.loss[s] = (float(sum(losses)), len(losses))
        stats = collect(f for f in facts if f is not None)
        return {"games": numbers, "players": [p.to_json() for p in stats]}
