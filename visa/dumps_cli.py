"""visa-stats, visa-cfg and visa-diff: the command lines of :mod:`visa.dumps`
(and :mod:`visa.dumps_diff`)."""
from __future__ import annotations

import argparse
import os
import sys

from . import dumps
from .errors import VisaError


def stats_cli() -> None:
    """The ``visa-stats`` console script (owns its process: visa/_process.py)."""
    from ._process import own_process
    own_process("visa-stats", lambda: stats_main(sys.argv[1:]))


def cfg_cli() -> None:
    """The ``visa-cfg`` console script."""
    from ._process import own_process
    own_process("visa-cfg", lambda: cfg_main(sys.argv[1:]))


def _bad_platform(name: str, prog: str) -> bool:
    from .isa import targets
    if targets.platform_named(name) is None:
        print(f"{prog}: error: unknown platform '{name}' (known: {targets.platform_names_text()})",
              file=sys.stderr)
        return True
    return False


def diff_cli() -> None:
    """The ``visa-diff`` console script."""
    from ._process import own_process
    own_process("visa-diff", lambda: diff_main(sys.argv[1:]))


class _Unreadable(Exception):
    """A dump that cannot be read; its message is what the commands print: the
    diagnostics of a text or binary that does not read, or ``path: error: reason``
    for a file that cannot be opened."""


def _load(path: str):
    """(module, text or None for a binary) of a dump; raises :class:`_Unreadable`."""
    import visa
    try:
        with open(path, "rb") as f:
            data = f.read()
        if data[:4] == b"CISA" or (data and b"\0" in data[:64]):
            return visa.disassemble(data, filename=path, module=True), None
        text = data.decode("utf-8", errors="replace")
        return visa.parse(text, path), text
    except OSError as e:
        raise _Unreadable(f"{path}: error: {e.strerror or e}") from None
    except VisaError as e:
        raise _Unreadable(str(e)) from None


def stats_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="visa-stats", description="Instruction statistics of vISA dumps.")
    ap.add_argument("files", nargs="+")
    g = ap.add_mutually_exclusive_group()
    g.add_argument("--json", action="store_true")
    g.add_argument("--csv", action="store_true")
    ap.add_argument("--pressure", action="store_true", help="print the peak's live variables")
    ap.add_argument("--platform", help="the platform whose GRF file the peaks are checked against "
                                       "(default: the text's //Platform: line, else the file's path)")
    a = ap.parse_args(argv)
    if a.platform and _bad_platform(a.platform, "visa-stats"):
        return 2
    units = []
    status = 0
    for p in a.files:
        try:
            m, t = _load(p)
        except _Unreadable as e:
            print(e, file=sys.stderr)
            status = 1
            continue
        got = dumps.stats(m, t, p, a.platform)["units"]
        for u in got:
            msg = dumps.overflow_message(u["name"], u["kind"], u["pressure"]["peak_bytes"],
                                         u["pressure"]["grf"])
            if msg:
                print(f"{p}:{u['pressure']['line']}: warning: {msg}", file=sys.stderr)
        units += got
    if a.json:
        import json  # (imported where used: start-up)
        print(json.dumps({"schema": dumps.SCHEMA, "units": units}, indent=1))
    elif a.csv:
        print("file,name,kind,instructions,blocks,labels,inputs,peak_bytes,peak_line")
        for u in units:
            print(",".join(str(x) for x in (u["file"], u["name"], u["kind"], u["instructions"], u["blocks"],
                                            u["labels"], u["inputs"], u["pressure"]["peak_bytes"],
                                            u["pressure"]["line"])))
    else:
        for u in units:
            grf = u["pressure"]["grf"]
            file_text = (f" of {grf['bytes']} ({grf['platform']}: {grf['grfs']} GRFs x {grf['grf_bytes']})"
                         if grf["bytes"] else "")
            over = " OVER THE GRF FILE" if u["pressure"]["overflow"] else ""
            print(f"{u['file']}: {u['kind']} {u['name']}: {u['instructions']} instructions, "
                  f"{u['blocks']} blocks, {u['labels']} labels, {u['inputs']} inputs, "
                  f"peak {u['pressure']['peak_bytes']} bytes{file_text} at line {u['pressure']['line']}{over}")
            for c, n in sorted(u["by_category"].items(), key=lambda x: -x[1]):
                print(f"  {c:<16} {n:6}")
            mns = sorted(u["by_mnemonic"].items(), key=lambda x: (-x[1]["count"], x[0]))
            print("  mnemonics: " + ", ".join(
                f"{k} {v['count']}" + (f" ({', '.join(f'simd{s} {c}' for s, c in v['exec_sizes'].items())})"
                                       if len(v["exec_sizes"]) > 1 else f" (simd{next(iter(v['exec_sizes']))})")
                for k, v in mns))
            for k, v in u["variables"].items():
                print(f"  {k} variables: {v['count']} ({v['bytes']} bytes)")
            if a.pressure:
                for v, b in u["pressure"]["live"]:
                    print(f"    live at peak: {v} {b} bytes")
    return status


