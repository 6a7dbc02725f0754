// Every manifest detector, one or more per ecosystem, and the detector of the package a manifest builds.
import type { FileDetector } from "../types.js";
import { buildFileDetector } from "./build-files.js";
import { cargoTomlDetector } from "./cargo.js";
import { composerJsonDetector } from "./composer.js";
import { configFileDetector, shadcnConfigDetector } from "./config-files.js";
import { msbuildDetector, packagesConfigDetector } from "./dotnet.js";
import { goModDetector } from "./go.js";
import { gradleScriptDetector, versionCatalogDetector } from "./gradle.js";
import { pomXmlDetector } from "./maven.js";
import { packageJsonDetector } from "./npm.js";
import { ownPackageDetector } from "./own-package.js";
import {
  pipfileDetector,
  pyprojectTomlDetector,
  requirementsTxtDetector,
  setupCfgDetector,
} from "./python.js";
import { gemfileDetector, gemspecDetector } from "./ruby.js";
import { springConfigDetector } from "./spring-config.js";

export { ownPackageDetector };

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
  gemspecDetector,
  composerJsonDetector,
  msbuildDetector,
  packagesConfigDetector,
  ownPackageDetector,
  buildFileDetector,
  configFileDetector,
  shadcnConfigDetector,
  springConfigDetector,
];
