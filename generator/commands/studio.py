"""studio: the colour studio, a local web page."""

import re
import threading

import click

from generator.colour.icc import INTENTS
from generator.commands import completion
from generator.commands.group import cli, echo, verbosity
from generator.errors import Interrupted, UserError
from generator.settings.options import parse_number


@cli.command("studio")
@click.option("--host", default="127.0.0.1", show_default=True,
              help="Address to listen on. Anything but this computer's own (127.0.0.1) lets others use it.")
@click.option("--port", "port_text", default="0", show_default=True, help="Port; 0 picks a free one.")
@click.option("--no-browser", is_flag=True, help="Do not open the page in a browser.")
@click.option("--icc", "icc_text", default=None, metavar="FILE.icc", shell_complete=completion.icc_files,
              help="The print shop's CMYK output profile for the print preview.  [default: the bundled "
                   "FOGRA39L_coated.icc]")
@click.option("--intent", type=click.Choice(INTENTS), default="relative", show_default=True,
              help="Rendering intent from RGB to CMYK, as for `build --target shop`.")
def studio_command(host, port_text, no_browser, icc_text, intent):
    """Open the colour studio: a local web page to choose the colours by looking."""
    from generator.colour.print_setup import print_setup
    from generator.settings.build_options import BuildOptions
    from generator.settings.options import parse_icc
    from generator.studio.server import make_server, page_url

    icc = parse_icc(icc_text) if icc_text is not None else None
    printing = print_setup(BuildOptions(icc=icc, intent=intent)).conversion
    port = parse_number(port_text, "--port", 0, 65535, "", "8765", "ports run from 1 to 65535 (0: any free one)")
    if port != int(port):
        raise UserError(f"--port: {port_text!r} is not a whole number; write e.g. 8765")
    if not re.fullmatch(r"[A-Za-z0-9.:-]{1,253}", host or ""):
        raise UserError(f"--host: {host!r} is not an address; write e.g. 127.0.0.1")
    said = verbosity()               # the server's threads have no click context to ask

    def log(message: str, level: int = 0) -> None:
        if level <= 0 or said >= level:      # its errors always, hang-ups and requests with -v
            echo(message, err=True)

    try:
        server = make_server(host, int(port), log=log, printing=printing)
    except OSError as error:
        raise UserError(f"cannot listen on {host}:{int(port)} ({error.strerror or error}); "
                        "choose another --port, or leave it out for a free one") from None
    url = page_url(server)
    if host not in ("127.0.0.1", "localhost", "::1"):
        echo(f"warning: the studio listens on {host}: other computers on the network can use it", err=True)
    echo(f"colour studio at {url} (Ctrl-C stops it)")
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
    echo("colour studio stopped")
