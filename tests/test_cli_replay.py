"""Tests of ``doko replay`` (src/doko/cli/replay.py)."""

from __future__ import annotations

import copy
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from doko.bots.random_player import RandomPolicy
from doko.cli import main
from doko.engine.actions import from_dict, to_dict
from doko.engine.cards import card_code, hand_kinds
from doko.engine.game import Game
from doko.engine.record import replay, to_record

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "example-game.json"


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return record


def run_replay(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], record: object, *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    text = record if isinstance(record, str) else json.dumps(record)
    path.write_text(text, encoding="utf-8")
    status = main(["replay", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


# --------------------------------------------------------------------------- the docs example


def test_example_text_de(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(EXAMPLE)])
    out, err = capsys.readouterr()
    assert status == 0, err
    assert err == ""
    assert "Vorbehaltsabfrage:" in out
    # the text numbers the seats 1 to 4 (the record's "seat" fields are 0 to 3)
    assert "Platz 2: gesund" in out
    assert "Platz 0" not in out
    assert "Spiel: Normalspiel" in out
    assert "Re: Platz 1, 2 · Kontra: Platz 3, 4" in out
    assert "Platz 1: Ansage „Re“ (Re, 12 Karten auf der Hand)" in out
    assert "Platz 1: Absage „keine 90“ (Re, 10 Karten auf der Hand)" in out
    assert "Stich 1: Platz 2 ♦B, Platz 3 ♥D, Platz 4 ♥B, Platz 1 ♣B → Platz 3 (Kontra)" in out
    assert "Stich 12:" in out
    assert "Doppelkopf" in out and "Fuchs gefangen" in out
    assert "Re (Platz 1, 2): 187 Augen, 9 Stiche" in out
    assert "Kontra (Platz 3, 4): 53 Augen, 3 Stiche" in out
    assert "Gewinner: Re · Spielwert: 8" in out
    assert "Punkte: Platz 1 +8, Platz 2 +8, Platz 3 -8, Platz 4 -8" in out
    # the call stands where it was made: after trick 2, before trick 3
    assert out.index("Stich 2:") < out.index("Absage „keine 90“") < out.index("Stich 3:")


def test_example_text_en(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(EXAMPLE), "--lang", "en"])
    out, _ = capsys.readouterr()
    assert status == 0
    assert "seat 2: healthy (gesund)" in out
    assert "Trick 1: seat 2 ♦J, seat 3 ♥Q, seat 4 ♥J, seat 1 ♣J → seat 3 (Kontra)" in out
    assert "seat 1 calls „keine 90“" in out
    assert "Re (seats 1, 2): 187 Augen, 9 tricks" in out
    assert "Winner: Re" in out


def test_example_json(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(EXAMPLE), "--json"])
    out, _ = capsys.readouterr()
    assert status == 0
    obj = json.loads(out)
    assert obj["valid"] is True
    assert obj["finished"] is True
    assert obj["contract"] == "normal"
    assert (obj["re"], obj["kontra"]) == ([0, 1], [2, 3])
    assert (obj["re_eyes"], obj["kontra_eyes"]) == (187, 53)
    assert (obj["re_tricks"], obj["kontra_tricks"]) == (9, 3)
    assert obj["winner"] == "re"
    assert obj["scores"] == [8, 8, -8, -8]
    assert [c["call"] for c in obj["calls"]] == ["re", "no90"]
    assert [c["index"] for c in obj["calls"]] == [4, 13]
    assert len(obj["tricks"]) == 12
    assert sum(t["eyes"] for t in obj["tricks"]) == 240
    labels = [i["de"] for i in obj["items"]]
    assert "Doppelkopf" in labels and "Fuchs gefangen" in labels
    assert sum(i["points"] for i in obj["items"]) == 8


