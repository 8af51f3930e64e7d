"""Statistics per player over games: of a round file, of game records, or of a web table.

Each game becomes a :class:`GameFacts` (who sat where, who was Re, who won, the solo, the calls
each seat made, the Sonderpunkte each party won, the points on the sheet); :func:`collect`
adds them up per player name into :class:`PlayerStats`: games, points and points per game,
games and wins as Re and as Kontra, solos played and won, calls made and won (a call is won
when the caller's party wins the game), Sonderpunkte won by the player's party (TSR 7.2.3),
and the average open analysis loss per decision where games were analysed
(:func:`add_analysis`).

Games entered as summaries (real cards, ``doko sheet``) have no record: their calls cannot be
given to a player (the summary knows only each party's level), so they count for everything but
the calls and the analysis. Penalty rows (TSR 9.3, 9.4) are not games and are left out.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from doko.engine.actions import BLACK, CALL_RE, code_of, seat_of
from doko.engine.game import Game
from doko.engine.record import replay, start_of
from doko.engine.result import game_result, summary_of
from doko.engine.scoring import KONTRA, RE, GameSummary, score
from doko.engine.texts import texts_of
from doko.session.round import Round

__all__ = [
    "GameFacts",
    "PlayerStats",
    "add_analysis",
    "collect",
    "facts_from_game",
    "facts_from_round",
    "format_stats",
]


@dataclass
class GameFacts:
    """One game for the statistics. Per seat (0-3): ``names``, ``re`` (was Re), ``scores``
    (points on the sheet, Bock included), ``calls`` (calls made, None when unknown); the
    winning party (``"re"``, ``"kontra"`` or None), the soloist's seat of a declared solo, the
    Sonderpunkte each party won; ``record`` is the game's record (for the analysis) if
    there is one."""

    names: tuple[str, str, str, str]
    re: tuple[bool, bool, bool, bool]
    scores: tuple[int, int, int, int]
    winner: str | None
    soloist: int | None
    calls: tuple[int, int, int, int] | None
    extras: dict[str, int]
    record: Mapping[str, Any] | None = None
    #: open analysis loss in points per analysed decision, per seat: (sum, decisions)
    loss: dict[int, tuple[float, int]] = field(default_factory=dict)


@dataclass
class PlayerStats:
    """The sums for one player (see the module docstring)."""

    name: str
    games: int = 0
    points: int = 0
    re_games: int = 0
    re_won: int = 0
    kontra_games: int = 0
    kontra_won: int = 0
    solos: int = 0
    solos_won: int = 0
    calls: int = 0
    calls_won: int = 0
    extras: int = 0
    loss_sum: float = 0.0
    loss_decisions: int = 0
    #: the running total after each of the player's games (for a chart)
    curve: list[int] = field(default_factory=list)

    @property
    def points_per_game(self) -> float:
        return self.points / self.games if self.games else 0.0

    @property
    def avg_loss(self) -> float | None:
        return self.loss_sum / self.loss_decisions if self.loss_decisions else None

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name, "games": self.games, "points": self.points,
            "points_per_game": round(self.points_per_game, 3),
            "re_games": self.re_games, "re_won": self.re_won,
            "kontra_games": self.kontra_games, "kontra_won": self.kontra_won,
            "solos": self.solos, "solos_won": self.solos_won,
            "calls": self.calls, "calls_won": self.calls_won, "extras": self.extras,
            "avg_loss": None if self.avg_loss is None else round(self.avg_loss, 3),
            "loss_decisions": self.loss_decisions, "curve": list(self.curve),
        }


def _party_extras(summary: GameSummary) -> dict[str, int]:
    return {RE: summary.re_extras.total(), KONTRA: summary.kontra_extras.total()}


def _calls_by_seat(game: Game) -> tuple[int, int, int, int]:
    out = [0, 0, 0, 0]
    for a in game.history:
        if CALL_RE <= code_of(a) <= BLACK:
            out[seat_of(a)] += 1
    return out[0], out[1], out[2], out[3]


def facts_from_game(game: Game, names: Sequence[str], scores: Sequence[int] | None = None,
                    record: Mapping[str, Any] | None = None) -> GameFacts:
    """The facts of a finished engine game; ``scores`` per seat from the sheet (default: the
    game's own score by TSR 7)."""
    result = game_result(game)
    re = tuple(game.is_re)
    sc = result.seat_scores(game.re_seats()) if scores is None else list(scores)
    declared = game.soloist >= 0 and game.contract_name not in ("silent_marriage",) \
        and not game.marriage_solo
    return GameFacts(
        names=(names[0], names[1], names[2], names[3]),
        re=(re[0], re[1], re[2], re[3]),
        scores=(sc[0], sc[1], sc[2], sc[3]),
        winner=result.winner,
        soloist=game.soloist if declared else None,
        calls=_calls_by_seat(game),
        extras=_party_extras(summary_of(game)),
        record=record,
    )


def _seats_of(row_sitting: int | None, size: int) -> tuple[int, int, int, int]:
    """The players (indices in the round) at engine seats 0-3 (docs/rounds.md, the 5-table)."""
    if size == 4 or row_sitting is None:
        return 0, 1, 2, 3
    s = row_sitting
    return (s + 1) % size, (s + 2) % size, (s + 3) % size, (s + 4) % size


def facts_from_round(obj: Mapping[str, Any]) -> list[GameFacts]:
    """The games of a round file's JSON (``doko-round/1``; re-validated by
    :meth:`doko.session.Round.from_json`, raising its errors)."""
    rnd = Round.from_json(obj)
    names = list(rnd.players)
    entries = [e for e in obj.get("entries", []) if e.get("type") != "time_up"]
    out: list[GameFacts] = []
    for entry, row in zip(entries, rnd.rows, strict=True):
        if row.type != "game" or row.penalty is not None:
            continue
        seats = _seats_of(row.sitting_out, rnd.size)
        seat_names = [names[p] for p in seats]
        seat_scores = [row.scores[p] for p in seats]
        if entry.get("type") == "game":
            record = entry["record"]
            out.append(facts_from_game(replay(record), seat_names, seat_scores, record))
            continue
        summary = GameSummary.from_json(entry["summary"])
        re_players = set(entry["re_players"])
        re = tuple(p in re_players for p in seats)
        soloist = row.soloist if row.kind.startswith("solo") else None
        out.append(GameFacts(
            names=(seat_names[0], seat_names[1], seat_names[2], seat_names[3]),
            re=(re[0], re[1], re[2], re[3]),
            scores=(seat_scores[0], seat_scores[1], seat_scores[2], seat_scores[3]),
            winner=score(summary, rnd.rules).winner,
            soloist=None if soloist is None else seats.index(soloist),
            calls=None,
            extras=_party_extras(summary),
        ))
    return out


def add_analysis(facts: Iterable[GameFacts], *, open_budget: float = 2.0,
                 backend: str | None = None) -> None:
    """Analyse every game with a record (open measure only, ``open_budget`` seconds per seat)
    and store the loss per seat in its facts."""
    from doko.analysis.game_analysis import analyze

    for f in facts:
        if f.record is None:
            continue
        start, actions = start_of(f.record)
        a = analyze(start, actions, worlds=0, open_budget=open_budget, backend=backend)
        for s in range(4):
            exact = [d.open.loss_points for d in a.for_seat(s)
                     if d.open.exact and d.open.loss_points is not None]
            f.loss[s] = (float(sum(exact)), len(exact))


def collect(facts: Iterable[GameFacts]) -> list[PlayerStats]:
    """The statistics per player name, in the order the names first appear."""
    by: dict[str, PlayerStats] = {}
    for f in facts:
        for s in range(4):
            st = by.setdefault(f.names[s], PlayerStats(f.names[s]))
            st.games += 1
            st.points += f.scores[s]
            st.curve.append(st.points)
            party = RE if f.re[s] else KONTRA
            won = f.winner == party
            if f.re[s]:
                st.re_games += 1
                st.re_won += won
            else:
                st.kontra_games += 1
                st.kontra_won += won
            if f.soloist == s:
                st.solos += 1
                st.solos_won += won
            if f.calls is not None:
                st.calls += f.calls[s]
                st.calls_won += f.calls[s] if won else 0
            st.extras += f.extras.get(party, 0)
            if s in f.loss:
                total, n = f.loss[s]
                st.loss_sum += total
                st.loss_decisions += n
    return list(by.values())


def format_stats(stats: Sequence[PlayerStats], games: int, lang: str = "de") -> str:
    """A table of the statistics, one line per player."""
    t = texts_of("stats", lang)
    head = [t("player"), t("games"), t("points"), t("per_game"), t("re_won"),
            t("kontra_won"), t("solos"), t("calls"), t("extras"), t("loss")]
    rows = [head]
    for p in stats:
        rows.append([
            p.name, str(p.games), f"{p.points:+d}", f"{p.points_per_game:+.2f}",
            f"{p.re_won}/{p.re_games}", f"{p.kontra_won}/{p.kontra_games}",
            f"{p.solos_won}/{p.solos}", f"{p.calls_won}/{p.calls}", str(p.extras),
            "–" if p.avg_loss is None else f"{p.avg_loss:.2f}",
        ])
    widths = [max(len(r[i]) for r in rows) for i in range(len(head))]
    lines = [t("title", games=games), ""]
    for r in rows:
        lines.append("  ".join(c.ljust(widths[0]) if i == 0 else c.rjust(widths[i])
                               for i, c in enumerate(r)))
    lines.append("")
    lines.append(t("loss_note"))
    return "\n".join(lines)
