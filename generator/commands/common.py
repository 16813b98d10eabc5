"""Options several commands share, declared once: the kit options (paper, sets, tiles, theme,
colours, config file …), the printing options, --sets; and what every command that writes into a
folder does before and after (the old manifest set aside, the summary line, the new manifest).

Defaults come from BuildOptions; ./opendomino.toml (or --config) overrides them, and options given
on the command line override the file (generator/settings/config.py).
"""

import functools
from pathlib import Path
import time

import click
from click.core import ParameterSource
from msgspec.structs import replace

from generator.colour.effective_theme import theme_for
from generator.colour.icc import INTENT_NAMES, INTENTS
from generator.colour.output_conditions import check_condition
from generator.colour.theme import checked_theme_name, parse_override
from generator.commands import completion
from generator.commands.group import say
from generator.errors import UserError
from generator.files.atomic import prepare_folder, remove_stale_temporaries
from generator.files.manifest import set_aside, write_manifest
from generator.model.set_loader import OPEN_SET_NAMES, register_set_file
from generator.model.texts import LANGUAGES
from generator.settings.build_options import LAYOUTS, BuildOptions, BuildReport
from generator.settings.config import CONFIG_NAME, DEFAULTS
from generator.settings.options import (
    parse_back_offset,
    parse_bleed,
    parse_clearance,
    parse_corner_radius,
    parse_icc,
    parse_max_ink,
    parse_out,
    parse_paper,
    parse_path,
    parse_set_names,
    parse_tile_size,
    set_file_missing,
)
from generator.settings.user_config import COMMAND_LINE_ORIGIN, layered_options
from generator.words import _, ngettext

# kit_options' click parameters -> (BuildOptions field, parser of what was typed; None keeps it)
_KIT_PARAMETERS = {
    "out": ("out", parse_out),
    "paper": ("paper", parse_paper),
    "tile_size_text": ("tile_size", parse_tile_size),
    "clearance_text": ("clearance", parse_clearance),
    "corner_radius_text": ("corner_radius", parse_corner_radius),
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
        raise UserError(set_file_missing(option, path))
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
    "icc_text": ("icc", parse_icc),
    "intent": ("intent", None),
    "max_ink_text": ("max_ink", parse_max_ink),
}


_KIT_OPTION_DECORATORS = {
    "config_path": click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path),
                                default=None, help=_("Settings file.  [default: ./{name} if there is one]").format(
                                    name=CONFIG_NAME)),
    "out": click.option("--out", default=str(DEFAULTS.out), show_default=True, metavar=_("FOLDER"), shell_complete=completion.folders,
                        help=_("Folder to write into.")),
    "paper": click.option("--paper", default=DEFAULTS.paper, show_default=True, metavar=_("PAPER"), shell_complete=completion.papers,
                          help=_("Paper for home printing: a4, letter, a3 or WIDTHxHEIGHT in mm, e.g. 200x280.")),
    "tile_size_text": click.option("--tile-size", "tile_size_text", default=str(DEFAULTS.tile_size),
                                   show_default=True, metavar=_("SIZE"), shell_complete=completion.tile_sizes,
                                   help=_("Tile size WIDTHxHEIGHT in mm (portrait); one number, the length (44: a 22x44 "
                                          "domino, or a triangle of side 44); WxHxT with a thickness (3D "
                                          "tiles), or mini, standard, professional, jumbo, tournament, open-domino.")),
    "corner_radius_text": click.option("--corner-radius", "corner_radius_text", default=f"{DEFAULTS.corner_radius:g}",
                                       show_default=True, metavar=_("MM"),
                                       help=_("Round the tiles' corners: radius in mm, up to a third of the tile "
                                              "width; every output follows it.")),
    "clearance_text": click.option("--clearance", "clearance_text", default=f"{DEFAULTS.clearance:g}",
                                   show_default=True, metavar=_("MM"),
                                   help=_("Board cells and the Mexican Train hub's slots are this many mm larger "
                                          "than a tile.")),
    "across_notation": click.option("--across-notation/--no-across-notation", default=DEFAULTS.across_notation,
                                    show_default=True,
                                    help=_("Print the small 1-16 / 1-4 notation for play across the board.")),
    "lang": click.option("--lang", type=click.Choice(LANGUAGES), default=DEFAULTS.lang, show_default=True,
                         help=_("Language of the texts printed on sheets.")),
    "theme": click.option("--theme", default=DEFAULTS.theme, show_default=True, metavar=_("THEME"), shell_complete=completion.themes,
                          help=_("Colour theme: a name that `opendomino themes` lists, or a theme .toml file.")),
    "colours": click.option("--colour", "--color", "colours", multiple=True, metavar=_("KEY=VALUE"),
                            shell_complete=completion.colour_keys,
                            help=_("Change one colour, e.g. A.group1=#c0392b or board.dark=cmyk(0,0,0,40); "
                                   "repeatable.")),
    "strict": click.option("--strict/--no-strict", default=DEFAULTS.strict, show_default=True,
                           help=_("Stop, instead of warn, when a colour check fails.")),
    "set_file_texts": click.option("--set-file", "set_file_texts", multiple=True, metavar=_("FILE.toml"),
                                   shell_complete=completion.toml_files,
                                   help=_("A set of your own (see the guide, Set files); the commands with --sets "
                                          "make it along with those. Repeatable.")),
}


