"""The Jinja2 templates of the web site and the e-books (templates/site, templates/epub,
templates/book_html), read through the kit's one file gate, with autoescaping on: every value a
template inserts is escaped unless it is markup we built (the rules' HTML, a figure's SVG)."""

from functools import cache

from generator.files.bounded_read import read_text
from generator.files.resources import template_path


@cache
def environment():
    import jinja2  # here: only the site and e-book jobs load it, never the command line's start

    def load(name: str):
        path = template_path(*name.split("/"))
        return read_text(path, "data"), str(path), lambda: True

    return jinja2.Environment(loader=jinja2.FunctionLoader(load), autoescape=True, trim_blocks=True,
                              lstrip_blocks=True, keep_trailing_newline=True, undefined=jinja2.StrictUndefined)


def render(name: str, **values) -> str:
    return environment().get_template(name).render(**values)


def markup(html: str):
    """HTML we built ourselves, inserted as it is."""
    from markupsafe import Markup

    return Markup(html)


def bundled_text(*parts: str) -> str:
    """A style sheet or script of templates/, as it is."""
    return read_text(template_path(*parts), "data")
