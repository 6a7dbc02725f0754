import { z } from "zod";

/** Every setting of vouch.config.yaml; each also reads from `VOUCH_<NAME>` (see config.ts). */
export const configSchema = z
  .object({
    maxRepos: z.number().int().positive(),
    maxFileBytes: z.number().int().positive(),
    includeForks: z.boolean(),
    includeArchived: z.boolean(),
    githubApiUrl: z.url(),
  })
  .partial()
  .strict();

export type FileConfig = z.infer<typeof configSchema>;
