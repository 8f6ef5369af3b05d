"""`python -m familia_tui`: the same as the `familia-tui` command."""

from familia_tui.cli import main

raise SystemExit(main())
