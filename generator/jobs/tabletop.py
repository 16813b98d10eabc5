"""Files for digital tables: Tabletop Simulator (a saved object with the board and a deck per set)
and a sprite atlas with a JSON index for any other table or a web app.

    tts/NAME-faces-K.png      deck sheet K of a set: up to 10 x 7 cells, the last one the "hidden" card
    tts/NAME-backs-K.png      its backs in the same cells, where a set's backs differ (A, B, C: by group)
    tts/NAME-back.png         the one back of a set whose backs are all alike (the classic sets)
    tts/board.png             the board, 4096 pixels on its long side
    tts/Open Domino Kit.json  the saved object: copy it (and its .png thumbnail) to TTS's Saved Objects
    tts/README.txt            how to load it
    atlas/NAME.png            every face, then every distinct back, on one near-square sheet
    atlas/NAME.json           tile id -> pixel box of its face and of its back, set, group, head, tail

The format follows the Tabletop Simulator Knowledge Base ("Save File Format", "Custom Deck",
"Asset Creation"): CustomDeck entries keyed by a deck number, each card's CardID = number * 100
+ its index on the sheet, at most 10 x 7 cards a sheet whose last card is the hidden one, sheets
of at most 4096 x 4096 pixels, RGB images.
"""

import json
from pathlib import Path
from urllib.parse import quote

from msgspec import Struct
from msgspec.structs import replace

from generator.art.board import board_drawing, board_geometry
from generator.art.tile import tile_back, tile_front
from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.files.atomic import write_bytes
from generator.files.resources import load_toml, template_path
from generator.imposition.sprite_sheets import (
    TTS_MAX_PIXELS,
    Grid,
    Slots,
    atlas_grid,
    cell_pixels,
    deck_grids,
    grid_drawing,
    slots_of,
)
from generator.model.set_loader import load_set
from generator.model.tiles import Tile, TileSet
from generator.scene.drawing import Drawing, placed
from generator.scene.shapes import frame
from generator.words import _
from generator.writers.png import write_png

TTS_FOLDER, ATLAS_FOLDER = "tts", "atlas"
SAVED_OBJECT = "Open Domino Kit"
BOARD_PIXELS = TTS_MAX_PIXELS
THUMBNAIL_PIXELS = 256
CARD_TYPE_ROUNDED, CARD_TYPE_RECTANGLE = 0, 1   # TTS card shapes: 0 rounded rectangle, 1 rectangle, …
CARD_MESH_RATIO = 2.5 / 3.5              # width / height of TTS's card mesh; our tiles are narrower
SPACING = 4.0                            # TTS units between the objects laid out on the table


def _picture(drawing: Drawing) -> Drawing:
    """A tile drawing as a picture of exactly the tile (no bleed)."""
    picture = Drawing(drawing.width, drawing.height)
    picture.add(placed(drawing, 0, 0))
    return picture


def _back_key(tile: Tile, tile_set: TileSet, theme, size) -> str:
    return repr(tile_back(tile, tile_set, theme, size).items)


def backs_alike(tile_set: TileSet, theme, size) -> bool:
    return len({_back_key(t, tile_set, theme, size) for t in tile_set.tiles}) == 1


class DeckSheet(Struct, frozen=True):
    set_name: str
    number: int                  # 1-based sheet of the set
    grid: Grid
    tiles: tuple[Tile, ...]
    slots: Slots                 # each tile's cell, in pixels and mm

    def face_name(self) -> str:
        return f"{self.set_name}-faces-{self.number}.png"

    def back_name(self, alike: bool) -> str:
        return f"{self.set_name}-back.png" if alike else f"{self.set_name}-backs-{self.number}.png"


def deck_sheets(tile_set: TileSet, size) -> list[DeckSheet]:
    grids = deck_grids(len(tile_set.tiles))
    cell = frame(tile_set.shape, size)
    slots = slots_of(cell, cell_pixels(grids, cell))
    sheets, first = [], 0
    for number, grid in enumerate(grids, start=1):
        count = grid.slots - 1 if number < len(grids) else len(tile_set.tiles) - first
        sheets.append(DeckSheet(tile_set.name, number, grid, tile_set.tiles[first:first + count], slots))
        first += count
    return sheets


def _card(tile_set: TileSet, size) -> tuple[int, object]:
    """The TTS card shape for the set's tiles, and the size its art is drawn at. A deck sheet is an
    image without transparency, so a domino's rounded corners drawn into it showed white: rounded
    dominoes are TTS's own rounded cards instead, their art square to the card's edge. (A triangle
    stands on a rectangular card either way; its art keeps its corners.)"""
    if tile_set.shape == "domino" and size.corner_radius > 0:
        return CARD_TYPE_ROUNDED, replace(size, corner_radius=0.0)
    return CARD_TYPE_RECTANGLE, size


