"""Tests of the double-dummy solver (src/doko/solver/search.py) and ``doko solve`` (solve_cli.py).

The solver is checked against brute force: plain minimax over every legal card through the
rules engine (``Game.clone`` + ``Game.apply``), without pruning, on the last 1 to 4 tricks of
random games in several game kinds and Dulle rules; and on hand-made positions whose value is
worked out in the comments.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from doko.bots.random_player import RandomPolicy
from doko.cli import main
from doko.engine.actions import CONCEDE, HEALTHY, MARRIAGE, RESERVATION, SOLO_BASE, encode
from doko.engine.cards import EYES, QC, card_code, hand_count, hand_from_codes, parse_card
from doko.engine.contracts import NORMAL_ORDER, ORDERS, SOLO_NAMES, order_of_solo
from doko.engine.game import PLAY, Game
from doko.engine.record import replay, to_record
from doko.engine.rules import TSR, Rules
from doko.solver import (
    SearchLimitExceeded,
    Solver,
    principal_variation,
    solve,
    solve_moves,
)

GAME_KINDS = ("normal", "diamonds", "hearts", "spades", "clubs", "queens", "jacks", "meatless")
RULES = {
    "tsr": TSR,
    "second": Rules(dulle="second"),
    "second_except_last": Rules(dulle="second_except_last"),
    "dulle_moves": Rules(dulle="second", dulle_moves=True),
}


# --------------------------------------------------------------------------- helpers


def start(seed: int, kind: str, rules: Rules = TSR) -> Game:
    """A dealt game in the play phase: all healthy (``normal``), a Lustsolo of the first seat
    asked, or a Hochzeit (``marriage``: the deal is searched for a seat with both ♣Q)."""
    if kind == "marriage":
        while True:
            g = Game.deal(seed, dealer=seed % 4, rules=rules)
            holders = [s for s in range(4) if hand_count(g.hands[s], QC) == 2]
            if holders:
                break
            seed += 1
        for _ in range(4):
            s = g.to_move
            g.apply(encode(s, RESERVATION if s == holders[0] else HEALTHY))
        g.apply(encode(holders[0], MARRIAGE))
        return g
    g = Game.deal(seed, dealer=seed % 4, rules=rules)
    first = g.to_move
    for _ in range(4):
        s = g.to_move
        g.apply(encode(s, RESERVATION if kind != "normal" and s == first else HEALTHY))
    if kind != "normal":
        g.apply(encode(first, SOLO_BASE + SOLO_NAMES.index(kind)))
    assert g.phase == PLAY
    return g


def endgame(seed: int, kind: str, left: int, extra: int = 0, rules: Rules = TSR) -> Game:
    """Random legal cards until ``left`` tricks are left, then ``extra`` more cards."""
    rng = random.Random(seed)
    g = start(seed, kind, rules)
    while g.tricks_total - len(g.tricks) > left:
        g.apply(rng.choice(g.legal_plays()))
    for _ in range(extra):
        g.apply(rng.choice(g.legal_plays()))
    return g


def brute(g: Game, re: list[bool]) -> int:
    """Re's final Augen (parties ``re``) by plain minimax over every legal card."""
    if g.phase != PLAY:
        return sum(g.eyes[s] for s in range(4) if re[s])
    values = [brute(_after(g, a), re) for a in g.legal_plays()]
    return max(values) if re[g.to_move] else min(values)


def brute_moves(g: Game) -> dict[int, int]:
    """Each legal card's value for the seat on turn, by brute force."""
    re = list(g.is_re)
    return {a & 63: brute(_after(g, a), re) for a in g.legal_plays()}


def _after(g: Game, action: int) -> Game:
    h = g.clone()
    h.apply(action)
    return h


