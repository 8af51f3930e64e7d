"""The exact double-dummy solver: the best play with all cards known, in Augen (TSR 5.3.3,
2.2.2), for ``doko solve``, the search player's endgame and the analysis of games. See
:mod:`doko.solver.search` (the Python reference) and :mod:`doko.solver.native` (the same search
in the native core)."""

from doko.solver.native import NativeSolver
from doko.solver.search import (
    AnySolver,
    PVTrick,
    SearchLimitExceeded,
    Solution,
    Solver,
    principal_variation,
    solve,
    solve_moves,
    solver_for,
)

__all__ = [
    "AnySolver",
    "NativeSolver",
    "PVTrick",
    "SearchLimitExceeded",
    "Solution",
    "Solver",
    "principal_variation",
    "solve",
    "solve_moves",
    "solver_for",
]
