"""Issue 14, no English in German output: the errors about game records (``RecordError``,
``ReplayError``, ``ActionFormatError``), rule sets (``RulesError``) and files (round files,
``doko replay``'s input) carry a catalogue key and plain-data parameters and have their text in
both languages (``record.*``, ``rules.*``, ``files.*`` in :mod:`doko.engine.texts`).

For every kind of bad record, ``doko replay`` in German names the problem in German (no English
word in it) and in English exactly as ``str`` of the error says it.
"""

from __future__ import annotations

import copy
import errno
import json
import random
import re
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.cli import main
from doko.engine.actions import Action, ActionFormatError, code_text, encode, from_dict, to_dict
from doko.engine.cards import CardError, hand_from_codes
from doko.engine.errors import IllegalActionError, RecordError, ReplayError, json_problem
from doko.engine.game import Game
from doko.engine.record import loads, replay, start_of, to_record
from doko.engine.rules import HAUSREGELN, BockRules, Rules, RulesError, preset
from doko.engine.texts import TEXTS
from doko.session import Round, RoundFileError
from doko.session.files import read_json_file, read_problem

ROOT = Path(__file__).resolve().parent.parent
EXAMPLE = ROOT / "docs" / "example-game.json"

#: English words that must not appear in a German message (tests/test_texts.py's leak words and
#: the words of the English texts of record, rule and file errors).
ENGLISH = (
    " the ", " must ", " not ", " no ", " got ", " is ", " are ", " has ", " have ", " needs ",
    " lacks", " unknown ", " a ", " of ", " list ", " line ", " column ", " char ",
    " one ", " or ", " and ", " but ", " which ", " only ", " every ", " exactly ", " twice",
    " seat ", " hand ", " action ", " keys ", " cards", " card ", " valid ", " object",
    " string", " number", " names", " whole ", " lasts ", " game", " rules ", " option",
    " known", " triggers ", " stacking ", " Expecting", " Invalid", " Unterminated", " Extra ",
    " Illegal", " syntax", " such ", " file", " directory", " Permission", " denied", " error",
    " codec", " decode", " byte ", " position ", " use ",
)


def english_in(message: str) -> list[str]:
    """The English words in ``message`` (values quoted as in the JSON left out)."""
    plain = " " + re.sub(r"'[^']*'|\"[^\"]*\"", "''", message) + " "
    return [w for w in ENGLISH if w in plain]


def test_english_in_finds_english() -> None:
    """The check itself: it finds English words and leaves German and quoted values alone."""
    assert english_in("not valid JSON: Expecting value") == [" not ", " valid ", " Expecting"]
    assert english_in("hand 2 has 11 cards") == [" has ", " hand ", " cards"]
    assert english_in("unbekannte Aktion 'the fold'") == []
    assert english_in("Hand 2 hat 11 Karten, eine Hand hat 12 (TSR 3.3.7)") == []


# ------------------------------------------------------------------------- bad records


def example() -> dict[str, Any]:
    record: dict[str, Any] = json.loads(EXAMPLE.read_text(encoding="utf-8"))
    return record


def _no_nines_record() -> dict[str, Any]:
    """A record without nines (house rule) whose hand 0 holds a ♣9 instead of its first card."""
    rec = to_record(Game.deal(5, rules=Rules(name="tsr", nines=False)))
    rec["hands"][0][0] = "9C"
    return rec


def _with(change: Callable[[dict[str, Any]], object]) -> str:
    rec = example()
    change(rec)
    return json.dumps(rec)


def _set(path: tuple[Any, ...], value: object) -> Callable[[dict[str, Any]], object]:
    def change(rec: dict[str, Any]) -> None:
        obj: Any = rec
        for p in path[:-1]:
            obj = obj[p]
        obj[path[-1]] = value
    return change


def _rules(value: object) -> str:
    return _with(_set(("rules",), value))


