"""Write files so a reader never sees a half-written one: temporary file, then rename.

A temporary is named `.NAME.PID.XXXXXXXX.part` beside its target: the PID of the process that
writes it and mkstemp's eight random characters. A later run removes only temporaries of this
exact form whose process no longer exists, so two builds into one folder leave each other's
work alone, and a user's own `.something.part` is never touched.
"""

from contextlib import contextmanager
import errno
import functools
import os
from pathlib import Path
import re
import shutil
import tempfile

from generator.errors import UserError
from generator.words import N_, _

DEFAULT_HINT = N_("choose another folder with --out")     # what a message suggests when no other hint is given
_OURS = re.compile(r"^\.(?P<name>.+)\.(?P<pid>\d+)\.[a-z0-9_]{8}\.part$")
_FULL = (errno.ENOSPC, errno.EDQUOT)


@functools.cache
def new_file_mode() -> int:
    """The mode open() gives a new file in this process: 0o666 less the user's umask. mkstemp makes
    its temporary 0o600, so a finished file takes this mode before it is renamed; a user whose
    umask shares with the group (002) or with no one (077) gets what every other tool gives them."""
    try:            # Linux states it; reading it there changes nothing, not even for an instant
        status = Path("/proc/self/status").read_text(encoding="ascii", errors="replace")
        mask = next(int(line.split()[1], 8) for line in status.splitlines() if line.startswith("Umask:"))
    except (OSError, StopIteration, IndexError, ValueError):
        mask = os.umask(0o022)      # elsewhere the only way to read it is to set it and set it back
        os.umask(mask)
    return 0o666 & ~mask


def temporary_prefix(name: str) -> str:
    return f".{name}.{os.getpid()}."


def intended(path) -> Path:
    """The file a user asked for, where `path` is one of our temporaries or lies inside one: what a
    message names (the user never asked for `.tiles-A.pdf.4711.k2j5x9q0.part`)."""
    path = Path(os.fsdecode(path))
    for index, part in enumerate(path.parts):
        ours = _OURS.match(part)
        if ours:
            return Path(*path.parts[:index], ours["name"])
    return path


def _said(hint: str | None) -> str:
    """The hint a message ends with (translated by the caller), or the default one."""
    return _(DEFAULT_HINT) if hint is None else hint


def _move_away(hint: str | None) -> str:
    return _("move what is there away, or {hint}").format(hint=_said(hint))


def os_problem(error: OSError, target, hint: str | None = None) -> UserError:
    """One line for an OSError met while writing `target` (or the temporary that stands for it)."""
    target = intended(target)
    hint = _said(hint)
    if error.errno in _FULL:
        return UserError(_("cannot write {target}: the disk is full; the files written before it are complete; "
                           "free some space and run the command again").format(target=target))
    if error.errno == errno.EFBIG:      # the limit on one file's size (ulimit -f), or the file system's own
        return UserError(_("cannot write {target}: it would be larger than the system lets one file be "
                           "(the limit on file size, `ulimit -f`, or the file system's own); the files written "
                           "before it are complete; raise the limit, or choose another folder with --out"
                           ).format(target=target))
    if error.errno in (errno.EMFILE, errno.ENFILE):     # another folder would not help; a higher limit does
        return UserError(_("cannot write {target}: too many files are open at once; raise the limit on open "
                           "files (for example `ulimit -n 1024`) and run the command again").format(target=target))
    if error.errno == errno.ENAMETOOLONG:
        return UserError(_("cannot write {target}: a name in the path is too long; use shorter folder and file "
                           "names").format(target=target))
    reason = error.strerror or str(error)
    return UserError(_("cannot write {target}: {reason}; {hint}").format(target=target, reason=reason, hint=hint))


def prepare_folder(folder: Path, hint: str | None = None) -> Path:
    """Create `folder` (and its parents) or say in one line why it cannot be written into."""
    folder = Path(folder)
    if str(folder).strip() == "":
        raise UserError(_("the output folder is empty; give a folder name, e.g. --out output"))
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except FileExistsError:
        raise UserError(_("cannot write to {folder}: it is a file, not a folder; {hint}").format(
            folder=folder, hint=_said(hint))) from None
    except (OSError, ValueError) as error:       # ValueError: a NUL character in the path
        if isinstance(error, OSError) and error.errno == errno.ENOTDIR:
            raise UserError(_("cannot write to {folder}: part of that path is a file, not a folder; {hint}").format(
                folder=folder, hint=_said(hint))) from None
        if isinstance(error, OSError):
            raise os_problem(error, folder, hint) from None
        raise UserError(_("cannot write to {folder}: {error}; {hint}").format(
            folder=folder, error=error, hint=_said(hint))) from None
    return folder


