"""pytest: the doctests of the modules whose extra is not installed are not collected (the
`rl` extra: numpy, gymnasium, pettingzoo; the `openspiel` extra: pyspiel)."""

from __future__ import annotations

import importlib.util

_NEEDS = {
    "encoding.py": ("numpy",),
    "vector.py": ("numpy",),
    "render.py": (),
    "pettingzoo_env.py": ("numpy", "gymnasium", "pettingzoo"),
    "gym_env.py": ("numpy", "gymnasium", "pettingzoo"),
    "openspiel_game.py": ("numpy", "pyspiel"),
}

collect_ignore = [name for name, mods in _NEEDS.items()
                  if any(importlib.util.find_spec(m) is None for m in mods)]
