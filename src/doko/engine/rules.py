"""Rule presets. ``tsr`` is the DDV tournament rules with every house rule off.

A :class:`Rules` value travels with every game record and round file (by preset name, or as
a preset name plus the options that differ from it).

>>> preset("tsr") is TSR
True
>>> preset("hausregeln").bock is not None
True
>>> Rules.from_json(TSR.to_json()) == TSR
True

A rule set that does not exist raises :class:`RulesError` (a :class:`ValueError`) with its
message in English (``str``) and German (``text("de")``)::

    >>> try:
    ...     preset("skat")
    ... except RulesError as e:
    ...     print(e); print(e.text("de"))
    unknown rules preset 'skat'; known: erweitert, hausregeln, tsr
    unbekannte Regel-Voreinstellung 'skat'; bekannt: erweitert, hausregeln, tsr
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import asdict, dataclass, field, fields, replace
from functools import cache
from typing import Any

from doko.engine.texts import TEXTS, lang_of, text

#: Bock triggers (house rule, seed 002): a game of 120 to 120 Augen; a lost solo; a lost game in
#: which the loser had called Re or Kontra; Re and Kontra both called.
BOCK_TRIGGERS = ("tie_120", "solo_lost", "called_game_lost", "re_and_kontra")
DULLE_RULES = ("first", "second", "second_except_last")
#: The options of the further Sonderpunkte (house rules) and the ``Extras`` key each one counts.
#: Armut (house rule): how the ♦A (Füchse) count towards the at most 3 trumps: "counts" every
#: trump counts; "single_not" a single ♦A does not count, both do; "never" no ♦A counts.
ARMUT_FOX_RULES = ("counts", "single_not", "never")
#: Schmeißen (house rule): the sums of nines and kings that allow throwing (0: off).
THROW_NINES_KINGS = (0, 7, 8)
#: Schmeißen and a refused Armut: who deals the new game ("same" dealer or the "next").
THROW_DEALERS = ("same", "next")
SONDERPUNKT_OPTIONS = {
    "charlie_caught": "charlie_caught",
    "fox_last_trick": "fox_last",
    "dulle_caught": "dulle_caught",
}
# -- Karlchen im Solo, Doppelkopf thresholds (issue 21, helper pigs) ---------------------------
#: The thresholds of the house rule "Doppelkopf ab 30/35 Augen" (``Rules.doppelkopf_eyes``); 40
#: is the TSR (7.2.3).
DOPPELKOPF_EYES = (40, 35, 30)
#: The Sonderpunkte of this block: option, the ``Extras`` key it counts, and whether the rules
#: play it (a game scored under rules that do not play it may not list it).
PIGS_EXTRA_OPTIONS = {
    "charlie_solo": "charlie_solo",
    "doppelkopf_eyes": "doppelkopf_low",
}
#: When a Schweinchen may be announced (``Rules.pigs``): "off"; "play": by its holder on turn,
#: at the latest with the first of the two cards; "query": before the first card of the game.
PIGS_RULES = ("off", "play", "query")
#: In which solos Schweinchen exist (``Rules.pigs_solo``): "never"; "diamonds": the Karo-Solo;
#: "trump": every Farbsolo (its trump suit's aces).
PIGS_SOLO_RULES = ("never", "diamonds", "trump")
#: The options of the picture solos (house rules), in the order of
#: ``doko.engine.contracts.PICTURE_SOLO_CONTRACTS`` (Königssolo, Damen-Buben-, Könige-Damen-,
#: Könige-Buben-Solo, Köhler).
PICTURE_SOLO_OPTIONS = (
    "solo_kings", "solo_queens_jacks", "solo_kings_queens", "solo_kings_jacks", "solo_koehler",
)


class RulesError(ValueError):
    """A rule set, preset or option that does not exist or does not fit.

    ``key`` names the text (the catalogue's ``rules.<key>``), ``params`` fill it in (plain
    data: option names and the values given); the message is in English (``str``) and German
    (:meth:`text`).
    """

    def __init__(self, key: str, /, **params: object) -> None:
        self.key = key
        self.params = params
        super().__init__(self.text("en"))

    def text(self, lang: str = "en") -> str:
        """The message in ``lang`` (``"en"`` or ``"de"``)."""
        return text("rules." + self.key, lang_of(lang), **self.params)


@dataclass(frozen=True)
class BockRules:
    """Bockrunden (house rule): after a trigger the next games count double.

    ``length``: how many games one Bock lasts; ``None`` means one pass of the dealer round
    (as many games as there are players at the table). ``stacking``: ``"add"`` queues a new Bock
    after the ones already pending; ``"double"`` lets overlapping Bocks multiply (Doppelbock:
    value x4).
    """

    triggers: tuple[str, ...] = BOCK_TRIGGERS
    length: int | None = None
    stacking: str = "add"

    def __post_init__(self) -> None:
        bad = [t for t in self.triggers if t not in BOCK_TRIGGERS]
        if bad:
            raise RulesError("bock_triggers", bad=bad, known=", ".join(BOCK_TRIGGERS))
        if self.length is not None and self.length < 1:
            raise RulesError("bock_length", value=self.length)
        if self.stacking not in ("add", "double"):
            raise RulesError("bock_stacking", value=self.stacking)


@dataclass(frozen=True)
class Rules:
    """A rule set. Every field's default is the TSR; each other value is a house rule."""

    name: str = "tsr"
    #: TSR 6.4.2 shifts the call deadlines in a Hochzeit by the Klärungsstich; False: the
    #: Normalspiel deadlines (house rule, "today's common practice" per seed 002).
    marriage_shift: bool = True
    #: Re and Kontra each double the game value instead of adding 2 points (house rule).
    re_kontra_double: bool = False
    #: Two ♥10 in one trick: "first" wins (TSR 5.3.3); "second" beats the first;
    #: "second_except_last": the second wins except in the last trick (house rules).
    dulle: str = "first"
    #: In a Farbsolo the ten of the trump suit takes the ♥10's place as top trump and the ♥10
    #: is a plain heart (regional house rule, seed 002).
    dulle_moves: bool = False
    #: The soloist leads trick 1 in every solo, Lustsolo included (house rule).
    soloist_leads: bool = False
    #: False: play without the nines (40 cards, 10 each; every call deadline 2 cards lower).
    nines: bool = True
    #: Bockrunden (house rule); None: off.
    bock: BockRules | None = field(default=None)
    #: False: in a declared Farbsolo (Karo, Herz, Pik, Kreuz) the ♥10 are no top trumps but
    #: plain hearts (in a Herz-Solo the ten of the trump suit); house rule "Farbsolo ohne
    #: Dullen", goes before ``dulle_moves``.
    solo_dullen: bool = True
    # -- Weitere Sonderpunkte (house rules; like TSR 7.2.3 only in a Normalspiel) -----------
    #: "Karlchen gefangen": each ♣J of the other party in the last trick, won by a party: 1.
    charlie_caught: bool = False
    #: "Fuchs im letzten Stich": a ♦A wins the last trick: 1 to the party that played it.
    fox_last_trick: bool = False
    #: "Dulle gefangen": each ♥10 of the other party in a trick won by a party: 1.
    dulle_caught: bool = False
    # -- Karlchen im Solo, Doppelkopf thresholds (issue 21, helper pigs; docs/rules.md
    # "Weitere Sonderpunkte") ------------------------------------------------------------------
    #: "Karlchen im Solo": a ♣J that wins the last trick of a solo (every solo kind and the
    #: stille Hochzeit) scores 1 for its party, scored like the game (times 3 for the soloist).
    charlie_solo: bool = False
    #: "Doppelkopf" threshold: a trick of at least this many Augen is a Doppelkopf (40: TSR
    #: 7.2.3; 35 or 30: house rules). Tricks under 40 Augen count as ``doppelkopf_low``.
    doppelkopf_eyes: int = 40
    # -- Schweinchen (issue 21, helper pigs; docs/rules.md "Schweinchen") ----------------------
    #: Schweinchen: the holder of both ♦A may announce them; from then on they are the highest
    #: trumps. "off", "play" (on turn, at the latest with the first ♦A) or "query" (before the
    #: first card is played).
    pigs: str = "off"
    #: Schweinchen in a declared solo: "never", "diamonds" (Karo-Solo) or "trump" (every
    #: Farbsolo: the trump suit's aces, tens, nines).
    pigs_solo: str = "never"
    #: Superschweinchen: after the Schweinchen the holder of both ♦10 may announce them, above
    #: the Schweinchen.
    superpigs: bool = False
    #: Hyperschweinchen: after the Superschweinchen the holder of both ♦9 (♦K without nines) may
    #: announce them, above the Superschweinchen.
    hyperpigs: bool = False
    # -- Weitere Soli: the picture solos (house rules, docs/rules.md "Weitere Soli") ---------
    #: Königssolo: only the kings are trumps (♣K ♠K ♥K ♦K).
    solo_kings: bool = False
    #: Damen-Buben-Solo: queens, then jacks (♣Q ... ♦Q ♣J ... ♦J).
    solo_queens_jacks: bool = False
    #: Könige-Damen-Solo: kings, then queens.
    solo_kings_queens: bool = False
    #: Könige-Buben-Solo: kings, then jacks.
    solo_kings_jacks: bool = False
    #: Köhler (Dreibildersolo): kings, then queens, then jacks.
    solo_koehler: bool = False
    # -- Armut and Schmeißen (house rules, docs/rules.md "Armut", "Schmeißen") ------------
    #: Armut: a player with at most 3 trumps may name it as its Vorbehalt (Solo > Armut >
    #: Hochzeit), hands its trumps over to a taker and gets as many cards back.
    armut: bool = False
    #: How the ♦A count for the Armut's (and Schmeißen's) trump count: ARMUT_FOX_RULES.
    armut_fox: str = "counts"
    #: Schmeißen: a player may throw in the Vorbehaltsabfrage with 5 or more nines ...
    throw_nines: bool = False
    #: ... with 5 or more kings ...
    throw_kings: bool = False
    #: ... with at most 3 trumps (counted as for the Armut) ...
    throw_trumps: bool = False
    #: ... with nines and kings together at least this many (0: off; 7 or 8).
    throw_nines_kings: int = 0
    #: Who deals after a thrown game or an Armut nobody took: "same" or "next" (THROW_DEALERS).
    throw_dealer: str = "same"
    #: Whether a thrown game (or an Armut nobody took) counts as a game of the round and gets a
    #: row of 0 points in the Spielliste.
    throw_counts: bool = False
    # -- Genscher (issue 21, helper genscher; docs/rules.md "Genscher") ------------------------
    #: Genscher: in a Normalspiel the holder of both ♦K, having played the second, names a new
    #: partner (codes 51..53); the two are Re, the other two Kontra.
    genscher: bool = False

    def __post_init__(self) -> None:
        if self.dulle not in DULLE_RULES:
            raise RulesError("dulle", known=", ".join(DULLE_RULES), value=self.dulle)
        if (isinstance(self.doppelkopf_eyes, bool) or not isinstance(self.doppelkopf_eyes, int)
                or self.doppelkopf_eyes not in DOPPELKOPF_EYES):
            raise RulesError("doppelkopf_eyes", value=self.doppelkopf_eyes,
                             known=", ".join(map(str, DOPPELKOPF_EYES)))
        if self.pigs not in PIGS_RULES:
            raise RulesError("one_of", key="pigs", value=self.pigs, known=", ".join(PIGS_RULES))
        if self.pigs_solo not in PIGS_SOLO_RULES:
            raise RulesError("one_of", key="pigs_solo", value=self.pigs_solo,
                             known=", ".join(PIGS_SOLO_RULES))
        if self.armut_fox not in ARMUT_FOX_RULES:
            raise RulesError("armut_fox", known=", ".join(ARMUT_FOX_RULES), value=self.armut_fox)
        if self.throw_nines_kings not in THROW_NINES_KINGS:
            raise RulesError("throw_nines_kings", value=self.throw_nines_kings)
        if self.throw_dealer not in THROW_DEALERS:
            raise RulesError("throw_dealer", known=", ".join(THROW_DEALERS),
                             value=self.throw_dealer)

    @property
    def schmeissen(self) -> bool:
        """True if some criterion of Schmeißen is on."""
        return (self.throw_nines or self.throw_kings or self.throw_trumps
                or self.throw_nines_kings > 0)

    def plays_extra(self, key: str) -> bool:
        """Whether these rules count the Sonderpunkt ``key`` of a house rule (an ``Extras``
        field of :data:`SONDERPUNKT_OPTIONS` or :data:`PIGS_EXTRA_OPTIONS`).

        >>> low = Rules(doppelkopf_eyes=35)
        >>> TSR.plays_extra("doppelkopf_low"), low.plays_extra("doppelkopf_low")
        (False, True)
        """
        for option, extra in (*SONDERPUNKT_OPTIONS.items(), *PIGS_EXTRA_OPTIONS.items()):
            if extra == key:
                value = getattr(self, option)
                return value < 40 if option == "doppelkopf_eyes" else bool(value)
        raise KeyError(key)

    @property
    def hand_size(self) -> int:
        """Cards per hand: 12, or 10 without nines."""
        return 12 if self.nines else 10

    @property
    def picture_solos(self) -> tuple[bool, ...]:
        """Which picture solos this rule set plays, in the order of
        :data:`PICTURE_SOLO_OPTIONS`."""
        return tuple(bool(getattr(self, key)) for key in PICTURE_SOLO_OPTIONS)

    @property
    def is_tsr(self) -> bool:
        """True if every option is as the TSR says."""
        return self.options() == {}

    def options(self, base_rules: Rules | None = None) -> dict[str, Any]:
        """The options that differ from ``base_rules`` (default: the TSR), JSON-able."""
        base = asdict(base_rules if base_rules is not None else Rules())
        mine = asdict(self)
        out = {k: v for k, v in mine.items() if k != "name" and v != base[k]}
        if "bock" in out and out["bock"] is not None:
            out["bock"] = {**out["bock"], "triggers": list(out["bock"]["triggers"])}
        return out

    def to_json(self) -> str | dict[str, Any]:
        """The preset name if this is a preset, else ``{"name": preset, **differences}``."""
        base = PRESETS.get(self.name, TSR)
        if self == base:
            return self.name
        return {"name": self.name, **self.options(base)}

    @classmethod
    def from_json(cls, obj: object) -> Rules:
        """A rule set from a preset name or ``{"name": preset, option: value, ...}``; raises
        :class:`RulesError` naming what does not fit."""
        if isinstance(obj, str):
            return preset(obj)
        if not isinstance(obj, dict):
            raise RulesError("not_object", value=obj)
        name = obj.get("name", "tsr")
        if not isinstance(name, str):
            raise RulesError("name", value=name)
        known = {f.name for f in fields(cls)}
        unknown = set(obj) - known
        if unknown:
            raise RulesError("unknown_options", keys=", ".join(sorted(unknown)))
        changes: dict[str, Any] = {k: v for k, v in obj.items() if k != "name"}
        for key in _BOOL_FIELDS:  # every option whose TSR value is a bool takes only bools
            if key in changes and not isinstance(changes[key], bool):
                raise RulesError("not_bool", key=key)
        for key in ("charlie_solo", "superpigs", "hyperpigs",  # issue 21, helper pigs
                    "genscher"):  # issue 21, helper genscher
            if key in changes and not isinstance(changes[key], bool):
                raise RulesError("not_bool", key=key)
        # Armut and Schmeißen
        for key in ("armut", "throw_nines", "throw_kings", "throw_trumps", "throw_counts"):
            if key in changes and not isinstance(changes[key], bool):
                raise RulesError("not_bool", key=key)
        tnk = changes.get("throw_nines_kings", 0)
        if isinstance(tnk, bool) or not isinstance(tnk, int):
            raise RulesError("throw_nines_kings", value=tnk)
        if "bock" in changes and changes["bock"] is not None:
            changes["bock"] = _bock_from_json(changes["bock"])
        base = PRESETS[name] if name in PRESETS else Rules(name=name)
        return replace(base, **changes)


