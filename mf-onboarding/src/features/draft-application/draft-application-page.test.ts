import '@lending/ui/src/testing/jsdom';

import { continueRoute } from './draft-application-page';

describe('draft application', () => {
  it('continues at the first step not completed', () => {
    expect(continueRoute({ progress: [] })).toBe('/application');
    expect(continueRoute({ progress: ['APPLICATIONFORMCOMPLETED'] })).toBe(
      '/application/document-upload',
    );
    expect(
      continueRoute({ progress: ['APPLICATIONFORMCOMPLETED', 'DOCUMENTUPLOADCOMPLETED'] }),
    ).toBe('/application/identity-verification');
  });
});
