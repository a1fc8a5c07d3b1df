"""Page entry point: wire up every panel, then enable the controls."""

from ui import (
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

for panel in (roller, converter, threat_panel, notation_panel, checks_panel, ite_panel, fudge_panel):
    panel.setup()
shell.setup()
dom.mark_ready()
