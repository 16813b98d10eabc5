"""Kit builds the studio starts: each in a fresh temporary folder, never over the user's output/.

A build runs `opendomino build` in a child process with the chosen colours saved as a theme file
beside it. Its progress is what the build itself says: the command's progress bar counts its
steps, and with OPENDOMINO_PROGRESS=lines it says each one on stdout as it finishes (never a count
of the files in its folder, which a step's temporary files and a busy machine make jump back). At
the end the folder is packed into kit.zip and only the zip is kept. One build runs at a time; of the finished ones
the last KEEP stay (each zip is a few MB), older ones are removed, and all go when the studio stops.

A build speaks the language of the page that started it: its folder holds a project config with
that `ui_lang` and `lang`, which win over the user's and the environment's, so its error (the last
line of its stderr) reads in that language and its sheets are printed in it. What the studio itself says of a build (its files and time,
a zip it could not pack) is said when a page asks, in that page's language.
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
from generator.settings.config_files import CONFIG_NAME
from generator.words import ENGLISH, _, ngettext

KEEP = 3                          # finished builds kept for download
KIT_COMMAND = ("build",)          # what a build runs: `opendomino build` with its defaults
STEPS_SHARE = 0.95                # of the progress shown: the build's steps; the rest is packing the zip
ERRORS = "errors.txt"             # the build's stderr, beside its kit: read once it has ended


class Build(Struct):
    id: str
    folder: Path
    state: str = "running"            # running, done, failed
    error: str = ""                   # a failed build's last line of stderr (in the build's language)
    unpacked: str = ""                # why a built kit could not be packed (the system's words)
    files: int = 0                    # of a build that is done: the files in its zip
    seconds: float = 0.0              # and the time it took
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

    def message(self) -> str:
        """What the page shows once the build has ended, in the language of the moment."""
        if self.state == "done":
            return ngettext("{count} file in {seconds:.1f} s", "{count} files in {seconds:.1f} s", self.files).format(
                count=self.files, seconds=self.seconds)
        if self.state == "failed" and self.unpacked:
            return _("could not pack the kit: {why}").format(why=self.unpacked)
        if self.state == "failed":
            return self.error or _("the build failed")
        return ""

    def as_json(self) -> dict:
        return {"id": self.id, "state": self.state, "progress": round(self.progress(), 3), "message": self.message()}


class Builds:
    """The studio's builds, one at a time; `command`: the opendomino command and options a build runs."""

    def __init__(self, command: tuple[str, ...] = KIT_COMMAND, keep: int = KEEP):
        self.command = command
        self.keep = keep
        self.root = Path(tempfile.mkdtemp(prefix="opendomino-studio-"))
        self.builds: dict[str, Build] = {}
        self.lock = threading.Lock()
        self.count = 0

    def start(self, theme_name: str, theme_text: str, language: str = ENGLISH) -> Build:
        """Start a build with the theme file's text; it speaks `language` (one of generator.words.LANGUAGES)."""
        with self.lock:
            if any(b.state == "running" for b in self.builds.values()):
                raise RuntimeError(_("a build is running already; wait for it to finish"))
            self.count += 1
            build = Build(str(self.count), self.root / f"build-{self.count}")
            build.folder.mkdir()
            theme_path = build.folder / theme_name
            theme_path.write_text(theme_text, encoding="utf-8")
            (build.folder / CONFIG_NAME).write_text(f'ui_lang = "{language}"\nlang = "{language}"\n', encoding="utf-8")
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
            (build.folder / CONFIG_NAME).unlink(missing_ok=True)
            if build.process.returncode != 0:
                state, build.error = "failed", lines[-1] if lines else ""
            else:
                build.files = _pack(build.kit, build.zip)
                state, build.seconds = "done", time.monotonic() - build.started
                shutil.rmtree(build.kit, ignore_errors=True)   # the zip holds it all
        except OSError as error:                               # a full disk, or the studio stopping
            state, build.unpacked = "failed", str(error.strerror or error)
        with self.lock:
            # Ended and pruned in one step: a client told "done" never sees the older builds still there.
            build.state = state
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