def kit_options(command=None, *, without: tuple[str, ...] = ()):
    """Options shared by every command that draws tiles or the board.

    Defaults come from BuildOptions; ./opendomino.toml (or --config) overrides them, and
    options given on the command line override the file (generator/settings/config.py).
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
            if was_given(param):
                given[field_name] = parse(value) if parse else value
        options = layered(config_path, given)
        if not getattr(command, "checks_colours", False):       # print_options checks once it knows the profile
            warn_colour_problems(options)
        return command(options, **values)

    for name, decorator in reversed(_KIT_OPTION_DECORATORS.items()):
        if name not in without:
            wrapper = decorator(wrapper)
    return wrapper


def layered(config_path: Path | None, given: dict) -> BuildOptions:
    """The options of every layer (command line, project config, user config, defaults); where each
    setting came from is kept on the command's context for `opendomino config`."""
    options, origins = layered_options(config_path, given, note=lambda message: say(f"note: {message}", err=True))
    click.get_current_context().meta.setdefault("setting_origins", {}).update(origins)
    return options


def warn_colour_problems(options: BuildOptions) -> None:
    """A warning line per failing colour check (print colours through the run's profile); with
    --strict, theme_for raises instead."""
    from generator.colour.checks import colour_problems
    from generator.colour.print_setup import print_setup

    for problem in colour_problems(theme_for(options), printing=print_setup(options).conversion):
        say(f"warning: {problem}", err=True)


_PRINT_OPTION_DECORATORS = {
    "layout": click.option("--layout", type=click.Choice(LAYOUTS), default=DEFAULTS.layout, show_default=True,
                           help=_("Tile sheets: double-sided (long or short edge), gutter fold, or separate files.")),
    "back_offset_text": click.option("--back-offset", "back_offset_text", default="0,0", show_default=True,
                                     metavar="DX,DY",
                                     help=_("Shift the back pages by the offset `opendomino calibrate` shows, in mm.")),
    "target": click.option("--target", type=click.Choice(["home", "shop"]), default=DEFAULTS.target,
                           show_default=True, help=_("Files to print yourself, or PDF/X-1a files for a print shop.")),
    "bleed_text": click.option("--bleed", "bleed_text", default=None, metavar=_("MM"),
                               help=_("Shop bleed in mm.  [default: 3, or 1/8 in with --paper letter]")),
    "marks": click.option("--marks", type=click.Choice(["crop", "none"]), default=DEFAULTS.marks, show_default=True,
                          help=_("Shop files: crop marks outside the bleed, or none.")),
    "shop_layout": click.option("--shop-layout", type=click.Choice(["sheets", "single"]),
                                default=DEFAULTS.shop_layout, show_default=True,
                                help=_("Shop tiles: gang sheets, or one page per tile face.")),
    "output_condition": click.option(
        "--output-condition", default=None, metavar=_("CONDITION"), shell_complete=completion.output_conditions,
        help=_("Registered print condition named in the PDF/X OutputIntent, e.g. 'CGATS TR 006'.  "
               "[default: the profile's own; FOGRA39 with the bundled profile]")),
    "icc_text": click.option("--icc", "icc_text", default=None, metavar=_("FILE.icc"), shell_complete=completion.icc_files,
                             help=_("The print shop's CMYK output profile: shop files convert RGB colours through it and "
                                    "embed it.  [default: the bundled FOGRA39L_coated.icc (CC0)]")),
    "intent": click.option("--intent", type=click.Choice(INTENTS), default=DEFAULTS.intent, show_default=True,
                           help=_("Rendering intent from RGB to CMYK ({intent} with black-point "
                                  "compensation keeps in-gamut colours as they are).").format(
                               intent=_(INTENT_NAMES["relative"]))),
    "max_ink_text": click.option("--max-ink", "max_ink_text", default=None, metavar=_("PERCENT"),
                                 help=_("Total ink limit of converted colours.  [default: the profile's, 300]")),
}


