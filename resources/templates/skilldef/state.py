"""What the skill keeps while it runs (its saved state lives with the host: ctx.get_state / ctx.set_state)."""

GREETED = 0
TICKS = 0
