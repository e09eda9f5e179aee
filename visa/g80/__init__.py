"""NVIDIA G80 (Tesla, sm_1x) shader code: envydis/envyas ``-m g80`` compatible tools.

Not imported by ``import visa``.  The decode tables are records in :mod:`visa.g80.tables`.
"""
