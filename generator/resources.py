"""Where the bundled data lives, in a source checkout and in an installed wheel."""

from functools import cache
from pathlib import Path
import tomllib

from generator.errors import UserError

_PACKAGE_DIR = Path(__file__).resolve().parent


@cache
def templates_dir() -> Path:
    # A wheel carries templates/ inside the package; a source checkout has it beside the package.
    for candidate in (_PACKAGE_DIR / "templates", _PACKAGE_DIR.parent / "templates"):
        if (candidate / "sets").is_dir():
            return candidate
    raise UserError("the bundled templates folder is missing: reinstall opendomino")


def template_path(*parts: str) -> Path:
    return templates_dir().joinpath(*parts)


def font_path(file_name: str) -> Path:
    return template_path("fonts", file_name)


def load_toml(path: Path) -> dict:
    try:
        with path.open("rb") as handle:
            return tomllib.load(handle)
    except FileNotFoundError:
        raise UserError(f"{path}: file not found") from None
    except tomllib.TOMLDecodeError as error:
        raise UserError(f"{path}: not valid TOML ({error}); fix the syntax") from None
    except RecursionError:
        raise UserError(f"{path}: its tables or lists nest too deeply to read; flatten them") from None
    except UnicodeDecodeError as error:
        raise UserError(f"{path}: byte {error.start + 1} is not UTF-8 text; save the file as UTF-8") from None
    except OSError as error:
        raise UserError(f"{path}: cannot read it ({error.strerror}); check the path") from None
