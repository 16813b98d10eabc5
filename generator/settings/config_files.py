"""Where the config files are: the project's ./opendomino.toml and the user's own config.toml.

Light to import (no settings parser, nothing that draws): the interface's language is read from
these files before the commands load (generator/settings/ui_language.py).
"""

import os
from pathlib import Path
import sys

from generator.errors import UserError
from generator.words import _

CONFIG_NAME = "opendomino.toml"
APP_FOLDER = "opendomino"
USER_CONFIG_NAME = "config.toml"
USER_KEYS = ("paper", "lang", "ui_lang", "theme", "layout", "back_offset")     # what a user config may set


def no_home() -> str:
    return _("no home folder is known (HOME is unset or relative, and the system lists none for this user); "
             "set HOME, or XDG_CONFIG_HOME")


def user_config_path() -> Path:
    """$XDG_CONFIG_HOME/opendomino/config.toml when that is set (an absolute path, as the XDG rule
    asks), else the platform's folder: ~/.config on Linux and the BSDs, ~/Library/Application
    Support on macOS, %LOCALAPPDATA% on Windows (a printer's offset belongs to one machine).
    A UserError when there is no such folder (no home folder is known)."""
    xdg = os.environ.get("XDG_CONFIG_HOME", "")
    if xdg and os.path.isabs(xdg):
        base = Path(xdg)
    elif sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or _home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = _home() / "Library" / "Application Support"
    else:
        base = _home() / ".config"
    return base / APP_FOLDER / USER_CONFIG_NAME


def _home() -> Path:
    """The user's home folder: $HOME, else the system's entry for the user (a service or a
    container may have neither; a relative HOME would name a folder of the working one)."""
    home = os.path.expanduser("~")
    if not os.path.isabs(home):         # a relative HOME (expanduser takes it as it is): the system's entry
        home = _system_home()
    if not os.path.isabs(home):         # expanduser gives "~" back when it finds nothing
        raise UserError(_("there is no folder for your own settings ({file}): {why}").format(
            file=f"{APP_FOLDER}/{USER_CONFIG_NAME}", why=no_home()))
    return Path(home)


def _system_home() -> str:
    """The home folder the system lists for this user ("" where it lists none, or on Windows)."""
    try:
        import pwd
    except ImportError:
        return ""
    try:
        return pwd.getpwuid(os.getuid()).pw_dir
    except KeyError:
        return ""
