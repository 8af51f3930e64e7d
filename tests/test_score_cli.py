"""Tests of ``doko score`` (src/doko/cli/score.py)."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from pathlib import Path

import pytest

from doko.cli import main

# The 14 examples of scoring-examples.md as JSON input: (summary, winner, re_score, kontra_score).
EXAMPLES: list[tuple[dict[str, object], str | None, int, int]] = [
    ({"contract": "normal", "re_eyes": 123}, "re", 1, -1),
    ({"contract": "normal", "re_eyes": 151}, "re", 2, -2),
    ({"contract": "normal", "re_eyes": 130, "re_calls": "re"}, "re", 3, -3),
    ({"contract": "normal", "re_eyes": 120, "kontra_calls": "kontra"}, "re", 3, -3),
    ({"contract": "normal", "re_eyes": 130, "re_calls": "no90"}, "kontra", -5, 5),
    ({"contract": "normal", "re_eyes": 170, "re_calls": "no60", "kontra_calls": "kontra"},
     "kontra", -8, 8),
    ({"contract": "normal", "re_eyes": 120, "kontra_calls": "no90"}, "re", 5, -5),
    ({"contract": "normal", "re_eyes": 59, "re_calls": "no60", "kontra_calls": "no60"},
     "kontra", -14, 14),
    ({"contract": "normal", "re_eyes": 240, "re_tricks": 12, "re_calls": "black"}, "re", 11, -11),
    ({"contract": "normal", "re_eyes": 57, "re_tricks": 3, "re_calls": "black",
      "kontra_calls": "black"}, None, -5, 5),
    ({"contract": "normal", "re_eyes": 170, "re_calls": "no60", "kontra_calls": "no60"},
     None, 3, -3),
    ({"contract": "normal", "re_eyes": 110, "extras": {"re": {"doppelkopf": 1}}}, "kontra", -1, 1),
    ({"contract": "normal", "re_eyes": 130, "extras": {"kontra": {"fox": 1}}}, "re", 0, 0),
    ({"contract": "solo", "re_eyes": 123}, "re", 3, -1),
]


def run_cli(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, *args: str
) -> tuple[int, str, str]:
    path = tmp_path / "game.json"
    path.write_text(content, encoding="utf-8")
    status = main(["score", str(path), *args])
    out, err = capsys.readouterr()
    return status, out, err


@pytest.mark.parametrize(
    ("summary", "winner", "re_score", "kontra_score"),
    EXAMPLES,
    ids=[f"example {n}" for n in range(1, 15)],
)
def test_worked_examples_json(
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    summary: dict[str, object],
    winner: str | None,
    re_score: int,
    kontra_score: int,
) -> None:
    """scoring-examples.md through ``doko score --json`` (TSR 7.1, 7.2)."""
    status, out, err = run_cli(tmp_path, capsys, json.dumps(summary), "--json")
    assert (status, err) == (0, "")
    result = json.loads(out)
    assert set(result) == {"winner", "re_score", "kontra_score", "items"}
    assert (result["winner"], result["re_score"], result["kontra_score"]) == (
        winner, re_score, kontra_score)
    net = sum(i["points"] * (1 if i["party"] == "re" else -1) for i in result["items"])
    assert net * (3 if summary["contract"] == "solo" else 1) == re_score


def test_json_items(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Example 13 items: both sides' entries kept (TSR 7.2.3)."""
    _, out, _ = run_cli(tmp_path, capsys, json.dumps(EXAMPLES[12][0]), "--json")
    assert json.loads(out)["items"] == [
        {"party": "re", "points": 1, "clause": "7.2.2 (a)", "de": "gewonnen", "en": "won"},
        {"party": "kontra", "points": 1, "clause": "7.2.3", "de": "Fuchs gefangen",
         "en": "Fuchs (opponents' ♦A) caught"},
    ]


