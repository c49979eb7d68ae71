"""How sure the tool is: readings that use all of a structure, unread rule-bearing content,
rules no known game has, pages about two variants, and plausible charts read back certain."""

from __future__ import annotations

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from auditor.certainty import split_prose
from auditor.extract import Conflict, Evidence, Extraction, Stated
from auditor.pipeline import audit_bytes
from auditor.ruleset import load_ruleset

from .hostile.drawing_pages import LAYOUTS, Rules, page

STANDARD_ROWS = ("0123456789", "0123456789", "0123456789", "012345679", "234567", "4567", "67", "")
CLAUSES = ("<p>A natural 8 or 9 in either hand: both hands stand.</p>"
           "<p>Banker bets pay 1 to 1 less 5% commission. Tie pays 8 to 1; Player and Banker bets are returned on a tie.</p>"
           "<p>House edge: Banker 1.06%, Player 1.24%, Tie 14.36%. Eight decks are used.</p>")
PLAYER = "<p>The Player draws on 0-5 and stands on 6 or 7.</p>"
STOOD = "<p>If the Player stands, the Banker draws on 0-5 and stands on 6 or 7.</p>"


def audit(body: str):
    return audit_bytes(page(body).encode("utf-8"), "page.html")


def codes(report, certainty: str) -> Counter:
    return Counter(f.code for f in report.findings if f.certainty == certainty)


def _row_table(rows: list[tuple[str, str, str]]) -> str:
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    return ("<table><tr><th>Banker total</th><th>Player's third card</th><th>Banker action</th></tr>"
            f"{body}</table>")


def test_a_table_readable_two_ways_is_read_the_way_that_uses_all_its_cells():
    # the middle column is a condition on the action beside it, not a column to leave unread
    chart = _row_table([("0-2", "Any", "Draws"), ("3", "Not 8", "Draws"), ("3", "8", "Stands"),
                        ("4", "2-7", "Draws"), ("4", "0, 1, 8, 9", "Stands"), ("5", "4-7", "Draws"),
                        ("5", "0-3, 8, 9", "Stands"), ("6", "6-7", "Draws"), ("6", "0-5, 8, 9", "Stands"),
                        ("7", "Any", "Stands")])
    report = audit(PLAYER + STOOD + chart + CLAUSES)
    assert report.extracted["banker_draws"] == {str(t): [int(c) for c in r] for t, r in enumerate(STANDARD_ROWS)}
    assert not report.findings and not report.uncertain


def test_unread_rule_bearing_content_turns_missing_into_review():
    # the Player rule is there, in words the reader does not follow
    report = audit("<p>For the Player, a third card follows any total below six.</p>" + STOOD
                   + _row_table([(str(t), r and ", ".join(r) or "-", "Draws") for t, r in enumerate(STANDARD_ROWS)])
                   + CLAUSES)
    assert report.extracted["player_draws_on"] is None
    assert codes(report, "certain")["player-rule-missing"] == 0
    review = [f for f in report.findings if f.code == "player-rule-missing"]
    assert review and review[0].certainty == "review"
    assert "a third card follows any total below six" in review[0].doubt and "line" in review[0].doubt


def test_unread_drawing_content_under_a_drawing_heading_is_unread_even_with_no_hand_named():
    # the Banker is named in a word no lexicon knows; the heading says what the sentences are about
    report = audit(PLAYER + STOOD + "<h2>The third card</h2><p>With 0, 1 or 2 the Bankerzz draws always. With 7 the "
                   "Bankerzz stands always.</p>" + CLAUSES)
    assert report.extracted["banker_draws"] is None
    review = [f for f in report.findings if f.code == "draw-table-missing"]
    assert review and review[0].certainty == "review" and "With 0, 1 or 2" in review[0].doubt


