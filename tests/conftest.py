import os
from pathlib import Path
import re
import shutil
import struct
import subprocess
import sys
import zlib

import pytest

from generator.jobs.build import BuildOptions, build


@pytest.hookimpl(optionalhook=True)       # pytest-xdist's hook: `-n auto`, as the test command runs
def pytest_xdist_auto_num_workers(config):
    """One test worker more than the cores this process may run on. A test often waits on
    something that is not its own process (a command it started, a browser, a pipe), and with one
    worker per core that core then idles: on two cores the suite took 289 s with 2 workers, 265 s
    with 3 and 274 s with 4."""
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    return cores + 1


def pytest_collection_modifyitems(config, items):
    """The tests marked `long` (each takes many seconds) start first, spread over the workers.

    pytest-xdist's work-stealing first hands worker k the next len(left) // (workers - k) tests
    in this order, then lets an idle worker take half of the longest queue. A long test left at the
    end of a queue kept the run going while the other workers idled (a 20 s build-killing test
    did: the workers' busy times ended 15 s apart), so each worker's share begins with its part of
    the long ones. Every worker collects alike, so every worker computes the same order."""
    long = [item for item in items if item.get_closest_marker("long")]
    rest = [item for item in items if not item.get_closest_marker("long")]
    workers = int(os.environ.get("PYTEST_XDIST_WORKER_COUNT", "1"))
    order, left, start = [], len(items), 0
    for k in range(workers):
        share = left // (workers - k)
        mine = long[k::workers]
        if share < len(mine):                   # a handful of tests: the long ones first, as they come
            order = long + rest
            break
        order += mine + rest[start:start + share - len(mine)]
        start, left = start + share - len(mine), left - share
    items[:] = order


@pytest.fixture(scope="session", autouse=True)
def no_users_own_config(tmp_path_factory):
    """The tests never read the config of the person running them: the user config folder
    ($XDG_CONFIG_HOME, inherited by every command a test starts) is an empty one of their own."""
    os.environ["XDG_CONFIG_HOME"] = str(tmp_path_factory.mktemp("xdg-config"))


@pytest.fixture(scope="session", autouse=True)
def english_messages():
    """Every command a test starts speaks English, whatever language the machine is set to: the
    tests compare its words with English text. (tests/test_languages.py sets other languages in
    the environment of the commands it starts.) LC_ALL wins over LC_MESSAGES and LANG; LANGUAGE,
    which would win over it, is emptied."""

    os.environ["LANGUAGE"] = ""
    os.environ["LC_ALL"] = "C.UTF-8"


