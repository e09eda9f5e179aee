"""Command-line tools: ``visa-as`` (text -> binary) and ``visa-dis`` (binary -> text).

Both behave like a compiler engineer expects of an assembler: ``-o FILE``,
``-`` for standard input/output, ``--version``, ``--help``; diagnostics as
``file:line:col: error: message`` with the source line and a caret, on
standard error; exit status 0 on success, 1 when the input has errors, 2 on
usage errors.  An output file is written to a temporary name and renamed into
place only on success, so a failed run never leaves a half-written file.
"""
from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, List, Optional

if TYPE_CHECKING:
    import typer

from . import __version__
from .errors import VisaError

EXIT_OK, EXIT_INPUT, EXIT_USAGE = 0, 1, 2


def _err(msg: str) -> None:
    sys.stderr.write(msg + "\n")
    sys.stderr.flush()


class _BadParam(Exception):
    """A bad option value: typer reports it (its usage line and box) as a
    ``typer.BadParameter``."""

    def __init__(self, message: str, hint: str) -> None:
        super().__init__(message)
        self.hint = hint


def _read_text(path: str) -> tuple[str, str]:
    """(text, display name) of an input file or '-' (stdin)."""
    if path == "-":
        data = sys.stdin.buffer.read()
        name = "<stdin>"
    else:
        data = Path(path).read_bytes()
        name = path
    try:
        return data.decode("utf-8"), name
    except UnicodeDecodeError as e:
        raise VisaError([_diag_at_byte(name, data, e.start, "input is not UTF-8 text")]) from None


def _diag_at_byte(name: str, data: bytes, pos: int, message: str):
    from .errors import Diagnostic
    line = data.count(b"\n", 0, pos) + 1
    col = pos - (data.rfind(b"\n", 0, pos) + 1) + 1
    return Diagnostic(name, line, col, message, rule="syntax")


def _write_atomic(path: str, data: bytes) -> None:
    """Write ``data`` to ``path`` (or stdout for '-') via a temporary file."""
    if path == "-":
        sys.stdout.buffer.write(data)
        sys.stdout.buffer.flush()
        return
    from ._files import replace_with
    replace_with(path, data)


def _one(tool: str, inp: str, work) -> int:
    """Run ``work(inp)``; report what goes wrong as a diagnostic (never a
    traceback).  The exit status."""
    try:
        work(inp)
    except VisaError as e:
        _err(e.render())
        return EXIT_INPUT
    except OSError as e:
        _err(f"{tool}: error: {inp}: {e.strerror or e}")
        return EXIT_INPUT
    except Exception as e:  # noqa: BLE001 - never a traceback for the user
        _err(f"{tool}: internal error on {inp}: {type(e).__name__}: {e} (please report)")
        return EXIT_INPUT
    return EXIT_OK


# what the pool's workers run: set before the fork, inherited by the children
_POOL_JOB: tuple = ()


def _pool_task(inp: str) -> tuple[int, bytes, bytes]:
    """In a worker: (status, standard output, standard error) of one input,
    its output streams caught so that the parent prints them in input order."""
    import io
    tool, work = _POOL_JOB
    out, err = io.BytesIO(), io.BytesIO()
    saved = sys.stdout, sys.stderr
    wout = io.TextIOWrapper(out, encoding="utf-8", write_through=True)
    werr = io.TextIOWrapper(err, encoding="utf-8", errors="backslashreplace", write_through=True)
    sys.stdout, sys.stderr = wout, werr
    try:
        status = _one(tool, inp, work)
    finally:
        sys.stdout, sys.stderr = saved
        wout.flush()
        werr.flush()
    result = status, out.getvalue(), err.getvalue()
    wout.detach()  # a wrapper closes its buffer when it goes
    werr.detach()
    return result


