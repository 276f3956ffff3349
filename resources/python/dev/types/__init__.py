"""Types that skills import: ``dev.types.skill_types`` and ``dev.types.setup_types``."""
