"""themes: the colour themes listed and drawn side by side."""

from pathlib import Path

import click

from generator.colour.theme import load_theme, theme_names
from generator.commands import completion
from generator.commands.common import layered, report_written, start_writing
from generator.commands.group import cli, echo
from generator.settings.build_options import BuildReport
from generator.settings.config import CONFIG_NAME, HOME_PAPERS
from generator.settings.options import parse_out


@cli.command("themes")
@click.option("--config", "config_path", type=click.Path(dir_okay=False, path_type=Path), default=None,
              help=f"Settings file (for out and paper).  [default: ./{CONFIG_NAME} if there is one]")
@click.option("--out", default=None, shell_complete=completion.folders, help="Folder to write into.  [default: the config's out, else output]")
@click.option("--paper", type=click.Choice(HOME_PAPERS, case_sensitive=False), default=None,
              help="Paper of the swatch sheet, turned landscape.  [default: the config's paper, else a4]")
def themes_command(config_path, out, paper):
    """List the colour themes and write theme-swatches.pdf, one page showing them all."""
    from generator.colour.checks import colour_problems
    from generator.jobs.build import build_theme_swatches

    given = {name: value for name, value in (("out", out is not None and parse_out(out)),
                                             ("paper", paper and paper.lower())) if value}
    options = layered(config_path, given)
    for name in theme_names():
        theme = load_theme(name)
        problems = colour_problems(theme)
        status = "colour checks pass" if not problems else f"{len(problems)} colour check warning(s)"
        echo(f"{name:<11} {theme.description} [{status}]")
    previous = start_writing(options.out)
    report = BuildReport()
    build_theme_swatches(options, report)
    report_written(report, options.out, previous=previous)
