"""__SKILL_NAME__: a SkillDefinition skill. ``skill.py`` exports ``skill``; the host runs it on its SDK.

The ``dev`` package imported below is that SDK: Skill Workbench provides it when it runs the skill (its
bundled SDK, or the ``dev/`` of the skills repository this folder sits in). To add:

- background work: ``tick_interval=60_000`` (ms, at least 1000) and an ``on_tick(ctx)`` hook;
- a setup wizard: ``has_setup=True`` and ``on_setup_start`` / ``on_setup_submit`` / ``on_setup_cancel`` hooks
  (see ``dev.types.setup_types``), with ``"setup": {"required": true, "label": "..."}`` in manifest.json;
- saved state: ``await ctx.get_state()`` / ``ctx.set_state({...})`` in hooks (keep the ``ctx`` from ``on_load``).
"""

from dev.types.skill_types import SkillDefinition, SkillHooks, SkillTool, ToolDefinition, ToolResult


async def greet(args):
    """Say hello to someone by name."""
    name = str(args.get("name") or "").strip()
    if not name:
        return ToolResult(content="Give a name to greet.", is_error=True)
    return ToolResult(content=f"Hello, {name}!")


async def on_load(ctx):
    ctx.log("__SKILL_NAME__ loaded")


skill = SkillDefinition(
    name="__SKILL_NAME__",
    description="Greets people by name",
    version="0.1.0",
    hooks=SkillHooks(on_load=on_load),
    tools=[
        SkillTool(
            definition=ToolDefinition(
                name="greet",
                description="Say hello to someone by name",
                parameters={
                    "type": "object",
                    "properties": {"name": {"type": "string", "minLength": 1, "description": "Who to greet"}},
                    "required": ["name"],
                },
            ),
            execute=greet,
        ),
    ],
)