def write_deck_images(options, set_name: str, report) -> None:
    """One set's deck sheets (faces, and backs where they differ) and, where they are alike, its back."""
    tile_set, theme = load_set(set_name), theme_for(options)
    size = _card(tile_set, options.tile_size)[1]
    folder = options.out / TTS_FOLDER
    alike = backs_alike(tile_set, theme, size)
    for sheet in deck_sheets(tile_set, size):
        dpi = sheet.slots.dpi
        hidden = _picture(tile_back(sheet.tiles[0], tile_set, theme, size))
        faces = [_picture(tile_front(t, tile_set, theme, size)) for t in sheet.tiles]
        target = folder / sheet.face_name()
        report.add(target, write_png(grid_drawing(faces, sheet.grid, sheet.slots, fill=hidden), target, dpi))
        if not alike:
            backs = [_picture(tile_back(t, tile_set, theme, size)) for t in sheet.tiles]
            target = folder / sheet.back_name(False)
            report.add(target, write_png(grid_drawing(backs, sheet.grid, sheet.slots, fill=hidden), target, dpi))
        elif sheet.number == 1:
            target = folder / sheet.back_name(True)
            report.add(target, write_png(hidden, target, dpi))


def write_board_image(options, report) -> None:
    """The board at 4096 pixels on its long side, and a small copy as the saved object's thumbnail."""
    board = board_drawing(board_geometry(options), theme_for(options))
    dpi = BOARD_PIXELS / max(board.width, board.height) * 25.4
    target = options.out / TTS_FOLDER / "board.png"
    report.add(target, write_png(board, target, dpi))
    thumbnail = options.out / TTS_FOLDER / f"{SAVED_OBJECT}.png"
    report.add(thumbnail, write_png(board, thumbnail, THUMBNAIL_PIXELS / max(board.width, board.height) * 25.4))


def image_url(path: Path, base_url: str | None) -> str:
    """file:///… of the image, or base_url + its name for images uploaded to the web."""
    if base_url:
        return base_url.rstrip("/") + "/" + quote(path.name)
    return path.resolve().as_uri()


def _transform(x: float, z: float, scale_x: float = 1.0, flipped: bool = False) -> dict:
    return {"posX": round(x, 3), "posY": 1.0, "posZ": round(z, 3), "rotX": 0.0, "rotY": 180.0,
            "rotZ": 180.0 if flipped else 0.0, "scaleX": round(scale_x, 4), "scaleY": 1.0, "scaleZ": 1.0}


def _object(name: str, nickname: str, transform: dict, **fields) -> dict:
    return {"GUID": "", "Name": name, "Transform": transform, "Nickname": nickname, "Description": "",
            "ColorDiffuse": {"r": 1.0, "g": 1.0, "b": 1.0}, "Locked": False, "Grid": True, "Snap": True,
            "Autoraise": True, "Sticky": True, "Tooltip": True, **fields}


def deck_object(options, set_name: str, deck_number: int, x: float, base_url: str | None) -> tuple[dict, int]:
    """One set as a TTS DeckCustom, face down; returns it and the next free deck number."""
    tile_set, theme = load_set(set_name), theme_for(options)
    card_type, size = _card(tile_set, options.tile_size)
    folder = options.out / TTS_FOLDER
    alike = backs_alike(tile_set, theme, size)
    width, height = frame(tile_set.shape, size)
    scale_x = (width / height) / CARD_MESH_RATIO                # TTS stretches a card to its mesh: undo it
    custom, ids, cards = {}, [], []
    for sheet in deck_sheets(tile_set, size):
        custom[str(deck_number)] = {
            "FaceURL": image_url(folder / sheet.face_name(), base_url),
            "BackURL": image_url(folder / sheet.back_name(alike), base_url),
            "NumWidth": sheet.grid.columns, "NumHeight": sheet.grid.rows,
            "BackIsHidden": True, "UniqueBack": not alike, "Type": card_type}
        for index, tile in enumerate(sheet.tiles):
            card_id = deck_number * 100 + index
            ids.append(card_id)
            cards.append(_object("Card", tile.id, _transform(x, 0.0, scale_x, flipped=True), CardID=card_id,
                                 SidewaysCard=False, Hands=True,
                                 CustomDeck={str(deck_number): custom[str(deck_number)]}))
        deck_number += 1
    deck = _object("DeckCustom", f"{tile_set.name} ({len(tile_set.tiles)} tiles)",
                   _transform(x, 0.0, scale_x, flipped=True), SidewaysCard=False, Hands=False,
                   DeckIDs=ids, CustomDeck=custom, ContainedObjects=cards)
    return deck, deck_number


