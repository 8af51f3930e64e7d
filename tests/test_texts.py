"""The text catalogue (doko.engine.texts): complete in both languages, the same parameters in
both, no English in the German texts, and the German fixes in the output that uses it."""

from __future__ import annotations

import json
import re
import string
from pathlib import Path

import pytest

from doko.cli import main
from doko.engine.scoring import GameSummary, ScoringInputError
from doko.engine.texts import LANGS, TEXTS, text

#: English words that, inside a German text, signal an English leak.
LEAK_WORDS = (" the ", " must ", " not ", " no set ")


def _params(template: str) -> set[str]:
    return {name for _, name, _, _ in string.Formatter().parse(template) if name}


def test_languages() -> None:
    assert LANGS == ("de", "en")


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_both_languages_non_empty(key: str) -> None:
    de, en = TEXTS[key]
    assert de.strip() and en.strip(), key


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_same_params_in_both_languages(key: str) -> None:
    de, en = TEXTS[key]
    assert _params(de) == _params(en), key


@pytest.mark.parametrize("key", sorted(TEXTS))
def test_no_english_in_german(key: str) -> None:
    de = " " + TEXTS[key][0].lower() + " "
    for word in LEAK_WORDS:
        assert word not in de, (key, word)


def test_lookup() -> None:
    assert text("tui.trick_to", n=3, name="Anna", eyes=25) == "Stich 3 → Anna (25 Augen)"
    assert text("tui.trick_to", "de", n=3, name="Anna", eyes=25) == "Stich 3 → Anna (25 Augen)"
    assert text("tui.trick_to", "en", n=3, name="Anna", eyes=25) == "Trick 3 → Anna (25 Augen)"
    assert text("sheet.title") == "Spielliste"


def test_unknown_key_is_named() -> None:
    with pytest.raises(KeyError, match=r"no\.such\.key"):
        text("no.such.key")


def test_keys_are_dotted_names() -> None:
    for key in TEXTS:
        assert re.fullmatch(r"[a-z_]+(\.[a-z_]+)*\.[a-z0-9_]+", key), key


# ------------------------------------------------------------------ the fixed German phrases


def _all_german() -> str:
    return "\n".join(de for de, _ in TEXTS.values())


def test_no_wrong_forms_in_german() -> None:
    german = _all_german()
    assert "Du muss " not in german and "du muss " not in german
    assert "{name} muss im nächsten Spiel sein Pflichtsolo" not in german
    assert "{seat} muss sein Pflichtsolo" not in german


def test_vorfuehrung_status_is_neutral() -> None:
    for name in ("Du", "Dora", "Anna"):
        line = text("sheet.vorf_now", name=name)
        assert line == f"Vorführung fällig: Pflichtsolo im nächsten Spiel – {name} (TSR 4.2.3)"
    assert (text("cli.replay.vorf_line", seat="Platz 2")
            == "Vorführung: Platz 2 muss das Pflichtsolo spielen (TSR 4.2.3)")


def test_scoring_input_error_in_german() -> None:
    with pytest.raises(ScoringInputError) as info:
        GameSummary.from_json({"contract": "normal", "re_eyes": 1})
    e = info.value
    assert str(e) == "re_eyes: no set of cards holds 1 Augen"
    assert e.text("en") == str(e)
    assert e.text("de") == "re_eyes: keine Auswahl von Karten hat genau 1 Augen"
    assert e.text() == e.text("de")


def test_scoring_input_error_why_in_german() -> None:
    with pytest.raises(ScoringInputError) as info:
        GameSummary.from_json({"contract": "normal", "re_eyes": 120,
                               "extras": {"re": {"fox": 2}, "kontra": {"fox": 1}}})
    assert info.value.text("de") == (
        "extras.re.fox + extras.kontra.fox: zusammen 3, höchstens 2 (es gibt zwei ♦A)")
    assert str(info.value) == (
        "extras.re.fox + extras.kontra.fox: 3 in all, at most 2 (there are two ♦A)")


@pytest.mark.parametrize("summary", [
    {"contract": "normal", "re_eyes": 1},
    {"contract": "normal", "re_eyes": 241},
    {"contract": "armut", "re_eyes": 120},
    [1, 2],
])
def test_score_cli_prints_german_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                        summary: object) -> None:
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(summary), encoding="utf-8")
    assert main(["score", "--lang", "de", str(path)]) == 2
    err = capsys.readouterr().err
    assert err.startswith("doko score: Fehler: "), err
    for word in (*LEAK_WORDS, " no ", " is ", " expected ", "error"):
        assert word not in err, (word, err)


def test_score_cli_german_no_set(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "bad.json"
    path.write_text('{"contract": "normal", "re_eyes": 1}', encoding="utf-8")
    assert main(["score", "--lang", "de", str(path)]) == 2
    assert capsys.readouterr().err == (
        "doko score: Fehler: re_eyes: keine Auswahl von Karten hat genau 1 Augen\n")
    assert main(["score", "--lang", "en", str(path)]) == 2
    assert capsys.readouterr().err == (
        "doko score: error: re_eyes: no set of cards holds 1 Augen\n")


def test_sheet_cli_prints_german_errors(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                        capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.chdir(tmp_path)
    assert main(["sheet", "new", "r.json", "--players", "A,B,C,D"]) == 0
    Path("s.json").write_text('{"contract": "normal", "re_eyes": 1, "re_players": [0, 1]}',
                              encoding="utf-8")
    capsys.readouterr()
    assert main(["sheet", "add", "r.json", "s.json"]) == 2
    assert capsys.readouterr().err == (
        "doko sheet: Fehler: re_eyes: keine Auswahl von Karten hat genau 1 Augen\n")
    assert main(["sheet", "add", "--lang", "en", "r.json", "s.json"]) == 2
    assert capsys.readouterr().err == "doko sheet: error: re_eyes: no set of cards holds 1 Augen\n"
