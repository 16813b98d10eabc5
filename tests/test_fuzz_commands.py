"""Fuzzing the command as a person's shell, terminal and browser drive it (issue 37's campaign):
the environment it starts in, the shell's completion requests, Ctrl-C and SIGTERM at random
moments, and the colour studio's HTTP.

Every case runs in a sandbox (tests/fuzzing.py): its working folder, home, XDG and temporary
folders inside a fresh folder, and, for a subprocess, a /tmp of its own. Each asserts no traceback,
an exit status (or HTTP status) from the allowed set, one error line when it fails, an answer
within a deadline, and nothing written, changed or removed outside the output folder. At scale 1
each test runs a handful of cases; OPENDOMINO_FUZZ_SCALE (and scripts/fuzz_campaign.py) runs
hundreds.
"""

from contextlib import ExitStack, contextmanager, redirect_stderr, redirect_stdout
import io
import json
import os
from pathlib import Path
import signal
import socket
import string
import subprocess
import tempfile
from unittest import mock

from fuzzing import HangFound, TracebackFound, check_answer, command, finish, fuzz, places_written, sandbox, watched
from hypothesis import event, example, given
from hypothesis import strategies as st
import pytest
from studio_client import read_until_closed, running_studio, status_of
from test_fuzz import as_a_process_of_its_own, documents, near_misses
from test_studio_security import bodies

from generator.commands.main import COMPLETE_VARIABLE, cli
from generator.entry import INTERRUPTED, TERMINATED
from generator.studio.builds import Builds
from generator.studio.guard import TOKEN_HEADER

SUBPROCESS_HANG = 120       # s: a command still running after this has hung (a build on a busy machine: ~10 s)
CASE_HANG = 2 * SUBPROCESS_HANG + 60    # s: a whole case (up to two commands); finish() says first which one hung
NOT_UTF8 = os.fsdecode(b"\xff\xfe")


def prepared(box) -> None:
    """The working folder a case starts in: a project config, a theme, a profile-like file, a
    folder, and a name that is not UTF-8."""
    (box.work / "club.toml").write_text('name = "Club"\n', encoding="utf-8")
    (box.work / "shop.icc").write_bytes(b"not a profile")
    (box.work / "mine").mkdir()
    (box.work / f"{NOT_UTF8}.toml").write_text("x = 1\n")


# --- the environment ---------------------------------------------------------------------------

LOCALES = ["C", "C.UTF-8", "POSIX", "en_US.UTF-8", "ru_RU.UTF-8", "ru_RU.KOI8-R", "ru_RU.CP1251", "tr_TR.UTF-8",
           "de_DE@euro", "ja_JP.eucJP", "", "xx_YY.garbage", "ru", "en:ru", "C.ASCII", "ru_RU.utf8"]
# Encodings Python knows, with each error handler: an unknown name stops Python itself before any
# code of the kit runs ("Fatal Python error: init_sys_streams"), so the kit cannot answer it.
ENCODINGS = ["utf-8", "utf-8:strict", "ascii", "ascii:strict", "latin-1", "latin-1:strict", "cp1251", "koi8-r",
             "utf-16", "cp437:strict", ":surrogateescape", "utf-8:replace", "ascii:backslashreplace", ""]
