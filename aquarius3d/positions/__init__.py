"""Position files (file.py reads them), `aquarius3d analyze` (analyze.py) and check files (checks.py), as
shared/POSITIONS.md defines them."""
