#!/usr/bin/env python3
"""Gas cost estimator: a subprocess JSON-RPC 2.0 skill (one JSON object per line on stdin/stdout)."""
import json
import sys

OPERATIONS = {
    "transfer": 21000,
    "erc20_transfer": 65000,
    "swap": 150000,
    "nft_mint": 120000,
    "contract_deploy": 1500000,
}
SPEEDS = {"slow": 0.8, "standard": 1.0, "fast": 1.3}

TOOLS = [
    {
        "name": "estimate_gas_cost",
        "description": "Estimate what a transaction costs at a given gas price",
        "parameters": {
            "type": "object",
            "properties": {
                "operation": {"type": "string", "enum": sorted(OPERATIONS), "description": "A known operation (or give gas_limit)"},
                "gas_limit": {"type": "integer", "minimum": 21000, "description": "Gas units, when the operation is not listed"},
                "gas_price_gwei": {"type": "number", "exclusiveMinimum": 0, "description": "Gas price in gwei"},
                "eth_price_usd": {"type": "number", "minimum": 0, "default": 3000, "description": "ETH price in USD"},
            },
            "required": ["gas_price_gwei"],
        },
    },
    {
        "name": "list_operations",
        "description": "List the operations with their typical gas limits",
        "parameters": {"type": "object", "properties": {}},
    },
    {
        "name": "compare_speeds",
        "description": "Compare slow, standard and fast costs for an operation",
        "parameters": {
            "type": "object",
            "properties": {
                "operation": {"type": "string", "enum": sorted(OPERATIONS)},
                "base_fee_gwei": {"type": "number", "exclusiveMinimum": 0},
            },
            "required": ["operation", "base_fee_gwei"],
        },
    },
]

ticks = 0


def estimate(args):
    if "gas_price_gwei" not in args:
        raise ValueError("gas_price_gwei is required")
    gas = args.get("gas_limit") or OPERATIONS.get(args.get("operation", ""))
    if not gas:
        raise ValueError("give a known operation or a gas_limit")
    eth = gas * float(args["gas_price_gwei"]) * 1e-9
    usd = eth * float(args.get("eth_price_usd", 3000))
    return {"gas_limit": gas, "cost_eth": round(eth, 8), "cost_usd": round(usd, 2)}


def call_tool(name, args):
    if name == "estimate_gas_cost":
        return json.dumps(estimate(args)), False
    if name == "list_operations":
        return json.dumps(OPERATIONS), False
    if name == "compare_speeds":
        op = args.get("operation")
        if op not in OPERATIONS:
            return f"Unknown operation: {op}", True
        base = float(args.get("base_fee_gwei", 0))
        rows = {s: estimate({"operation": op, "gas_price_gwei": base * f}) for s, f in SPEEDS.items()}
        return json.dumps(rows), False
    return f"Unknown tool: {name}", True


def handle_request(request):
    global ticks
    method = request.get("method", "")
    params = request.get("params") or {}
    req_id = request.get("id")
    if method == "initialize":
        result = {"name": "gas-estimator", "description": "Estimates Ethereum transaction costs", "version": "1.0.0", "tools": TOOLS}
    elif method == "tools/call":
        try:
            text, is_error = call_tool(params.get("name"), params.get("arguments") or {})
        except (ValueError, TypeError) as e:
            text, is_error = str(e), True
        result = {"content": text}
        if is_error:
            result["isError"] = True
    elif method == "lifecycle/onTick":
        ticks += 1
        print(f"tick {ticks}", file=sys.stderr, flush=True)
        result = {"ok": True}
    elif method.startswith("lifecycle/") or method == "shutdown":
        print(f"{method} {json.dumps(params)}", file=sys.stderr, flush=True)
        result = {"ok": True}
    else:
        return {"jsonrpc": "2.0", "id": req_id, "error": {"code": -32601, "message": f"Unknown: {method}"}}
    return {"jsonrpc": "2.0", "id": req_id, "result": result}


for line in sys.stdin:
    line = line.strip()
    if not line:
        continue
    try:
        request = json.loads(line)
    except json.JSONDecodeError as e:
        print(json.dumps({"jsonrpc": "2.0", "id": None, "error": {"code": -32700, "message": f"Parse error: {e}"}}), flush=True)
        continue
    response = handle_request(request)
    print(json.dumps(response), flush=True)
    if request.get("method") == "shutdown":
        break
