import type { LoginResponse, RedOneValidateNricResponse } from '@lending/contracts';
import { normalizeNric, parseNric, toE164 } from '@lending/domain';
import {
  accountStore,
  authApi,
  bus,
  httpStatus,
  serverMessage,
  session,
  useT,
} from '@lending/platform';
import { Button, Heading, Link, Stack, SuccessNotice, Text } from '@lending/ui';
import {
  FocusFirstError,
  FormSubmit,
  IdentityNumberField,
  PhoneField,
  TextField,
} from '@lending/ui/forms';
import { Form, Formik } from 'formik';
import { useState } from 'react';
import * as yup from 'yup';

type Step =
  | { kind: 'signIn' }
  | { kind: 'reset' }
  | { kind: 'nric'; redOneJwt: string; phoneNo: string }
  | { kind: 'phoneTaken'; phoneNo: string }
  | { kind: 'line'; phoneNo: string; line: RedOneValidateNricResponse };

export interface TelecomLoginFormProps {
  /** The line opened an account of ours: the session starts as with any sign-in. */
  onSignedIn: (response: LoginResponse) => void;
  /** No account yet: registration, the line's number carried over (spec section 4). */
  onRegister: (phoneNo: string) => void;
  /** The person would rather sign in with their email (the other tab). */
  onUseEmail: () => void;
}

/**
 * The telecom tenant's sign-in: the telecom account's phone number and password; when the line
 * has no account of ours yet, the NRIC the line is registered with, then registration with the
 * number filled in. A forgotten telecom password is reset by the telecom, by SMS.
 */
export function TelecomLoginForm({ onSignedIn, onRegister, onUseEmail }: TelecomLoginFormProps) {
  const [step, setStep] = useState<Step>({ kind: 'signIn' });
  const [notice, setNotice] = useState<string | null>(null);
  const back = () => setStep({ kind: 'signIn' });

  switch (step.kind) {
    case 'signIn':
      return (
        <SignInStep
          notice={notice}
          onForgot={() => {
            setNotice(null);
            setStep({ kind: 'reset' });
          }}
          onLine={(response) => {
            setNotice(null);
            if (response.accessToken && response.refreshToken && response.userDetails) {
              onSignedIn({
                ...response,
                accessToken: response.accessToken,
                refreshToken: response.refreshToken,
              });
            } else if (response.phoneNoTaken) {
              setStep({ kind: 'phoneTaken', phoneNo: response.phoneNo });
            } else {
              setStep({ kind: 'nric', redOneJwt: response.redOneJwt, phoneNo: response.phoneNo });
            }
          }}
        />
      );
    case 'reset':
      return (
        <ResetStep
          onSent={(message) => {
            setNotice(message);
            back();
          }}
          onBack={back}
        />
      );
    case 'nric':
      return (
        <NricStep
          redOneJwt={step.redOneJwt}
          phoneNo={step.phoneNo}
          onExpired={(message) => {
            setNotice(message);
            back();
          }}
          onChecked={(line) => setStep({ kind: 'line', phoneNo: step.phoneNo, line })}
          onBack={back}
        />
      );
    case 'phoneTaken':
      return <PhoneTakenStep phoneNo={step.phoneNo} onUseEmail={onUseEmail} onBack={back} />;
    case 'line':
      return (
        <LineStep line={step.line} onRegister={() => onRegister(step.phoneNo)} onBack={back} />
      );
  }
}

function usePhoneSchema() {
  const { t } = useT('shell');
  return yup
    .string()
    .required(t('validation.required', { label: t('login.telecom.phone') }))
    .test(
      'phone',
      t('validation.invalid', { label: t('login.telecom.phone') }),
      function check(value) {
        return toE164(this.parent.countryCode ?? '+60', value ?? '').ok;
      },
    );
}

function e164Of(countryCode: string, phone: string): string {
  const parsed = toE164(countryCode, phone);
  return parsed.ok ? parsed.e164 : phone;
}

