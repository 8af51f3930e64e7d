"""The tournament's modules show no German or English word that is not from the catalogue
(doko.engine.texts), with the scan of tests/test_texts.py; every ``tournament.*`` and
``cli.tournament.*`` key of the catalogue is used."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path
from typing import Any

import pytest

from doko.engine.texts import TEXTS

ROOT = Path(__file__).resolve().parents[2]
SRC = ROOT / "src" / "doko"
MODULES = ("tournament/draw.py", "tournament/model.py", "tournament/printout.py",
           "tournament/export.py", "cli/tournament.py", "server/tournament_pages.py")
#: argparse's own framing of a usage error, as in cli/sheet.py
ALLOWED = {"cli/tournament.py": [": error: "]}


def _scan() -> Any:
    spec = importlib.util.spec_from_file_location("doko_text_scan", ROOT / "tests" /
                                                  "test_texts.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.word_leaks


@pytest.mark.parametrize("module", MODULES)
def test_no_words_outside_the_catalogue(module: str) -> None:
    source = (SRC / module).read_text(encoding="utf-8")
    assert _scan()(source) == ALLOWED.get(module, [])


def test_every_tournament_key_is_used() -> None:
    """Each key is named in a module, whole or as the part after a prefix the module joins."""
    sources = "\n".join((SRC / m).read_text(encoding="utf-8") for m in MODULES)
    sources += (SRC / "server" / "static" / "tournament.js").read_text(encoding="utf-8")
    unused = []
    for key in TEXTS:
        if not key.startswith(("tournament.", "cli.tournament.")):
            continue
        last = key.rsplit(".", 1)[1]
        short = key.removeprefix("tournament.")
        prefix_joined = re.search(r"[\"'(]" + re.escape(last) + r"[\"']", sources) or re.search(
            r"[\"']" + re.escape(short) + r"[\"']", sources)
        kind_joined = last.startswith("kind_") or key.startswith("tournament.what.") \
            or key.startswith("tournament.tiebreak.")
        if key not in sources and not prefix_joined and not kind_joined:
            unused.append(key)
    assert unused == []
