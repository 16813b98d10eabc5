"""What every fuzz test shares: how many cases it runs, how each case is counted, and the sandbox
a case runs in so that a write outside the output folder is seen.

How many: each fuzz test names its number of cases at scale 1 (the normal suite) and its class
of input. OPENDOMINO_FUZZ_SCALE multiplies every count; OPENDOMINO_FUZZ_SCALE_<CLASS> (e.g.
OPENDOMINO_FUZZ_SCALE_SIGNALS) multiplies one class's instead, so that a campaign can run cheap
in-process classes by the thousand and subprocess ones by the hundred
(scripts/fuzz_campaign.py).

Counted: with OPENDOMINO_FUZZ_COUNTS naming a file, every case appends one line to it,
"CLASS<TAB>OUTCOME<TAB>TEST", OUTCOME being ok, failure, traceback, hang or stray-write.
A campaign runs without shrinking, so each case runs once and is counted once.
"""

from contextlib import contextmanager
import ctypes
import functools
import os
from pathlib import Path
import shutil
import signal
import subprocess
import sys
import tempfile
import threading

from hypothesis import HealthCheck, Phase, settings
from hypothesis.errors import HypothesisException
import pytest

CLASSES = ("options", "files", "profiles", "products and machines", "environment", "completion", "signals",
           "studio HTTP")
OUTCOMES = ("ok", "failure", "traceback", "hang", "stray-write")
COUNTS_VARIABLE = "OPENDOMINO_FUZZ_COUNTS"
SCALE_VARIABLE = "OPENDOMINO_FUZZ_SCALE"
IN_PROCESS_HANG = 60        # s: an in-process case still running after this has hung
tempfile.gettempdir()       # cached now: an in-process case's TMPDIR (its sandbox's, soon removed) is not kept


def scale_of(kind: str) -> float:
    """The class's own scale, else the global one, else 1."""
    for name in (f"{SCALE_VARIABLE}_{kind.upper().replace(' ', '_')}", SCALE_VARIABLE):
        text = os.environ.get(name) if kind or name == SCALE_VARIABLE else None
        if text:
            value = float(text)
            if not value > 0:
                raise ValueError(f"{name}={text!r}: a number above 0")
            return value
    return 1.0


def campaign() -> bool:
    return bool(os.environ.get(COUNTS_VARIABLE))


class TracebackFound(AssertionError):
    """A traceback reached the user (stderr), or an exception escaped in this process."""


class HangFound(AssertionError):
    """A case gave no answer within its deadline."""


class StrayWrite(AssertionError):
    """Something was written, changed or removed outside the output folder."""


class _Deadline(BaseException):
    """Raised by the alarm inside a hung in-process case: not an Exception, so that no
    `except Exception` of the kit takes it for an error of its own."""


def record(kind: str, outcome: str, test: str) -> None:
    path = os.environ.get(COUNTS_VARIABLE)
    if path:
        with open(path, "a", encoding="utf-8") as counts:       # one short line per write: appended whole
            counts.write(f"{kind}\t{outcome}\t{test}\n")


def outcome_of(error: BaseException | None) -> str:
    if error is None:
        return "ok"
    for kind, name in ((HangFound, "hang"), (StrayWrite, "stray-write"), (TracebackFound, "traceback"),
                       (AssertionError, "failure")):
        if isinstance(error, kind):
            return name
    return "traceback"          # any other exception escaped the kit's code in this process


@contextmanager
def deadline(seconds: float):
    """An alarm that ends a hung in-process case (main thread only; elsewhere nothing is timed)."""
    if threading.current_thread() is not threading.main_thread():
        yield
        return

    def alarm(signum, frame):
        raise _Deadline()

    previous = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, previous)