def test_unread_items_keyed_by_a_total_under_a_drawing_heading_turn_incomplete_into_review():
    # "3: All but 8" names no draw or stand itself: the heading over it does
    report = audit(PLAYER + STOOD + "<h3>Banker · Player draws</h3><p>Banker's total on the left. On the right: the "
                   "third cards that make it draw.</p><ul><li>0-2: draws always</li><li>3: All but 8</li><li>4: 2 to 7"
                   "</li><li>7: stands</li></ul>" + CLAUSES)
    review = [f for f in report.findings if f.code == "draw-table-incomplete"]
    assert review and review[0].certainty == "review" and "3: All but 8" in review[0].doubt


def test_a_missing_rule_with_nothing_unread_is_certain():
    report = audit(STOOD + _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)])
                   + CLAUSES)
    assert codes(report, "certain")["player-rule-missing"] == 1


@pytest.mark.parametrize("player, why", [
    ("<p>The Player draws on 1, 2, 4 or 5 and stands on 0, 3, 6 or 7.</p>", "gap"),
])
def test_a_rule_no_known_game_has_is_uncertain(player, why):
    rows = [(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)]
    report = audit(player + STOOD + _row_table(rows) + CLAUSES)
    assert "player_draws_on" in report.uncertain
    divergent = [f for f in report.findings if f.code == "draw-rule-divergent"]
    assert divergent and all(f.certainty == "review" and why in f.doubt for f in divergent)
    assert all(f.certainty == "review" for f in report.findings if f.code == "edge-divergent")


def test_banker_rows_that_rise_are_uncertain():
    rows = list(STANDARD_ROWS)
    rows[5] = "0123456789"  # draws on every card with 5 but not with 4
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    report = audit(PLAYER + STOOD + chart + CLAUSES)
    assert "banker_draws" in report.uncertain
    assert [f.certainty for f in report.findings if f.code == "draw-rule-divergent"] == ["review"]


def test_an_implausible_rule_stated_in_two_independent_places_is_certain():
    # the same rising Banker-5 row in the chart and again in a sentence: that is the page's rule
    rows = list(STANDARD_ROWS)
    rows[5] = "0123456789"
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    prose = "<p>With a total of 5 the Banker always draws, whatever the Player's third card.</p>"
    once = audit(PLAYER + STOOD + chart + CLAUSES)
    twice = audit(PLAYER + STOOD + chart + prose + CLAUSES)
    assert "banker_draws" in once.uncertain and "banker_draws" not in twice.uncertain
    assert [f.certainty for f in twice.findings if f.code == "draw-rule-divergent"] == ["certain"]
    # a rule restated within the chart's own place is not a second, independent statement
    restated = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)] + [("5", "Any", "Draws")])
    assert "banker_draws" in audit(PLAYER + STOOD + restated + CLAUSES).uncertain


def test_an_implausible_player_rule_stated_twice_is_certain():
    gap = "<p>The Player draws on 1, 2, 4 or 5 and stands on 0, 3, 6 or 7.</p>"
    grid = ("<table><tr><th>Player total</th><th>Player</th></tr>"
            + "".join(f"<tr><td>{t}</td><td>{'Draws' if t in (1, 2, 4, 5) else 'Stands'}</td></tr>" for t in range(8))
            + "</table>")
    rows = [(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)]
    report = audit(gap + grid + STOOD + _row_table(rows) + CLAUSES)
    assert report.extracted["player_draws_on"] == [1, 2, 4, 5]
    assert "player_draws_on" not in report.uncertain
    assert [f.certainty for f in report.findings if f.code == "draw-rule-divergent"] == ["certain"]


def test_a_chart_that_would_give_the_player_the_edge_is_taken_for_a_misreading():
    rows = ["0123456789"] * 7 + [""]  # the Banker draws on everything up to 6
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    report = audit(PLAYER + STOOD + chart + CLAUSES)
    divergent = [f for f in report.findings if f.code == "draw-rule-divergent"]
    assert divergent and all(f.certainty == "review" and "edge" in f.doubt for f in divergent)


