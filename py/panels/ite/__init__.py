"""ITE (seed 001): И-, Т- and Эф-checks in the GM's order, exact odds before the roll, margins, log."""
