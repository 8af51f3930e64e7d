"""Rule presets. ``tsr`` is the DDV tournament rules with every house rule off.

>>> preset("tsr") is TSR
True
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Rules:
    """A named rule set. The ``tsr`` preset follows the TSR exactly."""

    name: str = "tsr"


TSR = Rules()

PRESETS: dict[str, Rules] = {"tsr": TSR}


def preset(name: str) -> Rules:
    """The preset called ``name``; raises :class:`ValueError` for an unknown one."""
    try:
        return PRESETS[name]
    except KeyError:
        raise ValueError(
            f"unknown rules preset {name!r}; known: {', '.join(sorted(PRESETS))}"
        ) from None
