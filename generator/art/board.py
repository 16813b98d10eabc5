"""The game board: 8 x 8 tile-shaped cells, half-lines, notation and side places.

Geometry first (BoardGeometry says where every cell is), drawing second, so the tiled
sheets, the setup cards and the booklet figures all share one set of numbers.
The drawing's frame: x right, y down, row 8 at the top and row 1 (South) at the bottom.
"""

from msgspec import Struct

from generator.art.digits import underlined_text
from generator.colour.theme import Theme
from generator.scene.drawing import IDENTITY, Drawing, Group, Line, Rect, Style, rotate_about
from generator.scene.outline import Outline
from generator.scene.sizes import TileSize

CELL_LINE = 0.5               # mm, the cell borders
HALF_LINE = 0.2               # mm, the thinner line that halves every cell
PLACE_GAP = 4.0               # mm between the notation and the side places
MARGIN = 3.0                  # mm of board colour around everything
MAIN_LANE = 7.0               # mm for the 1-8 notation
ACROSS_LANE = 4.5             # mm for the smaller 1-16 / 1-4 notation


class BoardGeometry(Struct, frozen=True):
    tile: TileSize
    clearance: float = 2.0
    side_places: bool = True
    across_notation: bool = True

    @property
    def cell_width(self) -> float:
        return self.tile.width + self.clearance

    @property
    def cell_height(self) -> float:
        return self.tile.height + self.clearance

    @property
    def lane(self) -> float:
        return MAIN_LANE + (ACROSS_LANE if self.across_notation else 0.0)

    @property
    def places_width(self) -> float:
        return self.cell_width + PLACE_GAP if self.side_places else 0.0

    @property
    def left(self) -> float:
        """x of the board's left edge (column 1) in the drawing."""
        return MARGIN + self.places_width + self.lane

    @property
    def top(self) -> float:
        return MARGIN + self.lane

    @property
    def width(self) -> float:
        return 2 * self.left + 8 * self.cell_width

    @property
    def height(self) -> float:
        return 2 * self.top + 8 * self.cell_height

    def cell_box(self, row: int, column: int) -> tuple[float, float, float, float]:
        """x, y, width, height of a cell; row 1-8 from South, column 1-8 from South's left."""
        return (self.left + (column - 1) * self.cell_width, self.top + (8 - row) * self.cell_height,
                self.cell_width, self.cell_height)

    def place_boxes(self) -> list[tuple[float, float, float, float]]:
        """Side places: a column of 8 tile-sized slots beside each long edge of the board."""
        if not self.side_places:
            return []
        boxes = []
        for x in (MARGIN, self.width - MARGIN - self.cell_width):
            for row in range(8, 0, -1):
                _, y, w, h = self.cell_box(row, 1)
                boxes.append((x, y, w, h))
        return boxes


def board_geometry(options) -> BoardGeometry:
    """The board a build draws: its tile size, clearance and notation choice."""
    return BoardGeometry(options.tile_size, options.clearance, across_notation=options.across_notation)


def is_dark(row: int, column: int) -> bool:
    """Like a chessboard: the cell at row 1, column 1 is dark."""
    return (row + column) % 2 == 0


NOTATION_SIZE = 4.2           # mm, the 1-8 numbers' em size


def board_drawing(geometry: BoardGeometry, theme: Theme, notation_size: float = NOTATION_SIZE,
                  notation: bool = True) -> Drawing:
    """The board; without `notation`, its numbers are left to the caller (a window onto part of the
    board adds only those it shows: notation_within)."""
    g = geometry
    drawing = Drawing(g.width, g.height)
    drawing.add(Rect(0, 0, g.width, g.height, Style(fill=theme.colour("board.light"))))
    drawing.add(*_cells(g, theme))
    if notation:
        drawing.add(*_notation(g, theme, notation_size))
    drawing.add(*_side_places(g, theme))
    return drawing


def notation_anchor(item) -> tuple[float, float]:
    """Where a notation number stands: its text's anchor, through the group's turn."""
    if isinstance(item, Group):
        text = item.items[0]
        return item.transform.apply(text.x, text.y)
    return item.x, item.y


def notation_within(items: list, box: tuple[float, float, float, float]) -> list:
    """The numbers (board_notation's items) that a window (x0, y0, x1, y1) onto the board shows, a
    number its edge cuts included: the others would be text hidden under the window's clip, which
    a reader's search and copy, and a screen reader, still find on the page."""
    from generator.scene.fonts import text_extent, text_width

    x0, y0, x1, y1 = box

    def shown(item) -> bool:
        text, turn = (item.items[0], item.transform) if isinstance(item, Group) else (item, IDENTITY)
        half, (ascent, descent) = text_width(text.font, text.text, text.size) / 2, text_extent(text.font, text.size)
        corners = [turn.apply(x, y) for x in (text.x - half, text.x + half)
                   for y in (text.y - ascent, text.y - descent)]
        xs, ys = [x for x, _ in corners], [y for _, y in corners]
        return min(xs) < x1 and max(xs) > x0 and min(ys) < y1 and max(ys) > y0

    return [item for item in items if shown(item)]


