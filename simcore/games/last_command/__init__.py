"""The numba game engine of The Last Command (kernels over flat arrays; see layout.py)."""
