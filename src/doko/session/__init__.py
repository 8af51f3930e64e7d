"""Rounds (Spielrunde) and the score sheet (Spielliste): TSR 3.3, 4.2, 4.3, 7.3, 8.5, 8.6, 9.3,
9.4 and 10.1, with Bockrunden as a house rule. See ``docs/rounds.md``.

* :mod:`doko.session.round`: the :class:`Round` state machine (dealer, Pflichtsoli,
  Vorführung, time limit, Bock, every entry checked against TSR 7.3.3);
* :mod:`doko.session.files`: round files written atomically and read back;
* :mod:`doko.session.sheet`: the Spielliste as text, CSV and JSON, and the status lines.
"""

from doko.session.files import write_atomic
from doko.session.round import (
    FORMAT,
    TSR_LENGTH,
    Context,
    Round,
    RoundError,
    RoundFileError,
    Row,
)
from doko.session.sheet import format_sheet, sheet_csv, sheet_json, status_lines

__all__ = [
    "FORMAT",
    "TSR_LENGTH",
    "Context",
    "Round",
    "RoundError",
    "RoundFileError",
    "Row",
    "format_sheet",
    "sheet_csv",
    "sheet_json",
    "status_lines",
    "write_atomic",
]
