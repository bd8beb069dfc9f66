import '../testing/jsdom';

import { ChakraProvider, defaultSystem } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';

import { addressText, SummaryCard, SummaryRow } from './summary-card';

describe('SummaryCard', () => {
  it('titles the card, shows its action and lists answers as terms and values', () => {
    render(
      <ChakraProvider value={defaultSystem}>
        <SummaryCard title="Company" testId="card-company" action={<a href="/edit">Edit</a>}>
          <dl>
            <SummaryRow label="Company name" value="Kedai Runcit Maju" />
          </dl>
        </SummaryCard>
      </ChakraProvider>,
    );
    const card = screen.getByTestId('card-company');
    expect(within(card).getByRole('heading', { level: 2, name: 'Company' })).toBeTruthy();
    expect(within(card).getByRole('link', { name: 'Edit' })).toBeTruthy();
    expect(within(card).getByRole('term').textContent).toBe('Company name');
    expect(within(card).getByRole('definition').textContent).toBe('Kedai Runcit Maju');
  });

  it('writes an address on one line, leaving out the lines not given', () => {
    expect(
      addressText({
        line1: '12 Jalan Bunga',
        postcode: '80000',
        cityId: 1,
        cityName: 'Johor Bahru',
        stateId: 1,
        stateName: 'Johor',
      }),
    ).toBe('12 Jalan Bunga, 80000 Johor Bahru, Johor');
  });
});
