"""Turn one day of ledger entries into a short plain-English digest.

Not part of the service. Finance asked what a daily summary could look like, so this snippet pulls the
CSV preview from a running ledger and asks an OpenAI model to summarise it.

    pip install -r examples/requirements.txt
    OPENAI_API_KEY=... LEDGER_URL=http://localhost:8000 python examples/summarize_with_openai.py 2024-06-01
"""

import os
import sys
import urllib.request

from openai import OpenAI

LEDGER_URL = os.environ.get("LEDGER_URL", "http://localhost:8000")
PROMPT = (
    "You are helping a small finance team. Summarise these double-entry ledger lines in at most five "
    "bullet points: total sales, refunds, unusual amounts, and anything that looks unbalanced."
)


def fetch_entries(day: str) -> str:
    with urllib.request.urlopen(f"{LEDGER_URL}/exports/{day}/preview", timeout=10) as resp:
        return resp.read().decode("utf-8")


def summarise(csv_text: str, model: str = "gpt-4o-mini") -> str:
    client = OpenAI()  # reads OPENAI_API_KEY
    completion = client.chat.completions.create(
        model=model,
        temperature=0.2,
        messages=[
            {"role": "system", "content": PROMPT},
            {"role": "user", "content": csv_text},
        ],
    )
    return completion.choices[0].message.content or ""


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: summarize_with_openai.py YYYY-MM-DD")
    entries = fetch_entries(sys.argv[1])
    if entries.count("\n") <= 1:
        sys.exit(f"no entries on {sys.argv[1]}")
    print(summarise(entries))
