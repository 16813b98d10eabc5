"""The opendomino command. Thin: it parses options and calls the library."""

from contextlib import contextmanager
from dataclasses import replace
import functools
import json
from pathlib import Path
import re
import sys
import threading
import time

import click
from click.core import ParameterSource

from generator.atomic import os_problem, prepare_folder, remove_stale_temporaries, write_bytes
from generator.build_options import FORMATS as EXPORT_FORMATS, LAYOUTS, BuildOptions, BuildReport, ExportOptions
from generator.config import (CONFIG_NAME, DEFAULTS, HOME_PAPERS, build_options, find_config, read_config,
                              starter_config)
from generator.entry import Interrupted, check_environment
from generator.errors import UserError, WorkerLost
from generator.manifest import set_aside, verify_folder, write_manifest
from generator.model.set_loader import OPEN_SET_NAMES, known_set_names, load_all_sets, register_set_file
from generator.options import (parse_back_offset, parse_bleed, parse_clearance, parse_number, parse_out,
                               parse_paper, parse_path, parse_set_names, parse_tile_size)
from generator.output_conditions import check_condition
from generator.paths import TEMPORARY_ROOM
from generator.texts import LANGUAGES
from generator.theme import checked_theme_name, load_theme, parse_override, theme_for, theme_names

# Everything that draws or reads PDFs is imported inside the command that needs it: `opendomino
# --help` or `sets A` should not wait for reportlab, pypdf, coloraide or Skia to load.


def _set_verbosity(ctx, param, value):
    """-v and -q work before the command name and after it; the last one given wins."""
    if value:
        root = ctx.find_root()
        root.obj = root.obj or {}
        root.obj["verbosity"] = -1 if param.name == "quiet" else root.obj.get("verbosity", 0) + value
    return value


def verbosity_options(command):
    command = click.option("-q", "--quiet", is_flag=True, expose_value=False, callback=_set_verbosity,
                           help="Say nothing but errors.")(command)
    return click.option("-v", "--verbose", count=True, expose_value=False, callback=_set_verbosity,
                        help="Say more: every file written and the settings used.")(command)


class _Commands(click.Group):
    """Every command takes -v/-q too, so `opendomino build -q` works like `opendomino -q build`."""

    def add_command(self, command, name=None):
        verbosity_options(command)
        super().add_command(command, name)


