"""Tests of doko.engine.scoring against TSR 7.1 (who wins) and 7.2 (points)."""

from __future__ import annotations

import json
from itertools import accumulate, product

import pytest
from hypothesis import given, reject
from hypothesis import strategies as st

from doko.engine.rules import ERWEITERT, HAUSREGELN, Rules
from doko.engine.scoring import (
    CALL_NAMES_KONTRA,
    CALL_NAMES_RE,
    CONTRACTS,
    Extras,
    GameSummary,
    LineItem,
    ScoringInputError,
    line_item,
    score,
)
from doko.engine.texts import TEXTS, text

RE, KO = "re", "kontra"
NO_CALL, ANSAGE, NO90, NO60, NO30, BLACK = range(6)


def normal(re_eyes: int, **kw: object) -> GameSummary:
    return GameSummary("normal", re_eyes, **kw)  # type: ignore[arg-type]


def items(g: GameSummary) -> list[tuple[str, int, str, str]]:
    return [(i.party, i.points, i.clause, i.de) for i in score(g).items]


def totals(g: GameSummary) -> tuple[int, int]:
    s = score(g)
    return s.total(RE), s.total(KO)


# -- the 14 worked examples (scoring-examples.md) ----------------------------------------------

EXAMPLES: list[tuple[int, GameSummary, str | None, int, int]] = [
    (1, normal(123), RE, 1, -1),
    (2, normal(151), RE, 2, -2),
    (3, normal(130, re_calls=ANSAGE), RE, 3, -3),
    (4, normal(120, kontra_calls=ANSAGE), RE, 3, -3),
    (5, normal(130, re_calls=NO90), KO, -5, 5),
    (6, normal(170, re_calls=NO60, kontra_calls=ANSAGE), KO, -8, 8),
    (7, normal(120, kontra_calls=NO90), RE, 5, -5),
    (8, normal(59, re_calls=NO60, kontra_calls=NO60), KO, -14, 14),
    (9, normal(240, re_tricks=12, re_calls=BLACK), RE, 11, -11),
    (10, normal(57, re_tricks=3, re_calls=BLACK, kontra_calls=BLACK), None, -5, 5),
    (11, normal(170, re_calls=NO60, kontra_calls=NO60), None, 3, -3),
    (12, normal(110, re_extras=Extras(doppelkopf=1)), KO, -1, 1),
    (13, normal(130, kontra_extras=Extras(fox=1)), RE, 0, 0),
    (14, GameSummary("solo", 123), RE, 3, -1),
]


@pytest.mark.parametrize(("n", "game", "winner", "re_score", "kontra_score"), EXAMPLES)
def test_worked_example(
    n: int, game: GameSummary, winner: str | None, re_score: int, kontra_score: int
) -> None:
    """scoring-examples.md: every example, winner and per-player scores (TSR 7.1, 7.2)."""
    s = score(game)
    assert (s.winner, s.re_score, s.kontra_score) == (winner, re_score, kontra_score)
    assert score(GameSummary.from_json(json.loads(json.dumps(game.to_json())))) == s


def test_example_6_breakdown() -> None:
    """Example 6: won 1 + Kreuz-Damen 1 + Re 2 + Kontra 2 + keine 90 1 + keine 60 1 = 8."""
    assert items(normal(170, re_calls=NO60, kontra_calls=ANSAGE)) == [
        (KO, 1, "7.2.2 (a)", "gewonnen"),
        (KO, 2, "7.2.2 (b)", "„Re“ angesagt"),
        (KO, 2, "7.2.2 (b)", "„Kontra“ angesagt"),
        (KO, 1, "7.2.2 (c)", "„keine 90“ abgesagt von Re"),
        (KO, 1, "7.2.2 (c)", "„keine 60“ abgesagt von Re"),
        (KO, 1, "7.2.3", "gegen die Kreuz-Damen gewonnen"),
    ]


def test_example_8_breakdown() -> None:
    """Example 8: both called keine 60, Kontra wins with 181: 14, reached items to the winner."""
    got = items(normal(59, re_calls=NO60, kontra_calls=NO60))
    assert sum(p for _, p, _, _ in got) == 14
    assert {party for party, *_ in got} == {KO}
    assert (KO, 1, "7.2.2 (f)", "120 Augen gegen „keine 90“ erreicht (Kontra)") in got
    assert (KO, 1, "7.2.2 (f)", "90 Augen gegen „keine 60“ erreicht (Kontra)") in got
    assert [c for _, _, c, _ in got].count("7.2.2 (d)") == 2


