"""The colour studio's limits at their defaults, the figures README gives: a request must arrive
within 5 seconds (408 if part of it came), at most 400 connections are served at once (one more
gets 503 with Retry-After: 1 at once) and 128 connections can queue before the server accepts them.

No test here waits for a time to pass or depends on the machine being idle. The 5 seconds are
counted on the deadline's own clock, which the test moves; the cap is held by idle connections
whose deadline is lengthened (the cap itself keeps its default), so they keep their places however
slowly the machine accepts them; the queue is read from the kernel and then served.
"""

import resource
import socket
import struct
import sys
import threading
import time

import pytest
from studio_client import body_of, call, error_of, read_until_closed, running_studio, status_of
from test_studio_security import close_all, stalled

from generator.studio import connections
from generator.studio.connections import Limits
from generator.studio.guard import TOKEN_HEADER
from generator.studio.server import make_server, serve_in_thread

SECONDS, CONNECTIONS, BACKLOG = 5.0, 400, 128      # README's figures; the tests below use the defaults


def test_the_defaults_are_the_figures_readme_gives():
    defaults = Limits()
    assert (defaults.request_seconds, defaults.connections, defaults.backlog) == (SECONDS, CONNECTIONS, BACKLOG)


class HandClock:
    """The deadline's clock (time.monotonic in connections.py), standing still until the test moves
    it; `reads` counts how often the server has looked at it."""

    def __init__(self):
        self.now = 1000.0
        self.reads = 0
        self.changed = threading.Condition()

    def monotonic(self) -> float:
        with self.changed:
            self.reads += 1
            self.changed.notify_all()
            return self.now

    def wait_for_reads(self, count: int) -> None:
        with self.changed:
            assert self.changed.wait_for(lambda: self.reads >= count, timeout=60), "the server never read the clock"


def _send_in_parts(studio, clock: HandClock, moved: float) -> bytes:
    """A request whose first part arrives at once and whose end arrives `moved` seconds later on the
    deadline's clock: the server reads a part after the clock has moved, then the rest is sent."""
    sock = socket.create_connection(("127.0.0.1", studio.port), timeout=30)
    try:
        sock.sendall(f"GET /api/state HTTP/1.1\r\nHost: {studio.host}\r\n".encode())
        clock.wait_for_reads(3)                  # the deadline set, the first part read, waiting for more
        with clock.changed:
            clock.now += moved
            reads = clock.reads
        sock.sendall(b"X-Part: ")                # not the end of a line: the server must read again
        clock.wait_for_reads(reads + 1)          # and it has looked at the moved clock to do so
        try:
            sock.sendall(f"two\r\n{TOKEN_HEADER}: {studio.token}\r\n\r\n".encode())
        except (BrokenPipeError, ConnectionResetError):
            pass                                 # cut off already
        return read_until_closed(sock)
    finally:
        sock.close()


@pytest.mark.parametrize("moved, status", [(SECONDS - 1.0, 200), (SECONDS, 408)])
def test_a_request_has_five_seconds_on_the_deadlines_clock(monkeypatch, moved, status):
    """4 s after it began a request may still finish (the test then has a real second to send its
    end); at 5 s it is cut off with a 408 that says so, at once, with no real wait."""
    clock = HandClock()
    monkeypatch.setattr(connections, "time", clock)
    with running_studio() as studio:
        answer = _send_in_parts(studio, clock, moved)
    assert status_of(answer) == status, answer[:200]
    if status == 408:
        assert error_of(body_of(answer)) == "the request did not arrive within 5 s"


def _accept_queue(listener: socket.socket) -> tuple[int, int]:
    """(connections waiting to be accepted, the most the kernel queues), from Linux's TCP_INFO of a
    listening socket: there tcpi_unacked is the accept queue's length and tcpi_sacked its limit."""
    info = listener.getsockopt(socket.IPPROTO_TCP, socket.TCP_INFO, 104)
    unacked, sacked = struct.unpack_from("II", info, 24)
    return unacked, sacked


def _wait_until_accepted(listener: socket.socket) -> None:
    if not sys.platform.startswith("linux"):
        return
    deadline = time.monotonic() + 60
    while _accept_queue(listener)[0] and time.monotonic() < deadline:
        time.sleep(0.005)


@pytest.fixture
def enough_file_descriptors():
    """Both ends of 400 connections live in this process: room for about a thousand descriptors."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    needed = 2 * CONNECTIONS + 200
    if soft < needed:
        if hard != resource.RLIM_INFINITY and hard < needed:
            pytest.fail(f"this test needs {needed} open files and the hard limit is {hard}")
        resource.setrlimit(resource.RLIMIT_NOFILE, (needed, hard))
    yield
    resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))


def test_the_401st_connection_gets_503_at_once_then_one_more_is_served(enough_file_descriptors):
    """400 idle connections fill the cap; the server accepts in the order clients connect, so the
    next one, accepted after all 400, is answered 503 with Retry-After: 1 by the accepting thread. When
    one idle connection leaves, its place is free again."""
    limits = Limits(request_seconds=120.0)         # the cap at its default; the idle ones keep their places
    with running_studio(limits=limits) as studio:
        idle = []
        try:
            while len(idle) < CONNECTIONS:             # in batches the accept queue takes, so that no
                idle += stalled(studio.port, min(64, CONNECTIONS - len(idle)))    # connect waits
                _wait_until_accepted(studio.server.socket)  # on a dropped SYN's one-second retry
            status, headers, body = call(studio, "/api/state", timeout=60)
            assert status == 503 and headers["Retry-After"] == "1" and "try again" in error_of(body)
            refusals = [message for _, message in studio.log if "answered one more with 503" in message]
            assert refusals == [f"studio: {CONNECTIONS} connections open; answered one more with 503"]
            idle.pop().close()
            deadline = time.monotonic() + 60
            while (status := call(studio, "/api/state", timeout=60)[0]) == 503 and time.monotonic() < deadline:
                time.sleep(0.01)                   # until the server has seen that one leave
            assert status == 200
        finally:
            close_all(idle)


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="reads the accept queue through Linux's TCP_INFO")
def test_128_connections_queue_before_the_server_accepts_and_are_then_served():
    """Before the server accepts anything, the kernel holds 128 connections for it (its limit is the
    backlog, or net.core.somaxconn if that is lower); once it serves, each of them gets its answer."""
    with open("/proc/sys/net/core/somaxconn") as limit:
        somaxconn = int(limit.read())
    server = make_server("127.0.0.1", 0)
    clients, serving = [], False
    try:
        assert _accept_queue(server.socket) == (0, min(BACKLOG, somaxconn))
        host = f"127.0.0.1:{server.server_address[1]}"
        for _ in range(min(BACKLOG, somaxconn)):
            client = socket.create_connection(("127.0.0.1", server.server_address[1]), timeout=60)
            client.sendall(f"GET /static/style.css HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
            clients.append(client)
        assert _accept_queue(server.socket)[0] == len(clients)
        serve_in_thread(server)
        serving = True
        assert [status_of(read_until_closed(client)) for client in clients] == [200] * len(clients)
    finally:
        close_all(clients)
        if serving:                    # shutdown() waits for serve_forever, which never began otherwise
            server.shutdown()
        server.server_close()
        server.builds.close()
