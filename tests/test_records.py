"""Game records (``doko-game/1``): round trip, malformed records, illegal actions on replay."""

from __future__ import annotations

import copy
import json
from typing import Any

import pytest

from conftest import (
    PLAY,
    Knobs,
    act,
    call,
    new_game,
    play,
    play_auto,
    query,
    random_game,
    snapshot,
    solo_code,
)
from doko.engine.actions import CALL_RE, encode
from doko.engine.errors import IllegalActionError, RecordError, ReplayError
from doko.engine.game import Game
from doko.engine.record import dumps, loads, replay, start_of, to_record

NORMAL = (
    "TH QC QH JC JH JD AD 9D TS 9S AH 9H",
    "TH JC JS JH AD KD 9D AC 9C KS 9S 9H",
    "QS QD JS JD TC KC KC 9C TS KS AH KH",
    "QC QS QH QD TD TD KD AC TC AS AS KH",
)


def normal_record(n_cards: int = 8) -> dict[str, Any]:
    """A Normalspiel (dealer 0) with the query, Re by seat 0, and ``n_cards`` cards played."""
    g = new_game(*NORMAL, dealer=0)
    query(g)
    call(g, 0, "re")
    play_auto(g, n_cards)
    return to_record(g)


# -- round trip ----------------------------------------------------------------------------------

ROUND_TRIP_KNOBS = [
    Knobs(seed=s, dealer=s % 4, p_reserve=r, p_call=c, p_concede=cc)
    for s, r, c, cc in [(1, 0.0, 0.0, 0.0), (2, 0.3, 0.3, 0.0), (3, 0.8, 0.5, 0.05),
                        (4, 0.8, 0.2, 0.2), (5, 0.1, 0.6, 0.0), (6, 0.5, 0.1, 0.02)]
] + [
    Knobs(seed=7, owes=(True, False, True, False), vorfuehrung=2, p_call=0.3),
    Knobs(seed=8, owes=(True, True, True, True), p_reserve=0.9, p_call=0.4),
]


@pytest.mark.parametrize("kn", ROUND_TRIP_KNOBS, ids=lambda k: f"seed{k.seed}")
def test_record_round_trip(kn: Knobs) -> None:
    """A record (the deal, TSR 3.3.7, and the actions, TSR 4 to 6) replays to the same game:
    ``to_record(replay(rec)) == rec``, also through JSON text."""
    g = random_game(kn)
    rec = to_record(g)
    h = replay(rec)
    assert to_record(h) == rec
    assert snapshot(h) == snapshot(g)
    assert h.history == g.history
    text = dumps(g, indent=2)
    assert loads(text) == json.loads(json.dumps(rec))
    assert to_record(replay(loads(text))) == rec


def test_record_keys_and_values() -> None:
    """The record holds format, rules, dealer, hands as dealt (TSR 3.3.7), round context
    (TSR 4.2.3), actions (the query first, TSR 4.1.2)."""
    rec = normal_record(5)
    assert set(rec) == {"format", "rules", "dealer", "hands", "owes_pflichtsolo", "vorfuehrung",
                        "actions"}
    assert rec["format"] == "doko-game/1" and rec["rules"] == "tsr" and rec["dealer"] == 0
    assert [sorted(h) for h in rec["hands"]] == [sorted(h.split()) for h in NORMAL]
    assert rec["owes_pflichtsolo"] == [False] * 4 and rec["vorfuehrung"] is None
    assert rec["actions"][:5] == [
        {"seat": 1, "action": "healthy"},
        {"seat": 2, "action": "healthy"},
        {"seat": 3, "action": "healthy"},
        {"seat": 0, "action": "healthy"},
        {"seat": 0, "action": "call", "call": "re"},
    ]
    assert rec["actions"][5]["action"] == "play"
    assert len(rec["actions"]) == 10


def test_unfinished_record_and_start_of() -> None:
    """An unfinished record (a game in progress, TSR 5) is valid; ``start_of`` gives the game
    before its first action."""
    rec = normal_record(3)
    g0, actions = start_of(rec)
    assert g0.history == [] and len(actions) == len(rec["actions"])
    g = replay(rec)
    assert g.phase == PLAY and len(g.trick) == 3
    for a in actions:
        g0.apply(a)
    assert to_record(g0) == rec


