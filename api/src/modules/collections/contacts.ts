// The contact log and the rules it keeps: every reminder, letter, call and message about a loan
// is checked against the permitted hours and frequency (product settings) before it is made,
// refused when it would break them, and logged once (the database refuses edits). There is no
// field visit (s.29B). The borrower reads what was sent to them; staff read everything.
import { createHash, randomUUID } from 'node:crypto';

import type {
  BorrowerMessagesResponse,
  ContactView,
  Language,
  RecordContactRequest,
} from '@lending/contracts';
import {
  type ContactChannel,
  contactRefusal,
  DEFAULT_CONTACT_RULES,
  formatRinggit,
  type IsoDate,
  type TerminationBalance,
  terminationBalance,
} from '@lending/domain';

import type { Principal } from '../../http/access';
import { writeAudit } from '../../kernel/audit';
import { businessNow, malaysiaToday } from '../../kernel/clock';
import { HttpError } from '../../kernel/errors';
import { inTransaction, type OrmExecutor, type OrmTransaction } from '../../kernel/transaction';
import { LENDERS } from '../agreement-documents/lender';
import { letterPdf } from './letter';
import { letterReference } from './letter';
import { ACCOUNT_NOT_FOUND, CONTACT_REFUSED, CONTACT_TEXT_INVALID } from './messages';
import type { CollectionWorkDeps } from './work-deps';
import type { ContactRow } from './work-store';

type Applicant = Extract<Principal, { kind: 'applicant' }>;
type Staff = Extract<Principal, { kind: 'staff' }>;
type Account = { id: string; tenant: string; agreementId: string; userId: string };

/** What the borrower sees: what was sent to them, never a call's note. */
const SENT_CHANNELS: readonly ContactChannel[] = ['EMAIL', 'SMS', 'LETTER', 'MESSAGE'];

export function contactView(row: ContactRow): ContactView {
  return {
    id: row.id,
    channel: row.channel,
    kind: row.kind,
    subject: row.subject,
    body: row.body,
    outcome: row.outcome,
    letterId: row.letterId,
    language: row.language,
    businessDate: row.businessDate,
    at: row.at.toISOString(),
    actor: row.actor,
  };
}

export interface TerminationLetterDraft {
  id: string;
  version: number;
  language: Language;
  storageKey: string;
  figures: TerminationBalance;
  sha256: string;
  sizeBytes: number;
}

