import en from './en.json';
import fr from './fr.json';

type Tree = { [key: string]: string | Tree };

const keys = (tree: Tree, prefix = ''): string[] =>
  Object.entries(tree).flatMap(([key, value]) => (typeof value === 'string' ? [`${prefix}${key}`] : keys(value, `${prefix}${key}.`)));
const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((match) => match[1]).sort();
const valueAt = (tree: Tree, path: string) => path.split('.').reduce<string | Tree>((node, part) => (node as Tree)[part], tree) as string;

describe('Locales', () => {
  it('should have the same key tree in English and French', () => {
    expect(keys(fr as Tree).sort()).toEqual(keys(en as Tree).sort());
  });

  it('should leave no text empty and keep the same placeholders', () => {
    for (const key of keys(en as Tree)) {
      expect(valueAt(fr as Tree, key).trim()).not.toBe('');
      expect(placeholders(valueAt(fr as Tree, key))).toEqual(placeholders(valueAt(en as Tree, key)));
    }
  });

  it("should keep the spec's exact English texts", () => {
    expect(en.register.success).toBe(
      'Registration successful! Your institution account has been created and is pending approval. You will receive an email at {{email}} once your account is approved by the administrators. Please note that your account is currently inactive until approved.',
    );
    expect([en.login.submit, en.login.submitting, en.login.keepSignedIn, en.login.forgot]).toEqual([
      'Sign In',
      'Signing in...',
      'Keep me signed in on this device',
      'Forgot Password?',
    ]);
    expect([en.register.submit, en.register.submitting, en.register.signIn]).toEqual([
      'Create Institution Account',
      'Creating Account...',
      'Already registered? Sign in',
    ]);
    expect([en.reset.send, en.reset.verify, en.reset.resend, en.reset.submit, en.reset.success, en.reset.returnToLogin]).toEqual([
      'Send Reset Link',
      'Verify Code',
      'Resend Code',
      'Reset Password',
      'Password Reset Successfully',
      'Return to Login',
    ]);
    expect(en.reset.expiresIn).toBe('Code expires in: {{time}}');
    expect([en.adminLogin.email, en.adminLogin.submit, en.adminLogin.institutionLink]).toEqual([
      'Administrator Email',
      'Sign in as Administrator',
      'Go to Institution Login',
    ]);
    expect(en.app.tagline).toBe("Africa's Premium Credit Intelligence");
  });
});
