#!/usr/bin/env node
import { setFlagsFromString } from "node:v8";
import { endQuietlyOnClosedPipe } from "../pipeline/index.js";
import { main } from "./cli.js";

// The CLI is a short-lived process: V8's optimising recompilation of tree-sitter's WebAssembly runs on
// background threads and Node waits for it at exit (measured 70–200 ms, 20–40 % of a run). Baseline code
// is quick enough. Set here, not in the library, so programs that import vouch keep their own settings.
setFlagsFromString("--liftoff-only");

// `vouch … | head -1`: a reader that closed the pipe ends the run quietly, without an EPIPE stack trace.
endQuietlyOnClosedPipe([process.stdout, process.stderr], (code) => process.exit(code));

process.exitCode = await main(process.argv.slice(2));
