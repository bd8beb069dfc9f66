import { setLanguage } from '@lending/platform';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { normalizeTin, TinForm, type TinOutcome, tinProblem } from './tin-form';

/** A server answer the test releases when it chooses, to see the page while it waits. */
function pending() {
  let release!: (outcome: TinOutcome) => void;
  const promise = new Promise<TinOutcome>((resolve) => {
    release = resolve;
  });
  return { promise, release };
}

const field = () => screen.getByLabelText(/Tax identification number/) as HTMLInputElement;

describe('the e-invoice TIN page', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows a stored TIN in a disabled field, with nothing to validate', async () => {
    const asked: string[] = [];
    renderInRemote(
      <TinForm
        storedTin="IG123456789"
        validate={async (tin) => {
          asked.push(tin);
          return { kind: 'invalid' };
        }}
      />,
    );
    expect(field().value).toBe('IG123456789');
    expect(field().disabled).toBe(true);
    const button = screen.getByRole('button', { name: 'Validate' }) as HTMLButtonElement;
    expect(button.disabled).toBe(true);
    expect(screen.getByText(/kept on your account/)).toBeTruthy();
    await userEvent.click(button);
    expect(asked).toEqual([]);
  });

  it('asks for a TIN of letters and digits before asking the server', async () => {
    const asked: string[] = [];
    renderInRemote(
      <TinForm
        storedTin={null}
        validate={async (tin) => {
          asked.push(tin);
          return { kind: 'invalid' };
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByText('Please enter your TIN')).toBeTruthy();
    expect(document.activeElement).toBe(field());
    await userEvent.type(field(), 'IG-1234');
    await userEvent.click(screen.getByRole('button', { name: 'Validate' }));
    expect(screen.getByText('Please enter a valid TIN')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    expect(asked).toEqual([]);
  });

  it('validates from the keyboard, shows progress, then keeps the valid TIN locked', async () => {
    const answer = pending();
    const asked: string[] = [];
    renderInRemote(
      <TinForm
        storedTin={null}
        validate={(tin) => {
          asked.push(tin);
          return answer.promise;
        }}
      />,
    );
    await userEvent.type(field(), 'ig 123456789{Enter}');
    expect(asked).toEqual(['IG123456789']);
    // While the server checks: the button says so and the form is marked busy.
    expect(screen.getByText('Validating…')).toBeTruthy();
    expect(document.querySelector('form')!.getAttribute('aria-busy')).toBe('true');
    await act(async () => answer.release({ kind: 'valid', tinNumber: 'IG123456789' }));
    const result = screen.getByTestId('tin-result');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch('TIN is valid'));
    expect(field().disabled).toBe(true);
    expect((screen.getByRole('button', { name: 'Validate' }) as HTMLButtonElement).disabled).toBe(
      true,
    );
    // The pressed button is disabled now: focus moves to the answer, not to the page's top.
    expect(document.activeElement).toBe(result);
  });

  it('says a TIN is invalid and lets the person correct it', async () => {
    const asked: string[] = [];
    renderInRemote(
      <TinForm
        storedTin={null}
        validate={async (tin) => {
          asked.push(tin);
          return asked.length === 1 ? { kind: 'invalid' } : { kind: 'valid', tinNumber: tin };
        }}
      />,
    );
    await userEvent.type(field(), 'IG12345678{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch('TIN is invalid'));
    expect(field().disabled).toBe(false);
    await userEvent.type(field(), '9{Enter}');
    await waitFor(() => expect(screen.getByRole('status').textContent).toMatch('TIN is valid'));
    expect(asked).toEqual(['IG12345678', 'IG123456789']);
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('words failures in Bahasa Melayu, and the server’s own message when it has no better', async () => {
    setLanguage('MS');
    const outcomes: TinOutcome[] = [
      { kind: 'failed', reason: 'tooMany', message: 'Too many requests' },
      { kind: 'failed', reason: 'other', message: 'Ralat pelayan' },
      { kind: 'failed', reason: 'alreadyStored', message: 'Your TIN is already stored' },
    ];
    renderInRemote(<TinForm storedTin={null} validate={async () => outcomes.shift()!} />);
    const button = () => screen.getByRole('button', { name: 'Sahkan' }) as HTMLButtonElement;
    await userEvent.type(screen.getByLabelText(/Nombor pengenalan cukai/), 'C2584563200');
    await userEvent.click(button());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch('TIN tidak sah'));
    expect(screen.getByRole('alert').textContent).toMatch('Terlalu banyak semakan');
    await userEvent.click(button());
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch('Ralat pelayan'));
    await userEvent.click(button());
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toMatch('TIN sudah disimpan'),
    );
    // A TIN already kept (from another tab, say) locks the field as a stored one does.
    expect(button().disabled).toBe(true);
  });

  it('reads a TIN as the server does', () => {
    expect(normalizeTin(' ig 1234 5678 9 ')).toBe('IG123456789');
    expect(tinProblem('  ')).toBe('required');
    expect(tinProblem('PT-123')).toBe('invalid');
    expect(tinProblem('pt2584563200')).toBeNull();
  });
});
