// The whole `vouch` command line: the pipeline's commands, and the chatbot's `serve`, which this layer adds
// (the pipeline does not import the server: imports run core ← extractors ← guards ← pipeline ← server).
import { InvalidArgumentError } from "commander";
import { type CommandModule, main as pipelineMain } from "../pipeline/index.js";

const serve: CommandModule = (program, exit) => {
  program
    .command("serve")
    .description("The recruiter chatbot: answers questions about the candidate from the portfolio only.")
    .requiredOption("--profile <file>", "the candidate's JSON Resume (YAML or JSON) with a portfolio key")
    .option("--port <n>", "the port to listen on (default 8080; 0 picks a free one)", (value: string) => {
      const n = Number(value);
      if (!Number.isInteger(n) || n < 0 || n > 65535)
        throw new InvalidArgumentError("expected a port from 0 to 65535.");
      return n;
    })
    .option("--host <host>", "the address to listen on (default 127.0.0.1; 0.0.0.0 in a container)")
    .action(async (options) => {
      const { runServe } = await import("./command.js");
      exit(await runServe(options));
    });
};

export function main(argv: string[]): Promise<number> {
  return pipelineMain(argv, [serve]);
}
