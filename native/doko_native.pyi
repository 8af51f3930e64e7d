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
    (party, points, clause, de, en)). Raises ScoringInputError where GameSummary would (a value
    of the wrong type is reported before any value out of range). ``None`` for ``re_tricks``
    means unknown; for the other optional arguments it means the default."""

# ---------------------------------------------------------------------------------------------
# the double-dummy solver (native/src/solver.rs, py_solver.rs); the typed adapter is
# doko.solver.native.NativeSolver
# ---------------------------------------------------------------------------------------------

SOLVER_DEFAULT_TABLE_SIZE: int

class Solver:
    """A double-dummy solver for one card order (index into doko.engine.contracts.ORDERS), the
    parties and the Dulle rule; its transposition table is kept between calls. Limits raise
    doko.solver.SearchLimitExceeded(lower, upper); bad input raises ValueError."""

    max_nodes: int | None
    time_limit: float | None
    def __init__(
        self,
        order: int,
        is_re: list[bool] | tuple[bool, ...],
        dulle_rule: int = 0,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        table_size: int = ...,
    ) -> None: ...
    def future_value(
        self,
        hands: list[int],
        leader: int,
        trick: list[int] = ...,
        guess: int | None = None,
        *,
        keep_budget: bool = False,
    ) -> int: ...
    def at_least(
        self, hands: list[int], leader: int, trick: list[int], target: int, *,
        keep_budget: bool = False,
    ) -> bool: ...
    def start_budget(self) -> None: ...
    def clear(self) -> None: ...
    @property
    def node_count(self) -> int: ...
    @property
    def order(self) -> int: ...
    @property
    def is_re(self) -> tuple[bool, bool, bool, bool]: ...
    @property
    def dulle_rule(self) -> int: ...
    @property
    def table_size(self) -> int: ...