@click.group(cls=_Commands, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(package_name="opendomino")
@verbosity_options
def cli():
    """Open Domino Kit: print-and-play files for Open Domino (sets A, B and C) and classic dominoes."""


def _verbosity() -> int:
    """-1 quiet, 0 normal, 1+ verbose."""
    context = click.get_current_context(silent=True)
    return (context.find_root().obj or {}).get("verbosity", 0) if context else 0


def _say(message: str, level: int = 0, err: bool = False) -> None:
    if _verbosity() >= level:
        click.echo(message, err=err)


@contextmanager
def _progress(length: int, label: str):
    """A progress bar on stderr for long steps; hidden when quiet or not on a terminal."""
    hidden = _verbosity() < 0 or not sys.stderr.isatty()
    with click.progressbar(length=length, label=label, file=sys.stderr, hidden=hidden) as bar:
        yield bar


# kit_options' click parameters -> (BuildOptions field, parser of what was typed; None keeps it)
_KIT_PARAMETERS = {
    "out": ("out", parse_out),
    "paper": ("paper", parse_paper),
    "tile_size_text": ("tile_size", parse_tile_size),
    "clearance_text": ("clearance", parse_clearance),
    "across_notation": ("across_notation", None),
    "lang": ("lang", None),
    "theme": ("theme", lambda name: checked_theme_name(name, "--theme")),
    "colours": ("colour_overrides", lambda texts: tuple(parse_override(text) for text in texts)),
    "strict": ("strict", None),
    "set_file_texts": ("set_files", lambda texts: tuple(parse_set_file(text) for text in texts)),
}


def parse_set_file(text: str, option: str = "--set-file") -> Path:
    """A set file of the user's own, loaded, checked and made known by its name."""
    path = parse_path(text, option, "my-set.toml")
    if not path.exists():
        raise UserError(f"{option}: {path}: file not found; see the set file format in README.md")
    register_set_file(path)
    return path

# print_options' click parameters, the same way
_PRINT_PARAMETERS = {
    "layout": ("layout", None),
    "back_offset_text": ("back_offset", parse_back_offset),
    "target": ("target", None),
    "bleed_text": ("bleed", parse_bleed),
    "marks": ("marks", None),
    "shop_layout": ("shop_layout", None),
    "output_condition": ("output_condition", lambda name: check_condition(name)),
}


_KIT_OPTION_DECORATORS = {
    "config_path": click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
                                default=None, help=f"Settings file.  [default: ./{CONFIG_NAME} if there is one]"),
    "out": click.option("--out", default=str(DEFAULTS.out), show_default=True, help="Folder to write into."),
    "paper": click.option("--paper", default=DEFAULTS.paper, show_default=True,
                          help="Paper for home printing: a4, letter, a3 or WIDTHxHEIGHT in mm, e.g. 200x280."),
    "tile_size_text": click.option("--tile-size", "tile_size_text", default=str(DEFAULTS.tile_size),
                                   show_default=True, help="Tile size WIDTHxHEIGHT in mm (portrait)."),
    "clearance_text": click.option("--clearance", "clearance_text", default=f"{DEFAULTS.clearance:g}",
                                   show_default=True,
                                   help="Board cells and the Mexican Train hub's slots are this many mm larger "
                                        "than a tile."),
    "across_notation": click.option("--across-notation/--no-across-notation", default=DEFAULTS.across_notation,
                                    show_default=True,
                                    help="Print the small 1-16 / 1-4 notation for play across the board."),
    "lang": click.option("--lang", type=click.Choice(LANGUAGES), default=DEFAULTS.lang, show_default=True,
                         help="Language of the texts printed on sheets."),
    "theme": click.option("--theme", default=DEFAULTS.theme, show_default=True,
                          help="Colour theme: a name that `opendomino themes` lists, or a theme .toml file."),
    "colours": click.option("--colour", "--color", "colours", multiple=True, metavar="KEY=VALUE",
                            help="Change one colour, e.g. A.group1=#c0392b or board.dark=cmyk(0,0,0,40); "
                                 "repeatable."),
    "strict": click.option("--strict/--no-strict", default=DEFAULTS.strict, show_default=True,
                           help="Stop, instead of warn, when a colour check fails."),
    "set_file_texts": click.option("--set-file", "set_file_texts", multiple=True, metavar="FILE.toml",
                                   help="A set of your own (see README); it is made along with --sets. Repeatable."),
}


def kit_options(command=None, *, without: tuple[str, ...] = ()):
    """Options shared by every command that draws tiles or the board.

    Defaults come from BuildOptions; ./opendomino.toml (or --config) overrides them, and
    options given on the command line override the file (generator/config.py).
    `without` leaves out parameters a command defines its own way (e.g. the booklet's --lang).
    """
    if command is None:
        return functools.partial(kit_options, without=without)
    parameters = {p: v for p, v in _KIT_PARAMETERS.items() if p not in without}

    @functools.wraps(command)
    def wrapper(config_path, **values):
        given = {}
        for param, (field_name, parse) in parameters.items():
            value = values.pop(param)
            if _given(param):
                given[field_name] = parse(value) if parse else value
        path = find_config(config_path)
        options = build_options(read_config(path) if path else {}, given)
        from generator.colour_checks import colour_problems
        for problem in colour_problems(theme_for(options)):      # with --strict theme_for raises instead
            _say(f"warning: {problem}", err=True)
        return command(options, **values)

    for name, decorator in reversed(_KIT_OPTION_DECORATORS.items()):
        if name not in without:
            wrapper = decorator(wrapper)
    return wrapper


def print_options(command):
    """How tile sheets are printed: home layouts and back offset, or the print-shop target.

    Goes below @kit_options, which has already merged defaults and the config file.
    """
    @click.option("--layout", type=click.Choice(LAYOUTS), default=DEFAULTS.layout, show_default=True,
                  help="Tile sheets: double-sided (long or short edge), gutter fold, or separate files.")
    @click.option("--back-offset", "back_offset_text", default="0,0", show_default=True, metavar="DX,DY",
                  help="Shift the back pages by the offset `opendomino calibrate` shows, in mm.")
    @click.option("--target", type=click.Choice(["home", "shop"]), default=DEFAULTS.target, show_default=True,
                  help="Files to print yourself, or PDF/X-1a files for a print shop.")
    @click.option("--bleed", "bleed_text", default=None, metavar="MM",
                  help="Shop bleed in mm.  [default: 3, or 1/8 in with --paper letter]")
    @click.option("--marks", type=click.Choice(["crop", "none"]), default=DEFAULTS.marks, show_default=True,
                  help="Shop files: crop marks outside the bleed, or none.")
    @click.option("--shop-layout", type=click.Choice(["sheets", "single"]), default=DEFAULTS.shop_layout,
                  show_default=True, help="Shop tiles: gang sheets, or one page per tile face.")
    @click.option("--output-condition", default=DEFAULTS.output_condition, show_default=True,
                  help="Registered print condition named in the PDF/X OutputIntent, e.g. 'CGATS TR 001'.")
    @functools.wraps(command)
    def wrapper(options, **values):
        given = {}
        for param, (field_name, parse) in _PRINT_PARAMETERS.items():
            value = values.pop(param)
            if _given(param):
                given[field_name] = parse(value) if parse else value
        return command(replace(options, **given), **values)
    return wrapper


