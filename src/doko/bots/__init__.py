"""Computer players (policies) for doko."""