def _sibling_functions(path: str) -> list[str]:
    """A kernel file's function files: ``<stem>.f<i>`` (our corpus) or
    ``<stem>_f<i>`` (IGC), text or binary, by index."""
    import re
    d, base = os.path.split(path)
    stem = base
    for ext in (".visaasm", ".ref.isa", ".isa"):
        if stem.endswith(ext):
            stem = stem[: -len(ext)]
            break
    pat = re.compile(re.escape(stem) + r"[._]f(\d+)\.(?:visaasm|isa)$")
    try:
        names = os.listdir(d or ".")
    except OSError:
        return []
    found: dict[int, str] = {}
    for n in names:
        m = pat.match(n)
        if m and (int(m.group(1)) not in found or n.endswith(".visaasm")):
            found[int(m.group(1))] = os.path.join(d, n)
    return [found[k] for k in sorted(found)]


def _dot(graphs, compact: bool, module, calls=()) -> str:
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
    for c in calls:
        out.append(f'  g{c.graph}b{c.src} -> g{c.callee}b0 [style=dashed, '
                   f'label="call {graphs[c.callee].name}{" " + c.predicate if c.predicate else ""}"];')
    out.append("}")
    return "\n".join(out) + "\n"


def cfg_main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(prog="visa-cfg", description="Control-flow graph of a vISA dump.")
    ap.add_argument("file")
    ap.add_argument("--kernel")
    ap.add_argument("--function")
    ap.add_argument("-o", "--output")
    ap.add_argument("--format", choices=("dot", "svg", "png", "json"))
    ap.add_argument("--compact", action="store_true")
    ap.add_argument("--no-callees", action="store_true",
                    help="do not read the kernel's function files (<stem>.f<i>, <stem>_f<i>) "
                         "to draw its calls into their graphs")
    a = ap.parse_args(argv)
    files = [a.file] + ([] if a.no_callees else _sibling_functions(a.file))
    graphs = []
    for k, path in enumerate(files):
        try:
            m, t = _load(path)
        except _Unreadable as e:
            print(e, file=sys.stderr)
            return 1
        graphs += dumps.cfg(m, t)
    want = a.kernel or a.function
    if want:
        # the unit asked for and the functions it calls, directly or not
        keep = {i for i, g in enumerate(graphs) if g.name == want}
        if not keep:
            print(f"{a.file}: error: no kernel or function named '{want}'", file=sys.stderr)
            return 1
        every = dumps.call_edges(graphs)
        grown = True
        while grown:
            more = {c.callee for c in every if c.graph in keep} - keep
            keep |= more
            grown = bool(more)
        graphs = [g for i, g in enumerate(graphs) if i in keep]
    calls = dumps.call_edges(graphs)
    fmt = a.format or (os.path.splitext(a.output)[1].lstrip(".") if a.output else "dot")
    if fmt not in ("dot", "svg", "png", "json"):
        print(f"visa-cfg: error: unknown output format '{fmt}'", file=sys.stderr)
        return 2
    if fmt == "json":
        import json
        data = (json.dumps(dumps.cfg_json(graphs, calls), indent=1) + "\n").encode()
    else:
        data = _dot(graphs, a.compact, None, calls).encode()
        if fmt != "dot":
            import subprocess
            try:
                data = subprocess.run(["dot", "-T" + fmt], input=data, capture_output=True,
                                      check=True).stdout
            except (OSError, subprocess.CalledProcessError) as e:
                print(f"visa-cfg: error: Graphviz 'dot' failed: {e}", file=sys.stderr)
                return 1
    if a.output:
        from ._files import replace_with
        try:
            replace_with(a.output, data)
        except OSError as e:
            print(f"visa-cfg: error: {a.output}: {e.strerror or e}", file=sys.stderr)
            return 1
    else:
        sys.stdout.buffer.write(data)
    return 0


