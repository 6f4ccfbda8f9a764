import { messageOf, positionOf } from './positionOf';
import { ruleForStatus } from './sessionRules';
import { pathAfterSignIn } from '../session/defaultPath';

describe('Status rules (spec §8)', () => {
  it('should end the session on a 401 unless on a sign-in page', () => {
    expect(ruleForStatus(401, 'Token expired', '/result')).toBe('endSession');
    expect(ruleForStatus(401, 'Invalid email or password', '/')).toBe('none');
    expect(ruleForStatus(401, null, '/admin/login')).toBe('none');
    expect(ruleForStatus(401, null, '/admin')).toBe('none');
  });

  it('should end the session on a 403 only when the account is inactive or deactivated', () => {
    expect(ruleForStatus(403, 'This institution account has been deactivated', '/result')).toBe('endSession');
    expect(ruleForStatus(403, 'Your institution account is inactive until approved', '/parameters')).toBe('endSession');
    expect(ruleForStatus(403, "Your access to this institution's account has been suspended. Please contact its owner.", '/result')).toBe(
      'endSession',
    );
    expect(ruleForStatus(403, 'Admin access required', '/admin/users')).toBe('none');
    for (const status of [404, 422, 429, 500]) expect(ruleForStatus(status, 'x', '/result')).toBe('none');
  });
});

describe('Command positions', () => {
  it('should read position at the top of the envelope or under data', () => {
    expect(positionOf({ success: true, message: 'ok', position: 42 })).toBe(42);
    expect(positionOf({ success: true, message: 'ok', data: { position: 7 } })).toBe(7);
    expect(positionOf({ success: true, message: 'ok', data: [] })).toBeNull();
    expect(positionOf(null)).toBeNull();
  });

  it("should take the server's message from an error answer", () => {
    expect(messageOf({ status: 403, data: { success: false, message: 'inactive' } })).toBe('inactive');
    expect(messageOf({ status: 'CUSTOM_ERROR', error: 'Token expired' })).toBe('Token expired');
    expect(messageOf({ status: 500, data: '' })).toBeNull();
  });
});

describe('After sign-in', () => {
  it('should return to the remembered path, else to the role default', () => {
    expect(pathAfterSignIn('institution', '/result')).toBe('/result');
    expect(pathAfterSignIn('institution', undefined)).toBe('/workspace-dashboard');
    expect(pathAfterSignIn('admin', '/')).toBe('/admin/dashboard');
    expect(pathAfterSignIn('admin', '//evil.example')).toBe('/admin/dashboard');
  });
});
