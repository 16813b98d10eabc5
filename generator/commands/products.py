"""products: the print-on-demand products the shop build can make images for, or one product's figures."""

import click

from generator.commands import completion
from generator.commands.group import cli, echo
from generator.words import _


@cli.command("products", short_help=_("List the print-on-demand products."),
             help=_("List the print-on-demand products (--product), or show one product's figures and their "
                    "sources."))
@click.argument("reference", required=False, metavar=_("[NAME|FILE.toml]"), shell_complete=completion.products)
def products_command(reference):
    from generator.settings.products import bundled_product_names, details, load_product, parse_product, summary_line

    if reference is None:
        echo("\n".join(summary_line(load_product(name)) for name in bundled_product_names()))
    else:
        echo(details(load_product(parse_product(reference, "products"))))
