"""The «Персонажи / Characters» panel: the roster every panel picks characters from."""
