// The model writer: one forced `tailored_resume` call with the prompts from templates/prompts, the answer
// merged into the profile; an unusable answer is a ServiceError. Last, the same through the real Bedrock
// client against the local fake server.
import { readFileSync } from "node:fs";
import { afterEach, describe, expect, it } from "vitest";
import type { JsonResume } from "../../../core/resume.js";
import { createBedrockBackend } from "../../../pipeline/backends/bedrock.js";
import type { ModelBackend, ModelRequest, ModelResponse } from "../../../pipeline/backends/types.js";
import { ServiceError } from "../../../core/errors.js";
import { fromText } from "../../../pipeline/inputs/job.js";
import { assetPath } from "../../../core/paths.js";
import { TAILOR_TOOL, modelWriter } from "../../../pipeline/write/model.js";
import type { WriterInput } from "../../../pipeline/write/types.js";
import { bedrockStream, startFakeBedrock, type FakeBedrock } from "../../fakes/bedrock-server.js";
import { DUMMY_CREDENTIALS, useAwsEnv, type AwsEnv } from "../../helpers/aws-env.js";
import { testCatalog } from "../../helpers/catalog.js";

const profile: JsonResume = {
  basics: { name: "Dana", summary: "Own words with $& and {{job}}." },
  work: [
    { name: "Fernhill", highlights: ["Ran EKS.", "Cut costs 23%."] },
    { name: "Quillmark", highlights: ["Built Kafka pipelines."] },
  ],
  projects: [{ name: "site", description: "A site.", highlights: ["Fast."] }],
  education: [{ institution: "OSU" }],
  skills: [{ name: "Cloud", keywords: ["AWS"] }],
};
const input: WriterInput = {
  profile,
  job: fromText("job.md", "## What you bring\n- Amazon EKS\n"),
  requirements: [],
  matches: [
    {
      requirementId: "R1",
      requirement: "Amazon EKS",
      kind: "technology",
      optional: false,
      technology: "amazon-eks",
      status: "production-backed",
      evidence: [{ source: "truth", ref: "infra/eks.tf:3" }],
    },
  ],
  chunks: [{ id: "c1", uri: "docs/eks.md", kind: "production-doc", text: "We moved to EKS." }],
  catalog: testCatalog(),
  asOf: "2024-06-01",
};
const prompt = (name: string) => readFileSync(assetPath("templates", "prompts", name), "utf8");

/** A backend that answers each call with the next scripted response and records the requests. */
function fakeBackend(...answers: (Partial<ModelResponse> | Error)[]) {
  const requests: ModelRequest[] = [];
  const backend: ModelBackend = {
    name: "openai",
    model: "fake-model",
    complete(request) {
      requests.push(request);
      const answer = answers.shift();
      if (answer instanceof Error) return Promise.reject(answer);
      return Promise.resolve({
        model: "fake-model",
        text: "",
        usage: { inputTokens: 1, outputTokens: 1 },
        preview: "PREVIEW",
        ...answer,
      });
    },
  };
  return { backend, requests };
}
const tool = (toolInput: unknown, name = "tailored_resume") => ({ toolCall: { name, input: toolInput } });

