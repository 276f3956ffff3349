"""Tests for __SKILL_NAME__: import skill.py as the host does and await its tool.

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
    given = os.environ.get("SKILLBENCH_SDK")
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
    """Imports skill.py by path with this folder first on sys.path, as the workbench's launcher does."""
    sys.path[:0] = [find_sdk(), HERE]
    spec = importlib.util.spec_from_file_location("skill", os.path.join(HERE, "skill.py"))
    module = importlib.util.module_from_spec(spec)
    sys.modules["skill"] = module
    spec.loader.exec_module(module)
    return module.skill


skill = load_skill()


def tool(name):
    return next(t for t in skill.tools if t.definition.name == name)


class SkillTest(unittest.TestCase):
    def test_exports_one_tool(self):
        self.assertEqual([t.definition.name for t in skill.tools], ["greet"])
        self.assertEqual(tool("greet").definition.parameters["required"], ["name"])

    def test_greet(self):
        result = asyncio.run(tool("greet").execute({"name": "Ada"}))
        self.assertEqual(result.content, "Hello, Ada!")
        self.assertFalse(result.is_error)

    def test_greet_without_a_name_is_an_error(self):
        result = asyncio.run(tool("greet").execute({}))
        self.assertTrue(result.is_error)


if __name__ == "__main__":
    unittest.main()
