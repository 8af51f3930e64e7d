"""What one seat knows (TSR 5.5): its own hand, everything public, and the parties it knows.

Every action is public (answers, namings, calls and cards are said or shown at the table); the
hidden information is the other hands, and with it the parties. A stille Hochzeit looks like a
Normalspiel to the others until its holder plays the second ♣Q (TSR 4.4.5) or concedes.

A view speaks the vocabulary of :mod:`doko.engine.vocab`: its phase is a
:class:`~doko.engine.vocab.Phase`,
parties are :class:`~doko.engine.vocab.Party` members, call levels
:class:`~doko.engine.vocab.CallLevel`;
:meth:`SeatView.to_json` writes their record names. The contract stays its record name
(``"normal"``, ``"solo_queens"`` ...: a hidden stille Hochzeit reads ``"normal"``).

>>> from doko.engine.game import Game
>>> from doko.engine.actions import encode, HEALTHY
>>> g = Game.deal(seed=7)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> v = view(g, 1)
>>> v.phase, v.contract, len(v.hand), v.parties[1] in (Party.RE, Party.KONTRA)
(<Phase.PLAY: 2>, 'normal', 12, True)
>>> v.to_json()["phase"], v.to_json()["parties"][1] in ("re", "kontra")
('play', True)
>>> view(g, None).hand
()
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from doko.engine.actions import CLAIM, Action, code_of, to_dict
from doko.engine.cards import QC, card_code, hand_count
from doko.engine.claims import claim_certain
from doko.engine.contracts import (
    MARRIAGE,
    NORMAL,
    ORDERS,
    PIG_ORDERS,
    SILENT_MARRIAGE,
    TRUMP,
    card_order,
    order_index,
)
from doko.engine.game import KONTRA, PLAY, RE, Game
from doko.engine.rules import TSR, Rules
from doko.engine.vocab import CallLevel, Party, Phase


@dataclass(frozen=True)
class SeatView:
    """A seat's view of a game (``seat`` None: a spectator, who sees no hand)."""

    seat: int | None
    phase: Phase
    dealer: int
    to_move: int
    #: the game kind as this seat knows it (None during the Vorbehaltsabfrage; a hidden
    #: stille Hochzeit reads "normal" to the others)
    contract: str | None
    soloist: int | None
    hand: tuple[int, ...]
    hand_sizes: tuple[int, ...]
    trick_leader: int
    trick: tuple[tuple[int, int], ...]
    tricks: tuple[tuple[int, tuple[int, ...], int], ...]
    #: calls made so far: (seat, party, level); level 1 = Re/Kontra ... 5 = schwarz
    calls: tuple[tuple[int, Party, CallLevel], ...]
    #: Party.RE, Party.KONTRA or None for each seat, as far as this seat knows
    parties: tuple[Party | None, ...]
    #: True once all four parties are public by the criteria of TSR 5.5.1 (5.5.2)
    partnerships_clarified: bool
    legal_actions: tuple[Action, ...]
    history: tuple[Action, ...]
    #: the round context and rules (public): who owes a Pflichtsolo, who is vorgeführt
    rules: Rules = TSR
    owes_pflichtsolo: tuple[bool, ...] = (False, False, False, False)
    vorfuehrung: int | None = None
    #: the game kind's card order, once known to this seat (index into doko.engine.contracts.ORDERS)
    order: int | None = None
    #: the seats that announced the Schweinchen, Super- and Hyperschweinchen so far, by level
    #: (house rules; an unannounced Schweinchen is nobody's business)
    pigs: tuple[int, ...] = ()
    # -- Armut and Schmeißen (house rules, docs/rules.md) ----------------------------------
    #: the seat that named an Armut and the seat that took it (public), else None
    poor: int | None = None
    taker: int | None = None
    #: how many cards the Armut hands over and gets back (public; 0 without an Armut)
    armut_cards: int = 0
    #: how many trumps the taker returned (public once the exchange is over), else None
    armut_trumps_back: int | None = None
    #: the cards handed over and returned so far: seen only by the poor seat and its taker
    #: (empty for every other seat and spectators, whose ``history`` lacks those actions too)
    armut_given: tuple[int, ...] = ()
    armut_returned: tuple[int, ...] = ()
    #: the seat that threw (Schmeißen) and its hand, shown to the table when thrown
    thrower: int | None = None
    thrown_hand: tuple[int, ...] = ()

    @property
    def to_play(self) -> bool:
        """True if this seat must act now (answer, name or play a card)."""
        return self.seat is not None and self.seat == self.to_move

    def to_json(self) -> dict[str, Any]:
        """A JSON-able dict; cards as codes, actions in record form."""
        values = self.__dict__
        return {name: conv(values[name]) for name, conv in _FIELD_JSON.items()}


