"""Thin PyScript glue: read inputs, call ``rules``, render. No game logic lives here."""
