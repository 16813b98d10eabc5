"""Figures of play drawn with the real tile art: triangles edge to edge, lines of dominoes.

Sizes are the tiles' print sizes; the booklet scales a figure to its page.
"""

import math

from generator.art.tile import TileSize, tile_front
from generator.model.figures import Figure
from generator.model.set_loader import load_set
from generator.scene import Circle, Drawing, Group, Line, Polygon, Rect, Style, Text, rotate_about, translate
from generator.shapes import SQRT3, frame
from generator.theme import Theme

MARGIN = 6.0                 # mm around a figure
COUNT_SIZE = 7.0             # mm, the open-end count under a scoring figure
HUB_RADIUS_TILES = 1.15      # the Mexican Train hub's radius, in tile heights


def triangles_drawing(figure: Figure, theme: Theme, size: TileSize = TileSize()) -> Drawing:
    """Each tile in its lattice cell, turned so its corners read as the figure states."""
    tile_set = load_set(figure.set_name)
    side, height = frame("triangle", size)
    first_column = min(p.column for p in figure.triangles)
    first_row = min(p.row for p in figure.triangles)
    columns = max(p.column for p in figure.triangles) - first_column + 2
    rows = max(p.row for p in figure.triangles) - first_row + 1
    left, top = MARGIN - first_column * side / 2, MARGIN - first_row * height
    drawing = Drawing(columns * side / 2 + 2 * MARGIN, rows * height + 2 * MARGIN)
    drawing.add(Rect(0, 0, drawing.width, drawing.height, Style(fill=theme.colour("board.light"))))
    centroid = (side / 2, 2 * height / 3)
    edge = Style(stroke=theme.colour("tile.divider"), stroke_width=0.3)
    for placed in figure.triangles:
        art = tile_front(placed.tile, tile_set, theme, size)
        turn = rotate_about(120.0 * placed.turns, *centroid)
        if not placed.up:
            turn = turn.then(rotate_about(180.0, side / 2, height / 2))
        x, y = left + placed.column * side / 2, top + placed.row * height
        drawing.add(Group(tuple(art.items), turn.then(translate(x, y))))
        corners = placed.vertices()
        outline = tuple((left + cx * side, top + cy * side) for cx, cy in corners)
        drawing.add(Polygon(outline, edge))
    return drawing


PLAY_FIGURES = {"triangles": triangles_drawing}
