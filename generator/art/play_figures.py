"""Figures of play drawn with the real tile art: triangles edge to edge, lines of dominoes.

Sizes are the tiles' print sizes; the booklet scales a figure to its page.
"""


from generator.art.tile import tile_front
from generator.colour.theme import Theme
from generator.model.figures import Figure
from generator.model.set_loader import load_set
from generator.scene.drawing import Drawing, Group, Polygon, Rect, Style, rotate_about, translate
from generator.scene.shapes import frame
from generator.scene.sizes import TileSize

MARGIN = 6.0                 # mm around a figure


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


# --- lines of dominoes -----------------------------------------------------------------------------

GAP = 0.8        # mm between joined tiles


def _lengthwise(art, near_on_top: bool, x: float, size: TileSize) -> Group:
    """A tile lying along the arm from x, its near number on the left (towards the start)."""
    w, h = size.width, size.height
    turn = rotate_about(-90.0 if near_on_top else 90.0, w / 2, h / 2)
    return Group(tuple(art.items), turn.then(translate(x + h / 2 - w / 2, -h / 2)))


def _crosswise(art, x: float, size: TileSize) -> Group:
    return Group(tuple(art.items), translate(x, -size.height / 2))


def _arm_items(arm, tile_set, theme, size: TileSize) -> tuple[list, list]:
    """An arm laid from the origin along +x: its shapes and the boxes (x0, y0, x1, y1) it covers."""
    items, boxes, x = [], [], 0.0
    w, h = size.width, size.height
    for linked in arm.tiles:
        art = tile_front(linked.tile, tile_set, theme, size)
        if linked.is_double:
            items.append(_crosswise(art, x, size))
            boxes.append((x, -h / 2, x + w, h / 2))
            x += w + GAP
        else:
            items.append(_lengthwise(art, linked.tile.head == linked.near, x, size))
            boxes.append((x, -w / 2, x + h, w / 2))
            x += h + GAP
    return items, boxes


def _turned_boxes(boxes, transform) -> list[tuple[float, float]]:
    return [transform.apply(x, y) for x0, y0, x1, y1 in boxes for x, y in ((x0, y0), (x1, y0), (x1, y1), (x0, y1))]


def line_drawing(figure: Figure, theme: Theme, size: TileSize = TileSize()) -> Drawing:
    """Tiles joined end to end from the start: doubles crosswise, arms in their directions; the
    Mexican Train's start lies in its hub."""
    from generator.art.mexican_train import hub_drawing, slot_start

    line = figure.line
    tile_set = load_set(figure.set_name)
    w, h = size.width, size.height
    start = line.start
    start_art = tile_front(start.tile, tile_set, theme, size)
    items, points = [], []
    if line.hub:
        hub = hub_drawing(theme, size, 0.0, 0.0)       # no bleed; no clearance: the tiles drawn in place
        items.append(Group(tuple(hub.items), translate(-hub.width / 2, -hub.height / 2)))
        points += [(-hub.width / 2, -hub.height / 2), (hub.width / 2, hub.height / 2)]
    if start.is_double:
        items.append(Group(tuple(start_art.items), translate(-w / 2, -h / 2)))
        points += [(-w / 2, -h / 2), (w / 2, h / 2)]
        reach = {0.0: w / 2, 180.0: w / 2, 90.0: h / 2, 270.0: h / 2}
    else:
        items.append(_lengthwise(start_art, start.tile.head == start.near, -h / 2, size))
        points += [(-h / 2, -w / 2), (h / 2, w / 2)]
        reach = {0.0: h / 2, 180.0: h / 2}
    for arm in line.arms:
        arm_items, boxes = _arm_items(arm, tile_set, theme, size)
        # In the hub a train's first tile rests in its slot.
        distance = slot_start(size, 0.0) if line.hub else reach[arm.angle] + GAP
        transform = translate(distance, 0).then(rotate_about(arm.angle, 0, 0))
        items.append(Group(tuple(arm_items), transform))
        points += _turned_boxes(boxes, transform)
    left, top = min(x for x, _ in points) - MARGIN, min(y for _, y in points) - MARGIN
    right, bottom = max(x for x, _ in points) + MARGIN, max(y for _, y in points) + MARGIN
    drawing = Drawing(right - left, bottom - top)
    drawing.add(Rect(0, 0, drawing.width, drawing.height, Style(fill=theme.colour("board.light"))))
    drawing.add(Group(tuple(items), translate(-left, -top)))
    return drawing


PLAY_FIGURES["line"] = line_drawing
