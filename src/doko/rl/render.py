"""The table as text from one seat's view, for the environments' ``render_mode="ansi"``.

Every line comes from the catalogue (:mod:`doko.engine.texts`, German by default); seats are
shown 1 to 4, and only the cards the seat may see are named (its own hand and the cards on the
table).

>>> from doko.engine.game import Game
>>> from doko.engine.view import view
>>> print(table_text(view(Game.deal(7), 1), 1, "en").splitlines()[0])
Game 1: game kind not yet known, Vorbehaltsabfrage (reservations)
"""

from __future__ import annotations

from collections.abc import Sequence

from doko.engine.actions import code_of, code_text
from doko.engine.cards import card_name
from doko.engine.game import contract_label
from doko.engine.texts import lang_of, texts_of
from doko.engine.view import SeatView
from doko.engine.vocab import Contract

__all__ = ["table_text"]


def table_text(v: SeatView, game_no: int = 1, lang: str = "de",
               scores: Sequence[int] | None = None) -> str:
    """The table as ``v.seat`` sees it: the game kind and phase, who is to act, the seat's hand,
    the trick on the table, the calls, its legal actions and, when given, the scores."""
    lang = lang_of(lang)
    t = texts_of("rl", lang)
    seat = v.seat if v.seat is not None else 0
    if v.contract is None:
        kind = t("render.undecided")
    else:
        kind = contract_label(Contract[v.contract.upper()], False, False, v.vorfuehrung, lang)
    lines = [t("render.header", n=game_no, contract=kind,
               phase=t("phase." + v.phase.record_name))]
    if v.to_move >= 0:
        lines.append(t("render.to_act", seat=v.to_move + 1))
    if v.seat is not None:
        cards = ", ".join(card_name(k, lang) for k in v.hand) or t("render.none")
        lines.append(t("render.hand", seat=seat + 1, cards=cards))
    if v.trick:
        played = ", ".join(t("render.played", seat=s + 1, card=card_name(k, lang))
                           for s, k in v.trick)
        lines.append(t("render.trick", n=len(v.tricks) + 1, cards=played))
    calls = ", ".join(f"{s + 1}: {lv.label(p)}" for s, p, lv in v.calls) or t("render.none")
    lines.append(t("render.calls", calls=calls))
    if v.legal_actions:
        acts = ", ".join(code_text(code_of(a), lang) for a in v.legal_actions)
        lines.append(t("render.legal", actions=acts))
    if scores is not None:
        parts = ", ".join(t("render.score", seat=s + 1, points=p) for s, p in enumerate(scores))
        lines.append(t("render.scores", scores=parts))
    return "\n".join(lines)
