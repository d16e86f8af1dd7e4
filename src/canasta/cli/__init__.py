"""The ``canasta`` command."""