def _each(tool: str, inputs, work, prepare=None) -> int:
    """Run ``work(input)`` for each input and go on after a failure; the
    exit status is the worst.  With several inputs (none of them standard
    input) and several CPUs the inputs are shared among forked worker
    processes; what each input prints comes out grouped, in input order, as
    with one process.  ``prepare()`` runs first here, so that the workers
    inherit what it builds (the parser) instead of each building it."""
    global _POOL_JOB
    inputs = list(inputs)
    cpus = _cpus()
    if len(inputs) < 2 or cpus < 2 or "-" in inputs or not hasattr(os, "fork"):
        return max((_one(tool, inp, work) for inp in inputs), default=EXIT_OK)
    if prepare is not None:
        prepare()
    import multiprocessing
    _POOL_JOB = (tool, work)
    for stream in (sys.stdout, sys.stderr):
        stream.flush()
    status = EXIT_OK
    try:
        pool = multiprocessing.get_context("fork").Pool(min(cpus, len(inputs)))
    except OSError:
        return max(_one(tool, inp, work) for inp in inputs)
    try:
        for code, out, err in pool.imap(_pool_task, inputs):
            if out:
                sys.stdout.flush()
                sys.stdout.buffer.write(out)
                sys.stdout.buffer.flush()
            if err:
                sys.stderr.flush()
                sys.stderr.buffer.write(err)
                sys.stderr.buffer.flush()
            status = max(status, code)
    finally:
        pool.terminate()
        _POOL_JOB = ()
    return status


def _output_dir(output: str | None, output_dir: str | None) -> str | None:
    """The directory outputs go to: ``--output-dir DIR``, or ``-o DIR/``
    (a trailing slash, or a directory that exists)."""
    if output_dir is not None:
        return output_dir
    if output is not None and output != "-" and (output.endswith(("/", os.sep)) or os.path.isdir(output)):
        return output
    return None


def _parse_gen_binary(spec: str):
    from .encode import platform_code
    plat, sep, file = spec.partition(":")
    if not sep or not plat or not file:
        raise _BadParam(f"expected PLATFORM:FILE, got '{spec}'", "--gen-binary")
    try:
        code = platform_code(int(plat, 0) if plat[:1].isdigit() else plat)
        if not 0 <= code <= 255:
            raise ValueError(f"platform code {code} is not 0..255")
    except ValueError as e:
        raise _BadParam(str(e), "--gen-binary")
    try:
        blob = Path(file).read_bytes()
    except OSError as e:
        raise _BadParam(f"cannot read '{file}': {e.strerror}", "--gen-binary")
    return (code, blob)


# a program this long (characters) is validated in a second process while
# this one encodes it; below it, starting the process costs more than it saves
PARALLEL_FROM = 100_000


def _cpus() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # pragma: no cover - not Linux
        return os.cpu_count() or 1


def _beside_in_child(side, main):
    """``(side(), main())``, ``side()`` run in a forked child process (on
    another CPU) while ``main()`` runs here; its result comes back pickled
    through a pipe.  Where no child can be started, or it fails (an
    exception, a crash), ``side()`` runs here afterwards, so that the
    outcome, an exception included, is the one-process outcome."""
    import pickle
    fork = getattr(os, "fork", None)  # none on Windows
    if fork is None:
        return side(), main()
    try:
        r, w = os.pipe()
    except OSError:
        return side(), main()
    try:
        pid = fork()
    except OSError:
        os.close(r)
        os.close(w)
        return side(), main()
    if pid == 0:  # the child: never returns, never flushes the parent's buffers
        code = 1
        try:
            os.close(r)
            payload = pickle.dumps(side(), protocol=pickle.HIGHEST_PROTOCOL)
            with os.fdopen(w, "wb") as f:
                f.write(payload)
            code = 0
        finally:
            os._exit(code)
    os.close(w)
    try:
        result = main()
    finally:
        with os.fdopen(r, "rb") as f:
            payload = f.read()
        _, status = os.waitpid(pid, 0)
    if status == 0:
        try:
            return pickle.loads(payload), result
        except Exception:  # noqa: BLE001 - a truncated answer: do it here
            pass
    return side(), result


# ------------------------------------------------------- warning options (-W)
W_HELP = ("Warnings, as gcc says them: -Werror makes every warning an error; -Werror=RULE "
          "that rule's warnings; -Wno-error=RULE keeps that rule a warning (also an error "
          "Intel only warns of: region-bounds); -Wno-RULE silences that rule's warnings. "
          "RULE is a rule id (docs/VALIDATION.md), as printed at the end of each diagnostic.")


