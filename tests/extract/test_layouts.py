"""Readings that rebuild or interpret a page's layout before its words are read."""

from __future__ import annotations

import random

import pytest

from auditor.extract import extract, extract_text
from auditor.extract.document import _GRID_RULE, _grid_rules, parse
from auditor.extract.drawing import colour_name

STANDARD = {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)), "3": [0, 1, 2, 3, 4, 5, 6, 7, 9],
            "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7], "6": [6, 7], "7": []}
CHART = {"0": "D" * 10, "1": "D" * 10, "2": "D" * 10, "3": "DDDDDDDDSD", "4": "SSDDDDDDSS",
         "5": "SSSSDDDDSS", "6": "SSSSSSDDSS", "7": "S" * 10}  # D/S by Player third card 0-9
ROWS = [("0-2", "0-9", "-"), ("3", "0-7, 9", "8"), ("4", "2-7", "0, 1, 8, 9"), ("5", "4-7", "0-3, 8, 9"),
        ("6", "6-7", "0-5, 8, 9"), ("7", "-", "0-9")]


def page(body: str) -> bytes:
    return f"<html><body><h1>Baccarat</h1>{body}</body></html>".encode()


def test_text_laid_out_by_absolute_positions_is_read_as_lines_and_a_table():
    spans = ['<span style="position:absolute;left:72px;top:10px">5. Banker third card</span>',
             '<span style="position:absolute;left:72px;top:30px">If the Player drew, the Banker follows:</span>',
             '<span style="position:absolute;left:90px;top:50px">Banker total</span>',
             '<span style="position:absolute;left:200px;top:50px">Draws when Player\'s third card is</span>',
             '<span style="position:absolute;left:400px;top:50px">Stands when Player\'s third card is</span>']
    top = 70
    for total, draws, stands in ROWS:
        for left, text in ((90, total), (200, draws), (400, stands)):
            spans.append(f'<span style="position:absolute;left:{left}px;top:{top}px">{text}</span>')
        top += 17
    got = extract(page(f'<div class="pf">{"".join(spans)}</div>'))
    assert got["banker_draws"] == STANDARD


def test_a_table_typed_in_pre():
    lines = ["BANKER   PLAYER'S THIRD CARD", "TOTAL  0 1 2 3 4 5 6 7 8 9", "-----  -------------------"]
    chart = {"0-2": "D" * 10, "3": "DDDDDDDDSD", "4": "SSDDDDDDSS", "5": "SSSSDDDDSS", "6": "SSSSSSDDSS",
             "7": "S" * 10}
    lines += [f"{total}  " + " ".join(marks) for total, marks in chart.items()]
    got = extract(page("<pre>" + "\n".join(lines) + "</pre>"))
    assert got["banker_draws"] == STANDARD


