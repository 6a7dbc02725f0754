// Every manifest detector, one or more per ecosystem, and the detector of the package a manifest builds.
import { type Detection, type FileDetector, NeedsLoading } from "../types.js";
import { cargoOwnPackage, cargoTomlDetector } from "./cargo.js";
import { composerJsonDetector } from "./composer.js";
import { msbuildDetector, packagesConfigDetector } from "./dotnet.js";
import { goModDetector, goOwnPackage } from "./go.js";
import { gradleScriptDetector, versionCatalogDetector } from "./gradle.js";
import { pomXmlDetector } from "./maven.js";
import { npmOwnPackage, packageJsonDetector } from "./npm.js";
import {
  pipfileDetector,
  pyprojectTomlDetector,
  requirementsTxtDetector,
  setupCfgDetector,
  setupCfgOwnPackage,
} from "./python.js";
import { pyprojectOwnPackage } from "./python-pyproject.js";
import { gemfileDetector } from "./ruby.js";
import { baseName, isBlank } from "./shared.js";
import { loadToml } from "./toml-document.js";

let tomlLoading: Promise<void> | undefined;
let tomlLoaded = false;

/** TOML manifests need smol-toml; a repository with only a package.json never loads it. */
function needToml(): void {
  if (tomlLoaded) return;
  tomlLoading ??= loadToml().then(() => {
    tomlLoaded = true;
  });
  throw new NeedsLoading(tomlLoading, "smol-toml");
}

const OWN_PACKAGE = new Map<string, (text: string) => Detection[]>([
  ["package.json", npmOwnPackage],
  ["go.mod", goOwnPackage],
  ["setup.cfg", setupCfgOwnPackage],
  ["pyproject.toml", (text) => (needToml(), pyprojectOwnPackage(text))],
  ["Cargo.toml", (text) => (needToml(), cargoOwnPackage(text))],
]);

/**
 * The package a manifest builds (package.json `name` unless private, go.mod `module`, pyproject
 * `[project] name`, setup.cfg `[metadata] name`, Cargo `[package] name`): the analyser shows a catalog
 * technology of that exact name as authored. A malformed manifest yields nothing here; the manifest's
 * own detector reports it.
 */
export const ownPackageDetector: FileDetector = {
  id: "own-package",
  matches: (path) => OWN_PACKAGE.has(baseName(path)),
  detect({ path, text }) {
    const read = OWN_PACKAGE.get(baseName(path));
    if (!read || isBlank(text)) return [];
    try {
      return read(text);
    } catch (error) {
      if (error instanceof NeedsLoading) throw error;
      return [];
    }
  },
};

export const manifestDetectors: FileDetector[] = [
  packageJsonDetector,
  requirementsTxtDetector,
  pyprojectTomlDetector,
  pipfileDetector,
  setupCfgDetector,
  goModDetector,
  cargoTomlDetector,
  pomXmlDetector,
  gradleScriptDetector,
  versionCatalogDetector,
  gemfileDetector,
  composerJsonDetector,
  msbuildDetector,
  packagesConfigDetector,
  ownPackageDetector,
];
