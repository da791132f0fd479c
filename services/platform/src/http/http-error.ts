import { errorBody, type ErrorBody } from '@reflections/contracts/validation';

/** A failure a route throws; the error middleware turns it into the shared error body. */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody | Record<string, unknown>,
  ) {
    super(typeof body.error === 'string' ? body.error : `HTTP ${status}`);
    this.name = 'HttpError';
  }
}

export const badRequest = (body: ErrorBody) => new HttpError(400, body);
export const unauthorized = (message = 'Please sign in') => new HttpError(401, errorBody(message));
export const forbidden = (message = 'Admin access required') => new HttpError(403, errorBody(message));
export const notFound = (message = 'Not found') => new HttpError(404, errorBody(message));
export const conflict = (message: string, fields: Record<string, string> = {}) =>
  new HttpError(409, errorBody(message, fields));
