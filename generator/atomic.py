"""Write files so a reader never sees a half-written one: temporary file, then rename."""

from contextlib import contextmanager
import os
from pathlib import Path
import shutil
import tempfile

from generator.errors import UserError


@contextmanager
def atomic_path(target: Path):
    """Yield a temporary path beside `target`; on success it replaces `target` in one step."""
    target = Path(target)
    try:
        target.parent.mkdir(parents=True, exist_ok=True)
        handle, temp_name = tempfile.mkstemp(prefix=f".{target.name}.", suffix=".part",
                                             dir=target.parent)
    except (OSError, ValueError) as error:       # ValueError: a NUL character in the path
        reason = getattr(error, "strerror", None) or str(error)
        raise UserError(f"cannot write to {target.parent}: {reason}; "
                        "choose another folder with --out") from None
    os.close(handle)
    temp = Path(temp_name)
    try:
        yield temp
        with open(temp, "rb+") as written:
            os.fsync(written.fileno())
        os.chmod(temp, 0o644)
        try:
            os.replace(temp, target)
        except OSError as error:
            raise UserError(f"cannot write {target}: {error.strerror}; "
                            "move what is there away, or choose another folder with --out") from None
    finally:
        if temp.exists():
            temp.unlink()


def write_bytes(target: Path, data: bytes) -> None:
    with atomic_path(target) as temp:
        temp.write_bytes(data)


def remove_stale_temporaries(folder: Path) -> None:
    """Delete leftovers of an interrupted earlier run: temporary files and folders named .*.part."""
    if folder.is_dir():
        for leftover in folder.glob(".*.part"):
            if leftover.is_dir():
                shutil.rmtree(leftover, ignore_errors=True)
            else:
                leftover.unlink(missing_ok=True)
