// The regulator module's one way into the database: the loans of a period with the borrowing
// business and the agreed terms, as the records hold them (an incomplete record reads as it is,
// for the return to refuse). Figures come from the books through the accounts service.
import { borrowerName } from '@lending/domain';
import { asc, eq, lte } from 'drizzle-orm';

import type { Orm } from '../../db/database';
import * as t from '../../db/schema';

/** The loan with its borrower named by the one rule every document of a loan follows. */
function named<R extends Parameters<typeof borrowerName>[0]>(row: R) {
  return { ...row, borrowerName: borrowerName(row) };
}

export function createRegulatorStore(db: Orm) {
  const loan = {
    accountId: t.loanAccounts.id,
    agreementId: t.loanAccounts.agreementId,
    userId: t.loanAccounts.userId,
    tenant: t.loanAccounts.tenant,
    disbursedOn: t.loanAccounts.disbursedOn,
    principalSen: t.loanAccounts.principalSen,
    totalRepayableSen: t.loanAccounts.totalRepayableSen,
    agreementNo: t.agreements.agreementNo,
    tenureMonths: t.agreements.tenureMonths,
    annualRateBp: t.agreements.annualRateBp,
    secured: t.agreements.secured,
    organizationType: t.organizations.organizationType,
    companyName: t.organizations.companyName,
    applicantName: t.organizations.applicantName,
    registrationNo: t.organizations.newBusinessRegistrationNo,
  };
  const from = () =>
    db
      .select(loan)
      .from(t.loanAccounts)
      .innerJoin(t.agreements, eq(t.agreements.id, t.loanAccounts.agreementId))
      .innerJoin(t.applications, eq(t.applications.id, t.agreements.applicationId))
      .innerJoin(t.organizations, eq(t.organizations.id, t.applications.organizationId));

  return {
    /** Every loan paid out on or before `to`, oldest payout first. */
    async paidOutBy(to: string) {
      const rows = await from()
        .where(lte(t.loanAccounts.disbursedOn, to))
        .orderBy(asc(t.loanAccounts.disbursedOn), asc(t.agreements.agreementNo));
      return rows.map(named);
    },

    async byAgreementId(agreementId: string) {
      const [row] = await from().where(eq(t.loanAccounts.agreementId, agreementId));
      return row && named(row);
    },
  };
}

export type RegulatorStore = ReturnType<typeof createRegulatorStore>;
export type RegulatorLoan = NonNullable<Awaited<ReturnType<RegulatorStore['byAgreementId']>>>;
