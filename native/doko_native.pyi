"""Type stubs of the extension module ``doko_native`` (the Rust core in ``native/``)."""

from collections.abc import Iterable

__version__: str

# ---------------------------------------------------------------------------------------------
# The deal (native/src/rng.rs) and scoring (native/src/scoring.rs); typed adapters in
# doko.engine.native_scoring.
# ---------------------------------------------------------------------------------------------

class ScoringInputError(ValueError):
    """A game summary that cannot describe a real game (as doko.engine.scoring's)."""

    #: the text key: ``score_input.<key>`` in doko.engine.texts
    key: str
    #: the text's parameters, the same as the Python ScoringInputError's
    params: dict[str, object]

def deal_hands(seed: int, dealer: int = 0, nines: bool = True) -> list[int]:
    """Four hands (bit sets) dealt from ``seed`` exactly as doko.engine.game.deal_hands (a
    bit-exact CPython ``random.Random(seed)``); any int seed, of any size or sign."""

def score(
    contract: str,
    re_eyes: int,
    re_tricks: int | None = None,
    re_calls: int = 0,
    kontra_calls: int = 0,
    re_extras: Iterable[int] = (0, 0, 0),
    kontra_extras: Iterable[int] = (0, 0, 0),
    nines: bool = True,
    re_kontra_double: bool = False,
) -> dict[str, object]:
    """doko.engine.scoring.score of the GameSummary with these fields (extras: doppelkopf, fox,
    charlie) under the house rule ``re_kontra_double``: a dict with ``winner`` ("re", "kontra"
    or None), ``value``, ``re_score``, ``kontra_score``, ``solo`` and ``items`` (a list of
    (party, points, clause, key, params): ``key`` the item's text in doko.engine.texts
    (``score.item.*``), ``params`` its parameters as a tuple of (name, value) pairs, a party by
    its record name and a call level as an int; doko.engine.scoring.line_item makes the texts).
    Raises ScoringInputError where GameSummary would (a value of the wrong type is reported
    before any value out of range). ``None`` for ``re_tricks`` means unknown; for the other
    optional arguments it means the default."""