def test_a_whole_rules_sheet_typed_in_pre_is_read_as_headings_paragraphs_and_a_chart():
    sheet = ["RULES SHEET", "", " 1. PLAYER HAND", "    Total 0-5 ...... draws a third card",
             "    Total 6-7 ...... stands", "", " 2. BANKER HAND - WHEN PLAYER STOOD (no third card)",
             "    Total 0-5 ...... draws a third card", "    Total 6-7 ...... stands", "",
             " 3. BANKER HAND - WHEN PLAYER DREW", "    D = Banker draws    S = Banker stands", "",
             "  BANKER |", "  TOTAL  | P3: 0 1 2 3 4 5 6 7 8 9", "  -------+--------------------"]
    sheet += [f"     {total}   |     " + " ".join(marks) for total, marks in CHART.items()]
    sheet += ["", " 4. PAYOUTS", "    BANKER ....... 1 to 1, less 5% commission", "    TIE .......... 9 for 1"]
    got = extract(page("<pre>" + "\n".join(sheet) + "</pre>"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"] == STANDARD
    assert (got["banker_commission"], got["tie_pays"], got["tie_payout_wording"]) == (0.05, 8, "for")


def test_a_css_grid_of_leaf_cells_marked_by_class_is_read_by_its_repeating_rows():
    cells = ['<div class="corner">B \\ P3</div>'] + [f'<div class="hd">{n}</div>' for n in range(10)]
    for total, row in CHART.items():
        cells.append(f'<div class="rowlbl">{total}</div>')
        cells += ['<div class="cell draw"></div>' if m == "D" else '<div class="cell stand"></div>' for m in row]
    legend = '<p><span class="cell draw"></span> Banker draws <span class="cell stand"></span> Banker stands</p>'
    got = extract(page(f'<h2>Banker drawing chart</h2><div class="grid">{"".join(cells)}</div>{legend}'))
    assert got["banker_draws"] == STANDARD


def test_sections_about_other_games_are_not_read():
    body = ("<h2>Blackjack</h2><p>Dealt from a six-deck shoe. Insurance pays 2 to 1.</p>"
            "<h2>Baccarat</h2><p>Played with eight decks. The Tie pays 8 to 1.</p>"
            "<h2>Roulette</h2><p>A corner bet pays 8 to 1 and a street 11 to 1; house edge 2.70%.</p>")
    got = extract(page(body))
    assert (got["decks"], got["tie_pays"], got["stated_edges"]) == (8, 8, None)


def test_tab_separated_lines_are_a_table():
    lines = ["<p>Banker total\tDraws when Player's third card is\tStands when Player's third card is</p>"]
    lines += [f"<p>{total}\t{draws}\t{stands}</p>" for total, draws, stands in ROWS]
    got = extract(page("".join(lines)))
    assert got["banker_draws"] == STANDARD


def test_tab_indented_source_is_not_a_table():
    cards = "".join(f'\n\t<div class="card">\n\t\t<p>Banker {t}</p>\n\t\t<p>The Banker draws on 0-5.</p>\n\t</div>'
                    for t in ("rule", "note", "tip"))
    doc = parse(page(f"<section>{cards}\n</section>").decode())
    assert doc.tables == []


def test_an_abbreviation_legend_is_spelled_out():
    body = ("<p>P = Player · B = Banker · D = draws · S = stands · P3 = value of P's 3rd card</p>"
            "<div><span>P 0–5</span><span>D</span></div><div><span>P 6–7</span><span>S</span></div>"
            "<div><span>B 3</span><span>D unless P3=8</span></div>")
    got = extract(page(body))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"]["3"] == [0, 1, 2, 3, 4, 5, 6, 7, 9]


@pytest.mark.parametrize(("style", "name"), [
    ("background:#2e7d32", "green"), ("background-color: rgb(198, 40, 40)", "red"),
    ("background: lightgreen", "green"), ("background:#999", "grey"), ("color:red", None),
])
def test_colour_names(style, name):
    assert colour_name(style) == name


def test_a_chart_in_background_colours_with_a_legend_naming_them():
    draw, stand = "background:#1565c0", "background:#f9a825"  # blue and amber: only the legend says
    header = "<tr><th>Banker</th>" + "".join(f"<th>{c}</th>" for c in range(10)) + "</tr>"
    body = ""
    for total, cards in STANDARD.items():
        cells = "".join(f'<td style="{draw if c in cards else stand}"></td>' for c in range(10))
        body += f"<tr><th>{total}</th>{cells}</tr>"
    got = extract(page(f"<p>Blue cells mean the Banker draws; amber cells mean it stands.</p>"
                       f"<table>{header}{body}</table>"))
    assert got["banker_draws"] == STANDARD


def test_custom_elements_are_blocks_and_tables():
    rows = "".join(f"<rules-row><rules-cell>{t}</rules-cell><rules-cell>{d}</rules-cell><rules-cell>{s}</rules-cell>"
                   f"</rules-row>" for t, d, s in ROWS)
    body = ("<amp-accordion><section><h4>Player</h4><div><p>The Player draws on 0-5 and stands on 6-7.</p></div>"
            "</section></amp-accordion>"
            "<rules-table><rules-row><rules-cell>Banker total</rules-cell>"
            "<rules-cell>Banker draws if the Player's third card is</rules-cell>"
            "<rules-cell>Banker stands if the Player's third card is</rules-cell></rules-row>" + rows + "</rules-table>")
    got = extract(page(body))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"] == STANDARD


def test_items_under_draws_save_where_are_where_it_stands():
    body = ("<p>Where the Player has drawn, the Banker shall draw save where:</p>"
            "<p>(a) the Banker's total is 3 and the Player's third card is an 8;</p>"
            "<p>(b) the Banker's total is 4 and the Player's third card is 0, 1, 8 or 9;</p>")
    got = extract(page(body))
    assert got["banker_draws"]["3"] == [0, 1, 2, 3, 4, 5, 6, 7, 9]
    assert got["banker_draws"]["4"] == [2, 3, 4, 5, 6, 7]


def test_a_card_title_labels_its_body():
    body = ('<div class="card"><div class="card-header">Player\'s third card</div>'
            '<ul><li>Total 0–5 <span class="badge">Draws</span></li>'
            '<li>Total 6–7 <span class="badge">Stands</span></li></ul></div>')
    assert extract(page(body))["player_draws_on"] == [0, 1, 2, 3, 4, 5]


def test_rows_laid_out_alike_among_other_children_are_a_table():
    rows = "".join(f'<div class="r"><div>{b}</div><div>{p}</div></div>'
                   for b, p in (("Player", "1:1"), ("Banker", "0.95:1"), ("Tie", "8:1")))
    body = f'<div class="box"><div><strong>Payouts</strong></div>{rows}<div><span>Ties push.</span></div></div>'
    got = extract(page(body))
    assert got["banker_commission"] == 0.05 and got["tie_pays"] == 8


def test_a_layout_tables_header_cell_labels_its_content():
    body = ("<table><tr><th>Banker third card</th><td><ul><li>If the Player stood:<ul>"
            "<li>Total 0–5: draws</li><li>Total 6–7: stands</li></ul></li></ul></td></tr></table>")
    assert extract(page(body))["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def _chart_rows(marks: dict[str, str], stood: dict[str, str] | None = None) -> str:
    return "".join(f"<tr><th>{t}</th>" + (f"<td>{stood[t]}</td>" if stood else "")
                   + "".join(f"<td>{m}</td>" for m in row) + "</tr>" for t, row in marks.items())


def test_a_legend_written_as_a_list_defines_a_stood_column_named_by_an_abbreviation():
    stood = {t: "D" if int(t) <= 5 else "S" for t in CHART}
    head = ("<tr><th rowspan=2>Banker total</th><th rowspan=2>n. d.</th><th colspan=10>Player's third card</th></tr>"
            "<tr>" + "".join(f"<th>{n}</th>" for n in range(10)) + "</tr>")
    legend = "<ul><li>D = Banker draws</li><li>S = Banker stands</li><li>n. d. = the Player did not draw</li></ul>"
    got = extract(page(f"<table>{head}{_chart_rows(CHART, stood)}</table>{legend}"))
    assert got["banker_draws"] == STANDARD
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_grids_totals_are_the_column_whose_cells_are_totals_not_the_cell_before_the_cards():
    # an unnamed column ("?") stands between the totals and the card columns: it is skipped
    head = "<tr><th>Banker</th><th>?</th>" + "".join(f"<th>{n}</th>" for n in range(10)) + "</tr>"
    rows = {t: "x" for t in CHART}
    got = extract(page(f"<table>{head}{_chart_rows(CHART, rows)}</table>"))
    assert got["banker_draws"] == STANDARD


def test_a_css_grid_caption_placed_by_grid_column_leaves_the_corner_empty():
    cells = ['<div class="cap" style="grid-column: 2 / span 10">Player\'s third card</div>',
             '<div class="corner">Banker</div>'] + [f'<div class="hd">{n}</div>' for n in range(10)]
    for total, row in CHART.items():
        cells.append(f'<div class="lbl">{total}</div>')
        cells += [f'<div class="c">{m}</div>' for m in row]
    style = "<style>.g { display: grid; grid-template-columns: 60px repeat(10, 1fr) }</style>"
    got = extract(page(f'{style}<h2>Banker draws</h2><div class="g">{"".join(cells)}</div>'
                       '<p>D = Banker draws · S = Banker stands</p>'))
    assert got["banker_draws"] == STANDARD


@pytest.mark.parametrize("text", [
    "Most casinos still pay just 8 to 1 on a Tie.",
    "Tie bets here pay 9 for 1, which beats the 8 to 1 you'll find at most online tables.",
    "Tie: 4.84% - the Tie here is far less punishing than at tables paying the usual 8 to 1.",
])
def test_a_tie_payout_other_casinos_pay_is_not_the_pages(text):
    got = extract(page(f"<p>The Tie pays 9 for 1 at this table.</p><p>{text}</p>"))
    assert (got["tie_pays"], got["tie_payout_wording"]) == (8, "for")
    assert not [c for c in got.conflicts if c.field.startswith("tie")]  # no second Tie payout stated


def test_a_css_grid_whose_corner_and_stood_header_span_two_rows_by_stylesheet_classes():
    # ".corner { grid-row: span 2 }", ".span10 { grid-column: span 10 }": the card headers sit
    # in the second row, right of the two spanning cells
    style = ("<style>.g { display: grid; grid-template-columns: 90px 64px repeat(10, 1fr) } "
             ".g .corner { grid-row: span 2 } .g .span10 { grid-column: span 10 }</style>")
    cells = ['<div class="corner">Banker total</div>', '<div class="corner">Player stood</div>',
             '<div class="span10">Player\'s third card</div>'] + [f'<div class="h">{n}</div>' for n in range(10)]
    for total, row in CHART.items():
        cells.append(f'<div class="rh">{total}</div>')
        cells.append(f'<div class="c">{"D" if int(total) <= 5 else "S"}</div>')
        cells += [f'<div class="c">{m}</div>' for m in row]
    got = extract(page(f'{style}<h2>Banker draws</h2><div class="g">{"".join(cells)}</div>'
                       '<p>D = Banker draws · S = Banker stands</p>'))
    assert got["banker_draws"] == STANDARD
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_table_of_value_lists_is_read_by_rows_not_as_a_transposed_chart():
    # its first column (0-1-2, 3, ... 8-9) looks like a header of card values when transposed
    rows = [("0 – 1 – 2", "any value (0 to 9)", "—"), ("3", "0, 1, 2, 3, 4, 5, 6, 7, 9", "8"),
            ("4", "2, 3, 4, 5, 6, 7", "0, 1, 8, 9"), ("5", "4, 5, 6, 7", "0, 1, 2, 3, 8, 9"),
            ("6", "6, 7", "0, 1, 2, 3, 4, 5, 8, 9"), ("7", "—", "any value"), ("8 – 9", "Natural", "Natural")]
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    head = ("<tr><td>Banker total</td><td>The Banker draws if the Player's third card is</td>"
            "<td>The Banker stands if the Player's third card is</td></tr>")
    got = extract(page(f"<table>{head}{body}</table>"))
    assert got["banker_draws"] == STANDARD


def test_hands_named_with_a_short_name_where_first_mentioned():
    body = ("<p>Back the Player (P) or the Banker (B), or bet on a Tie (T).</p>"
            "<ul><li>P 0–5: draws</li><li>P 6–7: stands</li></ul>"
            "<table><tr><td>B win</td><td>1:1 less 5% comm.</td></tr><tr><td>T</td><td>8:1</td></tr></table>")
    got = extract(page(body))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert (got["banker_commission"], got["tie_pays"]) == (0.05, 8)


def test_a_question_labels_the_sentence_that_answers_it():
    got = extract(page("<pre>Player stood (6-7)? The Banker draws on 0 to 5, stands on 6-7.\n"
                       "8 or 9 on the first two cards? Neither hand draws.</pre>"))
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got["naturals_stand"] is True and got["player_draws_on"] is None


def test_a_pre_table_whose_fields_hold_single_spaces_is_split_at_the_wider_gaps():
    lines = ["PLAYER'S 3RD CARD    BANKER DRAWS ON    BANKER STANDS ON",
             "-----------------    ---------------    ----------------"]
    by_card = {0: ("0 - 3", "4 - 7"), 1: ("0 - 3", "4 - 7"), 2: ("0 - 4", "5 - 7"), 3: ("0 - 4", "5 - 7"),
               4: ("0 - 5", "6 - 7"), 5: ("0 - 5", "6 - 7"), 6: ("0 - 6", "7"), 7: ("0 - 6", "7"),
               8: ("0 - 2", "3 - 7"), 9: ("0 - 3", "4 - 7")}
    lines += [f"  {card:<19}{draws:<19}{stands}" for card, (draws, stands) in by_card.items()]
    got = extract(page("<pre>" + "\n".join(lines) + "</pre>"))
    assert got["banker_draws"] == STANDARD


@pytest.mark.parametrize("deal", [
    "<p><b>Example 4</b></p><p>The Player has an ace and a 2, that is 3, and draws an 8. The Banker also has 3 "
    "and draws: it gets a 6.</p>",
    "<ul><li>Player 2-3 (5) draws a 9. Banker holds K-3 (3) and draws.</li></ul>",
    "<p>Player 4♠ K♦ draws a 6; the Banker with 6 draws.</p>",
])
def test_a_deal_written_out_states_no_rule(deal):
    got = extract(page("<p>With 3 the Banker draws unless the Player's third card is an 8.</p>" + deal))
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9]}


def test_a_programs_identifiers_are_read_as_words():
    got = extract(page("<pre>if player_total in {8, 9} or banker_total in {8, 9}:\n    both hands stand</pre>"
                       "<dl><dt>DRAGON_7</dt><dd>Wins when the Banker wins with a three-card 7. Pays 40:1.</dd></dl>"))
    assert got["naturals_stand"] is True and got["side_bets"] == {"dragon_7": 40}


def test_the_card_an_unless_names_is_stated_so_a_chart_that_disagrees_is_a_contradiction():
    head = "<tr><th>Banker</th>" + "".join(f"<th>{n}</th>" for n in range(10)) + "</tr>"
    chart = dict(CHART, **{"3": "D" * 10})  # the chart draws on 8 with 3
    rows = "".join(f"<tr><th>{t}</th>" + "".join(f"<td>{m}</td>" for m in r) + "</tr>" for t, r in chart.items())
    x = extract_text(page(f"<table>{head}{rows}</table><p>With 3 the Banker draws unless the Player's third card "
                          "is an 8.</p>").decode())
    assert any(c.field == "banker_draws" and c.key == "3/8" for c in x.conflicts)


def test_css_grid_rules_are_found_as_the_pattern_finds_them_everywhere():
    """`_grid_rules` tries the rule pattern only where a match can start: it finds what
    `findall` finds, on stylesheets made of the pieces that matter (braces, selectors, the
    property, nested rules)."""
    rng = random.Random(7)
    pieces = ["{", "}", " ", ";", ":", ".a", ".b,", "@media", "\n", "grid-template-columns",
              "grid-template-columns: 1fr 2fr", "x"]
    for _ in range(20000):
        styles = "".join(rng.choice(pieces) for _ in range(rng.randint(0, 12)))
        assert _grid_rules(styles) == _GRID_RULE.findall(styles), styles


def test_an_accordion_panel_is_named_by_the_button_that_controls_it():
    body = ('<div><h3><button aria-controls="a8" id="q8">What happens to my bets on a tie?</button></h3>'
            '<div id="a8" aria-labelledby="q8" hidden><p>The bets on the Player and the Banker are returned.</p>'
            '</div></div>')
    doc = parse(page(body).decode())
    assert [b.labels for b in doc.blocks if "returned" in b.text] == [("What happens to my bets on a tie?",)]
    assert extract(page(body))["main_bets_push_on_tie"] is True


def test_a_line_that_runs_on_into_the_next_is_one_sentence():
    body = ("<p>A winning bet on the Banker is paid 1 to 1, unless the Banker wins with a total<br>"
            "of 7 made with three cards: in that case the Banker bet is returned.</p>")
    assert extract(page(body))["banker_three_card_7_push"] is True


def test_a_legends_symbols_are_spelled_in_the_chart_not_in_a_sentence_that_has_its_verb():
    head = "<tr><th>Banker</th>" + "".join(f"<th>{n}</th>" for n in range(10)) + "</tr>"
    rows = "".join(f"<tr><th>{t}</th>" + "".join(f"<td>{'✓' if m == 'D' else '✗'}</td>" for m in r) + "</tr>"
                   for t, r in CHART.items())
    got = extract(page("<p><b>Player:</b> ✓ draws on 0, 1, 2, 3, 4, 5 · ✗ stands on 6, 7.</p>"
                       "<p>✓ = Banker draws, ✗ = Banker stands. The chart:</p>" f"<table>{head}{rows}</table>"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"] == STANDARD


def test_a_hypothetical_states_no_rule():
    got = extract(page("<p>The Banker pays 1 to 1 less a 5% commission.</p><p>Without the 5% commission, the "
                       "player would have the edge on this bet.</p>"))
    assert got["banker_commission"] == 0.05


def test_a_faq_question_button_names_the_panel_after_it():
    body = ('<div class="faq"><button class="faq__q">What happens to my bets on a tie?</button>'
            '<div class="faq__a"><p>The bets on the Player and the Banker are returned.</p></div></div>')
    assert extract(page(body))["main_bets_push_on_tie"] is True


def test_a_superscript_ordinal_joins_its_number():
    doc = parse(page("<table><tr><th>Player 3<sup>rd</sup> card</th><th>Banker draws with</th></tr>"
                     "<tr><td>8</td><td>0-2</td></tr></table>").decode())
    assert doc.tables[0].rows[0][0].text == "Player 3rd card"


def test_short_names_given_first_are_spelled_out():
    got = extract(page("<p>Bet on P (Player), B (Banker) or T (Tie).</p><ul><li>P draws on 0–5, stands on 6–7.</li>"
                       "<li>B win: 1:1 – NO comm.!</li></ul>"))
    assert (got["player_draws_on"], got["banker_commission"]) == ([0, 1, 2, 3, 4, 5], 0)


def test_a_commission_said_of_classic_baccarat_is_not_the_pages():
    got = extract(page("<p>No commission is taken on Banker wins at this table.</p><p>In classic baccarat a 5% "
                       "commission is deducted from Banker wins.</p>"))
    assert got["banker_commission"] == 0


@pytest.mark.parametrize("html_lang, header, intro", [
    ("en", "<th></th><th>EZ Baccarat (this table)</th><th>Classic baccarat</th>", "<h1>EZ Baccarat</h1>"),
    ("de", "<th></th><th>EZ Baccarat (dieser Tisch)</th><th>Klassisches Baccarat</th>",
     "<h1>EZ Baccarat</h1><p>Bei uns spielen Sie EZ Baccarat: die Bank zahlt keine Provision.</p>"),
    # no column marked: the one naming the page's variant, where the others name other variants
    ("en", "<th></th><th>Classic baccarat</th><th>EZ Baccarat</th>", "<h1>EZ Baccarat rules</h1>"),
])
def test_a_table_comparing_games_is_read_for_the_page_s_own_column(html_lang, header, intro):
    rows = ("<tr><td>House edge Banker</td><td>1.02%</td><td>1.06%</td></tr>"
            "<tr><td>Tie pays</td><td>8 to 1</td><td>8 to 1</td></tr>")
    if "Classic baccarat</th><th>EZ" in header:
        rows = rows.replace("<td>1.02%</td><td>1.06%</td>", "<td>1.06%</td><td>1.02%</td>")
    html = f"<html lang='{html_lang}'><body>{intro}<table><tr>{header}</tr>{rows}</table></body></html>"
    got = extract(html.encode())
    assert got.values["stated_edges"] == {"banker": 0.0102}


def test_a_header_of_two_lines_of_words_without_th_heads_the_chart():
    # "Banker's | Banker draws when the Player's" over "total | third card is", typed in <pre>
    chart = ("<pre>\nBanker's  Banker draws when the    Banker stands when the\n"
             "total     Player's third card is   Player's third card is\n"
             "--------  -----------------------  -----------------------\n"
             "0, 1, 2   all cards                -\n3         all except 8             8\n"
             "4         2, 3, 4, 5, 6, 7         0, 1, 8, 9\n5         4, 5, 6, 7               0, 1, 2, 3, 8, 9\n"
             "6         6, 7                     0-5, 8, 9\n7         -                        stands always\n</pre>")
    got = extract(page(chart))
    assert got.values["banker_draws"] == STANDARD


def test_a_column_headed_by_the_tie_says_how_the_main_bets_settle_on_one():
    table = ("<table><tr><th>Bet</th><th>Payout</th><th>On a tie</th></tr>"
             "<tr><td>Player</td><td>1 to 1</td><td>Stake returned</td></tr>"
             "<tr><td>Banker</td><td>1 to 1 less 5% commission</td><td>Stake returned</td></tr>"
             "<tr><td>Tie</td><td>8 to 1</td><td>-</td></tr></table>")
    got = extract(page(table))
    assert got.values["main_bets_push_on_tie"] is True and got.values["tie_pays"] == 8


def test_a_pre_chart_with_one_bar_between_its_two_columns_is_read_at_the_bar():
    chart = ("<pre><code>BANKER HAS | BANKER DRAWS IF PLAYER'S 3RD CARD WAS\n-----------+-------------------------\n"
             "  0, 1, 2  | anything\n     3     | anything except an 8\n     4     | 2 thru 7\n"
             "     5     | 4 thru 7\n     6     | 6 or 7\n     7     | never (stands)\n</code></pre>")
    got = extract(page(chart))
    assert got.values["banker_draws"] == STANDARD


def test_a_pdf_converted_page_of_positioned_lines_joins_wrapped_lines_and_numbered_clauses():
    def at(top, left, text):
        return f'<p style="position:absolute;top:{top}px;left:{left}px">{text}</p>'
    lines = [at(100, 108, "4.3"), at(100, 162, "The Player draws a third card on 0-5 and"),
             at(118, 162, "stands on 6 or 7."),
             at(150, 162, "Banker total"), at(150, 300, "Banker draws when the Player's"),
             at(150, 560, "Banker stands when the Player's"),
             at(167, 300, "third card is"), at(167, 560, "third card is"),
             at(190, 162, "3"), at(190, 300, "0-7 and 9"), at(190, 560, "8"),
             at(212, 162, "4"), at(212, 300, "2-7"), at(212, 560, "0, 1, 8, 9")]
    got = extract(page(f'<div style="position:relative">{"".join(lines)}</div>'))
    assert got.values["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got.values["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7]}


def test_the_lines_of_a_sentence_in_elements_of_their_own_are_joined_but_list_items_are_not():
    lines = ("<div><div>En l'absence d'abattage, le Joueur tire une troisième carte avec un</div>"
             "<div>total de 0 à 5. Avec 6 ou 7, il reste.</div></div>")
    got = extract(f"<html lang='fr'><body><h1>Punto Banco</h1>{lines}</body></html>".encode())
    assert got.values["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    items = parse("<html><body><ul><li>D = Banker draws</li><li>n. d. = the Player did not draw</li></ul></body></html>")
    assert [b.text for b in items.blocks] == ["D = Banker draws", "n. d. = the Player did not draw"]


def test_main_content_is_never_furniture_by_its_class_name():
    doc = parse("<html><body><main class='container content-with-sidebar'><p>The Tie pays 8 to 1.</p></main>"
                "<aside class='sidebar'><p>Promotions</p></aside></body></html>")
    assert [b.text for b in doc.blocks] == ["The Tie pays 8 to 1."]


def test_a_list_of_links_to_other_pages_is_furniture_and_a_list_of_links_within_the_page_is_not():
    doc = parse("<html><body><h2>Also in the baccarat family</h2><ul>"
                "<li><a href='/games/squeeze'>Squeeze Baccarat</a> – cards squeezed by the dealer</li>"
                "<li><a href='/games/no-commission'>No Commission Baccarat</a> – Banker wins on 6 pay half</li></ul>"
                "<ul><li><a href='#natural'>Natural</a>: a two-card 8 or 9.</li><li><a href='#tie'>Tie</a>: pays 8 to 1.</li>"
                "</ul></body></html>")
    assert [b.text for b in doc.blocks] == ["Also in the baccarat family", "Natural : a two-card 8 or 9.", "Tie : pays 8 to 1."]


def test_a_first_column_naming_the_branch_for_its_rows_heads_them_and_a_stand_list_is_read():
    rows = [("Player took no third card (has 6 or 7)", "0 to 5", "never, the Banker draws"),
            ("Player took no third card (has 6 or 7)", "6 or 7", "always"),
            ("Player received a third card", "0, 1 or 2", "never, the Banker draws always"),
            ("Player received a third card", "3", "the Player's third card is an 8"),
            ("Player received a third card", "4", "the Player's third card is 0, 1, 8 or 9"),
            ("Player received a third card", "7", "always")]
    body = "".join(f"<tr><td>{a}</td><td>{b}</td><td>{c}</td></tr>" for a, b, c in rows)
    got = extract(page("<table><tr><th>Situation</th><th>Banker total</th><th>Banker stands if …</th></tr>"
                       f"{body}</table>"))
    assert got.values["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got.values["banker_draws"] == {k: v for k, v in STANDARD.items() if k in "01234" "7"}


def test_an_ace_written_as_its_letter_among_listed_third_cards():
    rows = "".join(f"<tr><td>{t}</td><td>{c}</td></tr>" for t, c in (("3", "8"), ("4", "A, 0, 8, 9"), ("5", "A, 0, 2, 3, 8, 9")))
    got = extract(page("<table><tr><th>Banker total</th><th>The Banker stands if the Player's third card is…</th></tr>"
                       f"{rows}</table>"))
    assert got.values["banker_draws"] == {"3": STANDARD["3"], "4": STANDARD["4"], "5": STANDARD["5"]}


def test_a_bold_paragraph_titles_the_list_under_it_inside_an_accordion():
    body = ("<details><summary>Third-card rules</summary><p><strong>Banker, when Player stands</strong></p>"
            "<ul><li>0–5: Banker draws a third card.</li><li>6–7: Banker stands.</li></ul></details>")
    assert extract(page(body)).values["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_term_run_in_with_a_dash_names_the_bet_its_sentences_pay():
    body = ("<ul><li>Tie – wins if both hands finish on the same total. Pays 8 to 1.</li>"
            "<li><strong>Banker</strong> – wins if the Banker hand is higher. Pays even money minus a "
            "5% commission on your winnings.</li></ul>")
    got = extract(page(body)).values
    assert (got["tie_pays"], got["banker_commission"]) == (8, 0.05)


def test_a_site_header_titles_no_card_so_the_page_body_keeps_its_own_labels():
    html = ("<html><body><header><a href='/'>Brand</a><nav><a href='/c'>Casino</a></nav><a href='/r'>Join now</a>"
            "</header><main><h2>The bets</h2><ul><li><strong>Tie</strong> – wins if both hands finish level. "
            "Pays 8 to 1.</li></ul></main></body></html>")
    assert extract(html.encode()).values["tie_pays"] == 8


def test_a_block_run_in_titled_example_is_a_deal_not_a_rule():
    body = ("<ul><li>Player has five or less: Player takes a third card.</li><li>Player has six or seven: "
            "Player stands.</li></ul><div class='callout'><strong>Example:</strong> the Player has 2 and the "
            "Banker has 5. The Player draws a 6, making 8. The Banker (on 5) must draw.</div>")
    got = extract(page(body))
    assert got.values["player_draws_on"] == [0, 1, 2, 3, 4, 5] and not got.conflicts


def test_a_side_bet_card_with_its_payout_alone_under_its_name():
    body = ("<div class='cards'><div class='card'><h3>DRAGON 7</h3><div class='pay'>40:1</div>"
            "<p>BANKER wins with a three-card total of 7.</p></div><div class='card'><h3>PANDA 8</h3>"
            "<div class='pay'>25:1</div><p>PLAYER wins with a three-card total of 8.</p></div></div>")
    assert extract(page(body)).values["side_bets"] == {"dragon_7": 40, "panda_8": 25}


def test_a_figure_table_is_of_the_kind_its_introduction_names_over_the_heading_above():
    body = ("<details><summary>What are my chances?</summary><p>The theoretical return to player (RTP) is:</p>"
            "<table><tr><td>Banker</td><td>98.94%</td></tr><tr><td>Player</td><td>98.76%</td></tr></table></details>")
    got = extract(page(body)).values
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124} and got["stated_probabilities"] is None


def test_cards_of_lines_broken_by_br_each_name_their_bet_on_the_first_line():
    body = ("<h2>Payouts</h2><div class='cards'><div class='card'><b>Player</b><br>1 to 1<br><small>House edge: "
            "1.24%</small></div><div class='card'><b>Tie</b><br>9 for 1<br><small>House edge: 14.36%</small></div>"
            "<div class='card'><b>Dragon 7</b><br>The Banker wins with a three-card 7.<br>Pays 40 to 1</div></div>")
    got = extract(page(body)).values
    assert (got["tie_pays"], got["tie_payout_wording"], got["side_bets"]) == (8, "for", {"dragon_7": 40})
    assert got["stated_edges"] == {"player": 0.0124, "tie": 0.1436}


def test_figures_in_a_list_are_of_the_kind_its_introduction_names_over_the_heading_above():
    body = ("<h2>What are my chances?</h2><p>The house edge of each bet with an 8-deck shoe is:</p>"
            "<ul><li>Banker: 1.06%</li><li>Player: 1.24%</li><li>Tie: 14.36%</li></ul>")
    got = extract(page(body)).values
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}
    assert got["stated_probabilities"] is None


def test_a_commission_defined_as_a_share_deducted_from_the_winnings():
    body = ("<dl><dt>Commission</dt><dd>The amount of five per cent (5%) deducted from the winnings of a winning "
            "Banker wager.</dd></dl><p>4.2 A winning Banker wager is paid at 1 to 1, less the Commission.</p>")
    assert extract(page(body)).values["banker_commission"] == 0.05


def test_two_columns_of_lines_side_by_side_pair_up_line_by_line():
    # a printed leaflet: the labels in one box, what they say in the box beside it
    body = ("<p><b>BANKER</b> (if Player hits) – depends on Player's third card:</p><div class='cols'>"
            "<div><p>Banker 0, 1, 2<br>Banker 3<br>Banker 4<br>Banker 5<br>Banker 6<br>Banker 7</p></div>"
            "<div><p>always hits<br>hits on 0–7, stays on 8 or 9<br>hits on 2–7, stays on 0, 1, 8, 9<br>hits on 4–7, "
            "stays on 0–3, 8, 9<br>hits on 6 or 7, otherwise stays<br>always stays</p></div></div>")
    got = extract(page(body)).values
    assert got["banker_draws"] == {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)),
                                   "3": list(range(8)), "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7], "6": [6, 7],
                                   "7": []}


def test_a_spec_table_row_commission_none_is_no_commission():
    body = ("<table class='spec'><tr><th>Game ID</th><td>EZ-001</td></tr><tr><th>Commission</th><td>None. A Banker "
            "win with a three-card total of 7 is a push on the Banker bet.</td></tr><tr><th>RTP</th><td><table><tr>"
            "<th>Bet</th><th>RTP</th></tr><tr><td>Banker</td><td>98.98%</td></tr></table></td></tr></table>")
    got = extract(page(body)).values
    assert (got["banker_commission"], got["banker_three_card_7_push"]) == (0, True)


def test_an_action_column_before_the_third_card_column_it_is_conditioned_on():
    # "Banker total | Banker | when the Player's third card is": each total in two rows, one
    # that draws and one that stands, spanned by the total; the values are the action's cards
    rows = "".join(
        f'<tr><td rowspan="2">{total}</td><td>draws</td><td>{draws}</td></tr><tr><td>stands</td><td>{stands}</td></tr>'
        for total, draws, stands in ROWS[1:-1])
    html = ("<table><tr><th>Banker total</th><th>Banker</th><th>when the Player's third card is</th></tr>"
            "<tr><td>0, 1, 2</td><td>draws</td><td>always, whatever the card</td></tr>"
            f"{rows}<tr><td>7</td><td>stands</td><td>always</td></tr></table>")
    got = extract(page(html))
    assert got["banker_draws"] == STANDARD


def test_a_css_grid_with_two_classes_takes_the_later_rules_columns_and_footnote_marks_are_dropped():
    style = ("<style>.grid{display:grid;grid-template-columns:120px 1fr 1fr}"
             ".grid4{grid-template-columns:160px 120px 120px 120px}</style>")
    cells = ["Bet", "Pays", "Theoretical RTP<sup>1</sup>", "Win probability<sup>2</sup>",
             "Banker", "1 to 1", "98.94%", "45.86%", "Player", "1 to 1", "98.76%", "44.62%",
             "Tie", "8 to 1", "85.64%", "9.52%"]
    grid = '<div class="grid grid4">' + "".join(f"<div>{c}</div>" for c in cells) + "</div>"
    got = extract(f"<html><head>{style}</head><body><h1>Baccarat</h1>{grid}</body></html>".encode())
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}
    assert got["stated_probabilities"] == {"banker": 0.4586, "player": 0.4462, "tie": 0.0952}
    assert got["tie_pays"] == 8


