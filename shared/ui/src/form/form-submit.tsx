import { Button } from '@chakra-ui/react';
import { type ReactNode, useRef } from 'react';

import { ErrorNotice } from '../layout/notices';
import { useAnswerHeldSubmit } from './held-submit';

export interface FormSubmitProps {
  label: ReactNode;
  /** While the submission is under way the button spins and takes no second press. */
  loading: boolean;
  loadingText?: ReactNode;
  disabled?: boolean;
  /** Why the last submission failed, announced just above the button; nothing while null. */
  failure?: string | null;
  failureTestId?: string;
  /** Stretch across the form (a narrow dialog) instead of sitting at its start. */
  fullWidth?: boolean;
  /** Across the screen on a phone, as wide as its label from md up. */
  fullWidthOnPhone?: boolean;
}

/** The end of every form: the last failure, then the brand's submit button. */
export function FormSubmit(props: FormSubmitProps) {
  const button = useRef<HTMLButtonElement>(null);
  useAnswerHeldSubmit(button);
  return (
    <>
      {props.failure ? (
        <ErrorNotice title={props.failure} data-testid={props.failureTestId} />
      ) : null}
      <Button
        ref={button}
        type="submit"
        loading={props.loading}
        loadingText={props.loadingText}
        disabled={props.disabled}
        colorPalette="brand"
        alignSelf={props.fullWidth ? undefined : 'flex-start'}
        width={props.fullWidthOnPhone ? { base: 'full', md: 'auto' } : undefined}
      >
        {props.label}
      </Button>
    </>
  );
}
