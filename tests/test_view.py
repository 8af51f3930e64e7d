"""Per-seat views: what each seat knows (TSR 5.5) and that no hidden card leaks."""

from __future__ import annotations

import json

from doko.engine.actions import CALL_KONTRA, CALL_RE, HEALTHY, RESERVATION, SOLO_BASE, encode
from doko.engine.cards import QC, card_code, hand_count
from doko.engine.game import Game
from doko.engine.view import view
from doko.engine.vocab import Party, Phase

RE, KONTRA = Party.RE, Party.KONTRA


def _start_normal(seed: int) -> Game:
    g = Game.deal(seed)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def _normal_game_seed() -> int:
    """A seed whose deal is a plain Normalspiel (the two ♣Q in different hands)."""
    for seed in range(100):
        g = Game.deal(seed)
        if all(hand_count(h, QC) < 2 for h in g.initial_hands):
            return seed
    raise AssertionError("no seed found")


def test_view_shows_only_own_hand() -> None:
    """TSR 5.5: a seat sees its own hand and public facts; a spectator sees no hand."""
    g = _start_normal(_normal_game_seed())
    for seat in range(4):
        v = view(g, seat)
        assert sorted(v.hand) == sorted(g.hand(seat))
        assert v.hand_sizes == (12, 12, 12, 12)
        blob = json.dumps(v.to_json())
        assert blob.count('"hand"') == 1
    spectator = view(g, None)
    assert spectator.hand == () and spectator.legal_actions == ()
    assert spectator.parties == (None, None, None, None)


def test_own_party_known_from_the_start_of_a_normalspiel() -> None:
    """TSR 5.5: everyone knows his own party (he sees whether he holds a ♣Q)."""
    g = _start_normal(_normal_game_seed())
    for seat in range(4):
        expected = RE if g.is_re[seat] else KONTRA
        assert view(g, seat).parties[seat] == expected
        others = [p for s, p in enumerate(view(g, seat).parties) if s != seat]
        assert others == [None, None, None]


def test_played_club_queen_and_calls_make_parties_public() -> None:
    """TSR 5.5.1 (3), (4): a played ♣Q and an Ansage tell the party; 5.5.2 clarification."""
    g = _start_normal(_normal_game_seed())
    re_seats = g.re_seats()
    kontra_seats = [s for s in range(4) if s not in re_seats]
    g.apply(encode(kontra_seats[0], CALL_KONTRA))
    spectator = view(g, None)
    assert spectator.parties[kontra_seats[0]] == KONTRA
    assert not spectator.partnerships_clarified
    g.apply(encode(re_seats[0], CALL_RE))
    # the Re player who has not called knows everything: his partner called, the rest is Kontra
    assert view(g, re_seats[1]).parties == tuple(
        RE if s in re_seats else KONTRA for s in range(4)
    )
    # a Kontra player knows himself, the Kontra caller and the Re caller; the fourth seat stays
    # open: the Re caller might hold both ♣Q (a stille Hochzeit)
    k_view = view(g, kontra_seats[1]).parties
    assert k_view[kontra_seats[1]] == KONTRA and k_view[re_seats[0]] == RE
    assert k_view[kontra_seats[0]] == KONTRA
    assert k_view[re_seats[1]] is None
    # once the other ♣Q is played by the fourth seat, two Re are known: all is clear
    g2 = g.clone()
    while g2.phase == 2 and not any(
        k == QC and s == re_seats[1] for s, k in g2.current_trick()
    ):
        acts = [a for a in g2.legal_actions() if a & 63 < 24]
        pick = [a for a in acts if a >> 6 == re_seats[1] and a & 63 == QC]
        g2.apply(pick[0] if pick else acts[0])
    if g2.phase == 2:
        assert view(g2, kontra_seats[1]).parties == tuple(
            RE if s in re_seats else KONTRA for s in range(4)
        )


def test_silent_marriage_hidden_from_the_others() -> None:
    """TSR 4.4.5, 5.5.1 (3): a stille Hochzeit looks like a Normalspiel until the second ♣Q."""
    for seed in range(500):
        g = Game.deal(seed)
        holders = [s for s in range(4) if hand_count(g.initial_hands[s], QC) == 2]
        if holders:
            break
    holder = holders[0]
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.contract_name == "silent_marriage"
    assert view(g, holder).contract == "silent_marriage"
    assert view(g, holder).parties == tuple(RE if s == holder else KONTRA for s in range(4))
    other = (holder + 1) & 3
    assert view(g, other).contract == "normal"
    assert view(g, other).soloist is None
    assert view(g, None).contract == "normal"
    # the holder plays both ♣Q: then everybody knows
    while g.phase == 2:
        acts = [a for a in g.legal_actions() if a & 63 < 24]
        pick = [a for a in acts if a >> 6 == holder and a & 63 == QC]
        g.apply(pick[0] if pick else acts[0])
        played = sum(
            1 for ld, cs, _ in g.tricks for i, k in enumerate(cs)
            if k == QC and (ld + i) & 3 == holder
        ) + sum(1 for s, k in g.current_trick() if k == QC and s == holder)
        if played == 2:
            break
    assert view(g, other).contract == "silent_marriage"
    assert view(g, other).soloist == holder
    assert view(g, None).partnerships_clarified


