"""The ``veriscan`` command line; see :mod:`veriscan.cli.main`."""
