import { AxiosError, AxiosHeaders, type AxiosResponse } from 'axios';

import { signInFailureMessage } from './sign-in-failure';

const messages = { invalidCredentials: 'Wrong email or password', internal: 'Something broke' };

function answered(status: number, data: unknown): AxiosError {
  const response = {
    status,
    data,
    statusText: '',
    headers: {},
    config: { headers: new AxiosHeaders() },
  } as AxiosResponse;
  return new AxiosError('Request failed', 'ERR_BAD_RESPONSE', undefined, undefined, response);
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
