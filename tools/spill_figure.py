"""The docs' figure of register pressure against GenX_IR's spills: for each
corpus kernel and function file GenX_IR was run on (tests/data/genx_cfg,
recorded by tools/genx_cfg.py with its "Spill memory used" report), our
pressure peak as a share of the platform's GRF file, spilling kernels
apart from the others.  Not a test: a picture of how far the peak tells.

    python tools/spill_figure.py            # writes docs/img/spill_peaks.svg, prints the table
"""
from __future__ import annotations

import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import visa  # noqa: E402
from visa import dumps  # noqa: E402

PLATFORMS = ("tgllp", "skl", "dg2", "pvc")
OUT = ROOT / "docs" / "img" / "spill_peaks.svg"


def rows() -> list[tuple[str, str, int, int, int]]:
    """(platform, file stem, peak bytes, GRF file bytes, spill bytes)."""
    out = []
    for plat in PLATFORMS:
        for rec in sorted((ROOT / "tests" / "data" / "genx_cfg" / plat).glob("*.json")):
            path = ROOT / "tests" / "data" / "corpus" / plat / (rec.stem + ".visaasm")
            m = visa.parse(path.read_text(), str(path))
            u = dumps.stats(m, None, str(path))["units"][0]
            spill = json.loads(rec.read_text())["spill_bytes"]
            out.append((plat, rec.stem, u["pressure"]["peak_bytes"], u["pressure"]["grf"]["bytes"], spill))
    return out


def svg(data: list[tuple[str, str, int, int, int]]) -> str:
    w, left, right, top, row_h = 760, 150, 30, 40, 46
    xmax = 2.2
    h = top + row_h * len(PLATFORMS) * 2 + 50

    def x(v: float) -> float:
        return left + (w - left - right) * min(v, xmax) / xmax
    parts = [f'<svg xmlns="http://www.w3.org/2000/svg" width="{w}" height="{h}" '
             f'font-family="sans-serif" font-size="11">',
             f'<rect width="{w}" height="{h}" fill="white"/>',
             f'<text x="{left}" y="18" font-size="13">Pressure peak / GRF file, per corpus kernel '
             f'(red: GenX_IR reports "Spill memory used")</text>']
    for k in range(0, 12):
        v = k * 0.2
        parts.append(f'<line x1="{x(v):.1f}" y1="{top - 6}" x2="{x(v):.1f}" y2="{h - 44}" '
                     f'stroke="{"#888" if abs(v - 1) < 1e-9 else "#ddd"}"/>')
        parts.append(f'<text x="{x(v):.1f}" y="{h - 30}" text-anchor="middle">{v:.1f}</text>')
    parts.append(f'<text x="{(left + w - right) / 2:.0f}" y="{h - 12}" text-anchor="middle">'
                 'peak bytes / (GRFs x GRF bytes)   -- 1.0: the whole file</text>')
    r = 0
    for plat in PLATFORMS:
        for spills in (True, False):
            y = top + row_h * r + row_h / 2
            name = f"{plat.upper()}: {'spills' if spills else 'no spill'}"
            parts.append(f'<text x="8" y="{y + 4:.0f}">{name}</text>')
            pts = [d for d in data if d[0] == plat and bool(d[4]) == spills]
            for i, (_, stem, peak, file_bytes, spill) in enumerate(sorted(pts, key=lambda d: d[2])):
                v = peak / file_bytes
                jitter = (i % 5 - 2) * 3
                color = "#d62728" if spills else "#1f77b4"
                parts.append(f'<circle cx="{x(v):.1f}" cy="{y + jitter:.1f}" r="3.5" fill="{color}" '
                             f'fill-opacity="0.7"><title>{stem}: {peak} bytes, '
                             f'{"spill " + str(spill) + " bytes" if spill else "no spill"}</title></circle>')
            r += 1
    parts.append("</svg>")
    return "\n".join(parts) + "\n"


def main() -> None:
    data = rows()
    OUT.write_text(svg(data))
    print("| platform | files | GenX_IR spills on | their peak / GRF file | others over 1.0 | others' largest |")
    print("|---|---|---|---|---|---|")
    for plat in PLATFORMS:
        d = [x for x in data if x[0] == plat]
        sp = sorted((x for x in d if x[4]), key=lambda x: x[2] / x[3])
        no = [x for x in d if not x[4]]
        over = [x for x in no if x[2] > x[3]]
        top = max(no, key=lambda x: x[2] / x[3])
        print(f"| {plat.upper()} | {len(d)} | {len(sp)} | "
              f"{', '.join(f'{x[2] / x[3]:.2f}' for x in sp) or '-'} | {len(over)} | "
              f"{top[2] / top[3]:.2f} ({top[1]}) |")


if __name__ == "__main__":
    main()
