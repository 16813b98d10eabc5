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
from generator.settings.toml_values import one_of
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


def _ui_lang_value(path: Path | None):
    """The file's ui_lang as written, or None: no file, no key, or a file that cannot be read (which
    the settings' own reading reports, for the commands that read settings)."""
    try:
        if path is None or not path.is_file():
            return None
        return load_toml(path, "config").get(UI_LANG_KEY)
    except (UserError, OSError, ValueError):
        return None


def configured_language(path: Path | None) -> str | None:
    """The file's ui_lang if it is a language with a catalogue, else None (no file, no key, "auto",
    or anything wrong, which check_ui_lang reports once the language is chosen)."""
    value = _ui_lang_value(path)
    return value.lower() if isinstance(value, str) and value.lower() in LANGUAGES else None


def _user_config() -> Path | None:
    try:
        return user_config_path()
    except UserError:               # no home folder: the settings' own reading says so
        return None


def _config_files(argv: list[str]) -> tuple[Path, Path | None]:
    """The project's config file (--config FILE, else ./opendomino.toml) and the user's."""
    return config_file_named(argv) or Path(CONFIG_NAME), _user_config()


def interface_language(argv: list[str], environment) -> str:
    """The language of every message of this command: ui_lang of the project's config, else of the
    user's, else the environment's (gettext's rule; English for C, POSIX or an unknown language)."""
    project, user = _config_files(argv)
    return configured_language(project) or configured_language(user) or language_from_environment(environment)


def check_ui_lang(argv: list[str]) -> None:
    """Every command speaks the language ui_lang sets, so every command refuses a value it does not
    know, even one that reads no other setting (`sets`, `verify`, `init`), with the settings' own
    error: the file, the key and the choices, in the language chosen without it."""
    project, user = _config_files(argv)
    for path, label in ((project, project.name), (user, str(user))):
        value = _ui_lang_value(path)
        if value is not None:
            one_of(UI_LANGUAGES)(value, f"{label}: {UI_LANG_KEY}", path.parent)
