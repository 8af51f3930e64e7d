"""The native double-dummy solver behind the interface of :class:`doko.solver.search.Solver`.

:class:`NativeSolver` wraps ``doko_native.Solver`` (the Rust search in ``native/src/solver.rs``:
alpha-beta with MTD(f), a transposition table keyed by the order of the cards still in play,
equivalent cards merged, exact two-trick end games). It gives the same values as the Python
solver, which stays the readable reference; the game-level functions :func:`doko.solver.solve`,
:func:`~doko.solver.solve_moves` and :func:`~doko.solver.principal_variation` take either
(``backend=`` or ``solver=``). ``doko_native`` is imported when a native solver is made, never
when this module is imported, so doko works without the native core.

Node counts are the native search's own (tricks expanded at trick boundaries, two-trick end
games, cards of a trick started mid-trick); they are not comparable one to one with the Python
solver's, whose end games are cached.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from doko.engine.backend import require_native
from doko.engine.contracts import ORDERS, PIG_ORDERS, CardOrder
from doko.engine.game import Game

__all__ = ["NativeSolver"]

#: Transposition-table entries a native solver may grow to (16 bytes each; it starts at 16k and
#: doubles when half full).
DEFAULT_TABLE_SIZE = 1 << 21


def _order_index(order: CardOrder) -> int:
    for i, o in enumerate(ORDERS):
        if o.name == order.name:
            return i
    for i, o in PIG_ORDERS.items():  # Schweinchen announced (house rule)
        if o.name == order.name:
            return i
    raise ValueError(f"unknown card order {order.name!r}")


class NativeSolver:
    """A double-dummy search in the native core for one game's card order, parties and Dulle
    rule, with the interface of :class:`doko.solver.search.Solver` (its table is kept between
    calls; ``max_nodes`` and ``time_limit`` bound each call, or each game-level function call,
    and raise :class:`doko.solver.SearchLimitExceeded` with bounds).

    Raises :class:`doko.engine.backend.BackendError` if the native core is not built.
    """

    backend = "native"

    def __init__(
        self,
        order: CardOrder,
        is_re: Sequence[bool],
        dulle_rule: int = 0,
        *,
        max_nodes: int | None = None,
        time_limit: float | None = None,
        table_size: int = DEFAULT_TABLE_SIZE,
    ) -> None:
        native = require_native()
        self.order = order
        self.is_re = tuple(bool(x) for x in is_re)
        self.dulle_rule = dulle_rule
        self.table_size = table_size
        self._sv: Any = native.Solver(
            _order_index(order), list(self.is_re), dulle_rule, max_nodes=max_nodes,
            time_limit=time_limit, table_size=table_size,
        )

    @classmethod
    def for_game(
        cls, game: Game, *, max_nodes: int | None = None, time_limit: float | None = None,
        table_size: int = DEFAULT_TABLE_SIZE,
    ) -> NativeSolver:
        """A native solver for ``game``'s card order, parties (as they are now) and Dulle
        rule."""
        return cls(game.order, game.is_re, game.dulle_rule, max_nodes=max_nodes,
                   time_limit=time_limit, table_size=table_size)

    @property
    def max_nodes(self) -> int | None:
        """The node budget of one call (None: unbounded)."""
        value: int | None = self._sv.max_nodes
        return value

    @max_nodes.setter
    def max_nodes(self, value: int | None) -> None:
        self._sv.max_nodes = value

    @property
    def time_limit(self) -> float | None:
        """The time budget of one call in seconds (None: unbounded)."""
        value: float | None = self._sv.time_limit
        return value

    @time_limit.setter
    def time_limit(self, value: float | None) -> None:
        self._sv.time_limit = value

    @property
    def node_count(self) -> int:
        """Search nodes so far (see the module docstring)."""
        value: int = self._sv.node_count
        return value

    def future_value(
        self, hands: Sequence[int], leader: int, trick: Sequence[int] = (),
        guess: int | None = None,
    ) -> int:
        """Re's Augen from now on (the cards of the unfinished ``trick`` included), exact; the
        limits apply to this call (see :meth:`doko.solver.search.Solver.future_value`)."""
        value: int = self._sv.future_value(list(hands), leader, list(trick), guess)
        return value

    # the hooks of the game-level functions (as on the Python Solver)

    def start_budget(self) -> None:
        """Start the node and time budget that the following :meth:`at_least` calls and one
        game-level call share."""
        self._sv.start_budget()

    def _future(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], guess: int | None
    ) -> int:
        value: int = self._sv.future_value(list(hands), leader, list(trick), guess,
                                           keep_budget=True)
        return value

    def at_least(
        self, hands: Sequence[int], leader: int, trick: Sequence[int], target: int
    ) -> bool:
        """True if Re takes at least ``target`` Augen from now on, within the budget
        :meth:`start_budget` began (as :meth:`doko.solver.search.Solver.at_least`)."""
        result: bool = self._sv.at_least(list(hands), leader, list(trick), target,
                                         keep_budget=True)
        return result
