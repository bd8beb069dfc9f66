import { Type } from '@sinclair/typebox';

const IsoDate = Type.String({ format: 'date', pattern: '^\\d{4}-\\d{2}-\\d{2}$' });
const Day = Type.Union([IsoDate, Type.Null()]);

const ProgressSchema = Type.Object({
  running: Type.Boolean(),
  from: Day,
  to: Day,
  daysTotal: Type.Integer(),
  daysClosed: Type.Integer(),
  day: Day,
  loans: Type.Integer(),
  failures: Type.Integer(),
});

export const BusinessDateViewSchema = Type.Object({
  businessDate: IsoDate,
  malaysiaDate: IsoDate,
  movable: Type.Boolean(),
  lastClosed: Day,
  progress: ProgressSchema,
  days: Type.Array(
    Type.Object({
      businessDate: IsoDate,
      status: Type.Union([Type.Literal('RUNNING'), Type.Literal('CLOSED'), Type.Literal('FAILED')]),
      startedAt: Type.String({ format: 'date-time' }),
      finishedAt: Type.Union([Type.String({ format: 'date-time' }), Type.Null()]),
      startedBy: Type.String(),
      loans: Type.Integer(),
      failures: Type.Integer(),
      jobs: Type.Array(
        Type.Object({
          name: Type.String(),
          outcome: Type.Union([Type.Literal('completed'), Type.Literal('failed')]),
          counts: Type.Record(Type.String(), Type.Number()),
          durationMs: Type.Integer(),
        }),
      ),
    }),
  ),
});

export const MoveBusinessDateSchema = Type.Object(
  { businessDate: IsoDate },
  { additionalProperties: false },
);

export const CloseOfBusinessStartedSchema = Type.Object({ from: Day, to: Day });
