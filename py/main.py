"""Page entry point: wire up every panel, then enable the controls."""

from ui import converter, dom, roller

roller.setup()
converter.setup()
dom.mark_ready()
