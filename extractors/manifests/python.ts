// Python manifests: requirements files, Pipfile and setup.cfg here; pyproject.toml in its own module.
import { type DependencyScope, type Detection, type FileDetector, ParseError } from "../types.js";
import { extraScope, requireName, requirementName, toolingScope, withExtras } from "./python-common.js";
import { loadToml, parseTomlDocument } from "./toml-document.js";
import {
  type ManifestDetection,
  baseName,
  byLine,
  isBlank,
  isRecord,
  manifestDetection,
  ownPackageDetection,
  parentName,
  withVersion,
} from "./shared.js";

export { pyprojectTomlDetector } from "./python-pyproject.js";

// ---- requirements*.txt ----

/** The words naming a requirements file (`requirements-dev.txt` → [dev]), or undefined for other files. */
function requirementsFileTags(path: string): string[] | undefined {
  const base = baseName(path).toLowerCase();
  if (!base.endsWith(".txt")) return undefined;
  const words = base.slice(0, -".txt".length).split(/[-_.]+/);
  if (words.includes("requirements")) return words.filter((w) => w !== "requirements");
  return parentName(path).toLowerCase() === "requirements" ? words : undefined;
}

interface LogicalLine {
  text: string;
  line: number;
  /** Index of the last physical line, for the comments that follow. */
  last: number;
}

/** Joins `\`-continued lines, as pip does (a comment line never continues). */
function logicalLines(lines: string[]): LogicalLine[] {
  const out: LogicalLine[] = [];
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let text = lines[i] ?? "";
    while (text.endsWith("\\") && !text.trimStart().startsWith("#") && i + 1 < lines.length) {
      text = text.slice(0, -1) + (lines[++i] ?? "");
    }
    out.push({ text, line: start + 1, last: i });
  }
  return out;
}

/**
 * pip-compile annotates each pin with `# via` its parents. A pin only other packages asked for is a
 * transitive dependency, not the author's choice; one pulled in by `-r` or the project itself is direct.
 */
function isTransitivePin(inlineComment: string, following: string[]): boolean {
  const comments = [inlineComment, ...following].map((c) => c.trim()).filter((c) => c !== "");
  const via = comments.findIndex((c) => /^via\b/.test(c));
  if (via === -1) return false;
  const parents = [comments[via]?.replace(/^via\s*/, "") ?? "", ...comments.slice(via + 1)].filter(
    (p) => p !== "",
  );
  return !parents.some((p) => /^-r\s/.test(p) || /\((?:pyproject\.toml|setup\.cfg|setup\.py)\)/.test(p));
}

function followingComments(lines: string[], after: number): string[] {
  const comments: string[] = [];
  for (let i = after + 1; i < lines.length && (lines[i] ?? "").trimStart().startsWith("#"); i++) {
    comments.push((lines[i] ?? "").trimStart().slice(1));
  }
  return comments;
}

/** Local paths, archives and URLs (`./pkg`, `git+https://...`) name no registry package. */
function isPathOrUrl(requirement: string): boolean {
  return /^[./~\\$]|^[A-Za-z][\w+.-]*:\/\/|^[A-Za-z]:[\\/]/.test(requirement);
}

export const requirementsTxtDetector: FileDetector = {
  id: "requirements.txt",
  matches: (path) => requirementsFileTags(path) !== undefined,
  detect({ path, text }) {
    const tags = (requirementsFileTags(path) ?? []).join("-");
    const scope: DependencyScope = toolingScope(tags) ?? "runtime";
    const lines = text.replace(/^\uFEFF/, "").split(/\r?\n/);
    const detections: Detection[] = [];
    for (const { text: logical, line, last } of logicalLines(lines)) {
      const comment = /(?:^|\s)#(.*)$/.exec(logical);
      let requirement = (comment ? logical.slice(0, comment.index) : logical).trim();
      // Option lines: -r/-c includes, -e editable installs, --index-url and the like.
      if (requirement === "" || requirement.startsWith("-")) continue;
      requirement = requirement.replace(/\s+--?[A-Za-z][\s\S]*$/, ""); // per-line options such as --hash
      if (isPathOrUrl(requirement)) continue;
      const name = requireName(requirement, "The entry", line);
      if (isTransitivePin(comment?.[1] ?? "", followingComments(lines, last))) continue;
      const detection: ManifestDetection = manifestDetection("pypi", name, line, requirement, scope);
      // A requirements file is one list: unless its name says dev or test, the importers decide.
      if (scope === "runtime") detection.unseparated = true;
      detections.push(...withExtras(detection, requirement));
    }
    return detections;
  },
};

// ---- Pipfile ----

const PIPFILE_SECTIONS: [string, DependencyScope][] = [
  ["packages", "runtime"],
  ["dev-packages", "dev"],
];

