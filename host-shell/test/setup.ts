import '@testing-library/jest-dom';

// The shell reads the cart count from the API and connects the live stream when its layout appears;
// tests see the calls, not the network.
jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  refreshCartCount: jest.fn(async () => undefined),
  useLiveConnection: jest.fn(),
}));
