"""The process around an audit: Ctrl-C in the middle of a batch, outputs that cannot be written,
two runs writing the same file, and outputs that are not regular files. The report is written
whole or not at all, and nothing is left behind."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from auditor.cli import main
from auditor.schema import validate_report

from ..fixture_cases import FIXTURES
from .common import GOOD, LIMIT, REPO, cli


@pytest.fixture(scope="module")
def batch(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """300 pages: the fixtures, copied over and over."""
    folder = tmp_path_factory.mktemp("batch")
    pages = sorted(FIXTURES.glob("*.html"))
    for i in range(300):
        shutil.copyfile(pages[i % len(pages)], folder / f"page-{i:03d}.html")
    return folder


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_ctrl_c_in_the_middle_of_a_batch(tmp_path, batch, jobs):
    """Ctrl-C reaches the whole process group (workers too), as from a terminal: exit 130 at once,
    one line, no traceback from any process, and no report or temporary file left behind."""
    out = tmp_path / "out"
    out.mkdir()
    child = subprocess.Popen([sys.executable, "-m", "auditor", "audit", str(batch), "--jobs", jobs,
                              "-o", str(out / "out.json"), "--format", "json"],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=REPO, start_new_session=True)
    lines = []
    try:
        deadline = time.monotonic() + LIMIT
        assert child.stderr is not None
        while time.monotonic() < deadline:  # wait until the batch is well under way
            line = child.stderr.readline().decode()
            lines.append(line)
            if line.startswith("[20/300]") or not line:
                break
        assert lines[-1].startswith("[20/300]"), lines
        os.killpg(child.pid, signal.SIGINT)
        sent = time.monotonic()
        _, rest = child.communicate(timeout=LIMIT)
        waited = time.monotonic() - sent
    finally:
        if child.poll() is None:
            os.killpg(child.pid, signal.SIGKILL)
            child.wait()
    err = rest.decode()
    assert child.returncode == 130, err
    assert waited < 5, f"{waited:.1f} s from Ctrl-C to exit"
    assert err.splitlines()[-1] == "rules-auditor: interrupted"
    assert [line for line in err.splitlines() if not line.startswith("[")] == ["rules-auditor: interrupted"]
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    assert len(err.splitlines()) < 300, "the batch ran on after Ctrl-C"
    assert list(out.iterdir()) == []


def _read_only_dir(tmp_path: Path) -> tuple[Path, str]:
    """A directory this process cannot create files in, and the reason the system gives: a mode
    555 one, or, for root (whom modes do not stop), sysfs."""
    folder = tmp_path / "read-only"
    folder.mkdir()
    folder.chmod(0o555)
    for candidate in (folder, Path("/sys")):
        probe = candidate / "probe.json"
        try:
            probe.touch()
        except OSError as err:
            return candidate, str(err.strerror)
        probe.unlink()
    pytest.skip("no directory here refuses this user's writes")


@pytest.mark.parametrize("where", ["read-only", "missing-directory", "is-a-directory", "disk-full"])
def test_an_output_that_cannot_be_written_is_exit_2_and_leaves_nothing(tmp_path, capsys, where):
    if where == "read-only":
        folder, reason = _read_only_dir(tmp_path)
        target = folder / "report.json"
    elif where == "missing-directory":
        target = tmp_path / "no" / "such" / "report.json"
        reason = "No such file or directory"
    elif where == "is-a-directory":
        target = tmp_path / "report.json"
        target.mkdir()
        reason = "is a directory"
    else:
        if not Path("/dev/full").exists():
            pytest.skip("no /dev/full here")
        target = tmp_path / "report.json"
        target.symlink_to("/dev/full")  # a link, so a regression replaces the link, not /dev/full
        reason = "No space left on device"
    before = set(tmp_path.rglob("*"))
    code = main(["audit", str(GOOD), "--format", "json", "-o", str(target)])
    out, err = capsys.readouterr()
    assert code == 2 and out == ""
    assert err == f"rules-auditor: error: cannot write {target}: {reason}\n"
    assert set(tmp_path.rglob("*")) == before
    if where == "read-only" and target.parent != Path("/sys"):
        assert list(target.parent.iterdir()) == []
    if where == "disk-full":
        assert target.is_symlink() and os.readlink(target) == "/dev/full"
        assert not [p for p in Path("/dev").glob(".full.*")]


def test_two_runs_writing_the_same_report(tmp_path):
    """Both succeed; the file is one whole report (one run's or the other's), and no temporary
    file is left."""
    # (the fixtures at the top, not the blind rounds: the race is the point, not the count)
    pages = sorted(FIXTURES.glob("*.html"))
    target = tmp_path / "out" / "report.json"
    target.parent.mkdir()
    args = [sys.executable, "-m", "auditor", "audit", *map(str, pages), "--format", "json", "--fail-on", "never",
            "-o", str(target)]
    runs = [subprocess.Popen(args, cwd=REPO, stdout=subprocess.PIPE, stderr=subprocess.PIPE) for _ in range(3)]
    results = [r.communicate(timeout=300) for r in runs]
    assert [r.returncode for r in runs] == [0, 0, 0], [e.decode()[-500:] for _, e in results]
    assert [p.name for p in target.parent.iterdir()] == ["report.json"]
    data = json.loads(target.read_text(encoding="utf-8"))
    validate_report(data)
    assert data["summary"]["sources"] == len(pages)


def test_a_report_gets_a_normal_files_mode_and_keeps_an_existing_ones(tmp_path, capsys):
    target = tmp_path / "report.txt"
    assert main(["audit", str(GOOD), "-o", str(target)]) == 0
    umask = os.umask(0o022)
    os.umask(umask)
    assert target.stat().st_mode & 0o777 == 0o666 & ~umask  # not the 0600 of a temporary file
    target.chmod(0o640)
    assert main(["audit", str(GOOD), "-o", str(target)]) == 0
    assert target.stat().st_mode & 0o777 == 0o640
    capsys.readouterr()


def test_an_output_that_is_not_a_file_is_written_to_not_replaced(tmp_path):
    """`-o /dev/stdout`, `-o /dev/null` or a named pipe: renaming a finished file over it would
    replace the device (as root, /dev/null itself). A pipe stands in for them here."""
    pipe = tmp_path / "pipe"
    os.mkfifo(pipe)
    received: list[bytes] = []
    reader = threading.Thread(target=lambda: received.append(pipe.read_bytes()), daemon=True)
    reader.start()
    run = cli("audit", GOOD, "--format", "json", "-o", pipe, timeout=LIMIT)
    reader.join(LIMIT)
    assert run.code == 0, run.stderr
    assert pipe.is_fifo() and [p.name for p in tmp_path.iterdir()] == ["pipe"]
    [report] = json.loads(received[0])["reports"]
    assert report["status"] == "ok" and report["findings"] == []
