"""What a build is asked to make (BuildOptions) and what it made (BuildReport).

Kept apart from generator/jobs/build.py, which draws, so that the command line and the config file
can know the options without importing the drawing code.
"""

from pathlib import Path

from msgspec import Struct, field
from msgspec.structs import force_setattr, replace

from generator.imposition.layouts import LAYOUTS  # noqa: F401  (options name them from here)
from generator.model.set_loader import OPEN_SET_NAMES
from generator.scene.sizes import TileSize


class BuildOptions(Struct, frozen=True):
    out: Path = Path("output")
    paper: str = "a4"
    sets: tuple[str, ...] = OPEN_SET_NAMES
    tile_size: TileSize = field(default_factory=TileSize)
    corner_radius: float = 0.0    # mm; carried by tile_size (below), so whatever draws a tile rounds it
    clearance: float = 2.0
    across_notation: bool = True
    theme: str = "classic"        # a bundled theme's name or a theme .toml file
    lang: str = "en"              # the texts printed on sheets (not the messages: ui_lang)
    ui_lang: str | None = None    # the messages' language, read before the commands load
                                  # (generator/settings/ui_language.py); None: the environment's
    colour_overrides: tuple[tuple[str, str], ...] = ()   # (key, colour text), applied by theme_for
    strict: bool = False          # a failing colour check stops the build
    strict_origin: str = "--strict"   # where strict was asked for, named when it stops a build
    booklet_langs: tuple[str, ...] = ("en", "ru")
    books: tuple[str, ...] = ("open", "classic")   # rule booklets: "open" (Open Domino), "classic" (the classic games)
    rules_formats: tuple[str, ...] = ("pdf", "html", "epub")   # RULES_FORMATS: booklets, the web site, e-books
    layout: str = "duplex-long"   # tile sheets: duplex-long, duplex-short, gutterfold, separate
    back_offset: tuple[float, float] = (0.0, 0.0)   # mm, as read from `opendomino calibrate`
    target: str = "home"          # "home" files to print yourself, or "shop" PDF/X-1a files
    bleed: float | None = None    # shop bleed in mm; None = 3 mm, or 1/8 in with Letter paper
    marks: str = "crop"           # shop crop marks: "crop" or "none"
    shop_layout: str = "sheets"   # shop tiles: "sheets" (gang sheets) or "single" (a page per face)
    output_condition: str | None = None   # registered print condition; None: the profile's own (FOGRA39 by default)
    icc: Path | None = None       # the shop's CMYK output profile; None: the condition's bundled profile
    intent: str = "relative"      # rendering intent from RGB to CMYK: perceptual, relative, saturation, absolute
    max_ink: float | None = None  # total ink limit (%) of converted colours; None: the profile's, 300 %
    set_files: tuple[Path, ...] = ()   # sets of the user's own; each is made along with `sets`
    product: str | None = None    # shop: a print-on-demand product's name or file (generator/settings/products.py)

    def __post_init__(self):
        # One fact in one place: the tile's size holds its corner radius (generator/scene/outline.py).
        if self.tile_size.corner_radius != self.corner_radius:
            force_setattr(self, "tile_size", replace(self.tile_size, corner_radius=self.corner_radius))


class BuildReport(Struct):
    written: list[Path] = field(default_factory=list)
    notes: list[str] = field(default_factory=list)
    described: dict[str, dict] = field(default_factory=dict)    # str(path) -> what its writer knew
    instructions: list[str] = field(default_factory=list)       # what to type into a machine's program
    warnings: list[str] = field(default_factory=list)           # what may not come out right, said as "warning:"
    findings: list = field(default_factory=list)                # a step's observations as records, which the
                                                                # command gathers into warnings over all steps

    def add(self, path: Path, description: dict) -> None:
        """A file written, with the writer's description of it for the manifest."""
        self.written.append(path)
        self.described[str(path)] = description

    def merge(self, other: "BuildReport") -> None:
        self.written += other.written
        self.notes += [note for note in other.notes if note not in self.notes]     # four booklets, one note
        self.described.update(other.described)
        self.instructions += other.instructions
        self.warnings += other.warnings
        self.findings += other.findings


# The rules as PDF booklets, as the offline web site (rules/), as EPUB e-books; `build` makes all three.
RULES_FORMATS = ("pdf", "html", "epub")
FORMATS = ("png", "svg", "tts", "atlas")           # the pictures: what --format all makes
SOLID_FORMATS = ("3mf", "stl")                      # 3D-printed tiles: named one by one (they need opendomino[3d])
DEFAULT_FORMATS = ("png", "svg")


class SolidOptions(Struct, frozen=True):
    """How 3D-printed tiles are made (generator/solids/spec.py says what each number does)."""
    edge_radius: float | None = None        # mm; None: the usual one for the thickness
    relief_depth: float = 1.0               # mm
    relief: str = "recessed"                # or "raised"
    plate: tuple[float, float] = (220.0, 220.0)     # mm, the printer's build plate
    min_feature: float = 0.4                # mm, one nozzle width
    filaments: int = 4                      # colours the printer holds; 1 = the body alone


class ExportOptions(Struct, frozen=True):
    formats: tuple[str, ...] = DEFAULT_FORMATS
    dpi: float = 300.0        # tile PNGs and atlases
    bleed: float = 3.0        # mm of background around each tile picture
    base_url: str | None = None     # TTS: where the images will be on the web; None = file:/// addresses
    solids: SolidOptions = SolidOptions()


class CutOptions(Struct, frozen=True):
    """What `opendomino cut` makes: files for one machine (templates/machines/NAME.toml)."""
    machine: str = "silhouette"
    sheet: tuple[float, float] = (300.0, 200.0)   # laser: the material's size in mm
    kerf: float = 0.0                     # laser: the beam's width in mm
    shared_edges: bool = False            # laser: neighbours touch and shared edges are cut once
    board: bool = True                    # laser: the board too, when an Open Domino set is made


class BoxOptions(Struct, frozen=True):
    """What `opendomino box` makes (generator/jobs/box.py): the boxes' contents and their sizes'
    numbers; None takes the number of templates/boxes.toml."""
    contents: tuple[str, ...] = OPEN_SET_NAMES     # sets, and "mexican-train" for the hub and markers
    together: bool = False                          # one box with a compartment each, not a box each
    tile_thickness: float | None = None             # mm, one finished tile
    clearance: float | None = None                  # mm, added to each inside dimension
    stacks: int | None = None                       # stacks of tiles side by side; None: the fewest steady ones
    # The route: home or shop (BuildOptions.target), laser (machine "laser") or 3D (formats).
    machine: str | None = None                      # "laser": finger-jointed panels to cut
    material: float | None = None                   # laser: the sheet's thickness in mm
    kerf: float = 0.0                               # laser: the beam's width in mm
    sheet: tuple[float, float] = (300.0, 200.0)     # laser: the material's size in mm
    formats: tuple[str, ...] = ()                   # "3mf", "stl": a box to 3D-print
    plate: tuple[float, float] = (220.0, 220.0)     # 3D: the printer's build plate in mm
    relief: str = "recessed"                        # 3D: the tiles' features, as export made them
    relief_depth: float = 1.0                       # 3D: mm; raised features make a tile this much thicker
