// The one HTTP transport of the platform's API client, on XMLHttpRequest: fetch reports no upload
// progress, and the documents of an application are uploaded with a progress bar. It does what
// the client asks of it and no more: JSON in and out, files as blobs, query parameters, upload
// progress, a timeout and cancellation.

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

/** Named values of the query: numbers, words, yes or no; null and undefined ones are left out.
 *  An object, so that a screen's query type (an interface) is taken as it is. */
export type QueryParams = object;

export interface UploadProgress {
  loaded: number;
  /** Unknown when the browser cannot tell the size of the body. */
  total?: number;
}

export interface RequestConfig {
  method?: HttpMethod;
  url?: string;
  /** A FormData, Blob or string goes as it is; anything else but null as JSON. */
  data?: unknown;
  /** Added to the address; null and undefined ones are left out. */
  params?: QueryParams;
  headers?: Record<string, string>;
  /** `blob` for files; else the answer is parsed as JSON when it is JSON. */
  responseType?: 'json' | 'blob';
  /** Milliseconds before the call is given up; 0 for never. */
  timeout?: number;
  signal?: AbortSignal;
  onUploadProgress?: (event: UploadProgress) => void;
  /** Answers the call in place of the network (tests of the client itself). */
  adapter?: (config: RequestConfig) => Promise<HttpResponse>;
}

export interface HttpResponse<T = unknown> {
  data: T;
  status: number;
  /** Names in lower case. */
  headers: Record<string, string>;
  config: RequestConfig;
}

/** A call that failed: refused by the server (`response` holds its answer), or never answered
 *  (no `response`: the network, a timeout or a cancellation, told apart by `code`). */
export class ApiError<T = unknown> extends Error {
  override readonly name = 'ApiError';
  readonly code: string;
  readonly config: RequestConfig;
  readonly response: HttpResponse<T> | undefined;

  constructor(message: string, code: string, config: RequestConfig, response?: HttpResponse<T>) {
    super(message);
    this.code = code;
    this.config = config;
    this.response = response;
  }
}

/** The address with its query: `?a=1&b=x`, after whatever query the address already had. */
export function withParams(url: string, params: QueryParams | undefined): string {
  if (!params) return url;
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params) as [string, unknown][]) {
    if (value !== null && value !== undefined) query.append(name, String(value));
  }
  const text = query.toString();
  if (!text) return url;
  return `${url}${url.includes('?') ? '&' : '?'}${text}`;
}

/** Whether a body is sent as it is (the browser sets its type) rather than as JSON. */
function isRawBody(data: unknown): data is XMLHttpRequestBodyInit {
  return (
    typeof data === 'string' ||
    (typeof FormData !== 'undefined' && data instanceof FormData) ||
    (typeof Blob !== 'undefined' && data instanceof Blob) ||
    (typeof URLSearchParams !== 'undefined' && data instanceof URLSearchParams) ||
    data instanceof ArrayBuffer
  );
}

function parseHeaders(raw: string): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of raw.split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon <= 0) continue;
    const name = line.slice(0, colon).trim().toLowerCase();
    const value = line.slice(colon + 1).trim();
    headers[name] = headers[name] ? `${headers[name]}, ${value}` : value;
  }
  return headers;
}

/** JSON when it is JSON; else the text as it came (an empty answer is ''). */
function parseBody(text: string): unknown {
  if (!text) return '';
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

/** Looks a header up whatever the case of its name. */
export function headerOf(headers: Record<string, string> | undefined, name: string) {
  const wanted = name.toLowerCase();
  for (const [key, value] of Object.entries(headers ?? {})) {
    if (key.toLowerCase() === wanted) return value;
  }
  return undefined;
}

function settle<T>(config: RequestConfig, response: HttpResponse<T>): HttpResponse<T> {
  if (response.status >= 200 && response.status < 300) return response;
  throw new ApiError(
    `Request failed with status code ${response.status}`,
    response.status >= 500 ? 'ERR_BAD_RESPONSE' : 'ERR_BAD_REQUEST',
    config,
    response,
  );
}

/** Sends one call; resolves with a 2xx answer, rejects with an `ApiError` otherwise. */
export function send<T = unknown>(config: RequestConfig): Promise<HttpResponse<T>> {
  if (config.adapter) {
    return config.adapter(config).then((response) => settle(config, response as HttpResponse<T>));
  }
  return new Promise<HttpResponse<T>>((resolve, reject) => {
    if (config.signal?.aborted) {
      reject(new ApiError('canceled', 'ERR_CANCELED', config));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(config.method ?? 'GET', withParams(config.url ?? '', config.params), true);
    xhr.responseType = config.responseType === 'blob' ? 'blob' : 'text';
    xhr.timeout = config.timeout ?? 0;

    const headers: Record<string, string> = {
      Accept: 'application/json, text/plain, */*',
      ...config.headers,
    };
    let body: XMLHttpRequestBodyInit | null = null;
    if (config.data !== undefined && config.data !== null) {
      if (isRawBody(config.data)) {
        body = config.data;
      } else {
        body = JSON.stringify(config.data);
        if (!headerOf(headers, 'Content-Type')) headers['Content-Type'] = 'application/json';
      }
    }
    for (const [name, value] of Object.entries(headers)) xhr.setRequestHeader(name, value);

    const onAbort = () => xhr.abort();
    config.signal?.addEventListener('abort', onAbort, { once: true });
    const done = () => config.signal?.removeEventListener('abort', onAbort);

    if (config.onUploadProgress && body !== null) {
      const report = config.onUploadProgress;
      xhr.upload.addEventListener('progress', (event) =>
        report({ loaded: event.loaded, total: event.lengthComputable ? event.total : undefined }),
      );
    }
    xhr.onload = () => {
      done();
      const data =
        config.responseType === 'blob' ? (xhr.response as unknown) : parseBody(xhr.responseText);
      const response = {
        data: data as T,
        status: xhr.status,
        headers: parseHeaders(xhr.getAllResponseHeaders()),
        config,
      };
      try {
        resolve(settle(config, response));
      } catch (error) {
        reject(error);
      }
    };
    xhr.onerror = () => {
      done();
      reject(new ApiError('Network Error', 'ERR_NETWORK', config));
    };
    xhr.ontimeout = () => {
      done();
      reject(new ApiError(`timeout of ${config.timeout}ms exceeded`, 'ECONNABORTED', config));
    };
    xhr.onabort = () => {
      done();
      reject(new ApiError('canceled', 'ERR_CANCELED', config));
    };
    xhr.send(body);
  });
}
