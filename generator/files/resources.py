"""Where the bundled data lives, in a source checkout and in an installed wheel."""

from functools import cache
from pathlib import Path
import tomllib

from generator.errors import UserError
from generator.files.bounded_read import read_text
from generator.files.toml_guard import check_toml_shape
from generator.words import _

_PACKAGE_DIR = Path(__file__).resolve().parent.parent      # generator/, above files/


@cache
def templates_dir() -> Path:
    # A wheel carries templates/ inside the package; a source checkout has it beside the package.
    for candidate in (_PACKAGE_DIR / "templates", _PACKAGE_DIR.parent / "templates"):
        if (candidate / "sets").is_dir():
            return candidate
    raise UserError(_("the bundled templates folder is missing: reinstall opendomino"))


def template_path(*parts: str) -> Path:
    return templates_dir().joinpath(*parts)


def font_path(file_name: str) -> Path:
    return template_path("fonts", file_name)


def load_toml(path: Path, kind: str = "data") -> dict:
    """A TOML file of the given kind (generator/files/bounded_read.py: "config", "theme", "set", …),
    read within that kind's size limit."""
    return parse_toml(read_text(path, kind), str(path))


def parse_toml(text: str, where: str) -> dict:
    """TOML text, its shape checked first (generator/files/toml_guard.py); errors name `where`."""
    check_toml_shape(text, where)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise UserError(_("{where}: not valid TOML ({error}); fix the syntax").format(
            where=where, error=error)) from None
    except RecursionError:
        raise UserError(_("{where}: its tables or lists nest too deeply to read; flatten them").format(
            where=where)) from None
    except ValueError:                  # a number Python will not convert (the guard should catch it first)
        raise UserError(_("{where}: a number is too long to read; shorten it").format(where=where)) from None
