"""A Doppelkopf tournament (TSR 8): settings, players, Serien and their draws, table results,
penalties (TSR 9.7.2) and corrections, kept as a list of entries like a round file. See
``docs/tournament.md``.

Every change is an entry (``player``, ``withdraw``, ``draw``, ``result``, ``penalty``,
``cancel``) with the time it was made; the state is what the entries make, so the entries are the
audit trail: a corrected table result is a second ``result`` entry for the same table with its
reason, the earlier one stays in the file. :meth:`Tournament.load` replays every entry with the
same checks as when it was made. A tournament bound to a file writes every change before the
call returns (atomically, :func:`doko.session.files.write_atomic`); a refused change leaves the
tournament and the file unchanged.

>>> t = Tournament("Vereinsturnier", serien=2, seed=5)
>>> for name in ["Anna", "Bert", "Carl", "Dora", "Emil", "Finn", "Gabi", "Hans"]:
...     _ = t.add_player(name)
>>> serie = t.draw()
>>> [len(table) for table in serie]
[4, 4]
>>> t.add_result(1, 1, totals=[30, -10, -10, -10])
>>> t.add_result(1, 2, totals=[5, 5, -5, -5])
>>> [row.points for row in t.ranking()][:2]
[30, 5]
"""

from __future__ import annotations

import copy
import json
import math
import os
import secrets
import time
import unicodedata
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from fractions import Fraction
from pathlib import Path
from typing import Any, TypeGuard

from doko.engine.errors import DokoError
from doko.engine.rules import PRESETS
from doko.engine.texts import text
from doko.session.files import read_json_file, write_atomic
from doko.session.round import TSR_MINUTES, Round, RoundError
from doko.tournament.draw import DrawError, draw_serie, table_sizes

__all__ = [
    "FORMAT",
    "PLACEMENT_POINTS",
    "SCORINGS",
    "TIEBREAKS",
    "Player",
    "RankRow",
    "Tournament",
    "TournamentError",
    "TournamentFileError",
]

FORMAT = "doko-tournament/1"
#: How a Serie counts: its points (the usual practice), or table-placement points.
SCORINGS = ("points", "placement")
#: Table-placement points by place at a 4-table and at a 5-table; tied players share the average
#: of the places they take.
PLACEMENT_POINTS = {4: (3, 1, -1, -3), 5: (4, 2, 0, -2, -4)}
#: The tie-breaks, in the order the organiser lists them (docs/tournament.md):
#: ``points`` the total points, ``placement`` the total placement points, ``best_serie`` the
#: best single Serie, ``table_wins`` Serien finished first at the table, ``last_serie`` the
#: latest Serie played, ``fewer_penalties`` fewer penalty points (TSR 9.7.2 b).
TIEBREAKS = ("points", "placement", "best_serie", "table_wins", "last_serie", "fewer_penalties")
DEFAULT_TIEBREAKS = ("best_serie", "table_wins")
#: Penalties a tournament gives a player (TSR 9.7.2): a warning, a deduction of points without
#: a credit for the others (at most 12), the disqualification.
PENALTY_KINDS = ("warning", "deduction", "disqualification")
MAX_DEDUCTION = 12
NAME_MAX = 40
TEXT_MAX = 200
MAX_PLAYERS = 400
MAX_SERIEN = 20
#: The largest table total accepted (a Serie of 24 games stays far below).
MAX_TOTAL = 100_000
#: The sources of a table result: totals entered, a round file, a table played on the server.
SOURCES = ("totals", "round", "online")


class TournamentError(DokoError):
    """A change the tournament refuses (nothing changed), in English (``str``) and German
    (:meth:`text`); ``key`` is the catalogue's ``tournament.error.<key>``. A parameter
    ``<name>_de`` replaces ``<name>`` in the German text (a nested message in German); ``what``
    names a field by the catalogue's ``tournament.what.<what>``."""

    def __init__(self, key: str, **params: object) -> None:
        self.key = key
        self.params = params
        en = {k: v for k, v in params.items() if not k.endswith("_de")}
        de = dict(en)
        de.update({k[:-3]: v for k, v in params.items() if k.endswith("_de")})
        if "what" in params:
            en["what"] = text(f"tournament.what.{params['what']}", "en")
            de["what"] = text(f"tournament.what.{params['what']}", "de")
        self.en = text("tournament.error." + key, "en", **en)
        self.de = text("tournament.error." + key, "de", **de)
        super().__init__(self.en)

    def text(self, lang: str = "en") -> str:
        return self.de if lang == "de" else self.en


