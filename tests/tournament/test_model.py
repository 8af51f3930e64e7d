"""The tournament model (doko.tournament.model): rankings with ties and each tie-break, table
results checked by TSR 7.3.3, results from a round file, penalties of TSR 9.7.2, corrections
with their audit trail, and the crash-safe tournament file."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path
from typing import Any

import pytest

from doko.session import Round
from doko.tournament import model
from doko.tournament.model import (
    Tournament,
    TournamentError,
    TournamentFileError,
    check_totals,
    placement_points,
)

#: Two Serien of 8 players with fixed tables (positions 1-4), written into the file form.
TABLES = [[[1, 2, 3, 4], [5, 6, 7, 8]], [[1, 5, 2, 6], [3, 7, 4, 8]]]


def fixed(results: list[tuple[int, int, list[int]]], tiebreaks: list[str],
          scoring: str = "points", extra: list[dict[str, Any]] | None = None) -> Tournament:
    """A tournament of players 1..8 with the draws of TABLES and these results."""
    entries: list[dict[str, Any]] = [{"type": "player", "name": f"P{i}", "at": 0}
                                     for i in range(1, 9)]
    for s, tables in enumerate(TABLES, start=1):
        entries.append({"type": "draw", "serie": s, "tables": tables, "plan": [], "at": 0})
    for s, t, totals in results:
        entries.append({"type": "result", "serie": s, "table": t, "totals": totals, "at": 0})
    entries += extra or []
    return Tournament.from_json({"format": model.FORMAT, "name": "T", "serien": 2,
                                 "seed": 1, "tiebreaks": tiebreaks, "scoring": scoring,
                                 "entries": entries})


def ranks(t: Tournament) -> dict[int, int | None]:
    return {r.player.id: r.rank for r in t.ranking()}


def test_ties_share_the_rank() -> None:
    """Without tie-breaks, equal totals share the rank and the next rank skips (1, 2, 2, 4)."""
    t = fixed([(1, 1, [8, 4, 4, -16]), (1, 2, [2, 0, 0, -2])], [])
    r = ranks(t)
    assert r[1] == 1
    assert r[2] == r[3] == 2
    assert r[5] == 4  # 2 points
    assert r[6] == r[7] == 5
    assert [row.points for row in t.ranking()][:4] == [8, 4, 4, 2]


@pytest.mark.parametrize(("tiebreak", "results", "ahead", "behind"), [
    # P1 10 + 0, P2 4 + 6: equal totals; P1 has the better single Serie
    ("best_serie", [(1, 1, [10, 4, -4, -10]), (1, 2, [0, 0, 0, 0]),
                    (2, 1, [0, 0, 6, -6]), (2, 2, [0, 0, 0, 0])], 1, 2),
    # P1 4 + 0 wins both his tables (a shared first place counts), P3 2 + 2 wins one
    ("table_wins", [(1, 1, [4, 2, 2, -8]), (1, 2, [0, 0, 0, 0]),
                    (2, 1, [0, 0, 0, 0]), (2, 2, [2, 0, 0, -2])], 1, 3),
    # P1 -2 then +6 (latest Serie better), P5 +6 then -2
    ("last_serie", [(1, 1, [-2, 0, 0, 2]), (1, 2, [6, -2, -2, -2]),
                    (2, 1, [6, -2, -2, -2]), (2, 2, [0, 0, 0, 0])], 1, 5),
    # P1 2 + 2 and P2 0 + 4: P1 first (+3) and second (+1), P2 shares second (0) and first (+3)
    ("placement", [(1, 1, [2, 0, 0, -2]), (1, 2, [0, 0, 0, 0]),
                   (2, 1, [2, -4, 4, -2]), (2, 2, [0, 0, 0, 0])], 1, 2),
])
def test_each_tiebreak(tiebreak: str, results: list[tuple[int, int, list[int]]], ahead: int,
                       behind: int) -> None:
    """Two players level on the score: without tie-breaks they share the rank, with the
    tie-break the one named first is ahead."""
    level = ranks(fixed(results, []))
    assert level[ahead] == level[behind]
    split = ranks(fixed(results, [tiebreak]))
    first, second = split[ahead], split[behind]
    assert first is not None and second is not None
    assert first < second


def test_fewer_penalties_tiebreak() -> None:
    """P1 scores 12 with a 2-point deduction (TSR 9.7.2 b), P2 scores 10: level at 10; with
    ``fewer_penalties`` P2 is ahead."""
    pen = [{"type": "penalty", "player": 1, "serie": 1, "kind": "deduction", "points": 2,
            "reason": "laut gezählt (9.1.4)", "at": 0}]
    res = [(1, 1, [12, 10, -10, -12])]
    t = fixed(res, [], extra=pen)
    assert {r.player.id: r.points for r in t.ranking()}[1] == 10
    assert ranks(t)[1] == ranks(t)[2]
    r = ranks(fixed(res, ["fewer_penalties"], extra=pen))
    assert r[2] == 1 and r[1] == 2


def test_placement_scoring() -> None:
    """Placement points per table (+3/+1/-1/-3, ties averaged) are the score; the points are
    the tie-break ``points``."""
    assert placement_points([10, 10, -5, -15]) == [2, 2, -1, -3]
    assert placement_points([0, 0, 0, 0]) == [0, 0, 0, 0]
    assert placement_points([9, 0, 0, 0, -9]) == [4, 0, 0, 0, -4]  # 5-table: +4/+2/0/-2/-4
    t = fixed([(1, 1, [30, 2, -2, -30]), (1, 2, [4, 4, -4, -4])], ["points"],
              scoring="placement")
    rows = {r.player.id: r for r in t.ranking()}
    assert rows[1].score == 3 and rows[5].score == 2 and rows[6].score == 2
    assert rows[2].score == 1
    r = ranks(t)
    assert r[1] == 1 and r[5] == r[6] == 2 and r[2] == 4


def test_serie_ranking() -> None:
    """The ranking of one Serie has only that Serie's points."""
    t = fixed([(1, 1, [2, 0, 0, -2]), (2, 1, [-6, 6, 0, 0])], [])
    rows = t.ranking(2)
    assert [r.player.id for r in rows][:1] == [5]
    assert {r.player.id: r.points for r in rows}[1] == -6


