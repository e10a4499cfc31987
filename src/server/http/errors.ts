/** gRPC-style codes used on the wire (moredoc compatibility), with their HTTP status. */
export const Code = {
  InvalidArgument: 3,
  NotFound: 5,
  AlreadyExists: 6,
  PermissionDenied: 7,
  ResourceExhausted: 8,
  Internal: 13,
  Unauthenticated: 16,
} as const;

const httpStatus: Record<number, number> = { 3: 400, 5: 404, 6: 409, 7: 403, 8: 429, 13: 500, 16: 401 };

export class ApiError extends Error {
  readonly code: number;
  readonly status: number;
  constructor(code: number, message: string) {
    super(message);
    this.code = code;
    this.status = httpStatus[code] ?? 500;
  }
}

export const NOT_LOGGED_IN = '您未登录或您的登录已过期，请重新登录或刷新页面重试';

export const badRequest = (message: string) => new ApiError(Code.InvalidArgument, message);
export const notFound = (message: string) => new ApiError(Code.NotFound, message);
export const conflict = (message: string) => new ApiError(Code.AlreadyExists, message);
export const forbidden = (message: string) => new ApiError(Code.PermissionDenied, message);
export const unauthenticated = (message = NOT_LOGGED_IN) => new ApiError(Code.Unauthenticated, message);
export const internal = (message: string) => new ApiError(Code.Internal, message);

/** The moredoc error body: `error` and `message` carry the same text. */
export const errorBody = (code: number, message: string) => ({ error: message, code, message });