def _cells(g: BoardGeometry, theme: Theme) -> list:
    light, dark = Style(fill=theme.colour("board.light")), Style(fill=theme.colour("board.dark"))
    items = []
    for row in range(1, 9):
        for column in range(1, 9):
            x, y, w, h = g.cell_box(row, column)
            items.append(Rect(x, y, w, h, dark if is_dark(row, column) else light))
    half = Style(stroke=theme.colour("board.half_line"), stroke_width=HALF_LINE)
    full = Style(stroke=theme.colour("board.line"), stroke_width=CELL_LINE)
    full_lines, half_lines = board_lines(g)
    items += [Line(*start, *end, half) for start, end in half_lines]
    items += [Line(*start, *end, full) for start, end in full_lines]
    return items


def board_lines(g: BoardGeometry) -> tuple[list, list]:
    """The cell borders and the lines that halve every cell, as ((x1, y1), (x2, y2)) segments: what
    the board draws and a laser scores."""
    right, bottom = g.left + 8 * g.cell_width, g.top + 8 * g.cell_height
    half = []
    for row in range(8):
        y = g.top + row * g.cell_height + g.cell_height / 2
        half.append(((g.left, y), (right, y)))
    full = []
    for i in range(9):
        x = g.left + i * g.cell_width
        full.append(((x, g.top), (x, bottom)))
        y = g.top + i * g.cell_height
        full.append(((g.left, y), (right, y)))
    return full, half


def board_notation(g: BoardGeometry, theme: Theme, size: float = NOTATION_SIZE) -> list:
    """The numbers around the board (texts, turned ones in groups): what a laser engraves."""
    return _notation(g, theme, size)


def place_boxes_inset(g: BoardGeometry) -> list[tuple[float, float, float, float]]:
    """The side places as drawn: each slot less half the clearance all round."""
    inset = g.clearance / 2
    return [(x + inset, y + inset, w - 2 * inset, h - 2 * inset) for x, y, w, h in g.place_boxes()]


def place_outlines(g: BoardGeometry) -> list[Outline]:
    return [Outline(((x, y), (x + w, y), (x + w, y + h), (x, y + h))) for x, y, w, h in place_boxes_inset(g)]


def _upright(text: str, x: float, y: float, size: float, colour, turn: float) -> object:
    """A number centred on (x, y), turned to face the player who reads it. A lone 6 or 9 is
    underlined: the player across the board reads it upside down."""
    items = underlined_text(text, x, y + size * 0.35, size, colour)
    if turn or len(items) > 1:
        return Group(tuple(items), rotate_about(turn, x, y) if turn else IDENTITY)
    return items[0]


def _notation(g: BoardGeometry, theme: Theme, size: float) -> list:
    ink, soft = theme.colour("board.notation"), theme.colour("board.across_notation")
    right, bottom = g.left + 8 * g.cell_width, g.top + 8 * g.cell_height
    main_offset = (ACROSS_LANE if g.across_notation else 0.0) + MAIN_LANE / 2
    items = []
    for n in range(1, 9):
        x = g.left + (n - 1) * g.cell_width + g.cell_width / 2
        items.append(_upright(str(n), x, bottom + main_offset, size, ink, 0))          # South reads
        items.append(_upright(str(n), x, g.top - main_offset, size, ink, 180))         # North reads
        _, y, _, h = g.cell_box(n, 1)
        turn = 0 if n <= 4 else 180          # rows 1-4 face South, rows 5-8 face North
        items.append(_upright(str(n), g.left - main_offset, y + h / 2, size, ink, turn))
        items.append(_upright(str(n), right + main_offset, y + h / 2, size, ink, turn))
    if not g.across_notation:
        return items
    small = size * 0.6
    lane = ACROSS_LANE / 2
    # Across play: players sit at the long sides. Seen by the player on the left, across
    # columns 1-16 run from the top (row 8) down; across rows 1-4 count from the left edge.
    for n in range(1, 17):
        y = g.top + (n - 1) * g.cell_height / 2 + g.cell_height / 4
        items.append(_upright(str(n), g.left - lane, y, small, soft, 90))
        items.append(_upright(str(n), right + lane, y, small, soft, -90))
    for n in range(1, 5):
        x = g.left + (n - 1) * 2 * g.cell_width + g.cell_width
        items.append(_upright(str(n), x, g.top - lane, small, soft, 90))
        items.append(_upright(str(n), x, bottom + lane, small, soft, 90))
    return items


def _side_places(g: BoardGeometry, theme: Theme) -> list:
    style = Style(stroke=theme.colour("board.place"), stroke_width=0.35, dash=(3.0, 1.5))
    return [Rect(x, y, w, h, style) for x, y, w, h in place_boxes_inset(g)]
