"""Shell completion of the values that are names: each completer asks the same data the option's
check reads (the bundled themes, the set names, templates/machines, templates/shops, …), so a name
added there completes without a change here.

click calls these with (context, parameter, the word typed so far) when the shell asks, after it
has imported the commands as for --help; each completer imports only the light readers it needs,
never the drawing code (reportlab, skia).
"""

from pathlib import Path

from click.shell_completion import CompletionItem

from generator.errors import readable


def _matching(names, typed: str) -> list[str]:
    """The names that start with what was typed (ignoring case), in the order given, once each."""
    folded = typed.casefold()
    return [name for name in dict.fromkeys(names) if name.casefold().startswith(folded)]


def _files(typed: str, suffix: str) -> list[CompletionItem]:
    """Files ending in `suffix`, and folders to walk into, in the folder of the path being typed."""
    folder_text, _, start = typed.rpartition("/")
    prefix = f"{folder_text}/" if folder_text or typed.startswith("/") else ""
    try:
        entries = sorted(Path(prefix or ".").expanduser().iterdir())
    except (OSError, RuntimeError):     # no such folder (yet), not readable, or ~user/ of no known user
        return []
    items = []
    for entry in entries:
        if not entry.name.startswith(start) or (entry.name.startswith(".") and not start.startswith(".")):
            continue
        if readable(entry.name) != entry.name:
            continue            # bytes that are not UTF-8: click's answer to the shell (UTF-8) cannot carry them
        if entry.is_dir():
            items.append(CompletionItem(f"{prefix}{entry.name}/", type="dir"))
        elif entry.name.endswith(suffix):
            items.append(CompletionItem(f"{prefix}{entry.name}"))
    return items


def _names_or_files(names, typed: str, suffix: str = ".toml") -> list[CompletionItem]:
    """Bundled names, then the files (and folders) that the option takes as well."""
    return [CompletionItem(name) for name in _matching(names, typed)] + _files(typed, suffix)


def comma_list(names_of):
    """A completer for a comma-separated list: the item after the last comma is completed, what
    comes before is kept, and names already in the list are not offered again."""
    def complete(ctx, param, typed: str) -> list[CompletionItem]:
        before, comma, last = typed.rpartition(",")
        given = {part.strip().casefold() for part in before.split(",")}
        return [CompletionItem(f"{before}{comma}{name}") for name in _matching(names_of(ctx), last.strip())
                if name.casefold() not in given]
    return complete


def _set_names(ctx) -> tuple[str, ...]:
    """The kit's sets, and those of the set files named before on this command line (or in the config)."""
    from generator.errors import UserError
    from generator.model.set_loader import known_set_names, register_set_file

    for text in (ctx.params.get("set_file_texts") or ()):
        try:
            register_set_file(Path(text))
        except (UserError, OSError):       # a broken set file is the command's to report, not the completion's
            pass
    return known_set_names()


sets = comma_list(_set_names)


def _box_contents(ctx) -> tuple[str, ...]:
    """What a box can hold: every set, and the Mexican Train's hub and markers."""
    from generator.model.box_size import TRAIN

    return (*_set_names(ctx), TRAIN)


box_contents = comma_list(_box_contents)


def themes(ctx, param, typed: str) -> list:
    from generator.colour.theme import theme_names

    return _names_or_files(theme_names(), typed)


def papers(ctx, param, typed: str) -> list[CompletionItem]:
    from generator.imposition.paper import PAPERS

    return [CompletionItem(name) for name in _matching(PAPERS, typed)]


def machines(ctx, param, typed: str) -> list[CompletionItem]:
    from generator.imposition.machines import machine_names

    return [CompletionItem(name) for name in _matching(machine_names(), typed)]


def products(ctx, param, typed: str) -> list:
    from generator.settings.products import bundled_product_names

    return _names_or_files(bundled_product_names(), typed)


def output_conditions(ctx, param, typed: str) -> list[CompletionItem]:
    from generator.colour.output_conditions import output_conditions

    return [CompletionItem(name) for name in _matching(output_conditions(), typed)]


def colour_keys(ctx, param, typed: str) -> list[CompletionItem]:
    """KEY= for --colour KEY=VALUE; the value is the user's own."""
    from generator.colour.theme import colour_keys

    if "=" in typed:
        return []
    return [CompletionItem(f"{key}=") for key in _matching(colour_keys(), typed)]


def tile_sizes(ctx, param, typed: str) -> list[CompletionItem]:
    """The default size and the named sizes (templates/tile_sizes.toml, read by
    generator/settings/tile_presets.py, which --tile-size's check reads too)."""
    from generator.settings.config import DEFAULTS
    from generator.settings.tile_presets import tile_presets

    names = [str(DEFAULTS.tile_size), *tile_presets()]
    return [CompletionItem(name) for name in _matching(names, typed)]


def toml_files(ctx, param, typed: str) -> list[CompletionItem]:
    return _files(typed, ".toml")


def icc_files(ctx, param, typed: str) -> list[CompletionItem]:
    return _files(typed, ".icc")


def folders(ctx, param, typed: str) -> list[CompletionItem]:
    """A folder: the shell's own folder completion."""
    return [CompletionItem(typed, type="dir")]
