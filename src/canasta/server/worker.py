"""The server's processes for thinking: bots' moves, hints and reviews' judgements run in
worker processes of its own, never in the server's process (docs/protocol.md, "Bots").

The engine and the bots are pure Python, which holds the interpreter's lock while it runs: a
second's search in a thread of the server stalled every table's messages behind it (200 tables
of people beside four tables of ``expert`` bots: p99 1.5 s with the bots in threads, 16-19 ms
with them here, 15 ms with no bots; ``bench/server_load.py --bot-tables 4``,
bench/README.md). A worker process has a lock of its own, and a scheduling priority below the
server's (``nice``), so the tables' messages come first.

``Workers`` is a ``concurrent.futures.Executor``: ``loop.run_in_executor(workers, fn, *args)``
runs ``fn(*args)`` in one of its processes, ``fn`` a module-level function of the package and
its arguments and result picklable. Each process is ``python -m canasta.server.worker NICE``:
it reads requests from its standard input and writes answers to its standard output, each a
pickle preceded by its length (4 bytes, big-endian); a request is ``(fn, args)``, an answer
``("ok", value)`` or ``("error", words)``. Only the server that started it writes to it. At
the end of its input (the server closed it, or died, even by kill -9) it exits, so it never
outlives its server. A process that dies is replaced, and the request it held is sent once
more to the new one (what runs here is a pure function of its arguments: a bot's seed is in
them).
"""

from __future__ import annotations

import asyncio
import contextlib
import functools
import itertools
import os
import pickle
import queue
import struct
import subprocess
import sys
import threading
from collections.abc import Callable
from concurrent.futures import Executor, Future
from pathlib import Path
from typing import IO, Any

import canasta
from canasta.bots import make_bot
from canasta.engine.actions import Action
from canasta.engine.view import PlayerView

HEADER = struct.Struct(">I")

Task = tuple[Future[Any], Callable[..., Any], tuple[Any, ...]]

#: The lanes of ``Workers``' queue, served in this order: quick requests (a bot that does not
#: search, a forced move, a hint) never wait behind a queue of searches; the end of the queue.
QUICK, SLOW, END = 0, 1, 2


class WorkerGone(Exception):
    """A worker process ended twice over one request (killed, or it failed to start)."""


class WorkerFailed(RuntimeError):
    """The function raised in the worker process: its words."""


def decide(spec: str, seed: int, view: PlayerView) -> Action:
    """A bot's move: the bot ``spec`` made with ``seed``, on the seat's view alone."""
    return make_bot(spec, seed).act(view)


def quick(spec: str, view: PlayerView) -> bool:
    """Whether the bot ``spec``'s move from ``view`` is quick: it does not search, or it has
    only one move (``Workers.submit_quick``)."""
    return not searches(spec) or len(view.legal_actions) == 1


@functools.lru_cache(maxsize=256)
def searches(spec: str) -> bool:
    """Whether the bot ``spec`` searches (its ``searches``), asked once per spec."""
    return make_bot(spec).searches


async def run(pool: Executor, fast: bool, fn: Callable[..., Any], *args: Any) -> Any:
    """``fn(*args)`` on ``pool``, in the quick lane if ``fast`` and the pool has one."""
    if fast and isinstance(pool, Workers):
        return await asyncio.wrap_future(pool.submit_quick(fn, *args))
    return await asyncio.get_running_loop().run_in_executor(pool, fn, *args)


def read_frame(stream: IO[bytes]) -> Any:
    """The next pickled frame of ``stream``, or None at its end."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    size = HEADER.unpack(head)[0]
    body = stream.read(size)
    return pickle.loads(body) if len(body) == size else None


def frame(value: object) -> bytes:
    """``value`` as a frame: its pickle, preceded by its length."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


