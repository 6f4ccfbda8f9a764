import { TooManyRequestsError } from '@credit/events';
import { FailureLimiter } from '../../command-api/src/access/failureLimiter';

const limiter = () => new FailureLimiter(3, 60_000, (minutes) => `wait ${minutes}`);

describe('Failure limiter', () => {
  describe('When attempts reach the limit', () => {
    it('should refuse the next attempt without counting it', () => {
      const limits = limiter();
      for (let n = 0; n < 3; n += 1) limits.attempt(['ip:1'], 1000 + n);
      expect(() => limits.attempt(['ip:1'], 2000)).toThrow(TooManyRequestsError);
      expect(() => limits.attempt(['ip:1'], 61_001)).not.toThrow();
    });
  });

  describe('When one attempt is taken back', () => {
    it('should forget only that attempt', () => {
      const limits = limiter();
      limits.attempt(['ip:1'], 1000);
      const right = limits.attempt(['ip:1'], 1001);
      limits.attempt(['ip:1'], 1002);
      limits.takeBack('ip:1', right);
      expect(() => limits.attempt(['ip:1'], 1003)).not.toThrow();
      expect(() => limits.attempt(['ip:1'], 1004)).toThrow('wait 1');
    });

    it('should do nothing for an attempt it no longer holds', () => {
      const limits = limiter();
      limits.takeBack('ip:1', 5);
      for (let n = 0; n < 3; n += 1) limits.attempt(['ip:2'], 10 + n);
      limits.takeBack('ip:2', 99);
      expect(() => limits.check(['ip:2'], 20)).toThrow(TooManyRequestsError);
    });
  });
});
