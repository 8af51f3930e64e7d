"""The exact double-dummy solver: the best play with all cards known, in Augen (TSR 5.3.3,
2.2.2), for ``doko solve``, the search player's endgame and the analysis of games. See
:mod:`doko.solver.search`."""

from doko.solver.search import (
    PVTrick,
    SearchLimitExceeded,
    Solution,
    Solver,
    principal_variation,
    solve,
    solve_moves,
)

__all__ = [
    "PVTrick",
    "SearchLimitExceeded",
    "Solution",
    "Solver",
    "principal_variation",
    "solve",
    "solve_moves",
]
