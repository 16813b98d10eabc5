"""Hardening: what an audit as a hostile user found, each case kept as a regression test.

No traceback on any input; workers that die with the command; Ctrl-C at any moment gives one
line; concurrent builds; a cleanup that removes only our own stale temporaries; a manifest that
never promises what a killed build changed; PDF/X-clean print-shop booklets; and smaller points.
"""

import errno
import hashlib
import json
import os
from pathlib import Path
import random
import signal
import subprocess
import sys
import time
import zlib

from conftest import qpdf_check, run_cli
from pypdf import PdfReader, PdfWriter
from pypdf.generic import ArrayObject, DictionaryObject, FloatObject, NameObject, NumberObject
import pytest

from generator.colour.checks import check_theme
from generator.colour.theme import load_theme, theme_names
from generator.colour.values import Colour, parse_colour_text
from generator.errors import UserError
from generator.jobs.build import BuildOptions
from generator.jobs.preflight import preflight

LONG = "x" * 300


def refused(result, *names):
    """Exit status 2, nothing on stdout, exactly one line on stderr naming every one of `names`."""
    assert result.returncode == 2, (result.returncode, result.stdout, result.stderr)
    lines = result.stderr.splitlines()
    assert len(lines) == 1 and lines[0].startswith("opendomino: error: "), result.stderr
    assert "Traceback" not in result.stderr
    for name in names:
        assert name in lines[0], (name, lines[0])
    return lines[0]


# --- 1. tracebacks that became one line ---------------------------------------------------------

def test_shop_output_under_a_file(tmp_path):
    (tmp_path / "f").write_text("a file")
    refused(run_cli("build", "--target", "shop", "--sets", "C", "--out", str(tmp_path / "f" / "sub")),
            "cannot write to", "is a file")


@pytest.mark.parametrize("argv", [
    ["build", "--out", LONG],
    ["init", LONG],
    ["check", "--theme", LONG + ".toml"],
    ["board", "--out", f"ok/{LONG}/deeper"],
])
def test_a_name_longer_than_the_file_system_allows(tmp_path, argv):
    refused(run_cli(*argv, cwd=tmp_path), "bytes long, over the", "use a shorter name")


def test_a_long_out_in_the_config_file(tmp_path):
    (tmp_path / "opendomino.toml").write_text(f'out = "{LONG}"\n')
    refused(run_cli("build", cwd=tmp_path), "opendomino.toml: out", "255")


@pytest.mark.parametrize("option", ["--config", "--theme"])
def test_deeply_nested_toml(tmp_path, option):
    path = tmp_path / "deep.toml"
    path.write_text("x = " + "[" * 5000 + "]" * 5000 + "\n")
    refused(run_cli("build", option, str(path), "--out", str(tmp_path / "kit"), cwd=tmp_path),
            "deep.toml", "nest too deeply")


@pytest.mark.parametrize("line, section", [("board = 1", "board"), ("tile = [1]", "tile"),
                                           ('board = "red"', "board"), ("A = 2", "A")])
def test_a_theme_section_that_is_not_a_table(tmp_path, line, section):
    """The classic theme with one section's table replaced by a plain value."""
    kept, skipping = [], False
    for text_line in load_theme_text().splitlines():
        if text_line.startswith("["):
            skipping = text_line.strip("[]").split(".")[0] == section
        if not skipping:
            kept.append(text_line)
    first_table = next(i for i, text_line in enumerate(kept) if text_line.startswith("["))
    path = tmp_path / "odd.toml"
    path.write_text("\n".join(kept[:first_table] + [line] + kept[first_table:]) + "\n")
    refused(run_cli("check", "--theme", str(path), cwd=tmp_path), f"{section} must be a table")


def test_a_newline_in_a_theme_name_is_refused(tmp_path):
    text = load_theme_text().replace('name = "classic"', 'name = "two\\nlines"')
    (tmp_path / "t.toml").write_text(text)
    refused(run_cli("check", "--theme", str(tmp_path / "t.toml"), cwd=tmp_path), "name must be one line")


