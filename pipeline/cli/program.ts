// The thin CLI: parse arguments, call the library, map typed errors to exit codes. Nothing else.
import { Command, CommanderError, InvalidArgumentError, Option } from "commander";
import { EXIT, VouchError } from "../../core/errors.js";
import { type Choice, KB_CHOICE, WRITER_CHOICE, refusal } from "../inputs/choices.js";

/** A flag whose value must be one of a choice's (inputs/choices.ts): anything else is a usage error listing them. */
function oneOf(choice: Choice): (value: string) => string {
  return (value) => {
    const why = refusal(choice, value);
    if (why) throw new InvalidArgumentError(`${why.charAt(0).toUpperCase()}${why.slice(1)}.`);
    return value;
  };
}

function positiveInt(value: string): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n <= 0) throw new InvalidArgumentError("expected a positive whole number.");
  return n;
}

/** A command a later layer adds (the chatbot's `serve`): it registers itself and hands its exit code on. */
export type CommandModule = (program: Command, exit: (code: number) => void) => void;

/** The commands; each action hands its exit code to `exit`. */
export function buildProgram(exit: (code: number) => void, more: readonly CommandModule[] = []): Command {
  const program = new Command("vouch")
    .description("A resume pipeline that cannot lie.")
    .version(process.env.npm_package_version ?? "0.1.0")
    .showSuggestionAfterError()
    .exitOverride()
    .configureOutput({ outputError: (text, write) => write(text.replace(/^error: /, "vouch: ")) })
    // No command writes under /proc, /sys or /dev: checked once here, before any work (outputs/output-path.ts).
    .hook("preAction", async (_program, command) => {
      const { refuseKernelOutputs } = await import("../outputs/output-path.js");
      await refuseKernelOutputs(command.name(), command.opts());
    });

  program
    .command("extract")
    .description("Code-derived technology truth from local folders and GitHub repositories.")
    .argument("<source...>", "./path | github:owner/repo[@ref] | github-user:login")
    .option("--json", "print the result as JSON on stdout")
    .option("--out <file>", "write the JSON result to a file (atomically)")
    .option("--max-repos <n>", "at most this many repositories per github-user: source", positiveInt)
    .option("--include-forks", "include forks of github-user: sources")
    .option("--include-archived", "include archived repositories of github-user: sources")
    .option("--max-file-bytes <n>", "files larger than this are listed but not read", positiveInt)
    .option("--no-history", "do not ask git when stale doc lines changed")
    .option(
      "--author <id>",
      "the candidate (repeatable): an email, 'Name <email>' or github:login; evidence then counts only where they wrote it",
      (value: string, previous: string[] = []) => [...previous, value],
    )
    .option("--require-authorship", "with --author: evidence in a folder without history counts as others'")
    .action(async (sources: string[], options) => {
      const { runExtract } = await import("../commands/extract.js");
      exit(await runExtract(sources, options));
    });

  program
    .command("guard")
    .description("Run the guard chain on one case: { text | draft, sources, matches? }.")
    .requiredOption("--case <file>", "the guard case (JSON)")
    .option("--json", "print { text|draft, matches?, records } as JSON on stdout")
    .action(async (options) => {
      const { runGuard } = await import("../commands/guard.js");
      exit(await runGuard(options));
    });

  program
    .command("verify")
    .description("Is every claim of an answer supported by a single source chunk?")
    .requiredOption("--answer <file>", "the answer (text, at most 100 KB)")
    .requiredOption("--chunks <file>", 'the sources: a JSON array of strings or { "id", "text" }')
    .addOption(
      new Option("--verifier <kind>", "local (default), bedrock or openai").choices([
        "local",
        "bedrock",
        "openai",
      ]),
    )
    .option("--json", 'print { "verdict", "reason", "ungroundedClaims" } on stdout')
    .option("--fail-on-block", "exit 1 when the answer is NOT_GROUNDED")
    .action(async (options) => {
      const { runVerify } = await import("../commands/verify.js");
      exit(await runVerify(options));
    });

  program
    .command("generate")
    .description(
      "Tailor the profile to a job: a guarded, verified resume (PDF and DOCX) and its redaction log.",
    )
    .requiredOption("--profile <file>", "the candidate's JSON Resume (YAML or JSON) with a portfolio key")
    .requiredOption("--job <file>", "the job description: text, Markdown or JSON Resume's job format")
    .requiredOption("--out <dir>", "the output folder")
    .option(
      "--writer <writer>",
      "template (default), bedrock, openai or scripted:<file>",
      oneOf(WRITER_CHOICE),
    )
    .addOption(
      new Option("--verifier <kind>", "local (default), bedrock, openai or off").choices([
        "local",
        "bedrock",
        "openai",
        "off",
      ]),
    )
    .addOption(new Option("--mode <mode>", "block (default) or warn").choices(["block", "warn"]))
    .option("--kb <kb>", "local (default) or bedrock:<knowledge base id>", oneOf(KB_CHOICE))
    .option("--kb-dir <dir>", "persist the local knowledge base here and reuse it next time")
    .option("--top-k <n>", "chunks per query (default 8)", positiveInt)
    .option("--layout <name|file>", "classic (default), compact, modern, or a layout YAML file")
    .option(
      "--pages <n>",
      "the page budget of resume.pdf (default 2; 1 for under five years of work)",
      positiveInt,
    )
    .option("--no-history", "do not ask git when stale doc lines changed")
    .option(
      "--require-authorship",
      "evidence in a folder without history counts as others' (as portfolio.authorship: required)",
    )
    .option("--json", "print report.json on stdout")
    .option("--explain", "print each requirement's status and the evidence behind it")
    .option("--fail-on-block", "exit 1 when the verifier blocked a section")
    .option(
      "--sign-key <file>",
      "sign report.json with this Ed25519 private key (vouch keygen) into report.json.sig",
    )
    .option("--debug", "report.json names the portfolio's folders by their absolute paths on this machine")
    .action(async (options) => {
      const { runGenerate } = await import("../commands/generate.js");
      exit(await runGenerate(options));
    });

  // `audit DIR` runs the default action; `audit override …` dispatches to the subcommand (commander
  // looks for a subcommand name first, so a folder named "override" needs ./override).
  const audit = program
    .command("audit")
    .description("Summarise, verify (--verify) or revert (--restore) a redaction log.")
    .argument("<log>", "an output folder of vouch generate, or its redaction-log.jsonl")
    .option("--verify", "check the hash chain: exit 1 naming the first bad record")
    .option("--restore", "write resume.restored.json beside the log: the draft before the guards")
    .option("--json", "print the summary as JSON on stdout")
    .option("--csv", "print the records as CSV on stdout")
    .option("--public-key <file>", "check report.json.sig and signed overrides with this Ed25519 public key")
    .option("--html [file]", "write the evidence view: one self-contained page (default DIR/audit.html)")
    .action(async (log: string, options) => {
      const { runAudit } = await import("../commands/audit.js");
      exit(await runAudit(log, options));
    });
  audit
    .command("override")
    .description("Mark a redaction a false positive: append an override record, print an EMF metric line.")
    .argument("<log>", "redaction-log.jsonl (or its folder)")
    .argument("<seq>", "the seq of the record to override", positiveInt)
    .requiredOption("--reason <text>", "why the redaction was wrong")
    .option("--by <name>", "who overrides (default: VOUCH_AUDITOR, else the account running vouch)")
    .option(
      "--sign-key <file>",
      "sign the override's hash with this Ed25519 private key (redaction-log.sig.jsonl)",
    )
    .action(async (log: string, seq: number, options) => {
      const { runOverride } = await import("../commands/audit.js");
      exit(await runOverride(log, seq, options));
    });

  program
    .command("init")
    .description("Write a starter profile whose first line names the profile's JSON Schema, for editors.")
    .option("--from <resume.json>", "start from a JSON Resume file (its fields kept, a portfolio key added)")
    .option("--out <file>", "the profile to write (default profile.yaml; never overwritten)")
    .action(async (options: { from?: string; out?: string }) => {
      const { runInit } = await import("../commands/init.js");
      exit(await runInit(options));
    });

  program
    .command("keygen")
    .description("Write an Ed25519 key pair for signing runs (generate --sign-key, audit --public-key).")
    .requiredOption("--out <dir>", "the folder for vouch-signing.key (mode 0600) and vouch-signing.pub")
    .action(async (options: { out: string }) => {
      const { runKeygen } = await import("../commands/keygen.js");
      exit(await runKeygen(options));
    });

  program
    .command("ingest")
    .description("Build or refresh the local knowledge base: docs, READMEs, the profile and the truth.")
    .argument("<path...>", "folders to walk for READMEs and docs, document files, or github:owner/repo[@ref]")
    .option("--kb <dir>", "the knowledge base folder (created; reused on the next run)")
    .option("--profile <file>", "the candidate's profile (JSON Resume, YAML or JSON)")
    .option("--truth <file>", "the output of vouch extract --json: facts, and stale doc lines")
    .option("--json", "print the ingest statistics as JSON on stdout")
    .action(async (paths: string[], options) => {
      const { runIngest } = await import("../commands/ingest.js");
      exit(await runIngest(paths, options));
    });

  for (const add of more) add(program, exit);
  return program;
}

export async function main(argv: string[], more: readonly CommandModule[] = []): Promise<number> {
  let code: number = EXIT.ok;
  try {
    await buildProgram((c) => (code = c), more).parseAsync(argv, { from: "user" });
    return code;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Help and version exit 0; every other parse failure is a usage error.
      return error.exitCode === 0 ? EXIT.ok : EXIT.badInput;
    }
    if (error instanceof VouchError) {
      process.stderr.write(`vouch: ${error.message}\n`);
      return error.exitCode;
    }
    const message = error instanceof Error ? error.message : String(error);
    process.stderr.write(`vouch: internal error: ${message} (set VOUCH_DEBUG=1 for details)\n`);
    if (process.env.VOUCH_DEBUG) console.error(error);
    return EXIT.problem;
  }
}
