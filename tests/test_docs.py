"""The documentation's examples work: docs/record-format.md and README.md."""

from __future__ import annotations

import doctest
import json
import re
from pathlib import Path

import doko.engine.record
from doko.engine.record import replay

ROOT = Path(__file__).resolve().parent.parent
DOC = ROOT / "docs" / "record-format.md"
EXAMPLE = ROOT / "docs" / "example-game.json"
README = ROOT / "README.md"


def _doc_example() -> object:
    text = DOC.read_text(encoding="utf-8")
    marker = text.index("<!-- example-game.json")
    match = re.compile(r"```json\n(.*?)\n```", re.S).search(text, marker)
    assert match is not None, "no ```json block after the example marker"
    return json.loads(match.group(1))


def test_record_doc_example_equals_file() -> None:
    assert _doc_example() == json.loads(EXAMPLE.read_text(encoding="utf-8"))


def test_record_doc_example_replays() -> None:
    record = _doc_example()
    assert isinstance(record, dict)
    g = replay(record)
    assert g.is_over and g.ended == "played"
    assert g.contract_name == "normal"
    assert [(seat, level) for seat, _party, level, _n in g.calls] == [(0, 1), (0, 2)]
    assert g.re_eyes() == 187


def test_record_doc_names_every_key_and_action() -> None:
    text = DOC.read_text(encoding="utf-8")
    for key in doko.engine.record._KEYS:
        assert f"`{key}`" in text
    for name in ("healthy", "reservation", "solo", "marriage", "pass", "play", "call",
                 "concede", "claim"):
        assert f"| `{name}` |" in text


def test_readme_python_example_runs() -> None:
    result = doctest.testfile(str(README), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.attempted >= 10
    assert result.failed == 0


def test_readme_lists_the_commands() -> None:
    text = README.read_text(encoding="utf-8")
    for command in ("doko replay", "doko simulate", "doko bench", "doko score", "make test"):
        assert command in text


def test_readme_round_example_runs() -> None:
    """The README's second example (rounds, views, players) runs as written."""
    import re
    from pathlib import Path

    text = (Path(__file__).resolve().parent.parent / "README.md").read_text(encoding="utf-8")
    blocks = re.findall(r"```python\n(.*?)```", text, re.S)
    assert blocks, "the README has a python block"
    for block in blocks:
        namespace: dict[str, object] = {}
        exec(compile(block, "README.md", "exec"), namespace)


def test_players_doc_example_runs() -> None:
    """docs/players.md: the example player plays a whole game (in its own interpreter, so that
    its registration does not leak into other tests)."""
    import subprocess
    import sys

    text = (ROOT / "docs" / "players.md").read_text(encoding="utf-8")
    match = re.compile(r"```python\n(.*?)```", re.S).search(text)
    assert match is not None
    code = match.group(1) + "\nprint(g.is_over, 'first' in __import__('doko.bots.base').bots." \
        "base.player_names())\n"
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True).stdout
    assert out.split() == ["True", "True"]
