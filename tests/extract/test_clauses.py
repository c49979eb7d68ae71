"""Drawing rules read from single sentences and labelled cells."""

from __future__ import annotations

import pytest

from auditor.extract import extract
from auditor.extract.clauses import read_sentence
from auditor.extract.vocabulary import ratios_in


def cells(readings):
    """{(branch, total, card-or-None): draws} for the explicit statements."""
    out = {}
    for r in readings:
        for t in r.totals or ():
            for c in (r.cards if r.cards is not None else [None]):
                out[(r.branch, t, c)] = r.draws
    return out


@pytest.mark.parametrize(
    ("sentence", "label", "expect"),
    [
        ("If the Banker has 3, the Banker draws unless the Player's third card is 8", "",
         {("banker", 3, 8): True} | {}),
        ("When the Banker's total is 4, it draws if the Player's third card is 2-7", "",
         {("banker", 4, 2): True, ("banker", 4, 7): True}),
        ("Banker draws on 0–3 and stands on 4–7.", "Player's third card is 9",
         {("banker", 3, 9): True, ("banker", 4, 9): False}),
        ("If the Player stands, the Banker draws on 0-5 and stands on 6-7.", "",
         {("stood", 5, None): True, ("stood", 6, None): False}),
        ("On a total of 0–5 the Player takes a third card; on 6 or 7 the Player stands.", "",
         {("player", 0, None): True, ("player", 7, None): False}),
        ("Banker 4 draws on 2–7", "", {("banker", 4, 2): True, ("banker", 4, 7): True}),
        ("Draws unless the Player's third card is an 8", "Banker total 3", {("banker", 3, 0): True}),
    ],
)
def test_sentences(sentence, label, expect):
    got = cells(read_sentence(sentence, label))
    for key, draws in expect.items():
        if key == ("banker", 3, 8) and not label:
            # "unless the Player's third card is 8" states the 8 as a stand, not only implies it
            assert got.get(("banker", 3, 0)) is True and got.get(("banker", 3, 8)) is False
            continue
        assert got.get(key) == draws, key


def test_keyed_to_the_players_total():
    [reading] = read_sentence("If the Banker has 3, the Banker draws unless the Player's total is 8")
    assert reading.branch == "keyed_total"


@pytest.mark.parametrize("sentence", [
    "0 in the chart stands for a 10, J, Q or K.",
    "The one people always get wrong is the Banker on 3.",
    "Each hand gets two cards and, depending on the totals, may receive one more.",
    "With any other third card the Banker stands.",  # the statement before implies it
])
def test_sentences_that_state_no_rule(sentence):
    assert read_sentence(sentence, "", context="Banker rules") == []


def page(body: str) -> bytes:
    return f"<html><body><h1>Baccarat</h1>{body}</body></html>".encode()


def test_a_question_states_no_rule_and_a_section_number_is_not_a_total():
    body = ("<h2>6. When does the Player hand get a third card?</h2>"
            "<p>Player total 0 to 5: the Player draws. Player total 6 or 7: the Player stands.</p>"
            "<h2>2. Banker hand when the Player stood (no third card)</h2><p>The Banker draws on 0-5.</p>")
    got = extract(page(body))
    assert (got["player_draws_on"], got["banker_draws_player_stood"]) == ([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5])


def test_a_two_entry_legend_is_spelled_out():
    body = ("<p>B = Banker 2-card total · P3 = value of Player's 3rd card</p>"
            "<ul><li>B 3 → draws unless P3 = 8</li><li>B 5 → draws if P3 is 4–7</li></ul>")
    got = extract(page(body))
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "5": [4, 5, 6, 7]}


def test_a_side_bet_that_labels_its_line_keeps_its_payout():
    got = extract(page("<ul><li><b>Dragon 7</b>: Banker wins with a three-card total of 7 → 40:1</li></ul>"))
    assert got["side_bets"] == {"dragon_7": 40}


