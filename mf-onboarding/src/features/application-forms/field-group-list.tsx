import { Box, Button, ErrorNotice } from '@lending/ui';
import { FieldArray } from 'formik';
import type { ReactNode } from 'react';

import { FieldGrid } from '../../journey/field-grid';
import { FieldGroup } from './section-page';

/** A list of like field groups (directors, emergency contacts): each titled, with its own remove
 *  button, the list's own error under them, and a button adding an empty one. */
export function FieldGroupList<T extends object>(props: {
  name: string;
  items: T[];
  empty: T;
  intro?: ReactNode;
  title: (index: number) => string;
  removeLabel: (index: number, title: string) => string;
  canRemove: boolean;
  canAdd: boolean;
  addLabel: string;
  listError: string | null;
  listErrorTestId?: string;
  /** The fields of one item, their names under `prefix`. */
  fields: (item: T, prefix: string) => ReactNode;
}) {
  return (
    <FieldArray name={props.name}>
      {(helpers) => (
        <Box>
          {props.intro}
          {props.items.map((item, index) => {
            const title = props.title(index);
            return (
              <FieldGroup key={index} title={title}>
                <FieldGrid>{props.fields(item, `${props.name}.${index}`)}</FieldGrid>
                {props.canRemove ? (
                  <Button
                    variant="outline"
                    alignSelf="flex-start"
                    onClick={() => helpers.remove(index)}
                  >
                    {props.removeLabel(index, title)}
                  </Button>
                ) : null}
              </FieldGroup>
            );
          })}
          {props.listError ? (
            <ErrorNotice mb={4} data-testid={props.listErrorTestId} title={props.listError} />
          ) : null}
          {props.canAdd ? (
            <Button variant="outline" onClick={() => helpers.push({ ...props.empty })}>
              {props.addLabel}
            </Button>
          ) : null}
        </Box>
      )}
    </FieldArray>
  );
}