class Workers(Executor):
    """``size`` worker processes at niceness ``nice``, each started when first needed and fed
    by a thread of this process (which waits on the pipe, leaving the interpreter's lock to the
    server). Requests are taken in the order they came, the quick ones (``submit_quick``)
    before every other one waiting: a hint or a club bot's move waits for a process to be
    free, not for the searches queued before it."""

    def __init__(self, size: int, nice: int, name: str = "canasta-worker") -> None:
        self.nice = nice
        self._tasks: queue.PriorityQueue[tuple[int, int, Task | None]] = queue.PriorityQueue()
        self._order = itertools.count()  # first come, first served within a lane
        self._closed = False
        self._processes: list[subprocess.Popen[bytes] | None] = [None] * size
        self._threads = [threading.Thread(target=self._serve, args=(i,), daemon=True,
                                          name=f"{name}-{i}") for i in range(size)]
        for thread in self._threads:
            thread.start()

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        """``fn(*args)`` in a worker process (keyword arguments are not taken)."""
        return self._submit(SLOW, fn, args, kwargs)

    def submit_quick(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any
                     ) -> Future[Any]:
        """``fn(*args)`` in a worker process, before every ``submit`` still waiting: for
        what takes a few milliseconds (a request's wait is then one running request at most)."""
        return self._submit(QUICK, fn, args, kwargs)

    def _submit(self, lane: int, fn: Callable[..., Any], args: tuple[Any, ...],
                kwargs: dict[str, Any]) -> Future[Any]:
        if kwargs:
            name = "submit_quick" if lane == QUICK else "submit"
            raise TypeError(f"Workers.{name} takes positional arguments only")
        if self._closed:
            raise RuntimeError("the workers are shut down")
        future: Future[Any] = Future()
        self._tasks.put((lane, next(self._order), (future, fn, args)))
        return future

    def shutdown(self, wait: bool = True, *, cancel_futures: bool = False) -> None:
        """No more requests; with ``cancel_futures`` the waiting ones are cancelled. Each
        process's input is closed once its thread is done, and it exits."""
        self._closed = True
        if cancel_futures:
            while True:
                try:
                    task = self._tasks.get_nowait()[2]
                except queue.Empty:
                    break
                if task is not None:
                    task[0].cancel()
        for _ in self._threads:
            self._tasks.put((END, next(self._order), None))
        if wait:
            for thread in self._threads:
                thread.join()

    def pids(self) -> list[int]:
        """The running worker processes' ids."""
        return [p.pid for p in self._processes if p is not None and p.poll() is None]

    # ------------------------------------------------------------------ a worker's thread

    def _serve(self, slot: int) -> None:
        while (task := self._tasks.get()[2]) is not None:
            future, fn, args = task
            if not future.set_running_or_notify_cancel():
                continue
            try:
                kind, value = self._call(slot, fn, args)
            except Exception as exc:  # told to the caller; the thread goes on
                future.set_exception(exc)
                continue
            if kind == "ok":
                future.set_result(value)
            else:
                future.set_exception(WorkerFailed(f"{fn.__qualname__} failed in a worker "
                                                  f"process: {value}"))
        self._stop(slot)

    def _call(self, slot: int, fn: Callable[..., Any], args: tuple[Any, ...]
              ) -> tuple[str, Any]:
        request = frame((fn, args))
        for _ in range(2):  # a process that died is replaced, and asked once more
            process = self._process(slot)
            assert process.stdin is not None and process.stdout is not None
            try:
                process.stdin.write(request)
                process.stdin.flush()
                answer = read_frame(process.stdout)
            except OSError:
                answer = None
            if answer is not None:
                kind, value = answer
                return str(kind), value
            self._stop(slot)
        raise WorkerGone(f"the worker process died twice running {fn.__qualname__}")

    def _process(self, slot: int) -> subprocess.Popen[bytes]:
        process = self._processes[slot]
        if process is None or process.poll() is not None:
            package = str(Path(canasta.__file__).resolve().parents[1])
            paths = [package, *filter(None, [os.environ.get("PYTHONPATH")])]
            process = subprocess.Popen(
                [sys.executable, "-m", "canasta.server.worker", str(self.nice)],
                stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                env={**os.environ, "PYTHONPATH": os.pathsep.join(paths)})
            self._processes[slot] = process
        return process

    def _stop(self, slot: int) -> None:
        """End the slot's process: its input closed, it exits (killed if not, in 5 s)."""
        process, self._processes[slot] = self._processes[slot], None
        if process is None:
            return
        if process.stdin is not None:
            with contextlib.suppress(OSError):
                process.stdin.close()
        try:
            process.wait(5)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        if process.stdout is not None:
            process.stdout.close()


def main(nice: int) -> None:
    """Run the requests of standard input until it ends."""
    os.nice(nice)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while (request := read_frame(source)) is not None:
        fn, args = request
        try:
            answer: tuple[str, object] = ("ok", fn(*args))
        except Exception as exc:  # told to the server; the worker goes on
            answer = ("error", f"{type(exc).__name__}: {exc}")
        try:
            sink.write(frame(answer))
            sink.flush()
        except BrokenPipeError:  # the server went away while this ran: nobody to tell
            os.dup2(os.open(os.devnull, os.O_WRONLY), sink.fileno())  # the exit flushes there
            return


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