def test_example_10_no_winner_items_on_both_sides() -> None:
    """TSR 7.1.3, example 10: Re 1 (30 against schwarz), Kontra 6; net 5 for Kontra."""
    g = normal(57, re_tricks=3, re_calls=BLACK, kontra_calls=BLACK)
    assert items(g) == [
        (KO, 1, "7.2.2 (a)", "unter 90 gespielt"),
        (KO, 1, "7.2.2 (a)", "unter 60 gespielt"),
        (RE, 1, "7.2.2 (e)", "30 Augen gegen „schwarz“ erreicht (Re)"),
        (KO, 1, "7.2.2 (f)", "120 Augen gegen „keine 90“ erreicht (Kontra)"),
        (KO, 1, "7.2.2 (f)", "90 Augen gegen „keine 60“ erreicht (Kontra)"),
        (KO, 1, "7.2.2 (f)", "60 Augen gegen „keine 30“ erreicht (Kontra)"),
        (KO, 1, "7.2.2 (f)", "30 Augen gegen „schwarz“ erreicht (Kontra)"),
    ]
    s = score(g)
    assert (s.winner, s.value, s.re_score, s.kontra_score) == (None, 5, -5, 5)


def test_example_11_no_winner() -> None:
    """TSR 7.1.3, example 11: Re 3 (unter 90, 120 vs keine 90, 90 vs keine 60), Kontra 0."""
    g = normal(170, re_calls=NO60, kontra_calls=NO60)
    assert totals(g) == (3, 0)
    assert [c for _, _, c, _ in items(g)] == ["7.2.2 (a)", "7.2.2 (e)", "7.2.2 (e)"]


def test_example_13_sonderpunkte_netted_to_zero() -> None:
    """TSR 7.2.3, example 13: Re 1 for the win, Kontra 1 for the fox: value 0, both listed."""
    s = score(normal(130, kontra_extras=Extras(fox=1)))
    assert [(i.party, i.points) for i in s.items] == [(RE, 1), (KO, 1)]
    assert (s.value, s.re_score, s.kontra_score) == (0, 0, 0)


# -- who wins: TSR 7.1.1 (Re) and 7.1.2 (Kontra), each item at its boundary ---------------------

WIN_CASES = [
    # (TSR item, summary, winner)
    ("7.1.1 item 1: Re with the 121st Auge, no calls", normal(121), RE),
    ("7.1.2 item 1: Kontra with the 120th Auge, no calls", normal(120), KO),
    ("7.1.1 item 2: only Re called, 121", normal(121, re_calls=ANSAGE), RE),
    ("7.1.2 item 2: only Re called, Kontra 120", normal(120, re_calls=ANSAGE), KO),
    ("7.1.1 item 3: Re and Kontra, 121", normal(121, re_calls=1, kontra_calls=1), RE),
    ("7.1.2 item 3: Re and Kontra, Kontra 120", normal(120, re_calls=1, kontra_calls=1), KO),
    ("7.1.1 item 4: only Kontra called, Re 120", normal(120, kontra_calls=ANSAGE), RE),
    ("7.1.2 item 4: only Kontra called, Kontra 121", normal(119, kontra_calls=ANSAGE), KO),
    ("7.1.1 item 5: Re keine 90, 151", normal(151, re_calls=NO90), RE),
    ("7.1.1 item 5: Re keine 90, 150 loses", normal(150, re_calls=NO90), KO),
    ("7.1.1 item 5: Re keine 60, 181", normal(181, re_calls=NO60), RE),
    ("7.1.1 item 5: Re keine 60, 180 loses", normal(180, re_calls=NO60), KO),
    ("7.1.1 item 5: Re keine 30, 211", normal(211, re_calls=NO30), RE),
    ("7.1.1 item 5: Re keine 30, 210 loses", normal(210, re_calls=NO30), KO),
    ("7.1.2 item 5: Kontra keine 90, Re 89", normal(89, kontra_calls=NO90), KO),
    ("7.1.2 item 5: Kontra keine 90, Re 90", normal(90, kontra_calls=NO90), RE),
    ("7.1.2 item 5: Kontra keine 60, Re 59", normal(59, kontra_calls=NO60), KO),
    ("7.1.2 item 5: Kontra keine 30, Re 29", normal(29, kontra_calls=NO30), KO),
    ("7.1.1 item 6: Re schwarz, all 12 tricks", normal(240, re_tricks=12, re_calls=BLACK), RE),
    (
        "7.1.1 item 6: Re schwarz, 240 Augen but Kontra took a trick of four nines",
        normal(240, re_tricks=11, re_calls=BLACK),
        KO,
    ),
    ("7.1.2 item 6: Kontra schwarz, all tricks", normal(0, re_tricks=0, kontra_calls=BLACK), KO),
    (
        "7.1.2 item 6: Kontra schwarz, Re took a trick of four nines",
        normal(0, re_tricks=1, kontra_calls=BLACK),
        RE,
    ),
    ("7.1.1 item 7: Kontra keine 90, Re 90", normal(90, kontra_calls=NO90), RE),
    ("7.1.1 item 7: Kontra keine 90, Re 89 loses", normal(89, kontra_calls=NO90), KO),
    ("7.1.1 item 7: Kontra keine 60, Re 60", normal(60, kontra_calls=NO60), RE),
    ("7.1.1 item 7: Kontra keine 30, Re 30", normal(30, kontra_calls=NO30), RE),
    ("7.1.1 item 7: Kontra keine 30, Re 29 loses", normal(29, kontra_calls=NO30), KO),
    (
        "7.1.1 item 7: not if Re committed higher (both keine 90, Re 100: nobody)",
        normal(100, re_calls=NO90, kontra_calls=NO90),
        None,
    ),
    ("7.1.2 item 7: Re keine 90, Kontra 90", normal(150, re_calls=NO90), KO),
    ("7.1.2 item 7: Re keine 60, Kontra 60", normal(180, re_calls=NO60), KO),
    ("7.1.2 item 7: Re keine 30, Kontra 30", normal(210, re_calls=NO30), KO),
    ("7.1.1 item 8: Kontra schwarz, Re one trick", normal(2, re_tricks=1, kontra_calls=5), RE),
    ("7.1.1 item 8: Kontra schwarz, Re no trick", normal(0, re_tricks=0, kontra_calls=5), KO),
    ("7.1.2 item 8: Re schwarz, Kontra one trick", normal(238, re_tricks=11, re_calls=5), KO),
    (
        "7.1.2 item 8: not if Kontra committed higher (both schwarz: nobody)",
        normal(200, re_calls=BLACK, kontra_calls=BLACK),
        None,
    ),
    ("7.1.3: both missed keine 90", normal(120, re_calls=NO90, kontra_calls=NO90), None),
    ("7.1.3: Re keine 30 met beats Kontra keine 90", normal(211, re_calls=4, kontra_calls=2), RE),
]