#: Every kind of bad record: name -> (the record's text, the catalogue keys of the error and of
#: the error inside it).
BAD_RECORDS: dict[str, tuple[str, tuple[str, ...]]] = {
    "not_object": ("[1, 2, 3]", ("record.not_object",)),
    # a round file where a game record is expected: what it is and what was expected
    "round_file": ('{"format": "doko-round/1", "players": ["A", "B", "C", "D"], "entries": []}',
                   ("record.round_file",)),
    "unknown_keys": (_with(_set(("comment",), "hi")), ("record.unknown_keys",)),
    "missing": (_with(lambda r: r.pop("hands")), ("record.missing",)),
    "format": (_with(_set(("format",), "doko-game/2")), ("record.format",)),
    "rules_preset": (_rules("skat"), ("record.rules", "rules.unknown_preset")),
    "rules_type": (_rules(5), ("record.rules", "rules.not_object")),
    "rules_name": (_rules({"name": 3}), ("record.rules", "rules.name")),
    "rules_options": (_rules({"name": "tsr", "fast": True}),
                      ("record.rules", "rules.unknown_options")),
    "rules_bool": (_rules({"name": "tsr", "nines": "yes"}), ("record.rules", "rules.not_bool")),
    "rules_dulle": (_rules({"name": "tsr", "dulle": "third"}), ("record.rules", "rules.dulle")),
    # Doppelkopf thresholds and Schweinchen (house rules, issue 21)
    "rules_doppelkopf_eyes": (_rules({"name": "tsr", "doppelkopf_eyes": 45}),
                              ("record.rules", "rules.doppelkopf_eyes")),
    "rules_pigs": (_rules({"name": "tsr", "pigs": "always"}), ("record.rules", "rules.one_of")),
    "bock_object": (_rules({"name": "tsr", "bock": 3}), ("record.rules", "rules.bock_object")),
    "bock_triggers_list": (_rules({"name": "tsr", "bock": {"triggers": "tie_120"}}),
                           ("record.rules", "rules.bock_triggers_list")),
    "bock_triggers": (_rules({"name": "tsr", "bock": {"triggers": ["rain"]}}),
                      ("record.rules", "rules.bock_triggers")),
    "bock_length_type": (_rules({"name": "tsr", "bock": {"length": "two"}}),
                         ("record.rules", "rules.bock_length_type")),
    "bock_length": (_rules({"name": "tsr", "bock": {"length": 0}}),
                    ("record.rules", "rules.bock_length")),
    "bock_stacking": (_rules({"name": "tsr", "bock": {"stacking": "triple"}}),
                      ("record.rules", "rules.bock_stacking")),
    # Armut and Schmeißen (house rules)
    "armut_fox": (_rules({"name": "tsr", "armut_fox": "twice"}),
                  ("record.rules", "rules.armut_fox")),
    "throw_nines_kings": (_rules({"name": "tsr", "throw_nines_kings": 6}),
                          ("record.rules", "rules.throw_nines_kings")),
    "throw_dealer": (_rules({"name": "tsr", "throw_dealer": "left"}),
                     ("record.rules", "rules.throw_dealer")),
    "dealer": (_with(_set(("dealer",), 7)), ("record.seat",)),
    "hands": (_with(lambda r: r.update(hands=r["hands"][:3])), ("record.hands",)),
    "hand_codes": (_with(_set(("hands", 1), "QC QC")), ("record.hand_codes",)),
    "hand_size": (_with(lambda r: r["hands"].__setitem__(2, r["hands"][2][:11])),
                  ("record.hand_size",)),
    "hand_card": (_with(_set(("hands", 0, 0), "XY")), ("record.hand_card", "card.error.unknown")),
    "hand_third": (_with(lambda r: r["hands"].__setitem__(0, ["QC"] * 3 + r["hands"][0][3:])),
                   ("record.hand_card", "card.error.third")),
    "deck": (_with(_set(("hands", 0, 0), "KC")), ("record.deck",)),
    "deck_no_nines": (json.dumps(_no_nines_record()), ("record.deck_no_nines",)),
    "owes": (_with(_set(("owes_pflichtsolo",), [True, False])), ("record.owes",)),
    "vorfuehrung_seat": (_with(_set(("vorfuehrung",), 9)), ("record.seat",)),
    "vorf_owes": (_with(_set(("vorfuehrung",), 1)), ("record.vorf_owes",)),
    "actions": (_with(_set(("actions",), {"seat": 0})), ("record.actions",)),
    "action_object": (_with(_set(("actions", 0), "healthy")),
                      ("record.action_entry", "record.action.not_object")),
    "action_seat": (_with(_set(("actions", 0, "seat"), 4)),
                    ("record.action_entry", "record.action.seat")),
    "action_card": (_with(_set(("actions", 5), {"seat": 1, "action": "play"})),
                    ("record.action_entry", "record.action.card")),
    "action_card_code": (_with(_set(("actions", 5, "card"), "1Q")),
                         ("record.action_entry", "card.error.unknown")),
    "action_solo": (_with(_set(("actions", 4), {"seat": 0, "action": "solo", "solo": "x"})),
                    ("record.action_entry", "record.action.solo")),
    "action_call": (_with(_set(("actions", 4), {"seat": 0, "action": "call", "call": "no120"})),
                    ("record.action_entry", "record.action.call")),
    "action_unknown": (_with(_set(("actions", 0, "action"), "fold")),
                       ("record.action_entry", "record.action.unknown")),
    "action_keys": (_with(_set(("actions", 0, "card"), "QC")),
                    ("record.action_entry", "record.action.extra_keys")),
    # a Genscher naming its own seat (house rule, issue 21)
    "action_partner": (_with(_set(("actions", 0), {"seat": 1, "action": "genscher",
                                                   "partner": 1})),
                       ("record.action_entry", "record.action.partner")),
    # JSON syntax errors, one of each kind Python reports
    "json_value": ('{"format": }', ("record.invalid_json", "record.json.expecting_value")),
    "json_comma": ('{"a": 1 "b": 2}', ("record.invalid_json", "record.json.expecting_comma")),
    "json_colon": ('{"a" 1}', ("record.invalid_json", "record.json.expecting_colon")),
    "json_name": ("{'a': 1}", ("record.invalid_json", "record.json.expecting_name")),
    "json_string": ('{"a', ("record.invalid_json", "record.json.unterminated_string")),
    "json_control": ('{"a\nb": 1}', ("record.invalid_json", "record.json.control_character")),
    "json_unicode": ('{"\\u12": 1}', ("record.invalid_json", "record.json.unicode_escape")),
    "json_escape": ('{"\\q": 1}', ("record.invalid_json", "record.json.escape")),
    "json_extra": ("{} {}", ("record.invalid_json", "record.json.extra_data")),
}


