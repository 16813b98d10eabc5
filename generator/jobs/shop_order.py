"""ORDER.txt: the print order to send a print shop with the files, one paragraph per piece.

A shop quotes and prints from a job's specification: the trim size, the pages and which side each
is on, the paper, and how the sheets are finished (cut, die-cut, stapled). PDF files carry some of
this (the TrimBox, a viewer's duplex setting) where a press operator seldom looks, so the kit says
it in words. Every figure comes from the descriptions the PDF/X step read off the written files
(generator/writers/pdfx.py): the trim box, the page count, the duplex turn, the die line's spot
colours. The order covers the shop files of this command and those an earlier command left in the
folder (its manifest's entries), so a kit and its box built into one folder share one order.
"""

from fnmatch import fnmatch
from pathlib import Path

from generator.colour.output_conditions import output_conditions
from generator.files.atomic import write_bytes
from generator.files.manifest import written_in
from generator.words import _, ngettext, speaking

ORDER_FILE = "ORDER.txt"


def _size(values) -> str:
    return _("{width:g} x {height:g} mm").format(width=values[0], height=values[1])


def _pages(count: int) -> str:
    return ngettext("{count} page", "{count} pages", count).format(count=count)


def _language(code: str) -> str:
    return {"en": _("in English"), "ru": _("in Russian")}.get(code, code)


def _finish_cut(entry: dict) -> str:
    names = entry.get("spot_colours", [])
    if "Crease" in names:
        return _("Finishing: die-cut along the die line (spot colour CutContour), crease along the folds (spot "
                 "colour Crease); both overprint and print no ink. Then fold and glue.")
    if "CutContour" in names:
        return _("Finishing: die-cut every piece along the die line, the spot colour CutContour (it overprints "
                 "and prints no ink).")
    if entry.get("crop_marks"):
        return _("Finishing: cut along the crop marks.")
    return _("Finishing: cut every piece to its trim (the file has no crop marks; its TrimBox says where).")


def _sides(entry: dict) -> str:
    count = entry["pages"]
    if entry.get("duplex") == "long":
        return _("{pages}, printed on both sides: each even page is the back of the page before it. Turn the "
                 "sheet over on its long edge: the backs are laid out mirrored for that turn, so print them as they "
                 "are.").format(pages=_pages(count))
    if entry.get("duplex") == "short":
        return _("{pages}, printed on both sides: each even page is the back of the page before it. Turn the "
                 "sheet over on its short edge: the backs are laid out mirrored for that turn, so print them as they "
                 "are.").format(pages=_pages(count))
    return _("{pages}, printed on one side.").format(pages=_pages(count))


def _piece(title: str, entry: dict, lines: list[str]) -> list[str]:
    return [f"{entry['file']}: {title}", "  " + _trim(entry), *("  " + line for line in lines), ""]


def _trim(entry: dict) -> str:
    sizes, bleed = entry["trim_size_mm"], entry["bleed_mm"]
    if isinstance(sizes[0], list):          # pages of different sizes: each page's
        sizes = "; ".join(_("page {number}: {size}").format(number=number, size=_size(size))
                          for number, size in enumerate(sizes, start=1))
        if not bleed:
            return _("Trim sizes: {sizes}, without bleed.").format(sizes=sizes)
        return _("Trim sizes: {sizes}, with {bleed:g} mm of bleed on every side.").format(sizes=sizes, bleed=bleed)
    if not bleed:
        return _("Trim size: {size}, without bleed.").format(size=_size(sizes))
    return _("Trim size: {size}, with {bleed:g} mm of bleed on every side.").format(size=_size(sizes), bleed=bleed)


def _pieces(pieces: dict) -> str:
    """How many tiles of what size each sheet holds: what a shop counts its cuts by."""
    total, sheets = sum(pieces["per_sheet"]), pieces["per_sheet"]
    if pieces["shape"] == "triangle":
        what = ngettext("{count} triangle with sides of {side:g} mm", "{count} triangles with sides of {side:g} mm",
                        total).format(count=total, side=pieces["size_mm"][0])
    else:
        what = ngettext("{count} tile of {size}", "{count} tiles of {size}", total).format(
            count=total, size=_size(pieces["size_mm"]))
    if len(sheets) == 1:
        return _("Pieces: {what}, on one sheet.").format(what=what)
    per_sheet = "; ".join(_("sheet {number}: {count}").format(number=number, count=count)
                          for number, count in enumerate(sheets, start=1))
    return _("Pieces: {what}; {per_sheet}.").format(what=what, per_sheet=per_sheet)