def test_rtp_figures_beside_a_note_on_rounds_are_rtp_not_probabilities():
    body = ("<h2>What is the return to player (RTP)?</h2><p>The return is calculated over a very large "
            "number of rounds.</p><ul><li>Banker bet: 98,94 %</li><li>Tie bet: 85,64 %</li></ul>")
    got = extract(page(body))
    assert (got["stated_edges"], got["stated_probabilities"]) == ({"banker": 0.0106, "tie": 0.1436}, None)


def test_group_rows_in_a_rule_table_set_the_branch():
    rows = ('<tr><td colspan="2">Banker - when Player stands on 6 or 7</td></tr>'
            "<tr><td>Banker 0-5</td><td>Draws a third card</td></tr><tr><td>Banker 6, 7</td><td>Stands</td></tr>"
            '<tr><td colspan="2">Banker - when Player has drawn a third card</td></tr>'
            "<tr><td>Banker 4</td><td>Draws when Player's third card is 2, 3, 4, 5, 6 or 7</td></tr>")
    got = extract(page(f"<table><tr><th>Hand</th><th>Rule</th></tr>{rows}</table>"))
    assert (got["banker_draws_player_stood"], got["banker_draws"]) == ([0, 1, 2, 3, 4, 5], {"4": [2, 3, 4, 5, 6, 7]})


def test_translated_wording_asks_card_plants_and_by_one():
    body = ("<p>The Punto asks card when its two cards sum from 0 until 5. With 6 or 7 the Punto plants.</p>"
            "<p>If the Punto planted, the Bank asks card with 0 until 5 and plants with 6 or 7.</p>"
            "<p>Bet to the Tie: pays 8 by 1.</p>")
    got = extract(page(body))
    assert (got["player_draws_on"], got["banker_draws_player_stood"]) == ([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5])
    assert (got["tie_pays"], got["tie_payout_wording"]) == (8, "to")


def test_only_tie_bets_win_then_main_bets_lose_is_a_losing_settlement():
    got = extract(page("<p>Only Tie bets are winners: Player and Banker bets lose when the result is a Tie.</p>"))
    assert got["main_bets_push_on_tie"] is False


def test_a_word_export_table_with_a_paragraph_in_every_cell_is_read():
    cell = "<td><p class=MsoNormal><span>{}</span></p></td>"
    head = "".join(cell.format(t) for t in ("When Banker's first two cards total", "Banker draws when Player's third card is"))
    rows = "".join(f"<tr>{cell.format(t)}{cell.format(c)}</tr>" for t, c in (("3", "0-7, 9"), ("4", "2-7"), ("5", "4-7")))
    got = extract(page(f"<table class=MsoTableGrid><tr>{head}</tr>{rows}</table>"))
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7]}


def test_a_banker_total_named_in_the_condition_before_the_verb():
    for s in ("If the Player has drawn a third card and the Banker has 0-2, the Banker always draws.",
              "If the Player draws a third card and the Banker has 0-2, the Banker always draws."):
        got = {(r.branch, r.draws, r.totals, r.cards) for r in read_sentence(s)}
        assert got == {("unconditional", True, frozenset({0, 1, 2}), frozenset(range(10)))}, s