PLACES = ["", ".", "relative/dir", "/nonexistent/opendomino-fuzz", "FILE", "SANDBOX", "~", "\t", "/"]
unset = st.none()
texts = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"), max_size=12)
variables = st.fixed_dictionaries({}, optional={
    "LANG": st.one_of(unset, st.sampled_from(LOCALES), texts),
    "LC_ALL": st.one_of(unset, st.sampled_from(LOCALES)),
    "LC_CTYPE": st.one_of(unset, st.sampled_from(LOCALES)),
    "LC_MESSAGES": st.one_of(unset, st.sampled_from(LOCALES)),
    "LANGUAGE": st.one_of(unset, st.sampled_from(["ru", "en", "ru:en", "de", "", "xx"])),
    "HOME": st.one_of(unset, st.sampled_from(PLACES), texts),
    "XDG_CONFIG_HOME": st.one_of(unset, st.sampled_from(PLACES), texts),
    "XDG_CACHE_HOME": st.one_of(unset, st.sampled_from(PLACES)),
    "XDG_DATA_HOME": st.one_of(unset, st.sampled_from(PLACES)),
    "XDG_RUNTIME_DIR": st.one_of(unset, st.sampled_from(PLACES)),
    "TMPDIR": st.one_of(unset, st.sampled_from(PLACES)),
    "SOURCE_DATE_EPOCH": st.one_of(unset, st.sampled_from(["0", "1700000000", "-1", "9" * 30, "", " 5 ", "1e9",
                                                          "253402300799", "253402300800"]), texts),
    "PYTHONIOENCODING": st.one_of(unset, st.sampled_from(ENCODINGS)),
    "COLUMNS": st.one_of(unset, st.sampled_from(["0", "-5", "1", "100000", "x", ""])),
    "NO_COLOR": st.one_of(unset, st.just("1")),
    "TERM": st.one_of(unset, st.sampled_from(["dumb", "xterm-256color", ""])),
    "OPENDOMINO_CONFIG": st.one_of(unset, texts),
    "OPENDOMINO_LANG": st.one_of(unset, texts),
    "OPENDOMINO_OUT": st.one_of(unset, texts),
    "OPENDOMINO_PROGRESS": st.one_of(unset, st.sampled_from(["lines", "LINES", "", "bar"]), texts),
})
ENV_COMMANDS = [["config"], ["config", "--json"], ["check"], ["check", "--theme", "club.toml"], ["sets", "A"],
                ["sets", "double-6", "--unicode"], ["sets", "--list"], ["products"], ["products", "tgc-domino-deck"],
                ["verify"], ["init", "proj"], ["--help"], ["build", "--help"], ["themes", "--out", "out"],
                ["tiles", "--sets", "A", "--out", "out"], ["config", "--icc", f"{NOT_UTF8}.icc"],
                ["check", "--config", f"{NOT_UTF8}.toml"], ["calibrate", "--out", "out"]]


def placed(value, box) -> str | None:
    """A PLACES word made real: FILE a regular file, SANDBOX a fresh folder in the sandbox."""
    if value == "FILE":
        path = box.root / "a-file"
        path.write_text("x")
        return str(path)
    if value == "SANDBOX":
        path = box.root / "elsewhere"
        path.mkdir(exist_ok=True)
        return str(path)
    return value


@fuzz(4, "environment", CASE_HANG)
@given(env=variables, argv=st.sampled_from(ENV_COMMANDS), user_config=st.one_of(st.none(), documents))
@example(env={"PYTHONIOENCODING": "ascii:strict", "LANG": "C"}, argv=["sets", "double-6", "--unicode"],
         user_config=None)
@example(env={"HOME": None}, argv=["config"], user_config=None)
@example(env={"PYTHONIOENCODING": "latin-1"}, argv=["sets", "double-6", "--unicode"], user_config=None)
@example(env={"PYTHONIOENCODING": "utf-16", "SOURCE_DATE_EPOCH": "253402300800"}, argv=["config"], user_config=None)
def test_any_environment(env, argv, user_config):
    with sandbox(every_folder=True) as box:
        prepared(box)
        env = {name: placed(value, box) for name, value in env.items()}
        config = Path(env.get("XDG_CONFIG_HOME") or box.environment()["XDG_CONFIG_HOME"])
        if user_config is not None and config.is_absolute() and config.is_relative_to(box.root) and config.is_dir():
            (config / "opendomino").mkdir(exist_ok=True)
            (config / "opendomino" / "config.toml").write_text(user_config, encoding="utf-8")
        for name, value in env.items():
            event(f"{name}: {'unset' if value is None else 'set'}")
        with watched(box, places_written(argv, box.work)):
            status, _, err = finish(command(box, argv, env, stdout=subprocess.PIPE, stderr=subprocess.PIPE), SUBPROCESS_HANG)
        check_answer(status, err.decode(stream_encoding(env), errors="replace"), {0, 2})
        assert not os.listdir(box.system_tmp), os.listdir(box.system_tmp)
        event(f"exit status {status}")