def load_theme_text() -> str:
    from generator.files.resources import template_path
    return template_path("themes", "classic.toml").read_text(encoding="utf-8")


@pytest.mark.parametrize("junk_name", ["x.pdf", "y.png", "z.svg", "png/A/junk.png"])
def test_foreign_files_in_the_output_folder(tmp_path, junk_name):
    out = tmp_path / "kit"
    (out / junk_name).parent.mkdir(parents=True)
    (out / junk_name).write_bytes(b"junk")
    for _ in range(2):              # and the build after it too
        result = run_cli("board", "--out", str(out))
        assert result.returncode == 0, result.stderr
    manifest = json.loads((out / "manifest.json").read_text())
    assert manifest["foreign"] == [junk_name]
    assert {e["file"] for e in manifest["files"]} == {"board-full-size.pdf", "board-a3.pdf", "board-tiled-a4.pdf"}


def test_a_full_disk(tmp_path, monkeypatch, capsys):
    from generator.commands import main as cli
    from generator.writers import pdf

    def full(self):
        raise OSError(errno.ENOSPC, "No space left on device")

    monkeypatch.setattr(pdf.Canvas, "save", full)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["board", "--out", str(tmp_path / "kit")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "disk is full" in err and "files written before it are complete" in err
    assert not list((tmp_path / "kit").glob(".*.part"))


# A full disk while a step writes inside its scratch folder (issue 37, item 6): the line names the
# file the user asked for, never the temporary it was going through.

def shop_booklet_into(out: Path) -> None:
    """The one step that writes inside a scratch folder: an English print-shop booklet."""
    from generator.jobs.shop import build_shop_booklet
    from generator.settings.build_options import BuildReport

    build_shop_booklet(BuildOptions(out=out, target="shop"), BuildReport(), "en")


def names_the_interior(error: UserError, out: Path) -> None:
    message = str(error)
    assert message.startswith(f"cannot write {out / 'shop-rules-en-interior.pdf'}: the disk is full; "), message
    assert ".part" not in message
    assert list(out.iterdir()) == [], "a temporary was left behind"


def test_a_full_disk_inside_a_scratch_folder_names_the_file_asked_for(tmp_path, monkeypatch):
    from reportlab.pdfgen.canvas import Canvas

    save = Canvas.save

    def full_inside_our_temporaries(self):
        if ".part" in str(self._filename):
            raise OSError(errno.ENOSPC, "No space left on device", self._filename)
        save(self)

    monkeypatch.setattr(Canvas, "save", full_inside_our_temporaries)
    with pytest.raises(UserError) as refused_write:
        shop_booklet_into(tmp_path)
    names_the_interior(refused_write.value, tmp_path)


@pytest.fixture
def small_disk(tmp_path):
    """A real file system of 64 kB: a tmpfs, which only root may mount."""
    disk = tmp_path / "disk"
    disk.mkdir()
    if not hasattr(os, "geteuid") or os.geteuid() != 0:
        pytest.skip("mounting a small file system (a tmpfs) needs root; the simulated full disk runs instead")
    mounted = subprocess.run(["mount", "-t", "tmpfs", "-o", "size=64k", "tmpfs", str(disk)], capture_output=True,
                             text=True)
    if mounted.returncode != 0:
        pytest.skip(f"cannot mount a tmpfs here: {mounted.stderr.strip()}")
    try:
        yield disk
    finally:
        subprocess.run(["umount", "--lazy", str(disk)], check=True)


def test_a_real_full_disk_names_the_file_asked_for(small_disk):
    with pytest.raises(UserError) as refused_write:
        shop_booklet_into(small_disk)
    names_the_interior(refused_write.value, small_disk)
    result = run_cli("build", "--target", "shop", "--sets", "C", "--books", "open", "--out", str(small_disk / "kit"))
    message = refused(result, "the disk is full")
    assert message.startswith(f"opendomino: error: cannot write {small_disk / 'kit'}/") and ".part" not in message
    assert not list(small_disk.rglob(".*")), "a temporary was left behind"


def test_a_temporary_stands_for_the_file_it_becomes(tmp_path):
    from generator.files.atomic import intended, os_problem, temporary_prefix

    temporary = tmp_path / f"{temporary_prefix('tiles-A.pdf')}k2j5x9q0.part"
    assert intended(temporary) == tmp_path / "tiles-A.pdf"
    assert intended(tmp_path / f"{temporary_prefix('shop-a.pdf')}abcdefgh.part" / ".x.1.abcdefgh.part") == \
        tmp_path / "shop-a.pdf"
    assert intended(tmp_path / ".backup.part" / "notes.txt") == tmp_path / ".backup.part" / "notes.txt"   # a user's
    full = os_problem(OSError(errno.ENOSPC, "No space left on device"), os.fsencode(temporary))
    assert str(full).startswith(f"cannot write {tmp_path / 'tiles-A.pdf'}: the disk is full")


def refused_under_limit(out: Path, limit: int, value: int, *args: str) -> str:
    """Run `python -m generator ARGS --out OUT` under one of the system's limits (setrlimit): it must
    stop with one line about a file in OUT, no traceback and no temporary left; the line."""
    import resource

    done = subprocess.run([sys.executable, "-m", "generator", *args, "--out", str(out)], capture_output=True,
                          text=True, preexec_fn=lambda: resource.setrlimit(limit, (value, value)))
    assert done.returncode == 2 and done.stderr.count("\n") == 1, done.stderr
    assert done.stderr.startswith(f"opendomino: error: cannot write {out}"), done.stderr
    assert "Traceback" not in done.stderr
    assert not list(out.rglob(".*")), "a temporary was left behind"
    return done.stderr


def test_too_few_open_files_allowed_is_one_line_that_names_the_limit(tmp_path):
    """With 16 files allowed open, the web pages' side-by-side sync (16 at once) cannot open its
    files: the line says to raise the limit, which helps, not to choose another folder, which would
    not; and nothing is left half-written."""
    import resource

    line = refused_under_limit(tmp_path / "kit", resource.RLIMIT_NOFILE, 16,
                               "booklet", "--format", "html", "--book", "classic", "--lang", "en")
    assert "too many files are open at once" in line and "ulimit -n" in line and "--out" not in line


def test_a_limit_on_file_size_is_one_line_that_names_it_not_a_full_disk(tmp_path):
    """Under `ulimit -f` a write fails with EFBIG (Python ignores the SIGXFSZ that would kill it):
    the line names the limit, which is the fix, not a full disk; the files before are complete."""
    import resource

    out = tmp_path / "kit"
    line = refused_under_limit(out, resource.RLIMIT_FSIZE, 200_000, "build", "--sets", "A", "--books", "open")
    assert "larger than the system lets one file be" in line and "ulimit -f" in line and "disk is full" not in line
    written = list(out.rglob("*.pdf"))
    assert written and all(len(PdfReader(path).pages) > 0 for path in written)     # complete, each one


@pytest.mark.parametrize("error, words", [
    (MemoryError(), "not enough memory to finish; raise the limit on memory (ulimit -v)"),
    (RuntimeError("can't start new thread"), "the system allowed no new thread; raise the limit on memory (ulimit -v)"),
])
def test_a_machine_out_of_memory_or_threads_is_one_line(tmp_path, monkeypatch, capsys, error, words):
    from generator.commands import main as cli
    from generator.writers import pdf

    def refused(self):
        raise error

    monkeypatch.setattr(pdf.Canvas, "save", refused)
    with pytest.raises(SystemExit) as exit_:
        cli.main(["board", "--out", str(tmp_path / "kit")])
    assert exit_.value.code == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith(f"opendomino: error: {words}"), err
    assert not list((tmp_path / "kit").glob(".*.part"))


def test_a_memory_limit_too_tight_for_threads_still_writes_every_page(tmp_path):
    """Under a limit of 800 MB on memory (ulimit -v) the web pages' sync cannot start its 16 threads
    (8 MB of stack each, on top of the libraries), and it syncs the pages one after another
    instead: before, the command ended in a traceback, "can't start new thread"."""
    import resource

    out = tmp_path / "kit"
    limit = 800 * 2**20
    done = subprocess.run([sys.executable, "-m", "generator", "booklet", "--format", "html", "--book", "classic",
                           "--lang", "en", "--out", str(out)], capture_output=True, text=True,
                          preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (limit, limit)))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert run_cli("verify", "--out", str(out)).returncode == 0
    assert len(list((out / "rules").glob("*.html"))) > 50


