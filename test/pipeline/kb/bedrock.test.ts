// The Bedrock knowledge base through the real agent-runtime client, pointed at the local h2c fake by
// AWS_ENDPOINT_URL_BEDROCK_AGENT_RUNTIME with dummy credentials.
import { describe, expect, it } from "vitest";
import { InputError, ServiceError } from "../../../core/errors.js";
import {
  bedrockKnowledgeBaseId,
  chunkId,
  createBedrockKnowledgeBase,
  type BedrockKnowledgeBaseOptions,
} from "../../../pipeline/kb/bedrock.js";
import { bedrockFault, bedrockReply, type FakeBedrockHandler } from "../../fakes/bedrock-server.js";
import { useFakeBedrock } from "../../helpers/fake-bedrock.js";

const fake = useFakeBedrock({ endpoint: "agent-runtime" });

function kb(options: Partial<BedrockKnowledgeBaseOptions> = {}) {
  return createBedrockKnowledgeBase({ knowledgeBaseId: "KB12345678", retryDelayMs: 1, ...options });
}

describe("the Retrieve request", () => {
  it("sends one signed Retrieve per distinct query with numberOfResults = topK", async () => {
    fake.script("retrieve", bedrockReply.retrieve([]), bedrockReply.retrieve([]));
    await kb({ topK: 5 }).retrieve(["Go services", "  ", "Go services", "Kubernetes"]);
    expect(fake.requests).toHaveLength(2);
    for (const request of fake.requests) {
      expect(request.method).toBe("POST");
      expect(request.path).toBe("/knowledgebases/KB12345678/retrieve");
      expect(request.headers.authorization).toMatch(
        /^AWS4-HMAC-SHA256 Credential=.+\/us-east-1\/bedrock\/aws4_request/,
      );
    }
    expect(fake.requests.map((r) => r.body)).toEqual(
      expect.arrayContaining([
        {
          retrievalQuery: { text: "Go services" },
          retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: 5 } },
        },
        {
          retrievalQuery: { text: "Kubernetes" },
          retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: 5 } },
        },
      ]),
    );
  });

  it("uses TOP_K 8 by default and the per-call topK when given", async () => {
    fake.script("retrieve", bedrockReply.retrieve([]), bedrockReply.retrieve([]));
    await kb().retrieve(["a"]);
    await kb({ topK: 3 }).retrieve(["b"], { topK: 12 });
    const counts = fake.requests.map(
      (r) =>
        (r.body as { retrievalConfiguration: { vectorSearchConfiguration: { numberOfResults: number } } })
          .retrievalConfiguration.vectorSearchConfiguration.numberOfResults,
    );
    expect(counts).toEqual([8, 12]);
  });

  it("sends nothing for no queries", async () => {
    expect(await kb().retrieve([])).toEqual([]);
    expect(fake.requests).toHaveLength(0);
  });

  it("keeps at most `concurrency` calls in flight", async () => {
    let inFlight = 0;
    let most = 0;
    const slowEmpty = async () => {
      inFlight += 1;
      most = Math.max(most, inFlight);
      await new Promise((resolve) => setTimeout(resolve, 30));
      inFlight -= 1;
      return bedrockReply.retrieve([]);
    };
    fake.script("retrieve", ...Array.from({ length: 9 }, () => slowEmpty));
    await kb({ concurrency: 3 }).retrieve(Array.from({ length: 9 }, (_, i) => `query ${i}`));
    expect(fake.requests).toHaveLength(9);
    expect(most).toBeLessThanOrEqual(3);
    expect(most).toBeGreaterThan(1);
  });
});

