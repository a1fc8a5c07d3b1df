"""Dice of any system: roll any dice notation, exact odds, share link, roll log."""
