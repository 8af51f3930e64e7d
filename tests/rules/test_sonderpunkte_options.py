"""The further Sonderpunkte (house rules, issue 21; docs/rules.md "Weitere Sonderpunkte").

- ``charlie_caught`` "Karlchen gefangen": each ♣J of the other party in the last trick, won by a
  party, 1 to that party (max-merz.de/spielregeln/doppelkopf: "Wenn die gegnerische Partei im
  letzten Stich deinen Charlie fängt, bekommt sie einen Sonderpunkt").
- ``fox_last_trick`` "Fuchs im letzten Stich": a ♦A that wins the last trick, 1 to its party
  (Wikipedia, "Doppelkopf-Sonderregeln", Fuchs).
- ``dulle_caught`` "Dulle gefangen": each ♥10 of the other party in a trick won by a party, 1 to
  that party (Wikipedia, "Doppelkopf-Sonderregeln", Dulle).

Like the Sonderpunkte of TSR 7.2.3 they count only in a Normalspiel (an announced Hochzeit that
stays one included), are line items of their own (clause ``house rule``) and are netted with the
others; each is off under the TSR, and a summary naming one that the rules do not play is
refused.
"""

from __future__ import annotations

import random
from collections.abc import Callable

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from doko.engine.actions import HEALTHY, encode
from doko.engine.cards import AD, JC, TH, card_code, deck, parse_card
from doko.engine.contracts import NORMAL
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.result import game_result, summary_of
from doko.engine.rules import ERWEITERT, TSR, Rules, preset
from doko.engine.scoring import Extras, GameSummary, ScoringInputError, score
from quick_players import random_normalspiel

ALL = [card_code(k) for k in deck()]
ON = Rules(name="h", charlie_caught=True, fox_last_trick=True, dulle_caught=True)
HOUSE_KEYS = ("charlie_caught", "fox_last", "dulle_caught")


def deal(*fixed: str | None) -> list[list[str]]:
    """Four hands: the given ones (card strings) and the rest shared out in deck order."""
    pool = list(ALL)
    out: list[list[str]] = []
    for spec in list(fixed) + [None] * (4 - len(fixed)):
        h = [] if spec is None else [card_code(parse_card(c)) for c in spec.split()]
        for c in h:
            pool.remove(c)
        out.append(h)
    for h in out:
        while len(h) < 12:
            h.append(pool.pop(0))
    assert not pool
    return out


def healthy(hands: list[list[str]], rules: Rules, dealer: int = 3) -> Game:
    """A Normalspiel of ``hands``: every seat healthy."""
    g = Game.from_hands(hands, dealer=dealer, rules=rules)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def play_first(g: Game) -> Game:
    """Play to the end, each seat its first legal card."""
    while not g.is_over:
        g.apply(g.legal_plays()[0])
    return g


def counts(g: Game) -> tuple[dict[str, int], dict[str, int]]:
    re_x, ko_x = g.sonderpunkte()
    return {k: re_x[k] for k in HOUSE_KEYS}, {k: ko_x[k] for k in HOUSE_KEYS}


def recount(g: Game) -> tuple[dict[str, int], dict[str, int]]:
    """The three counts straight from the definitions, trick by trick."""
    out: tuple[dict[str, int], dict[str, int]] = ({k: 0 for k in HOUSE_KEYS},
                                                  {k: 0 for k in HOUSE_KEYS})
    if g.is_solo_game:
        return out
    party = [0 if g.is_re[s] else 1 for s in range(4)]
    for i, (leader, cards, w) in enumerate(g.tricks):
        last = i == g.tricks_total - 1
        for j, k in enumerate(cards):
            theirs = party[(leader + j) % 4] != party[w]
            if g.rules.charlie_caught and last and k == JC and theirs:
                out[party[w]]["charlie_caught"] += 1
            if g.rules.dulle_caught and k == TH and theirs:
                out[party[w]]["dulle_caught"] += 1
        if g.rules.fox_last_trick and last and cards[(w - leader) % 4] == AD:
            out[party[w]]["fox_last"] += 1
    return out


# --------------------------------------------------------------------------- rules and records


