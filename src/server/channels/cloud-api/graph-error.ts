import { z } from 'zod';

/** Cloud API error codes we act on (Meta `support/error-codes`); branch on `code`, never on titles. */
export const GraphErrorCode = {
  tokenInvalid: 190,
  rateLimit: 130429,
  pairRateLimit: 131056,
  outsideWindow: 131047,
} as const;

const graphErrorBody = z.object({
  error: z.object({
    message: z.string().optional(),
    code: z.number(),
    error_data: z.object({ details: z.string().optional() }).optional(),
    fbtrace_id: z.string().optional(),
  }),
});

/** A synchronous Graph API error (`{"error": {...}}`), or a transport failure (code 0). */
export class GraphApiError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly details: string | null,
    readonly httpStatus: number,
  ) {
    super(message);
    this.name = 'GraphApiError';
  }

  /** Throttling: the same request succeeds later (130429 for the number, 131056 for this recipient). */
  get isRateLimit(): boolean {
    return this.code === GraphErrorCode.rateLimit || this.code === GraphErrorCode.pairRateLimit;
  }

  /** Network errors and 5xx answers without a Graph code may pass on a retry too. */
  get isTransient(): boolean {
    return this.code === 0 || (this.httpStatus >= 500 && this.code !== GraphErrorCode.tokenInvalid);
  }
}

export async function graphErrorOf(response: Response): Promise<GraphApiError> {
  const text = await response.text();
  let json: unknown = null;
  try {
    json = JSON.parse(text);
  } catch {
    // A proxy or an outage may answer HTML; keep the status.
  }
  const parsed = graphErrorBody.safeParse(json);
  if (!parsed.success) return new GraphApiError(`HTTP ${response.status}`, 0, text.slice(0, 200) || null, response.status);
  const { message, code, error_data } = parsed.data.error;
  return new GraphApiError(message ?? `Graph error ${code}`, code, error_data?.details ?? null, response.status);
}
