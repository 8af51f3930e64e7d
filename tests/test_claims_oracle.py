"""The claim check (TSR 5.4.4, 9.2.2) against a brute-force oracle on random end positions."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import SOLO_BASE, encode
from doko.engine.claims import claim_refutation
from doko.engine.contracts import CardOrder, trick_winner
from doko.engine.game import PLAY, Game


def brute_force_forced(
    order: CardOrder,
    hands: list[int],
    soloist: int,
    trick: list[int],
    leader: int,
    dulle: int = -1,
    except_last: bool = False,
) -> bool:
    """True if the soloist wins every remaining trick in every legal continuation.

    ``dulle`` >= 0: the house rule where the second Dulle beats the first (not in the last
    trick with ``except_last``).
    """
    seat = (leader + len(trick)) & 3
    if len(trick) == 4:
        best = trick_winner(order, trick)
        last = not any(hands)
        if dulle >= 0 and trick[best] == dulle and trick.count(dulle) == 2 and not (
            except_last and last
        ):
            best = 3 - trick[::-1].index(dulle)
        winner = (leader + best) & 3
        if winner != soloist:
            return False
        if not hands[soloist]:
            return True
        return brute_force_forced(order, hands, soloist, [], winner, dulle, except_last)
    h = hands[seat]
    mask = h & 0xFFFFFF
    if trick:
        follow = mask & order.follow[order.eff_suit[trick[0]]]
        mask = follow or mask
    for k in range(24):
        if mask >> k & 1:
            nh = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
            new = hands[:]
            new[seat] = nh
            if not brute_force_forced(order, new, soloist, [*trick, k], leader, dulle,
                                      except_last):
                return False
    return True


def strength(order: CardOrder, k: int) -> int:
    return order.power[k] + (200 if order.eff_suit[k] == 4 else 0)


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 10**9), solo=st.integers(0, 6), cards=st.integers(32, 47))
def test_claim_check_matches_brute_force(seed: int, solo: int, cards: int) -> None:
    """TSR 9.2.2: a claim stands exactly when every continuation gives the soloist all tricks."""
    rng = random.Random(seed)
    g = Game.deal(seed, dealer=seed % 4)
    first = g.to_move
    g.apply(encode(first, 25))  # Vorbehalt
    for _ in range(3):
        g.apply(encode(g.to_move, 24))
    g.apply(encode(first, SOLO_BASE + solo))
    assert g.phase == PLAY
    # let the soloist win often: he plays his strongest card, the others random cards
    while len(g.history) - 5 < cards:
        plays = [a for a in g.legal_actions() if a & 63 < 24]
        if g.to_move == g.soloist:
            a = max(
                plays, key=lambda a: g.order.power[a & 63] + 200 * (g.order.eff_suit[a & 63] == 4)
            )
        else:
            a = rng.choice(plays)
        g.apply(a)
    expected = brute_force_forced(g.order, g.hands[:], g.soloist, g.trick[:], g.trick_leader)
    found = claim_refutation(g.order, g.hands[:], g.soloist, g.trick[:], g.trick_leader)
    assert (found is None) == expected


@settings(max_examples=250, deadline=None)
@given(
    seed=st.integers(0, 10**9),
    order_index=st.integers(0, 9),
    size=st.integers(1, 5),
    played=st.integers(0, 3),
    dulle_rule=st.sampled_from(["first", "second", "second_except_last"]),
)
def test_claim_check_on_strong_soloist_hands(
    seed: int, order_index: int, size: int, played: int, dulle_rule: str
) -> None:
    """TSR 5.4.4, 9.2.2 on end positions where the soloist holds mostly top cards; also with
    the house rules on the Dulle and its moving with the trump suit."""
    from doko.engine.contracts import ORDERS

    order = ORDERS[order_index]
    rng = random.Random(seed)
    deck = [k for k in range(24) for _ in range(2)]
    deck.sort(key=lambda k: -strength(order, k) + rng.random() * 30)
    soloist = rng.randrange(4)
    leader = rng.randrange(4)
    hands = [0, 0, 0, 0]
    top = deck[: size + 3]
    rest = deck[size + 3 :]
    rng.shuffle(rest)
    solo_cards = rng.sample(top, size)
    for k in top:
        if k in solo_cards:
            solo_cards.remove(k)
            hands[soloist] = (
                hands[soloist] | 1 << (k + 24)
                if hands[soloist] >> k & 1
                else hands[soloist] | 1 << k
            )
        else:
            rest.append(k)
    trick: list[int] = []
    for i in range(4):
        seat = (leader + i) & 3
        if seat == soloist:
            continue
        for _ in range(size):
            k = rest.pop()
            hands[seat] = (
                hands[seat] | 1 << (k + 24) if hands[seat] >> k & 1 else hands[seat] | 1 << k
            )
    # the first `played` seats of the trick have played one card already
    for i in range(played):
        seat = (leader + i) & 3
        h = hands[seat]
        mask = h & 0xFFFFFF
        if trick:
            mask = (mask & order.follow[order.eff_suit[trick[0]]]) or mask
        k = rng.choice([k for k in range(24) if mask >> k & 1])
        hands[seat] = h ^ 1 << (k + 24) if h >> (k + 24) & 1 else h ^ 1 << k
        trick.append(k)
    if played and not any(h for h in hands):
        return
    dulle = order.dulle if dulle_rule != "first" else -1
    last = dulle_rule == "second_except_last"
    expected = brute_force_forced(order, hands[:], soloist, trick[:], leader, dulle, last)
    found = claim_refutation(order, hands[:], soloist, trick[:], leader, None, dulle, last)
    assert (found is None) == expected