def _given(param: str) -> bool:
    """Whether the user gave this parameter, rather than leaving it at its default."""
    source = click.get_current_context().get_parameter_source(param)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


def _start_writing(out: Path) -> list[dict]:
    """Before a command writes into `out`: the folder exists, a killed run's temporaries are gone,
    and the old manifest is set aside (its entries are returned) until the command ends."""
    prepare_folder(out)
    remove_stale_temporaries(out)
    return set_aside(out, warn=lambda message: _say(f"warning: {message}", err=True))


def _report(report: BuildReport, out: Path | None = None, started: float | None = None,
            previous: list[dict] = ()) -> None:
    """Each file written (with -v), notes, the manifest, and a one-line summary."""
    for path in report.written:
        _say(f"wrote {path}", level=1)
    for note in report.notes:
        _say(f"note: {note}", err=True)
    if out is None:
        return
    manifest = write_manifest(out, report, previous)
    if not report.written:
        return
    size = sum(path.stat().st_size for path in report.written if path.exists())
    took = f" in {time.monotonic() - started:.1f} s" if started is not None else ""
    _say(f"wrote {len(report.written)} file(s), {size / 1e6:.1f} MB, to {out}{took}; list and checksums in {manifest}")


def parse_formats(text: str, option: str = "--format") -> tuple[str, ...]:
    names = [part.strip().lower() for part in str(text).split(",") if part.strip()]
    if not names:
        raise UserError(f"{option}: name a format: {', '.join(EXPORT_FORMATS)} or all")
    if "all" in names:
        return EXPORT_FORMATS
    for name in names:
        if name not in EXPORT_FORMATS:
            raise UserError(f"{option}: unknown format {name!r}; choose from {', '.join(EXPORT_FORMATS)} or all")
    return tuple(dict.fromkeys(names))


sets_option = click.option("--sets", "sets_text", default=",".join(OPEN_SET_NAMES), show_default=True,
                           help="Sets to make, comma-separated: A, B, C, double-3 … double-18, chinese, picture, "
                                "triominoes.")
BOOKS = ("open", "classic")


def parse_books(text: str) -> tuple[str, ...]:
    """--books: "open", "classic" or both, comma-separated, in the order given."""
    books = tuple(dict.fromkeys(part.strip().lower() for part in text.split(",") if part.strip()))
    unknown = [book for book in books if book not in BOOKS]
    if unknown or not books:
        raise UserError(f"--books: {unknown[0] if unknown else 'nothing'!r} is not a booklet; "
                        f"use open, classic or open,classic")
    return books


def _with_sets(options: BuildOptions, sets_text: str) -> BuildOptions:
    from generator.build import with_set_files

    if _given("sets_text"):         # else the config file's sets, or the default
        options = replace(options, sets=parse_set_names(sets_text))
    return with_set_files(options)


@cli.command("build")
@sets_option
@click.option("--books", "books_text", default=",".join(BuildOptions.books), show_default=True,
              help="Rule booklets: open (Open Domino's games), classic (the classic domino games), or both.")
@kit_options
@print_options
def build_command(options: BuildOptions, sets_text, books_text):
    """Write the whole kit: tile sheets, board, setup cards, rule booklets (or, with --target shop, print-shop files)."""
    from generator.build import build, build_jobs, check_fits, with_set_files

    started = time.monotonic()
    options = replace(_with_sets(options, sets_text), books=parse_books(books_text))
    _say(f"building the {options.target} kit into {options.out} ({options.paper}, tiles {options.tile_size} mm, "
         f"theme {options.theme}, layout {options.layout})", level=1)
    check_fits(options)
    previous = _start_writing(options.out)
    with _progress(len(build_jobs(options)), "building") as bar:
        report = build(options, on_step=lambda part: bar.update(1))
    _report(report, options.out, started, previous)


