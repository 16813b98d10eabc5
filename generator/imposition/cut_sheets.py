"""Sheets for cutting machines that cut what a home printer printed.

Silhouette Print & Cut: A4 or Letter portrait pages with Silhouette Studio's type-1 registration
marks (templates/machines/silhouette.toml), the tiles each with their own bleed and a gap of twice
the bleed, kept out of the marks' zones: nothing outside the rectangle the marks' inset draws, and
nothing in a square of the mark length (plus padding) at each marked corner. Each fronts page is
followed by its backs page (flip on the long edge); the matching cut sheet holds every tile's
outline in the page's own coordinates, so placed on the page in Studio each cut lies on its tile's
edge. The numbers to type into Studio are printed in the band between the top marks.

Cricut Print Then Cut: Design Space prints its own marks, so the kit gives it images: groups of
whole tiles, as many as the printable area (templates/machines/cricut.toml) holds, each image
exactly the box of its tiles' outlines, transparent outside them; and the same outlines as cut
paths. Each image's size in mm is in its file name: Design Space does not read it from the PNG.
Large tiles lie on their side when that prints the set on fewer sheets (60 x 120 mm dominoes: three
an image instead of two); otherwise they stand upright, as they read.
"""

import math

from msgspec import Struct

from generator.art.sheet_marks import caption, scale_bar
from generator.art.tile import tile_back, tile_front
from generator.colour.theme import Theme
from generator.errors import UserError
from generator.imposition.machines import Marks
from generator.imposition.mirror import back_shift, mirror_box
from generator.imposition.paper import Paper
from generator.imposition.shop_sheets import REGISTRATION_BLACK
from generator.imposition.tile_grid import gang_extent, gang_position, gang_turn, logical_slots
from generator.model.texts import set_label, sheet_text
from generator.model.tiles import Tile, TileSet
from generator.scene.cut_sheet import CutSheet
from generator.scene.drawing import Drawing, Group, Rect, Style, placed, translate
from generator.scene.outline import Outline, tile_outline
from generator.scene.shapes import frame
from generator.scene.sizes import TileSize
from generator.words import _

TEXT_SIZE = 2.6          # mm, the instructions' em size


class PlacedTile(Struct, frozen=True):
    tile: Tile
    x: float                # the frame's top-left corner on the page
    y: float
    turn: float
    outline: Outline        # in page coordinates


def ordered_tiles(tile_set: TileSet) -> list[tuple[Tile, float]]:
    """(tile, turn) in the set's sheet order: the magic layout with its arrows, or suit order."""
    if tile_set.shape == "triangle":
        return [(tile, 0.0) for tile in tile_set.tiles]
    return [(slot.tile, slot.turn) for slot in logical_slots(tile_set)]


def gang_grid(tiles, shape: str, size: TileSize, bleed: float, rows: int, columns: int,
              origin: tuple[float, float]) -> list[PlacedTile]:
    """Tiles in rows of `columns`, each with its own bleed, the bleeds meeting; the first cell's bleed
    box at `origin`. Triangles take their turn from the lattice."""
    placed_tiles = []
    for index, (tile, turn) in enumerate(tiles[:rows * columns]):
        row, column = divmod(index, columns)
        if shape == "triangle":
            turn = gang_turn(shape, row, column)
        x, y = gang_position(shape, size, bleed, row, column, *origin)
        placed_tiles.append(PlacedTile(tile, x, y, turn, tile_outline(shape, size, turn).translated(x, y)))
    return placed_tiles


def capacity(shape: str, size: TileSize, bleed: float, width: float, height: float) -> tuple[int, int]:
    """Rows and columns of gang cells (each tile grown by the bleed) that fit in width x height."""
    def most(limit: float, extent_of) -> int:
        count = 0
        while extent_of(count + 1) <= limit + 1e-9:
            count += 1
        return count

    columns = most(width, lambda n: gang_extent(shape, size, bleed, 1, n)[0])
    rows = most(height, lambda n: gang_extent(shape, size, bleed, n, 1)[1])
    return (rows, columns) if columns else (0, 0)


