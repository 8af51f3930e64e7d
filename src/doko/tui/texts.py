"""The words of ``doko play``, German and English, from the text catalogue
(:mod:`doko.engine.texts`, keys ``tui.*``). TSR terms (Re, Kontra, Vorbehalt, Hochzeit,
keine 90, Pflichtsolo, Vorführung, ...) stay German in both.

>>> tr("en", "trick_to", n=3, name="Anna", eyes=25)
'Trick 3 → Anna (25 Augen)'
"""

from __future__ import annotations

from doko.engine.actions import SOLO_INDEX, code_text
from doko.engine.contracts import SOLO_CONTRACTS
from doko.engine.texts import LANGS, text
from doko.engine.vocab import Contract

__all__ = ["BOT_NAMES", "HUMAN_NAMES", "call_word", "contract_text", "solo_text", "tr"]

#: names of the computer players by seat (the human's seat takes HUMAN_NAMES[lang])
BOT_NAMES = ("Anna", "Bert", "Clara", "Dirk")
HUMAN_NAMES = {lang: text("tui.you", lang) for lang in LANGS}


def tr(lang: str, key: str, **params: object) -> str:
    """The terminal's text ``key`` in ``lang`` with ``params`` filled in: the catalogue's
    ``tui.<key>`` (:func:`doko.engine.texts.text`)."""
    return text("tui." + key, lang, **params)


def call_word(code: int) -> str:
    """``Re``, ``Kontra``, ``keine 90`` ... for a call code."""
    return code_text(code)


def solo_text(code: int, lang: str) -> str:
    """The name of the solo with naming code ``code`` (e.g. ``Damensolo``)."""
    return SOLO_CONTRACTS[SOLO_INDEX[code]].label(lang)


def contract_text(name: str, lang: str) -> str:
    """The label of a contract name such as ``solo_queens``."""
    return Contract.from_record_name(name).label(lang)
