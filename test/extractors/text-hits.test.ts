import { describe, expect, it } from "vitest";
import { pythonDocstrings, textDetections } from "../../extractors/text-hits.js";

const at = (text: string, needle: string) => text.indexOf(needle);

describe("hits read from text", () => {
  it("finds Python's docstrings and bare strings, not a string assigned to a name", () => {
    const text = 'def f():\n    """Upload to s3://x."""\n    SQL = """select 1"""\n    r"""raw"""\n';
    expect(pythonDocstrings(text).map(([start, end]) => text.slice(start, end))).toEqual([
      '"""Upload to s3://x."""',
      '"""raw"""',
    ]);
  });

  it("keeps the first hit of a key in order, and none in a comment, a REPL line or a docstring", () => {
    const text = [
      '"""Example:',
      '    >>> boto3.client("sqs")',
      '"""',
      'URL = "redis://cache"  # or "s3://b"',
      '>>> q = "amqp://x"',
      'B = "redis://other"',
    ].join("\n");
    const key = (name: string) => ({ space: "url-scheme", name });
    const hits = [
      { key: key("sqs"), at: at(text, "sqs") },
      { key: key("redis"), at: at(text, "redis://other") },
      { key: key("redis"), at: at(text, "redis://cache") },
      { key: key("s3"), at: at(text, "s3://b") },
      { key: key("amqp"), at: at(text, "amqp") },
    ];
    expect(
      textDetections(text, hits, "import", { python: true }).map((d) => [d.key.name, d.line, d.detail]),
    ).toEqual([["redis", 4, 'URL = "redis://cache" # or "s3://b"']]);
    // Outside Python a triple quote is no docstring.
    const yaml = '"""\nqueue: sqs://jobs\n"""\n';
    const sqs = [{ key: key("sqs"), at: at(yaml, "sqs") }];
    expect(textDetections(yaml, sqs, "config").map((d) => d.line)).toEqual([2]);
    expect(textDetections(yaml, sqs, "config", { python: true })).toEqual([]);
  });
});
