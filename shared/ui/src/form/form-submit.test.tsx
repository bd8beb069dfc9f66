import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen } from '@testing-library/react';

import { FormSubmit, type FormSubmitProps } from './form-submit';

function renderInForm(props: FormSubmitProps, onSubmit = jest.fn()) {
  render(
    <ChakraProvider value={defaultSystem}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <FormSubmit {...props} />
      </form>
    </ChakraProvider>,
  );
  return onSubmit;
}

describe('FormSubmit', () => {
  it('submits its form and shows no failure while there is none', () => {
    const onSubmit = renderInForm({ label: 'Save', loading: false, failure: null });
    expect(screen.queryByRole('alert')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
  });

  it('announces the last failure above the button', () => {
    renderInForm({
      label: 'Save',
      loading: false,
      failure: 'Current password is wrong',
      failureTestId: 'save-error',
    });
    const alert = screen.getByRole('alert');
    expect(alert.textContent).toContain('Current password is wrong');
    expect(alert.getAttribute('data-testid')).toBe('save-error');
    const button = screen.getByRole('button', { name: 'Save' });
    expect(alert.compareDocumentPosition(button) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('takes no second press while the submission is under way', () => {
    const onSubmit = renderInForm({ label: 'Send', loading: true, loadingText: 'Sending' });
    const button = screen.getByRole('button', { name: 'Sending' });
    expect(button.hasAttribute('disabled')).toBe(true);
    fireEvent.click(button);
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('stays disabled when told to', () => {
    renderInForm({ label: 'Save email', loading: false, disabled: true });
    expect(screen.getByRole('button', { name: 'Save email' }).hasAttribute('disabled')).toBe(true);
  });
});
