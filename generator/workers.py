"""The build's worker processes, which die with the command that started them.

Killed with SIGKILL, the command cannot clean up: on Linux the kernel sends each worker SIGKILL
when its parent dies (prctl PR_SET_PDEATHSIG); elsewhere a watchdog thread in the worker exits
when the parent is gone. Ctrl-C reaches the whole process group: workers ignore it and the
command, which turns it into one line, stops them itself (stop_workers).
"""

import ctypes
import os
import signal
import threading
import time

PR_SET_PDEATHSIG = 1
WATCH_SECONDS = 0.5


def _die_with_parent_linux() -> bool:
    try:
        libc = ctypes.CDLL(None, use_errno=True)
        return libc.prctl(PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0) == 0
    except (OSError, AttributeError):
        return False


def _watch_parent(parent_pid: int) -> None:
    while os.getppid() == parent_pid:
        time.sleep(WATCH_SECONDS)
    os._exit(1)


def worker_start(parent_pid: int) -> None:
    """A worker's first step (ProcessPoolExecutor's initializer)."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    if not _die_with_parent_linux():
        threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()
    if os.getppid() != parent_pid:        # the parent died before we could ask to follow it
        os._exit(1)


def stop_workers(pool) -> None:
    """Stop a ProcessPoolExecutor's workers now, without waiting for their current jobs."""
    # The executor offers no way to end running jobs; its process table is the only handle.
    processes = list((getattr(pool, "_processes", None) or {}).values())
    for process in processes:
        if process.is_alive():
            process.terminate()
    pool.shutdown(wait=False, cancel_futures=True)
    for process in processes:
        process.join(timeout=5)


class SideWorker:
    """One forked process that runs steps one after another, beside a process pool, and sends
    each step's result back as it is done.

    A plain process, not a second pool: a pool starts threads in the parent, and a process forked
    while other threads run may inherit a lock one of them held.
    """

    def __init__(self, context, run, jobs: list):
        self.count = len(jobs)
        receiving, sending = context.Pipe(duplex=False)
        self.process = context.Process(target=_side_main, args=(run, jobs, sending, os.getpid()), daemon=True)
        self.process.start()
        sending.close()
        self.receiving = receiving

    def results(self):
        """Each step's result in order; a step's exception is raised here."""
        for _ in range(self.count):
            try:
                failed, value = self.receiving.recv()
            except EOFError:
                raise RuntimeError("a build worker process ended unexpectedly") from None
            if failed:
                raise value
            yield value
        self.process.join()

    def stop(self) -> None:
        if self.process.is_alive():
            self.process.terminate()
        self.process.join(timeout=5)


def _side_main(run, jobs: list, connection, parent_pid: int) -> None:
    worker_start(parent_pid)
    for job in jobs:
        try:
            connection.send((False, run(job)))
        except BaseException as error:          # noqa: BLE001 - it is raised again in the command
            try:
                connection.send((True, error))
            except Exception:                   # an exception that cannot be pickled
                connection.send((True, RuntimeError(f"{type(error).__name__}: {error}")))
            return
