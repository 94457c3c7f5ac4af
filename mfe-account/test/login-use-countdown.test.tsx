import { act, renderHook } from '@testing-library/react';
import { useCountdown } from '../src/features/login/use-countdown';

beforeEach(() => jest.useFakeTimers());
afterEach(() => jest.useRealTimers());

describe('useCountdown', () => {
  it('is idle until restarted', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => jest.advanceTimersByTime(5000));
    expect(result.current.secondsLeft).toBe(0);
  });

  it('counts down a second at a time and stops at 0', () => {
    const { result } = renderHook(() => useCountdown(3));
    act(() => result.current.restart());
    expect(result.current.secondsLeft).toBe(3);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(2);
    act(() => jest.advanceTimersByTime(2000));
    expect(result.current.secondsLeft).toBe(0);
    expect(jest.getTimerCount()).toBe(0);
  });

  it('starts again from the full count', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.restart());
    act(() => jest.advanceTimersByTime(45_000));
    expect(result.current.secondsLeft).toBe(15);
    act(() => result.current.restart());
    expect(result.current.secondsLeft).toBe(60);
    act(() => jest.advanceTimersByTime(1000));
    expect(result.current.secondsLeft).toBe(59);
  });

  it('catches up after timers were held back, as in a background tab', () => {
    const { result } = renderHook(() => useCountdown(60));
    act(() => result.current.restart());
    // the clock moves 30 s while no timer fires, then one tick arrives
    act(() => {
      jest.setSystemTime(Date.now() + 30_000);
      jest.advanceTimersByTime(1000);
    });
    expect(result.current.secondsLeft).toBe(29);
  });

  it('leaves no timer behind when unmounted', () => {
    const { result, unmount } = renderHook(() => useCountdown(60));
    act(() => result.current.restart());
    unmount();
    expect(jest.getTimerCount()).toBe(0);
  });
});
