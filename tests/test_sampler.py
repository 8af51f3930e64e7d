"""The sampler deals the unseen cards consistently with one seat's view (voids, played cards,
known parties and ♣Q), and replays the public history on every world."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doko.bots.random_player import RandomPolicy
from doko.bots.sampler import Sampler
from doko.engine.cards import QC, hand_count
from doko.engine.contracts import ORDERS
from doko.engine.game import PLAY, Game
from doko.engine.view import view
from doko.engine.vocab import Party

RE, KONTRA = Party.RE, Party.KONTRA


def _random_state(seed: int, steps: int) -> Game:
    g = Game.deal(seed, dealer=seed % 4,
                  owes_pflichtsolo=[bool(seed >> i & 1) for i in range(4)])
    policy = RandomPolicy(seed, p_reservation=0.2, p_call=0.1, p_concede=0.0)
    for _ in range(steps):
        if g.is_over:
            break
        g.apply(policy.choose(g))
    return g


@settings(max_examples=120, deadline=None)
@given(seed=st.integers(0, 10**6), steps=st.integers(0, 60), seat=st.integers(0, 3))
def test_worlds_are_consistent_with_the_view(seed: int, steps: int, seat: int) -> None:
    """Every sampled world keeps the own hand and the history, gives each seat its number of
    cards, respects every void and agrees with every party the seat knows (TSR 5.5)."""
    g = _random_state(seed, steps)
    v = view(g, seat)
    sampler = Sampler(v)
    rng = random.Random(seed)
    seen_hands = set()
    for _ in range(8):
        w = sampler.world(rng)
        if g.ended == "claimed":  # replayed up to the claim (accepted for the real cards only)
            assert w.history == g.history[:-1]
            continue
        assert w.history == g.history
        assert w.hands[seat] == g.hands[seat]
        assert [w.cards_in_hand(s) for s in range(4)] == [g.cards_in_hand(s) for s in range(4)]
        assert w.tricks == g.tricks and w.trick == g.trick
        wv = view(w, seat)
        assert wv.legal_actions == v.legal_actions  # the seat cannot tell the worlds apart
        assert wv.contract == v.contract
        for s, party in enumerate(v.parties):
            if party is not None:
                assert (RE if w.is_re[s] else KONTRA) == party
        if g.phase >= PLAY and v.order is not None:
            order = ORDERS[v.order]
            for leader, cards, _ in g.tricks:
                for i, k in enumerate(cards[1:], 1):
                    if order.eff_suit[k] != order.eff_suit[cards[0]]:
                        who = (leader + i) & 3
                        assert not w.hands[who] & order.follow[order.eff_suit[cards[0]]]
        seen_hands.add(tuple(w.hands))
    if g.ended != "claimed" and _worlds_possible(sampler) > 1:
        # the worlds vary where the seat's knowledge lets them: with only two possible deals,
        # eight equal draws happen one time in 128, so draw on (up to 64) before judging
        for _ in range(56):
            if len(seen_hands) > 1:
                break
            seen_hands.add(tuple(sampler.world(rng).hands))
        assert len(seen_hands) > 1


def _worlds_possible(sampler: Sampler, stop: int = 2) -> int:
    """How many different deals of the unseen cards fit the sampler's constraints (each seat's
    number of cards, the kinds it may hold, the ♣Q it must hold), counted up to ``stop``: an
    exhaustive count, independent of the sampler's random procedure (voids can leave a single
    world even with many cards unseen)."""
    counts: dict[int, int] = {}
    for k in sampler.pool:
        counts[k] = counts.get(k, 0) + 1
    kinds = sorted(counts)
    found = 0

    def place(i: int, room: list[int]) -> None:
        nonlocal found
        if found >= stop:
            return
        if i == len(kinds):
            found += room == [0, 0, 0, 0]
            return
        k, c = kinds[i], counts[kinds[i]]
        seats = [s for s in range(4) if room[s] and sampler.allowed[s] >> k & 1]
        splits = ([(s,) for s in seats] if c == 1 else
                  [(s, t) for a, s in enumerate(seats) for t in seats[a:]])
        for split in splits:
            if any(split.count(s) > room[s] for s in split):
                continue
            if k == QC and any(sampler.must_qc[s] > split.count(s) for s in range(4)):
                continue
            for s in split:
                room[s] -= 1
            place(i + 1, room)
            for s in split:
                room[s] += 1

    if QC not in counts and any(sampler.must_qc):
        return 0
    place(0, list(sampler.need))
    return found


def test_club_queen_follows_the_re_call() -> None:
    """A seat that called Re in a Normalspiel and has not played a ♣Q holds one in every
    world (TSR 5.5.1 (4), 2.4.4)."""
    for seed in range(200):
        g = Game.deal(seed)
        for _ in range(4):
            g.apply(g.legal_actions()[0])
        if g.contract_name != "normal":
            continue
        caller = g.re_seats()[0]
        observer = next(s for s in range(4) if not g.is_re[s])
        g.apply(caller << 6 | 35)  # Re
        v = view(g, observer)
        assert v.parties[caller] == RE
        sampler = Sampler(v)
        rng = random.Random(seed)
        for _ in range(20):
            w = sampler.world(rng)
            assert hand_count(w.hands[caller], QC) >= 1
        return
    raise AssertionError("no Normalspiel found")


def test_hochzeiter_holds_both_club_queens() -> None:
    """In an announced Hochzeit the Hochzeiter holds both ♣Q (TSR 4.4.1) in every world."""
    for seed in range(3000):
        g = Game.deal(seed)
        holder = next((s for s in range(4) if hand_count(g.hands[s], QC) == 2), None)
        if holder is None:
            continue
        for _ in range(4):
            s = g.to_move
            g.apply(s << 6 | (25 if s == holder else 24))
        g.apply(holder << 6 | 33)  # Hochzeit
        observer = (holder + 1) & 3
        sampler = Sampler(view(g, observer))
        rng = random.Random(1)
        for _ in range(10):
            w = sampler.world(rng)
            assert hand_count(w.hands[holder], QC) == 2
        return
    raise AssertionError("no deal with both ♣Q in one hand")