export const pipfileDetector: FileDetector = {
  id: "Pipfile",
  matches: (path) => baseName(path) === "Pipfile",
  init: loadToml,
  detect({ text }) {
    if (isBlank(text)) return [];
    const doc = parseTomlDocument(text);
    const detections: Detection[] = [];
    for (const [section, scope] of PIPFILE_SECTIONS) {
      const table = doc.value[section];
      if (table === undefined) continue;
      if (!isRecord(table)) {
        const line = doc.lineOf([section]);
        throw new ParseError(`[${section}] on line ${line} must be a table of packages.`, line);
      }
      for (const [name, spec] of Object.entries(table)) {
        const line = doc.lineOf([section, name]);
        if (typeof spec !== "string" && !isRecord(spec)) {
          throw new ParseError(
            `The package "${name}" in [${section}] on line ${line} must be a version or a table.`,
            line,
          );
        }
        const version = typeof spec === "string" ? spec : spec.version;
        detections.push(
          manifestDetection("pypi", name, line, `[${section}] ${withVersion(name, version)}`, scope),
        );
      }
    }
    return byLine(detections);
  },
};

// ---- setup.cfg ----

interface CfgValue {
  section: string;
  key: string;
  line: number;
  /** The text after `=` (line of the key) and each indented continuation line. */
  parts: { text: string; line: number }[];
}

/** Reads setup.cfg as Python's configparser does: indented lines continue the value above. */
function readSetupCfg(text: string): CfgValue[] {
  const values: CfgValue[] = [];
  let section: string | undefined;
  let current: (CfgValue & { indent: number }) | undefined;
  text
    .replace(/^\uFEFF/, "")
    .split(/\r?\n/)
    .forEach((raw, index) => {
      const line = index + 1;
      const trimmed = raw.trim();
      if (trimmed === "" || trimmed.startsWith("#") || trimmed.startsWith(";")) return;
      const indent = raw.length - raw.trimStart().length;
      if (current && indent > current.indent) {
        current.parts.push({ text: trimmed, line });
        return;
      }
      current = undefined;
      const header = /^\[(.+)\]$/.exec(trimmed);
      if (header) {
        section = (header[1] ?? "").trim();
        return;
      }
      const entry = /^([^=:]+?)\s*[=:]\s*(.*)$/.exec(trimmed);
      if (!entry)
        throw new ParseError(`Line ${line} of setup.cfg is neither a [section] nor a key = value.`, line);
      if (section === undefined)
        throw new ParseError(`Line ${line} of setup.cfg comes before any [section].`, line);
      const value = entry[2] ?? "";
      current = { section, key: (entry[1] ?? "").toLowerCase(), line, indent, parts: [] };
      if (value !== "") current.parts.push({ text: value, line });
      values.push(current);
    });
  return values;
}

/** setuptools' list-semi: one requirement a line, or `;`-separated when the whole value is on the key's line. */
function requirementsOf(value: CfgValue): { text: string; line: number }[] {
  const [first] = value.parts;
  const oneLine = value.parts.length === 1 && first?.line === value.line;
  const items = oneLine ? first.text.split(";").map((text) => ({ ...first, text })) : value.parts;
  return items
    .map((item) => ({ ...item, text: item.text.replace(/(?:^|\s)#.*$/, "").trim() }))
    .filter((item) => item.text !== "" && !item.text.startsWith("file:"));
}

const OPTION_SCOPES = new Map<string, DependencyScope>([
  ["install_requires", "runtime"],
  ["setup_requires", "build"],
  ["tests_require", "test"],
]);

/** The distribution a setup.cfg builds (`[metadata] name`); nothing for a malformed file. */
export function setupCfgOwnPackage(text: string): ManifestDetection[] {
  let values: CfgValue[];
  try {
    values = readSetupCfg(text);
  } catch {
    return [];
  }
  const name = values.find((v) => v.section === "metadata" && v.key === "name");
  const value = name?.parts[0]?.text.trim();
  if (!name || !value || name.parts.length !== 1 || requirementName(value) !== value) return [];
  return [ownPackageDetection("pypi", value, name.line, `[metadata] name = ${value}`)];
}

export const setupCfgDetector: FileDetector = {
  id: "setup.cfg",
  matches: (path) => baseName(path) === "setup.cfg",
  detect({ text }) {
    const detections: Detection[] = [];
    for (const value of readSetupCfg(text)) {
      const optionScope = value.section === "options" ? OPTION_SCOPES.get(value.key) : undefined;
      const isExtra = value.section === "options.extras_require";
      if (!optionScope && !isExtra) continue;
      const scope = optionScope ?? extraScope(value.key);
      for (const { text: requirement, line } of requirementsOf(value)) {
        const name = requireName(requirement, `[${value.section}] ${value.key}`, line);
        const detail = `[${value.section}] ${value.key}: ${requirement}`;
        detections.push(...withExtras(manifestDetection("pypi", name, line, detail, scope), requirement));
      }
    }
    return detections;
  },
};
