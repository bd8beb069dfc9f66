import { useEffect, useMemo, useState } from 'react';
import { Form, Formik, useFormikContext } from 'formik';
import type { NatureOfBusiness, Race, ReferralSource } from '@lending/contracts';
import { ageOn, parseNric, toE164, validateEmail, nameIn } from '@lending/domain';
import {
  completeSignIn,
  errorMessage,
  masterApi,
  navigate,
  registrationApi,
  useLanguage,
  useT,
} from '@lending/platform';
import {
  Box,
  Button,
  CaptchaBox,
  CheckboxField,
  ErrorNotice,
  Field,
  Grid,
  GridItem,
  Heading,
  Input,
  PageFrame,
  PhoneField,
  SelectField,
  SimpleGrid,
  Spinner,
  Stack,
  Text,
  TextField,
} from '@lending/ui';
import { EligibilityCarousel } from './eligibility-carousel';
import {
  emptyRegistration,
  registrationSchema,
  toRegisterRequest,
  type RegistrationFormValues,
} from './registration-schema';

interface MasterLists {
  races: Race[];
  natures: NatureOfBusiness[];
  sources: ReferralSource[];
}

/** Problems only the server can tell, shown live beside their fields and blocking submit. */
interface LiveChecks {
  brnTaken: boolean;
  emailTaken: boolean;
  partnerInvalid: boolean;
  postcode: 'idle' | 'loading' | 'notFound' | { city: string; state: string };
}

export function RegistrationPage() {
  const { t } = useT('onboarding-registration');
  const language = useLanguage();
  const [lists, setLists] = useState<MasterLists | null>(null);
  const [loadError, setLoadError] = useState<string | null>(null);
  const [captchaToken, setCaptchaToken] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaMissing, setCaptchaMissing] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const [live, setLive] = useState<LiveChecks>({
    brnTaken: false,
    emailTaken: false,
    partnerInvalid: false,
    postcode: 'idle',
  });
  const phoneNo = useMemo(
    () => new URLSearchParams(window.location.search).get('phoneNo') ?? '',
    [],
  );

  useEffect(() => {
    Promise.all([masterApi.races(), masterApi.naturesOfBusiness(), masterApi.referralSources()])
      .then(([races, natures, sources]) => setLists({ races, natures, sources }))
      .catch((error: unknown) => setLoadError(errorMessage(error)));
  }, []);

  const today = useMemo(() => new Date(), []);
  const schema = useMemo(
    () =>
      registrationSchema({
        t: (key, options) => t(key, options ?? {}),
        today,
        otherSourceIds: (lists?.sources ?? [])
          .filter((source) => source.needsOtherText)
          .map((source) => String(source.id)),
      }),
    [t, today, lists],
  );

  const blocked =
    live.brnTaken || live.emailTaken || live.partnerInvalid || live.postcode === 'notFound';

  const submit = async (values: RegistrationFormValues) => {
    setFailure(null);
    if (!captchaToken) {
      setCaptchaMissing(true);
      return;
    }
    if (blocked) return;
    try {
      const response = await registrationApi.register(
        toRegisterRequest(values, captchaToken, language),
      );
      completeSignIn(response);
      navigate('/registration/verification');
    } catch (error) {
      setFailure(errorMessage(error));
      // A pass works once: tick again for the next try.
      setCaptchaKey((key) => key + 1);
    }
  };

  return (
    <Grid templateColumns={{ base: '1fr', lg: '2fr 3fr' }} gap="8" maxW="7xl" mx="auto">
      <GridItem display={{ base: 'none', lg: 'block' }} px="8" py="10">
        <EligibilityCarousel />
      </GridItem>
      <GridItem>
        <PageFrame title={t('registration.title')} description={t('registration.intro')}>
          {loadError ? (
            <ErrorNotice title={loadError} />
          ) : !lists ? (
            <Spinner aria-label={t('registration.checking')} />
          ) : (
            <Formik<RegistrationFormValues>
              initialValues={emptyRegistration(phoneNo)}
              validationSchema={schema}
              onSubmit={submit}
            >
              {({ isSubmitting, submitCount, isValid }) => (
                <Form noValidate>
                  <Stack gap="8">
                    <BusinessSection lists={lists} live={live} setLive={setLive} />
                    <ApplicantSection lists={lists} today={today} />
                    <AccountSection lists={lists} live={live} setLive={setLive} />
                    <Stack gap="3">
                      <CheckboxField name="termsAccepted" label={t('registration.terms')}>
                        {t('registration.terms')}
                      </CheckboxField>
                      <CheckboxField
                        name="acceptMarketingConsent"
                        label={t('registration.marketing')}
                        required={false}
                      >
                        {t('registration.marketing')}
                      </CheckboxField>
                      <CaptchaBox
                        labels={{
                          notARobot: t('captcha.notARobot'),
                          checking: t('captcha.checking'),
                          loading: t('captcha.loading'),
                          unavailable: t('captcha.unavailable'),
                        }}
                        resetKey={captchaKey}
                        invalid={captchaMissing && !captchaToken}
                        describedBy="registration-captcha-error"
                        onChange={(token) => {
                          setCaptchaToken(token);
                          if (token) setCaptchaMissing(false);
                        }}
                      />
                      {captchaMissing && !captchaToken ? (
                        <Text id="registration-captcha-error" color="red.600" role="alert">
                          {t('validation.captcha')}
                        </Text>
                      ) : null}
                    </Stack>
                    {submitCount > 0 && !isValid ? (
                      <Text color="red.600" role="alert">
                        {t('validation.bulk')}
                      </Text>
                    ) : null}
                    {failure ? (
                      <ErrorNotice title={t('registration.failed')} description={failure} />
                    ) : null}
                    <Button
                      type="submit"
                      loading={isSubmitting}
                      loadingText={t('registration.submitting')}
                      disabled={blocked}
                      alignSelf={{ base: 'stretch', md: 'flex-start' }}
                    >
                      {t('registration.submit')}
                    </Button>
                    <Text fontSize="sm">{t('registration.haveAccount')}</Text>
                  </Stack>
                </Form>
              )}
            </Formik>
          )}
        </PageFrame>
      </GridItem>
    </Grid>
  );
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="lg" p={{ base: 4, md: 6 }}>
      <Heading as="legend" size="md" px="2">
        {title}
      </Heading>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="4" mt="2">
        {children}
      </SimpleGrid>
    </Box>
  );
}

