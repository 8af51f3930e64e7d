"""The round (Spielrunde) as a state machine: TSR 3.3, 4.2, 4.3, 7.3, 8.5, 8.6, 9.3, 9.4 and
10.1, with Bockrunden as a house rule. See ``docs/rounds.md``.

A :class:`Round` knows who deals next, who still owes a Pflichtsolo and when one is vorgeführt,
and gives each engine game its context (:meth:`Round.context`, :meth:`Round.new_game`). Finished
games enter the sheet as engine games (:meth:`Round.add_game`), as summaries of games played with
real cards (:meth:`Round.add_summary`) or as penalties (:meth:`Round.add_penalty`). Every entry
is checked against the round and against TSR 7.3.3 before it is accepted. A round bound to a file
(:meth:`Round.create`, :meth:`Round.load`) writes every change to disk atomically before the call
returns.

>>> r = Round(["Anna", "Bert", "Carl", "Dora"])
>>> r.games_total, r.next_dealer, r.games_left
(24, 0, 24)
>>> row = r.add_summary({"contract": "normal", "re_eyes": 151}, re_players=[0, 2])
>>> row.scores, r.next_dealer
((2, -2, 2, -2), 1)
>>> row = r.add_summary({"contract": "solo", "re_eyes": 130}, re_players=[3])
>>> row.column, row.scores, r.next_dealer, r.owes_pflichtsolo
('pflichtsolo', (-1, -1, -1, 3), 1, (True, True, True, False))
>>> r.totals
(1, -3, 1, 1)
"""

from __future__ import annotations

import contextlib
import copy
import enum
import json
import os
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any, Literal, Self

from doko.engine.contracts import SOLO_NAMES
from doko.engine.errors import DokoError, IllegalActionError, RecordError, ReplayError
from doko.engine.game import REDEALS, Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, summary_of
from doko.engine.rules import TSR, Rules, RulesError
from doko.engine.scoring import KONTRA, RE, GameSummary, Score, ScoringInputError, score
from doko.engine.texts import text as _text
from doko.engine.texts import texts_of
from doko.engine.vocab import Contract
from doko.session.files import read_json_file, write_atomic

__all__ = [
    "FORMAT",
    "TSR_LENGTH",
    "Context",
    "Round",
    "RoundError",
    "RoundFileError",
    "Row",
]

FORMAT = "doko-round/1"


class _Default(enum.Enum):
    TSR = "tsr"


#: ``Round(games=TSR_LENGTH)``: 24 games at a 4-table (TSR 8.5.1), 30 at a 5-table (10.1.5).
TSR_LENGTH = _Default.TSR
_TSR_GAMES = {4: 24, 5: 30}
#: Playing time in minutes (TSR 8.5.1, 10.1.5).
TSR_MINUTES = {4: 100, 5: 125}

#: Rows that may break the even/odd rule: penalty points in a solo in favour of the soloist
#: (TSR 7.3.3 item 2).
_ODD_EXCEPTIONS = (3, 15, 21)

#: The kinds a row of the Spielliste can have; their labels are the catalogue's ``row.<kind>``.
_KINDS = frozenset({
    *(c.record_name for c in Contract), "marriage_solo", "solo", "penalty_minor",
    "penalty_serious",
    # Armut and Schmeißen (house rules): an Armut played, a game thrown or one whose Armut
    # nobody took (rows only where ``rules.throw_counts`` counts them)
    "armut", "thrown", "armut_refused",
})


# ------------------------------------------------------------------------------------ errors


