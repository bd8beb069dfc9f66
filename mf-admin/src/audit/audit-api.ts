import {
  AUDIT_MAX_PAGE_SIZE,
  AUDIT_PATHS,
  type AuditPage,
  type AuditQuery,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The filters as the address bar keeps them, so a view can be shared, reloaded and gone back
 *  to, and the export asks for exactly what the screen shows. */
export function queryToParams(query: AuditQuery): URLSearchParams {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === '') continue;
    params.append(key, String(value));
  }
  return params;
}

const whole = (value: string | null, min: number, max: number): number | undefined => {
  if (value === null || !/^\d{1,10}$/.test(value)) return undefined;
  const number = Number(value);
  return number >= min && number <= max ? number : undefined;
};

const matching = (pattern: RegExp, value: string | null) =>
  value !== null && pattern.test(value) ? value : undefined;

const UUID = '[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}';
const REFERENCE_PART = '[A-Za-z0-9_.-]';

/** What the address bar asks for, keeping only what the API would take (the same patterns). */
export function queryFromParams(params: URLSearchParams): AuditQuery {
  const order = params.get('order');
  const query: AuditQuery = {
    page: whole(params.get('page'), 1, 1_000_000),
    pageSize: whole(params.get('pageSize'), 1, AUDIT_MAX_PAGE_SIZE),
    order: order === 'asc' || order === 'desc' ? order : undefined,
    actor: matching(
      new RegExp(`^(user|staff|system|none|(user|staff|system):${REFERENCE_PART}{1,100}|${UUID})$`),
      params.get('actor'),
    ),
    entityType: matching(/^[a-z][a-z0-9_-]{0,49}$/, params.get('entityType')),
    entityId: matching(
      new RegExp(`^${REFERENCE_PART}{1,100}$`),
      params.get('entityId')?.trim() ?? null,
    ),
    action: matching(/^[a-z][a-z0-9_.]{0,79}\*?$/, params.get('action')),
    from: matching(/^\d{4}-\d{2}-\d{2}$/, params.get('from')),
    to: matching(/^\d{4}-\d{2}-\d{2}$/, params.get('to')),
  };
  return Object.fromEntries(
    Object.entries(query).filter(([, value]) => value !== undefined),
  ) as AuditQuery;
}

/** The filters alone: what an export takes (it holds every row they find, not one page). */
export function exportQuery(query: AuditQuery): AuditQuery {
  const { page: _page, pageSize: _pageSize, ...filters } = query;
  return filters;
}

/** A blob's text, through FileReader where the environment's Blob has no `text()`. */
export function blobText(blob: Blob): Promise<string> {
  if (typeof blob.text === 'function') return blob.text();
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsText(blob);
  });
}

/** An export that failed: the server's code and message, read from the error body the blob
 *  request received as bytes. */
export async function exportFailure(
  error: unknown,
): Promise<{ code: string | null; message: string | null }> {
  const data = (error as { response?: { data?: unknown } } | null)?.response?.data;
  if (!(data instanceof Blob)) return { code: null, message: null };
  try {
    const body = JSON.parse(await blobText(data)) as { code?: unknown; message?: unknown };
    return {
      code: typeof body.code === 'string' ? body.code : null,
      message: typeof body.message === 'string' ? body.message : null,
    };
  } catch {
    return { code: null, message: null };
  }
}

export const auditApi = {
  async list(query: AuditQuery): Promise<AuditPage> {
    const params = queryToParams(query);
    const suffix = params.size ? `?${params.toString()}` : '';
    return (await api.admin.get<AuditPage>(`${AUDIT_PATHS.list}${suffix}`)).data;
  },

  /** The CSV file of every row the filters find, with the name the server gave it. The request
   *  carries the staff token, which a plain link could not. */
  async exportCsv(query: AuditQuery): Promise<{ blob: Blob; fileName: string }> {
    const params = queryToParams(exportQuery(query));
    const suffix = params.size ? `?${params.toString()}` : '';
    const response = await api.admin.get<Blob>(`${AUDIT_PATHS.export}${suffix}`, {
      responseType: 'blob',
    });
    const disposition = String(response.headers['content-disposition'] ?? '');
    const fileName = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'audit.csv';
    return { blob: response.data, fileName };
  },
};
