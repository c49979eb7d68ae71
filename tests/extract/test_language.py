"""Telling a page's language, and the lexicons that rewrite it into the words the reader knows
(tested apart from reading, as dateparser tests its translation layer)."""

from __future__ import annotations

from collections import Counter

import pytest

from auditor.extract import extract
from auditor.extract import lexicon as lexicon_module
from auditor.extract.language import detect, hint
from auditor.extract.lexicon import LexiconError, languages, lexicon
from auditor.pipeline import audit_bytes

SUPPORTED = ("da", "de", "en", "es", "fr", "it", "nl", "pt", "sv")
#: what every lexicon but English must name: the rule-bearing concepts of a rules page
ESSENTIAL = ("hands", "third_card", "draw", "stand", "conditions", "numbers", "ranges", "payout", "commission",
             "tie", "settlement", "edge", "rtp", "decks", "side_bets")


def test_there_is_a_lexicon_for_every_language_of_the_spec():
    assert languages() == SUPPORTED


@pytest.mark.parametrize("language", [lang for lang in SUPPORTED if lang != "en"])
def test_every_lexicon_names_the_rule_bearing_concepts(language):
    import yaml

    data = yaml.load((lexicon_module.LEXICONS / f"{language}.yaml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    missing = [c for c in ESSENTIAL if not data["words"].get(c)]
    assert not missing, f"{language} lexicon names nothing for {missing}"
    assert lexicon(language).decimal_comma


@pytest.mark.parametrize("language, text, canonical", [
    ("de", "Die Bank zieht bei 0 bis 2 immer.", "The banker draws on 0 to 2 always."),
    ("de", "Unentschieden zahlt 8 zu 1", "Tie pays 8 to 1"),
    ("de", "Hausvorteil 1,06 %", "House edge 1.06 %"),
    ("es", "El empate paga 9 por 1", "The tie pays 9 for 1"),
    ("es", "de cero a cinco", "from 0 to 5"),
    ("it", "Il banco pesca sempre, tranne quando la terza carta del giocatore è un 8.",
     "The banker draws always, except when the player's third card is a 8."),
    ("fr", "L'égalité paie 8 contre 1.", "The tie pays 8 to 1."),
    ("nl", "De speler trekt bij 0 t/m 5.", "The player draws on 0 to 5."),
    ("pt", "O empate paga 8 para 1.", "The tie pays 8 to 1."),
    ("sv", "Oavgjort betalar 8 mot 1.", "Tie pays 8 to 1."),
    ("da", "Uafgjort betaler 8 til 1.", "Tie pays 8 to 1."),
    ("da", "Tilbagebetalingsprocenten er 98,94 %.", "Return to player is 98.94 %."),
])
def test_translation(language, text, canonical):
    assert lexicon(language).translate(text) == canonical


def test_a_list_with_commas_is_no_decimal():
    assert lexicon("de").translate("bei 0, 1, 2 oder 3") == "on 0, 1, 2 or 3"
    assert lexicon("de").translate("0,95 zu 1") == "0.95 to 1"


def test_english_is_read_as_it_is():
    assert lexicon("en").identity
    assert lexicon("en").translate("The Banker draws on 0-2.") == "The Banker draws on 0-2."


GERMAN = ("<p>Der Spieler zieht bei einer Summe von 0 bis 5 eine dritte Karte und bleibt bei 6 oder 7 stehen. "
          "Auf Gewinne mit der Bank wird eine Provision von 5 % erhoben. Unentschieden zahlt 8 zu 1.</p>")


def test_the_page_text_outranks_a_wrong_html_lang():
    page = f'<html lang="en"><body>{GERMAN}</body></html>'
    assert hint(page) == "en"
    x = extract(page.encode("utf-8"))
    assert (x.language, x.detected_language) == ("de", "de")
    assert (x["player_draws_on"], x["banker_commission"], x["tie_pays"]) == ([0, 1, 2, 3, 4, 5], 0.05, 8)


def test_too_little_text_takes_the_hint():
    assert detect(["Baccarat"], "nl") == "nl"
    assert detect(["Baccarat"], None) == "en"


POLISH = ("<html lang=\"pl\"><body><h1>Zasady gry w bakarata</h1>"
          "<p>Gracz dobiera trzecią kartę, gdy suma jego dwóch pierwszych kart wynosi od 0 do 5, a przy 6 lub 7 "
          "pozostaje. Bankier dobiera kartę zgodnie z tabelą poniżej. Zakłady na remis są wypłacane w stosunku "
          "8 do 1. Od wygranych zakładów na bankiera pobierana jest prowizja w wysokości 5%.</p></body></html>")


def test_a_language_without_a_lexicon_is_judged_missing_or_divergent_by_nothing_certain():
    report = audit_bytes(POLISH.encode("utf-8"), "pl.html")
    assert report.language is None
    certain = Counter(f.code for f in report.findings if f.certain)
    assert certain == Counter({"language-unsupported": 1}) or set(certain) <= {"language-unsupported", "decks-missing"}
    assert [f.found for f in report.findings if f.code == "language-unsupported"] == ["pl"]
    assert all(f.doubt for f in report.findings if not f.certain)


def test_a_broken_lexicon_is_refused_with_its_file_and_key(tmp_path, monkeypatch):
    (tmp_path / "xx.yaml").write_text("language: xx\nwords:\n  hands:\n    '(spieler': player\n", encoding="utf-8")
    (tmp_path / "yy.yaml").write_text("language: yy\nwords:\n  colours:\n    rot: red\n", encoding="utf-8")
    monkeypatch.setattr(lexicon_module, "LEXICONS", tmp_path)
    lexicon.cache_clear()
    try:
        with pytest.raises(LexiconError, match=r"xx\.yaml: words\.hands\.\(spieler"):
            lexicon("xx")
        with pytest.raises(LexiconError, match=r"yy\.yaml: words\.colours: unknown concept"):
            lexicon("yy")
        with pytest.raises(LexiconError, match="no lexicon"):
            lexicon("zz")
    finally:
        lexicon.cache_clear()
