"""The recorded colour-check results of the bundled themes, and when they are used."""

import subprocess
import sys


def test_recorded_results_of_the_bundled_themes_are_current():
    """templates/checked_themes.toml must say what the checks say today (else: run
    scripts/check_bundled_themes.py)."""
    from generator.colour.checks import _checked_themes, colour_problems, theme_fingerprint
    from generator.colour.theme import load_theme, theme_names

    recorded = _checked_themes()
    assert sorted(recorded) == sorted(theme_names())
    for name in theme_names():
        theme = load_theme(name)
        assert recorded[name]["fingerprint"] == theme_fingerprint(theme), f"{name}: run scripts/check_bundled_themes.py"
        assert recorded[name]["problems"] == colour_problems(theme, reuse_checked=False)


def test_a_changed_colour_is_checked_afresh():
    from generator.colour.checks import colour_problems
    from generator.colour.theme import load_theme, parse_override, with_overrides

    changed = with_overrides(load_theme("classic"), [parse_override("tile.digit=#f4f4f4")])
    assert colour_problems(changed) and colour_problems(changed) == colour_problems(changed, reuse_checked=False)


def test_tile_sheets_with_a_bundled_theme_need_no_colour_science(tmp_path):
    code = ("import sys; from generator.commands.main import main\n"
            "try:\n    main(['-q', 'tiles', '--sets', 'A', '--out', sys.argv[1]])\nexcept SystemExit:\n    pass\n"
            "print(sorted(m for m in sys.modules if m.split('.')[0] in ('coloraide', 'pypdf')))")
    result = subprocess.run([sys.executable, "-c", code, str(tmp_path)], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]", result.stdout
