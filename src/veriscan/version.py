"""The version of veriscan, stated once (``veriscan.__version__`` is this one)."""

__version__ = "0.1.0"
