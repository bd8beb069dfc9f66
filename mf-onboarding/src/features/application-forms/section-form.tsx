import type { Application, ApplicationSection } from '@lending/contracts';
import type { SectionBodies } from '@lending/platform';
import { Box } from '@lending/ui';
import { Form, Formik, type FormikValues } from 'formik';
import type { ReactNode } from 'react';
import type { AnyObjectSchema } from 'yup';

import { useFormT } from '../../journey/use-form-t';
import { usePostcodeGuard } from './address-group';
import { isReadOnly, SectionFormFooter, useSectionSave } from './section-page';

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
  const readOnly = isReadOnly(props.application);
  return (
    <Box maxW={props.maxW ?? '52rem'}>
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
            <SectionFormFooter failure={failure} failureTitle={failureTitle} readOnly={readOnly} />
          </Form>
        </Formik>
      </postcodes.Provider>
    </Box>
  );
}
