import type { RepaymentAccountSummary } from '@lending/contracts';
import { useT } from '@lending/platform';
import { Button, Field, Link, NativeSelect, Stack, Text } from '@lending/ui';
import { useId } from 'react';
import { Link as RouterLink, useSearchParams } from 'react-router-dom';

/** The account the page shows: the one named by `?agreementId=` when it is the borrower's, else
 *  the newest (the API lists newest first). */
export function chooseAccount(
  accounts: readonly RepaymentAccountSummary[],
  agreementId: string | null,
): RepaymentAccountSummary | null {
  return accounts.find((account) => account.agreementId === agreementId) ?? accounts[0] ?? null;
}

/** The chosen account, kept in the address so a link or a reload shows the same loan. */
export function useChosenAccount(accounts: readonly RepaymentAccountSummary[] | undefined) {
  const [params, setParams] = useSearchParams();
  const chosen = accounts ? chooseAccount(accounts, params.get('agreementId')) : null;
  const choose = (agreementId: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set('agreementId', agreementId);
        return next;
      },
      { replace: true },
    );
  return { chosen, choose };
}

/** Shown only to a borrower with more than one loan account. */
export function AccountChooser({
  accounts,
  selected,
  onSelect,
}: {
  accounts: readonly RepaymentAccountSummary[];
  selected: string;
  onSelect: (agreementId: string) => void;
}) {
  const { t } = useT('mf-repayment');
  const hintId = useId();
  if (accounts.length < 2) return null;
  return (
    <Field.Root maxW="md">
      <Field.Label>{t('repayment.chooseLoan')}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field
          value={selected}
          aria-describedby={hintId}
          onChange={(event) => onSelect(event.target.value)}
          data-testid="account-chooser"
        >
          {accounts.map((account) => (
            <option key={account.agreementId} value={account.agreementId}>
              {t(`repayment.accountOption.${account.accountStatus}`, {
                agreementNo: account.agreementNo,
              })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText id={hintId} color="gray.700">
        {t('repayment.chooseLoanHint')}
      </Field.HelperText>
    </Field.Root>
  );
}

/** Nothing to repay yet: the loan has not been paid out. */
export function NoLoanYet() {
  const { t } = useT('mf-repayment');
  return (
    <Stack gap={4} data-testid="no-loan-yet">
      <Text fontWeight="semibold">{t('repayment.noLoan')}</Text>
      <Text>{t('repayment.noLoanHelp')}</Text>
      <Button asChild variant="outline" alignSelf="flex-start">
        <RouterLink to="/home">{t('repayment.backHome')}</RouterLink>
      </Button>
    </Stack>
  );
}

/** The way back home under each screen. */
export function BackHome() {
  const { t } = useT('mf-repayment');
  return (
    <Link asChild color="brand.link" alignSelf="flex-start">
      <RouterLink to="/home">{t('repayment.backHome')}</RouterLink>
    </Link>
  );
}
