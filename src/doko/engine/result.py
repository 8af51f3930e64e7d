"""From a finished game to its score (TSR 7): the summary the scoring works on.

>>> from doko.engine.game import Game
>>> g = Game.deal(seed=5)
>>> while not g.is_over:
...     g.apply(g.legal_actions()[0])
>>> r = game_result(g)
>>> sum(r.seat_scores(g.re_seats())) == 0
True
"""

from __future__ import annotations

from doko.engine.contracts import MARRIAGE, NORMAL, SILENT_MARRIAGE
from doko.engine.game import REDEALS, Game
from doko.engine.scoring import ARMUT, Extras, GameSummary, Score, redeal_score, score
from doko.engine.vocab import Party


def summary_of(game: Game) -> GameSummary:
    """The scoring summary of a finished game: contract, Augen, tricks, calls, Sonderpunkte."""
    if not game.is_over:
        raise ValueError("the game is not finished yet: there is no result")
    if game.ended in REDEALS:
        raise ValueError("the game was dealt again without cards played: there is no result")
    if game.marriage_solo or game.contract not in (NORMAL, MARRIAGE, SILENT_MARRIAGE):
        contract = "solo"
    elif game.taker >= 0:
        contract = ARMUT
    else:
        contract = game.contract.record_name
    re_x, ko_x = game.sonderpunkte()
    return GameSummary(
        contract=contract,
        re_eyes=game.re_eyes(),
        re_tricks=game.re_tricks(),
        re_calls=game.level[Party.RE],
        kontra_calls=game.level[Party.KONTRA],
        re_extras=Extras(**re_x),
        kontra_extras=Extras(**ko_x),
        nines=game.rules.nines,
    )


def game_result(game: Game) -> Score:
    """The score of a finished game by TSR 7 (and its house rules), with its line items; a
    game dealt again (Schmeißen, an Armut nobody took) has the empty :func:`redeal_score`."""
    if game.is_over and game.ended in REDEALS:
        return redeal_score()
    return score(summary_of(game), game.rules)


def seat_scores(game: Game) -> list[int]:
    """Points for seats 0..3 of a finished game."""
    return game_result(game).seat_scores(game.re_seats())
