import { Box } from '@lending/ui';
import {
  type AddressFieldLabels,
  AddressFields,
  CheckboxField,
  type PostcodeState,
} from '@lending/ui/forms';
import { type FormikErrors, getIn, setIn, useFormikContext } from 'formik';
import { createContext, type ReactNode, useContext, useEffect, useMemo, useRef } from 'react';

import { useFormT } from '../../journey/use-form-t';
import { FieldGroup } from './section-page';

interface PostcodeGuard {
  track: (name: string, state: PostcodeState | null) => void;
}

const PostcodeGuardContext = createContext<PostcodeGuard | null>(null);

/** Keeps which addresses on the page have an unknown postcode, so the form refuses to save them
 *  ("Postcode not found") while the rest of what was typed stays. */
export function usePostcodeGuard() {
  const t = useFormT();
  const notFound = useRef(new Set<string>());
  const guard = useMemo<PostcodeGuard>(
    () => ({
      track: (name, state) => {
        if (state?.status === 'notFound') notFound.current.add(name);
        else notFound.current.delete(name);
      },
    }),
    [],
  );
  const validate = <V,>(): FormikErrors<V> => {
    let errors: FormikErrors<V> = {};
    for (const name of notFound.current) {
      errors = setIn(
        errors,
        `${name}.postcode`,
        t('validation.postcodeNotFound'),
      ) as FormikErrors<V>;
    }
    return errors;
  };
  const Provider = useMemo(
    () =>
      function PostcodeGuardProvider({ children }: { children: ReactNode }) {
        return (
          <PostcodeGuardContext.Provider value={guard}>{children}</PostcodeGuardContext.Provider>
        );
      },
    [guard],
  );
  return { validate, Provider };
}

export function useAddressLabels(): AddressFieldLabels {
  const t = useFormT();
  return {
    line1: t('labels.addressLine1'),
    line2: t('labels.addressLine2'),
    line3: t('labels.addressLine3'),
    postcode: t('labels.postcode'),
    city: t('labels.city'),
    state: t('labels.state'),
    postcodeNotFound: t('validation.postcodeNotFound'),
    lookingUp: t('labels.lookingUp'),
  };
}

/** One address of a form under its title, its postcode looked up live. */
export function AddressGroup(props: { name: string; title: string; disabled?: boolean }) {
  const labels = useAddressLabels();
  const guard = useContext(PostcodeGuardContext);
  const { name } = props;
  useEffect(() => () => guard?.track(name, null), [guard, name]);
  return (
    <FieldGroup title={props.title}>
      <AddressFields
        name={name}
        labels={labels}
        disabled={props.disabled}
        onPostcodeChange={(state) => guard?.track(name, state)}
      />
    </FieldGroup>
  );
}

/** "Same as" another address: the tick box, and while it is not ticked the address itself. */
export function SameAsAddress(props: {
  sameName: string;
  sameLabel: string;
  name: string;
  title: string;
  disabled: boolean;
}) {
  const { values } = useFormikContext();
  return (
    <>
      <Box mb={4}>
        <CheckboxField name={props.sameName} label="" disabled={props.disabled}>
          {props.sameLabel}
        </CheckboxField>
      </Box>
      {getIn(values, props.sameName) ? null : (
        <AddressGroup name={props.name} title={props.title} disabled={props.disabled} />
      )}
    </>
  );
}