@pytest.mark.parametrize(("case", "game", "winner"), WIN_CASES, ids=[c[0] for c in WIN_CASES])
def test_who_wins(case: str, game: GameSummary, winner: str | None) -> None:
    """TSR 7.1.1, 7.1.2, 7.1.3: the winner at each boundary."""
    assert score(game).winner == winner


# -- points: TSR 7.2.2, one test per line item ----------------------------------------------


def test_7_2_2_a_won_is_one_point() -> None:
    """TSR 7.2.2 (a): 'gewonnen' is the base value 1, for either party."""
    assert items(normal(121)) == [(RE, 1, "7.2.2 (a)", "gewonnen")]
    assert items(normal(120)) == [
        (KO, 1, "7.2.2 (a)", "gewonnen"),
        (KO, 1, "7.2.3", "gegen die Kreuz-Damen gewonnen"),
    ]


@pytest.mark.parametrize(
    ("re_eyes", "unter"),
    [(150, []), (151, [90]), (180, [90]), (181, [90, 60]), (210, [90, 60]),
     (211, [90, 60, 30]), (90, []), (89, [90]), (29, [90, 60, 30])],
)
def test_7_2_2_a_loser_under_90_60_30(re_eyes: int, unter: list[int]) -> None:
    """TSR 7.2.2 (a): loser under 90/60/30: +1 each to the winner."""
    g = normal(re_eyes, re_tricks=None if re_eyes > 2 else 1)
    got = [(p, de) for p, _, _, de in items(g) if de.startswith("unter")]
    assert got == [(score(g).winner, f"unter {n} gespielt") for n in unter]


def test_7_2_2_a_under_90_worth_one_each_side() -> None:
    """TSR 7.2.2 (a): Kontra wins with Re at 89: won 1 + unter 90 1 + Kreuz-Damen 1."""
    assert totals(normal(89)) == (0, 3)
    assert totals(normal(90)) == (0, 2)


def test_7_2_2_a_schwarz_by_tricks_not_augen() -> None:
    """TSR 7.2.2 (a) 'schwarz gespielt': the loser took no trick; a trick of four nines counts."""
    all_tricks = [de for *_, de in items(normal(240, re_tricks=12))]
    nine_trick = [de for *_, de in items(normal(240, re_tricks=11))]
    assert "schwarz gespielt" in all_tricks
    assert "schwarz gespielt" not in nine_trick
    assert totals(normal(240, re_tricks=12)) == (5, 0)
    assert totals(normal(240, re_tricks=11)) == (4, 0)
    assert totals(normal(0, re_tricks=0)) == (0, 6)


@pytest.mark.parametrize(
    ("re_calls", "kontra_calls", "points"), [(1, 0, 2), (0, 1, 2), (1, 1, 4)]
)
def test_7_2_2_b_re_and_kontra_add_two_each(re_calls: int, kontra_calls: int, points: int) -> None:
    """TSR 7.2.2 (b): 'Re' +2, 'Kontra' +2, added (never doubled), to the winner."""
    g = normal(151, re_calls=re_calls, kontra_calls=kontra_calls)
    assert sum(p for _, p, c, _ in items(g) if c == "7.2.2 (b)") == points
    assert score(g).re_score == 2 + points  # won 1, unter 90 1


