"""manifest.json: every file in the output folder with its purpose, page size and sha256.

Rewritten after each command that writes into the folder. Because builds are
deterministic, two builds with the same inputs give the same manifest.
"""

from fnmatch import fnmatch
from functools import cache
import hashlib
import json
from pathlib import Path
import re

from PIL import Image
from pypdf import PdfReader

from generator.atomic import write_bytes
from generator.resources import load_toml, template_path

MANIFEST_NAME = "manifest.json"
MM = 72 / 25.4
_SVG_SIZE = re.compile(rb'<svg[^>]*?\swidth="([0-9.]+)mm"[^>]*?\sheight="([0-9.]+)mm"')


@cache
def _purposes() -> list[tuple[str, str]]:
    return [tuple(pair) for pair in load_toml(template_path("manifest.toml"))["purposes"]]


def purpose_of(relative: str) -> str:
    """The purpose of the first pattern the path (relative, with /) matches."""
    for pattern, purpose in _purposes():
        if fnmatch(relative, pattern):
            return purpose
    return "other file"


def describe(path: Path) -> dict:
    """Pages and page size of a PDF, pixels of a PNG, size of an SVG."""
    suffix = path.suffix.lower()
    if suffix == ".pdf":
        reader = PdfReader(str(path))
        sizes = {(round(float(p.mediabox.width) / MM, 1), round(float(p.mediabox.height) / MM, 1))
                 for p in reader.pages}
        first = sizes.pop() if len(sizes) == 1 else None
        return {"pages": len(reader.pages),
                "page_size_mm": list(first) if first else "mixed"}
    if suffix == ".png":
        with Image.open(path) as image:
            dpi = image.info.get("dpi", (0, 0))[0]
            return {"pixels": list(image.size), "dpi": round(float(dpi))}
    if suffix == ".svg":
        match = _SVG_SIZE.search(path.read_bytes()[:2000])
        return {"page_size_mm": [float(match[1]), float(match[2])]} if match else {}
    return {}


def manifest_entries(folder: Path) -> list[dict]:
    entries = []
    for path in sorted(folder.rglob("*")):
        relative = path.relative_to(folder).as_posix()
        if not path.is_file() or relative == MANIFEST_NAME or any(part.startswith(".") for part in relative.split("/")):
            continue
        data = path.read_bytes()
        entry = {"file": relative, "purpose": purpose_of(relative), "bytes": len(data),
                 "sha256": hashlib.sha256(data).hexdigest()}
        entry.update(describe(path))
        entries.append(entry)
    return entries


def write_manifest(folder: Path) -> Path:
    entries = manifest_entries(folder)
    # One file per line: easy to read, and to diff between two builds.
    lines = ",\n  ".join(json.dumps(entry, ensure_ascii=False) for entry in entries)
    text = (f'{{\n "generator": "opendomino",\n "total_bytes": {sum(e["bytes"] for e in entries)},\n'
            f' "files": [\n  {lines}\n ]\n}}\n')
    target = folder / MANIFEST_NAME
    write_bytes(target, text.encode("utf-8"))
    return target
