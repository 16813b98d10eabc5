"""`opendomino check`: validate every input of a build without drawing anything.

Config file, the chosen theme with its overrides, every bundled theme, the three sets,
the figures, the rules text of both languages and its glyphs, the print condition, the
paper/tile fit and the boxes' numbers. Stops at the first error (one line, as everywhere); returns what it checked.
"""

from generator.colour.checks import colour_problems
from generator.colour.effective_theme import theme_for
from generator.colour.print_setup import print_setup
from generator.colour.theme import load_theme, theme_names
from generator.errors import printable
from generator.imposition.paper import paper_named
from generator.imposition.tile_grid import plan_for
from generator.jobs.set_report import digit_style_words
from generator.model.box_size import box_numbers
from generator.model.figures import load_figures
from generator.model.set_loader import load_all_sets
from generator.model.sums import column_sums
from generator.model.texts import LANGUAGES
from generator.rules import load_rules
from generator.scene.fonts import require_glyphs
from generator.words import _, ngettext


def run_checks(options, config_path) -> list[tuple[str, int]]:
    """What was checked, a line each, with the number of warnings the line holds (a colour check
    that fails without --strict); a check that fails stops with its one-line UserError."""
    # English keeps "(s)" for every count; a language with plural forms says each as it should.
    lines = [_("config: {path}").format(path=config_path) if config_path else
             _("config: no opendomino.toml here; defaults and options")]
    for name, tile_set in load_all_sets().items():
        if tile_set.has_layout:
            lines.append(_("set {name}: {count} tiles, composition, proportional orientation and magic sums hold "
                           "(four-tile columns sum to {total})").format(
                name=name, count=len(tile_set.tiles), total=column_sums(tile_set)[0]))
        else:
            lines.append(_("set {name}: {count} tiles ({style}), composition, number range and duplicates "
                           "hold").format(name=name, count=len(tile_set.tiles), style=digit_style_words(tile_set.digit_style)))
    figures = load_figures("open")
    lines.append(_("figures: {count} ({labels}); every placed tile fits its set and arrow").format(
        count=len(figures), labels=", ".join(f.label() for f in figures.values())))
    plays = load_figures("classic")
    lines.append(_("figures of play: {count} ({names}); every tile is in its set once, every joint and every "
                   "touching edge matches").format(count=len(plays), names=", ".join(plays)))
    for book in ("open", "classic"):
        for lang in LANGUAGES:
            files = load_rules(lang, book=book)
            for rules_file in files:
                require_glyphs("serif", rules_file.markdown)
                require_glyphs("sans-bold", rules_file.title)
            games = sum(1 for f in files if f.kind == "game")
            said = (_("rules ({lang}): {count} files, {games} games, figure references resolve, every character "
                      "has a glyph") if book == "open" else
                    _("classic rules ({lang}): {count} files, {games} games, figure references resolve, every "
                      "character has a glyph"))
            lines.append(said.format(lang=lang, count=len(files), games=games))
    for name in theme_names():
        problems = colour_problems(load_theme(name))
        lines.append((_("theme {name}: loads; {checks}").format(name=name, checks=_checks_said(problems)),
                      len(problems)))
    chosen = theme_for(options)      # raises under --strict
    setup = print_setup(options)
    problems = colour_problems(chosen, printing=setup.conversion)
    lines.append(ngettext("chosen theme {name} with {count} override(s): {checks}",
                          "chosen theme {name} with {count} override(s): {checks}",
                          len(options.colour_overrides)).format(
        name=options.theme, count=len(options.colour_overrides), checks=_checks_said(problems)))
    lines += [(problem, 1) for problem in problems]         # each a warning of its own, on its own line
    paper, sets = paper_named(options.paper), load_all_sets()
    sheets = ", ".join(f"{name} {len(plan_for(sets[name], paper, options.tile_size).blocks)}"
                       for name in options.sets if name in sets)
    lines.append(_("paper {paper}: tiles of {size} mm fit; sheets of tiles per set: {sheets}").format(
        paper=options.paper, size=options.tile_size, sheets=sheets))
    boxes = box_numbers()
    lines.append(_("boxes: templates/boxes.toml holds every number a box needs (card {card:g} mm, glue tabs "
                   "{tab:g} mm, laser material {material:g} mm, 3D walls {wall:g} mm)").format(
        card=boxes.card.thickness, tab=boxes.card.glue_tab, material=boxes.laser.material, wall=boxes.printed.wall))
    profile = setup.output_intent.profile
    embedded = _(", profile {file} ({description}) embedded").format(
        file=printable(profile.file_name), description=profile.description) if profile else ""
    lines.append(_("print condition: {condition}{embedded}; {conversion}").format(
        condition=setup.output_intent.identifier, embedded=embedded, conversion=setup.conversion.describe()))
    return [line if isinstance(line, tuple) else (line, 0) for line in lines]      # a plain line warns of nothing


def _checks_said(problems: list[str]) -> str:
    if not problems:
        return _("colour checks pass")
    return ngettext("{count} colour warning(s)", "{count} colour warning(s)", len(problems)).format(count=len(problems))
