"""Pure game rules: one module per seed system plus the shared dice engine.

Only the standard library and icepool may be imported here, so the same code
runs under CPython (tests) and Pyodide (the page).
"""
