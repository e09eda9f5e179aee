#!/usr/bin/env python3
"""Write visa/isa/forms_index.py: what the instruction families imported on
first need hold (visa.isa.forms.index_source, from the families themselves).
Run it after changing a family of visa.isa.forms.LATER (forms_lsc.py,
forms_sampler.py, lsc_codes.py or what they read); tests/test_forms_index.py
fails until it is run.

    python tools/forms_index.py [--check]
"""
from __future__ import annotations

import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from visa.isa import forms  # noqa: E402


def main() -> int:
    path = Path(forms.__file__).with_name("forms_index.py")
    text = forms.index_source()
    if "--check" in sys.argv[1:]:
        same = path.read_text() == text
        print(f"{path}: {'up to date' if same else 'out of date'}")
        return 0 if same else 1
    if path.read_text() != text:
        path.write_text(text)
        print(f"wrote {path}")
    else:
        print(f"{path}: up to date")
    return 0


if __name__ == "__main__":
    sys.exit(main())
