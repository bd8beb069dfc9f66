import { Text } from '@chakra-ui/react';
import { useT } from '@lending/platform';
import { lazy, type ReactNode, Suspense } from 'react';

import type { SigningDocumentsProps } from './signing/signing-documents';

// The screens entry loads with the first remote (the shell loads its copy before any remote, see
// compose-remotes), so the signed-in home carries all of it. The document reader is shown only on
// the signing steps: it comes as a chunk of this same build when first drawn, so it still finds
// the shell's styling context.

const Documents = lazy(() =>
  import('./signing/signing-documents').then((m) => ({ default: m.SigningDocuments })),
);

function Loading(props: { children: ReactNode }) {
  return <Text role="status">{props.children}</Text>;
}

export function SigningDocuments(props: SigningDocumentsProps) {
  const { t } = useT('ui');
  return (
    <Suspense fallback={<Loading>{t('signing.reader.loading')}</Loading>}>
      <Documents {...props} />
    </Suspense>
  );
}
