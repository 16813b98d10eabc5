"""Starting `python -m generator` for a test without paying for the interpreter's start each time.

About 770 commands are started by the suite; 420 of them can come from here (the rest need a
fresh interpreter: below). Starting Python and loading the same libraries again costs each command
0.1-0.3 s before any work. Here one plain Python process per test worker loads those libraries
once (click, reportlab, pypdf, Pillow, …, and every module of the kit that says no words as it
loads), reads what every build reads first (WARM: the rule books, the figures, the fonts), and
forks a child for each command. The child is a process of its own, as `python -m generator` is: it
gets the test's working folder, environment and pipes, imports the language-bound modules of the
kit fresh, runs generator.entry.main, and ends with the command's own exit status, which the server
reports.

What is not the same as a fresh interpreter, and so where a test still starts one (run_cli's
fresh=True, or subprocess directly): the hash seed is the server's (two outputs compared for
equal bytes must come from two interpreters, or an order that depends on it would go unseen);
Python's start-up settings (PYTHON*, LC_*, LANG, LANGUAGE) are the server's, so an environment
that changes them starts a fresh interpreter; and a command that needs a terminal or signals
goes through subprocess in its test.
"""

import array
import os
from pathlib import Path
import shutil
import signal
import socket
import struct
import subprocess
import sys
import threading
import time

# Libraries the commands load: importing them here is what the children no longer pay for.
PRELOAD = ("click", "msgspec", "tomllib", "importlib.metadata", "PIL.Image", "PIL.ImageCms", "reportlab.pdfgen.canvas",
           "reportlab.platypus", "reportlab.pdfbase.ttfonts", "pypdf", "svgwrite", "ezdxf", "uuid",
           "zipfile", "json", "hashlib", "email.message", "xml.etree.ElementTree")
# Modules that translate their texts as they load (the commands' help; the studio's progress
# lines come from there too), so they load in the child, after the language is chosen. Every other
# module of the kit translates when called and reads no environment as it loads: loaded here.
LANGUAGE_BOUND = ("generator.commands", "generator.studio", "generator.__main__")
# Variables Python reads as it starts (the streams' encoding, the hash seed, paths, modes): an
# environment that differs in one of them needs an interpreter of its own.
START_UP = ("PYTHON", "LC_", "LANG", "LANGUAGE")

# What a build reads before it draws, the same for every command and language: the rule books parsed,
# the figures, the fonts registered, the web pages' templates, the hyphenation dictionaries. Each is
# kept for the process once read (functools.cache, pyphen's own cache), so the children find it
# read, as a build's own workers find what it read before forking them.
WARM = """
import pyphen
from generator.books.booklet.hyphenation import DICTIONARIES
from generator.books.html.templates import environment
from generator.model.figures import load_figures
from generator.rules.source import BOOKS, load_rules
from generator.scene.fonts import register_families
from generator.words import LANGUAGES
for book in BOOKS:
    for lang in LANGUAGES:
        load_rules(lang, book=book)
for dictionary in DICTIONARIES.values():
    pyphen.Pyphen(lang=dictionary)
load_figures()
register_families()
environment()
"""
# The layout catalogues' counting of the kit sets' pairings (half a second a set, kept for the process
# by the set's tiles), done before the first `layouts` command is forked: the suite's 70 or so
# `layouts` commands would each count again. Workers that run none of them never pay for it.
WARM_LAYOUTS = """
from generator.jobs.layouts import chosen_set, found_layouts
for name in ("A", "B", "C"):
    found_layouts(chosen_set(name, None)[0], 1, 1)
"""

SERVER = f"LANGUAGE_BOUND = {LANGUAGE_BOUND!r}\nWARM_LAYOUTS = {WARM_LAYOUTS!r}\n" + r"""
import array, importlib, os, pkgutil, socket, struct, sys
address, libraries = sys.argv[1:]
for name in libraries.split(","):
    try:
        importlib.import_module(name)
    except ImportError:
        pass
sys.argv = ["-m"]           # as for `python -m generator`: the package holds Ctrl-C back for its handler
import generator
def preload(path, prefix):
    for module in pkgutil.iter_modules(path, prefix):
        if not module.name.startswith(LANGUAGE_BOUND):
            loaded = importlib.import_module(module.name)
            if module.ispkg:
                preload(loaded.__path__, module.name + ".")
preload(generator.__path__, "generator.")
""" + WARM + r"""
bound = sorted(name for name in sys.modules if name.startswith(LANGUAGE_BOUND))
assert not bound, f"preloaded modules that say their words as they load: {bound}"
import gc
gc.freeze()         # what is loaded stays shared with the children: their collections never touch it
listener = socket.socket(socket.AF_UNIX, socket.SOCK_STREAM)
listener.bind(address)
listener.listen(8)
assert len(os.listdir("/proc/self/task")) == 1 if os.path.isdir("/proc/self/task") else True, "a second thread"
print("ready", flush=True)

def receive(connection):
    size = struct.unpack(">I", connection.recv(4, socket.MSG_WAITALL))[0]
    fds = array.array("i")
    message, ancillary, _, _ = connection.recvmsg(size, socket.CMSG_SPACE(3 * fds.itemsize))
    while len(message) < size:
        message += connection.recv(size - len(message))
    for level, kind, data in ancillary:
        if level == socket.SOL_SOCKET and kind == socket.SCM_RIGHTS:
            fds.frombytes(data[:len(data) - len(data) % fds.itemsize])
    return eval(message.decode("utf-8", "surrogateescape")), list(fds)

import selectors
waiting = selectors.DefaultSelector()
waiting.register(listener, selectors.EVENT_READ)
waiting.register(sys.stdin, selectors.EVENT_READ)       # the test process's pipe: EOF when it has ended
while True:
    if any(key.fileobj is sys.stdin for key, _ in waiting.select()):
        sys.exit(0)
    connection, _ = listener.accept()
    with connection:
        (argv, cwd, environment), fds = receive(connection)
        if argv[:1] == ["layouts"] and WARM_LAYOUTS:
            exec(WARM_LAYOUTS)
            WARM_LAYOUTS = ""
        pid = os.fork()
        if pid == 0:
            status = 70
            try:
                listener.close()
                connection.close()
                for target, fd in enumerate(fds):
                    os.dup2(fd, target)
                    os.close(fd)
                os.chdir(cwd)
                os.environ.clear()
                os.environ.update(environment)
                sys.argv = ["-m", *argv]        # as Python sets it while it finds the module
                sys.path[0] = cwd               # as `python -m` puts the working folder first
                import runpy
                runpy.run_module("generator", run_name="__main__", alter_sys=True)
            except SystemExit as done:
                status = done.code if isinstance(done.code, int) else 1
            except BaseException:
                import traceback
                traceback.print_exc()
            finally:
                os._exit(status)
        for fd in fds:
            os.close(fd)
        connection.sendall(struct.pack(">i", pid))      # for a test's timeout to stop it
        _, waited = os.waitpid(pid, 0)
        code = -os.WTERMSIG(waited) if os.WIFSIGNALED(waited) else os.WEXITSTATUS(waited)
        connection.sendall(struct.pack(">i", code))
"""


