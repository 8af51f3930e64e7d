"""Game records (``doko-game/1``, JSON) and replay. The format is described in
``docs/record-format.md``.

>>> g = Game.deal(seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> rec = to_record(g)
>>> replay(rec).history == g.history and to_record(replay(rec)) == rec
True
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from doko.engine.actions import Action, ActionFormatError, from_dict, seat_of, to_dict
from doko.engine.backend import game_class
from doko.engine.cards import CardError, card_code, hand_from_codes, hand_kinds
from doko.engine.errors import IllegalActionError, RecordError, ReplayError
from doko.engine.game import Game
from doko.engine.rules import Rules

FORMAT = "doko-game/1"
_KEYS = {"format", "rules", "dealer", "hands", "owes_pflichtsolo", "vorfuehrung", "actions"}


def to_record(game: Game) -> dict[str, Any]:
    """The record of ``game``: its deal, round context and every action so far."""
    return {
        "format": FORMAT,
        "rules": game.rules.to_json(),
        "dealer": game.dealer,
        "hands": [[card_code(k) for k in hand_kinds(h)] for h in game.initial_hands],
        "owes_pflichtsolo": list(game.owes_pflichtsolo),
        "vorfuehrung": game.vorfuehrung,
        "actions": [to_dict(a) for a in game.history],
    }


def _seat(value: object, what: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RecordError(f"{what} must be a seat 0..3, got {value!r}")
    return value


def start_of(record: Mapping[str, Any], backend: str | None = None) -> tuple[Game, list[Action]]:
    """The game before its first action, and the record's actions; checks the format only.

    Raises :class:`RecordError` for anything that is not a valid record. ``backend``: the
    engine that replays it (:func:`doko.engine.backend.game_class`; default: the Python
    engine, the specification).
    """
    if not isinstance(record, Mapping):
        raise RecordError("a game record must be a JSON object")
    unknown = set(record) - _KEYS
    if unknown:
        raise RecordError(f"unknown keys in the record: {', '.join(sorted(unknown))}")
    missing = {"format", "dealer", "hands", "actions"} - set(record)
    if missing:
        raise RecordError(f"the record lacks: {', '.join(sorted(missing))}")
    if record["format"] != FORMAT:
        raise RecordError(f"'format' must be {FORMAT!r}, got {record['format']!r}")
    try:
        rules = Rules.from_json(record.get("rules", "tsr"))
    except ValueError as e:
        raise RecordError(f"'rules': {e}") from None
    dealer = _seat(record["dealer"], "'dealer'")
    hands_in = record["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != 4:
        raise RecordError("'hands' must be a list of four hands")
    hands = []
    for i, h in enumerate(hands_in):
        if not isinstance(h, list) or not all(isinstance(c, str) for c in h):
            raise RecordError(f"hand {i} must be a list of card codes")
        if len(h) != rules.hand_size:
            raise RecordError(
                f"hand {i} has {len(h)} cards, a hand has {rules.hand_size} (TSR 3.3.7)"
            )
        try:
            hands.append(hand_from_codes(h))
        except CardError as e:
            raise RecordError(f"hand {i}: {e}") from None
    owes = record.get("owes_pflichtsolo", [False] * 4)
    if not isinstance(owes, list) or len(owes) != 4 or not all(isinstance(x, bool) for x in owes):
        raise RecordError("'owes_pflichtsolo' must be a list of four true/false values")
    vf = record.get("vorfuehrung")
    if vf is not None:
        vf = _seat(vf, "'vorfuehrung'")
    try:
        cls = Game if backend is None else game_class(backend)
        game = cls(hands, dealer, owes_pflichtsolo=owes, vorfuehrung=vf, rules=rules)
    except ValueError as e:
        raise RecordError(str(e)) from None
    actions_in = record["actions"]
    if not isinstance(actions_in, list):
        raise RecordError("'actions' must be a list")
    actions = []
    for i, a in enumerate(actions_in):
        try:
            actions.append(from_dict(a))
        except (ActionFormatError, CardError) as e:
            raise RecordError(f"action {i}: {e}") from None
    return game, actions


def replay(record: Mapping[str, Any], backend: str | None = None) -> Game:
    """Replay a record, checking every action; returns the game in its final state (of the
    Python engine, or of ``backend``: see :func:`start_of`).

    Raises :class:`RecordError` for a malformed record and :class:`ReplayError` (with the
    action's index, seat and the rule broken) for an illegal action.
    """
    game, actions = start_of(record, backend)
    for i, a in enumerate(actions):
        try:
            game.apply(a)
        except IllegalActionError as e:
            raise ReplayError(i, seat_of(a), e) from None
    return game


def loads(text: str) -> dict[str, Any]:
    """Parse record JSON text into a dict; raises :class:`RecordError` on bad JSON."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError(f"not valid JSON: {e}") from None
    if not isinstance(obj, dict):
        raise RecordError("a game record must be a JSON object")
    return obj


def dumps(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)