@pytest.mark.parametrize("title, label", [("<h2>House edge</h2>", ""), ("", "<td>House edge</td>")])
def test_a_header_of_bets_over_a_row_of_figures_gives_each_columns_bet_its_figure(title, label):
    corner = "<th></th>" if label else ""
    html = (f"{title}<table><tr>{corner}<th>Banker</th><th>Player</th><th>Tie</th></tr>"
            f"<tr>{label}<td>1.06%</td><td>1.24%</td><td>14.36%</td></tr></table>")
    assert extract(page(html))["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}


def test_a_rules_card_of_row_groups_for_both_hands_tiles_of_payouts_and_figures_in_pairs():
    # one table for the natural, the Player and the Banker: a spanning natural row under the
    # header, a "Banker" row group whose first row states the stood rule across two columns and
    # whose second introduces the rows keyed by the Player's third card
    banker = "".join(f"<tr><td>{t}</td><td>{a}</td></tr>" for t, a in [
        ("0, 1, 2", "Always draws"), ("3", "Draws on all but 8"), ("4", "Draws on 2 to 7; stands on 0, 1, 8, 9"),
        ("5", "Draws on 4 to 7; stands on 0–3, 8, 9"), ("6", "Draws on 6 or 7 only"), ("7", "Stands")])
    rules = ("<table><thead><tr><th></th><th>Two-card total</th><th>Action</th></tr></thead>"
             "<tbody><tr><th colspan=3>Either hand with 8 or 9: Natural. Neither hand draws.</th></tr></tbody>"
             "<tbody><tr><th rowspan=2>Player</th><td>Zero through five</td><td>Draws</td></tr><tr><td>6 or 7</td><td>Stands</td></tr></tbody>"
             "<tbody><tr><th rowspan=8>Banker</th><td colspan=2>When the Player stands: Banker draws with less than 6 and stands on 6 or 7.</td></tr>"
             "<tr><td colspan=2>When the Player draws, the Banker acts on the value of the Player's third card:</td></tr>"
             + banker + "</tbody></table>")
    style = "<style>.pays{display:grid;grid-template-columns:repeat(2,1fr)} .pays b{display:block}</style>"
    tiles = ('<div class="pays"><div>Player<b>1 to 1</b></div><div>Banker<b>1 to 1</b><small>less 5% commission</small></div>'
             '<div>Tie<b>9 to 1</b><small>Player &amp; Banker bets push</small></div><div>Player Pair<b>11 to 1</b></div></div>')
    edges = ("<table><caption>House Edge</caption><tr><td>Banker</td><td>1.06%</td><td>Tie</td><td>4.93%</td></tr>"
             "<tr><td>Player</td><td>1.24%</td><td>Player Pair</td><td>11.25%</td></tr></table>")
    got = extract(f"<html><head>{style}</head><body><h1>Punto Banco</h1>{rules}{tiles}{edges}</body></html>".encode())
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5] and got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"] == STANDARD and got["naturals_stand"] is True
    assert (got["banker_commission"], got["tie_pays"], got["side_bets"]) == (0.05, 9, {"player_pair": 11})
    assert got["stated_edges"] == {"banker": 0.0106, "tie": 0.0493, "player": 0.0124, "player_pair": 0.1125}


