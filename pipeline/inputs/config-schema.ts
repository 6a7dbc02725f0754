import { z } from "zod";
import { type Choice, KB_CHOICE, MODE_CHOICES, VERIFIER_CHOICES, WRITER_CHOICE, refusal } from "./choices.js";

/** A value of one of the choices (choices.ts), refused with the same sentence as on the command line. */
const oneOf = (choice: Choice) =>
  z.string().superRefine((value, ctx) => {
    const why = refusal(choice, value);
    if (why) ctx.addIssue({ code: "custom", message: why });
  });

/** Every setting of vouch.config.yaml; each also reads from `VOUCH_<NAME>` (see config.ts). */
export const configSchema = z
  .object({
    // extract
    maxRepos: z.number().int().positive(),
    maxFileBytes: z.number().int().positive(),
    includeForks: z.boolean(),
    includeArchived: z.boolean(),
    githubApiUrl: z.url(),
    // Evidence in a folder without history counts as others' (as `portfolio.authorship: required` does).
    requireAuthorship: z.boolean(),
    // knowledge base: `local` or `bedrock:<knowledge base id>`
    kb: oneOf(KB_CHOICE),
    kbDir: z.string().min(1),
    topK: z.number().int().positive().max(100),
    // backends
    writer: oneOf(WRITER_CHOICE),
    verifier: z.enum(VERIFIER_CHOICES, {
      error: `expected ${listOf(VERIFIER_CHOICES)}`,
    }),
    mode: z.enum(MODE_CHOICES, {
      error: `expected ${listOf(MODE_CHOICES)}`,
    }),
    awsRegion: z
      .string()
      .regex(/^[a-z]{2}(-[a-z]+)+-\d$/, { message: "expected an AWS region like us-east-1" }),
    writerModel: z.string().min(1),
    verifierModel: z.string().min(1),
    openaiBaseUrl: z.url(),
    openaiModel: z.string().min(1),
    // serve
    port: z.number().int().min(0).max(65535),
    rateLimit: z.number().int().min(0),
    corsOrigins: z.array(z.string().min(1)),
    adminToken: z.string().min(16, { message: "expected at least 16 characters" }),
    // Behind load balancers: how many proxies append to X-Forwarded-For; the client is that many entries
    // from its right (0 = no proxy: the socket's address). The old true/false is refused, not guessed.
    trustProxy: z
      .number({ error: "expected a hop count (0 = no proxy, 1 = one load balancer), not true or false" })
      .int()
      .min(0)
      .max(10),
    // Slow-client limits of `vouch serve`.
    requestTimeoutMs: z.number().int().min(1000).max(600_000),
    maxConnections: z.number().int().min(1),
    // The bearer token of GET /metrics; without it only loopback clients may read the metrics.
    metricsToken: z.string().min(16, { message: "expected at least 16 characters" }),
  })
  .partial()
  .strict();

export type FileConfig = z.infer<typeof configSchema>;

function listOf(values: readonly string[]): string {
  return `${values.slice(0, -1).join(", ")} or ${values.at(-1)}`;
}
