"""The gates every request of a rendered page passes, and --render where Chromium is missing.
These need no browser."""

from __future__ import annotations

import socket
import struct

import pytest

from auditor.cli import main
from auditor.fetch import FetchOptions
from auditor.render import CHROMIUM_ENV
from auditor.render._gate import Gate

from .conftest import send


def socks_connect(port: int, host: str, target_port: int) -> int:
    """Ask the proxy for a connection; its SOCKS5 reply code (0 granted, 2 not allowed)."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(b"\x05\x01\x00")
        assert s.recv(2) == b"\x05\x00"
        name = host.encode()
        s.sendall(b"\x05\x01\x00\x03" + bytes([len(name)]) + name + struct.pack("!H", target_port))
        return s.recv(10)[1]


@pytest.fixture
def gate():
    g = Gate()
    yield g
    g.close()


def test_the_proxy_lets_through_only_what_the_page_was_allowed_to_ask_for(gate, server):
    server.routes["/"] = lambda h: send(h, b"hello")
    gate.start(FetchOptions(allow_hosts=("127.0.0.1",)), 10_000)
    assert socks_connect(gate.port, "127.0.0.1", server.port) == 2  # not asked for by the page
    gate.approve(f"http://127.0.0.1:{server.port}/x")
    gate.approve(f"http://localhost:{server.port}/x")
    assert socks_connect(gate.port, "127.0.0.1", server.port) == 0
    assert socks_connect(gate.port, "localhost", server.port) == 2  # loopback, and not an allowed host
    assert any("localhost" in r and "loopback" in r for r in gate.refused)
    gate.stop()
    assert socks_connect(gate.port, "127.0.0.1", server.port) == 2  # between pages nothing goes


def test_the_proxy_stops_a_page_past_its_byte_budget(gate, server):
    server.routes["/big"] = lambda h: send(h, b"x" * 200_000)
    gate.start(FetchOptions(allow_private=True), 50_000)
    gate.approve(f"http://127.0.0.1:{server.port}/")
    with socket.create_connection(("127.0.0.1", gate.port), timeout=5) as s:
        s.sendall(b"\x05\x01\x00")
        s.recv(2)
        s.sendall(b"\x05\x01\x00\x01" + socket.inet_aton("127.0.0.1") + struct.pack("!H", server.port))
        assert s.recv(10)[1] == 0
        s.sendall(b"GET /big HTTP/1.1\r\nHost: x\r\n\r\n")
        got = b""
        while chunk := s.recv(65536):
            got += chunk
    assert gate.over and len(got) < 200_000


def test_render_without_chromium_is_a_one_line_error_and_exit_2(monkeypatch, capsys, tmp_path):
    monkeypatch.setenv(CHROMIUM_ENV, "/nonexistent/chromium")
    for argv in (["audit", "http://127.0.0.1:9/rules", "--render"],
                 ["fetch", "http://127.0.0.1:9/rules", "--render", "--out", str(tmp_path)]):
        assert main(argv) == 2
        err = capsys.readouterr().err
        assert err.count("\n") == 1 and err.startswith("rules-auditor: error: --render needs")
    assert not list(tmp_path.iterdir())


def test_the_text_report_says_the_page_was_rendered_and_what_was_refused():
    from auditor.formats.text import TextFormat
    from auditor.pipeline import audit_bytes

    note = {"browser": "Chromium 156.0.1", "refused": ["http://localhost:1/x\x1b[31m: a loopback address; refused"]}
    report = audit_bytes(b"<html><body><div id=root></div><script src=a.js></script><script src=b.js></script>"
                         b"</body></html>", "page", rendered=note)
    text = TextFormat().page(report)
    assert "rendered by Chromium 156.0.1; 1 request of the page refused:" in text
    assert "http://localhost:1/x" in text and "\x1b" not in text
    assert report.to_dict()["rendered"] == note


def test_render_without_playwright_says_how_to_install_it(monkeypatch, capsys):
    import sys

    monkeypatch.setitem(sys.modules, "playwright.sync_api", None)  # as if not installed
    assert main(["audit", "http://127.0.0.1:9/rules", "--render"]) == 2
    assert "pip install 'rules-auditor[render]'" in capsys.readouterr().err
