/** Liveness: the API process answers. Says nothing of what it runs on. */
export const HEALTH_PATH = '/api/health';
/** Readiness, for the orchestrator: whether the API can serve, component by component. */
export const READINESS_PATH = '/api/health/ready';

export interface HealthResponse {
  status: 'ok';
}

/** Only component names and up or down: the answer is public (probes carry no token). */
export interface ReadinessResponse {
  status: 'ready' | 'unavailable';
  components: Record<string, 'up' | 'down'>;
}
