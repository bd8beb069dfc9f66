// Collections: the daily job reads every active account's instalments (through the repayments
// service), moves its collection stage through the stage machine, sends each instalment's one
// reminder a few days before it falls due and an arrears notice after each missed due date; staff
// issue the default notice once an account is more than 28 days in default. Remote and in writing
// only: letters are PDFs sealed in file storage, each a new version, emailed to the borrower.
import { createHash, randomUUID } from 'node:crypto';

import type {
  CollectionAccountDetail,
  CollectionAccountsResponse,
  CollectionAccountSummary,
  CollectionLetterKind,
  CollectionLettersResponse,
  CollectionLetterView,
  CollectionStageValue,
  Language,
} from '@lending/contracts';
import {
  arrearsNoticeDue,
  arrearsOf,
  type ArrearsPosition,
  COLLECTION_STAGE_MACHINE,
  type CollectionStage,
  collectionStageFor,
  DEFAULT_AFTER_DAYS_IN_DEFAULT,
  DEFAULT_COLLECTION_SETTINGS,
  defaultNoticeRemedyDate,
  type IsoDate,
  MAX_DEFAULT_NOTICE_DAYS,
  MIN_DEFAULT_NOTICE_DAYS,
  remindersDue,
  transition,
} from '@lending/domain';
import type { FastifyBaseLogger } from 'fastify';

