from collections.abc import Iterator
from datetime import date

from fastapi import Depends, FastAPI, HTTPException
from fastapi.responses import PlainTextResponse
from sqlalchemy.orm import Session

from ledger import service
from ledger.config import get_settings
from ledger.db import make_engine, make_session_factory
from ledger.exports import entries_csv, export_entries
from ledger.log import configure_logging, get_logger
from ledger.schemas import BalanceOut, ExportOut, PostTransaction, TransactionOut

settings = get_settings()
configure_logging(json=settings.log_json)
log = get_logger(__name__)
SessionLocal = make_session_factory(make_engine(settings.database_url))

app = FastAPI(title="ledger-service", version="0.4.0")


def get_session() -> Iterator[Session]:
    with SessionLocal() as session:
        yield session


@app.post("/transactions", response_model=TransactionOut, status_code=201)
def post_transaction(body: PostTransaction, session: Session = Depends(get_session)) -> TransactionOut:
    legs = [(leg.account, leg.amount) for leg in body.legs]
    try:
        txn = service.post_transaction(session, body.external_id, body.description, legs)
    except service.UnbalancedTransaction as exc:
        raise HTTPException(status_code=422, detail=str(exc)) from exc
    except service.UnknownAccount as exc:
        raise HTTPException(status_code=404, detail=f"unknown account(s): {exc}") from exc
    log.info("transaction_posted", external_id=txn.external_id, transaction_id=str(txn.id))
    return TransactionOut(id=txn.id, external_id=txn.external_id, posted_at=txn.posted_at)


@app.get("/accounts/{code}/balance", response_model=BalanceOut)
def get_balance(code: str, session: Session = Depends(get_session)) -> BalanceOut:
    return BalanceOut(account=code, balance=service.balance(session, code))


@app.get("/exports/{day}/preview", response_class=PlainTextResponse)
def preview_export(day: date, session: Session = Depends(get_session)) -> str:
    return entries_csv(session, day)


@app.post("/exports/{day}", response_model=ExportOut, status_code=201)
def run_export(day: date, session: Session = Depends(get_session)) -> ExportOut:
    location = export_entries(session, day, settings.export_bucket)
    log.info("export_written", day=day.isoformat(), location=location)
    return ExportOut(location=location)


@app.get("/healthz")
def healthz() -> dict[str, bool]:
    return {"ok": True}