def _keys(e: object) -> tuple[str, ...]:
    """The catalogue keys of ``e`` and of the error inside it."""
    if isinstance(e, RecordError):
        if e.key == "invalid_json":
            problem = str(e.params["problem"])
            kind = next(k for k, (_, en) in TEXTS.items()
                        if k.startswith("record.json.") and en and problem.startswith(en)
                        and k != "record.json.at")
            return ("record.invalid_json", kind)
        inner = () if e.reason is None else _keys(e.reason)
        return ("record." + e.key, *inner)
    if isinstance(e, RulesError):
        return ("rules." + e.key,)
    if isinstance(e, ActionFormatError):
        return ("record.action." + e.key,)
    if isinstance(e, CardError):
        return ("card.error." + e.key,)
    raise AssertionError(e)  # pragma: no cover


def _record_error(text: str) -> RecordError:
    with pytest.raises(RecordError) as info:
        start_of(loads(text))
    return info.value


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
def test_record_error_keys(name: str) -> None:
    """Each bad record raises the RecordError (a ValueError) with its key; the parameters are
    plain data; English and German texts differ and the German has no English in it."""
    text, keys = BAD_RECORDS[name]
    e = _record_error(text)
    assert isinstance(e, ValueError) and not isinstance(e, ReplayError)
    assert _keys(e) == keys
    assert e.text("en") == str(e) == e.args[0]
    assert e.text("de") != e.text("en")
    assert english_in(e.text("de")) == [], e.text("de")
    json.dumps(e.params)  # plain data


@pytest.mark.parametrize("name", sorted(BAD_RECORDS))
@pytest.mark.parametrize("lang", ["de", "en"])
def test_doko_replay_names_a_bad_record_in_its_language(
        tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, lang: str) -> None:
    """``doko replay`` on a bad record: exit status 2, one line on stderr in the language
    asked for (German: no English word in it), nothing on stdout."""
    text, _ = BAD_RECORDS[name]
    path = tmp_path / "g.json"
    path.write_text(text, encoding="utf-8")
    assert main(["replay", str(path), "--lang", lang]) == 2
    out, err = capsys.readouterr()
    e = _record_error(text)
    assert out == ""
    if lang == "de":
        assert err == f"doko replay: ungültige Spieldatei {path}: {e.text('de')}\n"
        assert english_in(err.replace(str(path), "")) == [], err
    else:
        assert err == f"doko replay: invalid game file {path}: {e}\n"


@pytest.mark.parametrize("name", sorted(n for n in BAD_RECORDS if not n.startswith("json_")))
def test_record_errors_are_the_same_under_the_native_engine(name: str) -> None:
    """The record's checks come before the engine is asked: the native backend refuses a bad
    record with the same error and text as the Python engine."""
    pytest.importorskip("doko_native")
    text = BAD_RECORDS[name][0]
    with pytest.raises(RecordError) as info:
        start_of(loads(text), "native")
    e = _record_error(text)
    assert (info.value.key, info.value.params) == (e.key, e.params)
    assert info.value.text("de") == e.text("de") and str(info.value) == str(e)