def check_against_brute_force(g: Game) -> None:
    expected = brute_moves(g)
    maxi = g.is_re[g.to_move]
    value = max(expected.values()) if maxi else min(expected.values())
    s = solve(g)
    assert s.re_eyes == value, (s, expected)
    assert s.re_eyes + s.kontra_eyes == 240
    assert s.best_moves == tuple(sorted(k for k, v in expected.items() if v == value))
    assert solve_moves(g) == expected
    # the principal variation is legal and reaches the value
    h = g.clone()
    for leader, cards, winner, eyes in principal_variation(g):
        for k in cards[len(h.trick):]:
            h.apply(encode(h.to_move, k))
        assert h.tricks[-1] == (leader, cards, winner)
        assert eyes == sum(EYES[k] for k in cards)
    assert h.phase != PLAY
    assert sum(h.eyes[x] for x in range(4) if g.is_re[x]) == value
    assert s.re_tricks == sum(h.won[x] for x in range(4) if g.is_re[x])
    assert s.re_tricks + s.kontra_tricks == g.tricks_total


# --------------------------------------------------------------------------- brute force


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    kind=st.sampled_from(GAME_KINDS),
    rule=st.sampled_from(sorted(RULES)),
    left=st.integers(1, 3),
    extra=st.integers(0, 3),
)
def test_small_endgames_match_brute_force(
    seed: int, kind: str, rule: str, left: int, extra: int
) -> None:
    check_against_brute_force(endgame(seed, kind, left, extra, RULES[rule]))


@pytest.mark.parametrize(
    ("seed", "kind", "rule"),
    [
        (1, "normal", "tsr"),
        (2, "normal", "second"),
        (3, "normal", "second_except_last"),
        (4, "diamonds", "tsr"),
        (5, "hearts", "second"),
        (6, "queens", "tsr"),
        (7, "jacks", "tsr"),
        (8, "meatless", "tsr"),
        (9, "clubs", "dulle_moves"),
        (10, "marriage", "tsr"),
    ],
)
def test_four_trick_endgames_match_brute_force(seed: int, kind: str, rule: str) -> None:
    check_against_brute_force(endgame(seed, kind, 4, seed % 2, RULES[rule]))


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31),
    kind=st.sampled_from(GAME_KINDS),
    rule=st.sampled_from(sorted(RULES)),
    extra=st.integers(0, 3),
)
def test_four_trick_endgames_hypothesis(seed: int, kind: str, rule: str, extra: int) -> None:
    g = endgame(seed, kind, 4, extra, RULES[rule])
    assert solve(g, best_moves=False).re_eyes == brute(g, list(g.is_re))


def test_without_nines() -> None:
    rules = Rules(nines=False)
    for seed in range(3):
        check_against_brute_force(endgame(seed, "normal", 3, seed, rules))


def test_marriage_before_klaerung_uses_current_parties() -> None:
    """Before the Klärungsstich the solver takes the parties as they are: the Hochzeiter alone
    against three (documented in doko.solver)."""
    g = start(3, "marriage")
    assert g.klaerung == 0
    sv = Solver.for_game(g)
    assert sv.is_re == tuple(g.is_re) and sum(sv.is_re) == 1


# --------------------------------------------------------------------------- known positions


def hands_of(*specs: str) -> list[int]:
    return [hand_from_codes(s.split()) for s in specs]


NORMAL = ORDERS[NORMAL_ORDER]


def test_top_cards_take_everything() -> None:
    """Re (seats 0 and 2) holds both ♥10, both ♣Q and both ♠Q: whoever leads, Re wins every
    trick (a plain lead is ruffed, a trump lead is overtrumped), so all 96 Augen."""
    hands = hands_of("TH QC QS", "AC TC AD", "TH QC QS", "AS AH TD")
    for leader in range(4):
        sv = Solver(NORMAL, [True, False, True, False])
        assert sv.future_value(hands, leader) == 96
    # the same cards for Kontra: Re gets nothing
    sv = Solver(NORMAL, [False, True, False, True])
    assert sv.future_value(hands, 1) == 0


