// Deploy and build scripts: shell scripts, Makefiles and the extensionless scripts of `scripts/`, `bin/`,
// `ci/` and `deploy/`. A cloud CLI's command there (`gcloud run deploy`, `aws s3 sync`), a platform's deploy
// CLI or an image pushed to a registry says where the product runs or ships from: production evidence even
// in a file that is tooling by its path (a Makefile's `deploy:` target).
import { classifyPath } from "../../classify.js";
import { baseName } from "../refs.js";
import { textDetections } from "../../text-hits.js";
import type { FileDetector } from "../../types.js";
import { commandKeys } from "./cli.js";

const SCRIPT_FILE = /\.(?:sh|bash|zsh|mk)$|^(?:[Mm]akefile|GNUmakefile|[Jj]ustfile)$/;
const SCRIPT_FOLDER = /(?:^|\/)(?:scripts?|bin|ci|deploy|hack|\.buildkite)\/[^/.]+$/;

export const shellScriptDetector: FileDetector = {
  id: "shell-commands",
  matches: (path) => SCRIPT_FILE.test(baseName(path)) || SCRIPT_FOLDER.test(path),
  detect(file) {
    // By its folder: a Makefile is tooling by name anywhere; under examples/ it deploys an example.
    const folder = file.path.includes("/") ? file.path.slice(0, file.path.lastIndexOf("/")) : ".";
    const deploys = ["production", "tooling"].includes(classifyPath(`${folder}/_`));
    const hits = commandKeys(file.text).map(({ space, name, at }) => ({ key: { space, name }, at }));
    const found = textDetections(file.text, hits, "ci");
    return deploys ? found.map((d) => ({ ...d, deploys: true })) : found;
  },
};
