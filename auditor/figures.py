"""Percentages as pages and rulesets write them, and when one matches an exact figure.

A figure given to k decimal places (as a percentage) matches a computed one when they differ by
less than one unit of its last digit: "1.06%" matches 1.0579%, "1.0%" matches 1.05%.
"""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from fractions import Fraction

from . import lazy_re

_PERCENT = lazy_re.compile(r"^\s*(-?\d+(?:\.(\d+))?)\s*%?\s*$")


@dataclass(frozen=True)
class Percent:
    """A percentage with the number of decimals it was written with."""

    value: Decimal
    """The percentage as written (1.06 for "1.06%")."""
    decimals: int

    @classmethod
    def parse(cls, text: str) -> Percent:
        m = _PERCENT.match(text)
        if not m:
            raise ValueError(f"not a percentage: {text!r}")
        return cls(Decimal(m.group(1)), len(m.group(2) or ""))

    @property
    def fraction(self) -> Fraction:
        """As a fraction of one (0.0106 for 1.06%)."""
        return Fraction(self.value) / 100

    def complement(self) -> Percent:
        """100% minus this figure, to the same decimals (an RTP of 98.94% is an edge of 1.06%)."""
        return Percent(Decimal(100) - self.value, self.decimals)

    def matches(self, exact: Fraction) -> bool:
        return abs(exact * 100 - Fraction(self.value)) < Fraction(1, 10**self.decimals)

    def __str__(self) -> str:
        return f"{self.value}%"


def percent_text(x: Fraction | float, decimals: int = 4) -> str:
    """An exact figure as a percentage with `decimals` places ("1.0579%")."""
    return f"{float(x) * 100:.{decimals}f}%"
