"""Print-outs of a tournament: the seat plan of a Serie, table cards, Spielliste forms
pre-filled with the names in positions 1-4 (TSR 7.3, 8.4.1), and the ranking; as printable HTML
and as PDF (fpdf2, the ``pdf`` extra, imported only when a PDF is made).

Both formats are rendered from one description of the pages (:func:`pages`), so they say the
same. German by default, English with ``lang="en"``.
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from doko.engine.texts import text, texts_of
from doko.tournament.model import Tournament, TournamentError, fmt_num

__all__ = ["KINDS", "Block", "Page", "pages", "to_html", "to_pdf"]

#: What can be printed: the seat plan, table cards, Spielliste forms, the ranking.
KINDS = ("plan", "cards", "sheets", "ranking")

#: A TrueType font with every character of a name (looked for; without one the PDF uses its
#: built-in Helvetica and a character outside Latin-1 becomes "?").
_FONTS = (
    Path("/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"),
    Path("/usr/share/fonts/TTF/DejaVuSans.ttf"),
    Path("/usr/share/fonts/dejavu/DejaVuSans.ttf"),
)


@dataclass
class Block:
    """A table on a page: a heading, column heads, rows, relative column widths; ``tall``:
    rows high enough to write in by hand; ``big``: a large font (table cards)."""

    heading: str
    head: list[str]
    rows: list[list[str]]
    widths: list[float]
    tall: bool = False
    big: bool = False
    note: list[str] = field(default_factory=list)


@dataclass
class Page:
    title: str
    subtitle: str
    blocks: list[Block]


def _header(t: Tournament) -> str:
    parts = [t.name]
    if t.date:
        parts.append(t.date)
    return " · ".join(parts)


def _serie_of(t: Tournament, serie: int | None) -> int:
    s = t.drawn if serie is None else serie
    if not 1 <= s <= t.drawn:
        raise TournamentError("no_serie", serie=s, drawn=t.drawn)
    return s


def _role(position: int, size: int, lang: str) -> str:
    tx = texts_of("tournament.print", lang)
    if position == 1:
        return tx("role_deals")
    if position == size:
        return tx("role_list") if size == 4 else tx("role_list_five")
    return ""


def plan_page(t: Tournament, serie: int, lang: str) -> Page:
    """The seat plan: each table's players in positions, and every player's seat by name."""
    tx = texts_of("tournament.print", lang)
    tables = t.draws[serie - 1]
    width = max(len(tb) for tb in tables)
    rows = [[str(i)] + [t.players[p - 1].name for p in tb] + [""] * (width - len(tb))
            for i, tb in enumerate(tables, start=1)]
    head = [tx("table")] + [tx("position", n=k) for k in range(1, width + 1)]
    by_name = sorted(t.players, key=lambda p: p.name.casefold())
    seats = []
    for p in by_name:
        seat = t.seat_of(serie, p.id)
        if seat is not None:
            seats.append([p.name, str(seat[0]), str(seat[1])])
    warning = t.five_warning(serie, lang)
    blocks = [
        Block(tx("tables"), head, rows, [0.9] + [2.0] * width,
              note=[] if warning is None else [warning]),
        Block(tx("by_name"), [tx("name"), tx("table"), tx("position_short")], seats,
              [3.0, 1.0, 1.0]),
    ]
    return Page(tx("plan_title", serie=serie), _header(t), blocks)


def card_pages(t: Tournament, serie: int, lang: str) -> list[Page]:
    """One card per table: the table's number and its players in positions with their roles."""
    tx = texts_of("tournament.print", lang)
    out = []
    for i, tb in enumerate(t.draws[serie - 1], start=1):
        rows = [[str(k), t.players[p - 1].name, _role(k, len(tb), lang)]
                for k, p in enumerate(tb, start=1)]
        out.append(Page(tx("card_title", serie=serie, table=i), _header(t), [
            Block("", [tx("position_short"), tx("name"), ""], rows, [0.7, 3.3, 3.6],
                  big=True)]))
    return out


