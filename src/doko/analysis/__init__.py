"""Learning from games: hints from a seat's view, the analysis of finished games by the solver
(open and knowable losses per decision) and statistics per player."""
