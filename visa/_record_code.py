"""The templates of visa/_record.py's methods for the plain shapes (up to
16 fields, no converter, every field an argument, no
``__attrs_post_init__``) and a few others, written out by
``_record.written_source()`` (tests/test_record.py checks that this file
is what it writes)."""
# flake8: noqa


def init_0(self):
    pass


def eq_0(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return () == ()


def hash_0(self):
    return hash((_H))


def init_1(self, _p0):
    _s0(self, _p0)


def eq_1(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, ) == (other._f0, )


def hash_1(self):
    return hash((_H, self._f0))


def init_2(self, _p0, _p1):
    _s0(self, _p0)
    _s1(self, _p1)


def eq_2(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, ) == (other._f0, other._f1, )


def hash_2(self):
    return hash((_H, self._f0, self._f1))


def init_3(self, _p0, _p1, _p2):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)


def eq_3(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, ) == (other._f0, other._f1, other._f2, )


def hash_3(self):
    return hash((_H, self._f0, self._f1, self._f2))


def init_4(self, _p0, _p1, _p2, _p3):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)


def eq_4(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, ) == (other._f0, other._f1, other._f2, other._f3, )


def hash_4(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3))


def init_5(self, _p0, _p1, _p2, _p3, _p4):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)


def eq_5(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, )


def hash_5(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4))


def init_6(self, _p0, _p1, _p2, _p3, _p4, _p5):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)


def eq_6(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, )


def hash_6(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5))


def init_7(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)


def eq_7(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, )


def hash_7(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6))


def init_8(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)


def eq_8(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, )


def hash_8(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7))


def init_9(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)


def eq_9(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, )


def hash_9(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8))


def init_10(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)


def eq_10(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, )


def hash_10(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9))


def init_11(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)


def eq_11(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, )


def hash_11(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10))


def init_12(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)


def eq_12(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, other._f11, )


def hash_12(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11))


def init_13(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11, _p12):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)
    _s12(self, _p12)


def eq_13(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, other._f11, other._f12, )


def hash_13(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12))


def init_14(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11, _p12, _p13):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)
    _s12(self, _p12)
    _s13(self, _p13)


def eq_14(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, other._f11, other._f12, other._f13, )


def hash_14(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13))


def init_15(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11, _p12, _p13, _p14):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)
    _s12(self, _p12)
    _s13(self, _p13)
    _s14(self, _p14)


def eq_15(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13, self._f14, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, other._f11, other._f12, other._f13, other._f14, )


def hash_15(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13, self._f14))


def init_16(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11, _p12, _p13, _p14, _p15):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)
    _s12(self, _p12)
    _s13(self, _p13)
    _s14(self, _p14)
    _s15(self, _p15)


def eq_16(self, other):
    if other.__class__ is not self.__class__:
        return NotImplemented
    return (self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13, self._f14, self._f15, ) == (other._f0, other._f1, other._f2, other._f3, other._f4, other._f5, other._f6, other._f7, other._f8, other._f9, other._f10, other._f11, other._f12, other._f13, other._f14, other._f15, )


def hash_16(self):
    return hash((_H, self._f0, self._f1, self._f2, self._f3, self._f4, self._f5, self._f6, self._f7, self._f8, self._f9, self._f10, self._f11, self._f12, self._f13, self._f14, self._f15))


def init_5_c2_c3(self, _p0, _p1, _p2, _p3, _p4):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _c2(_p2))
    _s3(self, _c3(_p3))
    _s4(self, _p4)


def init_13_x1_post(self, _p0, _p1, _p2, _p3, _p4, _p5, _p6, _p7, _p8, _p9, _p10, _p11, _p12):
    _s0(self, _p0)
    _s1(self, _p1)
    _s2(self, _p2)
    _s3(self, _p3)
    _s4(self, _p4)
    _s5(self, _p5)
    _s6(self, _p6)
    _s7(self, _p7)
    _s8(self, _p8)
    _s9(self, _p9)
    _s10(self, _p10)
    _s11(self, _p11)
    _s12(self, _p12)
    _x0(self)
    self.__attrs_post_init__()
