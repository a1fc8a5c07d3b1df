"""The page around the panels: header, tabs, footer, update banner, language switch."""
