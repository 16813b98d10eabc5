"""The guide's pictures of a box (docs/how-to/box.md), made from set A's home box:

- docs/images/box-flat.png: the sheet as it prints (the PDF page, rendered by pdfium);
- docs/images/box-folded.png: the same pieces folded, in an isometric sketch drawn with the kit's
  own scene. Each face of the folded tray and lid is the piece's panel itself, its art carried onto
  the face by an affine map, so the sketch shows what the printed sheet becomes; the tray holds
  the set's two stacks of 16 tiles, their tops in the kit's tile art, at the box's real sizes;
- docs/images/box-laser-sheet.png: the laser box's sheet, its SVG drawn by chromium (the hairlines
  drawn wider, to be seen);
- docs/images/box-laser-assembled.png: the same panels put together, each extruded to the
  material's thickness (manifold3d) and drawn as scripts/render_solids.py draws tiles: the tray
  with its fingers closing every corner, the lid beside it;
- docs/images/box-3d.png: the 3D-printed box's parts as they lie on the plate (from its 3MF), and
  the lid turned over to show its name.

Run: python scripts/make_box_images.py      (the laser and 3D pictures need chromium and opendomino[3d])
"""

import math
from pathlib import Path
import tempfile

from make_readme_images import draw_svg, side_by_side
import numpy as np
from PIL import Image, ImageChops
import pypdfium2
from render_solids import arranged, plate_tiles, render

from generator.art.box_lid import bottom_lines, box_title, inside_text, lid_art
from generator.art.box_net import Panel
from generator.art.tile import tile_front
from generator.colour.effective_theme import theme_for
from generator.colour.values import Colour
from generator.imposition.box_sheets import box_pieces
from generator.jobs.box import box, box_plans
from generator.model.box_size import box_numbers
from generator.model.set_loader import load_set
from generator.scene.drawing import Drawing, Group, Polygon, Rect, Style, Text, Transform
from generator.settings.build_options import BoxOptions, BuildOptions
from generator.writers.png import write_png

IMAGES = Path(__file__).resolve().parent.parent / "docs" / "images"
FLAT_PIXELS_PER_MM = 5.0
FOLDED_DPI = 220
LID_APART = 14.0                    # mm between the tray and the lid beside it
CARD_INSIDE = Colour("#f4f1ea")     # the unprinted inside of the card
CARD_FLOOR = Colour("#e6e1d6")
EDGE = Style(stroke=Colour("#3b2a1c"), stroke_width=0.25)

# Isometric axes on the page (y down), per mm of x (right), y (away from the viewer) and z (up):
# the viewer stands at the front left, above.
COS, SIN = math.cos(math.radians(30)), math.sin(math.radians(30))
AXES = ((COS, -SIN), (-COS, -SIN), (0.0, -1.0))


def project(x: float, y: float, z: float) -> tuple[float, float]:
    return (x * AXES[0][0] + y * AXES[1][0] + z * AXES[2][0], x * AXES[0][1] + y * AXES[1][1] + z * AXES[2][1])


def _vector(v) -> tuple[float, float]:
    return project(*v)


def face(items, panel: tuple, origin, along_u, along_v) -> Group:
    """A flat panel (x, y, w, h in the items' coordinates) carried onto the face of the box that
    starts at 3D `origin` (where the panel's top-left corner goes) and runs along the unit
    vectors `along_u` (the panel's x) and `along_v` (the panel's y)."""
    x, y, w, h = panel
    (a, b), (c, d), (e, f) = _vector(along_u), _vector(along_v), project(*origin)
    transform = Transform(a, b, c, d, e - a * x - c * y, f - b * x - d * y)
    return Group(tuple(items), transform, clip=Rect(x, y, w, h, Style()))


def plain(corners3d, colour) -> Polygon:
    return Polygon(tuple(project(*corner) for corner in corners3d), Style(fill=colour, stroke=EDGE.stroke,
                                                                          stroke_width=EDGE.stroke_width))