def sheet_pages(t: Tournament, serie: int, lang: str) -> list[Page]:
    """A Spielliste form per table: the names in positions, a numbered row per game, and the
    checks of TSR 7.3.3 to make after every game."""
    tx = texts_of("tournament.print", lang)
    out = []
    for i, tb in enumerate(t.draws[serie - 1], start=1):
        size = len(tb)
        names = [f"{k}. {t.players[p - 1].name}" for k, p in enumerate(tb, start=1)]
        games = t.games_at(size)
        rows = [[str(g), "", ""] + [""] * size + [""] for g in range(1, games + 1)]
        rows.append([tx("sum"), "", ""] + [""] * size + [""])
        head = [tx("nr"), tx("dealer"), tx("kind"), *names, tx("plus")]
        note = [tx("sheet_checks"), tx("sheet_time", minutes=t.minutes_at(size)),
                tx("sheet_sign")]
        if size == 5:
            note.insert(0, tx("sheet_five"))
        out.append(Page(tx("sheet_title", serie=serie, table=i), _header(t), [
            Block("", head, rows, [0.5, 1.0, 1.2] + [1.6] * size + [0.8], tall=True,
                  note=note)]))
    return out


def ranking_page(t: Tournament, lang: str, serie: int | None = None) -> Page:
    """The ranking (overall, or of one Serie)."""
    tx = texts_of("tournament.print", lang)
    rows = t.ranking(serie)
    serien = range(1, t.drawn + 1) if serie is None else [serie]
    head = [tx("rank"), tx("name")] + [tx("serie_short", n=s) for s in serien]
    head.append(tx("score_points") if t.scoring == "points" else tx("score_placement"))
    out_rows = []
    for r in rows:
        cells = [tx("disqualified") if r.rank is None else str(r.rank), r.player.name]
        for pts, pl in zip(r.serien, r.placements, strict=True):
            if pts is None:
                cells.append("")
            elif t.scoring == "points":
                cells.append(str(pts))
            else:
                cells.append(f"{fmt_num(pl) if pl is not None else ''} ({pts})")
        cells.append(fmt_num(r.score))
        out_rows.append(cells)
    title = tx("ranking_title") if serie is None else tx("ranking_serie", serie=serie)
    tb = ", ".join(text(f"tournament.tiebreak.{k}", lang) for k in t.tiebreaks) or "—"
    return Page(title, _header(t), [
        Block("", head, out_rows, [0.7, 3.0] + [1.0] * len(serien) + [1.2],
              note=[tx("tiebreaks", list=tb)])])


def pages(t: Tournament, kinds: Sequence[str], serie: int | None = None,
          lang: str = "de") -> list[Page]:
    """The pages of the print-outs ``kinds`` (of :data:`KINDS`) for Serie ``serie`` (default:
    the latest drawn)."""
    out: list[Page] = []
    for kind in kinds:
        if kind == "ranking":
            out.append(ranking_page(t, lang))
            continue
        s = _serie_of(t, serie)
        if kind == "plan":
            out.append(plan_page(t, s, lang))
        elif kind == "cards":
            out += card_pages(t, s, lang)
        elif kind == "sheets":
            out += sheet_pages(t, s, lang)
        else:
            raise TournamentError("bad_print", kind=kind, known=", ".join(KINDS))
    return out


# ------------------------------------------------------------------------------ HTML

_CSS = """
body { font-family: "DejaVu Sans", Arial, sans-serif; margin: 0; color: #000; }
section { padding: 12mm; page-break-after: always; break-after: page; }
section:last-child { page-break-after: auto; break-after: auto; }
h1 { font-size: 18pt; margin: 0 0 2mm; }
.sub { color: #444; margin-bottom: 5mm; }
h2 { font-size: 13pt; margin: 5mm 0 2mm; }
table { border-collapse: collapse; width: 100%; }
th, td { border: 1px solid #000; padding: 1.5mm 2mm; text-align: left; font-size: 11pt; }
th { background: #eee; }
table.tall td { height: 7mm; }
table.big td { font-size: 22pt; padding: 4mm; }
p.note { font-size: 10pt; margin: 2mm 0; }
@media print { @page { size: A4; margin: 0; } }
"""


