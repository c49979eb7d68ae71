"""Value sets as pages write them."""

from __future__ import annotations

import pytest

from auditor.extract.numbers import normalize, values_in

ALL = list(range(10))


@pytest.mark.parametrize(
    ("text", "cards", "expected"),
    [
        ("0-5", False, [0, 1, 2, 3, 4, 5]),
        ("0–5", False, [0, 1, 2, 3, 4, 5]),
        ("0 to 5", False, [0, 1, 2, 3, 4, 5]),
        ("zero through five", False, [0, 1, 2, 3, 4, 5]),
        ("0~5", False, [0, 1, 2, 3, 4, 5]),
        ("5 or less", False, [0, 1, 2, 3, 4, 5]),
        ("less than 6", False, [0, 1, 2, 3, 4, 5]),
        ("between 2 and 7", False, [2, 3, 4, 5, 6, 7]),
        ("between 2-7", False, [2, 3, 4, 5, 6, 7]),
        ("6 or 7", False, [6, 7]),
        ("4 and above", False, [4, 5, 6, 7, 8, 9]),
        ("0, 1, 2 or 3", False, [0, 1, 2, 3]),
        ("0-1-2-3-4-5-6-7-9", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("0-1-8-9", True, [0, 1, 8, 9]),
        ("2-7", True, [2, 3, 4, 5, 6, 7]),
        ("0-7, 9", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("any card except 8", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("all but an 8", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("anything other than an eight", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("If Player draws any third card (unless it is an 8)", True, [0, 1, 2, 3, 4, 5, 6, 7, 9]),
        ("10/J/Q/K", True, [0]),
        ("a 10, J, Q or K (worth 0) or an ace", True, [0, 1]),
        ("picture cards", True, [0]),
        ("Always", True, ALL),
        ("never", True, []),
        ("nought to five", False, [0, 1, 2, 3, 4, 5]),
    ],
)
def test_values(text, cards, expected):
    assert sorted(values_in(normalize(text), cards=cards)) == expected


@pytest.mark.parametrize("text", ["pays 8 to 1", "a 5% commission", "£100", "two cards", "8 decks", "clause 3.2"])
def test_numbers_that_are_not_values(text):
    assert values_in(normalize(text)) is None
