import type { MissingItem } from '@lending/contracts';
import { navigate } from '@lending/platform';
import { Alert, Link, Stack } from '@lending/ui';

import { SECTION_ROUTES } from './application-steps';
import { useFormT } from './use-form-t';

/** What the server found missing on submit, each with a link to fix it. */
export function MissingItems({
  missing,
  documentName,
}: {
  missing: MissingItem[];
  documentName: (fileType: string) => string;
}) {
  const t = useFormT();
  const missingLabel = (item: MissingItem): { text: string; to: string } => {
    switch (item.kind) {
      case 'loan':
        return { text: t('summary.missingLoan'), to: '/application' };
      case 'section':
        return { text: t(`sections.${item.section}`), to: SECTION_ROUTES[item.section] };
      case 'emailVerification':
        return { text: t('summary.missingEmail'), to: '/application/email-verification' };
      case 'document':
        return {
          text: t('summary.missingDocument', {
            fileType: documentName(item.fileType),
            uploaded: item.uploaded,
            required: item.required,
          }),
          to: '/application/document-upload',
        };
    }
  };

  if (missing.length === 0) return null;
  return (
    <Alert.Root status="warning" role="alert" data-testid="missing-items">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{t('summary.missingTitle')}</Alert.Title>
        <Stack as="ul" gap={1} m={0} pl={5} mt={2}>
          {missing.map((item, index) => {
            const { text, to } = missingLabel(item);
            return (
              <li key={index}>
                {text} —{' '}
                <Link
                  href={to}
                  onClick={(event) => {
                    event.preventDefault();
                    navigate(to);
                  }}
                >
                  {t('summary.fix')}
                </Link>
              </li>
            );
          })}
        </Stack>
      </Alert.Content>
    </Alert.Root>
  );
}
