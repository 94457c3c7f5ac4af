import { routesOf } from '@utsav/contracts';
import federation from '../federation.config.json';

describe('provider remote', () => {
  it('exposes exactly the pages the route table assigns to it', () => {
    const expected = routesOf('provider').map((route) => route.module.slice(2));
    expect([...federation.pages].sort()).toEqual([...new Set(expected)].sort());
  });
});
