/** Counts evaluations of this package in the page: with federation sharing it as a singleton the
 *  count stays 1, which the end-to-end tests check. */
type Registry = { __lendingPlatformEvaluations?: number };
const registry = globalThis as Registry;
registry.__lendingPlatformEvaluations = (registry.__lendingPlatformEvaluations ?? 0) + 1;

export const platformInstanceId = registry.__lendingPlatformEvaluations;
