"""A test helper: the terminal's game table driven line by line in-process (``doko.tui.app``)."""

from __future__ import annotations

import io
import sys

import pytest

from doko.engine.game import Game
from doko.tui.app import GameTable, PlayOptions, Terminal


def table(game: Game, human: int, monkeypatch: pytest.MonkeyPatch,
          lang: str = "de") -> tuple[GameTable, io.StringIO]:
    """A table for ``game`` with the person at ``human`` (named "Du"), output captured."""
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    opts = PlayOptions(level="random", lang=lang, fast=True)
    t = GameTable(Terminal(lang, fast=True), game, human, [None] * 4,
                  ["Du", "Anna", "Bert", "Clara"], opts, title="Test")
    return t, out


def said(t: GameTable, out: io.StringIO, line: str) -> str:
    """What the table prints for the typed ``line``, which must not change the game."""
    before = len(out.getvalue())
    history = list(t.game.history)
    t._handle(line)
    assert t.game.history == history, f"{line!r} changed the game"
    return " ".join(out.getvalue()[before:].split())