def stream_encoding(env: dict) -> str:
    """What the command's stderr is written in: PYTHONIOENCODING's codec when it names one (the
    kit's line in UTF-16 is still its line), else UTF-8 (a locale that is not installed falls back to it)."""
    return (env.get("PYTHONIOENCODING") or "").split(":")[0] or "utf-8"


@pytest.mark.parametrize("encoding", ["latin-1", "cp1251:strict", "koi8-r"])
def test_a_character_the_terminal_lacks_is_written_as_its_escape(encoding):
    """The first campaign's find: `sets double-6 --unicode` on a Latin-1 stdout ended in a
    UnicodeEncodeError traceback. Now the dominoes the encoding lacks come as escapes, the rest as
    they are."""
    from generator.model.set_loader import load_set

    with sandbox(every_folder=True) as box:
        status, out, err = finish(command(box, ["sets", "double-6", "--unicode"], {"PYTHONIOENCODING": encoding},
                                          stdout=subprocess.PIPE, stderr=subprocess.PIPE), SUBPROCESS_HANG)
    assert (status, err) == (0, b""), err
    text = out.decode(encoding.split(":")[0])
    assert "\\U0001f063" in text and "double-6" in text and load_set("double-6").name in text


# --- completion ----------------------------------------------------------------------------------

SHELLS = ["bash", "zsh", "fish"]
INSTRUCTIONS = st.one_of(st.sampled_from([f"{shell}_complete" for shell in SHELLS]),
                         st.sampled_from([f"{shell}_source" for shell in SHELLS]),
                         st.sampled_from(["bash_nonsense", "nonsense_complete", "_complete", "zsh_", "1", "bash"]),
                         texts.filter(bool))
NAMES = sorted(cli.commands)
OPTION_NAMES = sorted({opt for each in cli.commands.values() for param in each.params for opt in param.opts
                       if opt.startswith("-")})
WORDS = ["opendomino", "~nosuchuser37/", "~/", "~", "../", "/", "./mine/", "club", "A,", "A,b,", "double-6,",
         "--", "-", "=", '"', "'", "\\", "$HOME", "`x`", NOT_UTF8, f"{NOT_UTF8}/", "\t", "", " ", "x" * 300,
         "FOGRA", "tgc-", "board.", "A.group1=", "22", "png,", "shop.icc", "mine/"]
words = st.one_of(st.sampled_from(NAMES), st.sampled_from(OPTION_NAMES), st.sampled_from(OPTION_NAMES).flatmap(
    near_misses), st.sampled_from(WORDS), texts)
comp_words = st.one_of(st.lists(words, max_size=7).map(lambda ws: " ".join(["opendomino", *ws])),
                       st.lists(words, max_size=7).map(" ".join), texts, unset)
comp_cwords = st.one_of(st.integers(-3, 10).map(str), st.sampled_from(["", "x", "9" * 40, " 1", "1.5", "-0"]),
                        words, unset)
requests = st.fixed_dictionaries({COMPLETE_VARIABLE: INSTRUCTIONS, "COMP_WORDS": comp_words,
                                  "COMP_CWORD": comp_cwords})


def surrogates_out(text: str | None) -> str | None:
    """As the environment of a subprocess holds it: bytes (a lone surrogate is a byte that was not UTF-8)."""
    return None if text is None else os.fsencode(text.replace("\x00", "")).decode("utf-8", "surrogateescape")


def check_completion(status: int, out: str, err: str) -> None:
    if "Traceback" in out + err:
        raise TracebackFound(out + err)
    assert status in (0, 1), (status, err)
    assert err == "", f"completion wrote to the terminal: {err!r}"
    event(f"exit status {status}, {'offers' if out.strip() else 'nothing'}")


@contextmanager
def completion_environment(box, request):
    with mock.patch.dict(os.environ, box.environment()):
        for name, value in request.items():
            if value is None:
                os.environ.pop(name, None)
            else:
                os.environ[name] = surrogates_out(value)
        yield


