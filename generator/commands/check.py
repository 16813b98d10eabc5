"""check and preflight: inputs checked without drawing, PDFs checked as a print shop would."""

from pathlib import Path
import sys

import click

from generator.commands.common import kit_options, print_options, say
from generator.commands.group import cli, echo
from generator.errors import UserError
from generator.settings.build_options import BuildOptions
from generator.settings.config import find_config
from generator.settings.options import parse_max_ink
from generator.words import _, ngettext


@cli.command("check", short_help=_("Check every input without drawing anything."),
             help=_("Check the config, themes, sets, figures and rules text without drawing anything."))
@kit_options(without=("out",))        # it writes nothing
@print_options
def check_command(options: BuildOptions):
    from generator.jobs.check import run_checks

    config_path = find_config(click.get_current_context().params.get("config_path"))
    warnings = 0
    for line, warned in run_checks(options, config_path):
        say((_("warn {line}") if warned else _("ok  {line}")).format(line=line))
        warnings += warned
    say(ngettext("all checks passed, with {count} warning", "all checks passed, with {count} warnings",
                 warnings).format(count=warnings) if warnings else _("all checks passed"))


@cli.command("preflight", short_help=_("Check PDFs the way a print shop would."),
             help=_("Check PDFs the way a print shop would: one PASS/FAIL line per check.\n\n"
                    "Exit status 1 when a check fails, 2 when a file cannot be read as a PDF at all."))
@click.argument("files", nargs=-1, required=True, metavar=_("FILES..."), type=click.Path(path_type=Path))
@click.option("--max-ink", "max_ink_text", default="300", show_default=True, metavar=_("PERCENT"),
              help=_("The shop's total ink limit."))
def preflight_command(files, max_ink_text):
    from generator.jobs.preflight import preflight

    max_ink = parse_max_ink(max_ink_text)
    failed, unreadable = False, []
    for path in files:
        try:
            checks = preflight(path, max_ink)
        except UserError as error:
            unreadable.append(str(error))
            continue
        echo(str(path))
        for check in checks:
            echo(f"  {check.line()}")
            failed = failed or not check.passed
    if len(unreadable) == 1:
        raise UserError(unreadable[0])
    if unreadable:
        raise UserError(ngettext("{count} file could not be checked: {problems}",
                                 "{count} files could not be checked: {problems}", len(unreadable)).format(
            count=len(unreadable), problems=" | ".join(unreadable)))
    if failed:
        sys.exit(1)
