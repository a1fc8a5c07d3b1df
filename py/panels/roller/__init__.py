"""GaussD20 roller: luck, a roll of 3d20, where the result sits, exact odds, history."""
