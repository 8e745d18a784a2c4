"""Named rule building blocks, composed by the YAML rulesets."""

from .registry import CATEGORIES, Block, block, blocks
from . import aquarius as _aquarius  # noqa: F401  (registers the Aquarius blocks)
from . import dominus as _dominus  # noqa: F401  (registers the Dominus blocks)
from . import rising as _rising  # noqa: F401  (registers the Aquarius Rising blocks)
from . import towers as _towers  # noqa: F401  (registers the Elemental Towers blocks)

__all__ = ["CATEGORIES", "Block", "block", "blocks"]