import type { EmailSender } from '../../adapters/email/port';
import type { SmsSender } from '../../adapters/sms/port';
import type { FileStorage } from '../../adapters/storage/port';
import type { Sealer } from '../../crypto/sealed';
import type { Orm } from '../../db/database';
import type { Principal } from '../../http/access';
import { forEachAtOnce } from '../../kernel/at-once';
import { writeAudit } from '../../kernel/audit';
import { type Clock, malaysiaToday } from '../../kernel/clock';
import { HttpError, sentence } from '../../kernel/errors';
import type { PublicUrl } from '../../kernel/public-url';
import { inTransaction, type OrmTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import type { RepaymentModule } from '../repayments/service';
import type { SettingsService } from '../settings/service';
import type { UserAccounts } from '../users/service';
import { letterPdf } from './letter';
import {
  ACCOUNT_NOT_ACTIVE,
  ACCOUNT_NOT_FOUND,
  LETTER_NOT_FOUND,
  letterEmail,
  letterSubject,
  letterSummary,
  NOT_READY_FOR_DEFAULT,
  NOTICE_ALREADY_ISSUED,
  reminderEmail,
  reminderSms,
} from './messages';
import type { CaseRow, CollectionStore, LetterRow, ReminderRow } from './store';
import { createCollectionWork } from './work';
import type { CollectionWorkStore } from './work-store';

export interface CollectionServiceDeps {
  db: Orm;
  store: CollectionStore;
  repayments: Pick<
    RepaymentModule,
    'activeAgreementIds' | 'collectionPosition' | 'lockedBooks' | 'terminate' | 'amountDueNow'
  >;
  /** The case's work: terminations, promises, the contact log, officer and next action. */
  work: CollectionWorkStore;
  users: Pick<UserAccounts, 'byId'>;
  settings: Pick<SettingsService, 'currentSettings'>;
  storage: FileStorage;
  sealer: Sealer;
  email: EmailSender;
  sms: SmsSender;
  clock: Clock;
  publicUrl: PublicUrl;
  log?: FastifyBaseLogger;
  /** Loans the daily run works on side by side (`loansAtOnceFor`). */
  loansAtOnce?: number;
}

type Applicant = Extract<Principal, { kind: 'applicant' }>;
type Staff = Extract<Principal, { kind: 'staff' }>;
type Position = NonNullable<Awaited<ReturnType<RepaymentModule['collectionPosition']>>>;

/** Who may issue a default notice: the roles that decide on loans (one person: DOMAIN.md keeps
 *  four eyes for approval, disbursement, waivers and write-off; a notice decides nothing yet). */
export const DEFAULT_NOTICE_ROLES = ['ADMIN', 'CREDIT_OFFICER', 'APPROVER'] as const;

const JOB_ACTOR = 'system:collections';

const LETTER_FILE_PREFIX: Record<CollectionLetterKind, string> = {
  ARREARS: 'arrears-notice',
  DEFAULT: 'default-notice',
  TERMINATION: 'termination-notice',
};

export function createCollectionService(deps: CollectionServiceDeps) {
  const { db, store, clock } = deps;
  const loansAtOnce = deps.loansAtOnce ?? 1;
  const work = createCollectionWork(deps);
  const { contacts } = work;
  const accountNotFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');
  const letterNotFound = () => new HttpError(404, LETTER_NOT_FOUND, 'COLLECTION_LETTER_NOT_FOUND');

  async function borrower(userId: string) {
    const user = await deps.users.byId(userId);
    const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
    return { user, language };
  }

  /** Moves the locked case to `to` through the stage machine, with its history and audit rows. */
  async function moveStage(
    tx: OrmTransaction,
    row: CaseRow,
    position: Position,
    to: CollectionStage,
    actor: { kind: 'system' | 'staff'; ref: string },
    reason: string,
  ): Promise<CaseRow> {
    const from = row.stage;
    const allowed = transition(COLLECTION_STAGE_MACHINE, from, to, { actor: actor.kind });
    if (!allowed.ok) throw new Error(`collection stage ${from} -> ${to}: ${allowed.reason}`);
    const at = clock.now();
    await store.updateCase(tx, row, { stage: to });
    await store.addStageHistory(tx, {
      accountId: row.accountId,
      fromStage: from,
      toStage: to,
      actor: actor.ref,
      reason,
      at,
    });
    await writeAudit(tx, {
      action: 'collection.stage_changed',
      actor: actor.ref,
      subject: `user:${position.account.userId}`,
      entity: `collection-case:${row.accountId}`,
      from,
      to,
      reason,
      at,
      detail: { agreementId: position.account.agreementId },
    });
    return { ...row, stage: to, version: row.version + 1 };
  }

  function figures(arrears: ArrearsPosition) {
    return {
      daysPastDue: arrears.daysPastDue,
      overdueSen: arrears.overdueSen,
      lateChargesSen: arrears.lateChargesSen,
    };
  }

  function reasonFor(to: CollectionStage, arrears: ArrearsPosition): string {
    if (to === 'CURRENT') return 'Arrears cleared';
    if (to === 'READY_FOR_DEFAULT') return `More than 28 days in default (${arrears.daysPastDue})`;
    return `Instalment past its due date (${arrears.daysPastDue} days)`;
  }

  /** Builds the letter's PDF and keeps it sealed under a key of its own (never overwritten). */
  async function storeLetter(
    position: Position,
    kind: CollectionLetterKind,
    version: number,
    arrears: ArrearsPosition,
    issuedOn: IsoDate,
    remedyBy: IsoDate | null,
    language: Language,
    borrowerName: string,
  ) {
    const lender = LENDERS[position.account.tenant as keyof typeof LENDERS] ?? LENDERS.arkcash;
    const bytes = await letterPdf(
      {
        kind,
        version,
        issuedOn,
        issuedAt: clock.now(),
        agreementNo: position.agreementNo,
        borrowerName,
        overdue: arrears.overdue,
        overdueSen: arrears.overdueSen,
        lateChargesSen: arrears.lateChargesSen,
        lateChargeRateBp: position.lateChargeRateBp,
        remedyBy,
        payUrl: `${deps.publicUrl()}/pay-instalment-now`,
      },
      language,
      lender,
    );
    const id = randomUUID();
    // The storage adapter keys files `<owner>/<file>`, as receipts are: the agreement, the letter.
    const storageKey = `${position.account.agreementId}/${id}`;
    await deps.storage.put(storageKey, deps.sealer.sealBytes(bytes));
    return {
      id,
      storageKey,
      sha256: createHash('sha256').update(bytes).digest('hex'),
      sizeBytes: bytes.length,
    };
  }

  /** Emails the borrower that a letter is ready; a failure is tried again by the next run. */
  async function emailLetter(letter: LetterRow): Promise<boolean> {
    try {
      const { user } = await borrower(letter.userId);
      if (!user?.email) return false;
      const position = await deps.repayments.collectionPosition(
        letter.agreementId,
        malaysiaToday(clock),
      );
      await deps.email.send(
        letterEmail({
          to: user.email,
          firstName: user.firstName,
          language: letter.language,
          kind: letter.kind,
          agreementNo: position?.agreementNo ?? '',
          totalSen: letter.overdueSen + letter.lateChargesSen,
          remedyBy: letter.remedyBy,
          historyUrl: `${deps.publicUrl()}/payment-history`,
        }),
      );
      await store.markLetterEmailed(letter.id, clock.now());
      return true;
    } catch (error) {
      deps.log?.warn(
        { letterId: letter.id, error: (error as Error).message },
        'letter not emailed',
      );
      return false;
    }
  }

  /** The arrears notice for the due dates missed since the last one, if there are any. */
  async function sendArrearsNotice(position: Position, arrears: ArrearsPosition, asOf: IsoDate) {
    // Outside the permitted hours (or a letter went today) the notice waits for the next run.
    if (await contacts.refusal(position.account, 'LETTER')) return false;
    const { language } = await borrower(position.account.userId);
    const through = arrears.overdue.at(-1)!.instalmentNo;
    const accountId = position.account.id;
    const versionGuess =
      1 +
      (await store.lettersOf(position.account.agreementId)).filter(
        (letter) => letter.kind === 'ARREARS',
      ).length;
    const stored = await storeLetter(
      position,
      'ARREARS',
      versionGuess,
      arrears,
      asOf,
      null,
      language,
      await store.borrowerNameOf(position.account.agreementId),
    );
    const letter = await inTransaction(db, async (tx) => {
      const row = await store.lockCase(tx, accountId, asOf);
      if (!arrearsNoticeDue(arrears, row.arrearsNoticedThrough)) return null;
      const version = await store.nextLetterVersion(tx, accountId, 'ARREARS');
      // Numbered as printed: a letter racing another is dropped, not renumbered.
      if (version !== versionGuess) return null;
      const inserted = await store.insertLetter(tx, {
        id: stored.id,
        tenant: position.account.tenant,
        accountId,
        agreementId: position.account.agreementId,
        userId: position.account.userId,
        kind: 'ARREARS',
        version,
        language,
        issuedOn: asOf,
        instalmentsThrough: through,
        overdueSen: arrears.overdueSen,
        lateChargesSen: arrears.lateChargesSen,
        remedyBy: null,
        issuedBy: JOB_ACTOR,
        storageKey: stored.storageKey,
        sha256: stored.sha256,
        sizeBytes: stored.sizeBytes,
      });
      await store.updateCase(tx, row, { arrearsNoticedThrough: through });
      await contacts.log(tx, position.account, {
        channel: 'LETTER',
        kind: 'ARREARS_NOTICE',
        subject: letterSubject('ARREARS', language, position.agreementNo),
        body: letterSummary(language, arrears.overdueSen + arrears.lateChargesSen, null),
        language,
        actor: JOB_ACTOR,
        letterId: inserted.id,
      });
      await writeAudit(tx, {
        action: 'collection.arrears_notice_sent',
        actor: JOB_ACTOR,
        subject: `user:${position.account.userId}`,
        entity: `collection-letter:${inserted.id}`,
        detail: {
          agreementId: position.account.agreementId,
          version,
          instalmentsThrough: through,
          overdueSen: arrears.overdueSen,
          daysPastDue: arrears.daysPastDue,
        },
      });
      return inserted;
    });
    if (!letter) {
      await deps.storage.delete(stored.storageKey);
      return false;
    }
    await emailLetter(letter);
    return true;
  }

  /** Takes each due reminder once, then sends it by email and SMS in the borrower's language. */
  async function sendReminders(
    position: Position,
    due: ReturnType<typeof remindersDue>,
    asOf: IsoDate,
    taken: Set<string>,
  ): Promise<number> {
    const { user, language } = await borrower(position.account.userId);
    let sent = 0;
    for (const reminder of due) {
      // A reminder outside the permitted hours, or beyond a day's emails, waits for the next run.
      if (await contacts.refusal(position.account, 'EMAIL')) continue;
      const claimed = await inTransaction(db, async (tx) => {
        const row = await store.claimReminder(
          {
            accountId: position.account.id,
            instalmentNo: reminder.instalmentNo,
            dueDate: reminder.dueDate,
            amountSen: reminder.amountSen,
            language,
            businessDate: asOf,
          },
          tx,
        );
        if (!row) return null;
        await writeAudit(tx, {
          action: 'collection.reminder_sent',
          actor: JOB_ACTOR,
          subject: `user:${position.account.userId}`,
          entity: `collection-case:${position.account.id}`,
          detail: {
            agreementId: position.account.agreementId,
            instalmentNo: reminder.instalmentNo,
            dueDate: reminder.dueDate,
            amountSen: reminder.amountSen,
          },
        });
        return row;
      });
      if (!claimed) continue;
      taken.add(claimed.id);
      sent += 1;
      await deliverReminder(claimed, position, user);
    }
    return sent;
  }

  async function deliverReminder(
    reminder: ReminderRow,
    position: Position,
    user: Awaited<ReturnType<UserAccounts['byId']>>,
  ): Promise<void> {
    if (!user) return;
    const { agreementNo } = position;
    const logged = (channel: 'EMAIL' | 'SMS', message: { subject?: string; body: string }) =>
      contacts.log(db, position.account, {
        channel,
        kind: 'REMINDER',
        subject: message.subject ?? message.body.slice(0, 120),
        body: message.body,
        language: reminder.language,
        actor: JOB_ACTOR,
      });
    const facts = {
      agreementNo,
      instalmentNo: reminder.instalmentNo,
      dueDate: reminder.dueDate,
      amountSen: reminder.amountSen,
    };
    try {
      if (!reminder.emailSentAt && !(await contacts.refusal(position.account, 'EMAIL'))) {
        const message = reminderEmail({
          to: user.email,
          firstName: user.firstName,
          language: reminder.language,
          facts,
          payUrl: `${deps.publicUrl()}/pay-instalment-now`,
        });
        await deps.email.send(message);
        await store.markReminderSent(reminder.id, { emailSentAt: clock.now() });
        await logged('EMAIL', message);
      }
      if (
        !reminder.smsSentAt &&
        user.phoneNo &&
        !(await contacts.refusal(position.account, 'SMS'))
      ) {
        const message = reminderSms({ to: user.phoneNo, language: reminder.language, facts });
        await deps.sms.send(message);
        await store.markReminderSent(reminder.id, { smsSentAt: clock.now() });
        await logged('SMS', message);
      }
    } catch (error) {
      deps.log?.warn(
        { reminderId: reminder.id, error: (error as Error).message },
        'reminder not delivered',
      );
    }
  }

  const reminderDaysOf = async (tenant: string, cache: Map<string, number>) => {
    const known = cache.get(tenant);
    if (known !== undefined) return known;
    const settings = await deps.settings.currentSettings(tenant);
    const days = (settings.collections ?? DEFAULT_COLLECTION_SETTINGS).reminderDaysBefore;
    cache.set(tenant, days);
    return days;
  };

  function letterView(row: LetterRow): CollectionLetterView {
    return {
      id: row.id,
      kind: row.kind,
      version: row.version,
      language: row.language,
      issuedOn: row.issuedOn,
      overdueSen: row.overdueSen,
      lateChargesSen: row.lateChargesSen,
      remedyBy: row.remedyBy,
      issuedBy: row.issuedBy,
      emailedAt: row.emailedAt?.toISOString() ?? null,
    };
  }

  async function livePosition(agreementId: string) {
    const asOf = malaysiaToday(clock);
    const position = await deps.repayments.collectionPosition(agreementId, asOf);
    if (!position) throw accountNotFound();
    return { asOf, position, arrears: arrearsOf(position.positions) };
  }

  async function readLetter(row: LetterRow | undefined) {
    if (!row) throw letterNotFound();
    const sealed = await deps.storage.get(row.storageKey);
    if (!sealed) throw letterNotFound();
    const prefix = LETTER_FILE_PREFIX[row.kind];
    return { bytes: deps.sealer.openBytes(sealed), fileName: `${prefix}-${row.version}.pdf` };
  }

  /** Staff: one account's arrears as of today and its letters. */
  async function accountDetail(
    viewer: Staff,
    agreementId: string,
  ): Promise<CollectionAccountDetail> {
    const { asOf, position, arrears } = await livePosition(agreementId);
    const known = await store.caseOfAgreement(agreementId);
    const stage = collectionStageFor(known?.stage ?? 'CURRENT', arrears);
    const letters = await store.lettersOf(agreementId);
    const mayIssue = viewer.roles.some((role) =>
      (DEFAULT_NOTICE_ROLES as readonly string[]).includes(role),
    );
    return {
      agreementId,
      agreementNo: position.agreementNo,
      borrowerName: await store.borrowerNameOf(agreementId),
      stage,
      ...figures(arrears),
      readyForDefault: arrears.readyForDefault,
      asOf,
      letters: letters.length,
      canIssueDefaultNotice:
        mayIssue &&
        position.account.status === 'ACTIVE' &&
        arrears.readyForDefault &&
        stage !== 'DEFAULT_NOTICE_ISSUED',
      overdueInstalments: arrears.overdue,
      items: letters.map(letterView),
    };
  }

  return {
    /**
     * The daily job. Safe to run twice: a case is written only when its stage or figures changed,
     * a reminder is taken once per instalment (unique row) and a notice once per missed due date.
     * A missed day is caught up: reminders go while the due date is ahead, and the due dates
     * missed meanwhile make one notice.
     */
    async runDaily(): Promise<Record<string, number>> {
      const asOf = malaysiaToday(clock);
      const cases = await store.cases();
      const reminded = await store.remindedSince(asOf);
      const reminderDays = new Map<string, number>();
      const taken = new Set<string>();
      const counts = {
        accounts: 0,
        stageChanges: 0,
        reminders: 0,
        arrearsNotices: 0,
        lettersEmailed: 0,
        remindersRetried: 0,
        casesUpdated: 0,
      };
      // Promises first: one broken today makes its case's next action a call today.
      const promises = await work.promises.settleAll(asOf);
      await forEachAtOnce(
        await deps.repayments.activeAgreementIds(),
        loansAtOnce,
        async (agreementId) => {
          const position = await deps.repayments.collectionPosition(agreementId, asOf);
          if (!position || position.account.status !== 'ACTIVE') return;
          counts.accounts += 1;
          const accountId = position.account.id;
          const arrears = arrearsOf(position.positions);
          const known = cases.get(accountId);
          const stage = known?.stage ?? 'CURRENT';
          const next = collectionStageFor(stage, arrears);
          const changed = known
            ? known.stage !== next ||
              known.daysPastDue !== arrears.daysPastDue ||
              known.overdueSen !== arrears.overdueSen ||
              known.lateChargesSen !== arrears.lateChargesSen
            : next !== 'CURRENT';
          if (changed) {
            await inTransaction(db, async (tx) => {
              let row = await store.lockCase(tx, accountId, asOf);
              const target = collectionStageFor(row.stage, arrears);
              if (target !== row.stage) {
                row = await moveStage(
                  tx,
                  row,
                  position,
                  target,
                  { kind: 'system', ref: JOB_ACTOR },
                  reasonFor(target, arrears),
                );
                counts.stageChanges += 1;
              }
              await store.updateCase(tx, row, { ...figures(arrears), asOf });
            });
          }
          if (
            arrears.overdue.length > 0 &&
            arrearsNoticeDue(arrears, known?.arrearsNoticedThrough ?? 0)
          ) {
            if (await sendArrearsNotice(position, arrears, asOf)) counts.arrearsNotices += 1;
          }
          const days = await reminderDaysOf(position.account.tenant, reminderDays);
          const due = remindersDue(position.positions, asOf, days).filter(
            (reminder) => !reminded.has(`${accountId}:${reminder.instalmentNo}`),
          );
          if (due.length > 0) counts.reminders += await sendReminders(position, due, asOf, taken);
          // Only accounts that ever had a case, or have one now, have work to read.
          if (
            (known || next !== 'CURRENT') &&
            (await work.cases.refreshCase(agreementId, position, asOf))
          ) {
            counts.casesUpdated += 1;
          }
        },
      );
      // Messages a channel did not take before: tried again while they still mean something.
      for (const { reminder, agreementId } of await store.unsentReminders(asOf)) {
        // Taken in this run and failed already: the next run tries it again.
        if (taken.has(reminder.id)) continue;
        const position = await deps.repayments.collectionPosition(agreementId, asOf);
        if (!position) continue;
        const { user } = await borrower(position.account.userId);
        await deliverReminder(reminder, position, user);
        counts.remindersRetried += 1;
      }
      for (const letter of await store.unemailedLetters()) {
        if (await emailLetter(letter)) counts.lettersEmailed += 1;
      }
      return { ...counts, ...promises };
    },

    /** Staff: accounts in arrears, most days past due first. */
    async accounts(stage?: CollectionStageValue): Promise<CollectionAccountsResponse> {
      const rows = await store.inArrears(stage);
      return {
        items: rows.map((row): CollectionAccountSummary => ({
          agreementId: row.agreementId,
          agreementNo: row.agreementNo,
          borrowerName: row.borrowerName,
          stage: row.case.stage,
          daysPastDue: row.case.daysPastDue,
          overdueSen: row.case.overdueSen,
          lateChargesSen: row.case.lateChargesSen,
          readyForDefault: row.case.daysPastDue > DEFAULT_AFTER_DAYS_IN_DEFAULT,
          asOf: row.case.asOf,
          letters: row.letters,
        })),
      };
    },

    account: accountDetail,

    /**
     * Staff: the default notice, with `warningDays` (at least 14) to pay the arrears. One person
     * issues it; the account must be more than 28 days in default and have no notice standing.
     */
    async issueDefaultNotice(
      viewer: Staff,
      agreementId: string,
      warningDays: number,
      ip: string | null,
    ): Promise<CollectionAccountDetail> {
      const { asOf, position, arrears } = await livePosition(agreementId);
      if (position.account.status !== 'ACTIVE') {
        throw new HttpError(409, ACCOUNT_NOT_ACTIVE, 'DEFAULT_NOTICE_REFUSED');
      }
      if (!arrears.readyForDefault) {
        throw new HttpError(409, NOT_READY_FOR_DEFAULT, 'DEFAULT_NOTICE_REFUSED');
      }
      if (
        !Number.isSafeInteger(warningDays) ||
        warningDays < MIN_DEFAULT_NOTICE_DAYS ||
        warningDays > MAX_DEFAULT_NOTICE_DAYS
      ) {
        // The domain's own refusal, word for word, worded in the reader's language here.
        throw new HttpError(
          400,
          sentence('a default notice gives {min} to {max} days', {
            min: MIN_DEFAULT_NOTICE_DAYS,
            max: MAX_DEFAULT_NOTICE_DAYS,
          }),
          'VALIDATION_FAILED',
        );
      }
      const remedyBy: IsoDate = defaultNoticeRemedyDate(asOf, warningDays);
      // A notice standing is the law's answer, given before the contact rules'.
      if ((await store.caseOfAgreement(agreementId))?.stage === 'DEFAULT_NOTICE_ISSUED') {
        throw new HttpError(409, NOTICE_ALREADY_ISSUED, 'DEFAULT_NOTICE_REFUSED');
      }
      await contacts.refuseUnlessAllowed(position.account, 'LETTER');
      const { language } = await borrower(position.account.userId);
      const accountId = position.account.id;
      const version =
        1 +
        (await store.lettersOf(agreementId)).filter((letter) => letter.kind === 'DEFAULT').length;
      const stored = await storeLetter(
        position,
        'DEFAULT',
        version,
        arrears,
        asOf,
        remedyBy,
        language,
        await store.borrowerNameOf(agreementId),
      );
      const actor = `staff:${viewer.staffId}`;
      let letter: LetterRow;
      try {
        letter = await inTransaction(db, async (tx) => {
          let row = await store.lockCase(tx, accountId, asOf);
          if (row.stage === 'DEFAULT_NOTICE_ISSUED') {
            throw new HttpError(409, NOTICE_ALREADY_ISSUED, 'DEFAULT_NOTICE_REFUSED');
          }
          if (row.stage !== 'READY_FOR_DEFAULT') {
            // The job has not read the account today yet: the flag is raised first, as it would.
            row = await moveStage(
              tx,
              row,
              position,
              'READY_FOR_DEFAULT',
              { kind: 'system', ref: JOB_ACTOR },
              reasonFor('READY_FOR_DEFAULT', arrears),
            );
          }
          row = await moveStage(
            tx,
            row,
            position,
            'DEFAULT_NOTICE_ISSUED',
            { kind: 'staff', ref: actor },
            `Default notice issued; pay by ${remedyBy}`,
          );
          await store.updateCase(tx, row, { ...figures(arrears), asOf });
          if ((await store.nextLetterVersion(tx, accountId, 'DEFAULT')) !== version) {
            throw new HttpError(409, NOTICE_ALREADY_ISSUED, 'DEFAULT_NOTICE_REFUSED');
          }
          const inserted = await store.insertLetter(tx, {
            id: stored.id,
            tenant: position.account.tenant,
            accountId,
            agreementId,
            userId: position.account.userId,
            kind: 'DEFAULT',
            version,
            language,
            issuedOn: asOf,
            instalmentsThrough: arrears.overdue.at(-1)!.instalmentNo,
            overdueSen: arrears.overdueSen,
            lateChargesSen: arrears.lateChargesSen,
            remedyBy,
            issuedBy: actor,
            storageKey: stored.storageKey,
            sha256: stored.sha256,
            sizeBytes: stored.sizeBytes,
          });
          await contacts.log(tx, position.account, {
            channel: 'LETTER',
            kind: 'DEFAULT_NOTICE',
            subject: letterSubject('DEFAULT', language, position.agreementNo),
            body: letterSummary(language, arrears.overdueSen + arrears.lateChargesSen, remedyBy),
            language,
            actor,
            letterId: inserted.id,
          });
          await writeAudit(tx, {
            action: 'collection.default_notice_issued',
            actor,
            subject: `user:${position.account.userId}`,
            entity: `collection-letter:${inserted.id}`,
            ip,
            detail: {
              agreementId,
              version,
              warningDays,
              remedyBy,
              overdueSen: arrears.overdueSen,
              lateChargesSen: arrears.lateChargesSen,
              daysPastDue: arrears.daysPastDue,
            },
          });
          return inserted;
        });
      } catch (error) {
        await deps.storage.delete(stored.storageKey);
        throw error;
      }
      await emailLetter(letter);
      // The case's next step follows the notice at once (termination from its end), not from
      // the next morning's run.
      await work.cases.refreshCase(agreementId, position, asOf);
      return accountDetail(viewer, agreementId);
    },

    /** The case's work: terminations, promises, the contact log, officer and next action. */
    work,

    /** Staff: a letter's PDF. */
    async staffLetter(letterId: string) {
      return readLetter(await store.letter(letterId).catch(() => undefined));
    },

    /** The borrower's letters on their agreement; another's answers 404. */
    async lettersFor(viewer: Applicant, agreementId: string): Promise<CollectionLettersResponse> {
      const position = await deps.repayments
        .collectionPosition(agreementId, malaysiaToday(clock))
        .catch(() => null);
      if (!position || position.account.userId !== viewer.userId) throw accountNotFound();
      return {
        agreementId,
        items: (await store.lettersOf(agreementId)).map(letterView),
      };
    },

    /** A letter's PDF, to its borrower only. */
    async letterFor(viewer: Applicant, letterId: string) {
      const row = await store.letter(letterId).catch(() => undefined);
      if (!row || row.userId !== viewer.userId) throw letterNotFound();
      return readLetter(row);
    },
  };
}

export type CollectionService = ReturnType<typeof createCollectionService>;
