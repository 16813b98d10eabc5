"""Which language the command line speaks: `ui_lang` from the config files, else the environment.

Read before the command modules are imported (generator/entry.py), so that click's help texts are
translated as they are declared: only the config files' places and tomllib are needed here, and
every problem with a file is left for the settings' own check, which reports it in the language
chosen here. The project's file (--config FILE, else ./opendomino.toml) wins over the user's, as
for every setting; either wins over LANGUAGE, LC_ALL, LC_MESSAGES and LANG.
"""

from pathlib import Path

from generator.errors import UserError
from generator.files.resources import load_toml
from generator.settings.config_files import CONFIG_NAME, user_config_path
from generator.words import LANGUAGES, language_from_environment

UI_LANG_KEY = "ui_lang"
AUTO = "auto"           # the environment's language
UI_LANGUAGES = (*LANGUAGES, AUTO)


def config_file_named(argv: list[str]) -> Path | None:
    """The file a `--config FILE` (or `--config=FILE`) in the arguments names, else None."""
    for index, argument in enumerate(argv):
        if argument == "--":
            break
        if argument == "--config" and index + 1 < len(argv):
            return Path(argv[index + 1])
        if argument.startswith("--config="):
            return Path(argument.removeprefix("--config="))
    return None


def configured_language(path: Path | None) -> str | None:
    """The file's ui_lang if it is a language with a catalogue, else None (no file, no key, "auto",
    or anything wrong, which the settings' check reports later)."""
    try:
        if path is None or not path.is_file():
            return None
        value = load_toml(path, "config").get(UI_LANG_KEY)
    except (UserError, OSError, ValueError):
        return None
    return value.lower() if isinstance(value, str) and value.lower() in LANGUAGES else None


def _user_config() -> Path | None:
    try:
        return user_config_path()
    except UserError:               # no home folder: the settings' own reading says so
        return None


def interface_language(argv: list[str], environment) -> str:
    """The language of every message of this command: ui_lang of the project's config, else of the
    user's, else the environment's (gettext's rule; English for C, POSIX or an unknown language)."""
    project = config_file_named(argv) or Path(CONFIG_NAME)
    return (configured_language(project) or configured_language(_user_config())
            or language_from_environment(environment))