def test_a_drawing_rule_missing_beside_a_misread_chart_is_for_review():
    # no Player rule is read, and the chart as read is no game's: the Player rule may be in it
    rows = ["0123456789"] * 7 + [""]
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    report = audit(STOOD + chart + CLAUSES)
    missing = [f for f in report.findings if f.code == "player-rule-missing"]
    assert missing and all(f.certainty == "review" and "misread" in f.doubt for f in missing)
    # with the chart read as a known game's, the missing Player rule is certain
    plain = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)])
    assert codes(audit(STOOD + plain + CLAUSES), "certain")["player-rule-missing"] == 1


@pytest.mark.parametrize("header, certainty", [("Frobnitz", "review"), ("Player stood", None)])
def test_a_chart_column_of_marks_under_a_header_naming_no_card_is_unread_drawing_content(header, certainty):
    # the Player-stood column headed in words no lexicon knows: its rule may be there
    head = "<tr><th>Banker</th>" + "".join(f"<th>{n}</th>" for n in range(10)) + f"<th>{header}</th></tr>"
    rows = "".join(f"<tr><td>{t}</td>" + "".join(f"<td>{'D' if str(c) in r else 'S'}</td>" for c in range(10))
                   + f"<td>{'D' if t <= 5 else 'S'}</td></tr>" for t, r in enumerate(STANDARD_ROWS))
    report = audit(PLAYER + f"<table>{head}{rows}</table><p>D = draws, S = stands.</p>" + CLAUSES)
    missing = [f for f in report.findings if f.code == "player-stood-rule-missing"]
    assert [f.certainty for f in missing] == ([certainty] if certainty else [])
    if certainty:
        assert f"\"{header} | " in missing[0].doubt


def test_a_win_probability_no_baccarat_game_has_is_uncertain():
    # the chance of a three-card 7, not of the Banker bet winning
    report = audit(PLAYER + STOOD + _standard_chart() + CLAUSES
                   + "<p>You give up only the rare Banker wins on a three-card 7, which happen in about 2% of rounds.</p>")
    assert report.extracted["stated_probabilities"] == {"banker": 0.02}
    assert "stated_probabilities" in report.uncertain
    plain = audit(PLAYER + STOOD + _standard_chart() + CLAUSES + "<p>The Banker wins 45.86% of rounds.</p>")
    assert plain.extracted["stated_probabilities"] == {"banker": 0.4586}
    assert "stated_probabilities" not in plain.uncertain


def test_commission_said_on_the_banker_s_wins_as_a_fact_of_the_page_is_none():
    report = audit(PLAYER + STOOD + _standard_chart() + "<table><tr><th>Commission on Banker wins</th><td>None</td></tr>"
                   "<tr><th>Tie bet</th><td>8 to 1</td></tr></table><p>A Banker win with a three-card 7 is a push.</p>")
    assert report.extracted["banker_commission"] == 0


def test_banker_rows_missing_beside_rows_keyed_to_the_player_total_are_for_review():
    rows = ("<ul><li>Banker with 0, 1 or 2: always draws.</li><li>Banker with 3: draws unless the Player's third card is 8.</li>"
            "<li>Banker with 4: draws if the Player's total is 2 to 7.</li><li>Banker with 5: draws if the Player's third card is 4-7.</li>"
            "<li>Banker with 6: draws if the Player's third card is 6 or 7.</li><li>Banker with 7: stands.</li></ul>")
    report = audit(PLAYER + STOOD + rows + CLAUSES)
    incomplete = [f for f in report.findings if f.code == "draw-table-incomplete"]
    assert incomplete and all(f.certainty == "review" and "keyed" in f.doubt for f in incomplete)
    assert codes(report, "certain")["draw-keyed-to-total"] == 1


def test_a_known_flaw_stays_certain():
    rows = list(STANDARD_ROWS)
    rows[3] = "01234567"  # Banker 3 stands on an 8 and a 9: a mistake real pages make
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    report = audit(PLAYER + STOOD + chart + CLAUSES)
    assert codes(report, "certain")["draw-rule-divergent"] == 1
    assert not report.uncertain