@fuzz(60, "completion")
@given(request=requests)
@example(request={COMPLETE_VARIABLE: "bash_complete", "COMP_WORDS": "opendomino build --icc ~nosuchuser37/",
                  "COMP_CWORD": "3"})
@example(request={COMPLETE_VARIABLE: "fish_complete", "COMP_WORDS": None, "COMP_CWORD": "x"})
def test_any_completion_request(request):
    """In this process: thousands of requests in seconds."""
    from generator.commands.main import main

    out, err = io.StringIO(), io.StringIO()
    with sandbox() as box, ExitStack() as stack:
        prepared(box)
        stack.enter_context(watched(box))
        stack.enter_context(as_a_process_of_its_own())
        stack.enter_context(completion_environment(box, request))
        previous = os.getcwd()
        os.chdir(box.work)
        stack.callback(os.chdir, previous)
        stack.enter_context(redirect_stdout(out))
        stack.enter_context(redirect_stderr(err))
        try:
            main([])
            status = 0
        except SystemExit as done:
            status = done.code
    check_completion(status, out.getvalue(), err.getvalue())


@fuzz(5, "completion", CASE_HANG)
@given(request=requests)
def test_any_completion_request_from_a_shell(request):
    """As the shell starts it: a process of its own, with the shell's variables."""
    with sandbox(every_folder=True) as box:
        prepared(box)
        env = {name: surrogates_out(value) for name, value in request.items()}
        with watched(box):
            status, out, err = finish(command(box, [], env, stdout=subprocess.PIPE, stderr=subprocess.PIPE), SUBPROCESS_HANG)
        check_completion(status, out.decode(errors="replace"), err.decode(errors="replace"))
        assert not os.listdir(box.system_tmp), os.listdir(box.system_tmp)


# --- signals -------------------------------------------------------------------------------------

SIGNALLED = [["sets", "A"], ["config"], ["check"], ["tiles", "--sets", "A", "--out", "out"],
             ["board", "--out", "out"], ["export", "--format", "png", "--sets", "A", "--dpi", "50", "--out", "out"],
             ["booklet", "--book", "open", "--lang", "en", "--format", "pdf", "--out", "out"],
             ["build", "--sets", "C", "--books", "open", "--out", "out"]]
LINES = {signal.SIGINT: (130, f"opendomino: error: {INTERRUPTED}\n"),
         signal.SIGTERM: (143, f"opendomino: error: {TERMINATED}\n")}


@contextmanager
def held_by_the_children():
    """Commands started inside begin with SIGINT and SIGTERM held back, as generator/__init__.py
    holds them from its first statement: a signal sent while Python itself starts, before any code
    of the kit can run, arrives once the kit's handler is in place (what Python does before that is
    Python's: docs/explanation/files-you-can-trust.md, tests/test_hardening_signals.py)."""
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, {signal.SIGINT, signal.SIGTERM})
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


@fuzz(3, "signals", CASE_HANG)
@given(argv=st.sampled_from(SIGNALLED), which=st.sampled_from([signal.SIGINT, signal.SIGTERM]),
       group=st.booleans(), delay_ms=st.one_of(st.integers(0, 200), st.integers(200, 3000)),
       again=st.one_of(st.none(), st.integers(0, 300)))
@example(argv=["build", "--sets", "C", "--books", "open", "--out", "out"], which=signal.SIGTERM, group=True,
         delay_ms=1500, again=None)
@example(argv=["booklet", "--book", "open", "--lang", "en", "--format", "pdf", "--out", "out"], which=signal.SIGINT,
         group=True, delay_ms=703, again=0)
@example(argv=["export", "--format", "png", "--sets", "A", "--dpi", "50", "--out", "out"], which=signal.SIGTERM,
         group=True, delay_ms=546, again=0)
