// Master setup: the files that configure the product, each entity kept in versions. An upload is
// checked (the whole file, every bad line reported) and kept as a new inactive version; an admin's
// activation applies it to the product, in one transaction with its audit row: the video becomes
// the one applicants stream, the calendar the public holidays of the settings, the list the banks
// the forms offer, a template the wording of the notices of agreements made from then on.
import { createHash, randomUUID } from 'node:crypto';
import type { Readable } from 'node:stream';

import type {
  AttestationLanguage,
  MasterEntityId,
  MasterEntityView,
  MasterFileProblem,
  MasterFileVersion,
} from '@lending/contracts';
import {
  MASTER_LIST_MAX_BYTES,
  MASTER_TEMPLATE_ENTITY_IDS,
  MASTER_TEMPLATE_MAX_BYTES,
  MASTER_VIDEO_MAX_BYTES,
  TENANTS,
} from '@lending/contracts';

import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import type { Clock } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import { mp4DurationMs } from '../attestation/media';
import { VIDEO_NOT_FOUND } from '../attestation/messages';
import type { AttestationService } from '../attestation/service';
import type { MasterService } from '../master/service';
import type { SettingsService } from '../settings/service';
import { type BankEntry, type Holiday, readBanks, readHolidays } from './content';
import { isVersionTaken, type MasterFileListed, type MasterSetupStore } from './store';
import {
  type DocumentTemplate,
  readTemplate,
  shippedTemplate,
  type TemplateEntityId,
} from './template';

type Staff = Extract<Principal, { kind: 'staff' }>;

export const FILE_NOT_FOUND = 'File not found';
export const MASTER_FILE_CHANGED =
  'Someone else activated another version since you opened this page; reload and check again';
export const MASTER_FILE_REFUSED =
  'The file cannot be used: fix the lines listed and upload it again';

/** A video shorter than this cannot carry the attestation's content; longer is no longer one. */
const MIN_VIDEO_MS = 1_000;
const MAX_VIDEO_MS = 60 * 60 * 1000;

type Kind =
  | { kind: 'video'; language: AttestationLanguage }
  | { kind: 'holidays' }
  | { kind: 'banks' }
  | { kind: 'template'; entityId: TemplateEntityId };

export function kindOf(entityId: MasterEntityId): Kind {
  switch (entityId) {
    case 'ATTESTATION_VIDEO_EN':
      return { kind: 'video', language: 'EN' };
    case 'ATTESTATION_VIDEO_MS':
      return { kind: 'video', language: 'MS' };
    case 'PUBLIC_HOLIDAYS':
      return { kind: 'holidays' };
    case 'BANK_LIST':
      return { kind: 'banks' };
    case 'PDP_NOTICE_TEMPLATE':
    case 'LOAN_TERMS_TEMPLATE':
      return { kind: 'template', entityId };
  }
}

/** An upload whose content was refused, with every problem found. */
export class MasterFileRefused extends HttpError {
  constructor(readonly problems: MasterFileProblem[]) {
    super(422, MASTER_FILE_REFUSED, 'MASTER_FILE_INVALID');
  }
}

/** What a checked upload is kept as. */
interface Checked {
  mimeType: string;
  content: Holiday[] | BankEntry[] | DocumentTemplate | null;
  itemCount: number | null;
  durationMs: number | null;
}

/** The largest file each entity takes. */
export function maxBytesOf(entityId: MasterEntityId): number {
  const { kind } = kindOf(entityId);
  if (kind === 'video') return MASTER_VIDEO_MAX_BYTES;
  return kind === 'template' ? MASTER_TEMPLATE_MAX_BYTES : MASTER_LIST_MAX_BYTES;
}

/** How a template is kept: plain UTF-8 text, whatever the browser called it. */
const TEMPLATE_MIME = 'text/plain; charset=utf-8';