def _same(value: Any) -> Any:
    return value


def _cards(kinds: tuple[int, ...]) -> list[str]:
    return [card_code(k) for k in kinds]


#: How :meth:`SeatView.to_json` writes each field (in its order), for :func:`field_json`.
_FIELD_JSON: dict[str, Callable[[Any], Any]] = {
    "seat": _same,
    "phase": lambda phase: phase.record_name,
    "dealer": _same,
    "to_move": _same,
    "contract": _same,
    "soloist": _same,
    "hand": _cards,
    "hand_sizes": list,
    "trick_leader": _same,
    "trick": lambda trick: [{"seat": s, "card": card_code(k)} for s, k in trick],
    "tricks": lambda tricks: [{"leader": ld, "cards": [card_code(k) for k in cs], "winner": w}
                              for ld, cs, w in tricks],
    "calls": lambda calls: [{"seat": s, "party": p.record_name, "level": int(lv)}
                            for s, p, lv in calls],
    "parties": lambda parties: [None if p is None else p.record_name for p in parties],
    "partnerships_clarified": _same,
    "legal_actions": lambda actions: [to_dict(a) for a in actions],
    "history": lambda actions: [to_dict(a) for a in actions],
    "rules": lambda rules: rules.to_json(),
    "owes_pflichtsolo": list,
    "vorfuehrung": _same,
    "order": _same,
    "pigs": list,
    # Armut and Schmeißen (house rules)
    "poor": _same,
    "taker": _same,
    "armut_cards": _same,
    "armut_trumps_back": _same,
    "armut_given": _cards,
    "armut_returned": _cards,
    "thrower": _same,
    "thrown_hand": _cards,
}


def field_json(name: str, value: Any) -> Any:
    """One field of a view as :meth:`SeatView.to_json` writes it (``value`` may also be a
    slice of the ``history`` or the ``tricks``): for a front end that sends only the fields
    that changed.

    >>> field_json("hand", (0, 1)), field_json("phase", Phase.PLAY)
    (['9C', 'JC'], 'play')
    """
    return _FIELD_JSON[name](value)


def _silent_revealed(game: Game) -> bool:
    if game.contract != SILENT_MARRIAGE:
        return False
    holder = game.soloist
    played = sum(
        1
        for leader, cards, _ in game.tricks
        for i, k in enumerate(cards)
        if k == QC and (leader + i) & 3 == holder
    )
    played += sum(1 for s, k in game.current_trick() if k == QC and s == holder)
    return played == 2 or game.ended == "conceded"