def warning_options_from_argv(prog: str, argv: list[str]):
    """``argv`` without gcc's warning options (``-Werror``, ``-Werror=RULE``,
    ``-Wno-error=RULE``, ``-Wno-RULE``, up to a ``--``), and the
    :class:`visa.errors.WarningOptions` they say (None when there are
    none).  An unknown ``-W`` option or rule id is a usage error (exit 2)."""
    if not any(a.startswith("-W") for a in argv):
        return argv, None
    rest: list[str] = []
    werror: bool | set = False
    no_error: set = set()
    disable: set = set()
    for k, a in enumerate(argv):
        if a == "--":
            rest.extend(argv[k:])
            break
        if not a.startswith("-W"):
            rest.append(a)
        elif a == "-Werror":
            werror = True
        elif a.startswith("-Werror="):
            if werror is not True:
                werror = (werror or set()) | {a[len("-Werror="):]}
        elif a.startswith("-Wno-error="):
            no_error.add(a[len("-Wno-error="):])
        elif a.startswith("-Wno-") and a != "-Wno-error":
            disable.add(a[len("-Wno-"):])
        else:
            _err(f"{prog}: error: unknown warning option '{a}' (-Werror, -Werror=RULE, "
                 "-Wno-error=RULE, -Wno-RULE)")
            raise SystemExit(EXIT_USAGE)
    from .errors import WarningOptions
    try:
        return rest, WarningOptions(werror=werror, no_error=no_error, disable=disable)
    except ValueError as e:
        _err(f"{prog}: error: {e}")
        raise SystemExit(EXIT_USAGE)


def _make_dir(tool: str, path: str) -> None:
    try:
        os.makedirs(path, exist_ok=True)
    except OSError as e:
        _err(f"{tool}: error: cannot make the output directory '{path}': {e.strerror or e}")
        raise SystemExit(EXIT_USAGE)


# -------------------------------------------------------------------- visa-as
def _assemble(inputs: list[str], output: str | None, output_dir: str | None, syntax_only: bool,
              gen_binary: list[str], platform: str | None, jobs: int, wopts) -> int:
    """visa-as with its options parsed: the exit status."""
    from .encode import find_platform
    try:
        plat = find_platform(platform) if platform is not None else None
    except ValueError as e:
        raise _BadParam(str(e), "--platform")
    from .parser import parse
    out_dir = _output_dir(output, output_dir)
    if out_dir is not None:
        output = None
        if not syntax_only:
            _make_dir("visa-as", out_dir)
    if output is not None and len(inputs) > 1:
        _err("visa-as: error: -o FILE cannot be used with several inputs (use -o DIR/ or --output-dir DIR)")
        raise SystemExit(EXIT_USAGE)
    if output is None and "-" in inputs and not syntax_only:
        output = "-"
    blobs = [_parse_gen_binary(s) for s in gen_binary]
    if len(blobs) > 4:
        _err("visa-as: error: a kernel carries at most 4 Gen binaries (--gen-binary)")
        raise SystemExit(EXIT_USAGE)
    def work(inp):
        text, name = _read_text(inp)
        from .encode import assemble
        warnings: list = []
        try:
            if syntax_only:  # as gcc -fsyntax-only: parse and check, write nothing
                from .encode import check_module
                found = check_module(parse(text, name), text=text, filename=name, platform=plat,
                                     codes=[c for c, _ in blobs], gen_binaries=blobs, options=wopts)
                if any(d.severity == "error" for d in found):
                    raise VisaError(found)
                warnings.extend(found)
                return
            two = jobs >= 2 or (jobs == 0 and len(text) >= PARALLEL_FROM and _cpus() >= 2)
            data = assemble(text, gen_binaries=blobs, filename=name, warnings=warnings, platform=plat,
                            beside=_beside_in_child if two else None, options=wopts)
        finally:
            for w in warnings:
                _err(w.render())
        if output is not None:
            target = output
        elif out_dir is not None:
            target = os.path.join(out_dir, Path(inp).with_suffix(".isa").name)
        else:
            target = str(Path(inp).with_suffix(".isa"))
        _write_atomic(target, bytes(data))

    def prepare():  # what every input needs, built once before the fork
        from . import encode, validator  # noqa: F401
        from .parser import _grammar
        _grammar()
    return _each("visa-as", inputs, work, prepare=prepare)