@pytest.mark.parametrize("html, want", [
    # "Commission: none" in a fact line of the game is the Banker's commission
    ("<p>Decks: 8 · Commission: none · Tie pays 8 to 1</p>", {"banker_commission": 0, "tie_pays": 8}),
    # a 5% said in passing on a page that states what replaces the commission: none is kept
    ("<p>You know that 5% commission on the Banker bet. Here the Banker is paid 1 to 1, except that a Banker win "
     "with a three-card 7 is a push.</p><p>Decks: 8 · Commission: none</p>",
     {"banker_commission": 0, "banker_three_card_7_push": True}),
])
def test_no_commission_in_a_fact_line_and_beside_the_clause_that_replaces_it(html, want):
    got = extract(page(html))
    assert {k: got[k] for k in want} == want


@pytest.mark.parametrize("reported", [
    "My buddy says the banker just takes a card whenever the player's total ends up 5 or less, but that can't be right.",
    "It is a common myth that the Banker draws whenever the Player's total is 5 or less.",
])
def test_a_rule_put_in_someone_elses_mouth_or_called_a_myth_is_not_the_pages(reported):
    got = extract(page(f"<p>{reported}</p><p>With 3 the Banker draws unless the Player's third card is an 8.</p>"))
    assert got["banker_rule_keyed_to_total"] is None
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9]}


