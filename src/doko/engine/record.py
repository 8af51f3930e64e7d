"""Game records (``doko-game/1``, JSON) and replay. The format is described in
``docs/record-format.md``.

>>> g = Game.deal(seed=3)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> rec = to_record(g)
>>> replay(rec).history == g.history and to_record(replay(rec)) == rec
True

A record that is not valid raises :class:`~doko.engine.errors.RecordError`, an illegal action
in it :class:`~doko.engine.errors.ReplayError`; both have their message in English (``str``)
and German (``text("de")``) from the text catalogue (``record.*``)::

>>> try:
...     loads('{"format": "doko-game/2"')
... except RecordError as e:
...     print(e); print(e.text("de"))
not valid JSON: Expecting ',' delimiter: line 1 column 25 (char 24)
kein gültiges JSON: ',' erwartet: Zeile 1, Spalte 25 (Zeichen 24)
"""

from __future__ import annotations

import json
from collections.abc import Mapping
from typing import Any

from doko.engine.actions import Action, ActionFormatError, code_of, from_dict, seat_of, to_dict
from doko.engine.backend import game_class
from doko.engine.cards import NUM_KINDS, CardError, card_code, hand_from_codes, hand_kinds
from doko.engine.errors import IllegalActionError, RecordError, ReplayError, json_params
from doko.engine.game import Game
from doko.engine.rules import Rules, RulesError

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


def _seat(value: object, field: str) -> int:
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value <= 3:
        raise RecordError("seat", field=field, value=value)
    return value


def _check_deck(hands: list[int], rules: Rules) -> None:
    """The four hands hold every card exactly twice (TSR 2.2.1), without the nines if the rules
    play without them: the check of ``Game.__init__``, made here with a catalogued message."""
    total = [0] * NUM_KINDS
    for h in hands:
        for k in hand_kinds(h):
            total[k] += 1
    want = [0 if not rules.nines and k % 6 == 0 else 2 for k in range(NUM_KINDS)]
    bad = [card_code(k) for k in range(NUM_KINDS) if total[k] != want[k]]
    if bad:
        raise RecordError("deck" if rules.nines else "deck_no_nines", cards=bad)


def start_of(record: Mapping[str, Any], backend: str | None = None) -> tuple[Game, list[Action]]:
    """The game before its first action, and the record's actions; checks the format only.

    Raises :class:`RecordError` for anything that is not a valid record. ``backend``: the
    engine that replays it (:func:`doko.engine.backend.game_class`; default: the Python
    engine, the specification).
    """
    if not isinstance(record, Mapping):
        raise RecordError("not_object")
    if record.get("format") == "doko-round/1":  # a round file given for a game record
        raise RecordError("round_file", format=record["format"], expected=FORMAT)
    unknown = set(record) - _KEYS
    if unknown:
        raise RecordError("unknown_keys", keys=", ".join(sorted(unknown)))
    missing = {"format", "dealer", "hands", "actions"} - set(record)
    if missing:
        raise RecordError("missing", keys=", ".join(sorted(missing)))
    if record["format"] != FORMAT:
        raise RecordError("format", format=FORMAT, value=record["format"])
    try:
        rules = Rules.from_json(record.get("rules", "tsr"))
    except RulesError as e:
        raise RecordError("rules", e) from None
    dealer = _seat(record["dealer"], "dealer")
    hands_in = record["hands"]
    if not isinstance(hands_in, list) or len(hands_in) != 4:
        raise RecordError("hands")
    hands = []
    for i, h in enumerate(hands_in):
        if not isinstance(h, list) or not all(isinstance(c, str) for c in h):
            raise RecordError("hand_codes", hand=i + 1)
        if len(h) != rules.hand_size:
            raise RecordError("hand_size", hand=i + 1, n=len(h), size=rules.hand_size)
        try:
            hands.append(hand_from_codes(h))
        except CardError as e:
            raise RecordError("hand_card", e, hand=i + 1) from None
    _check_deck(hands, rules)
    owes = record.get("owes_pflichtsolo", [False] * 4)
    if not isinstance(owes, list) or len(owes) != 4 or not all(isinstance(x, bool) for x in owes):
        raise RecordError("owes")
    vf = record.get("vorfuehrung")
    if vf is not None:
        vf = _seat(vf, "vorfuehrung")
        if not owes[vf]:
            raise RecordError("vorf_owes", value=vf)
    cls = Game if backend is None else game_class(backend)
    try:
        game = cls(hands, dealer, owes_pflichtsolo=owes, vorfuehrung=vf, rules=rules)
    except ValueError as e:  # pragma: no cover - the checks above are those of Game.__init__
        raise RecordError("deal", why=str(e)) from None
    actions_in = record["actions"]
    if not isinstance(actions_in, list):
        raise RecordError("actions")
    actions = []
    for i, a in enumerate(actions_in):
        try:
            actions.append(from_dict(a))
        except (ActionFormatError, CardError) as e:
            raise RecordError("action_entry", e, index=i) from None
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


def take_back(game: Game, seat: int) -> Game | None:
    """The game as it was before ``seat``'s last card: replayed from its record without that
    card and what followed it (calls at most), never patched in place. ``None`` when that card
    is not the last card played (a card followed by another's cannot be taken back) or
    ``seat`` has played none. Whether taking back is allowed at all (against computer players
    only) is the front end's decision.

    >>> g = Game.deal(seed=3)
    >>> while len(g.tricks) < 2:
    ...     g.apply(g.legal_actions()[0])
    >>> last = g.history[-1]
    >>> back = take_back(g, seat_of(last))
    >>> back is not None and back.history == g.history[:-1]
    True
    >>> take_back(g, (seat_of(last) + 1) & 3) is None
    True
    """
    history = game.history
    i = len(history) - 1
    while i >= 0 and code_of(history[i]) >= 24:  # calls after the card
        i -= 1
    if i < 0 or seat_of(history[i]) != seat:
        return None
    return replay({**to_record(game), "actions": [to_dict(a) for a in history[:i]]},
                  "native" if type(game) is not Game else "python")


def loads(text: str) -> dict[str, Any]:
    """Parse record JSON text into a dict; raises :class:`RecordError` on bad JSON."""
    try:
        obj = json.loads(text)
    except json.JSONDecodeError as e:
        raise RecordError("invalid_json", **json_params(e)) from None
    if not isinstance(obj, dict):
        raise RecordError("not_object")
    return obj


def dumps(game: Game, indent: int | None = None) -> str:
    """The record of ``game`` as JSON text."""
    return json.dumps(to_record(game), indent=indent, ensure_ascii=False)