def _public_facts(game: Game) -> dict[int, Party]:
    """Parties made public by the criteria of TSR 5.5.1 (seat -> RE/KONTRA)."""
    known: dict[int, Party] = {}
    if game.phase < PLAY:
        return known
    if game.taker >= 0:  # an Armut: the poor seat and its taker are Re (house rule)
        return {s: RE if s in (game.poor, game.taker) else KONTRA for s in range(4)}
    contract = game.contract
    if game.soloist >= 0 and (contract not in (NORMAL, SILENT_MARRIAGE, MARRIAGE)
                              or game.marriage_solo or _silent_revealed(game)):
        return {s: RE if s == game.soloist else KONTRA for s in range(4)}  # 5.5.1 (1), (2)
    if game.genscher_partner >= 0:  # house rule: the Genscher named the parties aloud
        return {s: RE if game.is_re[s] else KONTRA for s in range(4)}
    if contract == MARRIAGE:
        if game.klaerung:  # 5.5.1 (2)
            return {s: RE if game.is_re[s] else KONTRA for s in range(4)}
        known[game.hochzeiter] = RE
        return known
    order = game.order
    plays = [
        (leader, [((leader + i) & 3, k) for i, k in enumerate(cards)])
        for leader, cards, _ in game.tricks
    ]
    plays.append((game.trick_leader, game.current_trick()))
    for _, cards in plays:
        if not cards:
            continue
        lead_trump = order.eff_suit[cards[0][1]] == TRUMP
        for s, k in cards:
            if k == QC:
                known[s] = RE  # 5.5.1 (3)
            elif lead_trump and order.eff_suit[k] != TRUMP and known.get(s) != RE:
                known[s] = KONTRA  # 5.5.1 (5): no trump left and no ♣Q played, so none held
    if contract in (NORMAL, SILENT_MARRIAGE):
        for s, p, _, _ in game.calls:  # 5.5.1 (4)
            known[s] = p
    return known


def _deduce(known: dict[int, Party], re_size: int | None) -> None:
    """Close ``known`` under counting: Re has ``re_size`` members when that is known."""
    if len(known) == 4:
        return
    parties = list(known.values())
    res = parties.count(RE)
    kos = len(parties) - res
    if res >= 2 or (re_size is not None and res == re_size):
        fill = KONTRA
    elif kos == 3 or (re_size is not None and kos == 4 - re_size):
        fill = RE
    else:
        return
    for s in range(4):
        if s not in known:
            known[s] = fill


def _claim_known(game: Game, seat: int) -> bool:
    """Whether the soloist can know from his own view that his claim is forced.

    The engine accepts a claim that is forced for the actual cards (TSR 9.2.2); the seat's view
    offers it only when the soloist, on lead, can be sure of it whatever the others hold, so
    that the list of actions reveals nothing hidden.
    """
    if game.trick or game.trick_leader != seat:
        return False
    unseen = 0
    for s in range(4):
        if s != seat:
            h = game.hands[s]
            unseen |= (h | h >> 24) & 0xFFFFFF
    dulle = game.order.dulle if game.dulle_rule else -1
    return claim_certain(game.order, game.hands[seat], unseen, dulle)


#: The index of each card order in ORDERS, by identity (a game's order is one of them).
_ORDER_INDEX = {id(order): i for i, order in (*enumerate(ORDERS), *PIG_ORDERS.items())}
#: Sorted hands by (hand, order index): a broadcast sorts the same three hands again after
#: each card; bounded (cleared when full).
_HANDS: dict[tuple[int, int], tuple[int, ...]] = {}
_HANDS_MAX = 8192


def view(game: Game, seat: int | None) -> SeatView:
    """The view of ``seat`` (0..3), or of a spectator (``None``)."""
    return _Public(game).view(seat)


def views(game: Game, seats: Iterable[int | None]) -> dict[int | None, SeatView]:
    """The views of several seats (``None``: a spectator) at once, equal to :func:`view` of
    each; what they share (the public parties, the tricks, the calls, the history) is worked
    out once, for a front end that shows every seat its view after each action."""
    public = _Public(game)
    return {seat: public.view(seat) for seat in seats}


