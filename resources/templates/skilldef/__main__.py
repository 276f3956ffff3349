"""Entry point: the host runs this package (``python -m skills.__SKILL_ID__`` in a skills repository, or
Skill Workbench's launcher wherever the folder sits) and serves ``skill`` over JSON-RPC on stdio."""

from dev.runtime.server import SkillServer

from .skill import skill

if __name__ == "__main__":
    SkillServer(skill).start()
