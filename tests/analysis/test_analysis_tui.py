"""The terminal's ``tipp``/``hint`` and ``analyse`` (doko.tui.analysis and the hooks in
doko.tui.app): a hint names only the own card and changes nothing; the analysis of a finished
game is shown on request, and before the end it says there is none yet."""

from __future__ import annotations

import pytest

import doko.tui.analysis as tui_analysis
from doko.bots.base import make_player, play_game
from doko.engine.actions import HEALTHY, encode
from doko.engine.cards import card_symbol
from doko.engine.game import Game
from doko.engine.view import view
from doko.tui.parse import parse
from tui_table import said as _said
from tui_table import table as _table


def test_commands_parse() -> None:
    assert [t.value for t in parse("tipp")] == ["hint"]
    assert [t.value for t in parse("hint")] == ["hint"]
    assert [t.value for t in parse("analyse")] == ["analysis"]


def test_hint_in_the_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.deal(seed=7)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    human = g.to_move
    table, out = _table(g, human, monkeypatch)
    said = _said(table, out, "tipp")
    assert said.startswith("Tipp: ")
    hand = {card_symbol(k, "de") for k in view(g, human).hand}
    shown = said.removeprefix("Tipp: ").split(" – ")[0]
    assert shown in hand  # the own card, nothing else
    other = (human + 1) % 4
    table2, out2 = _table(g, other, monkeypatch, "en")
    assert "no hint: it is not your turn" in _said(table2, out2, "hint")


def test_analysis_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(tui_analysis, "WORLDS", 2)
    monkeypatch.setattr(tui_analysis, "OPEN_BUDGET", 0.3)
    monkeypatch.setattr(tui_analysis, "KNOWABLE_BUDGET", 0.5)
    g = Game.deal(seed=9)
    table, out = _table(g, 0, monkeypatch)
    assert "noch kein beendetes Spiel" in _said(table, out, "analyse")
    play_game(g, [make_player("random", seed=s) for s in range(4)])
    said = _said(table, out, "analyse")
    assert "Analyse: Platz 1" in said and "Entscheidungen" in said
