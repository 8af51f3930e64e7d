"""Argument types shared by the ``doko`` sub-commands."""

from __future__ import annotations

import argparse


def positive_int(text: str) -> int:
    """An integer of at least 1 (for ``type=`` of an argparse option)."""
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def positive_float(text: str) -> float:
    """A number above 0 (for ``type=`` of an argparse option)."""
    try:
        value = float(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a number, got {text!r}") from None
    if not value > 0:
        raise argparse.ArgumentTypeError(f"must be positive, got {text}")
    return value