@cli.command("tiles")
@sets_option
@kit_options
@print_options
def tiles_command(options: BuildOptions, sets_text):
    """Write only the tile sheets of the sets (home layouts), nothing else of the kit."""
    from generator.build import build_tile_sheets, check_fits, with_set_files

    options = _with_sets(options, sets_text)
    check_fits(options)
    previous = _start_writing(options.out)
    report = BuildReport()
    build_tile_sheets(options, report)
    _report(report, options.out, previous=previous)


@cli.command("calibrate")
@kit_options
@print_options
def calibrate_command(options: BuildOptions):
    """Write calibration.pdf: a two-sided sheet that measures your printer's back-side offset."""
    from generator.imposition.calibration import calibration_pages
    from generator.imposition.paper import paper_named
    from generator.writers.pdf import PdfOptions, write_pdf

    flip = "short" if options.layout == "duplex-short" else "long"
    pages = calibration_pages(paper_named(options.paper), theme_for(options), flip, options.back_offset, options.lang)
    previous = _start_writing(options.out)
    target, report = options.out / "calibration.pdf", BuildReport()
    report.add(target, write_pdf(pages, target, PdfOptions(title="Open Domino: printer calibration", duplex=flip)))
    _report(report, options.out, previous=previous)


@cli.command("board")
@kit_options
def board_command(options: BuildOptions):
    """Write the board: full size, on one A3 sheet, and tiled over home sheets."""
    from generator.build import build_board

    previous = _start_writing(options.out)
    report = BuildReport()
    build_board(options, report)
    _report(report, options.out, previous=previous)


@cli.command("export")
@click.option("--format", "export_format", default="png,svg", show_default=True, metavar="FORMATS",
              help="Comma-separated: png (tile pictures), svg (tiles and sheet pages), tts (Tabletop Simulator), "
                   "atlas (a sprite sheet and JSON index per set), or all.")
@click.option("--dpi", "dpi_text", default="300", show_default=True,
              help="Resolution of the tile PNGs and atlases, 50-1200.")
@click.option("--bleed", "bleed_text", default="3", show_default=True,
              help="Background in mm around each tile picture, 0-10 (0: the bare tile).")
@click.option("--base-url", "base_url", default=None, metavar="URL",
              help="TTS: the https:// address where you will upload the images (else file:/// addresses).")
@sets_option
@kit_options
def export_command(options: BuildOptions, export_format, dpi_text, bleed_text, base_url, sets_text):
    """Pictures for designers and digital tables: PNG, SVG, Tabletop Simulator, sprite atlases (not part of build)."""
    from generator.exports import export_jobs, run_export
    from generator.web_address import parse_base_url

    started = time.monotonic()
    options = _with_sets(options, sets_text)
    settings = ExportOptions(
        formats=parse_formats(export_format),
        dpi=parse_number(dpi_text, "--dpi", 50, 1200, "dpi", "300", "300 suits print, 150 screens and tabletops"),
        bleed=parse_bleed(bleed_text), base_url=parse_base_url(base_url))
    jobs = export_jobs(options, settings)
    previous = _start_writing(options.out)
    with _progress(len(jobs), "exporting") as bar:
        report = run_export(options, jobs, bar.update)
    _report(report, options.out, started, previous)


@cli.command("booklet")
@click.option("--lang", "booklet_lang", type=click.Choice(["ru", "en", "all"]), default="all", show_default=True,
              help="Which language.")
@click.option("--book", type=click.Choice(["open", "classic", "all"]), default="open", show_default=True,
              help="Open Domino's rules (games 1-32), the classic domino games, or both.")
@kit_options(without=("lang",))
def booklet_command(options: BuildOptions, booklet_lang, book):
    """Write the rule booklets: reading order and saddle-stitch imposed (A5 on A4, or half-Letter on Letter)."""
    from generator.build import booklet_jobs, build_booklet, run_jobs

    langs = ("en", "ru") if booklet_lang == "all" else (booklet_lang,)
    books = ("open", "classic") if book == "all" else (book,)
    options = replace(options, booklet_langs=langs, books=books)
    previous = _start_writing(options.out)
    report = BuildReport()
    for part in run_jobs(booklet_jobs(options, build_booklet)):
        report.merge(part)
    _report(report, options.out, previous=previous)


