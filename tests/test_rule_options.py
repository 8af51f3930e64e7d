"""Choosing single rule options (issue 21: "a table can choose any of these options in the
terminal, the web table and records"): every field of ``doko.engine.rules.Rules`` is an option
with a label (``rules.opt.<field>``) and, if it is no bool, its values
(``rules.opt.<field>.<value>``) in the text catalogue; ``with_options`` sets them by word;
``doko play``/``score``/``sheet new``/``simulate`` take ``--option KEY=VALUE`` and list them
with ``--list-options``."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from doko.cli import main
from doko.engine.rules import (
    BOCK_TRIGGERS,
    HAUSREGELN,
    PRESETS,
    TSR,
    BockRules,
    Rules,
    RulesError,
    option_changes,
    option_lines,
    option_specs,
    option_value,
    with_options,
)
from doko.engine.texts import TEXTS


def test_every_rules_field_has_its_texts() -> None:
    """Fails for an option added to Rules without its label (and, for a non-bool option, its
    values): the terminal and the web table build their switches from these texts."""
    for f in dataclasses.fields(Rules):
        if f.name == "name":
            continue
        label = TEXTS.get("rules.opt." + f.name)
        assert label is not None and all(label), f"rules.opt.{f.name} missing (de, en)"
    for spec in option_specs():
        if spec.kind == "bool":
            continue
        assert spec.values, f"rules.opt.{spec.key}.<value> texts missing"
        for rules in PRESETS.values():
            assert option_value(rules, spec.key) in spec.values, (spec.key, rules.name)
        for v in spec.values:
            assert all(TEXTS[f"rules.opt.{spec.key}.{v}"])


def test_with_options_sets_each_kind_of_option() -> None:
    r = with_options(TSR, {"nines": "nein", "re_kontra_double": "on", "dulle": "second",
                           "solo_koehler": True, "bock": "double"})
    assert r.name == "tsr" and not r.nines and r.re_kontra_double and r.dulle == "second"
    assert r.solo_koehler and r.bock == BockRules(stacking="double")
    assert set(BOCK_TRIGGERS) == set(r.bock.triggers)
    # the record form names the preset and what differs; it reads back the same
    assert Rules.from_json(json.loads(json.dumps(r.to_json()))) == r
    assert option_changes(r) == {"re_kontra_double": "true", "dulle": "second",
                                 "nines": "false", "bock": "double", "solo_koehler": "true"}
    off = with_options(HAUSREGELN, {"bock": "off", "dulle": "first"})
    assert off.bock is None and off.to_json() == {"name": "hausregeln", "dulle": "first",
                                                  "bock": None}
    assert with_options(HAUSREGELN, {"bock": "add"}) == HAUSREGELN
    assert option_lines(off, "de") == [("dulle", "Zwei ♥10 in einem Stich",
                                        "die erste gewinnt (TSR 5.3.3)"),
                                       ("bock", "Bockrunden", "aus")]


@pytest.mark.parametrize("changes, key", [
    ({"schweinchen": True}, "unknown_option"),
    ({"dulle": "third"}, "bad_value"),
    ({"nines": "vielleicht"}, "bad_value"),
    ({"bock": "sometimes"}, "bad_value"),
])
def test_bad_options_name_the_option(changes: dict[str, object], key: str) -> None:
    with pytest.raises(RulesError) as e:
        with_options(TSR, changes)
    assert e.value.key == key and next(iter(changes)) in e.value.text("de")


def test_list_options(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--list-options", "--rules", "hausregeln", "--lang", "en"]) == 0
    out = capsys.readouterr().out
    assert "Rule options (--option key=value), preset hausregeln:" in out
    assert "solo_koehler: Köhler (kings, queens and jacks trump)" in out
    assert "values: first (the first one wins (TSR 5.3.3)), second" in out
    assert "here: second_except_last" in out
    assert main(["simulate", "--list-options", "--option", "nines=false"]) == 0
    out = capsys.readouterr().out
    assert "nines: Mit Neunen (48 Karten)" in out and "hier: false" in out


def test_a_bad_option_exits_2(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--option", "schweinchen=ja"]) == 2
    assert "doko play: unbekannte Regel-Option 'schweinchen'" in capsys.readouterr().err
    assert main(["score", "--option", "dulle", "--lang", "en"]) == 2
    assert "an option is key=value, not 'dulle'" in capsys.readouterr().err


def test_score_and_sheet_take_options(tmp_path: Path,
                                      capsys: pytest.CaptureFixture[str]) -> None:
    game = tmp_path / "g.json"
    game.write_text(json.dumps({"contract": "normal", "re_eyes": 151, "re_tricks": 8,
                                "re_calls": "re", "kontra_calls": None}), encoding="utf-8")
    assert main(["score", str(game), "--json"]) == 0
    plain = json.loads(capsys.readouterr().out)
    assert main(["score", str(game), "--json", "--option", "re_kontra_double=true"]) == 0
    doubled = json.loads(capsys.readouterr().out)
    # 2 points won and unter 90; Re adds 2 (TSR 7.2.2 b) or doubles (house rule): 4 either way
    assert plain["re_score"] == doubled["re_score"] == 4
    assert plain["items"][-1]["clause"] == "7.2.2 (b)"
    assert doubled["items"][-1]["clause"] == "house rule"
    f = tmp_path / "runde.json"
    assert main(["sheet", "new", str(f), "--players", "A,B,C,D", "--option",
                 "solo_koehler=true"]) == 0
    assert json.loads(f.read_text(encoding="utf-8"))["rules"] == {"name": "tsr",
                                                                  "solo_koehler": True}


def test_simulate_plays_the_chosen_solos(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "--games", "150", "--json", "--option", "solo_kings=true",
                 "--option", "solo_koehler=true"]) == 0
    kinds = json.loads(capsys.readouterr().out)["kinds"]
    assert kinds.get("solo_kings", 0) > 0 and kinds.get("solo_koehler", 0) > 0
    assert "solo_queens_jacks" not in kinds


def test_arena_plays_under_the_chosen_rules(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["arena", "--candidate", "rules", "--baseline", "random", "--deals", "2",
                 "--json", "--rules", "hausregeln", "--option", "solo_koehler=true"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["rules"] == {"name": "hausregeln", "solo_koehler": True} and out["deals"] == 2
