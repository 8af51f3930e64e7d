"""Privacy: over whole games, no message to a seat or a spectator names a card it may not see.

Every message each connection received is checked against the true game at that moment
(replayed from the stored record): a seat may only be sent the cards in its own hand and the
cards already played; a spectator only the cards already played. The seat's ``hand`` must be
exactly its true hand. Card codes are matched as JSON strings anywhere in the message.
"""

from __future__ import annotations

import json
import re
import threading
from typing import Any

import pytest
from fastapi.testclient import TestClient
from server_helpers import (  # noqa: F401 - fixtures
    Seat,
    State,
    app_fixture,
    client_fixture,
    db_url_fixture,
    table_spec,
)

from doko.game import Game
from doko.record import replay

pytestmark = pytest.mark.timeout(120)

CARD = re.compile(r'"([9JQKTA][CSHD])"')


def round_over(st: State) -> bool:
    return st["table"]["status"] == "over" and st["game"] is not None and st["game"]["closed"]


def check_messages(messages: list[dict[str, Any]], seat: int | None,
                   records: dict[int, dict[str, Any]]) -> int:
    """Check every message; returns how many game states were checked."""
    checked = 0
    allowed: set[str] = set()
    for m in messages:
        text = json.dumps(m)
        codes = set(CARD.findall(text))
        if m["type"] == "state" and m["game"] is not None:
            g = m["game"]
            hist = g["view"]["history"]
            game: Game = replay({**records[g["number"]], "actions": hist})
            own = game.hand_codes(seat) if seat is not None else []
            assert g["view"]["hand"] == own
            played = {a["card"] for a in hist if a["action"] == "play"}
            allowed = set(own) | played
            assert m["you"] == seat
            checked += 1
        leak = codes - allowed
        assert not leak, f"message to seat {seat} names hidden cards {leak}: {text[:300]}"
    return checked


def play_table(client: TestClient, spec: dict[str, Any], humans: list[int],
               leave_after: int | None = None) -> None:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 201, r.text
    t = r.json()
    code = t["code"]
    failures: list[BaseException] = []
    logs: list[tuple[int | None, Seat]] = []
    with client.websocket_connect(f"/ws/{code}") as wspec:
        spectator = Seat(wspec)
        spectator.hello(None)
        logs.append((None, spectator))
        sockets = [client.websocket_connect(f"/ws/{code}") for _ in humans]
        seats = [Seat(ws.__enter__()) for ws in sockets]
        try:
            for s, seat in zip(seats, humans, strict=True):
                s.hello(t["seats"][seat]["token"])
                logs.append((seat, s))

            def run(s: Seat, seat: int) -> None:
                try:
                    if leave_after is not None and seat == humans[0]:
                        s.play(lambda st: st["game"] is not None
                               and len(st["game"]["view"]["history"]) >= leave_after)
                        s.pending = None
                        s.send({"type": "leave"})
                        s.until(lambda m: m["type"] == "left")
                        s.until_state(round_over)
                    else:
                        s.play(round_over)
                except BaseException as e:
                    failures.append(e)

            threads = [threading.Thread(target=run, args=(s, seat))
                       for s, seat in zip(seats, humans, strict=True)]
            for th in threads:
                th.start()
            spectator.until_state(round_over)
            for th in threads:
                th.join(90)
            assert not failures, failures
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    games = client.get(f"/api/tables/{code}/games").json()["games"]
    records = {g["number"]: client.get(f"/api/tables/{code}/games/{g['number']}/record").json()
               for g in games}
    assert records
    total = 0
    for seat, s in logs:
        # after leaving, the seat's connection only watches: it is then checked as a spectator
        if leave_after is not None and seat == humans[0]:
            cut = next(i for i, m in enumerate(s.messages) if m["type"] == "left")
            total += check_messages(s.messages[:cut], seat, records)
            total += check_messages(s.messages[cut:], None, records)
        else:
            total += check_messages(s.messages, seat, records)
    assert total > 50


def test_no_hidden_card_reaches_seats_or_spectators(client: TestClient) -> None:
    play_table(client, table_spec("Anna", "bot", "Bert", "bot", games=3), humans=[0, 2])


def test_privacy_with_house_rules_and_a_seat_taken_over(client: TestClient) -> None:
    spec = table_spec("Anna", "Bert", "bot", "bot", games=2, rules="hausregeln")
    play_table(client, spec, humans=[0, 1], leave_after=20)
