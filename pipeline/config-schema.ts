import { z } from "zod";

const backendChoice = z.string().regex(/^(template|bedrock|openai|scripted:.+)$/, {
  message: "expected template, bedrock, openai or scripted:<file>",
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
    // knowledge base: `local` or `bedrock:<knowledge base id>`
    kb: z.string().regex(/^(local|bedrock:[A-Za-z0-9]{1,64})$/, {
      message: "expected local or bedrock:<knowledge base id>",
    }),
    kbDir: z.string().min(1),
    topK: z.number().int().positive().max(100),
    // backends
    writer: backendChoice,
    verifier: z.enum(["local", "bedrock", "openai", "off"]),
    mode: z.enum(["block", "warn"]),
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
    // Behind a load balancer: take the client address from X-Forwarded-For (rate limits per client).
    trustProxy: z.boolean(),
  })
  .partial()
  .strict();

export type FileConfig = z.infer<typeof configSchema>;
