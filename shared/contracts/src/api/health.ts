export const HEALTH_PATH = '/api/health';

export interface HealthResponse {
  status: 'ok';
  database: 'pglite' | 'postgresql';
}
