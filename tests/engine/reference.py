"""An independent, slow, obviously-correct deal enumerator to check the engine against.

It walks the deal card by card as a dealer would, over the values the shoe still holds.
"""

from __future__ import annotations

from collections import Counter

from auditor.engine import DrawingRules


def deal_outcomes(values: tuple[int, ...], rules: DrawingRules) -> Counter:
    """Counter of (winner, player cards, banker cards) over six-card sequences."""
    result: Counter = Counter()
    counts = list(values)

    def draw(remaining: int):
        for v in range(10):
            if counts[v]:
                weight = counts[v]
                counts[v] -= 1
                yield v, weight
                counts[v] += 1

    def pad(k: int, weight: int) -> int:
        n = sum(counts)
        for i in range(k):
            weight *= n - i
        return weight

    for p1, w1 in draw(4):
        for b1, w2 in draw(3):
            for p2, w3 in draw(2):
                for b2, w4 in draw(1):
                    w = w1 * w2 * w3 * w4
                    pt, bt = (p1 + p2) % 10, (b1 + b2) % 10
                    if pt in rules.naturals or bt in rules.naturals:
                        result[(_winner(pt, bt), 2, 2)] += pad(2, w)
                        continue
                    if pt in rules.player_draws:
                        for p3, w5 in draw(0):
                            npt = (pt + p3) % 10
                            if p3 in rules.banker_draws[bt]:
                                for b3, w6 in draw(0):
                                    result[(_winner(npt, (bt + b3) % 10), 3, 3)] += w * w5 * w6
                            else:
                                result[(_winner(npt, bt), 3, 2)] += pad(1, w * w5)
                    elif bt in rules.banker_draws_player_stood:
                        for b3, w5 in draw(0):
                            result[(_winner(pt, (bt + b3) % 10), 2, 3)] += pad(1, w * w5)
                    else:
                        result[(_winner(pt, bt), 2, 2)] += pad(2, w)
    return result


def _winner(pt: int, bt: int) -> str:
    return "player" if pt > bt else "banker" if bt > pt else "tie"
