"""Drawing the table with Rich: the four seats around the trick, the hand, the calls, the
score breakdown and the Spielliste. Everything about the game comes from the human's
:class:`~doko.engine.view.SeatView`, so nothing hidden can leak; the screen fits 80x24.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from rich.cells import cell_len
from rich.console import Group, RenderableType
from rich.table import Table
from rich.text import Text

from doko.engine.actions import (
    CLAIM,
    CONCEDE,
    HEALTHY,
    PIG_CODES,
    RESERVATION,
    WITHDRAW,
    call_code_for,
    code_of,
    code_text,
    seat_of,
)
from doko.engine.cards import EYES, SUIT_NAMES_DE, SUIT_NAMES_EN, SUIT_SYMBOLS, card_symbol
from doko.engine.contracts import NORMAL_ORDER, TRUMP, card_order, trick_winner
from doko.engine.rules import DULLE_RULES
from doko.engine.view import SeatView
from doko.engine.vocab import Party, Phase
from doko.tui.texts import call_word, tr

WIDTH = 78
_RED = "red"


@dataclass
class Screen:
    """What the table screen shows besides the seat view."""

    names: Sequence[str]
    lang: str
    header: str
    #: the call hints in words (doko.engine.callhints.hint_lines)
    call_hints: list[str] = field(default_factory=list)
    call_note: str | None = None
    notes: list[str] = field(default_factory=list)
    events: list[str] = field(default_factory=list)
    message: str | None = None
    error: bool = False
    #: the human must play a card: highlight the playable ones
    playing: bool = False
    #: each card's fixed label for the whole card play, in the order of the hand (None: no
    #: labels yet, before the play)
    labels: list[int] | None = None


def card_text(k: int, lang: str, style: str = "") -> Text:
    """A card as ``♣D`` (German) or ``♣Q`` (English), hearts and diamonds red."""
    colour = _RED if k // 6 in (2, 3) else ""
    return Text(card_symbol(k, lang), style=f"{colour} {style}".strip())


def seat_name(screen: Screen, seat: int) -> str:
    return screen.names[seat]


def _answers(v: SeatView) -> dict[int, str]:
    out: dict[int, str] = {}
    for a in v.history:
        code = code_of(a)
        if code in (HEALTHY, RESERVATION):
            out[seat_of(a)] = "healthy" if code == HEALTHY else "reservation"
        elif code == WITHDRAW:  # a Vorbehalt taken back counts as "gesund" (TSR 4.1.2)
            out[seat_of(a)] = "withdrawn"
    return out


#: The colour of each party's name.
_PARTY_STYLE = ("cyan", "green")


def _label(v: SeatView, screen: Screen, seat: int) -> Text:
    lang = screen.lang
    t = Text()
    if v.phase != Phase.FINISHED and v.to_move == seat:
        t.append("▶ ", style="bold yellow")
    t.append(seat_name(screen, seat), style="bold" if seat == v.seat else "")
    if v.phase in (Phase.QUERY, Phase.NAMING):
        ans = _answers(v).get(seat)
        if ans is not None:
            t.append(" · " + tr(lang, ans), style="magenta" if ans == "reservation" else "")
    else:
        party = v.parties[seat]
        if party is not None:
            t.append(" · ")
            t.append(party.label, style=_PARTY_STYLE[party])
        if v.soloist == seat:
            t.append(tr(lang, "solo_mark"))
    n = v.hand_sizes[seat]
    t.append(" · " + (tr(lang, "card1") if n == 1 else tr(lang, "cards", n=n)), style="dim")
    return t


def _shown_trick(v: SeatView) -> tuple[dict[int, int], int | None]:
    """The cards to show in the middle by seat, and the winner if it is a finished trick."""
    if v.trick:
        return {s: k for s, k in v.trick}, None
    if v.tricks:
        leader, cards, winner = v.tricks[-1]
        return {(leader + i) & 3: k for i, k in enumerate(cards)}, winner
    return {}, None


def _centered(t: Text, width: int = WIDTH) -> Text:
    pad = max(0, (width - cell_len(t.plain)) // 2)
    out = Text(" " * pad)
    out.append_text(t)
    return out


def leading_seat(v: SeatView) -> int | None:
    """The seat whose card wins the trick on the table so far (None: no card played), by the
    engine's rule, Dulle house rules included (:func:`doko.engine.contracts.trick_winner`)."""
    if not v.trick or v.order is None:
        return None
    # the last trick: once it is complete no hand has a card left
    last = sum(v.hand_sizes) + len(v.trick) <= 4
    i = trick_winner(card_order(v.order), [k for _, k in v.trick], DULLE_RULES.index(v.rules.dulle),
                     last)
    return v.trick[i][0]