def gang_pages(tiles, shape: str, size: TileSize, width: float, height: float, margin: float,
               gap: float) -> list[list[PlacedTile]]:
    """The tiles, in order, a `gap` apart on as many width x height pages as they need, each page's
    tiles starting at its top-left corner inside the `margin`; [] when not one tile fits."""
    half = gap / 2
    rows, columns = capacity(shape, size, half, width - 2 * margin + gap, height - 2 * margin + gap)
    if not rows:
        return []
    pages = []
    for first in range(0, len(tiles), rows * columns):
        chunk = tiles[first:first + rows * columns]
        probe = gang_grid(chunk, shape, size, half, math.ceil(len(chunk) / columns), columns, (0.0, 0.0))
        x0, y0, _, _ = extent(probe)
        pages.append([PlacedTile(t.tile, t.x - x0 + margin, t.y - y0 + margin, t.turn,
                                 t.outline.translated(margin - x0, margin - y0)) for t in probe])
    return pages


def extent(tiles: list[PlacedTile], grow: float = 0.0) -> tuple[float, float, float, float]:
    """The box of the tiles' outlines grown by `grow`."""
    boxes = [tile.outline.offset(grow).bounds() for tile in tiles]
    return (min(b[0] for b in boxes), min(b[1] for b in boxes), max(b[2] for b in boxes), max(b[3] for b in boxes))


# --- Silhouette Print & Cut ---------------------------------------------------------------------

def keep_out_zones(paper: Paper, marks: Marks) -> list[tuple[float, float, float, float]]:
    """Boxes (x0, y0, x1, y1) where nothing may be printed but the marks: the three marked corners'
    squares (mark length, plus the line's half and the padding)."""
    near = marks.inset - marks.thickness / 2 - marks.padding
    far = marks.inset + marks.length + marks.padding
    w, h = paper.width, paper.height
    return [(near, near, far, far), (w - far, near, w - near, far), (near, h - far, far, h - near)]


def safe_area(paper: Paper, marks: Marks) -> tuple[float, float, float, float]:
    """Inside the marks' inset rectangle, less the padding."""
    return (marks.inset + marks.padding, marks.inset + marks.padding,
            paper.width - marks.inset - marks.padding, paper.height - marks.inset - marks.padding)


def registration_marks(paper: Paper, marks: Marks) -> list:
    """Studio's type-1 set: a filled square at top left, L marks at top right and bottom left, the
    lines centred on the inset, each arm reaching `length` from the corner's centre line."""
    ink = Style(fill=REGISTRATION_BLACK)
    i, t, n, w, h = marks.inset, marks.thickness, marks.length, paper.width, paper.height
    return [Rect(i, i, marks.square, marks.square, ink),
            Rect(w - i - n, i - t / 2, n + t / 2, t, ink), Rect(w - i - t / 2, i - t / 2, t, n + t / 2, ink),
            Rect(i - t / 2, h - i - t / 2, n + t / 2, t, ink), Rect(i - t / 2, h - i - n, t, n + t / 2, ink)]


class PrintAndCutSheet(Struct, frozen=True):
    front: Drawing
    back: Drawing
    cut: CutSheet
    tiles: tuple[PlacedTile, ...]


def tile_band(paper: Paper, marks: Marks) -> tuple[float, float, float, float]:
    """Where tiles go: the safe area less the bands of the corner zones at top and bottom."""
    x0, _, x1, _ = safe_area(paper, marks)
    zones = keep_out_zones(paper, marks)
    return x0, zones[0][3], x1, zones[2][1]


def print_and_cut_grid(shape: str, size: TileSize, paper: Paper, marks: Marks, bleed: float) -> tuple[int, int]:
    """Rows and columns of tiles a portrait sheet holds between the marks; an error when not one fits."""
    paper = paper if paper.is_portrait else paper.turned()
    x0, y0, x1, y1 = tile_band(paper, marks)
    rows, columns = capacity(shape, size, bleed, x1 - x0, y1 - y0)
    if not rows:
        w, h = frame(shape, size)
        raise UserError(_("{w:g} x {h:g} mm tiles with {bleed:g} mm bleed do not fit in the {width:.0f} x "
                          "{height:.0f} mm that {name} leaves between the marks; use a smaller --tile-size").format(
            w=w, h=h, bleed=bleed, width=x1 - x0, height=y1 - y0, name=paper.name))
    return rows, columns


