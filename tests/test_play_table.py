"""``doko play`` as issue 17 wants it, in scripted sessions (the input piped in, answered from the
output as a person would): card numbers that stay fixed for the whole game, taking a card back
(replayed from the record without it), a confirmation before a card, the trick log with all
four cards and the winner's Augen, a round paused in the middle of a game that resumes the same
deal and actions, a game record given where a round file is expected, the compass, the suit
headings, signed totals and shared places, and the seat's own messages saying "du"/"you".
"""

from __future__ import annotations

import io
import json
import re
import sys
from pathlib import Path

import pytest

from doko.engine.actions import HEALTHY, encode
from doko.engine.cards import EYES, card_symbol
from doko.engine.game import Game
from doko.engine.record import replay, to_record
from doko.engine.view import view
from doko.session import Round
from doko.session.sheet import places
from doko.tui.app import GameTable, PlayOptions, Terminal, card_labels, ranking_line
from doko.tui.render import Screen, SheetRow, hand_lines, sheet_table, table_screen
from test_play_scripted import Player, run_play

NAMES = ["Du", "Anna", "Bert", "Clara"]


def _into_play(seed: int = 7) -> Game:
    g = Game.deal(seed=seed)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def _table(game: Game, monkeypatch: pytest.MonkeyPatch, lang: str = "de", confirm: bool = False,
           take_back: bool = False) -> tuple[GameTable, io.StringIO]:
    out = io.StringIO()
    monkeypatch.setattr(sys, "stdout", out)
    opts = PlayOptions(level="random", lang=lang, fast=True, confirm=confirm, take_back=take_back)
    table = GameTable(Terminal(lang, fast=True), game, 0, [None] * 4, NAMES, opts, title="Test")
    return table, out


def _hand_map(screen_text: str) -> dict[int, str]:
    """Label -> card symbol from the last hand shown: the label line and the card line below
    it (a label ends one column before its card)."""
    lines = screen_text.splitlines()
    for i in range(len(lines) - 2, -1, -1):
        nums, cards = lines[i], lines[i + 1]
        if re.fullmatch(r"[\d ]+", nums) and re.search(r"\d", nums) and re.search("[♣♠♥♦]",
                                                                                    cards):
            ends = {m.end(): m.group() for m in re.finditer(r"[♣♠♥♦]\w+", cards)}
            return {int(m.group()): ends[m.end() + 1] for m in re.finditer(r"\d+", nums)}
    return {}


# ---------------------------------------------------------------------- fixed card numbers


def test_card_numbers_stay_fixed_for_the_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17: typed "2" once meant ♣D and then, after a card was played, ♦D. Now every number
    shows the same card the whole game; a played card's number says so and plays nothing."""
    seen: dict[int, str] = {}
    state = {"n": 0, "replayed": False}

    def policy(prompt: str) -> str:
        if "Deine Karte" not in prompt:
            return Player()(prompt)
        shown = _hand_map(out_so_far())
        for label, card in shown.items():
            assert seen.setdefault(label, card) == card, (label, card, seen[label])
        gone = sorted(set(seen) - set(shown))
        if gone and not state["replayed"]:  # type a number whose card is played already
            state["replayed"] = True
            return str(gone[0])
        state["n"] += 1
        return str(state["n"] % 12 + 1)

    def out_so_far() -> str:
        stdout = sys.stdout
        assert isinstance(stdout, io.StringIO)  # run_play's stand-in
        return stdout.getvalue()[-3000:]

    status, out, _ = run_play(["--seed", "3"], policy, monkeypatch)
    assert status == 0 and "Spielende" in out
    assert len(seen) == 12 and sorted(seen) == list(range(1, 13))
    played = re.search(r"Karte (\d+) \((\S+)\) hast du schon gespielt; die Nummern bleiben das "
                       r"ganze Spiel gleich\.", out)
    assert played is not None and seen[int(played.group(1))] == played.group(2)


