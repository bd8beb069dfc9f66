import type {
  DirectDebitView,
  Language,
  MandatePayerIdType,
  MandateRegisterRequest,
} from '@lending/contracts';
import {
  formatRinggit,
  groupNricAsTyped,
  isValidNric,
  NRIC_TYPED_MAX_LENGTH,
} from '@lending/domain';
import { errorMessage, useT } from '@lending/platform';
import {
  Badge,
  Box,
  Button,
  ErrorNotice,
  Field,
  Input,
  NativeSelect,
  Stack,
  SuccessNotice,
  SummaryCard,
  SummaryRow,
  Text,
} from '@lending/ui';
import { type FormEvent, useState } from 'react';
import { Link as RouterLink } from 'react-router-dom';

import { formatDate } from '../../lib/format';

export interface DirectDebitPanelProps {
  view: DirectDebitView;
  language: Language;
  /** Registers the mandate; resolves once the browser is on its way to the bank. */
  onSubmit: (body: MandateRegisterRequest) => Promise<void>;
  onRefresh: () => void;
}

/** Signing continues on the agreement this mandate is for: the signing screens read it from the
 *  address. */
export const signingPath = (agreementId: string) =>
  `/loan-status/loan-agreement?agreementId=${encodeURIComponent(agreementId)}`;

type FormState = Omit<MandateRegisterRequest, 'language'>;
const EMPTY: FormState = {
  payerName: '',
  payerIdType: 'NRIC',
  payerIdNo: '',
  bankCode: '',
  accountNo: '',
};

function problemsOf(form: FormState): Partial<Record<keyof FormState, string>> {
  const problems: Partial<Record<keyof FormState, string>> = {};
  if (form.payerName.trim().length < 2) problems.payerName = 'payerName';
  // An NRIC by the rule of every identity number field (and the API's): `parseNric`.
  const id = form.payerIdNo.replace(/[\s-]/g, '');
  if (form.payerIdType === 'NRIC' ? !isValidNric(id) : !/^[A-Za-z0-9]{6,20}$/.test(id)) {
    problems.payerIdNo = 'payerIdNo';
  }
  if (!form.bankCode) problems.bankCode = 'bankCode';
  if (!/^\d{6,20}$/.test(form.accountNo.replace(/[\s-]/g, ''))) problems.accountNo = 'accountNo';
  return problems;
}

const STATUS_COLOURS = {
  PENDING_AUTH: 'orange',
  AUTHORISED: 'blue',
  ACTIVE: 'green',
  REJECTED: 'red',
  TERMINATED: 'gray',
} as const;

/** The direct debit of an agreement: its terms, the mandate's state, and the form that sets it up
 *  or replaces it ("update direct debit"). */
