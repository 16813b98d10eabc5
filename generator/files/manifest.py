"""manifest.json: the files our commands wrote into a folder, with purpose, page size and sha256.

The manifest describes files from what their writers already knew (pages, page size, pixels),
never by parsing the folder's files: a stray or broken file in the folder cannot stop a build.
A command that writes first sets the old manifest aside (so a command killed half-way leaves no
manifest that promises files it changed), and at its end writes the new one, atomically: the
files it wrote, plus the entries of the old manifest whose files are still byte for byte the
same. Files nobody of ours wrote are named under "foreign", undescribed.
Because builds are deterministic, two builds with the same inputs give the same manifest.
"""

from fnmatch import fnmatch
from functools import cache
import hashlib
import json
from pathlib import Path
import re

from msgspec import Struct

from generator.errors import UserError, readable_data
from generator.files.atomic import os_problem, write_bytes
from generator.files.bounded_read import read_bytes
from generator.files.resources import load_toml, template_path
from generator.words import _

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


def _described(value) -> str:
    """What a JSON value is, in a message: "a number", "an object without a list of files"."""
    if value is None or isinstance(value, bool):
        return json.dumps(value)
    if isinstance(value, dict):
        return _("an object without a list of files") if not isinstance(value.get("files"), list) \
            else _("an object another program wrote")
    return {int: _("a number"), float: _("a number"), str: _("a string"), list: _("a list")}[type(value)]


def _entry_problem(entry) -> str | None:
    """Why a manifest entry is not one we write (None if it is): a file inside the folder, its size
    and its sha256."""
    if not isinstance(entry, dict) or not isinstance(entry.get("file"), str):
        return _("an entry names no file")
    name = entry["file"]
    if not name or name.startswith("/") or "\\" in name or "\0" in name or ".." in name.split("/"):
        return _("the entry {name!r} is not a path inside the folder").format(name=name[:40])
    size, digest = entry.get("bytes"), entry.get("sha256")
    if not (type(size) is int and size >= 0 and isinstance(digest, str) and re.fullmatch(r"[0-9a-f]{64}", digest)):
        return _("the entry {name!r} has no size and sha256").format(name=name[:40])
    return None


class ForeignManifest(Exception):
    """A manifest.json that this kit did not write (its message says why)."""


def read_manifest(path: Path) -> list[dict]:
    """The entries of our manifest at `path`. FileNotFoundError if there is none; ForeignManifest
    (with the reason) if the file there is not one we wrote; UserError if it is not a file at all."""
    data = read_bytes(path, "manifest")
    try:
        value = json.loads(data)
    except (ValueError, RecursionError):      # not JSON, not UTF-8, a number Python will not convert, too deep
        raise ForeignManifest(_("it is not JSON")) from None
    if not (isinstance(value, dict) and value.get("generator") == "opendomino" and isinstance(value.get("files"), list)):
        raise ForeignManifest(_("it holds {what}").format(what=_described(value)))
    for entry in value["files"]:
        problem = _entry_problem(entry)
        if problem:
            raise ForeignManifest(problem)
    return value["files"]


def set_aside(folder: Path, warn=lambda message: None) -> list[dict]:
    """The old manifest's entries; the file itself is removed until the command ends.

    A manifest.json that is not ours is a foreign file: `warn` is told, and it is kept under
    another name (listed with the folder's other foreign files) so that nothing is lost.
    """
    path = Path(folder) / MANIFEST_NAME
    try:
        entries = read_manifest(path)
    except FileNotFoundError:
        return []
    except ForeignManifest as reason:
        kept = _free_name(Path(folder))
        _rename(path, kept)
        warn(_("{path} is not a manifest this kit wrote ({reason}); it is kept as {name}").format(
            path=path, reason=reason, name=kept.name))
        return []
    except OSError as error:
        raise UserError(_("{path}: cannot read it ({strerror}); remove it and run the command again").format(
            path=path, strerror=error.strerror)) from None
    try:
        path.unlink()
    except FileNotFoundError:
        pass
    except OSError as error:
        raise os_problem(error, path) from None
    return entries


def _free_name(folder: Path) -> Path:
    """manifest.foreign.json, or manifest.foreign-2.json … if that is taken."""
    for number in range(1, 1000):
        candidate = folder / ("manifest.foreign.json" if number == 1 else f"manifest.foreign-{number}.json")
        if not candidate.exists() and not candidate.is_symlink():
            return candidate
    raise UserError(_("{folder} holds 999 foreign manifests; remove them and run the command again").format(
        folder=folder))


def _rename(path: Path, target: Path) -> None:
    try:
        path.rename(target)
    except OSError as error:
        raise os_problem(error, target) from None


def _still_there(folder: Path, entry: dict) -> bool:
    path = folder / entry["file"]
    try:
        # A file of another size has changed: no need to read it (it may be huge, or growing).
        return (path.is_file() and not path.is_symlink() and path.stat().st_size == entry["bytes"]
                and sha256_of(path) == (entry["bytes"], entry["sha256"]))
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


def written_in(folder: Path, report) -> dict[str, dict]:
    """What `report` (a BuildReport) wrote into `folder`: each file's name there (with /) -> its description."""
    return {Path(path).resolve().relative_to(Path(folder).resolve()).as_posix(): report.described.get(str(path), {})
            for path in report.written}


def write_manifest(folder: Path, report=None, previous: list[dict] = ()) -> Path:
    """The manifest of `folder` after a command: `report` (a BuildReport) says what it wrote."""
    folder = Path(folder)
    described = written_in(folder, report) if report else {}
    entries = manifest_entries(folder, described, previous)
    foreign = foreign_files(folder, (e["file"] for e in entries))
    # One file per line: easy to read, and to diff between two builds. A name with bytes that are
    # not UTF-8 (a foreign file's, a profile's) is written as a person reads it: \xff.
    entries, foreign = readable_data(entries), readable_data(foreign)
    lines = ",\n  ".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    text = (f'{{\n "generator": "opendomino",\n "total_bytes": {sum(e["bytes"] for e in entries)},\n'
            f' "files": [\n  {lines}\n ]')
    if foreign:
        text += f',\n "foreign": {json.dumps(foreign, ensure_ascii=False)}'
    text += "\n}\n"
    target = folder / MANIFEST_NAME
    write_bytes(target, text.encode("utf-8"))
    return target


class Verification(Struct, frozen=True):
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
        raise UserError(_("{folder} is not a folder; give the folder a build wrote, e.g. --out output").format(
            folder=folder))
    try:
        entries = read_manifest(path)
    except FileNotFoundError:
        raise UserError(_("{path} is missing: the last command into {folder} did not finish, or none ran; "
                          "run the command that made the folder (build, export, cut, …) again").format(
            path=path, folder=folder)) from None
    except ForeignManifest as reason:
        raise UserError(_("{path} is not a manifest this kit wrote ({reason}); nothing to verify against; "
                          "run the command that made the folder again").format(path=path, reason=reason)) from None
    except OSError as error:
        raise UserError(_("{path}: cannot read it ({strerror}); check the folder's permissions").format(
            path=path, strerror=error.strerror)) from None
    missing, changed = [], []
    for entry in entries:
        target = Path(folder) / entry["file"]
        if not target.is_file():
            missing.append(entry["file"])
        elif not _still_there(Path(folder), entry):
            changed.append(entry["file"])
    names = [entry["file"] for entry in entries]
    return Verification(missing, changed, foreign_files(Path(folder), names), len(entries))