def test_off_under_the_tsr_on_in_the_erweitert_preset() -> None:
    for option in ("charlie_caught", "fox_last_trick", "dulle_caught"):
        assert getattr(TSR, option) is False
        assert getattr(ERWEITERT, option) is True
    assert preset("erweitert") is ERWEITERT
    assert Rules.from_json(ERWEITERT.to_json()) == ERWEITERT
    assert Rules.from_json({"name": "tsr", "dulle_caught": True}).dulle_caught
    with pytest.raises(ValueError, match="fox_last_trick"):
        Rules.from_json({"name": "tsr", "fox_last_trick": 1})


# --------------------------------------------------------------------------- Dulle gefangen


def _two_dulles(rules: Rules) -> Game:
    """Trick 1: seat 1 (Re, one ♣Q) leads ♥10, seat 2 (Kontra, no ♣Q) plays the other ♥10."""
    hands = deal("AC AC KC KC 9C 9C AS AS KS KS 9S 9S",
                 "TH QC QS QS QH QH QD QD JC JC JS JS", "TH AH AH KH KH 9H 9H TC TC TS TS JH")
    g = healthy(hands, rules, dealer=0)
    assert [g.is_re[s] for s in range(4)] == [False, True, False, True]
    g.play("TH")
    g.play("TH")
    play_first(g)
    leader, cards, _ = g.tricks[0]
    assert leader == 1 and cards[:2] == (TH, TH)
    return g


def test_dulle_caught_by_the_first_dulle() -> None:
    """TSR 5.3.3: the first ♥10 wins, so Re (seat 2) catches Kontra's Dulle: 1 to Re."""
    g = _two_dulles(Rules(name="h", dulle_caught=True))
    assert g.tricks[0][2] == 1
    assert counts(g) == ({"charlie_caught": 0, "fox_last": 0, "dulle_caught": 1},
                         {"charlie_caught": 0, "fox_last": 0, "dulle_caught": 0})
    items = [(i.party, i.points, i.clause, i.key) for i in game_result(g).items]
    assert ("re", 1, "house rule", "score.item.dulle_caught") in items


def test_dulle_caught_by_the_second_dulle() -> None:
    """House rule "the second ♥10 beats the first": Kontra catches Re's Dulle."""
    g = _two_dulles(Rules(name="h", dulle="second", dulle_caught=True))
    assert g.tricks[0][2] == 2
    assert counts(g)[1]["dulle_caught"] == 1 and counts(g)[0]["dulle_caught"] == 0


def test_dulle_caught_off_counts_nothing() -> None:
    g = _two_dulles(TSR)
    assert counts(g) == recount(g) == ({k: 0 for k in HOUSE_KEYS}, {k: 0 for k in HOUSE_KEYS})
    assert all(i.clause != "house rule" for i in game_result(g).items)


# --------------------------------------------------------------------------- the last trick


def _find(rules: Rules, want: Callable[[Game, int, tuple[int, ...], int], bool]) -> Game:
    """The first random Normalspiel (seeds 0, 1, ...) whose last trick (leader, cards, winner)
    is as ``want`` says."""
    for seed in range(5000):
        g = random_normalspiel(seed, rules)
        if g.contract == NORMAL and want(g, *g.tricks[-1]):
            return g
    raise AssertionError("no such game")


def _karlchen_caught(g: Game, leader: int, cards: tuple[int, ...], w: int) -> bool:
    """One ♣J in the last trick, of the party that did not win it, the winning card no ♣J."""
    if cards.count(JC) != 1 or cards[(w - leader) % 4] == JC:
        return False
    return g.is_re[(leader + cards.index(JC)) % 4] != g.is_re[w]


def test_karlchen_caught_in_the_last_trick() -> None:
    """max-merz.de: the opponents catch Karlchen in the last trick: 1 to them."""
    g = _find(ON, _karlchen_caught)
    w = g.tricks[-1][2]
    party = 0 if g.is_re[w] else 1
    assert counts(g)[party]["charlie_caught"] == 1
    assert counts(g)[1 - party]["charlie_caught"] == 0
    assert g.sonderpunkte()[party]["charlie"] == 0  # Karlchen did not win it (TSR 7.2.3)
    items = [(i.party, i.key) for i in game_result(g).items]
    assert (("re", "kontra")[party], "score.item.charlie_caught") in items
    off = replay({**to_record(g), "rules": "tsr"})  # the same game under the TSR
    assert counts(off) == ({k: 0 for k in HOUSE_KEYS}, {k: 0 for k in HOUSE_KEYS})


