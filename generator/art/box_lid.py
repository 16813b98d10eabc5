"""What a box says and shows of what it holds: its title ("Open Domino · set A", "Dominoes ·
double-12", the Mexican Train), the line of what is inside, and the pictures on its lid, drawn
by the kit's own art: a few tiles spread through the set, or the Mexican Train's hub. Printed
texts follow --lang (templates/sheet_texts.toml)."""

from generator.art.box_art import LidArt, lid_top, panel_lines, rim_ticks, wall_label
from generator.art.mexican_train import hub_drawing
from generator.art.tile import tile_front
from generator.model.box_size import TRAIN, Contents, Inside
from generator.model.set_loader import load_set
from generator.model.texts import set_label, sheet_text
from generator.scene.outline import tile_outline

LID_TILES = 4           # tiles shown on a one-set lid, spread through the set


def mm(value: float) -> str:
    """A size as the box prints it: tenths of a millimetre, no trailing zero."""
    return f"{value:.1f}".rstrip("0").rstrip(".")


def _set_title(name: str, lang: str) -> str:
    if name == TRAIN:
        return sheet_text(lang, "box_train")
    return set_label(load_set(name), lang)


def box_title(names: tuple[str, ...], lang: str) -> str:
    """The box's name: its set's title, or the sets of a box with compartments."""
    if len(names) == 1:
        return _set_title(names[0], lang)
    shown = [sheet_text(lang, "box_train_short") if name == TRAIN else name for name in names]
    return sheet_text(lang, "box_sets", names=", ".join(shown))


def holds(contents: Contents, lang: str) -> str:
    """What one compartment holds, e.g. "32 tiles · stacks: 2 × 16"."""
    if contents.name == TRAIN:
        return sheet_text(lang, "box_train_pieces", count=contents.pieces - 1)
    if contents.stacks == 1:
        return sheet_text(lang, "box_tiles", count=contents.pieces)
    even = contents.stacks * contents.per_stack == contents.pieces
    return sheet_text(lang, "box_stacks" if even else "box_stacks_uneven", count=contents.pieces, stacks=contents.stacks,
                      per_stack=contents.per_stack)


def inside_text(inside: Inside, lang: str) -> str:
    return sheet_text(lang, "box_inside", w=mm(inside.width), l=mm(inside.length), h=mm(inside.height))


def _pictures(name: str, count: int, theme, size, hub_clearance: float) -> list[tuple]:
    """(drawing, its outline in its frame or None) of the pictures of `name` on a lid."""
    if name == TRAIN:
        return [(hub_drawing(theme, size, 0.0, hub_clearance), None)]
    tile_set = load_set(name)
    tiles = tile_set.tiles
    # Spread through the set and ending on its last tile: the first is often a blank double.
    picks = sorted({round((index + 1) * (len(tiles) - 1) / count) for index in range(count)})
    outline = tile_outline(tile_set.shape, size)
    return [(tile_front(tiles[index], tile_set, theme, size), outline) for index in picks]


def lid_art(inside: Inside, theme, size, lang: str, hub_clearance: float) -> LidArt:
    """The lid: the title, a few tiles (one per set when the box holds several), what it holds."""
    names = inside.names
    count = LID_TILES if len(names) == 1 else 1
    pictures = [pair for name in names for pair in _pictures(name, count, theme, size, hub_clearance)]
    subtitle = holds(inside.compartments[0].contents, lang) if len(names) == 1 else inside_text(inside, lang)
    return LidArt(box_title(names, lang), subtitle, tuple(drawing for drawing, _ in pictures), theme.colour("back.mark"),
                  tuple(outline for _, outline in pictures))


def bottom_lines(inside: Inside, lang: str) -> list[str]:
    """The tray's bottom: the title, what each compartment holds, the inside size."""
    lines = [box_title(inside.names, lang)]
    for part in inside.compartments:
        prefix = "" if len(inside.compartments) == 1 else f"{box_title((part.contents.name,), lang)}: "
        lines.append(prefix + holds(part.contents, lang))
    return [*lines, inside_text(inside, lang)]


def printed_art(piece: str, net, lid: LidArt, bottom: list[str], dividers: tuple[float, ...] = ()) -> list:
    """What is printed on a piece besides its colour: the lid's top and front, the tray's bottom and
    where its dividers go (marks at the rims of its front and back walls)."""
    if piece == "lid":
        return [*lid_top(net.panel("floor"), lid), *wall_label(net.panel("bottom"), lid.title, lid.colour)]
    if piece == "tray":
        ticks = [*rim_ticks(net.panel("top"), dividers, lid.colour), *rim_ticks(net.panel("bottom"), dividers,
                                                                                 lid.colour)]
        return [*panel_lines(net.panel("floor"), bottom, lid.colour), *ticks]
    return []
