import type { Application, ApplicationSection } from '@lending/contracts';
import { applicationApi, bus, navigate, type SectionBodies } from '@lending/platform';
import { Alert, Box, ErrorNotice, HStack, Link, Stack, Text } from '@lending/ui';
import { FormSubmit } from '@lending/ui/forms';
import { useFormikContext } from 'formik';
import { type ReactNode, useState } from 'react';

import { nextRouteAfter } from '../../journey/application-steps';
import { codedFailure } from '../../journey/coded-failure';
import { useFormT } from '../../journey/use-form-t';

/** Saves one section: toast "Submit Successfully" and go to the next page, or keep everything
 *  typed and show the server's message under the form's own failure title. */
export function useSectionSave<S extends ApplicationSection>(section: S, application: Application) {
  const t = useFormT();
  const [failure, setFailure] = useState<string | null>(null);
  const save = async (body: SectionBodies[S]) => {
    setFailure(null);
    try {
      const saved = await applicationApi.saveSection(section, application.id, body);
      bus.emit('toast.requested', { status: 'success', title: t('common.submitSuccess') });
      // The answer is the saved application: the page's cache takes it, so the next page shows
      // it without reading it again, and everyone else listening hears of the change.
      bus.emit('application.updated', {
        applicationId: saved.id,
        status: saved.status,
        application: saved,
      });
      navigate(nextRouteAfter(saved, section));
    } catch (error) {
      const message = codedFailure(error, t);
      setFailure(message);
      bus.emit('toast.requested', {
        status: 'error',
        title: t(`failures.${section}`),
        description: message,
      });
    }
  };
  return { failure, save, failureTitle: t(`failures.${section}`) };
}

/** Bottom of a section form: the bulk banner once a submit found errors, the save failure, and
 *  the buttons. */
export function SectionFormFooter(props: {
  failureTitle: string;
  failure: string | null;
  readOnly: boolean;
  /** Why the form is locked, when not because the application was submitted. */
  readOnlyMessage?: string;
}) {
  const t = useFormT();
  const { submitCount, errors, isSubmitting, isValid } = useFormikContext();
  const showBulk = submitCount > 0 && !isValid && Object.keys(errors).length > 0;
  return (
    <Stack gap={4} mt={6}>
      {showBulk ? <ErrorNotice data-testid="bulk-error" title={t('validation.bulk')} /> : null}
      {props.failure ? (
        <ErrorNotice
          data-testid="save-failure"
          title={props.failureTitle}
          description={props.failure}
        />
      ) : null}
      {props.readOnly ? (
        <Alert.Root status="info">
          <Alert.Indicator />
          <Alert.Title>{props.readOnlyMessage ?? t('common.readOnly')}</Alert.Title>
        </Alert.Root>
      ) : null}
      <HStack gap={4} wrap="wrap">
        {props.readOnly ? null : (
          <FormSubmit label={t('common.save')} loading={isSubmitting} fullWidthOnPhone />
        )}
        <Link
          href="/application"
          onClick={(event) => {
            event.preventDefault();
            navigate('/application');
          }}
        >
          {t('common.back')}
        </Link>
      </HStack>
    </Stack>
  );
}

/** A titled group of fields inside a form. */
export function FieldGroup(props: { title: string; children: ReactNode }) {
  return (
    <Box as="fieldset" borderWidth="1px" borderRadius="md" p={{ base: 3, md: 5 }} mb={5}>
      <Text as="legend" fontWeight="bold" px={2}>
        {props.title}
      </Text>
      <Stack gap={4}>{props.children}</Stack>
    </Box>
  );
}
