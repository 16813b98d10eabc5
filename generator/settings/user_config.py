"""The user's own settings: config.toml in the platform's config folder, for what belongs to the
person and the printer rather than to a project folder (paper, language, theme, and the printer's
duplex layout and back offset that `opendomino calibrate` measures).

Precedence, highest first: the command line, the project's ./opendomino.toml (or --config), this
file, the defaults. Values are checked exactly as in a project file (generator/settings/config.py);
every message names this file by its whole path, since the user did not name it.
"""

from pathlib import Path
import re
import tomllib

from generator.errors import UserError
from generator.settings.build_options import BuildOptions
from generator.settings.config import build_options, find_config, read_config
from generator.settings.config_files import (  # noqa: F401
    APP_FOLDER,
    USER_CONFIG_NAME,
    USER_KEYS,
    no_home,
    user_config_path,
)
from generator.words import _

# A project's sets, tile size, output folder, shop settings and colours stay with the project.

# Where a setting's value came from, as `opendomino config` names it: (kind, file or None).
DEFAULT_ORIGIN = ("default", None)
COMMAND_LINE_ORIGIN = ("command-line", None)


def read_user_config(path: Path) -> dict:
    """BuildOptions field -> value from the user config; a project's key here is a one-line error."""
    from generator.files.resources import load_toml

    for key in load_toml(path, "config"):
        if key not in USER_KEYS and key in _project_keys():
            raise UserError(_("{path}: {key} belongs to a project: put it in the project's opendomino.toml; "
                              "this file takes {keys}").format(path=path, key=key, keys=", ".join(USER_KEYS)))
    return read_config(path, allowed=USER_KEYS, label=str(path))


def _project_keys() -> list[str]:
    from generator.settings.config import SETTINGS

    return [setting.name for setting in SETTINGS] + ["colours"]


def layered_options(config_path: Path | None, given: dict,
                    note=lambda message: None) -> tuple[BuildOptions, dict[str, tuple]]:
    """The options from every layer, and where each setting's value came from. With no folder for
    the user config (no home), that layer is left out and `note` is told why."""
    try:
        user_path = user_config_path()
    except UserError:           # only a missing home folder: the command runs without that layer
        user_path = None
        note(_("your own settings ({file}) are skipped: {why}").format(
            file=f"{APP_FOLDER}/{USER_CONFIG_NAME}", why=no_home()))
    user = read_user_config(user_path) if user_path and user_path.exists() else {}
    project_path = find_config(config_path)
    project = read_config(project_path) if project_path else {}
    options = build_options({**user, **project}, given)
    origins = {}
    for layer, origin in ((user, ("user", user_path)), (project, ("project", project_path)),
                          (given, COMMAND_LINE_ORIGIN)):
        origins.update((key, origin) for key in layer if key != "strict_origin")
        # Colours add up over the layers: each key comes from the last layer that sets it.
        origins.update((colour_key(key), origin) for key, _ in layer.get("colour_overrides", ()))
    return options, origins


def colour_key(key: str) -> str:
    """A colour override's key as `config` shows it and as the origins name it: colours."A.group1"."""
    return f'colours."{key}"'


_BACK_OFFSET_LINE = re.compile(r"^[ \t]*back_offset[ \t]*=.*$", re.MULTILINE)


def with_back_offset(text: str, offset: tuple[float, float]) -> str:
    """The user config's text with back_offset set: its line replaced, or one added at the end
    (the file holds no tables); every other line, comments included, kept as it was."""
    line = f'back_offset = "{offset[0]:g},{offset[1]:g}"'
    found = _BACK_OFFSET_LINE.search(text)
    if found:
        return f"{text[:found.start()]}{line}{text[found.end():]}"
    return f"{text}{'' if not text or text.endswith(chr(10)) else chr(10)}{line}\n"


def save_back_offset(offset: tuple[float, float]) -> Path:
    """Store the printer's back offset in the user config (made if missing), atomically; the new
    text is read back before it replaces the old, so the file is never left unreadable."""
    from generator.files.atomic import prepare_folder, write_bytes
    from generator.files.bounded_read import read_text

    path = user_config_path()
    old = read_text(path, "config") if path.exists() else _(
        "# Open Domino Kit: your own settings, for every project on this computer (see the guide,\n"
        "# \"Keep your own settings\"). A project's opendomino.toml and the command line win over them.\n")
    if path.exists():
        read_user_config(path)          # a broken file is named, not overwritten
    new = with_back_offset(old, offset)
    try:
        stored = tomllib.loads(new).get("back_offset")
    except tomllib.TOMLDecodeError:
        stored = None
    if stored != f"{offset[0]:g},{offset[1]:g}":
        raise UserError(_("{path}: its back_offset is written in a way this command cannot replace safely; "
                          "set {line} there yourself").format(
            path=path, line=f'back_offset = "{offset[0]:g},{offset[1]:g}"'))
    prepare_folder(path.parent)
    write_bytes(path, new.encode("utf-8"))
    return path