def _table_cross(v: SeatView, screen: Screen) -> list[Text]:
    me = v.seat if v.seat is not None else 0
    left, top, right = (me + 1) & 3, (me + 2) & 3, (me + 3) & 3
    cards, winner = _shown_trick(v)
    lang = screen.lang
    best = leading_seat(v)

    def card(seat: int) -> Text:
        if seat not in cards:
            return Text("  ·", style="dim")
        style = "bold reverse" if seat in (winner, best) else "bold"
        t = card_text(cards[seat], lang, style)
        return Text(" " * (3 - cell_len(t.plain))) + t if cell_len(t.plain) < 3 else t

    # a compass: the top seat's label and card each on a line of their own, the side seats'
    # labels flush with the screen's edges, their cards one line lower, then the own card and
    # label
    c = WIDTH // 2
    rl = _label(v, screen, right)
    return [
        _centered(_label(v, screen, top)),
        _centered(card(top)),
        _place([(0, _label(v, screen, left)), (max(c + 3, WIDTH - cell_len(rl.plain)), rl)]),
        _place([(c - 12, card(left)), (c + 9, card(right))]),
        _centered(card(me)),
        _centered(_label(v, screen, me)),
    ]


def _place(segments: Sequence[tuple[int, Text]]) -> Text:
    """One line with each text starting at its column (or right after the one before)."""
    out = Text()
    for col, t in segments:
        out.append(" " * max(1 if out.plain else 0, col - cell_len(out.plain)))
        out.append_text(t)
    return out


def trick_line(v: SeatView, screen: Screen, total: int) -> Text:
    """``Stich 4 von 12 · Aufspiel Anna`` or, between tricks, who took the last one."""
    lang = screen.lang
    t = Text()
    if v.phase == Phase.QUERY:
        t.append(tr(lang, "query"), style="bold")
        return t
    if v.phase == Phase.NAMING:
        t.append(tr(lang, "naming"), style="bold")
        return t
    if not v.trick and v.tricks:
        _, cards, winner = v.tricks[-1]
        t.append(tr(lang, "trick_to", n=len(v.tricks), name=screen.names[winner],
                     eyes=sum(EYES[k] for k in cards)), style="bold")
        if v.phase == Phase.FINISHED:
            return t
        t.append("   ")
    n = len(v.tricks) + 1
    if n <= total and v.phase == Phase.PLAY:
        t.append(tr(lang, "trick_of", n=n, total=total))
        t.append(" · " + tr(lang, "lead", name=screen.names[v.trick_leader]), style="dim")
    return t


def _calls_lines(v: SeatView, screen: Screen) -> list[Text]:
    lang = screen.lang
    out: list[Text] = []
    if v.phase in (Phase.PLAY, Phase.FINISHED):
        parties = Text(tr(lang, "parties") + ": ", style="bold")
        for s in range(4):
            if s:
                parties.append(" · ")
            p = v.parties[s]
            parties.append(screen.names[s] + " ")
            if p is None:
                parties.append(tr(lang, "unknown"), style="dim")
            else:
                parties.append(p.label, style=_PARTY_STYLE[p])
        out.append(parties)
        calls = Text(tr(lang, "calls_made") + ": ", style="bold")
        if not v.calls:
            calls.append(tr(lang, "calls_none"), style="dim")
        for i, (s, party, level) in enumerate(v.calls):
            if i:
                calls.append(" · ")
            code = call_code_for(level, party == Party.RE)
            calls.append(f"{screen.names[s]} {call_word(code)}", style="bold magenta")
        out.append(calls)
        if v.pigs:  # announced Schweinchen (house rules): the card order changed
            pigs = Text(tr(lang, "pigs_made") + ": ", style="bold")
            for i, s in enumerate(v.pigs):
                if i:
                    pigs.append(" · ")
                pigs.append(f"{screen.names[s]} {code_text(PIG_CODES[i], lang)}",
                            style="bold magenta")
            out.append(pigs)
    for line in screen.call_hints:
        out.append(Text(line, style="magenta"))
    if screen.call_note:
        out.append(Text(screen.call_note, style="dim"))
    legal_codes = {code_of(a) for a in v.legal_actions}
    if CONCEDE in legal_codes and v.phase == Phase.PLAY:
        note = tr(lang, "soloist_may_claim" if CLAIM in legal_codes else "soloist_may")
        out.append(Text(note, style="dim"))
    return out


def _group_names(groups: Sequence[tuple[int, list[tuple[int, int]]]], v: SeatView,
                 lang: str, cell: int) -> list[tuple[str, str]]:
    """The heading and its style of each group of the hand, all in one form: the suits with
    symbol and name ("♣ Kreuz") where every group fits the line so, else all as symbols
    ("♣"); the trumps as "Trumpf" (before the game kind is known "Trumpf (Normalspiel)")."""
    names = SUIT_NAMES_DE if lang == "de" else SUIT_NAMES_EN
    forms = []
    for full in (True, False):
        out = []
        for suit, _ in groups:
            if suit == TRUMP:
                name = tr(lang, "trump_normal" if full and v.order is None else "trump")
                out.append((name, "bold yellow"))
            else:
                name = SUIT_SYMBOLS[suit] + (" " + names[suit] if full else "")
                out.append((name, _RED if suit in (2, 3) else "bold"))
        forms.append(out)
        width = sum(max(cell * len(m), cell_len(n) + 1) for (n, _), (_, m) in zip(
            out, groups, strict=True)) + 2 * (len(groups) - 1) + 1
        if width <= WIDTH:
            return out
    return forms[-1]


