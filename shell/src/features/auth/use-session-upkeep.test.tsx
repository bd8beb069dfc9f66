import '@lending/ui/src/testing/jsdom';

import { accountStore, session } from '@lending/platform';
import { render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';

import { useSessionUpkeep } from './use-session-upkeep';

function Where() {
  useSessionUpkeep();
  return <output data-testid="path">{useLocation().pathname}</output>;
}

function visit(path: string) {
  render(
    <MemoryRouter initialEntries={[path]}>
      <Routes>
        <Route path="*" element={<Where />} />
      </Routes>
    </MemoryRouter>,
  );
  return screen.getByTestId('path').textContent;
}

const rejected = (status: string) =>
  accountStore.set({
    user: {
      id: 'user-1',
      firstName: 'Siti',
      allowToApplyNewLoanAfterDateTime: new Date(Date.now() + 60 * 86_400_000).toISOString(),
      newLoanBlockKind: 'REJECTION',
    },
    application: { id: 'app-1', status },
    agreement: null,
  });

beforeEach(() => {
  session.setApplicantTokens({ accessToken: 'a', refreshToken: 'r' });
  rejected('REJECTED');
});
afterEach(() => {
  session.clear();
  accountStore.clear();
});

describe('an applicant waiting after a rejection', () => {
  it.each(['/application', '/home', '/testing-eligibility', '/registration'])(
    'is led from %s to the page that says until when',
    (path) => {
      expect(visit(path)).toBe('/not-allow-new-loan');
    },
  );

  it.each(['/loan-history', '/loan-history/app-1', '/update-profile', '/contact-us', '/faq'])(
    'still opens their own records, account and help: %s',
    (path) => {
      expect(visit(path)).toBe(path);
    },
  );
});