def _fox_wins_last(g: Game, leader: int, cards: tuple[int, ...], w: int) -> bool:
    return cards[(w - leader) % 4] == AD


def test_fox_wins_the_last_trick() -> None:
    """Wikipedia "Doppelkopf-Sonderregeln": a Fuchs that takes the last trick: 1 to its party
    (its own ♦A: no Fuchs caught, TSR 7.2.3)."""
    g = _find(ON, _fox_wins_last)
    w = g.tricks[-1][2]
    party = 0 if g.is_re[w] else 1
    assert counts(g)[party]["fox_last"] == 1 and counts(g)[1 - party]["fox_last"] == 0
    off = replay({**to_record(g), "rules": {"name": "tsr", "charlie_caught": True}})
    assert counts(off)[party]["fox_last"] == 0


# --------------------------------------------------------------------------- scoring


def test_scoring_items_and_netting() -> None:
    """Re wins 130:110 (1); Re's Karlchen gefangen and Dulle gefangen, Kontra's Dulle gefangen:
    the house items net like the TSR's Sonderpunkte (7.2.3): 1 + 2 - 1 = 2."""
    g = GameSummary("normal", 130, 7, re_extras=Extras(charlie_caught=1, dulle_caught=1),
                    kontra_extras=Extras(dulle_caught=1))
    s = score(g, ON)
    assert [(i.party, i.points, i.clause, i.key) for i in s.items] == [
        ("re", 1, "7.2.2 (a)", "score.item.won"),
        ("re", 1, "house rule", "score.item.charlie_caught"),
        ("re", 1, "house rule", "score.item.dulle_caught"),
        ("kontra", 1, "house rule", "score.item.dulle_caught"),
    ]
    assert (s.re_score, s.kontra_score) == (2, -2)
    assert s.items[1].de == "Karlchen gefangen"
    assert s.items[2].en == "Dulle (opponents' ♥10) caught"


def test_a_house_sonderpunkt_the_rules_do_not_play_is_refused() -> None:
    g = GameSummary("normal", 130, re_extras=Extras(dulle_caught=1))
    with pytest.raises(ScoringInputError) as info:
        score(g, TSR)
    assert info.value.key == "extras_rule"
    assert "dulle_caught" in info.value.text("de")
    assert score(g, Rules(dulle_caught=True)).re_score == 2


def test_no_house_sonderpunkte_in_a_solo() -> None:
    """TSR 7.2.4: a solo has no Sonderpunkte; the house ones neither."""
    with pytest.raises(ScoringInputError) as info:
        GameSummary("solo", 130, re_extras=Extras(fox_last=1))
    assert info.value.key == "extras_solo"


def test_summary_json_round_trip() -> None:
    g = GameSummary("normal", 150, 8, re_extras=Extras(fox_last=1, dulle_caught=2))
    d = g.to_json()
    assert d["extras"] == {"re": {"doppelkopf": 0, "fox": 0, "charlie": 0, "fox_last": 1,
                                  "dulle_caught": 2},
                           "kontra": {"doppelkopf": 0, "fox": 0, "charlie": 0}}
    assert GameSummary.from_json(d) == g


# --------------------------------------------------------------------------- random games


def _random_game(seed: int, rules: Rules) -> Game:
    rng = random.Random(seed)
    g = Game.deal(seed, dealer=seed % 4, rules=rules)
    while not g.is_over:
        acts = g.legal_actions()
        plays = [a for a in acts if a & 63 < 24]
        if encode(g.to_move, HEALTHY) in acts and rng.random() < 0.9:
            g.apply(encode(g.to_move, HEALTHY))  # mostly Normalspiele
        else:
            g.apply(rng.choice(plays if plays and rng.random() < 0.97 else acts))
    return g


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10**6), nines=st.booleans(), dulle=st.sampled_from(
    ["first", "second", "second_except_last"]))
