"""MkDocs hook (mkdocs.yml `hooks:`): tables of the guide's reference made from the kit's own code
and data when the guide is built, so that they cannot drift from what the kit accepts.

A page asks for a table with a line of its own, `<!-- generated: NAME -->`; NAME is a key of
TABLES. An unknown NAME stops the build. The command reference itself comes from mkdocs-click;
on_page_content tidies the one thing it shows badly.
"""

import re

MARKER = re.compile(r"^<!-- generated: ([a-z0-9-]+) -->$", re.MULTILINE)


def _cell(text) -> str:
    """Text for a Markdown table cell: no pipe or line break can split the row."""
    return " ".join(str(text).split()).replace("|", "\\|")


def _table(header: tuple[str, ...], rows) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    lines += ["| " + " | ".join(_cell(value) for value in row) + " |" for row in rows]
    return "\n".join(lines)


def config_keys() -> str:
    from generator.settings.config import SETTINGS
    from generator.settings.user_config import USER_KEYS

    rows = [(f"`{s.name}`", s.help, f"`{s.toml_default}`", "yes" if s.name in USER_KEYS else "")
            for s in SETTINGS]
    rows.append(("`[colours]`", "a table of colour keys and values, applied on top of the theme "
                 "(see Colours and colour keys)", "empty", ""))
    return _table(("key", "what it sets", "default, as `opendomino init` writes it", "user config too"), rows)


def user_config_keys() -> str:
    from generator.settings.user_config import USER_KEYS

    return ", ".join(f"`{key}`" for key in USER_KEYS)


def colour_keys() -> str:
    from generator.colour.key_help import colour_key_help
    from generator.colour.theme import colour_keys, load_theme

    theme = load_theme("classic")
    return _table(("key", "what it colours", "classic theme"),
                  [(f"`{key}`", colour_key_help(key, "en"), f"`{theme.colour_named(key).hex}`")
                   for key in colour_keys()])


def theme_tables() -> str:
    from generator.colour.theme import ARROW_STYLES, COLOUR_SECTIONS, GROUPS, OPTIONAL_SECTIONS
    from generator.model.set_loader import OPEN_SET_NAMES

    rows = []
    for section, keys in COLOUR_SECTIONS.items():
        optional = " May be left out: it then takes the classic theme's colours." if section in OPTIONAL_SECTIONS else ""
        rows.append((f"`[{section}]`", ", ".join(f"`{key}`" for key in keys), f"colours.{optional}"))
    for set_name in OPEN_SET_NAMES:
        for group in GROUPS:
            rows.append((f"`[{set_name}.group{group}]`", "`circle`, `arrow`, `arrow_style`",
                         f"the circle and arrow of set {set_name}'s group {group}; arrow_style is "
                         f"{' or '.join(ARROW_STYLES)} (default solid)."))
    return _table(("table", "keys", "notes"), rows)


def theme_list() -> str:
    from generator.colour.theme import load_theme, theme_names

    return _table(("theme", "description"),
                  [(f"`{name}`", load_theme(name).description_in("en")) for name in theme_names()])


def output_files() -> str:
    from generator.files.resources import load_toml, template_path

    purposes = load_toml(template_path("manifest.toml"), "data")["purposes"]
    return _table(("file (pattern)", "what it is"), [(f"`{pattern}`", purpose) for pattern, purpose in purposes])


def tile_sizes() -> str:
    from generator.settings.tile_presets import tile_presets

    return _table(("name", "width × height × thickness (mm)", "source"),
                  [(f"`{name}`", f"{size.width:g} × {size.height:g} × {size.thickness:g}", source)
                   for name, (size, source) in tile_presets().items()])


def papers() -> str:
    from generator.imposition.paper import PAPERS

    return _table(("name", "paper", "width × height (mm)"),
                  [(f"`{key}`", paper.name, f"{paper.width:g} × {paper.height:g}") for key, paper in PAPERS.items()])


def output_conditions() -> str:
    from generator.colour.output_conditions import output_conditions

    rows = [(f"`{name}`", entry.get("info", ""), f"`{entry['profile']}`" if "profile" in entry else "none (named only)")
            for name, entry in output_conditions().items()]
    return _table(("condition", "what it is", "profile the kit ships"), rows)


