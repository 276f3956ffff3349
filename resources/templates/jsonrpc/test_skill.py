"""Tests for __SKILL_NAME__, run the way the host runs it: JSON-RPC lines piped through a real process.

    python3 -m unittest        (in this folder)
"""
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))


def request(req_id, method, params=None):
    return {"jsonrpc": "2.0", "id": req_id, "method": method, "params": params or {}}


def converse(*requests):
    """Starts skill.py, sends the requests one per line, returns its replies (by id) and the process."""
    lines = "".join(json.dumps(r) + "\n" for r in requests)
    proc = subprocess.run([sys.executable, "skill.py"], cwd=HERE, input=lines, capture_output=True, text=True, timeout=30)
    replies = [json.loads(line) for line in proc.stdout.splitlines() if line.strip()]
    return {r.get("id"): r for r in replies}, proc


class SkillTest(unittest.TestCase):
    def test_initialize_lists_greet(self):
        replies, _ = converse(request(1, "initialize"), request(2, "shutdown"))
        tools = replies[1]["result"]["tools"]
        self.assertEqual([t["name"] for t in tools], ["greet"])
        self.assertEqual(tools[0]["parameters"]["required"], ["name"])

    def test_greet(self):
        replies, proc = converse(
            request(1, "initialize"),
            request(2, "tools/call", {"name": "greet", "arguments": {"name": "Ada"}}),
            request(3, "shutdown"),
        )
        self.assertEqual(replies[2]["result"], {"content": "Hello, Ada!"})
        self.assertEqual(proc.returncode, 0, proc.stderr)

    def test_greet_without_a_name_is_an_error(self):
        replies, _ = converse(request(1, "tools/call", {"name": "greet", "arguments": {}}), request(2, "shutdown"))
        self.assertTrue(replies[1]["result"]["isError"])

    def test_unknown_method(self):
        replies, _ = converse(request(1, "nope"), request(2, "shutdown"))
        self.assertEqual(replies[1]["error"]["code"], -32601)


if __name__ == "__main__":
    unittest.main()