def test_every_record_rules_and_action_key_is_shown() -> None:
    """Every ``record.*`` and ``rules.*`` text is one some bad record shows (``record.deal`` is
    the fallback for a deal ``Game`` refuses that the record's own checks let through, which
    they do not: they are ``Game.__init__``'s; ``record.replay_action`` is ReplayError's,
    ``record.action.no_code`` a code that no action has, ``record.json.at`` the position of a
    JSON error, ``record.json.trailing_comma`` Python 3.13's, ``record.json.other`` any other)."""
    shown = {k for _, keys in BAD_RECORDS.values() for k in keys if not k.startswith("card.")}
    elsewhere = {"record.deal", "record.replay_action", "record.action.no_code",
                 "record.json.at", "record.json.trailing_comma", "record.json.other"}
    assert not shown & elsewhere
    # the rule options' words and the refusals of a chosen option (doko.engine.rules.with_options;
    # tests/test_rule_options.py) are no record's
    options = {k for k in TEXTS if k.startswith(("rules.opt.", "rules.bool.", "rules.options_"))}
    options |= {"rules.unknown_option", "rules.bad_value", "rules.option_syntax"}
    assert shown | elsewhere | options == {k for k in TEXTS
                                           if k.startswith(("record.", "rules."))}


def test_record_messages_in_english_unchanged() -> None:
    """``str`` of the errors stays as it was (users and tests match it)."""
    def msg(name: str) -> str:
        return str(_record_error(BAD_RECORDS[name][0]))

    assert msg("format") == "'format' must be 'doko-game/1', got 'doko-game/2'"
    assert msg("hand_size") == "the hand of seat 3 has 11 cards, a hand has 12 (TSR 3.3.7)"
    assert msg("unknown_keys") == "unknown keys in the record: comment"
    assert msg("missing") == "the record lacks: hands"
    assert msg("dealer") == "'dealer' must be a seat 0..3, got 7"
    assert msg("rules_preset") == (
        "'rules': unknown rules preset 'skat'; known: erweitert, hausregeln, tsr")
    assert msg("action_unknown") == "action 0: unknown action 'fold'"
    assert msg("action_keys") == "action 0: unknown keys ['card'] in a 'healthy' action"
    assert msg("deck") == "the hands must hold every card exactly twice (TSR 2.2.1): ['JC', 'KC']"
    assert msg("json_value") == "not valid JSON: Expecting value: line 1 column 12 (char 11)"
    assert msg("not_object") == "a game record must be a JSON object"


def test_record_messages_in_german() -> None:
    def de(name: str) -> str:
        return _record_error(BAD_RECORDS[name][0]).text("de")

    assert de("format") == "'format' muss 'doko-game/1' sein, nicht 'doko-game/2'"
    assert de("hand_size") == "die Hand von Platz 3 hat 11 Karten, eine Hand hat 12 (TSR 3.3.7)"
    assert de("hand_third") == (
        "die Hand von Platz 1: eine Hand kann kein drittes QC halten: jede Karte gibt es "
        "zweimal")
    assert de("rules_preset") == (
        "'rules': unbekannte Regel-Voreinstellung 'skat'; bekannt: erweitert, hausregeln, tsr")
    assert de("action_card_code") == ("Aktion 5: unbekannter Kartencode '1Q': Rang 9 J Q K T(10) A "
                                      "und Farbe C S H D, z. B. 'QC'")
    assert de("deck") == ("die Hände müssen jede Karte genau zweimal enthalten (TSR 2.2.1): "
                          "['JC', 'KC']")
    assert de("json_value") == "kein gültiges JSON: Wert erwartet: Zeile 1, Spalte 12 (Zeichen 11)"
    assert de("vorf_owes") == ("'vorfuehrung' ist 1, aber 'owes_pflichtsolo'[1] ist false: "
                               "vorgeführt wird nur, wer ein Pflichtsolo schuldet (TSR 4.2.3)")


def test_record_checks_are_those_of_the_game() -> None:
    """The record refuses exactly what ``Game.__init__`` refuses, before asking it: a deal with
    a card three times (TSR 2.2.1), a nine without nines, a Vorführung of a seat that owes no
    Pflichtsolo (TSR 4.2.3). The game refuses the same records' deals."""
    for name in ("deck", "deck_no_nines", "vorf_owes"):
        rec = json.loads(BAD_RECORDS[name][0])
        rules = Rules.from_json(rec["rules"])
        hands = [hand_from_codes(h) for h in rec["hands"]]
        with pytest.raises(ValueError):
            Game(hands, rec["dealer"], owes_pflichtsolo=rec["owes_pflichtsolo"],
                 vorfuehrung=rec["vorfuehrung"], rules=rules)


