"""The journal of the evening: every result of every panel in one timeline."""
