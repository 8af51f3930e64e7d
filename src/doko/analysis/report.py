"""The analysis of a game as text (``doko analyze``, the terminal's ``analyse``): per seat the
summary, the three costliest mistakes with their trick drawn, and every decision in a line.
Seats are shown 1 to 4; all words come from the catalogue (``analysis.*``)."""

from __future__ import annotations

from doko.analysis.game_analysis import Analysis, Decision
from doko.engine.actions import Action, code_of, code_text
from doko.engine.cards import EYES, card_symbol
from doko.engine.game import Game
from doko.engine.texts import texts_of

__all__ = ["action_label", "decision_label", "format_analysis", "trick_text"]


def _num(x: float) -> str:
    return f"{x:.2f}"


def action_label(a: Action, lang: str) -> str:
    """A card as its symbol, a call in words."""
    code = code_of(a)
    return card_symbol(code, lang) if code < 24 else code_text(code, lang)


def decision_label(d: Decision, lang: str) -> str:
    """What the seat did: the card or call, or for a call not made ``ohne keine 90``."""
    if d.kind == "no_call":
        return texts_of("analysis", lang)("not_called", call=action_label(d.action, lang))
    return action_label(d.action, lang)


def _best_text(d: Decision, lang: str) -> str:
    t = texts_of("analysis", lang)
    if d.kind != "card" and d.open.exact and not d.best:
        return t("no_call")
    if not d.best:
        return t("unknown")
    return ", ".join(action_label(a, lang) for a in d.best)


def trick_text(final: Game, trick: int, lang: str) -> str:
    """Trick ``trick`` (1-based) of the finished game: every card with its seat, the winner."""
    t = texts_of("analysis", lang)
    if not 1 <= trick <= len(final.tricks):  # trick 0: the reservations, before the play
        return ""
    leader, cards, winner = final.tricks[trick - 1]
    parts = [f"{t('seat', n=(leader + i) % 4 + 1)} {card_symbol(k, lang)}"
             for i, k in enumerate(cards)]
    return t("trick", trick=trick, cards=", ".join(parts), winner=t("seat", n=winner + 1),
             eyes=sum(EYES[k] for k in cards))


def _open_text(d: Decision, lang: str) -> str:
    t = texts_of("analysis", lang)
    o = d.open
    if d.kind == "reservation":
        if o.exact:
            return t("open_reservation", points=o.points, best_points=o.best_points)
        if "loss_points" not in o.bounds:
            return t("open_unvalued")
        lo, hi = o.bounds["loss_points"]
        return t("open_reservation_bounds", lo=lo, hi=hi)
    if o.exact:
        return t("open_exact", value=o.value, best=o.best_value,
                 points=t("unknown") if o.points is None else o.points,
                 best_points=t("unknown") if o.best_points is None else o.best_points)
    lo, hi = o.bounds.get("loss_augen", (0, 0))
    return t("open_bounds", lo=lo, hi=hi)


def _knowable_text(d: Decision, lang: str) -> str:
    t = texts_of("analysis", lang)
    k = d.knowable
    if k is None:
        return ""
    if k.loss_points is not None and k.stderr is not None:
        return t("knowable_exact", loss=_num(k.loss_points), se=_num(k.stderr), worlds=k.worlds)
    lo, hi = k.loss_augen_bounds or (0.0, 0.0)
    return t("knowable_bounds", lo=_num(lo), hi=_num(hi))


def _reservation_open(d: Decision, lang: str) -> str:
    t = texts_of("analysis", lang)
    o = d.open
    if o.exact:
        return t("row_points", points=o.loss_points)
    if "loss_points" not in o.bounds:
        return t("row_unvalued")
    lo, hi = o.bounds["loss_points"]
    return t("row_points_bounds", lo=lo, hi=hi)


def _row(d: Decision, lang: str) -> str:
    t = texts_of("analysis", lang)
    o = d.open
    if d.kind == "reservation":
        open_part = _reservation_open(d, lang)
    elif o.exact:
        pts = t("unknown") if o.loss_points is None else o.loss_points
        open_part = t("row_open", augen=o.loss_augen, points=pts)
    else:
        lo, hi = o.bounds.get("loss_augen", (0, 0))
        open_part = t("row_open_bounds", lo=lo, hi=hi)
    k = d.knowable
    know = ""
    if k is not None and k.loss_points is not None and k.stderr is not None:
        know = t("row_knowable", loss=_num(k.loss_points), se=_num(k.stderr))
    if d.mistake:
        know += "  " + t("row_mistake")
    if d.kind == "reservation":
        return t("row_reservation", action=decision_label(d, lang), best=_best_text(d, lang),
                 open=open_part, knowable=know).rstrip()
    return t("row", trick=d.trick, action=decision_label(d, lang),
             best=_best_text(d, lang), open=open_part, knowable=know).rstrip()


def format_analysis(analysis: Analysis, final: Game, lang: str = "de",
                    seats: list[int] | None = None, rows: bool = True) -> str:
    """The text of ``analysis`` of the finished game ``final`` for ``seats`` (default: those
    analysed)."""
    t = texts_of("analysis", lang)
    lines: list[str] = []
    for s in seats if seats is not None else sorted(analysis.summaries):
        sm = analysis.summaries[s]
        party = t("party_re") if final.is_re[s] else t("party_kontra")
        lines.append(t("title", seat=t("seat", n=s + 1), party=party))
        lines.append(t("summary", n=sm.decisions, exact=sm.exact, skipped=sm.skipped))
        lines.append(t("open_loss", augen=sm.open_loss_augen, points=sm.open_loss_points))
        if analysis.worlds and sm.knowable_loss_points is not None:
            lines.append(t("knowable_loss", worlds=analysis.worlds,
                           points=_num(sm.knowable_loss_points), mistakes=sm.mistakes))
        else:
            lines.append(t("no_knowable"))
        worst = analysis.costliest(3, s)
        lines.append("")
        if worst:
            lines.append(t("costliest") if analysis.worlds else t("costliest_open"))
            for rank, d in enumerate(worst, 1):
                key = "mistake_reservation" if d.kind == "reservation" else "mistake"
                lines.append(t(key, rank=rank, trick=d.trick, seat=t("seat", n=s + 1),
                               action=decision_label(d, lang), best=_best_text(d, lang)))
                drawn = trick_text(final, d.trick, lang)
                if drawn:
                    lines.append("   " + drawn)
                lines.append("   " + _open_text(d, lang))
                know = _knowable_text(d, lang)
                if know:
                    lines.append("   " + know)
        else:
            lines.append(t("no_mistakes"))
        if rows:
            lines.append("")
            lines.append(t("decisions"))
            lines.extend("  " + _row(d, lang) for d in analysis.for_seat(s))
        lines.append("")
    lines.append(t("footer", backend=analysis.backend, seconds=f"{analysis.seconds:.1f}"))
    return "\n".join(lines)
