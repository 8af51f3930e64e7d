"""Doppelkopf for reinforcement learning: PettingZoo and Gymnasium environments, an OpenSpiel
game, observation tensors and a vectorised environment (the `rl` extra; OpenSpiel is the
`openspiel` extra). See docs/rl.md.

Importing the package registers the Gymnasium environment ``doko/Doppelkopf-v0`` (when
Gymnasium is installed); ``env``, ``raw_env`` (PettingZoo), ``DoppelkopfEnv`` (Gymnasium) and
``VectorEnv`` are imported on first use, so that each needs only its own library.
"""

from __future__ import annotations

import importlib
from typing import Any

__all__ = ["DoppelkopfEnv", "VectorEnv", "env", "raw_env"]

_LAZY = {
    "env": "doko.rl.pettingzoo_env",
    "raw_env": "doko.rl.pettingzoo_env",
    "DoppelkopfEnv": "doko.rl.gym_env",
    "VectorEnv": "doko.rl.vector",
}


def _register() -> None:
    try:
        import gymnasium
    except ImportError:  # the rl extra is not installed: nothing to register
        return
    if "doko/Doppelkopf-v0" not in gymnasium.registry:
        gymnasium.register(id="doko/Doppelkopf-v0", entry_point="doko.rl.gym_env:DoppelkopfEnv")


_register()


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    return getattr(importlib.import_module(module), name)
