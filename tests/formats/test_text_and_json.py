"""`--format text` and `--format json`: whole outputs of the sample run."""

from __future__ import annotations

import json

from auditor.formats.json import JsonFormat
from auditor.formats.text import TextFormat, safe
from auditor.schema import validate_report


def test_text_whole_output(sample_run, golden):
    golden("sample.txt", TextFormat().render(sample_run, fail_on="error"))


def test_json_whole_output(sample_run, golden):
    text = JsonFormat().render(sample_run, fail_on="error")
    golden("sample.json", text)
    validate_report(json.loads(text))


def test_text_drops_whole_terminal_escapes():
    assert safe("a\x1b[1;31mred\x1b[0m b\x1b]0;title\x07c\x07") == "ared bc"
