import type {
  ApplicationProgressStep,
  HomeLoanStatusResponse,
  ReferredItem,
} from '@lending/contracts';
import type { HomeLoanState } from '@lending/domain';

export interface CardLine {
  key: string;
  values?: Record<string, string>;
}

export interface CardContent {
  state: HomeLoanState;
  /** Which copy under `home.states`: a referral back reads differently from a draft. */
  copy: HomeLoanState | 'REFERBACK' | 'TERMINATED';
  tone: 'info' | 'success' | 'warning' | 'error';
  lines: CardLine[];
  next?: CardLine;
  action?: { key: string; to: string };
  /** A referral back: each item to fix and the page where it is fixed. */
  referred?: { item: ReferredItem; to: string }[];
}

const START_APPLICATION = '/testing-eligibility';

const SECTION_PAGES: Record<string, string> = {
  loan: '/application',
  company: '/application/company-details',
  applicant: '/application/applicant-details',
  disbursement: '/application/disbursement-details',
  emergencyContacts: '/application/emergency-contact-details',
  directors: '/application/director-details',
};

/** Where a referred item is fixed: its form, or the documents page. */
export function referredItemPage(item: ReferredItem): string {
  if (item.kind === 'document') return '/application/document-upload';
  return SECTION_PAGES[item.target] ?? '/application/summary';
}

/** Where a draft continues: the first step still to do, or the summary to submit it. */
export function resumePage(step: ApplicationProgressStep | null): string {
  switch (step) {
    case 'APPLICATIONFORMCOMPLETED':
      return '/application';
    case 'EMAILVERIFICATIONCOMPLETED':
      return '/application/email-verification';
    case 'DOCUMENTUPLOADCOMPLETED':
      return '/application/document-upload';
    default:
      return '/application/summary';
  }
}

/** What the home card says and offers for the server's loan state: one entry per state. */
export interface CardFormat {
  date(iso: string): string;
  dateTime(iso: string): string;
}

export function cardContent(home: HomeLoanStatusResponse, format: CardFormat): CardContent {
  const { status, application } = home;
  const formatDate = format.date;
  const state = status.state;
  const base = (copy: CardContent['copy'], tone: CardContent['tone']) => ({
    state,
    copy,
    tone,
    lines: [{ key: `home.states.${copy}.body` }] as CardLine[],
  });
  switch (state) {
    case 'READY_TO_CREATE':
      return {
        ...base(state, 'info'),
        action: { key: `home.states.${state}.action`, to: START_APPLICATION },
      };
    case 'APPLICATION_INCOMPLETE': {
      if (application?.status === 'REFERBACK') {
        const referred = (home.referback?.items ?? []).map((item) => ({
          item,
          to: referredItemPage(item),
        }));
        const lines = base('REFERBACK', 'warning').lines;
        if (home.referback) {
          lines.push({
            key: 'home.states.REFERBACK.requestedAt',
            values: { date: formatDate(home.referback.requestedAt) },
          });
        }
        return {
          ...base('REFERBACK', 'warning'),
          lines,
          referred,
          action: {
            key: 'home.states.REFERBACK.action',
            to: referred[0]?.to ?? '/application/summary',
          },
        };
      }
      return {
        ...base(state, 'info'),
        action: { key: `home.states.${state}.action`, to: resumePage(status.resumeAt) },
      };
    }
    case 'PENDING_APPROVAL': {
      const card = base(state, 'info');
      // Identity is verified after submitting; until then the assessment cannot finish.
      if (
        application?.status === 'PENDING' &&
        !application.progressSteps.includes('EKYCCOMPLETED')
      ) {
        return {
          ...card,
          lines: [...card.lines, { key: `home.states.${state}.identity` }],
          action: {
            key: `home.states.${state}.identityAction`,
            to: '/application/identity-verification',
          },
        };
      }
      return card;
    }
    case 'REQUESTED_FOR_INTERVIEW': {
      const card = base(state, 'warning');
      const when = home.interview
        ? {
            key: `home.states.${state}.scheduled`,
            values: { date: format.dateTime(home.interview.scheduledAt) },
          }
        : { key: `home.states.${state}.unscheduled` };
      return {
        ...card,
        lines: [...card.lines, when],
        action: { key: `home.states.${state}.action`, to: '/loan-status/requested-for-interview' },
      };
    }
    case 'REQUESTED_FOR_PSYCHOMETRIC_TEST': {
      const card = base(state, 'warning');
      return {
        ...card,
        lines:
          application?.status === 'REDO_PSYCHOMETRIC_TEST'
            ? [{ key: `home.states.${state}.redo` }]
            : card.lines,
        action: { key: `home.states.${state}.action`, to: '/psychometric-test/start' },
      };
    }
    case 'APPROVED': {
      const card = { ...base(state, 'success'), next: { key: `home.states.${state}.next` } };
      // The offer is reviewed and accepted first; once accepted, attestation is next.
      switch (home.agreement?.agreementStatus) {
        case 'LOANAPPLICATIONAPPROVED':
          return {
            ...card,
            action: { key: `home.states.${state}.action`, to: '/loan-status/approved-loan-amount' },
          };
        case 'PENDING_ATTESTATION':
          return {
            ...card,
            action: {
              key: `home.states.${state}.attestAction`,
              to: '/loan-status/attestation-option',
            },
          };
        default:
          return card;
      }
    }
    case 'PAYMENT_DISBURSED':
      // Terminated: the whole balance is due now; the card says so and leads to paying it.
      return status.accountTerminated
        ? {
            ...base('TERMINATED', 'warning'),
            next: { key: 'home.states.TERMINATED.next' },
            action: { key: 'home.states.TERMINATED.action', to: '/pay-instalment-now' },
          }
        : { ...base(state, 'success'), next: { key: `home.states.${state}.next` } };
    case 'ATTESTATION_OPTION_CHOSEN':
    case 'PENDING_DISBURSEMENT':
      return { ...base(state, 'success'), next: { key: `home.states.${state}.next` } };
    case 'PENDING_AGREEMENT': {
      const card = { ...base(state, 'success'), next: { key: `home.states.${state}.next` } };
      // Signed by the borrower: the card lists the guarantors' progress; the completion page has more.
      return home.agreement
        ? {
            ...card,
            action: {
              key: `home.states.${state}.action`,
              to: `/loan-status/application-complete?agreementId=${home.agreement.id}`,
            },
          }
        : card;
    }
    case 'ATTESTATION_COMPLETED': {
      const card = {
        ...base(state, 'success'),
        next: {
          key: status.directDebitReady
            ? `home.states.${state}.nextReady`
            : `home.states.${state}.next`,
        },
      };
      if (!home.agreement) return card;
      // The direct debit comes first; once it is active and the review approved, the signing.
      return {
        ...card,
        action: status.directDebitReady
          ? {
              key: `home.states.${state}.signAction`,
              to: `/loan-status/loan-agreement?agreementId=${home.agreement.id}`,
            }
          : {
              key: `home.states.${state}.directDebitAction`,
              to: `/loan-status/direct-debit?agreementId=${home.agreement.id}`,
            },
      };
    }
    case 'COMPLETED':
    case 'REMOVED':
      return {
        ...base(state, 'info'),
        action: { key: `home.states.${state}.action`, to: START_APPLICATION },
      };
    case 'TEMPORARILY_BANNED':
    case 'REJECTED':
      return {
        ...base(state, 'error'),
        lines: [
          {
            key: `home.states.${state}.body`,
            values: {
              date: status.newLoanAllowedAfter ? formatDate(status.newLoanAllowedAfter) : '',
            },
          },
        ],
      };
  }
}
