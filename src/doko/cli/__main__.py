"""``python -m doko.cli``: the ``doko`` command."""

import sys

from doko.cli import main

sys.exit(main())
