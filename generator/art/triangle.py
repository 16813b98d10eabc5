"""A triangular tile's front and back in its frame (generator/scene/shapes.py): apex up, corners clockwise.

Each number stands near its corner with its top towards that corner, so the tile reads the same
from whichever side a player sits, as commercial triangle sets print them. 6 and 9 never occur
(numbers run 0-5), and 0 is printed as a figure, not left blank. The back is the same after a
turn of 120 degrees and after a mirror, so it tells nothing of the tile.
"""

from generator.art.tile_ground import clipped_to_outline, ground
from generator.scene.drawing import Drawing, Group, Polygon, Style, Text, rotate_about
from generator.scene.outline import tile_outline
from generator.scene.shapes import frame, grown, outline

NUMBER_SIZE = 0.22          # em size of a corner's number, of the side
NUMBER_DEPTH = 0.50         # where a number sits on the way from its corner to the centre
FRAME_INSET = 0.09          # the back's inner triangle, of the side
LINE_WIDTH = 0.012          # of the side
MARK_SIZE = 0.12


def _centroid(points):
    return sum(x for x, _ in points) / 3, sum(y for _, y in points) / 3


def _towards(corner, centre, share: float):
    return corner[0] + (centre[0] - corner[0]) * share, corner[1] + (centre[1] - corner[1]) * share


def _corner_text(text: str, corner_index: int, points, size: float, colour, depth: float) -> Group:
    """`text` near corner `corner_index`, its top towards that corner."""
    centre = _centroid(points)
    x, y = _towards(points[corner_index], centre, depth)
    upright = Text(x, y + 0.35 * size, text, size, colour, "sans-bold", "middle")
    return Group((upright,), rotate_about(120.0 * corner_index, x, y))


def triangle_front(tile, tile_set, theme, size, bleed: float) -> Drawing:
    w, h = frame("triangle", size)
    side = w
    drawing = Drawing(w, h)
    corners = outline("triangle", size)
    drawing.add(ground("triangle", size, bleed, theme.colour("tile.face")))
    ink = theme.colour("tile.digit")
    number = NUMBER_SIZE * side
    for index, value in enumerate(tile.corners):
        drawing.add(_corner_text(str(value), index, corners, number, ink, NUMBER_DEPTH))
    return clipped_to_outline(drawing, "triangle", size, bleed)


def triangle_back(tile, tile_set, theme, size, bleed: float) -> Drawing:
    w, h = frame("triangle", size)
    side = w
    drawing = Drawing(w, h)
    corners = outline("triangle", size)
    drawing.add(ground("triangle", size, bleed, theme.colour("back.background")))
    ink = theme.colour("back.mark")
    frame_style = Style(stroke=ink, stroke_width=LINE_WIDTH * side)
    if size.corner_radius:
        drawing.add(tile_outline("triangle", size).offset(-FRAME_INSET * side).path(frame_style))
    else:
        drawing.add(Polygon(grown(corners, -FRAME_INSET * side), frame_style))
    mark = tile_set.back.get("mark", "")
    if mark:
        for index in range(3):
            drawing.add(_corner_text(mark, index, corners, MARK_SIZE * side, ink, 0.62))
    return clipped_to_outline(drawing, "triangle", size, bleed)