def test_written_files_and_folders_take_the_users_umask(tmp_path):
    """A file appears as open() would have made it, 0o666 less the umask, though it was written as a
    private temporary: with umask 027 every file is rw-r----- and every folder rwxr-x---. Both
    ways of writing: one file at a time (tiles, manifest) and many side by side (the web pages)."""
    out = tmp_path / "kit"
    for argv in (["tiles", "--sets", "A"], ["booklet", "--format", "html", "--book", "classic", "--lang", "en"]):
        done = subprocess.run([sys.executable, "-m", "generator", *argv, "--out", str(out)], capture_output=True,
                              text=True, preexec_fn=lambda: os.umask(0o027))
        assert done.returncode == 0, done.stderr
    files = [path for path in out.rglob("*") if path.is_file()]
    assert {"tiles-A.pdf", "manifest.json", "index.html"} <= {path.name for path in files}
    assert {oct(path.stat().st_mode & 0o777) for path in files} == {"0o640"}
    assert {oct(path.stat().st_mode & 0o777) for path in [out, *out.rglob("*")] if path.is_dir()} == {"0o750"}


def test_small_messages(tmp_path):
    refused(run_cli("sets", "D"), "unknown set 'D'", "choose from")
    refused(run_cli("build", "--out", ""), "--out", "empty")
    (tmp_path / "file").write_text("x")
    message = refused(run_cli("init", str(tmp_path / "file" / "opendomino.toml")), "cannot write to")
    assert "--out" not in message


