"""price-alerts: a SkillDefinition example that shows every part of the protocol without the network.

Prices are simulated and deterministic: each asset follows a sine wave of the tick count (kept in the
skill's state), so the same tick always gives the same price and tests never flake. Every tick moves the
prices, checks the alerts kept in ``alerts.json`` (data folder), emits ``price_alert`` and ``price_drop``
events, and upserts one ``asset`` entity per watched symbol. The setup flow lives in ``setup.py``.

Other skills may use it through the host (``interop_schema``): the function ``latest-price`` and the data item
``watched-prices`` (the price-digest example calls the first with ``ctx.skills.call_function``).
One option, "Offer the portfolio tool", shows or hides ``portfolio_value`` (a ``tool_filter``).
One trigger type, ``price_cross`` ("A price crosses a level"): on each tick, every enabled trigger of it whose
level a watched price went past (and whose conditions match the asset) fires (``ctx.fire_trigger``).
"""

import json
import math
import re

from dev.types.interop_types import ExposedDataDefinition, ExposedFunctionDefinition, InteropSchema
from dev.types.skill_types import (SkillDefinition, SkillHooks, SkillOptionDefinition, SkillTool, ToolDefinition,
                                   ToolResult)
from dev.types.trigger_types import TriggerFieldSchema, TriggerSchema, TriggerTypeDefinition
from dev.utils.conditions import evaluate_condition

try:  # imported as a package (skills.<id>.skill) or by path with this folder on sys.path
    from . import setup as flow
except ImportError:
    import setup as flow

SYMBOLS = flow.SYMBOLS
NAMES = {"BTC": "Bitcoin", "ETH": "Ether", "SOL": "Solana", "ADA": "Cardano", "DOT": "Polkadot"}
BASE_USD = {"BTC": 60000.0, "ETH": 3000.0, "SOL": 150.0, "ADA": 0.45, "DOT": 7.0}
PHASE = {"BTC": 0.0, "ETH": 1.3, "SOL": 2.6, "ADA": 3.9, "DOT": 5.2}
RATES = {"USD": 1.0, "EUR": 0.92, "GBP": 0.79}
SWING = 0.06  # prices move up to 6% either side of their base
STEP = 0.35  # radians per tick
CHANNELS = ("in_app", "email", "push")
ALERTS_FILE = "alerts.json"
DISCLAIMER = "(Prices come from the price-alerts example's simulated feed; this is not financial advice.)"
TICKER = re.compile(r"\$([A-Za-z]{2,5})\b(?!\s*\()")
MENTIONS_PRICE = re.compile(r"[$€£]\s?\d|\b\d[\d,]*(?:\.\d+)?\s?(?:USD|EUR|GBP)\b")


class Store:
    """What the skill holds in memory; state and the data folder are its copies on the host."""

    def __init__(self):
        self.ctx = None  # the context from on_load, for the tools
        self.tick = 0
        self.config = None  # the preferences from setup, once configured
        self.alerts = []
        self.dropped = {}  # symbol -> below the drop threshold at the last tick


S = Store()


def price(symbol, tick, currency="USD"):
    usd = BASE_USD[symbol] * (1 + SWING * math.sin(tick * STEP + PHASE[symbol]))
    value = usd * RATES[currency]
    return round(value, 2 if value >= 10 else 4)


def change_pct(symbol, now, currency):
    """The move from the asset's reference price (the middle of its wave), in percent."""
    return round((now / (BASE_USD[symbol] * RATES[currency]) - 1) * 100, 2)


def currency():
    return (S.config or {}).get("currency", "USD")


def watched():
    return (S.config or {}).get("symbols") or ["BTC", "ETH"]


def fmt(value):
    return f"{value:,.2f}" if value >= 10 else f"{value:,.4f}"


def as_json(value):
    return ToolResult(content=json.dumps(value, indent=2))


def problem(message):
    return ToolResult(content=message, is_error=True)


async def save_alerts():
    if S.ctx is not None:
        await S.ctx.write_data(ALERTS_FILE, json.dumps(S.alerts, indent=2))


# ---- tools (tools get no context: they use the one kept from on_load) ------------------------------------


async def get_price(args):
    symbol = args.get("symbol")
    if symbol not in SYMBOLS:
        return problem(f"Unknown symbol {symbol!r}: use one of {', '.join(SYMBOLS)}.")
    cur = args.get("currency") or currency()
    if cur not in RATES:
        return problem(f"Unknown currency {cur!r}: use one of {', '.join(RATES)}.")
    now = price(symbol, S.tick, cur)
    return as_json({"symbol": symbol, "name": NAMES[symbol], "price": now, "currency": cur, "tick": S.tick,
                    "change_pct": change_pct(symbol, now, cur)})