describe("the request", () => {
  it("forces tailored_resume with the writer prompts filled from the inputs", async () => {
    const { backend, requests } = fakeBackend(tool({ summary: "S.", work: [], skills: [] }));
    await modelWriter(backend).write(input);
    expect(requests).toHaveLength(1);
    const request = requests[0]!;
    expect({ ...request, prompt: undefined }).toEqual({
      purpose: "writer",
      system: prompt("writer-system.txt"),
      prompt: undefined,
      tool: TAILOR_TOOL,
      maxTokens: 4096,
      temperature: 0.2,
      stream: true,
    });
    expect(TAILOR_TOOL.name).toBe("tailored_resume");
    expect(request.prompt).toContain("<job>\n## What you bring\n- Amazon EKS\n</job>");
    expect(request.prompt).toContain(JSON.stringify(profile, null, 1));
    expect(request.prompt).toContain("- Amazon EKS [amazon-eks: production-backed] infra/eks.tf:3");
    expect(request.prompt).toContain("[1] (docs/eks.md) We moved to EKS.");
    expect(request.prompt).toContain('"summary": "Own words with $& and {{job}}."');
    expect(request.prompt.match(/\{\{/g)).toHaveLength(1);
    expect(request.prompt).toContain("The resume must fit on 2 pages");
  });

  it("tells the model the page budget", async () => {
    const { backend, requests } = fakeBackend(tool({ summary: "S.", work: [], skills: [] }));
    await modelWriter(backend).write({ ...input, pages: 1 });
    expect(requests[0]!.prompt).toContain("The resume must fit on 1 page (US letter or A4, one\ncolumn)");
  });
});

describe("merging the answer into the profile", () => {
  it("takes the summary, the highlights of each named entry and the skills; everything else stays", async () => {
    const { backend } = fakeBackend(
      tool({
        summary: "Tailored.",
        work: [
          { index: 1, highlights: ["Built Kafka pipelines at scale."] },
          { index: 7, highlights: ["Nowhere."] },
        ],
        projects: [
          { index: 0, highlights: ["Very fast."] },
          { index: 3, description: "Gone." },
        ],
        skills: [{ name: "Cloud", keywords: ["AWS", "Amazon EKS"] }],
      }),
    );
    const before = structuredClone(profile);
    expect(await modelWriter(backend).write(input)).toEqual({
      ...profile,
      basics: { ...profile.basics, summary: "Tailored." },
      work: [profile.work![0], { name: "Quillmark", highlights: ["Built Kafka pipelines at scale."] }],
      projects: [{ name: "site", description: "A site.", highlights: ["Very fast."] }],
      skills: [{ name: "Cloud", keywords: ["AWS", "Amazon EKS"] }],
    });
    expect(profile).toEqual(before);
  });

  it("keeps the profile's skills when the answer has none, and leaves out work and projects it omits", async () => {
    const { backend } = fakeBackend(tool({ summary: "Tailored.", work: [], skills: [] }));
    expect(await modelWriter(backend).write(input)).toEqual({
      ...profile,
      basics: { ...profile.basics, summary: "Tailored." },
    });
  });
});

describe("an unusable answer is a ServiceError naming the backend, the model and what came back", () => {
  it.each<[string, Partial<ModelResponse>, string]>([
    ["no tool call", { text: "Here is your resume" }, "it did not call tailored_resume"],
    [
      "another tool",
      tool({ summary: "S." }, "grounding_verdict"),
      'it called "grounding_verdict" instead of tailored_resume',
    ],
    [
      "no summary",
      tool({ work: [], skills: [] }),
      "summary: Invalid input: expected string, received undefined",
    ],
    ["an empty summary", tool({ summary: "" }), "summary: Too small: expected string to have >=1 characters"],
    [
      "a negative index",
      tool({ summary: "S.", work: [{ index: -1, highlights: [] }] }),
      "work.0.index: Too small: expected number to be >=0",
    ],
    [
      "an empty highlight",
      tool({ summary: "S.", work: [{ index: 0, highlights: [""] }] }),
      "work.0.highlights.0: Too small: expected string to have >=1 characters",
    ],
    ["input that is not an object", tool("summary: S."), "Invalid input: expected object, received string"],
  ])("%s", async (_name, answer, why) => {
    const { backend } = fakeBackend(answer);
    const error = (await modelWriter(backend)
      .write(input)
      .catch((e: unknown) => e)) as Error;
    expect(error).toBeInstanceOf(ServiceError);
    expect(error.message).toBe(
      `The openai writer (fake-model) returned no usable tailored resume (${why}): PREVIEW`,
    );
  });

  it("passes a failure of the service through", async () => {
    const failure = new ServiceError("The service failed after 3 attempts.");
    const { backend } = fakeBackend(failure);
    await expect(modelWriter(backend).write(input)).rejects.toBe(failure);
  });
});

describe("through the real Bedrock client", () => {
  let fake: FakeBedrock;
  let env: AwsEnv;
  afterEach(async () => {
    env.restore();
    await fake.close();
  });

  it("sends one ConverseStream request forcing tailored_resume and merges its streamed tool input", async () => {
    fake = await startFakeBedrock();
    env = useAwsEnv({ ...DUMMY_CREDENTIALS, AWS_ENDPOINT_URL_BEDROCK_RUNTIME: fake.url });
    fake.script("converse-stream", {
      events: bedrockStream.toolUse({ summary: "From Bedrock.", work: [], skills: [] }, "tailored_resume"),
    });
    const backend = createBedrockBackend({ model: "writer-model", retryDelayMs: 1, requestTimeoutMs: 2_000 });
    const draft = await modelWriter(backend).write(input);
    expect(draft.basics?.summary).toBe("From Bedrock.");
    expect(fake.requests.map((r) => [r.route, r.modelId])).toEqual([["converse-stream", "writer-model"]]);
    const body = fake.requests[0]!.body as {
      system: { text: string }[];
      toolConfig: { tools: { toolSpec: { name: string } }[]; toolChoice: unknown };
      inferenceConfig: unknown;
      additionalModelRequestFields?: unknown;
    };
    expect(body.system).toEqual([{ text: prompt("writer-system.txt") }]);
    expect(body.toolConfig.tools.map((t) => t.toolSpec.name)).toEqual(["tailored_resume"]);
    expect(body.toolConfig.toolChoice).toEqual({ tool: { name: "tailored_resume" } });
    expect(body.inferenceConfig).toEqual({ maxTokens: 4096, temperature: 0.2 });
    expect(body.additionalModelRequestFields).toBeUndefined();
  });
});
