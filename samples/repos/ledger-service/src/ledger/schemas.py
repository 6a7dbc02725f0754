import uuid
from datetime import datetime
from decimal import Decimal

from pydantic import BaseModel, Field


class LegIn(BaseModel):
    account: str = Field(min_length=1, max_length=32, description="Account code, e.g. 1000")
    amount: Decimal = Field(decimal_places=2, description="Positive debits, negative credits")


class PostTransaction(BaseModel):
    external_id: str = Field(min_length=1, max_length=64)
    description: str = Field(default="", max_length=255)
    legs: list[LegIn] = Field(min_length=2)


class TransactionOut(BaseModel):
    id: uuid.UUID
    external_id: str
    posted_at: datetime


class BalanceOut(BaseModel):
    account: str
    balance: Decimal


class ExportOut(BaseModel):
    location: str
