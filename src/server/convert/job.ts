/** One conversion job: its private folder, the per-tool time limit and the worker's stop signal. */
export interface Job {
  dir: string;
  timeoutMs: number;
  signal?: AbortSignal;
}
