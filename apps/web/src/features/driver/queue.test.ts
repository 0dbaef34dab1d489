import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { sendFailure } from './queue';

describe('a completion the phone could not send', () => {
  it('waits (first in line, sent again by itself) without signal, on a server error or an expired sign-in', () => {
    expect(sendFailure(new TypeError('Failed to fetch'))).toBe('wait');
    expect(sendFailure(new ApiError(0, 'network'))).toBe('wait');
    expect(sendFailure(new ApiError(502, 'Bad Gateway'))).toBe('wait');
    expect(sendFailure(new ApiError(503, 'Unavailable'))).toBe('wait');
    expect(sendFailure(new ApiError(429, 'Too many requests'))).toBe('wait');
    // a driver signed in yesterday: the completion is not refused, it goes after the next sign-in
    expect(sendFailure(new ApiError(401, 'Unauthorized'))).toBe('wait');
  });

  it('is refused (kept and shown, tried again when the driver asks) when the server says no', () => {
    expect(sendFailure(new ApiError(400, 'Signature must be a PNG'))).toBe('refused');
    expect(sendFailure(new ApiError(404, 'This invoice is on no delivery route'))).toBe('refused');
    expect(sendFailure(new ApiError(409, 'This invoice was already delivered'))).toBe('refused');
  });
});
