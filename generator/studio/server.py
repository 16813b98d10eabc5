"""The colour studio's local web server: the page, its scripts, and the JSON API of api.py.

Python's own http.server (ThreadingHTTPServer) serves it: a local tool with a handful of routes
needs no framework, starts in milliseconds and adds no dependency. It listens on 127.0.0.1
unless told otherwise. Every request is checked before anything runs: only the routes below,
bodies of at most 64 KB of JSON, no request ever names a file on the server (static files come
from a fixed list, builds from their number).
"""

from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from importlib.resources import files
import json
import re
import socket
import threading

from generator.studio import api
from generator.studio.builds import Builds

MAX_BODY = 64 * 1024
STATIC = {"/": ("index.html", "text/html; charset=utf-8"),
          "/static/app.js": ("app.js", "text/javascript; charset=utf-8"),
          "/static/style.css": ("style.css", "text/css; charset=utf-8")}
_BUILD = re.compile(r"^/api/build/(\d{1,6})(/kit\.zip)?$")


def _static(name: str) -> bytes:
    return files("generator.studio").joinpath("static", name).read_bytes()


class StudioHandler(BaseHTTPRequestHandler):
    server_version = "opendomino-studio"
    builds: Builds = None            # set by make_server

    def log_message(self, format, *args):      # quiet: the terminal shows the address and errors only
        pass

    # --- answers -------------------------------------------------------------------------------

    def _send(self, status: int, body: bytes, content_type: str, extra: dict | None = None) -> None:
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.send_header("X-Content-Type-Options", "nosniff")
        self.send_header("Content-Security-Policy", "default-src 'self'; img-src 'self' data: blob:; "
                                                    "style-src 'self' 'unsafe-inline'")
        for key, value in (extra or {}).items():
            self.send_header(key, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def _json(self, status: int, data) -> None:
        self._send(status, json.dumps(data, ensure_ascii=False).encode("utf-8"), "application/json; charset=utf-8")

    def _error(self, status: int, message: str) -> None:
        self._json(status, {"error": message})

    def _body(self):
        """The request's JSON body, or None after answering with the reason it is refused."""
        if self.headers.get("Content-Type", "").split(";")[0].strip() != "application/json":
            self._error(HTTPStatus.UNSUPPORTED_MEDIA_TYPE, "send the body as application/json")
            return None
        try:
            length = int(self.headers.get("Content-Length", ""))
        except ValueError:
            self._error(HTTPStatus.LENGTH_REQUIRED, "a Content-Length is needed")
            return None
        if not 0 <= length <= MAX_BODY:
            self._error(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, f"the body may be at most {MAX_BODY} bytes")
            return None
        try:
            return json.loads(self.rfile.read(length).decode("utf-8"))
        except (UnicodeDecodeError, ValueError, RecursionError):
            self._error(HTTPStatus.BAD_REQUEST, "the body is not valid JSON")
            return None

    # --- routes --------------------------------------------------------------------------------

    def do_GET(self):
        path = self.path.split("?", 1)[0]
        if path in STATIC:
            name, content_type = STATIC[path]
            return self._send(HTTPStatus.OK, _static(name), content_type)
        if path == "/api/state":
            return self._json(HTTPStatus.OK, api.state())
        match = _BUILD.match(path)
        if match:
            build = self.builds.get(match[1])
            if build is None:
                return self._error(HTTPStatus.NOT_FOUND, "no such build")
            if not match[2]:
                return self._json(HTTPStatus.OK, build.as_json())
            if build.state != "done":
                return self._error(HTTPStatus.CONFLICT, "the build has not finished")
            return self._send(HTTPStatus.OK, build.zip.read_bytes(), "application/zip",
                              {"Content-Disposition": 'attachment; filename="open-domino-kit.zip"'})
        self._error(HTTPStatus.NOT_FOUND, "no such page")

    do_HEAD = do_GET

    def do_POST(self):
        path = self.path.split("?", 1)[0]
        if path not in ("/api/preview", "/api/theme", "/api/build"):
            return self._error(HTTPStatus.NOT_FOUND, "no such page")
        data = self._body()
        if data is None:
            return
        try:
            if path == "/api/preview":
                return self._json(HTTPStatus.OK, api.preview(data))
            name, text = api.theme_file(data)
            if path == "/api/theme":
                return self._send(HTTPStatus.OK, text.encode("utf-8"), "application/toml; charset=utf-8",
                                  {"Content-Disposition": f'attachment; filename="{name}"'})
            try:
                build = self.builds.start(name, text)
            except RuntimeError as busy:
                return self._error(HTTPStatus.CONFLICT, str(busy))
            return self._json(HTTPStatus.ACCEPTED, build.as_json())
        except api.StudioError as error:
            return self._error(HTTPStatus.BAD_REQUEST, str(error))

    def do_PUT(self):
        self._error(HTTPStatus.METHOD_NOT_ALLOWED, "use GET or POST")

    do_DELETE = do_PATCH = do_PUT


def make_server(host: str = "127.0.0.1", port: int = 0) -> ThreadingHTTPServer:
    """A server bound to host:port (port 0: a free one); serve it with serve_forever()."""
    handler = type("Handler", (StudioHandler,), {"builds": Builds()})
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    server_class = type("StudioServer", (ThreadingHTTPServer,), {"address_family": family,
                                                                "daemon_threads": True})
    server = server_class((host, port), handler)
    server.builds = handler.builds
    return server


def address(server) -> str:
    host, port = server.server_address[:2]
    return f"http://[{host}]:{port}/" if ":" in host else f"http://{host}:{port}/"


def serve_in_thread(server) -> threading.Thread:
    """For tests: serve in a background thread; stop with server.shutdown()."""
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    return thread