def print_and_cut_sheets(tile_set: TileSet, theme: Theme, paper: Paper, size: TileSize, marks: Marks,
                         bleed: float, lang: str, cut_file: str, back_offset=(0.0, 0.0)) -> list[PrintAndCutSheet]:
    """Fronts and backs pages with registration marks, and the cut sheet of each; `cut_file` names
    the cut files ({number} is the sheet's number), for the instructions on the page."""
    paper = paper if paper.is_portrait else paper.turned()
    _, y0, _, _ = tile_band(paper, marks)
    rows, columns = print_and_cut_grid(tile_set.shape, size, paper, marks, bleed)
    tiles = ordered_tiles(tile_set)
    per_sheet = rows * columns
    chunks = [tiles[first:first + per_sheet] for first in range(0, len(tiles), per_sheet)]
    sheets = []
    for index, chunk in enumerate(chunks):
        chunk_rows = math.ceil(len(chunk) / columns)
        probe = gang_grid(chunk, tile_set.shape, size, bleed, chunk_rows, columns, (0.0, 0.0))
        bx0, by0, bx1, by1 = extent(probe, bleed)
        # Centred across (so the mirrored backs fall in the same place), from the top of the band down.
        origin = ((paper.width - (bx1 - bx0)) / 2 - bx0, y0 - by0)
        placed_tiles = gang_grid(chunk, tile_set.shape, size, bleed, chunk_rows, columns, origin)
        cut = CutSheet(paper.width, paper.height, [tile.outline for tile in placed_tiles])
        front = _front_page(placed_tiles, tile_set, theme, paper, size, marks, bleed, lang, index, len(chunks),
                            cut_file.format(number=index + 1), cut)
        back = _back_page(placed_tiles, tile_set, theme, paper, size, bleed, back_offset)
        sheets.append(PrintAndCutSheet(front, back, cut, tuple(placed_tiles)))
    return sheets


def cut_box(cut: CutSheet) -> tuple[float, float, float, float]:
    """x, y, width, height of the box of a cut sheet's outlines: where Studio must place them."""
    boxes = [outline.bounds() for outline in cut.cuts]
    x0, y0 = min(b[0] for b in boxes), min(b[1] for b in boxes)
    return x0, y0, max(b[2] for b in boxes) - x0, max(b[3] for b in boxes) - y0


def studio_settings(marks: Marks, lang: str) -> str:
    return sheet_text(lang, "silhouette_marks", style=marks.style, length=f"{marks.length:g}",
                      thickness=f"{marks.thickness:g}", inset=f"{marks.inset:g}")


def _front_page(tiles, tile_set, theme, paper, size, marks, bleed, lang, index, count, cut_name, cut) -> Drawing:
    page = Drawing(paper.width, paper.height)
    for tile in tiles:
        page.add(placed(tile_front(tile.tile, tile_set, theme, size, bleed), tile.x, tile.y, tile.turn))
    page.add(*registration_marks(paper, marks))
    ink = theme.colour("sheet.text")
    label = set_label(tile_set, lang)
    x, y, w, h = cut_box(cut)
    lines = [sheet_text(lang, "silhouette_title", set_label=label, number=index + 1, count=count),
             studio_settings(marks, lang),
             sheet_text(lang, "silhouette_cut_file", file=cut_name, x=f"{x:.1f}", y=f"{y:.1f}", w=f"{w:.1f}",
                        h=f"{h:.1f}")]
    top = marks.inset + marks.padding + TEXT_SIZE
    for number, line in enumerate(lines):
        page.add(caption(paper.width / 2, top + number * 1.45 * TEXT_SIZE, line, ink, "middle", TEXT_SIZE))
    bottom_zone = keep_out_zones(paper, marks)[2]
    bar_x = (paper.width - 50.0) / 2
    page.add(*scale_bar(bar_x, bottom_zone[1] + 4.0, ink, sheet_text(lang, "scale_short")))
    return page


def _back_page(tiles, tile_set, theme, paper, size, bleed, back_offset) -> Drawing:
    """The backs behind their fronts after a flip on the long edge; no marks (the sensor reads the front)."""
    w, h = frame(tile_set.shape, size)
    items = []
    for tile in tiles:
        bx, by = mirror_box(tile.x, tile.y, w, h, paper.width, paper.height, "long")
        items.append(placed(tile_back(tile.tile, tile_set, theme, size, bleed), bx, by, tile.turn, shared=True))
    page = Drawing(paper.width, paper.height)
    page.add(Group(tuple(items), translate(*back_shift(back_offset, "long", paper.width, paper.height))))
    return page


