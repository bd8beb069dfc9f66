import {
  type AdminUserDetail,
  type Language,
  USER_AUTH_ADMIN_ROLES,
  type UserDetails,
} from '@lending/contracts';
import { formatPhoneForDisplay, formatRinggit } from '@lending/domain';
import { navigate, serverMessage, useSession, useT } from '@lending/platform';
import { loadStatusOf, queryClient, useServerQuery } from '@lending/platform/query';
import {
  Badge,
  Box,
  Card,
  Field,
  Flex,
  Heading,
  HStack,
  Input,
  Link,
  LoadStatus,
  NativeSelect,
  PageFrame,
  SimpleGrid,
  Stack,
  SuccessNotice,
  Text,
} from '@lending/ui';
import { FormSubmit, PHONE_COUNTRY_CODES } from '@lending/ui/forms';
import { Tabs } from '@lending/ui/screens';
import {
  type FormEvent,
  type ReactNode,
  type RefObject,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { useParams } from 'react-router-dom';

import { staffIdentity } from '../app/staff-session';
import { errorCodeOf } from '../staff/staff-api';
import { useDayText, useTimeText } from './user-format';
import {
  checkProfile,
  checkSignIn,
  type ProfileField,
  type ProfileForm,
  profileFormOf,
  type ProfileProblem,
  type SignInField,
  type SignInForm,
  signInFormOf,
  type SignInProblem,
} from './user-forms';
import { ADMIN_USERS_KEY, adminUsersKeys, lastListSearch, usersApi } from './users-api';
import { NotAllowed, NS, useMaySeeApplicants } from './users-page';

const TABS = [
  'profile',
  'signIn',
  'applications',
  'agreements',
  'accounts',
  'consents',
  'sessions',
] as const;

/** `/admin/users/{userId}`: one applicant, everything recorded of them, and the changes staff may
 *  make (the profile; the sign-in details for admins). */
export function UserDetailPage() {
  const { t } = useT(NS);
  const allowed = useMaySeeApplicants();
  const { userId = '' } = useParams<{ userId: string }>();
  const query = useServerQuery<AdminUserDetail>({
    queryKey: adminUsersKeys.detail(userId),
    queryFn: () => usersApi.detail(userId),
    enabled: allowed && userId !== '',
  });
  const detail = query.data;
  return (
    <PageFrame title={t('mf-admin:screens.userDetail.title')}>
      <Stack gap={5}>
        <Box>
          <Link
            href={`/admin/users${lastListSearch.get()}`}
            onClick={(event) => {
              event.preventDefault();
              navigate(`/admin/users${lastListSearch.get()}`);
            }}
          >
            {t('detail.back')}
          </Link>
        </Box>
        {allowed ? (
          <>
            <LoadStatus
              {...loadStatusOf(query)}
              loadingLabel={t('detail.loading')}
              errorTitle={t('detail.failed')}
            />
            {detail ? <Applicant detail={detail} /> : null}
          </>
        ) : (
          <NotAllowed />
        )}
      </Stack>
    </PageFrame>
  );
}

function Applicant({ detail }: { detail: AdminUserDetail }) {
  const { t } = useT(NS);
  const day = useDayText();
  const { user } = detail;
  const none = t('item.none');
  return (
    <Stack gap={5}>
      <Card.Root variant="outline">
        <Card.Body gap={3}>
          <Flex justify="space-between" gap={2} wrap="wrap" align="flex-start">
            <Box minW={0}>
              <Heading as="h2" size="md" data-testid="applicant-name">
                {detail.applicantName ?? user.firstName}
              </Heading>
              <Text wordBreak="break-all">{user.email}</Text>
            </Box>
            <Badge variant="outline">{t(`tenant.${user.tenant}`)}</Badge>
          </Flex>
          <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 3 }} gap={3} fontSize="sm">
            <Fact label={t('labels.identityCard')}>{detail.identityCardNo ?? none}</Fact>
            <Fact label={t('item.phone')}>
              {user.phoneNo ? formatPhoneForDisplay(user.phoneNo) : none}
            </Fact>
            <Fact label={t('labels.business')}>{detail.companyName ?? none}</Fact>
            <Fact label={t('labels.registered')}>{day(user.createdAt)}</Fact>
            <Fact label={t('labels.userId')}>
              <Text as="span" wordBreak="break-all">
                {user.id}
              </Text>
            </Fact>
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
      <Tabs.Root defaultValue="profile" lazyMount variant="line">
        <Tabs.List overflowX="auto" overflowY="hidden" flexWrap="nowrap" mb={4}>
          {TABS.map((tab) => (
            <Tabs.Trigger key={tab} value={tab} flexShrink={0}>
              {t(`detail.tabs.${tab}`)}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        <Tabs.Content value="profile">
          <ProfileEditor key={`${user.id}-profile`} user={user} />
        </Tabs.Content>
        <Tabs.Content value="signIn">
          <SignInEditor key={`${user.id}-sign-in`} user={user} />
        </Tabs.Content>
        <Tabs.Content value="applications">
          <ApplicationsList detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="agreements">
          <AgreementsList detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="accounts">
          <AccountsList detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="consents">
          <ConsentsList detail={detail} />
        </Tabs.Content>
        <Tabs.Content value="sessions">
          <SessionsList detail={detail} />
        </Tabs.Content>
      </Tabs.Root>
    </Stack>
  );
}

function Fact({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box minW={0}>
      <Text as="dt" color="fg.muted">
        {label}
      </Text>
      <Text as="dd" fontWeight="medium">
        {children}
      </Text>
    </Box>
  );
}

const NAMED_FAILURES = [
  'USER_EMAIL_EXISTS',
  'USER_PHONE_EXISTS',
  'PARTNER_ID_INVALID',
  'SIGN_IN_DETAIL_REFUSED',
  'FORBIDDEN',
  'NOT_FOUND',
] as const;

/** The reason a save failed, in the page's language when the API named it. */
function useFailureText() {
  const { t } = useT(NS);
  return (error: unknown) => {
    const code = errorCodeOf(error);
    if (code && (NAMED_FAILURES as readonly string[]).includes(code)) return t(`errors.${code}`);
    return t('errors.general', { message: serverMessage(error) ?? String(error) });
  };
}

/** Moves focus to the first field marked invalid, once the marks are on the page. */
function useFocusFirstInvalid(form: RefObject<HTMLFormElement | null>, attempt: number) {
  useEffect(() => {
    if (attempt === 0) return;
    form.current?.querySelector<HTMLElement>('[aria-invalid="true"]')?.focus();
  }, [form, attempt]);
}

function TextInput(props: {
  name: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  type?: string;
  required?: boolean;
  autoComplete?: string;
  disabled?: boolean;
}) {
  return (
    <Field.Root invalid={Boolean(props.error)} required={props.required} disabled={props.disabled}>
      <Field.Label>
        {props.label}
        {props.required ? <Field.RequiredIndicator /> : null}
      </Field.Label>
      <Input
        name={props.name}
        type={props.type ?? 'text'}
        value={props.value}
        autoComplete={props.autoComplete ?? 'off'}
        onChange={(event) => props.onChange(event.target.value)}
      />
      {props.hint ? <Field.HelperText>{props.hint}</Field.HelperText> : null}
      <Field.ErrorText>{props.error}</Field.ErrorText>
    </Field.Root>
  );
}

function refreshApplicants() {
  void queryClient.invalidateQueries({ queryKey: ADMIN_USERS_KEY });
}

const PROFILE_TEXT_FIELDS: ProfileField[] = [
  'firstName',
  'partnerId',
  'tinNumber',
  'residentialAddress1',
  'residentialAddress2',
  'residentialAddress3',
];

function ProfileEditor({ user }: { user: UserDetails }) {
  const { t } = useT(NS);
  const failureText = useFailureText();
  // What the server holds now: the page's copy is refreshed behind the form after a save.
  const [current, setCurrent] = useState(user);
  const [form, setForm] = useState<ProfileForm>(() => profileFormOf(user));
  const [problems, setProblems] = useState<Partial<Record<ProfileField, ProfileProblem>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, attempt);

  const set = (field: ProfileField) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));
  const problemText = (field: ProfileField) => {
    const problem = problems[field];
    return problem ? t(`problems.${problem}`, { label: t(`fields.${field}`) }) : null;
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = checkProfile(current, form);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    if (Object.keys(checked.changes).length === 0) {
      setNotice({ tone: 'success', text: t('profile.unchanged') });
      return;
    }
    setBusy(true);
    try {
      const saved = await usersApi.updateProfile(user.id, checked.changes);
      setCurrent(saved);
      setForm(profileFormOf(saved));
      setNotice({ tone: 'success', text: t('profile.saved') });
      refreshApplicants();
    } catch (error) {
      if (errorCodeOf(error) === 'PARTNER_ID_INVALID') {
        setProblems({ partnerId: 'invalid' });
        setAttempt((n) => n + 1);
      }
      setNotice({ tone: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('profile.title')}
      data-form="applicant-profile"
    >
      <Stack gap={4} maxW="40rem">
        <Text color="fg.muted">{t('profile.intro')}</Text>
        {PROFILE_TEXT_FIELDS.slice(0, 1).map((field) => (
          <TextInput
            key={field}
            name={field}
            label={t(`labels.${field}`)}
            value={form[field]}
            onChange={set(field)}
            error={problemText(field)}
            required
          />
        ))}
        <Field.Root>
          <Field.Label>{t('labels.language')}</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              name="language"
              value={form.language}
              onChange={(event) => set('language')(event.target.value as Language)}
            >
              {(['EN', 'MS'] as const).map((language) => (
                <option key={language} value={language}>
                  {t(`languages.${language}`)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        {PROFILE_TEXT_FIELDS.slice(1).map((field) => (
          <TextInput
            key={field}
            name={field}
            label={t(`labels.${field}`)}
            value={form[field]}
            onChange={set(field)}
            error={problemText(field)}
          />
        ))}
        <TextInput
          name="allowToApplyNewLoanAfterDate"
          type="date"
          label={t('labels.allowToApplyNewLoanAfterDate')}
          hint={t('labels.allowToApplyNewLoanAfterDateHint')}
          value={form.allowToApplyNewLoanAfterDate}
          onChange={set('allowToApplyNewLoanAfterDate')}
          error={problemText('allowToApplyNewLoanAfterDate')}
        />
        <Box aria-live="polite" data-testid="profile-notice">
          {notice?.tone === 'success' ? <SuccessNotice title={notice.text} /> : null}
        </Box>
        <FormSubmit
          label={t('profile.save')}
          loading={busy}
          loadingText={t('profile.saving')}
          failure={
            notice?.tone === 'error'
              ? notice.text
              : attempt > 0 && Object.keys(problems).length > 0
                ? t('problems.fixFields')
                : null
          }
          fullWidthOnPhone
        />
      </Stack>
    </form>
  );
}

function SignInEditor({ user }: { user: UserDetails }) {
  const { t } = useT(NS);
  const { staffAccessToken } = useSession();
  const mayChange = (staffIdentity(staffAccessToken)?.roles ?? []).some((role) =>
    USER_AUTH_ADMIN_ROLES.includes(role),
  );
  const failureText = useFailureText();
  // The country code has an id of its own: the field's id belongs to the number.
  const codeId = useId();
  const [current, setCurrent] = useState(user);
  const [form, setForm] = useState<SignInForm>(() => signInFormOf(user, PHONE_COUNTRY_CODES));
  const [problems, setProblems] = useState<Partial<Record<SignInField, SignInProblem>>>({});
  const [notice, setNotice] = useState<{ tone: 'success' | 'error'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const formRef = useRef<HTMLFormElement>(null);
  useFocusFirstInvalid(formRef, attempt);

  const set = (field: keyof SignInForm) => (value: string) =>
    setForm((previous) => ({ ...previous, [field]: value }));
  const problemText = (field: SignInField) => {
    const problem = problems[field];
    return problem ? t(`problems.${problem}`) : null;
  };

  if (!mayChange) {
    return (
      <Stack gap={3} data-testid="sign-in-read-only">
        <Text>{t('signIn.readOnly')}</Text>
        <SimpleGrid as="dl" columns={{ base: 1, sm: 2 }} gap={3} fontSize="sm">
          <Fact label={t('labels.email')}>{user.email}</Fact>
          <Fact label={t('labels.phone')}>
            {user.phoneNo ? formatPhoneForDisplay(user.phoneNo) : t('item.none')}
          </Fact>
        </SimpleGrid>
      </Stack>
    );
  }

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setNotice(null);
    const checked = checkSignIn(current, form);
    setProblems(checked.problems);
    if (Object.keys(checked.problems).length > 0) {
      setAttempt((n) => n + 1);
      return;
    }
    if (Object.keys(checked.changes).length === 0) {
      setNotice({ tone: 'success', text: t('signIn.unchanged') });
      return;
    }
    setBusy(true);
    try {
      const saved = await usersApi.updateSignIn(user.id, checked.changes);
      setCurrent(saved);
      setForm(signInFormOf(saved, PHONE_COUNTRY_CODES));
      setNotice({ tone: 'success', text: t('signIn.saved') });
      refreshApplicants();
    } catch (error) {
      const code = errorCodeOf(error);
      if (code === 'USER_EMAIL_EXISTS') setProblems({ email: 'emailTaken' });
      if (code === 'USER_PHONE_EXISTS') setProblems({ phone: 'phoneTaken' });
      setNotice({ tone: 'error', text: failureText(error) });
    } finally {
      setBusy(false);
    }
  };

  const phoneError = problemText('phone');
  return (
    <form
      ref={formRef}
      noValidate
      onSubmit={(event) => void submit(event)}
      aria-label={t('signIn.title')}
      data-form="applicant-sign-in"
    >
      <Stack gap={4} maxW="40rem">
        <Text color="fg.muted">{t('signIn.intro')}</Text>
        <TextInput
          name="email"
          type="email"
          label={t('labels.email')}
          value={form.email}
          onChange={set('email')}
          error={problemText('email')}
          required
        />
        <Field.Root invalid={Boolean(phoneError)} required>
          <Field.Label>
            {t('labels.phone')}
            <Field.RequiredIndicator />
          </Field.Label>
          <HStack gap={2} align="flex-start" width="full">
            <NativeSelect.Root width="7rem" flexShrink={0}>
              <NativeSelect.Field
                id={codeId}
                name="countryCode"
                aria-label={t('labels.countryCode')}
                value={form.countryCode}
                onChange={(event) => set('countryCode')(event.target.value)}
              >
                {PHONE_COUNTRY_CODES.map((code) => (
                  <option key={code} value={code}>
                    {code}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            <Input
              name="phone"
              type="tel"
              inputMode="numeric"
              autoComplete="off"
              value={form.phone}
              onChange={(event) => set('phone')(event.target.value.replace(/[^\d]/g, ''))}
            />
          </HStack>
          <Field.HelperText>{t('labels.phoneHint')}</Field.HelperText>
          <Field.ErrorText>{phoneError}</Field.ErrorText>
        </Field.Root>
        <TextInput
          name="password"
          type="password"
          autoComplete="new-password"
          label={t('labels.password')}
          hint={t('labels.passwordHint')}
          value={form.password}
          onChange={set('password')}
          error={problemText('password')}
        />
        <TextInput
          name="confirmation"
          type="password"
          autoComplete="new-password"
          label={t('labels.confirmation')}
          value={form.confirmation}
          onChange={set('confirmation')}
          error={problemText('confirmation')}
        />
        <Box aria-live="polite" data-testid="sign-in-notice">
          {notice?.tone === 'success' ? <SuccessNotice title={notice.text} /> : null}
        </Box>
        <FormSubmit
          label={t('signIn.save')}
          loading={busy}
          loadingText={t('signIn.saving')}
          failure={
            notice?.tone === 'error'
              ? notice.text
              : attempt > 0 && Object.keys(problems).length > 0
                ? t('problems.fixFields')
                : null
          }
          fullWidthOnPhone
        />
      </Stack>
    </form>
  );
}

function Empty({ text }: { text: string }) {
  return <Text color="fg.muted">{text}</Text>;
}

function RowCard({ children, testId }: { children: ReactNode; testId?: string }) {
  return (
    <Box as="li" listStyleType="none">
      <Card.Root variant="outline" data-testid={testId}>
        <Card.Body>
          <SimpleGrid as="dl" columns={{ base: 1, sm: 2, lg: 4 }} gap={3} fontSize="sm">
            {children}
          </SimpleGrid>
        </Card.Body>
      </Card.Root>
    </Box>
  );
}

function ApplicationsList({ detail }: { detail: AdminUserDetail }) {
  const { t } = useT(NS);
  const day = useDayText();
  if (detail.applications.length === 0) return <Empty text={t('applications.none')} />;
  return (
    <Stack as="ul" gap={3} aria-label={t('detail.tabs.applications')}>
      {detail.applications.map((application) => {
        const href = `/admin/applications/${application.id}`;
        return (
          <RowCard key={application.id}>
            <Fact label={t('applications.reference')}>
              <Link
                href={href}
                aria-label={t('applications.open', { reference: application.referenceNo })}
                onClick={(event) => {
                  event.preventDefault();
                  navigate(href);
                }}
              >
                {application.referenceNo}
              </Link>
            </Fact>
            <Fact label={t('applications.status')}>
              <Badge>{application.status}</Badge>
            </Fact>
            <Fact label={t('applications.amount')}>
              {application.requestedAmountSen === null
                ? t('applications.noAmount')
                : formatRinggit(application.requestedAmountSen)}
            </Fact>
            <Fact label={t('applications.created')}>{day(application.createdAt)}</Fact>
          </RowCard>
        );
      })}
    </Stack>
  );
}

function AgreementsList({ detail }: { detail: AdminUserDetail }) {
  const { t } = useT(NS);
  const day = useDayText();
  if (detail.agreements.length === 0) return <Empty text={t('agreements.none')} />;
  return (
    <Stack as="ul" gap={3} aria-label={t('detail.tabs.agreements')}>
      {detail.agreements.map((agreement) => (
        <RowCard key={agreement.id}>
          <Fact label={t('agreements.number')}>{agreement.agreementNo}</Fact>
          <Fact label={t('agreements.status')}>
            <Badge>{agreement.status}</Badge>
          </Fact>
          <Fact label={t('agreements.signed')}>
            {agreement.signedAt ? day(agreement.signedAt) : t('agreements.notSigned')}
          </Fact>
          <Fact label={t('agreements.created')}>{day(agreement.createdAt)}</Fact>
        </RowCard>
      ))}
    </Stack>
  );
}

function AccountsList({ detail }: { detail: AdminUserDetail }) {
  const { t } = useT(NS);
  if (detail.accounts.length === 0) return <Empty text={t('accounts.none')} />;
  return (
    <Stack as="ul" gap={3} aria-label={t('detail.tabs.accounts')}>
      {detail.accounts.map((account) => (
        <RowCard key={account.agreementId}>
          <Fact label={t('agreements.number')}>{account.agreementNo}</Fact>
          <Fact label={t('accounts.status')}>
            <Badge>{account.accountStatus}</Badge>
          </Fact>
          <Fact label={t('accounts.disbursed')}>{account.disbursedOn}</Fact>
          <Fact label={t('accounts.principal')}>{formatRinggit(account.principalSen)}</Fact>
          <Fact label={t('accounts.repayable')}>{formatRinggit(account.totalRepayableSen)}</Fact>
          <Fact label={t('accounts.outstanding')}>{formatRinggit(account.outstandingSen)}</Fact>
        </RowCard>
      ))}
    </Stack>
  );
}

function ConsentsList({ detail }: { detail: AdminUserDetail }) {
  const { t } = useT(NS);
  const time = useTimeText();
  return (
    <Stack as="ul" gap={3} aria-label={t('detail.tabs.consents')}>
      {detail.consents.map((consent, index) => (
        <Box as="li" listStyleType="none" key={`${consent.kind}-${index}`}>
          <Card.Root variant="outline">
            <Card.Body gap={1}>
              <Flex justify="space-between" gap={2} wrap="wrap">
                <Text fontWeight="semibold">{t(`consents.kinds.${consent.kind}`)}</Text>
                <Badge colorPalette={consent.given ? 'green' : 'gray'}>
                  {consent.given ? t('consents.given') : t('consents.notGiven')}
                </Badge>
              </Flex>
              {consent.at ? (
                <Text fontSize="sm">{t('consents.at', { at: time(consent.at) })}</Text>
              ) : null}
              {consent.textVersion ? (
                <Text fontSize="sm" color="fg.muted">
                  {t('consents.version', { version: consent.textVersion })}
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
        </Box>
      ))}
    </Stack>
  );
}

function SessionsList({ detail }: { detail: AdminUserDetail }) {
  const { t, i18n } = useT(NS);
  const time = useTimeText();
  if (detail.sessions.length === 0) return <Empty text={t('sessions.none')} />;
  const reason = (code: string | null) =>
    code && i18n.exists(`${NS}:sessions.reasons.${code}`) ? t(`sessions.reasons.${code}`) : code;
  return (
    <Stack as="ul" gap={3} aria-label={t('detail.tabs.sessions')}>
      {detail.sessions.map((session) => (
        <Box as="li" listStyleType="none" key={session.id}>
          <Card.Root variant="outline" data-testid={`session-${session.id}`}>
            <Card.Body gap={1}>
              <Flex justify="space-between" gap={2} wrap="wrap">
                <Text>{t('sessions.started', { at: time(session.startedAt) })}</Text>
                <Badge colorPalette={session.active ? 'green' : 'gray'}>
                  {session.active
                    ? t('sessions.active')
                    : session.endedAt
                      ? t('sessions.ended', { at: time(session.endedAt) })
                      : t('sessions.expired')}
                </Badge>
              </Flex>
              {session.endReason ? (
                <Text fontSize="sm" color="fg.muted">
                  {reason(session.endReason)}
                </Text>
              ) : null}
            </Card.Body>
          </Card.Root>
        </Box>
      ))}
    </Stack>
  );
}
