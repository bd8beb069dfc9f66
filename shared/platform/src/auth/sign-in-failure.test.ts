import { ApiError } from '../api/http-client';
import { signInFailureMessage } from './sign-in-failure';

const messages = { invalidCredentials: 'Wrong email or password', internal: 'Something broke' };

function answered(status: number, data: unknown): ApiError {
  return new ApiError(
    'Request failed',
    'ERR_BAD_RESPONSE',
    {},
    {
      status,
      data,
      headers: {},
      config: {},
    },
  );
}

describe('signInFailureMessage', () => {
  it('says the credentials are wrong on 401, whatever the server wrote', () => {
    expect(signInFailureMessage(answered(401, { message: 'Unauthorized' }), messages)).toBe(
      'Wrong email or password',
    );
  });

  it("passes on the server's own message for any other refusal", () => {
    expect(signInFailureMessage(answered(423, { message: 'Account locked' }), messages)).toBe(
      'Account locked',
    );
  });

  it('falls back to the internal message when the server said nothing usable', () => {
    expect(signInFailureMessage(answered(500, { message: '  ' }), messages)).toBe(
      'Something broke',
    );
    expect(signInFailureMessage(new Error('socket hang up'), messages)).toBe('Something broke');
  });
});
