// Types for damerau-levenshtein, which ships no declarations; its version is pinned.
declare module "damerau-levenshtein" {
  interface Distance {
    steps: number;
    relative: number;
    similarity: number;
  }
  export default function distance(a: string, b: string, limit?: number): Distance;
}
