"""The app's Python tools (namel3ss imports them as tools.<module>)."""