def to_html(page_list: Sequence[Page], lang: str = "de") -> str:
    """The pages as one printable HTML document (a page break after each)."""
    e = html.escape
    out = [f'<!doctype html><html lang="{e(lang)}"><head><meta charset="utf-8">',
           f"<title>{e(page_list[0].title if page_list else '')}</title>",
           f"<style>{_CSS}</style></head><body>"]
    for page in page_list:
        out.append(f"<section><h1>{e(page.title)}</h1><div class=\"sub\">"
                   f"{e(page.subtitle)}</div>")
        for b in page.blocks:
            if b.heading:
                out.append(f"<h2>{e(b.heading)}</h2>")
            cls = " ".join(c for c, on in (("tall", b.tall), ("big", b.big)) if on)
            total = sum(b.widths)
            out.append(f'<table class="{cls}"><colgroup>' + "".join(
                f'<col style="width:{100 * w / total:.1f}%">' for w in b.widths) +
                "</colgroup><thead><tr>" + "".join(f"<th>{e(h)}</th>" for h in b.head) +
                "</tr></thead><tbody>")
            for row in b.rows:
                out.append("<tr>" + "".join(f"<td>{e(c)}</td>" for c in row) + "</tr>")
            out.append("</tbody></table>")
            for line in b.note:
                out.append(f'<p class="note">{e(line)}</p>')
        out.append("</section>")
    out.append("</body></html>\n")
    return "\n".join(out)


# ------------------------------------------------------------------------------ PDF


class PdfMissing(TournamentError):
    """fpdf2 is not installed."""

    def __init__(self) -> None:
        super().__init__("no_pdf")


def to_pdf(page_list: Sequence[Page]) -> bytes:
    """The pages as a PDF (A4); needs fpdf2 (``pip install 'doko[pdf]'``)."""
    try:
        from fpdf import FPDF
    except ImportError:
        raise PdfMissing() from None
    pdf = FPDF(orientation="P", unit="mm", format="A4")
    pdf.set_auto_page_break(True, margin=12)
    pdf.set_margins(12, 12, 12)
    font = next((f for f in _FONTS if f.exists()), None)
    if font is not None:
        pdf.add_font("body", "", str(font))
        bold = font.with_name("DejaVuSans-Bold.ttf")
        pdf.add_font("body", "B", str(bold if bold.exists() else font))
        family = "body"

        def fit(s: str) -> str:
            return s
    else:  # pragma: no cover - a system without DejaVu
        family = "helvetica"

        def fit(s: str) -> str:
            return s.encode("latin-1", "replace").decode("latin-1")

    usable = 210 - 24
    for page in page_list:
        pdf.add_page()
        pdf.set_font(family, "B", 16)
        pdf.cell(0, 9, fit(page.title), new_x="LMARGIN", new_y="NEXT")
        pdf.set_font(family, "", 10)
        pdf.cell(0, 6, fit(page.subtitle), new_x="LMARGIN", new_y="NEXT")
        pdf.ln(2)
        for b in page.blocks:
            if b.heading:
                pdf.set_font(family, "B", 12)
                pdf.cell(0, 8, fit(b.heading), new_x="LMARGIN", new_y="NEXT")
            size = 18 if b.big else (8 if len(b.widths) > 7 else 10)
            height = 12 if b.big else (6.5 if b.tall else 6)
            total = sum(b.widths)
            widths = [usable * w / total for w in b.widths]

            def row(cells: Sequence[str], bold: bool, fill: bool,
                    widths: list[float] = widths, size: int = size,
                    height: float = height) -> None:
                if pdf.will_page_break(height):
                    pdf.add_page()
                style = "B" if bold else ""
                for w, c in zip(widths, cells, strict=False):
                    s = fit(c)
                    pt = size  # a long text gets a smaller font, down to 6 pt, then is cut
                    pdf.set_font(family, style, pt)
                    while pt > 6 and pdf.get_string_width(s) > w - 2:
                        pt -= 1
                        pdf.set_font(family, style, pt)
                    while s and pdf.get_string_width(s) > w - 2:
                        s = s[:-1]
                    pdf.cell(w, height, s, border=1, fill=fill)
                pdf.ln(height)

            pdf.set_fill_color(235, 235, 235)
            row(b.head, True, True)
            for cells in b.rows:
                row(cells, False, False)
            pdf.set_font(family, "", 9)
            for line in b.note:
                pdf.multi_cell(0, 5, fit(line), new_x="LMARGIN", new_y="NEXT")
            pdf.ln(3)
    return bytes(pdf.output())
