"""themes: the colour themes listed and drawn side by side."""

from pathlib import Path

import click
from msgspec.structs import replace

from generator.colour.theme import load_theme, theme_names
from generator.commands import completion
from generator.commands.common import layered, report_written, start_writing
from generator.commands.group import cli, echo
from generator.model.texts import LANGUAGES
from generator.settings.build_options import BuildReport
from generator.settings.config import CONFIG_NAME, HOME_PAPERS
from generator.settings.options import parse_out
from generator.words import _, ngettext


@cli.command("themes", short_help=_("List the colour themes and write their swatches."),
             help=_("List the colour themes and write theme-swatches.pdf, one page showing them all."))
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=_("Settings file (for out and paper).  [default: ./{name} if there is one]").format(
                  name=CONFIG_NAME))
@click.option("--out", default=None, metavar=_("FOLDER"), shell_complete=completion.folders,
              help=_("Folder to write into.  [default: the config's out, else output]"))
@click.option("--paper", type=click.Choice(HOME_PAPERS, case_sensitive=False), default=None,
              help=_("Paper of the swatch sheet, turned landscape.  [default: the config's paper, else a4]"))
@click.option("--lang", type=click.Choice(LANGUAGES), default=None,
              help=_("Language of the swatch sheet's words and the themes' descriptions on it.  [default: the "
                     "config's lang, else en]"))
def themes_command(config_path, out, paper, lang):
    from generator.colour.checks import colour_problems
    from generator.jobs.build import build_theme_swatches

    given = {name: value for name, value in (("out", out is not None and parse_out(out)),
                                             ("paper", paper and paper.lower()), ("lang", lang)) if value}
    options = layered(config_path, given)
    for name in theme_names():
        theme = load_theme(name)
        problems = colour_problems(theme)
        status = _("colour checks pass") if not problems else ngettext(
            "{count} colour check warning(s)", "{count} colour check warning(s)", len(problems)).format(
            count=len(problems))
        echo(f"{name:<11} {theme.description} [{status}]")
    previous = start_writing(options.out)
    report = BuildReport()
    if options.paper not in HOME_PAPERS:       # the config's paper: the sheet's rows are laid out for these two
        report.notes.append(_("theme-swatches.pdf is on a4: the swatch sheet takes a4 or letter, not the "
                              "config's paper {paper}").format(paper=options.paper))
        options = replace(options, paper="a4")
    build_theme_swatches(options, report)
    report_written(report, options.out, previous=previous)