export function createContactLog(deps: CollectionWorkDeps) {
  const { db, work, clock } = deps;
  const accountNotFound = () => new HttpError(404, ACCOUNT_NOT_FOUND, 'LOAN_ACCOUNT_NOT_FOUND');

  async function rulesOf(tenant: string) {
    const settings = await deps.settings.currentSettings(tenant);
    return {
      rules: settings.collections?.contact ?? DEFAULT_CONTACT_RULES,
      publicHolidays: settings.officeHours.publicHolidays,
    };
  }

  /**
   * Why a contact by `channel` may not be made now; null when it may. Inside a transaction the
   * rules are read beforehand (`known`): on the embedded database a read outside the
   * transaction would wait for it.
   */
  async function refusal(
    account: Account,
    channel: ContactChannel,
    executor?: OrmExecutor,
    known?: Awaited<ReturnType<typeof rulesOf>>,
  ) {
    const at = businessNow(clock);
    const { rules, publicHolidays } = known ?? (await rulesOf(account.tenant));
    const earlier = await work.contactsOn(account.id, malaysiaToday(clock), executor);
    return contactRefusal({ at, channel, earlier, rules, publicHolidays });
  }

  async function refuseUnlessAllowed(account: Account, channel: ContactChannel) {
    const refused = await refusal(account, channel);
    if (refused) throw new HttpError(409, CONTACT_REFUSED[refused], 'CONTACT_REFUSED');
  }

  /** Writes the contact's one row (in the caller's transaction when it has one). */
  async function log(
    executor: OrmExecutor,
    account: Account,
    values: Pick<ContactRow, 'channel' | 'kind' | 'subject' | 'body' | 'language' | 'actor'> &
      Partial<Pick<ContactRow, 'outcome' | 'letterId'>>,
  ): Promise<ContactRow> {
    return work.addContact(executor, {
      tenant: account.tenant,
      accountId: account.id,
      agreementId: account.agreementId,
      userId: account.userId,
      subject: values.subject.slice(0, 300),
      body: values.body.slice(0, 4000),
      outcome: values.outcome ?? null,
      letterId: values.letterId ?? null,
      channel: values.channel,
      kind: values.kind,
      language: values.language,
      actor: values.actor,
      businessDate: malaysiaToday(clock),
      at: clock.now(),
    });
  }

  async function accountOf(agreementId: string) {
    const position = await deps.repayments
      .collectionPosition(agreementId, malaysiaToday(clock))
      .catch(() => null);
    if (!position) throw accountNotFound();
    return position;
  }

  return {
    refusal,
    refuseUnlessAllowed,
    log,

    /** The termination letter's PDF, sealed in storage before the approving transaction, with
     *  the figures it states (the approval checks its own figures match). */
    async draftTerminationLetter(
      agreementId: string,
      asOf: IsoDate,
      language: Language,
      borrowerName: string,
    ): Promise<TerminationLetterDraft> {
      const position = await accountOf(agreementId);
      const figures = terminationBalance(position.positions, asOf);
      const version =
        1 +
        (await deps.store.lettersOf(agreementId)).filter((row) => row.kind === 'TERMINATION')
          .length;
      const lender = LENDERS[position.account.tenant as keyof typeof LENDERS] ?? LENDERS.arkcash;
      const bytes = await letterPdf(
        {
          kind: 'TERMINATION',
          version,
          issuedOn: asOf,
          issuedAt: clock.now(),
          agreementNo: position.agreementNo,
          borrowerName,
          overdue: [],
          overdueSen: figures.unpaidPrincipalSen + figures.earnedInterestSen,
          lateChargesSen: figures.lateChargesSen,
          lateChargeRateBp: position.lateChargeRateBp,
          remedyBy: null,
          termination: figures,
          payUrl: `${deps.publicUrl()}/pay-instalment-now`,
        },
        language,
        lender,
      );
      const id = randomUUID();
      const storageKey = `${agreementId}/${id}`;
      await deps.storage.put(storageKey, deps.sealer.sealBytes(bytes));
      return {
        id,
        version,
        language,
        storageKey,
        figures,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        sizeBytes: bytes.length,
      };
    },

    /** Records the drafted termination letter and its contact in the approving transaction. */
    async recordTerminationLetter(
      tx: OrmTransaction,
      draft: TerminationLetterDraft,
      input: {
        account: Account;
        agreementNo: string;
        figures: TerminationBalance & { businessDate: IsoDate };
        actor: string;
      },
    ): Promise<string> {
      const { account, figures } = input;
      const letter = await deps.store.insertLetter(tx, {
        id: draft.id,
        tenant: account.tenant,
        accountId: account.id,
        agreementId: account.agreementId,
        userId: account.userId,
        kind: 'TERMINATION',
        version: draft.version,
        language: draft.language,
        issuedOn: figures.businessDate,
        instalmentsThrough: 1,
        overdueSen: figures.unpaidPrincipalSen + figures.earnedInterestSen,
        lateChargesSen: figures.lateChargesSen,
        remedyBy: null,
        issuedBy: input.actor,
        storageKey: draft.storageKey,
        sha256: draft.sha256,
        sizeBytes: draft.sizeBytes,
      });
      await log(tx, account, {
        channel: 'LETTER',
        kind: 'TERMINATION_NOTICE',
        subject: draft.language === 'MS' ? 'Notis penamatan perjanjian' : 'Notice of termination',
        body:
          draft.language === 'MS'
            ? `Surat ${letterReference('TERMINATION', input.agreementNo, letter.version)}: keseluruhan baki ${formatRinggit(figures.balanceSen)} perlu dibayar sekarang.`
            : `Letter ${letterReference('TERMINATION', input.agreementNo, letter.version)}: the whole balance of ${formatRinggit(figures.balanceSen)} is due now.`,
        language: draft.language,
        actor: input.actor,
        letterId: letter.id,
      });
      return letter.id;
    },

    /** Staff: a call made (with its outcome and note) or a written message sent by email, each
     *  within the contact rules. The message's email leaves after the log row committed. */
    async record(viewer: Staff, agreementId: string, body: RecordContactRequest) {
      const position = await accountOf(agreementId);
      const account = position.account;
      const rules = await rulesOf(account.tenant);
      await refuseUnlessAllowed(account, body.channel);
      const user = await deps.users.byId(account.userId);
      const language: Language = user?.language === 'MS' ? 'MS' : 'EN';
      const actor = `staff:${viewer.staffId}`;
      const text = body.channel === 'CALL' ? body.note.trim() : body.body.trim();
      const subject = body.channel === 'CALL' ? body.outcome : body.subject.trim();
      if (text.length < 1 || text.length > 2000 || subject.length < 1 || subject.length > 200) {
        throw new HttpError(400, CONTACT_TEXT_INVALID, 'VALIDATION_FAILED');
      }
      const row = await inTransaction(db, async (tx) => {
        // Checked again inside: two people contacting at once would otherwise both pass.
        const refused = await refusal(account, body.channel, tx, rules);
        if (refused) throw new HttpError(409, CONTACT_REFUSED[refused], 'CONTACT_REFUSED');
        const inserted = await log(tx, account, {
          channel: body.channel,
          kind: body.channel,
          subject,
          body: text,
          outcome: body.channel === 'CALL' ? body.outcome : null,
          language,
          actor,
        });
        await writeAudit(tx, {
          action: body.channel === 'CALL' ? 'collection.call_logged' : 'collection.message_sent',
          actor,
          subject: `user:${account.userId}`,
          entity: `collection-contact:${inserted.id}`,
          detail: { agreementId, channel: body.channel },
        });
        return inserted;
      });
      if (body.channel === 'MESSAGE' && user?.email) {
        try {
          await deps.email.send({ to: user.email, subject, body: text, links: [] });
        } catch (error) {
          deps.log?.warn(
            { contactId: row.id, error: (error as Error).message },
            'message not sent',
          );
        }
      }
      return contactView(row);
    },

    async staffContacts(agreementId: string): Promise<ContactView[]> {
      return (await work.contactsOf(agreementId)).map(contactView);
    },

    /** The borrower's own messages and letters on the agreement; another's answer 404. */
    async borrowerMessages(
      viewer: Applicant,
      agreementId: string,
    ): Promise<BorrowerMessagesResponse> {
      const position = await accountOf(agreementId);
      if (position.account.userId !== viewer.userId) throw accountNotFound();
      const rows = await work.contactsOf(agreementId, SENT_CHANNELS);
      return {
        agreementId,
        items: rows.map((row) => {
          const { outcome: _outcome, actor: _actor, ...view } = contactView(row);
          return view;
        }),
      };
    },
  };
}

export type ContactLog = ReturnType<typeof createContactLog>;