def test_a_question_typed_without_its_mark_states_no_payout_and_another_games_shoe_no_deck_count():
    got = extract(page("<div class='bubble'>what does each bet pay? is the tie 8 to 1</div>"
                       "<p>The Tie pays 9 for 1.</p>"
                       "<p>Blackjack — six-deck shoe games; blackjack pays 3 to 2. Roulette — single zero.</p>"))
    assert (got["tie_pays"], got["tie_payout_wording"]) == (8, "for")
    assert not [c for c in got.conflicts if c.field.startswith("tie")]
    assert got["decks"] is None


def test_side_bets_named_apart_that_are_each_paid_one_ratio():
    got = extract(page("<p>(e) A winning Player Pair wager and a winning Banker Pair wager shall each be paid at "
                       "odds of 11 to 1.</p>"))
    assert got["side_bets"] == {"player_pair": 11, "banker_pair": 11}


def test_it_in_a_rule_is_the_hand_the_sentence_before_named():
    got = extract(page("<p>If there is no natural, the Player hand goes first. It takes a third card with a total of "
                       "zero through five and stands with six or seven.</p>"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]


def test_two_bets_sharing_the_noun_after_the_second_are_both_pairs():
    got = extract(page("<table><tr><th>Bet</th><th>House edge</th></tr><tr><td>Banker</td><td>1.06%</td></tr>"
                       "<tr><td>Player / Banker Pair (11 to 1)</td><td>10.36%</td></tr></table>"))
    assert got["stated_edges"] == {"banker": 0.0106, "player_pair": 0.1036, "banker_pair": 0.1036}


def test_a_row_whose_sentence_names_the_players_card_is_the_bankers_rule_its_introduction_names():
    rows = "".join(f"<div class=row><span>{k}</span><span>{v}</span></div>" for k, v in [
        ("0, 1, 2", "Draws always"), ("3", "Draws, unless the Player's third card is 8"),
        ("4", "Draws if the Player's third card is 2 to 7"), ("5", "Draws if it is 4 to 7"),
        ("6", "Draws if it is 6 or 7"), ("7", "Always stands")])
    got = extract(page("<style>.row{display:flex}</style><p>The Player draws on 0-5 and stands on 6 or 7.</p>"
                       "<p>If the Player drew, the Banker acts on the value of that third card:</p>" + rows))
    assert got["banker_draws"] == STANDARD
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]


