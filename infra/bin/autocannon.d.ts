// The part of autocannon's API the throughput bench uses (the package ships no types).
declare module 'autocannon' {
  interface Client {
    setHeaders(headers: Record<string, string>): void;
    setHeadersAndBody(headers: Record<string, string>, body: string | Buffer): void;
  }
  interface Options {
    url: string;
    method?: string;
    connections?: number;
    duration?: number;
    setupClient?: (client: Client) => void;
  }
  interface Histogram {
    average: number;
    p50: number;
    p99: number;
  }
  interface Result {
    latency: Histogram;
    requests: Histogram;
    errors: number;
    timeouts: number;
    non2xx: number;
    statusCodeStats: Record<string, { count: number }>;
  }
  function autocannon(options: Options): Promise<Result>;
  export default autocannon;
}
