"""The analysis of reservation decisions (doko.analysis.reservations): the open measure against
direct null-window tests on the games of the plans and the points by TSR 7.2.2 counted by hand,
the knowable measure never depending on hidden cards, the JSON and the text."""

from __future__ import annotations

import json
import random

from doko.analysis.game_analysis import Analysis, analyze
from doko.analysis.report import format_analysis
from doko.analysis.reservations import (
    GESUND,
    game_for_plan,
    points_table,
    reservation_spots,
    thresholds,
)
from doko.bots.base import make_player, play_game
from doko.engine.actions import (
    HEALTHY,
    MARRIAGE,
    PASS,
    RESERVATION,
    SOLO_BASE,
    WITHDRAW,
    Action,
    code_of,
    encode,
    to_dict,
)
from doko.engine.contracts import SOLO_NAMES
from doko.engine.game import PLAY, Game
from doko.engine.record import start_of, to_record
from doko.engine.rules import TSR
from doko.solver import solver_for
from hidden_cards import swapped

QUEENS_SOLO = SOLO_BASE + SOLO_NAMES.index("queens")
MEATLESS = SOLO_BASE + SOLO_NAMES.index("meatless")
#: Seat 1 (engine seat 0) holds all eight Damen, both ♣A and both ♥9.
STRONG = ["QC", "QC", "QS", "QS", "QH", "QH", "QD", "QD", "AC", "AC", "9H", "9H"]


def strong_deal() -> Game:
    rest = [r + s for s in "CSHD" for r in "9TJKA" for _ in range(2)]
    rest += ["QC", "QC", "QS", "QS", "QH", "QH", "QD", "QD"]
    for c in STRONG:
        rest.remove(c)
    return Game.from_hands([STRONG, rest[0::3], rest[1::3], rest[2::3]], dealer=3)


def finished(start: Game, reservation: list[Action], seed: int = 1) -> tuple[Game, list[Action]]:
    """``start`` with the given reservation actions, played to its end by rules players."""
    g = start.clone()
    for a in reservation:
        g.apply(a)
    play_game(g, [make_player("rules", seed=seed + i) for i in range(4)])
    return start_of(to_record(g))


def reaches(g: Game, augen: int) -> bool:
    """A direct null-window test: does Re take at least ``augen`` Augen with best play?"""
    sv = solver_for(g, backend="auto")
    sv.start_budget()
    return sv.at_least(g.hands, g.trick_leader, g.trick, augen)


def meatless_taken() -> tuple[Game, list[Action]]:
    start = strong_deal()
    return finished(start, [encode(0, RESERVATION)] + [encode(s, HEALTHY) for s in (1, 2, 3)]
                    + [encode(0, MEATLESS)])


def test_the_solo_taken_loses_a_known_amount_against_the_damensolo() -> None:
    start, actions = meatless_taken()
    a = analyze(start, actions, seats=[0], worlds=0, open_budget=120.0,
                kinds={"reservation"})
    (d,) = a.decisions
    assert d.kind == "reservation" and d.trick == 0 and d.index == 4
    assert d.action == encode(0, MEATLESS)
    # the two games, checked directly: the Fleischloser makes 30 to 59 Augen, the Damensolo
    # 181 to 210
    meatless = game_for_plan(start, actions, 0, MEATLESS)
    queens = game_for_plan(start, actions, 0, QUEENS_SOLO)
    assert meatless.contract_name == "solo_meatless" and queens.contract_name == "solo_queens"
    assert reaches(meatless, 30) and not reaches(meatless, 60)
    assert reaches(queens, 181) and not reaches(queens, 211)
    # TSR 7.2.2 (a), tripled for the soloist (7.2.4): the Fleischloser is lost with under 90 and
    # under 60: Kontra 1 + 1 + 1 = 3, the soloist -9; the Damensolo is won with Kontra under
    # 90 and under 60: 1 + 1 + 1 = 3, the soloist +9
    assert d.open.exact
    assert d.open.points == -9 and d.open.best_points == 9 and d.open.loss_points == 18
    assert d.best == (encode(0, QUEENS_SOLO),)
    assert d.open.loss_augen is None  # Augen of different games do not subtract


