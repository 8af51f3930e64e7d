"""Hints and the analysis in the terminal (``tipp``/``hint`` while playing, ``analyse`` after a
game): the logic behind the two commands of :mod:`doko.tui.app`, on top of
:mod:`doko.analysis`.

A hint uses the seat's own view only (:func:`doko.analysis.hints.hint`). The analysis of the
finished game covers the human's decisions: the open loss (all cards known) and the knowable
loss over :data:`WORLDS` sampled worlds per decision, within :data:`OPEN_BUDGET` and
:data:`KNOWABLE_BUDGET` seconds (solves that run out show bounds).
"""

from __future__ import annotations

from rich.text import Text

from doko.analysis.game_analysis import analyze
from doko.analysis.hints import hint
from doko.analysis.report import format_analysis
from doko.engine.game import Game
from doko.engine.record import start_of, to_record
from doko.engine.texts import text
from doko.engine.view import view

__all__ = ["KNOWABLE_BUDGET", "OPEN_BUDGET", "WORLDS", "hint_line", "is_analysis_request",
           "show_analysis"]

#: Sampled worlds per decision and the seconds for the solves of the terminal's analysis.
WORLDS = 16
OPEN_BUDGET = 4.0
KNOWABLE_BUDGET = 25.0

_ANALYSIS_WORDS = ("analyse", "analyze", "analysis", "analysieren")


def is_analysis_request(line: str) -> bool:
    """True if ``line`` asks for the analysis (``analyse``, ``analyze``)."""
    return line.strip().lower() in _ANALYSIS_WORDS


def hint_line(game: Game, seat: int, lang: str, seed: int = 0) -> str:
    """The hint for ``seat`` as one line, or why there is none."""
    if game.is_over or game.to_move != seat:
        return text("hint.not_your_turn", lang)
    h = hint(view(game, seat), seed=seed)
    if h is None:  # pragma: no cover - the seat is on turn
        return text("hint.not_your_turn", lang)
    return h.text(lang)


def analysis_text(game: Game, seat: int, lang: str, seed: int = 0) -> str:
    """The analysis of the finished ``game`` for ``seat`` as text."""
    if not game.is_over:
        return text("tui.analysis.no_game", lang)
    start, actions = start_of(to_record(game))
    result = analyze(start, actions, seats=[seat], worlds=WORLDS, open_budget=OPEN_BUDGET,
                     knowable_budget=KNOWABLE_BUDGET, seed=seed)
    return format_analysis(result, game, lang)


def show_analysis(term: object, game: Game, seat: int, lang: str, seed: int = 0) -> None:
    """Compute and print the analysis on the terminal ``term`` (a
    :class:`doko.tui.app.Terminal`), with a spinner while it runs."""
    from doko.tui.app import Terminal

    assert isinstance(term, Terminal)
    if term.interactive:
        with term.console.status(text("tui.analysis.thinking", lang), spinner="dots"):
            out = analysis_text(game, seat, lang, seed)
    else:
        out = analysis_text(game, seat, lang, seed)
    if term.interactive:
        term.clear()
    term.print(Text(out))
    if term.interactive:
        term.ask(text("tui.prompt_continue", lang))
