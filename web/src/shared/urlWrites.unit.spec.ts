import { createUrlWrites, type ShownLocation } from './urlWrites';

describe('urlWrites', () => {
  const at = (search: string): ShownLocation => ({ pathname: '/result', search });

  it('should build on the location shown when nothing was written', () => {
    const writes = createUrlWrites();
    writes.shown(at('?q=a'));
    expect(writes.latest(at('?q=a')).toString()).toBe('q=a');
  });

  it('should build on the last write until a render shows it, then on the location shown', () => {
    const writes = createUrlWrites();
    const first = at('');
    writes.shown(first);
    writes.wrote('/result', new URLSearchParams('size=20'));
    expect(writes.latest(first).toString()).toBe('size=20');
    writes.shown(at('?size=20'));
    expect(writes.latest(first).toString()).toBe('size=20');
    writes.shown(at('?size=20&sort=credit_limit')); // written elsewhere (a link): what is shown wins
    expect(writes.latest(first).toString()).toBe('size=20&sort=credit_limit');
  });

  it('should keep the last write while an earlier one commits (page 2, then Rows per page, then a sort)', () => {
    const writes = createUrlWrites();
    const first = at('');
    writes.shown(first);
    writes.wrote('/result', new URLSearchParams('page=2')); // Next page
    writes.wrote('/result', new URLSearchParams('size=20')); // Rows per page, before page 2 rendered
    writes.shown(at('?page=2')); // page 2's transition commits on its own
    expect(writes.latest(first).toString()).toBe('size=20'); // the sort builds on the page size
    writes.shown(at('?size=20'));
    expect(writes.latest(first).toString()).toBe('size=20');
  });

  it('should count a location once however many lists render it', () => {
    const writes = createUrlWrites();
    const second = at('?page=2');
    writes.shown(at(''));
    writes.wrote('/result', new URLSearchParams('page=2'));
    writes.shown(second);
    writes.wrote('/result', new URLSearchParams('size=20'));
    writes.shown(second); // another list's layout effect for the same commit
    expect(writes.latest(second).toString()).toBe('size=20');
  });

  it('should drop every write when a location it did not write is shown (Back, a new visit)', () => {
    const writes = createUrlWrites();
    writes.shown(at(''));
    writes.wrote('/result', new URLSearchParams('q=a'));
    writes.shown({ pathname: '/dashboard', search: '?q=a' }); // same search, another page
    expect(writes.latest(at('')).toString()).toBe('q=a');
    writes.shown(at('?status=active'));
    expect(writes.latest(at('')).toString()).toBe('status=active');
  });
});
