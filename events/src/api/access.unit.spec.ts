import { NotFoundError } from '../errors';
import { MAX_ROW_ID, routeId } from './access';

describe('routeId', () => {
  it('should read a positive id up to the integer column maximum', () => {
    expect(routeId('1')).toBe(1);
    expect(routeId(String(MAX_ROW_ID))).toBe(2_147_483_647);
  });

  it.each(['2147483648', '9007199254740991', '1e300', '0', '-1', '1.5', 'abc', ''])('should answer not found for %j', (value) => {
    expect(() => routeId(value, 'Batch')).toThrow(new NotFoundError('Batch not found'));
  });
});
