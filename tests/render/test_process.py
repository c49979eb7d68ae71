"""Ctrl-C while pages are being rendered: exit 130 at once, no browser left running."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import chromium, send

REPO = Path(__file__).resolve().parents[2]
BUSY = b"<html><body><div id=root></div><script>setTimeout(function () { for (;;) {} }, 10)</script></body></html>"


def browsers() -> set[int]:
    """Processes started by this tool's renderer (their command line carries its mark)."""
    found = set()
    for pid in os.listdir("/proc"):
        try:
            with open(f"/proc/{pid}/cmdline", "rb") as f:
                if b"--rules-auditor-session=" in f.read():
                    found.add(int(pid))
        except OSError:
            continue
    return found


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_while_rendering(server, tmp_path, jobs):
    chromium()
    server.routes["/busy"] = lambda h: send(h, BUSY)
    before = browsers()
    urls = [server.url("/busy"), server.url("/busy?2"), server.url("/busy?3")]
    child = subprocess.Popen([sys.executable, "-m", "auditor", "audit", *urls, "--render", "--allow-private",
                              "--render-timeout", "60", "--jobs", jobs, "-o", str(tmp_path / "out.json")],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, start_new_session=True)
    try:
        deadline = time.monotonic() + 30
        while server.hits["/busy"] < int(jobs) and time.monotonic() < deadline:
            time.sleep(0.1)
        time.sleep(1.5)  # the browser is in the page, its scripts spinning
        assert browsers() - before
        os.killpg(child.pid, signal.SIGINT)
        sent = time.monotonic()
        _, err = child.communicate(timeout=30)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    assert child.returncode == 130, err.decode()
    assert waited < 5, f"{waited:.1f} s from Ctrl-C to exit"
    assert err.decode().splitlines()[-1] == "rules-auditor: interrupted"
    assert "Traceback" not in err.decode()
    time.sleep(1)
    assert not browsers() - before, "a browser was left running"
    assert not (tmp_path / "out.json").exists()