class _Public:
    """The part of every seat's view that is the same for all seats (TSR 5.5: the actions are
    public), worked out once; :meth:`view` adds what one seat knows besides."""

    __slots__ = ("calls", "clarified", "contract", "game", "hand_sizes", "hidden_history",
                 "history", "order", "pigs", "public", "settled", "silent_hidden", "soloist",
                 "thrown_hand", "trick", "tricks")

    def __init__(self, game: Game) -> None:
        self.game = game
        self.public = _public_facts(game)
        self.clarified = len(self.public) == 4
        self.contract: str | None = game.contract_name if game.phase >= PLAY else None
        self.silent_hidden = game.contract == SILENT_MARRIAGE and not _silent_revealed(game)
        self.settled = not (game.phase >= PLAY and game.contract in (NORMAL, SILENT_MARRIAGE)
                            and not self.clarified)
        self.soloist = game.soloist if game.soloist >= 0 and not self.silent_hidden else None
        self.hand_sizes = tuple(game.cards_in_hand(s) for s in range(4))
        self.trick = tuple(game.current_trick())
        self.tricks = tuple(game.tricks)
        self.calls = tuple((s, p, lv) for s, p, lv, _ in game.calls)
        self.history = tuple(game.history)
        order = game.order
        index = _ORDER_INDEX.get(id(order))
        self.order = (index if index is not None and card_order(index) is order
                      else order_index(order))
        self.pigs = tuple(game.pig_seats)
        # the Armut's exchange is seen by the poor seat and its taker only
        start, end = game.armut_exchange_span()
        self.hidden_history = self.history[:start] + self.history[end:]
        self.thrown_hand = tuple(game.hand(game.thrower)) if game.thrower >= 0 else ()

    def view(self, seat: int | None) -> SeatView:
        game = self.game
        known = dict(self.public)
        contract = self.contract
        hidden_here = self.silent_hidden and seat != game.soloist
        if not self.settled:
            re_size: int | None = None
            if seat is not None:
                queens = hand_count(game.initial_hands[seat], QC)
                if queens == 2:  # the stille Hochzeit, seen by its holder
                    known = {s: RE if s == seat else KONTRA for s in range(4)}
                elif queens == 1:
                    known[seat] = RE
                    re_size = 2
                else:
                    known[seat] = KONTRA
            _deduce(known, re_size)
        if hidden_here:
            contract = "normal"
        hand: tuple[int, ...] = ()
        legal: tuple[Action, ...] = ()
        if seat is not None:
            # the hand in the game's card order depends on nothing else: kept for all games
            key = (game.hands[seat], self.order)
            hand = _HANDS.get(key) or ()
            if not hand and key[0]:
                if len(_HANDS) >= _HANDS_MAX:
                    _HANDS.clear()
                hand = _HANDS[key] = tuple(game.hand(seat))
            legal = tuple(game.legal_actions(seat))
            if any(code_of(a) == CLAIM for a in legal) and not _claim_known(game, seat):
                legal = tuple(a for a in legal if code_of(a) != CLAIM)
        soloist = seat if self.silent_hidden and seat == game.soloist else self.soloist
        in_armut = seat is not None and seat in (game.poor, game.taker)
        # made as the dataclass would, without its frozen __init__'s one call of
        # object.__setattr__ per field (a broadcast makes a view per seat after each action)
        v = object.__new__(SeatView)
        v.__dict__.update(
            seat=seat,
            phase=game.phase,
            dealer=game.dealer,
            to_move=game.to_move,
            contract=contract,
            soloist=soloist,
            hand=hand,
            hand_sizes=self.hand_sizes,
            trick_leader=game.trick_leader,
            trick=self.trick,
            tricks=self.tricks,
            calls=self.calls,
            parties=tuple(known.get(s) for s in range(4)),
            partnerships_clarified=self.clarified,
            legal_actions=legal,
            history=self.history if in_armut else self.hidden_history,
            rules=game.rules,
            owes_pflichtsolo=game.owes_pflichtsolo,
            vorfuehrung=game.vorfuehrung,
            order=None if contract is None else self.order,
            pigs=self.pigs,
            poor=game.poor if game.poor >= 0 else None,
            taker=game.taker if game.taker >= 0 else None,
            armut_cards=game.armut_cards,
            armut_trumps_back=game.armut_trumps_back(),
            armut_given=tuple(game.armut_given) if in_armut else (),
            armut_returned=tuple(game.armut_returned) if in_armut else (),
            thrower=game.thrower if game.thrower >= 0 else None,
            thrown_hand=self.thrown_hand,
        )
        return v