def _bock_from_json(b: object) -> BockRules:
    """The Bock options of a rule set's JSON form; raises :class:`RulesError`."""
    if not isinstance(b, dict) or set(b) - {"triggers", "length", "stacking"}:
        raise RulesError("bock_object")
    triggers = b.get("triggers", list(BOCK_TRIGGERS))
    if not isinstance(triggers, list) or not all(isinstance(t, str) for t in triggers):
        raise RulesError("bock_triggers_list", value=triggers)
    length = b.get("length")
    if length is not None and (not isinstance(length, int) or isinstance(length, bool)):
        raise RulesError("bock_length_type", value=length)
    return BockRules(triggers=tuple(triggers), length=length, stacking=b.get("stacking", "add"))


TSR = Rules()
_BOOL_FIELDS = tuple(f.name for f in fields(Rules) if isinstance(getattr(TSR, f.name), bool))

#: A typical selection for a home game: Bockrunden, Re/Kontra doubling, the second ♥10 beats
#: the first except in the last trick, and the Normalspiel deadlines in a Hochzeit.
HAUSREGELN = Rules(
    name="hausregeln",
    marriage_shift=False,
    re_kontra_double=True,
    dulle="second_except_last",
    bock=BockRules(),
)

#: The home rules and the further house rules of docs/rules.md that many private tables and
#: online platforms add: the Sonderpunkte Karlchen gefangen, Fuchs im letzten Stich and Dulle
#: gefangen, Farbsoli without the Dullen, and the picture solos.
ERWEITERT = replace(
    HAUSREGELN, name="erweitert", charlie_caught=True, fox_last_trick=True, dulle_caught=True,
    solo_dullen=False,
    # the picture solos (docs/rules.md "Weitere Soli")
    solo_kings=True, solo_queens_jacks=True, solo_kings_queens=True, solo_kings_jacks=True,
    solo_koehler=True,
)
# Karlchen im Solo and the Schweinchen (announced when played, as most online tables do) in the
# extended house rules (issue 21, helper pigs)
ERWEITERT = replace(ERWEITERT, charlie_solo=True, pigs="play", superpigs=True)
# Armut and Schmeißen (docs/rules.md): Armut with a single ♦A not counted, Schmeißen with
# 5 nines, 5 kings or 7 nines and kings; the same dealer deals again, the game does not count.
ERWEITERT = replace(ERWEITERT, armut=True, armut_fox="single_not", throw_nines=True,
                    throw_kings=True, throw_nines_kings=7)
