// Stage timing for report.json: each stage is a function with typed input and output, timed as it runs.

export interface StageTiming {
  stage: string;
  ms: number;
  /** Counts the stage reports about its output (`technologies`, `chunks`, `records`, …). */
  counts: Record<string, number>;
}

export class StageClock {
  readonly stages: StageTiming[] = [];

  constructor(private readonly onStage?: (stage: string) => void) {}

  async run<T>(
    stage: string,
    work: () => T | Promise<T>,
    counts?: (result: T) => Record<string, number>,
  ): Promise<T> {
    this.onStage?.(stage);
    const started = performance.now();
    const result = await work();
    this.stages.push({ stage, ms: round(performance.now() - started), counts: counts?.(result) ?? {} });
    return result;
  }
}

function round(ms: number): number {
  return Math.round(ms * 10) / 10;
}