# ------------------------------------------------------------------- visa-dis
def _disassemble(inputs: list[str], output: str | None, output_dir: str | None, validate: bool,
                 visa_version: str, wopts) -> int:
    """visa-dis with its options parsed: the exit status."""
    dialect = {"4.1": (4, 1), "4.2": (4, 2)}.get(visa_version)
    if dialect is None:
        _err(f"visa-dis: error: unknown --visa-version '{visa_version}' (expected 4.1 or 4.2)")
        raise SystemExit(EXIT_USAGE)
    out_dir = _output_dir(output, output_dir)
    if out_dir is not None:
        output = None
        _make_dir("visa-dis", out_dir)
    if output is not None and output != "-" and len(inputs) > 1:
        _err("visa-dis: error: -o FILE cannot be used with several inputs")
        raise SystemExit(EXIT_USAGE)
    def work(inp):
        data = sys.stdin.buffer.read() if inp == "-" else Path(inp).read_bytes()
        from . import disassemble
        name = "<stdin>" if inp == "-" else inp
        text = disassemble(data, filename=name)
        if dialect != (4, 1):
            from .parser import parse
            from .printer import format as format_text
            text = format_text(parse(text, name), version=dialect)
        if out_dir is not None:
            target = os.path.join(out_dir, Path(name).with_suffix(".visaasm").name)
        else:
            target = output or "-"
        _write_atomic(target, text.encode("utf-8"))
        if validate:
            import attrs
            from .binary import objfile
            from .decode import disassemble_module
            from .encode import validate_module
            from .parser import parse
            listing = name + " (disassembly)"
            module = parse(text, listing)
            # each instruction's byte offset in the file, by its listing line
            offsets: list = []
            disassemble_module(data, offsets)
            at_line: dict[int, int] = {}
            if [len(u.body) for u in module.units] == [len(o) for o in offsets]:
                for u, offs in zip(module.units, offsets):
                    at_line.update((st.line, off) for st, off in zip(u.body, offs))
            found = validate_module(module, text=text, filename=listing, codes=[
                g.platform for k in objfile.read(data).kernels for g in k.gen_binaries],
                options=wopts)
            found = [attrs.evolve(d, file=name, offset=at_line[d.line]) if d.line in at_line else d
                     for d in found]
            for d in found:
                if d.severity != "error":
                    _err(d.render())
            errors = [d for d in found if d.severity == "error"]
            if errors:
                raise VisaError(errors)

    def prepare():  # what every input needs, imported once before the fork
        from . import decode  # noqa: F401
        if validate or dialect != (4, 1):
            from . import encode, parser, validator  # noqa: F401
    return _each("visa-dis", inputs, work, prepare=prepare)




