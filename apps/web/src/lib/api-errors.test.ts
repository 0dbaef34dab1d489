import { describe, expect, it } from 'vitest';
import { ApiError, errorMessage } from './api';

const updateFailed = 'Error occurred while updating order.';

describe("a failed request's message (issue 36: an order update's fallback)", () => {
  it("gives the screen's fallback for an empty answer and for a 500, never the status text", () => {
    expect(errorMessage(new ApiError(500, 'Internal Server Error', [], undefined), updateFailed)).toBe(updateFailed);
    const generic = new ApiError(500, 'Something went wrong', [], { message: 'Something went wrong' });
    expect(errorMessage(generic, updateFailed)).toBe(updateFailed);
    expect(errorMessage(new ApiError(502, 'Bad Gateway', [], undefined), updateFailed)).toBe(updateFailed);
  });

  it("keeps the server's own words: a refusal's details or message, a 503's advice", () => {
    const refused = new ApiError(400, 'Qty must be a number', ['Qty must be a number'], {
      message: 'Qty must be a number',
      details: ['Qty must be a number'],
    });
    expect(errorMessage(refused, updateFailed)).toBe('Qty must be a number');
    const gone = new ApiError(404, 'Order not found', [], { message: 'Order not found' });
    expect(errorMessage(gone, updateFailed)).toBe('Order not found');
    const busy = new ApiError(503, 'please try again', [], { message: 'please try again' });
    expect(errorMessage(busy, updateFailed)).toBe('please try again');
  });
});
