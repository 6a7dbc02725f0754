// A second candidate written for the recruiter tests: Priya, whose README still says MySQL while the code
// uses PostgreSQL, and whose only Anthropic code is an example script.
import { mkdir, mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { type PortfolioDeps, loadPortfolio } from "../fixture.js";

const FILES: Record<string, string> = {
  "profile.yaml": `basics:
  name: Priya Natarajan
  label: Data Engineer
  email: priya@example.org
  summary: Data engineer who builds streaming pipelines in Python.
work:
  - name: Streamwise
    position: Data Engineer
    startDate: "2020-01"
    highlights:
      - Built the click-stream consumer in Python with Kafka and PostgreSQL.
      - Cut nightly load time from 90 minutes to 12 minutes.
skills:
  - name: Streaming
    keywords: [Kafka]
  - name: Languages
    keywords: [Python]
portfolio:
  repos: [./repos/stream-etl]
`,
  "repos/stream-etl/README.md": `# stream-etl

Consumes click events from Kafka and stores them in MySQL for the reporting team.
`,
  "repos/stream-etl/pyproject.toml": `[project]
name = "stream-etl"
version = "1.0.0"
dependencies = [
  "kafka-python>=2.0",
  "psycopg>=3.1",
]
`,
  "repos/stream-etl/etl/__init__.py": "",
  "repos/stream-etl/etl/consumer.py": `from kafka import KafkaConsumer
import psycopg


def run(url: str) -> None:
    consumer = KafkaConsumer("clicks")
    with psycopg.connect(url) as db:
        for message in consumer:
            db.execute("insert into clicks values (%s)", (message.value,))
`,
  "repos/stream-etl/examples/summarize.py": `import anthropic

client = anthropic.Anthropic()
`,
};

/** Writes Priya's profile and repository to a scratch folder and loads them as `vouch serve` would. */
export async function loadSecondCandidate(): Promise<{
  portfolio: PortfolioDeps;
  dispose: () => Promise<void>;
}> {
  const dir = await mkdtemp(join(tmpdir(), "vouch-priya-"));
  for (const [path, text] of Object.entries(FILES)) {
    await mkdir(dirname(join(dir, path)), { recursive: true });
    await writeFile(join(dir, path), text);
  }
  const portfolio = await loadPortfolio(join(dir, "profile.yaml"));
  return { portfolio, dispose: () => rm(dir, { recursive: true, force: true }) };
}