def fuzz(examples: int, kind: str, hang_after: float = IN_PROCESS_HANG):
    """Hypothesis settings for `examples` cases at scale 1 (derandomized: CI sees the same cases
    every time), each case counted under `kind` and given `hang_after` seconds. Put it above
    @given, as settings go. Kind None: a check of the test's own strategies, scaled by the global
    scale and not counted."""
    assert kind is None or kind in CLASSES, kind
    chosen = settings(max_examples=max(1, round(examples * scale_of(kind or ""))), derandomize=True, database=None,
                      deadline=None, suppress_health_check=list(HealthCheck),
                      phases=[Phase.explicit, Phase.generate] if campaign() else list(Phase))

    def decorate(test):
        if kind is None:
            return chosen(test)
        test = pytest.mark.fuzz(test)          # what a campaign selects: -m fuzz
        inner = test.hypothesis.inner_test

        @functools.wraps(inner)
        def counted(*args, **kwargs):
            error = None
            try:
                with deadline(hang_after):
                    return inner(*args, **kwargs)
            except _Deadline:
                error = HangFound(f"no answer within {hang_after:g} s")
                raise error from None
            except HypothesisException:      # a case hypothesis itself discards: not run, not counted
                error = False
                raise
            except Exception as caught:
                error = caught
                raise
            finally:
                if error is not False:
                    record(kind, outcome_of(error), test.__name__)

        test.hypothesis.inner_test = counted
        return chosen(test)
    return decorate


# --- the sandbox ------------------------------------------------------------------------------

def listing(root: Path, allowed=()) -> dict[str, tuple]:
    """Every entry under `root` but those in or above an allowed folder: its kind, and a file's
    size and modification time."""
    allowed = [os.path.normpath(path) for path in allowed]
    found = {}
    for folder, dirs, files in os.walk(root):
        for name in [*dirs, *files]:
            path = os.path.join(folder, name)
            if any(path == place or path.startswith(place + os.sep) for place in allowed):
                continue
            try:
                stat = os.lstat(path)
            except FileNotFoundError:
                continue
            is_dir = os.path.isdir(path) and not os.path.islink(path)
            above = is_dir and any(place.startswith(path + os.sep) for place in allowed)
            found[os.path.relpath(path, root)] = ("folder", above) if is_dir else \
                ("file", stat.st_size, stat.st_mtime_ns)
        dirs[:] = [name for name in dirs if os.path.join(folder, name) not in allowed]
    return found


def compare(before: dict, after: dict, where: str) -> None:
    changed = sorted(name for name in {*before, *after} if before.get(name) != after.get(name)
                     and not (after.get(name, ("",))[0] == "folder" and after[name][1] and name not in before))
    if changed:
        raise StrayWrite(f"outside the output folder, in {where}: {changed[:8]} changed")


def places_written(argv: list[str], cwd: Path, default_out: str = "output") -> list[Path]:
    """Where a command line may write: its --out (each one given) or the default output folder,
    and the folder `init` writes its opendomino.toml into (the working folder if none is named)."""
    places = [default_out]
    for index, token in enumerate(argv):
        if token == "--out" and index + 1 < len(argv):
            places.append(argv[index + 1])
        elif token.startswith("--out="):
            places.append(token.split("=", 1)[1])
    words = [arg for arg in argv if not arg.startswith("-")]
    if words[:1] == ["init"]:
        places += words[1:2] or ["."]
    return [cwd / place for place in places]


class Sandbox:
    """A folder holding a case's working folder, home, XDG folders and temporary folders, so that
    everything a command may write by default lands inside it."""

    FOLDERS = {"HOME": "home", "XDG_CONFIG_HOME": "config", "XDG_CACHE_HOME": "cache", "XDG_DATA_HOME": "data",
               "XDG_STATE_HOME": "state", "XDG_RUNTIME_DIR": "runtime", "TMPDIR": "tmp"}

    def __init__(self, root: Path, every_folder: bool):
        self.root = root
        self.system_tmp = root / "system-tmp"       # the command's /tmp, where it can be given one
        # A folder costs milliseconds to make and remove on a busy disk: a case run in this process
        # (by the thousand) works in the sandbox itself, its other folders named but not there yet.
        self.work = root / "work" if every_folder else root
        for name in (["work", "system-tmp", *self.FOLDERS.values()] if every_folder else []):
            (root / name).mkdir(mode=0o700, exist_ok=True)

    def environment(self) -> dict[str, str]:
        return {variable: str(self.root / name) for variable, name in self.FOLDERS.items()}

    def listing(self, allowed=()) -> dict:
        return listing(self.root, allowed)


SHARED_MEMORY_ROOM = 1 << 30     # bytes free in /dev/shm before sandboxes go there (a container's may hold 64 MB)


