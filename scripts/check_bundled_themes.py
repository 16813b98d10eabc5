"""Run the colour checks on every bundled theme and record the results.

    python scripts/check_bundled_themes.py

Writes templates/checked_themes.toml: per theme, the fingerprint of its colours and the problems
the checks found. A build with an unchanged bundled theme reads them from there instead of
importing the colour science (about 70 ms per process). Run it after changing a bundled theme;
tests/test_colour_checks.py fails until you do.
"""

from pathlib import Path
import sys

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from generator.colour.checks import CHECKED_THEMES, colour_problems, theme_fingerprint  # noqa: E402
from generator.colour.theme import load_theme, theme_names  # noqa: E402
from generator.files.atomic import write_bytes  # noqa: E402
from generator.files.resources import template_path  # noqa: E402


def checked_themes_toml() -> str:
    lines = ["# Written by scripts/check_bundled_themes.py: the colour checks' results for each bundled",
             "# theme, keyed by the fingerprint of its colours. Do not edit by hand.", ""]
    for name in theme_names():
        theme = load_theme(name)
        problems = colour_problems(theme, reuse_checked=False)
        quoted = ", ".join('"' + p.replace("\\", "\\\\").replace('"', '\\"') + '"' for p in problems)
        lines += [f'["{name}"]', f'fingerprint = "{theme_fingerprint(theme)}"', f"problems = [{quoted}]", ""]
    return "\n".join(lines)


if __name__ == "__main__":
    write_bytes(template_path(CHECKED_THEMES), checked_themes_toml().encode())
    print(f"wrote {template_path(CHECKED_THEMES)}")
