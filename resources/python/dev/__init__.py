"""Skill Workbench's compatible SDK for SkillDefinition skills (standard library only, Python 3.9+).

Written for the workbench from the published protocol, not copied from the original SDK. A skills repository
that brings its own ``dev/`` package can run on it instead (``skillbench_launch.py --sdk-root``).
"""

SDK_NAME = "skillbench"
__version__ = "1.0.0"
