import { eq } from 'drizzle-orm';

import { events } from '../db/schema';
import { databases, openTestDatabase, type TestDatabase } from '../testing/test-db';
import { createEventBus, type EventBus, type EventJob } from './events';
import { inTransaction } from './transaction';

const silent = { warn: () => undefined, error: () => undefined };

describe.each(databases('concurrency', 'hand-written SQL'))(
  'events and their handlers on %s',
  (kind) => {
    let database: TestDatabase;
    let handlerNumber = 0;
    const buses: EventBus[] = [];

    beforeAll(async () => {
      database = await openTestDatabase(kind);
    });
    afterEach(async () => {
      for (const bus of buses.splice(0)) await bus.stop();
    });
    afterAll(async () => {
      await database.close();
    });

    /** A bus over the suite's database whose one handler records what it was given: one process. */
    async function process(name: string, handle: (job: EventJob) => Promise<void>) {
      const bus = createEventBus({ db: database.db, log: silent, work: false });
      bus.on({ name, on: 'thing.done', retryLimit: 2, retryDelaySeconds: 1, handle });
      await bus.start();
      buses.push(bus);
      return bus;
    }

    function handlerName() {
      handlerNumber += 1;
      return `test.handler_${handlerNumber}`;
    }

    const sent = (key: string) => ({ type: 'thing.done', key, payload: { key } });

    it('sends nothing for a change that rolled back', async () => {
      const delivered: string[] = [];
      const bus = await process(handlerName(), async (job) => {
        delivered.push(job.key);
      });
      await expect(
        inTransaction(database.db.orm, async (tx) => {
          await bus.record(tx, sent('rolled-back'));
          throw new Error('the change failed');
        }),
      ).rejects.toThrow('the change failed');
      expect(await bus.drain()).toBe(0);
      expect(delivered).toEqual([]);
      const rows = await database.db.orm.select().from(events).where(eq(events.key, 'rolled-back'));
      expect(rows).toEqual([]);
    });

    it('sends once after a restart between the commit and the send, and once per key', async () => {
      const name = handlerName();
      const delivered: string[] = [];
      const first = await process(name, async (job) => {
        delivered.push(`first:${job.key}`);
      });
      await inTransaction(database.db.orm, (tx) => first.record(tx, sent('restart')));
      // The same change told again (a retried request) is the same event.
      expect(await inTransaction(database.db.orm, (tx) => first.record(tx, sent('restart')))).toBe(
        false,
      );
      // The process ends after the commit, before any handler ran.
      await first.stop();
      expect(delivered).toEqual([]);

      const second = await process(name, async (job) => {
        delivered.push(`second:${job.key}`);
      });
      expect(await second.drain()).toBe(1);
      expect(await second.drain()).toBe(0);
      expect(delivered).toEqual(['second:restart']);
    });

    it('retries a failing handler with a growing delay, then sends once', async () => {
      const name = handlerName();
      let attempts = 0;
      const delivered: string[] = [];
      const bus = await process(name, async (job) => {
        attempts += 1;
        if (attempts <= 2) throw new Error(`mail server down (${attempts})`);
        delivered.push(job.key);
      });
      await inTransaction(database.db.orm, (tx) => bus.record(tx, sent('flaky')));
      const [job] = await bus.queue.findJobs<EventJob>(name, { data: { key: 'flaky' } });
      if (!job) throw new Error('no job was queued');

      /** Runs what is due; a job waiting out its retry delay is not, and is brought forward. */
      const delays: number[] = [];
      for (let round = 1; round <= 2; round += 1) {
        expect(await bus.drain()).toBe(1);
        const waiting = (await bus.queue.findJobs<EventJob>(name, { id: job.id }))[0];
        expect(waiting?.state).toBe('retry');
        expect(await bus.drain()).toBe(0);
        delays.push((waiting?.startAfter.getTime() ?? 0) - Date.now());
        await bus.queue.update(name, undefined, { id: job.id, startAfter: new Date() });
      }
      // Backoff: about a second after the first failure, about two after the second.
      expect(delays[0]).toBeGreaterThan(500);
      expect(delays[1]).toBeGreaterThan(delays[0] ?? Infinity);
      expect(await bus.drain()).toBe(1);
      expect(await bus.drain()).toBe(0);
      expect(attempts).toBe(3);
      expect(delivered).toEqual(['flaky']);
      expect((await bus.queue.findJobs<EventJob>(name, { id: job.id }))[0]?.state).toBe(
        'completed',
      );
    });

    it('puts a job that keeps failing into the dead letters', async () => {
      const name = handlerName();
      const bus = await process(name, async () => {
        throw new Error('never works');
      });
      await inTransaction(database.db.orm, (tx) => bus.record(tx, sent('hopeless')));
      const [job] = await bus.queue.findJobs<EventJob>(name, { data: { key: 'hopeless' } });
      if (!job) throw new Error('no job was queued');
      for (let attempt = 1; attempt <= 3; attempt += 1) {
        expect(await bus.drain()).toBe(1);
        await bus.queue.update(name, undefined, { id: job.id, startAfter: new Date() });
      }
      expect((await bus.queue.findJobs<EventJob>(name, { id: job.id }))[0]?.state).toBe('failed');
      const dead = await bus.queue.findJobs<EventJob>(bus.deadLetters(name));
      expect(dead.map((entry) => entry.data.key)).toEqual(['hopeless']);
    });
  },
);
