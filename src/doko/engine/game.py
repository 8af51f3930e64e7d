"""One game of Doppelkopf as a state machine (TSR 3.3 to 6).

A :class:`Game` moves through four phases: the Vorbehaltsabfrage (``QUERY``), the naming of a
Vorbehalt (``NAMING``), trick play (``PLAY``) and ``FINISHED``. :meth:`Game.legal_actions` lists
every action allowed now (calls may come from seats not on turn, TSR 6.4.1);
:meth:`Game.apply` performs one after checking it, or raises :class:`IllegalActionError` naming
the rule and leaves the state unchanged. Phases, parties, contracts and call levels are the enums
of :mod:`doko.engine.vocab` (``QUERY is Phase.QUERY``, ``RE is Party.RE``); actions are built and
taken
apart only by :mod:`doko.engine.actions`.

>>> g = Game.deal(seed=7)
>>> g.phase == QUERY, g.to_move
(True, 1)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> g.phase == PLAY, g.contract_name
(True, 'normal')
>>> g.apply(encode(3, PLAY_BASE + 0))  # engine seat 3 is not on turn (texts count 1 to 4)
Traceback (most recent call last):
...
doko.engine.errors.IllegalActionError: seat 4 is not on turn: seat 2 must play a card (TSR 5.1.1)
"""

from __future__ import annotations

import random
from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from doko.engine.actions import (
    ACTIONS,
    ARMUT,
    BLACK,
    CALL_KONTRA,
    CALL_RE,
    CLAIM,
    CODE_OF,
    CONCEDE,
    GENSCHER_BASE,
    GENSCHER_CODES,
    HEALTHY,
    MARRIAGE,
    NO90,
    PASS,
    PICTURE_SOLO_BASE,
    PICTURE_SOLO_LAST,
    PIG_CODES,
    PLAY_BASE,
    REFUSE,
    RESERVATION,
    SEAT_OF,
    SOLO_BASE,
    SOLO_CODES,
    SOLO_INDEX,
    TAKE,
    THROW,
    WITHDRAW,
    Action,
    call_level,
    code_of,
    encode,
    seat_of,
)
from doko.engine.armut import can_armut, give_count, throw_reason
from doko.engine.cards import (
    ACE,
    AD,
    EYES,
    JC,
    KD,
    KIND_MASK,
    KING,
    NINE,
    QC,
    TEN,
    TH,
    card_code,
    deck,
    hand_count,
    hand_from_codes,
    hand_kinds,
    hand_size,
    parse_card,
)
from doko.engine.claims import Line, claim_refutation, robust_witness
from doko.engine.contracts import (
    MARRIAGE as C_MARRIAGE,
)
from doko.engine.contracts import (
    NORMAL,
    ORDERS,
    SILENT_MARRIAGE,
    SOLO_CONTRACTS,
    SOLO_DIAMONDS,
    TRUMP,
    CardOrder,
    card_order,
    order_of,
    pig_order,
    pig_suit,
    trick_winner,
)
from doko.engine.errors import IllegalActionError
from doko.engine.rules import DULLE_RULES, TSR, Rules
from doko.engine.texts import text
from doko.engine.vocab import CallLevel, Contract, Party, Phase

if TYPE_CHECKING:
    from doko.engine.scoring import Score

__all__ = [
    "FINISHED",
    "KONTRA",
    "NAMING",
    "PLAY",
    "QUERY",
    "RE",
    "CallLevel",
    "Contract",
    "Game",
    "IllegalActionError",
    "Party",
    "Phase",
]

# The phases and parties are the enums of doko.engine.vocab (names and labels there); these aliases
# are the members themselves.
QUERY, NAMING, PLAY, FINISHED = Phase.QUERY, Phase.NAMING, Phase.PLAY, Phase.FINISHED
RE, KONTRA = Party.RE, Party.KONTRA

# Naming stages (TSR 4.1.4 to 4.1.9).
SINGLE, ASK_PFLICHT, ASK_LUST, FORCED = 0, 1, 2, 3
# The Armut's stages (house rule, docs/rules.md "Armut"), also in the phase NAMING: every
# Vorbehalt passed the solo questions and a poor seat names its Armut (ASK_POOR); the others
# are asked in turn from the poor seat's left (ARMUT_ASK); the poor seat hands its cards over
# one by one (ARMUT_GIVE), the taker returns as many (ARMUT_RETURN).
ASK_POOR, ARMUT_ASK, ARMUT_GIVE, ARMUT_RETURN = 4, 5, 6, 7

#: Latest moment for each call level: the caller holds at least this many cards
#: (TSR 6.2.2, 6.3.4). Index = level: 1 Re/Kontra, 2 keine 90, ... 5 schwarz.
CALL_MIN_CARDS = (99, 11, 10, 9, 8, 7)

#: The Sonderpunkte :meth:`Game.sonderpunkte` counts (the fields of ``scoring.Extras``).
_EXTRA_COUNTS = ("doppelkopf", "fox", "charlie", "charlie_caught", "fox_last", "dulle_caught",
                 "charlie_solo", "doppelkopf_low")

# How a finished game ended.
ENDED_PLAYED, ENDED_CONCEDED, ENDED_CLAIMED = "played", "conceded", "claimed"
# A game ended without cards played, to be dealt again (house rules): a seat threw
# (Schmeißen) or nobody took an Armut.
ENDED_THROWN, ENDED_ARMUT_REFUSED = "thrown", "armut_refused"
REDEALS = (ENDED_THROWN, ENDED_ARMUT_REFUSED)


def _play_tables() -> tuple[tuple[tuple[tuple[Action, ...], ...], ...], ...]:
    """PLAYS[seat][half][mask12]: play actions of ``seat`` for 12 bits of a kind mask."""
    out = []
    for seat in range(4):
        acts = ACTIONS[seat]
        halves = []
        for half in (0, 12):
            rows = []
            for m in range(4096):
                rows.append(tuple(acts[half + b] for b in range(12) if m >> b & 1))
            halves.append(tuple(rows))
        out.append(tuple(halves))
    return tuple(out)


_PLAYS = _play_tables()


class _State(Protocol):
    """What :class:`GameQueries` reads of a game (both engines' game classes have it)."""

    @property
    def phase(self) -> Phase: ...
    @property
    def ended(self) -> str | None: ...
    @property
    def marriage_solo(self) -> bool: ...
    @property
    def contract(self) -> Contract: ...
    @property
    def pflichtsolo(self) -> bool: ...
    @property
    def vorfuehrung(self) -> int | None: ...
    @property
    def order(self) -> CardOrder: ...
    @property
    def hands(self) -> list[int]: ...
    @property
    def is_re(self) -> list[bool]: ...
    @property
    def to_move(self) -> int: ...
    @property
    def taker(self) -> int: ...
    @property
    def trick_leader(self) -> int: ...
    @property
    def trick(self) -> list[int]: ...
    def apply(self, action: Action) -> None: ...


class GameQueries:
    """The questions both engines' game classes answer alike from their state:
    :class:`Game` and the native core's ``NativeGame`` (:mod:`doko.engine.native`)."""

    __slots__ = ()

    @property
    def contract_name(self: _State) -> str:
        """The game kind: ``normal``, ``marriage``, ``silent_marriage`` or ``solo_<kind>``;
        ``undecided`` during the Vorbehaltsabfrage.

        A Hochzeit that became a Karo solo reads ``solo_diamonds`` (see :attr:`marriage_solo`).
        """
        if self.phase < PLAY and self.ended is None:
            return "undecided"
        if self.marriage_solo:
            return SOLO_DIAMONDS.record_name
        return self.contract.record_name

    def contract_label(self: _State, lang: str = "de") -> str:
        """The game kind as players say it (an Armut: "Armut")."""
        if self.taker >= 0:
            return text("contract.armut", "de" if lang == "de" else "en")
        return contract_label(self.contract, self.marriage_solo, self.pflichtsolo,
                              self.vorfuehrung, lang)

    def hand(self: _State, seat: int) -> list[int]:
        """The cards ``seat`` holds, as kinds sorted in the game's card order."""
        key = self.order.sort_key
        return sorted(hand_kinds(self.hands[seat]), key=lambda k: key[k])

    def hand_codes(self: _State, seat: int) -> list[str]:
        """The cards ``seat`` holds as codes, sorted in the game's card order."""
        return [card_code(k) for k in GameQueries.hand(self, seat)]

    def play(self: _State, card: str) -> None:
        """Play ``card`` (a code such as ``"QC"``) for the seat on turn."""
        self.apply(encode(self.to_move, parse_card(card)))

    def re_seats(self: _State) -> list[int]:
        """The seats of the Re party."""
        is_re = self.is_re
        return [s for s in range(4) if is_re[s]]

    def current_trick(self: _State) -> list[tuple[int, int]]:
        """The unfinished trick as ``(seat, kind)`` pairs in play order."""
        lead = self.trick_leader
        return [((lead + i) & 3, k) for i, k in enumerate(self.trick)]