@pytest.mark.parametrize("level", [NO90, NO60, NO30, BLACK])
def test_7_2_2_c_re_absagen_implied_levels_count(level: int) -> None:
    """TSR 7.2.2 (c), 6.4.3: each Re Absage level, skipped ones included, +1 to the winner."""
    g = normal(240, re_tricks=12, re_calls=level)
    got = [de for _, p, c, de in items(g) if c == "7.2.2 (c)"]
    assert got == [f"„{n}“ abgesagt von Re" for n in
                   ("keine 90", "keine 60", "keine 30", "schwarz")[: level - 1]]
    assert score(g).re_score == 1 + 4 + 2 + (level - 1)  # won, unter 90/60/30 + schwarz, Re


@pytest.mark.parametrize("level", [NO90, NO60, NO30, BLACK])
def test_7_2_2_d_kontra_absagen_count_for_the_winner(level: int) -> None:
    """TSR 7.2.2 (d): Kontra's Absagen, implied ones included, count also when Re wins."""
    g = normal(120, kontra_calls=level)  # Re meets every Kontra Absage and reaches all of them
    s = score(g)
    assert s.winner == RE
    assert sum(1 for _, _, c, _ in items(g) if c == "7.2.2 (d)") == level - 1
    assert sum(1 for _, _, c, _ in items(g) if c == "7.2.2 (e)") == level - 1
    assert s.re_score == 1 + 2 + 2 * (level - 1)  # won, Kontra, Absagen, reached


@pytest.mark.parametrize(
    ("re_eyes", "kontra_calls", "reached"),
    [
        (120, NO90, ["120 Augen gegen „keine 90“"]),
        (119, NO90, []),
        (90, NO60, ["90 Augen gegen „keine 60“"]),
        (120, NO60, ["120 Augen gegen „keine 90“", "90 Augen gegen „keine 60“"]),
        (60, NO30, ["60 Augen gegen „keine 30“"]),
        (59, NO30, []),
        (30, BLACK, ["30 Augen gegen „schwarz“"]),
        (29, BLACK, []),
    ],
)
def test_7_2_2_e_re_reached_against_kontra_absage(
    re_eyes: int, kontra_calls: int, reached: list[str]
) -> None:
    """TSR 7.2.2 (e): Re reached 120/90/60/30 Augen against keine 90/60/30/schwarz: +1 each.
    30 against schwarz needs 30 Augen, one trick is not enough."""
    g = normal(re_eyes, kontra_calls=kontra_calls)
    got = [de for _, _, c, de in items(g) if c == "7.2.2 (e)"]
    assert got == [f"{r} erreicht (Re)" for r in reached]
    assert all(party == score(g).winner for party, _, c, _ in items(g) if c == "7.2.2 (e)")


@pytest.mark.parametrize(
    ("re_eyes", "re_calls", "n_reached"),
    [(120, NO90, 1), (121, NO90, 0), (150, NO60, 1), (150, NO30, 2), (120, BLACK, 4),
     (181, BLACK, 1), (211, BLACK, 0)],
)
def test_7_2_2_f_kontra_reached_against_re_absage(
    re_eyes: int, re_calls: int, n_reached: int
) -> None:
    """TSR 7.2.2 (f): Kontra reached 120/90/60/30 against Re's keine 90/60/30/schwarz."""
    g = normal(re_eyes, re_calls=re_calls)
    assert score(g).winner == KO
    assert sum(1 for p, _, c, _ in items(g) if c == "7.2.2 (f)" and p == KO) == n_reached
    expected = 1 + 1 + 2 + (re_calls - 1) + n_reached  # won, Kreuz-Damen, Re, Absagen, reached
    assert score(g).kontra_score == expected


def test_7_1_2_item_8_30_augen_against_schwarz_boundary() -> None:
    """TSR 7.1.2 item 8 + 7.2.2 (f): one trick beats Re's schwarz; 30 Augen add a point."""
    one_trick = score(normal(211, re_tricks=11, re_calls=BLACK))
    thirty = score(normal(210, re_tricks=11, re_calls=BLACK))
    assert one_trick.winner == thirty.winner == KO
    assert thirty.kontra_score == one_trick.kontra_score + 1 == 9


# -- Sonderpunkte: TSR 7.2.3 -------------------------------------------------------------------


def test_7_2_3_gegen_die_kreuz_damen_only_for_kontra_winner() -> None:
    """TSR 7.2.3: 'gegen die Kreuz-Damen gewonnen' 1, only when Kontra wins a Normalspiel."""
    assert (KO, 1, "7.2.3", "gegen die Kreuz-Damen gewonnen") in items(normal(100))
    assert all(c != "7.2.3" for *_, c, _ in items(normal(140)))
    marriage = GameSummary("marriage", 100)
    assert score(marriage).kontra_score == 2


