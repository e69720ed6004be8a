import sys

from bridgeroom.cli.main import main

if __name__ == "__main__":  # not when a worker process (multiprocessing's spawn) imports it
    sys.exit(main())
