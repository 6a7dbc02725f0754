// The context a CI walk carries, shared by the readers of every CI service.
import type { Node } from "yaml";

/** Where in a CI file a walk is: which jobs deploy, and whether the walk is inside one. */
export interface CiContext {
  /** The job (step, stage, pipeline) nodes that deploy; what runs inside them keeps production. */
  deploys: ReadonlySet<Node>;
  /** Inside a deploy job, or in a file that is the repository's product (a published action's metadata). */
  production: boolean;
  /** The file is the repository's product, not its CI. */
  product?: boolean;
  /** Under `services:`: sidecar containers for the job (databases for the tests). */
  service?: boolean;
}

/** The context inside `node`: production from a deploy job down. */
export function enter(context: CiContext, node: Node | undefined): CiContext {
  return !context.production && node && context.deploys.has(node)
    ? { ...context, production: true }
    : context;
}