# ------------------------------------------------------------------ visa-diff
def _side(path: str, errors: list[str]) -> tuple[list, str | None, bool]:
    """(modules, the folder they were found in or None, whether the path is
    one file) of one side of visa-diff: a file, or every ``*.visaasm`` under
    a folder (its ``*.isa`` binaries where it has no text)."""
    if os.path.isdir(path):
        files = sorted(os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs
                       if f.endswith(".visaasm"))
        if not files:
            files = sorted(os.path.join(d, f) for d, _, fs in os.walk(path) for f in fs
                           if f.endswith(".isa"))
        if not files:
            errors.append(f"{path}: error: no .visaasm (or .isa) files in this folder")
        root: str | None = path
        single = False
    else:
        files, root, single = [path], None, True
    mods = []
    for f in files:
        try:
            m, _ = _load(f)
        except _Unreadable as e:
            errors.append(str(e))
            continue
        if m.file is None:
            import attrs
            m = attrs.evolve(m, file=f)
        mods.append(m)
    return mods, root, single


def _short(path: str | None) -> str:
    return os.path.basename(path) if path else "-"


def _sign(n: int) -> str:
    return f"+{n}" if n > 0 else str(n)


def _change_text(changes: dict) -> list[str]:
    """The changed statistics of a pair, grouped, one line a group."""
    def delta(k: str) -> str:
        o, n = changes[k]
        return f"{_sign(n - o)} ({o} -> {n})"
    lines = []
    head = [f"{k.replace('pressure.peak_bytes', 'peak bytes')} {delta(k)}"
            for k in ("instructions", "blocks", "labels", "inputs", "pressure.peak_bytes") if k in changes]
    if head:
        lines.append("; ".join(head))
    cats = [f"{k.split('.', 1)[1]} {delta(k)}" for k in changes if k.startswith("by_category.")]
    if cats:
        lines.append("categories: " + ", ".join(cats))
    mns = []
    for k in changes:
        if k.startswith("by_mnemonic.") and k.count(".") == 1:
            mn = k.split(".", 1)[1]
            sizes = [f"{s.split('.')[-1]} {_sign(changes[s][1] - changes[s][0])}" for s in changes
                     if s.startswith(f"by_mnemonic.{mn}.simd")]
            o, n = changes[k]
            tag = " new" if o == 0 else (" gone" if n == 0 else "")
            mns.append(f"{mn} {_sign(n - o)}{tag}" + (f" [{', '.join(sizes)}]" if sizes else ""))
        elif k.startswith("by_mnemonic.") and f"by_mnemonic.{k.split('.')[1]}" not in changes:
            mns.append(f"{k.split('.')[1]} {k.split('.')[2]} {_sign(changes[k][1] - changes[k][0])}")
    if mns:
        lines.append("mnemonics: " + ", ".join(mns))
    vs = [f"{k.split('.', 1)[1]} {delta(k)}" for k in changes if k.startswith("variables.")]
    if vs:
        lines.append("variables: " + ", ".join(vs))
    return lines


