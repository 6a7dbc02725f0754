import { isGithubSource, resolveSources } from "../../extractors/sources/index.js";
import { loadSettings } from "../inputs/config.js";
import { EXIT, InputError } from "../../core/errors.js";
import { extractSettings } from "../stages/extract.js";
import { type IngestStats, buildLocalKb } from "../kb/index.js";
import { describeSecret } from "../kb/secrets.js";
import { readProfile } from "../inputs/profile.js";
import { readTruthFile } from "../inputs/truth-file.js";

export interface IngestFlags {
  /** The KB folder; else the `kbDir` setting (VOUCH_KB_DIR, vouch.config.yaml). */
  kb?: string;
  profile?: string;
  truth?: string;
  json?: boolean;
}

/** `vouch ingest <path>... --kb DIR`: build or refresh the local knowledge base in DIR. */
export async function runIngest(paths: string[], flags: IngestFlags): Promise<number> {
  const settings = await loadSettings(process.cwd());
  const dir = settings.get("kbDir", flags.kb);
  if (!dir) throw new InputError("ingest needs --kb DIR (or kbDir in vouch.config.yaml, or VOUCH_KB_DIR).");
  const [profile, truth] = await Promise.all([
    flags.profile ? readProfile(flags.profile) : undefined,
    flags.truth ? readTruthFile(flags.truth) : undefined,
  ]);
  // github: and github-user: sources are downloaded once (a tarball per repository) and read in memory.
  const remote = paths.filter(isGithubSource);
  const snapshots = remote.length > 0 ? await resolveSources(remote, extractSettings(settings)) : [];
  const { stats, secrets } = await buildLocalKb({
    paths: paths.filter((p) => !isGithubSource(p)),
    snapshots,
    dir,
    ...(profile ? { profile: profile.profile, profilePath: flags.profile } : {}),
    ...(truth ? { truth } : {}),
  });
  for (const finding of secrets) process.stderr.write(`vouch: warning: ${describeSecret(finding)}\n`);
  if (flags.json) process.stdout.write(`${JSON.stringify(stats, null, 2)}\n`);
  else process.stdout.write(`${summarize(stats, dir)}\n`);
  return EXIT.ok;
}

export function summarize(stats: IngestStats, dir: string): string {
  const removed = stats.removed > 0 ? `, ${stats.removed} removed` : "";
  return (
    `ingest: ${stats.files} files (${stats.reused} reused, ${stats.chunked} chunked${removed}), ` +
    `${stats.parents + stats.children} chunks (${stats.parents} parents, ${stats.children} children) in ${dir}`
  );
}
