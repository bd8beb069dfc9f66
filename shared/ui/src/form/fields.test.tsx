import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';
import type { ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';

import { CheckboxField, SelectField, TextareaField, TextField } from './fields';
import { FormSubmit } from './form-submit';
import { HOLD_EARLY_SUBMIT } from './held-submit';

function renderForm(children: ReactNode) {
  render(
    <ChakraProvider value={defaultSystem}>
      <Formik
        initialValues={{ city: '', state: '', note: '', comments: '' }}
        validate={(values) => ({
          ...(values.city ? {} : { city: 'City is required' }),
          ...(values.state ? {} : { state: 'State is required' }),
          ...(values.comments ? {} : { comments: 'Comments cannot be empty' }),
        })}
        onSubmit={() => undefined}
      >
        <Form noValidate>
          {children}
          <button type="submit">Save</button>
        </Form>
      </Formik>
    </ChakraProvider>,
  );
}

describe('form fields', () => {
  it('shows the helper text until the field is touched and wrong, then the error', async () => {
    renderForm(<TextField name="city" label="City" helperText="As on your bill" />);
    const hint = screen.getByText('As on your bill');
    const input = screen.getByRole('textbox', { name: /^City/ });
    expect(input.getAttribute('aria-describedby')).toBe(hint.id);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const error = await screen.findByText('City is required');
    expect(screen.queryByText('As on your bill')).toBeNull();
    expect(input.getAttribute('aria-invalid')).toBe('true');
    // The error is read with the field.
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
  });

  it('says nothing of a field left as it was until the form is sent, and of a changed one when it is left', async () => {
    renderForm(
      <>
        <TextField name="city" label="City" />
        <TextareaField name="comments" label="Comments" />
      </>,
    );
    const city = screen.getByRole('textbox', { name: /^City/ });
    const comments = screen.getByRole('textbox', { name: /^Comments/ });
    // On the way to a link below: nothing appears to move the link from under the press.
    fireEvent.focus(city);
    fireEvent.blur(city);
    fireEvent.change(comments, { target: { value: 'Hello' } });
    fireEvent.change(comments, { target: { value: '' } });
    fireEvent.blur(comments);
    expect(await screen.findByText('Comments cannot be empty')).toBeTruthy();
    expect(screen.queryByText('City is required')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required')).toBeTruthy();
  });

  it('marks required fields and leaves optional ones unmarked', () => {
    renderForm(
      <>
        <TextField name="city" label="City" />
        <TextField name="note" label="Note" required={false} />
      </>,
    );
    expect(screen.getByText('City').parentElement?.textContent).toContain('*');
    expect(screen.getByRole('textbox', { name: /^City/ }).hasAttribute('required')).toBe(true);
    expect(screen.getByRole('textbox', { name: 'Note' }).hasAttribute('required')).toBe(false);
  });

  it('leaves the mark off a required field when told to, still requiring it', () => {
    renderForm(<TextField name="city" label="City" markRequired={false} />);
    expect(screen.getByText('City').textContent).toBe('City');
    expect(screen.getByText('City').parentElement?.textContent).not.toContain('*');
    expect(screen.getByRole('textbox', { name: 'City' }).hasAttribute('required')).toBe(true);
  });

  it('keeps what was typed as the transform rewrites it', async () => {
    renderForm(<TextField name="city" label="City" transform={(value) => value.toUpperCase()} />);
    const city = screen.getByRole('textbox', { name: /^City/ });
    fireEvent.change(city, { target: { value: 'ipoh' } });
    await waitFor(() => expect((city as HTMLInputElement).value).toBe('IPOH'));
  });

  it('gives a select the same label and error as a text field', async () => {
    renderForm(
      <SelectField
        name="state"
        label="State"
        placeholder="Choose"
        options={[{ value: 'SGR', label: 'Selangor' }]}
      />,
    );
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('State is required')).toBeTruthy();
    expect(screen.getByRole('combobox', { name: /^State/ }).getAttribute('aria-invalid')).toBe(
      'true',
    );
  });

  it('binds a textarea like the other fields and tags its error for tests', async () => {
    renderForm(
      <TextareaField
        name="comments"
        label="Comments"
        rows={6}
        maxLength={20}
        errorTestId="comments-error"
      />,
    );
    const comments = screen.getByRole('textbox', { name: /^Comments/ });
    expect(comments.tagName).toBe('TEXTAREA');
    expect(comments.getAttribute('maxlength')).toBe('20');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect((await screen.findByTestId('comments-error')).textContent).toBe(
      'Comments cannot be empty',
    );
    fireEvent.change(comments, { target: { value: 'When is payout?' } });
    await waitFor(() => expect(screen.queryByTestId('comments-error')).toBeNull());
  });
});

describe('a form of a page rendered at build time', () => {
  const start = { email: '', state: '', comments: '', consent: false };
  function contactForm(onSubmit: (values: typeof start) => void, initialValues = start) {
    return (
      <ChakraProvider value={defaultSystem}>
        <Formik initialValues={initialValues} onSubmit={onSubmit}>
          <Form noValidate>
            <TextField name="email" label="Email" transform={(value) => value.trim()} />
            <SelectField
              name="state"
              label="State"
              placeholder="Choose"
              options={[
                { value: 'SGR', label: 'Selangor' },
                { value: 'PNG', label: 'Penang' },
              ]}
            />
            <TextareaField name="comments" label="Comments" />
            <CheckboxField name="consent" label="Consent">
              I agree
            </CheckboxField>
            <FormSubmit label="Send message" loading={false} />
          </Form>
        </Formik>
      </ChakraProvider>
    );
  }

  /** The page as the build renders it, its inline script run after the markup. */
  function renderedPage(tree: ReactNode) {
    const page = document.createElement('div');
    page.innerHTML = renderToString(tree);
    document.body.replaceChildren(page);
    new Function(HOLD_EARLY_SUBMIT)();
    return page;
  }

  afterEach(() => {
    delete window.drawnControls;
    delete window.heldSubmit;
  });

  it('takes in what was typed, chosen and ticked before the app took the page over, and sends it', async () => {
    const onSubmit = jest.fn();
    const tree = contactForm(onSubmit);
    const page = renderedPage(tree);
    // A person on a slow phone fills the form and sends it while the scripts are still coming.
    const control = (name: string) => page.querySelector(`[name="${name}"]`) as HTMLInputElement;
    control('email').value = '  aisyah@example.com ';
    control('state').value = 'PNG';
    control('comments').value = 'When is payout?';
    control('consent').checked = true;
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    expect(onSubmit).not.toHaveBeenCalled();

    await act(async () => {
      hydrateRoot(page, tree);
    });
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toEqual({
      email: 'aisyah@example.com',
      state: 'PNG',
      comments: 'When is payout?',
      consent: true,
    });
    // What the form holds is what is on screen: the box is drawn ticked.
    expect(
      page.querySelector('[data-scope="checkbox"][data-part="root"]')?.getAttribute('data-state'),
    ).toBe('checked');
  });

  it('leaves the values of a form the app draws itself as they are', async () => {
    renderedPage(<p>The about page</p>);
    // A profile whose state the options do not list yet: the select shows its placeholder.
    const onSubmit = jest.fn();
    const screenOfTheApp = document.createElement('div');
    document.body.replaceChildren(screenOfTheApp);
    await act(async () => {
      createRoot(screenOfTheApp).render(contactForm(onSubmit, { ...start, state: 'KDH' }));
    });
    fireEvent.click(screen.getByRole('button', { name: 'Send message' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ state: 'KDH' });
  });
});
