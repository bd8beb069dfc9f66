import {
  type AllInRateWarning,
  allInRateWarnings,
  type ProductSettings,
  type SettingsProblem,
} from '@lending/domain';
import { useT } from '@lending/platform';
import {
  Box,
  Button,
  ChangedNotice,
  ErrorNotice,
  Heading,
  HStack,
  SimpleGrid,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { type ReactNode, useState } from 'react';

import { Select, TextArea, TextInput } from '../decisions/controls';
import { bpToPercent, type Problem, problemOf } from '../decisions/decisions-api';
import { type FieldErrors, settingsOf, type SettingsValues, valuesOf } from './settings-values';

export interface SettingsFormProps {
  settings: ProductSettings;
  /** Only an ADMIN edits; everyone else reads. */
  editable: boolean;
  onSave: (settings: ProductSettings) => Promise<void>;
  onReload: () => void;
  /** Whether these settings were just saved from this form (the form starts again on them). */
  saved?: boolean;
}

type Scalar = Exclude<keyof SettingsValues, 'approvalBands' | 'protectionRates'>;

function Group(props: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p={{ base: 3, md: 4 }}>
      <Heading as="legend" size="sm" px={1}>
        {props.title}
      </Heading>
      <Stack gap={3} mt={2}>
        {props.children}
      </Stack>
    </Box>
  );
}

/**
 * Every product setting in one form: rates, fees, limits, the loan protection table, ban
 * lengths, approval levels by amount and office hours. Saving makes a new version; offers made
 * earlier keep theirs.
 */
