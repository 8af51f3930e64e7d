"""Doppelkopf for reinforcement learning: PettingZoo and Gymnasium environments, an OpenSpiel
game, observation tensors and a vectorised environment (the `rl` extra)."""
