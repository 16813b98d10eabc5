"""The seed's figures drawn from data: a board with small tiles, numbers or across cells.

Used by the setup cards and the booklets. Sizes are those of the real board (tiles at
their print size), so a figure is a true miniature once a writer scales it down.
"""

from generator.art.board import BoardGeometry, board_drawing
from generator.art.play_figures import PLAY_FIGURES
from generator.art.tile import orienting_mark, tile_front
from generator.colour.theme import Theme
from generator.model.figures import Figure, layout_of, resolve_tiles
from generator.model.set_loader import load_set
from generator.model.sums import column_sums, group_column_sums, row_sums
from generator.scene.drawing import Drawing, Group, Polygon, Rect, Style, Text, placed, rotate_about, translate
from generator.scene.sizes import TileSize

# The digits of the sums around a magic layout, in mm at the board's full size. The A5 booklet
# draws a layout figure at 0.30 of that (128 mm tall), which makes these 6.1 pt, the least a
# reader should be asked to read in print; at 5 mm they were 4.4 pt.
SUM_SIZE = 7.2
SUM_BAND = 1.8 * SUM_SIZE           # mm per line of sums
ROW_SUMS_WIDTH = 6.0 * SUM_SIZE     # mm right of the board for the row sums and their arrow


def figure_drawing(figure: Figure, theme: Theme, tile: TileSize = TileSize(), with_sums: bool = True) -> Drawing:
    if figure.kind in PLAY_FIGURES:
        return PLAY_FIGURES[figure.kind](figure, theme, tile)
    geometry = BoardGeometry(tile, side_places=False, across_notation=False)
    board = board_drawing(geometry, theme, notation_size=SUM_SIZE)     # 6.1 pt in the booklet, as the sums
    items = [placed(board, 0, 0, shared=True)]        # the same board under most figures
    if figure.kind in ("layout", "position"):
        items += _tiles(figure, geometry, theme)
    elif figure.kind == "numbering":
        items += _numbers(figure, geometry, theme)
    elif figure.kind == "across":
        items += _across_starts(figure, geometry, theme)
    if not (with_sums and figure.kind == "layout"):
        return Drawing(board.width, board.height, items)
    return _with_sums(figure, geometry, theme, Drawing(board.width, board.height, items))


def _tiles(figure: Figure, g: BoardGeometry, theme: Theme) -> list:
    items = []
    for placement, tile in resolve_tiles(figure):
        x, y, _, _ = g.cell_box(placement.row, placement.column)
        art = tile_front(tile, load_set(tile.set_name), theme, g.tile)
        items.append(placed(art, x + g.clearance / 2, y + g.clearance / 2,
                            180.0 if placement.arrow == "down" else 0.0))
    return items


def _numbers(figure: Figure, g: BoardGeometry, theme: Theme) -> list:
    ink = theme.colour("board.notation")
    size = g.cell_width * 0.42
    items = []
    for (row, column), number in figure.numbers.items():
        x, y, w, h = g.cell_box(row, column)
        items.append(Text(x + w / 2, y + h / 2 + size * 0.35, str(number), size, ink, "sans-bold", "middle"))
    return items


def _across_starts(figure: Figure, g: BoardGeometry, theme: Theme) -> list:
    """Tiles lying across on the start rows, arrows at the opponent.

    Across row 1 is the pair of columns 1-2 (the left player's edge), row 4 columns 7-8.
    An arrow "up" points away from row 1, i.e. to the right of the drawing.
    """
    face = Style(fill=theme.colour("tile.face"), stroke=theme.colour("tile.divider"), stroke_width=0.3)
    look = theme.group("A", 1)
    items = []
    for across_row, arrow in figure.across_starts:
        first_column = 2 * across_row - 1
        for half in range(16):
            row = 8 - half // 2
            x, y, w, h = g.cell_box(row, first_column)
            y += (half % 2) * h / 2
            box_w, box_h = 2 * w - g.clearance, h / 2 - g.clearance
            left, top = x + g.clearance / 2, y + g.clearance / 2
            items.append(Rect(left, top, box_w, box_h, face))
            turn = 90.0 if arrow == "up" else -90.0
            cx, cy = left + box_w / 2, top + box_h / 2
            items.append(Group(tuple(orienting_mark(cx, cy, box_h * 0.3, look)), rotate_about(turn, cx, cy)))
    return items


def _with_sums(figure: Figure, g: BoardGeometry, theme: Theme, board: Drawing) -> Drawing:
    """Column sums above and below, row sums on the right, as the seed's Fig. 1(A) prints them."""
    tile_set = layout_of(figure)
    ink = theme.colour("board.notation")
    top_pad, bottom_pad = SUM_BAND, 2 * SUM_BAND
    drawing = Drawing(board.width + ROW_SUMS_WIDTH, board.height + top_pad + bottom_pad)
    drawing.add(Rect(0, 0, drawing.width, drawing.height, Style(fill=theme.colour("board.light"))))
    drawing.add(Group(tuple(board.items), translate(0, top_pad)))

    def centre_x(column):
        x, _, w, _ = g.cell_box(1, column)
        return x + w / 2

    def number_row(values, y):
        return [Text(centre_x(c), y, str(v), SUM_SIZE, ink, "sans-bold", "middle")
                for c, v in enumerate(values, start=1)]

    drawing.add(*number_row(group_column_sums(tile_set, 1), top_pad - 0.55 * SUM_SIZE))
    below = top_pad + board.height
    drawing.add(*number_row(group_column_sums(tile_set, 2), below + SUM_BAND - 0.55 * SUM_SIZE))
    drawing.add(*number_row(column_sums(tile_set), below + 2 * SUM_BAND - 0.55 * SUM_SIZE))
    right = board.width + 2
    for row in tile_set.layout_rows:
        _, y, _, h = g.cell_box(row, 1)
        top, bottom = row_sums(tile_set, row)
        cy = top_pad + y + h / 2
        drawing.add(Text(right, cy - 0.2 * SUM_SIZE, str(top), SUM_SIZE, ink, "sans-bold", "start"))
        drawing.add(Text(right, cy + 1.1 * SUM_SIZE, str(bottom), SUM_SIZE, ink, "sans-bold", "start"))
        down = tile_set.row(row)[0].arrow == "down"
        drawing.add(_arrow_glyph(right + 2.4 * SUM_SIZE, cy, 0.9 * SUM_SIZE, down, ink))
    return drawing


def _arrow_glyph(cx: float, cy: float, length: float, down: bool, colour) -> Polygon:
    """A small arrow like the seed's ↓ / ↑ beside the row sums."""
    s = 1 if down else -1
    half = length / 2
    points = ((cx - 0.35, cy - s * half), (cx + 0.35, cy - s * half), (cx + 0.35, cy + s * (half - 1.6)),
              (cx + 1.3, cy + s * (half - 1.6)), (cx, cy + s * half), (cx - 1.3, cy + s * (half - 1.6)),
              (cx - 0.35, cy + s * (half - 1.6)))
    return Polygon(points, Style(fill=colour))