class TournamentFileError(TournamentError):
    """A tournament file that cannot be read or whose entries do not replay."""


class _ReadError(TournamentFileError):
    """A tournament file that cannot be read at all (``read_json_file``'s words)."""

    def __init__(self, en: str, de: str | None = None) -> None:
        super().__init__("nested", why=en, why_de=en if de is None else de)


def _german(e: Exception) -> str:
    fn = getattr(e, "text", None)
    return str(fn("de")) if callable(fn) else str(e)


def _refuse(e: Exception) -> TournamentError:
    """A nested refusal (a draw, a round) as a tournament error in both languages."""
    return TournamentError("nested", why=str(e), why_de=_german(e))


def clean_name(value: object, what: str = "name", limit: int = NAME_MAX) -> str:
    """A name or short text trimmed and NFC-normalised; refused if empty, too long or with a
    control character."""
    if not isinstance(value, str):
        raise TournamentError("bad_text", what=what)
    out = unicodedata.normalize("NFC", value.strip())
    if not out:
        raise TournamentError("empty_text", what=what)
    if len(out) > limit:
        raise TournamentError("long_text", what=what, n=limit)
    if any(unicodedata.category(ch) in ("Cc", "Cs", "Co", "Cn", "Zl", "Zp") for ch in out):
        raise TournamentError("control_text", what=what)
    return out


def _is_int(v: object) -> TypeGuard[int]:
    return isinstance(v, int) and not isinstance(v, bool)


@dataclass
class Player:
    """A registered player: ``id`` (1, 2, ... in the order of registration), ``name``,
    ``joined`` (the first Serie he can be drawn for: 1, or later for a late entry),
    ``withdrawn`` (after how many drawn Serien he left, or None) and ``disqualified``."""

    id: int
    name: str
    joined: int = 1
    withdrawn: int | None = None
    disqualified: bool = False

    @property
    def active(self) -> bool:
        return self.withdrawn is None and not self.disqualified

    def to_json(self) -> dict[str, Any]:
        return {"id": self.id, "name": self.name, "joined": self.joined,
                "withdrawn": self.withdrawn, "disqualified": self.disqualified,
                "active": self.active}


@dataclass
class Result:
    """A table's result: per position the Serie's points, where they came from and, for a
    Spielliste, the round (``doko-round/1``)."""

    serie: int
    table: int
    totals: list[int]
    source: str
    round: dict[str, Any] | None = None
    corrected: int = 0


@dataclass
class Penalty:
    index: int
    player: int
    serie: int
    kind: str
    points: int
    reason: str
    cancelled: bool = False


@dataclass
class RankRow:
    """One line of a ranking: ``rank`` (shared by players still tied after the tie-breaks;
    None for a disqualified player), the score (``points`` or ``placement``, by the
    tournament's scoring), per Serie the points (None: not reported or not drawn), and the
    tie-break values."""

    rank: int | None
    player: Player
    score: Fraction
    points: int
    placement: Fraction
    serien: list[int | None]
    placements: list[Fraction | None]
    deductions: int
    table_wins: int
    tables: int
    keys: dict[str, float] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        return {"rank": self.rank, "player": self.player.id, "name": self.player.name,
                "score": _num(self.score), "points": self.points,
                "placement": _num(self.placement), "serien": self.serien,
                "placements": [None if p is None else _num(p) for p in self.placements],
                "deductions": self.deductions, "table_wins": self.table_wins,
                "tables": self.tables, "withdrawn": self.player.withdrawn is not None,
                "disqualified": self.player.disqualified}


def _num(x: Fraction) -> int | float:
    return int(x) if x.denominator == 1 else float(x)


def fmt_num(x: Fraction | int) -> str:
    """A score as text: an integer, or with one decimal (placement points can be halves)."""
    if isinstance(x, int) or x.denominator == 1:
        return str(int(x))
    return f"{float(x):.2f}".rstrip("0")


def placement_points(points: Sequence[int]) -> list[Fraction]:
    """Placement points of a table's players from their Serie points: +3/+1/-1/-3 at a 4-table,
    +4/+2/0/-2/-4 at a 5-table; tied players share the average of their places.

    >>> [str(x) for x in placement_points([10, 10, -5, -15])]
    ['2', '2', '-1', '-3']
    """
    scale = PLACEMENT_POINTS[len(points)]
    order = sorted(range(len(points)), key=lambda i: -points[i])
    out = [Fraction(0)] * len(points)
    i = 0
    while i < len(order):
        j = i
        while j + 1 < len(order) and points[order[j + 1]] == points[order[i]]:
            j += 1
        share = Fraction(sum(scale[i:j + 1]), j - i + 1)
        for k in range(i, j + 1):
            out[order[k]] = share
        i = j + 1
    return out