def outlined(corners3d) -> Polygon:
    return Polygon(tuple(project(*corner) for corner in corners3d), EDGE)


def _on_drawing(piece, name: str) -> tuple[float, float, float, float]:
    """A panel's rectangle in the piece drawing's coordinates (the net moved by the bleed)."""
    panel: Panel = piece.net.panel(name)
    return panel.x + piece.bleed, panel.y + piece.bleed, panel.width, panel.height


def tray_faces(tray, pieces, stacks) -> list:
    """The open tray: its inside (back and right walls, floor), the stacks, its outside front and left walls."""
    width, length, height = tray.outside
    t = tray.wall
    art = pieces["tray"].drawing.items
    items = [plain(((width - t, t, t), (width - t, length - t, t), (width - t, length - t, height),
                    (width - t, t, height)), CARD_INSIDE),                                     # right wall, inside
             plain(((t, length - t, t), (width - t, length - t, t), (width - t, length - t, height),
                    (t, length - t, height)), CARD_INSIDE),                                    # back wall, inside
             plain(((t, t, t), (width - t, t, t), (width - t, length - t, t), (t, length - t, t)), CARD_FLOOR)]
    items += stacks
    # Folded and turned over, the wall above the floor on the sheet is the tray's front (rim up),
    # and the wall left of the floor its left side.
    items.append(face(art, _on_drawing(pieces["tray"], "top"), (0, 0, height), (1, 0, 0), (0, 0, -1)))
    items.append(outlined(((0, 0, 0), (width, 0, 0), (width, 0, height), (0, 0, height))))
    items.append(face(art, _on_drawing(pieces["tray"], "left"), (0, 0, height), (0, 0, -1), (0, 1, 0)))
    items.append(outlined(((0, 0, 0), (0, length, 0), (0, length, height), (0, 0, height))))
    items.append(outlined(((0, 0, height), (width, 0, height), (width, length, height), (0, length, height))))
    return items


def stack_faces(inside_box, size, theme, tray) -> list:
    """Each stack of tiles in the tray, from the back right forwards: two sides and its top tile."""
    tile_set = load_set("A")
    items, part = [], inside_box.compartments[0]
    contents, t = part.contents, tray.wall
    high = contents.per_stack * 1.0
    slack = (inside_box.width - contents.width) / 2
    corners = [(t + slack + index * size.width, t + (inside_box.length - size.height) / 2)
               for index in range(contents.stacks)]
    face_colour = theme.colour("tile.face")
    for number, (x, y) in reversed(list(enumerate(corners))):
        w, h, z = size.width, size.height, t + high
        items.append(plain(((x, y, t), (x + w, y, t), (x + w, y, z), (x, y, z)), face_colour))
        items.append(plain(((x, y, t), (x, y + h, t), (x, y + h, z), (x, y, z)), face_colour))
        tile = tile_front(tile_set.tiles[number * 9 + 4], tile_set, theme, size)
        items.append(face(tile.items, (0, 0, w, h), (x, y + h, z), (1, 0, 0), (0, -1, 0)))
        items.append(outlined(((x, y, z), (x + w, y, z), (x + w, y + h, z), (x, y + h, z))))
    return items


def lid_faces(lid, pieces, x0: float) -> list:
    """The lid on the table beside the tray, top up: its top, front and left side."""
    width, length, depth = lid.outside
    art = pieces["lid"].drawing.items
    return [face(art, _on_drawing(pieces["lid"], "floor"), (x0, length, depth), (1, 0, 0), (0, -1, 0)),
            face(art, _on_drawing(pieces["lid"], "bottom"), (x0, 0, depth), (1, 0, 0), (0, 0, -1)),
            face(art, _on_drawing(pieces["lid"], "left"), (x0, length, 0), (0, 0, 1), (0, -1, 0)),
            outlined(((x0, 0, depth), (x0 + width, 0, depth), (x0 + width, length, depth), (x0, length, depth))),
            outlined(((x0, 0, 0), (x0 + width, 0, 0), (x0 + width, 0, depth), (x0, 0, depth))),
            outlined(((x0, 0, 0), (x0, length, 0), (x0, length, depth), (x0, 0, depth)))]