# --- preflight on damaged files -----------------------------------------------------------------

def damaged_copies(source: bytes, count: int, seed: int = 19):
    """Truncations, byte flips and spliced junk, the same every run."""
    rng = random.Random(seed)
    for index in range(count):
        data = bytearray(source)
        kind = index % 4
        if kind == 0:
            data = data[: rng.randrange(1, len(data))]
        elif kind == 1:
            for _ in range(rng.randrange(1, 40)):
                data[rng.randrange(len(data))] = rng.randrange(256)
        elif kind == 2:
            start = rng.randrange(len(data))
            data[start:start + rng.randrange(1, 400)] = bytes(rng.randrange(256) for _ in range(rng.randrange(1, 50)))
        else:
            data = data.replace(b"obj", b"ojb", rng.randrange(1, 4))
        yield bytes(data)


def test_preflight_never_crashes_on_damaged_files(tmp_path, shop_board):
    """And passes only what is sound: a copy every check passes is one qpdf --check finds no fault in."""
    source = shop_board.read_bytes()
    outcomes = {0: [], 1: [], 2: []}
    for number, data in enumerate(damaged_copies(source, 60)):
        path = tmp_path / f"damaged-{number}.pdf"
        path.write_bytes(data)
        try:
            checks = preflight(path)
        except UserError as error:
            assert "\n" not in str(error) and str(path) in str(error)
            outcomes[2].append(path)
            continue
        outcomes[1 if any(not c.passed for c in checks) else 0].append(path)
    assert outcomes[2] and sum(map(len, outcomes.values())) == 60
    assert len(outcomes[0]) < 10, "byte flips that change nothing qpdf can see are few"
    for path in outcomes[0]:
        assert qpdf_check(path) == (0, None, None), path.name