def test_order_of_play_matters() -> None:
    """Two tricks left, Re = seats 0 and 2, seat 0 leads holding ♥10 and ♣A.

    ♣A first: seat 1 (void in clubs) ruffs with ♦9 (15 Augen to Kontra), then leads ♠9 and
    seat 0's ♥10 wins the last trick: 25 for Re. ♥10 first draws seat 1's only trump; then ♣A
    stands: Re takes all 40 Augen.
    """
    hands = hands_of("TH AC", "9D 9S", "9C KS", "KC AS")
    sv = Solver(NORMAL, [True, False, True, False])
    th, ac = parse_card("TH"), parse_card("AC")
    after_th = hands_of("AC", "9D 9S", "9C KS", "KC AS")
    after_ac = hands_of("TH", "9D 9S", "9C KS", "KC AS")
    assert sv.future_value(after_th, 0, [th]) == 40
    assert sv.future_value(after_ac, 0, [ac]) == 25
    assert sv.future_value(hands, 0) == 40


@pytest.mark.parametrize(("rule", "last", "two"), [(0, 20, 20), (1, 0, 0), (2, 20, 0)])
def test_dulle_rules(rule: int, last: int, two: int) -> None:
    """Both ♥10 in one trick, seat 0 (Re, alone) playing the first.

    Last trick (♥10, ♦9, ♥10, ♣9): the first ♥10 wins (20 Augen to Re) under the TSR and
    under "second except in the last trick"; the second wins (0) under "second beats first".
    Two tricks left, seat 0 has led ♥10: seats 1 and 2 must follow with ♦9 and ♥10; seat 3
    keeps ♠A. If seat 0 wins, it must lead ♠9 into ♠K ♠10 ♠A: 20 Augen; if seat 2 wins, Kontra
    takes everything.
    """
    sv = Solver(NORMAL, [True, False, False, False], rule)
    assert sv.future_value(hands_of("TH", "9D", "TH", "9C"), 0) == last
    th = parse_card("TH")
    hands = hands_of("9S", "9D KS", "TH TS", "9C AS")
    assert sv.future_value(hands, 0, [th]) == two


def test_solos_and_card_orders() -> None:
    """In a Damensolo the ♥10 is a plain heart: ♥A beats it; in a Fleischloser nothing is
    trump, so a void seat cannot ruff."""
    queens = ORDERS[order_of_solo("queens")]
    # seat 0 (soloist) leads ♥10; seat 1 holds ♥A: Kontra takes the trick
    sv = Solver(queens, [True, False, False, False])
    assert sv.future_value(hands_of("TH", "AH", "9H", "KH"), 0) == 0
    meatless = ORDERS[order_of_solo("meatless")]
    sv = Solver(meatless, [True, False, False, False])
    # ♣A led; nobody else holds a club and there are no trumps: the soloist wins 11+3+3+2
    assert sv.future_value(hands_of("AC", "QS", "QH", "JD"), 0) == 19


def test_equivalent_cards_share_a_value() -> None:
    """Seat 0 holds ♣Q and ♠Q and no other hand holds a queen: either wins the trump lead, so
    both leads are worth the same (they are one move in the search)."""
    sv = Solver(NORMAL, [True, False, True, False])
    rest = ("9D KS", "AC AD", "TD KC")
    qc, qs = parse_card("QC"), parse_card("QS")
    v_qc = sv.future_value(hands_of("QS", *rest), 0, [qc])
    v_qs = sv.future_value(hands_of("QC", *rest), 0, [qs])
    assert v_qc == v_qs == sv.future_value(hands_of("QC QS", *rest), 0)


def test_mid_trick_and_limits() -> None:
    g = endgame(5, "normal", 6, extra=2)
    assert len(g.trick) == 2
    exact = solve(g)
    assert exact.to_move == g.to_move and exact.nodes > 0
    assert solve_moves(g)[exact.best_moves[0]] == exact.re_eyes
    done = sum(g.eyes[s] for s in range(4) if g.is_re[s])
    for nodes, seconds in ((1, None), (None, 1e-9)):
        with pytest.raises(SearchLimitExceeded) as info:
            solve(g, max_nodes=nodes, time_limit=seconds)
        assert done <= info.value.lower <= exact.re_eyes <= info.value.upper <= 240
        with pytest.raises(SearchLimitExceeded):
            solve_moves(g, max_nodes=nodes, time_limit=seconds)
    # generous limits change nothing
    assert solve(g, max_nodes=10**7, time_limit=600.0) == exact
    with pytest.raises(ValueError):
        solve(Game.deal(1))  # still in the Vorbehaltsabfrage