describe("the chunks", () => {
  it("map text, location, score, metadata and kind, with an id stable across calls", async () => {
    const results = [
      {
        text: "The ingest service is written in Go.",
        uri: "s3://kb/ingest/README.md",
        score: 0.81,
        metadata: {
          kind: "example",
          repo: "me/ingest",
          path: "README.md",
          tags: ["go"],
          nested: { a: 1 },
          gone: null,
        },
      },
      {
        text: "Docs page.",
        location: { type: "WEB", webLocation: { url: "https://docs.example.com/x" } },
        score: 0.5,
      },
      { text: "Custom doc.", location: { type: "CUSTOM", customDocumentLocation: { id: "doc-7" } } },
      { text: "Bad kind.", uri: "s3://kb/b.md", score: 0.2, metadata: { kind: "rumour" } },
    ];
    fake.script("retrieve", bedrockReply.retrieve(results), bedrockReply.retrieve(results));
    const chunks = await kb().retrieve(["ingest"]);
    expect(chunks[0]).toEqual({
      id: chunkId("s3://kb/ingest/README.md", "The ingest service is written in Go."),
      text: "The ingest service is written in Go.",
      uri: "s3://kb/ingest/README.md",
      kind: "example",
      repo: "me/ingest",
      path: "README.md",
      score: 0.81,
      metadata: { kind: "example", repo: "me/ingest", path: "README.md", tags: ["go"], nested: '{"a":1}' },
    });
    expect(chunks.map((c) => [c.uri, c.kind])).toEqual([
      ["s3://kb/ingest/README.md", "example"],
      ["https://docs.example.com/x", "production-doc"],
      ["s3://kb/b.md", "production-doc"],
      ["custom:doc-7", "production-doc"], // unscored results go last
    ]);
    expect((await kb().retrieve(["ingest again"])).map((c) => c.id)).toEqual(chunks.map((c) => c.id));
    expect(chunkId("s3://kb/other.md", "Docs page.")).not.toBe(
      chunkId("https://docs.example.com/x", "Docs page."),
    );
  });

  it("merges the queries' results, one chunk per id with its best score, best first", async () => {
    const byQuery: FakeBedrockHandler = (req) =>
      (req.body as { retrievalQuery: { text: string } }).retrievalQuery.text === "first"
        ? bedrockReply.retrieve([
            { text: "shared", uri: "s3://kb/s.md", score: 0.4 },
            { text: "only first", uri: "s3://kb/f.md", score: 0.6 },
          ])
        : bedrockReply.retrieve([
            { text: "shared", uri: "s3://kb/s.md", score: 0.9 },
            { text: "only second", uri: "s3://kb/o.md", score: 0.1 },
          ]);
    fake.script("retrieve", byQuery, byQuery);
    const chunks = await kb({ concurrency: 1 }).retrieve(["first", "second"]);
    expect(chunks.map((c) => [c.text, c.score])).toEqual([
      ["shared", 0.9],
      ["only first", 0.6],
      ["only second", 0.1],
    ]);
  });

  it("skips results without text", async () => {
    fake.script("retrieve", {
      body: {
        retrievalResults: [{ content: { type: "IMAGE", byteContent: "AAAA" }, location: { type: "S3" } }],
      },
    });
    expect(await kb().retrieve(["diagram"])).toEqual([]);
  });
});

describe("failures", () => {
  it("retries throttling and names the knowledge base when it gives up", async () => {
    fake.script("retrieve", bedrockFault.throttling(), bedrockReply.retrieve([{ text: "t", score: 1 }]));
    expect(await kb().retrieve(["q"])).toHaveLength(1);
    fake.script("retrieve", bedrockFault.notFound());
    const error = await kb()
      .retrieve(["q"])
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ServiceError);
    expect((error as Error).message).toMatch(
      /^Bedrock knowledge base KB12345678 failed \(ResourceNotFoundException, HTTP 404/,
    );
  });

  it("fails a slow knowledge base into a ServiceError", async () => {
    fake.script("retrieve", bedrockFault.slow(10_000, bedrockReply.retrieve([])));
    await expect(kb({ requestTimeoutMs: 150, maxAttempts: 1 }).retrieve(["q"])).rejects.toThrow(
      /did not answer within 150 ms/,
    );
  });

  it("refuses without a region or credentials before any request", () => {
    delete process.env.AWS_REGION;
    expect(() => kb()).toThrow(InputError);
    process.env.AWS_REGION = "us-east-1";
    delete process.env.AWS_SECRET_ACCESS_KEY;
    expect(() => kb()).toThrow(/AWS credentials/);
    // A Bedrock API key does not work for the agent runtime.
    process.env.AWS_BEARER_TOKEN_BEDROCK = "key";
    expect(() => kb()).toThrow(/AWS credentials/);
    expect(fake.requests).toHaveLength(0);
  });
});

describe("bedrockKnowledgeBaseId", () => {
  it("reads the id of a bedrock:<id> setting", () => {
    expect(bedrockKnowledgeBaseId("bedrock:ABC123")).toBe("ABC123");
    expect(bedrockKnowledgeBaseId("local")).toBeUndefined();
    expect(bedrockKnowledgeBaseId(undefined)).toBeUndefined();
  });
});
