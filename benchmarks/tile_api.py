"""The three Open Domino tile PDFs through the Python API, as a whole process (benchmarks/bench.py
compares it with benchmarks/tile_floor.py).

    python benchmarks/tile_api.py OUT_FOLDER
"""

from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.jobs.build import build_tile_sheets  # noqa: E402
from generator.settings.build_options import BuildOptions, BuildReport  # noqa: E402

out = Path(sys.argv[1])
out.mkdir(parents=True, exist_ok=True)
build_tile_sheets(BuildOptions(out=out, sets=("A", "B", "C")), BuildReport())
