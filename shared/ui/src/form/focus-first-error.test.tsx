import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, Formik } from 'formik';

import { TextField } from './fields';
import { FocusFirstError } from './focus-first-error';

function renderForm(initialValues: { name: string; city: string }) {
  render(
    <ChakraProvider value={defaultSystem}>
      <Formik
        initialValues={initialValues}
        validate={(values) => ({
          ...(values.name ? {} : { name: 'Name is required' }),
          ...(values.city ? {} : { city: 'City is required' }),
        })}
        onSubmit={() => undefined}
      >
        <Form noValidate>
          <FocusFirstError />
          <TextField name="name" label="Name" />
          <TextField name="city" label="City" />
          <button type="submit">Save</button>
        </Form>
      </Formik>
    </ChakraProvider>,
  );
}

describe('focus after a refused submit', () => {
  it('moves to the first field in error, whose message describes it', async () => {
    renderForm({ name: 'Aina', city: '' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    const city = screen.getByRole('textbox', { name: /^City/ });
    await waitFor(() => expect(document.activeElement).toBe(city));
    const describedBy = city.getAttribute('aria-describedby') ?? '';
    expect(
      describedBy
        .split(' ')
        .map((id) => document.getElementById(id)?.textContent)
        .join(' '),
    ).toContain('City is required');
  });

  it('leaves the focus alone when the form is valid', async () => {
    renderForm({ name: 'Aina', city: 'Ipoh' });
    const save = screen.getByRole('button', { name: 'Save' });
    save.focus();
    fireEvent.click(save);
    await waitFor(() => expect(document.activeElement).toBe(save));
  });
});
