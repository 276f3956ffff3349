"""The entity graph's types: what a skill declares it surfaces (``EntitySchema``) and what it sends.

The original SDK keeps these in ``dev.types.skill_types``; they are re-exported from there, so either
import works. All are frozen, as there.

    from dev.types.skill_types import EntitySchema, EntityTypeDeclaration, RelationshipTypeDeclaration
"""

from __future__ import annotations

from typing import Any, Dict, List

from ._checks import boolean, list_of, mapping, model, one_of, text
from ._model import ConfigDict, Field, Model

__all__ = ["Entity", "EntityPropertySchema", "EntityTypeDeclaration", "RelationshipTypeDeclaration", "EntitySchema",
           "Relationship", "CARDINALITIES"]

CARDINALITIES = ("one_to_one", "one_to_many", "many_to_one", "many_to_many")


def _texts(v: Any) -> Any:
    return list_of(text())(v)


class Entity(Model):
    """An entity of the platform's graph."""

    model_config = ConfigDict(frozen=True)

    id: str = Field(check=text())
    type: str = Field(check=text())
    name: str = Field(check=text())
    tags: List[str] = Field(default_factory=list, check=_texts)
    metadata: Dict[str, Any] = Field(default_factory=dict, check=mapping())


class EntityPropertySchema(Model):
    """One property of an entity type; ``type`` is a JSON Schema type name (string, number, boolean...)."""

    model_config = ConfigDict(frozen=True)

    name: str = Field(description="Property name", check=text())
    type: str = Field(description="JSON Schema type: string, number, boolean, array, object", check=text())
    description: str = Field(check=text())
    optional: bool = Field(False, check=boolean)


class EntityTypeDeclaration(Model):
    """An entity type the skill produces, namespaced: ``"telegram.contact"``."""

    model_config = ConfigDict(frozen=True)

    type: str = Field(description='Namespaced type, e.g. "telegram.contact"', check=text())
    label: str = Field(description="Human-readable label", check=text())
    description: str = Field(check=text())
    properties: List[EntityPropertySchema] = Field(
        default_factory=list, check=list_of(model(lambda: EntityPropertySchema)))


class RelationshipTypeDeclaration(Model):
    """A relationship type between two entity types, with its cardinality (many_to_many unless said)."""

    model_config = ConfigDict(frozen=True)

    type: str = Field(description='Relationship name, e.g. "member_of"', check=text())
    source_type: str = Field(check=text())
    target_type: str = Field(check=text())
    description: str = Field(check=text())
    cardinality: str = Field("many_to_many", check=one_of(*CARDINALITIES))


class EntitySchema(Model):
    """Every entity and relationship type a skill surfaces (``SkillDefinition.entity_schema``)."""

    model_config = ConfigDict(frozen=True)

    entity_types: List[EntityTypeDeclaration] = Field(
        default_factory=list, check=list_of(model(lambda: EntityTypeDeclaration)))
    relationship_types: List[RelationshipTypeDeclaration] = Field(
        default_factory=list, check=list_of(model(lambda: RelationshipTypeDeclaration)))


class Relationship(Model):
    """One edge between two entities."""

    model_config = ConfigDict(frozen=True)

    source_id: str = Field(check=text())
    target_id: str = Field(check=text())
    type: str = Field(check=text())
    metadata: Dict[str, Any] = Field(default_factory=dict, check=mapping())
