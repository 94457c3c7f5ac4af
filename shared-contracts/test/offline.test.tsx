import { act, renderHook } from '@testing-library/react';
import { forgetSavedAnswers, saveAnswer, savedAnswer, useOnline } from '../src';

const asNames = (data: unknown): string[] => {
  if (!Array.isArray(data) || !data.every((item) => typeof item === 'string')) throw new Error('not names');
  return data as string[];
};

beforeEach(() => localStorage.clear());

describe('saved answers (issue 20: what the app shows offline)', () => {
  it('keeps the last answer per user with when it was saved, checked on the way out', () => {
    saveAnswer('u1', 'bookings', ['a', 'b'], new Date('2026-11-24T10:12:00.000Z'));
    saveAnswer('u1', 'bookings', ['c'], new Date('2026-11-25T08:00:00.000Z'));
    expect(savedAnswer('u1', 'bookings', asNames)).toEqual({ data: ['c'], savedAt: '2026-11-25T08:00:00.000Z' });
    expect(savedAnswer('u2', 'bookings', asNames)).toBeUndefined();
    expect(savedAnswer('u1', 'profile', asNames)).toBeUndefined();
  });

  it('a copy that no longer passes its check, or is not one, is no copy', () => {
    saveAnswer('u1', 'bookings', [1, 2]);
    expect(savedAnswer('u1', 'bookings', asNames)).toBeUndefined();
    localStorage.setItem('utsav.saved:u1:bookings', '{not json');
    expect(savedAnswer('u1', 'bookings', asNames)).toBeUndefined();
    localStorage.setItem('utsav.saved:u1:bookings', JSON.stringify({ data: ['a'], savedAt: 'yesterday' }));
    expect(savedAnswer('u1', 'bookings', asNames)).toBeUndefined();
  });

  it("forgets everyone's copies, or all but the signed-in user's, and nothing else of the app's", () => {
    localStorage.setItem('utsav.other', 'kept');
    saveAnswer('u1', 'bookings', ['a']);
    saveAnswer('u1', 'profile', ['p']);
    saveAnswer('u2', 'bookings', ['b']);
    forgetSavedAnswers('u1');
    expect(savedAnswer('u1', 'bookings', asNames)?.data).toEqual(['a']);
    expect(savedAnswer('u1', 'profile', asNames)?.data).toEqual(['p']);
    expect(savedAnswer('u2', 'bookings', asNames)).toBeUndefined();
    forgetSavedAnswers();
    expect(savedAnswer('u1', 'bookings', asNames)).toBeUndefined();
    expect(localStorage.getItem('utsav.other')).toBe('kept');
  });

  it('a full or refused storage keeps nothing and breaks nothing', () => {
    const setItem = jest.spyOn(Storage.prototype, 'setItem').mockImplementation(() => {
      throw new DOMException('full', 'QuotaExceededError');
    });
    expect(() => saveAnswer('u1', 'bookings', ['a'])).not.toThrow();
    expect(savedAnswer('u1', 'bookings', asNames)).toBeUndefined();
    setItem.mockRestore();
  });
});

describe('useOnline', () => {
  const onLine = jest.spyOn(window.navigator, 'onLine', 'get');

  it("follows the browser's online and offline events", () => {
    onLine.mockReturnValue(true);
    const { result } = renderHook(() => useOnline());
    expect(result.current).toBe(true);
    onLine.mockReturnValue(false);
    act(() => {
      window.dispatchEvent(new Event('offline'));
    });
    expect(result.current).toBe(false);
    onLine.mockReturnValue(true);
    act(() => {
      window.dispatchEvent(new Event('online'));
    });
    expect(result.current).toBe(true);
  });
});