def test_solo_parties_public_at_once() -> None:
    """TSR 5.5.1 (1): naming a solo makes every party public."""
    g = Game.deal(11)
    first = g.to_move
    g.apply(encode(first, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(first, SOLO_BASE + 4))  # Damensolo
    v = view(g, None)
    assert v.contract == "solo_queens" and v.soloist == first
    assert v.parties == tuple(RE if s == first else KONTRA for s in range(4))
    assert v.partnerships_clarified


def test_view_during_query_has_no_contract() -> None:
    """TSR 4.1.1: before the Vorbehaltsabfrage ends the game type is unknown."""
    g = Game.deal(2)
    v = view(g, g.to_move)
    assert v.contract is None and v.phase == Phase.QUERY
    assert {a & 63 for a in v.legal_actions} == {HEALTHY, RESERVATION}
    assert view(g, (g.to_move + 1) & 3).legal_actions == ()


def test_view_json_has_no_foreign_cards() -> None:
    """No view ever contains a card of another seat's hand."""
    g = _start_normal(_normal_game_seed())
    for _ in range(10):
        g.apply(next(a for a in g.legal_actions() if a & 63 < 24))
    for seat in range(4):
        data = view(g, seat).to_json()
        public = {c for t in data["tricks"] for c in t["cards"]} | {
            t["card"] for t in data["trick"]
        }
        assert set(data["hand"]) == {card_code(k) for k in g.hand(seat)}
        other_only = {card_code(k) for s in range(4) if s != seat for k in g.hand(s)} - set(
            data["hand"]
        ) - public
        text = json.dumps({k: v for k, v in data.items() if k != "legal_actions"})
        for code in other_only:
            assert f'"{code}"' not in text


def test_known_parties_are_always_true() -> None:
    """Over many random games, every party a seat (or a spectator) knows is its real party,
    and a claim offered in a seat's view is accepted (TSR 5.5, 5.4.4)."""
    from doko.bots.random_player import RandomPolicy

    for seed in range(150):
        g = Game.deal(seed)
        policy = RandomPolicy(seed, p_reservation=0.2, p_call=0.1)
        while not g.is_over:
            for seat in (0, 1, 2, 3, None):
                v = view(g, seat)
                for s, party in enumerate(v.parties):
                    if party is not None:
                        assert isinstance(party, Party)
                        assert party == (RE if g.is_re[s] else KONTRA), (seed, seat, s)
                if seat is not None and v.legal_actions and v.legal_actions[-1] & 63 == 42:
                    assert g.can_apply(v.legal_actions[-1])
            g.apply(policy.choose(g))


def test_views_of_all_seats_at_once_equal_each_seat_s_view() -> None:
    # views() works the public part out once (TSR 5.5: actions are public); each seat's view
    # must still be its own: the same as view(), whatever the order of the seats asked for
    from doko.bots.random_player import RandomPolicy
    from doko.engine.view import views

    silent = 0
    for seed in range(150):
        g = Game.deal(seed, seed & 3)
        silent += any(hand_count(h, QC) == 2 for h in g.initial_hands)
        policy = RandomPolicy(seed)
        while True:
            seats = [None, 3, 1, 0, 2] if seed % 2 else [2, 0, None, 1, 3]
            together = views(g, seats)
            assert list(together) == seats
            for s in seats:
                assert together[s] == view(g, s), (seed, s, len(g.history))
            if g.is_over:
                break
            g.apply(policy.choose(g))
    assert silent >= 5  # stille Hochzeiten (TSR 4.4.5) were among them


def test_view_is_the_dataclass_and_its_fields_json_are_to_json() -> None:
    # the views are made without the frozen dataclass's __init__ and hands are kept sorted
    # across games: each must still equal the dataclass made of its fields, hash alike, hold
    # the hand game.hand() gives, and field_json of each field is that field of to_json()
    import dataclasses

    from doko.bots.random_player import RandomPolicy
    from doko.engine import view as view_module
    from doko.engine.view import SeatView, field_json

    names = [f.name for f in dataclasses.fields(SeatView)]
    for seed in range(12):
        g = Game.deal(seed, seed & 3)
        policy = RandomPolicy(seed, p_reservation=0.3, p_call=0.1)
        while True:
            if len(g.history) % 5 == 0:
                view_module._HANDS.clear()
            for seat in (0, 1, 2, 3, None):
                v = view(g, seat)
                made = SeatView(**{name: getattr(v, name) for name in names})
                assert v == made and hash(v) == hash(made)
                assert v.hand == (() if seat is None else tuple(g.hand(seat)))
                data = v.to_json()
                assert list(data) == names
                for name in names:
                    assert field_json(name, getattr(v, name)) == data[name], name
            if g.is_over:
                break
            g.apply(policy.choose(g))


def test_deduce_closes_the_parties_by_counting() -> None:
    # every set of known parties and size of Re: the same as counting again until nothing
    # changes (the definition), e.g. two Re known make the others Kontra (TSR 5.5.1)
    import itertools

    from doko.engine.view import _deduce

    def reference(known: dict[int, Party], re_size: int | None) -> dict[int, Party]:
        known = dict(known)
        while True:
            before = dict(known)
            res = [s for s in range(4) if known.get(s) == RE]
            kos = [s for s in range(4) if known.get(s) == KONTRA]
            unknown = [s for s in range(4) if s not in known]
            if len(res) >= 2 or (re_size is not None and len(res) == re_size):
                known.update(dict.fromkeys(unknown, KONTRA))
            elif len(kos) == 3 or (re_size is not None and len(kos) == 4 - re_size):
                known.update(dict.fromkeys(unknown, RE))
            if known == before:
                return known

    filled = 0
    for parties in itertools.product((None, RE, KONTRA), repeat=4):
        for re_size in (None, 1, 2):
            known = {s: p for s, p in enumerate(parties) if p is not None}
            want = reference(known, re_size)
            _deduce(known, re_size)
            assert known == want, (parties, re_size)
            filled += len(want) > sum(p is not None for p in parties)
    assert filled > 50
