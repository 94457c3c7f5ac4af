import { loadScript, resetLoadedScripts } from '../src/shared/load-script';

const scripts = () => Array.from(document.querySelectorAll('script'));

afterEach(() => {
  resetLoadedScripts();
  document.body.innerHTML = '';
});

describe('loadScript', () => {
  it('adds the script once and resolves when it has loaded', async () => {
    const first = loadScript('http://x/checkout.js');
    const second = loadScript('http://x/checkout.js');
    expect(second).toBe(first);
    expect(scripts()).toHaveLength(1);
    expect(scripts()[0]).toHaveAttribute('src', 'http://x/checkout.js');
    scripts()[0]!.dispatchEvent(new Event('load'));
    await expect(first).resolves.toBeUndefined();
  });

  it('rejects on error and tries again on the next call', async () => {
    const first = loadScript('http://x/a.js');
    scripts()[0]!.dispatchEvent(new Event('error'));
    await expect(first).rejects.toThrow('Could not load http://x/a.js');
    expect(scripts()).toHaveLength(0);
    const again = loadScript('http://x/a.js');
    expect(again).not.toBe(first);
    expect(scripts()).toHaveLength(1);
  });
});
