"""``doko play`` in a pseudo-terminal (pexpect, 80x24): a whole game to the score breakdown,
a round quit in the middle with its resume hint, the spinner while the computer players decide,
and no colour with ``NO_COLOR``."""

from __future__ import annotations

import os
import random
import re
import sys
from pathlib import Path

import pytest

pexpect = pytest.importorskip("pexpect")

DOKO = Path(sys.executable).parent / "doko"
COLOUR = re.compile(r"\x1b\[(?:\d+;)*(?:3[0-7]|9[0-7]|38;[25][;\d]*)(?:;\d+)*m")

PROMPTS = [
    r"gesund oder vorbehalt\? › ",
    r"(?:Welcher Vorbehalt|Pflichtsolo|Lustsolo)\? [^›]*› ",
    r"Deine Karte \(Nummer oder Code; \? = Hilfe\) › ",
    r"Enter = weiter › ",
    r"\(j/n\) › ",
    r"Enter = nächstes Spiel, ende = Runde unterbrechen › ",
]


def _spawn(args: list[str], cwd: Path, **env: str) -> pexpect.spawn:
    environ = dict(os.environ, TERM="xterm-256color", LINES="24", COLUMNS="80", **env)
    if "NO_COLOR" not in env:
        environ.pop("NO_COLOR", None)
    return pexpect.spawn(str(DOKO), ["play", "--level", "random", *args], env=environ,
                         dimensions=(24, 80), encoding="utf-8", timeout=30, cwd=str(cwd))


def _play(child: pexpect.spawn, stop_at: int | None = None,
          max_prompts: int = 2000) -> tuple[list[int], str]:
    """Answer prompts like a person until the program ends; returns the prompt kinds seen
    and all output. ``stop_at``: return (without answering) at the first prompt of that kind."""
    seen: list[int] = []
    out: list[str] = []
    card = 0
    for _ in range(max_prompts):
        i = child.expect([*PROMPTS, pexpect.EOF])
        out.append(child.before + (child.after if isinstance(child.after, str) else ""))
        if i == len(PROMPTS):
            break
        seen.append(i)
        if i == stop_at:
            break
        if i == 0:
            child.sendline("gesund")
        elif i == 1:
            child.sendline("damen")
        elif i == 2:
            card += 1
            child.sendline(str(card % 12 + 1))
        elif i == 4:
            child.sendline("j")
        else:
            child.sendline("")
    return seen, "".join(out)


def test_a_whole_game_in_a_terminal(tmp_path: Path) -> None:
    child = _spawn(["--seed", "5", "--fast"], tmp_path)
    seen, out = _play(child)
    child.close()
    assert child.exitstatus == 0
    assert seen[0] == 0 and seen.count(2) >= 12
    assert "Spielende" in out and "Spielwert" in out and "Spielliste" in out
    assert "Traceback" not in out
    assert COLOUR.search(out), "a terminal gets colour"
    assert "\x1b[2J" in out or "\x1b[H" in out  # the table is redrawn in place


def test_round_quit_in_a_terminal_names_the_file(tmp_path: Path) -> None:
    child = _spawn(["--round", "--seed", "3", "--fast", "--save", "r.json", "--lang", "de"],
                   tmp_path)
    seen, _ = _play(child, stop_at=2)
    assert seen[-1] == 2
    child.sendline("ende")
    child.expect(r"Runde unterbrechen\? .*\(j/n\) › ")
    child.sendline("j")
    child.expect("doko play --resume r.json")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
    assert (tmp_path / "r.json").exists()


def test_spinner_while_the_computer_players_decide(tmp_path: Path) -> None:
    # the dealer answers last: three computer players answer first, each behind the spinner
    dealer = random.Random(5).randrange(4)  # how doko play picks the dealer of a single game
    child = _spawn(["--seed", "5", "--seat", str(dealer + 1), "--lang", "en"], tmp_path)
    child.expect(r"healthy or reservation\? › ")
    assert "is thinking" in child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0


def test_no_colour_with_no_color(tmp_path: Path) -> None:
    child = _spawn(["--seed", "6", "--fast"], tmp_path, NO_COLOR="1")
    child.expect(PROMPTS[0])
    first = child.before
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert "Trumpf" in first and not COLOUR.search(first)


def test_fixed_numbers_and_take_back_in_a_terminal(tmp_path: Path) -> None:
    """Issue 17 in a real terminal: the cards keep their numbers after a card is played, and
    --take-back offers to take a card back before the next one is played."""
    child = _spawn(["--seed", "5", "--fast", "--take-back", "--seat", "2"], tmp_path)
    child.expect(PROMPTS[0])
    child.sendline("gesund")
    for _ in range(40):  # to the first card prompt
        i = child.expect([PROMPTS[2], PROMPTS[0], PROMPTS[1]])
        if i == 0:
            break
        child.sendline("gesund" if i == 1 else "damen")
    for label in range(1, 13):  # the first number that is playable now
        child.sendline(str(label))
        i = child.expect([r"zurück = Karte zurücknehmen › ", PROMPTS[2]])
        if i == 0:
            break
    child.sendline("zurück")
    child.expect("zurückgenommen: du bist wieder am Zug")
    child.expect(PROMPTS[2])
    child.sendline(str(label))  # the same number is the same card again
    child.expect(r"zurück = Karte zurücknehmen › ")
    child.sendline("")
    child.expect(PROMPTS[2])
    child.sendline(str(label))  # played now: its number is not another card's
    child.expect(f"Karte {label} \\(\\S+\\) hast du schon gespielt")
    child.sendline("quit")
    child.expect(pexpect.EOF)
    child.close()
    assert child.exitstatus == 0