class RoundError(DokoError):
    """An entry or request the round refuses; nothing was changed.

    ``rule`` names the TSR clause; the message exists in English (``str``, :attr:`en`) and German
    (:meth:`text`, :attr:`de`). The round's own refusals come from the text catalogue
    (:meth:`of`: ``key`` is the catalogue key without ``round.``, ``params`` its parameters);
    a message given as text (``RoundError(en, de)``) has ``key`` None.
    """

    def __init__(self, en: str, de: str | None = None, rule: str | None = None) -> None:
        suffix = f" (TSR {rule})" if rule else ""
        self.en = en + suffix
        self.de = (de if de is not None else en) + suffix
        self.rule = rule
        self.key: str | None = None
        self.params: dict[str, object] = {}
        super().__init__(self.en)

    @classmethod
    def of(cls, key: str, rule: str | None = None, /, **params: object) -> Self:
        """The refusal ``round.<key>`` of the catalogue with ``params`` filled in; a parameter
        ``<name>_de`` replaces ``<name>`` in the German text (a nested message in German)."""
        en_params = {k: v for k, v in params.items() if not k.endswith("_de")}
        de_params = dict(en_params)
        de_params.update({k[:-3]: v for k, v in params.items() if k.endswith("_de")})
        err = cls(_text("round." + key, "en", **en_params),
                  _text("round." + key, "de", **de_params), rule)
        err.key = key
        err.params = dict(params)
        return err

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``)."""
        return self.de if lang == "de" else self.en


class RoundFileError(RoundError):
    """A round file that cannot be read or whose entries do not replay."""


# ------------------------------------------------------------------------------------ values


@dataclass(frozen=True)
class Context:
    """The round's context for the next game.

    ``dealer`` is the player who deals it (at a 5-table he sits out, TSR 10.1.1); ``players``
    the player at each engine seat 0..3 (clockwise, seat ``engine_dealer + 1`` is the real
    dealer's left neighbour); ``owes_pflichtsolo`` and ``vorfuehrung`` are per engine seat, as
    :class:`doko.engine.game.Game` takes them; ``vorgefuehrt`` is the forced player (TSR 4.2.3).
    """

    dealer: int
    players: tuple[int, int, int, int]
    engine_dealer: int
    owes_pflichtsolo: tuple[bool, bool, bool, bool]
    vorfuehrung: int | None
    vorgefuehrt: int | None
    sitting_out: int | None

    def seat_of(self, player: int) -> int:
        """The engine seat of ``player`` (ValueError for the sitting-out dealer)."""
        return self.players.index(player)


@dataclass(frozen=True)
class Row:
    """One line of the Spielliste (TSR 7.3).

    ``type`` is ``"game"`` or ``"penalty"`` (a penalty that is not a game of its own: 9.3, and
    9.4.3 where the game counts as not played). A solo that counts as played after a serious
    violation of a Kontra player (9.4.4) is a ``"game"`` row with ``penalty`` set.
    ``number`` counts the games of the round (None for a penalty row); ``column`` is
    ``"normal"``, ``"pflichtsolo"`` or ``"penalty"`` (TSR 4.2.4, 4.3.2); ``bock`` the Bock
    level (points x 2**bock); ``plus`` the players with positive points (7.3.3 item 3).
    """

    type: str
    number: int | None
    dealer: int
    kind: str
    column: str
    scores: tuple[int, ...]
    totals: tuple[int, ...]
    soloist: int | None = None
    pflichtsolo: bool = False
    vorfuehrung: bool = False
    bock: int = 0
    base_scores: tuple[int, ...] = ()
    bock_triggers: tuple[str, ...] = ()
    penalty: Mapping[str, Any] | None = None
    sitting_out: int | None = None

    @property
    def plus(self) -> tuple[int, ...]:
        """Players with positive points (TSR 7.3.3 item 3)."""
        return tuple(i for i, s in enumerate(self.scores) if s > 0)

    @property
    def multiplier(self) -> int:
        return 1 << self.bock

    def label(self, lang: str = "de") -> str:
        """The game kind as players say it, with Pflichtsolo/Lustsolo/Vorführung."""
        lang = "de" if lang == "de" else "en"
        text = _text("row." + self.kind, lang) if self.kind in _KINDS else self.kind
        if self.type == "game" and self.kind.startswith("solo"):
            which = ("vorfuehrung" if self.vorfuehrung else
                     "pflichtsolo" if self.pflichtsolo else "lustsolo")
            text += _text("row." + which, lang)
        if self.penalty is not None and self.type == "game":
            text += _text("row.penalty_944", lang)
        return text

    def to_json(self) -> dict[str, Any]:
        return {
            "type": self.type,
            "number": self.number,
            "dealer": self.dealer,
            "sitting_out": self.sitting_out,
            "kind": self.kind,
            "column": self.column,
            "scores": list(self.scores),
            "totals": list(self.totals),
            "plus": list(self.plus),
            "soloist": self.soloist,
            "pflichtsolo": self.pflichtsolo,
            "vorfuehrung": self.vorfuehrung,
            "bock": self.bock,
            "multiplier": self.multiplier,
            "base_scores": list(self.base_scores),
            "bock_triggers": list(self.bock_triggers),
            "penalty": None if self.penalty is None else dict(self.penalty),
        }


@dataclass
class _State:
    next_dealer: int
    owes: list[bool]
    played: int = 0
    time_up: bool = False
    time_up_at: float | None = None
    struck: int = 0
    bocks: list[int] = field(default_factory=list)
    rows: list[Row] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    entries: list[dict[str, Any]] = field(default_factory=list)

    def snapshot(self) -> _State:
        """A copy to roll back to: its lists are copies, their items shared (rows are
        frozen, and an entry is never changed once stored), so a copy costs the same after
        the last game of a round as after the first."""
        return replace(self, owes=list(self.owes), bocks=list(self.bocks),
                                   rows=list(self.rows), totals=list(self.totals),
                                   entries=list(self.entries))


# ------------------------------------------------------------------------------------ helpers


def _score_summary(summary: GameSummary, rules: Rules) -> Score:
    """Score ``summary`` by TSR 7 and the round's house rules."""
    return score(summary, rules)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


#: Other kinds of doko file, by their ``format``, and the catalogue key that names each kind.
_OTHER_FORMATS = {"doko-game/1": "kind_game"}


def _name_list(names: Sequence[str]) -> str:
    return ", ".join(names)


def _german(e: Exception) -> str:
    """The German message of ``e`` where doko has one (its errors), else ``str(e)``."""
    if isinstance(e, (RoundError, ScoringInputError, IllegalActionError, RecordError,
                      ReplayError, RulesError)):
        return e.text("de")
    return str(e)


# ------------------------------------------------------------------------------------ the round


class Round:
    """A Spielrunde at a 4- or 5-table and its Spielliste.

    ``players``: names in seat order (position 1 first; position 1 deals first, TSR 3.3.1).
    ``games``: :data:`TSR_LENGTH` (24 at a 4-table, 30 at a 5-table), a number of games, or
    ``None`` for an open-ended round. ``pflichtsoli``: whether every player owes one Pflichtsolo
    (default: yes for a fixed length, no for an open-ended round). ``time_limit``: minutes of
    playing time (TSR 8.5.1: 100, 10.1.5: 125; see :data:`TSR_MINUTES`), measured with
    ``clock`` (seconds, default :func:`time.time`) from ``started_at`` (default: now).
    """

    def __init__(
        self,
        players: Sequence[str],
        games: int | Literal[_Default.TSR] | None = TSR_LENGTH,
        *,
        rules: Rules = TSR,
        pflichtsoli: bool | None = None,
        time_limit: float | None = None,
        started_at: float | None = None,
        clock: Callable[[], float] = time.time,
    ) -> None:
        names = [str(p).strip() for p in players]
        if len(names) not in (4, 5):
            raise RoundError.of("players_count", "2.1.1, 10", n=len(names))
        if any(not n for n in names) or len(set(names)) != len(names):
            raise RoundError.of("player_names")
        n = len(names)
        if games is TSR_LENGTH:
            games = _TSR_GAMES[n]
        if games is not None and (not _is_int(games) or games < 1):
            raise RoundError.of("games_positive", games=games)
        if pflichtsoli is None:
            pflichtsoli = games is not None
        if pflichtsoli and games is not None and games < n:
            raise RoundError.of("games_pflichtsoli", "4.2.3", games=games, n=n)
        if time_limit is not None and not time_limit > 0:
            raise RoundError.of("time_limit", limit=time_limit)
        if not isinstance(rules, Rules):
            raise TypeError("rules must be a Rules value")
        self.players: tuple[str, ...] = tuple(names)
        self.games_total: int | None = games
        self.pflichtsoli: bool = bool(pflichtsoli)
        self.rules = rules
        self.time_limit = time_limit
        self.clock = clock
        self.started_at: float | None = started_at
        if time_limit is not None and started_at is None:
            self.started_at = clock()
        self.path: Path | None = None
        self._s = _State(next_dealer=0, owes=[self.pflichtsoli] * n, totals=[0] * n)
        #: the record (doko-game/1) of the game in progress, kept when a player stops mid-game
        self._current: dict[str, Any] | None = None

    # -------------------------------------------------------------- simple properties

    @property
    def size(self) -> int:
        """Players at the table: 4 or 5."""
        return len(self.players)

    @property
    def rows(self) -> tuple[Row, ...]:
        """The sheet's lines, in order."""
        return tuple(self._s.rows)

    @property
    def games(self) -> tuple[Row, ...]:
        """The game rows (penalties that are no game left out)."""
        return tuple(r for r in self._s.rows if r.type == "game")

    @property
    def totals(self) -> tuple[int, ...]:
        """Each player's running total."""
        return tuple(self._s.totals)

    @property
    def owes_pflichtsolo(self) -> tuple[bool, ...]:
        """Per player: still owes the round's Pflichtsolo (TSR 4.2.3, 8.6)."""
        return tuple(self._s.owes)

    @property
    def games_played(self) -> int:
        """Games counted so far (a game that counts as not played, 9.4.3, is not)."""
        return self._s.played

    @property
    def time_up(self) -> bool:
        """True once the end of the playing time has been recorded (TSR 8.5.1)."""
        return self._s.time_up

    @property
    def struck(self) -> int:
        """Normalspiele struck at the time limit (TSR 8.5.1)."""
        return self._s.struck

    @property
    def next_dealer(self) -> int:
        """The player who deals the next game (TSR 3.3.1, 4.2.5); see :meth:`context`."""
        return self.context().dealer

    @property
    def games_left(self) -> int | None:
        """Games still to play (None: open-ended); after the time limit only the outstanding
        Pflichtsoli (TSR 8.5.1, 8.6)."""
        return self._games_left(self._time_is_up())

    @property
    def is_over(self) -> bool:
        """True when no game is left to play."""
        return self.games_left == 0

    @property
    def vorfuehrung_due(self) -> int | None:
        """The player who is vorgeführt in the next game, or None (TSR 4.2.3, 8.6)."""
        return self._vorgefuehrt(self._time_is_up())

    def games_until_vorfuehrung(self) -> int | None:
        """How many more Normalspiele can be played before a Vorführung is due (0: due now),
        if no Pflichtsolo is played meanwhile; None if none will be (TSR 4.2.3)."""
        outstanding = sum(self._s.owes)
        left = self.games_left
        if outstanding == 0 or left is None:
            return None
        return max(0, left - outstanding)

    def bock_level(self) -> int:
        """The Bock level of the next game (its points x 2**level); 0 without Bock."""
        bock = self.rules.bock
        if bock is None or not self._s.bocks:
            return 0
        return 1 if bock.stacking == "add" else len(self._s.bocks)

    def bock_games(self) -> int:
        """Bock games still pending (all queued Bocks, ``add``; the longest, ``double``)."""
        bock = self.rules.bock
        if bock is None or not self._s.bocks:
            return 0
        return sum(self._s.bocks) if bock.stacking == "add" else max(self._s.bocks)

    def bock_length(self) -> int:
        """Games one Bock lasts: ``rules.bock.length``, else one pass of the dealer round."""
        bock = self.rules.bock
        if bock is not None and bock.length is not None:
            return bock.length
        return self.size

    # -------------------------------------------------------------- time

    def deadline(self) -> float | None:
        """Clock time at which the playing time ends (None without a time limit)."""
        if self.time_limit is None or self.started_at is None:
            return None
        return self.started_at + 60.0 * self.time_limit

    def _clock_expired(self) -> bool:
        end = self.deadline()
        return end is not None and self.clock() >= end

    def _time_is_up(self) -> bool:
        return self._s.time_up or self._clock_expired()

    @property
    def out_of_time(self) -> bool:
        """The playing time is over (TSR 8.5.1): called, or the clock ran out."""
        return self._time_is_up()

    @property
    def games_to_strike(self) -> int:
        """The Normalspiele struck at the time limit (TSR 8.5.1): those struck when it was
        called, or, while the clock has run out but nobody called it yet, those that would be."""
        if self.time_up:
            return self.struck
        return max(0, (self._games_left(False) or 0) - sum(self._s.owes))

    def games_before(self, target: Row) -> int:
        """How many games were entered before the row ``target``."""
        return self._count_before(target)

    def call_time(self, at: float | None = None) -> None:
        """Record the end of the playing time (TSR 8.5.1): outstanding Normalspiele are struck,
        outstanding Pflichtsoli are still played as Vorführungen (8.6). Games already begun
        are entered as usual."""
        if self._s.time_up:
            raise RoundError.of("time_up_twice", "8.5.1")
        when = self.clock() if at is None else float(at)
        self._commit({"type": "time_up", "at": when})

    def _check_clock(self) -> None:
        if not self._s.time_up and self._clock_expired():
            end = self.deadline()
            self._commit({"type": "time_up", "at": end})

    # -------------------------------------------------------------- context

    def _games_left(self, time_up: bool) -> int | None:
        outstanding = sum(self._s.owes)
        if time_up:
            return outstanding
        if self.games_total is None:
            return None
        return self.games_total - self._s.played

    def _vorgefuehrt(self, time_up: bool) -> int | None:
        outstanding = sum(self._s.owes)
        left = self._games_left(time_up)
        if outstanding == 0 or left is None or outstanding < left:
            return None
        n = self.size
        d = self._s.next_dealer
        for i in range(1, n + 1):  # from the dealer's left neighbour, the dealer last
            p = (d + i) % n
            if self._s.owes[p]:
                return p
        return None  # pragma: no cover - outstanding > 0

    def context(self) -> Context:
        """The next game's context, with the clock (after the time limit: a Vorführung)."""
        return self._context(self._time_is_up())

    def _context(self, time_up: bool) -> Context:
        n = self.size
        d = self._s.next_dealer
        vorg = self._vorgefuehrt(time_up)
        if n == 4:
            players: tuple[int, int, int, int] = (0, 1, 2, 3)
            engine_dealer, sitting = d, None
        else:
            sitting = d
            if vorg == d:
                # A 5-table dealer who is vorgeführt must play: his left neighbour deals in his
                # place and sits out (our reading; cf. 3.3.2). See docs/rounds.md.
                sitting = (d + 1) % n
            players = tuple((sitting + 1 + i) % n for i in range(4))  # type: ignore[assignment]
            engine_dealer = 3  # the active player to the sitter's right: seat 0 is his left
        owes = tuple(self._s.owes[p] for p in players)
        return Context(
            dealer=d if sitting is None else sitting,
            players=players,
            engine_dealer=engine_dealer,
            owes_pflichtsolo=owes,  # type: ignore[arg-type]
            vorfuehrung=None if vorg is None else players.index(vorg),
            vorgefuehrt=vorg,
            sitting_out=sitting,
        )

    # -------------------------------------------------------------- engine games

    def new_game(self, seed: int) -> Game:
        """Deal the next game with its round context (records the time limit first if it has
        passed). Enter it with :meth:`add_game` once it is finished."""
        self._check_clock()
        self._refuse_if_over()
        ctx = self._context(self._s.time_up)
        return Game.deal(seed, ctx.engine_dealer, owes_pflichtsolo=ctx.owes_pflichtsolo,
                         vorfuehrung=ctx.vorfuehrung, rules=self.rules)

    def add_game(self, game: Game) -> Row | None:
        """Enter a finished engine game dealt with this round's context.

        A game dealt again without cards played (house rules: Schmeißen, an Armut nobody took)
        gets a row of 0 points where ``rules.throw_counts`` counts it as a game of the round,
        else no row (None; it is kept in the round file); ``rules.throw_dealer`` says who deals
        next."""
        if not isinstance(game, Game):
            raise TypeError("add_game takes a doko.engine.game.Game")
        if not game.is_over:
            raise RoundError.of("unfinished", "7.3.1")
        if (not self._s.time_up and self._clock_expired()
                and self._game_context_problem(game, self._context(False)) is not None
                and self._game_context_problem(game, self._context(True)) is None):
            self._check_clock()  # dealt as a Vorführung after the time limit
        # the record is what a round file stores; the live game is entered as it is (no
        # replay of the record it was just serialised to)
        row = self._commit({"type": "game", "record": to_record(game)}, game)
        if self._current is not None:
            self.keep_current(None)
        return row

    def keep_current(self, game: Game | None) -> None:
        """Keep ``game``, the game in progress, in the round (and its file, when it has one), so
        that resuming continues the same deal and actions (:meth:`current_game`); ``None``
        forgets it. :meth:`add_game` forgets it too."""
        if game is not None:
            problem = self._game_context_problem(game, self._context(self._s.time_up))
            if problem is not None:
                raise problem
        self._current = None if game is None else to_record(game)
        if self.path is not None:
            write_atomic(self.path, self.dumps())

    def current_game(self) -> Game | None:
        """The game in progress kept by :meth:`keep_current` (replayed from its record, with
        the same deal and actions), or ``None``."""
        return None if self._current is None else replay(self._current)

    def _game_context_problem(self, game: Game, ctx: Context) -> RoundError | None:
        if game.rules != self.rules:
            return RoundError.of("other_rules", game=game.rules.name, round=self.rules.name)
        if game.dealer != ctx.engine_dealer:
            return RoundError.of("other_dealer", "3.3.1", seat=game.dealer + 1,
                                 name=self.players[ctx.dealer], round_seat=ctx.engine_dealer + 1)
        if tuple(game.owes_pflichtsolo) != ctx.owes_pflichtsolo:
            return RoundError.of("other_debts", "4.2.3", game=list(game.owes_pflichtsolo),
                                 round=list(ctx.owes_pflichtsolo))
        if game.vorfuehrung != ctx.vorfuehrung:
            if ctx.vorgefuehrt is not None:
                return RoundError.of("vorf_other", "4.2.3", name=self.players[ctx.vorgefuehrt],
                                     value=game.vorfuehrung)
            return RoundError.of("vorf_none", "4.2.3")
        return None

    def _apply_game(self, entry: dict[str, Any], game: Game | None = None) -> Row | None:
        """A game entry: ``game`` itself when it is given (:meth:`add_game`), else the entry's
        record replayed (a round file being loaded)."""
        if game is None:
            record = entry.get("record")
            if not isinstance(record, Mapping):
                raise RoundFileError.of("no_record")
            try:
                game = replay(record)
            except ValueError as e:
                raise RoundError.of("no_replay", why=e, why_de=_german(e)) from None
        if not game.is_over:
            raise RoundError.of("unfinished", "7.3.1")
        self._refuse_if_over()
        ctx = self._context(self._s.time_up)
        problem = self._game_context_problem(game, ctx)
        if problem is not None:
            raise problem
        if game.ended in REDEALS:
            return self._redeal(ctx, game.ended)
        result = game_result(game)
        engine_scores = result.seat_scores(game.re_seats())
        scores = [0] * self.size
        for s, p in enumerate(ctx.players):
            scores[p] = engine_scores[s]
        soloist = ctx.players[game.soloist] if game.soloist >= 0 else None
        kind = "marriage_solo" if game.marriage_solo else (
            "armut" if game.taker >= 0 else game.contract_name)
        summary = summary_of(game)
        return self._add_game_row(
            ctx, kind=kind, scores=scores, soloist=soloist, pflichtsolo=bool(game.pflichtsolo),
            vorfuehrung=game.vorfuehrung is not None, summary=summary, result=result)

    # -------------------------------------------------------------- real cards

    def add_summary(
        self,
        summary: GameSummary | Mapping[str, Any],
        re_players: Sequence[int],
        *,
        soloist: int | None = None,
        pflichtsolo: bool | None = None,
        marriage_solo: bool = False,
        solo: str | None = None,
    ) -> Row:
        """Enter a game played with real cards: its ``doko score`` summary, the Re players (by
        index in the round) and, for a solo, the soloist (default: the one Re player) and
        whether it was the Pflichtsolo (default: whether the soloist owes it, TSR 4.3.1).
        ``marriage_solo``: a Hochzeit that became a Karo solo (4.4.3, a Normalspiel on the
        sheet); ``solo``: the solo kind for the sheet (``"clubs"``...), optional."""
        if not isinstance(summary, GameSummary):
            summary = GameSummary.from_json(summary)
        entry: dict[str, Any] = {
            "type": "summary",
            "summary": summary.to_json(),
            "re_players": list(re_players),
            "soloist": soloist,
            "pflichtsolo": pflichtsolo,
            "marriage_solo": marriage_solo,
            "solo": solo,
        }
        return self._commit_row(entry)

    def _apply_summary(self, entry: dict[str, Any]) -> Row:
        try:
            summary = GameSummary.from_json(entry.get("summary"))
        except ValueError as e:
            raise RoundError.of("bad_summary", why=e, why_de=_german(e)) from None
        n = self.size
        re_in = entry.get("re_players")
        if (not isinstance(re_in, list) or not all(_is_int(p) and 0 <= p < n for p in re_in)
                or len(set(re_in)) != len(re_in)):
            raise RoundError.of("re_players", last=n - 1, value=re_in)
        re_players: list[int] = list(re_in)
        if summary.nines != self.rules.nines:
            raise RoundError.of("nines")
        soloist = entry.get("soloist")
        pflicht = entry.get("pflichtsolo")
        marriage_solo = entry.get("marriage_solo", False)
        solo_kind = entry.get("solo")
        if soloist is not None and not (_is_int(soloist) and 0 <= soloist < n):
            raise RoundError.of("soloist_number", last=n - 1, value=soloist)
        if pflicht is not None and not isinstance(pflicht, bool):
            raise RoundError.of("not_bool", field="pflichtsolo", value=pflicht)
        if not isinstance(marriage_solo, bool):
            raise RoundError.of("not_bool", field="marriage_solo", value=marriage_solo)
        kinds = list(SOLO_NAMES[:7])
        kinds += [n for n, on in zip(SOLO_NAMES[7:], self.rules.picture_solos, strict=True) if on]
        if solo_kind is not None and solo_kind not in kinds:
            # a picture solo only where the round's rules play it (docs/rules.md "Weitere Soli")
            raise RoundError.of("solo_kind", kinds=", ".join(kinds), value=solo_kind)
        self._refuse_if_over()
        ctx = self._context(self._s.time_up)
        contract = summary.contract
        alone = contract in ("solo", "silent_marriage")
        want = 1 if alone else 2
        if len(re_players) != want:
            raise RoundError.of("re_count_solo" if alone else "re_count_normal", "2.4",
                                want=want,
                                got=", ".join(self.players[p] for p in re_players) or "-")
        if ctx.sitting_out is not None and ctx.sitting_out in re_players:
            raise RoundError.of("sitter_re", "10.1.1", name=self.players[ctx.sitting_out])
        if alone:
            if soloist is None:
                soloist = re_players[0]
            elif soloist != re_players[0]:
                raise RoundError.of("soloist_not_re", "2.4", soloist=self.players[soloist],
                                    re=self.players[re_players[0]])
        elif soloist is not None:
            raise RoundError.of("no_soloist", contract=contract)
        if contract != "solo" and (pflicht or marriage_solo or solo_kind is not None):
            raise RoundError.of("solo_fields", contract=contract)
        if marriage_solo and (pflicht or solo_kind not in (None, "diamonds")):
            raise RoundError.of("marriage_solo", "4.4.3")
        if marriage_solo and summary.re_tricks is not None and summary.re_tricks < 3:
            # the Hochzeiter became the soloist by winning tricks 1 to 3 (TSR 4.4.3 b)
            raise RoundError.of("marriage_solo_tricks", "4.4.3", tricks=summary.re_tricks)
        if contract == "solo" and not marriage_solo:
            assert soloist is not None
            pflicht = self._solo_is_pflicht(soloist, pflicht)
            kind = "solo" if solo_kind is None else f"solo_{solo_kind}"
        else:
            pflicht = False
            kind = "marriage_solo" if marriage_solo else contract
        self._check_vorfuehrung(ctx, soloist if contract == "solo" and not marriage_solo
                                else None, pflicht)
        result = _score_summary(summary, self.rules)
        if ctx.sitting_out is None:
            scores = result.seat_scores(re_players, seats=n)
        else:
            scores = result.seat_scores(re_players, seats=n, sitting_out=[ctx.sitting_out])
        return self._add_game_row(
            ctx, kind=kind, scores=scores, soloist=soloist if alone else None,
            pflichtsolo=pflicht, vorfuehrung=pflicht and ctx.vorgefuehrt == soloist,
            summary=summary, result=result)

    def _solo_is_pflicht(self, soloist: int, pflicht: bool | None) -> bool:
        """Whether a solo of ``soloist`` is his Pflichtsolo; refuses contradictions."""
        who = self.players[soloist]
        owes = self._s.owes[soloist]
        if pflicht is None:
            return owes
        if pflicht and not owes:
            if not self.pflichtsoli:
                raise RoundError.of("no_pflichtsoli", "4.3")
            raise RoundError.of("pflicht_done", "4.2.3, 4.3.1", name=who)
        if not pflicht and owes:
            raise RoundError.of("pflicht_owed", "4.3.1", name=who)
        return pflicht

    def _check_vorfuehrung(self, ctx: Context, soloist: int | None, pflicht: bool) -> None:
        vorg = ctx.vorgefuehrt
        if vorg is None:
            return
        if soloist != vorg or not pflicht:
            raise RoundError.of("vorf_due", "4.2.3" if not self._s.time_up else "4.2.3, 8.6",
                                name=self.players[vorg])

    # -------------------------------------------------------------- penalties

    def add_penalty(
        self,
        player: int,
        kind: str,
        *,
        soloist: int | None = None,
        harms_soloist: bool = False,
        absagen: int = 0,
        pflichtsolo: bool | None = None,
        contract: str = "solo",
    ) -> Row:
        """Enter penalty points for ``player`` (TSR 9.3, 9.4), for the game in progress.

        ``kind``: ``"minor"`` (9.3) or ``"serious"`` (9.4). ``soloist``: the soloist, if the
        violation happened in a solo (the offender himself for a soloist's violation).
        ``harms_soloist``: a Kontra player's minor violation that can hurt the soloist
        (9.3.3 b1). ``absagen``: for a serious violation, the Absagen made by the offender's
        opponents (9.4.3; in a solo by a Kontra player: the soloist's Absagen, 9.4.4).
        A serious violation by a Kontra player in a solo makes the solo count as played: then
        ``pflichtsolo`` (default: whether the soloist owes one) and ``contract`` (``"solo"``,
        ``"silent_marriage"``, ``"marriage_solo"``) say what it was.
        """
        entry: dict[str, Any] = {
            "type": "penalty",
            "player": player,
            "kind": kind,
            "soloist": soloist,
            "harms_soloist": harms_soloist,
            "absagen": absagen,
            "pflichtsolo": pflichtsolo,
            "contract": contract,
        }
        return self._commit_row(entry)

    def _apply_penalty(self, entry: dict[str, Any]) -> Row:
        n = self.size
        player: Any = entry.get("player")
        kind = entry.get("kind")
        soloist = entry.get("soloist")
        harms = entry.get("harms_soloist", False)
        absagen = entry.get("absagen", 0)
        pflicht = entry.get("pflichtsolo")
        contract = entry.get("contract", "solo")
        if not (_is_int(player) and 0 <= player < n):
            raise RoundError.of("player_number", last=n - 1, value=player)
        if kind not in ("minor", "serious"):
            raise RoundError.of("penalty_kind", "9.3, 9.4", kind=kind)
        if soloist is not None and not (_is_int(soloist) and 0 <= soloist < n):
            raise RoundError.of("soloist_number", last=n - 1, value=soloist)
        if not isinstance(harms, bool):
            raise RoundError.of("not_bool_field", field="harms_soloist")
        if not _is_int(absagen) or not 0 <= absagen <= 4:
            raise RoundError.of("absagen", "9.4.3", value=absagen)
        if pflicht is not None and not isinstance(pflicht, bool):
            raise RoundError.of("not_bool_field", field="pflichtsolo")
        if contract not in ("solo", "silent_marriage", "marriage_solo"):
            raise RoundError.of("penalty_contract", contract=contract)
        player = int(player)
        soloist = None if soloist is None else int(soloist)
        absagen = int(absagen)
        self._refuse_if_over()
        ctx = self._context(self._s.time_up)
        sitter = ctx.sitting_out
        for who in (player, soloist):
            if who is not None and who == sitter:
                assert sitter is not None
                raise RoundError.of("sitter_penalty", "10.1.1", name=self.players[sitter])
        kontra_offender = soloist is not None and soloist != player
        if harms and not kontra_offender:
            raise RoundError.of("harms_offender", "9.3.3")
        if kind == "minor" and absagen:
            raise RoundError.of("minor_absagen", "9.3")
        if harms and kind != "minor":
            raise RoundError.of("harms_minor", "9.3.3")
        if (pflicht is not None or contract != "solo") and not (
                kind == "serious" and kontra_offender):
            raise RoundError.of("counts_as_played", "9.4.4")
        active = [p for p in range(n) if p != sitter]
        scores = [0] * n
        if kind == "minor":
            if harms:  # 9.3.3 (b1)
                assert soloist is not None
                scores[player] = -3
                scores[soloist] = 3
                clause = "9.3.3 (b1)"
            else:  # 9.3.2, 9.3.3 (a), (b2)
                for p in active:
                    scores[p] = 1
                scores[player] = -3
                clause = ("9.3.2" if soloist is None else
                          "9.3.3 (a)" if soloist == player else "9.3.3 (b2)")
            detail = self._penalty_detail(entry, clause)
            return self._add_penalty_row(ctx, "penalty_minor", scores, detail)
        if not kontra_offender:  # 9.4.3, and 9.4.4 for the soloist: the game is not played
            for p in active:
                scores[p] = 4 + absagen
            scores[player] = -(12 + 3 * absagen)
            clause = "9.4.3" if soloist is None else "9.4.4 (9.4.3)"
            detail = self._penalty_detail(entry, clause)
            return self._add_penalty_row(ctx, "penalty_serious", scores, detail)
        # 9.4.4: a Kontra player's serious violation: the solo counts as played
        assert soloist is not None
        scores[player] = -(12 + 3 * absagen)
        scores[soloist] = 12 + 3 * absagen
        if contract == "solo":
            pflicht_b = self._solo_is_pflicht(soloist, pflicht)
            kind_name = "solo"
        else:
            pflicht_b = False
            kind_name = contract
        self._check_vorfuehrung(ctx, soloist if contract == "solo" else None, pflicht_b)
        detail = self._penalty_detail(entry, "9.4.4")
        return self._add_game_row(
            ctx, kind=kind_name, scores=scores, soloist=soloist, pflichtsolo=pflicht_b,
            vorfuehrung=pflicht_b and ctx.vorgefuehrt == soloist, summary=None, result=None,
            penalty=detail)

    @staticmethod
    def _penalty_detail(entry: Mapping[str, Any], clause: str) -> dict[str, Any]:
        return {
            "player": entry.get("player"),
            "kind": entry.get("kind"),
            "soloist": entry.get("soloist"),
            "harms_soloist": entry.get("harms_soloist", False),
            "absagen": entry.get("absagen", 0),
            "clause": clause,
        }

    # -------------------------------------------------------------- rows and state

    def _refuse_if_over(self) -> None:
        if self._games_left(self._s.time_up) == 0:
            if self._s.time_up:
                raise RoundError.of("over_time", "8.5.1")
            raise RoundError.of("over_games", "8.5.1", games=self.games_total)

    def _add_penalty_row(self, ctx: Context, kind: str, scores: list[int],
                         detail: dict[str, Any]) -> Row:
        row = self._make_row("penalty", None, ctx, kind, "penalty", scores, penalty=detail)
        self._accept_row(row)
        return row

    def _make_row(self, type_: str, number: int | None, ctx: Context, kind: str, column: str,
                  scores: Sequence[int], **extra: Any) -> Row:
        totals = tuple(t + s for t, s in zip(self._s.totals, scores, strict=True))
        return Row(type=type_, number=number, dealer=ctx.dealer, kind=kind, column=column,
                   scores=tuple(scores), totals=totals, sitting_out=ctx.sitting_out,
                   base_scores=tuple(extra.pop("base_scores", scores)), **extra)

    def _accept_row(self, row: Row) -> None:
        problems = self._row_problems(row, "en")
        if problems:
            raise RoundError.of("sheet_checks", "7.3.3", problems="; ".join(problems),
                                problems_de="; ".join(self._row_problems(row, "de")))
        self._s.rows.append(row)
        self._s.totals = list(row.totals)

    def _add_game_row(
        self,
        ctx: Context,
        *,
        kind: str,
        scores: Sequence[int],
        soloist: int | None,
        pflichtsolo: bool,
        vorfuehrung: bool,
        summary: GameSummary | None,
        result: Score | None,
        penalty: dict[str, Any] | None = None,
    ) -> Row:
        bock = self.rules.bock
        level = self.bock_level() if penalty is None else 0
        final = [s * (1 << level) for s in scores]
        triggers: tuple[str, ...] = ()
        if bock is not None and summary is not None and result is not None:
            triggers = _bock_triggers(summary, result, bock.triggers)
        row = self._make_row(
            "game", self._s.played + 1, ctx, kind,
            "pflichtsolo" if pflichtsolo else "normal", final,
            soloist=soloist, pflichtsolo=pflichtsolo, vorfuehrung=vorfuehrung, bock=level,
            base_scores=tuple(scores), bock_triggers=triggers, penalty=penalty)
        self._accept_row(row)
        s = self._s
        s.played += 1
        if pflichtsolo:
            assert soloist is not None
            s.owes[soloist] = False
        if pflichtsolo and not vorfuehrung:
            s.next_dealer = ctx.dealer  # the same dealer deals again (TSR 3.3.1, 4.2.5)
        else:
            s.next_dealer = (ctx.dealer + 1) % self.size
        if bock is not None and penalty is None:
            if s.bocks:
                if bock.stacking == "add":
                    s.bocks[0] -= 1
                else:
                    s.bocks = [b - 1 for b in s.bocks]
                s.bocks = [b for b in s.bocks if b > 0]
            s.bocks.extend([self.bock_length()] * len(triggers))
        return row

    def _redeal(self, ctx: Context, ended: str) -> Row | None:
        """A game dealt again without cards played (house rules): a row of 0 points if the
        rules count it as a game of the round; the dealer of the next game by the rules."""
        row = None
        if self.rules.throw_counts:
            row = self._add_game_row(ctx, kind=ended, scores=[0] * self.size, soloist=None,
                                     pflichtsolo=False, vorfuehrung=False, summary=None,
                                     result=None)
        if self.rules.throw_dealer == "same":
            self._s.next_dealer = ctx.dealer
        else:
            self._s.next_dealer = (ctx.dealer + 1) % self.size
        return row

    def _apply_time_up(self, entry: dict[str, Any]) -> None:
        if self._s.time_up:
            raise RoundError.of("time_up_twice", "8.5.1")
        at = entry.get("at")
        if at is not None and not isinstance(at, (int, float)):
            raise RoundFileError.of("at", value=at)
        left = self._games_left(False)
        outstanding = sum(self._s.owes)
        self._s.struck = 0 if left is None else max(0, left - outstanding)
        self._s.time_up = True
        self._s.time_up_at = None if at is None else float(at)

    def _apply(self, entry: dict[str, Any], game: Game | None = None) -> Row | None:
        t = entry.get("type")
        if t == "game":
            return self._apply_game(entry, game)
        if t == "summary":
            return self._apply_summary(entry)
        if t == "penalty":
            return self._apply_penalty(entry)
        if t == "time_up":
            self._apply_time_up(entry)
            return None
        raise RoundFileError.of("entry_type", type=t)

    def _commit(self, entry: dict[str, Any], game: Game | None = None) -> Row | None:
        """Apply ``entry`` (a game entry's ``game`` itself when given); with a file, write it
        before returning. On any failure the round is unchanged."""
        saved = self._s.snapshot()
        try:
            row = self._apply(entry, game)
            stored = dict(entry)
            if row is not None:
                stored["scores"] = list(row.scores)
            self._s.entries.append(stored)
            if self.path is not None:
                write_atomic(self.path, self.dumps())
        except BaseException:
            self._s = saved
            raise
        if row is not None:
            self._check_clock_after()
        return row

    def _commit_row(self, entry: dict[str, Any], game: Game | None = None) -> Row:
        row = self._commit(entry, game)
        assert row is not None
        return row

    def _check_clock_after(self) -> None:
        # After an entry: if the time is up, record it now, so the next game is a Vorführung.
        # A failed write here is retried with the next change (the entry itself is saved).
        if not self._s.time_up and self._clock_expired():
            with contextlib.suppress(OSError):
                self._commit({"type": "time_up", "at": self.deadline()})

    def _count_before(self, target: Row) -> int:
        """Game rows before ``target``."""
        n = 0
        for row in self._s.rows:
            if row is target:
                return n
            if row.type == "game":
                n += 1
        return n

    # -------------------------------------------------------------- checks (TSR 7.3.3)

    def _row_problems(self, row: Row, lang: str) -> list[str]:
        t = texts_of("round", "de" if lang == "de" else "en")
        out: list[str] = []
        label = t("check_game", n=row.number) if row.number else t("check_penalty")
        total = sum(row.scores)
        if total != 0:
            out.append(t("check_sum", label=label, total=total))
        if row.sitting_out is not None and row.scores[row.sitting_out] != 0:
            out.append(t("check_sitter", label=label, name=self.players[row.sitting_out]))
        if self.size == 4 and len({s % 2 for s in row.scores}) > 1:
            exc = (row.penalty is not None and row.penalty.get("soloist") is not None
                   and sorted(row.scores) in ([-k, 0, 0, k] for k in _ODD_EXCEPTIONS)
                   and max(row.scores) == row.scores[row.penalty["soloist"]])
            if not exc:
                out.append(t("check_parity", label=label, scores=list(row.scores)))
        return out

    def check(self, lang: str = "en") -> list[str]:
        """The checks of TSR 7.3.3 (and 10.1.2) over the whole sheet; an empty list if all
        pass."""
        t = texts_of("round", "de" if lang == "de" else "en")
        out: list[str] = []
        running = [0] * self.size
        for row in self._s.rows:
            out += self._row_problems(row, lang)
            running = [a + b for a, b in zip(running, row.scores, strict=True)]
            if tuple(running) != row.totals:
                out.append(t("check_running", n=row.number))
        if tuple(running) != tuple(self._s.totals) or sum(running) != 0:
            out.append(t("check_totals"))
        return out

    # -------------------------------------------------------------- files

    def to_json(self) -> dict[str, Any]:
        """The round file (``doko-round/1``): settings, players and every entry."""
        return {
            "format": FORMAT,
            "players": list(self.players),
            "games": self.games_total,
            "pflichtsoli": self.pflichtsoli,
            "time_limit": self.time_limit,
            "started_at": self.started_at,
            "rules": self.rules.to_json(),
            "entries": copy.deepcopy(self._s.entries),
        } | ({} if self._current is None else {"current": copy.deepcopy(self._current)})

    def dumps(self) -> str:
        return json.dumps(self.to_json(), ensure_ascii=False, indent=1) + "\n"

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the round to ``path`` atomically and keep writing every change there."""
        write_atomic(path, self.dumps())
        self.path = Path(path)

    @classmethod
    def create(cls, path: str | os.PathLike[str], players: Sequence[str],
               games: int | Literal[_Default.TSR] | None = TSR_LENGTH, **kw: Any) -> Round:
        """A new round bound to a new file ``path`` (refused if it exists)."""
        if Path(path).exists():
            raise RoundFileError.of("file_exists", path=path)
        r = cls(players, games, **kw)
        r.save(path)
        return r

    @classmethod
    def from_json(cls, obj: object, *, clock: Callable[[], float] = time.time) -> Round:
        """Rebuild a round from its file form, re-validating every entry (game records are
        replayed through the engine); raises :class:`RoundFileError`."""
        if not isinstance(obj, Mapping):
            raise RoundFileError.of("file_not_object")
        kind = _OTHER_FORMATS.get(str(obj.get("format")))
        if kind is not None:  # another doko file, e.g. a game record given for a round file
            raise RoundFileError.of("file_kind", kind=_text("round." + kind, "en"),
                                    kind_de=_text("round." + kind, "de"),
                                    format=obj.get("format"), expected=FORMAT)
        known = {"format", "players", "games", "pflichtsoli", "time_limit", "started_at",
                 "rules", "entries", "current"}
        unknown = set(obj) - known
        if unknown:
            raise RoundFileError.of("file_unknown_keys", keys=", ".join(sorted(unknown)))
        if obj.get("format") != FORMAT:
            raise RoundFileError.of("file_format", format=FORMAT)
        players = obj.get("players")
        if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
            raise RoundFileError.of("file_players")
        games = obj.get("games")
        pflicht = obj.get("pflichtsoli")
        limit = obj.get("time_limit")
        started = obj.get("started_at")
        if games is not None and not _is_int(games):
            raise RoundFileError.of("file_games")
        if pflicht is not None and not isinstance(pflicht, bool):
            raise RoundFileError.of("file_pflichtsoli")
        for key, val in (("time_limit", limit), ("started_at", started)):
            if val is not None and (not isinstance(val, (int, float)) or isinstance(val, bool)):
                raise RoundFileError.of("file_number", key=key)
        try:
            rules = Rules.from_json(obj.get("rules", "tsr"))
        except ValueError as e:
            raise RoundFileError.of("file_rules", why=e, why_de=_german(e)) from None
        try:
            r = cls(players, games, rules=rules, pflichtsoli=pflicht, time_limit=limit,
                    started_at=started, clock=clock)
        except RoundError as e:
            raise RoundFileError(e.en, e.de) from None
        if limit is not None and started is None:
            r.started_at = None
        entries = obj.get("entries", [])
        if not isinstance(entries, list):
            raise RoundFileError.of("file_entries")
        for i, entry in enumerate(entries):
            if not isinstance(entry, Mapping):
                raise RoundFileError.of("file_entry_object", n=i + 1)
            item = dict(entry)
            stored_scores = item.pop("scores", None)
            try:
                row = r._apply(item)
            except ValueError as err:
                raise RoundFileError.of("file_entry", n=i + 1, why=err,
                                        why_de=_german(err)) from None
            if row is not None:
                if stored_scores is not None and list(row.scores) != stored_scores:
                    raise RoundFileError.of("file_scores", n=i + 1, stored=stored_scores,
                                            scores=list(row.scores))
                item["scores"] = list(row.scores)
            r._s.entries.append(item)
        current = obj.get("current")
        if current is not None:
            try:
                if not isinstance(current, Mapping):
                    raise RecordError("not_object")
                game = replay(current)
                r.keep_current(game)
            except (RecordError, ReplayError, RoundError) as err:
                raise RoundFileError.of("file_current", why=err, why_de=_german(err)) from None
        return r

    @classmethod
    def load(cls, path: str | os.PathLike[str], *,
             clock: Callable[[], float] = time.time) -> Round:
        """Resume a round from its file; later changes are written back to it."""
        obj = read_json_file(path, RoundFileError)
        try:
            r = cls.from_json(obj, clock=clock)
        except RoundFileError as e:
            if e.key != "file_kind":
                raise
            raise RoundFileError(_text("files.unreadable", "en", path=path, why=e.en),
                                 _text("files.unreadable", "de", path=path, why=e.de)) from None
        r.path = Path(path)
        return r


# ------------------------------------------------------------------------------------ Bock


def _bock_triggers(summary: GameSummary, result: Score,
                   enabled: Sequence[str]) -> tuple[str, ...]:
    """The Bock triggers a game fires (house rule). A party "lost" when it is not the winner
    (with no winner, TSR 7.1.3, both lost)."""
    fired: list[str] = []
    win = result.winner
    for t in enabled:
        if t == "tie_120":
            hit = summary.re_eyes == 120
        elif t == "solo_lost":
            hit = summary.solo and win != RE
        elif t == "called_game_lost":
            hit = ((summary.re_calls >= 1 and win != RE)
                   or (summary.kontra_calls >= 1 and win != KONTRA))
        elif t == "re_and_kontra":
            hit = summary.re_calls >= 1 and summary.kontra_calls >= 1
        else:  # pragma: no cover - BockRules checks the names
            hit = False
        if hit:
            fired.append(t)
    return tuple(fired)