def test_stdin(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(EXAMPLE.read_text(encoding="utf-8")))
    assert main(["replay", "-", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["winner"] == "re"


# --------------------------------------------------------------------------- illegal actions


def _insert(record: dict[str, Any], index: int, action: dict[str, Any]) -> dict[str, Any]:
    rec = copy.deepcopy(record)
    rec["actions"].insert(index, action)
    return rec


def _must_follow_violation() -> tuple[dict[str, Any], int, int]:
    """The example with one card play replaced by a card that does not follow suit."""
    rec = example()
    game = Game.from_hands(rec["hands"], rec["dealer"])
    for i, a in enumerate(rec["actions"]):
        action = from_dict(a)
        if a["action"] == "play" and game.trick:
            seat = a["seat"]
            legal = {x & 63 for x in game.legal_actions(seat) if x & 63 < 24}
            wrong = [k for k in hand_kinds(game.hands[seat]) if k not in legal]
            if wrong:
                rec["actions"][i] = {"seat": seat, "action": "play", "card": card_code(wrong[0])}
                return rec, i, seat
        game.apply(action)
    raise AssertionError("no trick where a card does not follow")


ILLEGAL = [
    # (name, index, seat, rule)
    ("out_of_turn", 6, 3, "5.2.1"),
    ("must_follow", -1, -1, "5.2.2"),
    ("late_kontra", 30, 2, "6.2.2"),
    ("after_end", 54, 0, "5.3"),
    ("wrong_party", 5, 2, "6.2.2"),
]


def _illegal_record(name: str) -> tuple[dict[str, Any], int, int]:
    rec = example()
    if name == "out_of_turn":
        return _insert(rec, 6, {"seat": 3, "action": "play", "card": "9C"}), 6, 3
    if name == "must_follow":
        return _must_follow_violation()
    if name == "late_kontra":  # seat 2 holds 7 cards by then: too late for Kontra (needs 11/10)
        return _insert(rec, 30, {"seat": 2, "action": "call", "call": "kontra"}), 30, 2
    if name == "after_end":
        return _insert(rec, 54, {"seat": 0, "action": "play", "card": "AS"}), 54, 0
    assert name == "wrong_party"  # seat 2 is Kontra and cannot say Re
    return _insert(rec, 5, {"seat": 2, "action": "call", "call": "re"}), 5, 2


@pytest.mark.parametrize(("name", "index", "seat", "rule"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_action_text(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, index: int, seat: int,
    rule: str,
) -> None:
    rec, index, seat = _illegal_record(name)
    status, out, err = run_replay(tmp_path, capsys, rec)
    assert status == 1
    assert f"Aktion {index} (Platz {seat + 1}:" in err  # the index is 0-based, the seat 1..4
    assert "regelwidrig" in err
    assert f"TSR {rule}" in err
    assert len(err.strip().splitlines()) == 1
    assert f"Abbruch: Aktion {index} ist regelwidrig (Backend: " in out
    assert "Traceback" not in out + err


@pytest.mark.parametrize(("name", "index", "seat", "rule"), ILLEGAL, ids=[c[0] for c in ILLEGAL])
def test_illegal_action_json(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, index: int, seat: int,
    rule: str,
) -> None:
    rec, index, seat = _illegal_record(name)
    for lang in ("de", "en"):
        status, out, err = run_replay(tmp_path, capsys, rec, "--json", "--lang", lang)
        assert status == 1
        obj = json.loads(out)
        assert set(obj) == {"valid", "index", "seat", "error", "backend"}
        assert obj["valid"] is False
        assert (obj["index"], obj["seat"]) == (index, seat)
        assert f"TSR {rule}" in obj["error"]
        assert err == ""


def test_illegal_english_message(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec, _, _ = _illegal_record("out_of_turn")
    status, _, err = run_replay(tmp_path, capsys, rec, "--lang", "en")
    assert status == 1
    assert "action 6 (seat 4: ♣9) is illegal: seat 4 is not on turn" in err


# --------------------------------------------------------------------------- unfinished


@pytest.mark.parametrize("cut", [0, 2, 5, 20, 33])
def test_unfinished_record(tmp_path: Path, capsys: pytest.CaptureFixture[str], cut: int) -> None:
    rec = example()
    rec["actions"] = rec["actions"][:cut]
    status, out, _ = run_replay(tmp_path, capsys, rec)
    assert status == 0
    assert "nicht beendet" in out
    assert "Gewinner" not in out
    status, out, _ = run_replay(tmp_path, capsys, rec, "--json")
    assert status == 0
    obj = json.loads(out)
    assert obj["valid"] is True and obj["finished"] is False
    assert obj["winner"] is None and obj["scores"] is None


def test_unfinished_mid_trick_call(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    rec = example()
    call = rec["actions"].pop(13)  # keine 90, moved into the middle of trick 3
    rec["actions"].insert(15, call)
    status, out, _ = run_replay(tmp_path, capsys, rec)
    assert status == 0
    lines = out.splitlines()
    i = next(n for n, line in enumerate(lines) if "Absage „keine 90“" in line)
    assert lines[i - 1].startswith("  Stich 3: Platz 2 ♣D, Platz 3 ♦A …")
    assert lines[i + 1].startswith("  Stich 3: … Platz 4 ♦K, Platz 1 ♦10 → Platz 2")


# --------------------------------------------------------------------------- malformed files


def _bad(name: str) -> str:
    rec = example()
    if name == "bad_json":
        return EXAMPLE.read_text(encoding="utf-8")[:-20]
    if name == "unknown_key":
        rec["comment"] = "hi"
    elif name == "bad_card_hand":
        rec["hands"][0][0] = "XY"
    elif name == "bad_card_action":
        rec["actions"][5]["card"] = "1Q"
    elif name == "eleven_cards":
        rec["hands"][2] = rec["hands"][2][:11]
    elif name == "unknown_action":
        rec["actions"][0]["action"] = "fold"
    elif name == "not_object":
        return "[1, 2, 3]"
    elif name == "card_thrice":
        rec["hands"][0][0] = "KC"  # a third ♣K, and one ♣J too few
    elif name == "bad_format":
        rec["format"] = "doko-game/2"
    return json.dumps(rec)


BAD = ["bad_json", "unknown_key", "bad_card_hand", "bad_card_action", "eleven_cards",
       "unknown_action", "not_object", "card_thrice", "bad_format"]
#: A word each message names, in German and in English.
BAD_WORDS = {
    "bad_json": ("JSON", "JSON"), "unknown_key": ("comment", "comment"),
    "bad_card_hand": ("XY", "XY"), "bad_card_action": ("1Q", "1Q"),
    "eleven_cards": ("11", "11"), "unknown_action": ("fold", "fold"),
    "not_object": ("Objekt", "object"), "card_thrice": ("zweimal", "twice"),
    "bad_format": ("doko-game/1", "doko-game/1"),
}


@pytest.mark.parametrize("name", BAD)
@pytest.mark.parametrize("json_mode", [False, True])
@pytest.mark.parametrize("lang", ["de", "en"])
def test_malformed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, json_mode: bool, lang: str
) -> None:
    args = ("--json",) if json_mode else ()
    status, out, err = run_replay(tmp_path, capsys, _bad(name), "--lang", lang, *args)
    assert status == 2
    assert out == ""
    assert len(err.strip().splitlines()) == 1
    assert err.startswith("doko replay: ungültige Spieldatei" if lang == "de"
                          else "doko replay: invalid game file")
    assert BAD_WORDS[name][lang == "en"] in err


def test_missing_file(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["replay", str(tmp_path / "nope.json")])
    out, err = capsys.readouterr()
    assert status == 2
    assert out == ""
    assert "nope.json" in err and len(err.strip().splitlines()) == 1


def test_directory_and_binary(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(tmp_path)]) == 2
    binary = tmp_path / "bin.json"
    binary.write_bytes(b"\xff\xfe\x00garbage")
    assert main(["replay", str(binary), "--lang", "en"]) == 2
    _, err = capsys.readouterr()
    assert err.count("doko replay:") == 2
    assert "Traceback" not in err


def test_exit_status_of_the_command(tmp_path: Path) -> None:
    """Through the real entry point: statuses 0, 1, 2 and never a traceback."""
    rec, _, _ = _illegal_record("out_of_turn")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps(rec), encoding="utf-8")
    for args, want in (([str(EXAMPLE)], 0), ([str(bad)], 1), ([str(tmp_path / "x.json")], 2)):
        proc = subprocess.run(
            [sys.executable, "-m", "doko.cli", "replay", *args],
            capture_output=True, text=True, encoding="utf-8", check=False,
        )
        assert proc.returncode == want, proc.stderr
        assert "Traceback" not in proc.stderr


# --------------------------------------------------------------------------- many kinds of game


def _random_games(n: int) -> list[Game]:
    games = []
    for i in range(n):
        g = Game.deal(1000 + i, i & 3)
        policy = RandomPolicy(i, p_reservation=0.2, p_call=0.1, p_concede=0.02)
        while not g.is_over:
            g.apply(policy.choose(g))
        games.append(g)
    return games


def test_random_games_replay_and_score(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    seen = set()
    for g in _random_games(120):
        rec = to_record(g)
        status, out, _ = run_replay(tmp_path, capsys, rec, "--json")
        assert status == 0
        obj = json.loads(out)
        assert obj["finished"] is True
        assert obj["re_eyes"] + obj["kontra_eyes"] == 240
        assert obj["re_tricks"] + obj["kontra_tricks"] == 12
        assert sum(obj["scores"]) == 0
        assert sorted(obj["re"] + obj["kontra"]) == [0, 1, 2, 3]
        seen.add(obj["contract"])
        seen.add(obj["ended"])
        for lang in ("de", "en"):
            status, out, _ = run_replay(tmp_path, capsys, rec, "--lang", lang)
            assert status == 0
            assert ("Punkte:" if lang == "de" else "Points:") in out
    assert {"normal", "silent_marriage", "played", "claimed", "conceded"} <= seen


def test_record_round_trip_of_actions() -> None:
    rec = example()
    g = replay(rec)
    assert [to_dict(a) for a in g.history] == rec["actions"]
