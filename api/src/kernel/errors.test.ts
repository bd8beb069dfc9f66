import { API_ERROR_CODES, badRequest, errorBody, HttpError, notFound } from './errors';

describe('the error body', () => {
  it('carries a code from the catalogue beside the message', () => {
    expect(errorBody(409, 'Please complete your application', 'SUBMIT_REFUSED')).toEqual({
      statusCode: 409,
      error: 'Conflict',
      message: 'Please complete your application',
      code: 'SUBMIT_REFUSED',
    });
  });

  it('derives a code from the status when the thrower names none', () => {
    expect(errorBody(429, 'Too many requests').code).toBe('RATE_LIMITED');
    expect(errorBody(401, 'Please sign in').code).toBe('UNAUTHENTICATED');
    expect(errorBody(502, 'Upstream failed').code).toBe('INTERNAL');
    expect(new HttpError(403, 'Forbidden').code).toBe('FORBIDDEN');
    expect(notFound('Postcode not found').code).toBe('NOT_FOUND');
    expect(badRequest('Invalid campaign code').code).toBe('BAD_REQUEST');
  });

  it('keeps every code in the one catalogue', () => {
    const refused = new HttpError(409, 'One open application at a time', 'OPEN_APPLICATION_EXISTS');
    expect(API_ERROR_CODES).toContain(refused.code);
    expect(new Set(API_ERROR_CODES).size).toBe(API_ERROR_CODES.length);
  });
});