/** The file's content checked for its entity; refused with its problems. */
export function checkContent(entityId: MasterEntityId, bytes: Buffer): Checked {
  const kind = kindOf(entityId);
  if (bytes.length > maxBytesOf(entityId)) {
    throw new MasterFileRefused([{ line: 0, problem: 'SIZE', text: String(bytes.length) }]);
  }
  if (kind.kind === 'video') {
    // An MP4 starts with its `ftyp` box; its length in time is in the movie header.
    const durationMs =
      bytes.subarray(4, 8).toString('latin1') === 'ftyp' ? mp4DurationMs(bytes) : undefined;
    if (!durationMs || durationMs < MIN_VIDEO_MS || durationMs > MAX_VIDEO_MS) {
      throw new MasterFileRefused([{ line: 0, problem: 'VIDEO', text: '' }]);
    }
    return { mimeType: 'video/mp4', content: null, itemCount: null, durationMs };
  }
  if (kind.kind === 'template') {
    const read = readTemplate(bytes);
    if (!read.template) throw new MasterFileRefused(read.problems);
    return {
      mimeType: TEMPLATE_MIME,
      content: read.template,
      itemCount: read.template.sections.length,
      durationMs: null,
    };
  }
  if (kind.kind === 'holidays') {
    const read = readHolidays(bytes);
    if (read.problems.length > 0) throw new MasterFileRefused(read.problems);
    return {
      mimeType: read.format,
      content: read.items,
      itemCount: read.items.length,
      durationMs: null,
    };
  }
  const read = readBanks(bytes);
  if (read.problems.length > 0) throw new MasterFileRefused(read.problems);
  return {
    mimeType: 'text/csv',
    content: read.items,
    itemCount: read.items.length,
    durationMs: null,
  };
}

function toVersion(row: MasterFileListed): MasterFileVersion {
  return {
    id: row.id,
    entityId: row.entityId,
    version: row.version,
    originalFileName: row.originalFileName,
    mimeType: row.mimeType,
    sizeBytes: row.sizeBytes,
    sha256: row.sha256,
    itemCount: row.itemCount,
    durationMs: row.durationMs,
    uploadedBy: row.uploadedByEmail,
    uploadedAt: row.uploadedAt.toISOString(),
    activatedBy: row.activatedByEmail,
    activatedAt: row.activatedAt?.toISOString() ?? null,
  };
}

const sameSet = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join('\n') === [...b].sort().join('\n');

const bankLine = (bank: BankEntry) => `${bank.code}|${bank.name}|${bank.swiftCode}`;

export interface MasterSetupDeps {
  db: Orm;
  store: MasterSetupStore;
  storage: FileStorage;
  sealer: Sealer;
  clock: Clock;
  attestation: Pick<
    AttestationService,
    'adoptVideo' | 'currentVideoKey' | 'storedVideoStream' | 'videoById'
  >;
  settings: Pick<SettingsService, 'publicHolidays' | 'replacePublicHolidays'>;
  master: Pick<MasterService, 'allBanks' | 'replaceBanks'>;
}