def test_a_total_the_introduction_sets_against_the_card_keys_no_rule():
    items = "".join(f"<li>{t}</li>" for t in [
        "Holding zero, one or two, the Banker always draws.",
        "Holding three, it draws on any Player third card except an eight.",
        "Holding four, it draws if the Player's third card is between two and seven.",
        "Holding five, it draws if that card is a four, five, six or seven.",
        "Holding six, it draws only on a six or a seven.", "Holding seven, it never draws."])
    got = extract(page("<p>If the Player did take a card, the Banker looks at that card, not the Player's "
                       f"new total:</p><ul>{items}</ul>"))
    assert got["banker_rule_keyed_to_total"] is None
    assert got["banker_draws"] == STANDARD


def test_a_side_bet_continued_by_it_keeps_a_payout_after_a_main_bet_named_in_its_condition():
    got = extract(page("<h2>Side bet</h2><p>You can also place a separate Super 6 side bet. It wins if the Banker "
                       "wins with a total of 6 and then pays 12 to 1.</p>"))
    assert got["side_bets"] == {"super_6": 12}


@pytest.mark.parametrize("term", ["Decks", "shoe.decks", "shoe_decks"])
def test_a_term_that_names_the_decks_counts_the_bare_value_it_defines(term):
    assert extract(page(f"<dl><dt>{term}</dt><dd>6</dd><dt>Shuffle</dt><dd>every round</dd></dl>"))["decks"] == 6


def test_hands_the_page_names_in_its_own_words_read_as_the_hands():
    got = extract(page("<ul><li>庄 <b>Zhuang</b> – the Banker hand.</li><li>闲 <b>Xian</b> – the Player hand.</li>"
                       "<li>和 <b>He</b> – a Tie.</li></ul><p>He who bets on Zhuang pays a 5% commission.</p>"
                       "<p>Xian draws on 0-5 and stands on 6 or 7. If Xian stands, Zhuang draws on 0-5.</p>"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_commission"] == 0.05


def test_a_label_before_a_hand_is_no_name_for_it():
    got = extract(page("<p>Rule: Player draws on 0-5 and stands on 6 or 7.</p><p>Rule: Banker stands on 7.</p>"
                       "<p>Note: the Banker.</p>"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5]


@pytest.mark.parametrize("language, html", [
    ("en", "<p>The Banker pays 1 to 1 less a 5% commission.</p><p>There are “no commission” versions, such as Mini "
           "Baccarat on some sites, in which the Banker rule changes.</p>"),
    ("pt", "<p>A aposta no Banqueiro paga 1 para 1, mas a casa cobra uma comissão de 5%.</p><p>Uma observação: "
           "existem versões “sem comissão”, como o Mini Bacará de algumas plataformas.</p>"),
])
def test_what_other_versions_of_the_game_do_contradicts_nothing(language, html):
    got = extract_text(page(html).decode(), language)
    assert got.values["banker_commission"] == 0.05
    assert [c for c in got.conflicts if c.field == "banker_commission"] == []


def test_a_percent_beside_a_payout_in_its_cell_is_the_commission_not_a_figure():
    got = extract_text(page("<p>The theoretical return to player (RTP) is:</p><table><tr><th>Bet</th><th>RTP</th>"
                            "<th>Payout</th></tr><tr><td>Banker</td><td>98.94%</td><td>1:1 (−5%)</td></tr>"
                            "<tr><td>Player</td><td>98.76%</td><td>1:1</td></tr></table>").decode(), "en")
    assert sorted(f.text for f in got.figures) == ["98.76%", "98.94%"]


@pytest.mark.parametrize("language, text", [
    ("en", "So on the Banker you keep the same house edge as always, but without being charged the 5%."),
    ("es", "O sea, a la Banca le sigues yendo con la misma ventaja de siempre, pero sin que te cobren el 5 %."),
])
def test_a_percent_that_is_charged_is_no_odds_figure(language, text):
    assert extract_text(page(f"<p>{text}</p>").decode(), language).figures == []


def test_icons_in_a_chart_read_as_the_names_they_are_given():
    draw = '<i class="gi" role="img" aria-label="Draw">&#xe90a;</i>'
    stand = '<i class="gi" role="img" aria-label="Stand">&#xe91f;</i>'
    rows = "".join(f"<tr><th>{total}</th>" + "".join(
        f"<td>{draw if card in STANDARD[str(total)] else stand}</td>" for card in range(10)) + "</tr>"
        for total in range(8))
    got = extract(page("<h2>Banker third card chart</h2><table><tr><th>Banker total</th>"
                       + "".join(f"<th>{c}</th>" for c in range(10)) + f"</tr>{rows}</table>"))
    assert got["banker_draws"] == STANDARD


@pytest.mark.parametrize("html, decks", [
    ("<details open><summary>How many decks?</summary><p>Eight, shuffled together.</p></details>", 8),
    ("<dl><dt>Decks</dt><dd>eight</dd></dl>", 8),
    ("<p>Decks: 6, 8</p>", None),  # two counts: neither is the page's
    ("<p>Six decks are used. The court cards of the deck: 10, J, Q and K count zero.</p>", 6),
])
def test_a_deck_count_in_words_answering_the_question_or_term_that_names_the_decks(html, decks):
    assert extract(page(html))["decks"] == decks


def test_a_footnote_mark_glued_to_a_word_is_dropped():
    got = extract_text(page("<table><tr><th>Wette</th><th>Auszahlung</th><th>RTP</th></tr>"
                            "<tr><td>Bank¹</td><td>1:1</td><td>98,98 %</td></tr>"
                            "<tr><td>Unentschieden²</td><td>8:1</td><td>85,64 %</td></tr></table>").decode(), "de")
    assert got.values["tie_pays"] == 8
    assert got.values["stated_edges"] == {"banker": 0.0102, "tie": 0.1436}


def test_cards_headed_by_the_banker_s_total_are_rows():
    cards = "".join(f'<div class="card"><h4>Banker with {t}</h4><p>{rule}</p></div>' for t, rule in (
        ("0, 1 or 2", "Draws always."), ("3", "Draws, unless the Player's third card is an 8."),
        ("4", "Draws if the Player's third card is from 2 to 7. Stands with 0, 1, 8 or 9."),
        ("7", "Always stands.")))
    got = extract(page(f'<h2>When the Banker draws</h2><div class="cards">{cards}</div>'))
    assert got["banker_draws"] == {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)),
                                   "3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7], "7": []}


def test_a_numbered_heading_over_a_rule_is_no_row_label():
    got = extract(page("<h2>B.3 Banker drawing rule</h2><p>If the Player stood, the Banker draws on 0-5 "
                       "and stands on 6 or 7.</p>"))
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5] and got["banker_draws"] is None


def test_a_stood_column_header_broken_by_a_line_break():
    head = "<tr><th>Banker</th><th>Player without<br>third card</th>" + "".join(f"<th>{c}</th>" for c in range(10)) + "</tr>"
    rows = "".join(f"<tr><th>{t}</th><td>{'D' if t <= 5 else 'S'}</td>" + "".join(f"<td>{m}</td>" for m in CHART[str(t)])
                   + "</tr>" for t in range(8))
    got = extract(page(f"<table>{head}{rows}</table><p>D = draws, S = stands.</p>"))
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_card_headed_by_a_bet_takes_the_kind_of_figure_from_the_heading_over_it():
    cards = "".join(f'<div class="box"><h3>{bet}</h3><div class="big">{figure}</div></div>'
                    for bet, figure in (("Player", "1.24%"), ("Tie", "14.36%")))
    got = extract(page(f"<h2>House edge</h2><div>{cards}</div>"))
    assert got["stated_edges"] == {"player": 0.0124, "tie": 0.1436}


def test_a_bound_is_no_figure():
    got = extract(page("<p>The Tie looks tempting, but its house edge is over 14%.</p>"))
    assert got["stated_edges"] is None


def test_the_kind_a_sentence_names_carries_to_the_next_one_s_figures():
    got = extract(page("<p>The house edge on the Banker bet is 1.06%. On the Player it is 1.24%, on the Tie 14.36%.</p>"))
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}


