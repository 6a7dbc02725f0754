from functools import lru_cache

from pydantic_settings import BaseSettings, SettingsConfigDict


class Settings(BaseSettings):
    """Read from LEDGER_* environment variables (or a local .env file)."""

    model_config = SettingsConfigDict(env_prefix="LEDGER_", env_file=".env", extra="ignore")

    database_url: str = "postgresql+psycopg://ledger:ledger@localhost:5432/ledger"
    export_bucket: str = "fernhill-ledger-exports-dev"
    aws_region: str = "us-east-1"
    log_json: bool = True
    port: int = 8000


@lru_cache
def get_settings() -> Settings:
    return Settings()