def _temporary_beside(target: Path, hint: str) -> Path:
    """A new empty temporary file beside `target`, named as our temporaries are."""
    prepare_folder(target.parent, hint)
    try:
        handle, temp_name = tempfile.mkstemp(prefix=temporary_prefix(target.name), suffix=".part",
                                             dir=target.parent)
    except (OSError, ValueError) as error:
        if isinstance(error, OSError) and error.errno in (errno.EACCES, errno.EPERM, errno.EROFS):
            # the folder takes no new file (read-only): name the folder the user chose, not our file
            raise UserError(_("cannot write to {folder}: {reason}; {hint}").format(
                folder=target.parent, reason=error.strerror, hint=_said(hint))) from None
        if isinstance(error, OSError):
            raise os_problem(error, target, hint) from None
        raise UserError(_("cannot write {target}: {error}; {hint}").format(
            target=target, error=error, hint=_said(hint))) from None
    os.close(handle)
    return Path(temp_name)


@contextmanager
def atomic_path(target: Path, hint: str | None = None):
    """Yield a temporary path beside `target`; on success it replaces `target` in one step."""
    target = Path(target)
    temp = _temporary_beside(target, hint)
    try:
        try:
            yield temp
            with open(temp, "rb+") as written:
                os.fsync(written.fileno())
            os.chmod(temp, new_file_mode())
            os.replace(temp, target)
        except OSError as error:
            raise os_problem(error, target, _move_away(hint)) from None
    finally:
        if temp.exists():
            temp.unlink()


@contextmanager
def temporary_folder(parent: Path, name: str):
    """A scratch folder inside `parent`, named like our temporaries so a later run can clear it."""
    prepare_folder(parent)
    try:
        folder = tempfile.mkdtemp(prefix=temporary_prefix(name), suffix=".part", dir=parent)
    except OSError as error:
        raise os_problem(error, parent / name) from None
    try:
        yield Path(folder)
    finally:
        shutil.rmtree(folder, ignore_errors=True)


def write_bytes(target: Path, data: bytes, hint: str | None = None) -> None:
    with atomic_path(target, hint) as temp:
        temp.write_bytes(data)


def _sync(path: Path) -> None:
    handle = os.open(path, os.O_RDONLY)
    try:
        os.fsync(handle)
    finally:
        os.close(handle)


def _sync_all(paths: list[Path]) -> None:
    """Sync the files side by side, or one after another where no thread can start: a limit on
    memory (ulimit -v) leaves no room for the threads' stacks, and the files must still be synced."""
    from concurrent.futures import ThreadPoolExecutor

    try:
        with ThreadPoolExecutor(max_workers=16) as pool:
            list(pool.map(_sync, paths))
    except RuntimeError:            # "can't start new thread" (a sync's own failure is an OSError)
        for path in paths:
            _sync(path)


def write_files(targets: dict[Path, bytes], hint: str | None = None) -> None:
    """Write many files, each as write_bytes does (a temporary, synced, then renamed over its
    target), but syncing them side by side: a sync waits for the disk, and a hundred waiting
    together take about as long as a few one after another (a folder of web pages: 0.07 s
    instead of 0.5 s)."""
    written: dict[Path, Path] = {}
    current = None          # the file being written or renamed, for a message; None while syncing
    try:
        try:
            for target, data in targets.items():
                current = Path(target)
                written[current] = _temporary_beside(current, hint)
                written[current].write_bytes(data)
            current = None
            _sync_all(list(written.values()))
            for current, temp in written.items():
                os.chmod(temp, new_file_mode())
                os.replace(temp, current)
        except OSError as error:
            raise os_problem(error, current or next(iter(written)), _move_away(hint)) from None
    finally:
        for temp in written.values():
            if temp.exists():
                temp.unlink()


def _process_exists(pid: int) -> bool:
    """Whether the process runs; a killed one that nobody has reaped yet (a zombie) does not."""
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:      # someone else's process: alive
        return True
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except (OSError, IndexError):
        return True
    return state not in ("Z", "X")


def stale_temporaries(folder: Path) -> list[Path]:
    """Our temporaries in `folder` whose writing process has gone."""
    if not folder.is_dir() or folder.is_symlink():
        return []
    stale = []
    for entry in folder.iterdir():
        match = _OURS.match(entry.name)
        if match and int(match["pid"]) != os.getpid() and not _process_exists(int(match["pid"])):
            stale.append(entry)
    return sorted(stale)


def remove_stale_temporaries(folder: Path) -> None:
    """Delete what an interrupted earlier run left: its temporary files and folders, nothing else."""
    for leftover in stale_temporaries(Path(folder)):
        if leftover.is_dir() and not leftover.is_symlink():
            shutil.rmtree(leftover, ignore_errors=True)
        else:
            leftover.unlink(missing_ok=True)


def check_not_symlinked(root: Path, folder: Path) -> None:
    """Refuse to write through a symbolic link inside the output folder `root`."""
    root, folder = Path(root), Path(folder)
    try:
        parts = folder.relative_to(root).parts
    except ValueError:
        return
    current = root
    for part in parts:
        current = current / part
        if current.is_symlink():
            raise UserError(_("{current} is a symbolic link; the kit writes only into real folders inside "
                              "{root}; remove the link or choose another folder with --out").format(
                current=current, root=root))