def test_preflight_command_exit_statuses_and_no_pypdf_chatter(tmp_path, shop_board):
    """README: exit 2 and one line for a file that cannot be read as a PDF at all (cut off before
    its trailer, or no PDF); exit 1 and a FAIL line for a damaged file that can still be read."""
    truncated = tmp_path / "truncated.pdf"
    truncated.write_bytes(shop_board.read_bytes()[:-len(b"%%EOF\n")])      # its last line alone
    with pytest.raises(UserError, match="cannot read it as a PDF"):
        preflight(truncated)
    truncated.write_bytes(shop_board.read_bytes()[:-30])          # no trailer, no %%EOF: pypdf would warn
    line = refused(run_cli("preflight", str(truncated)), "truncated.pdf", "cannot read it as a PDF")
    assert "EOF" not in line
    junk = tmp_path / "junk.pdf"
    junk.write_bytes(b"%PDF-1.4\nnothing here\n")
    refused(run_cli("preflight", str(junk)), "junk.pdf", "cannot read it as a PDF")
    text = tmp_path / "notes.pdf"                                 # no PDF at all: said as such
    text.write_text("shopping list\n" * 200)
    refused(run_cli("preflight", str(text)), "notes.pdf: not a PDF (no %PDF- header in its first kilobyte)")
    late = tmp_path / "late.pdf"                                  # a header after 1 kB of junk: not one
    late.write_bytes(b"x" * 1024 + shop_board.read_bytes())
    refused(run_cli("preflight", str(late)), "late.pdf: not a PDF")
    source = shop_board.read_bytes()
    spliced = tmp_path / "spliced.pdf"                           # junk in the middle: every object still there
    spliced.write_bytes(source[:len(source) // 2] + b"junk\n" + source[len(source) // 2:])
    result = run_cli("preflight", str(spliced))
    assert result.returncode == 1 and result.stderr == "", result.stderr
    failed = [line for line in result.stdout.splitlines() if line.startswith("  FAIL")]
    assert len(failed) == 1 and failed[0].startswith("  FAIL  PDF syntax: the file is damaged: "), result.stdout


def minimal_pdf(content: bytes, filters: str = "/FlateDecode") -> bytes:
    """A one-page PDF whose page content is `content` (already encoded)."""
    objects = [b"<< /Type /Catalog /Pages 2 0 R >>", b"<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
               b"<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>",
               b"<< /Length %d /Filter %s >>\nstream\n" % (len(content), filters.encode()) + content + b"\nendstream"]
    out = bytearray(b"%PDF-1.4\n")
    offsets = []
    for number, body in enumerate(objects, start=1):
        offsets.append(len(out))
        out += b"%d 0 obj\n" % number + body + b"\nendobj\n"
    xref = len(out)
    out += b"xref\n0 %d\n0000000000 65535 f \n" % (len(objects) + 1)
    out += b"".join(b"%010d 00000 n \n" % offset for offset in offsets)
    out += b"trailer\n<< /Size %d /Root 1 0 R >>\nstartxref\n%d\n%%%%EOF\n" % (len(objects) + 1, xref)
    return bytes(out)


def test_a_flate_bomb_is_unreadable_not_a_crash(tmp_path):
    packer = zlib.compressobj(9)
    zeros = bytes(1 << 20)
    bomb = b"".join(packer.compress(zeros) for _ in range(120)) + packer.flush()     # 120 MB of zeros
    path = tmp_path / "bomb.pdf"
    path.write_bytes(minimal_pdf(bomb))
    refused(run_cli("preflight", str(path)), "bomb.pdf", "cannot read it as a PDF")


# --- 2. interruption and concurrency ------------------------------------------------------------

def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text()
            except OSError:
                continue
            if int(stat.rpartition(")")[2].split()[1]) == pid:
                found.append(int(entry.name))
    return found


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rpartition(")")[2].split()[0]
    except OSError:
        return False
    return state not in ("Z", "X")


@pytest.mark.skipif(not Path("/proc/self/stat").exists(), reason="reads the process table from /proc (Linux)")
def test_workers_die_when_the_command_is_killed(tmp_path):
    for attempt in range(3):
        process = subprocess.Popen([sys.executable, "-m", "generator", "build", "--out", str(tmp_path / f"k{attempt}")],
                                   stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        # Every worker seen, until the booklets' pool of two runs (beside it, or after it, the
        # worker that draws the other files).
        deadline, workers, running = time.monotonic() + 60, set(), []
        while time.monotonic() < deadline and len(running) < 2:
            running = children_of(process.pid)
            workers.update(running)
            time.sleep(0.01)
        assert len(running) >= 2, "the build did not start its workers"
        os.kill(process.pid, signal.SIGKILL)
        process.communicate(timeout=60)         # returns only when no worker holds stdout open
        deadline = time.monotonic() + 60        # the kernel's SIGKILL to each: met at once, however busy
        while time.monotonic() < deadline and any(alive(pid) for pid in workers):
            time.sleep(0.05)
        assert not any(alive(pid) for pid in workers), "a worker outlived the killed command"


def test_hyphenation_cannot_be_lost_silently(monkeypatch):
    import pyphen
    from reportlab.platypus import paragraph

    from generator.books.booklet import hyphenation

    assert paragraph.pyphen is pyphen
    monkeypatch.setattr(paragraph, "pyphen", None)          # as if reportlab's guarded import had failed
    hyphenation.require_hyphenation()
    assert paragraph.pyphen is pyphen
    monkeypatch.setattr(pyphen, "language_fallback", lambda name: None)
    with pytest.raises(UserError, match="hyphenation for ru"):
        hyphenation.require_hyphenation()


@pytest.mark.long
@pytest.mark.parametrize("target", ["home", "shop"])
def test_two_builds_into_one_folder_at_once(tmp_path, target):
    out = tmp_path / "kit"
    argv = [sys.executable, "-m", "generator", "build", "--target", target, "--out", str(out)]
    for _ in range(2):
        first = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        second = subprocess.Popen(argv, stdout=subprocess.PIPE, stderr=subprocess.PIPE)
        for process in (first, second):
            _, err = process.communicate(timeout=120)
            assert process.returncode == 0, err.decode()
    assert not list(out.glob(".*.part"))


def test_cleanup_removes_only_our_own_stale_temporaries(tmp_path):
    out = tmp_path / "kit"
    out.mkdir()
    dead = subprocess.run([sys.executable, "-c", "import os; print(os.getpid())"], capture_output=True, text=True)
    dead_pid = int(dead.stdout)
    ours_dead = out / f".board-a3.pdf.{dead_pid}.ab12cd34.part"
    ours_dead.write_bytes(b"half")
    ours_dead_folder = out / f".shop-rules-en.{dead_pid}.zz9_y8x7.part"
    ours_dead_folder.mkdir()
    ours_alive = out / f".board-a3.pdf.{os.getppid()}.ab12cd34.part"      # pytest's parent is running
    ours_alive.write_bytes(b"someone else is writing this")
    users = [out / ".my-backup.part", out / ".notes.part"]
    users[0].mkdir()
    (users[0] / "precious.txt").write_text("keep me")
    users[1].write_text("keep me too")
    result = run_cli("board", "--out", str(out))
    assert result.returncode == 0, result.stderr
    assert not ours_dead.exists() and not ours_dead_folder.exists()
    assert ours_alive.exists() and (users[0] / "precious.txt").exists() and users[1].exists()


def test_verify_tells_whether_a_folder_matches_its_manifest(tmp_path):
    out = tmp_path / "kit"
    assert run_cli("board", "--out", str(out)).returncode == 0
    good = run_cli("verify", "--out", str(out))
    assert good.returncode == 0 and "matches its manifest: 3 file(s)" in good.stdout
    with open(out / "board-a3.pdf", "ab") as handle:
        handle.write(b"%changed")
    (out / "board-full-size.pdf").unlink()
    bad = run_cli("verify", "--out", str(out))
    assert bad.returncode == 1
    assert "changed  board-a3.pdf" in bad.stdout and "missing  board-full-size.pdf" in bad.stdout
    (out / "manifest.json").unlink()
    refused(run_cli("verify", "--out", str(out)), "manifest.json is missing", "did not finish")


def test_a_killed_build_never_leaves_a_manifest_that_lies(tmp_path):
    out = tmp_path / "kit"
    assert run_cli("build", "--out", str(out), "--theme", "grayscale").returncode == 0
    for delay in (0.3, 0.6):
        process = subprocess.Popen([sys.executable, "-m", "generator", "build", "--out", str(out)],
                                   stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, start_new_session=True)
        time.sleep(delay)
        os.killpg(process.pid, signal.SIGKILL)
        process.communicate(timeout=30)
        result = run_cli("verify", "--out", str(out))
        assert result.returncode in (0, 2), result.stdout       # matches, or says the manifest is missing
        if result.returncode == 2:
            assert "did not finish" in result.stderr


# --- 3. print-shop booklets are PDF/X clean ---------------------------------------------------

def test_shop_booklets_have_no_annotations_no_orphans_and_crop_marks(shop_kit):
    for path in sorted(shop_kit.glob("shop-rules-*.pdf")):
        reader = PdfReader(path)
        assert all("/Annots" not in page for page in reader.pages), path.name
        page = reader.pages[0]
        assert float(page.mediabox.width) > float(page["/BleedBox"][2]), "crop marks need room outside the bleed"
        assert all(check.passed for check in preflight(path)), [c.line() for c in preflight(path) if not c.passed]
    cover = PdfReader(shop_kit / "shop-rules-en-cover.pdf")
    stored_pages = [number for table in cover.xref.values() for number in table
                    if getattr(cover.get_object(number), "get", lambda k: None)("/Type") == "/Page"]
    assert len(stored_pages) == 4, "the cover drags interior pages along"


def font_names(path: Path) -> dict[str, set]:
    reader = PdfReader(path)
    found: dict[str, set] = {}
    for page in reader.pages:
        for font in (page["/Resources"].get("/Font") or {}).values():
            font = font.get_object()
            program = font["/FontDescriptor"].get_object()["/FontFile2"].get_object().get_data()
            found.setdefault(str(font["/BaseFont"]), set()).add(hashlib.sha256(program).hexdigest())
    return found


def test_every_font_subset_has_its_own_tag(shop_kit, default_kit):
    names: dict[str, set] = {}
    for path in [*shop_kit.glob("*.pdf"), *default_kit.glob("tiles-*.pdf"), default_kit / "rules-ru.pdf"]:
        for name, programs in font_names(path).items():
            names.setdefault(name, set()).update(programs)
    assert len(names) >= 5
    assert all(len(programs) == 1 for programs in names.values()), "two different subsets share a name"
    assert not any(name.startswith("/AAAAAA+") for name in names)


def test_pdffonts_sees_distinct_names(shop_kit):
    """An independent reader (poppler's pdffonts), where it is installed."""
    try:
        result = subprocess.run(["pdffonts", str(shop_kit / "shop-rules-ru-interior.pdf")],
                                capture_output=True, text=True)
    except FileNotFoundError:
        pytest.skip("poppler-utils' pdffonts is not installed")
    names = [line.split()[0] for line in result.stdout.splitlines()[2:]]
    assert len(names) == len(set(names)) >= 3
    assert all(name[6] == "+" and name[:6].isupper() for name in names)


def rewritten(source: Path, target: Path, change) -> Path:
    writer = PdfWriter(clone_from=str(source))
    change(writer)
    with open(target, "wb") as handle:
        writer.write(handle)
    return target


def failed_checks(path: Path) -> set[str]:
    return {check.name for check in preflight(path) if not check.passed}


def test_preflight_fails_a_link_inside_the_bleed(tmp_path, shop_board):
    def add_link(writer):
        link = DictionaryObject({NameObject("/Type"): NameObject("/Annot"), NameObject("/Subtype"): NameObject("/Link"),
                                 NameObject("/Rect"): ArrayObject([FloatObject(v) for v in (100, 100, 200, 120)])})
        writer.pages[0][NameObject("/Annots")] = ArrayObject([writer._add_object(link)])
    assert "no annotations in the bleed" in failed_checks(rewritten(shop_board, tmp_path / "link.pdf", add_link))


def test_preflight_fails_unreachable_objects(tmp_path, shop_board):
    def add_orphan(writer):
        writer._add_object(DictionaryObject({NameObject("/Orphan"): NumberObject(1)}))
    assert "no unreachable objects" in failed_checks(rewritten(shop_board, tmp_path / "orphan.pdf", add_orphan))


def test_preflight_fails_two_fonts_sharing_a_name(tmp_path, shop_kit):
    source = shop_kit / "shop-rules-en-cover.pdf"

    def same_name(writer):
        fonts = [f.get_object() for f in writer.pages[0]["/Resources"]["/Font"].values()]
        fonts = [f for f in fonts if "/FontDescriptor" in f]
        assert len(fonts) >= 2
        fonts[1][NameObject("/BaseFont")] = fonts[0]["/BaseFont"]
    assert "font names" in failed_checks(rewritten(source, tmp_path / "fonts.pdf", same_name))


# --- 4. smaller findings ------------------------------------------------------------------------

@pytest.mark.parametrize("text", ["rgb(0 0 0 / none)", "rgb(0 0 0 / 0.5)", "color(srgb 0 0 0 / none)"])
def test_only_opaque_colours(text):
    with pytest.raises(UserError, match="transparent"):
        parse_colour_text(text, "--colour")


def test_export_refuses_a_symlinked_folder_inside_the_output(tmp_path):
    out, elsewhere = tmp_path / "kit", tmp_path / "elsewhere"
    out.mkdir()
    elsewhere.mkdir()
    (out / "png").symlink_to(elsewhere, target_is_directory=True)
    refused(run_cli("export", "--format", "png", "--sets", "C", "--out", str(out)), "symbolic link")
    assert list(elsewhere.iterdir()) == []


def test_colour_checks_cover_the_cmyk_values_too():
    for name in theme_names():
        findings = check_theme(load_theme(name))
        printed = [f for f in findings if "CMYK" in f.subject]
        assert len(printed) == len(findings) / 2
        assert all(f.passed for f in findings), (name, [f.message for f in findings if not f.passed])
    # A theme whose hex passes but whose CMYK is far too light: only the CMYK finding fails.
    theme = load_theme("classic")
    pale = Colour(theme.colour("tile.digit").hex, (0, 0, 0, 10))
    from msgspec.structs import replace
    findings = check_theme(replace(theme, colours={**theme.colours, "tile.digit": pale}))
    failed = [f for f in findings if not f.passed]
    assert [f.subject for f in failed] == ["tile.digit on tile.face (CMYK)"]
    assert "cmyk(0,0,0,10)" in failed[0].message


def pdf_dates(folder: Path) -> set[str]:
    return {str(PdfReader(path).metadata.get(key)) for path in folder.glob("*.pdf")
            for key in ("/CreationDate", "/ModDate")}


@pytest.mark.long
def test_source_date_epoch_is_one_rule_for_every_pdf(tmp_path):
    environment = {**os.environ, "SOURCE_DATE_EPOCH": "1700000000"}

    def kit(name, target):
        out = tmp_path / name
        subprocess.run([sys.executable, "-m", "generator", "build", "--target", target, "--sets", "C",
                        "--out", str(out)], env=environment, check=True, capture_output=True)
        return out

    for target in ("home", "shop"):
        first, second = kit(f"{target}-1", target), kit(f"{target}-2", target)
        assert pdf_dates(first) == {"D:20231114221320+00'00'"}, target
        assert all((second / p.name).read_bytes() == p.read_bytes() for p in first.glob("*.pdf"))
    bad = subprocess.run([sys.executable, "-m", "generator", "sets", "A"], capture_output=True, text=True,
                         env={**os.environ, "SOURCE_DATE_EPOCH": "yesterday"})
    refused(bad, "SOURCE_DATE_EPOCH", "whole number")


def test_without_source_date_epoch_every_pdf_is_dated_2000(default_kit):
    assert pdf_dates(default_kit) == {"D:20000101000000+00'00'"}
