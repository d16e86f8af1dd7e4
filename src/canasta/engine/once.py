"""``once``: a field computed on first read and then kept on the instance.

It is ``functools.cached_property`` without the lock Python 3.11 takes on every first read
(the lock was dropped in 3.12): views and bots' knowledge are made for one decision in one
thread and read on the hot path of every search, where the lock cost a tenth of the time.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Generic, TypeVar, overload

T = TypeVar("T")


class once(Generic[T]):
    """Decorates a method of no arguments: the first read calls it and stores the value in
    the instance's ``__dict__``, where later reads find it without calling anything."""

    def __init__(self, compute: Callable[[Any], T]) -> None:
        self.compute = compute
        self.name = compute.__name__
        self.__doc__ = compute.__doc__

    def __set_name__(self, owner: type, name: str) -> None:
        self.name = name

    @overload
    def __get__(self, instance: None, owner: type | None = None) -> once[T]: ...

    @overload
    def __get__(self, instance: object, owner: type | None = None) -> T: ...

    def __get__(self, instance: object | None, owner: type | None = None) -> once[T] | T:
        if instance is None:
            return self
        value = instance.__dict__[self.name] = self.compute(instance)
        return value
