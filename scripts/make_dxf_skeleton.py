"""Write templates/machines/empty-r2010.dxf: an empty DXF R2010 drawing in millimetres with the
layers CUT, SCORE and ENGRAVE, made by ezdxf. generator/writers/dxf.py fills in its ENTITIES, so
that `opendomino cut` writes the file ezdxf would, without importing ezdxf (0.3-0.5 s of CPU).

    python scripts/make_dxf_skeleton.py      (needs ezdxf: pip install -e ".[test]")

The file is a str.format template: {entities}, {handseed} and the drawing's extents {extmin_x} …
are filled in; every other brace is doubled.
"""

from io import StringIO
from pathlib import Path
import re

import ezdxf
from ezdxf import units

LAYERS = (("CUT", 1, 0xFF0000), ("SCORE", 5, 0x0000FF), ("ENGRAVE", 7, 0x000000))
TARGET = Path(__file__).resolve().parent.parent / "templates" / "machines" / "empty-r2010.dxf"
FIELDS = ("entities", "handseed", "extmin_x", "extmin_y", "extmax_x", "extmax_y")


def skeleton() -> str:
    ezdxf.options.write_fixed_meta_data_for_testing = True      # no dates or GUIDs: the same bytes every time
    doc = ezdxf.new("R2010", setup=False)
    doc.units = units.MM                       # $INSUNITS = 4
    doc.header["$MEASUREMENT"] = 1             # metric
    for name, colour, rgb in LAYERS:
        layer = doc.layers.add(name, color=colour)
        layer.rgb = ((rgb >> 16) & 255, (rgb >> 8) & 255, rgb & 255)
    stream = StringIO()
    doc.write(stream)
    text = stream.getvalue().replace("\r\n", "\n").replace("{", "{{").replace("}", "}}")
    text = re.sub(r"(\$HANDSEED\n  5\n)[0-9A-F]+\n", r"\1{handseed}\n", text)
    for name, x, y in (("$EXTMIN", "extmin_x", "extmin_y"), ("$EXTMAX", "extmax_x", "extmax_y")):
        text = re.sub(re.escape(name) + r"\n 10\n[^\n]+\n 20\n[^\n]+\n", f"{name}\n 10\n{{{x}}}\n 20\n{{{y}}}\n", text)
    text = text.replace("ENTITIES\n  0\nENDSEC", "ENTITIES\n{entities}  0\nENDSEC")
    assert all("{" + field + "}" in text for field in FIELDS)
    return text


if __name__ == "__main__":
    TARGET.write_text(skeleton())
    print(f"wrote {TARGET}")
