import '@testing-library/jest-dom';

// The shell reads the cart count from the API when its layout appears; tests see the call, not the network.
jest.mock('@utsav/contracts', () => ({
  ...jest.requireActual('@utsav/contracts'),
  refreshCartCount: jest.fn(async () => undefined),
}));
