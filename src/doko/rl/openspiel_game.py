"""Doppelkopf as an OpenSpiel game, registered as ``python_doko`` (the ``openspiel`` extra).

Importing this module registers the game; ``pyspiel.load_game("python_doko")`` then makes it.
The deal is 48 chance nodes, one card each, in the order of TSR 3.3.7 (packets of three from the
dealer's left; the outcome is the card kind, its probability the share of that kind among the
cards not yet dealt). Then the players act with the action codes 0..58 of
:mod:`doko.engine.actions` (answers, namings, cards, calls on turn, concession, claim), as in the
PettingZoo environment. ``returns()`` are the game points of TSR 7 (solo x3, zero-sum);
``observation_tensor`` is :func:`doko.rl.encoding.observation` and
``information_state_tensor`` :func:`doko.rl.encoding.information_state` (with the whole public
history), both from the player's view only.

Parameters: ``dealer`` (0..3, default 0) and ``rules`` (a preset name, default ``"tsr"``).

>>> import pyspiel
>>> game = pyspiel.load_game("python_doko")
>>> state = game.new_initial_state()
>>> state.is_chance_node(), len(state.chance_outcomes())
(True, 24)
"""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import numpy.typing as npt
import pyspiel

from doko.engine.actions import NUM_CODES, code_of, describe, encode, seat_of
from doko.engine.backend import game_class, native_module, resolve
from doko.engine.cards import card_code, hand_from_codes
from doko.engine.game import Game
from doko.engine.result import seat_scores
from doko.engine.rules import Rules, preset
from doko.engine.view import view
from doko.rl.encoding import (
    INFO_SIZE,
    OBS_SIZE,
    OFFSETS,
    information_state,
    observation,
)

__all__ = ["GAME_NAME", "DokoGame", "DokoObserver", "DokoState"]

#: The name under which the game is registered.
GAME_NAME = "python_doko"
#: Chance nodes of the deal (48 cards), then at most 65 actions by the players.
_DEAL = 48
_MAX_LENGTH = _DEAL + 72
#: Bounds of a seat's score: a solo's factor 3 times a generous bound on a game's value.
_MAX_UTILITY = 150.0

#: Scratch arrays for the native encoder when only the mask is wanted.
_SCRATCH = np.zeros(OBS_SIZE, np.float32)
_MASK = np.zeros(64, np.int8)

_GAME_TYPE = pyspiel.GameType(
    short_name=GAME_NAME,
    long_name="Doppelkopf (DDV tournament rules)",
    dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
    chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
    information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
    utility=pyspiel.GameType.Utility.ZERO_SUM,
    reward_model=pyspiel.GameType.RewardModel.TERMINAL,
    max_num_players=4,
    min_num_players=4,
    provides_information_state_string=True,
    provides_information_state_tensor=True,
    provides_observation_string=True,
    provides_observation_tensor=True,
    provides_factored_observation_string=False,
    parameter_specification={"dealer": 0, "rules": "tsr"},
)
_GAME_INFO = pyspiel.GameInfo(
    num_distinct_actions=NUM_CODES,
    max_chance_outcomes=24,
    num_players=4,
    min_utility=-_MAX_UTILITY,
    max_utility=_MAX_UTILITY,
    utility_sum=0.0,
    max_game_length=_MAX_LENGTH,
)


