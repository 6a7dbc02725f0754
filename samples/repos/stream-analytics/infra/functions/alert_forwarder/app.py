"""Forward stream-analytics spike alerts from SQS to the newsroom chat webhook.

Standard library only, so the deployment package is just this file.
"""

import json
import os
import urllib.request

WEBHOOK_URL = os.environ["WEBHOOK_URL"]


def format_alert(alert: dict) -> str:
    return f"Traffic spike on {alert['siteId']}: {alert['views']:,} views in the minute starting {alert['minute']}"


def post(text: str) -> None:
    request = urllib.request.Request(
        WEBHOOK_URL,
        data=json.dumps({"text": text}).encode("utf-8"),
        headers={"Content-Type": "application/json"},
        method="POST",
    )
    with urllib.request.urlopen(request, timeout=5) as response:
        response.read()


def handler(event: dict, context: object) -> dict:
    """Returns the ids of records that failed so SQS retries only those (ReportBatchItemFailures)."""
    failures = []
    for record in event.get("Records", []):
        try:
            post(format_alert(json.loads(record["body"])))
        except Exception as exc:  # noqa: BLE001 - any failure means "retry this record"
            print(f"failed to forward {record['messageId']}: {exc}")
            failures.append({"itemIdentifier": record["messageId"]})
    return {"batchItemFailures": failures}
