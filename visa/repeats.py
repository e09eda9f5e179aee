"""What the validator and the encoder remember of the instructions they have
seen in one unit, looked up by value (positions aside: two instructions
written alike on different lines are equal).

A kernel that repeats lines (an unrolled loop, a macro expanded many times)
is checked and encoded once per distinct instruction.  A lookup costs hashing
the instruction (about 1.4 microseconds, once per instruction), which a
kernel whose lines do not repeat pays for nothing: so after a trial of
``TRIAL`` lookups with fewer than one in ``RARE`` found, the memo lets go of
what it holds and answers no more.  It only ever saves work; what it answers
is what the work would give.
"""
from __future__ import annotations

from collections.abc import Hashable
from typing import Any

TRIAL = 2048
RARE = 16


class Repeats:
    """A memo of one unit's instructions: ``get`` the value kept for an equal
    instruction (None: none kept), ``put`` one."""

    __slots__ = ("kept", "tries", "found")

    def __init__(self) -> None:
        self.kept: dict[Hashable, Any] | None = {}
        self.tries = 0
        self.found = 0

    def get(self, ins: Hashable) -> Any:
        kept = self.kept
        if kept is None:
            return None
        value = kept.get(ins)
        if value is not None:
            self.found += 1
            return value
        self.tries += 1
        if self.tries == TRIAL and self.found * RARE < TRIAL:
            self.kept = None  # the lines do not repeat: stop hashing them
        return None

    def put(self, ins: Hashable, value: Any) -> None:
        if self.kept is not None:
            self.kept[ins] = value
