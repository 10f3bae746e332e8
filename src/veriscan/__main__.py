import sys

from veriscan.cli.main import main

sys.exit(main())
