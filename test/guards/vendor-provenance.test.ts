import { describe, expect, it } from "vitest";
import { defaultCatalog } from "../../extractors/catalog.js";
import { extract } from "../../extractors/extract.js";
import type { Evidence, ExtractResult } from "../../core/truth.js";
import type { JsonResume } from "../../core/resume.js";
import type { Match } from "../../core/match.js";
import { vendorProvenance } from "../../guards/vendor-provenance.js";
import { testMatchGuard, testTextGuard, textFindings } from "./rule-tester.js";

const catalog = await defaultCatalog();
const sample = (name: string) => `samples/repos/${name}`;
const ledger = await extract([sample("ledger-service")], { catalog, history: false });
const infra = await extract([sample("platform-infra")], { catalog, history: false });
const payments = await extract([sample("payments-api")], { catalog, history: false });

const evidenceOf = (truth: ExtractResult, id: string): Evidence[] =>
  truth.technologies.find((t) => t.id === id)!.evidence;

const openaiExample = evidenceOf(ledger, "openai");
const eksTerraform = evidenceOf(infra, "amazon-eks");

const statesOpenAI: JsonResume = { skills: [{ name: "AI", keywords: ["Python", "OpenAI"] }] };

// Amazon S3 seen only in a test (moto): a service, not a test framework, so not production experience.
const s3TestOnly: ExtractResult = {
  ...ledger,
  technologies: [
    ...ledger.technologies,
    {
      id: "amazon-s3",
      name: "Amazon S3",
      category: "storage",
      vendor: "AWS",
      status: "test-only",
      evidence: [
        {
          repo: "ledger-service",
          path: "tests/test_exports.py",
          line: 3,
          kind: "test",
          via: "import",
          detail: "from moto import mock_aws",
        },
      ],
    },
  ],
};

const llm: Match = {
  requirement: "LLM integration",
  technology: "openai",
  status: "production-backed",
  evidence: openaiExample,
};

const OPENAI_NOTE =
  "OpenAI appears only in example code (ledger-service/examples/requirements.txt:2, " +
  'ledger-service/examples/summarize_with_openai.py:14), never in production code: the match is demoted from "production-backed" to "example-only".';

