"""doko: Doppelkopf by the tournament rules (TSR) of the Deutscher Doppelkopf-Verband.

The public API, importable from ``doko`` directly (the module paths behind it are an
implementation detail):

* the game: :class:`Game` (deal, ``legal_actions``, ``verify``/``can_apply``/``apply``),
  :func:`view` and :class:`SeatView` (what one seat may know), :class:`Rules` and
  :data:`PRESETS` (``tsr``, ``hausregeln``), the vocabulary (:class:`Action`, :func:`encode`,
  :class:`Party`, :class:`Phase`, :class:`Contract`, :class:`CallLevel`);
* records and scoring: :func:`to_record`, :func:`replay`, :func:`loads`, :func:`dumps`
  (``doko-game/1``), :func:`score` of a :class:`GameSummary` (TSR 7), :func:`game_result`;
* rounds: :class:`Round` (the Spielrunde and its Spielliste), :func:`sheet_json`;
* computer players: :func:`make_player`, :func:`player_names`, :func:`play_game`;
* errors, all ``ValueError``: :class:`DokoError`, :class:`IllegalActionError` (with the TSR
  clause broken), :class:`RecordError`, :class:`ReplayError`, :class:`RoundError`,
  :class:`RulesError`;
* the engines: :func:`backend` names the one in use (``"python"`` or ``"native"``, see
  ``docs/native.md``), :func:`game_class` gives its game class.

>>> from doko import Game, view
>>> g = Game.deal(seed=1)
>>> len(view(g, 0).hand)
12
"""

from doko.bots.base import make_player, play_game, player_names
from doko.engine.actions import Action, describe, encode, from_dict, to_dict
from doko.engine.backend import game_class
from doko.engine.backend import resolve as backend
from doko.engine.errors import DokoError, IllegalActionError, RecordError, ReplayError
from doko.engine.game import Game
from doko.engine.record import dumps, loads, replay, to_record
from doko.engine.result import game_result
from doko.engine.rules import HAUSREGELN, PRESETS, TSR, Rules, RulesError
from doko.engine.scoring import GameSummary, Score, score
from doko.engine.view import SeatView, view
from doko.engine.vocab import CallLevel, Contract, Party, Phase
from doko.session import Round, RoundError, sheet_json

__version__ = "0.1.0"

__all__ = [
    "HAUSREGELN",
    "PRESETS",
    "TSR",
    "Action",
    "CallLevel",
    "Contract",
    "DokoError",
    "Game",
    "GameSummary",
    "IllegalActionError",
    "Party",
    "Phase",
    "RecordError",
    "ReplayError",
    "Round",
    "RoundError",
    "Rules",
    "RulesError",
    "Score",
    "SeatView",
    "backend",
    "describe",
    "dumps",
    "encode",
    "from_dict",
    "game_class",
    "game_result",
    "loads",
    "make_player",
    "play_game",
    "player_names",
    "replay",
    "score",
    "sheet_json",
    "to_dict",
    "to_record",
    "view",
]
