import type { Application } from '@lending/contracts';
import { Box, ErrorNotice, Heading, Stack, Text } from '@lending/ui';

import { useSubmitApplication } from '../hooks/use-submit-application';
import { AcknowledgeAndSubmit } from './acknowledge-and-submit';
import { MissingItems } from './missing-items';
import { referredName } from './referback-notice';
import { useFormT } from './use-form-t';

/**
 * The one step that ends a referral back, offered wherever the applicant fixes what was referred:
 * the application goes back to the lender as it stands, without the documents, summary or
 * identity steps done before.
 */
export function ResubmitPanel(props: {
  application: Application;
  onResubmitted: (application: Application) => void;
}) {
  const t = useFormT();
  const { submit, missing, failure } = useSubmitApplication(props.application, props.onResubmitted);
  if (props.application.status !== 'REFERBACK') return null;
  return (
    <Box
      as="section"
      aria-labelledby="resubmit-title"
      borderWidth="2px"
      borderColor="brand.secondaryFill"
      borderRadius="md"
      p={{ base: 4, md: 5 }}
      data-testid="resubmit-panel"
    >
      <Stack gap={4}>
        <Heading as="h2" size="md" id="resubmit-title">
          {t('referback.resubmit.title')}
        </Heading>
        <Text>{t('referback.resubmit.body')}</Text>
        <MissingItems
          missing={missing}
          documentName={(fileType) =>
            referredName({ kind: 'document', target: fileType, reason: '' }, t)
          }
        />
        {failure ? <ErrorNotice title={failure} /> : null}
        <AcknowledgeAndSubmit
          editable
          onSubmit={submit}
          submitLabel={t('referback.resubmit.button')}
        />
      </Stack>
    </Box>
  );
}
