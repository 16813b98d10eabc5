"""The colour studio's local web server: the page, its scripts, and the JSON API of api.py.

Python's own http.server (ThreadingHTTPServer) serves it: a local tool with a handful of routes
needs no framework, starts in milliseconds and adds no dependency. It listens on 127.0.0.1
unless told otherwise. Every request is checked before anything runs: it must name this server,
carry the studio's token and, for a POST, come from the studio's own page (guard.py); it must
arrive within a few seconds, among a bounded number of connections (connections.py); only the
routes below, bodies of at most 64 KB of JSON that follow their schema (api.py, schema.py); no
request ever names a file on the server (static files come from a fixed list, builds from their
number).

Each request is answered in its language (generator/studio/language.py: the page's choice, else
the browser's Accept-Language): the page itself, its data and every refusal.
"""

from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from importlib.resources import files
import io
import json
import re
import socket
import threading
from urllib.parse import parse_qs

from generator.errors import printable
from generator.studio import api
from generator.studio.builds import Builds
from generator.studio.connections import BoundedServer, DeadlineReader, Limits, quiet_log, raw_json_answer
from generator.studio.guard import TOKEN_HEADER, Guard, host_spelling, new_token
from generator.studio.language import language_cookie, request_language
from generator.studio.page import page_html
from generator.words import N_, _, language, speaking

