"""__SKILL_NAME__: a SkillDefinition skill, shaped as a package like the skills of a skills repository."""