def test_stdin_is_the_default(monkeypatch: pytest.MonkeyPatch,
                              capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLES[2][0])))
    assert main(["score", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["re_score"] == 3
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(EXAMPLES[2][0])))
    assert main(["score", "-", "--json"]) == 0


def test_text_output_german(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """Plain text, German by default: items, totals, value, winner, per-player scores."""
    status, out, _ = run_cli(tmp_path, capsys, json.dumps(EXAMPLES[5][0]))
    assert status == 0
    lines = out.splitlines()
    assert any(line.startswith("7.2.2 (c)") and "„keine 60“ abgesagt von Re" in line
               for line in lines)
    assert next(line for line in lines if "Summe" in line).split() == ["Summe", "0", "8"]
    assert "Spielwert: 8 für Kontra" in lines
    assert "Gewinner: Kontra" in lines
    assert "Punkte je Spieler: Re -8, Kontra +8" in lines


def test_text_output_english_solo(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """English labels keep the TSR terms (Re, keine 90, Fuchs) in German; solo shows 3x."""
    summary = {"contract": "solo", "re_eyes": 150, "re_calls": "no90"}
    status, out, _ = run_cli(tmp_path, capsys, json.dumps(summary), "--lang", "en")
    assert status == 0
    assert "Re called keine 90" in out
    assert "Re announced" in out
    assert "Winner: Kontra" in out
    assert "Score per player: soloist (Re) -12, each Kontra player +4" in out
    _, out, _ = run_cli(tmp_path, capsys, json.dumps(EXAMPLES[12][0]), "--lang", "en")
    assert "Fuchs (opponents' ♦A) caught" in out
    assert "Winner: Re" in out


def test_text_output_nobody_wins(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """TSR 7.1.3: no winner, items on both sides."""
    _, out, _ = run_cli(tmp_path, capsys, json.dumps(EXAMPLES[9][0]))
    assert "Gewinner: keiner (TSR 7.1.3)" in out
    assert "Spielwert: 5 für Kontra" in out
    total = next(line for line in out.splitlines() if "Summe" in line)
    assert total.split()[-2:] == ["1", "6"]


BAD_INPUT: list[tuple[str, str]] = [
    ('{"contract": "normal", "re_eyes": 241}', "re_eyes"),
    ('{"contract": "normal", "re_eyes": true}', "re_eyes"),
    ('{"contract": "normal", "re_eyes": 120.5}', "re_eyes"),
    ('{"contract": "normal", "re_eyes": 1}', "re_eyes"),
    ('{"contract": "normal"}', "re_eyes"),
    ('{"contract": "normal", "re_eyes": 120, "re_tricks": 13}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 20, "re_tricks": 0}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 200, "re_tricks": 12}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 0, "re_tricks": 3}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 240, "re_tricks": 9}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 0, "kontra_calls": "black"}', "re_tricks"),
    ('{"contract": "normal", "re_eyes": 240}', "re_tricks"),
    ('{"contract": "ramsch", "re_eyes": 120}', "contract"),
    ('{"contract": "normal", "re_eyes": 120, "re_calls": "kontra"}', "re_calls"),
    ('{"contract": "normal", "re_eyes": 120, "kontra_calls": "re"}', "kontra_calls"),
    ('{"contract": "normal", "re_eyes": 120, "kontra_calls": "no120"}', "kontra_calls"),
    ('{"contract": "normal", "re_eyes": 120, "bock": 2}', "bock"),
    ('{"contract": "normal", "re_eyes": 120, "extras": {"re": {"karlchen": 1}}}',
     "extras.re.karlchen"),
    ('{"contract": "normal", "re_eyes": 120, "extras": {"re": {"fox": -1}}}', "extras.re.fox"),
    ('{"contract": "normal", "re_eyes": 120, "extras": {"re": {"fox": 2}, "kontra": {"fox": 1}}}',
     "fox"),
    ('{"contract": "normal", "re_eyes": 120, "extras": {"re": {"charlie": 1}, '
     '"kontra": {"charlie": 1}}}', "charlie"),
    ('{"contract": "normal", "re_eyes": 120, "extras": {"kontra": {"doppelkopf": 4}}}',
     "extras.kontra.doppelkopf"),
    ('{"contract": "normal", "re_eyes": 44, "re_tricks": 1, "extras": {"re": {"doppelkopf": 2}}}',
     "extras.re.doppelkopf"),
    ('{"contract": "solo", "re_eyes": 120, "extras": {"re": {"charlie": 1}}}', "extras"),
    ('{"contract": "silent_marriage", "re_eyes": 120, "extras": {"kontra": {"fox": 1}}}',
     "extras"),
    ("[1, 2]", "expected a JSON object"),
    ('{"contract": "normal", "re_eyes": 120', "invalid JSON"),
    ("", "invalid JSON"),
]


@pytest.mark.parametrize(("content", "field"), BAD_INPUT)
def test_bad_input_exit_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str, field: str
) -> None:
    """Every validation error: exit status 2, one line on stderr naming the field, in the
    language of --lang (German by default)."""
    for args in ((), ("--json",)):
        status, out, err = run_cli(tmp_path, capsys, content, *args, "--lang", "en")
        assert status == 2
        assert out == ""
        assert err.startswith("doko score: error: ")
        assert field in err
        assert err.count("\n") == 1
        status, out, err_de = run_cli(tmp_path, capsys, content, *args)
        assert status == 2
        assert out == ""
        assert err_de.startswith("doko score: Fehler: ")
        if " " not in field:  # a JSON field name: the same in both languages
            assert field in err_de
        assert err_de.count("\n") == 1
        for word in (" no set ", " is outside ", " expected ", " must ", " not one of "):
            assert word not in err_de, err_de


def test_missing_file_exit_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", str(tmp_path / "missing.json")]) == 2
    err = capsys.readouterr().err
    assert err.startswith("doko score: Fehler: ") and "missing.json" in err


def test_bad_lang_is_a_usage_error(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exc:
        main(["score", "--lang", "fr"])
    assert exc.value.code == 2


def test_subprocess_no_traceback(tmp_path: Path) -> None:
    """The real process: exit 2 and one stderr line, no traceback; exit 0 on good input."""
    cmd = [sys.executable, "-m", "doko.cli", "score", "--json"]
    bad = subprocess.run(cmd, input='{"re_eyes": 500}', capture_output=True, text=True,
                         check=False)
    assert bad.returncode == 2
    assert bad.stdout == ""
    assert bad.stderr.startswith("doko score: Fehler: ") and "Traceback" not in bad.stderr
    good = subprocess.run(cmd, input=json.dumps(EXAMPLES[7][0]), capture_output=True, text=True,
                          check=False)
    assert good.returncode == 0
    assert json.loads(good.stdout)["kontra_score"] == 14


def test_rules_preset_scores_its_house_rules(tmp_path: Path,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    """``--rules erweitert``: the further Sonderpunkte count (docs/rules.md) and Re/Kontra
    double; under the default TSR the same summary is refused, naming the option."""
    summary = json.dumps({"contract": "normal", "re_eyes": 130, "re_calls": "re",
                          "extras": {"re": {"dulle_caught": 1}}})
    status, out, err = run_cli(tmp_path, capsys, summary, "--json", "--rules", "erweitert")
    assert (status, err) == (0, "")
    items = [(i["party"], i["points"], i["clause"]) for i in json.loads(out)["items"]]
    # won 1 + Dulle gefangen 1 = 2, doubled by Re (house rule re_kontra_double): 4
    assert items == [("re", 1, "7.2.2 (a)"), ("re", 1, "house rule"), ("re", 2, "house rule")]
    assert json.loads(out)["re_score"] == 4
    status, out, err = run_cli(tmp_path, capsys, summary, "--lang", "en")
    assert status == 2 and "'dulle_caught'" in err