def products() -> str:
    from generator.settings.products import bundled_product_names, load_product

    rows = []
    for name in bundled_product_names():
        product = load_product(name)
        trim = (f"triangle, side {product.in_unit(product.trim[0])} {product.unit}" if product.shape == "triangle"
                else f"{product.in_unit(product.trim[0])} × {product.in_unit(product.trim[1])} {product.unit}")
        rows.append((f"`{name}`", f"{product.service}, {product.title}", trim,
                     f"{product.pixels[0]} × {product.pixels[1]} px at {product.dpi:g} dpi", product.upload))
    return _table(("`--product`", "service, product", "trim", "image", "upload"), rows)


def machines() -> str:
    from generator.imposition.machines import load_machine, machine_names, machine_title

    return _table(("`--machine`", "title", "kind"),
                  [(f"`{name}`", machine_title(load_machine(name)), load_machine(name)["kind"]) for name in machine_names()])


def sets() -> str:
    from generator.model.set_loader import CLASSIC_SET_NAMES, OPEN_SET_NAMES, load_set

    rows = []
    for name in OPEN_SET_NAMES + CLASSIC_SET_NAMES:
        tile_set = load_set(name)
        kind = "Open Domino, with a magic layout" if tile_set.has_layout else tile_set.description
        rows.append((f"`{name}`", len(tile_set.tiles), tile_set.digit_style, kind))
    return _table(("set", "tiles", "digits", "what it is"), rows)


def figures() -> str:
    from generator.model.figures import load_figures

    return _table(("id", "kind", "book", "title"),
                  [(f"`{figure_id}`", figure.kind, figure.book, figure.title["en"])
                   for figure_id, figure in load_figures().items()])


def rules_books() -> str:
    from generator.rules.source import BOOKS, load_book

    parts = []
    for name in BOOKS:
        book = load_book(name)
        rows = [("front matter of a game", ", ".join(f"`{key}`" for key in book.front_matter)),
                ("front matter of a chapter", "`kind`, `title`"),
                ("families", ", ".join(f"`{family}`" for family in book.families)),
                ("sets a game may name", ", ".join(f"`{s}`" for s in book.sets)),
                ("chapters before the games", ", ".join(f"{n:02d}" for n in book.chapters_before)),
                ("chapters after the games", ", ".join(f"{n:02d}" for n in book.chapters_after)),
                ("game files", f"`{book.game_file}`" + (f", {book.games} of them" if book.games else ", any number")),
                *((f"a game's level-2 headings ({lang})", ", ".join(f"`## {h}`" for h in headings))
                  for lang, headings in book.sections.items()),
                ("headings a game may leave out", ", ".join(f"`{h}`" for h in book.optional_sections) or "none")]
        if book.sources:
            rows.append(("`sources` a game may cite", ", ".join(f"`{s}`" for s in book.sources)))
        parts.append(f"**The {name} book** (`templates/rules/{name}/book.toml`)\n\n" + _table(("what", "value"), rows))
    return "\n\n".join(parts)


TABLES = {
    "config-keys": config_keys,
    "user-config-keys": user_config_keys,
    "colour-keys": colour_keys,
    "theme-tables": theme_tables,
    "theme-list": theme_list,
    "output-files": output_files,
    "tile-sizes": tile_sizes,
    "papers": papers,
    "output-conditions": output_conditions,
    "products": products,
    "machines": machines,
    "sets": sets,
    "figures": figures,
    "rules-books": rules_books,
}


def on_page_markdown(markdown: str, page, config, files) -> str:
    def table(match: re.Match) -> str:
        name = match[1]
        if name not in TABLES:
            raise ValueError(f"{page.file.src_path}: no generated table {name!r}; known: {', '.join(TABLES)}")
        return TABLES[name]()

    return MARKER.sub(table, markdown)


# mkdocs-click prints a flag's default as click holds it (click's own "unset" marker), and an option
# whose default the help text states in words as None: both read "–", no default of their own.
_NO_DEFAULT = re.compile(r"<td>(?:<code>Sentinel\.UNSET</code>|None)</td>")


# The heading links' tooltip comes from the toc extension, set once for every language.
_PERMALINK_TITLE = 'title="Permanent link"'


def on_page_content(html: str, page, config, files) -> str:
    html = _NO_DEFAULT.sub("<td>–</td>", html)
    if page.url.startswith("ru/"):
        html = html.replace(_PERMALINK_TITLE, 'title="Постоянная ссылка"')
    return html