# ----------------------------------------------------------------- JSON errors in words


def test_json_problem_words() -> None:
    assert json_problem("en", "Expecting ',' delimiter", 2, 5, 9) == (
        "Expecting ',' delimiter: line 2 column 5 (char 9)")
    assert json_problem("de", "Expecting ',' delimiter", 2, 5, 9) == (
        "',' erwartet: Zeile 2, Spalte 5 (Zeichen 9)")
    # Python 3.13 reports a trailing comma in its own words
    assert json_problem("de", "Illegal trailing comma before end of array", 1, 3, 2) == (
        "Komma vor dem Ende eines Objekts oder einer Liste: Zeile 1, Spalte 3 (Zeichen 2)")
    # a message the catalogue does not know is a syntax error in German, itself in English
    assert json_problem("de", "Something new", 1, 1, 0) == (
        "Syntaxfehler: Zeile 1, Spalte 1 (Zeichen 0)")
    assert json_problem("en", "Something new", 1, 1, 0) == (
        "Something new: line 1 column 1 (char 0)")


@pytest.mark.parametrize("name", [n for n in BAD_RECORDS if n.startswith("json_")])
def test_json_errors_in_english_are_pythons(name: str) -> None:
    """In English a JSON error is Python's own message, as before."""
    text = BAD_RECORDS[name][0]
    with pytest.raises(json.JSONDecodeError) as info:
        json.loads(text)
    assert str(_record_error(text)) == f"not valid JSON: {info.value}"


# ------------------------------------------------------------------------- ReplayError


def _illegal_record() -> tuple[dict[str, Any], int]:
    """The docs example with its first action made by the seat after the one on turn."""
    rec = example()
    first = rec["actions"][0]
    first["seat"] = (first["seat"] + 1) % 4
    return rec, first["seat"]


def test_replay_error_in_both_languages() -> None:
    rec, seat = _illegal_record()
    with pytest.raises(ReplayError) as info:
        replay(rec)
    e = info.value
    assert (e.index, e.seat) == (0, seat)
    assert str(e) == f"action 0 (seat {seat + 1}): {e.error}"
    assert e.text("en") == str(e)
    assert e.text("de") == f"Aktion 0 (Platz {seat + 1}): {e.error.text('de')}"
    assert english_in(e.text("de")) == []


# --------------------------------------------------------------------- action entries


def test_action_format_error_in_both_languages() -> None:
    with pytest.raises(ActionFormatError) as info:
        from_dict({"seat": 0, "action": "call", "call": "no120"})
    e = info.value
    assert e.key == "call" and e.params == {
        "names": "re, kontra, no90, no60, no30, black", "value": "no120"}
    assert str(e) == "'call' must be one of re, kontra, no90, no60, no30, black; got 'no120'"
    assert e.text("de") == (
        "'call' muss einer der Werte re, kontra, no90, no60, no30, black sein, nicht 'no120'")
    with pytest.raises(ActionFormatError) as info:
        to_dict(Action(60))
    assert info.value.key == "no_code" and info.value.params == {"code": 60}
    assert str(info.value) == "no action has code 60"
    assert info.value.text("de") == "keine Aktion hat den Code 60"
    with pytest.raises(ActionFormatError, match="no action has code 61"):
        code_text(61)


# ------------------------------------------------------------------------- rule sets


