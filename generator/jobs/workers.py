"""The build's worker processes: forked, fed jobs, stopped with the command, missed when they die.

Killed with SIGKILL, the command cannot clean up: on Linux the kernel sends each worker SIGKILL
when its parent dies (prctl PR_SET_PDEATHSIG); elsewhere a watchdog thread in the worker exits
when the parent is gone. Ctrl-C reaches the whole process group, and SIGTERM may too (a
service manager or a container stop sends it to every process): workers ignore both, and the
command, which turns either into one line, stops them itself (Workers.stop). A worker that dies
while the command runs (killed, or out of memory) is named by the step it was running, and the
other workers are stopped (WorkerLost).

Plain processes and pipes, no ProcessPoolExecutor: a pool cannot say which job a dead process
ran, and it starts threads in the parent, while a process forked when other threads run may
inherit a lock one of them held.
"""

from collections import deque
from contextlib import contextmanager
import ctypes
from multiprocessing.connection import wait
import os
import signal
import threading
import time

from msgspec import Struct, field

from generator.errors import UserError, WorkerLost
from generator.words import _

PR_SET_PDEATHSIG = 1
STOPPING_SIGNALS = {signal.SIGINT, signal.SIGTERM}      # the command's to act on, never a worker's
WATCH_SECONDS = 0.5
STOP_SECONDS = 5.0


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
    """A worker's first step. It ignores Ctrl-C and SIGTERM, which it was forked holding (see
    _signals_held)."""
    for each in STOPPING_SIGNALS:
        signal.signal(each, signal.SIG_IGN)         # a signal held since the fork is dropped here
    if hasattr(signal, "pthread_sigmask"):
        signal.pthread_sigmask(signal.SIG_UNBLOCK, STOPPING_SIGNALS)
    if not _die_with_parent_linux():
        threading.Thread(target=_watch_parent, args=(parent_pid,), daemon=True).start()
    if os.getppid() != parent_pid:        # the parent died before we could ask to follow it
        os._exit(1)


@contextmanager
def _signals_held():
    """Ctrl-C and SIGTERM held back while workers fork: a worker must never run the command's own
    handler (it would say the command's line a second time). The command gets them afterwards."""
    if not hasattr(signal, "pthread_sigmask"):
        yield
        return
    previous = signal.pthread_sigmask(signal.SIG_BLOCK, STOPPING_SIGNALS)
    try:
        yield
    finally:
        signal.pthread_sigmask(signal.SIG_SETMASK, previous)


class _Worker(Struct):
    process: object
    connection: object
    queue: deque                 # the jobs (indexes) it takes from; shared by the processes of one start
    whole: bool                  # it alone takes from its queue: all of it is sent at once
    running: deque = field(default_factory=deque)     # sent to it, not answered yet, in order
    told_to_end: bool = False

    def feed(self) -> None:
        """Send the next job, or every job if the queue is its own; then None once none is left."""
        while self.queue and (self.whole or not self.running):
            self.running.append(self.queue.popleft())
            self.connection.send(self.running[-1])
        if not self.queue and not self.told_to_end and (self.whole or not self.running):
            self.told_to_end = True
            self.connection.send(None)


class Workers:
    """Forked processes that run `run(jobs[i])` and send each result back as it is done."""

    def __init__(self, context, run, jobs: list, describe):
        self.context, self.run, self.jobs, self.describe = context, run, jobs, describe
        self.workers: list[_Worker] = []

    def start(self, indexes, processes: int) -> None:
        """Fork up to `processes` workers for the jobs at `indexes`. A single worker is sent all
        of them at once, so it never waits for the command; several take the next one as each is free."""
        queue = deque(indexes)
        started = []
        with _signals_held():
            for _started in range(min(processes, len(queue))):
                here, there = self.context.Pipe()
                process = self.context.Process(target=_worker_main, args=(self.run, self.jobs, there, os.getpid()),
                                               daemon=True)
                try:
                    process.start()
                except OSError as error:    # the system's limit on processes (ulimit -u), or no memory left
                    here.close()
                    there.close()
                    raise UserError(_("cannot start a worker process ({reason}); raise the limit on processes "
                                      "(ulimit -u), or close other programs").format(
                        reason=error.strerror or error)) from None
                there.close()           # the worker's end lives only in the worker: its death closes it
                worker = _Worker(process, here, queue, whole=processes == 1)
                started.append(worker)
                self.workers.append(worker)     # at once: if the next fork fails, stop() stops this one
        for worker in started:
            self._feed(worker)

    def results(self):
        """(index, result) of each job as it is done. A job's exception is raised here; so is
        WorkerLost when a worker ends before its jobs are done."""
        while busy := [worker for worker in self.workers if worker.running]:
            ready = wait([worker.connection for worker in busy] + [worker.process.sentinel for worker in busy])
            for worker in busy:
                if worker.connection in ready:
                    try:
                        index, failed, value = worker.connection.recv()
                    except (EOFError, OSError):
                        raise self._lost(worker) from None
                elif worker.process.sentinel in ready and not worker.connection.poll():
                    raise self._lost(worker)
                else:
                    continue
                worker.running.popleft()
                if failed:
                    raise value
                self._feed(worker)
                yield index, value
        for worker in self.workers:
            worker.process.join()
            worker.connection.close()

    def _feed(self, worker: _Worker) -> None:
        try:
            worker.feed()
        except OSError:                 # its end of the pipe is closed: it has died
            if worker.running:          # (else it had done all its jobs: nothing is lost)
                raise self._lost(worker) from None

    def _lost(self, worker: _Worker) -> WorkerLost:
        worker.process.join(STOP_SECONDS)
        code = worker.process.exitcode
        if code is None:
            ended = _("stopped answering")
        elif code < 0:
            ended = _("was killed (signal {number}, {name})").format(number=-code, name=_signal_name(-code))
        else:
            ended = _("ended unexpectedly (exit status {code})").format(code=code)
        return WorkerLost(_("the worker making {job} {ended}; files it had "
                            "not finished were not kept, the previous ones are still there; run the command "
                            "again").format(
            job=self.describe(self.jobs[worker.running[0]]), ended=ended))

    def stop(self) -> None:
        """Stop every worker now, without waiting for its current job: SIGKILL, since they ignore
        SIGTERM; the file a worker was writing is its temporary, which the command then removes."""
        for worker in self.workers:
            if worker.process.is_alive():
                worker.process.kill()
        for worker in self.workers:
            worker.process.join()
            worker.connection.close()


def _signal_name(number: int) -> str:
    try:
        return signal.Signals(number).name
    except ValueError:
        return _("unknown signal")


def _worker_main(run, jobs: list, connection, parent_pid: int) -> None:
    worker_start(parent_pid)
    while True:
        try:
            index = connection.recv()
        except EOFError:                # the command has gone
            return
        if index is None:
            return
        try:
            connection.send((index, False, run(jobs[index])))
        except BaseException as error:          # noqa: BLE001 - it is raised again in the command
            try:
                connection.send((index, True, error))
            except Exception:                   # an exception that cannot be pickled
                connection.send((index, True, RuntimeError(f"{type(error).__name__}: {error}")))
            return
