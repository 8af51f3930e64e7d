"""Sample the hidden hands consistently with everything one seat has observed.

From a :class:`~doko.engine.view.SeatView` only: the cards not yet seen are dealt to the other seats
so that each holds as many cards as it does, no seat holds a card of a suit it has shown void
in (it did not follow), and the ♣Q go where the public facts put them (a seat known to be Re in
a Normalspiel still holds a ♣Q it has not played; a seat known to be Kontra holds none; the
Hochzeiter holds both), and so do announced Schweinchen (house rules: the seat that announced
them held both cards then and keeps those it has not played). The sampled deal is replayed
through the engine; a world in which the history would not be legal is rejected.

>>> from doko.engine.game import Game
>>> from doko.engine.actions import encode, HEALTHY
>>> from doko.engine.view import view
>>> import random
>>> g = Game.deal(seed=3)
>>> for _ in range(4):
...     g.apply(encode(g.to_move, HEALTHY))
>>> for _ in range(9):
...     g.apply(g.legal_plays()[0])
>>> w = Sampler(view(g, 2)).world(random.Random(1))
>>> w.history == g.history and w.hands[2] == g.hands[2]
True
"""

from __future__ import annotations

import random

from doko.engine.actions import (
    CLAIM,
    CODE_OF,
    GENSCHER_CODES,
    MARRIAGE,
    TAKE,
    Action,
    code_of,
    encode,
    seat_of,
)
from doko.engine.armut import TRUMP_KINDS, armut_trumps, give_count, trump_count
from doko.engine.cards import ACE, KIND_MASK, KING, NINE, QC, TEN, deck
from doko.engine.contracts import card_order, pig_suit
from doko.engine.errors import IllegalActionError
from doko.engine.game import Game
from doko.engine.view import SeatView
from doko.engine.vocab import Party


class ImpossibleView(ValueError):
    """No deal of the unseen cards fits the view (should not happen for a real view)."""


