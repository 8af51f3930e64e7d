"""``doko play`` with its input piped in: whole games and rounds to the score breakdown and
the Spielliste, bad input at every prompt (explained, nothing changes), quitting and resuming a
round (TSR 4.2.3 Vorführung, 7.2 scoring, 7.3 Spielliste), and the pieces: input words, call
deadlines (TSR 6.2.2, 6.3.4, 6.4.4).

The input comes from a stand-in for standard input that answers each prompt as a person
would, reading the prompt from the output so far; computer players are ``random`` with fixed
seeds, so every run is the same and fast.
"""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from doko.cli import main
from doko.engine.actions import CALL_KONTRA, CALL_RE, HEALTHY, NO60, NO90, RESERVATION, encode
from doko.engine.callhints import call_hints
from doko.engine.cards import parse_card
from doko.engine.game import Game
from doko.engine.view import view
from doko.session import Round
from doko.tui.app import card_labels
from doko.tui.parse import InputError, parse
from tui_table import said as _said
from tui_table import table as _table

ROOT = Path(__file__).resolve().parent.parent
DOKO = Path(sys.executable).parent / "doko"


class Answers(io.TextIOBase):
    """Standard input that answers the prompt at the end of ``out``; ``policy(prompt)``
    returns the line to type."""

    def __init__(self, out: io.StringIO, policy: Callable[[str], str | None]) -> None:
        self.out = out
        self.policy = policy
        self.prompts: list[str] = []

    def readline(self, size: int | None = -1) -> str:
        text = self.out.getvalue()
        prompt = text[-300:].rsplit("\n\n", 1)[-1]
        self.prompts.append(prompt)
        answer = self.policy(prompt)
        if answer is None or len(self.prompts) > 5000:
            return ""  # end of input
        return answer + "\n"

    def isatty(self) -> bool:
        return False


class Player:
    """Answers like a patient human: healthy, Damensolo when a solo must be named, cards by
    trying the numbers in turn, Enter to go on."""

    def __init__(self, **special: str) -> None:
        self.n = 0
        self.special = special

    def __call__(self, prompt: str) -> str:
        for key, answer in self.special.items():
            if key.replace("_", " ") in prompt:
                return answer
        if "gesund oder vorbehalt" in prompt or "healthy or reservation" in prompt:
            return "gesund"
        if "Pflichtsolo?" in prompt or "Vorbehalt?" in prompt or "Lustsolo?" in prompt:
            return "damen"
        if "Deine Karte" in prompt or "Your card" in prompt:
            self.n += 1
            return str(self.n % 12 + 1)
        if "(j/n)" in prompt or "(y/n)" in prompt:
            return "j"
        return ""


def run_play(args: list[str], policy: Callable[[str], str | None],
             monkeypatch: pytest.MonkeyPatch) -> tuple[int, str, Answers]:
    out = io.StringIO()
    stdin = Answers(out, policy)
    monkeypatch.setattr(sys, "stdout", out)
    monkeypatch.setattr(sys, "stdin", stdin)
    monkeypatch.setenv("COLUMNS", "80")
    status = main(["play", "--level", "random", "--fast", *args])
    monkeypatch.undo()
    return status, out.getvalue(), stdin


# ------------------------------------------------------------------------------ whole games