def diff_main(argv: list[str] | None = None) -> int:
    from . import dumps_diff
    ap = argparse.ArgumentParser(
        prog="visa-diff", description="Compare vISA dumps (two files, or two folders of dumps): "
        "kernels and functions paired by name, the change in each statistic, and with --code an "
        "instruction diff that ignores what IGC renumbers.  Exit status: 0 same, 1 different, 2 trouble.")
    ap.add_argument("old")
    ap.add_argument("new")
    ap.add_argument("--code", action="store_true", help="an instruction diff of each changed pair")
    ap.add_argument("-U", "--unified", type=int, default=3, metavar="N",
                    help="lines of context in the instruction diff (default 3)")
    ap.add_argument("--json", action="store_true", help="the result as JSON (schema 1)")
    ap.add_argument("-q", "--brief", action="store_true", help="the summary table only")
    try:
        a = ap.parse_args(argv)
    except SystemExit as e:
        return 2 if e.code else 0
    errors: list[str] = []
    old, old_root, old_one = _side(a.old, errors)
    new, new_root, new_one = _side(a.new, errors)
    for e in errors:
        print(e, file=sys.stderr)
    if not old and not new and errors:
        return 2
    result = dumps_diff.diff(old, new, code=a.code, context=max(a.unified, 0), old_root=old_root,
                             new_root=new_root, by_file=not (old_one and new_one))
    result = {"schema": result["schema"], "old": a.old, "new": a.new, **{k: v for k, v in result.items()
                                                                          if k != "schema"}}
    pairs = result["pairs"]
    different = [p for p in pairs if not p["same"]]
    status = 2 if errors else (1 if different or result["only_old"] or result["only_new"] else 0)
    if a.json:
        import json
        print(json.dumps(result, indent=1))
        return status
    print(f"visa-diff: {a.old} -> {a.new}: {len(pairs)} pairs ({len(pairs) - len(different)} same, "
          f"{len(different)} different), {len(result['only_old'])} only in old, "
          f"{len(result['only_new'])} only in new")
    if different:
        print()
        print(f"  {'-lines +lines':>13}  {'instructions':>22}  {'peak bytes':>22}  {'blocks':>9}  kernel/function [old file]")
        for p in different:
            so, sn = p["stats"]["old"], p["stats"]["new"]
            di = sn["instructions"] - so["instructions"]
            pct = f"{100 * di / so['instructions']:+.0f}%" if so["instructions"] else ""
            dp = sn["peak_bytes"] - so["peak_bytes"]
            print(f"  {'-' + str(p['code']['removed']):>6} {'+' + str(p['code']['added']):>6}  "
                  f"{so['instructions']:>6} -> {sn['instructions']:<6}{pct:>6}  "
                  f"{so['peak_bytes']:>6} -> {sn['peak_bytes']:<6}{_sign(dp) if dp else '':>6}  "
                  f"{so['blocks']:>3} -> {sn['blocks']:<3}  {p['kind']} {p['name']} [{_short(p['old'])}]")
    same = [p for p in pairs if p["same"]]
    if same:
        print()
        print("same: " + ", ".join(f"{p['name']}" for p in same))
    for side in ("only_old", "only_new"):
        if result[side]:
            print()
            for r in result[side]:
                print(f"only in {side[5:]}: {r['kind']} {r['name']} [{r['file']}]")
    if not a.brief:
        for p in different:
            print()
            print(f"== {p['kind']} {p['name']}: {p['old']} -> {p['new']}")
            for line in _change_text(p["changes"]):
                print("  " + line)
            if a.code and p["code"].get("diff"):
                for line in p["code"]["diff"]:
                    print(line)
    return status
