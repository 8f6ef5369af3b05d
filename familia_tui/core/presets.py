"""Presets: named rule sets as YAML files, validated by strict frozen pydantic models."""

from __future__ import annotations

from pydantic import BaseModel, ConfigDict


class StrictModel(BaseModel):
    """Base of every options model: unknown keys rejected, values frozen."""

    model_config = ConfigDict(extra="forbid", frozen=True)