class Sampler:
    """Deals the unseen cards of one seat's view; see the module docstring."""

    def __init__(self, view: SeatView) -> None:
        if view.seat is None:
            raise ValueError("a spectator's view has no own hand to sample around")
        self.view = view
        seat = view.seat
        self.seat = seat
        played: list[list[int]] = [[], [], [], []]
        voids = [0, 0, 0, 0]  # bit set of effective suits each seat is void in
        order = card_order(view.order) if view.order is not None else None
        tricks = [(leader, cards) for leader, cards, _ in view.tricks]
        if view.trick:
            tricks.append((view.trick[0][0], tuple(k for _, k in view.trick)))
        for leader, cards in tricks:
            for i, k in enumerate(cards):
                who = (leader + i) & 3
                played[who].append(k)
                if order is not None and i and order.eff_suit[k] != order.eff_suit[cards[0]]:
                    voids[who] |= 1 << order.eff_suit[cards[0]]
        self.played = played
        # the unseen cards
        pool = deck() if view.rules.nines else [k for k in deck() if k % 6]
        for k in view.hand:
            pool.remove(k)
        for own_cards in played:
            for k in own_cards:
                pool.remove(k)
        self.pool = pool
        self.need = [0 if s == seat else view.hand_sizes[s] for s in range(4)]
        if sum(self.need) != len(pool):
            raise ImpossibleView(f"{len(pool)} unseen cards for {sum(self.need)} places")
        # which kinds each seat may hold
        allowed = [KIND_MASK] * 4
        if order is not None:
            for s in range(4):
                for suit in range(5):
                    if voids[s] >> suit & 1:
                        allowed[s] &= ~order.follow[suit]
        # the ♣Q (TSR 2.4.4, 4.4, 5.5)
        self.must_qc = [0, 0, 0, 0]
        contract = view.contract
        qc_played = [seat_cards.count(QC) for seat_cards in played]
        if contract == "marriage":
            h = _hochzeiter(view)
            for s in range(4):
                if s != h:
                    allowed[s] &= ~(1 << QC)
            if h != seat:
                self.must_qc[h] = 2 - qc_played[h]
        elif view.taker is not None:
            pass  # an Armut (house rule): the parties are public and say nothing of the ♣Q
        elif contract in ("normal", "silent_marriage") and not any(
                CODE_OF[a] in GENSCHER_CODES for a in view.history):
            # (after a Genscher, house rule, the parties were named: they say nothing of the ♣Q)
            for s in range(4):
                if s == seat:
                    continue
                party = view.parties[s]
                if party == Party.KONTRA:
                    allowed[s] &= ~(1 << QC)
                elif party == Party.RE and qc_played[s] == 0:
                    self.must_qc[s] = 1
        # announced Schweinchen (house rules): the announcer held both cards; (seat, kind) per
        # copy it still holds
        self.must_cards: list[tuple[int, int]] = []
        pig_kinds = _pig_kinds(view)
        for level, who in enumerate(view.pigs):
            k = pig_kinds[level]
            for s in range(4):
                if s != who:
                    allowed[s] &= ~(1 << k)
            if who != seat:
                self.must_cards += [(who, k)] * (2 - played[who].count(k))
        self.allowed = allowed
        # an Armut (house rule): what this seat knows of the exchange; the poor seat's cards
        # after it hold exactly the trumps the taker returned (it gave all of its own)
        self.armut = view.taker is not None and view.phase >= 2  # PLAY or FINISHED
        self.must_have: dict[int, list[int]] = {}
        if view.poor is not None and not self.armut:
            raise ImpossibleView("no worlds during an Armut's exchange")
        if self.armut:
            assert view.poor is not None and view.taker is not None
            given, back = list(view.armut_given), list(view.armut_returned)
            if seat in (view.poor, view.taker):
                # the cards the other member of Re holds for sure: what it got and kept
                other = view.taker if seat == view.poor else view.poor
                got, gave = (given, back) if other == view.taker else (back, given)
                keep = list(got)
                for k in gave:
                    if k in keep:
                        keep.remove(k)
                for k in played[other]:
                    if k in keep:
                        keep.remove(k)
                self.must_have = {other: keep}
        # the poor seat holds no trump besides those placed by _place_armut
        self.allowed_rest = list(allowed)
        if self.armut and view.poor != seat and view.poor is not None:
            self.allowed_rest[view.poor] &= ~TRUMP_KINDS

    def sample(self, rng: random.Random) -> list[int]:
        """Current hands (bit sets) of all four seats, the own one as it is; in an Armut the
        poor seat holds exactly the trumps the taker returned (it gave all of its own) and the
        other member of Re what it is known to hold."""
        return self._sample(rng)

    def _sample(self, rng: random.Random) -> list[int]:
        """:meth:`sample`: the ♣Q and the Armut's cards placed first, then the rest."""
        seat = self.seat
        for _ in range(200):
            hands = [0, 0, 0, 0]
            hands[seat] = _bits(self.view.hand)
            room = self.need[:]
            pool = self.pool[:]
            ok = True
            for s in range(4):
                for _ in range(self.must_qc[s]):
                    if QC not in pool or not room[s]:
                        ok = False
                        break
                    pool.remove(QC)
                    hands[s] = _add(hands[s], QC)
                    room[s] -= 1
            if not ok:
                raise ImpossibleView("the ♣Q cannot be placed")
            for s, k in self.must_cards:
                if k not in pool or not room[s]:
                    raise ImpossibleView("the announced Schweinchen cannot be placed")
                pool.remove(k)
                hands[s] = _add(hands[s], k)
                room[s] -= 1
            allowed = self.allowed
            if self.armut and not self._place_armut(hands, room, pool, rng):
                continue
            if self.armut:
                allowed = self.allowed_rest
            rng.shuffle(pool)
            pool.sort(key=lambda k: sum(1 for s in range(4) if room[s] and allowed[s] >> k & 1))
            for k in pool:
                choices = [s for s in range(4) if room[s] and allowed[s] >> k & 1]
                if not choices:
                    ok = False
                    break
                total = sum(room[s] for s in choices)
                r = rng.random() * total
                for s in choices:
                    r -= room[s]
                    if r < 0:
                        break
                hands[s] = _add(hands[s], k)
                room[s] -= 1
            if ok:
                return hands
        raise ImpossibleView("no deal of the unseen cards fits the voids")

    def _place_armut(self, hands: list[int], room: list[int], pool: list[int],
                     rng: random.Random) -> bool:
        """In an Armut: the cards another member of Re holds for sure, then the poor seat's
        remaining trumps (exactly those the taker returned); False if they do not fit."""
        for s, need in self.must_have.items():
            for k in need:
                if k not in pool or not room[s]:
                    return False
                pool.remove(k)
                hands[s] = _add(hands[s], k)
                room[s] -= 1
        v = self.view
        poor = v.poor
        if poor is None or poor == self.seat:
            return True
        held = trump_count(hands[poor]) + sum(
            1 for k in self.played[poor] if TRUMP_KINDS >> k & 1)
        want = (v.armut_trumps_back or 0) - held
        cands = [k for k in pool if TRUMP_KINDS >> k & 1 and self.allowed[poor] >> k & 1]
        if want < 0 or len(cands) < want or room[poor] < want:
            return False
        for k in rng.sample(cands, want):
            pool.remove(k)
            hands[poor] = _add(hands[poor], k)
            room[poor] -= 1
        return True

    def initial_hands(self, rng: random.Random) -> list[int]:
        """The initial hands (bit sets) of a sampled deal: :meth:`sample` plus the cards each
        seat has played. The history is not replayed on them (:meth:`world` does)."""
        initial = self.sample(rng)
        for s in range(4):
            for k in self.played[s]:
                initial[s] = _add(initial[s], k)
        return initial

    def world(self, rng: random.Random, tries: int = 50) -> Game:
        """A full game state consistent with the view (the history replayed on a sampled
        deal).

        A claim is accepted only for the actual cards (TSR 9.2.2), so a game ended by a claim is
        replayed up to the claim: nobody acts after a claim anyway.
        """
        v = self.view
        history = list(v.history)
        if history and code_of(history[-1]) == CLAIM:
            history.pop()
        for _ in range(tries):
            initial = self.initial_hands(rng)
            if self.armut:
                exchanged = self._armut_exchange(initial, history, rng)
                if exchanged is None:
                    continue
                initial, history_w = exchanged
            else:
                history_w = history
            try:
                g = Game(initial, v.dealer, owes_pflichtsolo=v.owes_pflichtsolo,
                         vorfuehrung=v.vorfuehrung, rules=v.rules)
                for a in history_w:
                    g.apply(a)
            except (IllegalActionError, ValueError):
                continue
            return g
        raise ImpossibleView("no sampled deal replays the history")

    def _armut_exchange(self, post: list[int], history: list[Action], rng: random.Random
                        ) -> tuple[list[int], list[Action]] | None:
        """The dealt hands and the whole history of a sampled Armut world: ``post`` are the
        hands after the exchange (with the cards played); the exchange is undone on them, the
        one the seat saw, or for a seat outside the Armut one chosen to fit (the poor seat's
        trumps are the returned ones, its dealt hand may name the Armut)."""
        v = self.view
        poor, taker = v.poor, v.taker
        assert poor is not None and taker is not None
        n = v.armut_cards
        if self.seat in (poor, taker):
            given, back = list(v.armut_given), list(v.armut_returned)
            full = history
        else:
            mine = _kinds(post[poor])
            trumps = [k for k in mine if TRUMP_KINDS >> k & 1]
            plain = [k for k in mine if not TRUMP_KINDS >> k & 1]
            if len(trumps) > n or len(plain) < n - len(trumps):
                return None
            back = trumps + rng.sample(plain, n - len(trumps))
            theirs = _kinds(post[taker])
            given = rng.sample(theirs, n)
            given.sort(key=lambda k: not TRUMP_KINDS >> k & 1)  # the trumps first
            at = next(i for i, a in enumerate(history) if code_of(a) == TAKE) + 1
            full = (history[:at] + [encode(poor, k) for k in given]
                    + [encode(taker, k) for k in back] + history[at:])
        out = list(post)
        for k in back:
            if not _count(out[poor], k):
                return None
            out[poor] = _remove(out[poor], k)
            out[taker] = _add(out[taker], k)
        for k in given:
            if not _count(out[taker], k):
                return None
            out[taker] = _remove(out[taker], k)
            out[poor] = _add(out[poor], k)
        dealt = out[poor]
        if give_count(dealt) != n or armut_trumps(dealt, v.rules.armut_fox) > 3:
            return None
        return out, full