function LiveError({ id, message }: { id: string; message: string }) {
  return (
    <Text id={id} color="red.600" fontSize="sm" role="alert" mt="-2">
      {message}
    </Text>
  );
}

function BusinessSection({
  lists,
  live,
  setLive,
}: {
  lists: MasterLists;
  live: LiveChecks;
  setLive: React.Dispatch<React.SetStateAction<LiveChecks>>;
}) {
  const { t } = useT('onboarding-registration');
  const language = useLanguage();
  const { values, errors } = useFormikContext<RegistrationFormValues>();
  const brn = values.newBusinessRegistrationNo;
  const postcode = values.businessAuthorizedPostcode;

  // The number is checked once it is complete and well formed (on blur or when it settles).
  useEffect(() => {
    if (errors.newBusinessRegistrationNo || !/^\d{12}$/.test(brn.replace(/[\s-]/g, ''))) {
      setLive((l) => ({ ...l, brnTaken: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .businessExists(brn)
        .then((exists) => current && setLive((l) => ({ ...l, brnTaken: exists })))
        .catch(() => undefined);
    }, 400);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [brn, errors.newBusinessRegistrationNo, setLive]);

  useEffect(() => {
    if (!/^\d{5}$/.test(postcode)) {
      setLive((l) => ({ ...l, postcode: 'idle' }));
      return undefined;
    }
    let current = true;
    setLive((l) => ({ ...l, postcode: 'loading' }));
    masterApi
      .postcode(postcode)
      .then((found) => {
        if (!current) return;
        setLive((l) => ({
          ...l,
          postcode: found ? { city: found.city.name, state: found.state.name } : 'notFound',
        }));
      })
      .catch(() => current && setLive((l) => ({ ...l, postcode: 'idle' })));
    return () => {
      current = false;
    };
  }, [postcode, setLive]);

  const name = (item: { name: string; nameMs?: string }) => nameIn(language, item);

  return (
    <Section title={t('registration.business')}>
      <SelectField
        name="organizationType"
        label={t('labels.organizationType')}
        placeholder={t('placeholders.select')}
        options={(['SOLE_PROP', 'PARTNERSHIP', 'COMPANY'] as const).map((value) => ({
          value,
          label: t(`organizationTypeOptions.${value}`),
        }))}
      />
      <TextField name="companyName" label={t('labels.companyName')} autoComplete="organization" />
      <Stack gap="3">
        <TextField
          name="newBusinessRegistrationNo"
          label={t('labels.newBusinessRegistrationNo')}
          inputMode="numeric"
          placeholder={t('placeholders.brn')}
          helperText={t('hints.brn')}
          maxLength={14}
          transform={(value) => value.replace(/[^\d\s-]/g, '')}
        />
        {live.brnTaken ? <LiveError id="brn-taken" message={t('validation.brnExists')} /> : null}
      </Stack>
      <PhoneField
        name="businessContactNo"
        countryCodeName="businessContactCountryCode"
        label={t('labels.businessContactNo')}
        countryCodeLabel={t('labels.countryCode')}
        helperText={t('hints.phone')}
      />
      <TextField name="establishedDate" label={t('labels.establishedDate')} type="date" />
      <SelectField
        name="natureOfBusinessId"
        label={t('labels.natureOfBusinessId')}
        placeholder={t('placeholders.select')}
        options={lists.natures.map((item) => ({ value: String(item.id), label: name(item) }))}
      />
      <Stack gap="3">
        <TextField
          name="businessAuthorizedPostcode"
          label={t('labels.businessAuthorizedPostcode')}
          inputMode="numeric"
          maxLength={5}
          autoComplete="postal-code"
          transform={(value) => value.replace(/\D/g, '').slice(0, 5)}
          helperText={live.postcode === 'loading' ? t('registration.lookingUp') : undefined}
        />
        {live.postcode === 'notFound' ? (
          <LiveError id="postcode-not-found" message={t('validation.postcodeNotFound')} />
        ) : null}
      </Stack>
      <SimpleGrid columns={2} gap="3">
        <ReadOnly
          label={t('labels.city')}
          value={typeof live.postcode === 'object' ? live.postcode.city : ''}
        />
        <ReadOnly
          label={t('labels.state')}
          value={typeof live.postcode === 'object' ? live.postcode.state : ''}
        />
      </SimpleGrid>
    </Section>
  );
}

function ReadOnly({ label, value }: { label: string; value: string }) {
  return (
    <Field.Root readOnly>
      <Field.Label>{label}</Field.Label>
      <Input value={value} readOnly variant="subtle" />
    </Field.Root>
  );
}

function ApplicantSection({ lists, today }: { lists: MasterLists; today: Date }) {
  const { t } = useT('onboarding-registration');
  const language = useLanguage();
  const { values } = useFormikContext<RegistrationFormValues>();
  const passport = values.applicantIdentityCardType === 'PASSPORT';
  const nric = passport ? null : parseNric(values.applicantIdentityCardNo, today);

  return (
    <Section title={t('registration.applicant')}>
      <TextField name="applicantName" label={t('labels.applicantName')} autoComplete="name" />
      <SelectField
        name="applicantIdentityCardType"
        label={t('labels.applicantIdentityCardType')}
        placeholder={t('placeholders.select')}
        options={(['MYKAD', 'PASSPORT'] as const).map((value) => ({
          value,
          label: t(`identityCardTypes.${value}`),
        }))}
      />
      <TextField
        name="applicantIdentityCardNo"
        label={passport ? t('labels.passportNo') : t('labels.nric')}
        placeholder={passport ? undefined : t('placeholders.nric')}
        inputMode={passport ? 'text' : 'numeric'}
        maxLength={passport ? 12 : 14}
        transform={(value) =>
          passport ? value.toUpperCase().replace(/[^A-Z0-9]/g, '') : value.replace(/[^\d-]/g, '')
        }
      />
      {passport ? (
        <>
          <TextField
            name="applicantDateOfBirth"
            label={t('labels.applicantDateOfBirth')}
            type="date"
            autoComplete="bday"
          />
          <SelectField
            name="applicantGender"
            label={t('labels.applicantGender')}
            placeholder={t('placeholders.select')}
            options={(['MALE', 'FEMALE'] as const).map((value) => ({
              value,
              label: t(`genders.${value}`),
            }))}
          />
        </>
      ) : (
        <Box aria-live="polite" borderWidth="1px" borderRadius="md" p="3" bg="gray.50">
          <Text fontWeight="semibold" fontSize="sm">
            {t('derived.title')}
          </Text>
          {nric?.ok ? (
            <Text fontSize="sm" data-testid="nric-derived">
              {t('derived.birthDate')}: {nric.nric.birthDate} · {t('derived.gender')}:{' '}
              {t(`genders.${nric.nric.gender}`)} · {t('derived.age')}:{' '}
              {t('derived.years', { count: ageOn(nric.nric.birthDate, today) })}
            </Text>
          ) : (
            <Text fontSize="sm">—</Text>
          )}
        </Box>
      )}
      <SelectField
        name="applicantRaceId"
        label={t('labels.applicantRaceId')}
        placeholder={t('placeholders.select')}
        options={lists.races.map((race) => ({
          value: String(race.id),
          label: nameIn(language, race),
        }))}
      />
      <PhoneField
        name="applicantContactNo"
        countryCodeName="applicantContactCountryCode"
        label={t('labels.applicantContactNo')}
        countryCodeLabel={t('labels.countryCode')}
        helperText={t('hints.phone')}
      />
    </Section>
  );
}

function AccountSection({
  lists,
  live,
  setLive,
}: {
  lists: MasterLists;
  live: LiveChecks;
  setLive: React.Dispatch<React.SetStateAction<LiveChecks>>;
}) {
  const { t } = useT('onboarding-registration');
  const language = useLanguage();
  const { values } = useFormikContext<RegistrationFormValues>();
  const otherIds = lists.sources.filter((s) => s.needsOtherText).map((s) => String(s.id));
  const email = values.applicantEmail;
  const phone = toE164(values.applicantContactCountryCode, values.applicantContactNo);
  const phoneE164 = phone.ok ? phone.e164 : '';
  const partnerId = values.partnerId.trim();

  useEffect(() => {
    const valid = validateEmail(email);
    if (!valid.ok || !phoneE164) {
      setLive((l) => ({ ...l, emailTaken: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .contactExists(valid.email, phoneE164)
        .then((found) => current && setLive((l) => ({ ...l, emailTaken: found.emailExisted })))
        .catch(() => undefined);
    }, 500);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [email, phoneE164, setLive]);

  useEffect(() => {
    if (!partnerId) {
      setLive((l) => ({ ...l, partnerInvalid: false }));
      return undefined;
    }
    let current = true;
    const timer = window.setTimeout(() => {
      registrationApi
        .partnerIsValid(partnerId)
        .then((valid) => current && setLive((l) => ({ ...l, partnerInvalid: !valid })))
        .catch(() => undefined);
    }, 500);
    return () => {
      current = false;
      window.clearTimeout(timer);
    };
  }, [partnerId, setLive]);

  return (
    <Section title={t('registration.account')}>
      <Stack gap="3">
        <TextField
          name="applicantEmail"
          label={t('labels.applicantEmail')}
          type="email"
          inputMode="email"
          autoComplete="email"
          transform={(value) => value.trim().toLowerCase()}
        />
        {live.emailTaken ? (
          <LiveError id="email-taken" message={t('validation.emailExists')} />
        ) : null}
      </Stack>
      <Box />
      <TextField
        name="password"
        label={t('labels.password')}
        type="password"
        autoComplete="new-password"
        helperText={t('hints.password')}
      />
      <TextField
        name="passwordConfirmation"
        label={t('labels.passwordConfirmation')}
        type="password"
        autoComplete="new-password"
      />
      <Stack gap="3">
        <TextField
          name="partnerId"
          label={t('labels.partnerId')}
          required={false}
          transform={(value) => value.toUpperCase()}
        />
        {live.partnerInvalid ? (
          <LiveError id="partner-invalid" message={t('validation.partner')} />
        ) : null}
      </Stack>
      <SelectField
        name="referralSourceId"
        label={t('labels.referralSourceId')}
        placeholder={t('placeholders.select')}
        required={false}
        options={lists.sources.map((source) => ({
          value: String(source.id),
          label: nameIn(language, source),
        }))}
      />
      {otherIds.includes(values.referralSourceId) ? (
        <TextField name="referralSourceOther" label={t('labels.referralSourceOther')} />
      ) : null}
    </Section>
  );
}