@pytest.mark.parametrize("html, field, value", [
    # an exception stated in the sentence after the rule, its verb left out
    ("<p>If the Banker has 3, the Banker gets a third card. But if the Player's third card was an 8, the Banker "
     "does not.</p>", "banker_draws", {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9]}),
    # the hand a line opens with as its label, under an introduction that names the dealer
    ("<p>Without a natural these fixed rules apply (neither the dealer nor you decide anything):</p><ul><li>"
     "<b>Player:</b> with 0, 1, 2, 3, 4 or 5 draws a third card; with 6 or 7 stands.</li></ul>",
     "player_draws_on", [0, 1, 2, 3, 4, 5]),
    # a digit that ends a name the page gave the Player's card ("P3") is no value
    ("<p>BANKER (Player drew), P3 = the Player's third card:<br>3 → draw, except P3 = 8<br>"
     "6 → draw if P3 = 6–7</p>", "banker_draws", {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "6": [6, 7]}),
    # a total just before "third card" with no article: the total the rule names, not a count of cards
    ("<p><b>Player:</b> with 0, 1, 2, 3, 4 or 5 draws third card; with 6 or 7 stands.</p>",
     "player_draws_on", [0, 1, 2, 3, 4, 5]),
    ("<h3>If the Player did not get a third card</h3><p>The Banker gets one more card if its total is 0, 1, 2, 3, 4 "
     "or 5.</p>", "banker_draws_player_stood", [0, 1, 2, 3, 4, 5]),
    ("<p>Banker bet. If the Banker wins, you win the same amount as your bet, but we keep 5% of your win.</p>",
     "banker_commission", 0.05),
    # enumerated clauses in one paragraph are sentences of their own
    ("<p>a) Banker has 0, 1 or 2: Banker draws always. b) Banker has 3: Banker draws, unless the Player's third "
     "card is an 8.</p>", "banker_draws", {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)),
                                           "3": [0, 1, 2, 3, 4, 5, 6, 7, 9]}),
    # a run-in heading names the bet of the sentences after it
    ("<p><strong>Bet on the Tie.</strong> Wins if both hands have the same total. Pays 8 to 1.</p>", "tie_pays", 8),
    # the push in the sentence after the three-card 7 it is about
    ("<li>Banker – pays 1 to 1 with no commission, except when the Banker wins with a three-card total of 7. When "
     "that happens, Banker bets push.</li>", "banker_three_card_7_push", True),
    # one figure for the bets listed before it, "each"
    ("<p>Return to player: Player Pair and Banker Pair, 89.64% each.</p>", "stated_edges",
     {"player_pair": 0.1036, "banker_pair": 0.1036}),
])
def test_readings_found_by_round_r24(html, field, value):
    assert extract(page(html))[field] == value


def test_totals_before_their_verbs_in_clauses_apart_by_commas():
    got = extract(page("<p>(a) Player stood. Then banker just does the same thing player would: 0–5 draws, 6–7 "
                       "stands.</p>"))
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_nested_items_under_a_parent_rule_take_its_total_not_its_card():
    html = ("<ol><li>Banco has 3: Banco draws, unless Punto's third card is an 8.<ul><li>Stands on: 8</li>"
            "<li>Draws on: 0, 1, 2, 3, 4, 5, 6, 7, 9</li></ul></li><li>Banco has 4:<ul><li>Draws on: 2, 3, 4, 5, 6, "
            "7</li><li>Stands on: 0, 1, 8, 9</li></ul></li><li>Banco has 5:<ul><li>Draws on: 4, 5, 6, 7</li></ul></li>"
            "<li>Banco has 7: Banco always stands.</li></ol>")
    got = extract(page(html))
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7], "7": []}


def test_a_cut_card_one_deck_from_the_back_is_no_deck_count():
    got = extract(page("<p>The game uses an eight-deck shoe. Place the cut card about 16 cards from the end "
                       "(one deck in from the back is acceptable).</p>"))
    assert got["decks"] == 8 and not got.conflicts


def test_a_vigorish_of_five_percent_is_the_commission():
    got = extract(page("<p>(2) A winning Banker wager shall be paid at odds of 1 to 1, less a vigorish of five "
                       "percent (5%) of the amount won.</p>"))
    assert got["banker_commission"] == 0.05


def test_the_card_a_hand_draws_is_not_a_total_it_draws_on():
    assert cells(read_sentence("The Player draws a 6, making 8.")) == {}
    assert cells(read_sentence("The Player draws on 0-5.")) == {("player", t, None): True for t in range(6)}


def test_a_verb_with_no_subject_of_its_own_keeps_the_hand_of_the_verb_before():
    got = cells(read_sentence("The player draws a card with 5 or less and stands with 6 or 7.",
                              label="The dealer always follows the same rules:",
                              context="When is a third card dealt?"))
    assert got == {("player", t, None): t <= 5 for t in range(8)}


def test_one_figure_on_each_of_the_bets_listed_after_it_is_each_ones():
    got = extract(page("<p>The house edge is 11.25% on each of the Player Pair and Banker Pair bets.</p>"))
    assert got["stated_edges"] == {"player_pair": 0.1125, "banker_pair": 0.1125}
    # without "each", the figure is the first bet's only
    got = extract(page("<p>A house edge of 1.06% on the Banker, and on the Player 1.24%.</p>"))
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124}


