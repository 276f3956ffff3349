"""Skill Workbench's stand-in for the MCP Python SDK: only ``mcp.types``, for skills that import its data classes.

Most SkillDefinition skills import the MCP SDK for nothing but ``from mcp.types import Tool, TextContent``. The
launcher puts this folder at the END of sys.path, after site-packages, so an installed ``mcp`` is always found
first and this one is used only where the interpreter has none. Nothing else of the SDK is here: ``import
mcp.server`` fails, and the launcher then says in one line that the skill needs the real package.

Importing it says so on stderr (the workbench shows that line as a note in the skill's header and in inspect).
"""

import os as _os
import sys as _sys

#: Read by skillbench_missing.py: an ``mcp`` that is this stand-in is no installed MCP SDK.
SKILLBENCH_STAND_IN = True

_sys.stderr.write(f"skillbench: mcp.types is the workbench's stand-in ({_os.path.dirname(__file__)}): "
                  "this interpreter has no mcp package\n")
_sys.stderr.flush()
