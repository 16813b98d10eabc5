"""`opendomino build --target shop --product NAME|FILE`: the images a print-on-demand service's upload
form takes, one PNG per face at the product's exact pixel size, and the steps of the upload.

    tgc-domino-deck/A1/01-A1-13.png … 16-A1-26.png, A1/back.png      upload "deck": a deck per distinct
    tgc-domino-deck/A2/…                                             back, its faces numbered, one back
    mpc-domino-cards/A/01-A1-13.png … 32-A2-62.png, back-A1.png,     upload "slots": a folder per set, the
    back-A2.png (back.png where a set's backs are alike)             numbers are the slots
    PRODUCT/UPLOAD.txt                                               which file goes where, and the steps

Faces are numbered in the set's order (Open Domino's sets: the magic layout, group 1 first), padded
with zeros so that sorting by name keeps that order. The pictures come from generator/imposition/
product_images.py; the work is split into jobs that run on two processes (generator.jobs.build).
"""

from pathlib import Path
from typing import Callable

from msgspec import Struct

from generator.art.tile import tile_back
from generator.colour.effective_theme import theme_for
from generator.errors import UserError
from generator.files.atomic import write_bytes
from generator.imposition.product_images import Fit, face_picture, fit_note, image_frame, set_fit
from generator.jobs.build import makes, run_in_folders
from generator.model.set_loader import load_set
from generator.settings.build_options import BuildOptions, BuildReport
from generator.settings.products import SUITS, Product, bundled_product_names, load_product
from generator.words import _, speaking
from generator.writers.png import write_png

FACES_PER_JOB = 12
STEPS_FILE = "UPLOAD.txt"


class Upload(Struct, frozen=True):
    """One deck (or one set's slots) to upload: a folder of numbered faces and its backs."""
    folder: str
    fronts: tuple[tuple[str, str], ...]                 # (file name, tile id), in upload order
    backs: tuple[tuple[str, str, tuple[int, ...]], ...]  # (file name, id of a tile with that back, its slots)


def check_product_suits(options: BuildOptions) -> Product:
    """The product of options.product, if every set of the build has tiles of its shape; else one line
    naming the products that suit."""
    product = load_product(options.product)
    for name in options.sets:
        shape = load_set(name).shape
        if shape != product.tile_shape:
            suits = [other for other in bundled_product_names() if load_product(other).tile_shape == shape]
            choose = (_("one of {products}").format(products=", ".join(suits)) if len(suits) > 1
                      else suits[0] if suits else _("a product file of its shape"))
            raise UserError(_("--product {name} takes {suits}, not set {set_name}; "
                              "for {set_name} use {choose}").format(
                name=product.name, suits=_(SUITS[product.tile_shape]), set_name=name, choose=choose))
    return product


def _backs_by_look(tile_set, theme, size) -> list[list]:
    """The set's tiles grouped by the back they show, in the set's order."""
    groups: dict[str, list] = {}
    for tile in tile_set.tiles:
        groups.setdefault(repr(tile_back(tile, tile_set, theme, size).items), []).append(tile)
    return list(groups.values())


def _label(tile_set, tiles) -> str:
    """A deck's name: the set's, or its group's (A1) where the deck is one group of it."""
    groups = {tile.group for tile in tiles}
    return f"{tile_set.name}{groups.pop()}" if len(groups) == 1 and None not in groups and \
        len(tiles) < len(tile_set.tiles) else tile_set.name


def _numbered(tiles) -> tuple[tuple[str, str], ...]:
    width = max(2, len(str(len(tiles))))
    return tuple((f"{number:0{width}d}-{tile.id}.png", tile.id) for number, tile in enumerate(tiles, start=1))


def uploads(product: Product, tile_set, theme, size) -> list[Upload]:
    """How one set goes to the service: decks of one back each, or one folder of slots."""
    looks = _backs_by_look(tile_set, theme, size)
    if product.upload == "deck":
        return [Upload(_label(tile_set, tiles), _numbered(tiles), (("back.png", tiles[0].id, ()),)) for tiles in looks]
    slot_of = {tile.id: number for number, tile in enumerate(tile_set.tiles, start=1)}
    backs = tuple(("back.png" if len(looks) == 1 else f"back-{_label(tile_set, tiles)}.png", tiles[0].id,
                   tuple(slot_of[tile.id] for tile in tiles)) for tiles in looks)
    return [Upload(tile_set.name, _numbered(tile_set.tiles), backs)]


def product_folder(options: BuildOptions, product: Product) -> Path:
    return options.out / product.name


@makes(lambda options, set_name, scale, faces: _("the {count} product images from {first}").format(
    count=len(faces), first=faces[0][0]))