def test_record_with_optional_keys_missing_and_ten_written_as_10() -> None:
    """``rules`` (default: TSR), ``owes_pflichtsolo`` and ``vorfuehrung`` may be left out;
    "10H" reads as TH (TSR 2.2)."""
    rec = normal_record(0)
    for key in ("rules", "owes_pflichtsolo", "vorfuehrung"):
        del rec[key]
    rec["hands"][0] = [c.replace("T", "10") for c in rec["hands"][0]]
    assert "10H" in rec["hands"][0]
    g = replay(rec)
    assert "TH" in g.hand_codes(0)
    assert "TH" in to_record(g)["hands"][0] and "10H" not in to_record(g)["hands"][0]


def test_vorfuehrung_and_pflichtsolo_round_trip() -> None:
    """TSR 4.2.3: the round context (who owes a Pflichtsolo, who is vorgeführt) is kept."""
    g = new_game(*NORMAL, dealer=1, owes=(False, False, True, False), vorfuehrung=2)
    act(g, 2, solo_code("hearts"))
    play(g, g.hand_codes(2)[0])
    rec = to_record(g)
    assert rec["owes_pflichtsolo"] == [False, False, True, False] and rec["vorfuehrung"] == 2
    assert rec["actions"][0] == {"seat": 2, "action": "solo", "solo": "hearts"}
    h = replay(rec)
    assert h.pflichtsolo and h.soloist == 2 and h.contract_name == "solo_hearts"


# -- malformed records: RecordError ----------------------------------------------------------------


def _broken(change: str) -> dict[str, Any]:
    rec = normal_record(4)
    r = copy.deepcopy(rec)
    if change == "bad card code":
        r["hands"][1][0] = "QX"
    elif change == "11 cards":
        r["hands"][2] = r["hands"][2][:11]
    elif change == "13 cards":
        r["hands"][2] = [*r["hands"][2], "QC"]
    elif change == "card three times in a hand":
        rest = [c for c in r["hands"][0] if c != "QC"]
        r["hands"][0] = ["QC", "QC", "QC", *rest[:9]]
    elif change == "card three times in the deal":
        r["hands"][1][0] = "QC"  # seats 0 and 3 hold the two ♣Q
    elif change == "unknown key":
        r["comment"] = "hello"
    elif change == "unknown action key":
        r["actions"][0]["card"] = "QC"
    elif change == "bad action name":
        r["actions"][2] = {"seat": 3, "action": "fold"}
    elif change == "bad call name":
        r["actions"][4] = {"seat": 0, "action": "call", "call": "no120"}
    elif change == "bad solo name":
        r["actions"][4] = {"seat": 0, "action": "solo", "solo": "hochzeit"}
    elif change == "play without card":
        r["actions"][5] = {"seat": 1, "action": "play"}
    elif change == "bad card in action":
        r["actions"][5] = {"seat": 1, "action": "play", "card": "11H"}
    elif change == "bad seat":
        r["actions"][0]["seat"] = 4
    elif change == "boolean seat":
        r["actions"][0]["seat"] = True
    elif change == "bad format":
        r["format"] = "doko-game/2"
    elif change == "missing hands":
        del r["hands"]
    elif change == "missing actions":
        del r["actions"]
    elif change == "bad dealer":
        r["dealer"] = 7
    elif change == "three hands":
        r["hands"] = r["hands"][:3]
    elif change == "bad owes":
        r["owes_pflichtsolo"] = [True, False]
    elif change == "vorfuehrung without owing":
        r["vorfuehrung"] = 1
    elif change == "bad rules":
        r["rules"] = "skat"
    elif change == "actions not a list":
        r["actions"] = {"seat": 0}
    elif change == "action not an object":
        r["actions"][0] = "healthy"
    else:  # pragma: no cover
        raise AssertionError(change)
    return r


@pytest.mark.parametrize("change", [
    "bad card code", "11 cards", "13 cards", "card three times in a hand",
    "card three times in the deal", "unknown key", "unknown action key", "bad action name",
    "bad call name", "bad solo name", "play without card", "bad card in action", "bad seat",
    "boolean seat", "bad format", "missing hands", "missing actions", "bad dealer",
    "three hands", "bad owes", "vorfuehrung without owing", "bad rules", "actions not a list",
    "action not an object",
])
def test_malformed_record_raises_record_error(change: str) -> None:
    """A record that is not a valid ``doko-game/1`` object (e.g. a hand that is not 12 of the
    48 cards, TSR 2.2.1, 3.3.7) raises RecordError (a ValueError), before any action is
    applied (``start_of``)."""
    r = _broken(change)
    with pytest.raises(RecordError) as info:
        start_of(r)
    assert not isinstance(info.value, ReplayError)
    assert isinstance(info.value, ValueError)
    # the message in both languages (issue 14): English is str, German from the catalogue
    e = info.value
    assert e.text("en") == str(e) and e.text("de") != str(e)
    assert not any(w in e.text("de") for w in (" the ", " must ", " not ", " has ", " got "))
    with pytest.raises(RecordError):
        replay(r)