def test_solver_reuse_across_positions() -> None:
    """One solver (its table kept) gives the same values as fresh ones along a game."""
    g = endgame(8, "normal", 5)
    sv = Solver.for_game(g)
    rng = random.Random(8)
    while g.phase == PLAY:
        assert solve(g, solver=sv).re_eyes == solve(g).re_eyes
        g.apply(rng.choice(g.legal_plays()))


# --------------------------------------------------------------------------- node counts


#: Fixed positions (taken from ``endgame`` games, hands written out so that they do not depend on
#: the dealing) with the solver's value and node counts, perft style: the search is deterministic,
#: so a change of its structure that keeps its behaviour keeps these numbers exactly. Each row:
#: card order, parties (R/K by seat), Dulle rule, hands (hex bit sets), leader, unfinished trick;
#: then Re's Augen from now on, the nodes of a fresh solver, the nodes of a second search of the
#: same position (table kept, guess 0), and the bounds that a node limit of a third of the nodes
#: leaves (None: the limit is enough). Computed with the solver before its split into named
#: functions (the one-closure ``Solver._build``).
PERFT: list[tuple[str, str, int, str, int, tuple[int, ...], int, int, int,
                  tuple[int, int] | None]] = [
    ("normal", "KRKR", 0, "0x4100b1 0x1000249010 0x128902 0xf4400", 1, (),
     44, 6490, 0, (0, 54)),
    ("normal", "RKKR", 2, "0x200010a01 0x200ba 0x7181 0x102128", 3, (2, 16),
     78, 1060, 11, (69, 115)),
    ("normal", "KRKK", 0, "0x400040c28040 0x40000360004 0x81000883000 0x10400010482", 1, (0, 15, 9),
     13, 683, 4, (0, 28)),
    ("jacks", "KRKK", 0, "0x230620 0x80000c90008 0x29920 0x180c011", 2, (),
     85, 10940, 0, (0, 157)),
    ("normal", "KRKR", 0, "0x500001580 0x824282 0x9000039 0x14074", 0, (),
     90, 1701, 0, (84, 127)),
    ("normal", "KKKR", 0, "0x10500 0x800000820000 0x19 0x4000024", 3, (),
     17, 22, 0, (0, 24)),
    ("normal", "RRKK", 1, "0x28 0x104 0x11 0x100000", 3, (7,),
     36, 3, 3, None),
    ("hearts", "KKKR", 2, "0x1000001a8002 0x1001099 0x251130 0x40004240a8", 0, (21, 23),
     10, 9475, 5, (0, 10)),
    ("normal", "KKKR", 2, "0x440000c40 0x928003 0x201800a4 0x200000210090", 3, (4, 13),
     23, 1328, 4, (0, 26)),
    ("hearts", "RKKK", 0, "0x10000150a 0x104445 0x10010012014 0x200000600829", 0, (18, 15, 5),
     0, 1280, 1, (0, 8)),
    ("spades_moved", "KRKK", 1, "0x2000002070 0x40000040284 0x210901 0x8000039", 2, (),
     32, 1215, 0, (0, 42)),
    ("clubs", "KKRK", 1, "0x28068 0x144112 0x480614 0x2000d02040", 0, (17,),
     14, 850, 283, (0, 31)),
    ("queens", "KKKR", 2, "0x200210201a 0x1e20001 0x4430c 0x1000651020", 1, (19, 23),
     0, 2757, 4, (0, 29)),
    ("normal", "KRKR", 1, "0x108001108021 0xc2844 0xe0982 0x400622410", 1, (12,),
     18, 5200, 6, (0, 25)),
    ("jacks", "KRKK", 1, "0x260300 0x290042 0x800d00800 0x82422", 2, (),
     7, 1283, 0, (0, 7)),
    ("meatless", "KRKK", 1, "0x8000329000 0xe40900 0x48041a 0x800018e0", 3, (),
     0, 1619, 0, (0, 16)),
    ("spades", "KKRK", 1, "0x92200 0x982400 0x205802 0x8000808500", 0, (5,),
     10, 1645, 23, (0, 10)),
]