def test_random_games_with_the_options(seed: int, nines: bool, dulle: str) -> None:
    """Zero sum, 240 Augen, the counts as defined, and the record replays to the same game."""
    rules = Rules(name="h", nines=nines, dulle=dulle, charlie_caught=True, fox_last_trick=True,
                  dulle_caught=True, re_kontra_double=seed % 2 == 0)
    g = _random_game(seed, rules)
    assert g.re_eyes() + g.kontra_eyes() == 240
    assert counts(g) == recount(g)
    r = game_result(g)
    assert sum(r.seat_scores(g.re_seats())) == 0
    again = replay(to_record(g))
    assert again.history == g.history and again.rules == rules
    assert summary_of(again) == summary_of(g) and game_result(again) == r


def test_the_native_core_counts_the_same() -> None:
    """The native engine's Sonderpunkte and score equal the Python engine's with the options."""
    pytest.importorskip("doko_native")
    from doko.engine.native import native_game_class

    native = native_game_class()
    seen = dict.fromkeys(HOUSE_KEYS, 0)
    for seed in range(300):
        rules = ON if seed % 3 else Rules(name="h", dulle_caught=True, dulle="second")
        g = _random_game(seed, rules)
        n = native.deal(seed, dealer=seed % 4, rules=rules)
        for a in g.history:
            n.apply(a)
        assert n.sonderpunkte() == g.sonderpunkte()
        assert n.result() == g.result()
        for x in g.sonderpunkte():
            for k in HOUSE_KEYS:
                seen[k] += x[k]
    assert all(seen.values()), seen  # every option counted in some game


def test_the_rules_player_guards_and_catches_dullen() -> None:
    """With "Dulle gefangen" the rules player rates a ♥10 like a Fuchs: over many positions its
    card differs from the choice without the option, and every difference involves a ♥10 (it
    plays one to catch or avoids giving one away). Under "the second ♥10 beats the first",
    where a ♥10 can be caught in most tricks (under TSR 5.3.3 only a ♥10 played earlier
    catches one)."""
    from doko.bots.rules_player import rules_card

    differ = 0
    for seed in range(120):
        rng = random.Random(seed)
        on = Game.deal(seed, rules=Rules(name="h", dulle="second", dulle_caught=True))
        off = Game.deal(seed, rules=Rules(name="h", dulle="second"))
        for _ in range(4):
            on.apply(encode(on.to_move, HEALTHY))
            off.apply(encode(off.to_move, HEALTHY))
        while not on.is_over:
            a, b = rules_card(on, on.to_move), rules_card(off, off.to_move)
            if a != b:
                differ += 1
                assert TH in (a, b) or TH in on.trick, (card_code(a), card_code(b))
            card = rng.choice([a, b])
            on.play(card_code(card))
            off.play(card_code(card))
    assert differ > 0


def test_the_rules_player_plans_the_last_trick() -> None:
    """With "Karlchen gefangen" and "Fuchs im letzten Stich" the rules player's card differs
    from its choice without them only in trick 11 (the card not played is the last one), and
    only where a ♣J or ♦A is the card played or kept."""
    from doko.bots.rules_player import rules_card

    differ = 0
    for seed in range(300):
        rng = random.Random(seed)
        on = Game.deal(seed, rules=Rules(name="h", charlie_caught=True, fox_last_trick=True))
        off = Game.deal(seed)
        for _ in range(4):
            on.apply(encode(on.to_move, HEALTHY))
            off.apply(encode(off.to_move, HEALTHY))
        if on.is_solo_game:
            continue
        while not on.is_over:
            a, b = rules_card(on, on.to_move), rules_card(off, off.to_move)
            if a != b:
                differ += 1
                assert len(on.tricks) == on.tricks_total - 2
                held = [k for k in range(24) if on.hands[on.to_move] >> k & 1]
                assert JC in held or AD in held, (card_code(a), card_code(b))
            card = rng.choice([a, b])
            on.play(card_code(card))
            off.play(card_code(card))
    assert differ > 0
