"""doko: Doppelkopf by the tournament rules (TSR) of the Deutscher Doppelkopf-Verband."""

__version__ = "0.1.0"
