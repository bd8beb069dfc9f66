// A contract fake of the iSMS HTTP API as published: `isms_send_all_id.php` takes un, pwd, dstno
// (digits, no +), msg, type (1 plain, 2 Unicode), sendid and agreedterm=YES, and answers
// `2000 = SUCCESS` with the message id, or a negative code: -1001 authentication failed, -1002
// account suspended or expired, -1004 insufficient credits, -1005 invalid type, -1006 invalid
// body length (1 to 900), -1008 missing parameter, -1009 invalid destination, -1013 terms not
// agreed. Delivery receipts are posted to the merchant's receipt address with the shared secret.
import { randomInt } from 'node:crypto';

import { type FakeServer, type Post, postOverHttp, startFakeServer, text } from './fake-server';

export interface IsmsMessage {
  id: string;
  dstno: string;
  msg: string;
  type: string;
  sendid: string | undefined;
}

export interface IsmsFake {
  server: FakeServer;
  url: string;
  /** The messages it took, oldest first. */
  messages: IsmsMessage[];
  /** The account's standing: what every send is answered while it is not `active`. */
  account: { state: 'active' | 'suspended' | 'no-credit' };
  /** Posts a delivery receipt for a message to the platform; its answer. */
  receipt(id: string, status: string, secret?: string): Promise<{ status: number; body: string }>;
  close(): Promise<void>;
}

export async function startIsmsFake(options: {
  username: string;
  password: string;
  /** Where receipts go and the secret they carry. */
  receiptUrl?: string;
  receiptSecret?: string;
  post?: Post;
}): Promise<IsmsFake> {
  const messages: IsmsMessage[] = [];
  const account: IsmsFake['account'] = { state: 'active' };
  const post = options.post ?? postOverHttp;
  const server = await startFakeServer((request) => {
    if (request.method !== 'POST' || request.path !== '/isms_send_all_id.php') {
      return text(404, 'Not found');
    }
    const form = request.form();
    if (!form.un || !form.pwd || !form.dstno || form.msg === undefined || !form.type) {
      return text(200, '-1008 = MISSING PARAMETER');
    }
    if (form.un !== options.username || form.pwd !== options.password) {
      return text(200, '-1001 = AUTHENTICATION FAILED');
    }
    if (account.state === 'suspended') return text(200, '-1002 = ACCOUNT SUSPENDED / EXPIRED');
    if (account.state === 'no-credit') return text(200, '-1004 = INSUFFICIENT CREDITS');
    if (form.agreedterm !== 'YES') return text(200, '-1013 = INVALID TERM AND AGREEMENT');
    if (form.type !== '1' && form.type !== '2') return text(200, '-1005 = INVALID SMS TYPE');
    if (form.msg.length < 1 || form.msg.length > 900)
      return text(200, '-1006 = INVALID BODY LENGTH');
    if (!/^\d{8,15}$/.test(form.dstno)) return text(200, '-1009 = INVALID DESTINATION NUMBER');
    const id = String(randomInt(10_000_000, 99_999_999));
    messages.push({ id, dstno: form.dstno, msg: form.msg, type: form.type, sendid: form.sendid });
    return text(200, `2000 = SUCCESS\n${id}`);
  });
  return {
    server,
    url: server.url,
    messages,
    account,
    async receipt(id, status, secret = options.receiptSecret ?? '') {
      if (!options.receiptUrl) throw new Error('the fake gateway has no receipt address');
      const message = messages.find((m) => m.id === id);
      return post(
        options.receiptUrl,
        new URLSearchParams({
          msgid: id,
          dstno: message?.dstno ?? '',
          status,
          donedate: new Date().toISOString(),
        }).toString(),
        {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(`isms:${secret}`).toString('base64')}`,
        },
      );
    },
    close: () => server.close(),
  };
}
