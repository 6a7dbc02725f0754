// Detectors of services a repository names without a package of their own: SDK calls by service name,
// ARNs, host names and URL schemes, and the dotted module paths of Python settings.
import type { FileDetector } from "../types.js";
import { endpointDetector } from "./endpoints.js";
import { pythonModulePathDetector } from "./python-paths.js";
import { awsSdkCallDetector } from "./sdk-calls.js";

export const serviceDetectors: FileDetector[] = [
  awsSdkCallDetector,
  endpointDetector,
  pythonModulePathDetector,
];
