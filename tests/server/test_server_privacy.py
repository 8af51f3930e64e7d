"""Privacy: over whole games, no message to a seat or a spectator names a card it may not see.

Every message each connection received is checked against the true game at that moment
(replayed from the stored record): a seat may only be sent the cards in its own hand and the
cards already played; a spectator only the cards already played. The seat's ``hand`` must be
exactly its true hand. Card codes are matched as JSON strings anywhere in the message. After
its first state a connection gets ``update`` messages: each is checked as it was sent and as
the whole state it makes applied to the state before (which must be exactly what the server
holds for that seat: the privacy rule of the game's ``view`` then holds for it too).

The people at the table also provoke errors all the time (security review, finding 3): at each
of their turns they play a card they do not hold, a card that does not follow suit, claim
(TSR 5.4.4) and concede (5.4.3) without being the soloist, call too late or for the other
party (6.2.2, 6.3.4), and act out of turn; one of them plays solos and claims at every turn.
Every ``error`` text (English and German) is checked too: it may name only what the seat sees
and the card its own request named (by code, symbol or name), and says no "seat 0".
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
    first_legal,
    hidden_cards_named,
    keyed,
    spectator_key,
    table_spec,
    update_ack,
    visible_cards,
)

from doko.engine.cards import card_code, deck
from doko.engine.game import Game
from doko.engine.record import replay

pytestmark = pytest.mark.timeout(120)

CARD = re.compile(r'"([9JQKTA][CSHD])"')
ALL_CARDS = sorted({card_code(k) for k in deck()})


def round_over(st: State) -> bool:
    return st["table"]["status"] == "over" and st["game"] is not None and st["game"]["closed"]


def check_messages(messages: list[dict[str, Any]], seat: int | None,
                   records: dict[int, dict[str, Any]],
                   sent: dict[int, dict[str, Any]] | None = None,
                   raw: list[dict[str, Any]] | None = None) -> tuple[int, int, int]:
    """Check every message; returns how many game states, error texts and updates were
    checked. ``sent``: the requests of the connection by ``ref`` (a refusal may name the card
    its request named). ``raw``: the messages as sent (an ``update`` is checked as sent and as
    the whole state it makes, which is in ``messages``)."""
    checked = errors = updates = 0
    allowed: set[str] = set()
    if raw is not None:  # an update answering an action is logged as its state and its ack
        raw = [x for r in raw for x in [r, *update_ack(r)]]
    for i, m in enumerate(messages):
        text = json.dumps(m)
        codes = set(CARD.findall(text))
        if raw is not None:
            assert raw[i]["type"] == m["type"] or (raw[i]["type"], m["type"]) == (
                "update", "state")
            if raw[i]["type"] == "update":
                codes |= set(CARD.findall(json.dumps(raw[i])))
                updates += 1
        if m["type"] == "state" and m["game"] is not None:
            g = m["game"]
            hist = g["view"]["history"]
            game: Game = replay({**records[g["number"]], "actions": hist})
            own = game.hand_codes(seat) if seat is not None else []
            assert g["view"]["hand"] == own
            played = {a["card"] for a in hist if a["action"] == "play"}
            allowed = set(own) | played
            assert allowed == visible_cards(m)
            assert m["you"] == seat
            checked += 1
        if m["type"] == "error":
            request = (sent or {}).get(m["ref"]) if isinstance(m["ref"], int) else None
            named = set()
            if request is not None and isinstance(request.get("action"), dict):
                named = {request["action"].get("card")} - {None}
            hidden = hidden_cards_named(m["message"], allowed | named)
            assert not hidden, f"an error to seat {seat} names hidden cards {hidden}: {m}"
            assert not re.search(r"\b(?:seat|Platz) 0\b", m["message"]), m
            errors += 1
        leak = codes - allowed
        assert not leak, f"message to seat {seat} names hidden cards {leak}: {text[:300]}"
    return checked, errors, updates


def _named(v: dict[str, Any], action: str) -> dict[str, Any] | None:
    for a in v["legal_actions"]:
        if a["action"] == action:
            b = dict(a)
            b.pop("seat")
            return {"type": "action", "action": b}
    return None


class Provoker:
    """A seat's policy: the first legal action, after a round of requests the table must
    refuse (each named in the module docstring) at every moment the seat sees; in the games
    ``solo_games`` it says a Vorbehalt and names a solo, and as soloist it claims."""

    def __init__(self, me: Seat, seat: int, solo_games: frozenset[int] = frozenset()) -> None:
        self.me = me
        self.seat = seat
        self.solo_games = solo_games
        self.tried: dict[tuple[int, int], list[dict[str, Any]]] = {}
        self.count = 0

    def probes(self, st: State) -> list[dict[str, Any]]:
        g = st["game"]
        v = g["view"]
        hand = v["hand"]
        visible = visible_cards(st)
        legal = v["legal_actions"]
        hidden = [c for c in ALL_CARDS if c not in visible]
        out: list[dict[str, Any]] = []
        if hidden:  # a card the seat does not hold and has not seen (TSR 5.2)
            out.append({"action": "play", "card": hidden[(len(v["history"]) * 7) % len(hidden)]})
        if v["to_move"] != self.seat:  # out of turn (TSR 4.1.2, 5.2.1)
            if hand:
                out.append({"action": "play", "card": hand[0]})
            return out
        if v["phase"] == "play":
            plays = {a["card"] for a in legal if a["action"] == "play"}
            bad = [c for c in hand if c not in plays]
            if bad:  # not following suit (TSR 5.2.2)
                out.append({"action": "play", "card": bad[0]})
            out.append({"action": "claim"})  # refused unless forced (TSR 5.4.3, 5.4.4)
            if v.get("soloist") != self.seat:
                out.append({"action": "concede"})  # only the soloist (TSR 5.4.3)
            for call in ("re", "kontra", "no90", "no60", "black"):
                if not any(a["action"] == "call" and a["call"] == call for a in legal):
                    out.append({"action": "call", "call": call})  # TSR 6.2.2, 6.3.4
        return out

    def __call__(self, st: State) -> dict[str, Any] | None:
        g = st["game"]
        if g is None or g["over"] or g["closed"] or st["you"] != self.seat:
            return first_legal(st)
        v = g["view"]
        key = (g["number"], len(v["history"]))
        if key not in self.tried:
            self.tried[key] = self.probes(st)
        todo = self.tried[key]
        if todo:
            self.count += 1
            self.me.send({"type": "lang", "lang": ("en", "de")[self.count % 2]})
            return {"type": "action", "action": todo.pop(0)}
        if v["to_move"] != self.seat:
            return None
        if g["number"] in self.solo_games:
            for action in ("reservation", "solo"):
                req = _named(v, action)
                if req is not None:
                    return req
        return first_legal(st)


def play_table(client: TestClient, spec: dict[str, Any], humans: list[int],
               leave_after: int | None = None, solo: dict[int, frozenset[int]] | None = None
               ) -> None:
    r = client.post("/api/tables", json=spec)
    assert r.status_code == 201, r.text
    t = r.json()
    code = t["code"]
    failures: list[BaseException] = []
    logs: list[tuple[int | None, Seat]] = []
    provokers: list[Provoker] = []
    with client.websocket_connect(f"/ws/{code}") as wspec:
        spectator = Seat(wspec)
        spectator.hello(spectator_key(t))
        logs.append((None, spectator))
        sockets = [client.websocket_connect(f"/ws/{code}") for _ in humans]
        seats = [Seat(ws.__enter__()) for ws in sockets]
        try:
            for s, seat in zip(seats, humans, strict=True):
                s.hello(t["seats"][seat]["token"])
                logs.append((seat, s))

            def run(s: Seat, seat: int) -> None:
                try:
                    policy = Provoker(s, seat, (solo or {}).get(seat, frozenset()))
                    provokers.append(policy)
                    if leave_after is not None and seat == humans[0]:
                        s.play(lambda st: st["game"] is not None
                               and len(st["game"]["view"]["history"]) >= leave_after,
                               policy=policy)
                        s.pending = None
                        s.send({"type": "leave"})
                        s.until(lambda m: m["type"] == "left")
                        # now a spectator: its requests are refused (token_required)
                        s.reply(s.send({"type": "action",
                                        "action": {"action": "play", "card": "QC"}}))
                        s.until_state(round_over)
                    else:
                        s.play(round_over, policy=policy)
                except BaseException as e:
                    failures.append(e)

            threads = [threading.Thread(target=run, args=(s, seat))
                       for s, seat in zip(seats, humans, strict=True)]
            for th in threads:
                th.start()
            for probe in ({"action": "play", "card": "QC"}, {"action": "claim"}):
                r = spectator.reply(spectator.send({"type": "action", "action": probe}))
                assert r["error"] == "token_required"
            spectator.until_state(round_over)
            for th in threads:
                th.join(90)
            assert not failures, failures
        finally:
            for ws in sockets:
                ws.__exit__(None, None, None)
    key = keyed(spectator_key(t))
    games = client.get(f"/api/tables/{code}/games", headers=key).json()["games"]
    records = {g["number"]: client.get(f"/api/tables/{code}/games/{g['number']}/record",
                                       headers=key).json()
               for g in games}
    assert records
    total = errors = updates = 0
    for who, s in logs:
        # after leaving, the seat's connection only watches: it is then checked as a spectator
        if leave_after is not None and who == humans[0]:
            cut = next(i for i, m in enumerate(s.messages) if m["type"] == "left")
            rcut = next(i for i, m in enumerate(s.raw) if m["type"] == "left")
            counts = [check_messages(s.messages[:cut], who, records, s.sent, s.raw[:rcut]),
                      check_messages(s.messages[cut:], None, records, s.sent, s.raw[rcut:])]
        else:
            counts = [check_messages(s.messages, who, records, s.sent, s.raw)]
        total += sum(c[0] for c in counts)
        errors += sum(c[1] for c in counts)
        updates += sum(c[2] for c in counts)
    assert total > 50
    assert updates > 0.8 * total  # most states come as updates (checked as sent, too)
    # the refusals were provoked and checked: many, of every kind, in both languages
    refusals = [m for _, s in logs for m in s.errors]
    assert errors == len(refusals) > 100
    rules = {m["rule"] for m in refusals}
    assert {"5.2", "5.2.2", "5.4.3", "5.4.4"} <= rules, rules  # 5.4.4: the soloist claims
    assert rules & {"6.2.2", "6.3.4", "6.2.1"}, rules
    assert any(m["rule"] in ("4.1.2", "5.2.1", "5.1.1") for m in refusals), rules
    texts = " ".join(m["message"] for m in refusals)
    # the refusal goes to the acting seat alone and addresses it (TSR 5.2: the card it lacks)
    assert "you do not hold" in texts and "du hast" in texts and "nicht auf der Hand" in texts
    # every probe was answered (an error; or an ack where the seat's view was a moment old and
    # the probe had become legal, e.g. a card played "out of turn" just as the turn came)
    for _, s in logs:
        answered = {m["ref"] for m in s.messages if m["type"] in ("ack", "error")}
        assert all(ref in answered for ref, req in s.sent.items() if req["type"] == "action")


def test_no_hidden_card_reaches_seats_or_spectators(client: TestClient) -> None:
    """Seats 0 and 2 play three games; seat 2 says a solo in game 2 (it answers the
    Vorbehaltsabfrage first there) and claims at each of its turns as the soloist."""
    play_table(client, table_spec("Anna", "bot", "Bert", "bot", games=3), humans=[0, 2],
               solo={2: frozenset({2})})


def test_privacy_with_house_rules_and_a_seat_taken_over(client: TestClient) -> None:
    spec = table_spec("Anna", "Bert", "bot", "bot", games=2, rules="hausregeln")
    play_table(client, spec, humans=[0, 1], leave_after=20, solo={1: frozenset({1})})