def write_faces(options: BuildOptions, report: BuildReport, set_name: str, scale: tuple[float, float],
                faces: tuple[tuple[str, str, str], ...]) -> None:
    """One job: some faces of one set, each (relative path, tile id, "front" or "back"), as PNG files."""
    product, tile_set, theme = load_product(options.product), load_set(set_name), theme_for(options)
    image = image_frame(product.pixels, product.dpi, product.shape, product.trim, product.safe_inset)
    fit = Fit(*scale)
    tiles = {tile.id: tile for tile in tile_set.tiles}
    for relative, tile_id, side in faces:
        target = product_folder(options, product) / relative
        picture = face_picture(image, fit, tiles[tile_id], tile_set, theme, options.tile_size, side)
        report.add(target, write_png(picture, target, product.dpi))


@makes(lambda options, text, note: STEPS_FILE)
def write_steps(options: BuildOptions, report: BuildReport, text: str, note: str) -> None:
    """UPLOAD.txt, and the note on how the tiles were fitted, said in the messages' language."""
    target = product_folder(options, load_product(options.product)) / STEPS_FILE
    write_bytes(target, text.encode("utf-8"))
    report.add(target, {})
    report.notes.append(note)


def steps_text(product: Product, plans: dict[str, list[Upload]], note: str) -> str:
    """UPLOAD.txt: the product, which file goes where, the steps."""
    pixels = f"{product.pixels[0]} x {product.pixels[1]} px"
    trim = f"{product.in_unit(product.trim[0])} x {product.in_unit(product.trim[1])} {product.unit}"
    lines = [_("Open Domino Kit for {service}, {product}").format(service=product.service, product=product.title),
             _("Every image: {pixels} {format} at {dpi:g} dpi, {colour_space}; trim {trim}, bleed and safe area "
               "as in {file}.").format(pixels=pixels, format=product.format.upper(), dpi=product.dpi,
                                       colour_space=product.colour_space, trim=trim, file=product.path.name),
             note, ""]
    one = (_("{folder}/  one deck: {count} faces, {first} to {last}") if product.upload == "deck" else
           _("{folder}/  one order: {count} faces, {first} to {last}"))
    for set_name, set_uploads in plans.items():
        for upload in set_uploads:
            fronts = upload.fronts
            lines.append(one.format(folder=upload.folder, count=len(fronts), first=fronts[0][0], last=fronts[-1][0]))
            for back, _tile, slots in upload.backs:
                where = _(" for slots {slots}").format(slots=_ranges(slots)) if slots and len(upload.backs) > 1 else ""
                lines.append(_("    back: {file}{where}").format(file=f"{upload.folder}/{back}", where=where))
    lines += ["", _("Steps:")]
    lines += [f"{number}. {step}" for number, step in enumerate(product.upload_steps, start=1)]
    return "\n".join(lines) + "\n"


def _ranges(numbers) -> str:
    """(1, 2, 3, 7) -> "1-3, 7"."""
    runs: list[list[int]] = []
    for number in sorted(numbers):
        if runs and number == runs[-1][-1] + 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    return ", ".join(f"{run[0]}-{run[-1]}" if len(run) > 1 else str(run[0]) for run in runs)


def product_jobs(options: BuildOptions) -> list:
    """The images split into jobs of a few faces each, then the upload steps (with the build's note)."""
    product = check_product_suits(options)
    theme, size = theme_for(options), options.tile_size
    image = image_frame(product.pixels, product.dpi, product.shape, product.trim, product.safe_inset)
    jobs, plans, fits = [], {}, {}
    for name in options.sets:
        tile_set = load_set(name)
        fit = fits[name] = set_fit(image, tile_set, theme, size)
        plans[name] = uploads(product, tile_set, theme, size)
        faces = [(f"{upload.folder}/{file}", tile_id, "front") for upload in plans[name] for file, tile_id in
                 upload.fronts]
        faces += [(f"{upload.folder}/{file}", tile_id, "back") for upload in plans[name] for file, tile_id, _ in
                  upload.backs]
        jobs += [(write_faces, options, (name, (fit.scale, fit.trim_scale), tuple(faces[i:i + FACES_PER_JOB])))
                 for i in range(0, len(faces), FACES_PER_JOB)]
    def note() -> str:
        return fit_note(product.name, product.trim, product.shape, size, fits)

    with speaking(options.lang):            # UPLOAD.txt is a file: it follows --lang, as the sheets do
        text = steps_text(product, plans, note())
    jobs.append((write_steps, options, (text, note())))      # the note on the terminal: the messages' language
    return jobs


def run_products(options: BuildOptions, jobs: list, job_done: Callable[[int], None] = lambda n: None) -> BuildReport:
    """Run the jobs, calling job_done(1) after each; the files written, in job order."""
    root = product_folder(options, load_product(options.product))
    folders = [root] + sorted({root / Path(face[0]).parent for job in jobs if job[0] is write_faces
                               for face in job[2][2]})
    return run_in_folders(options.out, folders, jobs, job_done)