RULES_CASES: list[tuple[Callable[[], object], str, str, str]] = [
    (lambda: preset("skat"), "unknown_preset",
     "unknown rules preset 'skat'; known: erweitert, hausregeln, tsr",
     "unbekannte Regel-Voreinstellung 'skat'; bekannt: erweitert, hausregeln, tsr"),
    (lambda: Rules.from_json({"name": "tsr", "fast": True}), "unknown_options",
     "unknown rule options: fast", "unbekannte Regel-Optionen: fast"),
    (lambda: Rules.from_json({"nines": 1}), "not_bool",
     "rule option 'nines' must be true or false",
     "die Regel-Option 'nines' muss true oder false sein"),
    (lambda: Rules(dulle="third"), "dulle",
     "dulle must be one of first, second, second_except_last, not 'third'",
     "'dulle' muss einer der Werte first, second, second_except_last sein, nicht 'third'"),
    (lambda: BockRules(triggers=("rain",)), "bock_triggers",
     "unknown Bock triggers ['rain']; known: tie_120, solo_lost, called_game_lost, re_and_kontra",
     "unbekannte Bock-Auslöser ['rain']; bekannt: tie_120, solo_lost, called_game_lost, "
     "re_and_kontra"),
    (lambda: BockRules(length=0), "bock_length", "a Bock lasts at least one game, not 0",
     "ein Bock dauert mindestens ein Spiel, nicht 0"),
    (lambda: BockRules(stacking="x"), "bock_stacking",
     "Bock stacking is 'add' or 'double', not 'x'",
     "'stacking' in 'bock' ist 'add' oder 'double', nicht 'x'"),
    (lambda: Rules.from_json({"bock": {"triggers": 3}}), "bock_triggers_list",
     "'bock' 'triggers' must be a list of names, got 3",
     "'triggers' in 'bock' muss eine Liste von Namen sein, nicht 3"),
    (lambda: Rules.from_json({"bock": {"length": 1.5}}), "bock_length_type",
     "'bock' 'length' must be a whole number or null, got 1.5",
     "'length' in 'bock' muss eine ganze Zahl oder null sein, nicht 1.5"),
]


@pytest.mark.parametrize("case", range(len(RULES_CASES)))
def test_rules_error_in_both_languages(case: int) -> None:
    """RulesError is a ValueError with its key, plain-data parameters, the English ``str`` as
    before and a German text without English."""
    make, key, en, de = RULES_CASES[case]
    with pytest.raises(RulesError) as info:
        make()
    e = info.value
    assert isinstance(e, ValueError) and e.key == key
    assert str(e) == en == e.text("en")
    assert e.text("de") == de
    assert english_in(de) == []
    json.dumps(e.params)


def test_rules_from_json_still_takes_every_rule_set() -> None:
    """The JSON forms written by ``to_json`` (and the Bock options' defaults) read back."""
    for rules in (HAUSREGELN, Rules(name="x", bock=BockRules(length=3, stacking="double")),
                  Rules(nines=False, dulle="second")):
        assert Rules.from_json(json.loads(json.dumps(rules.to_json()))) == rules
    assert Rules.from_json({"bock": {}}).bock == BockRules()
    assert Rules.from_json({"bock": {"length": None}}).bock == BockRules()


# ------------------------------------------------------------------------- files


def test_read_problem_words() -> None:
    cases: list[tuple[OSError | UnicodeDecodeError, str, str]] = [
        (FileNotFoundError(errno.ENOENT, "No such file or directory"),
         "Datei oder Verzeichnis nicht gefunden", "No such file or directory"),
        (PermissionError(errno.EACCES, "Permission denied"), "keine Berechtigung",
         "Permission denied"),
        (IsADirectoryError(errno.EISDIR, "Is a directory"), "ist ein Verzeichnis",
         "Is a directory"),
        (NotADirectoryError(errno.ENOTDIR, "Not a directory"),
         "ein Teil des Pfades ist kein Verzeichnis", "Not a directory"),
        (OSError(errno.ELOOP, "Too many levels of symbolic links"),
         "Fehler des Betriebssystems ELOOP", "Too many levels of symbolic links"),
        (OSError("no errno"), "Fehler des Betriebssystems OSError", "system error OSError"),
        (UnicodeDecodeError("utf-8", b"ab\xff", 2, 3, "invalid start byte"),
         "kein UTF-8-Text (Byte 2 ist ungültig)", "not UTF-8 text (byte 2 is invalid)"),
    ]
    for e, de, en in cases:
        assert read_problem(e, "de") == de
        assert read_problem(e, "en") == en


def _round_file_error(path: Path) -> RoundFileError:
    with pytest.raises(RoundFileError) as info:
        Round.load(path)
    return info.value


