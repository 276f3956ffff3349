"""price-digest: one skill using another through the host.

Its one tool, ``digest``, asks the price-alerts example for the latest price of each symbol
(``ctx.skills.call_function``, the reverse call ``skills/callFunction``) and writes them in a line each.
Standard library and the bundled SDK only.
"""

from dev.types.skill_types import SkillDefinition, SkillHooks, SkillTool, ToolDefinition, ToolResult

SOURCE = "price-alerts"
FUNCTION = "latest-price"


class Store:
    ctx = None  # the context from on_load, for the tool


S = Store()


async def digest(args):
    symbols = (args or {}).get("symbols") or ["BTC", "ETH"]
    if not isinstance(symbols, list) or not all(isinstance(s, str) for s in symbols):
        return ToolResult(content="symbols, when given, is a list of tickers such as BTC.", is_error=True)
    lines = []
    for symbol in symbols:
        try:
            answer = await S.ctx.skills.call_function(SOURCE, FUNCTION, {"symbol": symbol})
        except Exception as err:  # the host's words: the other skill is missing, or refused
            return ToolResult(content=f"Could not ask {SOURCE} for {symbol}: {err}", is_error=True)
        p = answer.get("data") or {}
        lines.append(f"{p.get('symbol', symbol)}: {p.get('price')} {p.get('currency', '')}".rstrip())
    return ToolResult(content="\n".join(lines))


async def on_load(ctx):
    S.ctx = ctx


skill = SkillDefinition(
    name="price-digest",
    description="A short digest of asset prices, asked of the price-alerts skill through the host",
    version="1.0.0",
    hooks=SkillHooks(on_load=on_load),
    tools=[SkillTool(
        definition=ToolDefinition(
            name="digest", description="The latest price of each symbol, from the price-alerts skill",
            parameters={"type": "object", "properties": {"symbols": {
                "type": "array", "items": {"type": "string", "enum": ["BTC", "ETH", "SOL", "ADA", "DOT"]},
                "description": "Defaults to BTC and ETH"}}},
        ),
        execute=digest,
    )],
)
