"""Scoring (TSR 7) and the deal (TSR 3.3) computed by the native core, typed as the Python ones.

:func:`score_native` gives the same :class:`~doko.engine.scoring.Score` as
:func:`doko.engine.scoring.score` (winner, value, per-player scores, line items with the same
clauses, catalogue keys and parameters, and order; the texts are made from them by
:func:`doko.engine.scoring.line_item` for both); :func:`deal_hands_native` the same hands as
:func:`doko.engine.game.deal_hands` for every int seed (CPython's Mersenne Twister, reproduced
bit for bit in ``native/src/rng.rs``). The differential tests in ``tests/native/`` hold them to
that. The extension module is imported on the first call (through
:func:`doko.engine.backend.require_native`), never when this module is imported; where it is not
built, the call raises :class:`~doko.engine.backend.BackendError` saying how to build it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from doko.engine.backend import require_native
from doko.engine.scoring import (
    EXTRA_KEYS,
    Extras,
    GameSummary,
    ItemParams,
    Score,
    ScoringInputError,
    check_house_extras,
    line_item,
)

if TYPE_CHECKING:
    from doko.engine.rules import Rules


def _counts(ex: Extras) -> tuple[int, ...]:
    return tuple(getattr(ex, key) for key in EXTRA_KEYS)


def score_native(summary: GameSummary, rules: Rules | None = None) -> Score:
    """:func:`doko.engine.scoring.score` computed by the native core; equal to it.

    A summary that the native checks refuse (it cannot describe a real game) raises the same
    :class:`~doko.engine.scoring.ScoringInputError` (key and parameters) as the Python checks.
    """
    native = require_native()
    check_house_extras(summary, rules)  # the same check as the Python scorer's, first
    try:
        out = native.score(
            summary.contract,
            summary.re_eyes,
            re_tricks=summary.re_tricks,
            re_calls=summary.re_calls,
            kontra_calls=summary.kontra_calls,
            re_extras=_counts(summary.re_extras),
            kontra_extras=_counts(summary.kontra_extras),
            nines=summary.nines,
            re_kontra_double=rules is not None and rules.re_kontra_double,
        )
    except native.ScoringInputError as e:
        raise ScoringInputError(cast(str, e.key), **cast(dict[str, object], e.params)) from None
    return score_from_native(cast(dict[str, object], out))


def score_from_native(out: dict[str, object]) -> Score:
    """The :class:`~doko.engine.scoring.Score` of a dict returned by ``doko_native.score``; each
    line item is made by :func:`doko.engine.scoring.line_item` from the native key and parameters,
    so its texts come from the catalogue as the Python scorer's do."""
    rows = cast(list[tuple[str, int, str, str, ItemParams]], out["items"])
    return Score(
        winner=cast("str | None", out["winner"]),
        value=cast(int, out["value"]),
        re_score=cast(int, out["re_score"]),
        kontra_score=cast(int, out["kontra_score"]),
        items=tuple(line_item(*row) for row in rows),
        solo=cast(bool, out["solo"]),
    )


def deal_hands_native(seed: int, dealer: int = 0, nines: bool = True) -> list[int]:
    """:func:`doko.engine.game.deal_hands` computed by the native core; equal to it for every
    int seed (any size, negative ones included) and every dealer."""
    native = require_native()
    return list(cast("list[int]", native.deal_hands(seed, dealer, nines)))
