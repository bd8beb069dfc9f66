import type { ReferredItem } from '@lending/contracts';
import { navigate } from '@lending/platform';
import { Alert, Box, Link, Text } from '@lending/ui';

import { SECTION_ROUTES } from './application-steps';
import { useFormT } from './use-form-t';

/** What the lender asked to fix, each with its reason: all of it on the summary, or the part a
 *  page is about. */
export function ReferbackNotice(props: {
  items: ReferredItem[];
  /** The name of a referred part (a section or a document type) as the page shows it. */
  nameOf: (item: ReferredItem) => string;
  title?: string;
  /** Each part named as a link to where it is fixed (the application's own page lists them). */
  linked?: boolean;
}) {
  const t = useFormT();
  if (props.items.length === 0) return null;
  return (
    <Alert.Root status="warning" data-testid="referback-notice" mb={5}>
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>{props.title ?? t('referback.title')}</Alert.Title>
        <Alert.Description asChild>
          <Box as="ul" ps={4} mt={2} listStyleType="disc">
            {props.items.map((item) => (
              <li key={`${item.kind}:${item.target}:${item.reason}`}>
                {props.linked && referredRoute(item) ? (
                  <Link
                    href={referredRoute(item)!}
                    fontWeight="semibold"
                    onClick={(event) => {
                      event.preventDefault();
                      navigate(referredRoute(item)!);
                    }}
                  >
                    {props.nameOf(item)}
                  </Link>
                ) : (
                  <Text as="span" fontWeight="semibold">
                    {props.nameOf(item)}
                  </Text>
                )}
                {': '}
                {item.reason}
              </li>
            ))}
          </Box>
        </Alert.Description>
      </Alert.Content>
    </Alert.Root>
  );
}

/** Said on a part of a referred-back application that the lender did not list. */
export function NotReferredNotice() {
  const t = useFormT();
  return (
    <Alert.Root status="info" data-testid="not-referred" mb={5}>
      <Alert.Indicator />
      <Alert.Title>{t('referback.notReferred')}</Alert.Title>
    </Alert.Root>
  );
}

/** A referred part's name: its section's title, the loan, or its document type. */
export function referredName(item: ReferredItem, t: (key: string) => string): string {
  if (item.kind === 'document') {
    const name = t(`referback.documents.${item.target}`);
    return name.startsWith('referback.') ? item.target : name;
  }
  if (item.target === 'loan') return t('referback.loan');
  const name = t(`sections.${item.target}`);
  return name.startsWith('sections.') ? item.target : name;
}

/** Where a referred part is fixed: its section's page, the documents, or (the loan) the
 *  application's own page, where the loan card is. */
export function referredRoute(item: ReferredItem): string | null {
  if (item.kind === 'document') return '/application/document-upload';
  if (item.target === 'loan') return null;
  return SECTION_ROUTES[item.target as keyof typeof SECTION_ROUTES] ?? null;
}