@pytest.mark.parametrize("party", [RE, KO])
def test_7_2_3_doppelkopf_each(party: str) -> None:
    """TSR 7.2.3: each Doppelkopf (trick of 40+ Augen) 1 to the party that won it."""
    ex = Extras(doppelkopf=2)
    g = normal(140, re_extras=ex) if party == RE else normal(140, kontra_extras=ex)
    assert (party, 2, "7.2.3", "Doppelkopf") in items(g)
    assert score(g).re_score == (1 + 2 if party == RE else 1 - 2)


@pytest.mark.parametrize("party", [RE, KO])
def test_7_2_3_fuchs_gefangen_each(party: str) -> None:
    """TSR 7.2.3: each opposing ♦A caught: 1."""
    ex = Extras(fox=2)
    g = normal(100, re_extras=ex) if party == RE else normal(100, kontra_extras=ex)
    assert (party, 2, "7.2.3", "Fuchs gefangen") in items(g)
    assert score(g).kontra_score == (2 - 2 if party == RE else 2 + 2)


@pytest.mark.parametrize("party", [RE, KO])
def test_7_2_3_karlchen_for_one_party(party: str) -> None:
    """TSR 7.2.3: Karlchen (♣J wins the last trick) 1 to that party."""
    ex = Extras(charlie=1)
    g = normal(130, re_extras=ex) if party == RE else normal(130, kontra_extras=ex)
    assert (party, 1, "7.2.3", "Karlchen macht den letzten Stich") in items(g)
    assert score(g).re_score == (2 if party == RE else 0)


def test_7_2_3_two_karlchen_impossible() -> None:
    """TSR 7.2.3: only one party can win the last trick, so two Karlchen is an input error."""
    with pytest.raises(ScoringInputError, match="charlie"):
        normal(130, re_extras=Extras(charlie=1), kontra_extras=Extras(charlie=1))
    with pytest.raises(ScoringInputError, match="charlie"):
        normal(130, re_extras=Extras(charlie=2))


def test_7_2_3_sonderpunkte_net_before_the_game_value() -> None:
    """TSR 7.2.3: Sonderpunkte net against each other, then against 7.2.2; each side listed."""
    g = normal(130, re_extras=Extras(fox=1), kontra_extras=Extras(doppelkopf=2, charlie=1))
    s = score(g)
    assert (s.total(RE), s.total(KO)) == (2, 3)
    assert (s.winner, s.value, s.re_score, s.kontra_score) == (RE, 1, -1, 1)


@pytest.mark.parametrize("contract", ["solo", "silent_marriage"])
@pytest.mark.parametrize("party", ["re", "kontra"])
@pytest.mark.parametrize("extra", ["doppelkopf", "fox", "charlie"])
def test_7_2_4_sonderpunkte_rejected_in_solo(contract: str, party: str, extra: str) -> None:
    """TSR 7.2.4: a solo and a stille Hochzeit score only 7.2.2; Sonderpunkte are an error."""
    ex = Extras(**{extra: 1})
    kw = {"re_extras": ex} if party == RE else {"kontra_extras": ex}
    with pytest.raises(ScoringInputError, match=r"^extras: contract"):
        GameSummary(contract, 150, **kw)  # type: ignore[arg-type]


# -- solo: TSR 7.2.4 ---------------------------------------------------------------------------


@pytest.mark.parametrize("contract", ["solo", "silent_marriage"])
def test_7_2_4_solo_triples_for_the_soloist(contract: str) -> None:
    """TSR 7.2.4: soloist 3x, each opponent 1x with the other sign; no Kreuz-Damen point."""
    won = score(GameSummary(contract, 181, re_calls=NO90))  # 1 + unter 90 + unter 60 + Re 2 + 1
    assert (won.winner, won.value, won.re_score, won.kontra_score) == (RE, 6, 18, -6)
    assert won.seat_scores([1]) == [-6, 18, -6, -6]
    lost = score(GameSummary(contract, 150, re_calls=NO90))  # won 1 + Re 2 + keine 90 1
    assert (lost.winner, lost.value, lost.re_score, lost.kontra_score) == (KO, 4, -12, 4)
    assert all(i.clause != "7.2.3" for i in lost.items)


def test_7_2_4_solo_no_winner_multiplied_too() -> None:
    """TSR 7.1.3 + 7.2.4: in a solo the netted no-winner value is tripled for the soloist."""
    s = score(GameSummary("solo", 170, re_calls=NO60, kontra_calls=NO60))
    assert (s.winner, s.value, s.re_score, s.kontra_score) == (None, 3, 9, -3)
    s = score(GameSummary("solo", 57, re_tricks=3, re_calls=BLACK, kontra_calls=BLACK))
    assert (s.winner, s.value, s.re_score, s.kontra_score) == (None, 5, -15, 5)