def test_a_page_about_two_variants_is_read_for_its_main_one():
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)])
    body = ("<h2>Classic Punto Banco</h2>" + PLAYER + STOOD + chart + CLAUSES
            + "<h2>No Commission (Super 6) mode</h2><p>No commission is taken; a winning Banker 6 pays 1 to 2. "
              "The Banker edge is 1.46%.</p><p>Super 6 side bet pays 12 to 1.</p>"
            + "<h2>Verdict</h2><p>No Commission mode has a higher Banker edge.</p>")
    report = audit(body)
    x = report.extracted
    assert (x["banker_commission"], x["banker_pays_on_6"], x["side_bets"]) == (0.05, None, None)
    assert report.ruleset == "punto-banco" and not report.findings


# -- plausible charts, rendered in every layout, are read back certain ------------------------

@st.composite
def plausible_rules(draw: st.DrawFn) -> Rules:
    """Rules a page might state: prefix totals for the hands, and the known Banker chart with at
    most one row changed by a card or two, as pages that err change it (never rising)."""
    player = frozenset(range(draw(st.integers(4, 7))))
    stood = frozenset(range(draw(st.integers(4, 7))))
    rows = [frozenset(int(c) for c in r) for r in STANDARD_ROWS]
    total = draw(st.integers(3, 6))
    below = rows[total + 1] if total < 7 else frozenset()
    removable = sorted(rows[total] - below)
    dropped = draw(st.lists(st.sampled_from(removable), max_size=2, unique=True)) if removable else []
    rows[total] = rows[total] - frozenset(dropped)
    return Rules(player, stood, tuple(rows))


@pytest.mark.parametrize("layout", LAYOUTS)
@settings(max_examples=40, deadline=None, derandomize=True, database=None,
          suppress_health_check=[HealthCheck.too_slow])
@given(rules=plausible_rules())
def test_a_plausible_chart_in_every_layout_is_read_back_certain(layout, rules):
    report = audit_bytes(LAYOUTS[layout](rules).encode("utf-8"), "generated.html")
    want = rules.expected()
    assert {k: report.extracted[k] for k in want} == want
    favoured = any("edge" in (why or "") for why in [f.doubt for f in report.findings])
    assert favoured or not report.uncertain


def _standard_chart() -> str:
    return _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(STANDARD_ROWS)])


def test_a_part_of_the_page_that_states_a_rule_both_ways_makes_no_certain_contradiction():
    # the sentence sets this table's Tie payout beside other tables': it states both values
    compared = "<p>Ties pay 8 to 1 here, a better deal than the 7 to 1 some tables pay.</p>"
    report = audit(PLAYER + STOOD + _standard_chart() + CLAUSES + compared)
    assert report.extracted["tie_pays"] == 8
    assert codes(report, "certain")["contradiction"] == 0
    # two places that each state one value do contradict each other, with certainty
    other = "<p>The Tie bet pays 7 to 1.</p>"
    assert codes(audit(PLAYER + STOOD + _standard_chart() + CLAUSES + other), "certain")["contradiction"] == 1


