"""The state messages as they are sent: :meth:`Table.state_text` (built from parts encoded once
per broadcast or per game state) decodes to exactly :meth:`Table.state`, for every seat and
the spectators, at every step of whole games with calls, concessions and the Spielliste."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from server_helpers import apply_update

from doko.server import table as table_module
from doko.server.db import GameData, RoundData
from doko.server.hub import SeatSpec, TableSpec, validate
from doko.server.table import Conn, Table
from doko.session import Round

SEATS: list[int | None] = [0, 1, 2, 3, None]


def make_table(seed: int) -> Table:
    data = validate(TableSpec(name='Tisch "1"', games=4, seats=[
        SeatSpec("human", "Anna"), SeatSpec("human"), SeatSpec("bot", None, "random"),
        SeatSpec("human")]))
    data.id, data.code = seed + 1, "ABCDEF"
    t = Table(None, data)  # type: ignore[arg-type]  # no hub is needed for the messages
    # names that look like the markers the view's shared parts are spliced in with
    t.seats[1].name = "\x00history \ue000"
    t.seats[3].name = '"\\u0000history"'
    t.round_data = RoundData(1, 1, data.games_total, data.pflichtsoli)
    t.round = Round(["1", "2", "3", "4"], data.games_total, rules=t.rules,
                    pflichtsoli=data.pflichtsoli)
    t.status = "playing"
    for s in t.seats:
        s.joined = True
    return t


def plain(obj: Any) -> Any:
    return json.loads(json.dumps(obj))


def check(t: Table) -> None:
    for seat in SEATS:
        for with_sheet in (True, False):
            want = plain(t.state(seat, with_sheet))
            got = json.loads(t.state_text(seat, with_sheet))
            assert abs(got.pop("now") - want.pop("now")) < 60
            assert got == want, (seat, with_sheet)


def deal(t: Table, number: int) -> None:
    assert t.round is not None and t.round_data is not None
    g = t.round.new_game(number * 7919)
    t.game = g
    t.game_data = GameData(number, number, t.round_data.id, {}, False, [])


@pytest.mark.parametrize("seed", range(6))
def test_state_text_is_the_state(seed: int) -> None:
    rng = random.Random(seed)
    t = make_table(seed)
    check(t)  # no game yet
    for number in (1, 2):
        deal(t, number)
        g, gd = t.game, t.game_data
        assert g is not None and gd is not None
        check(t)
        while True:
            # any seat's legal action: cards, answers, calls off turn, concessions, claims
            options = [(s, a) for s in range(4) for a in g.legal_actions(s)]
            if not options:
                break
            _, a = rng.choice(options)
            g.apply(a)
            t.thinking = (rng.randrange(4), 1.5) if rng.random() < 0.3 else None
            check(t)
            if g.is_over and t.pending_after_end() and rng.random() < 0.5:
                gd.done_seats.append(t.pending_after_end()[0])
                check(t)
        assert g.is_over
        assert t.round is not None
        t.round.add_game(g)
        t.round_games.append(gd.number)
        gd.closed = True
        t.invalidate_sheet()
        check(t)
        t.seats[0].ready = True
        t.seats[1].name = "Bea"
        t.invalidate_sheet()
        check(t)


def receive(c: Conn, held: dict[Conn, Any], kinds: dict[str, int]) -> Any:
    """The one message queued for ``c``, as the state it makes (an update applied to the
    state ``c`` held; the Spielliste kept when it is not sent)."""
    text = c.queue.get_nowait()
    assert isinstance(text, str) and c.queue.empty()
    m = json.loads(text)
    kinds[m["type"]] = kinds.get(m["type"], 0) + 1
    if m["type"] == "update":
        assert set(m) <= {"type", "version", "base", "now", "table", "thinking", "sheet",
                          "game", "change"}, m
        m = apply_update(held[c], m)
        if "sheet" not in m and "game" not in m and not m["game"]["over"]:
            assert len(text) < 1500, len(text)  # the whole state is several kB
    elif "sheet" not in m:
        m["sheet"] = held[c]["sheet"]
    held[c] = m
    return dict(m)


def test_broadcast_sends_each_connection_its_state(monkeypatch: pytest.MonkeyPatch) -> None:
    """Each connection gets its first state whole and then updates; applied in order, they
    give exactly Table.state() for its seat after every broadcast, over whole games (calls,
    concessions, the thinking seat, the table changing), with connections coming late, moving
    to the spectators and asking for the state again. About one broadcast in five comes
    without an action (only the thinking seat, a seat's "next" or a name changed): the seats
    then keep their views from the broadcast before (no view is made again)."""
    made: list[set[int | None]] = []
    real_views = table_module.views

    def counting_views(game: Any, seats: Any) -> Any:
        made.append(set(seats))
        return real_views(game, seats)

    monkeypatch.setattr(table_module, "views", counting_views)
    t = make_table(9)
    deal(t, 1)
    conns = {seat: Conn() for seat in SEATS}
    for seat, c in conns.items():
        c.seat = seat
        if seat is None:
            t.spectators.add(c)
        else:
            t.seats[seat].conns.add(c)
    late = Conn()  # joins later: it has not got the Spielliste yet
    late.seat = 2
    held: dict[Conn, Any] = {}
    kinds: dict[str, int] = {}
    rng = random.Random(3)
    number = 1
    still = 0  # broadcasts after one without an action in between
    idle = False
    for step in range(260):
        if step == 10:
            t.seats[2].conns.add(late)
        if step == 40:  # seat 1 leaves: its connection only watches now
            moved = conns[1]
            t.seats[1].conns.discard(moved)
            moved.seat = None
            t.spectators.add(moved)
        if step == 60:  # a connection asks for the state again
            t.send_state(conns[3])
            receive(conns[3], held, kinds)
        if step % 7 == 3:
            t.thinking = (rng.randrange(4), float(step)) if t.thinking is None else None
        if step % 11 == 5:
            t.seats[rng.randrange(4)].ready = rng.random() < 0.5
        if step % 50 == 20:  # a new name: the table and the Spielliste change
            t.seats[rng.randrange(4)].name = f"Name {step}"
            t.invalidate_sheet()
        t.version += 1
        before = len(made)
        t.broadcast()
        if idle and step not in (10, 40, 60):
            still += 1
            assert len(made) == before, step  # every seat kept its view
        for c in [*conns.values(), *([late] if step >= 10 else [])]:
            got = receive(c, held, kinds)
            want = plain(t.state(c.seat))
            got.pop("now")
            want.pop("now")
            assert got == want, (step, c.seat)
        g = t.game
        assert g is not None and t.game_data is not None
        options = [a for s in range(4) for a in g.legal_actions(s)]
        # nothing happens in the game before the next broadcast (also after the last game)
        idle = (not options and number == 3) or (bool(options) and rng.random() < 0.2)
        if options and not idle:
            g.apply(rng.choice(options))
        elif not options and number < 3:  # the game is over: close it and deal the next one
            assert t.round is not None
            t.round.add_game(g)
            t.round_games.append(number)
            t.game_data.closed = True
            t.invalidate_sheet()
            t.version += 1
            t.broadcast()
            for c in [*conns.values(), *([late] if step >= 10 else [])]:
                receive(c, held, kinds)
            number += 1
            deal(t, number)
    assert number == 3
    # whole states only: the first message of each, the late one's, the moved one's, the
    # answer to the request and the broadcast after it
    assert kinds["state"] == len(conns) + 4, kinds
    assert kinds["update"] > 1000, kinds
    assert still > 30, still


def test_hint_key_holds_everything_the_call_hint_reads() -> None:
    """The call hints are kept by hint_key across tables: over random games with calls and
    Vorbehalte, two states with the same key have the same hint (TSR 6.4), and hint_text is
    call_hint encoded, with the cache cold and warm."""
    from doko.bots.random_player import RandomPolicy
    from doko.engine.actions import BLACK, CALL_RE, code_of
    from doko.engine.game import Game
    from doko.server import payloads
    from doko.server.payloads import call_hint, dumps, hint_key, hint_text

    seen: dict[Any, Any] = {}
    hints = 0
    for seed in range(40):
        g = Game.deal(seed, seed & 3)
        policy = RandomPolicy(seed, p_reservation=0.3, p_call=0.15)
        while not g.is_over:
            if seed % 3 == 0:
                payloads._HINT_TEXTS.clear()
            for seat in range(4):
                codes = tuple(sorted({code_of(a) for a in g.legal_actions(seat)
                                      if CALL_RE <= code_of(a) <= BLACK}))
                if not codes:
                    assert call_hint(g, seat) is None
                    continue
                key = hint_key(g, seat, codes)
                hint = call_hint(g, seat)
                assert seen.setdefault(key, hint) == hint, key
                assert hint_text(g, seat, key) == dumps(hint)
                hints += 1
            g.apply(policy.choose(g))
    assert hints > 1000 and len(seen) > 20


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats(allow_nan=False) | st.text(),
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(), inner, max_size=4),
    max_leaves=20)


@settings(max_examples=200, deadline=None)
@given(value=json_values)
def test_dumps_is_compact_json_dumps(value: Any) -> None:
    """The server's one encoder (made once, not per call) writes what json.dumps writes."""
    from doko.server.payloads import dumps

    assert dumps(value) == json.dumps(value, separators=(",", ":"))