def hand_lines(v: SeatView, screen: Screen) -> list[Text]:
    """Three lines: the groups (trumps, then each plain suit), the labels, the cards.

    Each card keeps its label (``screen.labels``) for the whole card play, so a number typed
    always means the same card. While the human must play, the playable cards' labels are bold;
    the others are dim (their label still works and gets the rule that forbids it)."""
    lang = screen.lang
    order = card_order(v.order if v.order is not None else NORMAL_ORDER)
    legal = {c for c in map(code_of, v.legal_actions) if c < 24}
    labels = screen.labels
    groups: list[tuple[int, list[tuple[int, int]]]] = []
    for i, k in enumerate(v.hand):
        suit = order.eff_suit[k]
        if not groups or groups[-1][0] != suit:
            groups.append((suit, []))
        groups[-1][1].append((labels[i] if labels is not None else 0, k))
    head, nums, cards = Text(" "), Text(" "), Text(" ")
    cell = 5
    for gi, ((_, members), (name, style)) in enumerate(zip(
            groups, _group_names(groups, v, lang, cell), strict=True)):
        if gi:
            for t in (head, nums, cards):
                t.append("  ")
        width = max(cell * len(members), cell_len(name) + 1)
        head.append(name, style=style)
        head.append("─" * (width - cell_len(name) - 1) + " ", style="dim")
        for label, k in members:
            playable = screen.playing and k in legal
            shown = f"{label:>3}  " if label else " " * cell
            nums.append(shown, style="bold green" if playable else
                        ("dim" if screen.playing else ""))
            sym = card_text(k, lang, "bold" if playable else ("dim" if screen.playing else ""))
            cards.append(" " * (4 - cell_len(sym.plain)))
            cards.append_text(sym)
            cards.append(" ")
        extra = width - cell * len(members)
        nums.append(" " * extra)
        cards.append(" " * extra)
    return [head, nums, cards]


def table_screen(v: SeatView, screen: Screen, total_tricks: int) -> RenderableType:
    """The whole table: header, the seats around the trick, parties and calls, the hand,
    recent events and the last message."""
    parts: list[RenderableType] = []
    parts.append(Text(screen.header, style="bold"))
    parts.extend(_table_cross(v, screen))
    parts.append(trick_line(v, screen, total_tricks))
    calls = _calls_lines(v, screen)
    if calls:
        parts.append(Text(""))
        parts.extend(calls)
    for note in screen.notes:
        parts.append(Text(note, style="yellow"))
    if v.hand:
        parts.append(Text(""))
        parts.extend(hand_lines(v, screen))
    if screen.events:
        parts.append(Text(""))
        for e in screen.events:
            parts.append(Text(e, style="dim"))
    if screen.message:
        parts.append(Text(screen.message, style="bold red" if screen.error else "bold"))
    return Group(*parts)


def trick_text(leader: int, cards: Sequence[int], names: Sequence[str], lang: str) -> Text:
    """``Anna ♠A, Bert ♠10, ...``"""
    t = Text()
    for i, k in enumerate(cards):
        if i:
            t.append(", ")
        t.append(names[(leader + i) & 3] + " ")
        t.append_text(card_text(k, lang))
    return t


# ------------------------------------------------------------------------------ score sheet


@dataclass
class SheetRow:
    """One line of the Spielliste as shown: number, dealer, kind, per-seat points and totals."""

    number: int | None
    dealer: str
    kind: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]


def _signed(n: int) -> str:
    return f"{n:+d}" if n else "0"


def sheet_table(rows: Sequence[SheetRow], players: Sequence[str], lang: str,
                limit: int | None = None) -> RenderableType:
    """The Spielliste: per game the points and (in brackets) the running total of each
    player; with ``limit`` only the last ``limit`` games."""
    table = Table(title=tr(lang, "sheet_title"), title_justify="left", title_style="bold",
                  box=None, padding=(0, 1), show_footer=True, header_style="bold")
    table.add_column(tr(lang, "sheet_nr"), justify="right", footer="")
    table.add_column(tr(lang, "sheet_dealer"), footer="")
    table.add_column(tr(lang, "sheet_kind"), footer=tr(lang, "sheet_sum"), max_width=24)
    totals = rows[-1].totals if rows else (0,) * len(players)
    for i, p in enumerate(players):
        table.add_column(p, justify="right", footer=Text(_signed(totals[i]), style="bold"))
    shown = list(rows)
    if limit is not None and len(shown) > limit:
        table.add_row("", "", Text(tr(lang, "sheet_more", n=len(shown) - limit), style="dim"),
                      *([""] * len(players)))
        shown = shown[-limit:]
    for r in shown:
        cells = [Text(f"{_signed(s):>3} ", style="bold" if s > 0 else "")
                 + Text(f"({_signed(t)})", style="dim")
                 for s, t in zip(r.scores, r.totals, strict=True)]
        table.add_row("" if r.number is None else str(r.number), r.dealer, r.kind, *cells)
    return table
