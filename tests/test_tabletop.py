"""Files for digital tables: Tabletop Simulator's saved object and deck sheets, and sprite atlases."""

import json
from pathlib import Path

from conftest import SRGB_PNG, png_colour_chunks, run_cli
from PIL import Image, ImageChops, ImageStat
import pytest

from generator.art.tile import tile_back, tile_front
from generator.colour.theme import load_theme
from generator.imposition.sprite_sheets import deck_grids
from generator.jobs.tabletop import _picture
from generator.model.set_loader import load_set
from generator.scene.sizes import TileSize
from generator.writers.png import render


@pytest.fixture(scope="module")
def tts(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("tts")
    result = run_cli("export", "--format", "tts,atlas", "--sets", "A,double-18", "--dpi", "120", "--out", str(out))
    assert result.returncode == 0 and result.stderr == "", result.stderr
    return out


def saved(out: Path) -> dict:
    return json.loads((out / "tts" / "Open Domino Kit.json").read_text(encoding="utf-8"))


def local(url: str) -> Path:
    assert url.startswith("file:///")
    from urllib.parse import unquote, urlparse
    return Path(unquote(urlparse(url).path))


def mean_difference(a: Image.Image, b: Image.Image) -> float:
    return max(ImageStat.Stat(ImageChops.difference(a.convert("RGB"), b.convert("RGB"))).mean)


def test_deck_grids_keep_the_hidden_slot():
    assert [(g.columns, g.rows) for g in deck_grids(32)] == [(10, 4)]
    assert [(g.columns, g.rows) for g in deck_grids(69)] == [(10, 7)]
    assert [(g.columns, g.rows) for g in deck_grids(70)] == [(10, 7), (2, 1)]
    assert [(g.columns, g.rows) for g in deck_grids(190)] == [(10, 7), (10, 7), (10, 6)]
    assert all(g.slots - 1 >= 1 for g in deck_grids(5))


def test_the_saved_object_holds_the_board_and_a_deck_per_set(tts):
    data = saved(tts)
    assert {"SaveName", "ObjectStates"} <= set(data)
    board, *decks = data["ObjectStates"]
    assert board["Name"] == "Custom_Board" and local(board["CustomImage"]["ImageURL"]).is_file()
    with Image.open(local(board["CustomImage"]["ImageURL"])) as image:
        assert max(image.size) == 4096 and image.mode == "RGB"
    assert [d["Name"] for d in decks] == ["DeckCustom", "DeckCustom"]
    guids = [s["GUID"] for s in data["ObjectStates"]] + [c["GUID"] for d in decks for c in d["ContainedObjects"]]
    assert len(set(guids)) == len(guids) and all(len(g) == 6 for g in guids)
    for deck, name in zip(decks, ["A", "double-18"]):
        tiles = load_set(name).tiles
        assert [card["Nickname"] for card in deck["ContainedObjects"]] == [t.id for t in tiles]
        assert [card["CardID"] for card in deck["ContainedObjects"]] == deck["DeckIDs"]
        for card_id in deck["DeckIDs"]:
            entry = deck["CustomDeck"][str(card_id // 100)]
            assert card_id % 100 < entry["NumWidth"] * entry["NumHeight"] - 1      # never the hidden slot


@pytest.mark.parametrize("index, name, unique", [(1, "A", True), (2, "double-18", False)])
def test_every_sheet_fits_tts_and_its_last_cell_is_the_back(tts, index, name, unique):
    deck = saved(tts)["ObjectStates"][index]
    tile_set, theme, size = load_set(name), load_theme(), TileSize()
    for key, entry in deck["CustomDeck"].items():
        assert 1 <= entry["NumWidth"] <= 10 and 1 <= entry["NumHeight"] <= 7
        assert entry["UniqueBack"] is unique and entry["BackIsHidden"] is True
        face = Image.open(local(entry["FaceURL"]))
        assert face.mode == "RGB" and max(face.size) <= 4096
        cell_w, cell_h = face.width // entry["NumWidth"], face.height // entry["NumHeight"]
        assert (cell_w * entry["NumWidth"], cell_h * entry["NumHeight"]) == face.size
        assert abs(cell_h / cell_w - 2) < 0.01                       # the tiles' 1 : 2 shape
        last = face.crop((face.width - cell_w, face.height - cell_h, face.width, face.height))
        back_picture = render(_picture(tile_back(tile_set.tiles[0], tile_set, theme, size)), cell_w / 22 * 25.4)
        assert mean_difference(last, back_picture) < 1.0, "the hidden card is the back"
        with Image.open(local(entry["BackURL"])) as back:
            assert back.size == (face.size if unique else (cell_w, cell_h))
        first_card = min(i for i in deck["DeckIDs"] if i // 100 == int(key))
        tile = tile_set.tiles[deck["DeckIDs"].index(first_card)]
        first = face.crop((0, 0, cell_w, cell_h))
        assert mean_difference(first, render(_picture(tile_front(tile, tile_set, theme, size)),
                                             cell_w / 22 * 25.4)) < 1.0
    assert len(deck["CustomDeck"]) == len(deck_grids(len(tile_set.tiles)))


def test_rounded_dominoes_are_tts_rounded_cards_without_white_corners(tmp_path, tts):
    """A deck sheet cannot be transparent, so rounded corners drawn into it showed the page's white
    at every card's corners. Rounded dominoes are TTS's rounded cards (Type 0); the corners of each
    card's picture are the tile's own colour. Sharp tiles stay plain rectangles (Type 1)."""
    result = run_cli("export", "--format", "tts", "--sets", "A,triominoes", "--corner-radius", "3", "--dpi", "60",
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    dominoes, triangles = saved(tmp_path)["ObjectStates"][1:]
    assert {entry["Type"] for entry in dominoes["CustomDeck"].values()} == {0}
    assert {entry["Type"] for entry in triangles["CustomDeck"].values()} == {1}
    assert {entry["Type"] for entry in saved(tts)["ObjectStates"][1]["CustomDeck"].values()} == {1}
    entry = dominoes["CustomDeck"]["1"]
    with Image.open(local(entry["FaceURL"])) as face:
        cell_w, cell_h = face.width // entry["NumWidth"], face.height // entry["NumHeight"]
        for column in range(entry["NumWidth"]):
            for x, y in ((1, 1), (cell_w - 2, 1), (1, cell_h - 2), (cell_w - 2, cell_h - 2)):
                corner = face.getpixel((column * cell_w + x, y))
                middle = face.getpixel((column * cell_w + cell_w // 2, y))       # the same edge's middle
                assert corner != (255, 255, 255) and max(map(abs, (a - b for a, b in zip(corner, middle)))) < 8, \
                    (column, corner, middle)


def test_base_url_for_uploaded_images(tmp_path):
    result = run_cli("export", "--format", "tts", "--sets", "C", "--base-url", "https://example.org/dom/",
                     "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    text = (tmp_path / "tts" / "Open Domino Kit.json").read_text()
    urls = [u for u in json.loads(text)["ObjectStates"][1]["CustomDeck"]["1"].values() if isinstance(u, str)]
    assert urls == ["https://example.org/dom/C-faces-1.png", "https://example.org/dom/C-backs-1.png"]
    assert "file://" not in text
    readme = (tmp_path / "tts" / "README.txt").read_text()
    assert "Saved Objects" in readme and "--base-url" in readme
    bad = run_cli("export", "--format", "tts", "--base-url", "ftp://x y", "--out", str(tmp_path))
    assert bad.returncode == 2 and bad.stderr.count("\n") == 1 and "--base-url" in bad.stderr
    bad = run_cli("export", "--format", "pdf", "--out", str(tmp_path))
    assert bad.returncode == 2 and "unknown format 'pdf'" in bad.stderr


def test_the_atlas_and_its_index(tts):
    for name, distinct_backs in (("A", 2), ("double-18", 1)):
        index = json.loads((tts / "atlas" / f"{name}.json").read_text())
        image = Image.open(tts / "atlas" / index["image"])
        assert list(image.size) == index["pixels"]
        tile_set, theme = load_set(name), load_theme()
        assert list(index["tiles"]) == [t.id for t in tile_set.tiles]
        assert len({tuple(entry["back"]) for entry in index["tiles"].values()}) == distinct_backs
        boxes = [tuple(entry["front"]) for entry in index["tiles"].values()]
        assert len(set(boxes)) == len(boxes)
        # near square, as a texture is best kept: its sides differ by less than a tile's longer side
        assert abs(image.width - image.height) < max(max(w, h) for *_, w, h in boxes), image.size
        for tile in tile_set.tiles[:: max(1, len(tile_set.tiles) // 6)]:
            entry = index["tiles"][tile.id]
            assert (entry["set"], entry["group"], entry["head"], entry["tail"]) == (name, tile.group, tile.head, tile.tail)
            x, y, w, h = entry["front"]
            assert x + w <= image.width and y + h <= image.height
            crop = image.crop((x, y, x + w, y + h))
            assert mean_difference(crop, render(_picture(tile_front(tile, tile_set, theme, TileSize())),
                                                index["dpi"])) < 1.0


@pytest.mark.parametrize("name, dpi, size", [("double-12", 100, []), ("A", 150, ["--tile-size", "standard"])])
def test_every_atlas_box_is_its_tile_in_every_row(tmp_path, name, dpi, size):
    """At 100 dpi a 44 mm tile is 173.2 pixels tall: boxes counted in whole pixels a row drifted a
    pixel a row from the tiles as drawn, and the last rows' boxes cut the tile above. The index's
    size is the image's, and the last tile's box holds that tile."""
    result = run_cli("export", "--format", "atlas", "--sets", name, "--dpi", str(dpi), *size, "--out", str(tmp_path))
    assert result.returncode == 0, result.stderr
    index = json.loads((tmp_path / "atlas" / f"{name}.json").read_text())
    image = Image.open(tmp_path / "atlas" / index["image"])
    assert list(image.size) == index["pixels"]
    tile_set, theme = load_set(name), load_theme()
    tile_size = TileSize(24, 48) if size else TileSize()
    for tile in (tile_set.tiles[-1], tile_set.tiles[len(tile_set.tiles) // 2]):
        x, y, w, h = index["tiles"][tile.id]["front"]
        assert y + h <= image.height
        drawn = render(_picture(tile_front(tile, tile_set, theme, tile_size)), index["dpi"])
        assert abs(drawn.height - h) <= 1 and drawn.width == w
        crop = image.crop((x, y, x + drawn.width, y + drawn.height))
        assert mean_difference(crop, drawn) < 1.0, tile.id


def test_an_atlas_larger_than_a_graphics_card_takes_is_one_line_naming_the_dpi_that_fits(tmp_path):
    result = run_cli("export", "--format", "atlas", "--sets", "double-18", "--dpi", "1200", "--out", str(tmp_path))
    assert result.returncode == 2
    assert result.stderr.strip() == ("opendomino: error: --dpi 1200: the atlas of double-18 would be 20780 pixels on "
                                     "its long side, more than the 16384 a graphics card takes; use --dpi 946 or "
                                     "less"), result.stderr
    assert not (tmp_path / "atlas").exists()


def test_every_tabletop_and_atlas_image_says_it_is_srgb(tts):
    paths = sorted(tts.rglob("*.png"))
    assert {p.parent.name for p in paths} == {"tts", "atlas"} and len(paths) >= 8
    for path in paths:
        with Image.open(path) as image:
            assert image.info["srgb"] == 1 and "icc_profile" not in image.info, path
        assert png_colour_chunks(path) == SRGB_PNG, path


def test_the_manifest_lists_the_tabletop_files(tts):
    manifest = json.loads((tts / "manifest.json").read_text())
    purposes = {entry["file"]: entry["purpose"] for entry in manifest["files"]}
    assert purposes["tts/Open Domino Kit.json"].startswith("Tabletop Simulator saved object")
    assert purposes["tts/A-faces-1.png"].startswith("Tabletop Simulator deck sheet")
    assert purposes["atlas/double-18.json"].startswith("index of the sprite atlas")
    assert "other file" not in purposes.values()