def test_plans_replay_the_others_as_recorded() -> None:
    start, actions = meatless_taken()
    (spot,), skipped = reservation_spots(start, actions, {0})
    assert skipped == {0: 0}
    assert spot.taken == MEATLESS and spot.first == 0 and not spot.forced
    assert spot.plans == (GESUND, *range(SOLO_BASE, SOLO_BASE + 7), MARRIAGE)
    # gesund with both ♣Q: the stille Hochzeit (TSR 4.4.5); the Hochzeit announced
    assert game_for_plan(start, actions, 0, GESUND).contract_name == "silent_marriage"
    hochzeit = game_for_plan(start, actions, 0, MARRIAGE)
    assert hochzeit.contract_name == "marriage" and hochzeit.phase == PLAY
    # the others said gesund: their spots are gesund against every other plan of theirs
    others, _ = reservation_spots(start, actions, {1, 2, 3})
    assert [(s.seat, s.taken, s.index) for s in others] == [(1, GESUND, 1), (2, GESUND, 2),
                                                            (3, GESUND, 3)]
    # seat 2 with a Vorbehalt of its own: seat 1 comes first in the solo query (TSR 4.1.6)
    # and names its Fleischloser as recorded; seat 2 is never asked
    g = game_for_plan(start, actions, 1, SOLO_BASE)
    assert g.contract_name == "solo_meatless" and g.soloist == 0


def test_a_hochzeit_meant_passes_the_solo_query() -> None:
    start = strong_deal()
    # seat 2 announces a Vorbehalt too and names a solo; seat 1's Hochzeit plan passes
    g = start.clone()
    for a in (encode(0, RESERVATION), encode(1, RESERVATION), encode(2, HEALTHY),
              encode(3, HEALTHY)):
        g.apply(a)
    assert {code_of(a) for a in g.legal_actions(0)} >= {PASS}
    actions = [*g.history, encode(0, PASS), encode(1, SOLO_BASE)]
    played = game_for_plan(start, actions, 0, MARRIAGE)
    assert played.contract_name == "solo_diamonds" and played.soloist == 1
    (spot,), _ = reservation_spots(start, actions, {0})
    assert spot.taken == MARRIAGE and spot.action == encode(0, PASS)


def test_points_bands_follow_the_scoring() -> None:
    solo = points_table("solo", True, TSR)
    # won with 121 (TSR 7.1.1), keine 90 from 151 on; schwarz only with all 240 (or 0) Augen
    assert solo[120] == (-3, -3) and solo[121] == (3, 3) and solo[151] == (6, 6)
    assert solo[240] == (12, 15) and solo[1] is None
    assert thresholds(solo) == [2, 30, 60, 90, 121, 151, 181, 211, 240]
    kontra = points_table("normal", False, TSR)
    assert kontra[120] == (2, 2)  # Kontra won, gegen die Alten (TSR 7.2.3)


def reservation_game(seed: int) -> tuple[Game, list[Action]]:
    start = Game.deal(seed, dealer=seed % 4)
    g = play_game(start.clone(), [make_player("rules", seed=seed + i) for i in range(4)])
    return start_of(to_record(g))


def test_the_knowable_estimate_never_uses_hidden_cards() -> None:
    rng = random.Random(3)
    for seed in (2, 5):
        start, actions = reservation_game(seed)
        seat = (start.dealer + 3) % 4  # answers last: three answers in its view
        prefix = [a for a in actions[:8] if code_of(a) >= 24][: 4]
        other = swapped(start, seat, rng)
        assert other is not None and other.initial_hands != start.initial_hands
        o_start, o_actions = finished(other, prefix, seed)
        runs = [analyze(s, acts, seats=[seat], worlds=6, open_budget=0.2, seed=9,
                        kinds={"reservation"}) for s, acts in ((start, actions),
                                                               (o_start, o_actions))]
        (d1,), (d2,) = (r.decisions for r in runs)
        assert d1.index == d2.index and d1.action == d2.action
        assert d1.knowable is not None and d1.knowable == d2.knowable
        assert d1.knowable.worlds == 6 and d1.knowable.stderr is not None


