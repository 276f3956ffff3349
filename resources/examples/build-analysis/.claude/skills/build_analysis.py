#!/usr/bin/env python3
"""
Build Analysis
Analyses CI builds from the sample history in data/builds.json: failure rates, slow pipelines, failing tests.

Input (stdin JSON):
{
    "action": "analyze" | "report" | "fetch" | "daily_briefing",
    "params": {...}
}

Output (stdout JSON):
{
    "success": true,
    "action": "...",
    "data": {...}
}

Works offline and is deterministic: "now" is the time of the newest build in the data.
Progress goes to stderr; SKILL_DEBUG=1 adds debug logs there too.
"""

import json
import logging
import os
import sys
from datetime import datetime, timedelta
from pathlib import Path
from typing import Any, Dict, List, Optional

# Configuration
SKILL_DIR = Path(__file__).parent
AGENT_DIR = SKILL_DIR.parent.parent
DATA_FILE = AGENT_DIR / "data" / "builds.json"
TIMEOUT = 300  # seconds
DEBUG = os.getenv("SKILL_DEBUG") == "1"

logger = logging.getLogger("build_analysis")
logger.setLevel(logging.DEBUG if DEBUG else logging.INFO)
_handler = logging.StreamHandler(sys.stderr)
_handler.setFormatter(logging.Formatter("%(levelname)s %(message)s"))
logger.addHandler(_handler)

TARGETS = ["ci_builds", "tests", "durations"]
REPORT_TYPES = {"daily": 1, "weekly": 7}
FORMATS = ["markdown", "json"]
SOURCES = ["builds", "database"]


def progress(text: str) -> None:
    print(text, file=sys.stderr, flush=True)


def error(code: str, message: str, details: Optional[Dict[str, Any]] = None) -> Dict[str, Any]:
    err: Dict[str, Any] = {"code": code, "message": message}
    if details is not None:
        err["details"] = details
    return {"success": False, "error": err}


def validate_params(params: Dict[str, Any], required: List[str]) -> Optional[Dict[str, Any]]:
    """The spec's check for required parameters."""
    missing = [k for k in required if k not in params]
    if missing:
        return error("MISSING_PARAM", f"Missing required parameters: {missing}", {"missing": missing})
    return None


def int_param(params: Dict[str, Any], name: str, default: int, low: int, high: int):
    """An integer in [low, high], or an INVALID_PARAM error as the second value."""
    value = params.get(name, default)
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        return None, error("INVALID_PARAM", f"{name} must be a whole number from {low} to {high}, got {value!r}",
                           {"param": name, "value": value})
    return value, None


def load_builds() -> List[Dict[str, Any]]:
    with open(DATA_FILE, encoding="utf-8") as f:
        builds = json.load(f)["builds"]
    logger.debug(f"Loaded {len(builds)} builds from {DATA_FILE}")
    return builds


def parse_time(s: str) -> datetime:
    return datetime.strptime(s, "%Y-%m-%dT%H:%M:%SZ")


def window(builds: List[Dict[str, Any]], days: int):
    """The builds of the last `days` days before the newest build."""
    now = max(parse_time(b["started_at"]) for b in builds)
    since = now - timedelta(days=days)
    picked = [b for b in builds if parse_time(b["started_at"]) > since]
    return picked, {"from": since.strftime("%Y-%m-%dT%H:%M:%SZ"), "to": now.strftime("%Y-%m-%dT%H:%M:%SZ"), "days": days}


def rate(builds: List[Dict[str, Any]]) -> Optional[float]:
    finished = [b for b in builds if b["status"] != "cancelled"]
    if not finished:
        return None
    return round(100 * sum(b["status"] == "success" for b in finished) / len(finished), 1)


def build_metrics(builds: List[Dict[str, Any]]) -> Dict[str, Any]:
    per: Dict[str, Any] = {}
    for name in sorted({b["pipeline"] for b in builds}):
        mine = [b for b in builds if b["pipeline"] == name]
        per[name] = {
            "total": len(mine),
            "failed": sum(b["status"] == "failed" for b in mine),
            "success_rate": rate(mine),
            "avg_duration_s": round(sum(b["duration_s"] for b in mine) / len(mine)),
        }
    half = len(builds) // 2
    early, late = rate(builds[:half]), rate(builds[half:])
    trend = "steady"
    if early is not None and late is not None and abs(late - early) >= 5:
        trend = "improving" if late > early else "worsening"
    return {
        "total": len(builds),
        "succeeded": sum(b["status"] == "success" for b in builds),
        "failed": sum(b["status"] == "failed" for b in builds),
        "cancelled": sum(b["status"] == "cancelled" for b in builds),
        "success_rate": rate(builds),
        "trend": trend,
        "per_pipeline": per,
    }