# --- Cricut Print Then Cut ----------------------------------------------------------------------

class PrintThenCutImage(Struct, frozen=True):
    picture: Drawing              # the tiles on a transparent ground, the picture exactly their box
    cut: CutSheet                 # the same outlines, in the picture's coordinates
    tiles: tuple[PlacedTile, ...]


def print_then_cut_grid(shape: str, size: TileSize, area: tuple[float, float], gap: float) -> tuple[int, int]:
    """Rows and columns of tiles, `gap` apart, an image of at most `area` holds; an error when not one fits."""
    rows, columns = capacity(shape, size, gap / 2, area[0] + gap, area[1] + gap)
    if not rows:
        w, h = frame(shape, size)
        raise UserError(_("a {w:g} x {h:g} mm tile does not fit Cricut's {width:g} x {height:g} mm "
                          "print area; use a smaller --tile-size").format(w=w, h=h, width=area[0], height=area[1]))
    return rows, columns


def _turned_grid(shape: str, size: TileSize, area: tuple[float, float], gap: float, count: int,
                 upright: tuple[int, int]) -> tuple[int, int] | None:
    """Rows and columns of upright tiles in the area turned on its side, when the set then needs fewer
    images than upright; else None. (Rows of triangles turn as a whole, as dominoes do.)"""
    rows, columns = capacity(shape, size, gap / 2, area[1] + gap, area[0] + gap)
    if rows and math.ceil(count / (rows * columns)) < math.ceil(count / (upright[0] * upright[1])):
        return rows, columns
    return None


def _quarter_turned(tile: PlacedTile, size: TileSize, shape: str, height: float) -> PlacedTile:
    """A tile of a picture `height` mm high, turned a quarter clockwise with the picture: a point
    (x, y) goes to (height - y, x), the tile's own turn grows by 90 degrees about its centre."""
    w, h = frame(shape, size)
    cx, cy = tile.x + w / 2, tile.y + h / 2
    corners = tuple((height - y, x) for x, y in tile.outline.corners)
    return PlacedTile(tile.tile, height - cy - w / 2, cx - h / 2, tile.turn + 90.0,
                      Outline(corners, tile.outline.radius))


def print_then_cut_images(tile_set: TileSet, theme: Theme, size: TileSize, area: tuple[float, float],
                          gap: float) -> list[PrintThenCutImage]:
    """Groups of whole tiles, each image at most `area` (width, height) mm, tiles `gap` mm apart:
    as many tiles per image as fit, so a set needs as few mats as it can. The tiles lie on their
    side where that needs fewer images (laid out upright in the area turned, then turned back)."""
    half = gap / 2
    tiles = ordered_tiles(tile_set)
    rows, columns = print_then_cut_grid(tile_set.shape, size, area, gap)
    turned = _turned_grid(tile_set.shape, size, area, gap, len(tiles), (rows, columns))
    if turned:
        rows, columns = turned
    images = []
    for first in range(0, len(tiles), rows * columns):
        chunk = tiles[first:first + rows * columns]
        probe = gang_grid(chunk, tile_set.shape, size, half, math.ceil(len(chunk) / columns), columns, (0.0, 0.0))
        x0, y0, x1, y1 = extent(probe)
        # The picture a whole tenth of a mm each way (the size the user types), the tiles centred in it.
        width, height = math.ceil((x1 - x0) * 10 - 1e-6) / 10, math.ceil((y1 - y0) * 10 - 1e-6) / 10
        dx, dy = (width - (x1 - x0)) / 2 - x0, (height - (y1 - y0)) / 2 - y0
        placed_tiles = [PlacedTile(t.tile, t.x + dx, t.y + dy, t.turn, t.outline.translated(dx, dy)) for t in probe]
        if turned:
            placed_tiles = [_quarter_turned(t, size, tile_set.shape, height) for t in placed_tiles]
            width, height = height, width
        picture = Drawing(width, height)
        for tile in placed_tiles:
            picture.add(placed(tile_front(tile.tile, tile_set, theme, size), tile.x, tile.y, tile.turn))
        images.append(PrintThenCutImage(picture, CutSheet(picture.width, picture.height,
                                                          [tile.outline for tile in placed_tiles]),
                                        tuple(placed_tiles)))
    return images