def test_rules_said_to_be_those_of_the_classic_game_are_this_game_s():
    got = extract(page("<h2>No Commission Baccarat</h2><h3>The basic rules (same as classic Punto Banco)</h3>"
                       "<p>Eight decks are used. The Player draws on 0-5 and stands on 6 or 7.</p>"))
    assert got["decks"] == 8 and got["player_draws_on"] == [0, 1, 2, 3, 4, 5]


def test_an_amount_written_with_a_decimal_comma_before_its_currency_sign():
    got = extract_text("<p>Exemplo: se apostar 20,00 € na Banca e a Banca ganhar, recebe 38,00 € (a aposta mais o "
                       "prémio, já descontada a comissão de 5%).</p>", language="pt")
    assert [(e.bet, e.stake, e.amount, e.meaning) for e in got.examples] == [("banker", 20.0, 38.0, "returned")]


def test_a_side_bet_named_with_another_game_is_not_this_game_s():
    got = extract(page("<h2>Super 6 Baccarat</h2><p>A winning Banker 6 pays 1 to 2. The Super 6 side bet pays 15 to 1.</p>"
                       "<p>If you like side bets, also have a look at EZ Baccarat with its Dragon 7 side bet.</p>"))
    assert got["side_bets"] == {"super_6": 15}
    ez = extract(page("<h2>EZ Baccarat</h2><p>A Banker win on a three-card 7 is a push. You can also place the Dragon 7 "
                      "side bet.</p>"))
    assert ez["side_bets"] == {"dragon_7": None}


def test_a_no_commission_page_s_column_in_a_table_comparing_games():
    table = ("<table><tr><th>Bet</th><th>Standard</th><th>Super 6</th></tr>"
             "<tr><td>Banker</td><td>0.95 to 1</td><td>1 to 1, a winning 6 pays 1 to 2</td></tr></table>")
    got = extract(page(f"<h2>No Commission Baccarat</h2>{table}"))
    assert got["banker_pays_on_6"] == 0.5 and got["banker_commission"] is None


def test_numbered_clauses_laid_out_as_rows_are_paragraphs():
    clauses = "".join(f'<div class="cl"><span class="n">{n}</span><span class="t">{t}</span></div>' for n, t in (
        ("4.3.2", "If either hand holds a Natural, neither hand shall receive a further card."),
        ("4.3.3", "Otherwise, the Player hand shall receive a third card if its total is zero (0) to five (5) "
                  "inclusive and shall stand if its total is six (6) or seven (7)."),
        ("4.3.4", "Where the Player hand stands, the Banker hand shall receive a third card if its total is five (5) "
                  "or less and shall stand on six (6) or seven (7).")))
    got = extract(page(f"<h2>4.3 Dealing and drawing</h2>{clauses}"))
    assert got["player_draws_on"] == [0, 1, 2, 3, 4, 5] and got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]


def test_a_banker_win_with_a_dragon_7_that_pushes_is_the_three_card_7_push():
    got = extract(page("<h2>EZ Baccarat</h2><p>No commission is charged on the Banker bet. A winning Banker bet is paid "
                       "at odds of 1 to 1, save that where the Banker wins with a Dragon 7 all Banker bets are a push.</p>"))
    assert got["banker_three_card_7_push"] is True and got["banker_commission"] == 0


def test_it_pays_is_the_bet_the_sentence_before_named_even_as_what_most_tables_pay():
    got = extract(page("<p>The Tie is the long shot. At most tables in Ireland it pays 9 for 1.</p>"))
    assert (got["tie_pays"], got["tie_payout_wording"]) == (8, "for")
    both = extract_text("<p>The Tie is the long shot. At most tables it pays 9 to 1.</p><table><tr><th>Bet</th>"
                        "<th>Pays</th></tr><tr><td>Tie</td><td>8 to 1</td></tr></table>")
    assert both.values["tie_pays"] == 8 and not [c for c in both.conflicts if c.field == "tie_pays"]


def test_a_figure_heading_a_card_labels_its_text():
    cards = "".join(f'<div class="card"><div class="tot">{t}</div>{rule}</div>' for t, rule in (
        ("3", "Draws always, unless the Player's third card is an 8."), ("7", "Always stands.")))
    got = extract(page("<p>If the Player drew, the Banker looks at the value of the Player's third card and follows "
                       f"this scheme:</p><div class=cards>{cards}</div>"))
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "7": []}


def test_what_a_card_shows_before_its_own_heading_is_the_card_s():
    cards = "".join(f'<div class="card"><span class="pays">{p}</span><h4>{bet}</h4>{text}</div>' for p, bet, text in (
        ("8:1", "Tie", "Pays 8 to 1."), ("40:1", "Dragon 7", "Wins when the Banker wins with a three-card 7. Pays 40 to 1.")))
    got = extract_text(f"<h2>Payouts</h2>{cards}")
    assert got.values["tie_pays"] == 8 and got.values["side_bets"] == {"dragon_7": 40}
    assert not got.conflicts


def test_a_cell_s_value_then_what_it_means_after_a_dash():
    rows = "".join(f"<tr><td>{t}</td><td>{c}</td></tr>" for t, c in (
        ("6", "6 or 7"), ("7", "never &ndash; the Banker always stands on 7")))
    got = extract(page("<table><tr><th>Banker total</th><th>Draws when the Player's third card is</th></tr>"
                       f"{rows}</table>"))
    assert got["banker_draws"] == {"6": [6, 7], "7": []}


def test_a_sentence_that_only_says_the_exception_again_states_no_rule():
    terms = "".join(f"<dt>{t}</dt><dd>{d}</dd>" for t, d in (
        ("Number of decks", "Eight decks."), ("Banker total 3", "The Banker draws, except when the Player's third card "
                                                                 "is an 8. Then the Banker stands."),
        ("Banker total 6", "The Banker draws when the Player's third card is 6 or 7.")))
    got = extract_text(f"<h2>Rules</h2><dl>{terms}</dl><p>The Banker draws, except when the Player's third card is "
                       "an 8. Then the Banker stands.</p>")
    assert got.values["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "6": [6, 7]} and not got.conflicts


def test_a_section_of_a_table_with_a_header_row_of_its_own():
    rows = "".join(f"<tr><td>{t}</td><td>{d}</td><td>{s}</td></tr>" for t, d, s in (
        ("0, 1 or 2", "Any card", "&ndash;"), ("3", "Any card except an 8", "8"), ("7", "&ndash;", "Always stands")))
    table = ('<table><tr><td colspan="3"><b>BANKER HAND &ndash; if the Player stands</b></td></tr>'
             '<tr><td>Total of 0 to 5</td><td colspan="2">Draws a card</td></tr>'
             '<tr><td>Total of 6 or 7</td><td colspan="2">Stands</td></tr>'
             '<tr><td colspan="3"><b>BANKER HAND &ndash; if the Player draws a third card</b></td></tr>'
             "<tr><td><b>Banker total</b></td><td><b>Banker draws when Player's third card is</b></td>"
             f"<td><b>Banker stands when Player's third card is</b></td></tr>{rows}</table>")
    got = extract(page(table))
    assert got["banker_draws_player_stood"] == [0, 1, 2, 3, 4, 5]
    assert got["banker_draws"] == {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)),
                                   "3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "7": []}


def test_payouts_set_side_by_side_state_neither():
    got = extract_text("<p>El empate paga 9 por 1.</p><p>+1, y ojo con los casinos que meten empate a 8:1 vs 9:1, "
                       "fíjense en la mesa antes de apostar.</p>", language="es")
    assert (got.values["tie_pays"], got.values["tie_payout_wording"]) == (8, "for") and not got.conflicts


def test_a_payout_quoted_as_a_wording_is_mentioned_not_stated():
    got = extract_text("<p>The Tie pays 8 to 1.</p><p>We mark down a rules page with the Tie written as \u201c9 for 1\u201d "
                       "and nothing else.</p>")
    assert (got.values["tie_pays"], got.values["tie_payout_wording"]) == (8, "to") and not got.conflicts


def test_that_is_refers_back_to_the_case_the_sentence_before_names():
    got = extract(page("<h2>EZ Baccarat</h2><p>Winning Banker wagers are paid even money with no commission, except when "
                       "the Banker wins with a three-card total of 7. That is a Dragon 7, and Banker wagers push.</p>"))
    assert got["banker_three_card_7_push"] is True and got["banker_commission"] == 0