def test_a_second_player_rule_no_known_game_has_is_no_certain_contradiction():
    # one sentence read as the Player drawing on 6, against a table: more likely a misreading
    grid = ("<table><tr><th>Player total</th><th>Player</th></tr>"
            + "".join(f"<tr><td>{t}</td><td>{'Draws' if t < 6 else 'Stands'}</td></tr>" for t in range(8))
            + "</table>")
    once = "<p>The Player draws on 6.</p>"
    report = audit(grid + STOOD + _standard_chart() + CLAUSES + once)
    assert report.extracted["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    contradictions = [f for f in report.findings if f.code == "contradiction"]
    assert contradictions and all(f.certainty == "review" and "no known game" in f.doubt for f in contradictions)


def test_a_commission_beside_the_clause_that_replaces_it_is_no_certain_contradiction():
    super6 = ("<p>A winning Banker bet pays 1 to 1 with no commission; a Banker win with 6 pays 1 to 2.</p>"
              "<p>Tie pays 8 to 1; Player and Banker bets are returned on a tie.</p>")
    aside = "<p>Banker wins are paid less a 5% commission.</p>"  # (at the classic tables, the page means)
    report = audit(PLAYER + STOOD + _standard_chart() + super6 + aside)
    assert report.extracted["banker_commission"] == 0 and report.extracted["banker_pays_on_6"] == 0.5
    contradictions = [f for f in report.findings if f.code == "contradiction"]
    assert contradictions and all(f.certainty == "review" and "classic game" in f.doubt for f in contradictions)
    # with no clause replacing it, "no commission" against "5% commission" is a contradiction
    plain = "<p>A winning Banker bet pays 1 to 1 with no commission.</p><p>Tie pays 8 to 1.</p>"
    assert codes(audit(PLAYER + STOOD + _standard_chart() + plain + aside), "certain")["contradiction"] == 1


def test_a_payout_stated_across_the_sentences_of_a_paragraph_turns_missing_into_review():
    # the bet named in one sentence, its payout in the next, in words the reader does not follow
    report = audit(PLAYER + STOOD + _standard_chart()
                   + "<p>A Tie is a bet on equal totals. The house hands over 8 to 1 on it.</p>")
    assert report.extracted["tie_pays"] is None
    missing = [f for f in report.findings if f.code == "tie-payout-missing"]
    assert missing and missing[0].certainty == "review" and "hands over 8 to 1" in missing[0].doubt


def test_a_tie_said_to_be_paid_in_words_the_reader_does_not_follow_turns_missing_into_review():
    report = audit(PLAYER + STOOD + _standard_chart() + "<p>The Tie is paid at a rate of eight against one.</p>")
    assert report.extracted["tie_pays"] is None
    missing = [f for f in report.findings if f.code == "tie-payout-missing"]
    assert missing and missing[0].certainty == "review" and "eight against one" in missing[0].doubt
    # a Tie named with no payout said is no such content
    assert codes(audit(PLAYER + STOOD + _standard_chart() + "<p>You may also bet on a Tie.</p>"),
                 "certain")["tie-payout-missing"] == 1


def test_unread_figures_of_the_bets_under_an_odds_heading_turn_missing_odds_into_review():
    # the figures' kind is said only by the heading, in a cell no reader takes apart
    rules = PLAYER + STOOD + _standard_chart() + CLAUSES.replace("House edge: Banker 1.06%, Player 1.24%, Tie 14.36%. ", "")
    assert codes(audit(rules), "certain")["odds-info-missing"] == 1
    report = audit(rules + "<h2>House edge</h2><table><tr><th>Banker / Player</th></tr><tr><td>1.06% / 1.24%</td></tr></table>")
    assert report.extracted["stated_edges"] is None
    assert codes(report, "certain")["odds-info-missing"] == 0 and codes(report, "review")["odds-info-missing"] == 1


def test_an_unread_payout_of_a_side_bet_turns_its_missing_payout_into_review():
    offered = "<p>Side bets: Player Pair and Banker Pair.</p>"
    unread = "<p>Player Pair is a pair in the Player's hand. Winners collect 11 to 1.</p>"
    other = "<p>Dragon 7 is a Banker win with three cards. Winners collect 40 to 1.</p>"
    report = audit(PLAYER + STOOD + _standard_chart() + CLAUSES + offered + unread)
    assert report.extracted["side_bets"] == {"player_pair": None, "banker_pair": None}
    assert codes(report, "review")["side-bet-payout-missing"] == 2
    # unread content about another side bet leaves them certain
    assert codes(audit(PLAYER + STOOD + _standard_chart() + CLAUSES + offered + other), "certain")[
        "side-bet-payout-missing"] == 2


def test_one_sentence_against_a_value_stated_in_several_places_is_no_certain_contradiction():
    stated = ("<ul><li>Commission on Banker wins: 5%</li></ul>"
              "<table><tr><th>Bet</th><th>Pays</th></tr><tr><td>Banker</td><td>1 to 1 less 5% commission</td></tr>"
              "<tr><td>Tie</td><td>8 to 1</td></tr></table>")
    aside = "<p>There is no commission on a winning Banker bet for players in a hurry.</p>"  # (at other tables)
    report = audit(PLAYER + STOOD + _standard_chart() + stated + aside)
    assert report.extracted["banker_commission"] == 0.05
    contradictions = [f for f in report.findings if f.code == "contradiction"]
    assert contradictions and all(f.certainty == "review" and "2 places" in f.doubt for f in contradictions)
    # stated once, in one place, against one other: the page contradicts itself
    once = "<ul><li>Commission on Banker wins: 5%</li></ul><p>Tie pays 8 to 1.</p>"
    assert codes(audit(PLAYER + STOOD + _standard_chart() + once + aside), "certain")["contradiction"] == 1


def test_a_rule_the_prose_states_both_ways_once_as_known_is_not_certain():
    first = "<p>With 4 the Banker draws when the Player's third card is 1, 2, 3, 4, 5, 6 or 7.</p>"
    second = "<p>If the Banker has 4 and the Player's third card is 1, the Banker stands.</p>"
    report = audit(PLAYER + STOOD + first + second + CLAUSES)
    assert report.extracted["banker_draws"]["4"] == [1, 2, 3, 4, 5, 6, 7]
    assert "banker_draws" in report.uncertain
    divergent = [f for f in report.findings if f.code == "draw-rule-divergent"]
    assert divergent and all(f.certainty == "review" and "both ways" in f.doubt for f in divergent)
    # a chart against the prose: the chart is kept, with reason, and its flaw is certain
    rows = list(STANDARD_ROWS)
    rows[4] = "1234567"
    chart = _row_table([(str(t), ", ".join(r) or "none", "Draws") for t, r in enumerate(rows)])
    assert codes(audit(PLAYER + STOOD + chart + second + CLAUSES), "certain")["draw-rule-divergent"] == 1


def test_one_statement_read_as_changing_many_banker_rows_is_no_certain_contradiction():
    # "Draws on: 0-7, 9" under "Banker has 3" misread as totals 0-7 against a third card of 8
    x = Extraction()
    here = Evidence("Draws on: 0, 1, 2, 3, 4, 5, 6, 7, 9", 12, "/html/body/ul/li[2]")
    for total in (4, 5, 6, 7):
        x.conflicts.append(Conflict("banker_draws", f"{total}/8", Stated(False, None, 2), Stated(True, here, 1)))
    split_prose(x, load_ruleset("punto-banco"))
    assert {k for k in x.uncertain if k.startswith("conflict.banker_draws.")} == {
        f"conflict.banker_draws.{t}" for t in (4, 5, 6, 7)}


def test_an_edge_and_the_rtp_it_restates_are_one_divergent_figure():
    report = audit(PLAYER + STOOD + _standard_chart() + CLAUSES
                   + "<p>Decks: 8. Banker house edge: 1.20% (RTP 98.80%). Player house edge: 1.24%.</p>")
    assert [f.code for f in report.findings if f.code == "edge-divergent"] == ["edge-divergent"]


def test_banker_rows_read_by_card_beside_a_row_keyed_to_the_player_s_total_are_uncertain():
    rows = ("<ul><li>Banker with 0-2: always draws.</li><li>Banker with 3: draws unless the Player gets to 8.</li>"
            "<li>Banker with 4: draws if the Player's total is 2 to 7 points.</li><li>Banker with 7: stands.</li></ul>")
    report = audit(PLAYER + STOOD + rows + CLAUSES)
    assert report.extracted["banker_rule_keyed_to_total"] is True
    assert "banker_draws" in report.uncertain
    # the same row in a list of its own, away from the keyed one, is read as the page states it
    apart = audit(PLAYER + STOOD + rows.replace("</li><li>Banker with 4", "</li></ul><ul><li>Banker with 4") + CLAUSES)
    assert "banker_draws" not in apart.uncertain
