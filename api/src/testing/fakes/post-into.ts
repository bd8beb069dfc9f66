// A fake vendor's callbacks delivered to an app under test in-process: the address's path (and
// query) is what the app sees, whatever public address the platform gave the vendor.
import type { App } from '../../app';
import type { Post } from './fake-server';

export function postInto(app: () => App): Post {
  return async (url, body, headers) => {
    const target = new URL(url);
    const response = await app().inject({
      method: 'POST',
      url: `${target.pathname}${target.search}`,
      headers,
      payload: body,
    });
    return { status: response.statusCode, body: response.body };
  };
}