def made_once(tmp_path_factory, name: str, make) -> Path:
    """A folder `make(folder)` fills once for the whole run, however many test workers ask for it:
    the first to ask makes it under a lock and the others wait for it (pytest-xdist's advice for a
    costly session fixture). The tests only read it."""
    import fcntl

    root = tmp_path_factory.getbasetemp()
    if os.environ.get("PYTEST_XDIST_WORKER"):
        root = root.parent                      # the run's folder, above each worker's own
    folder, made = root / f"made-once-{name}", root / f"made-once-{name}.done"
    with open(root / f"made-once-{name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not made.exists():
            shutil.rmtree(folder, ignore_errors=True)       # what a worker that failed began
            folder.mkdir()
            make(folder)
            made.touch()
    return folder


@pytest.fixture(scope="session")
def default_kit(tmp_path_factory) -> Path:
    """The default build, made once for the whole test run."""
    return made_once(tmp_path_factory, "kit", lambda out: build(BuildOptions(out=out)))


@pytest.fixture(scope="session")
def shop_kit(tmp_path_factory) -> Path:
    """The print-shop build of the default kit (PDF/X-1a, every book), made once for the whole run."""
    return made_once(tmp_path_factory, "shop", lambda out: build(BuildOptions(out=out, target="shop")))


@pytest.fixture(scope="session")
def shop_board(shop_kit) -> Path:
    """A print-shop board (PDF/X-1a) for the tests that read or damage copies of it; never written to."""
    return shop_kit / "shop-board.pdf"


_command_server = None
FRESH_COMMANDS = "OPENDOMINO_TEST_FRESH_COMMANDS"       # "1": every command in an interpreter of its own


def run_cli(*args, cwd=None, env=None, timeout=None, fresh=False):
    """Run the command line as a user would, `python -m generator ARGS`, in a process of its own
    (`env` its whole environment, as for subprocess.run). Through the test worker's command server
    (tests/command_server.py), which skips the interpreter's start; in a fresh interpreter when
    `fresh` (outputs compared across runs for equal bytes) or when the environment changes what
    Python reads as it starts."""

    global _command_server
    environment = dict(os.environ if env is None else env)
    if not (fresh or os.environ.get(FRESH_COMMANDS) == "1"):
        if _command_server is None:
            import atexit
            import tempfile

            from command_server import CommandServer

            # A short folder: a Unix socket's path may not pass 107 bytes, and TMPDIR can be long.
            folder = tempfile.mkdtemp(prefix="od-", dir="/tmp" if os.path.isdir("/tmp") else None)
            _command_server = CommandServer(Path(folder))
            atexit.register(_command_server.stop)
        if _command_server.serves(environment):
            return _command_server.run([str(arg) for arg in args], str(Path(cwd or os.getcwd()).resolve()), environment,
                                       timeout)
    return subprocess.run([sys.executable, "-m", "generator", *args], capture_output=True,
                          text=True, cwd=cwd, env=env, timeout=timeout)


# Debian's chromium-headless-shell: the same Blink and V8 as its chromium, without the desktop browser
# around them (Playwright's own headless mode). A page costs it about half the CPU, so the browser
# tests use it; test_rules_site_browser checks that the desktop chromium lays the pages out alike.
# OPENDOMINO_TEST_CHROMIUM names another browser; without the shell, the desktop chromium is used.
DESKTOP_CHROMIUM = shutil.which("chromium") or shutil.which("chromium-browser")
CHROMIUM = shutil.which(os.environ.get("OPENDOMINO_TEST_CHROMIUM", "chromium-headless-shell")) or DESKTOP_CHROMIUM
# Chromium in a container: no sandbox, no GPU, and nothing that reaches for the network.
CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run"]


def browser():
    """Playwright driving Debian's chromium, or a skip that says what is missing."""
    if CHROMIUM is None:
        pytest.skip("no chromium on this machine: install Debian's chromium-headless-shell and chromium "
                    "packages (.ci/run does)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        pytest.skip("playwright is not installed: install the test extras (pip install '.[test]')")
    return sync_playwright, CHROMIUM


@pytest.fixture(scope="session")
def chromium():
    """One headless Chromium for a test worker's browser tests; each test opens a context of its own."""
    sync_playwright, executable = browser()
    with sync_playwright() as playwright:
        launched = playwright.chromium.launch(executable_path=executable, headless=True, args=CHROMIUM_ARGS)
        yield launched
        launched.close()


QPDF = shutil.which("qpdf")


def qpdf_check(path: Path) -> tuple[int, str | None, str | None]:
    """Debian's `qpdf --check` as an independent judge of a PDF's syntax: its exit status (0 sound,
    2 errors, 3 warnings) and the first problem it names, as (where, what), e.g. ("object 1 0,
    offset 15", "expected n n obj"); qpdf's "file is damaged" only announces the problem after it."""
    if QPDF is None:
        pytest.skip("Debian's qpdf is not installed (.ci/run installs it)")
    result = subprocess.run([QPDF, "--check", str(path)], capture_output=True, text=True)
    said = re.compile(rf"^(?:WARNING|qpdf): {re.escape(str(path))}(?: \((?P<where>[^()]*)\))?: (?P<what>.+)$")
    for line in (result.stderr + result.stdout).splitlines():      # its warnings go to stderr, in order
        found = said.match(line)
        if found and found["what"] != "file is damaged":
            return result.returncode, found["where"], found["what"]
    return result.returncode, None, None


# What the PNG specification (its sRGB chunk section) says an sRGB image carries: the sRGB chunk
# with its rendering intent (1: relative colorimetric), and beside it gAMA 1/2.2 and the cHRM of
# the sRGB primaries and white point, each times 100,000.
SRGB_PNG = {"sRGB": (1,), "gAMA": (45455,), "cHRM": (31270, 32900, 64000, 33000, 30000, 60000, 15000, 6000)}


def png_colour_chunks(path: Path) -> dict[str, tuple]:
    """The colour chunks of a PNG read from its bytes, not through Pillow: sRGB, gAMA, cHRM (as
    numbers) and iCCP (its profile's name), each only where the specification puts them, before
    the image data; every chunk's CRC checked on the way."""
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", path
    found, position = {}, 8
    while True:
        length, kind = struct.unpack(">I4s", data[position:position + 8])
        body = data[position + 8:position + 8 + length]
        assert struct.unpack(">I", data[position + 8 + length:position + 12 + length])[0] == zlib.crc32(kind + body)
        if kind == b"IDAT":
            return found
        if kind in (b"sRGB", b"gAMA", b"cHRM"):
            found[kind.decode()] = struct.unpack(">B" if kind == b"sRGB" else f">{length // 4}I", body)
        elif kind == b"iCCP":
            found["iCCP"] = (body.split(b"\0")[0].decode("latin-1"),)
        position += 12 + length