async def add_alert(args):
    symbol, condition = args.get("symbol"), args.get("condition")
    if symbol not in SYMBOLS:
        return problem(f"Unknown symbol {symbol!r}: use one of {', '.join(SYMBOLS)}.")
    if not isinstance(condition, dict) or condition.get("direction") not in ("above", "below"):
        return problem('condition needs a direction, "above" or "below".')
    target = condition.get("price")
    if isinstance(target, bool) or not isinstance(target, (int, float)) or target <= 0:
        return problem("condition needs a price above zero.")
    channels = args.get("channels")
    if not isinstance(channels, list) or not channels or any(c not in CHANNELS for c in channels):
        return problem(f"channels needs at least one of {', '.join(CHANNELS)}.")
    tags = args.get("tags") or []
    if not isinstance(tags, list) or not all(isinstance(t, str) for t in tags):
        return problem("tags, when given, is a list of words.")
    number = max([int(a["id"][1:]) for a in S.alerts] + [0]) + 1
    alert = {"id": f"a{number}", "symbol": symbol, "condition": {"direction": condition["direction"], "price": target},
             "currency": currency(), "channels": channels, "tags": tags, "created_tick": S.tick, "triggered": None}
    S.alerts.append(alert)
    await save_alerts()
    return as_json({"alert": alert, "current_price": price(symbol, S.tick, alert["currency"])})


async def list_alerts(args):
    symbol = args.get("symbol")
    include_triggered = args.get("include_triggered", True)
    found = [a for a in S.alerts if (not symbol or a["symbol"] == symbol) and (include_triggered or not a["triggered"])]
    return as_json({"tick": S.tick, "alerts": found})


async def remove_alert(args):
    before = len(S.alerts)
    S.alerts = [a for a in S.alerts if a["id"] != args.get("id")]
    if len(S.alerts) == before:
        return problem(f"There is no alert {args.get('id')!r}. list_alerts shows the ids.")
    await save_alerts()
    return ToolResult(content=f"Removed alert {args['id']}.")


async def portfolio_value(args):
    holdings = args.get("holdings")
    cur = args.get("currency") or currency()
    if not isinstance(holdings, list) or not holdings:
        return problem("holdings needs at least one {symbol, amount}.")
    if cur not in RATES:
        return problem(f"Unknown currency {cur!r}: use one of {', '.join(RATES)}.")
    lines, total = [], 0.0
    for i, h in enumerate(holdings):
        symbol, amount = (h or {}).get("symbol"), (h or {}).get("amount")
        if symbol not in SYMBOLS or isinstance(amount, bool) or not isinstance(amount, (int, float)) or amount < 0:
            return problem(f"holdings[{i}] needs a known symbol and an amount of zero or more.")
        p = price(symbol, S.tick, cur)
        lines.append({"symbol": symbol, "amount": amount, "price": p, "value": round(p * amount, 2)})
        total += p * amount
    return as_json({"currency": cur, "tick": S.tick, "total": round(total, 2), "holdings": lines})


SYMBOL = {"type": "string", "enum": list(SYMBOLS), "description": "Asset ticker"}
CURRENCY = {"type": "string", "enum": list(RATES), "description": "Defaults to the currency chosen in setup"}


def tool(name, description, execute, properties, required=None):
    params = {"type": "object", "properties": properties}
    if required:
        params["required"] = required
    return SkillTool(definition=ToolDefinition(name=name, description=description, parameters=params), execute=execute)


TOOLS = [
    tool("get_price", "The current simulated price of an asset", get_price,
         {"symbol": SYMBOL, "currency": CURRENCY}, ["symbol"]),
    tool("add_alert", "Alert when an asset's price goes above or below a target", add_alert, {
        "symbol": SYMBOL,
        "condition": {"type": "object", "properties": {
            "direction": {"type": "string", "enum": ["above", "below"]},
            "price": {"type": "number", "exclusiveMinimum": 0, "description": "Target price in the setup currency"},
        }, "required": ["direction", "price"]},
        "channels": {"type": "array", "items": {"type": "string", "enum": list(CHANNELS)}, "minItems": 1},
        "tags": {"type": "array", "items": {"type": "string"}, "description": "Optional labels"},
    }, ["symbol", "condition", "channels"]),
    tool("list_alerts", "The alerts, with when they triggered", list_alerts, {
        "symbol": SYMBOL, "include_triggered": {"type": "boolean", "default": True}}),
    tool("remove_alert", "Delete an alert by id", remove_alert, {"id": {"type": "string"}}, ["id"]),
    tool("portfolio_value", "What a set of holdings is worth now", portfolio_value, {
        "holdings": {"type": "array", "minItems": 1, "items": {"type": "object", "properties": {
            "symbol": SYMBOL, "amount": {"type": "number", "minimum": 0}}, "required": ["symbol", "amount"]}},
        "currency": CURRENCY,
    }, ["holdings"]),
]


