"""`python -m auditor` is the `rules-auditor` command."""

from .cli import main

raise SystemExit(main())
