import { eq } from 'drizzle-orm';

import { auditLog } from '../db/schema';
import { databases, openTestDatabase, type TestDatabase } from '../testing/test-db';
import { AUDIT_ACTIONS, type AuditEntry, createAudit, writeAudit } from './audit';
import { withRequestId } from './request-context';
import { inTransaction } from './transaction';

describe.each(databases())('the audit writer on %s', (kind) => {
  let database: TestDatabase;

  beforeAll(async () => {
    database = await openTestDatabase(kind);
  });
  afterAll(async () => {
    await database.close();
  });

  const rowsOf = (entity: string) =>
    database.db.orm.select().from(auditLog).where(eq(auditLog.entity, entity));

  it('takes action names only from the catalogue', () => {
    const entry: AuditEntry = { action: 'application.status_changed', actor: null, subject: null };
    expect(AUDIT_ACTIONS).toContain(entry.action);
    // @ts-expect-error: an action outside the catalogue does not compile.
    const unknown: AuditEntry = { action: 'application.teleported', actor: null, subject: null };
    expect(AUDIT_ACTIONS).not.toContain(unknown.action);
  });

  it('records who, when, the entity, the change, the reason and the request', async () => {
    const audit = createAudit(database.db.orm);
    const at = new Date('2026-03-02T01:02:03.000Z');
    await audit({
      action: 'application.status_changed',
      actor: 'staff:7',
      subject: 'application:a1',
      entity: 'application:a1',
      from: 'PENDING',
      to: 'REJECTED',
      reason: 'Income could not be verified',
      ip: '203.0.113.9',
      requestId: 'req-41',
      at,
      detail: { note: 'second look' },
    });
    expect(await rowsOf('application:a1')).toEqual([
      expect.objectContaining({
        action: 'application.status_changed',
        actor: 'staff:7',
        subject: 'application:a1',
        entity: 'application:a1',
        fromStatus: 'PENDING',
        toStatus: 'REJECTED',
        reason: 'Income could not be verified',
        ip: '203.0.113.9',
        requestId: 'req-41',
        at,
        detail: { note: 'second look' },
      }),
    ]);
  });

  it('stamps the time itself when none is given', async () => {
    const before = Date.now();
    await createAudit(database.db.orm)({
      action: 'file.deleted',
      actor: 'user:1',
      subject: null,
      entity: 'file:f1',
    });
    const [row] = await rowsOf('file:f1');
    expect(row!.at.getTime()).toBeGreaterThanOrEqual(before - 5_000);
    expect(row!.fromStatus).toBeNull();
  });

  it('names the request the work runs in when the entry does not', async () => {
    const audit = createAudit(database.db.orm);
    const entry: AuditEntry = {
      action: 'file.deleted',
      actor: 'user:2',
      subject: null,
      entity: 'file:in-request',
    };
    await withRequestId('req-77', () => audit(entry));
    await inTransaction(database.db.orm, (tx) =>
      withRequestId('req-78', () => audit({ ...entry, entity: 'file:in-request-tx' }, tx)),
    );
    expect((await rowsOf('file:in-request'))[0]!.requestId).toBe('req-77');
    expect((await rowsOf('file:in-request-tx'))[0]!.requestId).toBe('req-78');
  });

  it('writes inside a transaction and leaves nothing when it rolls back', async () => {
    const audit = createAudit(database.db.orm);
    await inTransaction(database.db.orm, (tx) =>
      audit({ action: 'file.uploaded', actor: 'user:1', subject: null, entity: 'file:kept' }, tx),
    );
    await expect(
      inTransaction(database.db.orm, async (tx) => {
        await writeAudit(tx, {
          action: 'file.uploaded',
          actor: 'user:1',
          subject: null,
          entity: 'file:lost',
        });
        throw new Error('the upload failed after its audit row');
      }),
    ).rejects.toThrow('the upload failed');
    expect(await rowsOf('file:kept')).toHaveLength(1);
    expect(await rowsOf('file:lost')).toEqual([]);
  });
});