def test_items_keyed_by_their_totals_under_a_term_take_its_verb():
    items = ("0&ndash;2: always &middot; 3: unless Player's third card is 8 &middot; 4: if Player's third card is "
             "2&ndash;7 &middot; 5: if 4&ndash;7 &middot; 6: if 6&ndash;7 &middot; 7: stands")
    want = {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)), "3": [0, 1, 2, 3, 4, 5, 6, 7, 9],
            "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7], "6": [6, 7], "7": []}
    for layout in (f"<dl><dt>Banker draws (Player drew)</dt><dd>{items}</dd></dl>",
                   f"<dl><dt>Banker draws (Player drew)</dt><dd>{items.replace(' &middot; ', '<br>')}</dd></dl>",
                   f"<dl><dt>Shoe</dt><dd>8 decks</dd><dt>Banker draws (Player drew)</dt><dd>{items}</dd></dl>"):
        assert extract(page(layout))["banker_draws"] == want, layout


def test_a_list_of_totals_set_apart_by_dots_is_no_list_of_items():
    got = extract(page("<div><b>Banker 0 &middot; 1 &middot; 2</b> Draws always, whatever the third card</div>"
                       "<div><b>Banker 7</b> Always stands</div>"))
    assert got["banker_draws"] == {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)), "7": []}


def test_a_first_clause_with_no_verb_takes_the_row_labels():
    got = extract(page("<dl><dt>Shoe</dt><dd>8 decks</dd><dt>Player draws</dt><dd>On totals of 0&ndash;5; stands on "
                       "6&ndash;7</dd><dt>Banker draws (Player stood)</dt><dd>On totals of 0&ndash;5; stands on 6&ndash;7</dd>"
                       "<dt>Banker total 3</dt><dd>Draws, unless the Player's third card is an 8; in that case it stands</dd></dl>"))
    assert (got["player_draws_on"], got["banker_draws_player_stood"]) == ([0, 1, 2, 3, 4, 5], [0, 1, 2, 3, 4, 5])
    assert got["banker_draws"] == {"3": [0, 1, 2, 3, 4, 5, 6, 7, 9]}


def test_a_bet_restated_in_parentheses_is_one_bet():
    got = extract_text("<ul><li>Spielerpaar (Player Pair) / Bankpaar (Banker Pair): 11:1, wenn die ersten beiden "
                       "Karten denselben Rang haben</li></ul>", language="de")
    assert got.values["side_bets"] == {"player_pair": 11, "banker_pair": 11}


def test_another_games_figure_is_not_the_bets():
    got = extract(page("<h2>The maths favours the Banker</h2><p>The house edge on the Player is 1.24%. For comparison, "
                       "European roulette sits at 2.7%.</p>"))
    assert got["stated_edges"] == {"player": 0.0124}


def test_that_is_called_refers_back_to_the_case_the_sentence_before_names():
    got = extract(page("<ul><li><b>Banker</b> &ndash; pays 1 to 1 with no commission, <i>except</i> when Banker wins "
                       "with a three-card total of 7. That is called &ldquo;Dragon 7&rdquo; and your Banker bet is a push "
                       "(money returned).</li></ul>"))
    assert got["banker_three_card_7_push"] is True and got["banker_commission"] == 0


def test_decimal_commas_in_a_list_of_figures_and_a_kind_named_before_a_hint():
    got = extract(page("<p>4.4.1 The theoretical return to player, calculated over an infinite number of rounds, is "
                       "98,94% for the Banker bet, 98,76% for the Player bet and 85,64% for the Tie bet.</p>"))
    assert got["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1436}
    assert got["stated_probabilities"] is None


def test_a_header_row_of_a_div_grid_with_a_class_of_its_own():
    rows = "".join(f'<div class="row"><div>{a}</div><div>{b}</div><div>{c}</div></div>' for a, b, c in (
        ("0, 1, 2", "any card", "&ndash;"), ("3", "all but 8", "8"), ("4", "2&ndash;7", "0, 1, 8, 9"),
        ("5", "4&ndash;7", "0&ndash;3, 8, 9"), ("6", "6 or 7", "0&ndash;5, 8, 9"), ("7", "&ndash;", "always stands")))
    got = extract(page('<h3>The Banker, when the Player drew a third card</h3><div class="row head"><div><b>Banker total</b>'
                       "</div><div><b>Draws if the Player's third card is</b></div><div><b>Stands if it is</b></div></div>"
                       f"{rows}"))
    assert got["banker_draws"] == {"0": list(range(10)), "1": list(range(10)), "2": list(range(10)),
                                   "3": [0, 1, 2, 3, 4, 5, 6, 7, 9], "4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7],
                                   "6": [6, 7], "7": []}


def test_a_worked_example_in_portuguese():
    got = extract_text("<p>Na prática, uma aposta de R$ 100 no Banqueiro que vence rende R$ 90 de lucro.</p>", language="pt")
    assert [(e.bet, e.stake, e.amount, e.meaning) for e in got.examples] == [("banker", 100.0, 90.0, "profit")]


def test_a_tie_figure_said_after_another_tie_payout_is_uncertain():
    got = extract_text("<p>Our Tie pays 9 to 1.</p><p>Moral: at 9 to 1 the Tie is no longer the dud it is at 8 to 1 "
                       "(there it is 14.4%), but the Banker is still the best bet.</p>")
    assert got.values["tie_pays"] == 8 + 1 and "stated_edges.tie" in got.uncertain
    got = extract_text("<p>Our Tie pays 9 to 1, for a house edge of 4.84%.</p>")
    assert got.values["stated_edges"] == {"tie": 0.0484} and not got.uncertain


def test_what_a_house_edge_means_one_loses_says_nothing_of_a_tie():
    got = extract_text("<p>If the hand is a tie, Player and Banker bets are returned.</p><p>The house edge is what you can "
                       "expect to lose on average for every \u20ac100 staked over a very large number of rounds \u2013 around "
                       "\u20ac1.06 on Banker, but more than \u20ac14 on Tie.</p>")
    assert got.values["main_bets_push_on_tie"] is True and not got.conflicts


def test_what_a_bet_would_have_to_pay_is_no_payout():
    got = extract_text("<p>Tie pays 8 to 1.</p><p>The Tie bet is poor value at 8 to 1; it would need to pay about 9.5 to 1 "
                       "to be fair.</p>")
    assert got.values["tie_pays"] == 8 and not got.conflicts


def test_a_variable_standing_for_the_third_card_and_stands_for_a_value():
    got = extract(page("<p>The Banker's rule depends on the value of the Player's third card (call it c):</p><ul>"
                       "<li>Banker 4: draws for c = 2 to 7, stands for c = 0, 1, 8, 9.</li>"
                       "<li>Banker 5: draws for 4 to 7, stands for 0 to 3, 8 or 9.</li></ul>"))
    assert got["banker_draws"] == {"4": [2, 3, 4, 5, 6, 7], "5": [4, 5, 6, 7]}


def test_a_row_of_a_div_strip_may_add_a_note_and_a_non_breaking_hyphen_is_a_hyphen():
    got = extract("<html><body><p>House advantage for our six\u2011deck game:</p><div class='strip'>"
                  "<div><span>Banker</span><strong>1.06%</strong></div><div><span>Player</span><strong>1.24%</strong></div>"
                  "<div><span>Tie</span><strong>14.44%</strong></div><div><span>Player Pair / Banker Pair</span>"
                  "<strong>11.25%</strong><small>each</small></div></div></body></html>".encode())
    assert got.values["decks"] == 6
    assert got.values["stated_edges"] == {"banker": 0.0106, "player": 0.0124, "tie": 0.1444, "player_pair": 0.1125,
                                          "banker_pair": 0.1125}


def test_typed_lines_of_prose_are_no_table_and_one_bar_parts_a_label_from_words():
    keyed = ("<p>If the Player drew a third card, look at that third card of the Player:</p><pre>"
             "Banker 0, 1, 2 : draws always\nBanker 3       : draws, except if the player's third card is an 8 or a 9\n"
             "Banker 4       : draws if that card is 2 to 7\nBanker 5       : draws if that card is 4 to 7\n"
             "Banker 6       : draws only on a 6 or a 7\nBanker 7       : stands always</pre>")
    got = extract(f"<html><body>{keyed}</body></html>".encode())
    assert got.values["banker_draws"] == {**{k: STANDARD[k] for k in "012"}, "3": [0, 1, 2, 3, 4, 5, 6, 7],
                                          **{k: STANDARD[k] for k in "4567"}}
    barred = ("<pre>Bank hat   | Bank zieht, wenn 3. Karte Spieler ...\n-----------+-----------------\n"
              "0, 1, 2    | immer\n3          | alles außer 8\n4          | 2 bis 7\n5          | 4 bis 7\n"
              "6          | 6 oder 7\n7          | nie (steht immer)</pre>")
    got = extract(f"<html lang='de'><body>{barred}</body></html>".encode())
    assert got.values["banker_draws"] == STANDARD
