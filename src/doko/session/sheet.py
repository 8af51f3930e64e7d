"""The score sheet (Spielliste) of a round as text, CSV and JSON, and the round's status lines
(who deals, who owes a Pflichtsolo, when a Vorführung is due): TSR 7.3, 8.5, 8.6. Reads only the
public :class:`doko.session.Round` API.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Sequence
from typing import Any

from doko.engine.texts import texts_of
from doko.session.round import Round, _name_list

__all__ = ["format_sheet", "places", "sheet_csv", "sheet_json", "status_lines"]

def status_lines(r: Round, lang: str = "de") -> list[str]:
    """Who deals next, who still owes a Pflichtsolo, when a Vorführung is due, games left."""
    t = texts_of("sheet", lang)
    out: list[str] = []
    if r.out_of_time:
        out.append(t("time_up", k=r.games_to_strike))
    if r.is_over:
        out.append(t("over"))
        return out
    ctx = r.context()
    out.append(t("next", name=r.players[ctx.dealer], pos=ctx.dealer + 1))
    if ctx.sitting_out is not None:
        out.append(t("sits", name=r.players[ctx.sitting_out]))
    if r.pflichtsoli:
        owing = [r.players[i] for i, o in enumerate(r.owes_pflichtsolo) if o]
        out.append(t("owes", names=_name_list(owing)) if owing else t("owes_none"))
    if ctx.vorgefuehrt is not None:
        out.append(t("vorf_now", name=r.players[ctx.vorgefuehrt]))
    else:
        k = r.games_until_vorfuehrung()
        if k is not None:
            out.append(t("vorf_in_1") if k == 1 else t("vorf_in", k=k))
    left = r.games_left
    out.append(t("left_open", n=r.games_played) if left is None else
               t("left_1") if left == 1 else t("left", n=left))
    level = r.bock_level()
    if level:
        out.append(t("bock_next", m=1 << level, k=r.bock_games()))
    return out


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def places(totals: Sequence[int]) -> list[int]:
    """Each player's place by total points, 1 the best; tied players share a place and the next
    place counts them all (1, 1, 3, 4).

    >>> places([7, -3, 7, -11])
    [1, 3, 1, 4]
    """
    return [1 + sum(1 for other in totals if other > mine) for mine in totals]


def format_sheet(r: Round, lang: str = "de") -> str:
    """The Spielliste as a text table: per game the points and running total of each player,
    the dealer, the kind, the column (N Normalspiel, P Pflichtsolo, S/pen penalty), the Bock
    multiplier and the players with positive points (by position)."""
    t = texts_of("sheet", lang)
    head = [t("table", n=r.size),
            t("open") if r.games_total is None else t("games", n=r.games_total),
            f"{t('rules')}: {r.rules.name}"]
    if r.time_limit is not None:
        head.append(t("limit", m=f"{r.time_limit:g}"))
    lines = [f"{t('title')} — " + ", ".join(head)]
    rows = r.rows
    kinds = [row.label(lang) for row in rows]
    kw = max([len(t("kind")), *(len(k) for k in kinds)])
    dw = max([len(t("dealer")), *(len(p) for p in r.players)])
    cw = max(9, *(len(p) for p in r.players))
    header = (f"{t('nr'):>3}  {t('dealer'):<{dw}}  {t('kind'):<{kw}}  {t('column'):<6} "
              f"{t('bock'):<4}" + "".join(f"  {p:>{cw}}" for p in r.players) + f"  {t('plus')}")
    lines.append(header)
    lines.append("-" * len(header))
    for row, kind in zip(rows, kinds, strict=True):
        nr = "" if row.number is None else str(row.number)
        bock = f"×{row.multiplier}" if row.bock else ""
        cells = "".join(f"  {_signed(s):>4} {tot:>{cw - 5}}"
                        for s, tot in zip(row.scores, row.totals, strict=True))
        plus = ",".join(str(p + 1) for p in row.plus)
        lines.append(f"{nr:>3}  {r.players[row.dealer]:<{dw}}  {kind:<{kw}}  "
                     f"{t(row.column):<6} {bock:<4}{cells}  {plus}")
    lines.append("-" * len(header))
    pad = 3 + 2 + dw + 2 + kw + 2 + 6 + 1 + 4
    lines.append(f"{t('sum'):<{pad}}" + "".join(f"  {tot:>{cw}}" for tot in r.totals))
    lines.append("")
    problems = r.check(lang)
    lines.append(t("check_ok") if not problems else t("check_bad"))
    lines += [f"  {p}" for p in problems]
    lines += status_lines(r, lang)
    return "\n".join(line.rstrip() for line in lines)


def sheet_csv(r: Round, lang: str = "de") -> str:
    """The Spielliste as CSV: one line per row, points and running totals per player."""
    t = texts_of("sheet", lang)
    buf = io.StringIO()
    w = csv.writer(buf, lineterminator="\n")
    w.writerow([t("nr"), t("dealer"), t("kind"), t("column"), t("bock"),
                *r.players, *(f"{t('sum')} {p}" for p in r.players), t("plus")])
    for row in r.rows:
        w.writerow(["" if row.number is None else row.number, r.players[row.dealer],
                    row.label(lang), t(row.column), row.multiplier if row.bock else "",
                    *row.scores, *row.totals, " ".join(str(p + 1) for p in row.plus)])
    return buf.getvalue()


def sheet_json(r: Round) -> dict[str, Any]:
    """The Spielliste as JSON: ``players``, ``games`` (game rows), ``penalties`` (penalty rows,
    with ``before_game``), ``rows`` (everything in order), ``totals``, ``next_dealer``,
    ``owes_pflichtsolo``, ``vorfuehrung_due``, ``games_left`` and more."""
    over = r.is_over
    ctx = None if over else r.context()
    games = []
    penalties = []
    for row in r.rows:
        j = row.to_json()
        if row.type == "game":
            games.append(j)
        else:
            penalties.append({**j, "before_game": r.games_before(row) + 1})
    return {
        "format": "doko-sheet/1",
        "players": list(r.players),
        "table": r.size,
        "rules": r.rules.to_json(),
        "games_total": r.games_total,
        "games_played": r.games_played,
        "games_left": r.games_left,
        "time_limit": r.time_limit,
        "time_up": r.out_of_time,
        "struck": r.struck,
        "games": games,
        "penalties": penalties,
        "rows": [row.to_json() for row in r.rows],
        "totals": list(r.totals),
        "next_dealer": None if ctx is None else ctx.dealer,
        "sitting_out": None if ctx is None else ctx.sitting_out,
        "owes_pflichtsolo": list(r.owes_pflichtsolo),
        "vorfuehrung_due": None if ctx is None else ctx.vorgefuehrt,
        "games_until_vorfuehrung": r.games_until_vorfuehrung(),
        "over": over,
        "bock": {"level": r.bock_level(), "multiplier": 1 << r.bock_level(),
                 "pending_games": r.bock_games()},
        "problems": r.check("en"),
    }
