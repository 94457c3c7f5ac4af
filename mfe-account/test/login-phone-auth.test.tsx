import { signInWithPhoneNumber, type ApplicationVerifier, type Auth, type ConfirmationResult } from 'firebase/auth';
import { confirmCode, NO_CODE_SENT_MESSAGE, NoCodeSentError, requestCode } from '../src/features/login/phone-auth';

jest.mock('firebase/auth', () => ({ ...jest.requireActual('firebase/auth'), signInWithPhoneNumber: jest.fn() }));

const auth = { name: 'test-auth' } as unknown as Auth;
const verifier = { type: 'recaptcha' } as unknown as ApplicationVerifier;

describe('requestCode', () => {
  it('sends the code to +91 followed by the digits, with the verifier', async () => {
    const confirmation = { verificationId: 'v1' } as ConfirmationResult;
    jest.mocked(signInWithPhoneNumber).mockResolvedValue(confirmation);
    await expect(requestCode(auth, '9876543210', verifier)).resolves.toBe(confirmation);
    expect(signInWithPhoneNumber).toHaveBeenCalledWith(auth, '+919876543210', verifier);
  });
});

describe('confirmCode', () => {
  it('fails with the spec message when no code was sent yet', async () => {
    await expect(confirmCode(null, '123456')).rejects.toThrow(NO_CODE_SENT_MESSAGE);
    await expect(confirmCode(null, '123456')).rejects.toBeInstanceOf(NoCodeSentError);
    expect(NO_CODE_SENT_MESSAGE).toBe('No OTP has been sent yet. Please request OTP first.');
  });

  it('confirms the code against the last request', async () => {
    const credential = { user: { uid: 'u1' } };
    const confirm = jest.fn().mockResolvedValue(credential);
    const confirmation = { verificationId: 'v1', confirm } as unknown as ConfirmationResult;
    await expect(confirmCode(confirmation, '123456')).resolves.toBe(credential);
    expect(confirm).toHaveBeenCalledWith('123456');
  });

  it('lets verification errors through', async () => {
    const failure = Object.assign(new Error('bad'), { code: 'auth/invalid-verification-code' });
    const confirmation = { confirm: jest.fn().mockRejectedValue(failure) } as unknown as ConfirmationResult;
    await expect(confirmCode(confirmation, '000000')).rejects.toBe(failure);
  });
});
