"""examples/train_cardplay.py runs with a tiny budget (as CI runs it) and measures itself."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "train_cardplay.py"


def test_the_example_trains_and_measures_with_a_tiny_budget(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    spec = importlib.util.spec_from_file_location("train_cardplay", EXAMPLE)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    out = tmp_path / "w.npz"
    assert module.main(["--games", "3", "--deals", "2", "--out", str(out)]) == 0
    text = capsys.readouterr().out
    assert "trained on 3 games against rules" in text
    assert text.count("arena,") == 2 and "95% CI" in text
    w = np.load(out)["w"]
    assert w.shape == (24, 397) and np.abs(w).sum() > 0  # the games moved the weights
