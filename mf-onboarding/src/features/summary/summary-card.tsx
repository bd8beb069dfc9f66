import { navigate } from '@lending/platform';
import { Link, SummaryCard as Card } from '@lending/ui';
import type { ReactNode } from 'react';

import { useFormT } from '../../journey/use-form-t';

export { addressText, SummaryRow as Row } from '@lending/ui';

/** A card of the summary, with its "Edit" link while the application can still change. */
export function SummaryCard(props: {
  title: string;
  editTo?: string;
  editable: boolean;
  children: ReactNode;
  testId: string;
}) {
  const t = useFormT();
  const editTo = props.editable ? props.editTo : undefined;
  return (
    <Card
      title={props.title}
      testId={props.testId}
      action={
        editTo ? (
          <Link
            href={editTo}
            onClick={(event) => {
              event.preventDefault();
              navigate(editTo);
            }}
            aria-label={`${t('common.edit')}: ${props.title}`}
          >
            {t('common.edit')}
          </Link>
        ) : null
      }
    >
      {props.children}
    </Card>
  );
}
