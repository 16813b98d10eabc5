"""Kit builds the studio starts: each in a fresh temporary folder, never over the user's output/.

A build runs `opendomino build` in a child process with the chosen colours saved as a theme file
beside it. Its progress is what the build itself says: the command's progress bar counts its
steps, and with OPENDOMINO_PROGRESS=lines it says each one on stdout as it finishes (never a count
of the files in its folder, which a step's temporary files and a busy machine make jump back). At
the end the folder is packed into kit.zip and only the zip is kept. One build runs at a time; of the finished ones
the last KEEP stay (each zip is a few MB), older ones are removed, and all go when the studio stops.
"""

import os
from pathlib import Path
import shutil
import subprocess
import sys
import tempfile
import threading
import time
import zipfile

from msgspec import Struct, field

from generator.commands.group import PROGRESS_ENV, progress_of

KEEP = 3                          # finished builds kept for download
KIT_COMMAND = ("build",)          # what a build runs: `opendomino build` with its defaults
STEPS_SHARE = 0.95                # of the progress shown: the build's steps; the rest is packing the zip
ERRORS = "errors.txt"             # the build's stderr, beside its kit: read once it has ended


class Build(Struct):
    id: str
    folder: Path
    state: str = "running"            # running, done, failed
    message: str = ""
    started: float = field(default_factory=time.monotonic)
    process: subprocess.Popen | None = None
    steps_done: float = 0.0           # the share of its steps the build has said it finished

    @property
    def kit(self) -> Path:
        return self.folder / "kit"

    @property
    def zip(self) -> Path:
        return self.folder / "kit.zip"

    def advance(self, share: float) -> None:
        """A step has finished: never lower than what a client was already shown."""
        self.steps_done = max(self.steps_done, share)

    def progress(self) -> float:
        return 1.0 if self.state == "done" else STEPS_SHARE * self.steps_done

    def as_json(self) -> dict:
        return {"id": self.id, "state": self.state, "progress": round(self.progress(), 3), "message": self.message}


class Builds:
    """The studio's builds, one at a time; `command`: the opendomino command and options a build runs."""

    def __init__(self, command: tuple[str, ...] = KIT_COMMAND, keep: int = KEEP):
        self.command = command
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix="opendomino-studio-"))
        self.builds: dict[str, Build] = {}
        self.lock = threading.Lock()
        self.count = 0

    def start(self, theme_name: str, theme_text: str) -> Build:
        with self.lock:
            if any(b.state == "running" for b in self.builds.values()):
                raise RuntimeError("a build is running already; wait for it to finish")
            self.count += 1
            build = Build(str(self.count), self.root / f"build-{self.count}")
            build.folder.mkdir()
            theme_path = build.folder / theme_name
            theme_path.write_text(theme_text, encoding="utf-8")
            # stderr to a file: only stdout is read while the build runs, so a chatty stderr cannot block it
            with open(build.folder / ERRORS, "wb") as errors:
                build.process = subprocess.Popen(
                    [sys.executable, "-m", "generator", *self.command, "-q", "--out", str(build.kit),
                     "--theme", str(theme_path)],
                    stdout=subprocess.PIPE, stderr=errors, cwd=build.folder,
                    env={**os.environ, PROGRESS_ENV: "lines"})
            self.builds[build.id] = build
        threading.Thread(target=self._finish, args=(build,), daemon=True).start()
        return build

    def _finish(self, build: Build) -> None:
        with build.process.stdout:
            for line in build.process.stdout:          # each as the build says it
                share = progress_of(line.decode(errors="replace"))
                if share is not None:
                    build.advance(share)
        build.process.wait()
        try:
            errors = build.folder / ERRORS
            lines = errors.read_text(encoding="utf-8", errors="replace").strip().splitlines()
            errors.unlink()                                    # a finished build keeps its theme and zip only
            if build.process.returncode != 0:
                state, message = "failed", lines[-1] if lines else "the build failed"
            else:
                count = _pack(build.kit, build.zip)
                state, message = "done", f"{count} files in {time.monotonic() - build.started:.1f} s"
                shutil.rmtree(build.kit, ignore_errors=True)   # the zip holds it all
        except OSError as error:                               # a full disk, or the studio stopping
            state, message = "failed", f"could not pack the kit: {error.strerror or error}"
        with self.lock:
            # Ended and pruned in one step: a client told "done" never sees the older builds still there.
            build.state, build.message = state, message
            self._remove_old()

    def _remove_old(self) -> None:
        """Keep the last `keep` finished builds; remove the folders of older ones (under self.lock)."""
        finished = [b for b in self.builds.values() if b.state != "running"]
        for old in finished[:-self.keep] if len(finished) > self.keep else []:
            del self.builds[old.id]
            shutil.rmtree(old.folder, ignore_errors=True)

    def get(self, build_id: str) -> Build | None:
        return self.builds.get(build_id)

    def close(self) -> None:
        """Stop a running build and remove every folder: called when the studio stops."""
        with self.lock:
            running = [b.process for b in self.builds.values() if b.process is not None and b.process.poll() is None]
        for process in running:
            process.terminate()
            try:
                process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
        shutil.rmtree(self.root, ignore_errors=True)


def _pack(kit: Path, archive_path: Path) -> int:
    """The kit folder as a zip whose every entry has one fixed date (same kit, same bytes); its file count."""
    count = 0
    with zipfile.ZipFile(archive_path, "w", zipfile.ZIP_DEFLATED) as archive:
        for path in sorted(kit.rglob("*")):
            if path.is_file() and not path.name.startswith("."):
                info = zipfile.ZipInfo(f"open-domino-kit/{path.relative_to(kit).as_posix()}",
                                       date_time=(2000, 1, 1, 0, 0, 0))
                info.compress_type = zipfile.ZIP_DEFLATED
                archive.writestr(info, path.read_bytes())
                count += 1
    return count

