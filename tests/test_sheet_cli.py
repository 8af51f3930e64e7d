"""``doko sheet`` end to end (src/doko/cli/sheet.py): a real table's Spielliste (TSR 7.3) with
Pflichtsoli (4.2), penalties (9.3, 9.4), the time limit (8.5.1) and refusals (exit 2, file
unchanged)."""

from __future__ import annotations

import csv
import io
import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from doko.cli import main


def run(capsys: pytest.CaptureFixture[str], *args: str, stdin: str | None = None,
        monkeypatch: pytest.MonkeyPatch | None = None) -> tuple[int, str, str]:
    if stdin is not None:
        assert monkeypatch is not None
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
    code = main(["sheet", *args])
    out, err = capsys.readouterr()
    return code, out, err


def add(capsys: pytest.CaptureFixture[str], tmp_path: Path, file: Path, summary: dict[str, Any],
        *extra: str) -> tuple[int, str, str]:
    src = tmp_path / "game.json"
    src.write_text(json.dumps(summary), encoding="utf-8")
    return run(capsys, "add", str(file), str(src), *extra)


def show_json(capsys: pytest.CaptureFixture[str], file: Path) -> dict[str, Any]:
    code, out, err = run(capsys, "show", str(file), "--json")
    assert code == 0, err
    obj: dict[str, Any] = json.loads(out)
    return obj


def test_a_whole_evening(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                         monkeypatch: pytest.MonkeyPatch) -> None:
    """new, add (real-card summaries, from a file and from stdin), penalty, show as table, CSV
    and JSON; status after every command (TSR 3.3.1, 4.2.3, 4.2.5, 7.3, 9.3)."""
    f = tmp_path / "abend.json"
    code, out, err = run(capsys, "new", str(f), "--players", "Anna,Bert,Carl,Dora")
    assert code == 0, err
    assert "Nächster Geber: Anna (Position 1)" in out
    assert "Pflichtsolo offen: Anna, Bert, Carl, Dora" in out
    assert "Vorführung fällig nach 20 weiteren Spielen" in out and "Noch 24 Spiele" in out

    code, out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                               "re_players": [1, 3]})
    assert code == 0, err
    assert "Spiel 1 eingetragen: Normalspiel: Anna +2, Bert -2, Carl +2, Dora -2" in out
    assert "Nächster Geber: Bert (Position 2)" in out

    pflicht = {"contract": "solo", "re_eyes": 100, "re_players": ["Carl"], "soloist": "Carl",
               "pflichtsolo": True, "solo": "queens"}
    code, out, err = run(capsys, "add", str(f), "-", stdin=json.dumps(pflicht),
                         monkeypatch=monkeypatch)
    assert code == 0, err
    assert "Damensolo, Pflichtsolo" in out and "Carl -3" in out
    assert "Nächster Geber: Bert" in out  # the same dealer again (4.2.5)
    assert "Pflichtsolo offen: Anna, Bert, Dora" in out

    code, out, err = run(capsys, "penalty", str(f), "--player", "2", "--kind", "minor")
    assert code == 0, err
    assert "TSR 9.3.2" in out and "Bert -3" in out

    code, out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 100,
                                               "re_calls": "re", "re_players": [2, 4],
                                               "extras": {"kontra": {"fox": 1}}})
    assert code == 0, err

    j = show_json(capsys, f)
    assert j["players"] == ["Anna", "Bert", "Carl", "Dora"]
    assert [g["column"] for g in j["games"]] == ["normal", "pflichtsolo", "normal"]
    assert [g["kind"] for g in j["games"]] == ["normal", "solo_queens", "normal"]
    assert [g["dealer"] for g in j["games"]] == [0, 1, 1]
    assert j["games"][1]["scores"] == [1, 1, -3, 1]
    assert j["games"][2]["scores"] == [5, -5, 5, -5]
    assert len(j["penalties"]) == 1 and j["penalties"][0]["scores"] == [1, -3, 1, 1]
    assert j["totals"] == [9, -9, 5, -5]
    assert j["next_dealer"] == 2 and j["owes_pflichtsolo"] == [True, True, False, True]
    assert j["vorfuehrung_due"] is None and j["games_left"] == 21
    assert j["problems"] == []

    code, out, err = run(capsys, "show", str(f))
    assert code == 0 and "Spielliste" in out and "in Ordnung" in out
    assert "Damensolo, Pflichtsolo" in out and "Strafe: geringfügig" in out
    code, out, err = run(capsys, "show", str(f), "--lang", "en")
    assert code == 0 and "Score sheet" in out and "Next dealer: Carl" in out
    code, out, err = run(capsys, "show", str(f), "--csv")
    assert code == 0
    rows = list(csv.reader(io.StringIO(out)))
    assert rows[0][:9] == ["Nr", "Geber", "Spiel", "Rubrik", "Bock", "Anna", "Bert", "Carl",
                           "Dora"]
    assert len(rows) == 5 and rows[-1][9:13] == ["9", "-9", "5", "-5"]