# ---- for other skills (interop) ----------------------------------------------------------------------


async def latest_price(ctx, args):
    symbol = (args or {}).get("symbol")
    if symbol not in SYMBOLS:
        raise ValueError(f"Unknown symbol {symbol!r}: use one of {', '.join(SYMBOLS)}.")
    cur = (args or {}).get("currency") or currency()
    if cur not in RATES:
        raise ValueError(f"Unknown currency {cur!r}: use one of {', '.join(RATES)}.")
    now = price(symbol, S.tick, cur)
    return {"symbol": symbol, "price": now, "currency": cur, "tick": S.tick, "change_pct": change_pct(symbol, now, cur)}


async def watched_prices(ctx, params):
    cur = currency()
    return {"currency": cur, "tick": S.tick, "prices": {s: price(s, S.tick, cur) for s in watched()}}


INTEROP = InteropSchema(
    exposed_functions=[ExposedFunctionDefinition(
        name="latest-price", description="The current simulated price of one asset",
        visibility=["skills", "frontend"], handler=latest_price,
        parameters={"type": "object", "properties": {"symbol": SYMBOL, "currency": CURRENCY}, "required": ["symbol"]},
        returns={"type": "object", "properties": {"symbol": {"type": "string"}, "price": {"type": "number"},
                                                  "currency": {"type": "string"}, "tick": {"type": "integer"}}},
    )],
    exposed_data=[ExposedDataDefinition(
        name="watched-prices", description="The prices of the assets chosen in setup (BTC and ETH until then)",
        visibility=["skills", "frontend"], handler=watched_prices,
        schema={"type": "object", "properties": {"currency": {"type": "string"}, "prices": {"type": "object"}}},
    )],
)

# A boolean option with a tool_filter: while it is off, portfolio_value is neither listed nor callable.
OPTIONS = [
    SkillOptionDefinition(name="show_portfolio_tool", type="boolean", label="Offer the portfolio tool",
                          description="portfolio_value works out what a set of holdings is worth.",
                          default=True, group="Tools", tool_filter=["portfolio_value"]),
]


# ---- hooks ------------------------------------------------------------------------------------------------


async def on_load(ctx):
    S.ctx = ctx
    state = await ctx.get_state()
    S.tick = int(state.get("tick") or 0)
    S.config = state.get("config") if state.get("configured") else None
    raw = await ctx.read_data(ALERTS_FILE)
    try:
        S.alerts = json.loads(raw) if raw else []
    except ValueError:
        ctx.log(f"{ALERTS_FILE} is not valid JSON; starting with no alerts")
        S.alerts = []
    ctx.log(f"loaded at tick {S.tick} with {len(S.alerts)} alerts; configured: {S.config is not None}")


async def on_unload(ctx):
    await save_alerts()
    ctx.set_state({"tick": S.tick})


async def on_tick(ctx):
    S.tick += 1
    ctx.set_state({"tick": S.tick})
    state = await ctx.get_state()
    if state.get("configured"):
        S.config = state.get("config")
    changed = False
    for a in S.alerts:
        if a["triggered"]:
            continue
        now = price(a["symbol"], S.tick, a["currency"])
        target, direction = a["condition"]["price"], a["condition"]["direction"]
        if (direction == "above" and now >= target) or (direction == "below" and now <= target):
            a["triggered"] = {"tick": S.tick, "price": now}
            changed = True
            ctx.emit_event("price_alert", {"alertId": a["id"], "symbol": a["symbol"], "direction": direction,
                                           "target": target, "price": now, "currency": a["currency"],
                                           "channels": a["channels"], "tags": a["tags"], "tick": S.tick})
    if changed:
        await save_alerts()
    cur, config = currency(), S.config or {}
    check_crossings(ctx, cur)
    for symbol in watched():
        now = price(symbol, S.tick, cur)
        change = change_pct(symbol, now, cur)
        threshold = config.get("threshold_pct", flow.DEFAULT_THRESHOLD)
        if config.get("notify_on_drops") and change <= -threshold and not S.dropped.get(symbol):
            ctx.emit_event("price_drop", {"symbol": symbol, "price": now, "currency": cur, "change_pct": change,
                                          "threshold_pct": threshold, "tick": S.tick})
        S.dropped[symbol] = change <= -threshold
        await ctx.entities.upsert(type="asset", source="price-alerts", source_id=symbol,
                                  title=f"{NAMES[symbol]} ({symbol})", summary=f"{symbol} at {fmt(now)} {cur}",
                                  metadata={"symbol": symbol, "price": now, "currency": cur, "tick": S.tick,
                                            "change_pct": change})


