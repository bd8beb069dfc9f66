import type { FastifyRequest } from 'fastify';

import type { Counters } from '../adapters/counters/port';
import type { Clock } from '../kernel/clock';
import { createLimiter } from '../modules/auth/limiter';
import { applicantOf } from './access';

/** How many times one person, and one loan, may take a money step in the window. */
export const MONEY_STEPS_PER_PERSON = 10;
/**
 * One address's ceiling for a money step. Borrowers behind one office or mobile-carrier address
 * share it, so it sits far above what many people at once take; it stops a script, not a crowd.
 */
export const MONEY_STEPS_PER_ADDRESS = 600;
export const MONEY_STEP_WINDOW_MS = 10 * 60 * 1000;

/**
 * The limit on the steps that move money or set up its collection (direct-debit mandate, paying,
 * settling). Counted per person and per loan after access is checked, so people behind one
 * address never use up each other's attempts; the address is counted too, with a ceiling a
 * carrier's shared address never meets.
 */
export function createMoneyStepLimit(deps: { counters: Counters; clock: Clock }) {
  const limiter = (name: string, max: number) =>
    createLimiter({ name, max, windowMs: MONEY_STEP_WINDOW_MS, ...deps });
  return (step: 'mandate' | 'payment', agreementOf: (request: FastifyRequest) => string) => {
    const person = limiter(`${step}:person`, MONEY_STEPS_PER_PERSON);
    const loan = limiter(`${step}:loan`, MONEY_STEPS_PER_PERSON);
    const address = limiter(`${step}:address`, MONEY_STEPS_PER_ADDRESS);
    return async (request: FastifyRequest): Promise<void> => {
      await address.hit(request.ip);
      await person.hit(applicantOf(request).userId);
      await loan.hit(agreementOf(request));
    };
  };
}

export type MoneyStepLimit = ReturnType<typeof createMoneyStepLimit>;
