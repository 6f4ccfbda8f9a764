import { extractRequest } from './extractRequest';

describe('extractRequest', () => {
  it('asks for one stream, its id escaped, as a file named after it', () => {
    expect(extractRequest({ scope: 'stream', stream: ' institution-4 ', from: '', to: '' })).toEqual({
      path: '/admin/compliance/extract?stream=institution-4',
      filename: 'log-extract-stream-institution-4.jsonl',
    });
    expect(extractRequest({ scope: 'stream', stream: 'a b/c', from: '', to: '' })).toMatchObject({
      path: '/admin/compliance/extract?stream=a%20b%2Fc',
    });
  });

  it('asks for a range of positions, either end optional', () => {
    expect(extractRequest({ scope: 'range', stream: '', from: '3', to: '9' })).toEqual({
      path: '/admin/compliance/extract?from=3&to=9',
      filename: 'log-extract-3-9.jsonl',
    });
    expect(extractRequest({ scope: 'range', stream: '', from: '', to: '9' })).toMatchObject({ path: '/admin/compliance/extract?to=9' });
  });

  it('names what is wrong: no stream, no range, not a position, ends out of order', () => {
    expect(extractRequest({ scope: 'stream', stream: ' ', from: '', to: '' })).toEqual({ error: 'streamRequired' });
    expect(extractRequest({ scope: 'range', stream: '', from: '', to: '' })).toEqual({ error: 'rangeRequired' });
    expect(extractRequest({ scope: 'range', stream: '', from: '0', to: '' })).toEqual({ error: 'positionInvalid' });
    expect(extractRequest({ scope: 'range', stream: '', from: '9', to: '3' })).toEqual({ error: 'rangeOrder' });
  });
});
