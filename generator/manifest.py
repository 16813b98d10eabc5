"""manifest.json: the files our commands wrote into a folder, with purpose, page size and sha256.

The manifest describes files from what their writers already knew (pages, page size, pixels),
never by parsing the folder's files: a stray or broken file in the folder cannot stop a build.
A command that writes first sets the old manifest aside (so a command killed half-way leaves no
manifest that promises files it changed), and at its end writes the new one, atomically: the
files it wrote, plus the entries of the old manifest whose files are still byte for byte the
same. Files nobody of ours wrote are named under "foreign", undescribed.
Because builds are deterministic, two builds with the same inputs give the same manifest.
"""

from dataclasses import dataclass
from fnmatch import fnmatch
from functools import cache
import hashlib
import json
from pathlib import Path

from generator.atomic import write_bytes
from generator.errors import UserError
from generator.resources import load_toml, template_path

MANIFEST_NAME = "manifest.json"


@cache
def _purposes() -> list[tuple[str, str]]:
    return [tuple(pair) for pair in load_toml(template_path("manifest.toml"))["purposes"]]


def purpose_of(relative: str) -> str:
    """The purpose of the first pattern the path (relative, with /) matches."""
    for pattern, purpose in _purposes():
        if fnmatch(relative, pattern):
            return purpose
    return "other file"


def pages_description(sizes_mm) -> dict:
    """What a PDF writer knows of its file: the page count and the page size (or "mixed")."""
    all_sizes = [(round(float(w), 1), round(float(h), 1)) for w, h in sizes_mm]
    sizes = set(all_sizes)
    first = sizes.pop() if len(sizes) == 1 else None
    return {"pages": len(all_sizes), "page_size_mm": list(first) if first else "mixed"}


def sha256_of(path: Path) -> tuple[int, str]:
    digest, size = hashlib.sha256(), 0
    with open(path, "rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
            size += len(block)
    return size, digest.hexdigest()


def set_aside(folder: Path) -> list[dict]:
    """The old manifest's entries; the file itself is removed until the command ends."""
    path = Path(folder) / MANIFEST_NAME
    try:
        entries = json.loads(path.read_text(encoding="utf-8")).get("files", [])
        path.unlink()
    except (OSError, ValueError, AttributeError):
        return []
    return [e for e in entries if isinstance(e, dict) and isinstance(e.get("file"), str)]


def _still_there(folder: Path, entry: dict) -> bool:
    path = folder / entry["file"]
    try:
        return path.is_file() and not path.is_symlink() and sha256_of(path) == (entry.get("bytes"), entry.get("sha256"))
    except OSError:
        return False


def manifest_entries(folder: Path, written: dict[str, dict], previous: list[dict] = ()) -> list[dict]:
    """Entries for the files written now (relative path -> description), and the old ones still valid."""
    entries = {}
    for entry in previous:
        if entry["file"] not in written and _still_there(folder, entry):
            entries[entry["file"]] = entry
    for relative, description in written.items():
        size, digest = sha256_of(folder / relative)
        entries[relative] = {"file": relative, "purpose": purpose_of(relative), "bytes": size, "sha256": digest,
                             **description}
    return [entries[name] for name in sorted(entries)]


def foreign_files(folder: Path, known) -> list[str]:
    """Visible files in the folder that no entry describes (listed by name, never opened)."""
    known = set(known) | {MANIFEST_NAME}
    found = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if any(part.startswith(".") for part in relative.split("/")) or relative in known:
            continue
        if path.is_file() or path.is_symlink():
            found.append(relative)
    return found


def write_manifest(folder: Path, report=None, previous: list[dict] = ()) -> Path:
    """The manifest of `folder` after a command: `report` (a BuildReport) says what it wrote."""
    folder = Path(folder)
    described = {}
    for path in (report.written if report else []):
        relative = Path(path).resolve().relative_to(folder.resolve()).as_posix()
        described[relative] = report.described.get(str(path), {})
    entries = manifest_entries(folder, described, previous)
    foreign = foreign_files(folder, (e["file"] for e in entries))
    # One file per line: easy to read, and to diff between two builds.
    lines = ",\n  ".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    text = (f'{{\n "generator": "opendomino",\n "total_bytes": {sum(e["bytes"] for e in entries)},\n'
            f' "files": [\n  {lines}\n ]')
    if foreign:
        text += f',\n "foreign": {json.dumps(foreign, ensure_ascii=False)}'
    text += "\n}\n"
    target = folder / MANIFEST_NAME
    write_bytes(target, text.encode("utf-8"))
    return target


@dataclass(frozen=True)
class Verification:
    missing: list[str]
    changed: list[str]
    foreign: list[str]
    checked: int

    @property
    def matches(self) -> bool:
        return not (self.missing or self.changed)


def verify_folder(folder: Path) -> Verification:
    """Does the folder hold, byte for byte, what its manifest.json lists?"""
    path = Path(folder) / MANIFEST_NAME
    if not Path(folder).is_dir():
        raise UserError(f"{folder} is not a folder; give the folder a build wrote, e.g. --out output")
    try:
        entries = json.loads(path.read_text(encoding="utf-8"))["files"]
        names = [entry["file"] for entry in entries]
    except FileNotFoundError:
        raise UserError(f"{path} is missing: the last command into {folder} did not finish, or none ran; "
                        "run `opendomino build` again") from None
    except (OSError, ValueError, KeyError, TypeError) as error:
        raise UserError(f"{path} is not a manifest this kit wrote ({error}); run `opendomino build` again") from None
    missing, changed = [], []
    for entry in entries:
        target = Path(folder) / entry["file"]
        if not target.is_file():
            missing.append(entry["file"])
        elif not _still_there(Path(folder), entry):
            changed.append(entry["file"])
    return Verification(missing, changed, foreign_files(Path(folder), names), len(entries))
