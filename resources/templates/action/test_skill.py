"""Tests for __SKILL_NAME__, run the way an agent runs it: one JSON request piped into the script.

    python3 -m unittest        (in this folder)
"""
import json
import os
import subprocess
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SCRIPT = os.path.join(".claude", "skills", "__SKILL_ID__.py")


def run(request):
    """Runs the script from the agent folder with `request` on stdin; returns its JSON answer and the process."""
    proc = subprocess.run([sys.executable, SCRIPT], cwd=HERE, input=json.dumps(request), capture_output=True, text=True, timeout=30)
    return json.loads(proc.stdout), proc


class SkillTest(unittest.TestCase):
    def test_greet(self):
        answer, proc = run({"action": "greet", "params": {"name": "Ada"}, "context": {"request_id": "test"}})
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertTrue(answer["success"])
        self.assertEqual(answer["data"], {"message": "Hello, Ada!"})
        self.assertEqual(answer["action"], "greet")

    def test_missing_name(self):
        answer, _ = run({"action": "greet", "params": {}})
        self.assertFalse(answer["success"])
        self.assertEqual(answer["error"]["code"], "MISSING_PARAM")

    def test_unknown_action_lists_the_supported_ones(self):
        answer, _ = run({"action": "nope"})
        self.assertEqual(answer["error"]["code"], "UNKNOWN_ACTION")
        self.assertEqual(answer["error"]["supported_actions"], ["greet"])

    def test_invalid_json(self):
        proc = subprocess.run([sys.executable, SCRIPT], cwd=HERE, input="{not json", capture_output=True, text=True, timeout=30)
        self.assertEqual(proc.returncode, 1)
        self.assertEqual(json.loads(proc.stdout)["error"]["code"], "INVALID_JSON")


if __name__ == "__main__":
    unittest.main()