MAX_BODY = 64 * 1024
STATIC = {"/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}
POST_ROUTES = ("/api/preview", "/api/theme", "/api/build", "/api/language")
_BUILD = re.compile(r"^/api/build/(\d{1,6})(/kit\.zip)?$")
NO_TOKEN_PAGE = N_("This is the Open Domino Kit colour studio. Open it with the address `opendomino studio` "
                   "printed, which ends in ?token=...: the token keeps other web pages from using the studio.")


def _static(name: str) -> bytes:
    return files("generator.studio").joinpath("static", name).read_bytes()


class Refusal(Exception):
    """A request refused before it ran: the status and the one-line reason the client gets."""

    def __init__(self, status: int, message: str):
        super().__init__(message)
        self.status = status


class StudioHandler(BaseHTTPRequestHandler):
    server_version = "opendomino-studio"
    builds: Builds = None            # set by make_server
    guard: Guard = None              # set by make_server
    printing = None                  # set by make_server: the profile of the print preview (None: the default)

    # --- the connection: a deadline for every request ---------------------------------------

    def setup(self):
        super().setup()
        self.rfile.close()                             # replaced by a reader that keeps the deadline
        self.reader = DeadlineReader(self.connection, self.server.limits.write_seconds)
        self.rfile = io.BufferedReader(self.reader)
        self.connection.settimeout(self.server.limits.write_seconds)

    def handle_one_request(self):
        self.reader.start_request(self.server.limits.request_seconds)
        super().handle_one_request()
        if self.reader.timed_out and self.reader.received:      # a slow client: say why it is cut off
            raw_json_answer(self.connection, "408 Request Timeout",             # its headers may not have come
                            _("the request did not arrive within {seconds:g} s").format(
                                seconds=self.server.limits.request_seconds))

    def log_message(self, format, *args):       # with -v: each request, refusal and hang-up
        self.server.log(printable(f"studio: {self.address_string()} {format % args}"), 1)

    # --- answers -------------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Content-Language", language())
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Referrer-Policy", "same-origin")      # the page's address holds the token
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
                                                    "style-src 'self' 'unsafe-inline'")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data, extra: dict | None = None) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8",
                   extra)

    def _error(self, status: int, message: str, key: str | None = None) -> None:
        self._json(status, {"error": message} if key is None else {"error": message, "key": key})

    def _answer(self, route) -> None:
        """Admit the request, run its route, and turn every refusal into an answer, all in the
        request's language."""
        path, _mark, query = self.path.partition("?")
        with speaking(request_language(self._joined("Cookie", "; "), self._joined("Accept-Language", ", "))):
            self._answer_in_language(route, path, query)

    def _joined(self, name: str, separator: str) -> str:
        """A header's values as one (a browser may send several Cookie or Accept-Language lines)."""
        return separator.join(self.headers.get_all(name) or [])

    def _answer_in_language(self, route, path: str, query: str) -> None:
        try:
            self._admit(path, query)
            route(path)
        except Refusal as refusal:
            if path.startswith("/api/"):
                self._error(refusal.status, str(refusal))
            else:                                     # a person at the address bar reads it
                self._send(refusal.status, f"{refusal}\n".encode("utf-8"), "text/plain; charset=utf-8")
        except api.StudioError as error:
            self._error(HTTPStatus.BAD_REQUEST, str(error), error.key)
        except (ConnectionError, TimeoutError):
            raise                                     # the client left or stalled: the server logs it
        except Exception as error:                    # a bug: one line on the terminal, a 500 to the page
            self.server.log(f"studio: {self.command} {path[:80]} failed: {type(error).__name__}: {error}", 0)
            self._error(HTTPStatus.INTERNAL_SERVER_ERROR, _("the studio failed on this request; see its terminal"))

    def _one_header(self, name: str) -> str | None:
        values = self.headers.get_all(name) or []
        if len(values) > 1:
            raise Refusal(HTTPStatus.BAD_REQUEST, _("send one {name} header, not {count}").format(
                name=name, count=len(values)))
        return values[0] if values else None

    def _admit(self, path: str, query: str) -> None:
        host = self._one_header("Host")
        if not self.guard.host_allowed(host):
            raise Refusal(HTTPStatus.FORBIDDEN, _("this server answers only requests to its own address; "
                                                  "open the address that `opendomino studio` printed"))
        if self.command == "POST" and not self.guard.origin_allowed(host, self._one_header("Origin"),
                                                                     self._one_header("Referer")):
            raise Refusal(HTTPStatus.FORBIDDEN, _("a POST must come from the studio's own page (its Origin)"))
        if path.startswith("/api/") and not self.guard.token_matches(self._one_header(TOKEN_HEADER)):
            raise Refusal(HTTPStatus.FORBIDDEN, _("the {header} header is missing or wrong; open the address with "
                                                  "?token= that `opendomino studio` printed").format(
                header=TOKEN_HEADER))
        if path == "/" and not self.guard.token_matches(_query_token(query)):
            raise Refusal(HTTPStatus.FORBIDDEN, _(NO_TOKEN_PAGE))

    def _body(self):
        """The request's JSON body (any JSON value, null included); a Refusal if it cannot be read."""
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            raise Refusal(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, _("send the body as application/json"))
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            raise Refusal(HTTPStatus.LENGTH_REQUIRED, _("a Content-Length is needed")) from None
        if not 0 <= length <= MAX_BODY:
            raise Refusal(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, _("the body may be at most {most} bytes").format(
                most=MAX_BODY))
        raw = self.rfile.read(length)
        if len(raw) < length:
            raise ConnectionResetError("the client hung up before its body arrived")
        try:
            return json.loads(raw.decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            raise Refusal(HTTPStatus.BAD_REQUEST, _("the body is not valid JSON")) from None

    # --- routes --------------------------------------------------------------------------------

    def do_GET(self):
        self._answer(self._get)

    do_HEAD = do_GET

    def do_POST(self):
        self._answer(self._post)

    def do_PUT(self):
        self._answer(self._not_allowed)

    do_DELETE = do_PATCH = do_PUT

    def _not_allowed(self, path: str) -> None:
        raise Refusal(HTTPStatus.METHOD_NOT_ALLOWED, _("use GET or POST"))

    def _get(self, path: str) -> None:
        if path == "/":
            return self._send(HTTPStatus.OK, page_html(), "text/html; charset=utf-8")
        if path in STATIC:
            name, content_type = STATIC[path]
            return self._send(HTTPStatus.OK, _static(name), content_type)
        if path == "/api/state":
            return self._json(HTTPStatus.OK, api.state(self.printing))
        match = _BUILD.match(path)
        if not match:
            raise Refusal(HTTPStatus.NOT_FOUND, _("no such page"))
        build = self.builds.get(match[1])
        if build is None:
            raise Refusal(HTTPStatus.NOT_FOUND, _("no such build; the studio keeps the last {count}").format(
                count=self.builds.keep))
        if not match[2]:
            return self._json(HTTPStatus.OK, build.as_json())
        if build.state != "done":
            raise Refusal(HTTPStatus.CONFLICT, _("the build has not finished"))
        try:
            archive = build.zip.read_bytes()
        except FileNotFoundError:                   # removed as newer builds finished
            raise Refusal(HTTPStatus.NOT_FOUND, _("that build is gone; build the kit again")) from None
        self._send(HTTPStatus.OK, archive, "application/zip",
                   {"Content-Disposition": 'attachment; filename="open-domino-kit.zip"'})

    def _post(self, path: str) -> None:
        if path not in POST_ROUTES:
            raise Refusal(HTTPStatus.NOT_FOUND, _("no such page"))
        data = self._body()
        if path == "/api/preview":
            return self._json(HTTPStatus.OK, api.preview(data, self.printing))
        if path == "/api/language":                 # the page's switch: remembered in a cookie
            chosen = api.chosen_language(data)
            return self._json(HTTPStatus.OK, {"language": chosen}, {"Set-Cookie": language_cookie(chosen)})
        name, text = api.theme_file(data)
        if path == "/api/theme":
            return self._send(HTTPStatus.OK, text.encode("utf-8"), "application/toml; charset=utf-8",
                              {"Content-Disposition": f'attachment; filename="{name}"'})
        try:
            build = self.builds.start(name, text, language())
        except RuntimeError as busy:
            raise Refusal(HTTPStatus.CONFLICT, str(busy)) from None
        self._json(HTTPStatus.ACCEPTED, build.as_json())


def _query_token(query: str) -> str | None:
    try:
        values = parse_qs(query, max_num_fields=20).get("token", [])
    except ValueError:
        return None
    return values[0] if len(values) == 1 else None


def make_server(host: str = "127.0.0.1", port: int = 0, *, limits: Limits = Limits(), builds: Builds | None = None,
                log=quiet_log, token: str | None = None, printing=None) -> BoundedServer:
    """A server bound to host:port (port 0: a free one); serve it with serve_forever().

    `builds`: where its kit builds run (a fresh Builds by default); `log(message, level)` takes
    its lines, level 1 only with -v; `token`: the secret (a new random one by default);
    `printing`: the CmykConversion its print preview uses (the bundled default when None).
    """
    builds = builds or Builds()
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("StudioServer", (BoundedServer,), {"address_family": family})
    handler = type("Handler", (StudioHandler,), {"builds": builds, "printing": printing})
    try:
        server = server_class((host, port), handler, limits, log)
    except BaseException:
        builds.close()
        raise
    handler.guard = Guard.for_server(host, server.server_address[1], token or new_token())
    server.builds, server.guard = builds, handler.guard
    return server


def address(server) -> str:
    host, port = server.server_address[:2]
    return f"http://{host_spelling(host)}:{port}/"


def page_url(server) -> str:
    """The address that opens the studio: with its token, which the page then sends with every request."""
    return f"{address(server)}?token={server.guard.token}"


def serve_in_thread(server) -> threading.Thread:
    """For tests: serve in a background thread; stop with server.shutdown()."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread
