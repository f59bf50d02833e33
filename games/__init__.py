"""The games the scorekeeper knows, one package per game family.

The modules at this level are what every game shares: ``core`` (problems, refusals, house options, the
replay of a match), ``document`` (the match document of docs/format.md), ``money`` (an evening's sums and
transfers) and ``registry`` (every variant by its key). Each family's package (``busca``, ``mambassa``,
``whist``) holds its pure rules (``rules``) and the reading of its deals from a document (``document``).
All of it is pure Python, typed, with no Django (tests/rules/test_purity.py guards it).
"""
