import {
  JOMPAY_PATHS,
  type JompayImportList,
  type JompayImportView,
  type JompaySandboxFileRequest,
} from '@lending/contracts';
import { api } from '@lending/platform';

/** The back office's JomPAY calls, through the one staff API client. */
export const jompayAdminApi = {
  list: async () => (await api.admin.get<JompayImportList>(JOMPAY_PATHS.imports)).data,
  detail: async (importId: string) =>
    (await api.admin.get<JompayImportView>(JOMPAY_PATHS.importDetail(importId))).data,
  importFile: async (fileName: string, content: string) =>
    (await api.admin.post<JompayImportView>(JOMPAY_PATHS.imports, { fileName, content })).data,
  sandboxFile: async (body: JompaySandboxFileRequest) =>
    (await api.admin.post<Blob>(JOMPAY_PATHS.sandboxFile, body, { responseType: 'blob' })).data,
};

/** The largest file the import takes (the API's request limit, with room for the JSON). */
export const MAX_FILE_BYTES = 900_000;

export type CreditsReading =
  { ok: true; credits: JompaySandboxFileRequest['credits'] } | { ok: false; line: number };

/**
 * The sandbox file's credits as staff type them, one a line: a Ref-1 and an amount in ringgit
 * (`20260001230 516.67`). Zero and negative amounts are kept: the file is for trying the import.
 */
export function readCredits(text: string): CreditsReading {
  const credits: JompaySandboxFileRequest['credits'] = [];
  const lines = text.split(/\r?\n/);
  for (const [index, raw] of lines.entries()) {
    const line = raw.trim();
    if (!line) continue;
    const match = /^([\d\s-]{1,40}?)\s+(-?)(\d{1,9})(?:\.(\d{1,2}))?$/.exec(line);
    if (!match) return { ok: false, line: index + 1 };
    const sen = Number(match[3]) * 100 + Number((match[4] ?? '0').padEnd(2, '0'));
    credits.push({ ref1: match[1]!.replace(/[\s-]/g, ''), amountSen: match[2] ? -sen : sen });
  }
  return credits.length > 0 ? { ok: true, credits } : { ok: false, line: 1 };
}
