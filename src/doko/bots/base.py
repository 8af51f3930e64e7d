"""The player interface and the loop that plays a game with players.

A :class:`Player` decides from its own seat's :class:`~doko.engine.view.SeatView` only: it never
sees another hand. :meth:`Player.decide` is called

* when the seat must act (``view.to_play``): answer the Vorbehaltsabfrage, name a Vorbehalt, or
  play a card; it must return one of ``view.legal_actions`` (a card play, or a call, concession
  or claim, which are also legal then);
* whenever the seat may call (or, as soloist, concede or claim) while another seat is to act:
  it returns one of ``view.legal_actions`` or ``None`` to let the moment pass.

Players are deterministic given their seed. Register a player class with :func:`register` so
that front ends and the arena can create it by name (:func:`make_player`).

>>> from doko.engine.game import Game
>>> g = Game.deal(seed=4)
>>> players = [make_player("random", seed=s) for s in range(4)]
>>> play_game(g, players).is_over
True
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Callable, Sequence

from doko.engine.actions import Action
from doko.engine.game import Game
from doko.engine.view import SeatView, view


class Player(ABC):
    """A computer (or remote human) player; one instance per seat and game series."""

    #: the name under which the class is registered (``random``, ``rules``, ``search``)
    name = "player"

    def __init__(self, seed: int | None = None) -> None:
        self.seed = seed

    @abstractmethod
    def decide(self, view: SeatView) -> Action | None:
        """An action from ``view.legal_actions``; ``None`` only when not ``view.to_play``."""

    def playout_count(self) -> int | None:
        """How many playouts or rollouts this instance has made so far, over all its
        decisions (the arena reports them per decision); None for a player that makes none."""
        return None


class PlayerError(RuntimeError):
    """A player returned an action that is not legal for its seat now."""


_REGISTRY: dict[str, Callable[..., Player]] = {}


def register(name: str) -> Callable[[type[Player]], type[Player]]:
    """Class decorator: make the player available as ``make_player(name)``."""

    def deco(cls: type[Player]) -> type[Player]:
        cls.name = name
        _REGISTRY[name] = cls
        return cls

    return deco


def player_names() -> list[str]:
    """Names of the registered players."""
    _load_builtin()
    return sorted(_REGISTRY)


def player_accepts(name: str, option: str) -> bool:
    """Whether the registered player ``name`` takes the constructor option ``option`` (e.g.
    ``budget_ms``); raises ValueError for an unknown player."""
    import inspect

    _load_builtin()
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown player {name!r}; known: {', '.join(sorted(_REGISTRY))}"
        ) from None
    return option in inspect.signature(factory).parameters


def make_player(name: str, seed: int | None = None, **options: object) -> Player:
    """A new player of the registered kind ``name``; raises ValueError for an unknown one."""
    _load_builtin()
    try:
        factory = _REGISTRY[name]
    except KeyError:
        raise ValueError(
            f"unknown player {name!r}; known: {', '.join(sorted(_REGISTRY))}"
        ) from None
    return factory(seed=seed, **options)


def _load_builtin() -> None:
    import importlib
    import importlib.util

    for module in ("doko.bots.random_player", "doko.bots.rules_player",
                   "doko.bots.search_player", "doko.bots.uct_player"):
        if importlib.util.find_spec(module) is not None:
            importlib.import_module(module)


def offer_calls(game: Game, players: Sequence[Player | None]) -> bool:
    """Ask every seat not on turn that may act now (calls, concession, claim) whether it wants
    to; applies the first action taken. Returns True if an action was applied."""
    on_turn = game.to_move
    for i in range(1, 5):
        seat = (on_turn + i) & 3 if on_turn >= 0 else i - 1
        if seat == on_turn:
            continue
        player = players[seat]
        if player is None or not game.legal_actions(seat):
            continue
        v = view(game, seat)
        a = player.decide(v)
        if a is not None:
            _check(a, v, player)
            game.apply(a)
            return True
    return False


def _check(a: Action, v: SeatView, player: Player) -> None:
    if a not in v.legal_actions:
        from doko.engine.actions import describe

        where = "" if v.seat is None else f" at seat {v.seat + 1}"
        raise PlayerError(
            f"player {player.name!r}{where} chose {describe(a, 'en')}, which is not legal now"
        )


def step(game: Game, players: Sequence[Player | None]) -> Action:
    """Let the players make one decision: first the seats that may call out of turn, then the
    seat on turn. Returns the action applied."""
    before = len(game.history)
    if offer_calls(game, players):
        return game.history[before]
    seat = game.to_move
    player = players[seat]
    if player is None:
        raise PlayerError(f"seat {seat + 1} has no player")
    v = view(game, seat)
    a = player.decide(v)
    if a is None:
        raise PlayerError(f"player {player.name!r} at seat {seat + 1} must act but passed")
    _check(a, v, player)
    game.apply(a)
    return a


def play_game(game: Game, players: Sequence[Player], max_actions: int = 1000) -> Game:
    """Play ``game`` to its end with one player per seat; returns the game.

    After a concession Kontra's seats are offered their remaining calls (TSR 5.4.7).
    """
    if len(players) != 4:
        raise ValueError("play_game needs four players")
    for _ in range(max_actions):
        if game.is_over:
            while offer_calls(game, players):
                pass
            return game
        step(game, players)
    raise PlayerError(f"the game did not end within {max_actions} actions")
