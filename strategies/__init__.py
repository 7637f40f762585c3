"""Decision policies as data, and the jitted functions that interpret them."""