def test_a_block_about_side_bets_gives_them_its_figure_that_names_no_bet():
    got = extract(page("<li>Side bet on Player Pair or Banker Pair: wins if the first two cards are a pair. Pays "
                       "11 to 1. House edge: 11.25%.</li>"))
    assert got["stated_edges"] == {"player_pair": 0.1125, "banker_pair": 0.1125}
    # not a main bet: "player" is also whoever plays
    got = extract(page("<p>NEW PLAYER BONUS! Claim it today. Hot slot RTP 96.1%.</p>"))
    assert got["stated_edges"] is None


def test_a_hyphened_standard_deck_is_a_deck():
    assert extract(page("<p>Dealt from 8 standard-decks.</p>"))["decks"] == 8


def test_each_in_a_sentence_naming_no_bet_is_each_side_bet_the_sentence_before_named():
    got = extract(page("<p>Most tables offer Player Pair and Banker Pair, won when the Player's or the Banker's "
                       "first two cards are a pair. Both pay 11:1 and have a house edge of 10.36% each.</p>"))
    assert got["stated_edges"] == {"player_pair": 0.1036, "banker_pair": 0.1036}


@pytest.mark.parametrize("html", [
    # a social casino's coins
    "<p>When the round ends in a tie, your Player and Banker plays are pushed: the coins you put on them come back "
    "to you.</p>",
    # a regulation's "same point count"
    "<p>If the Player hand and the Banker hand have the same point count, wagers on the Player hand and the Banker "
    "hand shall be a push and shall be returned to the player.</p>",
])
def test_main_bets_returned_on_a_tie_in_less_usual_words(html):
    assert extract(page(html))["main_bets_push_on_tie"] is True


def test_no_commission_on_the_player_bet_says_nothing_of_the_banker_commission():
    got = extract(page("<h2>Punto Banco: the glossary</h2><table><tr><td>Player (Punto)</td><td>The other hand. A "
                       "winning bet on the Player is paid 1 to 1, with no commission.</td></tr><tr><td>Banker</td>"
                       "<td>Pays 1 to 1 less a 5% commission.</td></tr></table>"))
    assert got["banker_commission"] == 0.05


def test_a_side_bet_named_by_a_number_names_no_total():
    got = extract(page("<p>The dealer always draws by fixed rules: you only choose Player, Banker or Tie, and the "
                       "side bets Dragon 7 and Panda 8.</p><ul><li>Banker with 7: always stands.</li></ul>"))
    assert got["banker_draws"] == {"7": []} and not got.conflicts


def test_a_three_card_hand_of_7_is_the_three_card_7():
    got = extract(page("<p>Banker pays 1 to 1 with no commission, but if the Banker wins with a three-card hand of 7, "
                       "the Banker bet is a push.</p>"))
    assert got["banker_three_card_7_push"] is True


def test_a_number_to_a_number_of_cards_is_no_payout():
    assert [r.to_one for r in ratios_in("wins if the Banker wins with a 7 to 3 cards. Pays 40 to 1.")] == [40]


def test_a_semicolon_cuts_two_clauses_whose_second_ends_in_a_comma_before_its_verb():
    # "draws if ... 2 to 7; with 0, 1, 8 or 9, stands": the 0, 1, 8 and 9 are the stand's
    got = cells(read_sentence("Draws if the Player's third card is from 2 to 7; with 0, 1, 8 or 9, stands.",
                              "Banker with 4"))
    assert {c for (_, _, c), draws in got.items() if draws} == {2, 3, 4, 5, 6, 7}
    assert {c for (_, _, c), draws in got.items() if not draws} == {0, 1, 8, 9}


@pytest.mark.parametrize("sentence", [
    "The Banker draws with 3 points unless the Player's third card is an 8.",
    "Banker draws on 3 except when the Player's third card is 8.",
])
def test_a_total_after_the_verb_then_an_exception_on_the_third_card(sentence):
    got = cells(read_sentence(sentence))
    assert {c for (_, t, c), draws in got.items() if draws and t == 3} == {0, 1, 2, 3, 4, 5, 6, 7, 9}
    assert got[("banker", 3, 8)] is False


