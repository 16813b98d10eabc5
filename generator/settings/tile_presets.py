"""Named tile sizes (templates/tile_sizes.toml): --tile-size mini, standard, professional, jumbo,
tournament or open-domino, each width x height x thickness in mm with the source it comes from."""

from functools import cache

from generator.errors import UserError
from generator.files.resources import load_toml, template_path
from generator.scene.sizes import TileSize
from generator.words import _


@cache
def tile_presets() -> dict[str, tuple[TileSize, str]]:
    """name -> (size, source), in the file's order."""
    presets = {}
    for name, entry in load_toml(template_path("tile_sizes.toml"), "data").items():
        size = entry.get("size") if isinstance(entry, dict) else None
        if not (isinstance(size, list) and len(size) == 3 and all(isinstance(v, (int, float)) for v in size)):
            raise UserError(_("templates/tile_sizes.toml: [{name}] needs size = [width, height, thickness] in "
                              "mm").format(
                name=name))
        presets[name] = (TileSize(float(size[0]), float(size[1]), thickness=float(size[2])), str(entry["source"]))
    return presets
