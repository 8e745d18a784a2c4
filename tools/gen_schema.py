"""Write rulesets/ruleset.schema.json and docs/rules-reference.md from the block classes."""

from pathlib import Path

from aquarius3d.reference import reference_text, schema_text

ROOT = Path(__file__).resolve().parent.parent

if __name__ == "__main__":
    (ROOT / "rulesets" / "ruleset.schema.json").write_text(schema_text())
    (ROOT / "docs" / "rules-reference.md").write_text(reference_text())
    print("wrote rulesets/ruleset.schema.json and docs/rules-reference.md")
