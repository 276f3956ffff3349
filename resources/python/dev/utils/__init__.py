"""Helpers skills import: ``dev.utils.conditions`` evaluates trigger conditions."""