@cli.command("sets")
@click.argument("name", required=False, metavar="[SET]")
@click.option("--json", "as_json", is_flag=True, help="Print every tile as a JSON object (every set without SET).")
@click.option("--list", "as_list", is_flag=True, help="One line per set: its name, tile count and digit style.")
@click.option("--unicode", "as_unicode", is_flag=True,
              help="Draw the set with Unicode's domino tiles (sets whose numbers stay within 0-6).")
@click.option("--set-file", "set_file_texts", multiple=True, metavar="FILE.toml",
              help="A set of your own to load and show (see README). Repeatable.")
def sets_command(name, as_json, as_list, as_unicode, set_file_texts):
    """Show a set: a magic layout with its sums, a classic set by suit; or every tile as JSON."""
    from generator.set_report import classic_table, set_summary, set_table, unicode_layout

    for text in set_file_texts:
        parse_set_file(text)
    if name is not None:
        names = parse_set_names(name, "sets")
    else:
        names = known_set_names() if (as_json or as_list) else OPEN_SET_NAMES
    tile_sets = load_all_sets(names)
    if as_list:
        click.echo("\n".join(set_summary(tile_set) for tile_set in tile_sets.values()))
    elif as_json:
        click.echo(json.dumps([tile_json(t) for tile_set in tile_sets.values() for t in tile_set.tiles], indent=1))
    elif as_unicode:
        click.echo("\n\n".join(unicode_layout(tile_set) for tile_set in tile_sets.values()))
    else:
        click.echo("\n\n".join(set_table(s) if s.has_layout else classic_table(s) for s in tile_sets.values()))


def tile_json(tile) -> dict:
    """A tile for `sets --json`: row and column only where the set has a starting layout."""
    if tile.corners:        # a triangle: its three numbers clockwise from the apex
        return {"set": tile.set_name, "group": tile.group, "corners": list(tile.corners), "id": tile.id}
    data = {"set": tile.set_name, "group": tile.group, "head": tile.head, "tail": tile.tail}
    if tile.row is not None:
        data.update(row=tile.row, column=tile.column)
    data["id"] = tile.id
    return data


@cli.command("init")
@click.argument("path_text", metavar="[FILE]", required=False, default=CONFIG_NAME)
@click.option("--force", is_flag=True, help="Replace the file if it exists.")
def init_command(path_text, force):
    """Write a commented opendomino.toml with every option at its default."""
    path = parse_path(path_text, "init", CONFIG_NAME, file_room=TEMPORARY_ROOM)
    if path.is_dir():
        raise UserError(f"{path} is a folder; give a file name, e.g. {path / CONFIG_NAME}")
    if path.exists() and not force:
        raise UserError(f"{path} already exists; edit it, or pass --force to replace it")
    write_bytes(path, starter_config().encode("utf-8"), hint="give another file name")
    click.echo(f"wrote {path}")


@cli.command("themes")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"Settings file (for out and paper).  [default: ./{CONFIG_NAME} if there is one]")
@click.option("--out", default=None, help="Folder to write into.  [default: the config's out, else output]")
@click.option("--paper", type=click.Choice(HOME_PAPERS, case_sensitive=False), default=None,
              help="Paper of the swatch sheet, turned landscape.  [default: the config's paper, else a4]")
def themes_command(config_path, out, paper):
    """List the colour themes and write theme-swatches.pdf, one page showing them all."""
    from generator.build import build_theme_swatches
    from generator.colour_checks import colour_problems

    path = find_config(config_path)
    given = {name: value for name, value in (("out", out is not None and parse_out(out)),
                                             ("paper", paper and paper.lower())) if value}
    options = build_options(read_config(path) if path else {}, given)
    for name in theme_names():
        theme = load_theme(name)
        problems = colour_problems(theme)
        status = "colour checks pass" if not problems else f"{len(problems)} colour check warning(s)"
        click.echo(f"{name:<11} {theme.description} [{status}]")
    previous = _start_writing(options.out)
    report = BuildReport()
    build_theme_swatches(options, report)
    _report(report, options.out, previous=previous)


@cli.command("check")
@kit_options
@print_options
def check_command(options: BuildOptions):
    """Check the config, themes, sets, figures and rules text without drawing anything."""
    from generator.check import run_checks

    config_path = find_config(click.get_current_context().params.get("config_path"))
    for line in run_checks(options, config_path):
        _say(f"ok  {line}")
    _say("all checks passed")


