"""A tile's ground and clip, for both shapes: the background colour out to the bleed, and the art
kept inside the outline when the corners are rounded (the outline is generator/scene/outline.py's)."""

from generator.scene.drawing import Drawing, Group, Polygon, Rect, Style
from generator.scene.outline import tile_outline
from generator.scene.shapes import grown, outline


def ground(shape: str, size, bleed: float, colour):
    """The tile's background with its bleed: with sharp corners the rectangle or triangle as the kit
    always drew it; with rounded corners the outline grown by the bleed (its radius grows too)."""
    if size.corner_radius:
        return tile_outline(shape, size).offset(bleed).path(Style(fill=colour))
    if shape == "domino":
        return Rect(-bleed, -bleed, size.width + 2 * bleed, size.height + 2 * bleed, Style(fill=colour))
    corners = outline(shape, size)
    return Polygon(grown(corners, bleed) if bleed else corners, Style(fill=colour))


def clipped_to_outline(drawing: Drawing, shape: str, size, bleed: float) -> Drawing:
    """With rounded corners, the drawing's items clipped to the outline grown by the bleed, so that
    nothing shows past a rounded corner; with sharp corners the drawing as it is."""
    if not size.corner_radius:
        return drawing
    clip = tile_outline(shape, size).offset(bleed).path(Style())
    return Drawing(drawing.width, drawing.height, [Group(tuple(drawing.items), clip=clip)], drawing.trim,
                   drawing.bleed)
