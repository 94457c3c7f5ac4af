import { act, renderHook } from '@testing-library/react';
import { useChange } from '../src';
import { deferred } from '../src/ui/testing';

describe('useChange', () => {
  it('is pending while the change runs, and a second tap meanwhile does nothing', async () => {
    const answer = deferred<string>();
    const action = jest.fn((_id: string) => answer.promise);
    const { result } = renderHook(() => useChange(action));
    let first!: Promise<unknown>;
    act(() => {
      first = result.current.run('b1');
    });
    expect(result.current.pending).toBe(true);
    let second: unknown;
    await act(async () => {
      second = await result.current.run('b1');
    });
    expect(second).toEqual({ ok: false, busy: true });
    expect(action).toHaveBeenCalledTimes(1);
    await act(async () => answer.resolve('done'));
    await expect(first).resolves.toEqual({ ok: true, value: 'done' });
    expect(result.current).toMatchObject({ pending: false, error: null });
  });

  it('keeps a failure until the next change or reset; retry runs the last change again with what it was given', async () => {
    const refused = new Error('refused');
    const action = jest.fn((_id: string) => Promise.resolve('again')).mockRejectedValueOnce(refused);
    const { result } = renderHook(() => useChange(action));
    let outcome: unknown;
    await act(async () => {
      outcome = await result.current.run('b1');
    });
    expect(outcome).toEqual({ ok: false, error: refused });
    expect(result.current.error).toBe(refused);
    await act(async () => {
      outcome = await result.current.retry();
    });
    expect(action).toHaveBeenLastCalledWith('b1');
    expect(outcome).toEqual({ ok: true, value: 'again' });
    expect(result.current.error).toBeNull();
    action.mockRejectedValueOnce(refused);
    await act(async () => void (await result.current.run('b2')));
    expect(result.current.error).toBe(refused);
    act(() => result.current.reset());
    expect(result.current.error).toBeNull();
  });
});
