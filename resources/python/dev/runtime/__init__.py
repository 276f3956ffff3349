"""The runtime: ``SkillServer`` (JSON-RPC over stdio) and the ``SkillContext`` hooks receive."""