def _bad_files(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Round files that cannot be read or whose rules or game records are bad."""
    yield "missing", tmp_path / "missing.json"
    yield "directory", tmp_path
    path = tmp_path / "binary.json"
    path.write_bytes(b'{"format": "\xff"}')
    yield "binary", path
    path = tmp_path / "json.json"
    path.write_text('{"format": "doko-round/1",}', encoding="utf-8")
    yield "json", path
    r = Round(["A", "B", "C", "D"])
    g = r.new_game(3)
    while not g.is_over:
        g.apply(g.legal_actions()[0])
    r.add_game(g)
    data = r.to_json()
    changes: list[tuple[str, Callable[[dict[str, Any]], object]]] = [
        ("rules", lambda d: d.update(rules={"name": "tsr", "dulle": "third"})),
        ("record", lambda d: d["entries"][0]["record"].update(format="doko-game/2")),
        ("record_rules", lambda d: d["entries"][0]["record"].update(rules="skat")),
        ("action", lambda d: d["entries"][0]["record"]["actions"][0].update(action="fold")),
        ("illegal", lambda d: d["entries"][0]["record"]["actions"].insert(
            0, {"seat": (d["entries"][0]["record"]["dealer"] + 2) % 4, "action": "healthy"})),
    ]
    for name, change in changes:
        forged = copy.deepcopy(data)
        change(forged)
        path = tmp_path / f"{name}.json"
        path.write_text(json.dumps(forged), encoding="utf-8")
        yield name, path


def test_round_file_errors_in_german(tmp_path: Path) -> None:
    """A round file that cannot be read, is not JSON, or holds bad rules or a bad game record
    is named in German without English (``doko play --resume``, ``doko sheet``), and in
    English with the English reason inside."""
    seen = []
    for name, path in _bad_files(tmp_path):
        e = _round_file_error(path)
        seen.append(name)
        assert english_in(e.text("de").replace(str(path), "")) == [], (name, e.text("de"))
        assert e.text("en") == str(e) and e.text("de") != str(e)
    assert len(seen) == 9


def test_round_file_error_texts(tmp_path: Path) -> None:
    files = dict(_bad_files(tmp_path))
    e = _round_file_error(files["json"])
    assert str(e) == (f"{files['json']}: not valid JSON: Illegal trailing comma before end of "
                      "object: line 1 column 26 (char 25)" if sys.version_info >= (3, 13) else
                      f"{files['json']}: not valid JSON: Expecting property name enclosed in "
                      "double quotes: line 1 column 27 (char 26)")
    assert e.text("de").startswith(f"{files['json']}: kein gültiges JSON: ")
    e = _round_file_error(files["missing"])
    assert e.text("de") == f"{files['missing']}: Datei oder Verzeichnis nicht gefunden"
    assert str(e) == f"{files['missing']}: No such file or directory"
    e = _round_file_error(files["rules"])
    assert e.text("de") == ("'rules': 'dulle' muss einer der Werte first, second, "
                            "second_except_last sein, nicht 'third'")
    e = _round_file_error(files["record"])
    assert e.text("de") == ("Eintrag 1: der Spielbericht lässt sich nicht nachspielen: "
                            "'format' muss 'doko-game/1' sein, nicht 'doko-game/2'")
    assert str(e) == ("entry 1: the game record does not replay: "
                      "'format' must be 'doko-game/1', got 'doko-game/2'")
    e = _round_file_error(files["illegal"])
    assert e.text("de").startswith(
        "Eintrag 1: der Spielbericht lässt sich nicht nachspielen: Aktion 0 (Platz ")


def test_read_json_file_names_the_file(tmp_path: Path) -> None:
    path = tmp_path / "x.json"
    path.write_text("[1, 2]", encoding="utf-8")
    assert read_json_file(path, RoundFileError) == [1, 2]


def test_doko_sheet_names_a_bad_round_file_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for name, path in _bad_files(tmp_path):
        assert main(["sheet", "show", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith("doko sheet: Fehler: ") and err.count("\n") == 1, err
        assert english_in(err.replace(str(path), "")) == [], (name, err)


def test_doko_play_resume_names_a_bad_round_file_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    pytest.importorskip("rich")
    for name, path in _bad_files(tmp_path):
        assert main(["play", "--level", "random", "--fast", "--resume", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.count("\n") == 1, err
        assert english_in(err.replace(str(path), "")) == [], (name, err)


def _unreadable_inputs(tmp_path: Path) -> Iterator[tuple[str, Path]]:
    """Input files that are missing, a directory, not UTF-8, or not JSON (one of each kind)."""
    yield "missing", tmp_path / "missing.json"
    folder = tmp_path / "folder"
    folder.mkdir()
    yield "directory", folder
    path = tmp_path / "binary.json"
    path.write_bytes(b'{"contract": "\xff"}')
    yield "binary", path
    for name in BAD_RECORDS:
        if name.startswith("json_"):
            path = tmp_path / f"{name}.json"
            path.write_text(BAD_RECORDS[name][0], encoding="utf-8")
            yield name, path


def test_doko_score_names_an_unreadable_file_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``doko score`` on a file it cannot read or parse: one German line without English; in
    English a JSON error is Python's message as before."""
    for name, path in _unreadable_inputs(tmp_path):
        assert main(["score", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith(f"doko score: Fehler: {path}: ") and err.count("\n") == 1, err
        assert english_in(err.replace(str(path), "")) == [], (name, err)
        assert main(["score", "--lang", "en", str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith(f"doko score: error: {path}: ") and err.count("\n") == 1, err
        if name.startswith("json_"):
            with pytest.raises(json.JSONDecodeError) as info:
                json.loads(path.read_text(encoding="utf-8"))
            assert err == f"doko score: error: {path}: invalid JSON: {info.value}\n"
    assert main(["score", "--lang", "en", str(tmp_path / "missing.json")]) == 2
    assert capsys.readouterr().err == (
        f"doko score: error: {tmp_path / 'missing.json'}: No such file or directory\n")


def test_doko_sheet_names_an_unreadable_summary_in_german(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``doko sheet add`` with a game summary it cannot read or parse: one German line without
    English, the round file unchanged."""
    sheet = tmp_path / "r.json"
    assert main(["sheet", "new", str(sheet), "--players", "A,B,C,D"]) == 0
    before = sheet.read_bytes()
    capsys.readouterr()
    for name, path in _unreadable_inputs(tmp_path):
        assert main(["sheet", "add", str(sheet), str(path)]) == 2, name
        err = capsys.readouterr().err
        assert err.startswith(f"doko sheet: Fehler: {path}: ") and err.count("\n") == 1, err
        assert english_in(err.replace(str(path), "")) == [], (name, err)
        assert sheet.read_bytes() == before


# ------------------------------------------- issue 17: seats 1-4, names, "du" for the reader

_NAMES = ["Anna", "Bert", "Clara", "Dora"]


@settings(max_examples=25, deadline=None)
@given(seed=st.integers(0, 10**6), cut=st.integers(0, 60), rnd=st.integers(0, 2**32))
def test_refusals_name_seats_from_1_and_the_reader_as_du(seed: int, cut: int, rnd: int) -> None:
    """Every refusal of the engine names a seat as seats 1-4 (never "Platz 0"/"seat 0"), by
    name where the table has names, and the acting seat itself as "du"/"you" with the verb to
    match: never "Dora muss ... seinen Vorbehalt" or "Platz 0 muss antworten" (issue 17)."""
    r = random.Random(rnd)
    g = Game.deal(seed, dealer=seed % 4)
    while not g.is_over and len(g.history) < cut:
        g.apply(r.choice(g.legal_actions()))
    for seat in range(4):
        for code in r.sample(range(43), 14):
            try:
                g.verify(encode(seat, code))
            except IllegalActionError as e:
                for lang in ("de", "en"):
                    plain = e.text(lang)
                    assert not re.search(r"\b(Platz|seat) 0\b", plain), plain
                    mine = e.text(lang, names=_NAMES, me=seat)
                    assert not re.search(r"\b(Platz|seat) \d", mine), mine
                    assert _NAMES[seat] not in mine, mine
                    if e.params.get("seat") == seat and f"error.you.{e.key}" in TEXTS:
                        assert re.search(r"\b(du|you)\b", mine, re.I), mine


def test_refusal_in_words_for_the_reader() -> None:
    e = IllegalActionError("naming_expected", "4.1.4", seat=3, options="solo_marriage")
    assert e.text("de") == "Platz 4 muss jetzt den Vorbehalt taufen: ein Solo oder Hochzeit " \
        "(TSR 4.1.4)"
    assert e.text("de", names=_NAMES) == "Dora muss jetzt den Vorbehalt taufen: ein Solo oder " \
        "Hochzeit (TSR 4.1.4)"
    assert e.text("de", names=_NAMES, me=3) == "du musst jetzt deinen Vorbehalt taufen: ein " \
        "Solo oder Hochzeit (TSR 4.1.4)"
    assert e.text("en", names=_NAMES, me=3) == "you must name your Vorbehalt now: a solo or " \
        "Hochzeit (TSR 4.1.4)"
    turn = IllegalActionError("phase", "4.1.2", seat=1, action=5, phase=0, to_move=1)
    assert turn.text("de", names=_NAMES, me=1) == (
        f"{turn.text('de', names=_NAMES).split(' ist ')[0]} ist jetzt nicht möglich: die "
        "Vorbehaltsabfrage läuft, du musst antworten (TSR 4.1.2)")
    assert turn.text("en", me=0) == turn.text("en")  # another reader: seats by number
    assert "seat 2 must answer" in turn.text("en")
