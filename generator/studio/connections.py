"""The studio's connections, bounded: a deadline for each request, a cap on how many are open,
a listen backlog that takes a burst, and quiet hang-ups.

http.server gives every connection a thread that waits as long as the client likes: 250
connections that send nothing held 251 threads for ever. Here a request (its line, headers and
body) must arrive within Limits.request_seconds or the connection is closed (with a 408 answer
if part of a request came); at most Limits.connections are served at once, and one more is
answered 503 at once, from the accepting thread, rather than made to wait: a wait there would
hold up every other client, and a wait in a thread of its own would be the unbounded thread it
is meant to prevent.
"""

from http.server import ThreadingHTTPServer
import io
import json
import math
import sys
import threading
import time

from msgspec import Struct

from generator.errors import raise_if_stopped
from generator.words import _


class Limits(Struct, frozen=True):
    request_seconds: float = 5.0      # the request line, headers and body must all arrive within this
    write_seconds: float = 60.0       # an answer (a kit.zip of a few MB) must be taken within this
    connections: int = 400            # served at once; each holds a thread until its deadline at most
    backlog: int = 128                # connections the kernel queues before accept (socketserver: 5)


def raw_json_answer(sock, status: str, message: str, extra: str = "") -> None:
    """Write a whole JSON answer to a socket that has no request handler (503, 408), never waiting."""
    body = json.dumps({"error": message}, ensure_ascii=False).encode("utf-8")
    head = (f"HTTP/1.0 {status}\r\nContent-Type: application/json; charset=utf-8\r\n"
            f"Content-Length: {len(body)}\r\nCache-Control: no-store\r\n{extra}Connection: close\r\n\r\n")
    try:
        sock.setblocking(False)
        sock.send(head.encode("ascii") + body)      # a few hundred bytes: the socket buffer takes them
        while sock.recv(65536):                     # what the client sent, read, so the close is not a reset
            pass
    except OSError:
        pass


class DeadlineReader(io.RawIOBase):
    """A socket's bytes for a BufferedReader; no read waits past the deadline of the request."""

    def __init__(self, sock, write_seconds: float):
        self.sock = sock
        self.write_seconds = write_seconds
        self.deadline = math.inf
        self.received = 0
        self.timed_out = False

    def start_request(self, seconds: float) -> None:
        self.deadline = time.monotonic() + seconds
        self.received = 0
        self.timed_out = False

    def readable(self) -> bool:
        return True

    def readinto(self, buffer) -> int:
        left = self.deadline - time.monotonic()
        if left <= 0:
            self.timed_out = True
            raise TimeoutError("the request did not arrive in time")
        self.sock.settimeout(left)
        try:
            count = self.sock.recv_into(buffer)
        except TimeoutError:
            self.timed_out = True
            raise
        finally:
            self.sock.settimeout(self.write_seconds)      # the answer is written under its own limit
        self.received += count
        return count


def quiet_log(message: str, level: int = 0) -> None:
    """The default log: problems on stderr, nothing else (the command passes its own, which knows -v)."""
    if level <= 0:
        print(message, file=sys.stderr)


class BoundedServer(ThreadingHTTPServer):
    """A ThreadingHTTPServer with the Limits above; `log(message, level)` takes its lines (1: with -v)."""

    daemon_threads = True

    def __init__(self, address, handler, limits: Limits = Limits(), log=quiet_log):
        self.limits = limits
        self.request_queue_size = limits.backlog          # read by server_activate, in __init__ below
        self.slots = threading.BoundedSemaphore(limits.connections)
        self.log = log
        super().__init__(address, handler)

    def process_request(self, request, client_address):
        if not self.slots.acquire(blocking=False):
            self.log(f"studio: {self.limits.connections} connections open; answered one more with 503", 1)
            raw_json_answer(request, "503 Service Unavailable",     # in the studio's language: no header read yet
                            _("the studio is serving as many connections as it takes; try again in a moment"),
                            "Retry-After: 1\r\n")
            self.shutdown_request(request)
            return
        # The slot goes back here only when the thread could not start. Not on Ctrl-C (Interrupted, a
        # BaseException): it can land while Thread.start() waits for a thread that has already
        # answered and given the slot back; releasing it twice raised ValueError, which the server
        # took for one failed request, and the studio went on serving. Stopping, the count is moot.
        try:
            super().process_request(request, client_address)
        except Exception:
            self.slots.release()
            raise

    def service_actions(self):
        """Between two looks for a connection (twice a second at least): a Ctrl-C that came
        meanwhile, noted by the command's handler (generator.errors.stops_raise), stops
        serve_forever here."""
        super().service_actions()
        raise_if_stopped()

    def process_request_thread(self, request, client_address):
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address):
        """A client that hangs up or stalls is normal: one line with -v. Anything else: one line."""
        error = sys.exc_info()[1]
        if isinstance(error, (ConnectionError, TimeoutError)):
            self.log(f"studio: {client_address[0]} hung up ({type(error).__name__})", 1)
        else:
            self.log(f"studio: error while serving {client_address[0]}: {type(error).__name__}: {error}", 0)
