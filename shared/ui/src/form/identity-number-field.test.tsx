import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';

import { IdentityNumberField } from './identity-number-field';

function renderField(options: { initial?: string; passport?: boolean } = {}) {
  const kept: string[] = [];
  render(
    <ChakraProvider value={defaultSystem}>
      <Formik initialValues={{ ic: options.initial ?? '' }} onSubmit={() => undefined}>
        {({ values }) => {
          kept.push(values.ic);
          return (
            <Form>
              <IdentityNumberField name="ic" label="NRIC" passport={options.passport} />
            </Form>
          );
        }}
      </Formik>
    </ChakraProvider>,
  );
  const input = screen.getByRole('textbox', { name: /^NRIC/ }) as HTMLInputElement;
  return { input, kept: () => kept.at(-1) };
}

describe('the identity number field', () => {
  it('takes a MyKad number typed with its hyphens: they do not count toward the twelve digits', async () => {
    const { input, kept } = renderField();
    await userEvent.type(input, '900101-14-5677');
    expect(input.value).toBe('900101-14-5677');
    expect(kept()).toBe('900101-14-5677');
  });

  it('groups a MyKad number typed as digits only, and takes no thirteenth digit', async () => {
    const { input, kept } = renderField();
    await userEvent.type(input, '9001011456778');
    expect(input.value).toBe('900101-14-5677');
    expect(kept()).toBe('900101-14-5677');
  });

  it('takes a pasted number with spaces', async () => {
    const { input } = renderField();
    await userEvent.click(input);
    await userEvent.paste('900101 14 5677');
    expect(input.value).toBe('900101-14-5677');
  });

  it('deletes digits with Backspace, never stuck on a hyphen', async () => {
    const { input } = renderField();
    await userEvent.type(input, '9001011{Backspace}{Backspace}');
    expect(input.value).toBe('90010');
  });

  it('shows a number saved as digits grouped', () => {
    const { input } = renderField({ initial: '900101145677' });
    expect(input.value).toBe('900101-14-5677');
  });

  it('keeps a passport number in capitals, letters and digits only', async () => {
    const { input, kept } = renderField({ passport: true });
    await userEvent.type(input, 'a12-345 678');
    expect(kept()).toBe('A12345678');
  });
});