@functools.cache
def _outside_tmp() -> str | None:
    """Where sandboxes go: not under /tmp, which a subprocess sees replaced by its own (a sandbox
    there would vanish from its view). /dev/shm where it is a roomy memory file system: the
    fuzzers make and remove over ten thousand sandboxes a run, about 2 ms each on a disk and a
    quarter of that in memory. Else /var/tmp."""
    def writable(place: str) -> bool:
        return os.path.isdir(place) and os.access(place, os.W_OK)

    if writable("/dev/shm") and shutil.disk_usage("/dev/shm").free >= SHARED_MEMORY_ROOM:
        return "/dev/shm"
    return "/var/tmp" if writable("/var/tmp") else None


@contextmanager
def sandbox(every_folder: bool = False):
    """A fresh sandbox; `every_folder` for a subprocess: its home, XDG and temporary folders made."""
    with tempfile.TemporaryDirectory(prefix="opendomino-fuzz-", dir=_outside_tmp()) as folder:
        yield Sandbox(Path(folder), every_folder)


@contextmanager
def watched(box: Sandbox, allowed=()):
    """Fails the case when anything in the sandbox outside `allowed` changed in the block."""
    before = box.listing(allowed)
    yield
    compare(before, box.listing(allowed), "the sandbox (working folder, home, XDG and temporary folders)")


# --- a command in a subprocess, /tmp watched ---------------------------------------------------

_CLONE_NEWNS, _MS_BIND, _MS_REC, _MS_PRIVATE = 0x00020000, 4096, 16384, 1 << 18


def _own_tmp(folder: bytes):
    """For the child, between fork and exec: a mount namespace of its own whose /tmp is `folder`,
    so that whatever it leaves in /tmp is seen there (other programs on the machine write to the
    real /tmp all the time). Root only; where it fails the child runs as it is."""
    def prepare():
        libc = ctypes.CDLL(None, use_errno=True)
        if libc.unshare(_CLONE_NEWNS) == 0 and libc.mount(b"none", b"/", None, _MS_REC | _MS_PRIVATE, None) == 0:
            libc.mount(folder, b"/tmp", None, _MS_BIND, None)
    return prepare


@functools.cache
def tmp_is_watched() -> bool:
    """Whether a child can be given its own /tmp here: as root on Linux, with the sandboxes, this
    Python and the kit all outside /tmp (a virtual environment made by `mktemp -d` is not, and the
    child would find neither its interpreter nor the kit). Tried with the command's own start."""
    if _outside_tmp() is None:
        return False
    with tempfile.TemporaryDirectory(dir=_outside_tmp()) as folder:
        Path(folder, "mark").touch()
        try:
            seen = subprocess.run([sys.executable, "-c", "import os, generator; print(*os.listdir('/tmp'))"],
                                  capture_output=True, text=True, timeout=60,
                                  preexec_fn=_own_tmp(os.fsencode(folder))).stdout
        except (OSError, subprocess.SubprocessError):
            return False
        return seen.split() == ["mark"]


def command(box: Sandbox, argv: list[str], env: dict | None = None, **popen) -> subprocess.Popen:
    """`opendomino ARGV` started in the sandbox's working folder with its home, XDG and temporary
    folders (then `env` on top: a value None unsets the variable), and its own /tmp."""
    merged = {**os.environ, **box.environment(), **(env or {})}
    merged = {name: value for name, value in merged.items() if value is not None}
    if tmp_is_watched():
        popen["preexec_fn"] = _own_tmp(os.fsencode(box.system_tmp))
    return subprocess.Popen([sys.executable, "-m", "generator", *argv], cwd=box.work, env=merged, **popen)


def finish(process: subprocess.Popen, seconds: float, stdin: bytes | None = None) -> tuple[int, bytes, bytes]:
    """Its status, stdout and stderr; HangFound (after killing it) if it runs past `seconds`."""
    try:
        out, err = process.communicate(stdin, timeout=seconds)
    except subprocess.TimeoutExpired:
        process.kill()
        process.communicate()
        raise HangFound(f"{process.args[3:]} still running after {seconds:g} s") from None
    return process.returncode, out or b"", err or b""


def check_answer(status: int, err: str, allowed: set[int]) -> None:
    """No traceback, a status in `allowed`, and a failure said in one line, last."""
    if "Traceback (most recent call last)" in err or "Fatal Python error" in err:
        raise TracebackFound(err[-1500:])
    assert status in allowed, (status, err[-600:])
    if status != 0:
        lines = err.splitlines()
        errors = [line for line in lines if line.startswith("opendomino: error: ")]
        assert len(errors) == 1 and lines[-1] == errors[0], f"not one error line: {err[-600:]!r}"
