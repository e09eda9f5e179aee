"""Equal instructions: the validator checks an instruction once per object
and takes an equal one as clean only when the first was clean.  These tests
pin what that must never change: every bad copy is reported at its own
line, a twin that differs only in a name is checked on its own, and every
jump's label is looked up."""
import visa

KERNEL = """.version 4.1
.kernel "k"
.decl VX v_type=G type={t} num_elts=16 align=hword
.kernel_attr Target="cm"
.function "_main_0"

_main_0:
{body}    ret (M1, 1)
"""


def _errors(text):
    return [(d.line, d.rule) for d in visa.validate(text) if d.severity == "error"]


def test_every_bad_copy_is_reported_at_its_line():
    bad = "    shl (M1, 8) VX(0,0)<1> VX(0,0)<8;8,1> 0x1:d\n"
    text = KERNEL.format(t="f", body=bad * 3)
    lines = [ln for ln, rule in _errors(text) if rule == "type-logic"]
    assert sorted(set(lines)) == [8, 9, 10]


def test_a_clean_line_then_a_bad_twin_in_the_same_object():
    """Equal text, unequal instructions: the second names another
    declaration, so it is checked on its own."""
    text = KERNEL.format(t="d", body=(
        "    shl (M1, 8) VX(0,0)<1> VX(0,0)<8;8,1> 0x1:d\n"
        "    shl (M1, 8) VY(0,0)<1> VX(0,0)<8;8,1> 0x1:d\n"))
    assert _errors(text) == [(9, "name-undeclared")]


def test_label_uses_of_equal_jumps_are_all_seen():
    body = "    jmp (M1, 1) L9\n" * 2
    text = KERNEL.format(t="d", body=body)
    assert _errors(text) == [(8, "label-undefined"), (9, "label-undefined")]


def test_the_memo_lets_go_when_lines_do_not_repeat():
    from visa import repeats
    memo = repeats.Repeats()
    for k in range(repeats.TRIAL):  # every lookup a miss
        assert memo.get(("ins", k)) is None
        memo.put(("ins", k), "kept")
    assert memo.kept is None  # stopped: nothing is hashed any more
    assert memo.get(("ins", 0)) is None
    # repeating lines keep it: one in two found
    memo = repeats.Repeats()
    for k in range(2 * repeats.TRIAL):
        if memo.get(("ins", k % 2)) is None:
            memo.put(("ins", k % 2), "kept")
    assert memo.kept is not None and memo.found == 2 * repeats.TRIAL - 2


def test_a_bad_line_after_the_memo_let_go_is_reported():
    # more distinct clean lines than the memo's trial, then bad copies: each
    # is reported, by the memo's work before it let go and by the checks after
    from visa import repeats
    clean = "".join(f"    add (M1, 8) VX(0,{k % 8})<1> VX(0,0)<8;8,1> 0x{k:x}:d\n"
                    for k in range(repeats.TRIAL + 10))
    bad = "    shl (M1, 8) VX(0,0)<1> VX(0,0)<8;8,1> 0x1:f\n"
    text = KERNEL.format(t="d", body=bad + clean + bad * 2)
    first = 8
    assert sorted({ln for ln, rule in _errors(text) if rule == "type-logic"}) == [
        first, first + repeats.TRIAL + 11, first + repeats.TRIAL + 12]
