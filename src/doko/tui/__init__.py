"""The terminal front end of ``doko play`` (needs Rich: ``pip install doko[tui]``).

* :mod:`doko.tui.parse`: what the player types (German and English words, card codes);
* :mod:`doko.tui.texts`: the German and English texts;
* :mod:`doko.tui.render`: the table, the hand, the score breakdown and the Spielliste (Rich);
* :mod:`doko.tui.app`: the game and round loop with the computer players.

The engine never imports this package; :mod:`doko.cli.play` imports it when ``doko play`` runs.
"""
