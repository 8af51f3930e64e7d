"""Doppelkopf tournaments (TSR 8): players, seat draws, Serien, results from the Spielliste,
rankings and print-outs."""
