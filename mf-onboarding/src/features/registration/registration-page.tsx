import { useT } from '@lending/platform';
import {
  Button,
  ErrorNotice,
  Grid,
  GridItem,
  Link,
  PageFrame,
  Spinner,
  Stack,
  Text,
} from '@lending/ui';
import { InstantFormik } from '@lending/ui/forms';
import { Form, useFormikContext } from 'formik';
import { useEffect, useMemo, useState } from 'react';

import { FocusFirstError } from '../../journey/focus-first-error';
import { openSignIn } from '../../journey/sign-in-needed';
import { AccountSection } from './account-section';
import { ApplicantSection } from './applicant-section';
import { BusinessSection } from './business-section';
import { ConsentSection } from './consent-section';
import { EligibilityCarousel } from './eligibility-carousel';
import { blocksSubmit, type LiveChecks, NO_LIVE_PROBLEMS } from './live-checks';
import { loadRegistrationDraft, saveRegistrationDraft } from './registration-draft';
import { type RegistrationFormValues, registrationSchema } from './registration-schema';
import { type MasterLists, useRegistrationLists } from './use-registration-lists';
import { useRegistrationSubmit } from './use-registration-submit';

export function RegistrationPage() {
  const { t } = useT('onboarding-registration');
  const { lists, loadError } = useRegistrationLists();
  const phoneNo = useMemo(
    () => new URLSearchParams(window.location.search).get('phoneNo') ?? '',
    [],
  );
  const today = useMemo(() => new Date(), []);

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
            <RegistrationForm lists={lists} phoneNo={phoneNo} today={today} />
          )}
        </PageFrame>
      </GridItem>
    </Grid>
  );
}

/** Keeps what is typed for the tab as it changes. */
function KeepDraft() {
  const { values } = useFormikContext<RegistrationFormValues>();
  useEffect(() => saveRegistrationDraft(values), [values]);
  return null;
}

/** The form itself, once the lists it offers are loaded. */
export function RegistrationForm(props: { lists: MasterLists; phoneNo: string; today: Date }) {
  const { lists, phoneNo, today } = props;
  const { t } = useT('onboarding-registration');
  const [live, setLive] = useState<LiveChecks>(NO_LIVE_PROBLEMS);

  const schema = useMemo(
    () =>
      registrationSchema({
        t: (key, options) => t(key, options ?? {}),
        today,
        otherSourceIds: lists.sources
          .filter((source) => source.needsOtherText)
          .map((source) => String(source.id)),
      }),
    [t, today, lists],
  );

  const blocked = blocksSubmit(live);
  const registration = useRegistrationSubmit(blocked);
  // Read once: the form owns its values from then on.
  const [initialValues] = useState(() => loadRegistrationDraft(phoneNo));

  return (
    <InstantFormik<RegistrationFormValues>
      initialValues={initialValues}
      validationSchema={schema}
      onSubmit={registration.submit}
    >
      {({ isSubmitting, submitCount, errors }) => (
        <Form noValidate>
          <KeepDraft />
          <FocusFirstError extraRefusal={blocked} />
          <Stack gap="8">
            <BusinessSection
              lists={lists}
              live={live}
              setLive={setLive}
              botPass={registration.captchaToken}
            />
            <ApplicantSection lists={lists} today={today} />
            <AccountSection
              lists={lists}
              live={live}
              setLive={setLive}
              botPass={registration.captchaToken}
            />
            <ConsentSection
              captchaKey={registration.captchaKey}
              captchaMissing={registration.captchaMissing}
              onCaptcha={registration.onCaptcha}
              onCaptchaChecking={registration.onCaptchaChecking}
            />
            {submitCount > 0 && (Object.keys(errors).length > 0 || blocked) ? (
              <Text color="red.600" role="alert" id="registration-refused">
                {t(Object.keys(errors).length > 0 ? 'validation.bulk' : 'validation.blocked')}
              </Text>
            ) : null}
            {registration.failure ? (
              <ErrorNotice title={t('registration.failed')} description={registration.failure} />
            ) : null}
            <Button
              type="submit"
              colorPalette="brand"
              loading={isSubmitting || registration.captchaChecking}
              loadingText={
                registration.captchaChecking ? t('captcha.checking') : t('registration.submitting')
              }
              alignSelf={{ base: 'stretch', md: 'flex-start' }}
            >
              {t('registration.submit')}
            </Button>
            <Text fontSize="sm">
              {t('registration.haveAccount')}{' '}
              <Link
                href="?showLogin=true"
                onClick={(event) => {
                  event.preventDefault();
                  openSignIn();
                }}
              >
                {t('registration.logIn')}
              </Link>
            </Text>
          </Stack>
        </Form>
      )}
    </InstantFormik>
  );
}
