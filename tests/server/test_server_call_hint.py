"""The web table sends each seat the consequence of its calls (doko.engine.callhints, TSR 6.4):
what it may call now, how long each stays possible, what waiting costs; in German and English,
with the calls it may make, and nothing when it may make none."""

from __future__ import annotations

from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    Seat,
    app_fixture,
    client_fixture,
    db_url_fixture,
    first_legal,
    game_closed,
    seat_keys,
    table_spec,
)

from doko.engine.actions import HEALTHY, encode
from doko.engine.callhints import call_hints, hint_lines
from doko.engine.game import Game
from doko.server.payloads import call_hint

pytestmark = pytest.mark.timeout(60)


def test_call_hint_is_the_engines_hint_in_both_languages() -> None:
    g = Game.deal(7)
    assert all(call_hint(g, s) is None for s in range(4))  # no call before the query is over
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    for seat in range(4):
        hint = call_hint(g, seat)
        assert hint is not None
        assert hint == {lang: hint_lines(call_hints(g, seat), 12, lang) for lang in ("de", "en")}
        assert hint["de"] != hint["en"]
        assert ("Re" if g.is_re[seat] else "Kontra") in hint["de"][0]


def test_every_state_with_calls_has_their_hint(client: TestClient) -> None:
    r = client.post("/api/tables", json=table_spec("Anna", "bot", "bot", "bot", games=1))
    t = r.json()
    seen: list[dict[str, Any]] = []

    def check(_seat: Seat, st: dict[str, Any]) -> None:
        g = st["game"]
        if g is None:
            return
        if g["calls"] and not g["over"]:
            hint = g["call_hint"]
            assert set(hint) == {"de", "en"} and hint["de"] and hint["en"]
            # the first line names the calls (the Absagen may be a range: keine 90 bis schwarz)
            for c in g["calls"]:
                call = c["action"]["call"]
                word = {"re": "Re", "kontra": "Kontra"}.get(call, "keine 90")
                if call in ("re", "kontra") or "keine 90" in hint["de"][0]:
                    assert word in hint["de"][0], (call, hint)
                else:
                    assert "keine" in hint["de"][0] or "schwarz" in hint["de"][0], (call, hint)
            seen.append(hint)
        elif not g["calls"]:
            assert g["call_hint"] is None

    with client.websocket_connect(f"/ws/{t['code']}") as ws:
        me = Seat(ws)
        me.hello(seat_keys(t)[0])
        me.play(game_closed(1), on_state=check)
    assert seen  # the first trick at least offered a call
