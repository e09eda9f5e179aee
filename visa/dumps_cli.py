"""visa-stats and visa-cfg: the command lines of :mod:`visa.dumps`."""
from __future__ import annotations

import argparse
import json
import os
import subprocess
import sys

from . import dumps
from .errors import VisaError


def _quiet_on_closed_pipe(main):
    """``main`` ending quietly with status 1 when its standard output is a
    pipe closed early (``visa-stats ... | head``), as visa-as and click do,
    instead of a traceback."""
    import functools

    @functools.wraps(main)
    def run(argv: list[str] | None = None) -> int:
        try:
            code = main(argv)
            sys.stdout.flush()
            return code
        except BrokenPipeError:
            # the interpreter's own flush at exit would fail again: point
            # stdout at nothing first
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
    return run


def _own_process(main, argv: list[str] | None = None) -> None:
    """Run a command that owns its process (a console script), as visa-as
    does: the cyclic garbage collector off (the program's AST holds no
    cycles; scanning it again and again as it grows costs about a third of
    a 100,000-line kernel's parse) and no interpreter teardown (freeing a
    large AST object by object).  The library functions and ``*_main``
    called from Python touch neither."""
    import gc
    gc.disable()
    try:
        code = main(argv)
    except KeyboardInterrupt:
        code = 130
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (OSError, ValueError):
            pass
    os._exit(code)


def stats_cli() -> None:
    """The ``visa-stats`` console script."""
    _own_process(stats_main)


def cfg_cli() -> None:
    """The ``visa-cfg`` console script."""
    _own_process(cfg_main)


def _load(path: str):
    with open(path, "rb") as f:
        data = f.read()
    if data[:4] == b"CISA" or (data and b"\0" in data[:64]):
        import visa
        return visa.disassemble(data, filename=path, module=True), None
    import visa
    text = data.decode("utf-8", errors="replace")
    return visa.parse(text, path), text


@_quiet_on_closed_pipe
def stats_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="visa-stats", description="Instruction statistics of vISA dumps.")
    ap.add_argument("files", nargs="+")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true")
    g.add_argument("--csv", action="store_true")
    ap.add_argument("--pressure", action="store_true", help="print the peak's live variables")
    a = ap.parse_args(argv)
    units = []
    status = 0
    for p in a.files:
        try:
            m, t = _load(p)
        except OSError as e:
            print(f"{p}: error: {e.strerror}", file=sys.stderr)
            status = 1
            continue
        except VisaError as e:
            print(str(e), file=sys.stderr)
            status = 1
            continue
        units += dumps.stats(m, t, p)["units"]
    if a.json:
        print(json.dumps({"schema": dumps.SCHEMA, "units": units}, indent=1))
    elif a.csv:
        print("file,name,kind,instructions,blocks,labels,inputs,peak_bytes,peak_line")
        for u in units:
            print(",".join(str(x) for x in (u["file"], u["name"], u["kind"], u["instructions"], u["blocks"],
                                            u["labels"], u["inputs"], u["pressure"]["peak_bytes"],
                                            u["pressure"]["line"])))
    else:
        for u in units:
            print(f"{u['file']}: {u['kind']} {u['name']}: {u['instructions']} instructions, "
                  f"{u['blocks']} blocks, {u['labels']} labels, {u['inputs']} inputs, "
                  f"peak {u['pressure']['peak_bytes']} bytes at line {u['pressure']['line']}")
            for c, n in sorted(u["by_category"].items(), key=lambda x: -x[1]):
                print(f"  {c:<16} {n:6}")
            for k, v in u["variables"].items():
                print(f"  {k} variables: {v['count']} ({v['bytes']} bytes)")
            if a.pressure:
                for v, b in u["pressure"]["live"]:
                    print(f"    live at peak: {v} {b} bytes")
    return status


def _dot(graphs, compact: bool, module) -> str:
    out = ["digraph cfg {", "  node [shape=box, fontname=monospace, style=filled];"]
    for gi, g in enumerate(graphs):
        lv = dumps.liveness(g.unit, g)
        top = max(lv.block_peak or [1]) or 1
        out.append(f"  subgraph cluster_{gi} {{ label=\"{g.name}\";")
        for bi, b in enumerate(g.blocks):
            shade = int(255 - 120 * lv.block_peak[bi] / top)
            if compact:
                text = f"{b.label or 'BB%d' % bi}\\n{len(b.lines)} instructions\\npeak {lv.block_peak[bi]} B"
            else:
                body = [b.label + ":" if b.label else f"BB{bi}:"]
                for j in b.stmts:
                    s = g.unit.body[j]
                    if hasattr(s, "op"):
                        body.append(s.op)
                text = "\\l".join(x.replace('"', "'") for x in body) + "\\l"
            out.append(f'    g{gi}b{bi} [label="{text}", fillcolor="#ff{shade:02x}{shade:02x}"];')
        for e in g.edges:
            lab = e.kind + (f" {e.predicate}" if e.predicate else "")
            out.append(f'    g{gi}b{e.src} -> g{gi}b{e.dst} [label="{lab}"];')
        out.append("  }")
    out.append("}")
    return "\n".join(out) + "\n"


@_quiet_on_closed_pipe
def cfg_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="visa-cfg", description="Control-flow graph of a vISA dump.")
    ap.add_argument("file")
    ap.add_argument("--kernel")
    ap.add_argument("--function")
    ap.add_argument("-o", "--output")
    ap.add_argument("--format", choices=("dot", "svg", "png", "json"))
    ap.add_argument("--compact", action="store_true")
    a = ap.parse_args(argv)
    try:
        m, t = _load(a.file)
    except OSError as e:
        print(f"{a.file}: error: {e.strerror}", file=sys.stderr)
        return 1
    except VisaError as e:
        print(str(e), file=sys.stderr)
        return 1
    graphs = dumps.cfg(m, t)
    want = a.kernel or a.function
    if want:
        graphs = [g for g in graphs if g.name == want]
        if not graphs:
            print(f"{a.file}: error: no kernel or function named '{want}'", file=sys.stderr)
            return 1
    fmt = a.format or (os.path.splitext(a.output)[1].lstrip(".") if a.output else "dot")
    if fmt not in ("dot", "svg", "png", "json"):
        print(f"visa-cfg: error: unknown output format '{fmt}'", file=sys.stderr)
        return 2
    if fmt == "json":
        data = (json.dumps(dumps.cfg_json(graphs), indent=1) + "\n").encode()
    else:
        data = _dot(graphs, a.compact, m).encode()
        if fmt != "dot":
            try:
                data = subprocess.run(["dot", "-T" + fmt], input=data, capture_output=True,
                                      check=True).stdout
            except (OSError, subprocess.CalledProcessError) as e:
                print(f"visa-cfg: error: Graphviz 'dot' failed: {e}", file=sys.stderr)
                return 1
    if a.output:
        tmp = a.output + ".tmp"
        with open(tmp, "wb") as f:
            f.write(data)
        os.replace(tmp, a.output)
    else:
        sys.stdout.buffer.write(data)
    return 0