@pytest.mark.parametrize("row", PERFT, ids=lambda r: f"{r[0]}-{r[2]}-{r[4]}-{len(r[5])}")
def test_node_counts_are_pinned(
    row: tuple[str, str, int, str, int, tuple[int, ...], int, int, int, tuple[int, int] | None],
) -> None:
    name, parties, dulle, hexes, leader, trick, value, nodes, again, bounds = row
    order = next(o for o in ORDERS if o.name == name)
    is_re = [c == "R" for c in parties]
    hands = [int(x, 16) for x in hexes.split()]
    sv = Solver(order, is_re, dulle)
    assert sv.future_value(hands, leader, trick) == value
    assert sv.node_count == nodes
    assert sv.future_value(hands, leader, trick, guess=0) == value
    assert sv.node_count - nodes == again
    limited = Solver(order, is_re, dulle, max_nodes=nodes // 3 + 1)
    if bounds is None:
        assert limited.future_value(hands, leader, trick) == value
    else:
        with pytest.raises(SearchLimitExceeded) as info:
            limited.future_value(hands, leader, trick)
        assert (info.value.lower, info.value.upper) == bounds
        assert bounds[0] <= value <= bounds[1]


# --------------------------------------------------------------------------- doko solve


def record_file(tmp_path: Path, seed: int = 11) -> tuple[Path, Game]:
    g = Game.deal(seed)
    p = RandomPolicy(seed=3, p_reservation=0.0, p_call=0.05, p_concede=0.0, p_claim=0.0)
    while not g.is_over:
        g.apply(p.choose(g))
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(g)), encoding="utf-8")
    return path, g


def at_trick(g: Game, n: int) -> Game:
    rec = to_record(g)
    h = replay({**rec, "actions": []})
    for a in replay(rec).history:
        if h.phase == PLAY and len(h.tricks) == n - 1 and not h.trick:
            break
        h.apply(a)
    return h


def test_cli_text(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, g = record_file(tmp_path)
    assert main(["solve", str(path), "--trick", "9"]) == 0
    out, err = capsys.readouterr()
    assert err == ""
    s = solve(at_trick(g, 9))
    assert "Double-Dummy-Wert" in out
    assert f"Re {s.re_eyes} Augen" in out
    assert "Stich 9:" in out and "Stich 12:" in out and "Stich 8:" not in out
    assert "Beste Karte:" in out
    assert main(["solve", str(path), "--trick", "10", "--lang", "en"]) == 0
    out, _ = capsys.readouterr()
    assert "Double-dummy value" in out and "Trick 10:" in out and "Best card:" in out


def test_cli_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path, g = record_file(tmp_path)
    assert main(["solve", str(path), "--trick", "8", "--json"]) == 0
    out, _ = capsys.readouterr()
    r = json.loads(out)
    pos = at_trick(g, 8)
    s = solve(pos)
    assert r["trick"] == 8 and r["contract"] == "normal" and r["to_move"] == pos.to_move
    assert r["re_eyes"] == s.re_eyes and r["kontra_eyes"] == 240 - s.re_eyes
    assert r["re_tricks"] + r["kontra_tricks"] == 12
    assert len(r["line"]) == 5 and [t["trick"] for t in r["line"]] == [8, 9, 10, 11, 12]
    assert all(len(t["cards"]) == 4 for t in r["line"])
    assert r["line"][0]["cards"][0]["card"] in r["best_cards"]
    assert all(r["card_values"][c] == s.re_eyes for c in r["best_cards"])
    assert sorted(r["best_cards"]) == sorted(card_code(k) for k in s.best_moves)
    # the last trick
    assert main(["solve", str(path), "--trick", "12", "--json"]) == 0
    r = json.loads(capsys.readouterr()[0])
    assert len(r["line"]) == 1 and r["before"]["re_eyes"] + r["before"]["kontra_eyes"] < 240


@pytest.mark.parametrize(
    ("content", "args"),
    [
        ("not json", ["--trick", "3"]),
        ('{"format": "doko-game/1"}', ["--trick", "3"]),
        (None, ["--trick", "0"]),
        (None, ["--trick", "13"]),
    ],
)
def test_cli_errors(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], content: str | None, args: list[str]
) -> None:
    if content is None:
        path, _ = record_file(tmp_path)
    else:
        path = tmp_path / "bad.json"
        path.write_text(content, encoding="utf-8")
    assert main(["solve", str(path), *args]) == 2
    out, err = capsys.readouterr()
    assert out == "" and err.startswith("doko solve: ") and err.count("\n") == 1