# the Genscher in the extended house rules (issue 21, helper genscher)
ERWEITERT = replace(ERWEITERT, genscher=True)

PRESETS: dict[str, Rules] = {"tsr": TSR, "hausregeln": HAUSREGELN, "erweitert": ERWEITERT}


def preset(name: str) -> Rules:
    """The preset called ``name``; raises :class:`RulesError` for an unknown one."""
    try:
        return PRESETS[name]
    except KeyError:
        raise RulesError("unknown_preset", name=name, known=", ".join(sorted(PRESETS))) from None


# -- choosing single options (doko play --option key=value, the web table's switches) ----------

#: The words a bool option's value may be given as (terminal, web form, JSON strings).
_BOOL_WORDS = {
    "true": True, "on": True, "yes": True, "ja": True, "an": True, "1": True,
    "false": False, "off": False, "no": False, "nein": False, "aus": False, "0": False,
}


def _bock_value(rules: Rules) -> str:
    return "off" if rules.bock is None else rules.bock.stacking


def _bock_of(value: str, current: BockRules | None) -> BockRules | None:
    if value == "off":
        return None
    base = current if current is not None else BockRules()
    return replace(base, stacking=value)


#: Options whose value is not a plain bool, str or int: how each reads as a word and how a word
#: sets it (the words are the catalogue's ``rules.opt.<key>.<value>``).
_COMPOSITE: dict[str, tuple[Any, Any]] = {"bock": (_bock_value, _bock_of)}


