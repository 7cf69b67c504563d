/**
 * The analyst's view over HTTP: the batch a phone sends (POST /api/analytics/transitions) and what the
 * analyst reads back. Every list and string is bounded; a batch with any other field is refused.
 */
import { Type, type Static } from 'typebox';
import { FUNNEL_STEPS, INSTALL_ID_PATTERN, MAX_BATCH_TRANSITIONS, PERIOD_DAYS } from '../analytics';
import { Nullable, StringEnum } from './common';

const Name = Type.String({ minLength: 1, maxLength: 200 });

export const TransitionSchema = Type.Object(
  {
    chart: Type.String({ minLength: 1, maxLength: 64 }),
    from: Name,
    to: Name,
    event: Name,
    at: Type.Integer({ minimum: 0, maximum: 8.64e15 }),
  },
  { additionalProperties: false },
);

export const TransitionBatchBody = Type.Object(
  {
    installId: Type.String({ pattern: INSTALL_ID_PATTERN }),
    transitions: Type.Array(TransitionSchema, { minItems: 1, maxItems: MAX_BATCH_TRANSITIONS }),
  },
  { additionalProperties: false },
);
export type TransitionBatchBody = Static<typeof TransitionBatchBody>;

export const Accepted = Type.Object({ accepted: Type.Integer({ minimum: 0 }) });

/** `days`: 7, 30 or 90 (default 30), as a query string carries it. */
export const PeriodQuery = Type.Object(
  { days: Type.Optional(StringEnum(PERIOD_DAYS.map(String) as ['7', '30', '90'], { description: 'The period: 7, 30 or 90 days (default 30)' })) },
  { additionalProperties: false },
);
export const ChartParam = Type.Object({ chartId: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$' }) }, { additionalProperties: false });
export const DayQuery = Type.Object({ day: Type.String({ pattern: '^\\d{4}-\\d{2}-\\d{2}$' }) }, { additionalProperties: false });

export const ChartTotal = Type.Object({ chartId: Type.String(), total: Type.Integer({ minimum: 0 }) });
export const ChartTraffic = Type.Object({
  transitions: Type.Array(
    Type.Object({ from: Type.String(), to: Type.String(), event: Type.String(), count: Type.Integer({ minimum: 0 }), tested: Type.Boolean() }),
  ),
  states: Type.Array(Type.Object({ state: Type.String(), medianMs: Nullable(Type.Integer({ minimum: 0 })) })),
});
export type ChartTraffic = Static<typeof ChartTraffic>;

export const Funnel = Type.Object({
  steps: Type.Array(
    Type.Object({
      step: StringEnum(FUNNEL_STEPS),
      count: Type.Integer({ minimum: 0 }),
      dropOff: Type.Integer({ minimum: 0 }),
      medianMsFromPrevious: Nullable(Type.Integer({ minimum: 0 })),
    }),
  ),
});
export type Funnel = Static<typeof Funnel>;

export const JourneySummary = Type.Object({ id: Type.String(), day: Type.String(), length: Type.Integer({ minimum: 0 }) });
export type JourneySummary = Static<typeof JourneySummary>;
export const Journey = Type.Object({
  id: Type.String(),
  day: Type.String(),
  transitions: Type.Array(Type.Object({ chart: Type.String(), from: Type.String(), to: Type.String(), event: Type.String(), at: Type.Integer() })),
});
export type Journey = Static<typeof Journey>;
