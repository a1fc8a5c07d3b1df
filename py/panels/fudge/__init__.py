"""The Omicron FUDGE panel (seed 002) on the kit: one module per sub-tool, composed in ``panel``."""