def saved_object(options, base_url: str | None = None) -> dict:
    """The saved object: the board and, beside it, one deck per set."""
    board = _object("Custom_Board", "Open Domino board", _transform(0.0, 0.0),
                    CustomImage={"ImageURL": image_url(options.out / TTS_FOLDER / "board.png", base_url),
                                 "ImageSecondaryURL": "", "WidthScale": 0.0})
    board["Locked"] = True
    states, deck_number = [board], 1
    for index, set_name in enumerate(options.sets):
        deck, deck_number = deck_object(options, set_name, deck_number, -12.0 - index * SPACING, base_url)
        states.append(deck)
    for number, state in enumerate(states):            # stable, unique six-hex-digit ids
        state["GUID"] = f"{0xd0d000 + number:06x}"
        for card_number, card in enumerate(state.get("ContainedObjects", [])):
            card["GUID"] = f"{(0xc00000 + number * 0x1000 + card_number):06x}"
    return {"SaveName": SAVED_OBJECT, "GameMode": "", "Gravity": 0.5, "PlayArea": 0.5, "Date": "", "Table": "",
            "Sky": "", "Note": "", "Rules": "", "XmlUI": "", "LuaScript": "", "LuaScriptState": "",
            "ObjectStates": states, "TabStates": {}, "VersionNumber": ""}


def write_saved_object(options, report, base_url: str | None = None) -> None:
    folder = options.out / TTS_FOLDER
    target = folder / f"{SAVED_OBJECT}.json"
    data = saved_object(options, base_url)
    write_bytes(target, (json.dumps(data, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))
    report.add(target, {"objects": len(data["ObjectStates"])})
    readme = folder / "README.txt"
    text = load_toml(template_path("tabletop_texts.toml"))[options.lang]["readme"].format(
        name=SAVED_OBJECT, sets=", ".join(options.sets))
    write_bytes(readme, text.encode("utf-8"))
    report.add(readme, {})


# --- the atlas -----------------------------------------------------------------------------------

ATLAS_MAX_PIXELS = 16384       # a side: the largest texture a desktop graphics card (and WebGL there) takes


def atlas_layout(tile_set: TileSet, size, dpi: float, pictures: int) -> tuple[Grid, Slots]:
    """The atlas's grid for `pictures` cells of the set's tile, and its slots at about `dpi`."""
    cell = frame(tile_set.shape, size)
    return atlas_grid(pictures, cell), slots_of(cell, round(cell[0] / 25.4 * dpi))


def check_atlas(options, set_name: str, dpi: float) -> None:
    """An atlas no graphics card takes is refused before anything is drawn, with the --dpi that fits."""
    tile_set, theme, size = load_set(set_name), theme_for(options), options.tile_size
    pictures = len(tile_set.tiles) + len({_back_key(t, tile_set, theme, size) for t in tile_set.tiles})

    def side(at: float) -> int:
        grid, slots = atlas_layout(tile_set, size, at, pictures)
        return max(grid.columns * slots.pixels[0], grid.rows * slots.pixels[1])

    if side(dpi) > ATLAS_MAX_PIXELS:
        fits = int(dpi * ATLAS_MAX_PIXELS / side(dpi))
        while fits > 1 and side(fits) > ATLAS_MAX_PIXELS:
            fits -= 1
        raise UserError(_("--dpi {dpi:g}: the atlas of {name} would be {pixels} pixels on its long side, more than "
                          "the {most} a graphics card takes; use --dpi {fits} or less").format(
            dpi=dpi, name=set_name, pixels=side(dpi), most=ATLAS_MAX_PIXELS, fits=fits))


def write_atlas(options, set_name: str, report, dpi: float) -> None:
    """atlas/NAME.png (faces, then each distinct back) and atlas/NAME.json (the index)."""
    tile_set, theme, size = load_set(set_name), theme_for(options), options.tile_size
    faces = [_picture(tile_front(t, tile_set, theme, size)) for t in tile_set.tiles]
    back_of, backs = {}, []
    for tile in tile_set.tiles:
        key = _back_key(tile, tile_set, theme, size)
        if key not in back_of:
            back_of[key] = len(faces) + len(backs)
            backs.append(_picture(tile_back(tile, tile_set, theme, size)))
    grid, slots = atlas_layout(tile_set, size, dpi, len(faces) + len(backs))
    (cell_w, cell_h), exact_dpi = slots.pixels, slots.dpi
    image = options.out / ATLAS_FOLDER / f"{set_name}.png"
    report.add(image, write_png(grid_drawing(faces + backs, grid, slots), image, exact_dpi))

    def box(index: int) -> list[int]:
        row, column = divmod(index, grid.columns)
        return [column * cell_w, row * cell_h, cell_w, cell_h]

    tiles = {}
    for index, tile in enumerate(tile_set.tiles):
        tiles[tile.id] = {"front": box(index), "back": box(back_of[_back_key(tile, tile_set, theme, size)]),
                          "set": tile.set_name, "group": tile.group}
        tiles[tile.id].update({"corners": list(tile.corners)} if tile.corners else {"head": tile.head, "tail": tile.tail})
    index_data = {"image": image.name, "pixels": [grid.columns * cell_w, grid.rows * cell_h],
                  "cell": [cell_w, cell_h], "dpi": round(exact_dpi, 2), "tiles": tiles}
    target = image.with_suffix(".json")
    write_bytes(target, (json.dumps(index_data, indent=1) + "\n").encode("utf-8"))
    report.add(target, {"tiles": len(tiles)})
