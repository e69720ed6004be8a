import sys

from bridgeroom.cli.main import main

sys.exit(main())