def test_a_signal_at_any_moment(argv, which, group, delay_ms, again):
    """Ctrl-C or SIGTERM, to the command or its process group, once or twice: one line and 130 or
    143, or the command had finished (0); no temporary left in the output folder, nothing
    elsewhere. (The delay is the input: any outcome in the allowed set passes, whenever it lands.)"""
    import time

    with sandbox(every_folder=True) as box:
        with watched(box, places_written(argv, box.work)):
            with held_by_the_children():
                process = command(box, argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, start_new_session=True)
            time.sleep(delay_ms / 1000)
            send = os.killpg if group else os.kill
            try:
                send(process.pid, which)
                if again is not None:
                    time.sleep(again / 1000)
                    send(process.pid, which)
            except ProcessLookupError:          # it had finished and been reaped
                pass
            status, _, err = finish(process, SUBPROCESS_HANG)
        err = err.decode(errors="replace")
        if "Traceback" in err:
            raise TracebackFound(err)
        assert (status, err) in (LINES[which], (0, "")), (status, err)
        out = box.work / "out"
        if again is not None and temporaries(out):
            # A second signal ends the command at once, in the middle of a write: the temporaries it
            # leaves (in any of its folders) are the next run's to remove (docs/explanation/files-you-can-trust.md).
            event("second signal: temporaries left for the next run")
            status, _, err = finish(command(box, argv, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE),
                                    SUBPROCESS_HANG)
            assert status == 0, err
        assert temporaries(out) == [], f"temporaries left in the output folder: {temporaries(out)}"
        assert not os.listdir(box.system_tmp), os.listdir(box.system_tmp)
        event("finished" if status == 0 else f"stopped: {status}")


def temporaries(out: Path) -> list[str]:
    return sorted(path.name for path in out.rglob(".*")) if out.exists() else []


# --- the studio over HTTP ------------------------------------------------------------------------

STUDIO_BUILD = ("tiles", "--sets", "A")        # a real build of half a second, for the builds fuzzing starts


@pytest.fixture(scope="module")
def fuzzed_studio():
    """A studio serving in a thread, its builds' folder inside a sandbox: (studio, sandbox)."""
    with sandbox(every_folder=True) as box, mock.patch.object(tempfile, "tempdir", str(box.system_tmp)):
        with running_studio(builds=Builds(STUDIO_BUILD)) as studio:
            yield studio, box
        assert not os.listdir(box.system_tmp), f"the studio left {os.listdir(box.system_tmp)}"


METHODS = ["GET", "POST", "HEAD", "PUT", "DELETE", "PATCH", "OPTIONS", "TRACE", "CONNECT", "get", "BREW", "",
           "POST " * 3, "G\x00ET"]
ROUTES = ["/", "/?token=TOKEN", "/?token=", "/api/state", "/api/preview", "/api/theme", "/api/build", "/api/build/1",
          "/api/build/2/kit.zip", "/api/build/x", "/api/build/99999999999999999999", "/api/build/1/kit.zip/..",
          "/static/app.js", "/static/style.css", "/static/../../../etc/passwd", "/static/", "//", "*", "",
          "http://127.0.0.1/api/state", "/api/state?token=TOKEN", "/%2e%2e/%2e%2e", "/api/%73tate", "/api/state#x"]
ascii_text = st.text(st.characters(min_codepoint=0x20, max_codepoint=0x7e), max_size=20)
latin_text = st.text(st.characters(min_codepoint=0, max_codepoint=0xff), max_size=20)
OWN = "OWN"
header_values = {
    "Host": st.one_of(st.just(OWN), st.sampled_from(["localhost:1", "evil.example", "", "[::1]:1"]), latin_text),
    "Origin": st.one_of(st.just(OWN), st.sampled_from(["null", "http://evil.example", ""]), latin_text),
    "Referer": st.one_of(st.just(OWN), latin_text),
    TOKEN_HEADER: st.one_of(st.just(OWN), st.sampled_from(["", "x" * 43, "x" * 10_000]), latin_text),
    "Content-Type": st.one_of(st.sampled_from(["application/json", "application/json; charset=utf-8", "text/plain",
                                               "APPLICATION/JSON", "multipart/form-data; boundary=x", ""]),
                              latin_text),
    "Content-Length": st.one_of(st.just(OWN), st.sampled_from(["-1", "x", "0", "99999999999999999999", "1e3",
                                                               " 5", "+5", "0x10"]), st.integers(0, 70_000).map(str)),
    "Transfer-Encoding": st.sampled_from(["chunked", "gzip", "identity", ""]),
    "Connection": st.sampled_from(["close", "keep-alive", "Upgrade", ""]),
    "Expect": st.sampled_from(["100-continue", "x"]),
    "Accept-Encoding": st.sampled_from(["gzip", "*", ""]),
}
header_lists = st.lists(st.one_of(
    st.sampled_from(sorted(header_values)).flatmap(lambda name: st.tuples(st.just(name), header_values[name])),
    st.tuples(st.text(string.ascii_letters + "-_:", min_size=1, max_size=12), latin_text),
    st.tuples(st.sampled_from(["Host", TOKEN_HEADER, "Origin", "Content-Length"]), st.just(OWN)),   # a second one
), max_size=8)
request_bodies = st.one_of(st.just(b""), bodies.map(lambda value: json.dumps(value).encode()), st.binary(max_size=200),
                           st.sampled_from([b"{", b"[" * 5000, b"null", b'{"a":1,"a":2}', b"\xff\xfe", b"1" * 5000]))


