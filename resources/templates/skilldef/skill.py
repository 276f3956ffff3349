"""__SKILL_NAME__: a SkillDefinition skill. ``skill.py`` exports ``skill``; ``__main__.py`` serves it.

The ``dev`` package imported below is the SDK: Skill Workbench provides it when it runs the skill (its
bundled SDK, or the ``dev/`` of the skills repository this folder sits in). What is here, to build on:

- tools (``tools.py``), one of them shown only while a boolean option with ``tool_filter`` is on;
- ``options``: settings the user changes while the skill runs (boolean, text, number, select; ``group``);
- ``on_status``: what the host shows about the skill now;
- background work: ``on_tick`` every ``tick_interval`` ms (at least 1000; here one minute);
- to add a setup wizard: ``has_setup=True`` and ``on_setup_start`` / ``on_setup_submit`` / ``on_setup_cancel``
  hooks (see ``dev.types.setup_types``), with ``"setup": {"required": true, "label": "..."}`` in manifest.json.
"""

from dev.types.skill_types import SkillDefinition, SkillHooks, SkillOptionDefinition

from . import state
from .tools import TOOLS


async def on_load(ctx):
    ctx.log("__SKILL_NAME__ loaded")


async def on_tick(ctx):
    state.TICKS += 1


async def on_status(ctx):
    return {"greeted": state.GREETED, "ticks": state.TICKS, "options": ctx.get_options()}


async def on_options_change(ctx, options):
    ctx.log(f"options now {options}")


OPTIONS = [
    SkillOptionDefinition(
        name="loud_greetings",
        type="boolean",
        label="Loud greetings",
        description="Offer the shout tool",
        default=False,
        group="tools",
        tool_filter=["shout"],
    ),
]

skill = SkillDefinition(
    name="__SKILL_NAME__",
    description="Greets people by name",
    version="0.1.0",
    options=OPTIONS,
    hooks=SkillHooks(on_load=on_load, on_tick=on_tick, on_status=on_status, on_options_change=on_options_change),
    tools=TOOLS,
    tick_interval=60_000,  # every minute
)