def _bits(kinds: tuple[int, ...] | list[int]) -> int:
    h = 0
    for k in kinds:
        h = _add(h, k)
    return h


def _add(h: int, k: int) -> int:
    return h | 1 << (k + 24) if h >> k & 1 else h | 1 << k


def _pig_kinds(view: SeatView) -> tuple[int, ...]:
    """The card kinds of the pig levels announced in ``view`` (house rules): the pig suit's ace,
    ten, nine (king without nines), from the announcements' card order."""
    if not view.pigs or view.order is None:
        return ()
    suit = pig_suit(card_order(view.order))
    ranks = (ACE, TEN, NINE if view.rules.nines else KING)
    return tuple(suit * 6 + r for r in ranks[:len(view.pigs)])


def _count(h: int, k: int) -> int:
    return (h >> k & 1) + (h >> (k + 24) & 1)


def _remove(h: int, k: int) -> int:
    return h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k


def _kinds(h: int) -> list[int]:
    return [k for k in range(24) for _ in range(_count(h, k))]


def _hochzeiter(view: SeatView) -> int:
    for a in view.history:
        if code_of(a) == MARRIAGE:
            return seat_of(a)
    raise ImpossibleView("a Hochzeit without its announcement")


__all__ = ["ImpossibleView", "Sampler"]
