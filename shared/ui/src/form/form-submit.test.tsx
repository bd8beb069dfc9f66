import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { FormSubmit, type FormSubmitProps } from './form-submit';
import { HOLD_EARLY_SUBMIT } from './held-submit';

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

  it('sends a submit made on the rendered page before the app took it over, once it has', async () => {
    const { tree, page, onSubmit } = renderedPage();
    // The browser's own sending would follow the event unless it is prevented.
    let submitted: Event | undefined;
    const observe = (event: Event) => (submitted = event);
    window.addEventListener('submit', observe, true);

    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(submitted?.defaultPrevented).toBe(true);
    expect(window.heldSubmit?.form).toBe(page.querySelector('form'));

    await act(async () => {
      hydrateRoot(page, tree);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(window.heldSubmit).toBeUndefined();

    // From now on the app answers the form's submits itself, and none is held.
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
    expect(window.heldSubmit).toBeUndefined();
    expect(submitted?.defaultPrevented).toBe(true);
    window.removeEventListener('submit', observe, true);
  });

  it('sends it from the form drawn in place of the rendered one, when that one was not kept', async () => {
    const { tree, onSubmit } = renderedPage();
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(window.heldSubmit).toBeDefined();

    // A part React cannot match is drawn anew: the rendered form is gone.
    const drawn = document.createElement('div');
    document.body.replaceChildren(drawn);
    await act(async () => {
      createRoot(drawn).render(tree);
    });
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(window.heldSubmit).toBeUndefined();
  });

  it('never holds a form the app draws later, with or without this button', async () => {
    renderedPage();
    // Another screen of the same page, reached without a page load: its form was never drawn.
    const screenOfTheApp = document.createElement('div');
    document.body.replaceChildren(screenOfTheApp);
    const onSubmit = jest.fn();
    await act(async () => {
      createRoot(screenOfTheApp).render(
        <form
          onSubmit={(event) => {
            event.preventDefault();
            onSubmit();
          }}
        >
          <input name="nric" />
          <button type="submit">Continue</button>
        </form>,
      );
    });
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    expect(onSubmit).toHaveBeenCalledTimes(1);
    expect(window.heldSubmit).toBeUndefined();
  });
});

/** A page with a form as the build renders it, its inline script run. */
function renderedPage() {
  const onSubmit = jest.fn();
  const tree = (
    <ChakraProvider value={defaultSystem}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          onSubmit();
        }}
      >
        <input name="email" />
        <FormSubmit label="Send message" loading={false} />
      </form>
    </ChakraProvider>
  );
  const page = document.createElement('div');
  page.innerHTML = renderToString(tree);
  document.body.replaceChildren(page);
  // Inline right after the markup: it knows the forms drawn above it.
  new Function(HOLD_EARLY_SUBMIT)();
  return { tree, page, onSubmit };
}
