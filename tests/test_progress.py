"""Progress bars: drawn (by click.progressbar, on stderr) when stderr is a terminal, and never when
it is a pipe, with -q, or on stdout, which may be carrying data."""

import os
import pty
import subprocess
import sys

import pytest

# Long work, each a command a user runs: (arguments, the bar's label)
LONG_WORK = [
    (["tiles", "--sets", "double-12,double-18"], "writing tile sheets"),
    (["build", "--sets", "double-18", "--books", "classic"], "building"),
    (["booklet", "--lang", "en"], "writing the rule books"),
    (["export", "--format", "png", "--sets", "A", "--dpi", "600"], "exporting"),
    (["build", "--target", "shop", "--product", "tgc-domino-deck", "--sets", "A"], "making product images"),
    (["cut", "--machine", "laser", "--sets", "A"], "cutting files"),
]


def _read_all(fd: int) -> bytes:
    data = b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except OSError:         # EIO: the other side of the terminal is closed
            return data
        if not chunk:
            return data
        data += chunk


def run_on_terminal(args, out, stdout_piped=False):
    """The command with stderr (and stdout, unless piped) on a pseudo-terminal; (terminal text, stdout
    text when piped, status)."""
    master, slave = pty.openpty()
    process = subprocess.Popen([sys.executable, "-m", "generator", *args, "--out", str(out)],
                               stdout=subprocess.PIPE if stdout_piped else slave, stderr=slave,
                               env={**os.environ, "TERM": "xterm", "COLUMNS": "100"})
    os.close(slave)
    if stdout_piped:
        with process.stdout:
            piped = process.stdout.read()       # small: the summary line
    terminal = _read_all(master)
    os.close(master)
    status = process.wait(timeout=600)
    return terminal.decode(errors="replace"), piped.decode() if stdout_piped else "", status


@pytest.mark.parametrize("args, label", LONG_WORK, ids=[" ".join(args[:2]) for args, _ in LONG_WORK])
def test_long_work_shows_a_bar_on_a_terminal_and_none_through_a_pipe(args, label, tmp_path):
    terminal, _, status = run_on_terminal(args, tmp_path / "tty")
    assert status == 0, terminal
    assert f"{label}  [" in terminal and "100%" in terminal and "#" * 36 in terminal, terminal
    piped = subprocess.run([sys.executable, "-m", "generator", *args, "--out", str(tmp_path / "pipe")],
                           capture_output=True, text=True, timeout=600)
    assert piped.returncode == 0, piped.stderr
    assert label not in piped.stderr + piped.stdout and "%" not in piped.stderr + piped.stdout
    assert "\r" not in piped.stderr + piped.stdout


def test_quiet_hides_the_bar_on_a_terminal(tmp_path):
    terminal, _, status = run_on_terminal(["-q", "tiles", "--sets", "double-12"], tmp_path)
    assert status == 0 and terminal == "", terminal


def test_the_bar_never_reaches_a_piped_stdout(tmp_path):
    """`opendomino sets --json | jq` style: stdout carries data, the bar stays on the terminal."""
    terminal, stdout, status = run_on_terminal(["tiles", "--sets", "double-12"], tmp_path, stdout_piped=True)
    assert status == 0 and "writing tile sheets  [" in terminal
    assert stdout.startswith("wrote 1 file(s)") and "%" not in stdout and "\r" not in stdout, stdout


def test_a_program_reads_each_finished_step_on_stdout(tmp_path):
    """OPENDOMINO_PROGRESS=lines (the studio's builds): one line per step as it ends, even with -q; without
    it stdout carries no such line."""
    command = [sys.executable, "-m", "generator", "-q", "tiles", "--sets", "A,B,C", "--out", str(tmp_path)]
    said = subprocess.run(command, capture_output=True, text=True, timeout=600,
                          env={**os.environ, "OPENDOMINO_PROGRESS": "lines"})
    assert said.returncode == 0 and said.stderr == "", said.stderr
    assert said.stdout.splitlines() == ["progress 1/3", "progress 2/3", "progress 3/3"]
    quiet = subprocess.run(command, capture_output=True, text=True, timeout=600,
                           env={k: v for k, v in os.environ.items() if k != "OPENDOMINO_PROGRESS"})
    assert quiet.returncode == 0 and quiet.stdout == "", quiet.stdout