function SignInStep(props: {
  notice: string | null;
  onForgot: () => void;
  onLine: (response: Awaited<ReturnType<typeof authApi.redOneFirstLogin>>) => void;
}) {
  const { t } = useT('shell');
  const [failure, setFailure] = useState<string | null>(null);
  const schema = yup.object({
    countryCode: yup.string().required(),
    phone: usePhoneSchema(),
    password: yup
      .string()
      .required(t('validation.required', { label: t('login.telecom.password') })),
  });
  return (
    <Formik
      initialValues={{ countryCode: '+60', phone: '', password: '' }}
      validationSchema={schema}
      onSubmit={async (values) => {
        setFailure(null);
        try {
          // Signing in starts from a clean slate: nothing of an earlier session carries over.
          session.clear();
          accountStore.clear();
          const response = await authApi.redOneFirstLogin({
            callerId: e164Of(values.countryCode, values.phone),
            password: values.password,
          });
          if (response.accessToken) {
            bus.emit('toast.requested', { status: 'success', title: t('login.success') });
          }
          props.onLine(response);
        } catch (error) {
          setFailure(
            httpStatus(error) === 401
              ? t('login.telecom.invalidCredentials')
              : (serverMessage(error) ?? t('login.errors.internal')),
          );
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-label={t('login.redoneTab')}>
          <FocusFirstError />
          <Stack gap={4}>
            {props.notice ? <SuccessNotice title={props.notice} /> : null}
            <Text>{t('login.telecom.intro')}</Text>
            <PhoneField
              name="phone"
              countryCodeName="countryCode"
              label={t('login.telecom.phone')}
              countryCodeLabel={t('login.telecom.countryCode')}
              required={false}
            />
            <TextField
              name="password"
              label={t('login.telecom.password')}
              markRequired={false}
              type="password"
              autoComplete="current-password"
            />
            <FormSubmit
              label={t('login.telecom.submit')}
              loading={isSubmitting}
              loadingText={t('login.telecom.submitting')}
              failure={failure}
              failureTestId="telecom-login-error"
              fullWidth
            />
            <Link asChild color="brand.primary" alignSelf="flex-start">
              <button type="button" onClick={props.onForgot}>
                {t('login.telecom.forgotPassword')}
              </button>
            </Link>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function ResetStep(props: { onSent: (message: string) => void; onBack: () => void }) {
  const { t } = useT('shell');
  const [failure, setFailure] = useState<string | null>(null);
  const schema = yup.object({ countryCode: yup.string().required(), phone: usePhoneSchema() });
  return (
    <Formik
      initialValues={{ countryCode: '+60', phone: '' }}
      validationSchema={schema}
      onSubmit={async (values) => {
        setFailure(null);
        try {
          await authApi.redOneResetPassword(e164Of(values.countryCode, values.phone));
          // The same words whatever the server knows of the number.
          props.onSent(t('login.telecom.resetSent'));
        } catch (error) {
          setFailure(serverMessage(error) ?? t('login.errors.internal'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="telecom-reset-title">
          <FocusFirstError />
          <Stack gap={4}>
            <Heading as="h3" size="md" id="telecom-reset-title">
              {t('login.telecom.resetTitle')}
            </Heading>
            <Text>{t('login.telecom.resetIntro')}</Text>
            <PhoneField
              name="phone"
              countryCodeName="countryCode"
              label={t('login.telecom.phone')}
              countryCodeLabel={t('login.telecom.countryCode')}
              required={false}
            />
            <FormSubmit
              label={t('login.telecom.resetSubmit')}
              loading={isSubmitting}
              loadingText={t('login.telecom.resetSubmitting')}
              failure={failure}
              failureTestId="telecom-reset-error"
              fullWidth
            />
            <Button
              variant="outline"
              color="brand.primary"
              borderColor="brand.primary"
              onClick={props.onBack}
            >
              {t('login.telecom.backToSignIn')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function NricStep(props: {
  redOneJwt: string;
  phoneNo: string;
  onChecked: (line: RedOneValidateNricResponse) => void;
  onExpired: (message: string) => void;
  onBack: () => void;
}) {
  const { t } = useT('shell');
  const [failure, setFailure] = useState<string | null>(null);
  const invalid = t('login.telecom.nricInvalid');
  const schema = yup.object({
    nric: yup
      .string()
      .required(t('validation.required', { label: t('login.telecom.nric') }))
      .test('nric', invalid, (value) => parseNric(value ?? '').ok),
  });
  return (
    <Formik
      initialValues={{ nric: '' }}
      validationSchema={schema}
      onSubmit={async (values, helpers) => {
        setFailure(null);
        try {
          props.onChecked(
            await authApi.redOneValidateNric(props.redOneJwt, normalizeNric(values.nric)),
          );
        } catch (error) {
          const status = httpStatus(error);
          // Spec section 8: a wrong NRIC is the screen's to say, by the field, not a toast.
          if (status === 400) helpers.setFieldError('nric', invalid);
          else if (status === 401) props.onExpired(t('login.telecom.expired'));
          else setFailure(serverMessage(error) ?? t('login.errors.internal'));
        }
      }}
    >
      {({ isSubmitting }) => (
        <Form noValidate aria-labelledby="telecom-nric-title">
          <FocusFirstError />
          <Stack gap={4}>
            <Heading as="h3" size="md" id="telecom-nric-title">
              {t('login.telecom.nricTitle')}
            </Heading>
            <Text>{t('login.telecom.nricIntro', { phone: props.phoneNo })}</Text>
            <IdentityNumberField
              name="nric"
              label={t('login.telecom.nric')}
              helperText={t('login.telecom.nricHint')}
              markRequired={false}
              errorTestId="telecom-nric-error"
            />
            <FormSubmit
              label={t('login.telecom.nricSubmit')}
              loading={isSubmitting}
              loadingText={t('login.telecom.nricSubmitting')}
              failure={failure}
              failureTestId="telecom-nric-failure"
              fullWidth
            />
            <Button
              variant="outline"
              color="brand.primary"
              borderColor="brand.primary"
              onClick={props.onBack}
            >
              {t('login.telecom.backToSignIn')}
            </Button>
          </Stack>
        </Form>
      )}
    </Formik>
  );
}

function PhoneTakenStep(props: { phoneNo: string; onUseEmail: () => void; onBack: () => void }) {
  const { t } = useT('shell');
  return (
    <Stack gap={4}>
      <Text role="status">{t('login.telecom.phoneTaken', { phone: props.phoneNo })}</Text>
      <Button colorPalette="brand" onClick={props.onUseEmail}>
        {t('login.telecom.useEmail')}
      </Button>
      <Button
        variant="outline"
        color="brand.primary"
        borderColor="brand.primary"
        onClick={props.onBack}
      >
        {t('login.telecom.backToSignIn')}
      </Button>
    </Stack>
  );
}

function LineStep(props: {
  line: RedOneValidateNricResponse;
  onRegister: () => void;
  onBack: () => void;
}) {
  const { t } = useT('shell');
  const { line } = props;
  const outcome = line.telecomPostpaid.pass
    ? t('login.telecom.eligible')
    : line.telecomPostpaid.reason === 'telecomPostpaidTooNew'
      ? t('login.telecom.postpaidTooNew')
      : t('login.telecom.notPostpaid');
  return (
    <Stack gap={4} data-testid="telecom-line">
      <Heading as="h3" size="md">
        {t('login.telecom.lineTitle')}
      </Heading>
      <Text fontWeight="semibold">
        {line.accountType === 'POSTPAID'
          ? t('login.telecom.linePostpaid', { count: line.postpaidTenureMonths ?? 0 })
          : t('login.telecom.linePrepaid')}
      </Text>
      <Text role={line.telecomPostpaid.pass ? 'status' : 'alert'}>{outcome}</Text>
      {line.telecomPostpaid.pass ? (
        <Button colorPalette="brand" onClick={props.onRegister}>
          {t('login.telecom.continueRegistration')}
        </Button>
      ) : null}
      <Button
        variant="outline"
        color="brand.primary"
        borderColor="brand.primary"
        onClick={props.onBack}
      >
        {t('login.telecom.backToSignIn')}
      </Button>
    </Stack>
  );
}
