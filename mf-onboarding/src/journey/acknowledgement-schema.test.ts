import { errorsOf, t } from '../testing/schema-test-kit';
import { acknowledgementSchema } from './acknowledgement-schema';

describe('summary acknowledgement', () => {
  it('requires the acknowledgement to be ticked', async () => {
    expect(await errorsOf(acknowledgementSchema(t), { acknowledged: false })).toEqual([
      'Please tick the acknowledgement to submit',
    ]);
    expect(await errorsOf(acknowledgementSchema(t), { acknowledged: true })).toEqual([]);
  });
});
