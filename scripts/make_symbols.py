"""Write templates/symbols.toml: the pictures of the picture dominoes, as shapes in a unit box.

Run once when a symbol changes; the build reads the TOML file, not this script. Coordinates run
from -1 to 1, x right and y down. Each shape names its paint: "fill" (the symbol's theme colour,
picture.N), "ink" (tile.digit) or "face" (tile.face); `outline = true` strokes it in ink.
"""

import math
from pathlib import Path

OUT = Path(__file__).resolve().parent.parent / "templates" / "symbols.toml"


def ring(cx, cy, r, count, start=0.0):
    return [(cx + r * math.cos(start + 2 * math.pi * i / count), cy + r * math.sin(start + 2 * math.pi * i / count))
            for i in range(count)]


def sun():
    shapes = []
    for i in range(8):
        a = 2 * math.pi * i / 8
        tip = (0.95 * math.cos(a), 0.95 * math.sin(a))
        left = (0.58 * math.cos(a - 0.2), 0.58 * math.sin(a - 0.2))
        right = (0.58 * math.cos(a + 0.2), 0.58 * math.sin(a + 0.2))
        shapes.append(("polygon", [left, tip, right], "fill", True))
    shapes.append(("circle", (0.0, 0.0, 0.46), "fill", True))
    return shapes


def star():
    points = []
    for i in range(10):
        r = 0.95 if i % 2 == 0 else 0.4
        a = -math.pi / 2 + math.pi * i / 5
        points.append((r * math.cos(a), 0.08 + r * math.sin(a)))
    return [("polygon", points, "fill", True)]


def heart():
    points = []
    for i in range(60):
        t = 2 * math.pi * i / 60
        x = 16 * math.sin(t) ** 3
        y = 13 * math.cos(t) - 5 * math.cos(2 * t) - 2 * math.cos(3 * t) - math.cos(4 * t)
        points.append((x / 17.5, -y / 17.5 - 0.1))
    return [("polygon", points, "fill", True)]


def moon():
    """A crescent: the outer circle less an inner one, as one outline."""
    (ox, oy, orad), (ix, iy, irad) = (0.0, 0.0, 0.88), (0.42, -0.22, 0.74)
    d = math.hypot(ix - ox, iy - oy)
    a = (orad ** 2 - irad ** 2 + d ** 2) / (2 * d)
    base = math.atan2(iy - oy, ix - ox)
    spread = math.acos(a / orad)
    outer_from, outer_to = base + spread, base + 2 * math.pi - spread
    points = [(ox + orad * math.cos(t), oy + orad * math.sin(t))
              for t in (outer_from + (outer_to - outer_from) * k / 40 for k in range(41))]
    first, last = points[-1], points[0]
    inner_from = math.atan2(first[1] - iy, first[0] - ix)
    inner_to = math.atan2(last[1] - iy, last[0] - ix)
    if inner_to > inner_from:
        inner_to -= 2 * math.pi
    points += [(ix + irad * math.cos(t), iy + irad * math.sin(t))
               for t in (inner_from + (inner_to - inner_from) * k / 30 for k in range(1, 30))]
    return [("polygon", points, "fill", True)]


def flower():
    shapes = [("circle", (0.55 * math.cos(a), 0.55 * math.sin(a), 0.34), "fill", True)
              for a in (2 * math.pi * i / 6 + math.pi / 6 for i in range(6))]
    shapes.append(("circle", (0.0, 0.0, 0.3), "ink", False))
    return shapes


def fish():
    body = [(-0.78 * math.cos(t) + 0.0, 0.46 * math.sin(t)) for t in (2 * math.pi * k / 48 for k in range(48))]
    body = [(x - 0.1, y) for x, y in body]
    tail = [(0.55, 0.0), (0.95, -0.45), (0.95, 0.45)]
    return [("polygon", tail, "fill", True), ("polygon", body, "fill", True),
            ("circle", (-0.5, -0.1, 0.09), "ink", False)]


def leaf():
    """A pointed oval on the diagonal, with its midrib."""
    half = []
    for k in range(25):
        t = -1 + 2 * k / 24
        half.append((t, 0.42 * (1 - t * t)))
    outline = half + [(x, -y) for x, y in reversed(half[1:-1])]
    turn = math.radians(-40)
    c, s = math.cos(turn), math.sin(turn)
    rotate = [(0.95 * (x * c - y * s), 0.95 * (x * s + y * c)) for x, y in outline]
    rib = [(-0.95 * c, -0.95 * s), (0.95 * c, 0.95 * s)]
    return [("polygon", rotate, "fill", True), ("line", rib, "ink", False)]


SYMBOLS = {"sun": sun, "star": star, "heart": heart, "moon": moon, "flower": flower, "fish": fish, "leaf": leaf}


def number(v: float) -> str:
    return f"{round(v, 4):g}"


def main() -> None:
    lines = ["# Pictures for the picture dominoes, written by scripts/make_symbols.py (edit that, run it).",
             "# Shapes in a box from -1 to 1 (x right, y down). paint: fill = the symbol's theme colour",
             "# (picture.N), ink = tile.digit, face = tile.face; outline = true strokes the shape in ink.", ""]
    for name, make in SYMBOLS.items():
        for kind, data, paint, outline in make():
            lines.append(f"[[{name}]]")
            if kind == "circle":
                lines.append(f"circle = [{', '.join(number(v) for v in data)}]")
            else:
                points = ", ".join(f"[{number(x)}, {number(y)}]" for x, y in data)
                lines.append(f"{kind} = [{points}]")
            lines.append(f'paint = "{paint}"')
            lines.append(f"outline = {str(outline).lower()}")
            lines.append("")
    OUT.write_text("\n".join(lines), encoding="utf-8")


if __name__ == "__main__":
    main()
