import { ApiError, apiStatus, errorMessage, isNotFound } from '../src';

describe('errors', () => {
  it("uses the server's message", () => {
    expect(errorMessage(new ApiError(400, 'The end time must be after the start time.'))).toBe('The end time must be after the start time.');
    expect(errorMessage(new Error('offline'))).toBe('offline');
  });

  it('never shows a schema dump or nothing at all', () => {
    const zod = Object.assign(new Error('[{"code":"invalid_type"}]'), { name: 'ZodError' });
    expect(errorMessage(zod)).toBe('The server sent an unexpected answer. Please try again.');
    expect(errorMessage('boom')).toBe('Something went wrong. Please try again.');
    expect(errorMessage(new Error(''))).toBe('Something went wrong. Please try again.');
  });

  it('knows a 404 of the API client', () => {
    expect(isNotFound(new ApiError(404, 'Menu not found'))).toBe(true);
    expect(isNotFound(new ApiError(500, 'down'))).toBe(false);
    expect(isNotFound(new Error('404'))).toBe(false);
    expect(apiStatus(new ApiError(409, 'x'))).toBe(409);
    expect(apiStatus({ name: 'ApiError', status: 404 })).toBeNull();
  });
});