def test_one_card_drawn_is_a_count_not_a_total():
    got = cells(read_sentence("Player total 0, 1, 2, 3, 4, 5: draws one card."))
    assert {t for (_, t, _), draws in got.items() if draws} == {0, 1, 2, 3, 4, 5}


def test_a_semicolon_cuts_before_a_second_clause_that_lists_cards_with_commas():
    got = cells(read_sentence("Draws if the Player's third card is a 2, 3, 4, 5, 6 or 7; with an ace, an 8, a 9 or a "
                              "card of value 0 it stands.", "Banker with 4"))
    assert {c for (_, _, c), draws in got.items() if draws} == {2, 3, 4, 5, 6, 7}
    assert {c for (_, _, c), draws in got.items() if not draws} == {0, 1, 8, 9}


def test_a_card_the_verb_takes_as_one_is_no_total():
    got = cells(read_sentence("If Player did not get a third card, Banker gets a third card when Banker's total is "
                              "five or less, and does not get one when Banker's total is 6 or 7."))
    assert {t for (_, t, _), draws in got.items() if draws} == {0, 1, 2, 3, 4, 5}
    assert {t for (_, t, _), draws in got.items() if not draws} == {6, 7}


def test_a_number_restated_in_digits_is_one_number():
    got = extract(b"<html><body><p>The Facility shall pay a winning Tie wager: eight (8) to one (1).</p></body></html>")
    assert (got["tie_pays"], got["tie_payout_wording"]) == (8, "to")


def test_a_transcript_s_timestamps_are_no_numbers():
    got = extract(b"<html><body><ul><li>[3:15] Banker on seven: stands, full stop.</li>"
                  b"<li>[2:40] The Tie pays 8 to 1.</li></ul></body></html>")
    assert got["banker_draws"] == {"7": []} and got["tie_pays"] == 8


def test_removing_the_commission_is_no_commission_and_another_tables_is_not_the_pages():
    from auditor.extract import extract_text as read
    assert read("<p>EZ Baccarat keeps classic punto banco but removes the 5% commission taken from Banker wins.</p>"
                ).values["banker_commission"] == 0
    got = read("<p>Super 6 pays half on a Banker 6. Anyone who keeps betting on the Banker is best off at an ordinary "
               "table with 5% commission.</p>")
    assert got.values["banker_commission"] != 0.05


def test_a_commission_in_the_sentence_after_the_banker_s_payout_is_the_banker_s():
    from auditor.extract import extract_text as read
    assert read("<p>Winning Banker bets are paid 1 to 1. A commission of 5% is withheld.</p>"
                ).values["banker_commission"] == 0.05
    got = read("<p>The Banker pays 1 to 1 at this table. The half-pay on a winning 6 simply takes the place of "
               "the 5% commission.</p>")
    assert got.values["banker_commission"] != 0.05


def test_three_alike_boxes_are_no_label_and_its_values():
    got = extract(b"<html><body><div class='rtp'><div><small>Banker RTP</small><br><b>98.94%</b></div>"
                  b"<div><small>Player RTP</small><br><b>98.76%</b></div>"
                  b"<div><small>Tie RTP</small><br><b>85.64%</b></div></div></body></html>")
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}


def test_a_card_of_rules_keeps_the_rows_that_state_no_drawing_rule():
    # the drawing rows are the chart's; the decks and the payout beside them are read still
    got = extract(b"<html><body><dl><dt>Decks</dt><dd>8 decks of 52 cards</dd>"
                  b"<dt>Player</dt><dd>Draws on 0 to 5; stands on 6 or 7.</dd>"
                  b"<dt>Banker (Player stood)</dt><dd>Draws on 0 to 5; stands on 6 or 7.</dd>"
                  b"<dt>Tie</dt><dd>Pays 8 to 1.</dd></dl></body></html>")
    assert got["decks"] == 8 and got["tie_pays"] == 8
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5] and got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_term_naming_two_side_bets_gives_its_payout_to_each_and_a_card_s_title_to_its_side_bet():
    got = extract(b"<html><body><dl><dt>Player Pair / Banker Pair</dt><dd>Side bets that win if the first two cards "
                  b"of the chosen hand are a pair. They pay 11 to 1.</dd></dl></body></html>")
    assert got["side_bets"] == {"player_pair": 11, "banker_pair": 11}
    got = extract(b"<html><body><div class='card'><h3>Super 6</h3><p>Side bet: pays 12:1 if the Banker wins "
                  b"with 6</p></div></body></html>")
    assert got["side_bets"] == {"super_6": 12}