# ------------------------------------------------------------------ the typer apps
def _typer_apps():
    """The two typer apps (help, usage errors, every option spelling):
    made on first use, as importing typer costs about 0.04 s."""
    global typer
    import typer  # a module global: typer reads the commands' annotations there

    def _version_cb(value: bool):
        if value:
            typer.echo(f"visa {__version__} (vISA 4.1)")
            raise typer.Exit(EXIT_OK)

    def _typer_status(run):
        try:
            code = run()
        except _BadParam as e:
            raise typer.BadParameter(str(e), param_hint=e.hint)
        raise typer.Exit(code)

    # -------------------------------------------------------------------- visa-as
    as_app = typer.Typer(add_completion=False, context_settings={"help_option_names": ["-h", "--help"]})

    @as_app.command(epilog=W_HELP)
    def assemble_cmd(
        ctx: typer.Context,
        inputs: List[str] = typer.Argument(..., metavar="INPUT...",
                                           help="vISA assembly files (.visaasm, .visa); '-' reads standard input."),
        output: Optional[str] = typer.Option(None, "-o", "--output",
                                             help="Output file ('-' for standard output), or a directory "
                                                  "(DIR/, or one that exists). Default: INPUT with .isa."),
        output_dir: Optional[str] = typer.Option(None, "--output-dir", metavar="DIR",
                                                 help="Write each output into DIR (made if missing), "
                                                      "named as its input with .isa."),
        syntax_only: bool = typer.Option(False, "--syntax-only", "-fsyntax-only",
                                         help="Only parse and validate, report every problem; write nothing."),
        gen_binary: List[str] = typer.Option([], "--gen-binary", metavar="PLATFORM:FILE",
                                             help="Embed a native Gen code blob (repeatable)."),
        platform: Optional[str] = typer.Option(None, "--platform", metavar="PLATFORM",
                                               help="Validate for this platform (a name such as TGLLP, "
                                                    "DG2, PVC, XE2, or a code); default: the first "
                                                    "--gen-binary's."),
        jobs: int = typer.Option(0, "-j", "--jobs", metavar="N", min=0,
                                 help="Processes: 1 validates and encodes one after the other; 2 "
                                      "validates in a second process while this one encodes. "
                                      "Default: 2 for a long program when two CPUs are "
                                      "available, else 1."),
        version: bool = typer.Option(False, "--version", callback=_version_cb, is_eager=True,
                                     help="Print the version and exit."),
    ):
        """Assemble vISA assembly text into vISA 4.1 binaries."""
        _typer_status(lambda: _assemble(inputs, output, output_dir, syntax_only, gen_binary,
                                        platform, jobs, ctx.obj))

    # ------------------------------------------------------------------- visa-dis
    dis_app = typer.Typer(add_completion=False, context_settings={"help_option_names": ["-h", "--help"]})

    @dis_app.command(epilog=W_HELP + " They apply with --validate.")
    def disassemble_cmd(
        ctx: typer.Context,
        inputs: List[str] = typer.Argument(..., metavar="INPUT...",
                                           help="vISA binaries (.isa); '-' reads standard input."),
        output: Optional[str] = typer.Option(None, "-o", "--output",
                                             help="Output file ('-' for standard output, the default), "
                                                  "or a directory (DIR/, or one that exists)."),
        output_dir: Optional[str] = typer.Option(None, "--output-dir", metavar="DIR",
                                                 help="Write each output into DIR (made if missing), "
                                                      "named as its input with .visaasm."),
        validate: bool = typer.Option(False, "--validate",
                                      help="Also validate the program; each diagnostic gives the "
                                           "instruction's byte offset in the file (FILE+0xOFFSET) "
                                           "and shows its line of the printed text. Errors make "
                                           "the exit status 1."),
        visa_version: str = typer.Option("4.1", "--visa-version", metavar="4.1|4.2",
                                         help="The text dialect to print: vISA 4.1 (IGC up to "
                                              "2023) or 4.2 (IGC 2.x)."),
        version: bool = typer.Option(False, "--version", callback=_version_cb, is_eager=True,
                                     help="Print the version and exit."),
    ):
        """Disassemble vISA 4.1 binaries into vISA assembly text (IGC's layout)."""
        _typer_status(lambda: _disassemble(inputs, output, output_dir, validate, visa_version,
                                           ctx.obj))

    return as_app, dis_app


_APPS: tuple = ()


def __getattr__(name: str):
    """``as_app`` and ``dis_app``, the typer apps, made on first use."""
    global _APPS
    if name in ("as_app", "dis_app"):
        if not _APPS:
            _APPS = _typer_apps()
        return _APPS[name == "dis_app"]
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


# ----------------------------------------------- the common invocations, without typer
# option spellings the front end below takes: flag -> parameter, option with a value -> parameter
AS_FLAGS = {"--syntax-only": "syntax_only", "-fsyntax-only": "syntax_only"}
AS_VALUED = {"-o": "output", "--output": "output", "--output-dir": "output_dir",
             "--gen-binary": "gen_binary", "--platform": "platform", "-j": "jobs", "--jobs": "jobs"}
