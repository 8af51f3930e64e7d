"""A whole tournament through ``doko tournament``: registration, a withdrawal and a late entry,
three Serien drawn, every table's result (one from its Spielliste kept with the round file), a
correction, a penalty, the ranking, CSV and JSON export, and the print-outs as PDF (opened with
pypdf, its text checked) and HTML; plus the stateless draw."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest
from pypdf import PdfReader

from doko.cli import main
from doko.session import Round
from doko.tournament.draw import draw_plan, repeated_pairs

NAMES = ["Anna", "Bert", "Carla", "Dirk", "Eva", "Frank", "Gabi", "Hans", "Ines", "Jörg",
         "Karin", "Lutz", "Maria", "Nils", "Olga", "Paul", "Quirin", "Rita", "Sven", "Tanja"]


def run(capsys: pytest.CaptureFixture[str], *args: str) -> tuple[int, str, str]:
    status = main(["tournament", *args])
    out = capsys.readouterr()
    return status, out.out, out.err


def ok(capsys: pytest.CaptureFixture[str], *args: str) -> str:
    status, out, err = run(capsys, *args)
    assert status == 0, err
    return out


def totals_for(serie: int, table: int) -> list[int]:
    """Some zero-sum, all-even totals that differ by table."""
    a = 2 * (serie + table)
    return [a, -a + 4, 2 - serie * 2, serie * 2 - 6]


def play_round(path: Path) -> list[int]:
    """Fill the round file like `doko sheet add`: four Pflichtsoli, then 20 Normalspiele."""
    r = Round.load(path)
    for k in range(4):
        r.add_summary({"contract": "solo", "re_eyes": 125 + k}, re_players=[k])
    for g in range(20):
        r.add_summary({"contract": "normal", "re_eyes": 100 + 3 * g},
                      re_players=[g % 4, (g % 4 + 1 + g // 4 % 3) % 4])
    assert r.is_over
    return list(r.totals)


def test_whole_tournament(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    f = str(tmp_path / "herbst.json")
    out = ok(capsys, "new", f, "--name", "Herbstturnier", "--date", "2026-11-28",
             "--serien", "3", "--seed", "42", "--players", ",".join(NAMES[:19]))
    assert "42" in out and "Spieler 19: Sven angemeldet" in out
    status, _, err = run(capsys, "draw", f)
    assert status == 2 and "TSR 8.3.1" in err  # 19 players, no 5-tables chosen
    ok(capsys, "players", f, "--add", "Tanja")
    ok(capsys, "players", f, "--withdraw", "Quirin", "--reason", "krank")
    ok(capsys, "players", f, "--add", "Uwe")
    listing = ok(capsys, "players", f)
    assert "abgemeldet" in listing and "20 Spieler spielen mit" in listing

    for serie in (1, 2, 3):
        out = ok(capsys, "draw", f)
        assert f"Sitzplan Serie {serie}" in out and "Tisch 5:" in out
        for table in range(1, 6):
            if serie == 2 and table == 3:
                sheet = tmp_path / "s2t3.json"
                ok(capsys, "sheet", f, "--serie", "2", "--table", "3", str(sheet))
                expected = play_round(sheet)
                out = ok(capsys, "result", f, "--serie", "2", "--table", "3",
                         "--round", str(sheet))
            else:
                out = ok(capsys, "result", f, "--serie", str(serie), "--table", str(table),
                         "--totals", ",".join(map(str, totals_for(serie, table))))
            assert f"{table} von 5 Tischen gemeldet" in out
        if serie == 1:
            status, _, err = run(capsys, "result", f, "--serie", "1", "--table", "2",
                                 "--totals", "9,-9,2,-3")
            assert status == 2 and "TSR 7.3.3" in err
            status, _, err = run(capsys, "result", f, "--serie", "1", "--table", "2",
                                 "--totals", "8,-8,2,-2")
            assert status == 2 and "Begründung" in err
            ok(capsys, "result", f, "--serie", "1", "--table", "2", "--totals", "8,-8,2,-2",
               "--reason", "Übertragungsfehler")
    ok(capsys, "penalty", f, "--player", "Anna", "--kind", "deduction", "--points", "4",
       "--serie", "3", "--reason", "Unsportlichkeit (9.7.2 b)")
    status, _, _ = run(capsys, "draw", f)
    assert status == 2  # all three Serien drawn

    ranking = json.loads(ok(capsys, "ranking", f, "--json"))["ranking"]
    assert len(ranking) == 21 and ranking[0]["rank"] == 1
    assert sum(r["points"] for r in ranking) == -4  # zero-sum tables, one deduction
    quirin = next(r for r in ranking if r["name"] == "Quirin")
    assert quirin["withdrawn"] and quirin["serien"] == [None, None, None]
    uwe = next(r for r in ranking if r["name"] == "Uwe")
    assert uwe["tables"] == 3
    scores = [r["score"] for r in ranking]
    assert scores == sorted(scores, reverse=True)
    export = json.loads(ok(capsys, "export", f, "--json"))
    assert export["over"] is True
    s2t3 = export["serien"][1]["tables"][2]
    assert s2t3["totals"] == expected and s2t3["source"] == "round"
    tables = [[t["players"] for t in s["tables"]] for s in export["serien"]]
    assert repeated_pairs(tables) == 0
    rows = list(csv.reader(io.StringIO(ok(capsys, "export", f, "--csv"))))
    assert rows[0][:3] == ["Platz", "id", "Name"] and len(rows) == 22
    text = ok(capsys, "ranking", f)
    assert text.splitlines()[0] == "Rangliste — Herbstturnier"
    log = ok(capsys, "log", f)
    assert "Übertragungsfehler" in log and "krank" in log

    pdf = tmp_path / "serie3.pdf"
    out = ok(capsys, "print", f, "--serie", "3", "--what", "plan,cards,sheets,ranking",
             "--pdf", str(pdf))
    reader = PdfReader(pdf)
    assert len(reader.pages) >= 1 + 5 + 5 + 1
    text_all = "\n".join(page.extract_text() for page in reader.pages)
    assert "Sitzplan Serie 3" in text_all and "Spielliste Serie 3 · Tisch 5" in text_all
    assert "Jörg" in text_all and "führt die Spielliste (TSR 8.4.1)" in text_all
    assert "Rangliste" in text_all and "Herbstturnier · 2026-11-28" in text_all
    first_table = export["serien"][2]["tables"][0]["names"]
    card = reader.pages[1].extract_text()
    assert "Serie 3 · Tisch 1" in card
    assert all(name in card for name in first_table)
    assert card.index(first_table[0]) < card.index(first_table[3])  # in positions 1-4
    html_path = tmp_path / "serie3.html"
    ok(capsys, "print", f, "--what", "sheets", "--html", str(html_path), "--lang", "en")
    page = html_path.read_text(encoding="utf-8")
    assert page.count("<section>") == 5 and "Spielliste, Serie 3 · Table 1" in page


def test_stateless_draw(capsys: pytest.CaptureFixture[str]) -> None:
    """`draw --players N --serien S --seed X --json` prints the Serien's tables, each the
    player numbers in positions 1-4: the same as the tournament's draws."""
    data = json.loads(ok(capsys, "draw", "--players", "16", "--serien", "5", "--seed", "3",
                         "--json"))
    assert list(data) == ["serien"]
    assert data["serien"] == draw_plan(list(range(1, 17)), 5, 3)
    assert repeated_pairs(data["serien"]) == 0
    out = ok(capsys, "draw", "--players", "16", "--serien", "5", "--seed", "3", "--lang", "en")
    assert "repeated encounters: 0 (lower bound 0)" in out
    status, _, err = run(capsys, "draw", "--players", "18", "--serien", "2")
    assert status == 2 and "TSR 8.3.1" in err
    five = json.loads(ok(capsys, "draw", "--players", "18", "--serien", "2", "--five-tables",
                         "--json"))
    assert [len(t) for t in five["serien"][0]] == [5, 5, 4, 4]
