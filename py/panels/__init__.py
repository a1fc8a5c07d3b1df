"""The page's panels, one package each: ``text`` (its messages), the panel itself (state, actions,
view; pure, unit-tested on CPython) and, for the big ones, one module per sub-tool."""
