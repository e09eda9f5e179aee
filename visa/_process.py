"""How a console script owns its process (internal): one way for every
command of the package (visa-as, visa-dis, visa-stats, visa-cfg, visa-diff,
afuc-as, afuc-dis, g80-as, g80-dis).

:func:`own_process` runs the command's ``main()`` and ends the process:

* the cyclic garbage collector is off while it runs: a command builds one
  program's nodes, which hold no reference cycles, and the collector would
  only scan them again and again while they grow (a third of a large
  parse);
* its exit status is what ``main()`` returns (or what a ``SystemExit`` says,
  as argparse's and click's usage errors raise it);
* a closed pipe (``visa-dis x.isa | head``) ends the command quietly with
  status 1, as click ends its commands; an error writing standard output
  otherwise (a full disk, ``>/dev/full``) is reported and gives status 1,
  never 0 with the output lost;
* ^C (SIGINT) gives status 130 (128 + SIGINT, as a shell reports a command
  the signal ended) without a traceback, whatever code runs at that moment
  (click, for one, would make it "Aborted!" and status 1);
* standard output and error are flushed, what was made ready-made for the
  next run is written (:func:`visa.readymade.flush`), and the process ends
  with ``os._exit``, skipping the interpreter's teardown (freeing a large
  program's objects one by one, for nothing: about 0.05 s).

The library (``*_main(argv)`` functions called from Python included) never
touches the collector, signals or the exit; only this does, for a process
that is the command's own.
"""
from __future__ import annotations

import os
import sys
from collections.abc import Callable
from typing import NoReturn

EXIT_INTERRUPTED = 130
"""The status of a command ended by ^C (128 + SIGINT)."""


class Interrupted(BaseException):
    """^C while a command runs.  Not a :class:`KeyboardInterrupt`, which
    code on the way (click) would catch and turn into another status; a
    ``finally`` still runs, and no ``except Exception`` takes it."""


def _interrupted(signum: int, frame: object) -> NoReturn:
    raise Interrupted


def status_of(exit: SystemExit) -> int:
    """The status a ``SystemExit`` stands for, as the interpreter takes it
    (a message: printed to standard error, status 1)."""
    code = exit.code
    if code is None:
        return 0
    if isinstance(code, int):
        return code
    _say(str(code))
    return 1


def _say(message: str) -> None:
    try:
        sys.stderr.write(message + "\n")
    except (OSError, ValueError, AttributeError):  # (no standard error to say it on)
        pass


def own_process(prog: str, main: Callable[[], int | None]) -> NoReturn:
    """Run ``main()`` as the whole of this process's work and end the
    process with its status (see the module's doc); ``prog`` names the
    command in a message about standard output."""
    import gc
    gc.disable()
    try:
        import _signal  # type: ignore[import-not-found]  # (signal: 1 ms of enums)
        _signal.signal(_signal.SIGINT, _interrupted)
    except (ImportError, ValueError, OSError):  # pragma: no cover - not the main thread
        pass
    try:
        try:
            code = main() or 0
        except SystemExit as e:
            code = status_of(e)
        except BrokenPipeError:
            code = 1
        except OSError as e:  # (one the command did not report: a write to standard output)
            code = 1
            _say(f"{prog}: error: {e.filename + ': ' if e.filename else ''}{e.strerror or e}")
        code = _finish(prog, code)
    except (Interrupted, KeyboardInterrupt):
        code = EXIT_INTERRUPTED
        try:
            _finish(prog, code)
        except BaseException:  # noqa: BLE001 - a second ^C: end anyway
            pass
    os._exit(code)


def _finish(prog: str, code: int) -> int:
    """Flush standard output and error and write what is ready-made for the
    next run; the status, 1 where standard output could not be written."""
    out = sys.stdout
    if out is not None:
        try:
            out.flush()
        except BrokenPipeError:
            code = code or 1
        except OSError as e:
            code = code or 1
            _say(f"{prog}: error: standard output: {e.strerror or e}")
        except ValueError:  # (closed by the command itself)
            pass
    err = sys.stderr
    if err is not None:
        try:
            err.flush()
        except (OSError, ValueError):
            pass
    ready = sys.modules.get("visa.readymade")
    if ready is not None:  # (no exit handlers run: what they would write, now)
        ready.flush()
    return code