def test_single_game_to_the_score_breakdown(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run_play(["--seed", "1"], Player(), monkeypatch)
    assert status == 0
    assert "Vorbehaltsabfrage – gesund oder vorbehalt?" in out
    assert "Gespielt wird: Normalspiel." in out
    assert "Stich 12: " in out and "Augen)" in out
    # the breakdown (TSR 7.2 line items), the per-seat points and the sheet
    assert "Spielende" in out and "7.2.2 (a)" in out and "Spielwert" in out
    assert "Punkte: Du" in out
    assert "Spielliste" in out and "Summe" in out
    assert "doko play --seed 1" in out
    assert "Traceback" not in out
    # the hand is shown sorted in the card order with the trumps first
    assert "Trumpf (Normalspiel)" in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_single_game_in_english_at_another_seat(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    record = tmp_path / "game.json"
    status, out, _ = run_play(["--seed", "4", "--lang", "en", "--seat", "3",
                               "--save", str(record)], Player(), monkeypatch)
    assert status == 0
    assert "healthy or reservation?" in out
    assert "You · " in out and "(2)" not in out  # seats are never shown 0-based
    assert "End of the game" in out and "Score per player" in out
    assert "Score sheet (Spielliste)" in out
    saved = json.loads(record.read_text(encoding="utf-8"))
    assert saved["format"] == "doko-game/1" and len(saved["actions"]) >= 52


def test_house_rules_game(monkeypatch: pytest.MonkeyPatch) -> None:
    status, out, _ = run_play(["--seed", "8", "--rules", "hausregeln"], Player(), monkeypatch)
    assert status == 0
    assert "Regeln hausregeln" in out and "Spielwert" in out


def test_whole_short_round_to_the_sheet(monkeypatch: pytest.MonkeyPatch,
                                        tmp_path: Path) -> None:
    """Four games, four Pflichtsoli: every game is a Vorführung (TSR 4.2.3)."""
    path = tmp_path / "round.json"
    status, out, _ = run_play(["--games", "4", "--seed", "2", "--save", str(path)], Player(),
                              monkeypatch)
    assert status == 0
    assert out.count("Vorführung: ") >= 4
    assert "Vorführung – welches Pflichtsolo?" in out  # the human names his own
    assert "Spiel 4/4" in out
    assert "Die Runde ist beendet." in out and "Endstand: 1." in out
    r = Round.load(path)
    assert r.is_over and r.games_played == 4 and not any(r.owes_pflichtsolo)
    assert [row.vorfuehrung for row in r.games] == [True] * 4
    # the sheet shows every game with running totals
    for n in (1, 2, 3, 4):
        assert f"\n  {n}  " in out


def test_quit_a_round_and_resume_it(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    quitting = Player(nächstes_Spiel="ende")
    status, out, _ = run_play(["--games", "5", "--seed", "7", "--save", str(path)], quitting,
                              monkeypatch)
    assert status == 0
    assert f"doko play --resume {path}" in out
    assert "Nächster Geber:" in out and "Pflichtsolo offen:" in out
    assert Round.load(path).games_played == 1
    status, out, _ = run_play(["--resume", str(path), "--seed", "7"], Player(), monkeypatch)
    assert status == 0
    assert "1 Spiele gespielt" in out
    assert "Spiel 2/5" in out and "Die Runde ist beendet." in out
    assert Round.load(path).is_over


def test_quit_in_the_middle_of_a_game_asks_first(monkeypatch: pytest.MonkeyPatch,
                                                 tmp_path: Path) -> None:
    path = tmp_path / "r.json"
    answers = iter(["ende", "n", "quit", "j"])

    def policy(prompt: str) -> str:
        if "Deine Karte" in prompt or "(j/n)" in prompt:
            return next(answers)
        return Player()(prompt)

    status, out, _ = run_play(["--round", "--seed", "3", "--save", str(path)], policy,
                              monkeypatch)
    assert status == 0
    assert out.count("Runde unterbrechen?") == 2
    assert f"gespeichert in {path}" not in out or "doko play --resume" in out
    assert f"doko play --resume {path}" in out
    assert Round.load(path).games_played == 0


def test_end_of_input_stops_cleanly(monkeypatch: pytest.MonkeyPatch) -> None:
    calls = iter(["gesund", "1", "2"])
    status, out, stdin = run_play(["--seed", "1"], lambda p: next(calls, None), monkeypatch)
    assert status == 0
    assert "Traceback" not in out and "Spiel abgebrochen." in out
    assert len(stdin.prompts) <= 4


def test_piped_into_the_real_program() -> None:
    script = "\n".join(["gesund", "damen", ""] + [str(i) for i in range(1, 13)]) + "\n"
    proc = subprocess.run(
        [str(DOKO), "play", "--seed", "5", "--level", "random", "--lang", "en"],
        input=script * 40, capture_output=True, text=True, timeout=60, cwd=ROOT,
    )
    assert proc.returncode == 0, proc.stderr
    assert "End of the game" in proc.stdout and "Score sheet" in proc.stdout
    assert "\x1b[" not in proc.stdout  # no colour when stdout is not a terminal


# ------------------------------------------------------------------------------ bad input


def test_bad_input_at_every_prompt_of_a_whole_game(monkeypatch: pytest.MonkeyPatch) -> None:
    """At each kind of prompt first some nonsense, then a sensible answer."""
    tried: dict[str, int] = {}
    bad = {
        "query": ["blubb", "3", "re", "abkürzen"],
        "card": ["blubb", "99", "kontra kontra", "keine 30", "gesund", "aufgeben", "? 3"],
        "call": ["7", "xyz"],
    }
    base = Player()

    def policy(prompt: str) -> str:
        kind = ("query" if "gesund oder vorbehalt" in prompt else
                "card" if "Deine Karte" in prompt else
                "call" if "Ansage?" in prompt else "")
        if kind:
            n = tried.get(kind, 0)
            tried[kind] = n + 1
            if n < len(bad[kind]):
                return bad[kind][n]
        return base(prompt)

    status, out, _ = run_play(["--seed", "11", "--ask-calls"], policy, monkeypatch)
    assert status == 0
    assert "Traceback" not in out
    assert "Unbekannte Eingabe „blubb“" in out
    assert "ist jetzt nicht möglich: die Vorbehaltsabfrage läuft" in out  # a card in the query
    assert "keine Ansage, bevor der Spieltyp feststeht (TSR 6.2.1)" in out
    assert "Deine Karten haben die Nummern 1 bis 12" in out
    assert "TSR 6.4.7" in out or "TSR 6.2.2" in out  # a repeated or impossible call
    assert "nur der Solospieler darf aufgeben (TSR 5.4.3)" in out
    assert "Befehle wie „?“ bitte allein eingeben." in out
    assert "ist nicht an der Reihe" in out  # a card out of turn at the Ansage? prompt
    assert "Spielwert" in out


def _into_play(seed: int = 7) -> Game:
    g = Game.deal(seed=seed)
    for _ in range(4):
        g.apply(encode(g.to_move, HEALTHY))
    return g


def test_query_prompt_rejects_everything_else(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.deal(seed=7)  # seat 1 answers first
    table, out = _table(g, 1, monkeypatch)
    assert "Unbekannte Eingabe „quatsch“" in _said(table, out, "quatsch")
    assert "Vorbehaltsabfrage läuft" in _said(table, out, "1")
    assert "TSR 6.2.1" in _said(table, out, "kontra")
    assert "aufgeben ist jetzt nicht möglich" in _said(table, out, "aufgeben")
    table._handle("vorbehalt")
    assert g.history == [encode(1, RESERVATION)]


def test_naming_prompt_rejects_everything_else(monkeypatch: pytest.MonkeyPatch) -> None:
    g = Game.deal(seed=7)
    g.apply(encode(1, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    assert g.to_move == 1
    table, out = _table(g, 1, monkeypatch)
    assert "du musst deinen Vorbehalt taufen" in _said(table, out, "gesund")
    if g.hand(1).count(parse_card("QC")) < 2:
        assert "TSR 4.4.1" in _said(table, out, "hochzeit")
    assert "Unbekannte Eingabe" in _said(table, out, "solo bitte")
    table._handle("buben")
    assert g.contract_name == "solo_jacks"


def test_card_prompt_rejects_illegal_cards_and_late_calls(
        monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    # play on (cards only) until seat 1 holds 9 cards and must follow a lead it can follow
    while not (g.to_move == 1 and g.cards_in_hand(1) <= 9 and g.trick
               and len(g.legal_plays()) < g.cards_in_hand(1)):
        g.apply(g.legal_plays()[0])
        assert not g.is_over
    table, out = _table(g, 1, monkeypatch)
    legal = {a & 63 for a in g.legal_plays()}
    hand = view(g, 1).hand
    labels = card_labels(g, 1, {})
    assert labels is not None and len(labels) == len(hand)
    illegal = next(n for n, k in zip(labels, hand, strict=True) if k not in legal)
    assert "du musst bedienen (TSR 5.2.2)" in _said(table, out, str(illegal))
    missing = next(k for k in range(24) if k not in hand)
    from doko.engine.cards import card_code
    assert "nicht auf der Hand" in _said(table, out, card_code(missing))
    assert "Deine Karten haben die Nummern 1 bis 12" in _said(table, out, "42")
    party = "re" if g.is_re[1] else "kontra"
    text = _said(table, out, party)
    assert "verlangt mindestens 11 Karten" in text and "(TSR 6.2.2)" in text
    text = _said(table, out, "keine 60")
    assert "TSR 6.4.3" in text or "TSR 6.2.2" in text
    # a line is checked as a whole: a good call with a bad card changes nothing
    _said(table, out, f"{party} {illegal}")
    assert "Unbekannte Eingabe „karte“" in _said(table, out, "karte")
    table._handle(str(labels[hand.index(min(legal, key=hand.index))]))
    assert len(g.history) > 0 and g.history[-1] & 63 in legal


def test_calls_and_deadlines_shown(monkeypatch: pytest.MonkeyPatch) -> None:
    """The call hints (TSR 6.2.2, 6.3.2, 6.4.4): before Re, every Absage lasts only as long as
    Re can still be said on time; Kontra with 10 cards after Re is a late reply."""
    g = _into_play()
    seat = next(s for s in range(4) if g.is_re[s])
    got = [(h.code, h.until, h.reply, h.with_first) for h in call_hints(g, seat)]
    assert got == [(CALL_RE, 11, False, False), (NO90, 11, False, True),
                   (NO60, 11, False, True), (39, 11, False, True), (40, 11, False, True)]
    # Kontra after Re's call, with 10 cards: only the reply (TSR 6.4.4)
    g.apply(encode(seat, CALL_RE))
    while len(g.tricks) < 2:  # everybody holds 10 cards
        g.apply(g.legal_plays()[0])
    ko = next(s for s in range(4) if not g.is_re[s])
    got = [(h.code, h.until, h.reply, h.with_first) for h in call_hints(g, ko)]
    assert got == [(CALL_KONTRA, 10, True, False)]
    table, out = _table(g, ko, monkeypatch, lang="en")
    table.draw(force=True)
    shown = " ".join(out.getvalue().split())
    assert "Calls: Kontra – only now" in shown
    assert "Kontra only as a late reply now: no Absage after it (TSR 6.4.4)" in shown


def test_call_then_card_in_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    human = g.to_move
    table, _ = _table(g, human, monkeypatch)
    word = "re" if g.is_re[human] else "kontra"
    table._handle(f"{word} 1")
    call, card = g.history[-2:]
    assert call == encode(human, CALL_RE if g.is_re[human] else CALL_KONTRA)
    assert card >> 6 == human and card & 63 < 24 and g.to_move != human


def test_last_trick_on_request(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _into_play()
    table, out = _table(g, 0, monkeypatch)
    assert "noch keinen Stich" in _said(table, out, "letzter")
    for _ in range(5):
        g.apply(g.legal_plays()[0])
    text = _said(table, out, "last")
    assert "Voriger Stich (1):" in text and "Augen" in text


# ------------------------------------------------------------------------------ the pieces


@pytest.mark.parametrize(("text", "values"), [
    ("re", [35]), ("Kontra", [36]), ("keine 90", [37]), ("k90", [37]), ("no90", [37]),
    ("keine 60", [38]), ("no 30", [39]), ("schwarz", [40]), ("black", [40]),
    ("gesund", [24]), ("healthy", [24]), ("Vorbehalt", [25]), ("reservation", [25]),
    ("damen", [30]), ("queens", [30]), ("buben", [31]), ("fleischlos", [32]),
    ("karo", [26]), ("herz", [27]), ("pik", [28]), ("kreuz", [29]), ("clubs", [29]),
    ("hochzeit", [33]), ("marriage", [33]), ("passe", [34]), ("pass", [34]),
    ("aufgeben", [41]), ("concede", [41]), ("abkürzen", [42]), ("claim", [42]),
    ("QC", [2]), ("qc", [2]), ("♣D", [2]), ("♣Q", [2]), ("D♣", [2]), ("kreuz dame", [2]),
    ("kreuz-dame", [2]), ("10H", [16]), ("TH", [16]), ("herz 10", [16]), ("♥10", [16]),
    ("re 3", [35, 3]), ("3 re", [3, 35]),
])
def test_input_words(text: str, values: list[int]) -> None:
    assert [t.value for t in parse(text)] == values


def test_input_commands_and_errors() -> None:
    assert [t.value for t in parse("?")] == ["help"]
    assert [t.value for t in parse("letzter")] == ["last"]
    assert [t.value for t in parse("ende")] == ["quit"]
    assert [t.value for t in parse("liste")] == ["sheet"]
    assert parse("   ") == []
    with pytest.raises(InputError):
        parse("re bitte")


def test_bad_options_in_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["play", "--games", "2"]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "TSR 4.2.3" in err


def test_resume_of_a_missing_file(monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
                                  capsys: pytest.CaptureFixture[str]) -> None:
    status, _, _ = run_play(["--resume", str(tmp_path / "nix.json")], Player(), monkeypatch)
    err = capsys.readouterr().err
    assert status == 2 and "nix.json" in err and err.count("\n") == 1


def test_round_file_that_exists_is_not_overwritten(
        monkeypatch: pytest.MonkeyPatch, tmp_path: Path,
        capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "r.json"
    path.write_text("{}", encoding="utf-8")
    status, _, _ = run_play(["--round", "--save", str(path)], Player(), monkeypatch)
    assert status == 2 and "gibt es schon" in capsys.readouterr().err
    assert path.read_text(encoding="utf-8") == "{}"


def test_without_rich(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str],
                      ) -> None:
    for name in [m for m in sys.modules if m == "rich" or m.startswith(("rich.", "doko.tui"))]:
        monkeypatch.delitem(sys.modules, name)
    monkeypatch.setitem(sys.modules, "rich", None)
    assert main(["play", "--seed", "1"]) == 2
    assert "pip install 'doko[tui]'" in capsys.readouterr().err


def test_engine_does_not_import_rich() -> None:
    code = ("import sys, doko.cli, doko.cli.play, doko.engine.game, doko.session, doko.bots.base; "
            "doko.cli.build_parser(); assert 'rich' not in sys.modules, 'rich imported'")
    subprocess.run([sys.executable, "-c", code], check=True, timeout=60)


def _solo_for(seat: int, solo: str = "queens") -> Game:
    from doko.engine.actions import SOLO_BASE
    from doko.engine.contracts import SOLO_NAMES

    g = Game.deal(seed=21, dealer=(seat + 3) & 3)  # ``seat`` answers first
    g.apply(encode(seat, RESERVATION))
    for _ in range(3):
        g.apply(encode(g.to_move, HEALTHY))
    g.apply(encode(seat, SOLO_BASE + SOLO_NAMES.index(solo)))
    return g


def test_soloist_claim_refused_and_concession_asked(monkeypatch: pytest.MonkeyPatch) -> None:
    g = _solo_for(0)
    while g.to_move != 0:
        g.apply(g.legal_plays()[0])
    table, out = _table(g, 0, monkeypatch)
    text = _said(table, out, "abkürzen")
    assert "Abkürzen abgelehnt" in text and "TSR 5.4.4" in text
    monkeypatch.setattr(sys, "stdin", Answers(out, lambda p: "n"))
    text = _said(table, out, "aufgeben")
    assert "Wirklich aufgeben?" in text
    monkeypatch.setattr(sys, "stdin", Answers(out, lambda p: "j"))
    table._handle("aufgeben")
    assert g.is_over and g.ended == "conceded"


def test_kontra_may_still_call_after_a_concession(monkeypatch: pytest.MonkeyPatch) -> None:
    """TSR 5.4.7: after the soloist concedes, the human (Kontra) is asked for a call."""
    g = _solo_for(1)
    g.apply(encode(1, 41))  # the soloist concedes at once
    table, out = _table(g, 0, monkeypatch)
    answers = iter(["keine 30", ""])
    stdin = Answers(out, lambda p: next(answers))
    monkeypatch.setattr(sys, "stdin", stdin)
    table.play()
    assert "Der Solospieler hat aufgegeben; Kontra darf noch ansagen" in stdin.prompts[0]
    assert [(s, lv) for s, _, lv, _ in g.calls] == [(0, 4)]
    assert "Du: keine 30! (damit auch Kontra, keine 90, keine 60)" in out.getvalue()


def test_open_ended_list(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """``--games 0``: an open-ended list without Pflichtsoli, ended by the player."""
    path = tmp_path / "open.json"
    quitting = Player(nächstes_Spiel="ende")
    status, out, _ = run_play(["--games", "0", "--seed", "9", "--save", str(path)], quitting,
                              monkeypatch)
    assert status == 0
    assert "Neue Runde mit offener Liste" in out and "Spiel 1 ·" in out
    assert "Offene Liste: 1 Spiele gespielt" in out
    r = Round.load(path)
    assert r.games_total is None and not r.pflichtsoli and r.games_played == 1
