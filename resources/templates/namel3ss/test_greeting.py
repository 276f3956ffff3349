"""Tests for __SKILL_NAME__'s tool, called the way the local runner calls it: the function, with one dict.

    python3 -m unittest        (in this folder)
"""
import unittest

from tools.greeting import greet


class GreetTest(unittest.TestCase):
    def test_greet(self):
        self.assertEqual(greet({"name": "Ada"}), {"message": "Hello, Ada!"})

    def test_result_has_only_the_declared_outputs(self):
        # app.ai declares one output, "message is text": anything else is refused by namel3ss.
        result = greet({"name": "Ada"})
        self.assertEqual(set(result), {"message"})
        self.assertIsInstance(result["message"], str)

    def test_greet_without_a_name_raises(self):
        with self.assertRaises(ValueError):
            greet({"name": "  "})


if __name__ == "__main__":
    unittest.main()
