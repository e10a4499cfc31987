/** A conversion failure whose message is shown to users as the document's `convert_error` (Chinese, readable). */
export class ConvertError extends Error {
  override name = 'ConvertError';
}

/**
 * The document itself is unsafe to convert (a zip bomb, over the memory/CPU/time limits, crashed the
 * converter repeatedly): it fails and is not re-queued by “reconvert all failed”, only when picked by id.
 */
export class ConvertRefused extends ConvertError {
  override name = 'ConvertRefused';
}

/** The worker was stopped while converting: the job goes back to the queue, it did not fail. */
export class ConvertAborted extends Error {
  override name = 'ConvertAborted';
}

const MAX_REASON = 500;

/** The text stored in `convert_error` for any error thrown while converting. */
export function failureReason(err: unknown): string {
  if (err instanceof ConvertError) return err.message.slice(0, MAX_REASON);
  const msg = err instanceof Error ? err.message : String(err);
  return `文档转换失败：${msg}`.slice(0, MAX_REASON);
}