def test_penalty_cases(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Every TSR 9.3/9.4 case from the command line, including the (+3, 0, 0, -3),
    (+15, 0, 0, -15) and (+21, 0, 0, -21) rows."""
    f = tmp_path / "r.json"
    assert run(capsys, "new", str(f), "--players", "A,B,C,D")[0] == 0
    cases: list[tuple[list[str], list[int]]] = [
        (["--player", "1", "--kind", "minor"], [-3, 1, 1, 1]),  # 9.3.2
        (["--player", "2", "--kind", "minor", "--soloist", "2"], [1, -3, 1, 1]),  # 9.3.3 a
        (["--player", "3", "--kind", "minor", "--soloist", "1",
          "--solo-kontra-harms-soloist"], [3, 0, -3, 0]),  # 9.3.3 b1
        (["--player", "3", "--kind", "minor", "--soloist", "1"], [1, 1, -3, 1]),  # 9.3.3 b2
        (["--player", "4", "--kind", "serious", "--absagen", "2"], [6, 6, 6, -18]),  # 9.4.3
        (["--player", "C", "--kind", "serious", "--soloist", "C", "--absagen", "1"],
         [5, 5, -15, 5]),  # 9.4.4, the soloist
        (["--player", "4", "--kind", "serious", "--soloist", "1", "--absagen", "1"],
         [15, 0, 0, -15]),  # 9.4.4, a Kontra player
        (["--player", "3", "--kind", "serious", "--soloist", "4", "--absagen", "3"],
         [0, 0, -21, 21]),
    ]
    for args, _scores in cases:
        code, _out, err = run(capsys, "penalty", str(f), *args)
        assert code == 0, (args, err)
    j = show_json(capsys, f)
    got = [r["scores"] for r in j["rows"]]
    assert got == [s for _, s in cases]
    assert j["problems"] == []
    assert [g["column"] for g in j["games"]] == ["pflichtsolo", "pflichtsolo"]
    assert j["owes_pflichtsolo"] == [False, True, True, False]


def test_refusals_exit_2_and_leave_the_file_unchanged(
        tmp_path: Path, capsys: pytest.CaptureFixture[str],
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A refused game names the rule (4.3.1, 4.2.3, 10.1.1...), bad input is one line on stderr;
    exit status 2; the round file is not touched."""
    f = tmp_path / "r.json"
    assert run(capsys, "new", str(f), "--players", "A,B,C,D", "--games", "6")[0] == 0
    assert add(capsys, tmp_path, f, {"contract": "solo", "re_eyes": 130,
                                     "re_players": [3]})[0] == 0
    before = f.read_bytes()
    bad_summaries: list[tuple[dict[str, Any], str]] = [
        ({"contract": "solo", "re_eyes": 130, "re_players": [3], "pflichtsolo": True},
         "4.2.3"),
        ({"contract": "solo", "re_eyes": 130, "re_players": [2], "pflichtsolo": False},
         "4.3.1"),
        ({"contract": "normal", "re_eyes": 130}, "re_players"),
        ({"contract": "normal", "re_eyes": 130, "re_players": [1, "Zoe"]}, "Zoe"),
        ({"contract": "normal", "re_eyes": 300, "re_players": [1, 2]}, "re_eyes"),
        ({"contract": "normal", "re_eyes": 130, "re_players": [1, 2], "bogus": 1}, "bogus"),
        ({"contract": "normal", "re_eyes": 130, "re_players": 1}, "re_players"),
    ]
    for summary, needle in bad_summaries:
        code, _out, err = add(capsys, tmp_path, f, summary)
        assert code == 2, summary
        assert needle in err and err.count("\n") == 1 and "Traceback" not in err
        assert err.startswith("doko sheet: Fehler: ")
        assert f.read_bytes() == before
    code, _out, err = run(capsys, "add", str(f), "-", stdin="{nope", monkeypatch=monkeypatch)
    assert code == 2 and "JSON" in err and f.read_bytes() == before
    code, _out, err = run(capsys, "add", str(f), str(tmp_path / "missing.json"))
    assert code == 2 and "missing.json" in err
    # players are positions 1..4 as on the Spielliste (or names): 0 and 5 are nobody
    for who in ("0", "5"):
        code, _out, err = run(capsys, "penalty", str(f), "--player", who, "--kind", "minor")
        assert code == 2 and "Position 1..4" in err and f.read_bytes() == before
    for args in (["--player", "9", "--kind", "minor"],
                 ["--player", "1", "--kind", "minor", "--harms-soloist"],
                 ["--player", "1", "--kind", "serious", "--absagen", "5"]):
        code, _out, err = run(capsys, "penalty", str(f), *args)
        assert code == 2 and err.count("\n") == 1 and f.read_bytes() == before
    # a Vorführung due: a Normalspiel is refused (4.2.3)
    for _ in range(2):
        assert add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                         "re_players": [1, 2]})[0] == 0
    due = show_json(capsys, f)
    assert due["vorfuehrung_due"] == 3 and due["games_left"] == 3 and due["next_dealer"] == 2
    before = f.read_bytes()
    code, _out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                               "re_players": [1, 2]})
    assert code == 2 and "TSR 4.2.3" in err and "Pflichtsolo in diesem Spiel – D" in err
    assert f.read_bytes() == before
    code, _out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                               "re_players": [1, 2]}, "--lang", "en")
    assert code == 2 and "Vorführung is due" in err and err.startswith("doko sheet: error: ")
    # new on an existing file, bad options
    code, _out, err = run(capsys, "new", str(f), "--players", "A,B,C,D")
    assert code == 2 and f.read_bytes() == before
    for args in (["--players", "A,B,C"], ["--players", "A,B,C,D", "--games", "lots"],
                 ["--players", "A,B,C,D", "--games", "2"]):
        code, _out, err = run(capsys, "new", str(tmp_path / "x.json"), *args)
        assert code == 2 and err.count("\n") == 1
        assert not (tmp_path / "x.json").exists()
    code, _out, err = run(capsys, "show", str(tmp_path / "nothing.json"))
    assert code == 2 and "nothing.json" in err
    code, _out, err = run(capsys)
    assert code == 2 and "new, add" in err


