"""afuc: Adreno SQE/CP microcontroller toolchain on the bitisa engine.

``visa.afuc.isa`` holds the instruction set as data records (from Mesa's
afuc.xml).  Not imported by ``import visa``.
"""
