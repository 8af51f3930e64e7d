"""Write the positions ``doko solve --bench`` solves, one a line, for the native solver's
benchmark example (``cargo run --release --example solver_bench -- FILE``): the four hands (bit
sets), the leader and the four parties (1 Re, 0 Kontra).

    python scripts/solver_positions.py --tricks 12 --deals 20 [--seed 0] > pos12.txt
"""

from __future__ import annotations

import argparse
from itertools import islice

from doko.cli.solve import normal_positions


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--tricks", type=int, default=6, help="tricks left (default: 6)")
    p.add_argument("--deals", type=int, default=20, help="positions (default: 20)")
    p.add_argument("--seed", type=int, default=0, help="first seed (default: 0)")
    ns = p.parse_args()
    for g in islice(normal_positions(ns.tricks, ns.seed), ns.deals):
        fields = [*g.hands, g.trick_leader, *(int(x) for x in g.is_re)]
        print(" ".join(str(x) for x in fields))


if __name__ == "__main__":
    main()