export function createMasterSetupService(deps: MasterSetupDeps) {
  const { db, store, storage, sealer, clock } = deps;

  /** Whether the product uses `file` now, or was changed elsewhere since it was activated. */
  async function inEffect(tenant: string, file: MasterFileListed): Promise<boolean> {
    const kind = kindOf(file.entityId);
    if (kind.kind === 'video') {
      return (await deps.attestation.currentVideoKey(tenant, kind.language)) === file.storageKey;
    }
    if (kind.kind === 'holidays') {
      const dates = ((file.content ?? []) as Holiday[]).map((holiday) => holiday.date);
      return sameSet(dates, await deps.settings.publicHolidays(tenant));
    }
    // The notices read the active template itself: nothing elsewhere can change it.
    if (kind.kind === 'template') return true;
    const offered = (await deps.master.allBanks()).filter((bank) => bank.active);
    return sameSet(((file.content ?? []) as BankEntry[]).map(bankLine), offered.map(bankLine));
  }

  async function entity(tenant: string, entityId: MasterEntityId): Promise<MasterEntityView> {
    const [rows, active] = await Promise.all([
      store.versions(tenant, entityId),
      store.active(tenant, entityId),
    ]);
    const activeRow = active && rows.find((row) => row.id === active.activeFileId);
    return {
      entityId,
      active: activeRow ? toVersion(activeRow) : null,
      inEffect: activeRow ? await inEffect(tenant, activeRow) : false,
      versions: rows.map(toVersion),
    };
  }

  async function found(tenant: string, fileId: string): Promise<MasterFileListed> {
    const row = await store.byId(tenant, fileId);
    if (!row) throw new HttpError(404, FILE_NOT_FOUND);
    return row;
  }

  return {
    entity,

    /**
     * Keeps each tenant's shipped templates as version 1 of their entities, active, the first
     * time the platform starts with them: agreements freeze a version from then on, and the
     * shipped text is the example an admin downloads and edits.
     */
    async shipTemplates(): Promise<void> {
      for (const tenant of TENANTS) {
        for (const entityId of MASTER_TEMPLATE_ENTITY_IDS) {
          if (await store.hasVersions(tenant, entityId)) continue;
          const shipped = shippedTemplate(entityId);
          const id = randomUUID();
          const storageKey = `${id}/${randomUUID()}`;
          const sha256 = createHash('sha256').update(shipped.bytes).digest('hex');
          await storage.put(storageKey, sealer.sealBytes(shipped.bytes));
          let kept = false;
          try {
            const now = clock.now();
            kept = await inTransaction(db, async (tx) => {
              const inserted = await store.insertShipped(tx, {
                id,
                tenant,
                entityId,
                version: 1,
                originalFileName: shipped.fileName,
                mimeType: TEMPLATE_MIME,
                sizeBytes: shipped.bytes.length,
                sha256,
                storageKey,
                sealed: true,
                content: shipped.template,
                itemCount: shipped.template.sections.length,
                durationMs: null,
                uploadedBy: null,
                uploadedAt: now,
                activatedBy: null,
                activatedAt: now,
              });
              if (inserted) {
                await writeAudit(tx, {
                  action: 'master_file.shipped',
                  actor: 'system:master-setup',
                  subject: `tenant:${tenant}`,
                  entity: `master-file:${id}`,
                  to: id,
                  at: now,
                  detail: { entityId, version: 1, sizeBytes: shipped.bytes.length, sha256 },
                });
              }
              return inserted;
            });
          } finally {
            if (!kept) await storage.delete(storageKey);
          }
        }
      }
    },

    /** Checks the file for its entity and keeps it as the entity's next version, inactive. */
    async upload(
      staff: Staff,
      tenant: string,
      entityId: MasterEntityId,
      file: { originalFileName: string; bytes: Buffer },
      ip: string | null,
    ): Promise<MasterFileVersion> {
      const checked = checkContent(entityId, file.bytes);
      const kind = kindOf(entityId);
      const id = randomUUID();
      // Keys have the storage's one shape: the owning row's id, then the object's own.
      const storageKey = `${id}/${randomUUID()}`;
      const sealed = kind.kind !== 'video';
      await storage.put(storageKey, sealed ? sealer.sealBytes(file.bytes) : file.bytes);
      const sha256 = createHash('sha256').update(file.bytes).digest('hex');
      try {
        // Two uploads at once may both take the next number: the second tries the one after.
        for (let attempt = 0; ; attempt += 1) {
          const version = await store.nextVersion(tenant, entityId);
          const now = clock.now();
          try {
            await inTransaction(db, async (tx) => {
              await store.insert(tx, {
                id,
                tenant,
                entityId,
                version,
                originalFileName: file.originalFileName,
                mimeType: checked.mimeType,
                sizeBytes: file.bytes.length,
                sha256,
                storageKey,
                sealed,
                content: checked.content,
                itemCount: checked.itemCount,
                durationMs: checked.durationMs,
                uploadedBy: staff.staffId,
                uploadedAt: now,
              });
              await writeAudit(tx, {
                action: 'master_file.uploaded',
                actor: `staff:${staff.staffId}`,
                subject: `tenant:${tenant}`,
                entity: `master-file:${id}`,
                ip,
                at: now,
                detail: {
                  entityId,
                  version,
                  sizeBytes: file.bytes.length,
                  sha256,
                  itemCount: checked.itemCount,
                  durationMs: checked.durationMs,
                },
              });
            });
            break;
          } catch (error) {
            if (!isVersionTaken(error) || attempt >= 2) throw error;
          }
        }
      } catch (error) {
        await storage.delete(storageKey);
        throw error;
      }
      return toVersion(await found(tenant, id));
    },

    /**
     * Applies the version to the product and makes it the entity's active one, with an audit row
     * holding what the product had before and has after. `expectedActiveId` is the active
     * version the admin saw: another activation in between is refused.
     */
    async activate(
      staff: Staff,
      tenant: string,
      fileId: string,
      expectedActiveId: string | null,
      ip: string | null,
    ): Promise<MasterEntityView> {
      const file = await found(tenant, fileId);
      const kind = kindOf(file.entityId);
      const now = clock.now();
      await inTransaction(db, async (tx) => {
        await store.lockEntity(tx, tenant, file.entityId);
        const current = await store.active(tenant, file.entityId, tx);
        if ((current?.activeFileId ?? null) !== expectedActiveId) {
          throw new HttpError(409, MASTER_FILE_CHANGED, 'MASTER_FILE_CHANGED');
        }
        let before: Record<string, unknown>;
        let after: Record<string, unknown>;
        if (kind.kind === 'video') {
          before = {
            storageKey: await deps.attestation.currentVideoKey(tenant, kind.language, tx),
          };
          const video = await deps.attestation.adoptVideo(tx, {
            tenant,
            language: kind.language,
            storageKey: file.storageKey,
            sizeBytes: file.sizeBytes,
            durationMs: file.durationMs!,
            sha256: file.sha256,
            staffId: staff.staffId,
            at: now,
          });
          after = { storageKey: file.storageKey, attestationVideoId: video.id };
        } else if (kind.kind === 'template') {
          // Agreements already made keep the version they froze; only new ones take this one.
          before = { activeFileId: current?.activeFileId ?? null };
          after = { activeFileId: file.id, sections: file.itemCount };
        } else if (kind.kind === 'holidays') {
          const dates = ((file.content ?? []) as Holiday[]).map((holiday) => holiday.date);
          before = { publicHolidays: [...(await deps.settings.publicHolidays(tenant, tx))] };
          const versions = await deps.settings.replacePublicHolidays(
            tx,
            staff.staffId,
            tenant,
            dates,
            ip,
          );
          after = { publicHolidays: dates, settingsVersion: versions.to };
          before.settingsVersion = versions.from;
        } else {
          const banks = (file.content ?? []) as BankEntry[];
          const previous = await deps.master.allBanks(tx);
          const listed = new Set(banks.map((bank) => bank.code));
          before = {
            offered: previous.filter((bank) => bank.active).map((bank) => bank.code),
          };
          await deps.master.replaceBanks(tx, banks);
          after = {
            offered: banks.map((bank) => bank.code),
            // Kept for the applications and payouts that name them, but no longer offered.
            withdrawn: previous
              .filter((bank) => bank.active && !listed.has(bank.code))
              .map((bank) => bank.code),
            renamed: previous
              .filter((bank) =>
                banks.some(
                  (entry) =>
                    entry.code === bank.code &&
                    (entry.name !== bank.name || entry.swiftCode !== bank.swiftCode),
                ),
              )
              .map((bank) => bank.code),
          };
        }
        await store.setActive(tx, file, staff.staffId, now);
        await writeAudit(tx, {
          action: 'master_file.activated',
          actor: `staff:${staff.staffId}`,
          subject: `tenant:${tenant}`,
          entity: `master-file:${file.id}`,
          from: current?.activeFileId ?? null,
          to: file.id,
          ip,
          at: now,
          detail: { entityId: file.entityId, version: file.version, before, after },
        });
      });
      return entity(tenant, file.entityId);
    },

    /** The version's file as it was uploaded. */
    async download(
      tenant: string,
      fileId: string,
    ): Promise<{ file: MasterFileVersion; body: Buffer | Readable }> {
      const row = await found(tenant, fileId);
      if (row.sealed) {
        const sealedBytes = await storage.get(row.storageKey);
        if (!sealedBytes) throw new HttpError(404, FILE_NOT_FOUND);
        return { file: toVersion(row), body: sealer.openBytes(sealedBytes) };
      }
      const stream = await storage.getStream(row.storageKey);
      if (!stream) throw new HttpError(404, FILE_NOT_FOUND);
      return { file: toVersion(row), body: stream };
    },

    /**
     * A video by id, streamed with the range asked for: a master setup version of an attestation
     * video, or an attestation video itself (the one a viewing in the evidence names). Anything
     * else, another tenant's included, is "Video Not Found".
     */
    async videoStream(tenant: string, fileId: string, rangeHeader: string | undefined) {
      const version = await store.byId(tenant, fileId);
      if (version && kindOf(version.entityId).kind === 'video') {
        return deps.attestation.storedVideoStream(version, rangeHeader);
      }
      const video = await deps.attestation.videoById(fileId);
      if (video && video.tenant === tenant) {
        return deps.attestation.storedVideoStream(video, rangeHeader);
      }
      throw new HttpError(404, VIDEO_NOT_FOUND, 'VIDEO_NOT_FOUND');
    },
  };
}

export type MasterSetupService = ReturnType<typeof createMasterSetupService>;

/** The notices' templates as agreements use them: frozen when one is made, read back after. */
export function createTemplates(
  store: Pick<MasterSetupStore, 'templateContent' | 'activeTemplateIds'>,
) {
  return {
    /** The versions active now, for an agreement made in `tx`. */
    activeIds: (tx: OrmTransaction, tenant: string) => store.activeTemplateIds(tx, tenant),

    /** The version an agreement froze, or the shipped text for agreements made before
     *  templates were versioned. */
    async source(
      tenant: string,
      entityId: TemplateEntityId,
      fileId: string | null,
    ): Promise<{ id: string; template: DocumentTemplate }> {
      if (!fileId) return { id: 'shipped', template: shippedTemplate(entityId).template };
      const content = await store.templateContent(tenant, fileId);
      if (!content) {
        throw new Error(`The template version ${fileId} the agreement froze is missing`);
      }
      return { id: fileId, template: content as DocumentTemplate };
    },
  };
}

export type Templates = ReturnType<typeof createTemplates>;
