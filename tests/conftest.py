import sys
from pathlib import Path

sys.path.insert(0, str(Path(__file__).parent))

# tests/fixtures/ holds made-up boxes that a test loads in a process of its own; importing
# them here (doctest collection) would add their content to every other test's catalogue.
collect_ignore_glob = ["fixtures/*"]