# ------------------------------------------------------------------ TSR 7.3.3


def test_results_rejected_by_tsr_733() -> None:
    """Totals must sum to 0 and, at a 4-table, be all even or all odd (TSR 7.3.3); only the
    penalty points of a solo in favour of the soloist break the parity (item 2)."""
    with pytest.raises(TournamentError, match=r"sum to 1, not 0 \(TSR 7\.3\.3\)"):
        check_totals([10, -10, 4, -3])
    with pytest.raises(TournamentError, match=r"not all even or all odd \(TSR 7\.3\.3\)"):
        check_totals([3, 0, 0, -3])
    check_totals([3, 0, 0, -3], odd_ok=True)
    check_totals([3, 1, -1, -3])
    check_totals([7, 0, 0, 0, -7])  # a 5-table: no even/odd rule (TSR 10.1.3)
    with pytest.raises(TournamentError):
        check_totals([1, 2, -3])
    t = fixed([], [])
    with pytest.raises(TournamentError) as e:
        t.add_result(1, 1, totals=[5, -5, 2, -1])
    assert "Summe" in e.value.text("de")
    assert t.results == {} and t.version == len(t.entries)


def test_penalties() -> None:
    """TSR 9.7.2: a deduction of 1..12 points without a credit for the others, a warning with
    no points, a disqualification (ranked last without a rank, not drawn again); each needs a
    reason; a penalty can be taken back."""
    t = fixed([(1, 1, [8, 0, 0, -8]), (1, 2, [2, 2, -2, -2])], [])
    with pytest.raises(TournamentError, match="1 to 12"):
        t.add_penalty(1, "deduction", points=13, serie=1, reason="x")
    with pytest.raises(TournamentError, match="reason"):
        t.add_penalty(1, "deduction", points=3, serie=1)
    t.add_penalty(1, "deduction", points=3, serie=1, reason="Unsportlichkeit")
    t.add_penalty(2, "warning", serie=1, reason="Verwarnung")
    points = {r.player.id: r.points for r in t.ranking()}
    assert points[1] == 5 and points[2] == 0 and sum(points.values()) == -3
    t.add_penalty(5, "disqualification", serie=1, reason="Disqualifikation")
    last = t.ranking()[-1]
    assert last.player.id == 5 and last.rank is None
    assert 5 not in [p.id for p in t.active_players()]
    t.cancel_penalty(1, "Schiedsgericht")
    assert {r.player.id: r.points for r in t.ranking()}[1] == 8
    with pytest.raises(TournamentError):
        t.cancel_penalty(1, "again")


def test_deduction_before_the_table_reports() -> None:
    """A deduction counts at once: taken off the total while the player's table has not
    reported, and off that Serie's points once it has (never twice)."""
    t = fixed([(1, 1, [2, 0, 0, -2])], [])
    t.add_penalty(5, "deduction", points=4, serie=1, reason="Handy am Tisch")
    assert {r.player.id: r.points for r in t.ranking()}[5] == -4
    t.add_result(1, 2, totals=[6, -2, -2, -2])
    row = {r.player.id: r for r in t.ranking()}[5]
    assert row.points == 2 and row.serien == [2, None] and row.deductions == 4


def test_late_entry_has_no_points_before() -> None:
    """A late entry plays from the next Serie; the Serien before show no points."""
    t = Tournament("T", serien=2, seed=4)
    for i in range(7):
        t.add_player(f"P{i}")
    t.add_player("Spät")  # before the draw: plays Serie 1
    t.draw()
    t.withdraw("P0")
    late = t.add_player("Nachzügler")
    assert late.joined == 2
    for table in (1, 2):
        t.add_result(1, table, totals=[2, 0, 0, -2])
    t.draw()
    row = {r.player.name: r for r in t.ranking()}["Nachzügler"]
    assert row.serien == [None, None] and row.tables == 0
    assert t.seat_of(2, late.id) is not None and t.seat_of(1, late.id) is None


