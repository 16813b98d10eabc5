"""The benchmark's floor script must draw what the kit draws, or its ratio means nothing."""

from pathlib import Path
import subprocess
import sys

import pypdfium2

from generator.jobs.build import BuildOptions, build_tile_sheets
from generator.settings.build_options import BuildReport

FLOOR = Path(__file__).resolve().parent.parent / "benchmarks" / "tile_floor.py"


def pixels(path: Path) -> list[tuple]:
    document = pypdfium2.PdfDocument(path)
    pages = [(page.get_size(), page.render(scale=50 / 72).to_pil().tobytes()) for page in document]
    document.close()
    return pages


def test_the_floor_draws_the_kits_tile_pages_pixel_for_pixel(tmp_path):
    primitives = tmp_path / "primitives.json"
    subprocess.run([sys.executable, str(FLOOR), "--dump", str(primitives)], check=True)
    subprocess.run([sys.executable, str(FLOOR), str(primitives), str(tmp_path / "floor")], check=True)
    kit = tmp_path / "kit"
    kit.mkdir()
    build_tile_sheets(BuildOptions(out=kit), BuildReport())
    for name in ("tiles-A.pdf", "tiles-B.pdf", "tiles-C.pdf"):
        floor_pages, kit_pages = pixels(tmp_path / "floor" / name), pixels(kit / name)
        assert len(floor_pages) == len(kit_pages) >= 2, name
        assert floor_pages == kit_pages, name
