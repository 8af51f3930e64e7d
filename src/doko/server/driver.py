"""The computer players' side of a table: the driver task that deals, asks the computer players
(in the worker pool, :mod:`doko.server.botpool`) and closes finished games, and the offer of
calls to the computer players off turn before a person's action.

Deals and the computer players' choices are deterministic: every seed is derived (:func:`_seed`)
from the table's secret seed, the game number, the number of actions so far and the seat, so a
table continues after a restart exactly as it would have without one.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import TYPE_CHECKING

from doko.engine.game import Game
from doko.engine.record import to_record
from doko.engine.view import view
from doko.server.botpool import Job, level_options, seat_budget_ms
from doko.server.db import GameData, RoundData
from doko.server.errors import TableError
from doko.server.payloads import sheet_payload
from doko.session import RoundError

if TYPE_CHECKING:
    from doko.server.table import Table

#: While a person at the table may still take back the Vorbehalt just announced (TSR 4.1.2),
#: the next computer player answers no sooner than this (on tables with a bot delay at all).
WITHDRAW_WAIT_MS = 2500

log = logging.getLogger("doko.server")


def _seed(*parts: int) -> int:
    h = 1469598103934665603
    for p in parts:
        h = ((h ^ (p & 0xFFFFFFFFFFFF)) * 1099511628211) & 0x7FFFFFFFFFFFFFFF
    return h


async def drive(t: Table) -> None:
    while True:
        await t.wake.wait()
        t.wake.clear()
        try:
            while await step(t):
                pass
        except asyncio.CancelledError:
            raise
        except Exception:  # keep the table alive; the error is in the log
            log.exception("table %s: driver step failed", t.code)
            await asyncio.sleep(1.0)

def ready_for_next(t: Table) -> bool:
    humans = [s for s in t.seats if t.controller(s.seat) == "human"]
    if any(t.controller(s.seat) is None for s in t.seats):
        return False
    if not humans:
        return True
    present = [s for s in humans if s.conns]
    return bool(present) and all(s.ready for s in present)

async def deal(t: Table) -> None:
    """Deal the round's next game and store it (in the hub's slow lane, :mod:`.lane`)."""
    assert t.round is not None and t.round_data is not None
    await t.hub.lane.turn()
    number = t.next_number
    game = t.round.new_game(_seed(t.data.seed, number))
    deal = to_record(game)
    gid = await t.hub.db(t.hub.store.add_game, t.id, t.round_data.id, number,
                            deal, "playing")
    t.next_number += 1
    t.game = game
    t.game_data = GameData(gid, number, t.round_data.id, deal, False, [])
    t.status = "playing"
    for s in t.seats:
        s.ready = False
    await t.hub.lane.turn()  # the states of the new game, in a turn of their own
    t.bump()

async def close_game(t: Table) -> None:
    """Enter the finished game in the round's Spielliste and store it closed, with its score
    breakdown, its row and the round's sheet as they are served (TSR 7.3); in the hub's slow
    lane (:mod:`.lane`)."""
    g, gd = t.game, t.game_data
    assert g is not None and gd is not None and t.round is not None
    await t.hub.lane.turn()
    try:
        t.round.add_game(g)
    except RoundError:  # pragma: no cover - the round dealt this game itself
        log.exception("table %s: the round refused game %d", t.code, gd.number)
        raise
    t.round_games.append(gd.number)
    status = "over" if t.round.is_over else "playing"
    result = t.result_json(g)
    row = t.round.games[-1]
    row_json = {**row.to_json(), "label": {"de": row.label("de"), "en": row.label("en")}}
    sheet = sheet_payload(t.round, t.round_games, t.names())
    await t.hub.db(t.hub.store.close_game, gd.id, t.id, status, result, row_json,
                   gd.round_id, sheet)
    gd.closed = True
    t.status = status
    t.invalidate_sheet(sheet)
    await t.hub.lane.turn()  # the states with the closed game, in a turn of their own
    t.bump()


def jobs_for(t: Table, g: Game, *, on_turn: bool) -> list[Job]:
    """The computer players to ask now, in the order of :func:`doko.bots.base.step`: the
    seats off turn that may call (unless already asked at this epoch), then the seat on
    turn (if ``on_turn``)."""
    jobs: list[Job] = []
    number = t.game_data.number if t.game_data else 0
    bots = sum(t.controller(s) == "bot" for s in range(4))
    budget = seat_budget_ms(t.hub.limits.bot_budget_ms, bots)
    n = len(g.history)
    on = -1 if g.is_over else g.to_move
    idle = t.bots_idle_epoch == t.epoch
    for i in range(1, 5):
        seat = (on + i) & 3 if on >= 0 else i - 1
        if t.controller(seat) != "bot" or (idle and seat != on):
            continue
        if seat == on and not on_turn:
            continue
        if not g.legal_actions(seat):
            continue
        level = t.bot_level(seat)
        jobs.append(Job(seat, level, _seed(t.data.seed, number, n, seat), view(g, seat),
                        seat == on, level_options(level, budget)))
    return jobs

async def offer_bots(t: Table) -> None:
    """Under the lock, before a person's action: the computer players off turn get their
    chance to call at the current state first, so that the order of actions never depends
    on how fast a person clicks (and a restarted table continues exactly as before)."""
    for _ in range(8):
        g = t.game
        if g is None or t.game_closed():
            return
        jobs = jobs_for(t, g, on_turn=False)
        if not jobs:
            return
        result = await t.hub.think(t.code, jobs)
        if result is None:
            t.bots_idle_epoch = t.epoch
            return
        await t._apply(result[1])

async def step(t: Table) -> bool:
    """Do one thing the table is waiting for; False when it waits for a person."""
    async with t.lock:
        if not t.active or t.paused():
            return False
        if t.status == "waiting":
            if any(t.controller(s.seat) is None for s in t.seats):
                return False
            if t.round is None:
                rid = await t.hub.db(t.hub.store.add_round, t.id, 1,
                                        t.data.games_total, t.data.pflichtsoli)
                t.round_data = RoundData(rid, 1, t.data.games_total,
                                            t.data.pflichtsoli)
                t.round = t._new_round(t.round_data)
                t.invalidate_sheet()  # the round's (empty) Spielliste goes with the deal
            await deal(t)
            return True
        g = t.game
        if g is None or t.game_closed():
            if t.round is None or t.round.is_over or not ready_for_next(t):
                return False
            await deal(t)
            return True
        jobs = jobs_for(t, g, on_turn=True)
        if not jobs:
            if g.is_over:
                done = set(t.game_data.done_seats if t.game_data else [])
                waiting = [s for s in t.pending_after_end()
                           if t.controller(s) == "human" and s not in done]
                if not waiting:
                    await close_game(t)
                    return True
            return False
        epoch = t.epoch
        on_turn_bot = jobs[-1][0] if jobs[-1][4] else None
        if on_turn_bot is not None:
            t.thinking = (on_turn_bot, time.time())
            t.send_all({"type": "thinking", "seat": on_turn_bot,
                           "since": t.thinking[1]})
    started = time.monotonic()
    result = await t.hub.think(t.code, jobs)
    if on_turn_bot is not None and t.data.bot_delay_ms > 0:
        delay_ms = t.data.bot_delay_ms
        w = g.withdraw_seat()
        if w >= 0 and t.controller(w) == "human":
            delay_ms = max(delay_ms, WITHDRAW_WAIT_MS)
        rest = delay_ms / 1000 - (time.monotonic() - started)
        if rest > 0:
            await asyncio.sleep(rest)
    async with t.lock:
        t.thinking = None
        if t.epoch != epoch or t.game is not g:
            return True
        if result is None:
            t.bots_idle_epoch = epoch
            return True
        seat, a = result
        if t.controller(seat) != "bot":
            return True
        try:
            await t._apply(a)
        except TableError as e:
            log.error("table %s: a computer player's action was refused: %s", t.code, e)
            t.bots_idle_epoch = epoch
        return True