def _deal_seat(i: int, dealer: int) -> int:
    """The seat that gets the ``i``-th card dealt: packets of three from the dealer's left."""
    return (dealer + 1 + i // 3) & 3


class _Config:
    """What the states need of the game's parameters (shared, never copied with a state)."""

    __slots__ = ("backend", "dealer", "game_cls", "native", "rules")

    def __init__(self, params: dict[str, Any]) -> None:
        self.dealer = int(params.get("dealer", 0))
        if not 0 <= self.dealer <= 3:
            raise ValueError(f"dealer must be 0..3, got {self.dealer}")
        self.rules: Rules = preset(str(params.get("rules", "tsr")))
        if not self.rules.nines:
            raise ValueError("python_doko deals 48 cards: rules without nines are not offered")
        self.backend = resolve(None)
        self.game_cls = game_class(self.backend)
        self.native = native_module() if self.backend == "native" else None

    def __deepcopy__(self, memo: dict[int, Any]) -> _Config:
        return self


class DokoGame(pyspiel.Game):  # type: ignore[misc]
    """The game: its rules and dealer (parameters)."""

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        super().__init__(_GAME_TYPE, _GAME_INFO, params or {})
        self.config = _Config(self.get_parameters())

    def new_initial_state(self) -> DokoState:
        return DokoState(self, self.config)

    def make_py_observer(self, iig_obs_type: Any = None,
                         params: dict[str, Any] | None = None) -> DokoObserver:
        perfect_recall = bool(iig_obs_type is not None and iig_obs_type.perfect_recall)
        return DokoObserver(perfect_recall, params)


class DokoState(pyspiel.State):  # type: ignore[misc]
    """A state: the cards dealt so far, then the engine game."""

    def __init__(self, game: DokoGame, config: _Config) -> None:
        super().__init__(game)
        self.config = config
        self.dealt: list[int] = []
        self.left = [2] * 24
        self.game: Game | None = None

    def current_player(self) -> int:
        g = self.game
        if g is None:
            return int(pyspiel.PlayerId.CHANCE)
        if g.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        return int(g.to_move)

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = _DEAL - len(self.dealt)
        return [(k, c / n) for k, c in enumerate(self.left) if c]

    def _legal_actions(self, player: int) -> list[int]:
        g = self.game
        if g is None or g.is_over or player != g.to_move:
            return []
        native = self.config.native
        if native is not None:  # the mask the native encoder writes with the observation
            native.encode_observation(g, player, _SCRATCH, _MASK)
            return [int(c) for c in np.flatnonzero(_MASK)]
        return sorted({code_of(a) for a in view(g, player).legal_actions
                       if seat_of(a) == player})

    def _apply_action(self, action: int) -> None:
        if self.game is None:
            if not self.left[action]:
                raise ValueError(f"card kind {action} is dealt out")
            self.left[action] -= 1
            self.dealt.append(action)
            if len(self.dealt) == _DEAL:
                self._start()
            return
        g = self.game
        g.apply(encode(g.to_move, action))

    def _start(self) -> None:
        codes: list[list[str]] = [[], [], [], []]
        cfg = self.config
        for i, k in enumerate(self.dealt):
            codes[_deal_seat(i, cfg.dealer)].append(card_code(k))
        hands = [hand_from_codes(c) for c in codes]
        self.game = cfg.game_cls(hands, cfg.dealer, rules=cfg.rules)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"Deal:{card_code(action)}"
        return describe(encode(player, action), "en")

    def is_terminal(self) -> bool:
        return self.game is not None and self.game.is_over

    def returns(self) -> list[float]:
        g = self.game
        if g is None or not g.is_over:
            return [0.0, 0.0, 0.0, 0.0]
        native = self.config.native
        scores = list(native.game_scores(g)) if native is not None else seat_scores(g)
        return [float(s) for s in scores]

    def own_dealt(self, player: int) -> list[int]:
        """The kinds dealt to ``player`` so far (during the deal)."""
        dealer = self.config.dealer
        return [k for i, k in enumerate(self.dealt) if _deal_seat(i, dealer) == player]

    def __str__(self) -> str:
        if self.game is None:
            return f"dealing: {len(self.dealt)} cards"
        return " ".join(str(a) for a in self.game.history)


class DokoObserver:
    """OpenSpiel's observer: the observation (or, with perfect recall, the information-state)
    tensor of a player, and a string of its view."""

    def __init__(self, perfect_recall: bool, params: dict[str, Any] | None) -> None:
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.perfect_recall = perfect_recall
        self.tensor: npt.NDArray[np.float32] = np.zeros(
            INFO_SIZE if perfect_recall else OBS_SIZE, np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state: DokoState, player: int) -> None:
        g = state.game
        if g is None:
            self.tensor[:] = 0.0
            a = OFFSETS["hand"][0]
            for k in state.own_dealt(player):
                self.tensor[a + k] += 1.0
            return
        native = state.config.native
        if native is not None:
            if self.perfect_recall:
                native.encode_information_state(g, player, self.tensor)
            else:
                native.encode_observation(g, player, self.tensor)
            return
        v = view(g, player)
        if self.perfect_recall:
            information_state(v, self.tensor)
        else:
            observation(v, self.tensor)

    def string_from(self, state: DokoState, player: int) -> str:
        g = state.game
        if g is None:
            return "dealt:" + " ".join(card_code(k) for k in sorted(state.own_dealt(player)))
        data = view(g, player).to_json()
        if not self.perfect_recall:
            del data["history"]
        return json.dumps(data, sort_keys=True)


pyspiel.register_game(_GAME_TYPE, DokoGame)