def failing_tests(builds: List[Dict[str, Any]]) -> List[Dict[str, Any]]:
    """Tests by failures; a test is flaky when a retry of the same commit passed."""
    passed_retry = {(b["pipeline"], b["commit"]) for b in builds if b["trigger"] == "retry" and b["status"] == "success"}
    counts: Dict[str, Dict[str, Any]] = {}
    for b in builds:
        for t in b["failed_tests"]:
            c = counts.setdefault(t, {"test": t, "pipeline": b["pipeline"], "failures": 0, "flaky": False})
            c["failures"] += 1
            if (b["pipeline"], b["commit"]) in passed_retry:
                c["flaky"] = True
    return sorted(counts.values(), key=lambda c: (-c["failures"], c["test"]))


def handle_analyze(params: Dict[str, Any]) -> Dict[str, Any]:
    """Analyse recent builds: success rates, failing tests or durations."""
    problem = validate_params(params, ["target"])
    if problem:
        return problem
    target = params.get("target", "ci_builds")
    if target not in TARGETS:
        return error("INVALID_PARAM", f"Unknown target {target!r}", {"param": "target", "allowed": TARGETS})
    days, problem = int_param(params, "days", 7, 1, 90)
    if problem:
        return problem
    progress("Processing...")
    builds, span = window(load_builds(), days)
    progress("50% complete")
    if target == "ci_builds":
        metrics = build_metrics(builds)
        worst = min(metrics["per_pipeline"].items(), key=lambda kv: kv[1]["success_rate"] or 0)
        insights = [
            f"{metrics['success_rate']}% of {metrics['total']} builds succeeded in the last {days} days ({metrics['trend']}).",
            f"{worst[0]} is the least reliable pipeline ({worst[1]['success_rate']}% success).",
        ]
    elif target == "tests":
        tests = failing_tests(builds)
        metrics = {"failing_tests": tests, "flaky": [t["test"] for t in tests if t["flaky"]]}
        insights = [f"{t['test']} failed {t['failures']} time(s){' and is flaky' if t['flaky'] else ''}." for t in tests[:3]]
    else:
        per: Dict[str, Any] = {}
        for name in sorted({b["pipeline"] for b in builds}):
            d = sorted(b["duration_s"] for b in builds if b["pipeline"] == name and b["status"] != "cancelled")
            if d:
                per[name] = {"p50_s": d[len(d) // 2], "p90_s": d[min(len(d) - 1, int(len(d) * 0.9))], "max_s": d[-1]}
        slowest = max(per.items(), key=lambda kv: kv[1]["p50_s"]) if per else ("none", {"p50_s": 0})
        metrics = {"per_pipeline": per}
        insights = [f"{slowest[0]} is the slowest pipeline (median {slowest[1]['p50_s'] // 60} min)."]
    progress("100% complete")
    return {
        "success": True,
        "data": {"insights": insights, "metrics": metrics, "window": span},
        "message": insights[0] if insights else "No builds in this window.",
        "metadata": {"items_count": len(builds)},
    }


def render_markdown(title: str, metrics: Dict[str, Any], tests: List[Dict[str, Any]]) -> str:
    lines = [f"# {title}", "", f"- Builds: {metrics['total']} ({metrics['failed']} failed, {metrics['cancelled']} cancelled)",
             f"- Success rate: {metrics['success_rate']}% ({metrics['trend']})", "", "| Pipeline | Builds | Failed | Success | Avg (min) |",
             "|---|---|---|---|---|"]
    for name, m in metrics["per_pipeline"].items():
        lines.append(f"| {name} | {m['total']} | {m['failed']} | {m['success_rate']}% | {m['avg_duration_s'] // 60} |")
    if tests:
        lines += ["", "## Failing tests", ""] + [f"- {t['test']}: {t['failures']}{' (flaky)' if t['flaky'] else ''}" for t in tests]
    return "\n".join(lines) + "\n"


def handle_report(params: Dict[str, Any]) -> Dict[str, Any]:
    """Write a daily or weekly build report as Markdown or JSON."""
    report_type = params.get("type", "daily")
    fmt = params.get("format", "markdown")
    if report_type not in REPORT_TYPES:
        return error("INVALID_PARAM", f"Unknown report type {report_type!r}", {"param": "type", "allowed": list(REPORT_TYPES)})
    if fmt not in FORMATS:
        return error("INVALID_PARAM", f"Unknown format {fmt!r}", {"param": "format", "allowed": FORMATS})
    builds, span = window(load_builds(), REPORT_TYPES[report_type])
    progress("50% complete")
    metrics, tests = build_metrics(builds), failing_tests(builds)
    title = f"{report_type.capitalize()} build report, {span['to'][:10]}"
    content = render_markdown(title, metrics, tests) if fmt == "markdown" else json.dumps({"metrics": metrics, "failing_tests": tests}, indent=2)
    report_path = None
    if params.get("save"):
        path = AGENT_DIR / "reports" / f"{report_type}-{span['to'][:10]}.{'md' if fmt == 'markdown' else 'json'}"
        try:
            path.parent.mkdir(exist_ok=True)
            path.write_text(content, encoding="utf-8")
        except OSError as e:
            return error("PERMISSION_DENIED", f"Cannot write {path}: {e.strerror}", {"path": str(path)})
        report_path = str(path.relative_to(AGENT_DIR))
    progress("100% complete")
    return {"success": True, "data": {"report_path": report_path, "content": content, "format": fmt}, "message": title}


def matches(build: Dict[str, Any], query: str) -> bool:
    """`key=value` terms must all match; any other word must appear somewhere in the build."""
    for term in query.split():
        if "=" in term:
            key, value = term.split("=", 1)
            if str(build.get(key, "")) != value:
                return False
        elif term.lower() not in json.dumps(build).lower():
            return False
    return True


def handle_fetch(params: Dict[str, Any]) -> Dict[str, Any]:
    """Fetch builds matching a query such as "status=failed pipeline=mobile"."""
    problem = validate_params(params, ["source"])
    if problem:
        return problem
    source = params["source"]
    if isinstance(source, str) and source.startswith(("http://", "https://")):
        return error("EXTERNAL_SERVICE_ERROR", "This example works offline: only the bundled sample data can be fetched.", {"source": source})
    if source not in SOURCES:
        return error("INVALID_PARAM", f"Unknown source {source!r}", {"param": "source", "allowed": SOURCES})
    query = str(params.get("query", ""))
    limit, problem = int_param(params, "limit", 20, 1, 500)
    if problem:
        return problem
    items = [b for b in load_builds() if matches(b, query)]
    logger.debug(f"Query {query!r} matched {len(items)} builds")
    if not items:
        return error("DATA_NOT_FOUND", f"No builds match {query!r}", {"query": query})
    return {"success": True, "data": {"items": items[-limit:], "count": len(items)}, "metadata": {"items_count": min(limit, len(items))}}


def handle_daily_briefing(params: Dict[str, Any]) -> Dict[str, Any]:
    """A short morning briefing: yesterday's builds, what broke, and the weekly trend."""
    progress("Processing...")
    builds = load_builds()
    day, span = window(builds, 1)
    week, _ = window(builds, 7)
    progress("50% complete")
    today, weekly = build_metrics(day), build_metrics(week)
    broken = [b for b in day if b["status"] == "failed"]
    highlights = [f"{today['total']} builds in the last 24 h, {today['failed']} failed."]
    highlights += [f"Build {b['id']} ({b['pipeline']} on {b['branch']}) failed: {', '.join(b['failed_tests'])}" for b in broken]
    highlights.append(f"Weekly success rate {weekly['success_rate']}%, {weekly['trend']}.")
    progress("100% complete")
    return {
        "success": True,
        "data": {"date": span["to"][:10], "highlights": highlights, "today": today, "week": {k: weekly[k] for k in ("total", "failed", "success_rate", "trend")}},
        "message": " ".join(highlights[:1] + highlights[-1:]),
    }


def main():
    """Entry point"""
    try:
        input_data = json.loads(sys.stdin.read())
        logger.debug(f"Input data: {json.dumps(input_data, ensure_ascii=False)}")
        action = input_data.get("action")
        params = input_data.get("params") or {}

        if action == "analyze":
            result = handle_analyze(params)
        elif action == "report":
            result = handle_report(params)
        elif action == "fetch":
            result = handle_fetch(params)
        elif action == "daily_briefing":
            result = handle_daily_briefing(params)
        else:
            result = {
                "success": False,
                "error": {
                    "code": "UNKNOWN_ACTION",
                    "message": f"Unknown action: {action}",
                    "supported_actions": ["analyze", "report", "fetch", "daily_briefing"],
                },
            }

        result["action"] = action
        logger.debug(f"Result keys: {sorted(result)}")
        print(json.dumps(result, ensure_ascii=False, indent=2))

    except json.JSONDecodeError as e:
        print(json.dumps({"success": False, "error": {"code": "INVALID_JSON", "message": f"Failed to parse input JSON: {e}"}}, ensure_ascii=False))
        sys.exit(1)

    except Exception as e:
        print(json.dumps({"success": False, "error": {"code": "INTERNAL_ERROR", "message": str(e)}}, ensure_ascii=False))
        sys.exit(1)


if __name__ == "__main__":
    main()
