"""Page entry point: wire up every panel, then enable the controls."""

from pyscript import document, window

# When Python itself is up (before our imports): tools/bench.py splits start-up time with it.
document.documentElement.dataset.pythonMs = str(round(window.performance.now()))

from ui import (  # noqa: E402
    checks_panel,
    converter,
    dom,
    fudge_panel,
    ite_panel,
    notation_panel,
    roller,
    shell,
    threat_panel,
)

document.documentElement.dataset.importedMs = str(round(window.performance.now()))
for panel in (roller, converter, threat_panel, notation_panel, checks_panel, ite_panel, fudge_panel):
    panel.setup()
shell.setup()
dom.mark_ready()
