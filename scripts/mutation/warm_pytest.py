"""A warm pytest for mutation runs: a server that has imported the heavy libraries once and forks a fresh
pytest for each request, so a mutant costs its tests, not Python's start. The kit's own package is
never kept imported (each child imports it anew from the mutated file on disk).

    python warm_pytest.py serve SOCKET        (in the project folder, PYTHONPATH pointing at it)
    python warm_pytest.py run SOCKET ARGS...  (mutmut's --runner: pytest ARGS in a fresh child)
"""
import os
import signal
import socket
import sys


def serve(path: str) -> None:
    sys.dont_write_bytecode = True        # the mutated module must never leave a .pyc behind
    import pytest  # noqa: F401  the heavy imports, once

    import generator.jobs.build  # noqa: F401  pulls in reportlab, skia, pillow, msgspec ...
    for name in ("pypdf", "pypdfium2", "ezdxf", "numpy", "PIL.ImageCms", "xdist", "hypothesis"):
        try:
            __import__(name)
        except ImportError:
            pass
    for name in [n for n in sys.modules if n == "generator" or n.startswith("generator.")]:
        del sys.modules[name]               # the kit itself is read afresh by each child
    if os.path.exists(path):
        os.unlink(path)
    server = socket.socket(socket.AF_UNIX)
    server.bind(path)
    server.listen(4)
    signal.signal(signal.SIGCHLD, signal.SIG_DFL)
    while True:
        conn, _ = server.accept()
        args = conn.makefile().readline().rstrip("\n").split("\0")
        child = os.fork()
        if child == 0:
            server.close()
            log = os.open(path + ".log", os.O_WRONLY | os.O_CREAT | os.O_TRUNC)   # the last run's output
            os.dup2(log, 1)
            os.dup2(log, 2)
            os.setpgid(0, 0)
            code = pytest_main(args)
            os._exit(int(code))
        conn.settimeout(0.2)
        code = None
        while code is None:
            done, status = os.waitpid(child, os.WNOHANG)
            if done:
                code = os.waitstatus_to_exitcode(status)
                break
            try:
                if conn.recv(1) == b"":         # the runner was stopped (mutmut's timeout): stop its tests
                    os.killpg(child, signal.SIGKILL)
            except socket.timeout:
                pass
            except OSError:
                os.killpg(child, signal.SIGKILL)
        try:
            conn.sendall(f"{code}\n".encode())
        except OSError:
            pass
        conn.close()


def pytest_main(args):
    import pytest
    return pytest.main(args)


def run(path: str, args: list[str]) -> int:
    client = socket.socket(socket.AF_UNIX)
    client.connect(path)
    client.sendall(("\0".join(args) + "\n").encode())
    answer = client.makefile().readline().strip()
    return int(answer) if answer and answer.lstrip("-").isdigit() else 1


if __name__ == "__main__":
    if sys.argv[1] == "serve":
        serve(sys.argv[2])
    else:
        code = run(sys.argv[2], sys.argv[3:])
        # mutmut 2 counts only status 1 as a failing run: a mutant that stops the tests from being
        # collected (2) or kills pytest is caught too; none run (5) is left for a person to look at
        sys.exit(0 if code in (0, 5) else 1)