DIS_FLAGS = {"--validate": "validate"}
DIS_VALUED = {"-o": "output", "--output": "output", "--output-dir": "output_dir",
              "--visa-version": "visa_version"}


def _plain_args(argv: list[str], flags: dict, valued: dict, repeatable: tuple = ()):
    """(inputs, options) of a command line made only of inputs and the
    options named, each given once (``repeatable`` ones any number of
    times), none of whose values starts with '-' (but '-'); None for any
    other command line (help, --version, an unknown or repeated option, a
    missing value, no input, ``--``), which typer then reads."""
    inputs: list[str] = []
    opts: dict = {}
    k = 0
    while k < len(argv):
        a = argv[k]
        k += 1
        if a == "-" or not a.startswith("-"):
            inputs.append(a)
            continue
        if a in flags:
            if flags[a] in opts:
                return None
            opts[flags[a]] = True
            continue
        name, eq, value = a.partition("=")
        if eq and name.startswith("--") and name in valued:
            key = valued[name]
        elif a in valued:
            if k >= len(argv):
                return None
            key, value = valued[a], argv[k]
            k += 1
        else:
            return None
        if value.startswith("-") and value != "-":
            return None
        if key in repeatable:
            opts.setdefault(key, []).append(value)
        elif key in opts:
            return None
        else:
            opts[key] = value
    if not inputs:
        return None
    return inputs, opts


def _run_plain(prog: str, argv: list[str], wopts) -> int | None:
    """Run a common command line without typer: the exit status, or None
    where typer has to read it (see :func:`_plain_args`) or report a bad
    option value."""
    try:
        if prog == "visa-as":
            got = _plain_args(argv, AS_FLAGS, AS_VALUED, repeatable=("gen_binary",))
            if got is None:
                return None
            inputs, o = got
            jobs = o.get("jobs", "0")
            if not (jobs.isascii() and jobs.isdigit()):
                return None
            return _assemble(inputs, o.get("output"), o.get("output_dir"), o.get("syntax_only", False),
                             o.get("gen_binary", []), o.get("platform"), int(jobs), wopts)
        got = _plain_args(argv, DIS_FLAGS, DIS_VALUED)
        if got is None:
            return None
        inputs, o = got
        return _disassemble(inputs, o.get("output"), o.get("output_dir"), o.get("validate", False),
                            o.get("visa_version", "4.1"), wopts)
    except _BadParam:  # found before any work is done: typer says it
        return None


def _one_shot(prog: str) -> None:
    """Run a command that owns its process: it builds one program's AST,
    which holds no reference cycles, then exits.

    * The cyclic garbage collector is off: it would only scan that AST again
      and again while it grows (about 0.5 s on a 100,000-line kernel).
    * The process ends without the interpreter's teardown (about 0.05 s of
      freeing objects one by one after a large program): standard output and
      error are flushed, every output file is already closed, what was made
      ready-made for the next run is written (visa/readymade.py), and nothing
      of ours waits for exit handlers.

    The library itself never touches the collector or the exit; only these
    entry points do, for their own process."""
    import gc
    gc.disable()
    try:
        args, options = warning_options_from_argv(prog, sys.argv[1:])
        code = _run_plain(prog, args, options)
        if code is None:
            app = __getattr__("as_app" if prog == "visa-as" else "dis_app")
            app(prog_name=prog, args=args, obj=options)
            code = EXIT_OK
    except BrokenPipeError:  # as click does: a closed pipe ends the run quietly
        code = EXIT_INPUT
    except SystemExit as e:
        if e.code is None or isinstance(e.code, int):
            code = e.code or EXIT_OK
        else:  # a message: printed, as the interpreter would
            _err(str(e.code))
            code = EXIT_INPUT
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):  # a closed pipe (visa-dis ... | head)
            pass
    ready = sys.modules.get("visa.readymade")
    if ready is not None:  # what was made ready for the next run (no exit handlers run)
        ready.flush()
    os._exit(code)


def as_main() -> None:
    _one_shot("visa-as")


def dis_main() -> None:
    _one_shot("visa-dis")
