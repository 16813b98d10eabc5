"""cut: files for cutting machines (Silhouette Print & Cut, Cricut Print Then Cut) and laser cutters."""

import time

import click

from generator.commands import completion
from generator.commands.common import kit_options, report_written, sets_option, start_writing, was_given, with_sets
from generator.commands.group import cli, progress, say
from generator.errors import UserError
from generator.settings.build_options import BuildOptions, CutOptions
from generator.settings.options import parse_extent, parse_number
from generator.words import _

MIN_SHEET, MAX_SHEET = 20.0, 3000.0      # mm per side


def parse_sheet(text: str, option: str = "--sheet") -> tuple[float, float]:
    """WIDTHxHEIGHT in mm, e.g. 300x200: the material a laser cuts."""
    return parse_extent(text, option, "300x200", MIN_SHEET, MAX_SHEET, _("give the material's size"))


def parse_kerf(text: str, option: str = "--kerf") -> float:
    """The laser beam's width in mm (cut and box)."""
    return parse_number(text, option, 0, 2, _("mm"), "0.15", _("a laser's kerf is 0.05-0.5 mm"))


def parse_machine(text: str | None, option: str = "--machine") -> str:
    from generator.imposition.machines import load_machine, machine_names

    if text is None:            # required, and said with the choices (click's own line names none)
        raise UserError(_("{option}: name the machine: {machines}").format(option=option,
                                                                        machines=", ".join(machine_names())))
    return load_machine(text, option)["name"]


LASER_OPTIONS = (("sheet_text", "--sheet"), ("kerf_text", "--kerf"), ("shared_edges", "--shared-edges"),
                 ("board", "--board/--no-board"))


def _refuse_laser_options(machine: str) -> None:
    """A laser's option given for another machine would change nothing: a user who set a kerf
    must not believe it was applied."""
    from generator.imposition.machines import load_machine
    from generator.jobs.cut import LASER

    if load_machine(machine)["kind"] == LASER:
        return
    given = [option for param, option in LASER_OPTIONS if was_given(param)]
    if given:
        raise UserError(_("{option}: only for --machine laser; {machine} files have no such setting, "
                          "leave it out").format(option=given[0], machine=machine))


def _machine_theme(options: BuildOptions, machine: str) -> tuple[BuildOptions, bool]:
    """The machine's own theme (a laser's: grayscale, templates/machines/laser.toml) where the user
    chose no theme and no colour, and whether it was taken."""
    from msgspec.structs import replace

    from generator.imposition.machines import load_machine

    theme = load_machine(machine).get("theme")
    chosen = "theme" in click.get_current_context().meta.get("setting_origins", {}) or options.colour_overrides
    if theme is None or chosen:
        return options, False
    return replace(options, theme=theme), True


@cli.command("cut", short_help=_("Files for cutting machines and laser cutters."),
             help=_("Files for cutting machines and laser cutters (not part of build): see the guide, \"Cut a set "
                    "with a cutting machine\"."))
@click.option("--machine", "machine_text", metavar=_("NAME"), shell_complete=completion.machines,
              help=_("silhouette (Print & Cut sheets with registration marks and DXF/SVG cut files), "
                     "cricut (Print Then Cut images and SVG cut paths) or laser (SVG and DXF to cut, score, engrave).  "
                     "[required]"))
@click.option("--sheet", "sheet_text", default="300x200", show_default=True, metavar=_("WxH"),
              help=_("Laser: the material's size in mm."))
@click.option("--kerf", "kerf_text", default="0", show_default=True, metavar=_("MM"),
              help=_("Laser: the beam's width in mm (0.1-0.2 is typical); cut outlines move out by half of it."))
@click.option("--shared-edges/--no-shared-edges", default=False, show_default=True,
              help=_("Laser: tiles touch and each edge between two is cut once (sharp corners, no kerf)."))
@click.option("--board/--no-board", default=True, show_default=True,
              help=_("Laser: the board too, when an Open Domino set is made."))
@sets_option
@kit_options
def cut_command(options: BuildOptions, machine_text, sheet_text, kerf_text, shared_edges, board, sets_text):
    from generator.jobs.cut import cut_jobs, machine_instructions, run_cut

    started = time.monotonic()
    options = with_sets(options, sets_text)
    machine = parse_machine(machine_text)
    _refuse_laser_options(machine)
    options, machine_theme = _machine_theme(options, machine)
    settings = CutOptions(machine=machine, sheet=parse_sheet(sheet_text),
                          kerf=parse_kerf(kerf_text),
                          shared_edges=shared_edges, board=board)
    jobs = cut_jobs(options, settings)
    previous = start_writing(options.out)
    with progress(len(jobs), _("cutting files")) as bar:
        report = run_cut(options, settings, jobs, bar.update)
    report_written(report, options.out, started, previous)
    say(machine_instructions(settings.machine, settings))
    if machine_theme:
        say(_("engraved in the {theme} theme, whose two groups differ in shape, not only in colour; "
              "--theme chooses another").format(theme=options.theme))
    for line in report.instructions:
        say(f"  {line}")
