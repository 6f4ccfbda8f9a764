import { signInDelayMs, type SignInPolicy } from './signInThrottle';

const pair: SignInPolicy['byAccountAndAddress'] = {
  name: 'pair',
  max: 8,
  windowMs: 15 * 60_000,
  message: () => '',
  slowAfter: 2,
  firstDelayMs: 500,
  longestDelayMs: 3_000,
};

describe('The wait before a sign-in from an account-and-address pair', () => {
  it('should be none until the pair has failed slowAfter times, then double with each failure up to the longest', () => {
    expect(Array.from({ length: 9 }, (_, failures) => signInDelayMs(pair, failures))).toEqual([0, 0, 500, 1000, 2000, 3000, 3000, 3000, 0]);
  });
});