def test_getting_one_s_stake_back_on_a_tie_is_a_push():
    got = extract(b"<html><body><p>On a tie, if you bet Player or Banker, you get your stake back.</p></body></html>")
    assert got["main_bets_push_on_tie"] is True


def test_a_percentage_said_once_carries_to_the_bare_figures_beside_the_next_bets():
    got = extract(b"<html><body><p>Roughly, Banker wins about 45.9 per cent of hands, Player about 44.6, and it's a "
                  b"tie about 9.5 per cent of the time.</p><p>The house edge on Banker is about 1.06 per cent. "
                  b"Player's about 1.24. And the Tie? About 14.4 per cent.</p></body></html>")
    assert got["stated_probabilities"] == {"banker": 0.459, "player": 0.446, "tie": 0.095}
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.144}
    # a payout's decimal, a figure with a unit of its own, a clause's number: no percentage
    got = extract(b"<html><body><p>The house edge on Banker is 1.06%. The Player pays 1.95.</p>"
                  b"<p>Banker RTP 98.94%, Player 1.5 seconds.</p>"
                  b"<ol><li>RTP: Bank 98.94 %, Tie 85.64 % 6.2 The actual return may differ.</li></ol></body></html>")
    assert got["stated_edges"] == {"banker": 0.0106, "tie": 0.1436}


def test_a_choice_no_one_has_is_no_rule():
    # "decide whether to hit" over the rules: neither a rule nor what the items under it mean
    got = extract(b"<html><body><p>You never decide whether to hit \xe2\x80\x93 the dealer follows these fixed rules:</p>"
                  b"<ul><li><strong>Player hand:</strong> takes a third card with a total of 5 or less; stands on 6 "
                  b"or 7.</li></ul></body></html>")
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]


def test_a_side_bet_described_or_offered_without_a_payout_is_offered_unpaid():
    got = extract(b"<html><body><p>Many tables also offer a <strong>Perfect Pair</strong> bet, which wins when either "
                  b"hand's first two cards are a suited pair.</p></body></html>")
    assert got["side_bets"] == {"perfect_pair": None}
    got = extract(b"<html><body><dl><dt>Perfect Pair</dt><dd>A side bet that wins if either Player or Banker gets a "
                  b"suited pair.</dd></dl></body></html>")
    assert got["side_bets"] == {"perfect_pair": None}
    # two side bets named with a noun each share the payout said after them
    got = extract(b"<html><body><p>(4) A winning Player Pair wager or Banker Pair wager shall be paid at odds of 11 "
                  b"to 1.</p></body></html>")
    assert got["side_bets"] == {"player_pair": 11, "banker_pair": 11}


def test_a_bracket_naming_bets_after_a_percentage_is_no_restatement():
    got = extract(b"<html><body><p>The house edge is 1.06% (Banker), 1.24% (Player) and 14.36% (Tie).</p></body></html>")
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}


def test_a_dollar_sign_with_its_country_s_letters_is_one_sign_in_a_worked_example():
    from auditor.pipeline import audit_bytes

    def example(won: str) -> list[str]:
        body = ("<p>A winning Banker bet pays 1 to 1, but a Banker win on 6 pays 1 to 2. No commission.</p>"
                f"<p>Example: you bet R$ 50 on the Banker. If the Banker wins with 7, you receive R$ {won} in winnings "
                "plus your R$ 50 back.</p>")
        report = audit_bytes(f"<html><body>{body}</body></html>".encode(), "page.html")
        return [f.code for f in report.findings if f.code == "payout-example-wrong"]

    assert example("50") == []
    assert example("45") == ["payout-example-wrong"]


