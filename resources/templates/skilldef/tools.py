"""The skill's tools: each a ToolDefinition (name, description, JSON Schema) and the coroutine that runs it."""

from dev.types.skill_types import SkillTool, ToolDefinition, ToolResult

from . import state


async def greet(args):
    """Say hello to someone by name."""
    name = str(args.get("name") or "").strip()
    if not name:
        return ToolResult(content="Give a name to greet.", is_error=True)
    state.GREETED += 1
    return ToolResult(content=f"Hello, {name}!")


async def shout(args):
    """The same, loudly: listed only while the "Loud greetings" option is on."""
    result = await greet(args)
    return result if result.is_error else ToolResult(content=result.content.upper())


def _tool(name, description, execute):
    schema = {
        "type": "object",
        "properties": {"name": {"type": "string", "minLength": 1, "description": "Who to greet"}},
        "required": ["name"],
    }
    return SkillTool(definition=ToolDefinition(name=name, description=description, parameters=schema), execute=execute)


TOOLS = [
    _tool("greet", "Say hello to someone by name", greet),
    _tool("shout", "Say hello to someone by name, loudly", shout),
]
