import csv
import io
from datetime import UTC, date, datetime, time, timedelta
from typing import Any

import boto3
from sqlalchemy import select
from sqlalchemy.orm import Session

from ledger.models import Account, Entry, Transaction

COLUMNS = ["posted_at", "transaction", "external_id", "account", "amount", "description"]


def entries_csv(session: Session, day: date) -> str:
    """All entries posted on `day` (UTC) as CSV, oldest first."""
    start = datetime.combine(day, time.min, tzinfo=UTC)
    rows = session.execute(
        select(Transaction.posted_at, Transaction.id, Transaction.external_id, Account.code, Entry.amount,
               Transaction.description)
        .join(Entry, Entry.transaction_id == Transaction.id)
        .join(Account, Entry.account_id == Account.id)
        .where(Transaction.posted_at >= start, Transaction.posted_at < start + timedelta(days=1))
        .order_by(Transaction.posted_at, Account.code)
    )
    out = io.StringIO()
    writer = csv.writer(out)
    writer.writerow(COLUMNS)
    for posted_at, txn_id, external_id, code, amount, description in rows:
        writer.writerow([posted_at.isoformat(), txn_id, external_id, code, f"{amount:.2f}", description])
    return out.getvalue()


def export_entries(session: Session, day: date, bucket: str, s3_client: Any | None = None) -> str:
    """Writes the day's CSV to S3 (server-side encrypted with KMS) and returns its s3:// location."""
    key = f"entries/{day:%Y/%m/%d}/entries-{day.isoformat()}.csv"
    client = s3_client or boto3.client("s3")
    client.put_object(
        Bucket=bucket,
        Key=key,
        Body=entries_csv(session, day).encode("utf-8"),
        ContentType="text/csv",
        ServerSideEncryption="aws:kms",
    )
    return f"s3://{bucket}/{key}"