def print_options(command=None, *, without: tuple[str, ...] = ()):
    """How tile sheets are printed: home layouts and back offset, or the print-shop target with its
    colour management (--icc, --intent, --max-ink).

    Goes below @kit_options, which has already merged defaults and the config file; the colour
    checks run here, once the profile is known. `without` leaves out parameters that mean nothing
    to a command (e.g. a box has no tile layout).
    """
    if command is None:
        return functools.partial(print_options, without=without)
    parameters = {p: v for p, v in _PRINT_PARAMETERS.items() if p not in without}

    @functools.wraps(command)
    def wrapper(options, **values):
        given = {}
        for param, (field_name, parse) in parameters.items():
            value = values.pop(param)
            if was_given(param):
                given[field_name] = parse(value) if parse else value
        options = replace(options, **given)
        click.get_current_context().meta.setdefault("setting_origins", {}).update(
            (key, COMMAND_LINE_ORIGIN) for key in given)
        warn_colour_problems(options)
        return command(options, **values)
    wrapper.checks_colours = True
    for name, decorator in reversed(_PRINT_OPTION_DECORATORS.items()):
        if name not in without:
            wrapper = decorator(wrapper)
    return wrapper


def was_given(param: str) -> bool:
    """Whether the user gave this parameter, rather than leaving it at its default."""
    source = click.get_current_context().get_parameter_source(param)
    return source not in (None, ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)


sets_option = click.option("--sets", "sets_text", default=",".join(OPEN_SET_NAMES), show_default=True, metavar=_("SETS"),
                           shell_complete=completion.sets,
                           help=_("Sets to make, comma-separated: A, B, C, double-3 … double-18, chinese, picture, "
                                  "triominoes."))


def with_sets(options: BuildOptions, sets_text: str) -> BuildOptions:
    from generator.jobs.build import with_set_files

    if was_given("sets_text"):         # else the config file's sets, or the default
        options = replace(options, sets=parse_set_names(sets_text))
        click.get_current_context().meta.setdefault("setting_origins", {})["sets"] = COMMAND_LINE_ORIGIN
    return with_set_files(options)


def start_writing(out: Path) -> list[dict]:
    """Before a command writes into `out`: the folder exists, a killed run's temporaries are gone,
    and the old manifest is set aside (its entries are returned) until the command ends."""
    prepare_folder(out)
    remove_stale_temporaries(out)
    return set_aside(out, warn=lambda message: say(f"warning: {message}", err=True))


def report_written(report: BuildReport, out: Path | None = None, started: float | None = None,
            previous: list[dict] = (), about: str = "") -> None:
    """Each file written (with -v), notes, the manifest, and a one-line summary; `about` adds what
    the summary should say of the files (e.g. how their CMYK was made)."""
    for path in report.written:
        say(_("wrote {path}").format(path=path), level=1)
    for note in report.notes:
        say(f"note: {note}", err=True)
    for warning in report.warnings:
        say(f"warning: {warning}", err=True)
    if out is None:
        return
    manifest = write_manifest(out, report, previous)
    if not report.written:
        return
    size = sum(path.stat().st_size for path in report.written if path.exists())
    summary = files_written(len(report.written), size / 1e6, out)
    if started is not None:
        summary += _(" in {seconds:.1f} s").format(seconds=time.monotonic() - started)
    if about:
        summary += f"; {about}"
    say(summary + _("; list and checksums in {manifest}").format(manifest=manifest))


def files_written(count: int, megabytes: float, out: Path) -> str:
    """The start of a command's summary line: how many files, how large, where."""
    # English keeps "file(s)" for every count; a language with plural forms says each as it should.
    return ngettext("wrote {count} file(s), {size:.1f} MB, to {out}", "wrote {count} file(s), {size:.1f} MB, to {out}",
                    count).format(count=count, size=megabytes, out=out)