testMatchGuard(vendorProvenance, {
  valid: [
    {
      name: "a stated skill stays: the profile names OpenAI",
      matches: [llm],
      context: { truth: ledger, profile: statesOpenAI },
    },
    {
      name: "a match citing the profile stays",
      matches: [{ ...llm, evidence: [{ source: "profile", ref: "skills[0].keywords[1]", text: "OpenAI" }] }],
      context: { truth: ledger },
    },
    {
      name: "Amazon EKS backed by Terraform",
      matches: [
        {
          requirement: "Kubernetes on AWS",
          technology: "amazon-eks",
          status: "production-backed",
          evidence: eksTerraform,
        },
      ],
      context: { truth: infra },
    },
    {
      name: "TypeScript backed by language bytes though its npm package is tooling-only",
      matches: [
        {
          requirement: "TypeScript",
          technology: "typescript",
          status: "production-backed",
          evidence: evidenceOf(payments, "typescript"),
        },
      ],
      context: { truth: payments },
    },
    {
      name: "a test framework seen in tests is used as one",
      matches: [
        {
          requirement: "Unit testing",
          technology: "vitest",
          status: "production-backed",
          evidence: evidenceOf(payments, "vitest"),
        },
      ],
      context: { truth: payments },
    },
    {
      name: "already demoted",
      matches: [{ ...llm, status: "example-only", note: "demoted earlier" }],
      context: { truth: ledger },
    },
    {
      name: "a match on a stale doc claim is code-truth's",
      matches: [
        {
          requirement: "MySQL",
          technology: "mysql",
          status: "production-backed",
          evidence: [{ source: "truth", ref: "platform-infra/README.md:11" }],
        },
      ],
      context: { truth: infra },
    },
    {
      name: "no evidence cited: nothing to demote",
      matches: [{ requirement: "Rust", technology: "rust", status: "unsupported", evidence: [] }],
      context: { truth: ledger },
    },
    {
      name: "truth silent, a production fact cited",
      matches: [
        {
          requirement: "Warehouse",
          technology: "snowflake",
          status: "production-backed",
          evidence: [{ source: "fact", ref: "kb-1" }],
        },
      ],
      context: { facts: [{ id: "kb-1", text: "Loads billing data into Snowflake nightly." }] },
    },
  ],
  invalid: [
    {
      name: "OpenAI seen only in examples/ is demoted",
      matches: [llm],
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor", actual: "OpenAI", action: "demote" }],
      output: [{ ...llm, status: "example-only", note: OPENAI_NOTE }],
    },
    {
      name: "demoted by truth even when the match cites nothing but a requirement-level chunk",
      matches: [{ ...llm, evidence: [{ source: "chunk", ref: "kb-7" }] }],
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor", actual: "OpenAI", action: "demote" }],
      output: [
        { ...llm, evidence: [{ source: "chunk", ref: "kb-7" }], status: "example-only", note: OPENAI_NOTE },
      ],
    },
    {
      name: "only the weak match of several is demoted",
      matches: [
        {
          requirement: "Python web APIs",
          technology: "fastapi",
          status: "production-backed",
          evidence: evidenceOf(ledger, "fastapi"),
        },
        llm,
      ],
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor", actual: "OpenAI", action: "demote" }],
      output: [
        {
          requirement: "Python web APIs",
          technology: "fastapi",
          status: "production-backed",
          evidence: evidenceOf(ledger, "fastapi"),
        },
        { ...llm, status: "example-only", note: OPENAI_NOTE },
      ],
    },
    {
      name: "a service seen only in tests, cited, is demoted to test-only",
      matches: [
        {
          requirement: "Object storage",
          technology: "amazon-s3",
          status: "production-backed",
          evidence: [{ source: "truth", ref: "ledger-service/tests/test_exports.py:3" }],
        },
      ],
      context: { truth: s3TestOnly },
      findings: [{ rule: "test-only-vendor", actual: "Amazon S3", action: "demote" }],
      output: [
        {
          requirement: "Object storage",
          technology: "amazon-s3",
          status: "test-only",
          evidence: [{ source: "truth", ref: "ledger-service/tests/test_exports.py:3" }],
          note:
            "Amazon S3 appears only in test code (ledger-service/tests/test_exports.py:3), never in production code: " +
            'the match is demoted from "production-backed" to "test-only".',
        },
      ],
    },
    {
      name: "truth silent: a match citing only docs is docs-only",
      matches: [
        {
          requirement: "Data warehouse",
          technology: "snowflake",
          status: "production-backed",
          evidence: [
            {
              repo: "ledger-service",
              path: "docs/warehouse.md",
              line: 4,
              kind: "docs",
              via: "config",
              detail: "Snowflake",
            },
          ],
        },
      ],
      context: { truth: ledger },
      findings: [{ rule: "docs-only-vendor", actual: "Snowflake", action: "demote" }],
      output: [
        {
          requirement: "Data warehouse",
          technology: "snowflake",
          status: "docs-only",
          evidence: [
            {
              repo: "ledger-service",
              path: "docs/warehouse.md",
              line: 4,
              kind: "docs",
              via: "config",
              detail: "Snowflake",
            },
          ],
          note:
            "Snowflake appears only in documentation (ledger-service/docs/warehouse.md:4), never in production code: " +
            'the match is demoted from "production-backed" to "docs-only".',
        },
      ],
    },
    {
      name: "known only from doc claims: a kb-stated match is docs-only",
      matches: [
        {
          requirement: "AWS compute",
          technology: "amazon-ec2",
          status: "kb-stated",
          evidence: [{ source: "chunk", ref: "platform-infra/README.md:5-12" }],
        },
      ],
      context: { truth: infra },
      findings: [{ rule: "docs-only-vendor", actual: "Amazon EC2", action: "demote" }],
      output: [
        {
          requirement: "AWS compute",
          technology: "amazon-ec2",
          status: "docs-only",
          evidence: [{ source: "chunk", ref: "platform-infra/README.md:5-12" }],
          note:
            "Amazon EC2 appears only in documentation (platform-infra/docs/architecture.md:12, " +
            "platform-infra/README.md:7, platform-infra/README.md:11), never in production code: " +
            'the match is demoted from "kb-stated" to "docs-only".',
        },
      ],
    },
    {
      name: "no truth: a match citing only an example chunk is example-only",
      matches: [
        {
          requirement: "LLM integration",
          status: "production-backed",
          evidence: [{ source: "chunk", ref: "kb-ex" }],
        },
      ],
      context: { facts: [{ id: "kb-ex", text: "from openai import OpenAI  # example", kind: "example" }] },
      findings: [{ rule: "example-only-vendor", actual: "LLM integration", action: "demote" }],
      output: [
        {
          requirement: "LLM integration",
          status: "example-only",
          evidence: [{ source: "chunk", ref: "kb-ex" }],
          note: 'LLM integration appears only in example code (kb-ex), never in production code: the match is demoted from "production-backed" to "example-only".',
        },
      ],
    },
  ],
});