def test_an_introduction_keys_the_rows_to_the_total_it_names_not_to_the_card_its_branch_names():
    rows = "<ul><li>The Banker has 4: draws when the Player has 2-7</li><li>The Banker has 5: draws when the Player has 4-7</li></ul>"
    keyed = extract(f"<html><body><p>If the Player drew a third card, the Banker looks at the Player's new total:</p>{rows}"
                    "</body></html>".encode())
    assert keyed["banker_rule_keyed_to_total"] is True and keyed["banker_draws"] is None
    by_card = extract(f"<html><body><p>If the Player drew a third card, the Banker looks at the card the Player has just "
                      f"drawn (not on the Player's new total):</p>{rows}</body></html>".encode())
    assert by_card["banker_rule_keyed_to_total"] is None and by_card["banker_draws"] == {"4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7]}


def test_what_some_tables_run_instead_is_not_this_table_s_commission():
    from auditor.pipeline import audit_bytes

    report = audit_bytes(b"<html><body><p>Banker pays 1:1 minus 5% commission.</p><p>Some tables run \"no commission\" "
                         b"instead, with other rules for when the Banker wins with 6.</p></body></html>", "page.html")
    assert report.extracted["banker_commission"] == 0.05
    assert "contradiction" not in [f.code for f in report.findings]


def test_a_natural_of_8_or_9_under_a_label_of_totals_0_to_7_is_no_row():
    got = extract("<html><body><p>Rows: the Banker's points on two cards (0–7). Columns: the value of the Player's third "
                  "card (0–9).<br>D = Banker draws, S = Banker stands. With 8 or 9 the Banker has a natural and always "
                  "stands.</p></body></html>".encode())
    assert got["banker_draws"] is None


def test_a_sentence_pointing_back_to_the_side_bets_before_gives_them_its_figure():
    got = extract(b"<html><body><p>Banker edge 1.06%.</p><p>Most tables offer <strong>Player Pair</strong> and <strong>"
                  b"Banker Pair</strong>, which win if the first two cards of that hand are the same rank. They pay 11 to 1 "
                  b"and carry a house edge of 10.36% in an eight-deck shoe. Fun, but they cost you ten times as much as "
                  b"sticking to Banker.</p></body></html>")
    assert got["stated_edges"] == {"banker": 0.0106, "player_pair": 0.1036, "banker_pair": 0.1036}


@pytest.mark.parametrize(("won", "wrong"), [("19", False), ("18", True)])
def test_a_portuguese_worked_example_gives_winnings_and_the_stake_back(won, wrong):
    from auditor.pipeline import audit_bytes

    body = (f"<p>A Banca paga 1 para 1, deduzida uma comissão de 5% sobre o ganho. Por exemplo, uma aposta de 20 € na "
            f"Banca que ganha recebe {won} € de ganho, mais os 20 € apostados.</p>")
    report = audit_bytes(f"<html lang='pt'><body>{body}</body></html>".encode(), "page.html")
    assert ("payout-example-wrong" in [f.code for f in report.findings]) is wrong


def test_a_hand_played_out_under_a_heading_of_its_own_states_no_rule():
    got = extract(b"<html><body><h2>A real hand, step by step</h2><ol><li>The Player has 4, so draws a 3: now 7.</li>"
                  b"<li>The Banker has 5. The 3 is not among 4-7, so the Banker stands with 5.</li></ol></body></html>")
    assert got["banker_draws"] is None


def test_an_answer_saying_the_bet_comes_back_after_a_question_on_a_tie_is_a_push():
    got = extract(b"<html><body><p>Tie pays 8 to 1.</p><p>What if there is a tie and you were on the Player or the "
                  b"Banker? The bet comes back.</p></body></html>")
    assert got["main_bets_push_on_tie"] is True


def test_a_key_whose_rule_is_the_card_it_gets_draws():
    got = extract(b"<html><body><p>If the Player drew, it depends:</p><ul><li>Banker has 3 points: third card, except if "
                  b"the Player's third card is an 8.</li><li>Banker has 4 points: third card if the Player's third card is "
                  b"2-7.</li></ul></body></html>")
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7]}
