import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { Form, useFormikContext } from 'formik';

import { CheckboxField, TextField } from './fields';
import { InstantFormik, type SyncSchema } from './instant-formik';

interface Values {
  city: string;
  postcode: string;
  agreed: boolean;
}

/** The rules of a yup object schema, written out: what formik reads of one is its
 *  ValidationError, with a path and a message for each broken rule. */
const schema: SyncSchema = {
  validate(value) {
    return Promise.resolve().then(() => this.validateSync(value));
  },
  validateSync(value) {
    const values = value as Partial<Values>;
    const inner = [
      ...(values.city ? [] : [{ path: 'city', message: 'City is required' }]),
      ...(values.postcode && /^\d{5}$/.test(values.postcode)
        ? []
        : [{ path: 'postcode', message: 'Postcode has five digits' }]),
      ...(values.agreed ? [] : [{ path: 'agreed', message: 'Agree to go on' }]),
    ];
    if (inner.length > 0)
      throw Object.assign(new Error('invalid'), { name: 'ValidationError', inner });
    return value;
  },
};

function FillPostcode() {
  const { setFieldValue } = useFormikContext<Values>();
  return (
    <button type="button" onClick={() => void setFieldValue('postcode', '50450')}>
      Fill postcode
    </button>
  );
}

/** Drawn again each time the form's state changes: it counts the form's drawings. */
function Errors(props: { drawings: string[] }) {
  const { errors } = useFormikContext<Values>();
  props.drawings.push(Object.keys(errors).sort().join(','));
  return <output aria-label="errors">{Object.keys(errors).sort().join(',')}</output>;
}

function renderForm(onSubmit: (values: Values) => void = () => undefined) {
  const drawings: string[] = [];
  render(
    <ChakraProvider value={defaultSystem}>
      <InstantFormik<Values>
        initialValues={{ city: '', postcode: '', agreed: false }}
        validationSchema={schema}
        onSubmit={onSubmit}
      >
        <Form noValidate>
          <TextField name="city" label="City" />
          <TextField name="postcode" label="Postcode" />
          <CheckboxField name="agreed" label="Agreement">
            I agree
          </CheckboxField>
          <FillPostcode />
          <Errors drawings={drawings} />
          <button type="submit">Save</button>
        </Form>
      </InstantFormik>
    </ChakraProvider>,
  );
  return drawings;
}

// Long enough for any promise formik starts to have settled and drawn.
const settle = () => act(async () => new Promise((resolve) => setTimeout(resolve, 20)));

describe('a form checked as it is changed', () => {
  it('draws a keystroke and the errors it leaves in one pass', async () => {
    const drawings = renderForm();
    const city = screen.getByRole('textbox', { name: /^City/ });
    await settle();
    fireEvent.focus(city);
    await settle();
    drawings.length = 0;
    fireEvent.change(city, { target: { value: 'I' } });
    // Checked in the same pass: the other fields' errors are there at once.
    expect(screen.getByLabelText('errors').textContent).toBe('agreed,postcode');
    fireEvent.change(city, { target: { value: 'Ip' } });
    fireEvent.change(city, { target: { value: 'Ipo' } });
    await settle();
    expect(drawings).toHaveLength(3);
    fireEvent.change(city, { target: { value: '' } });
    fireEvent.blur(city);
    await settle();
    expect(drawings).toHaveLength(5);
    expect(screen.getByText('City is required')).toBeTruthy();
  });

  it('checks a value set by code and a box ticked, each in one pass', async () => {
    const drawings = renderForm();
    await settle();
    drawings.length = 0;
    fireEvent.click(screen.getByRole('button', { name: 'Fill postcode' }));
    expect(screen.getByLabelText('errors').textContent).toBe('agreed,city');
    // The box tells the form of its tick in a task of its own.
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByLabelText('errors').textContent).toBe('city'));
    await settle();
    expect(drawings).toHaveLength(2);
  });

  it('still refuses to send a form with errors, and sends it once they are mended', async () => {
    const sent: Values[] = [];
    renderForm((values) => void sent.push(values));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('City is required')).toBeTruthy();
    expect(screen.getByText('Postcode has five digits')).toBeTruthy();
    expect(sent).toHaveLength(0);

    fireEvent.change(screen.getByRole('textbox', { name: /^City/ }), {
      target: { value: 'Ipoh' },
    });
    // Mended as it is typed, not only when the field is left.
    expect(screen.queryByText('City is required')).toBeNull();
    fireEvent.change(screen.getByRole('textbox', { name: /^Postcode/ }), {
      target: { value: '30000' },
    });
    fireEvent.click(screen.getByRole('checkbox'));
    await waitFor(() => expect(screen.getByLabelText('errors').textContent).toBe(''));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await settle();
    expect(sent).toEqual([{ city: 'Ipoh', postcode: '30000', agreed: true }]);
  });
});