@dataclass(frozen=True)
class OptionSpec:
    """One option of :class:`Rules` as the front ends offer it: a switch (``kind`` ``"bool"``)
    or a choice among ``values`` (``"choice"``: the values the text catalogue names as
    ``rules.opt.<key>.<value>``). Made from the fields of :class:`Rules`, so every option a
    field adds appears in ``doko play --option``, ``--list-options`` and the web table."""

    key: str
    kind: str
    values: tuple[str, ...]

    def label(self, lang: str = "de") -> str:
        """The option's label (``rules.opt.<key>``)."""
        return text("rules.opt." + self.key, lang_of(lang))

    def value_label(self, value: str, lang: str = "de") -> str:
        """A value in words: "an"/"aus" for a switch, else ``rules.opt.<key>.<value>``."""
        if self.kind == "bool":
            return text("rules.bool." + value, lang_of(lang))
        return text(f"rules.opt.{self.key}.{value}", lang_of(lang))

    def to_json(self, lang: str = "de") -> dict[str, Any]:
        """The option for a client: key, kind, values, and the words in ``lang``."""
        return {"key": self.key, "kind": self.kind, "values": list(self.values),
                "label": self.label(lang),
                "value_labels": {v: self.value_label(v, lang) for v in self.values}}


@cache
def option_specs() -> tuple[OptionSpec, ...]:
    """Every option of :class:`Rules` (every field but ``name``), in field order. Made once
    (it reads the whole text catalogue) and kept: the result is immutable.

    >>> [s.key for s in option_specs()][:3]
    ['marriage_shift', 're_kontra_double', 'dulle']
    >>> next(s for s in option_specs() if s.key == "dulle").values
    ('first', 'second', 'second_except_last')
    """
    out = []
    for f in fields(Rules):
        if f.name == "name":
            continue
        if f.name in _BOOL_FIELDS:
            out.append(OptionSpec(f.name, "bool", ("true", "false")))
            continue
        prefix = f"rules.opt.{f.name}."
        values = tuple(k[len(prefix):] for k in TEXTS if k.startswith(prefix))
        out.append(OptionSpec(f.name, "choice", values))
    return tuple(out)