def raw_request(studio, method: str, path: str, version: str, headers, body: bytes, own_headers: bool) -> bytes:
    own = {"Host": studio.host, "Origin": studio.origin, "Referer": studio.url, TOKEN_HEADER: studio.token,
           "Content-Length": str(len(body))}
    if own_headers:       # most requests reach the routes, past the guard
        headers = [*(pair for pair in own.items() if pair[0] != "Content-Length" or body), *headers]
    lines = [f"{method} {path.replace('TOKEN', studio.token)} {version}".encode("latin-1")]
    lines += [f"{name}: {own.get(name, '') if value == OWN else value}".encode("latin-1") for name, value in headers]
    return b"\r\n".join(lines) + b"\r\n\r\n" + body


def answer_to(port: int, data: bytes, seconds: float = 30) -> bytes:
    """Send the request, say nothing more, read until the server closes; HangFound past `seconds`."""
    with socket.create_connection(("127.0.0.1", port), timeout=seconds) as sock:
        try:
            sock.sendall(data)
            sock.shutdown(socket.SHUT_WR)
        except (BrokenPipeError, ConnectionResetError):      # it closed first: what it said still counts
            pass
        try:
            return read_until_closed(sock)
        except TimeoutError:
            raise HangFound(f"no answer within {seconds} s to {data[:120]!r}") from None


@fuzz(60, "studio HTTP", 120)
@given(method=st.one_of(st.sampled_from(METHODS), ascii_text.filter(lambda m: " " not in m)),
       path=st.one_of(st.sampled_from(ROUTES), st.builds(lambda a, b: a + b, st.sampled_from(ROUTES), ascii_text),
                      ascii_text),
       version=st.sampled_from(["HTTP/1.1", "HTTP/1.0", "HTTP/1.1", "HTTP/2.0", "HTTP/1", "HTTP/0.9", "http/1.1", "",
                                "HTTP/1.1 x"]),
       headers=header_lists, body=request_bodies, own_headers=st.booleans())
def test_any_http_request(fuzzed_studio, method, path, version, headers, body, own_headers):
    """Any method, path, headers and body on every route: an answer (or a hang-up) that is not a
    server error, nothing logged as an error, the studio still answering, nothing written but its
    own builds' folder."""
    studio, box = fuzzed_studio
    logged = len(studio.log)
    own_builds = [str(studio.server.builds.root)]
    with watched(box, own_builds):
        data = raw_request(studio, method, path, version, headers, body, own_headers)
        status = status_of(answer_to(studio.port, data))
    errors = [message for level, message in studio.log[logged:] if level <= 0]
    if errors:
        raise TracebackFound(f"the studio logged an error: {errors}")
    assert status is None or status < 500 or status in (501, 503, 505), (status, data[:300])
    alive = status_of(answer_to(studio.port, raw_request(studio, "GET", "/api/state", "HTTP/1.1", [], b"", True)))
    assert alive == 200, f"the studio stopped answering after {data[:300]!r}"
    event(f"status {status}")
