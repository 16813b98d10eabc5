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
from generator.imposition.tile_grid import plan_sheets
from generator.model.box_size import box_numbers
from generator.model.figures import load_figures
from generator.model.set_loader import load_all_sets
from generator.model.sums import column_sums
from generator.model.texts import LANGUAGES
from generator.rules import load_rules
from generator.scene.fonts import require_glyphs
from generator.words import _


def run_checks(options, config_path) -> list[str]:
    lines = [f"config: {config_path}" if config_path else "config: no opendomino.toml here; defaults and options"]
    for name, tile_set in load_all_sets().items():
        if tile_set.has_layout:
            lines.append(f"set {name}: {len(tile_set.tiles)} tiles, composition, proportional orientation and "
                         f"magic sums hold (four-tile columns sum to {column_sums(tile_set)[0]})")
        else:
            lines.append(f"set {name}: {len(tile_set.tiles)} tiles ({tile_set.digit_style}), composition, "
                         "number range and duplicates hold")
    figures = load_figures("open")
    lines.append(f"figures: {len(figures)} ({', '.join(f.label() for f in figures.values())}); "
                 "every placed tile fits its set and arrow")
    plays = load_figures("classic")
    lines.append(f"figures of play: {len(plays)} ({', '.join(plays)}); every tile is in its set once, "
                 "every joint and every touching edge matches")
    for book, label in (("open", "rules"), ("classic", "classic rules")):
        for lang in LANGUAGES:
            files = load_rules(lang, book=book)
            for rules_file in files:
                require_glyphs("serif", rules_file.markdown)
                require_glyphs("sans-bold", rules_file.title)
            games = sum(1 for f in files if f.kind == "game")
            lines.append(f"{label} ({lang}): {len(files)} files, {games} games, figure references resolve, "
                         "every character has a glyph")
    for name in theme_names():
        problems = colour_problems(load_theme(name))
        lines.append(f"theme {name}: loads; " + ("colour checks pass" if not problems
                                                  else f"{len(problems)} colour warning(s)"))
    chosen = theme_for(options)      # raises under --strict
    setup = print_setup(options)
    problems = colour_problems(chosen, printing=setup.conversion)
    lines.append(f"chosen theme {options.theme} with {len(options.colour_overrides)} override(s): "
                 + ("colour checks pass" if not problems else "; ".join(problems)))
    plan = plan_sheets(paper_named(options.paper), options.tile_size)
    lines.append(f"paper {options.paper}: tiles of {options.tile_size} mm fit, {len(plan.blocks)} sheet(s) per set")
    boxes = box_numbers()
    lines.append(_("boxes: templates/boxes.toml holds every number a box needs (card {card:g} mm, glue tabs "
                   "{tab:g} mm, laser material {material:g} mm, 3D walls {wall:g} mm)").format(
        card=boxes.card.thickness, tab=boxes.card.glue_tab, material=boxes.laser.material, wall=boxes.printed.wall))
    profile = setup.output_intent.profile
    embedded = f", profile {printable(profile.file_name)} ({profile.description}) embedded" if profile else ""
    lines.append(f"print condition: {setup.output_intent.identifier}{embedded}; {setup.conversion.describe()}")
    return lines