def check_totals(totals: Sequence[int], odd_ok: bool = False) -> None:
    """TSR 7.3.3 on a table's totals: they sum to 0, and at a 4-table they are all even or all
    odd (every game keeps them so) unless the sheet has penalty points in a solo in favour of
    the soloist (item 2, ``odd_ok``); at a 5-table the even/odd rule does not apply (10.1.3)."""
    if len(totals) not in (4, 5) or not all(_is_int(x) for x in totals):
        raise TournamentError("bad_totals", n=len(totals))
    if any(abs(x) > MAX_TOTAL for x in totals):
        raise TournamentError("total_too_large", n=MAX_TOTAL)
    s = sum(totals)
    if s != 0:
        raise TournamentError("sum_not_zero", total=s, totals=list(totals))
    if len(totals) == 4 and not odd_ok and len({x % 2 for x in totals}) > 1:
        raise TournamentError("parity", totals=list(totals))


class Tournament:
    """A tournament: settings, players, Serien, results, penalties; every change checked and
    (when bound to a file) written before it returns."""

    def __init__(
        self,
        name: str,
        *,
        date: str = "",
        rules: str = "tsr",
        serien: int = 3,
        games: int | None = None,
        minutes: int | None = None,
        scoring: str = "points",
        tiebreaks: Sequence[str] = DEFAULT_TIEBREAKS,
        five_tables: bool = False,
        seat_by_ranking: bool = False,
        seed: int | None = None,
        created_at: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        self.name = clean_name(name, "name", 80)
        self.date = "" if not date else clean_name(date, "date", 40)
        if rules not in PRESETS:
            raise TournamentError("bad_rules", rules=rules, known=", ".join(sorted(PRESETS)))
        self.rules = rules
        if not _is_int(serien) or not 1 <= serien <= MAX_SERIEN:
            raise TournamentError("bad_serien", n=MAX_SERIEN)
        self.serien = serien
        if games is not None and (not _is_int(games) or not 1 <= games <= 200):
            raise TournamentError("bad_games")
        self.games = games
        if minutes is not None and (not _is_int(minutes) or not 1 <= minutes <= 1000):
            raise TournamentError("bad_minutes")
        self.minutes = minutes
        if scoring not in SCORINGS:
            raise TournamentError("bad_scoring", known=", ".join(SCORINGS))
        self.scoring = scoring
        tb = list(tiebreaks)
        for k in tb:
            if k not in TIEBREAKS:
                raise TournamentError("bad_tiebreak", name=k, known=", ".join(TIEBREAKS))
        if len(set(tb)) != len(tb):
            raise TournamentError("tiebreak_twice")
        self.tiebreaks = tb
        self.five_tables = bool(five_tables)
        self.seat_by_ranking = bool(seat_by_ranking)
        if seed is None:
            seed = secrets.randbelow(10**9)
        if not _is_int(seed) or not 0 <= seed < 2**62:
            raise TournamentError("bad_seed")
        self.seed = seed
        self.clock = clock
        self.created_at = clock() if created_at is None else created_at
        self.path: Path | None = None
        self.players: list[Player] = []
        self.draws: list[list[list[int]]] = []
        self.plans: list[list[list[list[int]]]] = []
        self.results: dict[tuple[int, int], Result] = {}
        self.penalties: list[Penalty] = []
        self.entries: list[dict[str, Any]] = []
        #: the version: how many entries; the live ranking page waits for it to grow
        self.version = 0

    # ------------------------------------------------------------------ settings

    def settings(self) -> dict[str, Any]:
        return {"name": self.name, "date": self.date, "rules": self.rules,
                "serien": self.serien, "games": self.games, "minutes": self.minutes,
                "scoring": self.scoring, "tiebreaks": list(self.tiebreaks),
                "five_tables": self.five_tables, "seat_by_ranking": self.seat_by_ranking,
                "seed": self.seed, "created_at": self.created_at}

    def games_at(self, size: int) -> int:
        """Games of a Serie at a table of ``size``: the setting, or 24 (TSR 8.5.1) / 30 at a
        5-table (10.1.5)."""
        if self.games is not None:
            return self.games
        return 24 if size == 4 else 30

    def minutes_at(self, size: int) -> int:
        if self.minutes is not None:
            return self.minutes
        return TSR_MINUTES[size]

    # ------------------------------------------------------------------ queries

    @property
    def drawn(self) -> int:
        """How many Serien are drawn."""
        return len(self.draws)

    def player(self, who: int | str) -> Player:
        """A player by id (1, 2, ...) or by name (case-insensitive)."""
        if isinstance(who, str):
            s = who.strip()
            if s.isdigit():
                who = int(s)
            else:
                for p in self.players:
                    if p.name.casefold() == s.casefold():
                        return p
                raise TournamentError("no_player", who=who)
        if _is_int(who) and 1 <= who <= len(self.players):
            return self.players[who - 1]
        raise TournamentError("no_player", who=who)

    def active_players(self) -> list[Player]:
        return [p for p in self.players if p.active]

    def table_players(self, serie: int, table: int) -> list[Player]:
        self._check_table(serie, table)
        return [self.players[i - 1] for i in self.draws[serie - 1][table - 1]]

    def _check_table(self, serie: int, table: int) -> None:
        if not _is_int(serie) or not 1 <= serie <= self.drawn:
            raise TournamentError("no_serie", serie=serie, drawn=self.drawn)
        if not _is_int(table) or not 1 <= table <= len(self.draws[serie - 1]):
            raise TournamentError("no_table", serie=serie, table=table,
                                  tables=len(self.draws[serie - 1]))

    def five_warning(self, serie: int, lang: str = "de") -> str | None:
        """The warning for a Serie with 5-tables (TSR 8.3.1 allows only 4-tables), or None."""
        fives = sum(1 for table in self.draws[serie - 1] if len(table) == 5)
        return text("tournament.warn_five", lang, n=fives) if fives else None

    def reported(self, serie: int) -> int:
        """How many tables of Serie ``serie`` have a result."""
        return sum(1 for (s, _t) in self.results if s == serie)

    def is_complete(self, serie: int) -> bool:
        return 1 <= serie <= self.drawn and self.reported(serie) == len(self.draws[serie - 1])

    @property
    def is_over(self) -> bool:
        return self.drawn == self.serien and all(
            self.is_complete(s) for s in range(1, self.serien + 1))

    def seat_of(self, serie: int, player: int) -> tuple[int, int] | None:
        """(table, position), both 1-based, of a player in a Serie, or None."""
        for t, table in enumerate(self.draws[serie - 1]):
            if player in table:
                return t + 1, table.index(player) + 1
        return None

    # ------------------------------------------------------------------ changes

    def add_player(self, name: str) -> Player:
        """Register a player; after a draw this is a late entry (drawn from the next Serie)."""
        entry = {"type": "player", "name": name}
        self._commit(entry)
        return self.players[-1]

    def withdraw(self, who: int | str, reason: str = "") -> Player:
        """A player leaves: not drawn again; his results so far stay in the ranking."""
        p = self.player(who)
        self._commit({"type": "withdraw", "player": p.id, "reason": reason})
        return p

    def draw(self, redraw: bool = False) -> list[list[int]]:
        """Draw the next Serie (``redraw``: draw the latest Serie again, allowed while none of
        its tables has reported). Returns the tables (player ids in positions)."""
        serie = self.drawn if redraw else self.drawn + 1
        entry: dict[str, Any] = {"type": "draw", "serie": serie}
        if redraw:
            entry["redraw"] = True
        self._commit(entry)
        return self.draws[-1]

    def add_result(self, serie: int, table: int, *, totals: Sequence[int] | None = None,
                   round_json: Mapping[str, Any] | None = None, odd_ok: bool = False,
                   reason: str = "", source: str | None = None) -> None:
        """A table's result: ``totals`` per position (checked by TSR 7.3.3), or the table's
        Spielliste as a round (``doko-round/1``; every entry re-checked, the round must be over
        and its players the table's). A second result for a table is a correction and needs a
        ``reason``."""
        entry: dict[str, Any] = {"type": "result", "serie": serie, "table": table}
        if round_json is not None:
            entry["round"] = dict(round_json)
        else:
            entry["totals"] = None if totals is None else list(totals)
        if odd_ok:
            entry["odd_ok"] = True
        if reason:
            entry["reason"] = reason
        if source is not None:
            entry["source"] = source
        self._commit(entry)

    def add_penalty(self, who: int | str, kind: str, *, points: int = 0,
                    serie: int | None = None, reason: str = "") -> Penalty:
        """A penalty of TSR 9.7.2: ``warning``, ``deduction`` (1..12 points off, no credit for
        the others) or ``disqualification``; ``serie`` defaults to the latest drawn."""
        p = self.player(who)
        entry = {"type": "penalty", "player": p.id, "kind": kind, "points": points,
                 "serie": self.drawn if serie is None else serie, "reason": reason}
        self._commit(entry)
        return self.penalties[-1]

    def cancel_penalty(self, number: int, reason: str) -> None:
        """Take back penalty number ``number`` (1-based, in the order given); needs a reason."""
        self._commit({"type": "cancel", "penalty": number, "reason": reason})

    # ------------------------------------------------------------------ applying entries

    def _commit(self, entry: dict[str, Any]) -> None:
        entry = {**entry, "at": self.clock()}
        snapshot = self._snapshot()
        try:
            self._apply(entry)
            self.entries.append(entry)
            self.version = len(self.entries)
            if self.path is not None:
                write_atomic(self.path, self.dumps())
        except BaseException:
            self._restore(snapshot)
            raise

    def _snapshot(self) -> tuple[Any, ...]:
        return (copy.deepcopy(self.players), [copy.deepcopy(d) for d in self.draws],
                list(self.plans), dict(self.results),
                copy.deepcopy(self.penalties), list(self.entries), self.version)

    def _restore(self, snap: tuple[Any, ...]) -> None:
        (self.players, self.draws, self.plans, self.results, self.penalties,
         self.entries, self.version) = snap

    def _apply(self, entry: dict[str, Any]) -> None:
        kind = entry.get("type")
        handler = {"player": self._apply_player, "withdraw": self._apply_withdraw,
                   "draw": self._apply_draw, "result": self._apply_result,
                   "penalty": self._apply_penalty, "cancel": self._apply_cancel}.get(
                       kind if isinstance(kind, str) else "")
        if handler is None:
            raise TournamentError("bad_entry_type", type=kind)
        handler(entry)

    def _apply_player(self, entry: dict[str, Any]) -> None:
        name = clean_name(entry.get("name"))
        entry["name"] = name
        if any(p.name.casefold() == name.casefold() for p in self.players):
            raise TournamentError("name_taken", name=name)
        if len(self.players) >= MAX_PLAYERS:
            raise TournamentError("too_many_players", n=MAX_PLAYERS)
        if self.drawn >= self.serien:
            raise TournamentError("all_drawn")
        self.players.append(Player(len(self.players) + 1, name, joined=self.drawn + 1))

    def _apply_withdraw(self, entry: dict[str, Any]) -> None:
        p = self.player(entry.get("player"))  # type: ignore[arg-type]
        if not p.active:
            raise TournamentError("not_active", name=p.name)
        entry["reason"] = self._reason(entry, required=False)
        p.withdrawn = self.drawn

    def _reason(self, entry: Mapping[str, Any], required: bool) -> str:
        r = entry.get("reason", "")
        if r in ("", None):
            if required:
                raise TournamentError("reason_required")
            return ""
        return clean_name(r, "reason", TEXT_MAX)

    def _apply_draw(self, entry: dict[str, Any]) -> None:
        serie = entry.get("serie")
        redraw = entry.get("redraw", False) is True
        if redraw:
            if serie != self.drawn or self.drawn == 0:
                raise TournamentError("redraw_latest", drawn=self.drawn)
            if self.reported(self.drawn):
                raise TournamentError("redraw_reported", serie=self.drawn)
        elif serie != self.drawn + 1:
            raise TournamentError("draw_order", serie=serie, next=self.drawn + 1)
        if not _is_int(serie) or serie > self.serien:
            raise TournamentError("draw_over", serien=self.serien)
        history = self.draws[:serie - 1]
        ranking: list[int] | None = None
        if self.seat_by_ranking and serie > 1:
            if not all(self.is_complete(s) for s in range(1, serie)):
                raise TournamentError("ranking_incomplete", serie=serie - 1)
            ranking = [row.player.id for row in self.ranking()]
        active = [p.id for p in self.active_players() if p.joined <= serie]
        plan = self.plans[serie - 2] if serie >= 2 and len(self.plans) >= serie - 1 else None
        stored = entry.get("tables")
        if stored is not None:
            tables = self._check_stored_tables(stored, active)
            later = entry.get("plan")
            later = later if isinstance(later, list) else []
        else:
            try:
                tables, later = draw_serie(active, serie, self.serien, self.seed,
                                           history=history, ranking=ranking, plan=plan,
                                           five_tables=self.five_tables)
            except DrawError as e:
                raise _refuse(e) from None
            entry["tables"] = tables
            entry["plan"] = later
        if redraw:
            self.draws[-1] = tables
            self.plans[-1] = later
        else:
            self.draws.append(tables)
            self.plans.append(later)

    def _check_stored_tables(self, stored: object, active: list[int]) -> list[list[int]]:
        """A draw read from the file: every active player once, the table sizes right."""
        if not isinstance(stored, list) or not all(
                isinstance(t, list) and all(_is_int(p) for p in t) for t in stored):
            raise TournamentError("bad_draw")
        seen = sorted(p for t in stored for p in t)
        try:
            sizes = table_sizes(len(active), self.five_tables)
        except DrawError as e:
            raise _refuse(e) from None
        if seen != sorted(active) or sorted((len(t) for t in stored), reverse=True) != sizes:
            raise TournamentError("bad_draw")
        return [list(t) for t in stored]

    def _apply_result(self, entry: dict[str, Any]) -> None:
        serie, table = entry.get("serie"), entry.get("table")
        self._check_table(serie, table)  # type: ignore[arg-type]
        assert isinstance(serie, int) and isinstance(table, int)
        names = [p.name for p in self.table_players(serie, table)]
        previous = self.results.get((serie, table))
        odd_ok = entry.get("odd_ok", False)
        if not isinstance(odd_ok, bool):
            raise TournamentError("bad_entry_field", field="odd_ok")
        round_obj = entry.get("round")
        if round_obj is not None:
            try:
                r = Round.from_json(round_obj)
            except RoundError as e:
                raise _refuse(e) from None
            if list(r.players) != names:
                raise TournamentError("round_players", names=", ".join(names),
                                      got=", ".join(r.players))
            problems = r.check("en")
            if problems:
                raise TournamentError("round_problems", why="; ".join(problems))
            if not r.is_over:
                raise TournamentError("round_not_over", left=r.games_left)
            totals = list(r.totals)
            source = entry.get("source", "round")
            if source not in ("round", "online"):
                raise TournamentError("bad_entry_field", field="source")
        else:
            raw = entry.get("totals")
            if not isinstance(raw, list):
                raise TournamentError("bad_totals", n=len(names))
            totals = raw
            source = entry.get("source", "totals")
            if source not in SOURCES:
                raise TournamentError("bad_entry_field", field="source")
        if len(totals) != len(names):
            raise TournamentError("bad_totals", n=len(names))
        check_totals(totals, odd_ok=odd_ok)
        reason = self._reason(entry, required=previous is not None)
        if reason:
            entry["reason"] = reason
        self.results[serie, table] = Result(
            serie, table, list(totals), source,
            round=None if round_obj is None else dict(round_obj),
            corrected=0 if previous is None else previous.corrected + 1)

    def _apply_penalty(self, entry: dict[str, Any]) -> None:
        p = self.player(entry.get("player"))  # type: ignore[arg-type]
        kind = entry.get("kind")
        if kind not in PENALTY_KINDS:
            raise TournamentError("bad_penalty_kind", known=", ".join(PENALTY_KINDS))
        points = entry.get("points", 0)
        if kind == "deduction":
            if not _is_int(points) or not 1 <= points <= MAX_DEDUCTION:
                raise TournamentError("bad_deduction", n=MAX_DEDUCTION)
        elif points != 0:
            raise TournamentError("points_only_deduction")
        serie = entry.get("serie")
        if not _is_int(serie) or not 1 <= serie <= max(1, self.drawn):
            raise TournamentError("no_serie", serie=serie, drawn=self.drawn)
        reason = self._reason(entry, required=True)
        entry["reason"] = reason
        if kind == "disqualification":
            if p.disqualified:
                raise TournamentError("not_active", name=p.name)
            p.disqualified = True
        self.penalties.append(Penalty(len(self.penalties) + 1, p.id, serie, kind, points,
                                      reason))

    def _apply_cancel(self, entry: dict[str, Any]) -> None:
        number = entry.get("penalty")
        if not _is_int(number) or not 1 <= number <= len(self.penalties):
            raise TournamentError("no_penalty", n=number)
        pen = self.penalties[number - 1]
        if pen.cancelled:
            raise TournamentError("no_penalty", n=number)
        entry["reason"] = self._reason(entry, required=True)
        pen.cancelled = True
        if pen.kind == "disqualification":
            self.players[pen.player - 1].disqualified = False

    # ------------------------------------------------------------------ scoring

    def serie_points(self, serie: int) -> dict[int, int]:
        """Each player's points in Serie ``serie`` (reported tables only), penalty deductions
        (TSR 9.7.2 b) already taken off."""
        out: dict[int, int] = {}
        for (s, t), res in self.results.items():
            if s != serie:
                continue
            for pid, pts in zip(self.draws[s - 1][t - 1], res.totals, strict=True):
                out[pid] = pts
        for pen in self.penalties:
            if pen.serie == serie and not pen.cancelled and pen.kind == "deduction" \
                    and pen.player in out:
                out[pen.player] -= pen.points
        return out

    def _deductions_unplaced(self) -> dict[int, int]:
        """Deductions in Serien the player has no reported result for: taken off the total."""
        out: dict[int, int] = {}
        for pen in self.penalties:
            if pen.cancelled or pen.kind != "deduction":
                continue
            seat = self.seat_of(pen.serie, pen.player) if pen.serie <= self.drawn else None
            if seat is None or (pen.serie, seat[0]) not in self.results:
                out[pen.player] = out.get(pen.player, 0) + pen.points
        return out

    def ranking(self, serie: int | None = None) -> list[RankRow]:
        """The ranking over all reported tables (``serie``: of that Serie alone), by the
        tournament's scoring and then its tie-breaks; players still tied share the rank;
        disqualified players last without a rank."""
        serien = range(1, self.drawn + 1) if serie is None else [serie]
        if serie is not None and not 1 <= serie <= self.drawn:
            raise TournamentError("no_serie", serie=serie, drawn=self.drawn)
        points = {s: self.serie_points(s) for s in serien}
        places: dict[int, dict[int, Fraction]] = {s: {} for s in serien}
        wins: dict[int, int] = {}
        for s in serien:
            for t, table in enumerate(self.draws[s - 1]):
                if (s, t + 1) not in self.results:
                    continue
                pts = [points[s][p] for p in table]
                for pid, pl in zip(table, placement_points(pts), strict=True):
                    places[s][pid] = pl
                top = max(pts)
                for pid, x in zip(table, pts, strict=True):
                    if x == top:
                        wins[pid] = wins.get(pid, 0) + 1
        extra = self._deductions_unplaced() if serie is None else {}
        rows = []
        for p in self.players:
            if serie is not None and self.seat_of(serie, p.id) is None:
                continue
            per = [points[s].get(p.id) for s in serien]
            per_pl = [places[s].get(p.id) for s in serien]
            total = sum(x for x in per if x is not None) - extra.get(p.id, 0)
            pl_total = sum((x for x in per_pl if x is not None), Fraction(0))
            deductions = sum(pen.points for pen in self.penalties
                             if pen.player == p.id and not pen.cancelled
                             and pen.kind == "deduction"
                             and (serie is None or pen.serie == serie))
            score = Fraction(total) if self.scoring == "points" else pl_total
            per_score = [None if x is None else Fraction(x) for x in per] \
                if self.scoring == "points" else per_pl
            played = [x for x in per_score if x is not None]
            last = next((x for x in reversed(per_score) if x is not None), Fraction(0))
            keys = {"points": float(total), "placement": float(pl_total),
                    "best_serie": float(max(played)) if played else -math.inf,
                    "table_wins": float(wins.get(p.id, 0)), "last_serie": float(last),
                    "fewer_penalties": float(-deductions)}
            rows.append(RankRow(None, p, score, total, pl_total, per, per_pl, deductions,
                                wins.get(p.id, 0), sum(1 for x in per if x is not None), keys))

        def sort_key(r: RankRow) -> tuple[Any, ...]:
            return (r.player.disqualified, -r.score,
                    *(-r.keys[k] for k in self.tiebreaks))

        rows.sort(key=lambda r: (*sort_key(r), r.player.id))
        prev: tuple[Any, ...] | None = None
        rank = 0
        for i, r in enumerate(rows):
            if r.player.disqualified:
                r.rank = None
                continue
            k = sort_key(r)
            if k != prev:
                rank = i + 1
                prev = k
            r.rank = rank
        return rows

    # ------------------------------------------------------------------ export

    def to_json(self) -> dict[str, Any]:
        """The tournament file (``doko-tournament/1``): settings and every entry."""
        return {"format": FORMAT, **self.settings(), "entries": copy.deepcopy(self.entries)}

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    def state_json(self) -> dict[str, Any]:
        """The tournament as the pages and ``export --json`` show it: settings (the number of
        Serien as ``serien_count``), players, ``serien`` (the drawn Serien with their tables
        and results), penalties and the ranking."""
        serien = []
        for s, tables in enumerate(self.draws, start=1):
            out_tables = []
            for t, table in enumerate(tables, start=1):
                res = self.results.get((s, t))
                out_tables.append({
                    "table": t, "players": table,
                    "names": [self.players[i - 1].name for i in table],
                    "totals": None if res is None else res.totals,
                    "source": None if res is None else res.source,
                    "corrected": 0 if res is None else res.corrected})
            warn = {lang: self.five_warning(s, lang) for lang in ("de", "en")}
            serien.append({"serie": s, "tables": out_tables,
                           "warning": warn if warn["de"] is not None else None,
                           "reported": self.reported(s), "complete": self.is_complete(s)})
        return {
            "format": "doko-tournament-state/1", **self.settings(),
            "serien_count": self.serien, "version": self.version,
            "drawn": self.drawn, "over": self.is_over,
            "players": [p.to_json() for p in self.players],
            "serien": serien,
            "penalties": [{"number": p.index, "player": p.player,
                           "name": self.players[p.player - 1].name, "serie": p.serie,
                           "kind": p.kind, "points": p.points, "reason": p.reason,
                           "cancelled": p.cancelled} for p in self.penalties],
            "ranking": [r.to_json() for r in self.ranking()],
        }

    def save(self, path: str | os.PathLike[str]) -> None:
        write_atomic(path, self.dumps())
        self.path = Path(path)

    @classmethod
    def create(cls, path: str | os.PathLike[str], name: str, **kw: Any) -> Tournament:
        """A new tournament bound to a new file ``path`` (refused if it exists)."""
        if Path(path).exists():
            raise TournamentFileError("file_exists", path=path)
        t = cls(name, **kw)
        t.save(path)
        return t

    @classmethod
    def from_json(cls, obj: object, *, clock: Callable[[], float] = time.time) -> Tournament:
        """Rebuild a tournament from its file form, replaying every entry with its checks."""
        if not isinstance(obj, Mapping):
            raise TournamentFileError("file_not_object")
        if obj.get("format") != FORMAT:
            raise TournamentFileError("file_format", format=FORMAT)
        known = {"format", "name", "date", "rules", "serien", "games", "minutes", "scoring",
                 "tiebreaks", "five_tables", "seat_by_ranking", "seed", "created_at", "entries"}
        unknown = set(obj) - known
        if unknown:
            raise TournamentFileError("file_unknown_keys", keys=", ".join(sorted(unknown)))
        kw = {k: obj[k] for k in known - {"format", "entries", "name"} if k in obj}
        tb = kw.get("tiebreaks", DEFAULT_TIEBREAKS)
        if not isinstance(tb, list | tuple) or not all(isinstance(x, str) for x in tb):
            raise TournamentFileError("file_field", field="tiebreaks")
        created = kw.get("created_at")
        if created is not None and (not isinstance(created, int | float)
                                    or isinstance(created, bool)):
            raise TournamentFileError("file_field", field="created_at")
        try:
            t = cls(obj.get("name", ""), clock=clock, **kw)
        except TournamentError as e:
            raise TournamentFileError("file_settings", why=e.en, why_de=e.de) from None
        except TypeError:
            raise TournamentFileError("file_field", field="settings") from None
        entries = obj.get("entries", [])
        if not isinstance(entries, list):
            raise TournamentFileError("file_entries")
        for i, entry in enumerate(entries, start=1):
            if not isinstance(entry, Mapping):
                raise TournamentFileError("file_entry_object", n=i)
            item = dict(entry)
            try:
                t._apply(item)
            except ValueError as e:
                raise TournamentFileError("file_entry", n=i, why=str(e),
                                          why_de=_german(e)) from None
            t.entries.append(item)
        t.version = len(t.entries)
        return t

    @classmethod
    def load(cls, path: str | os.PathLike[str], *,
             clock: Callable[[], float] = time.time) -> Tournament:
        """Resume a tournament from its file; later changes are written back to it."""
        obj = read_json_file(path, _ReadError)
        t = cls.from_json(obj, clock=clock)
        t.path = Path(path)
        return t

