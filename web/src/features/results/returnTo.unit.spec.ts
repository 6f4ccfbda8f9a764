import { detailsState, returnTarget } from './returnTo';

describe('Back to Results', () => {
  it('returns to the list the client was opened from, with its query', () => {
    const state = detailsState(7, { pathname: '/result', search: '?view=clients&search=Ngo&page=2' });
    expect(state).toEqual({ uploadBatchId: 7, returnTo: '/result?view=clients&search=Ngo&page=2' });
    expect(returnTarget(state, '/result?view=clients')).toBe('/result?view=clients&search=Ngo&page=2');
  });

  it('falls back when opened otherwise, and never leaves the app', () => {
    expect(returnTarget(null, '/result?view=clients')).toBe('/result?view=clients');
    expect(returnTarget({ uploadBatchId: 3 }, '/result')).toBe('/result');
    for (const returnTo of ['https://evil.example/', '//evil.example/x', '/\\evil.example', 42]) {
      expect(returnTarget({ returnTo }, '/result')).toBe('/result');
    }
  });
});