class Game(GameQueries):
    """One game: dealing, Vorbehaltsabfrage, trick play with calls, and the end.

    Seats are 0..3 clockwise; the dealer's left neighbour is ``dealer + 1``. Create a game with
    :meth:`deal` (from an integer seed) or :meth:`from_hands`.
    """

    __slots__ = (
        "_call_floor",
        "_claim_cache",
        "_claim_hint",
        "_passed",
        "answers",
        "armut_given",
        "armut_returned",
        "base_order",
        "base_shift",
        "calls",
        "contract",
        "dealer",
        "dulle_rule",
        "ended",
        "eyes",
        "frozen_sizes",
        "genscher_partner",
        "genscher_seat",
        "hands",
        "history",
        "hochzeiter",
        "initial_hands",
        "is_re",
        "klaerung",
        "level",
        "marriage_solo",
        "naming_queue",
        "naming_stage",
        "ontime",
        "order",
        "owes_pflichtsolo",
        "partner",
        "pflichtsolo",
        "phase",
        "pig_level",
        "pig_seats",
        "poor",
        "rules",
        "shift",
        "soloist",
        "taker",
        "thrower",
        "to_move",
        "trick",
        "trick_leader",
        "tricks",
        "tricks_total",
        "vorfuehrung",
        "won",
    )

    # ------------------------------------------------------------------ construction

    def __init__(
        self,
        hands: Sequence[int],
        dealer: int = 0,
        *,
        owes_pflichtsolo: Sequence[bool] = (False, False, False, False),
        vorfuehrung: int | None = None,
        rules: Rules = TSR,
    ) -> None:
        size = rules.hand_size
        if len(hands) != 4 or any(hand_size(h) != size for h in hands):
            raise ValueError(f"a game needs four hands of {size} cards (TSR 3.3.7)")
        total = [0] * 24
        for h in hands:
            for k in hand_kinds(h):
                total[k] += 1
        want = [0 if not rules.nines and k % 6 == 0 else 2 for k in range(24)]
        if total != want:
            bad = [card_code(k) for k in range(24) if total[k] != want[k]]
            what = "every card exactly twice (TSR 2.2.1)" if rules.nines else (
                "every card but the nines exactly twice (house rule: without nines)")
            raise ValueError(f"the hands must hold {what}: {bad}")
        if not 0 <= dealer <= 3:
            raise ValueError(f"dealer must be a seat 0..3, got {dealer}")
        if len(owes_pflichtsolo) != 4:
            raise ValueError("owes_pflichtsolo needs one flag per seat")
        if vorfuehrung is not None:
            if not 0 <= vorfuehrung <= 3:
                raise ValueError(f"vorfuehrung must be a seat 0..3 or None, got {vorfuehrung}")
            if not owes_pflichtsolo[vorfuehrung]:
                raise ValueError(
                    f"seat {vorfuehrung} is vorgeführt but does not owe a Pflichtsolo (TSR 4.2.3)"
                )
        self._setup(hands, dealer, owes_pflichtsolo, vorfuehrung, rules)

    def _setup(
        self,
        hands: Sequence[int],
        dealer: int,
        owes_pflichtsolo: Sequence[bool],
        vorfuehrung: int | None,
        rules: Rules,
    ) -> None:
        self.rules = rules
        self.dealer = dealer
        self.owes_pflichtsolo = tuple(bool(x) for x in owes_pflichtsolo)
        self.vorfuehrung = vorfuehrung
        self.initial_hands = tuple(hands)
        self.hands = list(hands)
        self.history: list[Action] = []
        self.answers: list[bool | None] = [None] * 4
        self.naming_queue: list[int] = []
        self.naming_stage = SINGLE
        self.contract: Contract = NORMAL
        self.order = ORDERS[0]
        # Schweinchen (house rules): the game kind's own order, the pig level announced (0
        # none, 1 Schweinchen, 2 Super-, 3 Hyperschweinchen) and who announced each level
        self.base_order = 0
        self.pig_level = 0
        self.pig_seats: list[int] = []
        # Genscher (house rule): the seat that played both ♦K (-1 none) and the partner it named
        # (-1 while it has yet to name one)
        self.genscher_seat = -1
        self.genscher_partner = -1
        self.soloist = -1
        self.pflichtsolo = False
        self.hochzeiter = -1
        self.partner = -1
        self.marriage_solo = False
        self.klaerung = 0
        self._passed: list[int] = []
        self.poor = -1
        self.taker = -1
        self.armut_given: list[int] = []
        self.armut_returned: list[int] = []
        self.thrower = -1
        # call deadlines: 2 cards lower without nines (house rule); a Hochzeit adds its shift
        self.base_shift = 0 if rules.nines else 2
        self.shift = self.base_shift
        self.tricks_total = rules.hand_size
        # the second Dulle beats the first (house rule): 0 never, 1 always, 2 not in the last
        self.dulle_rule = DULLE_RULES.index(rules.dulle)
        self.is_re = [False] * 4
        self.trick: list[int] = []
        self.trick_leader = (dealer + 1) & 3
        self.tricks: list[tuple[int, tuple[int, ...], int]] = []
        self.eyes = [0] * 4
        self.won = [0] * 4
        self.level: list[int] = [0, 0]  # per Party: its highest CallLevel, 0 none
        self.ontime = [False, False]
        self.calls: list[tuple[int, Party, CallLevel, int]] = []  # (seat, party, level, held)
        self.ended: str | None = None
        self.frozen_sizes: list[int] | None = None
        self._claim_cache: tuple[int, Line | None] | None = None
        self._claim_hint = [0, 0]
        self._call_floor = 11 - self.shift
        self.phase: Phase
        if vorfuehrung is not None:
            self.phase = NAMING
            self.naming_stage = FORCED
            self.to_move = vorfuehrung
        else:
            self.phase = QUERY
            self.to_move = (dealer + 1) & 3

    @classmethod
    def deal(
        cls,
        seed: int,
        dealer: int = 0,
        *,
        owes_pflichtsolo: Sequence[bool] = (False, False, False, False),
        vorfuehrung: int | None = None,
        rules: Rules = TSR,
    ) -> Game:
        """Shuffle with ``seed``, cut, and deal as TSR 3.3 says.

        The dealer's right neighbour cuts, lifting at least 3 cards and leaving at least 3
        (3.3.5); the rest is put on the lifted part; then four rounds of 3 cards each, starting
        with the dealer's left neighbour (3.3.7).
        """
        if vorfuehrung is not None or not 0 <= dealer <= 3 or len(owes_pflichtsolo) != 4:
            return cls(deal_hands(seed, dealer, rules.nines), dealer,
                       owes_pflichtsolo=owes_pflichtsolo, vorfuehrung=vorfuehrung, rules=rules)
        g = cls.__new__(cls)  # a dealt deck needs no checking
        g._setup(deal_hands(seed, dealer, rules.nines), dealer, owes_pflichtsolo, None, rules)
        return g

    @classmethod
    def from_hands(
        cls,
        hands: Sequence[Iterable[str] | int],
        dealer: int = 0,
        *,
        owes_pflichtsolo: Sequence[bool] = (False, False, False, False),
        vorfuehrung: int | None = None,
        rules: Rules = TSR,
    ) -> Game:
        """A game from four hands given as card codes (or bit sets)."""
        bits = [h if isinstance(h, int) else hand_from_codes(h) for h in hands]
        return cls(
            bits, dealer, owes_pflichtsolo=owes_pflichtsolo, vorfuehrung=vorfuehrung, rules=rules
        )

    def clone(self) -> Game:
        """An independent copy (cheap: lists are copied, immutable parts shared)."""
        g = Game.__new__(Game)
        g.rules = self.rules
        g.dealer = self.dealer
        g.owes_pflichtsolo = self.owes_pflichtsolo
        g.vorfuehrung = self.vorfuehrung
        g.initial_hands = self.initial_hands
        g.hands = self.hands[:]
        g.history = self.history[:]
        g.answers = self.answers[:]
        g.naming_queue = self.naming_queue[:]
        g.naming_stage = self.naming_stage
        g.contract = self.contract
        g.order = self.order
        g.base_order = self.base_order
        g.pig_level = self.pig_level
        g.pig_seats = self.pig_seats[:]
        g.genscher_seat = self.genscher_seat
        g.genscher_partner = self.genscher_partner
        g.soloist = self.soloist
        g.pflichtsolo = self.pflichtsolo
        g.hochzeiter = self.hochzeiter
        g.partner = self.partner
        g.marriage_solo = self.marriage_solo
        g.klaerung = self.klaerung
        g._passed = self._passed[:]
        g.poor = self.poor
        g.taker = self.taker
        g.armut_given = self.armut_given[:]
        g.armut_returned = self.armut_returned[:]
        g.thrower = self.thrower
        g.shift = self.shift
        g.base_shift = self.base_shift
        g.tricks_total = self.tricks_total
        g.dulle_rule = self.dulle_rule
        g.is_re = self.is_re[:]
        g.trick = self.trick[:]
        g.trick_leader = self.trick_leader
        g.tricks = self.tricks[:]
        g.eyes = self.eyes[:]
        g.won = self.won[:]
        g.level = self.level[:]
        g.ontime = self.ontime[:]
        g.calls = self.calls[:]
        g.ended = self.ended
        g.frozen_sizes = None if self.frozen_sizes is None else self.frozen_sizes[:]
        g._claim_cache = self._claim_cache
        g._claim_hint = self._claim_hint[:]
        g._call_floor = self._call_floor
        g.phase = self.phase
        g.to_move = self.to_move
        return g

    # ------------------------------------------------------------------ simple queries

    @property
    def is_over(self) -> bool:
        """True once the game is finished (played out, conceded or claimed)."""
        return self.phase == FINISHED

    @property
    def is_solo_game(self) -> bool:
        """True if one seat plays alone: a solo, a stille Hochzeit, a Hochzeit turned solo."""
        return self.soloist >= 0

    @property
    def game_type_settled(self) -> bool:
        """True once the game type is clear (TSR 6.2.1): query over, Hochzeit clarified."""
        return self.phase >= PLAY and (self.contract != C_MARRIAGE or self.klaerung > 0)

    def cards_in_hand(self, seat: int) -> int:
        """Number of cards ``seat`` holds (as it held when a concession froze the count)."""
        if self.frozen_sizes is not None:
            return self.frozen_sizes[seat]
        return self.hands[seat].bit_count()

    def call_deadline(self, action: Action) -> int:
        """The fewest cards in hand with which ``action`` (a call: Re/Kontra or an Absage) stays
        possible for its seat: 11/10/9/8/7 for Re-Kontra/keine 90/60/30/schwarz (TSR 6.2.2,
        6.3.4), lower by the Hochzeit shift (6.4.2) and by 2 without the nines; a first Ansage
        as a reply to the opponents' call also with one card fewer than that call needed
        (6.4.4). Whether the call is legal now is :meth:`can_apply`'s question.

        >>> g = Game.deal(1)
        >>> g.call_deadline(encode(0, CALL_RE)), g.call_deadline(encode(0, NO90))
        (11, 10)
        """
        seat, code = seat_of(action), code_of(action)
        if not CALL_RE <= code <= BLACK:
            raise ValueError(f"not a call: {action!r}")
        level = call_level(code)
        need = CALL_MIN_CARDS[level] - self.shift
        opp = self.level[KONTRA if self.is_re[seat] else RE]
        if level == 1 and opp:
            need = min(need, self._reply_min(opp))
        return need

    def _reply_min(self, opp: int) -> int:
        """Fewest cards for a first Ansage made as a reply to the opponents' call of level
        ``opp`` (TSR 6.4.4: one card fewer than that call needed)."""
        return CALL_MIN_CARDS[opp] - 1 - self.shift

    # ------------------------------------------------------------------ legal actions

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """Every action allowed now, by any seat (or only by ``seat``).

        During play this lists the card plays of the seat on turn, the calls each seat may make
        (TSR 6.4.1), and the soloist's concession and (when it is forced, 9.2.2) claim.
        """
        phase = self.phase
        if phase == PLAY:
            if self.genscher_partner < 0 <= self.genscher_seat:  # house rule: Genscher naming
                gs = self.genscher_seat
                if seat is not None and seat != gs:
                    return []
                return [ACTIONS[gs][c] for c in GENSCHER_CODES]
            out: list[Action] = []
            s = self.to_move
            if seat is None or seat == s:
                h = self.hands[s]
                m = h & KIND_MASK
                if self.trick:
                    f = m & self.order.follow[self.order.eff_suit[self.trick[0]]]
                    if f:
                        m = f
                t = _PLAYS[s]
                out = list(t[0][m & 4095] + t[1][m >> 12])
            if self.tricks_total - len(self.tricks) >= self._call_floor and (
                self.contract != C_MARRIAGE or self.klaerung
            ):
                for c in range(4) if seat is None else (seat,):
                    self._add_calls(c, out)
            so = self.soloist
            if so >= 0 and (seat is None or seat == so):
                acts = ACTIONS[so]
                out.append(acts[CONCEDE])
                if self._claim_refutation() is None:
                    out.append(acts[CLAIM])
            if self.rules.pigs != "off" and self.pig_level < 3:  # house rule: Schweinchen
                code = PIG_CODES[self.pig_level]
                for c in range(4) if seat is None else (seat,):
                    if self._pig_reason(c, code) is None:
                        out.append(ACTIONS[c][code])
            return out
        if phase == QUERY:
            s = self.to_move
            if seat is not None and seat != s:
                w = self.withdraw_seat()
                return [ACTIONS[w][WITHDRAW]] if w == seat else []
            acts = ACTIONS[s]
            out = [acts[HEALTHY], acts[RESERVATION]]
            if self.rules.schmeissen and throw_reason(self.initial_hands[s], self.rules):
                out.append(acts[THROW])
            w = self.withdraw_seat()
            if w >= 0 and seat is None:
                out.append(ACTIONS[w][WITHDRAW])
            return out
        if phase == NAMING:
            s = self.to_move
            w = self.withdraw_seat()
            if seat is not None and seat != s:
                return [ACTIONS[w][WITHDRAW]] if w == seat else []
            acts = ACTIONS[s]
            if self.naming_stage >= ARMUT_ASK:
                return [acts[c] for c in self._armut_codes(s)]
            out = [acts[c] for c in self._naming_codes(s)]
            if w >= 0 and (seat is None or seat == w):
                out.append(ACTIONS[w][WITHDRAW])
            return out
        # FINISHED: after a concession Kontra may still call (TSR 5.4.7)
        out = []
        if self.ended == ENDED_CONCEDED:
            for c in range(4) if seat is None else (seat,):
                self._add_calls(c, out)
        return out

    def legal_plays(self) -> list[Action]:
        """The card plays allowed now (only the seat on turn may play; TSR 5.2).

        In :meth:`legal_actions` these come first, before calls, concession and claim.
        """
        if self.phase != PLAY or self.genscher_partner < 0 <= self.genscher_seat:
            return []
        s = self.to_move
        m = self.hands[s] & KIND_MASK
        if self.trick:
            f = m & self.order.follow[self.order.eff_suit[self.trick[0]]]
            if f:
                m = f
        t = _PLAYS[s]
        return list(t[0][m & 4095] + t[1][m >> 12])

    def withdraw_seat(self) -> int:
        """The seat that may take back its Vorbehalt now (TSR 4.1.2), or -1.

        At positions 1 to 3 (counted from the dealer's left neighbour) a Vorbehalt can be taken
        back until the next player has answered: in the query, the seat just before the one on
        turn. At position 4 (the dealer) until the query goes on by 4.1.6, a card is led or a
        call is made: here, until the first naming (a solo, a Hochzeit or a pass) is said, as
        every card and call comes after it. No query, no withdrawal: a Vorführung (4.1.9).
        """
        if self.phase == QUERY:
            s = self.to_move
            if s == (self.dealer + 1) & 3:
                return -1
            prev = (s + 3) & 3
            return prev if self.answers[prev] else -1
        if self.phase == NAMING and self.naming_stage != FORCED and self.answers[self.dealer]:
            for a in self.history:
                c = CODE_OF[a]
                if (SOLO_BASE <= c <= PASS or PICTURE_SOLO_BASE <= c <= PICTURE_SOLO_LAST
                        or c == ARMUT):
                    return -1
            return self.dealer
        return -1

    def _naming_codes(self, s: int) -> list[int]:
        both = hand_count(self.initial_hands[s], QC) == 2
        stage = self.naming_stage
        if stage == ASK_POOR:  # every solo question passed: Armut before Hochzeit
            return [ARMUT, MARRIAGE] if both else [ARMUT]
        poor = can_armut(self.initial_hands[s], self.rules)
        # the seven solos of the TSR, then the picture solos the rules play (house rules)
        codes = list(SOLO_CODES[:7])
        codes += [c for c, on in zip(SOLO_CODES[7:], self.rules.picture_solos, strict=True) if on]
        if stage == SINGLE:
            if both:
                codes.append(MARRIAGE)
            if poor:
                codes.append(ARMUT)
        elif stage in (ASK_PFLICHT, ASK_LUST) and (both or poor):
            codes.append(PASS)
        return codes

    def _armut_stage_name(self) -> str:
        """``"ask"``, ``"give"`` or ``"return"``: the Armut's stage (texts ``error.armut_*``)."""
        return ("ask", "give", "return")[self.naming_stage - ARMUT_ASK]

    def _armut_codes(self, s: int) -> list[int]:
        """The codes of the Armut's stages: take or refuse; the cards to hand over (the trumps
        first) or to return."""
        stage = self.naming_stage
        if stage == ARMUT_ASK:
            return [TAKE, REFUSE]
        h = self.hands[s]
        m = (h | h >> 24) & KIND_MASK
        if stage == ARMUT_GIVE:
            trumps = m & self.order.follow[TRUMP]
            if trumps:
                m = trumps
        return [k for k in range(24) if m >> k & 1]

    def _min_call_cards(self) -> int:
        """Fewest cards in hand with which some call is still possible (99: none)."""
        level, shift = self.level, self.shift
        best = 99
        for p in (0, 1):
            cur = level[p]
            if cur == 0:
                need = 11 - shift
                opp = level[1 - p]
                if opp:
                    need = min(need, self._reply_min(opp))
            elif cur < 5 and self.ontime[p]:
                need = CALL_MIN_CARDS[cur + 1] - shift
            else:
                continue
            if need < best:
                best = need
        return best

    def _add_calls(self, seat: int, out: list[Action]) -> None:
        # the calls ``seat`` may make now (TSR 6.2.2, 6.3, 6.4), inlined for legal_actions;
        # the party as a plain int 0/1 (Party.RE/KONTRA) in this hot path
        p = 0 if self.is_re[seat] else 1
        level = self.level
        cur = level[p]
        if cur == 5:
            return
        if self.ended is not None and (self.ended != ENDED_CONCEDED or p == 0):
            return
        fz = self.frozen_sizes
        n = self.hands[seat].bit_count() if fz is None else fz[seat]
        shift = self.shift
        acts = ACTIONS[seat]
        if cur == 0:
            if n < 11 - shift:
                opp = level[1 - p]
                if opp and n >= self._reply_min(opp):
                    out.append(acts[CALL_RE if p == 0 else CALL_KONTRA])
                return  # a late reply at most: no Absage may follow (TSR 6.4.4)
            out.append(acts[CALL_RE if p == 0 else CALL_KONTRA])
            cur = 1
        elif not self.ontime[p]:
            return
        lv = cur + 1
        while lv <= 5 and n >= CALL_MIN_CARDS[lv] - shift:
            out.append(acts[NO90 + lv - 2])
            lv += 1

    # ------------------------------------------------------------------ checking

    def verify(self, action: Action) -> None:
        """Raise :class:`IllegalActionError` if ``action`` is not allowed now."""
        seat, code = seat_of(action), code_of(action)
        if not 0 <= seat <= 3:
            # the action's encoded seat field, not a seat 1..4
            raise IllegalActionError("bad_action", field="seat", value=seat)
        if code in GENSCHER_CODES:
            self._verify_genscher(seat, code)
            return
        if self.genscher_partner < 0 <= self.genscher_seat and self.phase == PLAY and (
                code < 24 or CALL_RE <= code <= CLAIM or code in PIG_CODES):
            # house rule: the Genscher names the new partner before anything else happens
            raise IllegalActionError("genscher_pending", "house rule", seat, action=code,
                                     to_move=self.genscher_seat)
        if code < 24:
            if self.phase == NAMING and self.naming_stage >= ARMUT_GIVE:
                self._verify_armut(seat, code)
            else:
                self._verify_play(seat, code)
        elif code <= RESERVATION or code == THROW:
            self._verify_query(seat, code)
        elif code <= PASS:
            self._verify_naming(seat, code)
        elif code <= BLACK:
            self._verify_call(seat, code)
        elif code <= CLAIM:
            self._verify_shortening(seat, code)
        elif code == WITHDRAW:
            self._verify_withdraw(seat, code)
        elif code in PIG_CODES:
            self._verify_pig(seat, code)
        elif PICTURE_SOLO_BASE <= code <= PICTURE_SOLO_LAST or code == ARMUT:
            self._verify_naming(seat, code)
        elif code <= REFUSE:
            self._verify_armut(seat, code)
        else:
            raise IllegalActionError("bad_action", field="code", value=code)

    def can_apply(self, action: Action) -> bool:
        """True if ``action`` is allowed now."""
        try:
            self.verify(action)
        except IllegalActionError:
            return False
        return True

    def _phase_error(self, code: int) -> IllegalActionError:
        # the texts (what was tried, why not now) come from the catalogue: error.what.*,
        # error.why.* (doko.engine.errors)
        if self.phase == FINISHED:
            if self.ended in REDEALS:
                return IllegalActionError("redealt_" + self.ended, "Schmeißen"
                                          if self.ended == ENDED_THROWN else "Armut")
            return IllegalActionError("finished", self._end_rule())
        if self.phase == NAMING and self.naming_stage >= ARMUT_ASK:
            return IllegalActionError("armut_running_" + self._armut_stage_name(), "Armut",
                                      to_move=self.to_move, action=code)
        return IllegalActionError("phase", "5.1.1", action=code, phase=int(self.phase),
                                  to_move=self.to_move)

    def _verify_play(self, seat: int, k: int) -> None:
        if self.phase != PLAY:
            raise self._phase_error(k)
        if seat != self.to_move:
            raise IllegalActionError(
                "not_your_turn", ("5.2.1" if self.trick else "5.1.2" if self.tricks else "5.1.1"),
                seat,
                to_move=self.to_move, action=k,
            )
        h = self.hands[seat]
        if not h >> k & 1:
            raise IllegalActionError("not_in_hand", "5.2", seat, card=k)
        if self.trick:
            order = self.order
            lead = self.trick[0]
            led = order.eff_suit[lead]
            if order.eff_suit[k] != led and h & order.follow[led]:
                # led: the effective suit led, 0..3 or 4 (trump)
                raise IllegalActionError("must_follow", "5.2.2", seat, card=k, led=led)

    def _end_rule(self) -> str:
        return {ENDED_CONCEDED: "5.4.6", ENDED_CLAIMED: "5.4.4"}.get(self.ended or "", "5.3.1")

    def _verify_query(self, seat: int, code: int) -> None:
        if self.phase != QUERY:
            raise self._phase_error(code)
        if seat != self.to_move:
            raise IllegalActionError("not_your_turn", "4.1.2", seat, to_move=self.to_move,
                                     action=code)
        if code == THROW:
            if not self.rules.schmeissen:
                raise IllegalActionError("house_rule_off", "Schmeißen", seat, action=code)
            if throw_reason(self.initial_hands[seat], self.rules) is None:
                raise IllegalActionError("throw_not_allowed", "Schmeißen", seat)

    def _verify_armut(self, seat: int, code: int) -> None:
        """Taking or refusing an Armut, handing over and returning its cards (house rule)."""
        stage = self.naming_stage
        if self.phase != NAMING or stage < ARMUT_ASK:
            if code < 24:
                self._verify_play(seat, code)
            raise IllegalActionError("armut_not_asked", "Armut", seat)
        if seat != self.to_move:
            raise IllegalActionError("armut_running_" + self._armut_stage_name(), "Armut",
                                     seat, to_move=self.to_move, action=code)
        if stage == ARMUT_ASK:
            if code >= 24:
                return
            raise IllegalActionError("armut_answer", "Armut", seat)
        if code >= 24:
            raise IllegalActionError("armut_exchange_" + self._armut_stage_name(), "Armut", seat,
                                     n=self.armut_cards)
        h = self.hands[seat]
        if not h >> code & 1:
            raise IllegalActionError("armut_not_in_hand", "Armut", seat, card=code)
        if stage == ARMUT_GIVE and code not in self._armut_codes(seat):
            raise IllegalActionError("armut_trumps_first", "Armut", seat, card=code)

    def _verify_withdraw(self, seat: int, code: int) -> None:
        if self.phase == FINISHED:
            raise self._phase_error(code)
        if self.withdraw_seat() == seat:
            return
        if not self.answers[seat]:
            raise IllegalActionError("no_reservation", "4.1.2", seat)
        raise IllegalActionError("withdraw_closed", "4.1.2", seat)

    def _naming_error(self, seat: int) -> IllegalActionError:
        if self.naming_stage == FORCED:
            return IllegalActionError("vorfuehrung", "4.1.9", seat)
        codes = self._naming_codes(seat)
        # options: what the seat may name now (texts: error.options.*)
        opts = "solo_marriage" if MARRIAGE in codes else "solo_pass" if PASS in codes else "solo"
        if ARMUT in codes:
            opts = ("solo_" if SOLO_BASE in codes else "") + (
                "marriage_" if MARRIAGE in codes else "") + "armut"
        rule = "4.1.4" if self.naming_stage == SINGLE else "4.1.6"
        if self.naming_stage == ASK_POOR:
            rule = "4.1.6, Armut"
        return IllegalActionError("naming_expected", rule, seat, options=opts)

    def _verify_naming(self, seat: int, code: int) -> None:
        if self.phase != NAMING or self.naming_stage >= ARMUT_ASK:
            raise self._phase_error(code)
        if seat != self.to_move:
            raise IllegalActionError(
                "not_your_turn", "4.1.6", seat, to_move=self.to_move, action=code,
            )
        if code in self._naming_codes(seat):
            return
        stage = self.naming_stage
        if code == ARMUT:
            if not self.rules.armut:
                raise IllegalActionError("house_rule_off", "Armut", seat, action=code)
            if stage == FORCED:
                raise IllegalActionError("vorfuehrung", "4.1.9", seat)
            if stage in (ASK_PFLICHT, ASK_LUST) and can_armut(self.initial_hands[seat],
                                                              self.rules):
                raise IllegalActionError("armut_after_solos", "Armut", seat)
            raise IllegalActionError("armut_too_many_trumps", "Armut", seat)
        if code == MARRIAGE:
            if stage in (SINGLE, ASK_POOR):
                raise IllegalActionError("marriage_needs_queens", "4.4.1", seat)
            if stage == FORCED:
                raise IllegalActionError("vorfuehrung", "4.1.9", seat)
            raise IllegalActionError("marriage_outranked", "4.1.6", seat)
        if code == PASS and stage in (ASK_PFLICHT, ASK_LUST):
            if self.rules.armut:
                raise IllegalActionError("cannot_pass_armut", "4.1.6, Armut", seat)
            raise IllegalActionError("cannot_pass", "4.1.6", seat)
        if PICTURE_SOLO_BASE <= code <= PICTURE_SOLO_LAST:  # its option is off at this table
            raise IllegalActionError("solo_not_played", None, seat,
                                     solo=SOLO_CONTRACTS[SOLO_INDEX[code]].solo_name)
        raise self._naming_error(seat)

    def _verify_call(self, seat: int, code: int) -> None:
        phase = self.phase
        if phase < PLAY:
            raise IllegalActionError("calls_not_yet", "6.2.1", seat)
        if phase == PLAY and not self.game_type_settled:
            raise IllegalActionError("calls_marriage", "6.4.2", seat)
        if self.ended in REDEALS:
            raise self._phase_error(code)
        if self.ended == ENDED_CLAIMED or self.ended == ENDED_PLAYED:
            if self.ended == ENDED_CLAIMED:
                raise IllegalActionError("calls_closed", "5.4.4", seat)
            raise IllegalActionError("finished", self._end_rule(), seat)
        p = RE if self.is_re[seat] else KONTRA
        if self.ended == ENDED_CONCEDED and p == RE:
            raise IllegalActionError("calls_conceded", "5.4.7", seat)
        if (code == CALL_RE and p == KONTRA) or (code == CALL_KONTRA and p == RE):
            raise IllegalActionError("own_party", "6.2.2", seat, party=int(p))
        # params are data: party 0/1 (Party), levels 1..5 (CallLevel); errors.py words them
        target = call_level(code)
        cur = self.level[p]
        pi, li = int(p), int(target)
        if target <= cur:
            raise IllegalActionError("repeat", "6.4.7", seat, party=int(p), done=cur)
        n = self.cards_in_hand(seat)
        shift = self.shift
        rule_sfx = ", 6.4.2" if shift > self.base_shift else ""
        ontime = self.ontime[p]
        for lv in range(cur + 1, target + 1):
            need = CALL_MIN_CARDS[lv] - shift
            if lv == 1:
                if n >= need:
                    ontime = True
                    continue
                opp = self.level[1 - p]
                reply = self._reply_min(opp) if opp else 0
                if opp and n >= reply:
                    ontime = False
                    continue
                if target > 1:
                    raise IllegalActionError("skip", "6.4.3", seat, party=pi, level=li,
                                             skipped=1, need=need, have=n)
                if opp:
                    raise IllegalActionError(
                        "deadline_reply", "6.2.2, 6.4.4" + rule_sfx, seat, party=pi, level=li,
                        need=need, reply=reply, opp=opp, have=n,
                    )
                raise IllegalActionError("deadline", "6.2.2" + rule_sfx, seat, party=pi, level=li,
                                         need=need, have=n)
            if not ontime:
                raise IllegalActionError("late_reply", "6.4.4", seat, party=int(p))
            if n < need:
                if lv < target:
                    raise IllegalActionError("skip", "6.4.3", seat, party=pi, level=li, skipped=lv,
                                             need=need, have=n)
                raise IllegalActionError("deadline", "6.3.4" + rule_sfx, seat, party=pi, level=li,
                                         need=need, have=n)

    # ------------------------------------------------------------------ Schweinchen (house rule)

    def pigs_in_game(self) -> bool:
        """Whether this game has Schweinchen (``Rules.pigs``, ``Rules.pigs_solo``): a
        Normalspiel or Hochzeit, or a declared solo the rules name, whose card order has an
        ace among its trumps."""
        rules = self.rules
        if rules.pigs == "off" or self.phase < PLAY or pig_suit(ORDERS[self.base_order]) < 0:
            return False
        if self.contract in (NORMAL, C_MARRIAGE, SILENT_MARRIAGE):
            return True
        return rules.pigs_solo == "trump" or (
            rules.pigs_solo == "diamonds" and self.contract == SOLO_DIAMONDS)

    def pig_card(self, level: int) -> int:
        """The card kind both of which make the pigs of ``level`` (1 Schweinchen: the ace of the
        pig suit, 2 Superschweinchen: its ten, 3 Hyperschweinchen: its nine, without nines its
        king); -1 in a game without Schweinchen."""
        suit = pig_suit(ORDERS[self.base_order])
        if suit < 0:
            return -1
        rank = (ACE, TEN, NINE if self.rules.nines else KING)[level - 1]
        return suit * 6 + rank

    def _pig_reason(self, seat: int, code: int) -> str | None:
        """Why ``seat`` may not announce the pigs of ``code`` now (in PLAY), or None."""
        level = PIG_CODES.index(code) + 1
        rules = self.rules
        if not self.pigs_in_game() or not (
                level == 1 or (rules.superpigs if level == 2 else rules.hyperpigs)):
            return "rules"
        if self.pig_level != level - 1:
            return "level"
        if rules.pigs == "query":
            if self.tricks or self.trick:
                return "started"
        elif seat != self.to_move:
            return "turn"
        if hand_count(self.hands[seat], self.pig_card(level)) != 2:
            return "cards"
        return None

    def _verify_pig(self, seat: int, code: int) -> None:
        if self.phase != PLAY:
            raise self._phase_error(code)
        reason = self._pig_reason(seat, code)
        if reason is not None:
            raise IllegalActionError("pigs_refused", "house rule", seat, action=code,
                                     pig_reason=reason)

    def genscher_possible(self, seat: int) -> bool:
        """Whether playing a ♦K now would make ``seat`` a Genscher (house rule
        ``Rules.genscher``): a Normalspiel (not an Armut), no Genscher yet, and ``seat`` was
        dealt both ♦K and holds one of them."""
        return (self.rules.genscher and self.contract == NORMAL and self.genscher_seat < 0
                and self.phase == PLAY and hand_count(self.initial_hands[seat], KD) == 2
                and hand_count(self.hands[seat], KD) == 1 and self.taker < 0)

    def _verify_genscher(self, seat: int, code: int) -> None:
        if self.phase != PLAY:
            raise self._phase_error(code)
        if not self.genscher_partner < 0 <= self.genscher_seat or seat != self.genscher_seat:
            raise IllegalActionError("genscher_refused", "house rule", seat, action=code,
                                     genscher_reason="not_open")

    def _do_genscher(self, seat: int, code: int) -> None:
        """The Genscher names its partner: the two are Re, the others Kontra; each call counts
        for the party its seat belongs to now (docs/rules.md "Genscher")."""
        partner = (seat + code - GENSCHER_BASE) & 3
        self.genscher_partner = partner
        is_re = [s in (seat, partner) for s in range(4)]
        self.is_re = is_re
        level = [0, 0]
        ontime = [False, False]
        calls: list[tuple[int, Party, CallLevel, int]] = []
        for s, _p, lv, n in self.calls:
            p = RE if is_re[s] else KONTRA
            if not level[p]:
                ontime[p] = n >= 11 - self.shift
            level[p] = max(level[p], lv)
            calls.append((s, p, lv, n))
        self.level = level
        self.ontime = ontime
        self.calls = calls
        self._call_floor = self._min_call_cards()
        if len(self.tricks) == self.tricks_total:
            self._finish(ENDED_PLAYED)
        else:
            self.to_move = (seat + 1) & 3 if self.trick else self.trick_leader

    def _do_pig(self, seat: int) -> None:
        self.pig_level += 1
        self.pig_seats.append(seat)
        level = self.pig_level
        if level == 3 and not self.rules.nines:
            level = 4  # the kings
        self.order = card_order(pig_order(self.base_order, level))

    def _pig_threat(self) -> Line | None:
        """For the claim check: a seat other than the soloist that could still announce pigs
        (which would change the card order), as a one-move line naming it and its pig card;
        None if none can."""
        started = bool(self.tricks or self.trick)
        if not self.pigs_in_game() or (self.rules.pigs == "query" and started):
            return None
        rules = self.rules
        for level in range(self.pig_level + 1, 4):
            if level > 1 and not (rules.superpigs if level == 2 else rules.hyperpigs):
                break
            card = self.pig_card(level)
            for c in range(4):
                if c != self.soloist and hand_count(self.hands[c], card) == 2:
                    return ((c, card),)
        return None

    def _verify_shortening(self, seat: int, code: int) -> None:
        if self.phase != PLAY:
            raise self._phase_error(code)
        if seat != self.soloist:
            raise IllegalActionError("not_soloist", "5.4.3", seat, action=code)
        if code == CLAIM:
            line = self._claim_refutation()
            if line is not None:
                # the text names no card: the line is from the hidden hands (open information)
                raise IllegalActionError("claim_refused", "5.4.4", seat, refutation=line)

    def _claim_refutation(self) -> Line | None:
        """None if the soloist takes every remaining trick whatever is played, else why not."""
        key = len(self.history)
        cache = self._claim_cache
        if cache is not None and cache[0] == key:
            return cache[1]
        threat = self._pig_threat()  # house rule: pigs still to come change the order
        if threat is not None:
            self._claim_cache = (key, threat)
            return threat
        dulle = self.order.dulle if self.dulle_rule else -1
        hint = self._claim_hint
        found = robust_witness(self.order, self.hands, self.soloist, hint[0], hint[1], dulle,
                               self.dulle_rule == 2)
        if found is None:
            found = claim_refutation(self.order, self.hands, self.soloist, self.trick,
                                     self.trick_leader, hint, dulle, self.dulle_rule == 2)
        self._claim_cache = (key, found)
        return found

    # ------------------------------------------------------------------ applying

    def apply(self, action: Action) -> None:
        """Perform ``action`` after checking it; raises :class:`IllegalActionError` if illegal.

        An illegal action never changes the state.
        """
        if self.phase == PLAY and 0 <= action < 256:
            code = CODE_OF[action]
            # fast path for card play (not while a Genscher is to name its partner)
            if code < 24 and (self.genscher_seat < 0 or self.genscher_partner >= 0):
                seat = SEAT_OF[action]
                h = self.hands[seat]
                if seat != self.to_move or not h >> code & 1:
                    self._verify_play(seat, code)
                trick = self.trick
                if trick:
                    order = self.order
                    led = order.eff_suit[trick[0]]
                    if order.eff_suit[code] != led and h & order.follow[led]:
                        self._verify_play(seat, code)
                genscher = code == KD and self.genscher_possible(seat)  # house rule
                if h >> (code + 24) & 1:
                    self.hands[seat] = h ^ 1 << (code + 24)
                else:
                    self.hands[seat] = h ^ 1 << code
                trick.append(code)
                self.history.append(action)
                if genscher:  # the Genscher names its partner next (docs/rules.md)
                    self.genscher_seat = seat
                    if len(trick) == 4:
                        self._complete_trick()
                    self.to_move = seat
                    return
                if len(trick) == 4:
                    self._complete_trick()
                else:
                    self.to_move = (seat + 1) & 3
                return
        self.verify(action)
        seat, code = seat_of(action), code_of(action)
        self.history.append(action)
        if code < 24:
            self._do_exchange(seat, code)
        elif code == THROW:
            self.thrower = seat
            self._finish(ENDED_THROWN)
        elif code == ARMUT:
            self._start_armut(seat)
        elif code == TAKE or code == REFUSE:
            self._do_armut_answer(seat, code)
        elif code <= RESERVATION:
            self._do_query(seat, code)
        elif code <= PASS:
            self._do_naming(seat, code)
        elif code <= BLACK:
            self._do_call(seat, code)
        elif code == CONCEDE:
            self.frozen_sizes = [h.bit_count() for h in self.hands]
            self._finish(ENDED_CONCEDED)
        elif code == CLAIM:
            self._finish(ENDED_CLAIMED)
        elif code == WITHDRAW:
            self._do_withdraw(seat)
        elif PICTURE_SOLO_BASE <= code <= PICTURE_SOLO_LAST:  # a picture solo (verified above)
            self._do_naming(seat, code)
        elif code in GENSCHER_CODES:
            self._do_genscher(seat, code)
        else:
            self._do_pig(seat)

    def _complete_trick(self) -> None:
        trick = self.trick
        best = trick_winner(self.order, trick, self.dulle_rule,
                            len(self.tricks) == self.tricks_total - 1)
        w = (self.trick_leader + best) & 3
        self.tricks.append((self.trick_leader, tuple(trick), w))
        self.eyes[w] += EYES[trick[0]] + EYES[trick[1]] + EYES[trick[2]] + EYES[trick[3]]
        self.won[w] += 1
        self.trick = []
        self.trick_leader = w
        self.to_move = w
        n = len(self.tricks)
        if self.contract == C_MARRIAGE and self.klaerung == 0:
            if w != self.hochzeiter:  # the Klärungsstich (TSR 4.4.3 a)
                self.klaerung = n
                if self.rules.marriage_shift:
                    self.shift += n - 1  # TSR 6.4.2
                self.partner = w
                self.is_re[w] = True
            elif n == 3:  # the Hochzeiter took tricks 1 to 3 (TSR 4.4.3 b)
                self.klaerung = 3
                if self.rules.marriage_shift:
                    self.shift += 2
                self.marriage_solo = True
                self.soloist = self.hochzeiter
            self._call_floor = self._min_call_cards()
        if n == self.tricks_total and not self.genscher_partner < 0 <= self.genscher_seat:
            self._finish(ENDED_PLAYED)

    def _finish(self, how: str) -> None:
        self.ended = how
        self.phase = FINISHED
        self.to_move = -1

    def _do_query(self, seat: int, code: int) -> None:
        self.answers[seat] = code == RESERVATION
        nxt = (seat + 1) & 3
        if nxt != (self.dealer + 1) & 3:
            self.to_move = nxt
            return
        self._end_query()

    def _do_withdraw(self, seat: int) -> None:
        # TSR 4.1.2: the seat counts as having said "gesund"; at position 4 (in the naming)
        # the query's outcome is decided again without its Vorbehalt
        self.answers[seat] = False
        if self.phase == NAMING:
            self.naming_queue = []
            self.naming_stage = SINGLE
            self._end_query()

    def _end_query(self) -> None:
        """Every seat has answered: all healthy, one Vorbehalt or several (TSR 4.1.3 to 4.1.7)."""
        order = [(self.dealer + 1 + i) & 3 for i in range(4)]
        holders = [s for s in order if self.answers[s]]
        if not holders:  # all healthy (TSR 4.1.3); both ♣Q in one hand: stille Hochzeit 4.4.5
            silent = [s for s in range(4) if hand_count(self.initial_hands[s], QC) == 2]
            if silent:
                self._start_play(SILENT_MARRIAGE, silent[0])
            else:
                self._start_play(NORMAL, -1)
            return
        self.phase = NAMING
        if len(holders) == 1:
            self.naming_stage = SINGLE
            self.to_move = holders[0]
            return
        # several Vorbehalte: ask for Pflichtsolo first, then Lustsolo (TSR 4.1.5 to 4.1.7)
        pflicht = [s for s in holders if self.owes_pflichtsolo[s]]
        lust = [s for s in holders if not self.owes_pflichtsolo[s]]
        if pflicht:
            self.naming_stage = ASK_PFLICHT
            self.naming_queue = [*pflicht[1:], -1, *lust]
            self.to_move = pflicht[0]
        else:
            self.naming_stage = ASK_LUST
            self.naming_queue = lust[1:]
            self.to_move = lust[0]

    def _do_naming(self, seat: int, code: int) -> None:
        if code == PASS:
            self._passed.append(seat)
            queue = self.naming_queue
            if queue and queue[0] == -1:
                queue.pop(0)
                self.naming_stage = ASK_LUST
            if queue:
                self.to_move = queue.pop(0)
                return
            # every Vorbehalt passed the solo questions: the first poor seat (from the dealer's
            # left) names its Armut, which goes before a Hochzeit (house rule)
            self.naming_stage = ASK_POOR
            order = [(self.dealer + 1 + i) & 3 for i in range(4)]
            self.to_move = next(s for s in order if s in self._passed
                                and can_armut(self.initial_hands[s], self.rules))
            return
        if code == MARRIAGE:
            self._start_play(C_MARRIAGE, seat)
            return
        contract = SOLO_CONTRACTS[SOLO_INDEX[code]]
        self.pflichtsolo = self.owes_pflichtsolo[seat]
        self._start_play(contract, seat)

    def _start_armut(self, seat: int) -> None:
        """``seat`` named an Armut: the others are asked from its left (house rule)."""
        self.poor = seat
        self.naming_queue = []
        self.naming_stage = ARMUT_ASK
        self.to_move = (seat + 1) & 3

    def _do_armut_answer(self, seat: int, code: int) -> None:
        if code == TAKE:
            self.taker = seat
            self.naming_stage = ARMUT_GIVE
            self.to_move = self.poor
            return
        nxt = (seat + 1) & 3
        if nxt == self.poor:  # nobody takes it: dealt again
            self._finish(ENDED_ARMUT_REFUSED)
        else:
            self.to_move = nxt

    def _do_exchange(self, seat: int, k: int) -> None:
        """One card of the Armut's exchange moves from ``seat`` to the other party member."""
        h = self.hands[seat]
        self.hands[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
        other = self.taker if seat == self.poor else self.poor
        o = self.hands[other]
        self.hands[other] = o | 1 << (k + 24) if o >> k & 1 else o | 1 << k
        n = give_count(self.initial_hands[self.poor])
        if self.naming_stage == ARMUT_GIVE:
            self.armut_given.append(k)
            if len(self.armut_given) == n:
                self.naming_stage = ARMUT_RETURN
                self.to_move = self.taker
            return
        self.armut_returned.append(k)
        if len(self.armut_returned) == n:
            self._start_play(NORMAL, -1)

    @property
    def passed_seats(self) -> list[int]:
        """The seats that passed the solo questions, in seat order."""
        return sorted(self._passed)

    @property
    def armut_cards(self) -> int:
        """How many cards the Armut hands over and gets back (0: no Armut named)."""
        return give_count(self.initial_hands[self.poor]) if self.poor >= 0 else 0

    def armut_trumps_back(self) -> int | None:
        """How many trumps the taker returned (public once the exchange is over), or None."""
        if self.poor < 0 or self.phase < PLAY:
            return None
        eff = self.order.eff_suit
        return sum(1 for k in self.armut_returned if eff[k] == TRUMP)

    def armut_exchange_span(self) -> tuple[int, int]:
        """The indexes ``[start, end)`` of the exchange's card actions in :attr:`history`
        (hidden from the two seats outside the Armut); ``(0, 0)`` without one."""
        if self.taker < 0:
            return (0, 0)
        start = next(i for i, a in enumerate(self.history) if CODE_OF[a] == TAKE) + 1
        return (start, start + len(self.armut_given) + len(self.armut_returned))

    def _start_play(self, contract: Contract, seat: int) -> None:
        self.contract = contract
        self.base_order = order_of(contract, self.rules.dulle_moves, self.rules.solo_dullen)
        self.order = ORDERS[self.base_order]
        self.phase = PLAY
        self.naming_queue = []
        if contract == NORMAL and self.taker >= 0:  # an Armut: the poor seat and its taker
            self.is_re = [s in (self.poor, self.taker) for s in range(4)]
        elif contract == NORMAL:
            self.is_re = [hand_count(h, QC) > 0 for h in self.initial_hands]
        elif contract == C_MARRIAGE:
            self.hochzeiter = seat
            self.is_re = [s == seat for s in range(4)]
        else:  # a solo or the stille Hochzeit: one seat alone is Re (TSR 2.4.7, 4.4.5)
            self.soloist = seat
            self.is_re = [s == seat for s in range(4)]
        # who leads trick 1: the soloist of a Pflichtsolo, else the dealer's left neighbour
        # (TSR 4.2.2, 4.3.1, 5.1.1)
        solo_leads = self.pflichtsolo or (self.rules.soloist_leads and contract >= SOLO_DIAMONDS)
        lead = seat if solo_leads else (self.dealer + 1) & 3
        self.trick_leader = lead
        self.to_move = lead

    def _do_call(self, seat: int, code: int) -> None:
        p = RE if self.is_re[seat] else KONTRA
        target = call_level(code)
        n = self.cards_in_hand(seat)
        if self.level[p] == 0:
            self.ontime[p] = n >= 11 - self.shift
        self.level[p] = target
        self.calls.append((seat, p, target, n))
        self._call_floor = self._min_call_cards()

    # ------------------------------------------------------------------ results

    def re_eyes(self) -> int:
        """Augen of Re. After a concession the rest goes to Kontra (5.4.6); after a claim to
        Re (5.4.4)."""
        eyes = sum(self.eyes[s] for s in range(4) if self.is_re[s])
        if self.ended == ENDED_CLAIMED:
            eyes += self._remaining_eyes()
        return eyes

    def re_tricks(self) -> int:
        """Tricks of Re (with the rest of the game after a claim)."""
        n = sum(self.won[s] for s in range(4) if self.is_re[s])
        if self.ended == ENDED_CLAIMED:
            n += self.tricks_total - len(self.tricks)
        return n

    def kontra_eyes(self) -> int:
        """Augen of Kontra (with the rest of the game after a concession, TSR 5.4.6)."""
        eyes = sum(self.eyes[s] for s in range(4) if not self.is_re[s])
        if self.ended == ENDED_CONCEDED:
            eyes += self._remaining_eyes()
        return eyes

    def kontra_tricks(self) -> int:
        """Tricks of Kontra (with the rest of the game after a concession)."""
        n = sum(self.won[s] for s in range(4) if not self.is_re[s])
        if self.ended == ENDED_CONCEDED:
            n += self.tricks_total - len(self.tricks)
        return n

    def _remaining_eyes(self) -> int:
        rest = sum(EYES[k] for k in self.trick)
        for h in self.hands:
            rest += sum(EYES[k] for k in hand_kinds(h))
        return rest

    def sonderpunkte(self) -> tuple[dict[str, int], dict[str, int]]:
        """Doppelkopf, Fuchs and Karlchen won by Re and by Kontra (TSR 7.2.3), and the further
        Sonderpunkte of the house rules that ``rules`` play (Karlchen gefangen, Fuchs im letzten
        Stich, Dulle gefangen, a Doppelkopf under 40 Augen; 0 when off): the keys of
        :class:`doko.engine.scoring.Extras`.

        Counted only where Sonderpunkte exist: a Normalspiel, also an announced Hochzeit that
        stayed one. Parties are the final ones, tricks before the Klärungsstich included. In a
        solo only the house rule "Karlchen im Solo" (``Rules.charlie_solo``) counts.
        """
        extras = ({k: 0 for k in _EXTRA_COUNTS}, {k: 0 for k in _EXTRA_COUNTS})
        is_re = self.is_re
        rules = self.rules
        if self.soloist >= 0 or self.contract not in (NORMAL, C_MARRIAGE):
            # house rule "Karlchen im Solo": a ♣J wins the last trick of a solo
            if rules.charlie_solo and len(self.tricks) == self.tricks_total:
                leader, cards, w = self.tricks[-1]
                if cards[(w - leader) & 3] == JC:
                    extras[RE if is_re[w] else KONTRA]["charlie_solo"] += 1
            return extras
        low = rules.doppelkopf_eyes  # house rule: a Doppelkopf from 30 or 35 Augen
        for i, (leader, cards, w) in enumerate(self.tricks):
            wp = RE if is_re[w] else KONTRA
            last = i == self.tricks_total - 1
            trick_eyes = sum(EYES[k] for k in cards)
            if trick_eyes >= 40:
                extras[wp]["doppelkopf"] += 1
            elif trick_eyes >= low:
                extras[wp]["doppelkopf_low"] += 1
            for j, k in enumerate(cards):
                theirs = (RE if is_re[(leader + j) & 3] else KONTRA) != wp
                if k == AD and theirs:
                    extras[wp]["fox"] += 1
                elif theirs and k == JC and last and rules.charlie_caught:
                    extras[wp]["charlie_caught"] += 1
                elif theirs and k == TH and rules.dulle_caught:
                    extras[wp]["dulle_caught"] += 1
            if last and cards[(w - leader) & 3] == JC:
                extras[wp]["charlie"] += 1
            if last and cards[(w - leader) & 3] == AD and rules.fox_last_trick:
                extras[wp]["fox_last"] += 1
        return extras

    def result(self) -> Score:
        """The score of the finished game by TSR 7 (raises ValueError while it is running)."""
        from doko.engine.result import game_result

        return game_result(self)

    def __repr__(self) -> str:
        return (
            f"<Game {self.phase.record_name} {self.contract_name} tricks={len(self.tricks)} "
            f"to_move={self.to_move}>"
        )

    def to_record(self) -> dict[str, Any]:
        """The game as a ``doko-game/1`` record (see :mod:`doko.engine.record`)."""
        from doko.engine.record import to_record

        return to_record(self)


def contract_label(contract: Contract, marriage_solo: bool, pflichtsolo: bool,
                   vorfuehrung: int | None, lang: str = "de") -> str:
    """The game kind as players say it, from the catalogue: ``"Damensolo, Lustsolo"``,
    ``"Hochzeit → Karo-Solo"`` (both engines' ``contract_label``).

    >>> contract_label(Contract.SOLO_QUEENS, False, True, 2, "en")
    'queens solo (Damensolo), Vorführung (Pflichtsolo)'
    """
    lang = "de" if lang == "de" else "en"
    if marriage_solo:
        return text("contract.marriage_solo", lang, solo=SOLO_DIAMONDS.label(lang))
    label = contract.label(lang)
    if contract < SOLO_DIAMONDS:
        return label
    kind = "vorfuehrung" if vorfuehrung is not None else (
        "pflichtsolo" if pflichtsolo else "lustsolo")
    return text("contract.kind." + kind, lang, label=label)


def deal_hands(seed: int, dealer: int = 0, nines: bool = True) -> list[int]:
    """Four hands (bit sets) dealt from ``seed`` by TSR 3.3; see :meth:`Game.deal`.

    Without nines (house rule) the 40 cards are dealt in rounds of 3, 4 and 3.

    >>> [hand_size(h) for h in deal_hands(1)], [hand_size(h) for h in deal_hands(1, nines=False)]
    ([12, 12, 12, 12], [10, 10, 10, 10])
    """
    rng = random.Random(seed)
    cards = deck() if nines else [k for k in deck() if k % 6]
    rng.shuffle(cards)
    # the cutter lifts at least 3 cards and leaves at least 3 (TSR 3.3.5)
    cut = rng.randint(3, len(cards) - 3)
    return deal_out(cards[cut:] + cards[:cut], dealer, nines)


def deal_out(cards: list[int], dealer: int, nines: bool = True) -> list[int]:
    """The shuffled and cut ``cards`` (kinds) given out as four hands (bit sets): in rounds of
    3 cards (3, 4 and 3 without nines) from the dealer's left neighbour on (TSR 3.3)."""
    hands = [0, 0, 0, 0]
    pos = 0
    for size in (3, 3, 3, 3) if nines else (3, 4, 3):
        for i in range(4):
            seat = (dealer + 1 + i) & 3
            for k in cards[pos:pos + size]:
                h = hands[seat]
                hands[seat] = h | 1 << (k + 24) if h >> k & 1 else h | 1 << k
            pos += size
    return hands


# Re-exported for callers that build actions.
__all__ += ["PLAY_BASE", "encode"]
