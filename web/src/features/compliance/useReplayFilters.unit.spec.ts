import { againstChoiceOf } from './useReplayFilters';

describe('againstChoiceOf', () => {
  it('reads upload and now as choices, anything else as a moment', () => {
    expect(againstChoiceOf('upload')).toEqual({ choice: 'upload', moment: '' });
    expect(againstChoiceOf('now')).toEqual({ choice: 'now', moment: '' });
    expect(againstChoiceOf('120')).toEqual({ choice: 'moment', moment: '120' });
    expect(againstChoiceOf('2026-01-02T03:04:05.000Z')).toEqual({ choice: 'moment', moment: '2026-01-02T03:04:05.000Z' });
  });
});
