"""Where the time of the 3D-printed tiles goes (issue 32), in this one process, by step.

    python benchmarks/solids.py [--sets double-6,double-18] [--runs 3]

For each set: the survey and plan (edge room, colours, plates), the solids of every tile (their
booleans are evaluated when their triangles are taken), the 3MF text and zip (both files of each
plate: the 3MF and the PrusaSlicer project), the STL records; CPU
seconds (the minimum over the runs). `opendomino export --format 3mf,stl` does the same work, the
plates shared between two worker processes; benchmarks/bench.py times that command as a whole.
"""

import argparse
from pathlib import Path
import sys
import tempfile
import time

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.colour.theme import load_theme  # noqa: E402
from generator.jobs.prints3d import plan_set  # noqa: E402
from generator.model.set_loader import load_set  # noqa: E402
from generator.scene.shapes import frame  # noqa: E402
from generator.settings.build_options import BuildOptions, ExportOptions  # noqa: E402
from generator.solids.meshes import IDENTITY, Material, MeshObject, MeshPart, mesh_of, placement  # noqa: E402
from generator.solids.tile_solids import tile_solid  # noqa: E402
from generator.writers.stl import stl_bytes  # noqa: E402
from generator.writers.threemf import threemf_files  # noqa: E402


def one_run(set_name: str) -> dict:
    options, settings = BuildOptions(sets=(set_name,)), ExportOptions(formats=("3mf", "stl"))
    theme, tile_set = load_theme(options.theme), load_set(set_name)
    clock = time.process_time
    started = clock()
    plan = plan_set(options, settings, set_name)
    planned = clock()
    width, height = frame(tile_set.shape, plan.spec.size)
    filaments = plan.palette.filaments
    plates, solids_time, meshes_time, triangles = [], 0.0, 0.0, 0
    for plate in plan.plates:
        objects = []
        for placed in plate.tiles:
            begin = clock()
            solid = tile_solid(placed.tile, tile_set, theme, plan.spec)
            built = clock()
            move = placement(placed.x, plate.height - placed.y - height, placed.turn == 180, width, height)
            parts = []
            for part in solid.parts:
                filament = plan.palette.body if part.name == "body" else plan.palette.of(part.name)
                parts.append(MeshPart(filament.name, filaments.index(filament), filament.extruder,
                                      mesh_of(part.solid).moved(move)))
            solids_time += built - begin
            meshes_time += clock() - built
            triangles += sum(len(p.mesh.triangles) for p in parts)
            objects.append(MeshObject(placed.tile.id, tuple(parts), IDENTITY))
        plates.append(objects)
    begin = clock()
    size_3mf = sum(len(data) for objects in plates
                   for data in threemf_files(objects, [Material(f.name, f.colour.hex) for f in filaments], "bench"))
    written_3mf = clock()
    size_stl = 0
    for objects in plates:
        for name in dict.fromkeys(p.name for o in objects for p in o.parts):
            size_stl += len(stl_bytes([p.mesh for o in objects for p in o.parts if p.name == name], "bench"))
    written_stl = clock()
    return {"plan": planned - started, "solids": solids_time, "meshes": meshes_time,
            "3mf": written_3mf - begin, "stl": written_stl - written_3mf, "total": written_stl - started,
            "tiles": len(tile_set.tiles), "plates": len(plates), "triangles": triangles,
            "3mf_mb": size_3mf / 1e6, "stl_mb": size_stl / 1e6}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--sets", default="double-6,double-18")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory():
        one_run("double-3")                  # warm-up: libraries, fonts, caches
        print(f"{'set':<12}{'tiles':>6}{'plates':>7}{'plan':>7}{'solids':>8}{'meshes':>8}{'3MF':>7}{'STL':>7}"
              f"{'total CPU':>11}{'triangles':>11}{'3MF MB':>8}{'STL MB':>8}")
        for name in args.sets.split(","):
            runs = [one_run(name) for _ in range(args.runs)]
            best = {key: min(run[key] for run in runs) for key in ("plan", "solids", "meshes", "3mf", "stl", "total")}
            last = runs[-1]
            print(f"{name:<12}{last['tiles']:>6}{last['plates']:>7}{best['plan']:>6.2f}s{best['solids']:>7.2f}s"
                  f"{best['meshes']:>7.2f}s{best['3mf']:>6.2f}s{best['stl']:>6.2f}s{best['total']:>10.2f}s"
                  f"{last['triangles']:>11,}{last['3mf_mb']:>8.1f}{last['stl_mb']:>8.1f}")


if __name__ == "__main__":
    main()
