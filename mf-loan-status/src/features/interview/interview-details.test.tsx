import { setLanguage } from '@lending/platform';
import { screen } from '@testing-library/react';

import { renderInRemote } from '../../testing/render';
import { InterviewDetails } from './interview-details';

describe('the interview details', () => {
  beforeEach(() => setLanguage('EN'));

  it('shows the slot in Malaysia time, the mode and how to join', () => {
    renderInRemote(
      <InterviewDetails
        interview={{
          scheduledAt: '2026-12-01T02:30:00.000Z',
          mode: 'VIDEO_CALL',
          details: 'https://meet.example.com/abc',
        }}
      />,
    );
    const details = screen.getByTestId('interview-details');
    // 02:30 UTC is 10:30 in Kuala Lumpur.
    expect(details.textContent).toMatch(/1 December 2026/);
    expect(details.textContent).toMatch(/10:30/);
    expect(details.textContent).toMatch(/Malaysia time/);
    expect(screen.getByText('Video call')).toBeTruthy();
    expect(screen.getByText('https://meet.example.com/abc')).toBeTruthy();
  });

  it('says so when no interview is requested, in Bahasa Melayu too', () => {
    setLanguage('MS');
    renderInRemote(<InterviewDetails interview={null} />);
    expect(screen.getByTestId('no-interview').textContent).toMatch(/Tiada temu duga/);
  });
});