class CommandServer:
    """One per test process (xdist worker), started on first use, stopped at exit."""

    def __init__(self, folder: Path):
        self.address = str(folder / "commands.sock")
        self.environment = dict(os.environ)
        # One thread: numpy's OpenBLAS (loaded with ezdxf) would start a second, and a process forks
        # safely only with one. The children set their own environment, so they do not inherit this.
        single = {**self.environment, "OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1"}
        self.process = subprocess.Popen([sys.executable, "-c", SERVER, self.address, ",".join(PRELOAD)], env=single,
                                        stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                                        cwd=folder)
        if self.process.stdout.readline() != b"ready\n":
            raise RuntimeError(f"the command server did not start: {self.process.communicate()[1].decode()[-2000:]}")
        self.process.stderr.close()         # the children write into the pipes each test gives them
        self.lock = threading.Lock()

    def serves(self, environment: dict) -> bool:
        """Whether a child of this server starts as an interpreter started with `environment` would."""
        changed = {key for key in environment.keys() | self.environment.keys()
                   if environment.get(key) != self.environment.get(key)}
        return self.process.poll() is None and not any(key.startswith(START_UP) for key in changed)

    def run(self, argv: list[str], cwd: str, environment: dict,
            timeout: float | None = None) -> subprocess.CompletedProcess:
        """Run `python -m generator ARGV` in a child of the server, its output captured as text; past
        `timeout` seconds it is killed and TimeoutExpired raised, as subprocess.run does."""
        out_read, out_write = os.pipe()
        err_read, err_write = os.pipe()
        null = os.open(os.devnull, os.O_RDONLY)
        message = repr((list(argv), cwd, environment)).encode("utf-8", "surrogateescape")
        with self.lock, socket.socket(socket.AF_UNIX, socket.SOCK_STREAM) as connection:
            connection.connect(self.address)
            connection.sendall(struct.pack(">I", len(message)))
            fds = array.array("i", [null, out_write, err_write])
            sent = connection.sendmsg([message], [(socket.SOL_SOCKET, socket.SCM_RIGHTS, fds)])
            connection.sendall(message[sent:])
            for fd in (null, out_write, err_write):
                os.close(fd)
            pid = struct.unpack(">i", connection.recv(4, socket.MSG_WAITALL))[0]
            captured = {}
            readers = [threading.Thread(target=_read_all, args=(fd, captured)) for fd in (out_read, err_read)]
            for reader in readers:
                reader.start()
            deadline = None if timeout is None else time.monotonic() + timeout
            for reader in readers:
                reader.join(None if deadline is None else max(0.0, deadline - time.monotonic()))
            timed_out = any(reader.is_alive() for reader in readers)
            if timed_out:
                os.kill(pid, signal.SIGKILL)
                for reader in readers:
                    reader.join()
            status = struct.unpack(">i", connection.recv(4, socket.MSG_WAITALL))[0]
        command = [sys.executable, "-m", "generator", *argv]
        if timed_out:
            raise subprocess.TimeoutExpired(command, timeout, captured[out_read], captured[err_read])
        return subprocess.CompletedProcess(command, status, _text(captured[out_read]), _text(captured[err_read]))

    def stop(self) -> None:
        self.process.stdin.close()          # as when the test process ends any other way
        self.process.wait()
        self.process.stdout.close()
        shutil.rmtree(Path(self.address).parent, ignore_errors=True)


def _read_all(fd: int, into: dict) -> None:
    chunks = []
    with open(fd, "rb") as stream:
        while chunk := stream.read(65536):
            chunks.append(chunk)
    into[fd] = b"".join(chunks)


def _text(data: bytes) -> str:
    """As subprocess.run(text=True) decodes: the locale's encoding (UTF-8 here), universal newlines."""
    return data.decode("utf-8").replace("\r\n", "\n").replace("\r", "\n")