def check_schema(a: Analysis) -> dict[str, object]:
    out = json.loads(json.dumps(a.to_json()))
    (entry,) = [d for d in out["decisions"] if d["kind"] == "reservation"]
    assert set(entry) == {"index", "seat", "trick", "kind", "action", "best", "open",
                          "knowable", "mistake"}
    assert entry["trick"] == 0
    assert set(entry["open"]) >= {"value", "best_value", "loss_augen", "loss_points", "points",
                                  "best_points", "exact"}
    assert entry["open"]["loss_augen"] is None
    if not entry["open"]["exact"]:
        assert set(entry["open"]["bounds"]) <= {"points", "best_points", "loss_points"}
    assert set(entry["knowable"]) >= {"loss_points", "stderr", "worlds", "exact", "significant",
                                      "best"}
    return dict(entry)


def test_json_and_text_show_the_reservation() -> None:
    start, actions = meatless_taken()
    a = analyze(start, actions, seats=[0], worlds=4, open_budget=120.0, seed=1,
                kinds={"reservation"})
    entry = check_schema(a)
    # knowable too: the Damensolo's playouts beat the Fleischloser's by far
    (d,) = a.decisions
    assert d.knowable is not None and d.knowable.best == (encode(0, QUEENS_SOLO),)
    assert d.mistake and d.knowable.loss_points is not None and d.knowable.loss_points >= 12
    assert d.knowable.loss_points == int(d.knowable.loss_points * 4) / 4  # points, 4 worlds
    assert entry["action"] == to_dict(encode(0, MEATLESS))
    assert entry["best"] == [to_dict(encode(0, QUEENS_SOLO))]
    assert entry["open"]["loss_points"] == 18
    final = start.clone()
    for x in actions:
        final.apply(x)
    for lang, word in (("de", "Vorbehalt"), ("en", "reservation")):
        text = format_analysis(a, final, lang)
        row = [ln for ln in text.splitlines() if ln.strip().startswith(word)]
        assert row and "18" in row[0], text
    # a game with bounds only: the bounds are in points
    start, actions = reservation_game(4)
    b = analyze(start, actions, seats=[1], worlds=2, open_budget=0.05, kinds={"reservation"})
    check_schema(b)


def test_a_vorfuehrung_and_a_vorbehalt_taken_back() -> None:
    """In a Vorführung (TSR 4.1.9) the seat must name a solo: its plans are the seven solos. A
    Vorbehalt taken back (TSR 4.1.2) counts as gesund, the action taken is the withdrawal."""
    hands = strong_deal().initial_hands
    forced = Game(hands, 3, owes_pflichtsolo=(True, False, False, False), vorfuehrung=0)
    (spot,), _ = reservation_spots(forced, [encode(0, MEATLESS)], {0})
    assert spot.forced and spot.plans == tuple(range(SOLO_BASE, SOLO_BASE + 7))
    assert spot.taken == MEATLESS and spot.index == 0
    assert game_for_plan(forced, [encode(0, MEATLESS)], 0, QUEENS_SOLO).soloist == 0
    start = strong_deal()
    actions = [encode(0, RESERVATION), encode(0, WITHDRAW)] + [encode(s, HEALTHY)
                                                                for s in (1, 2, 3)]
    (spot,), _ = reservation_spots(start, actions, {0})
    assert spot.taken == GESUND and spot.action == encode(0, WITHDRAW) and spot.index == 1
    assert game_for_plan(start, actions, 0, GESUND).contract_name == "silent_marriage"


def test_the_first_cards_value_is_the_game_taken() -> None:
    """With the card decisions analysed too, the first card's solved position is the game
    taken: the reservation's Augen are exactly its value (seat 1 leads trick 1)."""
    start, actions = meatless_taken()
    a = analyze(start, actions, seats=[0], worlds=0, open_budget=60.0)
    res, first = a.decisions[0], a.decisions[1]
    assert res.kind == "reservation" and first.kind == "card" and first.index == 5
    assert first.open.exact and res.open.exact
    assert res.open.value == first.open.best_value and 30 <= (res.open.value or 0) < 60
    assert res.open.loss_points == 18
