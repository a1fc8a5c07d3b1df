"""3D20 → GaussD20 converter: forum roll lines («Результат броска 3D20: …») to GaussD20."""