def test_corrections_keep_the_audit_trail(tmp_path: Path) -> None:
    """A second result for a table is a correction: it needs a reason, the ranking uses it,
    and both entries stay in the file."""
    path = tmp_path / "t.json"
    t = fixed([], [])
    t.save(path)
    t.add_result(1, 1, totals=[10, -10, 4, -4])
    with pytest.raises(TournamentError, match="reason"):
        t.add_result(1, 1, totals=[12, -10, 4, -6])
    t.add_result(1, 1, totals=[12, -10, 4, -6], reason="Additionsfehler")
    assert {r.player.id: r.points for r in t.ranking()}[1] == 12
    assert t.results[1, 1].corrected == 1
    stored = json.loads(path.read_text(encoding="utf-8"))
    results = [e for e in stored["entries"] if e["type"] == "result"]
    assert [e["totals"] for e in results] == [[10, -10, 4, -4], [12, -10, 4, -6]]
    assert results[1]["reason"] == "Additionsfehler"
    again = Tournament.load(path)
    assert again.state_json() == t.state_json()


def test_file_is_crash_safe(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """A failed write leaves the tournament in memory and the file as they were; a file whose
    entry breaks a check is refused naming the entry."""
    path = tmp_path / "t.json"
    t = Tournament.create(path, "Turnier", serien=2, seed=3)
    for i in range(8):
        t.add_player(f"P{i}")
    before = path.read_text(encoding="utf-8")

    def fail(_path: object, _text: str) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(model, "write_atomic", fail)
    with pytest.raises(OSError):
        t.draw()
    assert t.drawn == 0 and len(t.entries) == 8
    assert path.read_text(encoding="utf-8") == before
    monkeypatch.undo()
    t.draw()
    t.add_result(1, 1, totals=[2, 0, 0, -2])
    obj = json.loads(path.read_text(encoding="utf-8"))
    obj["entries"][-1]["totals"] = [2, 0, 0, -1]
    path.write_text(json.dumps(obj), encoding="utf-8")
    with pytest.raises(TournamentFileError, match=r"entry 10 .*TSR 7\.3\.3"):
        Tournament.load(path)
    with pytest.raises(TournamentFileError, match="exists"):
        Tournament.create(path, "x")


def finished_round(players: list[str]) -> Round:
    """A whole round of 24 games: the four Pflichtsoli first, then 20 Normalspiele."""
    r = Round(players)
    for k in range(4):
        r.add_summary({"contract": "solo", "re_eyes": 130 if k % 2 else 100}, re_players=[k])
    for g in range(20):
        r.add_summary({"contract": "normal", "re_eyes": 151 if g % 3 else 100},
                      re_players=[g % 4, (g + 1) % 4])
    assert r.is_over
    return r


def test_result_from_a_round_file() -> None:
    """A table's Spielliste (doko-round/1) is re-checked: its players are the table's in
    positions 1-4, it is over, and its totals become the table's result."""
    t = fixed([], [])
    names = [p.name for p in t.table_players(1, 2)]
    r = finished_round(names)
    t.add_result(1, 2, round_json=r.to_json())
    assert t.results[1, 2].totals == list(r.totals)
    assert t.results[1, 2].source == "round"
    wrong = finished_round(list(reversed(names)))
    with pytest.raises(TournamentError, match="positions"):
        t.add_result(1, 1, round_json=wrong.to_json())
    unfinished = Round([p.name for p in t.table_players(1, 1)])
    with pytest.raises(TournamentError, match="24 games to go"):
        t.add_result(1, 1, round_json=unfinished.to_json())


def test_players_and_draw_rules() -> None:
    """Names are unique and clean; a count that is not a multiple of 4 needs 5-tables (TSR
    8.3.1); a Serie can be drawn again only before its first result."""
    t = Tournament("T", serien=2, seed=2)
    for i in range(9):
        t.add_player(f"P{i}")
    with pytest.raises(TournamentError, match="registered already"):
        t.add_player(" p1 ")
    with pytest.raises(TournamentError, match="control"):
        t.add_player("A\u0007")
    with pytest.raises(TournamentError, match=r"TSR 8\.3\.1"):
        t.draw()
    t.withdraw("P8", "krank")
    first = t.draw()
    again = t.draw(redraw=True)
    assert sorted(map(sorted, first)) != sorted(map(sorted, again)) or first == again
    t.add_result(1, 1, totals=[0, 0, 0, 0])
    with pytest.raises(TournamentError, match="has results"):
        t.draw(redraw=True)
    assert t.ranking()[0].score == Fraction(0)
