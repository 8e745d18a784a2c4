"""Write rulesets/ruleset.schema.json and docs/rules-reference.md from the block classes."""

import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))  # this checkout's code, not an installed copy

from aquarius3d.rules.reference import reference_text, schema_text  # noqa: E402

if __name__ == "__main__":
    (ROOT / "rulesets" / "ruleset.schema.json").write_text(schema_text())
    (ROOT / "docs" / "rules-reference.md").write_text(reference_text())
    print("wrote rulesets/ruleset.schema.json and docs/rules-reference.md")
