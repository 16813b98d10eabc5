"""Kit builds the studio starts: each in a fresh temporary folder, never over the user's output/.

A build runs `opendomino build` in a child process with the chosen colours saved as a theme file
beside it; its progress is the share of the kit's files already written; at the end the folder
is packed into kit.zip. One build runs at a time; the folders go when the studio stops.
"""

from dataclasses import dataclass, field
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
import zipfile

from generator.build import BuildOptions

_DEFAULT = BuildOptions()
# tile sheets, three boards, setup cards, tokens, two files per booklet, the manifest
KIT_FILES = len(_DEFAULT.sets) + 3 + 1 + 1 + 2 * len(_DEFAULT.books) * len(_DEFAULT.booklet_langs) + 1


@dataclass
class Build:
    id: str
    folder: Path
    state: str = "running"            # running, done, failed
    message: str = ""
    started: float = field(default_factory=time.monotonic)
    process: subprocess.Popen | None = None

    @property
    def kit(self) -> Path:
        return self.folder / "kit"

    @property
    def zip(self) -> Path:
        return self.folder / "kit.zip"

    def progress(self) -> float:
        if self.state == "done":
            return 1.0
        written = [p for p in self.kit.glob("*") if p.is_file() and not p.name.startswith(".")]
        return min(0.95, len(written) / KIT_FILES)

    def as_json(self) -> dict:
        return {"id": self.id, "state": self.state, "progress": round(self.progress(), 3), "message": self.message}


class Builds:
    """The studio's builds, one at a time."""

    def __init__(self):
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
            build.process = subprocess.Popen(
                [sys.executable, "-m", "generator", "build", "-q", "--out", str(build.kit), "--theme", str(theme_path)],
                stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, cwd=build.folder)
            self.builds[build.id] = build
        threading.Thread(target=self._finish, args=(build,), daemon=True).start()
        return build

    def _finish(self, build: Build) -> None:
        _, err = build.process.communicate()
        if build.process.returncode != 0:
            lines = err.decode(errors="replace").strip().splitlines()
            build.state, build.message = "failed", lines[-1] if lines else "the build failed"
            return
        with zipfile.ZipFile(build.zip, "w", zipfile.ZIP_DEFLATED) as archive:
            for path in sorted(build.kit.rglob("*")):
                if path.is_file() and not path.name.startswith("."):
                    info = zipfile.ZipInfo(f"open-domino-kit/{path.relative_to(build.kit).as_posix()}",
                                           date_time=(2000, 1, 1, 0, 0, 0))
                    info.compress_type = zipfile.ZIP_DEFLATED
                    archive.writestr(info, path.read_bytes())
        build.state = "done"
        build.message = f"{sum(1 for _ in build.kit.glob('*'))} files in {time.monotonic() - build.started:.1f} s"

    def get(self, build_id: str) -> Build | None:
        return self.builds.get(build_id)

    def close(self) -> None:
        for build in self.builds.values():
            if build.process is not None and build.process.poll() is None:
                build.process.terminate()
                build.process.wait(timeout=10)
        shutil.rmtree(self.root, ignore_errors=True)

