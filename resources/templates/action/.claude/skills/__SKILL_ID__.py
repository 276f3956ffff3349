#!/usr/bin/env python3
"""
__SKILL_NAME__
Greets people by name.

Input (stdin JSON): {"action": "greet", "params": {"name": "Ada"}}
Output (stdout JSON): {"success": true, "action": "greet", "data": {"message": "Hello, Ada!"}}

Progress and logs go to stderr; set SKILL_DEBUG=1 for debug logs.
"""

import json
import os
import sys
from typing import Any, Dict

DEBUG = os.getenv("SKILL_DEBUG") == "1"


def handle_greet(params: Dict[str, Any]) -> Dict[str, Any]:
    """Say hello to someone by name."""
    name = str(params.get("name") or "").strip()
    if not name:
        return {"success": False, "error": {"code": "MISSING_PARAM", "message": "Missing required parameters: ['name']"}}
    return {"success": True, "data": {"message": f"Hello, {name}!"}, "message": f"Hello, {name}!"}


ACTIONS = {
    "greet": handle_greet,
}


def main():
    try:
        request = json.loads(sys.stdin.read())
        action = request.get("action")
        if DEBUG:
            print(f"request: {request}", file=sys.stderr)
        handler = ACTIONS.get(action)
        if handler is None:
            result = {"success": False, "error": {"code": "UNKNOWN_ACTION", "message": f"Unknown action: {action}",
                                                  "supported_actions": list(ACTIONS)}}
        else:
            # Parameters arrive inside "params"; some hosts also send them at the top level.
            result = handler(request.get("params") or {k: v for k, v in request.items() if k not in ("action", "context")})
        result["action"] = action
        print(json.dumps(result, ensure_ascii=False, indent=2))
    except json.JSONDecodeError as e:
        print(json.dumps({"success": False, "error": {"code": "INVALID_JSON", "message": f"Failed to parse input JSON: {e}"}}))
        sys.exit(1)
    except Exception as e:
        print(json.dumps({"success": False, "error": {"code": "INTERNAL_ERROR", "message": str(e)}}))
        sys.exit(1)


if __name__ == "__main__":
    main()
