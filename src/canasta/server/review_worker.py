"""The reviews' worker process (``server.reviewer``): judges one decision at a time, as the
server asks, at a low scheduling priority.

Run as ``python -m canasta.server.review_worker NICE`` by the server, never by hand. It reads
requests from its standard input and writes answers to its standard output, each a pickle
preceded by its length (4 bytes, big-endian): a request is ``(view, chosen, index, samples)``
(``canasta.bots.review.judge``'s arguments), an answer ``("ok", Judgement)`` or ``("error",
words)``. Only the server that started it writes to it. At the end of its input (the server
closed it, or died, even by kill -9) it exits, so it never outlives its server.
"""

from __future__ import annotations

import os
import pickle
import struct
import sys
from typing import IO, Any

from canasta.bots.review import judge

HEADER = struct.Struct(">I")


def read_frame(stream: IO[bytes]) -> Any:
    """The next pickled frame of ``stream``, or None at its end."""
    head = stream.read(HEADER.size)
    if len(head) < HEADER.size:
        return None
    return pickle.loads(stream.read(HEADER.unpack(head)[0]))


def frame(value: object) -> bytes:
    """``value`` as a frame: its pickle, preceded by its length."""
    data = pickle.dumps(value, protocol=pickle.HIGHEST_PROTOCOL)
    return HEADER.pack(len(data)) + data


def main(nice: int) -> None:
    """Judge the requests of standard input until it ends."""
    os.nice(nice)
    source, sink = sys.stdin.buffer, sys.stdout.buffer
    while (request := read_frame(source)) is not None:
        try:
            answer: tuple[str, object] = ("ok", judge(*request))
        except Exception as exc:  # told to the server, which logs it; the worker goes on
            answer = ("error", f"{type(exc).__name__}: {exc}")
        sink.write(frame(answer))
        sink.flush()


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 0)