def test_five_table_and_open_list(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TSR 10.1: the dealer sits out (refused among the players), scores 0; an open-ended list
    with the hausregeln preset shows Bock (house rule)."""
    f = tmp_path / "f.json"
    code, out, err = run(capsys, "new", str(f), "--players", "A,B,C,D,E")
    assert code == 0 and "A gibt und sitzt (TSR 10.1.1)" in out and "Noch 30 Spiele" in out
    code, out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                               "re_players": [1, 2]})
    assert code == 2 and "10.1.1" in err
    code, out, err = add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 120,
                                               "re_players": [2, 3]})
    assert code == 0 and "A 0" in out
    j = show_json(capsys, f)
    assert j["games"][0]["scores"] == [0, -2, -2, 2, 2] and j["next_dealer"] == 1
    assert j["games"][0]["dealer"] == 0

    g = tmp_path / "home.json"
    code, out, err = run(capsys, "new", str(g), "--players", "A,B,C,D", "--games", "open",
                         "--rules", "hausregeln")
    assert code == 0 and "Offene Liste" in out and "Pflichtsolo offen" not in out
    code, out, err = add(capsys, tmp_path, g, {"contract": "normal", "re_eyes": 120,
                                               "re_players": [2, 3]})
    assert code == 0 and "Bock: das nächste Spiel zählt ×2" in out
    code, out, err = add(capsys, tmp_path, g, {"contract": "normal", "re_eyes": 151,
                                               "re_players": [2, 3]})
    assert code == 0 and "×2 Bock" in out
    j = show_json(capsys, g)
    assert j["games_left"] is None and j["games"][1]["multiplier"] == 2
    assert j["games"][1]["scores"] == [-4, 4, 4, -4]


def test_time_up_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TSR 8.5.1, 8.6: the end of the playing time; Normalspiele struck, Vorführungen left."""
    f = tmp_path / "t.json"
    code, out, err = run(capsys, "new", str(f), "--players", "A,B,C,D", "--time-limit", "100")
    assert code == 0, err
    assert "Spielzeit 100 min" in run(capsys, "show", str(f))[1]
    assert add(capsys, tmp_path, f, {"contract": "normal", "re_eyes": 151,
                                     "re_players": [1, 2]})[0] == 0
    code, out, err = run(capsys, "time-up", str(f))
    assert code == 0 and "19 Normalspiele gestrichen" in out
    assert "Vorführung fällig: Pflichtsolo im nächsten Spiel – C" in out
    j = show_json(capsys, f)
    assert j["time_up"] and j["struck"] == 19 and j["games_left"] == 4
    code, out, err = run(capsys, "time-up", str(f))
    assert code == 2 and "8.5.1" in err


def test_doko_sheet_as_a_program(tmp_path: Path) -> None:
    """The installed entry point: exit status 2 without a traceback on a refused game."""
    f = tmp_path / "p.json"
    cmd = [sys.executable, "-m", "doko.cli", "sheet"]
    done = subprocess.run([*cmd, "new", str(f), "--players", "A,B,C,D"], capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    bad = json.dumps({"contract": "solo", "re_eyes": 130, "re_players": [2],
                      "pflichtsolo": False})
    done = subprocess.run([*cmd, "add", str(f), "-"], input=bad, capture_output=True,
                          text=True, timeout=60)
    assert done.returncode == 2 and "4.3.1" in done.stderr and "Traceback" not in done.stderr


def test_bad_options_one_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Bad or missing options: one line on stderr, exit status 2, no file written."""
    f = tmp_path / "o.json"
    for args in (["new", str(f)], ["penalty", str(f), "--player", "1", "--kind", "severe"],
                 ["show", str(f), "--csv", "--json"], ["new", str(f), "--players", "A,B,C,D",
                                                       "--time-limit", "soon"]):
        with pytest.raises(SystemExit) as info:
            main(["sheet", *args])
        assert info.value.code == 2
        err = capsys.readouterr().err
        # in the command's language (German by default), argparse's words included
        assert err.count("\n") == 1 and "Fehler: " in err and " error" not in err, err
        with pytest.raises(SystemExit) as info:
            main(["sheet", *args, "--lang", "en"])
        err = capsys.readouterr().err
        assert info.value.code == 2 and err.count("\n") == 1 and ": error: " in err, err
    assert not f.exists()
