"""The theme swatch sheet: one landscape page, a row per theme, its words in the --lang given.

Each row shows, for sets A, B and C, one tile of each group front and back, and a corner of
the board, all drawn by the same art code as the kit itself, so the sheet cannot drift from
what a build prints.
"""

from generator.art.board import BoardGeometry, board_drawing, board_notation, notation_within
from generator.art.tile import tile_back, tile_front
from generator.colour.checks import colour_problems
from generator.colour.values import BLACK, Colour
from generator.imposition.paper import Paper
from generator.model.set_loader import OPEN_SET_NAMES, load_set
from generator.model.texts import sheet_text
from generator.scene.drawing import Drawing, Group, Rect, Style, Text, Transform
from generator.scene.sizes import TileSize

MARGIN = 10.0
TITLE_SPACE = 12.0
LABEL_SPACE = 7.0          # the theme's name and description above its row
CAPTION_SPACE = 4.5        # the captions under the tiles
TILE_GAP = 1.5
SET_GAP = 5.0
CORNER_GAP = 6.0
OUTLINE = Style(stroke=Colour("#9a9a9a"), stroke_width=0.15)     # shows where a white tile ends


def swatch_page(themes: list, paper: Paper, lang: str = "en") -> Drawing:
    """`paper` is turned to landscape."""
    width, height = max(paper.width, paper.height), min(paper.width, paper.height)
    page = Drawing(width, height)
    page.add(Text(MARGIN, MARGIN + 6, sheet_text(lang, "swatch_title"), 6.0, BLACK, "sans-bold"))
    row_height = (height - 2 * MARGIN - TITLE_SPACE) / len(themes)
    for index, theme in enumerate(themes):
        page.add(*_theme_row(theme, lang, MARGIN, MARGIN + TITLE_SPACE + index * row_height, width - 2 * MARGIN,
                             row_height))
    return page


def _sample_tile(tile_set, group: int):
    """The group's fraction with the most pips or dashes: it shows the digits best."""
    return max((t for t in tile_set.group(group) if not t.is_double), key=lambda t: (t.head + t.tail, t.id))


def _theme_row(theme, lang: str, x: float, y: float, width: float, height: float) -> list:
    problems = colour_problems(theme)        # counted as `opendomino themes` lists them
    status = (sheet_text(lang, "swatch_checks_pass") if not problems
              else sheet_text(lang, "swatch_checks_warn", count=len(problems)))
    items = [Text(x, y + 4.5, theme.name, 4.5, BLACK, "sans-bold"),
             Text(x + 32, y + 4.5, theme.description_in(lang), 3.0, BLACK, "sans"),
             Text(x + width, y + 4.5, status, 3.0, BLACK, "sans", "end")]
    size = TileSize()
    tile_height = height - LABEL_SPACE - CAPTION_SPACE - 2.0
    scale = tile_height / size.height
    step = size.width * scale + TILE_GAP
    left, top = x, y + LABEL_SPACE
    for set_name in OPEN_SET_NAMES:
        tile_set = load_set(set_name)
        samples = [_sample_tile(tile_set, group) for group in (1, 2)]
        drawings = ([(tile_front(t, tile_set, theme, size), f"{set_name}{t.group}") for t in samples]
                    + [(tile_back(t, tile_set, theme, size), sheet_text(lang, "swatch_back", tile=f"{set_name}{t.group}"))
                       for t in samples])
        for drawing, caption in drawings:
            items += _placed_at(drawing, left, top, scale)
            items.append(Rect(left, top, size.width * scale, tile_height, OUTLINE))
            items.append(Text(left + size.width * scale / 2, top + tile_height + 3.2, caption, 2.4, BLACK,
                              "sans", "middle"))
            left += step
        left += SET_GAP - TILE_GAP
    items += _board_corner(theme, sheet_text(lang, "swatch_board_corner"), left + CORNER_GAP - SET_GAP, top,
                           x + width - (left + CORNER_GAP - SET_GAP), tile_height)
    return items


def _placed_at(drawing: Drawing, x: float, y: float, scale: float) -> list:
    return [Group(tuple(drawing.items), Transform(scale, 0, 0, scale, x, y))]


def _board_corner(theme, caption: str, x: float, y: float, width: float, height: float) -> list:
    """South-West corner of the board: cells 1-3 of row 1 and a bit of row 2, with notation."""
    g = BoardGeometry(TileSize())
    board = board_drawing(g, theme, notation=False)
    cell_x, cell_y, cell_w, cell_h = g.cell_box(1, 1)
    bottom = cell_y + cell_h
    clip_x, clip_y = cell_x - g.lane, bottom - 1.3 * cell_h
    clip_w, clip_h = g.lane + 3.3 * cell_w, 1.3 * cell_h + g.lane
    scale = min(width / clip_w, height / clip_h)
    clip = Rect(clip_x, clip_y, clip_w, clip_h, Style())
    transform = Transform(scale, 0, 0, scale, x - clip_x * scale, y - clip_y * scale)
    shown = notation_within(board_notation(g, theme), (clip_x, clip_y, clip_x + clip_w, clip_y + clip_h))
    return [Group((*board.items, *shown), transform, clip),
            Rect(x, y, clip_w * scale, clip_h * scale, OUTLINE),
            Text(x + clip_w * scale / 2, y + clip_h * scale + 3.2, caption, 2.4, BLACK, "sans", "middle")]
