"""The shared vocabulary of game, scoring, views, bots and front ends: parties, phases,
contracts and call levels as ``IntEnum`` s, each with its record/JSON name and its labels.

Every layer uses these: the engine stores the members (``Game.phase``, ``Game.contract``,
``Game.calls``), a :class:`~doko.engine.view.SeatView` carries them, and every text or JSON form is
made by their name methods (``record_name``, ``call_name``, ``label``), never by a table of
its own. The module-level ints of the older modules are the members themselves
(``doko.engine.game.RE is Party.RE``, ``doko.engine.contracts.NORMAL is Contract.NORMAL``), so
plain-int code
keeps working. The action encoding (seat and code in one int) is :mod:`doko.engine.actions`.

Names follow the record format (``docs/record-format.md``); TSR terms stay German in the
English labels too (Re, Kontra, keine 90, Hochzeit, ...).

>>> Party.RE.record_name, Party.KONTRA.label, Party.RE.other
('re', 'Kontra', <Party.KONTRA: 1>)
>>> Phase.from_record_name("play") is Phase.PLAY
True
>>> Contract.SOLO_QUEENS.record_name, Contract.SOLO_QUEENS.label("en")
('solo_queens', 'queens solo (Damensolo)')
>>> CallLevel.NO90.call_name(Party.KONTRA), CallLevel.RE_KONTRA.call_name(Party.KONTRA)
('no90', 'kontra')
>>> CallLevel.RE_KONTRA.label(Party.RE), CallLevel.RE_KONTRA.label(), CallLevel.BLACK.label()
('Re', 'Re/Kontra', 'schwarz')
"""

from __future__ import annotations

from enum import IntEnum

from doko.engine.texts import text

__all__ = ["CallLevel", "Contract", "Party", "Phase"]


class Party(IntEnum):
    """The two parties (TSR 2.4): Re (with the ♣Q, or the soloist) and Kontra."""

    RE = 0
    KONTRA = 1

    @property
    def record_name(self) -> str:
        """``"re"`` / ``"kontra"``: the name in records, views and JSON."""
        return _PARTY_NAMES[self]

    @property
    def label(self) -> str:
        """``"Re"`` / ``"Kontra"`` (the same in German and English)."""
        return _PARTY_LABELS[self]

    @property
    def other(self) -> Party:
        """The opposing party."""
        return Party.KONTRA if self is Party.RE else Party.RE

    @classmethod
    def from_record_name(cls, name: str) -> Party:
        """The party named ``name`` (``"re"``, ``"kontra"``); ValueError otherwise."""
        try:
            return _PARTY_BY_NAME[name]
        except (KeyError, TypeError):
            raise ValueError(f"not a party: {name!r} (re, kontra)") from None


class Phase(IntEnum):
    """The phases of a game: Vorbehaltsabfrage, naming a Vorbehalt, trick play, over."""

    QUERY = 0
    NAMING = 1
    PLAY = 2
    FINISHED = 3

    @property
    def record_name(self) -> str:
        """``"query"``, ``"naming"``, ``"play"`` or ``"finished"`` (views, JSON)."""
        return _PHASE_NAMES[self]

    @classmethod
    def from_record_name(cls, name: str) -> Phase:
        """The phase named ``name``; ValueError otherwise."""
        try:
            return _PHASE_BY_NAME[name]
        except (KeyError, TypeError):
            raise ValueError(f"not a phase: {name!r} ({', '.join(_PHASE_NAMES)})") from None