def option_value(rules: Rules, key: str) -> str:
    """The value of option ``key`` of ``rules`` as a word of its :class:`OptionSpec`.

    >>> option_value(HAUSREGELN, "dulle"), option_value(HAUSREGELN, "bock")
    ('second_except_last', 'add')
    >>> option_value(TSR, "nines")
    'true'
    """
    if key in _COMPOSITE:
        return str(_COMPOSITE[key][0](rules))
    value = getattr(rules, key)
    if isinstance(value, bool):
        return "true" if value else "false"
    return "off" if value is None else str(value)


def parse_option(arg: str) -> tuple[str, str]:
    """``"key=value"`` as ``(key, value)``; :class:`RulesError` otherwise."""
    key, sep, value = arg.partition("=")
    if not sep or not key.strip() or not value.strip():
        raise RulesError("option_syntax", value=arg)
    return key.strip(), value.strip()


def with_options(rules: Rules, changes: Mapping[str, object]) -> Rules:
    """``rules`` with the options ``changes`` (key -> value: a bool, or a word of the option's
    :class:`OptionSpec`, e.g. ``"true"``, ``"second"``, ``"off"``); the name stays the
    preset's, so the JSON form is the preset plus what differs. :class:`RulesError` names an
    unknown option or a value it cannot take.

    >>> r = with_options(TSR, {"solo_koehler": "true", "dulle": "second"})
    >>> r.to_json()
    {'name': 'tsr', 'dulle': 'second', 'solo_koehler': True}
    >>> try:
    ...     with_options(TSR, {"armour": "on"})
    ... except RulesError as e:
    ...     print(e.text("de")[:44])
    unbekannte Regel-Option 'armour'; bekannt: m
    """
    specs = {s.key: s for s in option_specs()}
    out: dict[str, Any] = {}
    for key, raw in changes.items():
        spec = specs.get(key)
        if spec is None:
            raise RulesError("unknown_option", key=key, known=", ".join(specs))
        word = ("true" if raw else "false") if isinstance(raw, bool) else str(raw).strip()
        if spec.kind == "bool":
            value = _BOOL_WORDS.get(word.lower())
            if value is None:
                raise RulesError("bad_value", key=key, value=raw, values="true, false")
            out[key] = value
            continue
        if word not in spec.values:
            raise RulesError("bad_value", key=key, value=raw, values=", ".join(spec.values))
        if key in _COMPOSITE:
            out[key] = _COMPOSITE[key][1](word, getattr(rules, key))
            continue
        default = getattr(TSR, key)
        if word == "off" and (default is None or getattr(rules, key) is None):
            out[key] = None
        elif isinstance(default, int):
            out[key] = int(word)
        else:
            out[key] = word
    return replace(rules, **out)


def option_changes(rules: Rules) -> dict[str, str]:
    """The options of ``rules`` that differ from its preset: key -> value word.

    >>> option_changes(with_options(HAUSREGELN, {"bock": "off", "solo_kings": True}))
    {'bock': 'off', 'solo_kings': 'true'}
    """
    base = PRESETS.get(rules.name, TSR)
    out = {}
    for spec in option_specs():
        value = option_value(rules, spec.key)
        if value != option_value(base, spec.key):
            out[spec.key] = value
    return out


def option_lines(rules: Rules, lang: str = "de") -> list[tuple[str, str, str]]:
    """The options of ``rules`` that differ from its preset, as ``(key, label, value in
    words)``: what every seat of a table is shown beside the preset's name."""
    specs = {s.key: s for s in option_specs()}
    return [(key, specs[key].label(lang), specs[key].value_label(value, lang))
            for key, value in option_changes(rules).items()]