def test_seat_scores() -> None:
    """TSR 7.3.3: per-seat entries; a 5-table dealer sitting out scores 0 (TSR 10.1)."""
    s = score(normal(151))
    assert s.seat_scores([0, 2]) == [2, -2, 2, -2]
    assert s.seat_scores([0, 2], 5, sitting_out=[4]) == [2, -2, 2, -2, 0]
    with pytest.raises(ValueError, match="re_seats"):
        s.seat_scores([0])
    with pytest.raises(ValueError, match="re_seats"):
        score(GameSummary("solo", 151)).seat_scores([0, 1])


# -- validation --------------------------------------------------------------------------------

INVALID: list[tuple[dict[str, object], str]] = [
    ({"contract": "normal", "re_eyes": 241}, "re_eyes"),
    ({"contract": "normal", "re_eyes": -1}, "re_eyes"),
    ({"contract": "normal", "re_eyes": True}, "re_eyes"),
    ({"contract": "normal", "re_eyes": 120.0}, "re_eyes"),
    ({"contract": "normal", "re_eyes": "120"}, "re_eyes"),
    ({"contract": "normal", "re_eyes": 1}, "re_eyes"),  # no card is worth 1 Auge
    ({"contract": "normal", "re_eyes": 239}, "re_eyes"),
    ({"contract": "normal", "re_eyes": 120, "re_tricks": 13}, "re_tricks"),
    ({"contract": "normal", "re_eyes": 120, "re_tricks": -1}, "re_tricks"),
    ({"contract": "normal", "re_eyes": 120, "re_tricks": False}, "re_tricks"),
    ({"contract": "normal", "re_eyes": 10, "re_tricks": 0}, "re_tricks"),
    ({"contract": "normal", "re_eyes": 230, "re_tricks": 12}, "re_tricks"),
    ({"contract": "normal", "re_eyes": 0, "re_tricks": 3}, "re_tricks"),  # 8 nines: 2 tricks
    ({"contract": "normal", "re_eyes": 240, "re_tricks": 9}, "re_tricks"),  # the same for Kontra
    ({"contract": "normal", "re_eyes": 39, "re_tricks": 1}, "re_tricks"),  # 4 cards: 37 or >= 40
    ({"contract": "normal", "re_eyes": 0}, "re_tricks is needed"),
    ({"contract": "normal", "re_eyes": 240, "re_calls": "black"}, "re_tricks is needed"),
    ({"contract": "hochzeit", "re_eyes": 120}, "contract"),
    ({"re_eyes": 120}, "contract"),
    ({"contract": "normal"}, "re_eyes"),
    ({"contract": "normal", "re_eyes": 120, "re_calls": "kontra"}, "re_calls"),
    ({"contract": "normal", "re_eyes": 120, "kontra_calls": "re"}, "kontra_calls"),
    ({"contract": "normal", "re_eyes": 120, "re_calls": 1}, "re_calls"),
    ({"contract": "normal", "re_eyes": 120, "kontra_calls": "keine 90"}, "kontra_calls"),
    ({"contract": "normal", "re_eyes": 120, "winner": "re"}, "winner"),
    ({"contract": "normal", "re_eyes": 120, "extras": []}, "extras"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"solo": {}}}, "extras.solo"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"re": 1}}, "extras.re"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"re": {"fuchs": 1}}}, "extras.re.fuchs"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"re": {"fox": -1}}}, "extras.re.fox"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"re": {"fox": 1.0}}}, "extras.re.fox"),
    ({"contract": "normal", "re_eyes": 120, "extras": {"re": {"fox": 3}}}, "extras.re.fox"),
    (
        {"contract": "normal", "re_eyes": 120,
         "extras": {"re": {"fox": 1}, "kontra": {"fox": 2}}},
        "extras.re.fox + extras.kontra.fox",
    ),
    (
        {"contract": "normal", "re_eyes": 120,
         "extras": {"re": {"charlie": 1}, "kontra": {"charlie": 1}}},
        "charlie",
    ),
    (
        {"contract": "normal", "re_eyes": 201, "extras": {"kontra": {"doppelkopf": 1}}},
        "extras.kontra.doppelkopf",
    ),
    (
        {"contract": "normal", "re_eyes": 120, "extras": {"re": {"doppelkopf": 7}}},
        "extras.re.doppelkopf",
    ),
    (
        {"contract": "normal", "re_eyes": 159, "extras": {"re": {"doppelkopf": 4}}},
        "extras.re.doppelkopf",
    ),
    (
        {"contract": "normal", "re_eyes": 44, "re_tricks": 1, "extras": {"re": {"doppelkopf": 2}}},
        "extras.re.doppelkopf",
    ),
    (
        {"contract": "normal", "re_eyes": 240, "re_tricks": 12,
         "extras": {"kontra": {"charlie": 1}}},
        "extras.kontra.charlie",
    ),
    ({"contract": "normal", "re_eyes": 5, "extras": {"re": {"fox": 1}}}, "extras.re.fox"),
    ({"contract": "solo", "re_eyes": 120, "extras": {"re": {"fox": 1}}}, "extras"),
    ({"contract": "silent_marriage", "re_eyes": 120, "extras": {"kontra": {"doppelkopf": 1}}},
     "extras"),
]


