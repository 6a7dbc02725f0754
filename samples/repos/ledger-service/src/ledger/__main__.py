"""`python -m ledger` serves the API; `python -m ledger initdb` creates the tables."""

import sys

import uvicorn

from ledger.config import get_settings
from ledger.db import create_schema, make_engine


def main() -> None:
    settings = get_settings()
    if sys.argv[1:] == ["initdb"]:
        create_schema(make_engine(settings.database_url))
        print("schema created")
        return
    uvicorn.run("ledger.api:app", host="0.0.0.0", port=settings.port, proxy_headers=True, log_config=None)


if __name__ == "__main__":
    main()
