from collections.abc import Sequence
from decimal import Decimal

import psycopg.errors
from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session

from ledger.models import Account, Entry, Transaction

Leg = tuple[str, Decimal]  # (account code, signed amount)


class UnbalancedTransaction(ValueError):
    pass


class UnknownAccount(LookupError):
    pass


def _by_external_id(session: Session, external_id: str) -> Transaction | None:
    return session.scalar(select(Transaction).where(Transaction.external_id == external_id))


def post_transaction(session: Session, external_id: str, description: str, legs: Sequence[Leg]) -> Transaction:
    """Posts a balanced transaction once; posting the same external_id again returns the first one."""
    existing = _by_external_id(session, external_id)
    if existing is not None:
        return existing

    total = sum((amount for _, amount in legs), Decimal("0"))
    if len(legs) < 2 or total != 0:
        raise UnbalancedTransaction(f"legs must sum to zero (got {total} over {len(legs)} legs)")

    codes = {code for code, _ in legs}
    accounts = {a.code: a for a in session.scalars(select(Account).where(Account.code.in_(codes)))}
    missing = codes - accounts.keys()
    if missing:
        raise UnknownAccount(", ".join(sorted(missing)))

    txn = Transaction(
        external_id=external_id,
        description=description,
        entries=[Entry(account_id=accounts[code].id, amount=amount) for code, amount in legs],
    )
    session.add(txn)
    try:
        session.commit()
    except IntegrityError as exc:
        session.rollback()
        if isinstance(exc.orig, psycopg.errors.UniqueViolation):
            # Another request posted the same external_id between our check and our insert.
            winner = _by_external_id(session, external_id)
            if winner is not None:
                return winner
        raise
    return txn


def balance(session: Session, account_code: str) -> Decimal:
    stmt = (
        select(func.coalesce(func.sum(Entry.amount), 0))
        .select_from(Entry)
        .join(Account, Entry.account_id == Account.id)
        .where(Account.code == account_code)
    )
    return Decimal(str(session.scalar(stmt)))
