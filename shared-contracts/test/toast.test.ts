import { dismissToast, showToast, toast, toastsAtom, utsavStore, TOAST_DEFAULT_DURATION_MS } from '../src';

const toasts = () => utsavStore.get(toastsAtom);

describe('toast queue (spec §4, §9)', () => {
  beforeEach(() => {
    jest.useFakeTimers();
    toasts().forEach((t) => dismissToast(t.id));
  });
  afterEach(() => jest.useRealTimers());

  it('defaults to info, 4000 ms, bottom, with icon', () => {
    showToast('Hello');
    expect(toasts()).toEqual([
      expect.objectContaining({ message: 'Hello', type: 'info', duration: 4000, position: 'bottom', icon: true }),
    ]);
    expect(TOAST_DEFAULT_DURATION_MS).toBe(4000);
  });

  it('removes a toast after its duration, not before', () => {
    toast.success('Saved', { duration: 1500 });
    jest.advanceTimersByTime(1499);
    expect(toasts()).toHaveLength(1);
    jest.advanceTimersByTime(1);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps a toast with duration 0 until dismissed', () => {
    const id = toast.error('Stays', { duration: 0 });
    jest.advanceTimersByTime(60_000);
    expect(toasts().map((t) => t.message)).toEqual(['Stays']);
    dismissToast(id);
    expect(toasts()).toHaveLength(0);
  });

  it('keeps at most 5, dropping the oldest', () => {
    for (let i = 1; i <= 7; i += 1) toast.info(`m${i}`);
    expect(toasts().map((t) => t.message)).toEqual(['m3', 'm4', 'm5', 'm6', 'm7']);
  });

  it('a dropped toast does not remove a newer one when its timer would have fired', () => {
    for (let i = 1; i <= 6; i += 1) toast.info(`m${i}`, { duration: i === 1 ? 100 : 0 });
    jest.advanceTimersByTime(200);
    expect(toasts()).toHaveLength(5);
  });

  it('honours type, position and icon flag', () => {
    toast.warning('Careful', { position: 'top', icon: false });
    expect(toasts()[0]).toMatchObject({ type: 'warning', position: 'top', icon: false });
  });

  describe('with dedupe', () => {
    it('does not stack a copy of a toast of the same type and message still showing', () => {
      const first = toast.error('Failed to fetch services', { dedupe: true });
      expect(toast.error('Failed to fetch services', { dedupe: true })).toBe(first);
      toast.error('Service not found', { dedupe: true });
      toast.info('Failed to fetch services', { dedupe: true });
      expect(toasts().map((t) => [t.type, t.message])).toEqual([
        ['error', 'Failed to fetch services'],
        ['error', 'Service not found'],
        ['info', 'Failed to fetch services'],
      ]);
    });

    it('shows the message again once the first one is gone', () => {
      toast.error('Failed to fetch services', { dedupe: true, duration: 1000 });
      jest.advanceTimersByTime(1000);
      toast.error('Failed to fetch services', { dedupe: true });
      expect(toasts()).toHaveLength(1);
    });

    it('stacks copies without it, as before', () => {
      toast.error('Failed to fetch services');
      toast.error('Failed to fetch services');
      expect(toasts()).toHaveLength(2);
    });
  });
});
