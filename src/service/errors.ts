// Errors the service raises on purpose. The HTTP layer renders them as application/problem+json
// (RFC 9457): a title, a detail a person understands, and where the fault is.
export interface ProblemItem {
  /** The request field at fault, e.g. `body.email`, `params.gameId`. */
  field?: string;
  /** For orders: the 1-based line of the submission at fault. */
  line?: number;
  text?: string;
  message: string;
}

export class AppError extends Error {
  constructor(
    public readonly status: number,
    public readonly title: string,
    detail: string,
    public readonly errors?: ProblemItem[],
    public readonly extra?: Record<string, unknown>,
  ) {
    super(detail);
  }
}

export const badRequest = (detail: string, errors?: ProblemItem[], extra?: Record<string, unknown>) =>
  new AppError(400, 'Bad request', detail, errors, extra);
export const unprocessable = (detail: string, errors?: ProblemItem[], extra?: Record<string, unknown>) =>
  new AppError(422, 'Unprocessable request', detail, errors, extra);
export const unauthorized = (detail = 'Sign in first: send your API token as "Authorization: Bearer <token>".') =>
  new AppError(401, 'Unauthorized', detail);
export const forbidden = (detail: string) => new AppError(403, 'Forbidden', detail);
export const notFound = (detail: string) => new AppError(404, 'Not found', detail);
export const conflict = (detail: string, errors?: ProblemItem[], extra?: Record<string, unknown>) =>
  new AppError(409, 'Conflict', detail, errors, extra);
