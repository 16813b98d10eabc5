"""A client for the colour studio's tests: a server in a thread, and requests with any headers.

`call` speaks HTTP through http.client with the Host, Origin and token a test chooses (by
default those of the studio's own page); `exchange` sends raw bytes, for requests no client
library would write.
"""

from contextlib import contextmanager
from dataclasses import dataclass
import http.client
import json
import socket

from generator.studio.guard import TOKEN_HEADER
from generator.studio.server import address, make_server, serve_in_thread

OWN = object()          # "the value the studio's own page would send"


@dataclass
class Studio:
    server: object
    url: str              # http://127.0.0.1:PORT/
    token: str
    port: int
    log: list             # (level, message) the server logged

    @property
    def host(self) -> str:
        return f"127.0.0.1:{self.port}"

    @property
    def origin(self) -> str:
        return f"http://{self.host}"


@contextmanager
def running_studio(**options):
    """A studio on a free loopback port, serving in a thread; its log lines are collected."""
    log = []
    server = make_server("127.0.0.1", 0, log=lambda message, level=0: log.append((level, message)), **options)
    serve_in_thread(server)
    try:
        yield Studio(server, address(server), server.guard.token, server.server_address[1], log)
    finally:
        server.shutdown()
        server.server_close()
        server.builds.close()


def call(studio: Studio, path: str, body=None, *, method=None, host=OWN, origin=OWN, referer=None, token=OWN,
         content_type="application/json", raw=None, headers=(), timeout=60):
    """(status, headers, body bytes) of one request; OWN means what the studio's page sends, None leaves it out."""
    data = raw if raw is not None else (json.dumps(body).encode() if body is not None else None)
    method = method or ("POST" if data is not None else "GET")
    connection = http.client.HTTPConnection("127.0.0.1", studio.port, timeout=timeout)
    try:
        connection.putrequest(method, path, skip_host=True, skip_accept_encoding=True)
        fields = [("Host", studio.host if host is OWN else host),
                  ("Origin", (studio.origin if method == "POST" else None) if origin is OWN else origin),
                  ("Referer", referer),
                  (TOKEN_HEADER, studio.token if token is OWN else token)]
        if data is not None:
            fields += [("Content-Type", content_type), ("Content-Length", str(len(data)))]
        for name, value in [*fields, *headers]:
            if value is not None:
                connection.putheader(name, value.encode("utf-8"))     # any text; the server reads latin-1
        connection.endheaders(data)
        response = connection.getresponse()
        return response.status, response.headers, response.read()
    finally:
        connection.close()


def error_of(body: bytes) -> str:
    return json.loads(body)["error"]


def exchange(port: int, data: bytes, timeout: float = 10) -> tuple[int | None, bytes]:
    """Send raw bytes, read until the server closes: (status or None, the whole answer)."""
    with socket.create_connection(("127.0.0.1", port), timeout=timeout) as sock:
        sock.sendall(data)
        answer = read_until_closed(sock)
    return status_of(answer), answer


def read_until_closed(sock) -> bytes:
    chunks = []
    while True:
        try:
            chunk = sock.recv(65536)
        except ConnectionResetError:
            break
        if not chunk:
            break
        chunks.append(chunk)
    return b"".join(chunks)


def status_of(answer: bytes) -> int | None:
    parts = answer.split(b" ", 2)
    return int(parts[1]) if len(parts) > 1 and parts[0].startswith(b"HTTP/") and parts[1].isdigit() else None


def body_of(answer: bytes) -> bytes:
    return answer.partition(b"\r\n\r\n")[2]
