"""The native engine with the Python engine's interface: :class:`NativeGame`.

``NativeGame`` is a Python subclass of ``doko_native.Game`` (the Rust state machine, see
``native/``). The hot methods (``legal_actions``, ``apply``, ``clone``, ``verify``) come
straight from Rust; this class adds what :class:`doko.engine.game.Game` offers on top: the
enum-typed ``phase``, ``contract`` and ``calls``, ``contract_name``, ``contract_label``, the
card ``order``, ``hand``/``hand_codes``, ``play``, ``re_seats``, ``current_trick``, ``result`` and
``to_record``. Illegal actions raise :class:`doko.engine.errors.IllegalActionError` with the same
key, rule, seat and parameters as the Python engine.

The extension is imported through :func:`doko.engine.backend.require_native` when the class is
first asked for (``NativeGame`` is made on first access), so this module imports without it.

>>> from doko.engine.backend import native_available
>>> if native_available():
...     g = native_game_class().deal(7)
...     print(g.phase.record_name, g.to_move, type(g.clone()).__name__)
... else:
...     print("query 1 NativeGame")
query 1 NativeGame
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from typing import TYPE_CHECKING, Any, cast

from doko.engine.cards import hand_from_codes
from doko.engine.contracts import CardOrder, card_order
from doko.engine.game import GameQueries
from doko.engine.rules import (
    ARMUT_FOX_RULES,
    DULLE_RULES,
    PIGS_RULES,
    PIGS_SOLO_RULES,
    THROW_DEALERS,
    Rules,
)
from doko.engine.vocab import CallLevel, Contract, Party, Phase

if TYPE_CHECKING:
    from doko_native import Game as _NativeBase

    from doko.engine.game import Game
    from doko.engine.scoring import GameSummary, Score
else:
    _NativeBase = object

__all__ = ["NativeGame", "native_game_class", "native_rules"]

_PHASES = tuple(Phase)
_CONTRACTS = tuple(Contract)
_PARTIES = tuple(Party)
_LEVELS = (None, *CallLevel)


class _NativeGameMixin(GameQueries, _NativeBase):
    """What :class:`doko.engine.game.Game` offers on top of the native state machine (the
    questions both answer alike come from :class:`doko.engine.game.GameQueries`)."""

    __slots__ = ()

    @property
    def phase(self) -> Phase:
        """The phase as :class:`~doko.engine.vocab.Phase`."""
        return _PHASES[super().phase]

    @property
    def contract(self) -> Contract:
        """The contract as :class:`~doko.engine.vocab.Contract` (``NORMAL`` while undecided)."""
        return _CONTRACTS[super().contract]

    @property
    def calls(self) -> list[tuple[int, Party, CallLevel, int]]:  # type: ignore[override]
        """The calls as ``(seat, party, level, cards held)``, as ``Game.calls``."""
        return [(s, _PARTIES[p], cast(CallLevel, _LEVELS[lv]), n) for s, p, lv, n in super().calls]

    @property
    def rules(self) -> Rules:
        """The rules as a :class:`doko.engine.rules.Rules` (the object given, or one with the
        options of the ``doko_native.Rules`` given)."""
        rules = super().rules
        if isinstance(rules, Rules):
            return rules
        r = self.native_rules
        return Rules(
            marriage_shift=r.marriage_shift, re_kontra_double=r.re_kontra_double,
            dulle=DULLE_RULES[r.dulle], dulle_moves=r.dulle_moves,
            soloist_leads=r.soloist_leads, nines=r.nines, solo_dullen=r.solo_dullen,
            charlie_caught=r.charlie_caught, fox_last_trick=r.fox_last_trick,
            dulle_caught=r.dulle_caught,
            charlie_solo=r.charlie_solo, doppelkopf_eyes=r.doppelkopf_eyes,  # pigs (issue 21)
            pigs=PIGS_RULES[r.pigs], pigs_solo=PIGS_SOLO_RULES[r.pigs_solo],
            superpigs=r.superpigs, hyperpigs=r.hyperpigs,
            solo_kings=r.solo_kings, solo_queens_jacks=r.solo_queens_jacks,
            solo_kings_queens=r.solo_kings_queens, solo_kings_jacks=r.solo_kings_jacks,
            solo_koehler=r.solo_koehler,
            armut=r.armut, armut_fox=ARMUT_FOX_RULES[r.armut_fox],
            throw_nines=r.throw_nines, throw_kings=r.throw_kings, throw_trumps=r.throw_trumps,
            throw_nines_kings=r.throw_nines_kings, throw_dealer=THROW_DEALERS[r.throw_dealer],
            throw_counts=r.throw_counts,
            genscher=r.genscher,  # issue 21, helper genscher
        )

    @property
    def order(self) -> CardOrder:
        """The card order of the game (one of :data:`doko.engine.contracts.ORDERS`)."""
        return card_order(self.order_index)

    @classmethod
    def from_hands(
        cls, hands: Sequence[Iterable[str] | int], dealer: int = 0, *,
        owes_pflichtsolo: Sequence[bool] = (False, False, False, False),
        vorfuehrung: int | None = None, rules: Rules | None = None,
    ) -> Any:
        """A game from four hands given as card codes (or bit sets), as ``Game.from_hands``."""
        bits = [h if isinstance(h, int) else hand_from_codes(h) for h in hands]
        return cls(bits, dealer, owes_pflichtsolo=owes_pflichtsolo, vorfuehrung=vorfuehrung,
                   rules=rules)

    def game_summary(self) -> GameSummary:
        """The scoring summary of the finished game (``result.summary_of``)."""
        from doko.engine.scoring import Extras, GameSummary

        s = self.summary()
        return GameSummary(
            contract=s["contract"], re_eyes=s["re_eyes"], re_tricks=s["re_tricks"],
            re_calls=s["re_calls"], kontra_calls=s["kontra_calls"],
            re_extras=Extras(**s["re_extras"]), kontra_extras=Extras(**s["kontra_extras"]),
            nines=s["nines"],
        )

    def result(self) -> Score:
        """The score of the finished game by TSR 7 (raises ValueError while it is running); a
        game dealt again (Schmeißen, an Armut nobody took) has the empty score."""
        from doko.engine.game import REDEALS
        from doko.engine.scoring import redeal_score, score

        if self.is_over and self.ended in REDEALS:
            return redeal_score()
        return score(self.game_summary(), self.rules)

    def to_record(self) -> dict[str, Any]:
        """The game as a ``doko-game/1`` record (see :mod:`doko.engine.record`)."""
        from doko.engine.record import to_record

        # to_record reads rules, dealer, initial_hands, owes_pflichtsolo, vorfuehrung and
        # history, which this class has with the same meaning
        return to_record(cast("Game", self))

    def __repr__(self) -> str:
        return (
            f"<NativeGame {self.phase.record_name} {self.contract_name} "
            f"tricks={len(self.tricks)} to_move={self.to_move}>"
        )


if TYPE_CHECKING:

    class NativeGame(_NativeGameMixin):
        """A game in the native engine with the interface of :class:`doko.engine.game.Game`."""

        def clone(self) -> NativeGame: ...

        @classmethod
        def deal(
            cls, seed: int, dealer: int = 0, *, owes_pflichtsolo: Any = None,
            vorfuehrung: int | None = None, rules: Any = None,
        ) -> NativeGame: ...

_class: type[NativeGame] | None = None


def native_game_class() -> type[NativeGame]:
    """The class ``NativeGame``, made on first use from ``doko_native.Game`` (raises
    :class:`doko.engine.backend.BackendError` where the native core is not built)."""
    global _class
    if _class is None:
        from doko.engine.backend import require_native

        base = require_native().Game
        _class = cast("type[NativeGame]", type(
            "NativeGame", (_NativeGameMixin, base),
            {"__slots__": (), "__module__": __name__, "__doc__": _NativeGameMixin.__doc__},
        ))
    return _class


def native_rules(rules: object) -> object:
    """A ``doko_native.Rules`` with the game options of ``rules`` (a
    :class:`doko.engine.rules.Rules`)."""
    from doko.engine.backend import require_native

    if not isinstance(rules, Rules):
        raise TypeError(f"not a doko Rules: {rules!r}")
    return require_native().Rules(
        marriage_shift=rules.marriage_shift, re_kontra_double=rules.re_kontra_double,
        dulle=DULLE_RULES.index(rules.dulle), dulle_moves=rules.dulle_moves,
        soloist_leads=rules.soloist_leads, nines=rules.nines, solo_dullen=rules.solo_dullen,
        charlie_caught=rules.charlie_caught, fox_last_trick=rules.fox_last_trick,
        dulle_caught=rules.dulle_caught,
        charlie_solo=rules.charlie_solo, doppelkopf_eyes=rules.doppelkopf_eyes,  # pigs (issue 21)
        pigs=PIGS_RULES.index(rules.pigs), pigs_solo=PIGS_SOLO_RULES.index(rules.pigs_solo),
        superpigs=rules.superpigs, hyperpigs=rules.hyperpigs,
        solo_kings=rules.solo_kings, solo_queens_jacks=rules.solo_queens_jacks,
        solo_kings_queens=rules.solo_kings_queens, solo_kings_jacks=rules.solo_kings_jacks,
        solo_koehler=rules.solo_koehler,
        armut=rules.armut,
        armut_fox=ARMUT_FOX_RULES.index(rules.armut_fox), throw_nines=rules.throw_nines,
        throw_kings=rules.throw_kings, throw_trumps=rules.throw_trumps,
        throw_nines_kings=rules.throw_nines_kings,
        throw_dealer=THROW_DEALERS.index(rules.throw_dealer), throw_counts=rules.throw_counts,
        genscher=rules.genscher,  # issue 21, helper genscher
    )


def __getattr__(name: str) -> object:
    if name == "NativeGame":
        return native_game_class()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")

