"""Nothing lost: a build killed at any moment leaves only complete files, and builds are repeatable.

Every file is written to a temporary ".NAME.*.part" beside it and renamed into place, so after
a SIGKILL each file of the output folder is absent, the previous complete version or the new
complete one. The next build deletes the leftover temporaries.
"""

import os
from pathlib import Path
import signal
import subprocess
import sys
import time
import zipfile

from pypdf import PdfReader
import pytest

# Moments of the kills, as fractions of the time a whole build takes: spread over the run,
# from before the first file is written to the last steps. Fixed, so every run tries the same.
KILL_AT = (0.15, 0.35, 0.55, 0.75, 0.92)


def opendomino(*args) -> subprocess.Popen:
    """Start `opendomino ARGS` in a session of its own, so that its workers can be killed with it."""
    return subprocess.Popen([sys.executable, "-m", "generator", *args], stdout=subprocess.DEVNULL,
                            stderr=subprocess.PIPE, start_new_session=True)


def finished(process: subprocess.Popen) -> None:
    _, err = process.communicate(timeout=120)
    assert process.returncode == 0, err.decode()


def contents(folder: Path) -> dict[str, bytes]:
    """Every file a user sees (not the hidden temporaries), by name relative to the folder."""
    return {path.relative_to(folder).as_posix(): path.read_bytes() for path in sorted(folder.rglob("*"))
            if path.is_file() and not any(part.startswith(".") for part in path.relative_to(folder).parts)}


def leftovers(folder: Path) -> list[Path]:
    return sorted(folder.rglob(".*.part"))


@pytest.fixture(scope="module")
def reference(tmp_path_factory) -> tuple[dict[str, bytes], float]:
    """The default kit built by the command, and how long that took."""
    out = tmp_path_factory.mktemp("reference")
    started = time.monotonic()
    finished(opendomino("build", "--out", str(out)))
    return contents(out), time.monotonic() - started


@pytest.mark.long
def test_a_killed_build_leaves_only_complete_files(tmp_path, reference):
    new, seconds = reference
    out = tmp_path / "kit"
    finished(opendomino("build", "--out", str(out), "--theme", "grayscale"))     # the previous version
    previous = contents(out)
    assert previous.keys() == new.keys()
    # Every drawn file changes with the theme (the web site's style, scripts, fonts and pages
    # without figures do not), so a kill shows which version each file is.
    assert all(previous[name] != new[name] for name in new if name.endswith((".pdf", ".epub")))

    for fraction in KILL_AT:
        process = opendomino("build", "--out", str(out))
        time.sleep(fraction * seconds)
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        assert all(p.name.endswith(".part") for p in out.glob(".*")), "a hidden file that is not a temporary"
        now = contents(out)
        assert now.keys() <= new.keys(), f"unexpected files after a kill at {fraction}: {now.keys() - new.keys()}"
        for name, data in now.items():
            assert data in (previous[name], new[name]), f"{name} is partial after a kill at {fraction:.0%}"
            if name.endswith(".pdf"):
                assert len(PdfReader(out / name).pages) > 0
            if name.endswith(".epub"):
                assert zipfile.ZipFile(out / name).testzip() is None

    finished(opendomino("build", "--out", str(out)))
    assert leftovers(out) == []
    assert contents(out) == new


def test_two_builds_of_the_default_kit_are_byte_identical(default_kit, reference):
    """The session's kit (built in this process) and the command's kit: every file the same."""
    by_command, _ = reference
    by_library = contents(default_kit)
    assert set(by_command) - set(by_library) <= {"manifest.json"}
    assert len(by_library) >= 10
    different = [name for name in by_library if by_library[name] != by_command[name]]
    assert different == []