export function DirectDebitPanel({ view, language, onSubmit, onRefresh }: DirectDebitPanelProps) {
  const { t } = useT('mf-loan-status');
  const { mandate } = view;
  const ended = !mandate || mandate.status === 'REJECTED' || mandate.status === 'TERMINATED';
  const [editing, setEditing] = useState(false);
  const [form, setForm] = useState<FormState>(EMPTY);
  const [touched, setTouched] = useState(false);
  const [sending, setSending] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const showForm = view.canRegister && (ended || editing);
  const problems = problemsOf(form);

  const set = (key: keyof FormState) => (value: string) =>
    setForm((current) => ({ ...current, [key]: value }));

  async function submit(event: FormEvent) {
    event.preventDefault();
    setTouched(true);
    if (Object.keys(problems).length > 0) return;
    setSending(true);
    setFailure(null);
    try {
      await onSubmit({ ...form, language });
    } catch (error) {
      setFailure(errorMessage(error));
      setSending(false);
    }
  }

  const error = (key: keyof FormState) =>
    touched && problems[key] ? t(`directDebit.errors.${key}`) : undefined;
  const field = (key: keyof FormState, input: React.ReactNode, helper?: string) => (
    <Field.Root required invalid={Boolean(error(key))}>
      <Field.Label>{t(`directDebit.form.${key}`)}</Field.Label>
      {input}
      {helper ? <Field.HelperText>{helper}</Field.HelperText> : null}
      <Field.ErrorText>{error(key)}</Field.ErrorText>
    </Field.Root>
  );

  return (
    <Stack gap={5} maxW="2xl">
      <Text>{t('directDebit.intro')}</Text>
      <SummaryCard title={t('directDebit.terms.title')} testId="direct-debit-terms">
        <Box as="dl" display="grid" gap={3} gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}>
          <SummaryRow label={t('directDebit.terms.agreementNo')} value={view.agreementNo} />
          <SummaryRow
            label={t('directDebit.terms.maxAmount')}
            value={formatRinggit(view.terms.maxAmountSen)}
          />
          <SummaryRow label={t('directDebit.terms.frequency')} value={t('directDebit.monthly')} />
          <SummaryRow
            label={t('directDebit.terms.period')}
            value={`${formatDate(view.terms.firstCollectionDate, language)} – ${formatDate(
              view.terms.lastCollectionDate,
              language,
            )}`}
          />
        </Box>
      </SummaryCard>

      {mandate ? (
        <SummaryCard
          title={t('directDebit.mandate.title')}
          testId="direct-debit-mandate"
          action={
            <Badge colorPalette={STATUS_COLOURS[mandate.status]} data-testid="mandate-status">
              {t(`directDebit.status.${mandate.status}`)}
            </Badge>
          }
        >
          <Stack gap={3}>
            <Text>{t(`directDebit.explain.${mandate.status}`)}</Text>
            {mandate.bankMessage && ended ? (
              <Text color="red.700">{mandate.bankMessage}</Text>
            ) : null}
            <Box
              as="dl"
              display="grid"
              gap={3}
              gridTemplateColumns={{ base: '1fr', md: '1fr 1fr' }}
            >
              <SummaryRow label={t('directDebit.mandate.reference')} value={mandate.referenceNo} />
              <SummaryRow
                label={t('directDebit.mandate.account')}
                value={`${mandate.bankName} •••• ${mandate.accountLast4}`}
              />
            </Box>
          </Stack>
        </SummaryCard>
      ) : null}

      {view.active ? (
        <SuccessNotice
          title={t('directDebit.ready.title')}
          description={t('directDebit.ready.description')}
        />
      ) : null}

      <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
        {view.active && view.agreementStatus === 'PENDING_SIGNING' ? (
          <Button asChild>
            <RouterLink to={signingPath(view.agreementId)}>{t('directDebit.continue')}</RouterLink>
          </Button>
        ) : null}
        {mandate && !ended && mandate.status !== 'ACTIVE' ? (
          <Button variant="outline" onClick={onRefresh}>
            {t('directDebit.refresh')}
          </Button>
        ) : null}
        {mandate && !ended && view.canRegister && !editing ? (
          <Button variant="outline" onClick={() => setEditing(true)}>
            {t('directDebit.update')}
          </Button>
        ) : null}
      </Stack>

      {showForm ? (
        <form
          onSubmit={(event) => void submit(event)}
          noValidate
          aria-labelledby="direct-debit-form-title"
        >
          <Stack gap={4}>
            <Text as="h2" id="direct-debit-form-title" fontWeight="bold" fontSize="lg">
              {mandate ? t('directDebit.form.replaceTitle') : t('directDebit.form.title')}
            </Text>
            {mandate && !ended ? <Text>{t('directDebit.form.replaceWarning')}</Text> : null}
            {field(
              'payerName',
              <Input
                value={form.payerName}
                autoComplete="name"
                onChange={(e) => set('payerName')(e.target.value)}
              />,
            )}
            {field(
              'payerIdType',
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.payerIdType}
                  onChange={(e) => set('payerIdType')(e.target.value as MandatePayerIdType)}
                >
                  <option value="NRIC">{t('directDebit.idTypes.NRIC')}</option>
                  <option value="PASSPORT">{t('directDebit.idTypes.PASSPORT')}</option>
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
            {field(
              'payerIdNo',
              <Input
                value={
                  form.payerIdType === 'NRIC' ? groupNricAsTyped(form.payerIdNo) : form.payerIdNo
                }
                autoComplete="off"
                inputMode={form.payerIdType === 'NRIC' ? 'numeric' : 'text'}
                maxLength={form.payerIdType === 'NRIC' ? NRIC_TYPED_MAX_LENGTH : 20}
                onChange={(e) =>
                  set('payerIdNo')(
                    form.payerIdType === 'NRIC' ? groupNricAsTyped(e.target.value) : e.target.value,
                  )
                }
              />,
              form.payerIdType === 'NRIC' ? t('directDebit.form.nricHint') : undefined,
            )}
            {field(
              'bankCode',
              <NativeSelect.Root>
                <NativeSelect.Field
                  value={form.bankCode}
                  onChange={(e) => set('bankCode')(e.target.value)}
                >
                  <option value="">{t('directDebit.form.chooseBank')}</option>
                  {view.banks.map((bank) => (
                    <option key={bank.code} value={bank.code}>
                      {bank.name}
                    </option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>,
            )}
            {field(
              'accountNo',
              <Input
                value={form.accountNo}
                inputMode="numeric"
                autoComplete="off"
                onChange={(e) => set('accountNo')(e.target.value)}
              />,
              t('directDebit.form.accountHint'),
            )}
            {failure ? (
              <ErrorNotice title={t('directDebit.errors.failedTitle')} description={failure} />
            ) : null}
            <Stack direction={{ base: 'column', sm: 'row' }} gap={3}>
              <Button type="submit" loading={sending} loadingText={t('directDebit.form.sending')}>
                {t('directDebit.form.submit')}
              </Button>
              {editing ? (
                <Button variant="ghost" onClick={() => setEditing(false)}>
                  {t('directDebit.form.cancel')}
                </Button>
              ) : null}
            </Stack>
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