@pytest.mark.parametrize(("obj", "field"), INVALID)
def test_invalid_summary_names_the_field(obj: dict[str, object], field: str) -> None:
    """Every impossible summary raises ScoringInputError naming the field."""
    with pytest.raises(ScoringInputError) as err:
        GameSummary.from_json(obj)
    assert field in str(err.value)


def test_tricks_may_be_omitted_when_inferable() -> None:
    """Augen 1..239 mean both parties took a trick: schwarz needs no trick count then."""
    assert score(normal(238, re_calls=BLACK)).winner == KO
    assert score(GameSummary.from_json({"contract": "normal", "re_eyes": 2,
                                        "kontra_calls": "black"})).winner == RE


def test_from_json_defaults_and_names() -> None:
    g = GameSummary.from_json({"contract": "marriage", "re_eyes": 151, "re_tricks": 9,
                               "re_calls": "no90", "kontra_calls": None,
                               "extras": {"re": {"fox": 1}}})
    assert g == GameSummary("marriage", 151, 9, NO90, 0, Extras(fox=1), Extras())
    assert CALL_NAMES_RE[g.re_calls] == "no90"
    assert CALL_NAMES_KONTRA.index("kontra") == ANSAGE


def test_line_item_json() -> None:
    """The JSON form of an item (records, the web protocol, ``doko score --json``) is party,
    points, clause and both texts; the catalogue key and parameters stay out of it."""
    item = line_item(RE, 2, "7.2.2 (b)", "score.item.announced", (("party", RE),))
    assert item == LineItem(RE, 2, "7.2.2 (b)", "„Re“ angesagt", "Re announced",
                            "score.item.announced", (("party", "Re"),))
    assert json.dumps(item.to_json(), ensure_ascii=False) == (
        '{"party": "re", "points": 2, "clause": "7.2.2 (b)", "de": "„Re“ angesagt", '
        '"en": "Re announced"}')


# -- the line items' texts come from the catalogue (issues 14, 15) ------------------------------

ITEM_KEYS = sorted(k for k in TEXTS if k.startswith("score.item."))


def test_example_10_item_keys_and_params() -> None:
    """Example 10 (TSR 7.1.3): each item names its catalogue text and the text's parameters
    (the party and the Absage as players say them, the Augen)."""
    g = normal(57, re_tricks=3, re_calls=BLACK, kontra_calls=BLACK)
    assert [(i.key, i.params) for i in score(g).items] == [
        ("score.item.under", (("limit", 90),)),
        ("score.item.under", (("limit", 60),)),
        ("score.item.reached", (("party", "Re"), ("call", "schwarz"), ("reach", 30))),
        ("score.item.reached", (("party", "Kontra"), ("call", "keine 90"), ("reach", 120))),
        ("score.item.reached", (("party", "Kontra"), ("call", "keine 60"), ("reach", 90))),
        ("score.item.reached", (("party", "Kontra"), ("call", "keine 30"), ("reach", 60))),
        ("score.item.reached", (("party", "Kontra"), ("call", "schwarz"), ("reach", 30))),
    ]


def test_every_item_text_is_its_catalogue_entry() -> None:
    """Over every kind of summary (each contract, Augen, tricks, both calls, Sonderpunkte, both
    house-rule settings): each item's ``de``/``en`` is ``text(key, lang, **params)``, and every
    ``score.item.*`` text of the catalogue is used (TSR 7.2.2 (a) to (f), 7.2.3, the house rules
    re_kontra_double and the further Sonderpunkte)."""
    used: set[str] = set()
    for contract, eyes, tricks, re_calls, kontra_calls, extras, rules in product(
        CONTRACTS, range(0, 241, 8), (None, 0, 12), range(6), range(6),
        ((Extras(), Extras()), (Extras(1, 1, 0), Extras(1, 1, 1)),
         # the further Sonderpunkte (house rules, the online preset)
         (Extras(charlie_caught=1, fox_last=1, dulle_caught=1), Extras(dulle_caught=1))),
        (None, HAUSREGELN, ERWEITERT),
    ):
        try:
            g = GameSummary(contract, eyes, tricks, re_calls, kontra_calls, *extras)
            items = score(g, rules).items
        except ScoringInputError:
            continue
        for i in items:
            params = dict(i.params)
            assert (i.de, i.en) == (text(i.key, "de", **params), text(i.key, "en", **params)), i
            used.add(i.key)
    # Karlchen im Solo and a Doppelkopf under 40 Augen (house rules, issue 21)
    pigs = Rules(charlie_solo=True, doppelkopf_eyes=30)
    for g in (GameSummary("solo", 130, 6, re_extras=Extras(charlie_solo=1)),
              GameSummary("normal", 130, 6, kontra_extras=Extras(doppelkopf_low=1))):
        for i in score(g, pigs).items:
            params = dict(i.params)
            assert (i.de, i.en) == (text(i.key, "de", **params), text(i.key, "en", **params)), i
            used.add(i.key)
    assert sorted(used) == ITEM_KEYS
    assert len(ITEM_KEYS) == 18  # with the Armut's two