def test_cli_record_errors(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # a missing file, no file at all
    assert main(["solve", str(tmp_path / "missing.json"), "--trick", "2"]) == 2
    assert main(["solve", "--trick", "2"]) == 2
    capsys.readouterr()
    # a record that stops after 8 tricks
    path, g = record_file(tmp_path)
    rec = to_record(g)
    short = at_trick(g, 9)
    path.write_text(json.dumps({**rec, "actions": to_record(short)["actions"]}), "utf-8")
    assert main(["solve", str(path), "--trick", "9"]) == 0
    capsys.readouterr()
    assert main(["solve", str(path), "--trick", "10"]) == 2
    assert "vor Stich 10" in capsys.readouterr()[1]
    # an illegal action in the record
    bad = {**rec, "actions": list(rec["actions"])}
    bad["actions"][5] = dict(bad["actions"][6])
    path.write_text(json.dumps(bad), "utf-8")
    assert main(["solve", str(path), "--trick", "9", "--lang", "en"]) == 2
    assert "illegal" in capsys.readouterr()[1]
    # a Hochzeit before its Klärungsstich: the game type is not settled
    m = start(3, "marriage")
    path.write_text(json.dumps(to_record(m)), "utf-8")
    assert main(["solve", str(path), "--trick", "1"]) == 2
    err = capsys.readouterr()[1]
    assert "Klärungsstich" in err and err.count("\n") == 1
    # a solo conceded after 8 tricks: solvable from trick 9 (before the concession), not later
    c = start(6, "queens")
    rng = random.Random(6)
    while len(c.tricks) < 8:
        c.apply(rng.choice(c.legal_plays()))
    c.apply(encode(c.soloist, CONCEDE))
    path.write_text(json.dumps(to_record(c)), "utf-8")
    assert main(["solve", str(path), "--trick", "9"]) == 0
    assert "Damensolo" in capsys.readouterr()[0]
    assert main(["solve", str(path), "--trick", "10"]) == 2
    assert "aufgegeben nach 8 Stichen" in capsys.readouterr()[1]
    # a time limit that runs out
    path.write_text(json.dumps(rec), "utf-8")
    assert main(["solve", str(path), "--trick", "2", "--time-limit", "0.05"]) == 2
    out, err = capsys.readouterr()
    assert out == "" and "Zeitlimit" in err and err.count("\n") == 1
    # the Vorbehaltsabfrage not over
    q = Game.deal(4)
    path.write_text(json.dumps(to_record(q)), "utf-8")
    assert main(["solve", str(path), "--trick", "1", "--lang", "en"]) == 2
    assert "not settled" in capsys.readouterr()[1]


def test_cli_bench(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["solve", "--bench", "--deals", "2", "--tricks", "3", "--json"]) == 0
    r = json.loads(capsys.readouterr()[0])
    assert r["deals"] == 2 and r["tricks"] == 3
    assert r["mean_ms"] <= r["max_ms"] and r["mean_nodes"] > 0
    # two deals: the median CPU time is the mean of the two
    assert abs(r["cpu_median_ms"] - r["cpu_mean_ms"]) <= 0.011
    assert main(["solve", "--bench", "--deals", "1", "--tricks", "2"]) == 0
    assert "ms" in capsys.readouterr()[0]