def _tiles(entry: dict) -> list[str]:
    name = Path(entry["file"]).stem.removeprefix("shop-tiles-")
    if name.endswith("-single"):
        title = _("the tiles of set {name}, a page per face").format(name=name.removesuffix("-single"))
        sides = _("{pages}, printed on both sides: each even page is the back of the tile on the page before "
                  "it.").format(pages=_pages(entry["pages"]))
    else:
        title = _("the tiles of set {name} on gang sheets, fronts then backs").format(name=name)
        sides = _sides(entry)
    finishing = _finish_cut(entry)
    gang_cut = not name.endswith("-single") and not entry.get("spot_colours") and entry["bleed_mm"] > 0
    # On a gang sheet the tiles' bleeds meet: twice the bleed between two tiles, cut at both edges.
    if gang_cut and entry.get("crop_marks"):
        finishing = _("Finishing: cut along the crop marks, at both edges of the {gutter:g} mm gutters between the "
                      "tiles (a double cut).").format(gutter=2 * entry["bleed_mm"])
    elif gang_cut:
        # The trim is the grid's outer edge.
        finishing = _("Finishing: trim the sheet, then cut each tile out at both edges of the {gutter:g} mm "
                      "gutters between the tiles (a double cut; the file has no crop marks).").format(
            gutter=2 * entry["bleed_mm"])
    if entry.get("pieces"):
        sides = f"{sides}\n  {_pieces(entry['pieces'])}"
    # Fronts and backs share the sheet: board mounted after printing would hide the backs.
    return _piece(title, entry, [sides, _("Suggested paper: card of 300-350 g/m²; for thicker tiles, a heavier board "
                                          "that the press prints on both sides, not card mounted on board after "
                                          "printing (the board would cover the backs)."), finishing])


def _board(entry: dict) -> list[str]:
    return _piece(_("the board"), entry, [_sides(entry), _("Suggested paper: card of 300-350 g/m², or mounted on 1.5-2 mm "
                                                           "board so that it lies flat."), _finish_cut(entry)])


def _tokens(entry: dict) -> list[str]:
    return _piece(_("the Mexican Train hub and train markers"), entry,
                  [_sides(entry), _("Suggested paper: card of 300-350 g/m²."), _finish_cut(entry)])


def _box(entry: dict) -> list[str]:
    name = Path(entry["file"]).stem.removeprefix("shop-box-")
    return _piece(_("the folding box {name}, a page per piece").format(name=name), entry,
                  [_sides(entry), _("Suggested paper: folding board or card of 300-350 g/m²."), _finish_cut(entry)])


def _booklet(interior: dict, cover: dict) -> list[str]:
    stem = Path(interior["file"]).stem.removeprefix("shop-rules-").removesuffix("-interior")
    book, _dash, lang = stem.rpartition("-")
    language = _language(lang)
    title = (_("the rule booklet of Open Domino, {language}") if not book else
             _("the booklet of classic domino games, {language}")).format(language=language)
    lines = [f"{interior['file']}, {cover['file']}: {title}",
             "  " + _trim(interior),
             "  " + _("Interior: {pages} in reading order. Cover: {cover}, in order the outside front, inside "
                      "front, inside back and outside back.").format(pages=_pages(interior["pages"]),
                                                                     cover=_pages(cover["pages"])),
             "  " + _("Suggested paper: interior 90-120 g/m²; cover card of 200-250 g/m²."),
             "  " + _("Finishing: saddle-stitched with two staples, the cover around the interior."), ""]
    return lines


def _paper_kind(shop: list[dict]) -> str:
    """The line on the kind of paper: the one every file's print condition was measured on, where the
    registry says it (templates/output_conditions.toml), else the profile's own."""
    conditions = output_conditions()
    papers = {conditions.get(entry["output_intent"], {}).get("paper") for entry in shop}
    if papers == {"coated"}:
        return _("Paper: coated, as the print condition assumes; the weights below are suggestions.")
    return _("Paper: the kind the embedded profile was made for; the weights below are suggestions.")


KINDS = (("shop-tiles-*.pdf", _tiles), ("shop-board.pdf", _board), ("shop-tokens-*.pdf", _tokens),
         ("shop-box-*.pdf", _box))


def order_text(entries: list[dict], lang: str) -> str:
    """The order for the shop files among `entries` (manifest entries: "file" and the PDF/X step's
    description), in `lang`; "" when there is none."""
    shop = sorted((e for e in entries if "trim_size_mm" in e), key=lambda e: e["file"])
    if not shop:
        return ""
    by_name = {entry["file"]: entry for entry in shop}
    with speaking(lang):
        intents = sorted({f"{e['output_intent']} ({e['output_profile']})" if e.get("output_profile")
                          else e["output_intent"] for e in shop})
        lines = [_("Print order for the files of this folder (made by opendomino)"), "",
                 _("Every file: PDF/X-1a, CMYK for {intent}, the profile embedded as its output intent. Print at "
                   "100 %, not scaled to fit.").format(intent=", ".join(intents)), _paper_kind(shop), ""]
        for entry in shop:
            name = entry["file"]
            if fnmatch(name, "shop-rules-*-interior.pdf"):
                cover = by_name.get(name.replace("-interior.pdf", "-cover.pdf"))
                if cover is not None:
                    lines += _booklet(entry, cover)
                continue
            for pattern, describe in KINDS:
                if fnmatch(name, pattern):
                    lines += describe(entry)
                    break
    return "\n".join(lines).rstrip("\n") + "\n"


def write_shop_order(out: Path, report, previous: list[dict], lang: str) -> None:
    """ORDER.txt in `out` for the shop files `report` wrote and those `previous` (the folder's manifest
    before this command) lists that are still there; nothing when there are none."""
    written = written_in(out, report)
    entries = [{"file": name, **described} for name, described in written.items()]
    entries += [entry for entry in previous if entry.get("file") not in written and (Path(out) / entry["file"]).exists()]
    text = order_text(entries, lang)
    if text:
        target = Path(out) / ORDER_FILE
        write_bytes(target, text.encode("utf-8"))
        report.add(target, {})