@cli.command("preflight")
@click.argument("files", nargs=-1, required=True, type=click.Path(path_type=Path))
def preflight_command(files):
    """Check PDFs the way a print shop would: one PASS/FAIL line per check.

    Exit status 1 when a check fails, 2 when a file cannot be read as a PDF at all."""
    from generator.preflight import preflight

    failed, unreadable = False, []
    for path in files:
        try:
            checks = preflight(path)
        except UserError as error:
            unreadable.append(str(error))
            continue
        click.echo(f"{path}")
        for check in checks:
            click.echo(f"  {check.line()}")
            failed = failed or not check.passed
    if len(unreadable) == 1:
        raise UserError(unreadable[0])
    if unreadable:
        raise UserError(f"{len(unreadable)} files could not be checked: " + " | ".join(unreadable))
    if failed:
        sys.exit(1)


@cli.command("studio")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this computer's own (127.0.0.1) lets others use it.")
@click.option("--port", "port_text", default="0", show_default=True, help="Port; 0 picks a free one.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
def studio_command(host, port_text, no_browser):
    """Open the colour studio: a local web page to choose the colours by looking."""
    from generator.entry import Interrupted
    from generator.studio.server import make_server, page_url

    port = parse_number(port_text, "--port", 0, 65535, "", "8765", "ports run from 1 to 65535 (0: any free one)")
    if port != int(port):
        raise UserError(f"--port: {port_text!r} is not a whole number; write e.g. 8765")
    if not re.fullmatch(r"[A-Za-z0-9.:-]{1,253}", host or ""):
        raise UserError(f"--host: {host!r} is not an address; write e.g. 127.0.0.1")
    verbosity = _verbosity()          # the server's threads have no click context to ask

    def log(message: str, level: int = 0) -> None:
        if level <= 0 or verbosity >= level:      # its errors always, hang-ups and requests with -v
            click.echo(message, err=True)

    try:
        server = make_server(host, int(port), log=log)
    except OSError as error:
        raise UserError(f"cannot listen on {host}:{int(port)} ({error.strerror or error}); "
                        "choose another --port, or leave it out for a free one") from None
    url = page_url(server)
    if host not in ("127.0.0.1", "localhost", "::1"):
        click.echo(f"warning: the studio listens on {host}: other computers on the network can use it", err=True)
    click.echo(f"colour studio at {url} (Ctrl-C stops it)")
    if not no_browser:
        import webbrowser
        threading.Thread(target=webbrowser.open, args=(url,), daemon=True).start()
    try:
        server.serve_forever()
    except (KeyboardInterrupt, Interrupted):
        pass
    finally:
        server.server_close()
        server.builds.close()
    click.echo("colour studio stopped")


@cli.command("verify")
@click.option("--out", default=str(DEFAULTS.out), show_default=True, help="The folder to verify.")
def verify_command(out):
    """Say whether a folder holds, byte for byte, what its manifest.json lists; exit 1 if not."""
    folder = parse_out(out)
    result = verify_folder(folder)
    for name in result.missing:
        click.echo(f"missing  {name}")
    for name in result.changed:
        click.echo(f"changed  {name}")
    for name in result.foreign:
        _say(f"foreign  {name} (not in the manifest)", level=1)
    if not result.matches:
        click.echo(f"{folder} does not match its manifest: {len(result.missing)} missing, "
                   f"{len(result.changed)} changed of {result.checked}; run the command that made it again")
        sys.exit(1)
    foreign = f"; {len(result.foreign)} other file(s) not in it" if result.foreign else ""
    _say(f"{folder} matches its manifest: {result.checked} file(s){foreign}")


def main(argv=None) -> None:
    """Run the CLI; every user error becomes one line on stderr and exit status 2."""
    try:
        check_environment()
        cli.main(args=argv, prog_name="opendomino", standalone_mode=False)
    except click.ClickException as error:
        if type(error).__name__ == "NoArgsIsHelpError":     # bare `opendomino`: show the help
            click.echo(error.format_message())
            sys.exit(0)
        _fail(error.format_message())
    except (click.exceptions.Abort, KeyboardInterrupt):
        raise Interrupted() from None       # generator.entry says the one line and exits with 130
    except UserError as error:
        _fail(str(error))
    except WorkerLost as error:         # not the user's input: status 1, as for a run cut short
        _fail(str(error), status=1)
    except OSError as error:          # the environment's, not the user's input: still one line
        _fail(str(os_problem(error, error.filename or "a file")))
    except RecursionError:
        _fail("an input nests too deeply to read; flatten the file you gave")
    sys.exit(0)


def _fail(message: str, status: int = 2) -> None:
    one_line = " ".join(message.split())
    click.echo(f"opendomino: error: {one_line}", err=True)
    sys.exit(status)
