import { setLanguage } from '@lending/platform';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';

import { renderInRemote } from '../../testing/render';
import { referenceProblem, StatusCheckForm, type StatusCheckOutcome } from './status-check-form';

describe('the status check by reference number', () => {
  beforeEach(() => setLanguage('EN'));

  it('asks for a reference number before asking the server', async () => {
    const asked: string[] = [];
    renderInRemote(
      <StatusCheckForm
        check={async (referenceNo) => {
          asked.push(referenceNo);
          return { kind: 'notFound' };
        }}
      />,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Check status' }));
    expect(screen.getByText('Please enter your reference number')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/reference number/i), 'AC 2026');
    await userEvent.click(screen.getByRole('button', { name: 'Check status' }));
    expect(screen.getByText('Please enter a valid reference number')).toBeTruthy();
    expect(asked).toEqual([]);
  });

  it('reads out the status of the application found, from the keyboard', async () => {
    const answer: StatusCheckOutcome = {
      kind: 'found',
      result: {
        referenceNo: 'AC-2026-000123',
        status: 'REQUESTED_FOR_INTERVIEW',
        state: 'REQUESTED_FOR_INTERVIEW',
        updatedAt: '2026-11-20T02:00:00.000Z',
      },
    };
    const asked: string[] = [];
    renderInRemote(
      <StatusCheckForm
        check={async (referenceNo) => {
          asked.push(referenceNo);
          return answer;
        }}
      />,
    );
    await userEvent.type(screen.getByLabelText(/reference number/i), 'ac-2026-000123{Enter}');
    await waitFor(() => expect(screen.getByText('Application AC-2026-000123')).toBeTruthy());
    expect(asked).toEqual(['AC-2026-000123']);
    const result = screen.getByTestId('status-check-result');
    expect(result.getAttribute('aria-live')).toBe('polite');
    expect(result.textContent).toMatch(/Interview requested/);
  });

  it('says when none of the applicant’s applications has that number, in Bahasa Melayu', async () => {
    setLanguage('MS');
    renderInRemote(<StatusCheckForm check={async () => ({ kind: 'notFound' })} />);
    await userEvent.type(screen.getByLabelText(/nombor rujukan/i), 'AC-2026-999999{Enter}');
    await waitFor(() => expect(screen.getByRole('alert').textContent).toMatch(/tidak menemui/));
  });

  it('knows a valid reference number', () => {
    expect(referenceProblem(' AC-2026-000001 ')).toBeNull();
    expect(referenceProblem('')).toBe('required');
    expect(referenceProblem('AC/2026')).toBe('invalid');
  });
});
