"""Observation tensors for reinforcement learning, built from one seat's view only.

:func:`observation` turns a :class:`~doko.engine.view.SeatView` into a flat ``float32`` vector of
:data:`OBS_SIZE` numbers; :func:`as_dict` splits such a vector into its named fields;
:func:`information_state` adds the seat's dealt hand and the whole public history. The native
core writes the same numbers from its game state (``doko_native.encode_observation``,
``native/src/vector.rs``); the tests keep both equal. Everything is read from the view, so no
number depends on a card the seat cannot see (:mod:`doko.engine.view`, TSR 5.5).

Seats are *relative*: index 0 is the observing seat, 1 its left neighbour (the next to play),
2 the seat opposite, 3 its right neighbour. Parties are absolute (0 Re, 1 Kontra). The fields,
in order (``docs/rl.md`` has the same table):

=================  ====  ==========================================================================
field              size  meaning
=================  ====  ==========================================================================
hand               24    own cards: count (0, 1, 2) of each card kind (``doko.engine.cards``)
played             96    4 x 24: cards each relative seat has played so far (counts)
trick              96    4 x 24: the card each relative seat played to the unfinished trick
leader             4     who leads the unfinished trick (in trick play only; TSR 5.1)
to_move            4     who is to act (none once the game is over)
dealer             4     the dealer
phase              4     Vorbehaltsabfrage, naming, trick play, finished (TSR 4.1, 5)
contract           16    [0] not known yet, [1 + c] the contract ``c`` (``Contract``) as the seat
                         knows it: a hidden stille Hochzeit reads Normalspiel (TSR 4.4.5), a
                         Hochzeit turned solo reads Karo-Solo (TSR 4.4.3 b)
solo_kind          2     [0] the game is a Pflichtsolo, [1] it is a Vorführung (TSR 4.2)
soloist            4     the soloist as far as the seat knows (TSR 4.3)
hochzeiter         4     who announced a Hochzeit (TSR 4.4)
parties            8     4 x (known Re, known Kontra): the parties the seat knows (TSR 5.5.1)
clarified          1     all four parties are public (TSR 5.5.2)
calls              20    4 x 5: relative seat made a call of level 1 (Re/Kontra) .. 5 (schwarz)
party_level        10    2 x 5: party Re/Kontra has reached level >= 1 .. 5 (TSR 6.4.3)
call_timing        3     [0, 1] Re's / Kontra's first Ansage was on time, so Absagen may follow
                         (TSR 6.4.4); [2] the Hochzeit's shift of the deadlines in cards (6.4.2)
hand_sizes         4     cards in hand of each relative seat / hand size (deadlines: TSR 6.2.2,
                         6.3.4 count the caller's cards)
tricks_won         4     tricks won by each relative seat / tricks per game
eyes_won           4     Augen won by each relative seat / 240 (TSR 7.1)
answers            8     4 x (answered gesund, answered Vorbehalt) in the Vorbehaltsabfrage (4.1)
owes_pflichtsolo   4     relative seat still owes a Pflichtsolo in the round (TSR 4.2.1)
vorfuehrung        4     relative seat is vorgeführt this game (TSR 4.2.3)
round              2     [0] a whole round is played, [1] games played / games of the round
legal              59    the action codes 0..58 the seat may take now (``doko.engine.actions``)
rules              8     nines, marriage shift, Re/Kontra double, Dulle moves, soloist leads,
                         Dulle rule (3, one-hot)
=================  ====  ==========================================================================

>>> from doko.engine.game import Game
>>> from doko.engine.view import view
>>> g = Game.deal(seed=7)
>>> x = observation(view(g, 1))
>>> x.shape, x.dtype, OBS_SIZE
((397,), dtype('float32'), 397)
>>> d = as_dict(x)
>>> int(d["hand"].sum()), int(d["legal"][24]), int(d["legal"][25])  # 12 cards; gesund, Vorbehalt
(12, 1, 1)
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import numpy.typing as npt

from doko.engine.actions import (
    BLACK,
    CALL_RE,
    HEALTHY,
    MARRIAGE,
    NUM_CODES,
    RESERVATION,
    WITHDRAW,
    code_of,
    is_solo_code,
    seat_of,
)
from doko.engine.cards import EYES
from doko.engine.game import CALL_MIN_CARDS
from doko.engine.rules import DULLE_RULES
from doko.engine.view import SeatView
from doko.engine.vocab import Contract, Phase

__all__ = [
    "FIELDS",
    "HISTORY_SLOTS",
    "INFO_SIZE",
    "OBS_SIZE",
    "RoundInfo",
    "as_dict",
    "information_state",
    "observation",
]

#: The fields of the flat observation, in order: (name, size).
FIELDS: tuple[tuple[str, int], ...] = (
    ("hand", 24),
    ("played", 96),
    ("trick", 96),
    ("leader", 4),
    ("to_move", 4),
    ("dealer", 4),
    ("phase", 4),
    ("contract", 1 + len(Contract)),
    ("solo_kind", 2),
    ("soloist", 4),
    ("hochzeiter", 4),
    ("parties", 8),
    ("clarified", 1),
    ("calls", 20),
    ("party_level", 10),
    ("call_timing", 3),
    ("hand_sizes", 4),
    ("tricks_won", 4),
    ("eyes_won", 4),
    ("answers", 8),
    ("owes_pflichtsolo", 4),
    ("vorfuehrung", 4),
    ("round", 2),
    ("legal", NUM_CODES),
    ("rules", 8),
)


def _offsets() -> dict[str, tuple[int, int]]:
    out: dict[str, tuple[int, int]] = {}
    pos = 0
    for name, size in FIELDS:
        out[name] = (pos, pos + size)
        pos += size
    return out


#: ``OFFSETS[name] = (start, stop)`` of each field in the flat vector.
OFFSETS = _offsets()
#: Length of the flat observation.
OBS_SIZE = sum(size for _, size in FIELDS)
#: Actions of the public history the information state holds (a game has at most 67).
HISTORY_SLOTS = 72
#: One history slot: the acting relative seat (4, one-hot) and the action code (59, one-hot).
SLOT_SIZE = 4 + NUM_CODES
#: Length of the information-state tensor: the observation, the dealt hand (24 counts) and the
#: history slots.
INFO_SIZE = OBS_SIZE + 24 + HISTORY_SLOTS * SLOT_SIZE

_O = {name: start for name, (start, _) in OFFSETS.items()}
_CONTRACT_INDEX = {c.record_name: int(c) for c in Contract}
_PLAY = Phase.PLAY
_FINISHED = Phase.FINISHED

Array = npt.NDArray[np.float32]


@dataclass(frozen=True)
class RoundInfo:
    """Where the game stands in a round of ``games_total`` games (``games_played`` before it)."""

    games_played: int
    games_total: int


def _hand_size(v: SeatView) -> int:
    return v.rules.hand_size


def observation(v: SeatView, out: Array | None = None, *,
                round_info: RoundInfo | None = None) -> Array:
    """The flat observation of ``v`` (a seat's view, not a spectator's) as ``float32``; written
    into ``out`` (length :data:`OBS_SIZE`, zeroed here) when given."""
    s = v.seat
    if s is None:
        raise ValueError("an observation needs a seat's view, not a spectator's")
    x = np.zeros(OBS_SIZE, np.float32) if out is None else out
    if out is not None:
        x[:] = 0.0
    o = _O
    size = _hand_size(v)
    for k in v.hand:
        x[o["hand"] + k] += 1.0
    # the history: cards played, answers, calls (with the cards the caller held), the Hochzeit
    played_n = [0, 0, 0, 0]
    first_call_held: list[int | None] = [None, None]
    call_i = 0
    hochzeiter = -1
    pflicht = False
    for a in v.history:
        seat, code = seat_of(a), code_of(a)
        r = (seat - s) & 3
        if code < 24:
            x[o["played"] + r * 24 + code] += 1.0
            played_n[seat] += 1
        elif code in (HEALTHY, RESERVATION):
            x[o["answers"] + r * 2 + (code - HEALTHY)] = 1.0
        elif code == WITHDRAW:  # a Vorbehalt taken back counts as "gesund" (TSR 4.1.2)
            x[o["answers"] + r * 2] = 1.0
            x[o["answers"] + r * 2 + 1] = 0.0
        elif code == MARRIAGE:
            hochzeiter = seat
        elif is_solo_code(code):
            pflicht = v.owes_pflichtsolo[seat]
        elif CALL_RE <= code <= BLACK:
            _, party, call_level = v.calls[call_i]
            call_i += 1
            x[o["calls"] + r * 5 + int(call_level) - 1] = 1.0
            if first_call_held[party] is None:
                first_call_held[party] = size - played_n[seat]
    for seat, k in v.trick:
        x[o["trick"] + ((seat - s) & 3) * 24 + k] = 1.0
    if v.phase == _PLAY:
        x[o["leader"] + ((v.trick_leader - s) & 3)] = 1.0
    if v.phase != _FINISHED and v.to_move >= 0:
        x[o["to_move"] + ((v.to_move - s) & 3)] = 1.0
    x[o["dealer"] + ((v.dealer - s) & 3)] = 1.0
    x[o["phase"] + int(v.phase)] = 1.0
    x[o["contract"] + (0 if v.contract is None else 1 + _CONTRACT_INDEX[v.contract])] = 1.0
    if pflicht:
        x[o["solo_kind"]] = 1.0
    if v.vorfuehrung is not None:
        x[o["solo_kind"] + 1] = 1.0
        x[o["vorfuehrung"] + ((v.vorfuehrung - s) & 3)] = 1.0
    if v.soloist is not None:
        x[o["soloist"] + ((v.soloist - s) & 3)] = 1.0
    if hochzeiter >= 0:
        x[o["hochzeiter"] + ((hochzeiter - s) & 3)] = 1.0
    for seat, known in enumerate(v.parties):
        if known is not None:
            x[o["parties"] + ((seat - s) & 3) * 2 + int(known)] = 1.0
    if v.partnerships_clarified:
        x[o["clarified"]] = 1.0
    level = [0, 0]
    for _, called_by, called in v.calls:
        level[called_by] = max(level[called_by], int(called))
    for pi in (0, 1):
        for li in range(level[pi]):
            x[o["party_level"] + pi * 5 + li] = 1.0
    # the deadlines' shift by the Klärungsstich of a Hochzeit (TSR 6.4.2)
    shift = 0
    if hochzeiter >= 0 and v.rules.marriage_shift:
        for i, (_, _, w) in enumerate(v.tricks[:3]):
            if w != hochzeiter:
                shift = i
                break
        else:
            if len(v.tricks) >= 3:
                shift = 2
    base = 0 if v.rules.nines else 2
    for pi in (0, 1):
        held = first_call_held[pi]
        if held is not None and held >= CALL_MIN_CARDS[1] - base - shift:
            x[o["call_timing"] + pi] = 1.0
    x[o["call_timing"] + 2] = float(shift)
    for seat in range(4):
        r = (seat - s) & 3
        x[o["hand_sizes"] + r] = v.hand_sizes[seat] / size
        if v.owes_pflichtsolo[seat]:
            x[o["owes_pflichtsolo"] + r] = 1.0
    won = [0, 0, 0, 0]
    eyes = [0, 0, 0, 0]
    for _, cards, w in v.tricks:
        won[w] += 1
        eyes[w] += EYES[cards[0]] + EYES[cards[1]] + EYES[cards[2]] + EYES[cards[3]]
    for seat in range(4):
        r = (seat - s) & 3
        x[o["tricks_won"] + r] = won[seat] / size
        x[o["eyes_won"] + r] = eyes[seat] / 240
    if round_info is not None:
        x[o["round"]] = 1.0
        x[o["round"] + 1] = round_info.games_played / round_info.games_total
    for a in v.legal_actions:
        if seat_of(a) == s:
            x[o["legal"] + code_of(a)] = 1.0
    rules = v.rules
    rb = o["rules"]
    x[rb] = float(rules.nines)
    x[rb + 1] = float(rules.marriage_shift)
    x[rb + 2] = float(rules.re_kontra_double)
    x[rb + 3] = float(rules.dulle_moves)
    x[rb + 4] = float(rules.soloist_leads)
    x[rb + 5 + DULLE_RULES.index(rules.dulle)] = 1.0
    return x


def information_state(v: SeatView, out: Array | None = None, *,
                      round_info: RoundInfo | None = None) -> Array:
    """The information-state tensor of ``v``: :func:`observation`, the hand the seat was dealt
    (its hand and the cards it has played) and the whole public history, one slot per action
    (acting relative seat and action code, one-hot) in :data:`HISTORY_SLOTS` slots."""
    s = v.seat
    if s is None:
        raise ValueError("an information state needs a seat's view, not a spectator's")
    x = np.zeros(INFO_SIZE, np.float32) if out is None else out
    if out is not None:
        x[:] = 0.0
    observation(v, x[:OBS_SIZE], round_info=round_info)
    dealt = OBS_SIZE
    for k in v.hand:
        x[dealt + k] += 1.0
    base = dealt + 24
    if len(v.history) > HISTORY_SLOTS:
        raise ValueError(f"a history of {len(v.history)} actions does not fit the tensor")
    for i, a in enumerate(v.history):
        seat, code = seat_of(a), code_of(a)
        if code < 24 and seat == s:
            x[dealt + code] += 1.0
        slot = base + i * SLOT_SIZE
        x[slot + ((seat - s) & 3)] = 1.0
        x[slot + 4 + code] = 1.0
    return x


def as_dict(x: Array) -> dict[str, Array]:
    """The named fields of a flat observation (views into ``x``, shaped as documented: the
    per-seat fields as ``(4, n)``)."""
    if x.shape[-1] < OBS_SIZE:
        raise ValueError(f"an observation has {OBS_SIZE} numbers, got {x.shape[-1]}")
    out: dict[str, Array] = {}
    for name, (a, b) in OFFSETS.items():
        part = x[..., a:b]
        if name in ("played", "trick", "calls", "parties", "answers"):
            part = part.reshape(*x.shape[:-1], 4, (b - a) // 4)
        elif name == "party_level":
            part = part.reshape(*x.shape[:-1], 2, 5)
        out[name] = part
    return out
