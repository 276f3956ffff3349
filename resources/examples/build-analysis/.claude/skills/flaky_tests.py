#!/usr/bin/env python3
"""
Flaky Tests
Finds tests that fail and then pass on a retry of the same commit, from data/builds.json.

Input (stdin JSON): {"action": "list" | "score", "params": {...}}
Output (stdout JSON): {"success": true, "action": "...", "data": {...}}

Dispatches through a dict rather than if/elif, as many real skills do.
"""

import json
import sys
from pathlib import Path
from typing import Any, Dict

AGENT_DIR = Path(__file__).parent.parent.parent
DATA_FILE = AGENT_DIR / "data" / "builds.json"


def history() -> Dict[str, Dict[str, Any]]:
    builds = json.loads(DATA_FILE.read_text(encoding="utf-8"))["builds"]
    retried_ok = {(b["pipeline"], b["commit"]) for b in builds if b["trigger"] == "retry" and b["status"] == "success"}
    out: Dict[str, Dict[str, Any]] = {}
    for b in builds:
        for t in b["failed_tests"]:
            s = out.setdefault(t, {"test": t, "pipeline": b["pipeline"], "failures": 0, "passed_on_retry": 0})
            s["failures"] += 1
            if (b["pipeline"], b["commit"]) in retried_ok:
                s["passed_on_retry"] += 1
    return out


def handle_list(params: Dict[str, Any]) -> Dict[str, Any]:
    """Tests that failed at least `min_failures` times, most failures first."""
    min_failures = params.get("min_failures", 1)
    if not isinstance(min_failures, int) or min_failures < 1:
        return {"success": False, "error": {"code": "INVALID_PARAM", "message": "min_failures must be a whole number of at least 1"}}
    tests = sorted((t for t in history().values() if t["failures"] >= min_failures), key=lambda t: (-t["failures"], t["test"]))
    return {"success": True, "data": {"tests": tests, "count": len(tests)}}


def handle_score(params: Dict[str, Any]) -> Dict[str, Any]:
    """How flaky one test is: the share of its failures that passed on a retry."""
    test = params.get("test")
    if not test:
        return {"success": False, "error": {"code": "MISSING_PARAM", "message": "Missing required parameters: ['test']"}}
    t = history().get(test)
    if t is None:
        return {"success": False, "error": {"code": "DATA_NOT_FOUND", "message": f"No failures recorded for {test!r}"}}
    score = round(t["passed_on_retry"] / t["failures"], 2)
    return {"success": True, "data": {**t, "flakiness": score}, "message": f"{test}: flakiness {score}"}


ACTIONS = {
    "list": handle_list,
    "score": handle_score,
}


def main():
    try:
        request = json.loads(sys.stdin.read())
        action = request.get("action")
        handler = ACTIONS.get(action)
        if handler is None:
            result = {"success": False, "error": {"code": "UNKNOWN_ACTION", "message": f"Unknown action: {action}",
                                                  "supported_actions": list(ACTIONS)}}
        else:
            result = handler(request.get("params") or {})
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