def test_line_item_params_as_shown() -> None:
    """line_item shows a party by its label and a call level by the Absage's name; other
    parameters pass as they are; an unknown key is a KeyError naming it."""
    i = line_item(KO, 1, "7.2.2 (f)", "score.item.reached",
                  (("party", KO), ("level", NO60), ("reach", 90)))
    assert i.params == (("party", "Kontra"), ("call", "keine 60"), ("reach", 90))
    assert (i.de, i.en) == ("90 Augen gegen „keine 60“ erreicht (Kontra)",
                            "Kontra reached 90 Augen against keine 60")
    doubled = line_item(KO, 3, "house rule", "score.item.doubled", (("party", RE),))
    assert (doubled.de, doubled.en) == ("„Re“ angesagt: verdoppelt",
                                        "Re announced: value doubled")
    assert line_item(RE, 1, "7.2.2 (a)", "score.item.under", (("limit", 30),)).en == (
        "opponents under 30")
    with pytest.raises(KeyError, match=r"score\.item\.nonsense"):
        line_item(RE, 1, "7.2.2 (a)", "score.item.nonsense")


# -- properties over random valid summaries ----------------------------------------------------

_DECK = sorted([0, 2, 3, 4, 10, 11] * 8)
#: Fewest Augen that t tricks can hold: the 4t cheapest cards.
_MIN_EYES = [0, *accumulate(sum(_DECK[4 * t: 4 * t + 4]) for t in range(12))]


@st.composite
def summaries(draw: st.DrawFn) -> GameSummary:
    contract = draw(st.sampled_from(CONTRACTS))
    tricks = draw(st.none() | st.integers(0, 12))
    if tricks is None:
        eyes = draw(st.integers(2, 238))
    else:
        eyes = draw(st.integers(_MIN_EYES[tricks], 240 - _MIN_EYES[12 - tricks]))
    calls = draw(st.integers(0, 5)), draw(st.integers(0, 5))
    ex = [Extras(), Extras()]
    if contract in ("normal", "marriage"):
        karlchen = draw(st.sampled_from([None, 0, 1]))
        ex = [Extras(draw(st.integers(0, 3)), draw(st.integers(0, 1)), int(karlchen == p))
              for p in (0, 1)]
    try:
        return GameSummary(contract, eyes, tricks, *calls, ex[0], ex[1])
    except ScoringInputError:
        reject()


@given(summaries(), st.permutations(range(4)))
def test_property_seats_sum_to_zero_and_share_parity(g: GameSummary, seats: list[int]) -> None:
    """TSR 7.3.3 items 1 and 2: per-seat scores sum to 0; all even or all odd."""
    s = score(g)
    entries = s.seat_scores(seats[:1] if s.solo else seats[:2])
    assert sum(entries) == 0
    assert len({e % 2 for e in entries}) == 1
    assert s.value == abs(s.total(RE) - s.total(KO)) == abs(s.kontra_score)


@given(summaries())
def test_property_json_round_trip(g: GameSummary) -> None:
    assert GameSummary.from_json(json.loads(json.dumps(g.to_json()))) == g


@given(summaries())
def test_property_winner_gets_all_game_points(g: GameSummary) -> None:
    """TSR 7.2.2: with a winner every 7.2.2 point goes to the winner; 'gewonnen' only then."""
    s = score(g)
    game_items = [i for i in s.items if i.clause.startswith("7.2.2")]
    if s.winner is None:
        assert all(i.de != "gewonnen" for i in s.items)
        assert all(i.clause[-3:] in ("(a)", "(e)", "(f)") for i in game_items)
    else:
        assert {i.party for i in game_items} == {s.winner}
        if s.solo:
            assert (s.re_score > 0) == (s.winner == RE)


def test_exhaustive_normalspiel_sweep() -> None:
    """TSR 7.1: over every valid Augen/tricks/calls combination at most one party wins (the
    engine asserts it), 'gewonnen' appears exactly with a winner, and TSR 7.3.3 holds."""
    count = 0
    for eyes in range(241):
        for tricks in (None, *range(13)):
            for re_calls in range(6):
                for kontra_calls in range(6):
                    try:
                        g = GameSummary("normal", eyes, tricks, re_calls, kontra_calls)
                    except ScoringInputError:
                        continue
                    s = score(g)
                    count += 1
                    assert (s.winner is None) == all(i.de != "gewonnen" for i in s.items)
                    assert s.re_score + s.kontra_score == 0
                    if s.winner is None:  # 7.1.3 needs Absagen on both sides
                        assert re_calls >= 2 and kontra_calls >= 2
    assert count == 54360