def folded_picture(options: BuildOptions) -> Drawing:
    plan, = box_plans(options, BoxOptions(contents=("A",)))
    theme, inside = theme_for(options), plan.box.inside
    lid_look = lid_art(inside, theme, options.tile_size, options.lang, options.clearance)
    pieces = {piece.name: piece for piece in box_pieces(plan.box, box_numbers(), theme, lid_look,
                                                         bottom_lines(inside, options.lang),
                                                         box_numbers().sheet.bleed, options.lang, shop=False)}
    stacks = stack_faces(inside, options.tile_size, theme, plan.box.tray)
    # The lid stands further back than the tray (to its right), so it is drawn first.
    items = lid_faces(plan.box.lid, pieces, plan.box.tray.outside[0] + LID_APART)
    items += tray_faces(plan.box.tray, pieces, stacks)
    xs, ys = [], []
    for width, length, height, x0 in ((*plan.box.tray.outside, 0.0),
                                      (*plan.box.lid.outside, plan.box.tray.outside[0] + LID_APART)):
        for corner in ((x0, 0, 0), (x0 + width, 0, 0), (x0, length, height), (x0 + width, length, height),
                       (x0, 0, height), (x0 + width, length, 0), (x0, length, 0)):
            xs.append(project(*corner)[0])
            ys.append(project(*corner)[1])
    margin = 4.0
    caption = 7.0
    drawing = Drawing(max(xs) - min(xs) + 2 * margin, max(ys) - min(ys) + 2 * margin + caption)
    drawing.add(Rect(0, 0, drawing.width, drawing.height, Style(fill=Colour("#ffffff"))))
    drawing.add(Group(tuple(items), Transform(e=margin - min(xs), f=margin - min(ys))))
    caption_text = f"{box_title(inside.names, options.lang)} · {inside_text(inside, options.lang)}"
    drawing.add(Text(drawing.width / 2, drawing.height - 3.0, caption_text, 3.2, theme.colour("sheet.text"), "sans",
                     "middle"))
    return drawing


def flat_picture(path: Path):
    """The printed sheet's pieces: the page rendered by pdfium, cut to the band between the
    instructions and the legend, and to what is printed there."""
    page = pypdfium2.PdfDocument(path)[0]
    image = page.render(scale=FLAT_PIXELS_PER_MM * 25.4 / 72).to_pil().convert("RGB")
    sheet = box_numbers().sheet
    top, bottom = (sheet.margin + sheet.header) * FLAT_PIXELS_PER_MM, image.height - (
        sheet.margin + sheet.footer) * FLAT_PIXELS_PER_MM
    band = image.crop((0, round(top), image.width, round(bottom)))
    left, upper, right, lower = ImageChops.difference(band, Image.new("RGB", band.size, "#ffffff")).getbbox()
    pad = round(3 * FLAT_PIXELS_PER_MM)
    return band.crop((left - pad, upper - pad, right + pad, lower + pad))


WOOD = (222, 190, 146)
LASER_KERF = 0.15


def laser_sheet_picture(out: Path) -> None:
    svg = (out / "laser" / "box-A-1.svg").read_text(encoding="utf-8")
    wide = out / "laser" / "box-A-wide-lines.svg"
    wide.write_text(svg.replace('stroke-width="0.025"', 'stroke-width="0.4"'), encoding="utf-8")
    draw_svg(wide, IMAGES / "box-laser-sheet.png", 640, 427)