class Contract(IntEnum):
    """The game kinds (TSR 4). A Hochzeit turned Karo solo stays ``MARRIAGE`` in the engine
    (with ``Game.marriage_solo``) and reads ``solo_diamonds`` as the game's contract name."""

    NORMAL = 0
    MARRIAGE = 1
    SILENT_MARRIAGE = 2
    SOLO_DIAMONDS = 3
    SOLO_HEARTS = 4
    SOLO_SPADES = 5
    SOLO_CLUBS = 6
    SOLO_QUEENS = 7
    SOLO_JACKS = 8
    SOLO_MEATLESS = 9
    # the picture solos of the house rules (docs/rules.md "Weitere Soli"), each enabled by its
    # option of doko.engine.rules.Rules
    SOLO_KINGS = 10
    SOLO_QUEENS_JACKS = 11
    SOLO_KINGS_QUEENS = 12
    SOLO_KINGS_JACKS = 13
    SOLO_KOEHLER = 14

    @property
    def record_name(self) -> str:
        """``"normal"``, ``"marriage"``, ``"silent_marriage"`` or ``"solo_<kind>"``."""
        return _CONTRACT_NAMES[self]

    @property
    def is_solo(self) -> bool:
        """True for the declared solos (not the stille Hochzeit)."""
        return self >= Contract.SOLO_DIAMONDS

    @property
    def solo_name(self) -> str:
        """The solo kind as records name it (``"queens"``); ValueError for a non-solo."""
        if self < Contract.SOLO_DIAMONDS:
            raise ValueError(f"{self.record_name} is not a solo")
        return _CONTRACT_NAMES[self][5:]

    def label(self, lang: str = "de") -> str:
        """The game kind as players say it (``lang`` ``"de"`` or ``"en"``)."""
        return text("contract." + _CONTRACT_NAMES[self], "de" if lang == "de" else "en")

    @classmethod
    def from_record_name(cls, name: str) -> Contract:
        """The contract named ``name`` (``"normal"``, ``"solo_queens"``...); ValueError
        otherwise."""
        try:
            return _CONTRACT_BY_NAME[name]
        except (KeyError, TypeError):
            raise ValueError(f"not a contract: {name!r}") from None

    @classmethod
    def from_solo_name(cls, name: str) -> Contract:
        """The solo named ``name`` as in records (``"queens"``); ValueError otherwise."""
        return cls.from_record_name(f"solo_{name}")


class CallLevel(IntEnum):
    """Call levels (TSR 6.2, 6.3): 1 the first Ansage (Re or Kontra), 2..5 the Absagen.

    0 (no call) is not a member; places that may hold "none" use the int 0.
    """

    RE_KONTRA = 1
    NO90 = 2
    NO60 = 3
    NO30 = 4
    BLACK = 5

    def call_name(self, party: Party) -> str:
        """The call as records name it: ``"re"``/``"kontra"`` (level 1, by ``party``),
        ``"no90"``, ``"no60"``, ``"no30"``, ``"black"``."""
        if self == 1:
            return _PARTY_NAMES[party]
        return _CALL_NAMES[self]

    def label(self, party: Party | None = None) -> str:
        """The call as players say it: ``"keine 90"`` ... ``"schwarz"``; level 1 is the party's
        ``"Re"``/``"Kontra"``, or ``"Re/Kontra"`` without a party."""
        if self == 1:
            return "Re/Kontra" if party is None else _PARTY_LABELS[party]
        return _CALL_LABELS[self]

    @classmethod
    def from_call_name(cls, name: str, party: Party) -> CallLevel:
        """The level of a call of ``party`` named ``name`` (``"re"`` only for Re, ``"kontra"``
        only for Kontra); ValueError otherwise."""
        for level in cls:
            if level.call_name(party) == name:
                return level
        raise ValueError(f"not a call of {_PARTY_NAMES[party]}: {name!r}")


_PARTY_NAMES = ("re", "kontra")
_PARTY_LABELS = ("Re", "Kontra")
_PARTY_BY_NAME = {p.record_name: p for p in Party}
_PHASE_NAMES = ("query", "naming", "play", "finished")
_PHASE_BY_NAME = {p.record_name: p for p in Phase}
_SOLO_KINDS = ("diamonds", "hearts", "spades", "clubs", "queens", "jacks", "meatless",
               "kings", "queens_jacks", "kings_queens", "kings_jacks", "koehler")
_CONTRACT_NAMES = ("normal", "marriage", "silent_marriage", *(f"solo_{n}" for n in _SOLO_KINDS))
_CONTRACT_BY_NAME = {c.record_name: c for c in Contract}
# index = level; level 1 depends on the party (see CallLevel.call_name / label)
_CALL_NAMES = ("", "", "no90", "no60", "no30", "black")
_CALL_LABELS = ("", "", "keine 90", "keine 60", "keine 30", "schwarz")