def test_record_error_messages_name_the_problem() -> None:
    """RecordError messages name the bad card, the hand size (TSR 3.3.7), the key, the action."""
    with pytest.raises(RecordError, match="QX"):
        start_of(_broken("bad card code"))
    with pytest.raises(RecordError, match="11"):
        start_of(_broken("11 cards"))
    with pytest.raises(RecordError, match="comment"):
        start_of(_broken("unknown key"))
    with pytest.raises(RecordError, match="fold"):
        start_of(_broken("bad action name"))


@pytest.mark.parametrize("text", ["", "{", "[1, 2]", "null", '"x"'])
def test_loads_rejects_non_objects(text: str) -> None:
    """Record JSON text must be one object; anything else is a RecordError."""
    with pytest.raises(RecordError):
        loads(text)


# -- illegal actions: ReplayError ---------------------------------------------------------------


def _replay_error(rec: dict[str, Any]) -> ReplayError:
    with pytest.raises(ReplayError) as info:
        replay(rec)
    err = info.value
    assert isinstance(err.error, IllegalActionError)
    assert str(err).startswith(f"action {err.index} (seat {err.seat + 1}): ")  # seats 1..4
    return err


def test_replay_error_for_play_out_of_turn() -> None:
    """TSR 5.1: a card played by a seat not on turn: ReplayError names index and seat."""
    rec = normal_record(4)
    # action 5 is the first card (seat 1 leads); let seat 2 play first instead
    assert rec["actions"][5]["seat"] == 1
    rec["actions"][5] = {"seat": 2, "action": "play", "card": "QS"}
    err = _replay_error(rec)
    assert (err.index, err.seat) == (5, 2)


def test_replay_error_for_not_following_suit() -> None:
    """TSR 5.2.2: a card that does not follow the led suit."""
    g = new_game(*NORMAL, dealer=0)
    query(g)
    play(g, "AC")  # seat 1 leads a club; seat 2 holds clubs
    rec = to_record(g)
    rec["actions"].append({"seat": 2, "action": "play", "card": "QS"})
    err = _replay_error(rec)
    assert (err.index, err.seat) == (5, 2)
    assert err.error.rule == "5.2.2"


def test_replay_error_for_late_call() -> None:
    """TSR 6.2.2: Re with 10 cards in hand is refused on replay."""
    g = new_game(*NORMAL, dealer=0)
    query(g)
    while g.cards_in_hand(0) > 10:
        play_auto(g)
    rec = to_record(g)
    rec["actions"].append({"seat": 0, "action": "call", "call": "re"})
    err = _replay_error(rec)
    assert err.index == len(rec["actions"]) - 1 and err.seat == 0
    assert err.error.rule is not None and "6.2.2" in err.error.rule


def test_replay_error_for_call_for_wrong_party_in_the_middle() -> None:
    """TSR 6.2.2: an illegal action in the middle of a record: later actions are not reached."""
    rec = normal_record(8)
    rec["actions"].insert(6, {"seat": 1, "action": "call", "call": "re"})
    err = _replay_error(rec)
    assert (err.index, err.seat) == (6, 1)
    assert err.error.rule == "6.2.2"


def test_replay_error_for_query_answer_out_of_order() -> None:
    """TSR 4.1.2: the query goes clockwise from the dealer's left neighbour."""
    rec = normal_record(0)
    rec["actions"][0], rec["actions"][1] = rec["actions"][1], rec["actions"][0]
    err = _replay_error(rec)
    assert (err.index, err.seat) == (0, 2)


def test_replayed_game_equals_the_original_state() -> None:
    """Replaying the record of a game in progress (with an Ansage, TSR 6.2.2) gives the same
    state and legal actions."""
    g = new_game(*NORMAL, dealer=0)
    query(g)
    g.apply(encode(3, CALL_RE))
    play_auto(g, 13)
    h = replay(to_record(g))
    assert snapshot(h) == snapshot(g)
    assert isinstance(h, Game)
