"""A tournament's ranking and state as text, CSV and JSON (``doko tournament ranking``,
``export``, the web pages)."""

from __future__ import annotations

import csv
import io
import time
from typing import Any

from doko.engine.texts import text, texts_of
from doko.tournament.model import RankRow, Tournament, fmt_num

__all__ = ["format_ranking", "log_lines", "ranking_csv", "ranking_json"]


def _cells(t: Tournament, r: RankRow, lang: str) -> list[str]:
    tx = texts_of("tournament.print", lang)
    out = [tx("disqualified") if r.rank is None else str(r.rank), r.player.name]
    for pts, pl in zip(r.serien, r.placements, strict=True):
        if pts is None:
            out.append("-")
        elif t.scoring == "points":
            out.append(str(pts))
        else:
            out.append(f"{fmt_num(pl) if pl is not None else ''} ({pts})")
    out.append(fmt_num(r.score))
    return out


def _serien(t: Tournament, serie: int | None) -> list[int]:
    return list(range(1, t.drawn + 1)) if serie is None else [serie]


def format_ranking(t: Tournament, serie: int | None = None, lang: str = "de") -> str:
    """The ranking as a text table (rank, name, per Serie, score) with the tie-breaks named."""
    tx = texts_of("tournament.print", lang)
    rows = t.ranking(serie)
    head = [tx("rank"), tx("name"), *(tx("serie_short", n=s) for s in _serien(t, serie)),
            tx("score_points") if t.scoring == "points" else tx("score_placement")]
    body = [_cells(t, r, lang) for r in rows]
    widths = [max(len(row[i]) for row in [head, *body]) for i in range(len(head))]

    def line(cells: list[str]) -> str:
        return "  ".join(c.ljust(w) if i == 1 else c.rjust(w)
                         for i, (c, w) in enumerate(zip(cells, widths, strict=True))).rstrip()

    title = tx("ranking_title") if serie is None else tx("ranking_serie", serie=serie)
    out = [f"{title} — {t.name}", line(head), "-" * len(line(head))]
    out += [line(c) for c in body]
    tb = ", ".join(texts_of("tournament.tiebreak", lang)(k) for k in t.tiebreaks) or "—"
    out.append(tx("tiebreaks", list=tb))
    return "\n".join(out)


def ranking_csv(t: Tournament, serie: int | None = None, lang: str = "de") -> str:
    """The ranking as CSV: rank, player number, name, per Serie points (and placement points),
    total points, placement points, score."""
    tx = texts_of("tournament.print", lang)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    serien = _serien(t, serie)
    w.writerow([tx("rank"), "id", tx("name"),
                *(tx("serie_short", n=s) for s in serien),
                *(f"{tx('serie_short', n=s)} {tx('score_placement')}" for s in serien),
                tx("score_points"), tx("score_placement")])
    for r in t.ranking(serie):
        w.writerow([tx("disqualified") if r.rank is None else r.rank, r.player.id,
                    r.player.name, *("" if x is None else x for x in r.serien),
                    *("" if x is None else fmt_num(x) for x in r.placements),
                    r.points, fmt_num(r.placement)])
    return buf.getvalue()


def ranking_json(t: Tournament, serie: int | None = None) -> dict[str, Any]:
    """The ranking as JSON: the scoring, the tie-breaks and a row per player."""
    return {"format": "doko-ranking/1", "name": t.name, "scoring": t.scoring,
            "tiebreaks": list(t.tiebreaks), "serie": serie, "serien": _serien(t, serie),
            "ranking": [r.to_json() for r in t.ranking(serie)]}


def log_lines(t: Tournament, lang: str) -> list[str]:
    """The audit trail: every entry with its time, what it did and its reason."""
    tx = texts_of("cli.tournament", lang)
    out = []
    for i, e in enumerate(t.entries, start=1):
        when = time.strftime("%Y-%m-%d %H:%M:%S", time.localtime(e.get("at", 0)))
        kind = e["type"]
        if kind == "player":
            what = tx("log_player", name=e["name"])
        elif kind == "withdraw":
            what = tx("log_withdraw", name=t.players[e["player"] - 1].name)
        elif kind == "draw":
            what = tx("log_redraw" if e.get("redraw") else "log_draw", serie=e["serie"])
        elif kind == "result":
            what = tx("log_result", serie=e["serie"], table=e["table"],
                      source=e.get("source", "round" if "round" in e else "totals"),
                      totals=e.get("totals") or "")
        elif kind == "penalty":
            what = tx("log_penalty", name=t.players[e["player"] - 1].name,
                      kind=text(f"cli.tournament.kind_{e['kind']}", lang), points=e["points"],
                      serie=e["serie"])
        else:
            what = tx("log_cancel", n=e["penalty"])
        reason = e.get("reason")
        out.append(f"{i:>4}  {when}  {what}" + (f"  ({reason})" if reason else ""))
    return out