def _placed_panel(piece, box, t: float):
    """A panel extruded to the material's thickness and put where it goes in the box: x across, y
    from front to back, z up (the lid upside down, as an open box like the tray)."""
    import manifold3d as m3

    panel = piece.panel
    shell = box.tray if piece.shell == "tray" else box.lid
    width, length, height = shell.outside
    flat = m3.CrossSection([np.asarray(panel.outline)] + [np.asarray(hole) for hole in panel.holes],
                           m3.FillRule.EvenOdd).extrude(t)
    # The panel's (u, v, w): u along it, v down the page (from its rim), w through it from the face
    # that goes outside; each wall as seen from outside (turns only, so the triangles stay outward).
    at = {"floor": ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)), "top": ((1, 0, 0, 0), (0, 1, 0, 0), (0, 0, 1, 0)),
          "front": ((1, 0, 0, 0), (0, 0, 1, 0), (0, -1, 0, height)),
          "back": ((-1, 0, 0, width), (0, 0, -1, length), (0, -1, 0, height)),
          "left": ((0, 0, 1, 0), (-1, 0, 0, length), (0, -1, 0, height)),
          "right": ((0, 0, -1, width), (1, 0, 0, 0), (0, -1, 0, height))}
    if panel.name == "divider":
        part = box.inside.compartments[0]
        matrix = ((0, 0, 1, t + part.x + part.width), (-1, 0, 0, length), (0, -1, 0, height))
    else:
        matrix = at[panel.name]
    mesh = flat.transform(np.asarray(matrix, dtype=np.float64)).to_mesh()
    corners = np.asarray(mesh.vert_properties[:, :3], dtype=np.float64)[np.asarray(mesh.tri_verts)]
    return corners


def laser_assembled_picture(options: BuildOptions) -> None:
    """The tray, and the lid the right way up beside it (turned half about the x axis); each panel
    in a shade of its own, so that the fingers show where they meet."""
    plan, = box_plans(options, BoxOptions(contents=("A",), machine="laser", kerf=LASER_KERF))
    box, laser = plan.box, plan.sheets
    shades = {"floor": 0.88, "top": 0.88, "front": 1.0, "back": 1.0, "left": 0.7, "right": 0.7, "divider": 0.7}

    def panels(shell: str):
        return [(_placed_panel(piece, box, laser.thickness), tuple(round(c * shades[piece.panel.name]) for c in WOOD))
                for piece in laser.pieces if piece.shell == shell]

    _, length, height = box.lid.outside
    lid = [(corners * np.array([1.0, -1.0, -1.0]) + np.array([0.0, length, height]), colour)
           for corners, colour in panels("lid")]
    side_by_side([render(panels("tray"), 520, elevation=35), render(lid, 520, elevation=35)], 16, "white").save(
        IMAGES / "box-laser-assembled.png", optimize=True)


def printed_picture(out: Path) -> None:
    parts = plate_tiles(out / "3mf" / "box-A-plate-1.3mf")
    side_by_side([render(parts["tray"] + parts["lid"], 520, elevation=40),
                  render(arranged([parts["lid"]], turned_over=True), 400, elevation=60)], 16, "white").save(
        IMAGES / "box-3d.png", optimize=True)


def main() -> None:
    IMAGES.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory() as folder:
        options = BuildOptions(out=Path(folder), sets=("A",))
        box(options, BoxOptions(contents=("A",)))
        flat_picture(Path(folder) / "box-A.pdf").save(IMAGES / "box-flat.png", optimize=True)
        print(f"wrote {IMAGES / 'box-flat.png'}")
        write_png(folded_picture(options), IMAGES / "box-folded.png", FOLDED_DPI)
        print(f"wrote {IMAGES / 'box-folded.png'}")
        box(options, BoxOptions(contents=("A",), machine="laser", kerf=LASER_KERF))
        laser_sheet_picture(Path(folder))
        laser_assembled_picture(options)
        box(options, BoxOptions(contents=("A",), formats=("3mf",)))
        printed_picture(Path(folder))
        for name in ("box-laser-sheet.png", "box-laser-assembled.png", "box-3d.png"):
            print(f"wrote {IMAGES / name}")


if __name__ == "__main__":
    main()
