import { useT } from '@lending/platform';
import { Button, ErrorNotice, Grid, GridItem, PageFrame, Spinner, Stack, Text } from '@lending/ui';
import { Form, Formik } from 'formik';
import { useMemo, useState } from 'react';

import { AccountSection } from './account-section';
import { ApplicantSection } from './applicant-section';
import { BusinessSection } from './business-section';
import { ConsentSection } from './consent-section';
import { EligibilityCarousel } from './eligibility-carousel';
import { blocksSubmit, type LiveChecks, NO_LIVE_PROBLEMS } from './live-checks';
import {
  emptyRegistration,
  type RegistrationFormValues,
  registrationSchema,
} from './registration-schema';
import { useRegistrationLists } from './use-registration-lists';
import { useRegistrationSubmit } from './use-registration-submit';

export function RegistrationPage() {
  const { t } = useT('onboarding-registration');
  const { lists, loadError } = useRegistrationLists();
  const [live, setLive] = useState<LiveChecks>(NO_LIVE_PROBLEMS);
  const phoneNo = useMemo(
    () => new URLSearchParams(window.location.search).get('phoneNo') ?? '',
    [],
  );

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

  const blocked = blocksSubmit(live);
  const registration = useRegistrationSubmit(blocked);

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
              onSubmit={registration.submit}
            >
              {({ isSubmitting, submitCount, isValid }) => (
                <Form noValidate>
                  <Stack gap="8">
                    <BusinessSection lists={lists} live={live} setLive={setLive} />
                    <ApplicantSection lists={lists} today={today} />
                    <AccountSection lists={lists} live={live} setLive={setLive} />
                    <ConsentSection
                      captchaKey={registration.captchaKey}
                      captchaMissing={registration.captchaMissing}
                      onCaptcha={registration.onCaptcha}
                    />
                    {submitCount > 0 && !isValid ? (
                      <Text color="red.600" role="alert">
                        {t('validation.bulk')}
                      </Text>
                    ) : null}
                    {registration.failure ? (
                      <ErrorNotice
                        title={t('registration.failed')}
                        description={registration.failure}
                      />
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