def test_labels_follow_the_cards_not_the_places(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    human = 0
    while g.to_move != human:
        g.apply(g.legal_plays()[0])
    start = dict(zip(card_labels(g, human, {}) or [], view(g, human).hand, strict=True))
    assert sorted(start) == list(range(1, 13))
    table, out = _table(g, monkeypatch)
    for _ in range(4):  # four of the human's cards, typed by their fixed numbers
        while g.to_move != human:
            g.apply(g.legal_plays()[0])
        labels = card_labels(g, human, table.chosen) or []
        hand = view(g, human).hand
        assert dict(zip(labels, hand, strict=True)).items() <= start.items()
        legal = {a & 63 for a in g.legal_plays()}
        label = next(n for n, k in zip(labels, hand, strict=True) if k in legal)
        table._handle(str(label))
        assert g.history[-1] & 63 == start[label]
    before = list(g.history)
    table._handle(str(label))  # the number of a card played: refused, nothing changes
    assert g.history == before
    assert f"Karte {label} ({card_symbol(start[label], 'de')}) hast du schon gespielt" in \
        out.getvalue()
    table._handle("13")
    assert "Deine Karten haben die Nummern 1 bis 12" in out.getvalue()


def test_two_equal_cards_keep_the_number_typed(monkeypatch: pytest.MonkeyPatch) -> None:
    """Of two equal cards the one whose number was typed goes; the other keeps its own."""
    for seed in range(1, 200):
        g = Game.deal(seed, dealer=3)  # seat 1 answers first and leads
        for _ in range(4):
            g.apply(encode(g.to_move, HEALTHY))
        hand = view(g, 0).hand
        pairs = [k for k in set(hand) if hand.count(k) == 2]
        if pairs and g.to_move == 0:
            break
    else:
        raise AssertionError("no deal with a pair in seat 1's hand")
    labels = card_labels(g, 0, {}) or []
    first, second = [n for n, k in zip(labels, hand, strict=True) if k == pairs[0]]
    table, _ = _table(g, monkeypatch)
    table._handle(str(second))
    assert second not in (card_labels(g, 0, table.chosen) or [])
    assert first in (card_labels(g, 0, table.chosen) or [])


# ------------------------------------------------------------------------- take back, confirm


def test_take_back_the_last_card_against_computer_players(monkeypatch: pytest.MonkeyPatch,
                                                          tmp_path: Path) -> None:
    """--take-back: right after the card, before anybody else plays, "zurück" takes it back;
    the game is replayed from its record without it and the player chooses again."""
    record = tmp_path / "g.json"
    state = {"took": 0, "offers": 0}

    def policy(prompt: str) -> str:
        if "zurück = Karte zurücknehmen" in prompt:
            state["offers"] += 1
            if state["took"] < 2:
                state["took"] += 1
                return "zurück"
            return ""
        return base(prompt)

    base = Player()
    status, out, _ = run_play(["--seed", "5", "--take-back", "--save", str(record)], policy,
                              monkeypatch)
    assert status == 0 and "Spielende" in out
    assert out.count("zurückgenommen: du bist wieder am Zug.") == 2
    assert state["offers"] >= 10
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    assert game.is_over and len(game.tricks) == 12


def test_take_back_refused_when_off_or_too_late(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    while g.to_move != 0:
        g.apply(g.legal_plays()[0])
    table, out = _table(g, monkeypatch)
    table._handle("zurück")
    assert "Zurücknehmen ist ausgeschaltet" in out.getvalue()
    table, out = _table(g, monkeypatch, take_back=True)
    table._handle("undo")  # seat 1 has played no card yet
    assert "Zurücknehmen geht nur mit deiner letzten Karte" in out.getvalue()
    monkeypatch.setattr(sys, "stdin", io.StringIO("\n"))
    table._handle(str((card_labels(g, 0, {}) or [])[
        view(g, 0).hand.index(next(a & 63 for a in g.legal_plays()))]))
    mine = len(g.history) - 1
    g.apply(g.legal_plays()[0])  # the next card: too late now
    table._handle("zurück")
    assert table.game is g and len(g.history) == mine + 2
    assert out.getvalue().count("Zurücknehmen geht nur mit deiner letzten Karte") == 2


def test_take_back_replays_the_record_without_the_card(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    while g.to_move != 0:
        g.apply(g.legal_plays()[0])
    table, out = _table(g, monkeypatch, take_back=True)
    answers = io.StringIO("zurück\n")
    monkeypatch.setattr(sys, "stdin", answers)
    card = next(a & 63 for a in g.legal_plays())
    table._handle(card_symbol(card, "de"))
    assert table.game is not g and table.game.history == g.history[:-1]
    assert to_record(table.game)["actions"] == to_record(g)["actions"][:-1]
    assert f"{card_symbol(card, 'de')} zurückgenommen" in out.getvalue()


def test_confirmation_before_a_card(monkeypatch: pytest.MonkeyPatch) -> None:
    """--confirm: "♣D spielen? (j/n)"; n keeps the card in hand, j plays it."""
    g = _into_play()
    while g.to_move != 0:
        g.apply(g.legal_plays()[0])
    table, out = _table(g, monkeypatch, confirm=True)
    card = next(a & 63 for a in g.legal_plays())
    before = len(g.history)
    monkeypatch.setattr(sys, "stdin", io.StringIO("n\n"))
    table._handle(card_symbol(card, "de"))
    assert len(g.history) == before
    assert f"{card_symbol(card, 'de')} spielen? (j/n)" in out.getvalue()
    monkeypatch.setattr(sys, "stdin", io.StringIO("j\n"))
    table._handle(card_symbol(card, "de"))
    assert g.history[before] & 63 == card


# ---------------------------------------------------------------------------- the trick log


@pytest.mark.parametrize(("lang", "word"), [("de", "Stich"), ("en", "Trick")])
def test_trick_log_names_all_four_cards(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                        lang: str, word: str) -> None:
    record = tmp_path / "g.json"
    status, out, _ = run_play(["--seed", "9", "--lang", lang, "--save", str(record)], Player(),
                              monkeypatch)
    assert status == 0
    game = replay(json.loads(record.read_text(encoding="utf-8")))
    names = ["Du" if lang == "de" else "You", "Bert", "Clara", "Dirk"]  # the human at seat 1
    for n, (leader, cards, winner) in enumerate(game.tricks, start=1):
        played = ", ".join(f"{names[(leader + i) & 3]} {card_symbol(k, lang)}"
                           for i, k in enumerate(cards))
        line = (f"{word} {n}: {played} → {names[winner]} "
                f"({sum(EYES[k] for k in cards)} Augen)")
        assert line in out, line


# ------------------------------------------------------------------- pause and resume a game


def test_a_paused_game_resumes_with_the_same_deal_and_actions(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """Issue 17: quitting mid-game re-dealt that game on resume (a way to escape a bad hand).
    The game in progress is now kept in the round file and goes on where it stopped."""
    path = tmp_path / "r.json"
    state = {"cards": 0}

    def quitting(prompt: str) -> str:
        if "Deine Karte" in prompt:
            state["cards"] += 1
            if state["cards"] == 6:
                return "ende"
        return base(prompt)

    base = Player()
    status, out, _ = run_play(["--games", "4", "--seed", "2", "--save", str(path)], quitting,
                              monkeypatch)
    assert status == 0 and f"doko play --resume {path}" in out
    assert "mit dem laufenden Spiel in" in out
    saved = json.loads(path.read_text(encoding="utf-8"))
    paused = saved["current"]
    assert saved["entries"] == [] and any(a["action"] == "play" for a in paused["actions"])
    status, out, _ = run_play(["--resume", str(path), "--seed", "2"], Player(), monkeypatch)
    assert status == 0 and "Das unterbrochene Spiel geht weiter" in out
    r = Round.load(path)
    assert r.games_played == 4 and r.current_game() is None
    first = r.to_json()["entries"][0]["record"]
    assert first["hands"] == paused["hands"] and first["dealer"] == paused["dealer"]
    assert first["actions"][:len(paused["actions"])] == paused["actions"]


def test_a_game_record_for_a_round_file_says_what_it_is(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    path.write_text(json.dumps(to_record(Game.deal(4))), encoding="utf-8")
    for lang, words in (("de", ("ist ein Spielbericht eines einzelnen Spiels (doko-game/1), "
                                "keine Rundendatei", "erwartet wird eine Rundendatei")),
                        ("en", ("is the record of a single game (doko-game/1), not a round "
                                "file", "a round file (doko-round/1) is expected"))):
        status, _, _ = run_play(["--resume", str(path), "--lang", lang], Player(), monkeypatch)
        err = capsys.readouterr().err
        assert status == 2 and err.count("\n") == 1 and str(path) in err
        assert all(w in err for w in words), err
        assert "unbekannte Schlüssel" not in err and "unknown keys" not in err


# ------------------------------------------------------------------------- the screen parts


def test_compass_top_card_on_its_own_line(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    while not (len(view(g, 0).trick) == 3 and 2 in dict(view(g, 0).trick)):  # the top played
        g.apply(g.legal_plays()[0])
    v = view(g, 0)
    top_card = dict(v.trick).get(2)
    assert top_card is not None
    table, out = _table(g, monkeypatch)
    table.draw(force=True)
    lines = out.getvalue().splitlines()
    top = next(i for i, line in enumerate(lines) if line.strip().startswith("Bert ·"))
    assert lines[top + 1].strip() == card_symbol(top_card, "de")
    assert lines[top + 2].startswith("Anna ·") and lines[top + 2].rstrip().endswith("Karten")


def test_suit_headings_are_all_of_one_form() -> None:
    """Either every plain suit shows symbol and name or every one only its symbol."""
    for seed in range(40):
        g = _into_play(seed)
        v = view(g, 0)
        screen = Screen(names=NAMES, lang="de", header="", labels=card_labels(g, 0, {}))
        head = hand_lines(v, screen)[0].plain
        named = re.findall(r"[♣♠♥♦] (?:Kreuz|Pik|Herz|Karo)", head)
        bare = re.findall(r"[♣♠♥♦](?! )", head)
        assert not (named and bare), head
        assert len(head.rstrip()) <= 78


def test_sheet_signed_totals_and_shared_places() -> None:
    rows = [SheetRow(1, "Anna", "Normalspiel", (7, -7, 7, -7), (7, -7, 7, -7)),
            SheetRow(2, "Bert", "Normalspiel", (0, 4, -4, 0), (7, -3, 3, -7))]
    out = io.StringIO()
    from rich.console import Console

    Console(file=out, width=80, color_system=None).print(sheet_table(rows, NAMES, "de"))
    text = out.getvalue()
    assert "+7 (+7)" in text and "-7 (-7)" in text and "+4 (-3)" in text and "0 (+7)" in text
    assert places([7, -3, 7, -11]) == [1, 3, 1, 4]
    assert places([0, 0, 0, 0]) == [1, 1, 1, 1]
    assert ranking_line(NAMES, [5, 5, -5, -5], "en") == (
        "Final standing: 1. Du +5  1. Anna +5  3. Bert -5  3. Clara -5")


def test_table_screen_never_shows_seat_numbers_from_zero(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    table, out = _table(g, monkeypatch)
    table.draw(force=True)
    assert "(0)" not in out.getvalue() and "Platz 0" not in out.getvalue()
    v = view(g, 0)
    shown = table_screen(v, Screen(names=NAMES, lang="de", header="x"), 12)
    assert shown is not None


# --------------------------------------------------------------------- "du" in the messages


def test_the_seats_own_refusals_say_du(monkeypatch: pytest.MonkeyPatch) -> None:
    """A refusal of the human's own action names the others by name and him as "du"/"you"."""
    g = _into_play()
    while g.to_move == 0:
        g.apply(g.legal_plays()[0])
    other = NAMES[g.to_move]
    card = view(g, 0).hand[0]
    for lang, words in (("de", f"du bist nicht an der Reihe: {other} muss eine Karte spielen"),
                        ("en", f"you are not on turn: {other} must play a card")):
        table, out = _table(g, monkeypatch, lang=lang)
        table._handle(card_symbol(card, lang))
        said = " ".join(out.getvalue().split())
        assert words in said, said
        assert "Platz" not in said and "seat" not in said


def test_the_screen_fits_80_by_24_with_hints_log_and_message() -> None:
    """The table with the longest call hints, three trick-log lines and a message still fits
    an 80x24 terminal with the prompt below it."""
    from rich.console import Console

    from doko.engine.actions import CALL_RE

    worst = 0
    for seed in range(30):
        g = _into_play(seed)
        if g.contract_name != "normal":
            continue
        re_seat = next(s for s in range(4) if g.is_re[s])
        if seed % 2:
            g.apply(encode(re_seat, CALL_RE))
        while len(g.history) < 4 + seed % 9:
            g.apply(g.legal_plays()[0])
        human = next(s for s in range(4) if not g.is_re[s])
        term = Terminal("de", fast=True)
        term.interactive = True
        buffer = io.StringIO()
        term.console = Console(file=buffer, width=80, height=24, color_system=None)
        table = GameTable(term, g, human, [None] * 4, NAMES, PlayOptions(level="random"),
                          title="Spiel 13/24 · Bock ×2")
        for _ in range(3):
            table.events.append("Stich 3: Anna ♣A, Bert ♣10, Clara ♣K, Du ♣10 → Bert (31 Augen)")
        table.message = "du bist nicht an der Reihe: Clara muss eine Karte spielen (TSR 5.2.1)"
        table.draw(playing=True)
        lines = buffer.getvalue().splitlines()
        worst = max(worst, len(lines))
        assert all(len(line.rstrip()) <= 80 for line in lines)
    assert worst <= 23


def test_a_call_at_the_take_back_prompt_goes_back_with_the_card(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """At the take-back prompt a call may be made, as right after the card; taking the card back
    then takes back what followed it too (the record is replayed up to before the card)."""
    g = Game.deal(7, dealer=3)  # seat 1 answers first and leads
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.to_move == 0
    before = list(g.history)
    table, out = _table(g, monkeypatch, take_back=True)
    word = "re" if g.is_re[0] else "kontra"
    monkeypatch.setattr(sys, "stdin", io.StringIO(f"blubb\n{word}\nzurück\n"))
    table._handle("1")
    said = " ".join(out.getvalue().split())
    assert "eine Ansage geht hier auch" in said
    assert len(g.history) == len(before) + 2  # the card and the call, in the game played on
    assert table.game.history == before  # both taken back
    assert "zurückgenommen: du bist wieder am Zug" in said
