"""The rules engine: cards and card orders, the game as a state machine, claims, views, scoring,
records, rules and the shared vocabulary. It imports nothing from the rest of doko.

* :mod:`~doko.engine.cards`: the 24 card kinds, two of each; hands as bit masks;
* :mod:`~doko.engine.contracts`: game kinds, card orders, the trick winner (TSR 5.3.3);
* :mod:`~doko.engine.actions`, :mod:`~doko.engine.vocab`: actions and the enums every layer uses;
* :mod:`~doko.engine.game`: :class:`~doko.engine.game.Game` (TSR 3 to 6);
* :mod:`~doko.engine.claims`: is a soloist's claim certain (TSR 5.4.4, 9.2.2);
* :mod:`~doko.engine.view`: what one seat may know (:func:`~doko.engine.view.view`);
* :mod:`~doko.engine.scoring`, :mod:`~doko.engine.result`: the score of a game (TSR 7);
* :mod:`~doko.engine.record`: the ``doko-game/1`` record; :mod:`~doko.engine.rules`: the rules
  and house rules; :mod:`~doko.engine.errors`: the errors, each a ``ValueError``.
"""
