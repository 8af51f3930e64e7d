"""The layers of doko import only downwards (docs/architecture.md).

engine (rules, cards, game, views, scoring, records) <- session (rounds, the Spielliste) and
solver (double-dummy search) <- bots (computer players, the arena) <- analysis (hints, game
analysis, statistics), tournament (draws, results, rankings) and rl (learning environments)
<- the front ends (tui, server) <- cli (one module per command). Lazy imports inside functions
count too; the facade ``doko/__init__.py`` may import anything, nothing may import the facade.
"""

from __future__ import annotations

import ast
from pathlib import Path

SRC = Path(__file__).resolve().parent.parent / "src" / "doko"

#: Each package and the packages it may import (itself included).
ALLOWED: dict[str, set[str]] = {
    "engine": {"engine"},
    "session": {"engine", "session"},
    "solver": {"engine", "solver"},
    "bots": {"engine", "session", "solver", "bots"},
    "analysis": {"engine", "session", "solver", "bots", "analysis"},
    "tournament": {"engine", "session", "bots", "tournament"},
    "rl": {"engine", "session", "bots", "rl"},
    "tui": {"engine", "session", "solver", "bots", "analysis", "tui"},
    "server": {"engine", "session", "solver", "bots", "analysis", "tournament", "server"},
    "cli": {"engine", "session", "solver", "bots", "analysis", "tournament", "rl", "tui",
            "server", "cli"},
}


def doko_imports(path: Path) -> list[tuple[int, str]]:
    """(line, module) for every import of a doko module in ``path``, lazy ones included."""
    out: list[tuple[int, str]] = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            out += [(node.lineno, a.name) for a in node.names if a.name.split(".")[0] == "doko"]
        elif (isinstance(node, ast.ImportFrom) and node.level == 0 and node.module
              and node.module.split(".")[0] == "doko"):
            out.append((node.lineno, node.module))
    return out


def test_every_module_belongs_to_a_layer() -> None:
    loose = [p.name for p in SRC.glob("*.py") if p.name != "__init__.py"]
    assert loose == [], f"modules outside the layer packages: {loose}"
    packages = {p.name for p in SRC.iterdir() if p.is_dir() and (p / "__init__.py").exists()}
    assert packages == set(ALLOWED)


def test_imports_point_down() -> None:
    wrong = []
    for package, allowed in ALLOWED.items():
        for path in sorted((SRC / package).rglob("*.py")):
            for line, module in doko_imports(path):
                parts = module.split(".")
                target = parts[1] if len(parts) > 1 else "(the facade)"
                if target not in allowed:
                    wrong.append(f"{path.relative_to(SRC)}:{line} imports {module}")
    assert wrong == []


def test_the_check_sees_a_wrong_import(tmp_path: Path) -> None:
    """The scan finds top-level and lazy imports (so the test above can fail)."""
    f = tmp_path / "m.py"
    f.write_text("import doko.bots.base\n\ndef f():\n    from doko.cli import main\n")
    assert doko_imports(f) == [(1, "doko.bots.base"), (4, "doko.cli")]