testTextGuard(vendorProvenance, {
  valid: [
    {
      name: "a vendor named as not used",
      text: "The ledger does not use OpenAI in production",
      context: { truth: ledger },
    },
    {
      name: "production technologies",
      text: "Built the ledger API with FastAPI and PostgreSQL",
      context: { truth: ledger },
    },
    {
      name: "the profile states OpenAI",
      text: "Shipped OpenAI summaries of daily exports",
      context: { truth: ledger, profile: statesOpenAI },
    },
    {
      name: "the candidate's own wording names it",
      text: "Wrote OpenAI summaries of daily exports for finance",
      original: "Wrote an OpenAI example that summarises a day's export",
      context: { truth: ledger },
    },
    {
      name: "TypeScript backed by bytes",
      text: "TypeScript",
      role: "list-item",
      field: "skills[0].keywords[0]",
      context: { truth: payments },
    },
    {
      name: "truth silent about it: claim-net's",
      text: "Snowflake",
      role: "list-item",
      context: { truth: ledger },
    },
    { name: "a stale claim: code-truth's", text: "Tuned MySQL replicas", context: { truth: infra } },
    { name: "no truth at all", text: "Shipped OpenAI summaries", context: {} },
  ],
  invalid: [
    {
      // Only a denial is no claim: evaluating it is work with it, which example code does not show.
      name: "evaluating an example-only vendor is still claimed work",
      field: "work[0].highlights[1]",
      text: "Evaluated OpenAI for ledger summaries",
      original: "Built daily CSV exports of ledger entries to S3",
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor-text", actual: "OpenAI", action: "fallback" }],
      output: "Built daily CSV exports of ledger entries to S3",
    },
    {
      name: "an exceptive after a negation claims the vendor",
      field: "work[0].highlights[1]",
      text: "Does not use anything other than OpenAI for ledger summaries",
      original: "Built daily CSV exports of ledger entries to S3",
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor-text", actual: "OpenAI", action: "fallback" }],
      output: "Built daily CSV exports of ledger entries to S3",
    },
    {
      name: "a highlight presenting example-only OpenAI falls back to the original",
      field: "work[0].highlights[1]",
      text: "Shipped production LLM summaries of ledger exports with OpenAI",
      original: "Built daily CSV exports of ledger entries to S3",
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor-text", actual: "OpenAI", action: "fallback" }],
      output: "Built daily CSV exports of ledger entries to S3",
    },
    {
      name: "an example-only skill keyword is removed",
      field: "skills[1].keywords[2]",
      role: "list-item",
      text: "OpenAI",
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor-text", actual: "OpenAI", action: "remove" }],
      output: null,
    },
    {
      name: "a highlight without an original is removed",
      field: "projects[0].highlights[0]",
      text: "Analysed ledger data with pandas",
      context: { truth: ledger },
      findings: [{ rule: "example-only-vendor-text", actual: "pandas", action: "remove" }],
      output: null,
    },
    {
      name: "a technology truth knows only from doc claims is docs-only",
      field: "work[0].highlights[0]",
      text: "Ran the bastion hosts on EC2",
      original: "Ran the platform's bastion hosts",
      context: { truth: infra },
      findings: [{ rule: "docs-only-vendor-text", actual: "EC2", action: "fallback" }],
      output: "Ran the platform's bastion hosts",
    },
    {
      name: "a summary without an original is emptied",
      field: "basics.summary",
      text: "Engineer shipping OpenAI features and S3 exports",
      context: { truth: s3TestOnly },
      findings: [{ rule: "example-only-vendor-text", actual: "OpenAI, S3", action: "remove" }],
      output: "",
    },
  ],
});

describe("vendor-provenance findings", () => {
  it("explain themselves and cite the example code", async () => {
    const context = { catalog, facts: [], truth: ledger };
    const [finding] = textFindings(
      vendorProvenance,
      {
        field: "basics.summary",
        text: "Engineer shipping OpenAI and pandas features",
        role: "prose",
        original: "Engineer.",
      },
      context,
    );
    expect(finding).toEqual({
      guard: "vendor-provenance",
      rule: "example-only-vendor-text",
      action: "fallback",
      field: "basics.summary",
      edit: { range: [0, 44], text: "Engineer." },
      reason:
        "OpenAI and pandas appear only in example code (ledger-service/examples/requirements.txt:2, " +
        "ledger-service/examples/summarize_with_openai.py:14, ledger-service/notebooks/exploration.ipynb:21), " +
        "never in production code, and the profile does not state them; the text presented them as production experience.",
      actual: "OpenAI, pandas",
      evidence: [
        { source: "truth", ref: "ledger-service/examples/requirements.txt:2", text: "openai>=1.30" },
        {
          source: "truth",
          ref: "ledger-service/examples/summarize_with_openai.py:14",
          text: "from openai import OpenAI",
        },
        {
          source: "truth",
          ref: "ledger-service/notebooks/exploration.ipynb:21",
          text: "import pandas as pd",
        },
      ],
    });
  });

  it("has a message for every rule it reports", () => {
    expect(Object.keys(vendorProvenance.meta.messages).sort()).toEqual([
      "docs-only-vendor",
      "docs-only-vendor-text",
      "example-only-vendor",
      "example-only-vendor-text",
      "others-only-vendor",
      "others-only-vendor-text",
      "test-only-vendor",
      "test-only-vendor-text",
      "tooling-only-vendor",
      "tooling-only-vendor-text",
    ]);
  });
});
