"""studio: the colour studio, a local web page."""

import re
import threading

import click

from generator.colour.icc import INTENTS
from generator.commands import completion
from generator.commands.group import cli, echo, verbosity
from generator.errors import Interrupted, UserError, stop_taken, stops_raise
from generator.settings.options import parse_whole_number
from generator.words import _


@cli.command("studio", short_help=_("Open the colour studio in your browser."),
             help=_("Open the colour studio: a local web page to choose the colours by looking."))
@click.option("--host", default="127.0.0.1", show_default=True, metavar=_("ADDRESS"),
              help=_("Address to listen on. Anything but this computer's own (127.0.0.1) lets others use it."))
@click.option("--port", "port_text", default="0", show_default=True, metavar="N", help=_("Port; 0 picks a free one."))
@click.option("--no-browser", is_flag=True, help=_("Do not open the page in a browser."))
@click.option("--icc", "icc_text", default=None, metavar=_("FILE.icc"), shell_complete=completion.icc_files,
              help=_("The print shop's CMYK output profile for the print preview.  [default: the bundled "
                     "FOGRA39L_coated.icc]"))
@click.option("--intent", type=click.Choice(INTENTS), default="relative", show_default=True,
              help=_("Rendering intent from RGB to CMYK, as for `build --target shop`."))
def studio_command(host, port_text, no_browser, icc_text, intent):
    from generator.colour.print_setup import print_setup
    from generator.settings.build_options import BuildOptions
    from generator.settings.options import parse_icc
    from generator.studio.server import make_server, page_url

    icc = parse_icc(icc_text) if icc_text is not None else None
    printing = print_setup(BuildOptions(icc=icc, intent=intent)).conversion
    port = parse_whole_number(port_text, "--port", 0, 65535, "8765", _("ports run from 1 to 65535 (0: any free one)"))
    if not re.fullmatch(r"[A-Za-z0-9.:-]{1,253}", host or ""):
        raise UserError(_("--host: {host!r} is not an address; write e.g. 127.0.0.1").format(host=host))
    said = verbosity()               # the server's threads have no click context to ask

    def log(message: str, level: int = 0) -> None:
        if level <= 0 or said >= level:      # its errors always, hang-ups and requests with -v
            echo(message, err=True)

    try:
        server = make_server(host, int(port), log=log, printing=printing)
    except OSError as error:
        raise UserError(_("cannot listen on {host}:{port} ({why}); "
                          "choose another --port, or leave it out for a free one").format(
            host=host, port=int(port), why=error.strerror or error)) from None
    url = page_url(server)
    # From the line that gives the address, the server's loop asks for a Ctrl-C
    # (BoundedServer.service_actions), and the clean-up after it only notes a second one: pressed
    # twice, or sent to the process and then its group (as `timeout` does), it must not cut short
    # the removal of the builds. The clean-up is bounded.
    stops_raise(False)
    try:
        try:
            if host not in ("127.0.0.1", "localhost", "::1"):
                echo("warning: " + _("the studio listens on {host}: other computers on the network can use it").format(
                    host=host), err=True)
            echo(_("colour studio at {url} (Ctrl-C stops it)").format(url=url))
            if not no_browser:
                threading.Thread(target=_open_in_browser, args=(url,), daemon=True).start()
            server.serve_forever()
        except (KeyboardInterrupt, Interrupted):
            pass                    # Ctrl-C is how the studio ends
        finally:
            server.server_close()
            server.builds.close()
        echo(_("colour studio stopped"))
        stop_taken()                # every Ctrl-C until now ended the studio: status 0
    finally:
        stops_raise(True)


def _open_in_browser(url: str) -> None:
    """Open the page in the user's browser; on a machine with none (a server, no display) say so,
    so that nobody waits for a window that will not come."""
    import webbrowser

    if not webbrowser.open(url):
        echo(_("no browser could be opened here: open the address above in one"), err=True)
