"""Fernhill double-entry ledger."""

__version__ = "0.4.0"
