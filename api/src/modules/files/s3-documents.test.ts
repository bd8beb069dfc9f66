// The documents module with its files in an S3-compatible bucket: what is uploaded is kept
// sealed in the bucket and downloaded as it was sent.
import { randomUUID } from 'node:crypto';

import { FILE_PATHS, type LoginResponse } from '@lending/contracts';

import { s3FileStorage } from '../../adapters/storage/s3';
import { applications, organizations } from '../../db/schema';
import { caller, nextIp, register } from '../../testing/auth-helpers';
import { multipart, pdf } from '../../testing/files';
import { databases, openTestApp, type TestApp } from '../../testing/test-db';
import { startTestS3, type TestS3 } from '../../testing/test-s3';

describe.each(databases())('documents kept in an S3 bucket, on %s', (kind) => {
  let s3: TestS3;
  let t: TestApp;
  let owner: LoginResponse;
  let applicationId: string;

  beforeAll(async () => {
    s3 = await startTestS3();
    t = await openTestApp(kind, { s3: s3.settings });
    owner = (await register(caller(t.app))).session;
    const [organization] = await t.db.orm
      .insert(organizations)
      .values({
        tenant: 'arkcash',
        userId: owner.userDetails!.id,
        organizationType: 'SOLE_PROP',
        companyName: 'Kedai Runcit S3',
        newBusinessRegistrationNo: '202403009999',
        applicantName: 'Aisyah binti Ahmad',
        applicantEmail: 'owner.s3@example.com',
      })
      .returning();
    const [application] = await t.db.orm
      .insert(applications)
      .values({
        tenant: 'arkcash',
        userId: owner.userDetails!.id,
        organizationId: organization!.id,
        referenceNo: `S3-${process.pid}-${randomUUID().slice(0, 8)}`,
        status: 'DRAFT',
      })
      .returning();
    applicationId = application!.id;
  });
  afterAll(async () => {
    await t.close();
    await s3.close();
  });

  it('uploads a statement into the bucket, sealed, and downloads it byte for byte', async () => {
    const content = pdf(50_000);
    const { payload, contentType } = multipart([
      { name: 'applicationId', value: applicationId },
      { name: 'fileType', value: 'BANK_STATEMENT' },
      { name: 'file', file: { filename: 'Penyata.pdf', content } },
    ]);
    const uploaded = await t.app.inject({
      method: 'POST',
      url: FILE_PATHS.upload,
      headers: { 'content-type': contentType, authorization: `Bearer ${owner.accessToken}` },
      payload,
      remoteAddress: nextIp(),
    });
    expect(uploaded.statusCode).toBe(201);
    const fileId = (uploaded.json() as { id: string }).id;

    const stored = await s3FileStorage(s3.settings).get(`${applicationId}/${fileId}`);
    expect(stored).not.toBeNull();
    expect(stored!.includes(Buffer.from('%PDF'))).toBe(false);
    expect(stored!.includes(Buffer.from('document'))).toBe(false);

    const download = await t.app.inject({
      method: 'GET',
      url: FILE_PATHS.byId(fileId),
      headers: { authorization: `Bearer ${owner.accessToken}` },
    });
    expect(download.statusCode).toBe(200);
    expect(download.rawPayload.equals(content)).toBe(true);
  });
});