TRIGGERS = TriggerSchema(trigger_types=[TriggerTypeDefinition(
    type="price_cross",
    label="A price crosses a level",
    description="Fires on the tick a watched asset's price goes past the level in the trigger's settings.",
    condition_fields=[
        TriggerFieldSchema(name="symbol", type="string", description="The asset, such as BTC"),
        TriggerFieldSchema(name="price", type="number", description="Its price now, in the skill's currency"),
        TriggerFieldSchema(name="change_pct", type="number", description="Its move from the reference price (%)"),
    ],
    config_schema={
        "type": "object",
        "properties": {
            "level": {"type": "number", "description": "The price to watch for, in the skill's currency"},
            "direction": {"type": "string", "enum": ["either", "up", "down"], "default": "either",
                          "description": "Which way the price must go past the level"},
        },
        "required": ["level"],
    },
)])


def check_crossings(ctx, cur):
    """Fires each enabled price_cross trigger whose level a watched price went past since the last tick."""
    for t in ctx.get_triggers():
        level = (t.config or {}).get("level")
        if not t.enabled or t.type != "price_cross" or not isinstance(level, (int, float)):
            continue
        wanted = (t.config or {}).get("direction", "either")
        for symbol in watched():
            before, now = price(symbol, S.tick - 1, cur), price(symbol, S.tick, cur)
            way = "up" if before < level <= now else "down" if before > level >= now else None
            if way is None or wanted not in ("either", way):
                continue
            data = {"symbol": symbol, "price": now, "change_pct": change_pct(symbol, now, cur)}
            if all(evaluate_condition(c, data) for c in t.conditions):
                ctx.fire_trigger(t.id, dict(data, previous=before, level=level, direction=way, currency=cur,
                                            tick=S.tick), {"source": "price-alerts tick"})


async def on_status(ctx):
    """What the skill header shows (skill/status): whether it is set up, how far the feed went, the alerts."""
    # Read afresh: a setup that has just completed saved its configuration in the state, not yet seen by a tick.
    state = await ctx.get_state()
    if state.get("configured"):
        S.config = state.get("config")
    return {"configured": S.config is not None, "tick": S.tick,
            "active_alerts": sum(1 for a in S.alerts if not a["triggered"]), "currency": currency()}


async def on_options_change(ctx, options):
    shown = "offered" if options.get("show_portfolio_tool") else "hidden"
    ctx.log(f"options changed: the portfolio tool is {shown}")


async def on_session_start(ctx, session_id):
    ctx.session.set("expanded", 0)
    active = sum(1 for a in S.alerts if not a["triggered"])
    ctx.log(f"session {session_id}: {active} active alerts")


async def on_before_message(ctx, message):
    """Expands $BTC-style tickers with the current price; None (unchanged) when there is none."""
    cur = currency()

    def expand(m):
        symbol = m.group(1).upper()
        if symbol not in SYMBOLS:
            return m.group(0)
        return f"${symbol} ({fmt(price(symbol, S.tick, cur))} {cur})"

    out = TICKER.sub(expand, message)
    if out == message:
        return None
    ctx.session.set("expanded", (ctx.session.get("expanded") or 0) + 1)
    return out


async def on_after_response(ctx, response):
    """Adds a disclaimer to a response that quotes a price; None (unchanged) otherwise."""
    if DISCLAIMER in response or not MENTIONS_PRICE.search(response):
        return None
    return f"{response}\n\n{DISCLAIMER}"


skill = SkillDefinition(
    name="price-alerts",
    description="Simulated crypto prices with alerts, a two-step setup and message hooks (no network)",
    version="1.0.0",
    hooks=SkillHooks(on_load=on_load, on_unload=on_unload, on_tick=on_tick, on_session_start=on_session_start,
                     on_before_message=on_before_message, on_after_response=on_after_response,
                     on_setup_start=flow.on_setup_start, on_setup_submit=flow.on_setup_submit,
                     on_setup_cancel=flow.on_setup_cancel, on_options_change=on_options_change,
                     on_status=on_status),
    tools=TOOLS,
    options=OPTIONS,
    tick_interval=3000,
    has_setup=True,
    interop_schema=INTEROP,
    trigger_schema=TRIGGERS,
)
