"""Tests for __SKILL_NAME__: import the package as the host does and await its tools.

skill.py imports the SkillDefinition SDK (the ``dev`` package), which Skill Workbench provides when it
runs the skill. For the tests, point SKILLBENCH_SDK at the workbench's ``resources/python`` folder:

    SKILLBENCH_SDK=/path/to/skill-workbench/resources/python python3 -m unittest

Without SKILLBENCH_SDK, the folders above this one are searched for a ``dev`` package (a skills
repository's own SDK) or a workbench checkout (``resources/python``).
"""
import asyncio
import importlib.util
import os
import sys
import unittest

HERE = os.path.dirname(os.path.abspath(__file__))
SDK_MARKER = os.path.join("dev", "types", "skill_types.py")


def find_sdk():
    given = os.environ.get("SKILLBENCH_SDK", "")
    if given:
        if not os.path.isfile(os.path.join(given, SDK_MARKER)):
            raise RuntimeError(f"SKILLBENCH_SDK={given} has no {SDK_MARKER}: point it at Skill Workbench's resources/python folder.")
        return given
    folder = os.path.dirname(HERE)
    while True:
        for candidate in (folder, os.path.join(folder, "resources", "python")):
            if os.path.isfile(os.path.join(candidate, SDK_MARKER)):
                return candidate
        parent = os.path.dirname(folder)
        if parent == folder:
            raise RuntimeError("Cannot find the SkillDefinition SDK (the dev package). Set SKILLBENCH_SDK to Skill "
                               "Workbench's resources/python folder: SKILLBENCH_SDK=... python3 -m unittest")
        folder = parent


def load_skill():
    """Imports this folder as a package (its modules import each other relatively), as the host does."""
    sys.path[:0] = [find_sdk()]
    spec = importlib.util.spec_from_file_location("skill_under_test", os.path.join(HERE, "__init__.py"), submodule_search_locations=[HERE])
    package = importlib.util.module_from_spec(spec)
    sys.modules["skill_under_test"] = package
    spec.loader.exec_module(package)
    return importlib.import_module("skill_under_test.skill").skill


skill = load_skill()


def tool(name):
    return next(t for t in skill.tools if t.definition.name == name)


class SkillTest(unittest.TestCase):
    def test_exports_its_tools(self):
        self.assertEqual([t.definition.name for t in skill.tools], ["greet", "shout"])
        self.assertEqual(tool("greet").definition.parameters["required"], ["name"])

    def test_greet(self):
        result = asyncio.run(tool("greet").execute({"name": "Ada"}))
        self.assertEqual(result.content, "Hello, Ada!")
        self.assertFalse(result.is_error)

    def test_greet_without_a_name_is_an_error(self):
        result = asyncio.run(tool("greet").execute({}))
        self.assertTrue(result.is_error)

    def test_the_loud_option_shows_the_shout_tool(self):
        option = next(o for o in skill.options if o.name == "loud_greetings")
        self.assertEqual((option.type, option.default, option.tool_filter), ("boolean", False, ["shout"]))
        self.assertEqual(asyncio.run(tool("shout").execute({"name": "Ada"})).content, "HELLO, ADA!")


if __name__ == "__main__":
    unittest.main()
