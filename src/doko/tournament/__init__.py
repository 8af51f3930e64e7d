"""Doppelkopf tournaments (TSR 8): players, seat draws, Serien, results from the Spielliste,
rankings and print-outs. See ``docs/tournament.md``.

* :mod:`doko.tournament.draw`: the seat draws (seeded Serie 1, later Serien against repeated
  encounters, positions rotated, seating by ranking, 5-tables) and their figures;
* :mod:`doko.tournament.model`: the :class:`Tournament` and its crash-safe file;
* :mod:`doko.tournament.export`: the ranking as text, CSV and JSON, and the log;
* :mod:`doko.tournament.printout`: seat plans, table cards, Spielliste forms and the ranking
  as HTML and PDF.
"""

from doko.tournament.draw import (
    DrawError,
    draw_plan,
    draw_serie,
    quality,
    repeat_lower_bound,
    repeated_pairs,
    table_sizes,
)
from doko.tournament.model import Tournament, TournamentError, TournamentFileError

__all__ = [
    "DrawError",
    "Tournament",
    "TournamentError",
    "TournamentFileError",
    "draw_plan",
    "draw_serie",
    "quality",
    "repeat_lower_bound",
    "repeated_pairs",
    "table_sizes",
]
