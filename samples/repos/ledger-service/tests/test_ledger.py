from collections.abc import Iterator
from datetime import UTC, datetime
from decimal import Decimal
from typing import Any

import pytest
from sqlalchemy import create_engine
from sqlalchemy.orm import Session

from ledger import service
from ledger.db import Base
from ledger.exports import entries_csv, export_entries
from ledger.models import Account


@pytest.fixture
def session() -> Iterator[Session]:
    engine = create_engine("sqlite+pysqlite:///:memory:")
    Base.metadata.create_all(engine)
    with Session(engine, expire_on_commit=False) as s:
        s.add_all([
            Account(code="1000", name="Cash", currency="USD"),
            Account(code="4000", name="Sales revenue", currency="USD"),
        ])
        s.commit()
        yield s


def sale(amount: str) -> list[tuple[str, Decimal]]:
    return [("1000", Decimal(amount)), ("4000", -Decimal(amount))]


def test_balanced_transaction_moves_both_balances(session: Session) -> None:
    service.post_transaction(session, "ord-1001", "Order 1001", sale("45.99"))
    assert service.balance(session, "1000") == Decimal("45.99")
    assert service.balance(session, "4000") == Decimal("-45.99")


def test_unbalanced_transaction_is_rejected(session: Session) -> None:
    with pytest.raises(service.UnbalancedTransaction):
        service.post_transaction(session, "bad-1", "", [("1000", Decimal("10")), ("4000", Decimal("-9.99"))])


def test_unknown_account_is_rejected(session: Session) -> None:
    with pytest.raises(service.UnknownAccount, match="9999"):
        service.post_transaction(session, "bad-2", "", [("1000", Decimal("1")), ("9999", Decimal("-1"))])


def test_reposting_the_same_external_id_is_idempotent(session: Session) -> None:
    first = service.post_transaction(session, "ord-1002", "", sale("10.00"))
    again = service.post_transaction(session, "ord-1002", "", sale("10.00"))
    assert again.id == first.id
    assert service.balance(session, "1000") == Decimal("10.00")


class FakeS3:
    def __init__(self) -> None:
        self.calls: list[dict[str, Any]] = []

    def put_object(self, **kwargs: Any) -> None:
        self.calls.append(kwargs)


def test_export_writes_the_days_entries_to_s3(session: Session) -> None:
    txn = service.post_transaction(session, "ord-1003", "Order 1003", sale("12.50"))
    day = txn.posted_at.astimezone(UTC).date()
    s3 = FakeS3()

    location = export_entries(session, day, "ledger-test", s3_client=s3)

    assert location == f"s3://ledger-test/entries/{day:%Y/%m/%d}/entries-{day.isoformat()}.csv"
    body = s3.calls[0]["Body"].decode()
    assert body.splitlines()[0] == "posted_at,transaction,external_id,account,amount,description"
    assert "ord-1003,1000,12.50" in body
    assert entries_csv(session, datetime(1999, 1, 1, tzinfo=UTC).date()).count("\n") == 1
