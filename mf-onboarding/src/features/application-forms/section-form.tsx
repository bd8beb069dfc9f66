import type { Application, ApplicationSection } from '@lending/contracts';
import type { SectionBodies } from '@lending/platform';
import { Box } from '@lending/ui';
import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';

import { useReferback } from '../../hooks/use-referback';
import { mayChange, referredItems } from '../../journey/referback';
import { ReferbackNotice } from '../../journey/referback-notice';
import { useFormT } from '../../journey/use-form-t';
import { usePostcodeGuard } from './address-group';
import { SectionFormFooter, useSectionSave } from './section-page';

/** One section's form: its values checked by the schema and by the live postcode lookups, saved
 *  as the body `toBody` makes of them, and closed by the section footer. `children` receive
 *  whether the application can still be changed. */
export function SectionForm<S extends ApplicationSection, V extends FormikValues>(props: {
  section: S;
  application: Application;
  initialValues: V;
  validationSchema: AnyObjectSchema;
  toBody: (values: V) => SectionBodies[S];
  maxW?: string;
  /** Shown above the form. */
  intro?: ReactNode;
  children: (readOnly: boolean) => ReactNode;
}) {
  const t = useFormT();
  const { failure, save, failureTitle } = useSectionSave(props.section, props.application);
  const postcodes = usePostcodeGuard();
  const referback = useReferback(props.application);
  const part = { kind: 'section', target: props.section } as const;
  // Referred back: only the sections the lender listed open again, each with its reason.
  const readOnly = !mayChange(props.application, referback, part);
  const referred = referredItems(referback, part);
  return (
    <Box maxW={props.maxW ?? '52rem'}>
      <ReferbackNotice items={referred} nameOf={() => t(`sections.${props.section}`)} />
      {props.intro}
      <postcodes.Provider>
        <Formik
          initialValues={props.initialValues}
          validationSchema={props.validationSchema}
          validate={postcodes.validate}
          onSubmit={(values) => save(props.toBody(values))}
        >
          <Form noValidate aria-label={t(`sections.${props.section}`)}>
            {props.children(readOnly)}
            <SectionFormFooter
              failure={failure}
              failureTitle={failureTitle}
              readOnly={readOnly}
              {...(referback.status === 'none'
                ? {}
                : { readOnlyMessage: t('referback.notReferred') })}
            />
          </Form>
        </Formik>
      </postcodes.Provider>
    </Box>
  );
}
