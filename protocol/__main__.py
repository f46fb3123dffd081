import json
import sys

from . import json_schema

json.dump(json_schema(), sys.stdout, indent=2, sort_keys=True)
sys.stdout.write("\n")