export function SettingsForm(props: SettingsFormProps) {
  const { t } = useT('admin-settings');
  const [values, setValues] = useState<SettingsValues>(() => valuesOf(props.settings));
  const [fieldErrors, setFieldErrors] = useState<FieldErrors>({});
  const [problems, setProblems] = useState<SettingsProblem[]>([]);
  const [failure, setFailure] = useState<Problem | null>(null);
  const [busy, setBusy] = useState(false);
  // Settings that put every offer of a kind above its cap are saved only once the admin has seen
  // the figures for exactly these values.
  const [warned, setWarned] = useState<{ warnings: AllInRateWarning[]; of: string } | null>(null);
  const disabled = !props.editable;

  const set = (key: Scalar) => (value: string) =>
    setValues((current) => ({ ...current, [key]: value }));
  const error = (name: string) => (fieldErrors[name] ? t(`errors.${fieldErrors[name]}`) : null);
  const field = (key: Scalar, inputMode: 'decimal' | 'numeric' | 'text' = 'decimal') => (
    <TextInput
      label={t(`fields.${key}`)}
      value={values[key]}
      onChange={set(key)}
      inputMode={inputMode}
      disabled={disabled}
      error={error(key)}
    />
  );
  const setRow = <K extends 'approvalBands' | 'protectionRates'>(
    list: K,
    index: number,
    patch: Partial<SettingsValues[K][number]>,
  ) =>
    setValues((current) => ({
      ...current,
      [list]: current[list].map((row, at) => (at === index ? { ...row, ...patch } : row)),
    }));
  const removeRow = (list: 'approvalBands' | 'protectionRates', index: number) =>
    setValues((current) => ({
      ...current,
      [list]: (current[list] as unknown[]).filter((_, at) => at !== index),
    }));

  async function save(confirmed = false) {
    setFailure(null);
    const read = settingsOf(values, props.settings.version);
    setFieldErrors(read.ok ? {} : read.errors);
    setProblems(read.ok ? read.problems : []);
    if (!read.ok || read.problems.length > 0) return;
    const of = JSON.stringify(read.settings);
    const warnings = allInRateWarnings(read.settings);
    if (warnings.length > 0 && !(confirmed && warned?.of === of)) {
      setWarned({ warnings, of });
      return;
    }
    setWarned(null);
    setBusy(true);
    try {
      await props.onSave(read.settings);
    } catch (caught) {
      setFailure(problemOf(caught));
    } finally {
      setBusy(false);
    }
  }

  return (
    <Stack gap={4} data-testid="settings-form">
      <Text>
        {t(props.editable ? 'intro.edit' : 'intro.read', { version: props.settings.version })}
      </Text>
      <SimpleGrid columns={{ base: 1, lg: 2 }} gap={4}>
        <Group title={t('groups.rates')}>
          {field('securedRate')}
          {field('unsecuredRate')}
          {field('simulatorMonthlyRate')}
          {field('lateChargeRate')}
        </Group>
        <Group title={t('groups.fees')}>
          {field('stampDutyPerThousand')}
          {field('attestationSecured')}
          {field('attestationUnsecured')}
          <Select
            label={t('fields.attestationKeptByLender')}
            value={values.attestationKeptByLender}
            onChange={set('attestationKeptByLender')}
            disabled={disabled}
            choices={[
              { value: 'yes', label: t('yes') },
              { value: 'no', label: t('no') },
            ]}
          />
          {field('protectionServiceTax')}
          {field('protectionCommission')}
        </Group>
        <Group title={t('groups.limits')}>
          {field('minAmount')}
          {field('maxAmount')}
          {field('minTenure', 'numeric')}
          {field('maxTenure', 'numeric')}
        </Group>
        <Group title={t('groups.bans')}>
          {field('rejectionBanMonths', 'numeric')}
          {field('temporaryBanMonths', 'numeric')}
        </Group>
        <Group title={t('groups.repayment')}>
          {field('firstDueMonths', 'numeric')}
          {field('reminderDays', 'numeric')}
          {field('contactFrom', 'text')}
          {field('contactUntil', 'text')}
          {field('contactsPerDay', 'numeric')}
          {field('bucketMiddle', 'numeric')}
          {field('bucketLate', 'numeric')}
          {field('bucketSevere', 'numeric')}
          {field('directDebitRetries', 'numeric')}
          {field('directDebitRetryDays', 'numeric')}
          {field('bankInSlipSecondApproval')}
        </Group>
        <Group title={t('groups.retention')}>
          {field('retentionDays', 'numeric')}
          <Text fontSize="sm">{t('help.retention')}</Text>
        </Group>
        <Group title={t('groups.approvalBands')}>
          <Text fontSize="sm">{t('help.approvalBands')}</Text>
          {values.approvalBands.map((band, index) => (
            <HStack key={index} gap={2} align="end" flexWrap="wrap">
              <Box flex="1" minW="8rem">
                <TextInput
                  label={t('fields.bandUpTo', { number: index + 1 })}
                  value={band.upTo}
                  onChange={(upTo) => setRow('approvalBands', index, { upTo })}
                  inputMode="decimal"
                  disabled={disabled}
                  error={error(`approvalBands.${index}.upTo`)}
                />
              </Box>
              <Box w="7rem">
                <Select
                  label={t('fields.bandLevels', { number: index + 1 })}
                  value={band.levels}
                  onChange={(levels) => setRow('approvalBands', index, { levels })}
                  disabled={disabled}
                  choices={[
                    { value: '1', label: '1' },
                    { value: '2', label: '2' },
                  ]}
                />
              </Box>
              {props.editable && values.approvalBands.length > 1 ? (
                <Button variant="ghost" size="sm" onClick={() => removeRow('approvalBands', index)}>
                  {t('removeBand', { number: index + 1 })}
                </Button>
              ) : null}
            </HStack>
          ))}
          {props.editable && values.approvalBands.length < 10 ? (
            <Box>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    approvalBands: [...current.approvalBands, { upTo: '', levels: '2' }],
                  }))
                }
              >
                {t('addBand')}
              </Button>
            </Box>
          ) : null}
        </Group>
        <Group title={t('groups.protectionRates')}>
          {values.protectionRates.length === 0 ? <Text>{t('help.noProtection')}</Text> : null}
          {values.protectionRates.map((row, index) => (
            <HStack key={index} gap={2} align="end" flexWrap="wrap">
              <Box w="7rem">
                <TextInput
                  label={t('fields.protectionFrom', { number: index + 1 })}
                  value={row.minTenure}
                  onChange={(minTenure) => setRow('protectionRates', index, { minTenure })}
                  inputMode="numeric"
                  disabled={disabled}
                  error={error(`protectionRates.${index}.minTenure`)}
                />
              </Box>
              <Box w="7rem">
                <TextInput
                  label={t('fields.protectionTo', { number: index + 1 })}
                  value={row.maxTenure}
                  onChange={(maxTenure) => setRow('protectionRates', index, { maxTenure })}
                  inputMode="numeric"
                  disabled={disabled}
                  error={error(`protectionRates.${index}.maxTenure`)}
                />
              </Box>
              <Box w="7rem">
                <TextInput
                  label={t('fields.protectionRate', { number: index + 1 })}
                  value={row.rate}
                  onChange={(rate) => setRow('protectionRates', index, { rate })}
                  inputMode="decimal"
                  disabled={disabled}
                  error={error(`protectionRates.${index}.rate`)}
                />
              </Box>
              {props.editable ? (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={() => removeRow('protectionRates', index)}
                >
                  {t('removeRow', { number: index + 1 })}
                </Button>
              ) : null}
            </HStack>
          ))}
          {props.editable ? (
            <Box>
              <Button
                variant="outline"
                size="sm"
                onClick={() =>
                  setValues((current) => ({
                    ...current,
                    protectionRates: [
                      ...current.protectionRates,
                      { minTenure: '', maxTenure: '', rate: '' },
                    ],
                  }))
                }
              >
                {t('addRow')}
              </Button>
            </Box>
          ) : null}
        </Group>
        <Group title={t('groups.officeHours')}>
          {field('opensAt', 'text')}
          {field('closesAt', 'text')}
          {field('slotMinutes', 'numeric')}
          <TextArea
            label={t('fields.publicHolidays')}
            value={values.publicHolidays}
            onChange={set('publicHolidays')}
            disabled={disabled}
            helperText={t('help.publicHolidays')}
          />
        </Group>
      </SimpleGrid>
      <Box aria-live="polite">
        {problems.length > 0 ? (
          <ErrorNotice
            data-testid="settings-problems"
            title={t('problemsTitle')}
            description={
              <Stack as="ul" gap={0} ps={4}>
                {problems.map((problem) => (
                  <li key={`${problem.path}-${problem.code}`}>
                    {t(`problems.${problem.code}`)} ({problem.path})
                  </li>
                ))}
              </Stack>
            }
          />
        ) : null}
        {Object.keys(fieldErrors).length > 0 ? (
          <Text role="alert" color="red.600">
            {t('fieldsInvalid')}
          </Text>
        ) : null}
        {warned ? (
          <ChangedNotice
            data-testid="all-in-warning"
            title={t('allInWarning.title')}
            description={
              <Stack as="ul" gap={1} ps={4}>
                {warned.warnings.map((warning) => (
                  <li key={warning.security}>
                    {t(`allInWarning.${warning.security}`, {
                      rate: bpToPercent(warning.lowestAllInRateBp),
                      cap: bpToPercent(warning.capBp),
                      interest: bpToPercent(warning.breakdown.interestBp),
                      fee: bpToPercent(warning.breakdown.lenderFeeBp),
                    })}
                  </li>
                ))}
              </Stack>
            }
            action={
              <Button size="sm" onClick={() => void save(true)}>
                {t('allInWarning.saveAnyway')}
              </Button>
            }
          />
        ) : null}
        {props.saved ? <SuccessNotice title={t('saved')} /> : null}
        {failure?.changed ? (
          <ChangedNotice
            data-testid="settings-changed"
            title={t('changed.title')}
            description={t('changed.body')}
            action={
              <Button size="sm" onClick={props.onReload}>
                {t('changed.reload')}
              </Button>
            }
          />
        ) : failure ? (
          <ErrorNotice title={failure.message ?? t('failed')} />
        ) : null}
      </Box>
      {props.editable ? (
        <Box>
          <Button onClick={() => void save()} loading={busy}>
            {t('save')}
          </Button>
        </Box>
      ) : null}
    </Stack>
  );
}
