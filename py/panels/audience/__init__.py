"""The players' screen: what the GM shows the table in a window of its own (``./#players``),
made from the journal's public view and the threat bag as the GM chooses to show it."""
