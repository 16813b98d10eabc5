"""A folding box's pieces laid flat: each piece's cut outline, its folds and its glue tabs, in mm.

A shell (the tray, or the lid) is a cross: its floor in the middle, a wall on each side of it, and
a glue tab at each end of the two walls above and below the floor. Folded with the printed side
out, the walls stand up and the tabs turn in and are glued inside the side walls. A divider is
one panel with a glue tab at each end, glued inside the tray's front and back walls.

    net = shell_net(tray.folded, tab=10, taper=2.5)
    net.outline          # the cut: one closed polygon, clockwise on the page (y down)
    net.folds            # each fold an open segment ((x1, y1), (x2, y2))
    net.tabs, net.panels

The panel sizes come from generator/model/box_panels.py (`Shell.folded`); this module only lays
them out. (0, 0) is the top-left corner of the piece's box.
"""

from msgspec import Struct

Point = tuple[float, float]


class Panel(Struct, frozen=True):
    """A rectangle of the piece between folds and cuts; `cut` names its sides that are cut edges,
    `tabbed` those with a glue tab beyond their fold."""
    name: str
    x: float
    y: float
    width: float
    height: float
    cut: tuple[str, ...] = ()
    tabbed: tuple[str, ...] = ()


class Net(Struct, frozen=True):
    width: float
    height: float
    outline: tuple[Point, ...]
    folds: tuple[tuple[Point, Point], ...]
    tabs: tuple[tuple[Point, ...], ...]
    panels: tuple[Panel, ...]

    def panel(self, name: str) -> Panel:
        return next(panel for panel in self.panels if panel.name == name)


def tab_size(tab: float, taper: float, along: float, high: float) -> tuple[float, float]:
    """A glue tab's width (at most half the wall it is glued to, so two tabs there never overlap)
    and the cut-back of its corners (at most a quarter of its height)."""
    return min(tab, along / 2 - 0.5), min(taper, high / 4)


def shell_net(folded: tuple[float, float, float], tab: float, taper: float) -> Net:
    """The cross of a tray or a lid: floor `width` x `length` between its folds, walls `depth` high
    from fold to rim, the top and bottom walls with a glue tab at each end."""
    width, length, depth = folded
    tab, taper = tab_size(tab, taper, length, depth)
    x0, y0 = max(depth, tab), depth
    x1, y1 = x0 + width, y0 + length
    outline = (
        (x0, y0 - depth), (x1, y0 - depth),                                   # the top wall's rim
        (x1 + tab, y0 - depth + taper), (x1 + tab, y0 - taper), (x1, y0),    # its right tab
        (x1 + depth, y0), (x1 + depth, y1), (x1, y1),                         # the right wall
        (x1 + tab, y1 + taper), (x1 + tab, y1 + depth - taper), (x1, y1 + depth),     # bottom wall, right tab
        (x0, y1 + depth),                                                     # the bottom wall's rim
        (x0 - tab, y1 + depth - taper), (x0 - tab, y1 + taper), (x0, y1),    # its left tab
        (x0 - depth, y1), (x0 - depth, y0), (x0, y0),                         # the left wall
        (x0 - tab, y0 - taper), (x0 - tab, y0 - depth + taper),              # the top wall's left tab
    )
    folds = (((x0, y0), (x1, y0)), ((x1, y0), (x1, y1)), ((x0, y1), (x1, y1)), ((x0, y0), (x0, y1)),
             ((x1, y0 - depth), (x1, y0)), ((x1, y1), (x1, y1 + depth)), ((x0, y1), (x0, y1 + depth)),
             ((x0, y0 - depth), (x0, y0)))
    tabs = (outline[1:5], outline[7:11], outline[11:15], outline[17:] + outline[:1])
    panels = (Panel("floor", x0, y0, width, length),
              Panel("top", x0, y0 - depth, width, depth, ("top",), ("left", "right")),
              Panel("right", x1, y0, depth, length, ("top", "right", "bottom")),
              Panel("bottom", x0, y1, width, depth, ("bottom",), ("left", "right")),
              Panel("left", x0 - depth, y0, depth, length, ("top", "left", "bottom")))
    return Net(2 * x0 + width, 2 * y0 + length, outline, folds, tabs, panels)


def divider_net(length: float, height: float, tab: float, taper: float) -> Net:
    """A divider `length` long between its folds and `height` high, a glue tab at each end."""
    tab, taper = min(tab, length / 2), min(taper, height / 4)
    x1 = tab + length
    outline = ((tab, 0.0), (x1, 0.0), (x1 + tab, taper), (x1 + tab, height - taper), (x1, height),
               (tab, height), (0.0, height - taper), (0.0, taper))
    folds = (((tab, 0.0), (tab, height)), ((x1, 0.0), (x1, height)))
    tabs = (outline[1:5], outline[5:] + outline[:1])
    panels = (Panel("divider", tab, 0.0, length, height, ("top", "bottom"), ("left", "right")),)
    return Net(x1 + tab, height, outline, folds, tabs, panels)


def folding_pieces(box, tab: float, taper: float) -> list[tuple[str, Net]]:
    """The flat pieces of a folding box (generator/model/box_panels.py's TrayAndLid) in the order
    they are made: the tray, the lid, then each divider."""
    pieces = [("tray", shell_net(box.tray.folded, tab, taper)), ("lid", shell_net(box.lid.folded, tab, taper))]
    return pieces + [("divider", divider_net(length, height, tab, taper)) for length, height in box.dividers]


def divider_places(box) -> tuple[float, ...]:
    """Where each divider stands, as distances from the left fold of the tray's floor on the flat
    piece. Folded, the tray is turned over about its left-right line: left stays left (the wall
    above the floor on the piece becomes the front), so the first compartment is on the left."""
    inside, wall, lining = box.inside, box.tray.wall, box.tray.lining[0]
    return tuple(wall / 2 + lining + part.x + part.width + inside.divider / 2 for part in inside.compartments[:-1])
